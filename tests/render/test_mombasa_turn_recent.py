"""Mombasa's turn image tells what changed since the seat to act last played (issue 32): the
others' moves, the most important first, as many as fit at 31 px ("+n more" for the rest), their
areas ringed on the map, the last move's strongest; when several seats decide at once, or the
seat to act moved last, the last move alone as before."""

from __future__ import annotations

import re

from engine.mombasa import TITLE
from engine.mombasa.viewer import build
from render.core import encode
from render.mombasa import RENDERER
from render.mombasa.recent import ranked, since_last_turn
from render.mombasa.samples import mid_game, planning_game, positions
from render.mombasa.turn_map import pos
from tests.render.frames import assert_phone_readable, drawn_with_texts
from tests.render.test_mombasa_turn import _lit


def test_the_others_moves_since_the_seats_last_turn_are_told_and_ringed() -> None:
    v = build(mid_game(), None)
    moves = since_last_turn(v)
    seat = v.deciding[0]
    assert len({m.seat for m in moves}) >= 3 and seat not in {m.seat for m in moves}
    assert moves[-1].lines == v.last_text  # the last move is one of them
    image, texts = drawn_with_texts(lambda: RENDERER.turn(v))
    assert_phone_readable(image, texts)
    drawn = [t for _, t in texts]
    assert f"Since {v.players[seat].name} played" in drawn and "Last move" not in drawn
    for m in moves:  # each move's best line begins a row with its seat's name
        name = v.players[m.seat].name
        assert any(t.startswith(f"{name} ") for t in drawn), name
    told = ranked(moves, v.round)
    assert told[0][0].touched, "a post placed ranks first"
    # the map: the last move's areas ringed thickly, the earlier moves' thinly, others not
    at = {a.id: pos(a.xy) for a in v.areas}
    last = [i.split(":")[1] for i in v.last if i.startswith("area:")]
    earlier = [
        i.split(":")[1]
        for m in moves[:-1]
        for i in m.touched
        if i.startswith("area:") and i not in v.last
    ]
    assert last and earlier
    for a in last:
        for b in earlier:
            assert _lit(image, at[a]) > _lit(image, at[b]) > 100
    bare = build(mid_game(), None)
    bare.recent = []  # the last move alone: no ring around the earlier moves' areas
    plain = RENDERER.turn(bare)
    for b in earlier:
        assert _lit(plain, at[b]) == 0
    for a in last:
        assert _lit(plain, at[a]) == _lit(image, at[a])


def test_moves_that_do_not_fit_are_counted() -> None:
    v = build(mid_game(), None)
    moves = since_last_turn(v)
    v.recent = [m for _ in range(4) for m in moves]  # four rounds of the others' real moves
    image, texts = drawn_with_texts(lambda: RENDERER.turn(v))
    assert_phone_readable(image, texts)
    more = [int(m.group(1)) for _, t in texts if (m := re.fullmatch(r"\+(\d+) more", t))]
    assert len(more) == 1 and 1 <= more[0] < len(v.recent) - 1
    shown = len(v.recent) - more[0]
    names = [t for _, t in texts if t.split(" ")[0] in {p.name for p in v.players}]
    assert len(names) >= shown  # every move shown begins a row with its seat's name


def test_planning_and_a_seat_that_moved_last_keep_the_last_move() -> None:
    st = planning_game()
    v = TITLE.view(st, None)
    assert v.recent and not since_last_turn(v)
    bare = TITLE.view(st, None)
    bare.recent = []
    assert encode(RENDERER.turn(v)).data == encode(RENDERER.turn(bare)).data
    again = None
    for st in positions(4, 2):
        v = build(st, None)
        if v.phase == "action" and v.recent and v.recent[-1].seat == v.deciding[0]:
            again = v
            break
    assert again is not None, "no position where the seat to act moved last"
    assert not since_last_turn(again)
    _, texts = drawn_with_texts(lambda: RENDERER.turn(again))
    assert "Last move" in [t for _, t in texts]
