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
from engine.mombasa.view_static import memo, static
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
    b = data().books[bid]
    return Book(b.id, b.letter, list(b.req), list(b.reward))


def bonus_text(pair: str, index: int) -> str:
    """A short text of a special track bonus, e.g. "Expansion value +1"."""
    return memo(static().bonus_texts, (pair, index), _bonus_text)


def _bonus_text(key: tuple[str, int]) -> str:
    pair, index = key
    raw = data().bonuses[pair][index].raw
    if "expansion_value_plus" in raw:
        return f"Expansion value +{raw['expansion_value_plus']}"
    if "bonus_markers_plus" in raw:
        return f"+{raw['bonus_markers_plus']} bonus marker"
    if "card_price_minus" in raw:
        what = (
            "bananas"
            if "banana" in raw.get("when", "")
            else "cotton"
            if "cotton" in raw.get("when", "")
            else "any goods"
        )
        return f"Price -{raw['card_price_minus']} ({what})"
    if "cotton_units_per_card_plus" in raw:
        return "Cotton cards +1 unit"
    if pair == "pay_for_books_and_diamonds":
        return "Pay £2: books/diamonds" if index == 0 else "Pay £3: 2 books + 2 diamonds"
    if pair == "buy_card_with_pounds_and_or_diamonds":
        return "Buy card for £ / +1 diamond" if index == 0 else "Buy card £-1 / +2 diamonds"
    if pair == "sell_card_from_hand":
        return "Sell a card: crate +£3" if index == 0 else "Sell coffee: crate +£8"
    if pair == "pay1_advance_other_tracks":
        return "Pay £1: 2 tracks +2" if index == 0 else "Pay £1: 3 tracks +2"
    return pair.replace("_", " ")


def _space_label(sid: str) -> tuple[str, str]:
    return memo(static().space_labels, sid, _make_space_label)


def _make_space_label(sid: str) -> tuple[str, str]:
    if sid.startswith("track:"):
        return "extra", ""  # labelled by build() from the side lying at that company
    s = data().bonus_spaces[sid]
    if s.kind == "majority":
        return s.kind, f"Most {s.measure}: +{s.advance}"
    if s.kind == "tile":
        return s.kind, f"Tile {s.tile}"
    if s.kind == "buy":
        return s.kind, "Buy a card"
    if s.kind == "sell":
        return s.kind, f"Sell: crate +£{s.sell_bonus}"
    return s.kind, f"Study: pay £{s.pay_pounds}"


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
    d = data()
    code = tid.removeprefix("start:")
    tile = next((t for t in d.start_tiles if f"{t.tile}" == code[:-1]), None)
    f = tile.faces.get(code[-1]) if tile else None
    return Book(tid, "S", list(f.req) if f else [], list(d.start_tile_reward))


def _player(st: State, seat: int) -> Player:
    p = st.players[seat]
    d = data()
    hidden = st.phase == "planning"  # before the reveal: nothing of the action area (R180)
    slots = [
        Slot(
            i + 1,
            (i + 1) not in p.unlocked,
            face(s.card) if s.card and not hidden else None,
            s.face_up,
        )
        for i, s in enumerate(p.slots)
    ]
    books = []
    for i, b in enumerate(p.books):
        tile = None
        if b.tile.startswith("start:"):
            tile = _start_book(b.tile)
        elif b.tile:
            tile = book(b.tile)
        books.append(BookPos(i + 1, tile, b.face_up, b.left_empty))
    all_chosen = st.phase != "start_tiles"
    kept = ""
    if all_chosen and p.start_deal and p.start_choice >= 0:
        deal = p.start_deal[min(p.start_choice, len(p.start_deal) - 1)]
        kept = f"{deal.tile}{deal.face}"
    shares = {}
    for comp, side in st.sides.items():
        shares[comp] = d.sides[side].shares_at(p.track.get(comp, 0))
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
        piles=[faces(pile) for pile in p.piles],
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


def build(st: State, seat: int | None) -> MombasaView:
    """The view for `seat` (None: a spectator, public information only)."""
    d = data()
    comps = []
    posts_on_map = {c: 0 for c in d.companies}
    for comp in st.map.values():
        if comp:
            posts_on_map[comp] += 1
    for comp in d.companies:
        side = d.sides[st.sides[comp]]
        base = st.bases[comp]
        arrivals = st.arrivals.get(comp, [[], []])
        extra = []
        if side.family == "extra_spaces":
            extra = [st.bonus_spaces.get(f"track:{comp}:{i}", -1) for i in (0, 1)]
        comps.append(
            Company(
                id=comp,
                name=names.company(comp),
                side=side.id,
                family=side.family,
                last_space=side.last_space,
                share_icons=list(side.share_icons),
                capital_calls=[(c.before, c.pounds) for c in side.capital_calls],
                specials=[
                    Special(
                        sp.index,
                        sp.space,
                        sp.pounds,
                        bonus_text(side.bonus_pair, sp.index),
                        list(arrivals[sp.index]),
                    )
                    for sp in side.special_spaces
                ],
                markers=[p.track.get(comp, 0) for p in st.players],
                extra_spaces=extra,
                columns=[list(c) for c in d.base_columns],
                covered=list(base.posts),
                reserve=base.reserve,
                share_value=sum(
                    sum(col[: len(col) - n])
                    for col, n in zip(d.base_columns, base.posts, strict=True)
                ),
                posts_on_map=posts_on_map[comp],
            )
        )
    areas = [
        Area(a.id, a.name, a.xy, list(a.reward), st.map.get(a.id, "")) for a in d.areas.values()
    ]
    borders = list(static().borders)
    display = []
    for r, row in enumerate(st.display):
        for c, cid in enumerate(row):
            mod = d.price_modifier[d.display_columns[c]]
            f = face(cid) if cid else None
            price = max(d.price_floor, f.crate + mod) if f else 0
            display.append(DisplayCard(r, c, mod, f, price))
    spaces = []
    for sid, occ in st.bonus_spaces.items():
        kind, label = _space_label(sid)
        if kind == "extra":
            comp, i = sid.split(":")[1], int(sid.split(":")[2])
            label = bonus_text(d.sides[st.sides[comp]].bonus_pair, i)
        spaces.append(BonusSpace(sid, kind, label, occ))
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
        borders=borders,
        base_areas={c: list(v) for c, v in d.base_adjacent.items()},
        display=display,
        deck_count=len(st.deck),
        discard=faces(st.discard),
        book_display={k: [book(b) for b in v] for k, v in st.book_display.items()},
        book_supply={k: len(v) for k, v in st.book_supply.items()},
        bonus_spaces=spaces,
        bonus_tiles=dict(st.bonus_tiles),
        tile_faces={t: list(bt.faces) for t, bt in d.bonus_tiles.items()},
        players=_players(st),
        me=_private(st, seat) if seat is not None else None,
        last=list(st.last),
        last_text=list(st.last_text) or st.log[-3:],
    )
