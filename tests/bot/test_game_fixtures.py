"""Finished games kept as fixtures (tests/fixtures/games/, written with
`python -m bot.local fixture`) replay from setup under today's rules: every move is still asked
for and accepted, and each move's public log lines and the final standings are as recorded. A
rules change that would break stored games fails here."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bot import catalog
from bot.fixtures import FixtureError, check_fixture, dump_fixture

GAMES = Path(__file__).parents[1] / "fixtures" / "games"
FILES = sorted(GAMES.glob("*.json"))
REAL_TITLES = ("tidewater", "benares", "mombasa")


@pytest.fixture(autouse=True, scope="module")
def titles() -> None:
    catalog.load()


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_real_title_keeps_finished_games_as_fixtures():
    kept = [load(p)["title"] for p in FILES]
    for slug in REAL_TITLES:
        assert kept.count(slug) >= 2, f"keep at least two finished {slug} games"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_stored_finished_game_replays_under_todays_rules(path: Path):
    fx = load(path)
    assert fx["status"] == "finished" and fx["result"] is not None
    check_fixture(fx)


def test_a_changed_log_line_or_standing_or_refused_move_is_caught():
    fx = load(GAMES / "tidewater-2p-seed11.json")
    changed = copy.deepcopy(fx)
    changed["moves"][5]["log"] = ["Something else happened."]
    with pytest.raises(FixtureError, match="move 6: the public log"):
        check_fixture(changed)
    changed = copy.deepcopy(fx)
    changed["result"]["scores"]["0"] += 1
    with pytest.raises(FixtureError, match="standings"):
        check_fixture(changed)
    changed = copy.deepcopy(fx)
    changed["moves"][3]["choice"] = "no-such-move"
    with pytest.raises(FixtureError, match="move 4"):
        check_fixture(changed)


def test_fixture_files_are_written_one_move_per_line():
    fx = load(FILES[0])
    text = dump_fixture(fx)
    assert json.loads(text) == fx
    assert text.count("\n") > len(fx["moves"])


async def test_local_fixture_command_writes_a_game_played_by_automatic_players(tmp_path):
    from bot.local import amain

    out = tmp_path / "tidewater.json"
    args = ["fixture", "--title", "tidewater", "--seats", "2", "--seed", "3"]
    assert await amain([*args, "--options", "short_game=on", "--out", str(out)]) == 0
    fx = load(out)
    assert fx["seed"] == 3 and fx["options"]["short_game"] == "on" and fx["moves"]
    check_fixture(fx)
    assert await amain(["fixture", "--out", str(out)]) == 2  # neither a game nor a title
