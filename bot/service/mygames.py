"""`/games`: every game a person is seated in (their current tenure), whose turn it is, the time
left on their clock (their absences not counted, as everywhere), and where to jump to."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.db.models import Game
from bot.results import SeatInfo
from bot.service import queries as q
from bot.service.clock_plans import ClockPlans
from bot.service.core import Core
from bot.service.describe import describe_game
from bot.service.loader import title_of
from bot.service.queries import people as qp

#: A person is listed in at most this many games (the newest first beyond it).
MAX_LISTED = 50


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A Discord link to a channel, or to one message in it."""
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{base}/{message_id}" if message_id else base


@dataclass(frozen=True)
class MyGame:
    game_id: int
    title_name: str
    guild_id: int | None
    channel_id: int
    #: lobby or running
    status: str
    #: The person's seat ("Seat 2", or the title's name for it); None in a lobby.
    seat_label: str | None
    my_turn: bool
    #: Whom the game waits for (the person included when it is their turn).
    waiting: list[SeatInfo] = field(default_factory=list)
    #: Seconds left on the person's clock (None: the game has no pace).
    time_left: float | None = None
    #: Is their clock running right now?
    clock_running: bool = False
    turn_message_id: int | None = None
    paused: bool = False

    @property
    def channel_url(self) -> str:
        return jump_url(self.guild_id, self.channel_id)

    @property
    def turn_url(self) -> str | None:
        if self.turn_message_id is None:
            return None
        return jump_url(self.guild_id, self.channel_id, self.turn_message_id)


class MyGames:
    def __init__(self, core: Core, plans: ClockPlans) -> None:
        self.core = core
        self.plans = plans

    def _turn_message(self, game: Game) -> int | None:
        """The game's current turn message, also when its post is not marked in the table yet."""
        posted = self.core.unmarked.get(game.id)
        return posted[1] if posted is not None and posted[1] else game.turn_message_id

    async def my_games(self, user_id: int, guild_id: int | None) -> list[MyGame]:
        """The lobbies and running games `user_id` holds a seat in, on the server `guild_id`
        (everywhere when None), oldest first."""
        out: list[MyGame] = []
        async with self.core.readers() as s:
            games = await qp.seated_games(s, user_id, guild_id, MAX_LISTED)
            clocks = await qp.clocks_of(s, [g.id for g in games])
            for game in games:
                seats = await q.holders(s, game.id)
                state = None
                if game.status == "running":
                    state = (await self.core.state(s, game, title_of(game))).state
                info = describe_game(game, seats, state)
                mine = info.seat_of(user_id)
                clock = clocks.get((game.id, mine.seat_no)) if mine is not None else None
                out.append(
                    MyGame(
                        game_id=game.id,
                        title_name=info.title_name,
                        guild_id=game.guild_id,
                        channel_id=game.channel_id,
                        status=game.status,
                        seat_label=mine.label if mine is not None and state is not None else None,
                        my_turn=any(w.user_id == user_id and not w.is_bot for w in info.waiting),
                        waiting=list(info.waiting),
                        time_left=(
                            max(0.0, await self.plans.left(s, game, clock, user_id))
                            if game.pace and clock is not None
                            else None
                        ),
                        clock_running=clock is not None
                        and clock.running_since is not None
                        and game.paused_at is None,
                        turn_message_id=self._turn_message(game),
                        paused=game.paused_at is not None,
                    )
                )
        return out
