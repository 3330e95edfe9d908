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
`recent` lists the latest moves, oldest first (engine/mombasa/recent.py): each one's seat, public
log lines and the areas and bases it changed. The same for every viewer: public only.
"""

from __future__ import annotations

from engine.mombasa import bases, names
from engine.mombasa.data import data
from engine.mombasa.state import BookPos as BookState
from engine.mombasa.state import Player as PlayerState
from engine.mombasa.state import State
from engine.mombasa.view import (
    Area,
    BonusSpace,
    Book,
    BookPos,
    Company,
    DisplayCard,
    Face,
    MombasaView,
    Move,
    Player,
    Private,
    Slot,
    Special,
    StartOption,
)
from engine.mombasa.view_faces import (
    bonus_text,
    book,
    face,
    faces,
    faces_of,
    side_parts,
    space_label,
    tile_book,
)
from engine.mombasa.view_static import (
    Static,
    kept,
    static,
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
    "Move",
    "Player",
    "Private",
    "Slot",
    "Special",
    "StartOption",
]  # the names of the parts, re-exported


def hand_size(st: State, seat: int) -> int:
    """R187: during planning everyone else sees the size the hand had when planning began; the
    stored plan's cards count whether or not the flow took them out of the hand already."""
    p = st.players[seat]
    if st.phase == "planning":
        return len(p.hand) + sum(1 for c in p.plan.slots if c and c not in p.hand)
    return len(p.hand)


def _slots(stc: Static, p: PlayerState, hidden: bool) -> list[Slot]:
    """A seat's slots: locked or not, and (after the reveal, R180) the cards in them."""
    row = kept(stc.slot_rows, (tuple(p.slots), tuple(p.unlocked), hidden), _make_slots)
    return list(row)


def _make_slots(key: tuple) -> tuple[Slot, ...]:
    slots, unlocked, hidden = key
    return tuple(
        Slot(i, i not in unlocked, face(s.card) if s.card and not hidden else None, s.face_up)
        for i, s in enumerate(slots, 1)
    )


def _books(stc: Static, books: list[BookState]) -> list[BookPos]:
    """A seat's bookkeeping positions."""
    row = kept(stc.book_rows, tuple(books), _make_books)
    return list(row)


def _make_books(books: tuple[BookState, ...]) -> tuple[BookPos, ...]:
    return tuple(
        BookPos(i, tile_book(b.tile) if b.tile else None, b.face_up, b.left_empty)
        for i, b in enumerate(books, 1)
    )


def _player(st: State, seat: int) -> Player:
    p = st.players[seat]
    stc = static()
    hidden = st.phase == "planning"  # before the reveal: nothing of the action area (R180)
    slots = _slots(stc, p, hidden)
    books = _books(stc, p.books)
    all_chosen = st.phase != "start_tiles"
    start_tile = ""
    if all_chosen and p.start_deal and p.start_choice >= 0:
        deal = p.start_deal[min(p.start_choice, len(p.start_deal) - 1)]
        start_tile = f"{deal.tile}{deal.face}"
    track = p.track
    shares = {}
    for comp, side in st.sides.items():
        at = track.get(comp, 0)
        table = (stc.sides.get(side) or side_parts(side)).shares
        shares[comp] = table[at] if 0 <= at < len(table) else stc.data.sides[side].shares_at(at)
    # the fields in order (positional: a third of the cost of keywords)
    return Player(
        seat,  # seat
        p.colour,  # colour
        names.colour(p.colour),  # name
        p.cash,  # cash
        hand_size(st, seat),  # hand_size
        p.plan.confirmed,  # planned
        slots,  # slots
        p.tile,  # tile
        p.tile_in_area and not hidden,  # tile_in_area
        p.tile_face if p.tile and not hidden else -1,  # tile_face
        p.tile_face_up,  # tile_face_up
        [faces_of(stc, pile) for pile in p.piles],  # piles
        books,  # books
        p.ink,  # ink
        p.diamond,  # diamond
        p.markers,  # markers
        list(p.markers_placed),  # markers_placed
        p.markers_in_box,  # markers_in_box
        [(b.company, b.index, b.active) for b in p.bonuses],  # bonuses
        dict(p.track),  # track
        shares,  # shares
        p.passed,  # passed
        p.start_choice >= 0,  # start_chosen
        start_tile,  # start_tile
        p.pile_choice,  # pile_choice
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
    parts = side_parts(side.id)
    base = st.bases[comp]
    arrivals = st.arrivals.get(comp, [[], []])
    extra = []
    if side.family == "extra_spaces":
        space = st.bonus_spaces.get
        extra = [space(f"track:{comp}:0", -1), space(f"track:{comp}:1", -1)]
    value = bases.share_value(st, comp)
    # the fields in order (positional: a third of the cost of keywords)
    return Company(
        comp,  # id
        names.company(comp),  # name
        side.id,  # side
        side.family,  # family
        side.last_space,  # last_space
        list(parts.share_icons),  # share_icons
        list(parts.capital_calls),  # capital_calls
        [
            Special(index, space, pounds, text, list(arrivals[index]))
            for index, space, pounds, text in parts.specials
        ],  # specials
        [p.track.get(comp, 0) for p in st.players],  # markers
        extra,  # extra_spaces
        list(map(list, d.base_columns)),  # columns
        list(base.posts),  # covered
        base.reserve,  # reserve
        value,  # share_value
        posts_on_map,  # posts_on_map
    )


def _make_areas(key: tuple[tuple[str, ...], tuple[str, ...]]) -> tuple[Area, ...]:
    """The map's areas; `key`: the map's areas and their companies."""
    company = dict(zip(*key, strict=True)).get
    return tuple(
        Area(a, name, xy, list(reward), company(a, ""), number)
        for a, name, xy, reward, number in static().areas
    )


def _make_display(rows: tuple[tuple[str, ...], ...]) -> tuple[DisplayCard, ...]:
    """The card display's spaces with their cards and prices."""
    d = data()
    mods = static().modifiers
    out = []
    for r, row in enumerate(rows):
        for c, cid in enumerate(row):
            f = face(cid) if cid else None
            price = max(d.price_floor, f.crate + mods[c]) if f else 0
            out.append(DisplayCard(r, c, mods[c], f, price))
    return tuple(out)


def _make_spaces(key: tuple) -> tuple[BonusSpace, ...]:
    """The bonus spaces and their occupants; `key`: theirs and the track sides' items."""
    occupants, sides = key
    d = data()
    out = []
    for sid, occ in occupants:
        kind, label = space_label(sid)
        if kind == "extra":
            comp, i = sid.split(":")[1], int(sid.split(":")[2])
            label = bonus_text(d.sides[dict(sides)[comp]].bonus_pair, i)
        out.append(BonusSpace(sid, kind, label, occ))
    return tuple(out)


def build(st: State, seat: int | None) -> MombasaView:
    """The view for `seat` (None: a spectator, public information only)."""
    d = data()
    stc = static()
    posts_on_map = {c: 0 for c in d.companies}
    for comp in st.map.values():
        if comp:
            posts_on_map[comp] += 1
    comps = [_company(st, stc, comp, posts_on_map[comp]) for comp in d.companies]
    area_row = kept(stc.area_rows, (tuple(st.map), tuple(st.map.values())), _make_areas)
    display_row = kept(stc.display_rows, tuple(map(tuple, st.display)), _make_display)
    spaces_key = (tuple(st.bonus_spaces.items()), tuple(st.sides.items()))
    space_row = kept(stc.space_rows, spaces_key, _make_spaces)
    areas, display, spaces = list(area_row), list(display_row), list(space_row)
    get_book = stc.books.get
    deciding = _deciding(st)
    # the fields in order (positional: a third of the cost of keywords)
    return MombasaView(
        st.seats,  # seats
        seat,  # viewer
        st.round,  # round
        d.rounds,  # rounds
        st.phase,  # phase
        st.turn,  # turn
        st.start_player,  # start_player
        deciding,  # deciding
        _status(st, deciding),  # status
        comps,  # companies
        areas,  # areas
        list(stc.borders),  # borders
        {c: list(v) for c, v in d.base_adjacent.items()},  # base_areas
        display,  # display
        len(st.deck),  # deck_count
        faces_of(stc, st.discard),  # discard
        {
            k: [get_book(b) or book(b) for b in v] for k, v in st.book_display.items()
        },  # book_display
        {k: len(v) for k, v in st.book_supply.items()},  # book_supply
        spaces,  # bonus_spaces
        dict(st.bonus_tiles),  # bonus_tiles
        {t: list(f) for t, f in stc.tile_faces},  # tile_faces
        _players(st),  # players
        _private(st, seat) if seat is not None else None,  # me
        list(st.last),  # last
        list(st.last_text) or st.log[-3:],  # last_text
        [Move(m.seat, list(m.lines), list(m.touched)) for m in st.recent],  # recent
    )
