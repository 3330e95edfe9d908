"""Playing: a person's choice (a draft step, or a complete move committed with everything that
follows it), the menu a person stands at, and undo."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot.db.models import Game, Seat
from bot.errors import ServiceError, StaleError
from bot.results import GameInfo, Outcome, SeatInfo, Step
from bot.service import queries as q
from bot.service.core import Core
from bot.service.decision import Decision, Move
from bot.service.describe import describe_game
from bot.service.drafts import Position, fingerprint
from bot.service.loader import Loaded, prompts_of, replay_before, title_of
from engine.core import Choice, Prompt, Title, next_draft, sealed

STALE = "That button belongs to an earlier turn. Use the newest message (or `/play`)."
STALE_MENU = "That menu is out of date, so I did nothing. Here is your menu as it is now."
PICK_AGAIN = (
    "The game moved on since you picked this, so I did nothing. Pick again from the list "
    "`/play` shows now."
)


class MenuMoved(ServiceError):
    """A press on a private menu that no longer matches the presser's position: the caller
    shows `step` (the current menu) with the message."""

    def __init__(self, message: str, step: Step) -> None:
        super().__init__(message)
        self.step = step


@dataclass(frozen=True)
class Pressed:
    """What a person sent: a choice id (or its `index` in the menu), with where it came from
    (see `Play.act_in_game`)."""

    choice_id: str
    version: int | None
    menu: str | None
    seen: int | None
    index: int | None = None


@dataclass
class Checked:
    """A person's choice checked against the game at `version`."""

    version: int
    title: Title
    seat: Seat
    here: Position
    choice: Choice | None  # None: not on the menu, a complete move for the rules to judge
    choice_id: str

    def is_step(self) -> bool:
        return self.choice is not None and self.choice.step

    def holds(self, game: Game | None, seats: list[Seat]) -> bool:
        """Still true of these fresh rows: the same version, the seat still this person's."""
        if game is None or game.status != "running" or game.version != self.version:
            return False
        mine = self.seat
        return any(
            x.seat_no == mine.seat_no and x.user_id == mine.user_id and not x.is_bot for x in seats
        )


class Play:
    def __init__(self, core: Core, decision: Decision) -> None:
        self.core = core
        self.decision = decision

    async def act(
        self,
        channel_id: int,
        user_id: int,
        choice_id: str,
        version: int | None = None,
        *,
        seen: int | None = None,
    ) -> Outcome | Step:
        """A person's choice typed or picked in this channel (`version`: from a button;
        `seen`: picked from `/play`'s list, which showed the menu at that version)."""
        game_id = await self.core.game_id(channel_id)
        return await self.act_in_game(game_id, user_id, choice_id, version, seen=seen)

    async def act_in_game(
        self,
        game_id: int,
        user_id: int,
        choice_id: str,
        version: int | None = None,
        *,
        menu: str | None = None,
        seen: int | None = None,
        index: int | None = None,
    ) -> Outcome | Step:
        """A choice from the public turn message (`version` set: it starts from the seat's
        top-level menu), from a private menu (`menu`: the fingerprint of the menu it was on),
        or typed (neither: the seat's current menu, and any complete move the rules accept).
        `index`: the choice is the menu's choice at that index (a button whose choice id is too
        long for its custom id), found on the menu read here (`choice_id` is then unused).
        `seen`: it was picked from `/play`'s list, offered at that version. At a later one it is
        refused when the seat has moved since (the same `/play` sent twice plays once), else
        played like a typed choice still on the seat's menu (others deciding meanwhile in a
        simultaneous decision do not spoil it).
        A step returns the next menu (nothing is stored but the draft); a complete move is
        committed in one transaction with every automatic move after it."""
        async with self.core.lock(game_id):
            game, seats, loaded, _ = await self.core.row_and_state(game_id)
            pressed = Pressed(choice_id, version, menu, seen, index)
            try:
                checked = self._check(game, seats, loaded, user_id, pressed)
            except ServiceError:
                checked = None  # refused on what this process knew: decide on a fresh read
            if checked is not None and checked.is_step():
                assert game is not None and loaded is not None  # (`_check` made sure)
                return self._step(game, loaded, seats, checked)
            return await self._commit(game_id, user_id, pressed, checked)

    async def _commit(
        self, game_id: int, user_id: int, pressed: Pressed, checked: Checked | None
    ) -> Outcome | Step:
        """A complete move (or a refusal), decided on the game as read inside the write
        transaction. What was checked on cached rows stands when the game is still at the
        version it was checked at and the seat is still the person's; else it is checked
        again on the fresh rows."""
        async with self.core.tx(game_id) as s:
            game, seats = await q.game_and_holders(s, game_id)
            loaded = None
            if game is not None and game.status == "running":
                loaded = await self.core.state(s, game, title_of(game))
            if checked is None or not checked.holds(game, seats):
                moved = await _moved_since(s, game, seats, user_id, pressed.seen)
                checked = self._check(game, seats, loaded, user_id, pressed, moved)
            assert game is not None and loaded is not None
            if checked.is_step():  # (the game moved on: the choice is a step now)
                return self._step(game, loaded, seats, checked)
            holders = list(seats)
            move = Move(checked.seat.seat_no, checked.choice_id, user_id)
            outcome = await self.decision.decide(s, game, checked.title, loaded, seats, move)
        if game.status == "running" and all(map(operator.is_, holders, seats)):
            # The commit holds the row as stored (its version, its turn message): the next
            # menu needs no read. (Not when a seat changed hands in it.)
            self.core.rows.put(self.core.rows.generation(), game, seats)
        choice = checked.choice
        outcome.chosen = choice.label if choice is not None else checked.choice_id
        outcome.secret = checked.here.prompt.secret
        return outcome

    def _check(
        self,
        game: Game | None,
        seats: list[Seat],
        loaded: Loaded | None,
        user_id: int,
        pressed: Pressed,
        moved: bool | None = None,
    ) -> Checked:
        """Where the person's choice leads on these rows: a step, or a complete move (with
        the choice it is, or None: an id for the rules to judge); else the refusal.
        `moved`: whether the seat moved after version `seen` (None: not known, so a choice
        picked at an earlier version is refused here and decided in the transaction)."""
        title, seat = _playing(game, seats, loaded, user_id)
        assert game is not None and loaded is not None
        choice_id, version, menu, seen = (
            pressed.choice_id,
            pressed.version,
            pressed.menu,
            pressed.seen,
        )
        if version is not None and version != game.version:
            raise StaleError(STALE)
        late = seen is not None and seen != game.version
        if late and moved is not False:
            raise StaleError(PICK_AGAIN)
        prompts = prompts_of(title, loaded)
        here = self.core.drafts.position(
            title, loaded.state, game.id, seat.seat_no, prompts, game.version
        )
        if here is None:
            raise ServiceError(self._not_your_turn(game, title, loaded.state, seats))
        if version is not None:  # the public message shows the top-level menu
            here = Position(here.top, (), here.top)
        elif menu is not None and menu != fingerprint(here.prompt):
            info = describe_game(game, seats, loaded.state, prompts=prompts)
            step = Step(info, seat.seat_no, here.prompt, reset=here.reset)
            raise MenuMoved(STALE_MENU, step)
        if pressed.index is not None:
            choices = here.prompt.choices
            if pressed.index >= len(choices):  # (the menu it was on had more)
                raise StaleError(STALE)
            choice_id = choices[pressed.index].id
        typed = menu is None and version is None
        if typed:
            choice_id = find_choice(here.prompt.choices, choice_id)
        choice = here.prompt.find(choice_id)
        if choice is None and typed and here.steps:
            # Typed, and not on the current menu: a step of the top-level menu starts over
            # from there; anything else goes to the rules as a complete move.
            found = here.top.find(choice_id)
            if found is not None and found.step:
                choice, here = found, Position(here.top, (), here.top)
        if choice is None and (menu is not None or version is not None):
            raise StaleError(STALE)
        if choice is None and late:  # picked from a list that no longer offers it
            raise StaleError(PICK_AGAIN)
        return Checked(game.version, title, seat, here, choice, choice_id)

    def _step(self, game: Game, loaded: Loaded, seats: list[Seat], checked: Checked) -> Step:
        title, seat, here, choice = checked.title, checked.seat, checked.here, checked.choice
        assert choice is not None
        steps = next_draft(here.steps, choice)
        try:
            prompt = title.choices(loaded.state, seat.seat_no, steps)
        except Exception as exc:  # a listed step must lead somewhere: a title bug
            raise ServiceError(f"That menu is not available now ({exc}).") from None
        if prompt is None:
            raise ServiceError("You have nothing to decide right now.")
        self.core.drafts.set(game.id, seat.seat_no, here.top, steps, prompt, game.version)
        info = describe_game(game, seats, loaded.state, prompts=prompts_of(title, loaded))
        return Step(info, seat.seat_no, prompt)

    def _not_your_turn(self, game: Game, title: Title, state: Any, seats: list[Seat]) -> str:
        names = []
        by_seat = {x.seat_no: x for x in seats}
        for p in title.prompts(state):
            holder = by_seat.get(p.seat)
            label = title.seat_label(state, p.seat)
            if holder is None:
                names.append(SeatInfo(p.seat, None, True, label).mention)
            else:
                names.append(SeatInfo(p.seat, holder.user_id, holder.is_bot, label).mention)
        return f"It's not your turn. Waiting for {', '.join(names) or 'nobody'}."

    async def prompt_for(self, channel_id: int, user_id: int) -> tuple[GameInfo, Prompt | None]:
        """The menu waiting for this user (for autocomplete and private menus)."""
        game_id = await self.core.game_id(channel_id)
        return await self.prompt_in_game(game_id, user_id)

    async def prompt_in_game(
        self, game_id: int, user_id: int, *, top: bool = False
    ) -> tuple[GameInfo, Prompt | None]:
        """The user's menu where their draft stands (their top-level menu without one, or
        with `top`: the menu the public turn message shows)."""
        game, seats, loaded, _ = await self.core.row_and_state(game_id)
        if game is None:
            raise ServiceError("That game doesn't exist any more.")
        if game.status != "running" or loaded is None:
            return describe_game(game, seats, None), None
        title = title_of(game)
        prompts = prompts_of(title, loaded)
        info = describe_game(game, seats, loaded.state, prompts=prompts)
        mine = info.seat_of(user_id)
        if mine is None:
            return info, None
        here = self.core.drafts.position(
            title, loaded.state, game_id, mine.seat_no, prompts, game.version
        )
        if here is None:
            return info, None
        return info, (here.top if top else here.prompt)

    # ------------------------------------------------------------------ undo
    async def undo(self, channel_id: int, user_id: int) -> Outcome:
        """Take back your own last move, if it is still your turn and nothing was drawn or
        revealed since; anything further back is a moderator's rollback."""
        game_id = await self.core.game_id(channel_id)
        async with self.core.lock(game_id), self.core.tx(game_id) as s:
            game = await s.get(Game, game_id)
            assert game is not None
            if game.status != "running":
                raise ServiceError("There is nothing to undo: the game is not running.")
            seats = await q.holders(s, game.id)
            seat = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
            if seat is None:
                raise ServiceError("You're not playing in this game.")
            last = await q.last_live_actions(s, game.id, 1)
            # (asked first, and even of a move logged as undoable: a game logged before sealed
            # moves were final may hold one)
            sealed_as = await _sealed_and_hidden(s, game, title_of(game), seat.seat_no)
            if sealed_as is not None:
                raise ServiceError(f"Your {sealed_as} is confirmed: it can't be taken back.")
            if not last or last[0].seat_no != seat.seat_no:
                raise ServiceError("The last move in this game isn't yours, so you can't undo it.")
            if not last[0].undoable:
                raise ServiceError(
                    "That move can't be taken back: it drew or revealed something, or passed the "
                    "turn. A moderator can roll back with `/admin rollback`."
                )
            name = "🤖" if seat.is_bot else f"<@{seat.user_id}>"
            outcome = await self.decision.take_back(
                s, game, seats, last, f"{name} takes back a move."
            )
            await self.core.audit(s, game, user_id, "undo", last[0].choice_id)
            return outcome


async def _sealed_and_hidden(s: AsyncSession, game: Game, title: Title, seat_no: int) -> str | None:
    """What the seat's latest move is called ("plan") if it is its part of a simultaneous
    secret decision (`sealed`) not revealed yet, else None. Its undo is then refused as final,
    whoever moved since (they only confirmed their own parts: nothing is drawn or revealed
    before the decision is complete)."""
    mine = await q.last_live_action_of(s, game.id, seat_no)
    if mine is None:
        return None
    since = [mine, *await q.live_actions_after(s, game.id, mine.seq)]
    if any(e.get("barrier") for a in since for e in a.events):
        return None
    before = await replay_before(s, game, title, mine.seq)
    if not sealed(title.prompts(before), seat_no):
        return None
    return title.secret_decision(before, seat_no)


async def _moved_since(
    s: AsyncSession, game: Game | None, seats: list[Seat], user_id: int, seen: int | None
) -> bool | None:
    """Whether the person's seat moved after version `seen` (None: no need to know)."""
    if seen is None or game is None or seen == game.version:
        return None
    seat = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
    if seat is None:
        return None
    return await q.seat_acted_since(s, game.id, seat.seat_no, seen)


def _playing(
    game: Game | None, seats: list[Seat], loaded: Loaded | None, user_id: int
) -> tuple[Title, Seat]:
    """The running game's title and the user's seat in it, or the refusal."""
    if game is None or game.status != "running" or loaded is None:
        raise ServiceError(_not_running(game))
    seat = next((x for x in seats if x.user_id == user_id and not x.is_bot), None)
    if seat is None:
        raise ServiceError("You're not playing in this game.")
    return title_of(game), seat


def _not_running(game: Game | None) -> str:
    if game is not None and game.status == "lobby":
        return "The game here has not started yet: press Start on the lobby message."
    return "That game is over; no more moves can be made."


def find_choice(choices: Sequence[Choice], typed: str) -> str:
    """What `/play choice:` means when the user typed instead of picking: an id, or a label
    (case-insensitive, exact). Unknown text is passed through for the engine to refuse."""
    text = typed.strip()
    for c in choices:
        if c.id == text:
            return c.id
    low = text.lower()
    for c in choices:
        if c.label.lower() == low:
            return c.id
    hits = [c for c in choices if low and low in c.label.lower()]
    return hits[0].id if len(hits) == 1 else text
