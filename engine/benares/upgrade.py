"""Rules version 1 -> 2: version 1 logged a turn as two moves (`card:X`, then `dev:N`, `log:N`,
`skip:N` or `back`) and a chosen sale as `sell:pick` followed by one `n:<k>` per held good.
Version 2 makes each one move (`play:X:dev:N`, `sell:<good>=<k>,...`); a card taken back with
`back` left no trace and is dropped."""

from __future__ import annotations

from engine.benares import menus
from engine.benares.moves import decide
from engine.benares.state import State
from engine.core import BACK, IllegalAction


def upgrade_log(
    rules_version: str, state: State, moves: list[tuple[int, str]]
) -> list[tuple[int, str]] | None:
    if rules_version != "1":
        return None
    out: list[tuple[int, str]] = []
    i = 0
    try:
        while i < len(moves):
            seat, cid = moves[i]
            if cid.startswith("card:") and i + 1 < len(moves) and moves[i + 1][0] == seat:
                nxt = moves[i + 1][1]
                i += 2
                if nxt == BACK:
                    continue
                mode, _, space = nxt.partition(":")
                cid = menus.play_id(cid[5:], mode, int(space))
            elif cid == menus.PICK:
                goods = menus.sale_goods(state, seat)
                counts = [m for _, m in moves[i + 1 : i + 1 + len(goods)]]
                i += 1 + len(goods)
                cid = menus.sale_id([(g, int(n[2:])) for g, n in zip(goods, counts, strict=True)])
            else:
                i += 1
            decide(state, seat, cid)
            out.append((seat, cid))
    except (IllegalAction, ValueError):
        return None
    return out
