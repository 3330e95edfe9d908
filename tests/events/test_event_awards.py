"""The winner role: stored with the event, first place (ties on points all win), and the
bot's checks of whether it may give the role (permissions, role positions)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.discord.event_awards import new_event_warning, role_problem
from bot.events.standings import Standing
from bot.service.events import winners_of
from tests.events.test_event_service import new_event


async def test_the_winner_role_is_stored_with_the_event(service):
    event_id = await new_event(service, winner_role_id=777)
    assert (await service.event_info(event_id)).winner_role_id == 777
    assert (await service.event_info(await new_event(service))).winner_role_id is None


def test_winners_are_everyone_tied_on_points_at_the_top():
    assert winners_of([]) == []
    assert winners_of([Standing(1), Standing(2)]) == []  # nobody has played
    rows = [Standing(1, 4, 9, games=2), Standing(2, 4, 7, games=2), Standing(3, 2, games=2)]
    assert winners_of(rows) == [1, 2]
    assert winners_of([Standing(5, 6, games=3), *rows]) == [5]
    # a groups event: first place of each group
    assert winners_of([Standing(5, 6, games=3), *rows], ((2, 5), (1,))) == [5, 1]


class Role:
    def __init__(self, position: int, managed: bool = False) -> None:
        self.position, self.managed, self.mention = position, managed, f"<@&{position}>"

    def is_default(self) -> bool:
        return self.position == 0

    def __ge__(self, other: Any) -> bool:
        return self.position >= other.position


def guild(manage_roles: bool, top: int) -> Any:
    perms = SimpleNamespace(manage_roles=manage_roles)
    me = SimpleNamespace(guild_permissions=perms, top_role=Role(top))
    return SimpleNamespace(me=me)


def test_the_bot_may_give_a_role_below_its_own_with_manage_roles():
    assert role_problem(guild(True, 5), Role(3)) is None  # type: ignore[arg-type]
    assert new_event_warning(guild(True, 5), Role(3)) is None  # type: ignore[arg-type]
    assert "Manage Roles" in (role_problem(guild(False, 5), Role(3)) or "")  # type: ignore[arg-type]
    assert "not below my highest role" in (role_problem(guild(True, 5), Role(5)) or "")  # type: ignore[arg-type]
    assert "managed" in (role_problem(guild(True, 5), Role(2, managed=True)) or "")  # type: ignore[arg-type]
    warning = new_event_warning(guild(False, 5), Role(3))  # type: ignore[arg-type]
    assert warning is not None and "The event is open" in warning and "Manage Roles" in warning
