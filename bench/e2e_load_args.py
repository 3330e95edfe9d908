"""bench.e2e_load's command line: what is played, how long, what is measured besides."""

from __future__ import annotations

import argparse

from tests.e2e.harness import REAL_BOT

TITLES = ("bazaar", "tidewater", "benares", "mombasa", "mixed")


def parser(description: str) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--title", choices=TITLES, default="bazaar")
    ap.add_argument("--games", type=int, default=50, help="games played at once")
    ap.add_argument("--people", type=int, default=2, help="simulated people per game")
    ap.add_argument("--bots", type=int, default=1, help="automatic players per game")
    ap.add_argument("--think", type=float, default=0.0, help="mean seconds before a move (0: none)")
    ap.add_argument(
        "--duration",
        type=float,
        default=60.0,
        help="seconds of load (0: each game once to its end)",
    )
    ap.add_argument(
        "--stored", type=int, default=0, help="started games stored before the bot starts"
    )
    ap.add_argument("--stored-title", default="same", help="their title ('same': as --title)")
    ap.add_argument("--floor-every", type=float, default=0.2, help="seconds between floor commands")
    ap.add_argument(
        "--probe", type=int, default=40, help="decisions taken one at a time afterwards"
    )
    ap.add_argument("--render-workers", type=int, default=1)
    ap.add_argument("--json", help="write the figures to this file")
    ap.add_argument("--profile", help="run the bot under cProfile, stats written here")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (DB and bot log)")
    ap.add_argument(
        "--loop-watch",
        action="store_true",
        help="count the event loop's stalls (LOOP_WATCH=true; adds to the CPU figures)",
    )
    ap.add_argument("--entry", default=REAL_BOT, help="the bot's entry point (module:func)")
    ap.add_argument(
        "--game-seed",
        type=int,
        default=1,
        help="new games' seeds drawn from this (0: the system's randomness, as in production)",
    )
    ap.add_argument("--floor-bot", action="store_true", help="also read a minimal bot's RSS")
    ap.add_argument("--env", action="append", default=[], help="KEY=VALUE for the bot process")
    return ap
