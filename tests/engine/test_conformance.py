"""The shared conformance suite (design.md): every registered title, every seat count, random
full games whose moves are built step by step through the menus (with detours "back"):

* every listed step leads to a menu, every listed move is accepted, on a copy;
* nothing unlisted is accepted: steps, made-up ids and other seats' moves are refused with a
  message and change nothing;
* building a move (exploring drafts) changes nothing, not even a view;
* the same seed and moves give the same state (a replay of the log), also when the moves before
  a shown one go through `Title.replay`;
* views leak nothing: a view stays the same when all its viewer cannot see is drawn anew
  (`Title.redeal`);
* `Title.deciding` names the seats of `Title.prompts`;
* at every prompt, the seat's default decision (`Title.default_move`) is a complete move that
  `apply` accepts on a copy;
* the fast paths agree with the menus: a title whose automatic player keeps fast move lists or
  shortcuts (`<title package>.bot.fast.pairs(state, seat)`, each a fast list beside the same list
  built the plain way) gives equal pairs at every third position, for every seat;
* the game ends.
A title adds only its own rule tests."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator

import msgspec
import pytest

from engine import registry
from engine.core import BACK, MAX_CHOICE_ID, MAX_LABEL, IllegalAction, Prompt, Title, next_draft
from engine.rng import Rng
from tests.titles.bazaar import TITLE as BAZAAR

registry.load_builtin()
registry.register(BAZAAR)
TITLES = sorted({t.slug for t in registry.all_titles()})
CASES = [
    (slug, seats)
    for slug in TITLES
    for seats in range(registry.get(slug).min_seats, registry.get(slug).max_seats + 1)  # type: ignore[union-attr]
]
#: Games never take more decisions than this (a title that does, loops).
MAX_MOVES = 3000


def _check_menu(title: Title, state, prompt: Prompt) -> None:
    ids = [c.id for c in prompt.choices]
    assert ids, "a menu must offer something"
    assert len(ids) == len(set(ids)), "choice ids repeat"
    assert all(0 < len(i) <= MAX_CHOICE_ID for i in ids)
    assert all(0 < len(c.label) <= MAX_LABEL for c in prompt.choices)


def _refuses(title: Title, state, seat: int, cid: str) -> None:
    before = title.encode(state)
    trial = title.copy(state)
    with pytest.raises(IllegalAction) as err:
        title.apply(trial, seat, cid)
    assert str(err.value).strip(), "a refusal must say why"
    assert title.encode(trial) == before


def _leaks(title: Title, state, seats: int, rng: Rng) -> bool:
    """Every view stays the same when all its viewer cannot see is drawn anew; True when
    something was hidden (the redeal changed the state)."""
    changed = False
    for viewer in [None, *range(seats)]:
        other = title.redeal(state, viewer, rng)
        if other is None:
            assert not title.hidden_hands, "a title with hidden hands must implement redeal"
            return False
        assert title.view(other, viewer) == title.view(state, viewer), f"view {viewer} leaks"
        changed = changed or title.encode(other) != title.encode(state)
    return changed


def _build_move(title: Title, state, seat: int, rng: Rng) -> str:
    """A random path through the menus to a complete move, checking every menu on the way and
    every choice on it; sometimes a step back."""
    draft: tuple[str, ...] = ()
    for _ in range(64):
        prompt = title.choices(state, seat, draft)
        assert prompt is not None and prompt.seat == seat
        _check_menu(title, state, prompt)
        for c in prompt.choices:
            if c.step and c.id != BACK:
                assert title.choices(state, seat, next_draft(draft, c)) is not None
                _refuses(title, state, seat, c.id)  # a step is never a move
            elif not c.step:
                title.apply(title.copy(state), seat, c.id)  # every listed move is accepted
        if draft:
            assert any(c.id == BACK and c.step for c in prompt.choices), "no way back"
        pick = rng.choice(prompt.choices)
        if pick.id == BACK and rng.below(3):
            pick = rng.choice(prompt.choices)
        if not pick.step:
            return pick.id
        draft = next_draft(draft, pick)
    raise AssertionError("a menu path that never ends in a move")


Pairs = Callable[[object, int], Iterator[tuple[str, object, object]]]


def _fast_pairs(title: Title) -> Pairs | None:
    """The title's `bot.fast.pairs` (in its own package), or None when it keeps no fast lists."""
    package = sys.modules[type(title).__module__].__package__
    try:
        module = importlib.import_module(f"{package}.bot.fast")
    except ModuleNotFoundError as exc:
        if exc.name and f"{package}.bot.fast".startswith(exc.name):
            return None
        raise
    return module.pairs


def _check_fast(pairs: Pairs, state, seats: int) -> int:
    """Every fast list equals its plain twin for every seat; how many pairs were compared."""
    n = 0
    for seat in range(seats):
        for what, fast, plain in pairs(state, seat):
            assert fast == plain, f"fast path {what} differs for seat {seat}"
            n += 1
    return n


def _check_default(title: Title, state, seat: int) -> None:
    """The default decision (timeout policy "default") is a complete move `apply` accepts on a
    copy, never a step or BACK; asking for it changes nothing and gives the same move twice."""
    before = title.encode(state)
    move = title.default_move(state, seat)
    assert title.encode(state) == before, "default_move must not change the state"
    assert title.default_move(state, seat) == move, "default_move must be deterministic"
    assert move and move != BACK
    steps = _steps_listed(title, state, seat)
    assert move not in steps, f"default {move!r} is a step, not a move"
    title.apply(title.copy(state), seat, move)


def _steps_listed(title: Title, state, seat: int) -> set[str]:
    """Every step id on the seat's top menu (a default must never be one)."""
    prompt = title.choices(state, seat, ())
    return {c.id for c in prompt.choices if c.step} if prompt else set()


@pytest.mark.parametrize(("slug", "seats"), CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_follow_the_contract(slug: str, seats: int, seed: int) -> None:
    title = registry.get(slug)
    assert title is not None
    state = title.setup(seed, seats, {})
    rng = Rng.from_seed(seed * 1000 + seats)
    log: list[tuple[int, str]] = []
    after: list[bytes] = []  # the state after each move
    hidden_seen = False
    pairs, compared = _fast_pairs(title), 0
    for n in range(MAX_MOVES):
        if title.result(state) is not None:
            break
        prompts = title.prompts(state)
        assert prompts, "a game that is not over must have someone to decide"
        assert title.deciding(state) == [p.seat for p in prompts]
        deciding = {p.seat for p in prompts}
        for p in prompts:  # a seat's top-level menu is its prompt (the host relies on it)
            assert title.choices(state, p.seat, ()) == p
            _check_default(title, state, p.seat)
        if pairs is not None and n % 3 == 0:
            compared += _check_fast(pairs, state, seats)
        before = title.encode(state), msgspec.json.encode(title.view(state, None))
        prompt = rng.choice(prompts)
        full = n % 7 == 0  # the whole menu tree is checked now and then; bots move otherwise
        move = (
            _build_move(title, state, prompt.seat, rng)
            if full or rng.below(2)
            else title.bot_choice(state, prompt.seat, rng.fork(n))
        )
        assert (title.encode(state), msgspec.json.encode(title.view(state, None))) == before
        for cid in ("", "zz-not-a-move", move + "x"):
            _refuses(title, state, prompt.seat, cid)
        idle = next((s for s in range(seats) if s not in deciding), None)
        if idle is not None:
            _refuses(title, state, idle, move)
        if full:
            hidden_seen = _leaks(title, state, seats, rng) or hidden_seen
        title.apply(state, prompt.seat, move)
        log.append((prompt.seat, move))
        after.append(title.encode(state))
    else:
        pytest.fail(f"{slug} with {seats} seats did not end in {MAX_MOVES} decisions")
    assert hidden_seen == title.hidden_hands, "the leak check saw nothing hidden"
    assert pairs is None or compared > 0, "the fast paths were never compared"
    result = title.result(state)
    assert result is not None and sorted(result.ranking) == list(range(seats))
    assert title.prompts(state) == [] and title.deciding(state) == []
    replay = title.setup(seed, seats, {})
    for seat, move in log:
        title.apply(replay, seat, move)
    assert title.encode(replay) == title.encode(state)
    # A log folded with `replay` (what only describes a move skipped), each shown state
    # through `apply`, gives the same states.
    replay = title.setup(seed, seats, {})
    for n, (seat, move) in enumerate(log):
        if n % 5 == 4 or n == len(log) - 1:
            title.apply(replay, seat, move)
            assert title.encode(replay) == after[n], f"move {n + 1} after `replay`"
        else:
            title.replay(replay, seat, move)
