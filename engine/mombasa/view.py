"""The view of a Mombasa game: what one seat (or a spectator, seat None) may see (spec section 2.1).

Renderers and public messages only ever receive these Structs, never the state. Public: the map,
bases, tracks, card and book displays, bonus spaces and tiles, every player's money, hand SIZE,
revealed action areas, full discard piles, player-board tracks, bonuses and shares. Hidden from
everyone but the owner: the hand's cards, a plan before the reveal (others see only WHETHER it is
confirmed, R180, and the hand size as it was when planning began, R187), the face chosen for a held
tile before the reveal, the starting-tile deal until all have chosen (R183). Hidden from all: the
deck order and the book supplies (only their counts, R181).

`last` lists what the most recent move touched (the board highlights them), as ids:
    "area:<area id>", "base:<company>", "track:<company>:<seat>", "display:<row>:<col>",
    "books:<letter>", "space:<bonus space id>", "tile:<T>", "slot:<seat>:<n>", "pile:<seat>:<n>",
    "cash:<seat>", "diamond:<seat>", "ink:<seat>", "book:<seat>:<n>", "discard"
"""

from __future__ import annotations

from engine.mombasa import names
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind
from engine.mombasa.view_static import (
    SideParts,
    Static,
    make_bonus_text,
    make_side_parts,
    make_space_label,
    memo,
    static,
)
from engine.mombasa.view_types import (
    Area,
    BonusSpace,
    Book,
    BookPos,
    Company,
    DisplayCard,
    Face,
    MombasaView,
    Player,
    Private,
    Slot,
    Special,
    StartOption,
)

__all__ = [
    "Area",
    "BonusSpace",
    "Book",
    "BookPos",
    "Company",
    "DisplayCard",
    "Face",
    "MombasaView",
    "Player",
    "Private",
    "Slot",
    "Special",
    "StartOption",
]  # the names of the parts, re-exported


_WORD = {"bananas": "Bananas", "cotton": "Cotton", "coffee": "Coffee", "expansion": "Expansion"}


def face(cid: str) -> Face:
    """The face of a physical card (kept per card id: a face is frozen, a pure function of the
    data)."""
    return memo(static().faces, cid, _face)


def faces(cids: list[str]) -> list[Face]:
    """The faces of a list of cards (the kept faces looked up once for all)."""
    get = static().faces.get
    return [get(c) or face(c) for c in cids]


def _face(cid: str) -> Face:
    c = data().cards[card_kind(cid)]
    if c.type == "goods":
        return Face(cid, c.id, c.type, c.crate, f"{_WORD[c.good]} {c.units}", c.units, c.good)
    if c.type == "expansion":
        return Face(cid, c.id, c.type, c.crate, f"Expand {c.units}", c.units)
    if c.type == "bookkeeper":
        n = c.bookkeeping_points
        return Face(cid, c.id, c.type, c.crate, f"Books {n}", n)
    if c.type == "diamond_merchant":
        return Face(cid, c.id, c.type, c.crate, f"Diamonds {c.diamonds}", c.diamonds)
    return Face(
        cid, c.id, c.type, c.crate, f"Share {names.company(c.company)}", c.shares, c.company
    )


def book(bid: str) -> Book:
    """The view of a book tile (kept per id, like a face: frozen, a pure function of the data)."""
    return memo(static().books, bid, _book)


def _book(bid: str) -> Book:
    b = data().books[bid]
    return Book(b.id, b.letter, list(b.req), list(b.reward))


def bonus_text(pair: str, index: int) -> str:
    """A short text of a special track bonus, e.g. "Expansion value +1"."""
    return memo(static().bonus_texts, (pair, index), make_bonus_text)


def _space_label(sid: str) -> tuple[str, str]:
    return memo(static().space_labels, sid, make_space_label)


def hand_size(st: State, seat: int) -> int:
    """R187: during planning everyone else sees the size the hand had when planning began; the
    stored plan's cards count whether or not the flow took them out of the hand already."""
    p = st.players[seat]
    if st.phase == "planning":
        return len(p.hand) + sum(1 for c in p.plan.slots if c and c not in p.hand)
    return len(p.hand)


def _start_book(tid: str) -> Book:
    """The kept starting tile on bookkeeping position 1 ("start:3a"), as a book "S" with the
    requirement of its face and the starting-tile reward."""
    return memo(static().books, tid, _make_start_book)


def _make_start_book(tid: str) -> Book:
    d = data()
    code = tid.removeprefix("start:")
    tile = next((t for t in d.start_tiles if f"{t.tile}" == code[:-1]), None)
    f = tile.faces.get(code[-1]) if tile else None
    return Book(tid, "S", list(f.req) if f else [], list(d.start_tile_reward))


def _side(side_id: str) -> SideParts:
    """The data-only parts of a company's view for a track side (kept per side)."""
    return memo(static().sides, side_id, make_side_parts)


def _faces(stc: Static, cids: list[str]) -> list[Face]:
    get = stc.faces.get
    return [get(c) or face(c) for c in cids]


def _tile_book(tile: str) -> Book:
    """The book of a bookkeeping position's tile (a book tile or the starting tile)."""
    return _start_book(tile) if tile.startswith("start:") else book(tile)


def _player(st: State, seat: int) -> Player:
    p = st.players[seat]
    stc = static()
    get_face = stc.faces.get
    hidden = st.phase == "planning"  # before the reveal: nothing of the action area (R180)
    locked = p.unlocked
    slots = [
        Slot(
            i,
            i not in locked,
            (get_face(s.card) or face(s.card)) if s.card and not hidden else None,
            s.face_up,
        )
        for i, s in enumerate(p.slots, 1)
    ]
    get_book = stc.books.get
    books = [
        BookPos(
            i, (get_book(b.tile) or _tile_book(b.tile)) if b.tile else None, b.face_up, b.left_empty
        )
        for i, b in enumerate(p.books, 1)
    ]
    all_chosen = st.phase != "start_tiles"
    kept = ""
    if all_chosen and p.start_deal and p.start_choice >= 0:
        deal = p.start_deal[min(p.start_choice, len(p.start_deal) - 1)]
        kept = f"{deal.tile}{deal.face}"
    track = p.track
    shares = {}
    for comp, side in st.sides.items():
        at = track.get(comp, 0)
        table = (stc.sides.get(side) or _side(side)).shares
        shares[comp] = table[at] if 0 <= at < len(table) else stc.data.sides[side].shares_at(at)
    return Player(
        seat=seat,
        colour=p.colour,
        name=names.colour(p.colour),
        cash=p.cash,
        hand_size=hand_size(st, seat),
        planned=p.plan.confirmed,
        slots=slots,
        tile=p.tile,
        tile_in_area=p.tile_in_area and not hidden,
        tile_face=p.tile_face if p.tile and not hidden else -1,
        tile_face_up=p.tile_face_up,
        piles=[_faces(stc, pile) for pile in p.piles],
        books=books,
        ink=p.ink,
        diamond=p.diamond,
        markers=p.markers,
        markers_placed=list(p.markers_placed),
        markers_in_box=p.markers_in_box,
        bonuses=[(b.company, b.index, b.active) for b in p.bonuses],
        track=dict(p.track),
        shares=shares,
        passed=p.passed,
        start_chosen=p.start_choice >= 0,
        start_tile=kept,
        pile_choice=p.pile_choice,
    )


def _players(st: State) -> list[Player]:
    out = [_player(st, s) for s in range(st.seats)]
    if st.phase == "over":
        from engine.mombasa import scoring

        res = scoring.result(st)
        for p in out:
            p.final = scoring.breakdown(st, p.seat)
            p.place = res.places[p.seat]
    return out


def _private(st: State, seat: int) -> Private:
    p = st.players[seat]
    d = data()
    deal = []
    for sd in p.start_deal:
        if not sd.face:
            continue
        tile = next((t for t in d.start_tiles if t.tile == sd.tile), None)
        f = tile.faces.get(sd.face) if tile else None
        deal.append(
            StartOption(sd.tile, sd.face, list(f.lock) if f else [], list(f.req) if f else [])
        )
    return Private(
        seat=seat,
        hand=faces(p.hand),
        plan=[face(c) if c else None for c in p.plan.slots],
        plan_tile_face=p.plan.tile_face,
        plan_confirmed=p.plan.confirmed,
        start_deal=deal,
        start_choice=p.start_choice,
    )


def _deciding(st: State) -> list[int]:
    ps = st.players
    if st.phase == "start_tiles":
        return [i for i, p in enumerate(ps) if p.start_choice < 0]
    if st.phase == "planning":
        return [i for i, p in enumerate(ps) if not p.plan.confirmed]
    if st.phase == "action":
        return [st.pending[-1].seat] if st.pending else [st.turn]
    if st.phase == "preparation":
        return [i for i, p in enumerate(ps) if p.pile_choice < 0]
    return []


def _status(st: State, deciding: list[int]) -> str:
    who = ", ".join(names.player(st, s) for s in deciding)
    if st.phase == "over":
        return "Game over"
    if st.phase == "start_tiles":
        return f"Setup: choose a starting tile ({who})"
    head = f"Round {st.round}/{data().rounds}"
    if st.phase == "planning":
        return f"{head} · Planning · waiting for {who}" if who else f"{head} · Planning"
    if st.phase == "action":
        return f"{head} · Action · {who} to play"
    return f"{head} · Preparation" + (f" · waiting for {who}" if who else "")


def _company(st: State, stc: Static, comp: str, posts_on_map: int) -> Company:
    d = stc.data
    side = d.sides[st.sides[comp]]
    parts = _side(side.id)
    base = st.bases[comp]
    arrivals = st.arrivals.get(comp, [[], []])
    extra = []
    if side.family == "extra_spaces":
        extra = [st.bonus_spaces.get(f"track:{comp}:{i}", -1) for i in (0, 1)]
    posts = tuple(base.posts)
    value = stc.share_values.get(posts)
    if value is None:
        value = stc.share_values[posts] = sum(
            sum(col[: len(col) - n]) for col, n in zip(d.base_columns, posts, strict=True)
        )
    return Company(
        id=comp,
        name=names.company(comp),
        side=side.id,
        family=side.family,
        last_space=side.last_space,
        share_icons=list(parts.share_icons),
        capital_calls=list(parts.capital_calls),
        specials=[
            Special(index, space, pounds, text, list(arrivals[index]))
            for index, space, pounds, text in parts.specials
        ],
        markers=[p.track.get(comp, 0) for p in st.players],
        extra_spaces=extra,
        columns=[list(c) for c in d.base_columns],
        covered=list(base.posts),
        reserve=base.reserve,
        share_value=value,
        posts_on_map=posts_on_map,
    )


def build(st: State, seat: int | None) -> MombasaView:
    """The view for `seat` (None: a spectator, public information only)."""
    d = data()
    stc = static()
    posts_on_map = {c: 0 for c in d.companies}
    for comp in st.map.values():
        if comp:
            posts_on_map[comp] += 1
    comps = [_company(st, stc, comp, posts_on_map[comp]) for comp in d.companies]
    areas = [
        Area(a, name, xy, list(reward), st.map.get(a, "")) for a, name, xy, reward in stc.areas
    ]
    display = []
    get_face = stc.faces.get
    for r, row in enumerate(st.display):
        for c, cid in enumerate(row):
            mod = stc.modifiers[c]
            f = (get_face(cid) or face(cid)) if cid else None
            price = max(d.price_floor, f.crate + mod) if f else 0
            display.append(DisplayCard(r, c, mod, f, price))
    spaces = []
    for sid, occ in st.bonus_spaces.items():
        kind, label = stc.space_labels.get(sid) or _space_label(sid)
        if kind == "extra":
            comp, i = sid.split(":")[1], int(sid.split(":")[2])
            label = bonus_text(d.sides[st.sides[comp]].bonus_pair, i)
        spaces.append(BonusSpace(sid, kind, label, occ))
    get_book = stc.books.get
    deciding = _deciding(st)
    return MombasaView(
        seats=st.seats,
        viewer=seat,
        round=st.round,
        rounds=d.rounds,
        phase=st.phase,
        turn=st.turn,
        start_player=st.start_player,
        deciding=deciding,
        status=_status(st, deciding),
        companies=comps,
        areas=areas,
        borders=list(stc.borders),
        base_areas={c: list(v) for c, v in d.base_adjacent.items()},
        display=display,
        deck_count=len(st.deck),
        discard=_faces(stc, st.discard),
        book_display={k: [get_book(b) or book(b) for b in v] for k, v in st.book_display.items()},
        book_supply={k: len(v) for k, v in st.book_supply.items()},
        bonus_spaces=spaces,
        bonus_tiles=dict(st.bonus_tiles),
        tile_faces={t: list(f) for t, f in stc.tile_faces},
        players=_players(st),
        me=_private(st, seat) if seat is not None else None,
        last=list(st.last),
        last_text=list(st.last_text) or st.log[-3:],
    )
