"""`boardroom-admin COMMAND` / `python -m bot.admin COMMAND`: the command line, and how its
failures are shown. A bad setting or an unusable database is one line on stderr (as
`python -m bot` says it) and exit code `startup.EXIT_CODE`; a refused command (an unknown
game, say) one line and exit code 1; never a traceback for either."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from bot import logs, startup
from bot.admin import database, export, migrate, stalled, vacuum, verify
from bot.config import Settings
from bot.errors import ServiceError

PROG = "boardroom-admin"
#: A command that was refused, or found a problem (verify).
REFUSED = 1


def parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--db", metavar="URL", default=None, help="database URL (default: DATABASE_URL)"
    )
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Maintenance of a Boardroom installation, on the bot's database and "
        "settings (.env and the environment). Never contacts Discord.",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("migrate", parents=[common], help="bring the database to the newest schema")
    one = sub.add_parser(
        "stalled", parents=[common], help="running games nobody moved in for N days"
    )
    one.add_argument(
        "--days",
        type=_days,
        default=None,
        metavar="N",
        help="days without a move (default: each server's stall setting, 7 when not set)",
    )
    one = sub.add_parser("export", parents=[common], help="a game's moderator export (JSON)")
    one.add_argument("game_id", type=int, metavar="GAME_ID")
    one.add_argument("--out", type=Path, metavar="FILE", help="write here (default: stdout)")
    one = sub.add_parser(
        "vacuum", parents=[common], help="drop snapshots no longer needed, then VACUUM"
    )
    one.add_argument("--dry-run", action="store_true", help="count them, change nothing")
    one = sub.add_parser(
        "verify", parents=[common], help="replay every log from setup against its snapshot"
    )
    one.add_argument("--game", type=int, metavar="ID", help="only this game")
    return p


def _days(raw: str) -> float:
    try:
        days = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{raw!r} is not a number of days") from None
    if not 0 <= days < 100_000:
        raise argparse.ArgumentTypeError("give a number of days from 0 up")
    return days


async def _command(args: argparse.Namespace, settings: Settings) -> int:
    out = sys.stdout
    if args.command == "migrate":
        return await migrate.run(settings, out)
    writes = args.command == "vacuum" and not args.dry_run
    async with database.opened(settings, writer=writes) as db:
        if args.command == "stalled":
            return await stalled.run(db, args.days, out)
        if args.command == "export":
            return await export.run(db, args.game_id, args.out, out)
        if args.command == "vacuum":
            return await vacuum.run(db, args.dry_run, out)
        return await verify.run(db, args.game, out)


async def _run(args: argparse.Namespace) -> int:
    try:
        settings = database.settings_for(args.db)
    except startup.StartupError as exc:
        return _cannot(str(exc))
    if not logging.getLogger().handlers:  # (a program embedding this one set up its own)
        level = "DEBUG" if settings.log_level == "DEBUG" else "WARNING"
        logs.setup(level, settings.log_format)
    try:
        return await _command(args, settings)
    except ServiceError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return REFUSED
    except Exception as exc:
        line = startup.database_problem(exc, settings.database_url)
        if line is None:
            raise  # not a known problem of the setup: a bug, shown as one
        return _cannot(line)


def _cannot(line: str) -> int:
    print(f"{PROG}: {line}", file=sys.stderr)
    return startup.EXIT_CODE


def main(argv: list[str] | None = None) -> int:
    """Run one command (`argv`: the arguments, default the command line's); its exit code."""
    args = parser().parse_args(argv)
    try:
        return asyncio.run(_run(args))
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
