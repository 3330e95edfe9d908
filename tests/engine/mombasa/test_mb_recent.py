"""`State.recent` and the view's `recent` (issue 32): the latest moves, each with its seat, its
public lines and the areas and bases it changed; the same for every viewer, nothing hidden in
it, and the same whether a game is folded move by move (`apply`) or by `replay`."""

from __future__ import annotations

from engine.core import same_position
from engine.mombasa import TITLE
from engine.mombasa.state import RECENT_KEEP
from engine.mombasa.viewer import build
from engine.rng import Rng
from render.mombasa.samples import planning_game


def _game(seed: int, seats: int) -> list[tuple[int, str]]:
    """The moves of a whole bot-played game."""
    st = TITLE.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    moves = []
    while prompts := TITLE.prompts(st):
        seat = prompts[0].seat
        move = TITLE.bot_choice(st, seat, rng)
        TITLE.apply(st, seat, move)
        moves.append((seat, move))
    return moves


def test_each_move_is_logged_with_its_seat_public_lines_and_map_changes() -> None:
    seats = 3
    st = TITLE.setup(5, seats, {})
    touched_seen = 0
    for n, (seat, move) in enumerate(_game(5, seats), 1):
        events = TITLE.apply(st, seat, move)
        v = build(st, None)
        assert len(v.recent) == min(n, RECENT_KEEP)
        latest = v.recent[-1]
        assert latest.seat == seat
        assert latest.lines == [e.text for e in events if e.private_to is None] == v.last_text
        # the areas and bases of the highlight (engine/mombasa/highlight.py), read apart
        on_map = [i for i in v.last if i.startswith(("area:", "base:"))]
        assert sorted(latest.touched) == sorted(on_map)
        touched_seen += bool(latest.touched)
    assert touched_seen > 10


def test_recent_is_public_the_same_for_every_viewer_and_any_hidden_deal() -> None:
    rng = Rng.from_seed(9)
    st = TITLE.setup(7, 4, {})
    moves = _game(7, 4)
    checked = 0
    for n, (seat, move) in enumerate(moves):
        TITLE.apply(st, seat, move)
        if n % 9:
            continue
        public = build(st, None).recent
        assert public
        for viewer in (None, *range(st.seats)):
            assert build(st, viewer).recent == public
            other = TITLE.redeal(st, viewer, rng)
            assert build(other, None).recent == public
            checked += 1
    # a plan being made: the others' plans dealt anew, the same moves logged
    st = planning_game()
    public = build(st, None).recent
    assert any(ln.endswith(" has planned.") for m in public for ln in m.lines)
    assert not any(" reveals: " in ln for m in public[-3:] for ln in m.lines)
    for _ in range(3):
        assert build(TITLE.redeal(st, None, rng), None).recent == public
    assert checked > 20


def test_replay_logs_the_moves_as_apply_does() -> None:
    moves = _game(11, 2)
    applied = TITLE.setup(11, 2, {})
    folded = TITLE.setup(11, 2, {})
    for n, (seat, move) in enumerate(moves):
        TITLE.apply(applied, seat, move)
        if n % 7 == 6:
            TITLE.apply(folded, seat, move)
            assert folded.recent == applied.recent
            assert TITLE.encode(folded) == TITLE.encode(applied)
        else:
            TITLE.replay(folded, seat, move)
            assert folded.recent == applied.recent


def test_a_state_stored_before_recent_was_kept_is_the_same_position() -> None:
    st = planning_game()
    assert st.recent
    stored = TITLE.decode(TITLE.encode(st))
    stored.recent = []
    assert same_position(TITLE, st, stored)
    stored.round += 1
    assert not same_position(TITLE, st, stored)
