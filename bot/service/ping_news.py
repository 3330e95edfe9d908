"""What a kept ping (held for quiet hours, or collected for the digest) says when it goes out:
a clock warning states the time left THEN (its text is kept as a template with `LEFT` in
place of the time), and a ping whose decision moved on, or whose clock stopped or ran out, is
not sent stale: a digest says what happened instead, a held ping is dropped (the channel was
told, mentioning them)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from bot import catalog
from bot.db.models import Game
from bot.service.clock_rules import span
from bot.service.queries import people as qp

#: Stands for the time left in a clock warning's template.
LEFT = "{left}"
#: The audited acts that pause or resume a game.
PAUSES = ("clock-pause", "pause", "resume")
#: A warning with less left than this (seconds) is stale: the clock ran out.
FRESH = 60.0
#: What a kept clock warning is when it goes out (`Pings._fresh`).
TRUE, STALE, RAN_OUT = "true", "stale", "ran out"


def fill(template: str, seconds: float) -> str:
    """A clock warning's text with `seconds` left."""
    return template.replace(LEFT, span(seconds), 1)


def _name(game: Game) -> str:
    title = catalog.title(game.title)
    return f"{title.name if title else game.title} (game #{game.id})"


async def happened(s: AsyncSession, item: dict[str, Any], *, ran_out: bool = False) -> str | None:
    """What became of the decision a ping was about, from the game's rows (None: nothing the
    person would not know, e.g. they moved themselves). `ran_out`: its clock has run out,
    whether or not what follows is done yet."""
    if item.get("game_id") is None:
        return None
    game = await s.get(Game, int(item["game_id"]))
    if game is None:
        return None
    name, uid, version = _name(game), int(item["user_id"]), int(item.get("version") or 0)
    if game.status == "finished":
        return f"{name} is over: the final standings are in its channel."
    if game.status != "running":
        return f"{name} was ended by a moderator."
    stand_in = await qp.stand_in_since(s, game.id, uid, version)
    if stand_in is not None:
        return (
            f"Your clock in {name} ran out: the automatic player took your seat and moves for "
            "you. `/game return` hands it back to you at its next decision."
        )
    seat_no = await qp.seat_held(s, game.id, uid)
    if seat_no is not None:
        default = await qp.bot_move_since(s, game.id, seat_no, version)
        if default is not None:
            return f"Your clock in {name} ran out: the rules' default decision was made for you."
        if game.paused_at is not None:
            why = await qp.last_act(s, game.id, PAUSES)  # the pause in force
            if why is not None and tuple(why) == ("clock-pause", f"seat {seat_no + 1} ran out"):
                return f"Your clock in {name} ran out, so the game is paused for a moderator."
            return f"{name} is paused by a moderator."
    return f"Your clock in {name} ran out." if ran_out else None
