"""The terminal front end plays through the same service and writes board images."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from bot.local import amain
from bot.local_io import plain
from tests.conftest import TEST_RENDERERS, TEST_TITLES
from tests.titles.bazaar import TITLE

ROOT = Path(__file__).resolve().parents[2]


def args(extra: str, out) -> list[str]:
    return ["--title", "bazaar", "--seed", "4", "--out", str(out), *extra.split()]


@pytest.fixture
def bazaar(monkeypatch):
    monkeypatch.setenv("EXTRA_TITLES", ",".join(TEST_TITLES))
    monkeypatch.setenv("EXTRA_RENDERERS", ",".join(TEST_RENDERERS))


async def run(argv: list[str], answers: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = await amain(argv, stdin=io.StringIO(answers), stdout=out)
    return code, out.getvalue()


async def test_bots_play_a_whole_game_and_boards_are_written(tmp_path, bazaar):
    code, text = await run(args("--seats 3 --humans 0", tmp_path))
    assert code == 0
    assert "Final standings" in text
    assert "Seat 1 (Amber) — automatic player" in text
    boards = sorted(tmp_path.glob("*.png"))
    assert boards
    Image.open(boards[-1]).verify()


async def test_a_person_answers_menus_and_bad_input_is_refused(tmp_path, bazaar):
    code, text = await run(args("--seats 2 --humans 1", tmp_path), "banana\n999\n1\nh\nq\n")
    assert code == 0
    assert "Please type a number from 1 to" in text
    assert "Your hand" in text
    assert "h = hand" in text  # Bazaar has hidden hands
    assert "Stopped. The game is saved: resume it with" in text
    assert f"--out {tmp_path} --resume 1`" in text
    assert "Traceback" not in text


async def test_the_player_is_told_which_seat_they_hold(tmp_path, bazaar):
    code, text = await run(args("--seats 3 --humans 1", tmp_path), "q\n")
    assert code == 0
    intro, _, menu = text.partition("\n\n")
    assert "You are Player 1 — Seat " in intro
    assert "The automatic player takes Seat " in intro
    header = menu.split("Round 1: bid secretly")[0].rstrip().splitlines()[-1]
    assert header.startswith("You are Player 1 — Seat ")


async def test_rules_are_shown_and_the_menu_again(tmp_path, bazaar):
    code, text = await run(args("--seats 2 --humans 1", tmp_path), "r\nq\n")
    assert code == 0
    rules = text.index("Bazaar · rules")
    for page in TITLE.rules_pages():  # the title's own pages, as `/game rules` shows them
        assert plain(page).splitlines()[-1] in text[rules:]
    assert "Round 1: bid secretly" in text[rules:]  # the menu, printed again


async def test_hand_is_offered_only_where_there_are_hands(tmp_path):
    code, text = await run(
        ["--title", "tidewater", "--seed", "3", "--out", str(tmp_path)], "h\nq\n"
    )
    assert code == 0
    assert "h = hand" not in text
    assert "no hidden hands" not in text
    assert "or one of pr, fu, " in text  # h is not a key here


async def test_hot_seat_hands_over_before_anything_private(tmp_path, bazaar):
    code, text = await run(args("--seats 2 --humans 2", tmp_path), "\n1\n1\n\n1\n1\n\nq\n")
    assert code == 0
    first = text.index("Pass to Player ")
    assert "others, look away. Press Enter (q = quit)." in text
    assert "(private to" not in text[:first] and "You bid" not in text[:first]
    assert "Round 1: bid secretly" not in text[:first]
    assert text.count("Pass to Player ") >= 2
    assert "Player 1" in text and "Player 2" in text


async def test_mentions_and_discord_hints_are_made_plain(tmp_path, bazaar):
    assert plain("<@2> takes back a move.") == "Player 2 takes back a move."
    assert plain("Waiting for <@1> (Seat 2).") == "Waiting for Player 1 (Seat 2)."
    hint = "It can't be taken back. A moderator can roll back with `/admin rollback`."
    assert plain(hint) == "It can't be taken back."
    assert plain("# Bazaar\n**Score** = credits") == "Bazaar\nScore = credits"
    # an undo in a game prints the service's "<@1> takes back a move." plainly
    code, text = await run(args("--seats 2 --humans 1", tmp_path), "1\nu\nq\n")
    assert code == 0
    assert "<@" not in text and "`/" not in text


async def test_a_stopped_game_is_listed_and_resumed(tmp_path, bazaar):
    code, text = await run(args("--seats 2 --humans 1", tmp_path), "q\n")
    assert code == 0 and "--resume 1`" in text
    code, text = await run(args("--seats 2 --humans 1", tmp_path), "")  # EOF: stops too
    assert code == 0 and "--resume 2`" in text  # a new game leaves the first one alone
    code, text = await run(["--out", str(tmp_path), "--list"])
    assert code == 0 and "#1 Bazaar" in text and "#2 Bazaar" in text
    code, text = await run(["--out", str(tmp_path), "--resume", "1"], "1\n1\n" * 40)
    assert code == 0
    assert "Resuming game #1" in text and "You are Player 1 — Seat " in text
    assert "Your hand" in text  # shown again on resuming: it was never on the screen
    assert "Final standings" in text
    code, text = await run(["--out", str(tmp_path), "--list"])
    assert "#1 " not in text and "#2 Bazaar" in text
    code, text = await run(["--out", str(tmp_path), "--resume", "1"])
    assert code == 2 and "only a running game can be resumed" in text


def _ctrl_c_as_in_a_terminal() -> None:
    """Ctrl-C as a terminal's foreground program gets it: a run started in the background
    (a CI job, `make test &`) ignores SIGINT, and its children inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_stops_cleanly_and_says_how_to_resume(tmp_path):
    env = {**os.environ, "EXTRA_TITLES": ",".join(TEST_TITLES)}
    env["EXTRA_RENDERERS"] = ",".join(TEST_RENDERERS)
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.local", *args("--seats 2 --humans 1", tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
        env=env,
        preexec_fn=_ctrl_c_as_in_a_terminal,
    )
    seen = b""
    deadline = time.monotonic() + 60
    while b"\n> " not in seen and time.monotonic() < deadline:  # its first menu
        ready, _, _ = select.select([proc.stdout], [], [], 0.2)
        if ready:
            seen += os.read(proc.stdout.fileno(), 65536)
    assert b"\n> " in seen, seen.decode()
    proc.send_signal(signal.SIGINT)
    try:  # no Enter needed; and stdin stays open, as a terminal's does (`communicate` would
        # close it at once, and an end of input is a plain stop, exit code 0, not Ctrl-C)
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    finally:
        rest = proc.stdout.read()
        proc.stdout.close()
        proc.stdin.close()
    text = (seen + rest).decode()
    assert proc.returncode == 130, text
    assert "Traceback" not in text
    assert "Stopped. The game is saved: resume it with" in text
    assert "--resume 1`" in text


async def test_unknown_title(tmp_path):
    code, text = await run(["--title", "chess", "--out", str(tmp_path)])
    assert code == 2 and "Unknown title" in text


def logged_lines(out: Path, game_id: int = 1) -> list[str]:
    """Every public line of the game's live moves, in order, as the terminal prints them."""
    import json
    import sqlite3

    with sqlite3.connect(out / "local.db") as db:
        rows = db.execute(
            "SELECT events FROM actions WHERE game_id = ? AND undone_at_version IS NULL "
            "ORDER BY seq",
            (game_id,),
        ).fetchall()
    events = [e for (raw,) in rows for e in json.loads(raw)]
    return [plain(e["text"]) for e in events if e.get("private_to") is None]


def printed_lines(text: str) -> list[str]:
    """The log lines printed ("> " is a menu's prompt: a terminal echoes the answer after it)."""
    lines = (line.removeprefix("> ") for line in text.splitlines())
    return [line[4:] for line in lines if line.startswith("  · ")]


def in_order(wanted: list[str], printed: list[str]) -> bool:
    """Are all of `wanted` in `printed`, in this order (other lines may come between)?"""
    it = iter(printed)
    return all(any(line == seen for seen in it) for line in wanted)


async def test_watching_the_bots_prints_every_move_and_a_board_per_change(tmp_path, bazaar):
    code, text = await run(args("--seats 4 --humans 0", tmp_path))
    assert code == 0 and "Final standings" in text
    wanted = logged_lines(tmp_path)
    assert len(wanted) > 30  # more than the screenful the terminal used to keep
    assert in_order(wanted, printed_lines(text))
    boards = sorted(tmp_path.glob("game1-move*.png"))
    assert len(boards) > 10
    images = [path.read_bytes() for path in boards]
    assert all(a != b for a, b in zip(images, images[1:], strict=False))  # only changes
    for path in boards:  # each is announced where its move is printed
        assert f"[board: {path}]" in text
    Image.open(boards[-1]).verify()


async def test_a_delay_paces_the_automatic_players(tmp_path, bazaar):
    started = time.monotonic()
    code, text = await run(args("--seats 2 --humans 0 --delay 0.05", tmp_path))
    took = time.monotonic() - started
    assert code == 0 and "Final standings" in text
    moves = len(logged_lines(tmp_path))
    assert took >= 0.05 * (moves // 4)  # (a move has one to a few lines)
    with pytest.raises(SystemExit) as refused:  # argparse: a usage line, exit code 2
        await run(args("--humans 0 --delay soon", tmp_path))
    assert refused.value.code == 2


async def test_people_see_every_line_of_the_automatic_players_moves(tmp_path, bazaar):
    code, text = await run(args("--seats 4 --humans 1", tmp_path), "1\n" * 400)
    assert code == 0 and "Final standings" in text
    assert in_order(logged_lines(tmp_path), printed_lines(text))


MENU_LINE = re.compile(r"^ +(\w+)\. (.+)$")


def menu_keys(text: str) -> dict[str, set[str]]:
    """The keys each choice's label was shown with, over every menu printed."""
    found: dict[str, set[str]] = {}
    for line in text.splitlines():
        if m := MENU_LINE.match(line.removeprefix("> ")):
            found.setdefault(m.group(2), set()).add(m.group(1))
    return found


async def test_a_choice_is_typed_by_its_two_letters(tmp_path):
    answers = "fu\npr\n" * 3 + "q\n"
    code, text = await run(
        ["--title", "tidewater", "--seats", "2", "--seed", "3", "--out", str(tmp_path)], answers
    )
    assert code == 0 and "Please type" not in text  # every key typed was taken
    assert text.count("Seat 2 takes Funding of 1 credit") == 3
    assert text.count("Seat 2 produces a ") == 3
    keys = menu_keys(text)
    assert keys["Funding: take 1 credit (cost 1 time)"] == {"fu"}
    assert keys["Produce: draw a container onto its company hex (cost 1 time)"] == {"pr"}


@pytest.mark.parametrize("slug", ["tidewater", "mombasa", "benares"])
def test_recurring_choices_keep_their_key_all_game(slug):
    """Over every menu of a whole game (the automatic player choosing), a choice that comes
    back keeps its key, whatever else the menu holds; two choices of one menu never share a
    key; the terminal's own letters are never given."""
    from bot import catalog
    from bot.local_menu import MenuKeys
    from engine.rng import Rng

    catalog.load()
    title = catalog.title(slug)
    state = title.setup(5, title.max_seats, {})
    menus = MenuKeys()
    key_of: dict[str, set[str]] = {}
    for n in range(3000):
        prompts = title.prompts(state)
        if not prompts:
            break
        for prompt in prompts:
            keys = menus.keys(prompt.choices)
            assert len(set(keys)) == len(keys), keys
            assert not {"u", "h", "r", "q"} & set(keys)
            numbers = [int(k) for k in keys if k.isdigit()]
            assert numbers == list(range(1, len(numbers) + 1))
            for choice, key in zip(prompt.choices, keys, strict=True):
                if not key.isdigit():
                    key_of.setdefault(choice.id, set()).add(key)
        seat = prompts[0].seat
        title.apply(state, seat, title.bot_choice(state, seat, Rng.from_seed(n)))
    assert key_of and all(len(found) == 1 for found in key_of.values()), key_of
    if slug == "tidewater":  # the menu where "Stop" went from 8 to 7, "Load" 6 to "Invest"
        assert key_of["stop"] == {"st"} and key_of[">nav"] == {"pl"}
        assert key_of[">invest"] == {"in"}


async def test_q_at_the_hand_over_stops_the_game(tmp_path, bazaar):
    code, text = await run(args("--seats 2 --humans 2", tmp_path), "q\n1\n1\n")
    assert code == 0
    assert "Pass to Player " in text and "Round 1: bid secretly" not in text
    assert "Stopped. The game is saved: resume it with" in text


def test_hot_seat_clears_the_screen_and_its_scrollback(tmp_path):
    """On a real terminal (a pty here), the hand-over clears the screen and the scrollback:
    nothing the last player saw is left above the next one's prompt."""
    env = {**os.environ, "EXTRA_TITLES": ",".join(TEST_TITLES)}
    env["EXTRA_RENDERERS"] = ",".join(TEST_RENDERERS)
    leader, follower = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.local", *args("--seats 2 --humans 2", tmp_path)],
        stdin=subprocess.PIPE,
        stdout=follower,
        stderr=follower,
        cwd=ROOT,
        env=env,
    )
    os.close(follower)
    proc.stdin.write(b"\n1\n1\nq\n")  # Enter, bid, confirm; q at the next hand-over
    proc.stdin.close()
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the process ended and closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert proc.wait(timeout=60) == 0
    text = seen.decode(errors="replace")
    assert text.count("Pass to Player ") == 2, text
    first, _, after = text.partition("\x1b[H\x1b[2J\x1b[3J")
    assert "Round 1: bid secretly" in first and "(private to Player 1)" in first
    assert after.lstrip().startswith("Pass to Player 2"), after
    assert "Player 1" not in after.split("Stopped.")[0]
    assert "bid" not in after.split("Stopped.")[0]
