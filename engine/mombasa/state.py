"""The Mombasa game state (spec section 4.2): plain msgspec Structs, JSON-serialisable, carrying the
game's own Rng. Seats are 0-based (seat 0 = "seat 1" of the spec = start player, R54/R190).

Conventions (see NOTES.md):
* money is `cash` in whole pounds, never below 0 (R174);
* track positions are space numbers 0..last_space; diamond 0..15; ink jar 0..13;
* card ids are unique per physical card: action cards keep their data id ("A01"), a player's
  starting cards and seat card are prefixed with the colour ("blue:S_BAN1", "green:SEAT_2");
  `card_kind(cid)` gives the data id;
* slots and discard piles are lists of 5, index 0 = slot 1;
* bookkeeping `books` is a list of 13, index 0 = position 1 (the starting tile);
* open decisions sit on the `pending` stack (LIFO: the Task stack of engine/kit/tasks.py, as in Benares).
"""

from __future__ import annotations

import msgspec

from engine.kit.tasks import Task
from engine.rng import Rng

#: Phases, in the order a round runs (plus the setup choice and the end).
PHASES = ("start_tiles", "planning", "action", "preparation", "over")


#: physical card id -> data id: kinds are asked for in every menu, move and trial of the
#: automatic player, and a game holds a few hundred card ids (bounded all the same)
_KINDS: dict[str, str] = {}


def card_kind(cid: str) -> str:
    """The data id of a physical card id ("blue:S_BAN1" -> "S_BAN1", "A01" -> "A01")."""
    kind = _KINDS.get(cid)
    if kind is None:
        kind = cid.rsplit(":", 1)[-1]
        if len(_KINDS) < 4096:
            _KINDS[cid] = kind
    return kind


class SlotCard(msgspec.Struct, frozen=True):
    """An action slot this round: the card in it ("" = empty) and whether it is face up. Frozen
    (replaced, never changed in place: `turn_down`), so copies of a state share them."""

    card: str = ""
    face_up: bool = True


class BookPos(msgspec.Struct, frozen=True):
    """One bookkeeping position (1..13). `tile` is a book id ("A07"), "start:<n><face>" for the
    starting tile, or "" (empty). `left_empty` marks a position skipped for good (R123). Frozen
    (replaced, never changed in place), so copies of a state share them."""

    tile: str = ""
    face_up: bool = True
    left_empty: bool = False


class TrackBonus(msgspec.Struct, array_like=True):
    """An unlocked special track bonus: company, index (0 first, 1 second), active flag
    (False = pending until the owner's next turn starts, R18/R85)."""

    company: str
    index: int
    active: bool = False


class Plan(msgspec.Struct):
    """The planning state (R71-R75, R192, R193). `slots[i]` = card planned for slot i+1 ("" =
    none). Drafts are built host-side; once `confirmed` the plan is final and stored until reveal."""

    slots: list[str] = msgspec.field(default_factory=lambda: [""] * 5)
    tile_face: int = -1  # face index chosen for the held bonus tile (-1: not chosen / none)
    confirmed: bool = False


class StartDeal(msgspec.Struct, array_like=True):
    """A dealt starting tile and the face it shows (R64)."""

    tile: int
    face: str  # "a" | "b"


class Player(msgspec.Struct):
    colour: str
    cash: int
    hand: list[str] = msgspec.field(default_factory=list)
    piles: list[list[str]] = msgspec.field(default_factory=lambda: [[] for _ in range(5)])
    slots: list[SlotCard] = msgspec.field(default_factory=lambda: [SlotCard() for _ in range(5)])
    unlocked: list[int] = msgspec.field(default_factory=lambda: [2, 3, 4])  # slot numbers 1..5
    # held bonus tile (R73, R186, R200): id, the round it was taken, its face once placed
    tile: str = ""
    tile_taken_round: int = 0
    tile_in_area: bool = False  # placed into the action area this round (planning)
    tile_face: int = -1
    tile_face_up: bool = True
    plan: Plan = msgspec.field(default_factory=Plan)
    pile_choice: int = -1  # preparation pile pickup, slot number 1..5 (-1: not chosen), R159/R191
    # bonus markers (R62, R141, R204): available to place now; placed = space ids this round
    markers: int = 2
    markers_placed: list[str] = msgspec.field(default_factory=list)
    markers_in_box: int = 3
    marker_bonus: int = 0  # markers taken from the box by the marker bonus so far (R32-R34, R204)
    track: dict[str, int] = msgspec.field(default_factory=dict)  # company -> space
    diamond: int = 0
    ink: int = 0
    books: list[BookPos] = msgspec.field(default_factory=lambda: [BookPos() for _ in range(13)])
    bonuses: list[TrackBonus] = msgspec.field(default_factory=list)
    start_deal: list[StartDeal] = msgspec.field(default_factory=list)  # private until chosen
    start_choice: int = -1  # index into start_deal (-1: pending), R64
    passed: bool = False


class Base(msgspec.Struct):
    """A company base (section 13). `posts[i]` = posts left in column i; they cover the bottom
    posts[i] spaces of that column (columns are listed top to bottom in the data)."""

    posts: list[int]
    reserve: int = 0


class Moved(msgspec.Struct, array_like=True, frozen=True):
    """One accepted move as the public saw it (`State.recent`): the seat that made it, its
    public log lines, and the ids of what it changed on the map ("area:<id>", "base:<company>").
    Frozen (never changed once logged), so copies of a state share them."""

    seat: int
    lines: tuple[str, ...] = ()
    touched: tuple[str, ...] = ()


#: How many moves `State.recent` keeps: more than a 4-seat game has between two of a seat's
#: moves (three turns of the others, or their plans, the reveal and the turns before its own).
RECENT_KEEP = 16


class State(msgspec.Struct):
    seats: int
    options: dict[str, str]
    rng: Rng
    players: list[Player]
    round: int = 1
    phase: str = "start_tiles"  # one of PHASES
    turn: int = 0  # seat whose turn it is (action phase)
    start_player: int = 0  # never changes (R54)
    sides: dict[str, str] = msgspec.field(default_factory=dict)  # company -> side id ("A1")
    #: company -> [arrivals at special space 0, arrivals at special space 1], seats in order
    arrivals: dict[str, list[list[int]]] = msgspec.field(default_factory=dict)
    bases: dict[str, Base] = msgspec.field(default_factory=dict)
    map: dict[str, str] = msgspec.field(default_factory=dict)  # area -> company ("" = none)
    deck: list[str] = msgspec.field(default_factory=list)  # index 0 = top
    #: display[row][col], col 0 = left, 1 = middle, 2 = right; "" = empty space
    display: list[list[str]] = msgspec.field(default_factory=list)
    discard: list[str] = msgspec.field(default_factory=list)  # action-card discard pile (public)
    book_supply: dict[str, list[str]] = msgspec.field(
        default_factory=dict
    )  # letter -> ids, 0 = top
    book_display: dict[str, list[str]] = msgspec.field(default_factory=dict)  # letter -> ids
    #: bonus space id -> occupying seat (-1 free). Board spaces use their data id; the extra
    #: spaces on tracks C/D use "track:<company>:<0|1>".
    bonus_spaces: dict[str, int] = msgspec.field(default_factory=dict)
    #: bonus tile id -> "space" (on its tile space) or "seat:<n>" (held by that seat)
    bonus_tiles: dict[str, str] = msgspec.field(default_factory=dict)
    pending: list[Task] = msgspec.field(default_factory=list)
    log: list[str] = msgspec.field(default_factory=list)
    #: what the most recent move touched, for the board's highlight (ids in engine/mombasa/viewer.py's
    #: docstring) and its public log lines; cleared at the start of each move (view-only, additive)
    last: list[str] = msgspec.field(default_factory=list)
    last_text: list[str] = msgspec.field(default_factory=list)
    #: the latest moves, oldest first, at most RECENT_KEEP (engine/mombasa/recent.py; view-only,
    #: additive: a state saved before it was kept has it empty, `Title.shown_logs`)
    recent: list[Moved] = msgspec.field(default_factory=list)


def turn_down(p: Player, slot: int) -> None:
    """Turn the card in the player's slot `slot` (1-based) face down."""
    p.slots[slot - 1] = SlotCard(p.slots[slot - 1].card, False)


def extra_space_id(company: str, index: int) -> str:
    """The bonus-space id of an extra bonus space on a C/D track."""
    return f"track:{company}:{index}"


# ---- exact copies for searches (the automatic player, menu labels, move validation) -----------
# `clone(st)` equals a serialisation round trip (`decode(encode(st))`), built field by field: the
# round trip was most of a search's cost. Every list, dict and struct the rules may change is new;
# only immutable values (str, int, bool) are shared. A new field above must be copied here too:
# tests/engine/mombasa/test_mb_clone.py fails until it is.


# Structs whose fields are all immutable values: their shallow copies are whole copies (the
# frozen SlotCard and BookPos are not copied at all).
_copy_bonus = TrackBonus.__copy__  # type: ignore[attr-defined]  # msgspec defines it; its stubs do not
_copy_deal = StartDeal.__copy__  # type: ignore[attr-defined]  # msgspec defines it; its stubs do not


def _player(p: Player) -> Player:
    pl = p.plan
    return Player(
        p.colour,
        p.cash,
        list(p.hand),
        [x.copy() for x in p.piles],
        list(p.slots),
        list(p.unlocked),
        p.tile,
        p.tile_taken_round,
        p.tile_in_area,
        p.tile_face,
        p.tile_face_up,
        Plan(list(pl.slots), pl.tile_face, pl.confirmed),
        p.pile_choice,
        p.markers,
        list(p.markers_placed),
        p.markers_in_box,
        p.marker_bonus,
        dict(p.track),
        p.diamond,
        p.ink,
        list(p.books),
        list(map(_copy_bonus, p.bonuses)),
        list(map(_copy_deal, p.start_deal)),
        p.start_choice,
        p.passed,
    )


_copy_player = Player.__copy__  # type: ignore[attr-defined]  # msgspec defines it; its stubs do not


def _mover(p: Player) -> Player:
    """A copy of the player taking an action: new lists and dicts for all an action may change;
    its discard piles, plan and starting deal (changed by other phases only) are shared."""
    q = _copy_player(p)
    q.hand, q.slots, q.unlocked = list(p.hand), list(p.slots), list(p.unlocked)
    q.markers_placed, q.track, q.books = list(p.markers_placed), dict(p.track), list(p.books)
    q.bonuses = list(map(_copy_bonus, p.bonuses))
    return q


def clone(st: State, mover: int | None = None) -> State:
    """An independent copy of `st`, equal to a serialisation round trip of it.

    With `mover`: a copy to try one action of that seat on (the automatic player's trials),
    sharing with `st` what an action never changes: the other players are new structs sharing
    their lists and dicts (an action changes only their cash: a special space pays the earlier
    arrivals), and the mover's player shares what `_mover` lists.
    tests/engine/mombasa/test_mb_bot_fast.py checks the trials leave `st` as it was."""
    if mover is None:
        players = [_player(p) for p in st.players]
    else:
        players = [_mover(p) if s == mover else _copy_player(p) for s, p in enumerate(st.players)]
    return State(
        st.seats,
        dict(st.options),
        Rng(st.rng.state),
        players,
        st.round,
        st.phase,
        st.turn,
        st.start_player,
        dict(st.sides),
        {c: [list(a) for a in v] for c, v in st.arrivals.items()},
        {c: Base(list(b.posts), b.reserve) for c, b in st.bases.items()},
        dict(st.map),
        list(st.deck),
        [list(r) for r in st.display],
        list(st.discard),
        {k: list(v) for k, v in st.book_supply.items()},
        {k: list(v) for k, v in st.book_display.items()},
        dict(st.bonus_spaces),
        dict(st.bonus_tiles),
        list(st.pending),  # frozen Tasks (engine.kit.tasks): shared
        list(st.log),
        list(st.last),
        list(st.last_text),
        list(st.recent),  # frozen Moved: shared
    )
