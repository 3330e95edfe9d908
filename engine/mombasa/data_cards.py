"""Validation of the Mombasa cards (action, starting, seat cards), starting tiles and book tiles."""

from __future__ import annotations

from typing import Any

from engine.mombasa.data_checks import (
    BOOK_LETTERS,
    CARD_LETTERS,
    CARD_TOTALS,
    CARD_TYPES,
    COMPANIES,
    check,
    fail,
    positive_pairs,
)
from engine.mombasa.data_types import BookTile, CardDef, StartFace, StartTile


def card_def(cid: str, letter: str, c: dict[str, Any], goods: tuple[str, ...]) -> CardDef:
    """One card entry of the data, validated by its type."""
    t = c.get("type")
    if not isinstance(t, str) or t not in CARD_TYPES:
        fail(f"card {cid}: unknown type {t!r}")
    crate = c.get("crate")
    if not (isinstance(crate, int) and crate >= 0):
        fail(f"card {cid}: crate must be an integer >= 0, got {crate!r}")
    if t == "goods":
        check(c.get("good") in goods, f"card {cid}: unknown good {c.get('good')!r}")
        check(
            isinstance(c.get("units"), int) and 1 <= c["units"] <= 4,
            f"card {cid}: units {c.get('units')!r} not in 1..4",
        )
        return CardDef(cid, letter, t, crate, good=c["good"], units=c["units"])
    if t == "expansion":
        check(
            isinstance(c.get("value"), int) and 1 <= c["value"] <= 4,
            f"card {cid}: value {c.get('value')!r} not in 1..4",
        )
        return CardDef(cid, letter, t, crate, units=c["value"])
    if t == "bookkeeper":
        bp = c.get("bookkeeping_points")
        if not (isinstance(bp, int) and bp >= 0):
            fail(f"card {cid}: bookkeeping_points {bp!r}")
        return CardDef(cid, letter, t, crate, bookkeeping_points=bp)
    if t == "diamond_merchant":
        dm = c.get("diamonds")
        if not (isinstance(dm, int) and dm >= 1):
            fail(f"card {cid}: diamonds {dm!r}")
        return CardDef(cid, letter, t, crate, diamonds=dm)
    check(c.get("company") in COMPANIES, f"card {cid}: unknown company {c.get('company')!r}")
    return CardDef(cid, letter, t, crate, company=c["company"], shares=int(c.get("shares", 1)))


def card_defs(
    raw: dict[str, Any], goods: tuple[str, ...]
) -> tuple[dict[str, CardDef], tuple[str, ...], list[str], list[str]]:
    """Every card kind (44 action cards with the stated totals, 9 starting cards, 4 seat cards)
    and the action, starting and seat card ids."""
    cards: dict[str, CardDef] = {}
    acts = raw["action_cards"]
    check(len(acts) == 44, f"action_cards: {len(acts)} cards, need 44")
    for c in acts:
        cid = c.get("id")
        check(cid not in cards, f"action card id {cid!r} is not unique")
        check(c.get("letter") in CARD_LETTERS, f"action card {cid}: letter {c.get('letter')!r}")
        check(
            str(cid).startswith(c["letter"]),
            f"action card {cid}: id does not start with its letter {c['letter']}",
        )
        cards[cid] = card_def(cid, c["letter"], c, goods)
    totals = {k: 0 for k in CARD_TOTALS}
    for cd in cards.values():
        totals[cd.good if cd.type == "goods" else cd.type] += 1
    for k, v in CARD_TOTALS.items():
        check(totals[k] == v, f"action_cards: {totals[k]} {k} cards, the spec states {v}")
    shares = [cd for cd in cards.values() if cd.type == "share"]
    check(sorted(s.company for s in shares) == sorted(COMPANIES), "one share card per company")
    action_ids = tuple(c["id"] for c in acts)

    start_ids = []
    for c in raw["starting_cards_per_player"]:
        cid = c["id"]
        check(cid not in cards, f"starting card id {cid!r} is not unique")
        cd = card_def(cid, "S", c, goods)
        check(
            cd.type != "diamond_merchant",
            f"starting card {cid}: no diamond merchant among the starting cards (R129)",
        )
        cards[cid] = cd
        start_ids.append(cid)
    check(len(start_ids) == 9, f"starting_cards_per_player: {len(start_ids)} cards, need 9")
    seat_ids = []
    for i, c in enumerate(sorted(raw["seat_expansion_cards"], key=lambda x: x["seat"])):
        check(c["seat"] == i + 1, f"seat_expansion_cards: seat {c['seat']!r} out of order")
        cid = c.get("id", f"SEAT_{i + 1}")
        check(cid == f"SEAT_{i + 1}", f"seat card id {cid!r} must be SEAT_{i + 1} (R197)")
        cd = card_def(cid, "SEAT", c, goods)
        check(
            cd.type == "expansion" and cd.units == 1,
            f"seat card {cid} must be a '1' expansion card",
        )
        cards[cid] = cd
        seat_ids.append(cid)
    check(len(seat_ids) == 4, f"seat_expansion_cards: {len(seat_ids)}, need 4")
    return cards, action_ids, start_ids, seat_ids


def start_tiles(
    raw: dict[str, Any], start_ids: list[str], units: tuple[str, ...]
) -> list[StartTile]:
    """The 10 starting tiles, each face locking 3 different starting cards."""
    tiles = []
    for t in raw["starting_tiles"]:
        faces = {}
        for f in ("a", "b"):
            lock = tuple(t[f]["lock"])
            check(
                len(lock) == 3 and len(set(lock)) == 3,
                f"starting tile {t['tile']}{f}: must lock 3 different cards",
            )
            for cid in lock:
                check(
                    cid in start_ids,
                    f"starting tile {t['tile']}{f}: {cid!r} is not a starting card",
                )
            faces[f] = StartFace(
                lock, positive_pairs(t[f]["req"], f"starting tile {t['tile']}{f} req", units)
            )  # type: ignore[arg-type]
        tiles.append(StartTile(int(t["tile"]), faces))
    check(len(tiles) == 10, f"starting_tiles: {len(tiles)} tiles, need 10")
    check(
        sorted(t.tile for t in tiles) == list(range(1, 11)), "starting tiles must be numbered 1..10"
    )
    return tiles


def book_tiles(
    raw: dict[str, Any], units: tuple[str, ...]
) -> tuple[dict[str, BookTile], dict[str, tuple[str, ...]]]:
    """The book tiles (72 = 24/24/24, copies expanded) and their ids per letter."""
    books: dict[str, BookTile] = {}
    book_ids: dict[str, tuple[str, ...]] = {}
    bt = raw["book_tiles"]
    check(sorted(bt) == list(BOOK_LETTERS), f"book_tiles letters must be A, B, C, got {sorted(bt)}")
    for letter in BOOK_LETTERS:
        ids: list[str] = []
        for e in bt[letter]:
            copies = e.get("copies", 1)
            check(
                isinstance(copies, int) and copies >= 1, f"book_tiles {letter}: copies {copies!r}"
            )
            req = positive_pairs(e["req"], f"book tile {letter} req", units)
            check(bool(req), f"book tile {letter}: empty requirement")
            reward = positive_pairs(
                e["reward"], f"book tile {letter} reward", ("pounds", "bookkeeping", "diamonds")
            )
            for _ in range(copies):
                bid = f"{letter}{len(ids) + 1:02d}"
                books[bid] = BookTile(bid, letter, req, reward)
                ids.append(bid)
        check(len(ids) == 24, f"book_tiles {letter}: {len(ids)} tiles, need 24")
        book_ids[letter] = tuple(ids)
    return books, book_ids
