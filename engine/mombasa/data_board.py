"""Validation of the Mombasa map (areas, borders, symmetry, connectivity, company bases) and the
bonus spaces and tiles."""

from __future__ import annotations

from typing import Any

from engine.mombasa.data_checks import COMPANIES, check, fail, positive_pairs
from engine.mombasa.data_types import Area, BonusSpace, BonusTile


def board_map(
    raw: dict[str, Any], switches: dict[str, Any], bc: dict[str, int]
) -> tuple[dict[str, Area], dict[str, dict[str, int]], dict[str, tuple[str, ...]]]:
    """The areas, the border costs between them and the areas next to each company base."""
    order = switches["reward_resolution_order"]
    areas: dict[str, Area] = {}
    for aid, a in raw["areas"].items():
        rw = positive_pairs(
            a["reward"], f"area {aid} reward", ("pounds", "bookkeeping", "diamonds", "track")
        )
        rw = tuple(sorted(rw, key=lambda kv: order.index(kv[0])))
        xy = a.get("xy")
        check(
            isinstance(xy, list) and len(xy) == 2 and all(0 <= v <= 1000 for v in xy),
            f"area {aid}: xy {xy!r} (R198)",
        )
        check(bool(a.get("name")), f"area {aid}: needs a name (R195)")
        areas[aid] = Area(aid, a["name"], rw, (int(xy[0]), int(xy[1])))
    neighbours: dict[str, dict[str, int]] = {a: {} for a in areas}
    for b in raw["borders"]:
        check(isinstance(b, list) and len(b) == 3, f"border {b!r} must be [a, b, cost]")
        a1, a2, cost = b
        for x in (a1, a2):
            check(x in areas, f"border {b!r} names unknown area {x!r}")
        check(a1 != a2, f"border {b!r} joins an area to itself")
        check(cost in bc.values(), f"border {b!r}: cost {cost!r} is neither normal nor double")
        check(a2 not in neighbours[a1], f"border {a1}-{a2} is listed twice")
        neighbours[a1][a2] = cost
        neighbours[a2][a1] = cost
    for a1, ns in neighbours.items():
        for a2, cost in ns.items():
            check(neighbours[a2].get(a1) == cost, f"map adjacency not symmetric: {a1}-{a2}")
    seen = {next(iter(areas))}
    todo = list(seen)
    while todo:
        for nb in neighbours[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    check(seen == set(areas), f"map is not connected: {sorted(set(areas) - seen)} unreachable")
    cb = raw["company_bases"]
    check(
        sorted(cb) == sorted(COMPANIES), f"company_bases must list every company, got {sorted(cb)}"
    )
    base_adj = {}
    for comp, v in cb.items():
        adj = tuple(v["adjacent"])
        check(bool(adj), f"company_bases.{comp}: no adjacent area")
        for x in adj:
            check(x in areas, f"company_bases.{comp}: unknown area {x!r}")
        base_adj[comp] = adj
    return areas, neighbours, base_adj


def bonus_board(
    raw: dict[str, Any], units: tuple[str, ...]
) -> tuple[dict[str, BonusTile], dict[str, BonusSpace]]:
    """The bonus tiles and the board bonus spaces, in data order."""
    tiles_b = {}
    for t in raw["bonus_tiles"]:
        faces = []
        for f in t["faces"]:
            fp = positive_pairs(f, f"bonus tile {t['id']} face", units)
            check(len(fp) == 1, f"bonus tile {t['id']}: each face shows one type")
            faces.append(fp[0])
        check(len(faces) == 2, f"bonus tile {t['id']}: needs 2 faces")
        tiles_b[t["id"]] = BonusTile(t["id"], tuple(faces))
    spaces: dict[str, BonusSpace] = {}
    for s in raw["board_bonus_spaces"]:
        sid, kind = s["id"], s["kind"]
        check(sid not in spaces, f"bonus space id {sid!r} is not unique")
        if kind == "majority":
            check(s["measure"] in units, f"bonus space {sid}: unknown measure {s['measure']!r}")
            spaces[sid] = BonusSpace(
                sid,
                kind,
                measure=s["measure"],
                advance=int(s["reward"]["advance_one_company_track"]),
            )
        elif kind == "tile":
            check(s["tile"] in tiles_b, f"bonus space {sid}: unknown tile {s['tile']!r}")
            spaces[sid] = BonusSpace(sid, kind, tile=s["tile"])
        elif kind == "buy":
            spaces[sid] = BonusSpace(sid, kind)
        elif kind == "sell":
            expr = str(s["reward"]["pounds"]).replace(" ", "")
            check(
                expr.startswith("crate_value+"),
                f"bonus space {sid}: reward {expr!r} must be crate_value + n",
            )
            spaces[sid] = BonusSpace(sid, kind, sell_bonus=int(expr.split("+")[1]))
        elif kind == "study":
            spaces[sid] = BonusSpace(
                sid,
                kind,
                pay_pounds=int(s["requirement"]["pay_pounds"]),
                reward=positive_pairs(
                    s["reward"], f"bonus space {sid} reward", ("bookkeeping", "diamonds")
                ),
            )
        else:
            fail(f"bonus space {sid}: unknown kind {kind!r}")
    check(
        sorted(sp.tile for sp in spaces.values() if sp.kind == "tile") == sorted(tiles_b),
        "one tile space per bonus tile",
    )
    return tiles_b, spaces
