"""A game's summary for messages (`GameInfo`), from its row, its seats and its state, and its
stored result."""

from __future__ import annotations

from typing import Any

from bot import catalog, logs
from bot.db.models import Game, Seat
from bot.results import GameInfo, SeatInfo
from engine.core import Prompt, Result


def describe_game(
    game: Game,
    seats: list[Seat],
    state: Any | None,
    former: dict[int, int] | None = None,
    prompts: list[Prompt] | None = None,
) -> GameInfo:
    """What messages show of a game (`prompts`: the state's, when the caller has them; else
    they are built here)."""
    title = catalog.title(game.title)
    name = title.name if title else game.title
    logs.FACTS.note(game.id, game.guild_id, game.channel_id, game.version)

    def label(n: int) -> str:
        if title is not None and state is not None:
            return title.seat_label(state, n)
        return f"Seat {n + 1}"

    former = former or {}
    holders = [
        SeatInfo(
            x.seat_no,
            x.user_id,
            x.is_bot,
            label(x.seat_no),
            former.get(x.seat_no) if x.is_bot else None,
        )
        for x in seats
    ]
    waiting: list[SeatInfo] = []
    status_line = ""
    if state is not None and title is not None and game.status == "running":
        by_seat = {h.seat_no: h for h in holders}
        if prompts is None:
            prompts = title.prompts(state)
        waiting = [by_seat[p.seat] for p in prompts if p.seat in by_seat]
        status_line = title.status_line(state)
    return GameInfo(
        id=game.id,
        guild_id=game.guild_id,
        channel_id=game.channel_id,
        title=game.title,
        title_name=name,
        status=game.status,
        version=game.version,
        seats=game.seats,
        min_seats=title.min_seats if title else game.seats,
        created_by=game.created_by,
        options=dict(game.options or {}),
        holders=holders,
        lobby_message_id=game.lobby_message_id,
        status_line=status_line,
        waiting=waiting,
        result=result_of(game.result),
        turn_message_id=game.turn_message_id,
        pace=game.pace,
        expiry_policy=game.expiry_policy or "automatic",
        paused=game.paused_at is not None,
        paused_seats=tuple(game.paused_seats or ()) if game.paused_at is not None else (),
        clock_in_quiet=game.clock_in_quiet is not False,
        spectators=game.spectators or "open",
    )


def result_of(raw: dict | None) -> Result | None:
    if raw is None:
        return None
    return Result(
        scores={int(k): v for k, v in raw["scores"].items()},
        ranking=raw["ranking"],
        places={int(k): v for k, v in raw["places"].items()},
        details=raw.get("details", ""),
    )


def result_json(result: Result) -> dict[str, Any]:
    return {
        "scores": result.scores,
        "ranking": result.ranking,
        "places": result.places,
        "details": result.details,
    }
