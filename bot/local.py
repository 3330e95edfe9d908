"""Play any title in the terminal through the same game service, without Discord.

    python -m bot.local --title tidewater --seats 3 --humans 1 --out boards
    python -m bot.local fixture --title tidewater --seats 3 --out FILE   (see bot/fixtures.py)
    python -m bot.local recompute-stats [--db URL]   (see bot/stats_cli.py)

Human seats answer numbered menus (hot seat when there are several); the automatic player takes
the others. Every board image is written to the output folder, one file per game version.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from pathlib import Path
from typing import TextIO

from bot import catalog, logs, startup
from bot.app import App, build
from bot.config import load_settings
from bot.errors import ServiceError
from bot.results import Outcome, Step
from bot.service.drafts import fingerprint
from engine.core import Prompt

CHANNEL = 1
#: Local people are users 1..n; seat holders are named "Player n" in the terminal.
FIRST_USER = 1


class LocalGame:
    def __init__(self, app: App, out: Path, stdin: TextIO, stdout: TextIO) -> None:
        self.app = app
        self.service = app.service
        self.out = out
        self.stdin = stdin
        self.stdout = stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    async def run(self, title: str, seats: int, humans: int, options: str, seed: int | None) -> int:
        service = self.service
        bots = seats - max(humans, 1)
        await service.create(
            guild_id=None,
            channel_id=CHANNEL,
            user_id=FIRST_USER,
            title_slug=title,
            seats=seats,
            bots=bots,
            options=options,
            seed=seed,
        )
        for user in range(FIRST_USER + 1, FIRST_USER + humans):
            await service.join(CHANNEL, user)
        outcome = await service.start(CHANNEL, FIRST_USER)
        if humans == 0:  # a demonstration: the automatic player takes the last seat too
            mine = outcome.game.seat_of(FIRST_USER)
            assert mine is not None
            outcome = await service.admin_seat_to(CHANNEL, 0, mine.seat_no, None, "bot")
        await self.show(outcome)
        while outcome.result is None and outcome.game.status == "running":
            nxt = await self.turn(outcome)
            if nxt is None:
                self.say("Game left unfinished; it is saved in the database.")
                return 0
            outcome = nxt
            await self.show(outcome)
        if outcome.result is not None:
            self.say("\nFinal standings:")
            for seat in outcome.result.ranking:
                holder = outcome.game.holder(seat)
                label = holder.label if holder else f"Seat {seat + 1}"
                place = outcome.result.places[seat]
                self.say(f"  {place}. {label}: {outcome.result.scores[seat]} points")
            if outcome.result.details:
                self.say(outcome.result.details)
        return 0

    async def show(self, outcome: Outcome) -> None:
        for line in outcome.public_lines()[-30:]:
            self.say(f"  · {line}")
        if outcome.game.status in ("running", "finished"):
            board = await service_board(self, outcome.game.id)
            if board:
                self.say(f"  [board: {board}]")
        if outcome.game.status_line:
            self.say(f"\n== {outcome.game.status_line}")

    async def turn(self, outcome: Outcome) -> Outcome | None:
        prompt = outcome.prompts[0]
        holder = outcome.game.holder(prompt.seat)
        assert holder is not None and holder.user_id is not None
        user = holder.user_id
        for line in outcome.private_lines(prompt.seat):
            self.say(f"  (private to {holder.label}) {line}")
        if prompt.secret:
            self.say(f"\n{holder.label}, decide secretly (others, look away).")
        menu: str | None = None  # set while stepping through the player's own menus
        while True:
            choice = self.ask(holder.label, prompt)
            if choice is None:
                return None
            try:
                if choice == "undo":
                    return await self.service.undo(CHANNEL, user)
                if choice == "hand":
                    text, _ = await self.service.hand(CHANNEL, user)
                    self.say(text)
                    continue
                if menu is None:
                    done = await self.service.act(CHANNEL, user, choice, outcome.game.version)
                else:
                    done = await self.service.act_in_game(outcome.game.id, user, choice, menu=menu)
            except ServiceError as exc:
                self.say(f"  ! {exc}")
                continue
            if isinstance(done, Step):  # a step of the move: the next menu, nothing stored
                prompt, menu = done.prompt, fingerprint(done.prompt)
                continue
            return done

    def ask(self, who: str, prompt: Prompt) -> str | None:
        self.say(f"\n{who}: {prompt.text}")
        group = None
        for n, c in enumerate(prompt.choices, 1):
            if c.group and c.group != group:
                group = c.group
                self.say(f"  -- {group}")
            self.say(f"  {n:>3}. {c.label}")
        self.say("  (number, or u = undo, h = hand, q = quit)")
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                return None
            text = line.strip().lower()
            if text == "q":
                return None
            if text == "u":
                return "undo"
            if text == "h":
                return "hand"
            if text.isdigit() and 1 <= int(text) <= len(prompt.choices):
                return prompt.choices[int(text) - 1].id
            self.say(f"  Please type a number from 1 to {len(prompt.choices)}.")


async def service_board(game: LocalGame, game_id: int) -> str | None:
    board = await game.service.board_of(game_id)
    path = game.out / f"game{game_id}-v{board.game.version:04d}-{board.image.filename}"
    path.write_bytes(board.image.data)
    return str(path)


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bot.local", description=__doc__.split("\n")[0])
    p.add_argument("--title", required=True, help="title slug (tidewater, benares, ...)")
    p.add_argument("--seats", type=int, default=None, help="number of seats (default: the most)")
    p.add_argument("--humans", type=int, default=1, help="seats played at this terminal")
    p.add_argument("--options", default="", help="title options, e.g. 'short_game=on'")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--out", default="boards", help="folder for the board images")
    p.add_argument("--db", default=None, help="database URL (default: a SQLite file in --out)")
    return p.parse_args(argv)


async def amain(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    if argv[:1] == ["fixture"]:  # write a regression fixture (see bot/fixtures.py)
        from bot.fixtures import amain as fixture_main

        return await fixture_main(argv[1:], stdout)
    if argv[:1] == ["recompute-stats"]:  # rebuild /stats (see bot/stats_cli.py)
        from bot.stats_cli import amain as stats_main

        return await stats_main(argv[1:], stdout)
    args = parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    logs.setup("WARNING", "text")
    url = args.db or f"sqlite+aiosqlite:///{out / 'local.db'}"
    try:
        app = await build(load_settings(database_url=url))
    except Exception as exc:
        line = startup.database_problem(exc, url)
        if line is None:
            raise
        print(f"Cannot start: {line}", file=stdout)
        return startup.EXIT_CODE
    await app.service.resume_bots()
    try:
        title = catalog.title(args.title)
        if title is None:
            names = ", ".join(t.slug for t in catalog.offered())
            print(f"Unknown title {args.title!r}. Available: {names}", file=stdout)
            return 2
        seats = args.seats or title.max_seats
        if not 0 <= args.humans <= seats:
            print(f"--humans must be between 0 and {seats}", file=stdout)
            return 2
        game = LocalGame(app, out, stdin, stdout)
        # Each run is its own table: end whatever an earlier run left in this database.
        with contextlib.suppress(ServiceError):
            await app.service.admin_end(CHANNEL, 0, "new local game")
        try:
            return await game.run(args.title, seats, args.humans, args.options, args.seed)
        except ServiceError as exc:
            print(f"Error: {exc}", file=stdout)
            return 2
    finally:
        await app.close()


def main() -> None:
    sys.exit(asyncio.run(amain(sys.argv[1:])))


if __name__ == "__main__":
    main()
