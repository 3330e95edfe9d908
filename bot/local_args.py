"""The command line of `python -m bot.local` (see bot/local.py)."""

from __future__ import annotations

import argparse

DEFAULT_OUT = "boards"
DESCRIPTION = "Play any title in the terminal through the same game service, without Discord."


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bot.local", description=DESCRIPTION)
    p.add_argument("--title", help="title slug (tidewater, benares, ...)")
    p.add_argument("--seats", type=int, default=None, help="number of seats (default: the most)")
    p.add_argument("--humans", type=int, default=1, help="seats played at this terminal")
    p.add_argument("--options", default="", help="title options, e.g. 'short_game=on'")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--out", default=DEFAULT_OUT, help="folder for the board images")
    p.add_argument(
        "--delay",
        type=_seconds,
        default=0.0,
        metavar="SECONDS",
        help="pause after each automatic player's move (default: none)",
    )
    p.add_argument("--db", default=None, help="database URL (default: a SQLite file in --out)")
    p.add_argument("--resume", type=int, metavar="GAME_ID", help="continue an unfinished game")
    p.add_argument("--list", action="store_true", help="list the unfinished games")
    args = p.parse_args(argv)
    if args.title is None and args.resume is None and not args.list:
        p.error("--title is required (or --resume GAME_ID, or --list)")
    return args


def _seconds(raw: str) -> float:
    try:
        seconds = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{raw!r} is not a number of seconds") from None
    if not 0 <= seconds <= 60:
        raise argparse.ArgumentTypeError("give a number of seconds from 0 to 60")
    return seconds


def command_line(args: argparse.Namespace) -> str:
    """How to start this program again on the same database (for the resume hint)."""
    parts = ["python -m bot.local"]
    if args.out != DEFAULT_OUT:
        parts.append(f"--out {args.out}")
    if args.db:
        parts.append(f"--db {args.db}")
    return " ".join(parts)
