"""The top-level action menu keeps one fixed order on every turn (issue 12, "Menus are long and
shift"): an action that is not available is missing, the others never change places relative
to each other; and every label of a time-costing choice names its cost."""

from __future__ import annotations

import re

import pytest

from engine.core import BACK, CHAIN, random_move
from engine.rng import Rng
from engine.tidewater import prompts as pr
from tests.engine.tidewater.tw_helpers import T, new

#: The relative order the menu must keep (what the menu has shown so far must agree with it).
EXPECTED = ("produce", "fund", ">adv", ">trade", ">nav", ">invest", ">load", "stop")


def test_sailing_is_one_choice_on_the_top_menu() -> None:
    """The most common free action needs no sub-menu: every ship's destinations are listed on
    the top-level menu (in a group of their own: one select in Discord), after Stop."""
    for state in _games(3, range(3)):
        prompt = T.prompts(state)[0]
        sails = [c for c in prompt.choices if c.id.startswith("sail:")]
        if not sails or prompt.choices[0].id.startswith("div:"):
            continue
        assert all(c.group == "Set sail (free)" and not c.step for c in sails)
        ids = [c.id for c in prompt.choices]
        assert ids[ids.index(sails[0].id) : ids.index(sails[-1].id) + 1] == [c.id for c in sails]
        assert ">sail" not in ids
        return
    raise AssertionError("no turn offered sailing")


TIME_IDS = re.compile(r"^(>?(load|nav|invest|adv|trade)\b|produce$|fund$)")
COST = re.compile(r"\(cost \d+ time\b|cost \d+ time per point")
FREE_IDS = re.compile(r"^>?(sail|deliver|dump)\b")


def _labels(state, seat: int, draft: tuple[str, ...], depth: int, out: list) -> None:
    prompt = T.choices(state, seat, draft)
    assert prompt is not None
    for c in prompt.choices:
        out.append(c)
        if c.step and c.id != BACK and depth > 0:
            _labels(state, seat, (*draft, c.id), depth - 1, out)


def _games(seats: int, seeds: range):
    for seed in seeds:
        state = new(seats, seed)
        rng = Rng.from_seed(seed)
        moves = 0
        while T.result(state) is None and moves < 2000:
            yield state
            seat = T.prompts(state)[0].seat
            T.apply(state, seat, random_move(T, state, seat, rng))
            moves += 1


def kind(choice_id: str) -> str:
    """A top-level choice's TOP_ORDER entry: its head ("sail:BLUE:X" -> "sail"; a chain,
    "fund&stop", sits with its first part)."""
    return choice_id.partition(":")[0].partition(CHAIN)[0]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_top_menu_keeps_one_order(seats: int) -> None:
    seen_before: dict[tuple[str, str], int] = {}  # (a, b) -> how often a came before b
    turns = 0
    for state in _games(seats, range(6)):
        prompt = T.prompts(state)[0]
        ids = [c.id for c in prompt.choices]
        if ids and ids[0].startswith("div:"):
            continue
        turns += 1
        assert ids == sorted(ids, key=lambda i: pr.TOP_ORDER.index(kind(i))), ids
        ranked = [i for i in ids if i in EXPECTED]
        assert ranked == sorted(ranked, key=EXPECTED.index), ids
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                seen_before[(a, b)] = seen_before.get((a, b), 0) + 1
    assert turns > 100
    flipped = [(a, b) for (a, b) in seen_before if (b, a) in seen_before]
    assert not flipped, flipped  # no two choices ever swapped places across turns
    assert seen_before.get(("produce", "fund"), 0) > 50  # the common ones were really compared


@pytest.mark.parametrize("seats", [3])
def test_time_costing_labels_name_their_cost(seats: int) -> None:
    checked = 0
    for n, state in enumerate(_games(seats, range(3))):
        if n % 3:
            continue
        for prompt in T.prompts(state):
            found: list = []
            _labels(state, prompt.seat, (), 2, found)
            for c in found:
                if TIME_IDS.match(c.id):
                    assert COST.search(c.label), c
                    checked += 1
                elif FREE_IDS.match(c.id) or c.id in ("stop", "done"):
                    assert "(free" in c.label or "free)" in c.label, c
    assert checked > 200


def test_an_always_available_action_keeps_its_place() -> None:
    """Produce and Funding lead the menu whatever else comes and goes (a shifting Produce cost
    a player a time step)."""
    places = set()
    for state in _games(3, range(4)):
        ids = [c.id for c in T.prompts(state)[0].choices]
        if "produce" in ids and "fund" in ids:
            places.add((ids.index("produce"), ids.index("fund")))
    assert places == {(0, 1)}


def test_void_produce_and_advertise_say_so() -> None:
    state = new(3)
    r = state.rules
    for c in state.companies:
        c.hex_containers = r.hex_cap
    label = next(c.label for c in T.prompts(state)[0].choices if c.id == "produce")
    assert "no effect" in label and len(label) <= 100
    state.queue[0] = state.queue[1]
    adv = T.choices(state, state.active, (">adv",))
    assert "no effect" in next(c.label for c in adv.choices if c.id == "adv:1")
    others = [c for c in adv.choices if c.id.startswith("adv:") and c.id != "adv:1"]
    for c in others:
        k = int(c.id[4:])
        assert ("no effect" in c.label) == (state.queue[k - 1] == state.queue[k]), c
