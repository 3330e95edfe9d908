"""The menus' shortcuts, each beside the long way it must agree with: "is there an argument / a
purchase / a target" answered without listing them (bonus_args, goods, map). The automatic
player asks the same questions through them. `pairs` lists them for one position; the
conformance suite (tests/engine/test_conformance.py) asserts every pair equal over many
positions."""

from __future__ import annotations

from collections.abc import Iterator

from engine.mombasa import bonus_args, bonus_spaces, goods
from engine.mombasa import map as geo
from engine.mombasa.data import data
from engine.mombasa.state import State


def pairs(st: State, seat: int) -> Iterator[tuple[str, object, object]]:
    """(what, shortcut, the long way) for `seat` in the action phase of `st`."""
    if st.phase != "action":
        return
    for sid in bonus_spaces.space_ids(st):
        plain = bonus_args.arg_tokens(st, seat, sid) is not None
        yield f"takes_arg {sid}", bonus_args.takes_arg(st, sid), plain
    for key, pk in goods.picks(st, seat).items():
        yield f"can_buy {key}", goods.can_buy(st, seat, pk), bool(goods.buys(st, seat, pk))
    for company in data().companies:
        for pts in range(9):
            plain = bool(geo.legal_targets(st, company, pts))
            yield f"has_target {company} {pts}", geo.has_target(st, company, pts), plain
