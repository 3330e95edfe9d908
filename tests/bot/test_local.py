"""The terminal front end plays through the same service and writes board images."""

from __future__ import annotations

import io

from PIL import Image

from bot.local import amain
from tests.conftest import TEST_RENDERERS, TEST_TITLES


def args(extra: str, out) -> list[str]:
    return ["--title", "bazaar", "--seed", "4", "--out", str(out), *extra.split()]


async def test_bots_play_a_whole_game_and_boards_are_written(tmp_path, monkeypatch):
    monkeypatch.setenv("EXTRA_TITLES", ",".join(TEST_TITLES))
    monkeypatch.setenv("EXTRA_RENDERERS", ",".join(TEST_RENDERERS))
    out = io.StringIO()
    code = await amain(
        args("--seats 3 --humans 0", tmp_path),
        stdin=io.StringIO(""),
        stdout=out,
    )
    assert code == 0
    assert "Final standings" in out.getvalue()
    boards = sorted(tmp_path.glob("*.png"))
    assert boards
    Image.open(boards[-1]).verify()


async def test_a_person_answers_menus_and_bad_input_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("EXTRA_TITLES", ",".join(TEST_TITLES))
    monkeypatch.setenv("EXTRA_RENDERERS", ",".join(TEST_RENDERERS))
    answers = "banana\n999\n1\nh\nq\n"
    out = io.StringIO()
    code = await amain(
        args("--seats 2 --humans 1", tmp_path),
        stdin=io.StringIO(answers),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0
    assert "Please type a number" in text
    assert "Your hand" in text
    assert "saved in the database" in text


async def test_unknown_title(tmp_path):
    out = io.StringIO()
    code = await amain(["--title", "chess", "--out", str(tmp_path)], stdout=out)
    assert code == 2 and "Unknown title" in out.getvalue()
