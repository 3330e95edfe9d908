"""Regression fixtures: finished games kept as files (as 18xx keeps real games) and replayed from
setup under today's rules, so a rules change that would break stored games is caught in CI.

A fixture is a game's public record (`/game export`) plus its seed. Write one from a finished
game in a database, or from a game played here by automatic players:

    python -m bot.local fixture --db sqlite+inline:///boardroom.db --game 12 --out FILE
    python -m bot.local fixture --title tidewater --seats 3 --seed 5 --out FILE
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any, TextIO

from bot import catalog, logs
from bot.app import build
from bot.config import load_settings
from bot.errors import ServiceError
from bot.service.describe import result_json
from engine.core import IllegalAction

CHANNEL = 1
USER = 1


class FixtureError(AssertionError):
    """A fixture no longer replays as it was recorded (the message says where)."""


def check_fixture(fx: dict[str, Any]) -> None:
    """Replay `fx` from setup with today's rules: every move must be asked for and accepted,
    and each move's public log lines and the final standings must equal the stored ones."""
    title = catalog.title(fx["title"])
    if title is None:
        raise FixtureError(f"this installation has no title {fx['title']!r}")
    seats, options = fx["seat_count"], dict(fx["options"])
    moves = [(m["seat"], m["choice"]) for m in fx["moves"]]
    if any(choice is None for _, choice in moves):
        raise FixtureError("a fixture needs every move's choice (a finished game)")
    stored = [m["log"] for m in fx["moves"]]
    if fx["rules_version"] != title.rules_version:
        upgraded = title.upgrade_log(
            fx["rules_version"], title.setup(fx["seed"], seats, options), moves
        )
        if upgraded is None:
            raise FixtureError(
                f"{title.name} rules version {title.rules_version} cannot upgrade this game "
                f"recorded under version {fx['rules_version']}"
            )
        moves, stored = upgraded, [sum(stored, [])]  # the move list may change; the log may not
    state = title.setup(fx["seed"], seats, options)
    played: list[list[str]] = []
    for n, (seat, choice) in enumerate(moves, 1):
        asked = {p.seat for p in title.prompts(state)}
        if seat not in asked:
            raise FixtureError(f"move {n}: seat {seat} is not asked to decide (asked: {asked})")
        try:
            events = title.apply(state, seat, choice)
        except IllegalAction as exc:
            raise FixtureError(f"move {n} ({choice!r} by seat {seat}) is refused: {exc}") from None
        played.append([e.text for e in events if e.private_to is None])
    if len(stored) == 1 and len(played) != 1:
        played = [sum(played, [])]
    for n, (was, now) in enumerate(zip(stored, played, strict=True), 1):
        if was != now:
            raise FixtureError(f"move {n}: the public log was {was!r}, now {now!r}")
    result = title.result(state)
    if result is None:
        raise FixtureError("the game no longer ends after its last move")
    now_result = json.loads(json.dumps(result_json(result)))
    if now_result != fx["result"]:
        raise FixtureError(f"the standings were {fx['result']!r}, now {now_result!r}")


def dump_fixture(fx: dict[str, Any]) -> str:
    """JSON with one move per line (small, and a diff shows which move changed)."""
    head = {k: v for k, v in fx.items() if k != "moves"}
    lines = [json.dumps(m, ensure_ascii=False, separators=(",", ":")) for m in fx["moves"]]
    text = json.dumps(head, ensure_ascii=False, indent=1)
    return text[:-2] + ',\n "moves": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


async def played_by_bots(url: str, slug: str, seats: int, seed: int, options: str) -> dict:
    """A whole game played by automatic players through the service, as a fixture."""
    app = await build(load_settings(database_url=url))
    try:
        service = app.service
        await service.create(
            guild_id=None,
            channel_id=CHANNEL,
            user_id=USER,
            title_slug=slug,
            seats=seats,
            bots=seats - 1,
            options=options,
            seed=seed,
        )
        out = await service.start(CHANNEL, USER)
        mine = out.game.seat_of(USER)
        assert mine is not None
        out = await service.admin_seat_to(CHANNEL, 0, mine.seat_no, None, "bot")
        if out.result is None:
            raise ServiceError("the automatic players did not finish the game")
        return await service.fixture(out.game.id)
    finally:
        await app.close()


async def from_database(url: str, game_id: int) -> dict:
    app = await build(load_settings(database_url=url))
    try:
        return await app.service.fixture(game_id)
    finally:
        await app.close()


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="python -m bot.local fixture", description=__doc__.split("\n")[0]
    )
    p.add_argument("--out", required=True, help="the fixture file to write")
    p.add_argument("--db", help="a database holding the finished game (with --game)")
    p.add_argument("--game", type=int, help="the finished game's id")
    p.add_argument("--title", help="play a new game by automatic players: its title")
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", default="", help="title options, e.g. 'short_game=on'")
    return p.parse_args(argv)


async def amain(argv: list[str], stdout: TextIO) -> int:
    args = parse_args(argv)
    logs.setup("WARNING", "text")
    try:
        if args.db and args.game is not None:
            fx = await from_database(args.db, args.game)
        elif args.title:
            with tempfile.TemporaryDirectory() as tmp:
                url = f"sqlite+inline:///{Path(tmp) / 'fixture.db'}"
                fx = await played_by_bots(url, args.title, args.seats, args.seed, args.options)
        else:
            print("Give --db and --game, or --title.", file=stdout)
            return 2
        check_fixture(fx)
    except (ServiceError, FixtureError) as exc:
        print(f"Error: {exc}", file=stdout)
        return 2
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump_fixture(fx), encoding="utf-8")
    print(f"Wrote {out} ({len(fx['moves'])} moves, {out.stat().st_size} bytes)", file=stdout)
    return 0
