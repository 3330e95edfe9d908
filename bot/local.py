"""Play any title in the terminal through the same game service, without Discord.

    python -m bot.local --title tidewater --seats 3 --humans 1 --out boards
    python -m bot.local --list                  (the unfinished games in this database)
    python -m bot.local --resume GAME_ID        (continue one of them)
    python -m bot.local fixture --title tidewater --seats 3 --out FILE   (see bot/fixtures.py)
    python -m bot.local recompute-stats [--db URL]   (see bot/stats_cli.py)

Human seats answer numbered menus (hot seat when there are several: the terminal is passed
on before anyone's private information is shown); the automatic player takes the others. At
a menu: a choice's key (two letters for a choice that comes back, kept all session; a number
for the others: bot.local_menu), u = undo, h = hand (titles with hidden hands), r = rules,
q = quit. Every
move is printed, and the board is written to the output folder each time it changes
(`--delay SECONDS` pauses after each automatic player's move: watch them play). Ctrl-C, q or
the end of the input stop the game; it stays in the database for `--resume`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from pathlib import Path
from typing import TextIO

from bot import catalog, logs, startup
from bot.app import App, build
from bot.config import load_settings
from bot.errors import ServiceError
from bot.local_args import command_line, parse_args
from bot.local_io import Terminal, player_name, seat_text, who
from bot.local_menu import MenuKeys, describe
from bot.local_moves import MoveLog
from bot.results import GameInfo, Outcome, SeatInfo, Step
from bot.service.drafts import fingerprint
from engine.core import Prompt, Title

#: Local games live in channels 1, 2, ...: a new game takes the first without a live game.
CHANNEL = 1
#: Local people are users 1..n; seat holders are named "Player n" in the terminal.
FIRST_USER = 1
#: Exit codes: stopped by Ctrl-C (as a shell reports SIGINT), bad arguments.
INTERRUPTED = 130
USAGE = 2


class Stop(Exception):
    """The player quit (q) or the input ended: the game stays saved."""


class LocalGame:
    def __init__(
        self, app: App, out: Path, term: Terminal, resume_hint: str, delay: float = 0.0
    ) -> None:
        self.app = app
        self.service = app.service
        self.out = out
        self.term = term
        self.say = term.say
        self.resume_hint = resume_hint  # the command line, less the game id
        self.game_id: int | None = None
        self.channel = CHANNEL
        self.title: Title | None = None
        self.humans = 1
        #: The person the terminal was last handed to (hot seat), and the private lines each
        #: seat has not read yet (shown once the terminal is theirs).
        self.at_terminal: int | None = None
        self.unread: dict[int, list[str]] = {}
        self.moves = MoveLog(self.service, out, self.say, delay)
        self.menu_keys = MenuKeys()  # the recurring choices' two-letter keys, for the session

    def stopped_line(self) -> str:
        if self.game_id is None or self.humans == 0:  # (bots finish theirs on the next start)
            return "Stopped."
        return (
            f"Stopped. The game is saved: resume it with "
            f"`{self.resume_hint} --resume {self.game_id}`"
        )

    # ------------------------------------------------------------------ starting
    async def new(self, title: str, seats: int, humans: int, options: str, seed: int | None) -> int:
        service = self.service
        self.humans = humans
        self.channel = await self.free_channel()
        bots = seats - max(humans, 1)
        info = await service.create(
            guild_id=None,
            channel_id=self.channel,
            user_id=FIRST_USER,
            title_slug=title,
            seats=seats,
            bots=bots,
            options=options,
            seed=seed,
        )
        self.game_id = info.id
        self.moves.shown = 0  # a new game: every move is shown, from the first
        for user in range(FIRST_USER + 1, FIRST_USER + humans):
            await service.join(self.channel, user)
        outcome = await service.start(self.channel, FIRST_USER)
        if humans == 0:  # a demonstration: the automatic player takes the last seat too
            mine = outcome.game.seat_of(FIRST_USER)
            assert mine is not None
            outcome = await service.admin_seat_to(self.channel, 0, mine.seat_no, None, "bot")
        return await self.play(outcome)

    async def resume(self, game_id: int) -> int:
        info = await self.service.game_info(game_id)
        if info.status != "running":
            self.say(f"Game #{game_id} is {info.status}: only a running game can be resumed.")
            return USAGE
        people = [h for h in info.holders if not h.is_bot and h.user_id is not None]
        self.game_id, self.channel, self.humans = info.id, info.channel_id, len(people)
        prompts: list[Prompt] = []
        for seat in info.waiting:
            if seat.is_bot or seat.user_id is None:
                continue
            _, prompt = await self.service.prompt_in_game(game_id, seat.user_id, top=True)
            if prompt is not None:
                prompts.append(prompt)
        title = catalog.title(info.title)
        if title is not None and title.hidden_hands:  # shown once the terminal is theirs
            for seat in people:
                text, _ = await self.service.hand_in_game(game_id, seat.user_id or 0)
                self.unread[seat.seat_no] = [text]
        self.say(f"Resuming game #{game_id}.")
        return await self.play(Outcome(game=info, events=[], prompts=prompts))

    async def free_channel(self) -> int:
        """The first local channel without a live game (earlier games stay resumable)."""
        channel = CHANNEL
        while True:
            try:
                await self.service.status(channel)
            except ServiceError:
                return channel
            channel += 1

    # ------------------------------------------------------------------ the game
    async def play(self, outcome: Outcome) -> int:
        info = outcome.game
        self.title = catalog.title(info.title)
        self.intro(info)
        await self.show(outcome)
        while outcome.result is None and outcome.game.status == "running":
            if not outcome.prompts:
                self.say("The game waits for nobody at this terminal; nothing to do here.")
                break
            outcome = await self.turn(outcome)
            await self.show(outcome)
        if outcome.result is not None:
            self.standings(outcome)
        return 0

    def intro(self, info: GameInfo) -> None:
        self.say(f"{info.title_name}, game #{info.id}: {info.seats} seats.")
        people = [h for h in info.holders if not h.is_bot and h.user_id is not None]
        bots = [seat_text(h) for h in info.holders if h.is_bot or h.user_id is None]
        for h in people:
            if len(people) == 1:
                self.say(f"You are {who(h)}.")
            else:
                self.say(f"{player_name(h.user_id or 0)} plays {seat_text(h)}.")
        if bots:
            self.say(f"The automatic player takes {', '.join(bots)}.")
        if len(people) > 1:
            self.say("Hot seat: pass the terminal on when asked; private information is shown")
            self.say("only after the hand-over.")
        self.say(f"Board images are written to {self.out}/ (one file each time the board changes).")
        self.say("At a menu: " + self.keys(None) + ".\n")

    def keys(self, keys: list[str] | None) -> str:
        hand = ", h = hand" if self.title is not None and self.title.hidden_hands else ""
        return f"{describe(keys)}; u = undo{hand}, r = rules, q = quit"

    async def show(self, outcome: Outcome) -> None:
        for seat in range(outcome.game.seats):
            holder = outcome.game.holder(seat)
            lines = outcome.private_lines(seat)
            if lines and holder is not None and not holder.is_bot:
                self.unread.setdefault(seat, []).extend(lines)
        await self.moves.show(outcome)
        mine = outcome.game.seat_of(self.at_terminal) if self.at_terminal else None
        if mine is not None:  # what only the person at the terminal may read: now
            self.private(mine)
        if outcome.game.status_line:
            self.say(f"\n== {outcome.game.status_line}")

    def standings(self, outcome: Outcome) -> None:
        result = outcome.result
        assert result is not None
        self.say("\nFinal standings:")
        for seat in result.ranking:
            holder = outcome.game.holder(seat)
            label = who(holder) if holder else f"Seat {seat + 1}"
            self.say(f"  {result.places[seat]}. {label}: {result.scores[seat]} points")
        if result.details:
            details = result.details
            if "\n" not in details:  # one line per seat reads better than one long line
                details = details.replace("; ", "\n")
            for line in details.splitlines():
                self.say(f"  {line}")

    async def hand_over(self, holder: SeatInfo) -> None:
        """Hot seat: the next person takes the terminal before anything private is shown."""
        user = holder.user_id
        if self.humans > 1 and user != self.at_terminal:
            if self.at_terminal is not None:
                self.term.scroll_away()  # the last player's screen
            self.say(
                f"\nPass to {player_name(user or 0)} — others, look away. Press Enter (q = quit)."
            )
            line = await self.term.readline()
            if line is None or line.strip().lower() == "q":
                raise Stop
        self.at_terminal = user
        self.private(holder)

    def private(self, holder: SeatInfo) -> None:
        for line in self.unread.pop(holder.seat_no, []):
            self.say(f"  (private to {player_name(holder.user_id or 0)}) {line}")

    async def turn(self, outcome: Outcome) -> Outcome:
        prompt = outcome.prompts[0]
        holder = outcome.game.holder(prompt.seat)
        assert holder is not None and holder.user_id is not None
        user = holder.user_id
        await self.hand_over(holder)
        menu: str | None = None  # set while stepping through the player's own menus
        while True:
            choice = await self.ask(holder, prompt)
            try:
                if choice == "undo":
                    return await self.service.undo(self.channel, user)
                if choice == "hand":
                    text, _ = await self.service.hand_in_game(outcome.game.id, user)
                    self.say(text)
                    continue
                if menu is None:
                    done = await self.service.act_in_game(
                        outcome.game.id, user, choice, outcome.game.version
                    )
                else:
                    done = await self.service.act_in_game(outcome.game.id, user, choice, menu=menu)
            except ServiceError as exc:
                self.say(f"  ! {exc}")
                continue
            if isinstance(done, Step):  # a step of the move: the next menu, nothing stored
                prompt, menu = done.prompt, fingerprint(done.prompt)
                continue
            return done

    async def ask(self, holder: SeatInfo, prompt: Prompt) -> str:
        keys = self.menu(holder, prompt)
        hands = self.title is not None and self.title.hidden_hands
        while True:
            self.term.write("> ")
            line = await self.term.readline()
            if line is None:
                raise Stop
            text = line.strip().lower()
            if text == "q":
                raise Stop
            if text == "u":
                return "undo"
            if text == "h" and hands:
                return "hand"
            if text == "r":
                self.rules()
                keys = self.menu(holder, prompt)
                continue
            if text in keys:
                return prompt.choices[keys.index(text)].id
            self.say(f"  Please type {self.keys(keys)}.")

    def menu(self, holder: SeatInfo, prompt: Prompt) -> list[str]:
        """Print the menu; the key of each choice (bot.local_menu)."""
        keys = self.menu_keys.keys(prompt.choices)
        self.say(f"\nYou are {who(holder)}")
        self.say(prompt.text)
        group = None
        for key, c in zip(keys, prompt.choices, strict=True):
            if c.group and c.group != group:
                group = c.group
                self.say(f"  -- {group}")
            self.say(f"  {key:>3}. {c.label}")
        self.say(f"  ({self.keys(None)})")
        return keys

    def rules(self) -> None:
        """The rules summary `/game rules` shows in Discord (the title's own pages)."""
        title = self.title
        if title is None:
            return
        pages = title.rules_pages() or [title.blurb or title.name]
        self.say(f"\n== {title.name} · rules")
        for page in pages:
            self.say(f"\n{page}")
        self.say("\n(end of the rules)")


async def list_games(app: App, term: Terminal, hint: str) -> int:
    games = [g for g in await app.service.my_games(FIRST_USER, None) if g.status == "running"]
    if not games:
        term.say("No unfinished games in this database.")
        return 0
    term.say("Unfinished games:")
    for g in games:
        turn = ", ".join(who(w) for w in g.waiting) or "nobody"
        term.say(f"  #{g.game_id} {g.title_name}: waiting for {turn}")
    term.say(f"Resume one with `{hint} --resume GAME_ID`.")
    return 0


async def amain(argv: list[str], stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    if argv[:1] == ["fixture"]:  # write a regression fixture (see bot/fixtures.py)
        from bot.fixtures import amain as fixture_main

        return await fixture_main(argv[1:], stdout)
    if argv[:1] == ["recompute-stats"]:  # rebuild /stats (see bot/stats_cli.py)
        from bot.stats_cli import amain as stats_main

        return await stats_main(argv[1:], stdout)
    args = parse_args(argv)
    term = Terminal(stdin, stdout)
    game: LocalGame | None = None
    try:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        logs.setup("WARNING", "text")
        url = args.db or f"sqlite+inline:///{out / 'local.db'}"
        try:
            # Boards are drawn in a thread: worker processes would each print a traceback on
            # the Ctrl-C a terminal sends to its whole process group.
            settings = load_settings(database_url=url)
            app = await build(settings.model_copy(update={"render_workers": 0}))
        except Exception as exc:
            line = startup.database_problem(exc, url)
            if line is None:
                raise
            term.say(f"Cannot start: {line}")
            return startup.EXIT_CODE
        try:
            await app.service.resume_bots()
            hint = command_line(args)
            if args.list:
                return await list_games(app, term, hint)
            game = LocalGame(app, out, term, hint, args.delay)
            if args.resume is not None:
                return await game.resume(args.resume)
            title = catalog.title(args.title)
            if title is None:
                names = ", ".join(t.slug for t in catalog.offered())
                term.say(f"Unknown title {args.title!r}. Available: {names}")
                return USAGE
            seats = args.seats or title.max_seats
            if not 0 <= args.humans <= seats:
                term.say(f"--humans must be between 0 and {seats}")
                return USAGE
            return await game.new(args.title, seats, args.humans, args.options, args.seed)
        except Stop:
            term.say("\n" + (game.stopped_line() if game else "Stopped."))
            return 0
        except ServiceError as exc:
            term.say(f"Error: {exc}")
            return USAGE
        finally:
            with contextlib.suppress(Exception):
                await asyncio.shield(app.close())
    except (asyncio.CancelledError, KeyboardInterrupt):  # Ctrl-C: asyncio.run cancels us
        term.say("\n" + (game.stopped_line() if game else "Stopped."))
        return INTERRUPTED


def main() -> None:
    try:
        code = asyncio.run(amain(sys.argv[1:]))
    except KeyboardInterrupt:  # a second Ctrl-C while stopping
        code = INTERRUPTED
    except BrokenPipeError:  # the output went to `head` or a closed pager
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    sys.exit(code)


if __name__ == "__main__":
    main()
