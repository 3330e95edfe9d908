"""The automatic player (issue 12): a one-turn look-ahead on copies of the state.

A turn is searched play by play (every card, open space and mode, R71): each play is applied to
a copy and the rest of the turn is finished there by the seat's own greedy choices (every choice
inside a turn is the active player's, R114, and nothing random happens in a turn, section 4).
The end of the turn is scored by `evaluation.evaluate` plus what the remaining cards are worth on
the remaining spaces (`plan.future`). Decisions inside a turn are made the same way. Only
public state and the seat's own hand are read: a copy keeps other hands and the deck, but no
evaluation looks at them (R129), and a search stops as soon as the turn ends.

It returns complete moves only (choice ids, never menu positions or labels)."""

from __future__ import annotations

from engine.benares import moves
from engine.benares.bot import candidates
from engine.benares.bot.evaluation import eval_key, evaluate
from engine.benares.bot.plan import future, invest_pick, play_guesses, ranked_plays
from engine.benares.clone import draft
from engine.benares.data import data
from engine.benares.menus import MODES, open_spaces, play_id
from engine.benares.prompts import OPTIONS
from engine.benares.state import State
from engine.core import Event
from engine.rng import Rng

#: Weight of the rest of the hand (a rough guess) against the searched play.
FUTURE = 0.6
#: How many distinct plays of a turn are searched (the best guesses).
WIDTH = 16
#: Safety bound on the decisions of one turn in a search.
MAX_STEPS = 64


def _mine(st: State, seat: int) -> bool:
    """Is the top decision still part of this seat's turn?"""
    if st.phase != "action" or not st.stack:
        return False
    t = st.stack[-1]
    return t.seat == seat and t.kind != "turn" and t.kind != "end_turn"


def _run(st: State, ev: list[Event], last_turn: bool) -> list[str] | None:
    """`moves.run` for a search copy: automatic tasks, and single options taken (R114).
    Returns the complete moves of the decision it stops at when it had to build them to see
    that it waits (`candidates.top_moves` of the result, saving the search a second build), else None.
    It stops at the end of the turn; there unless `last_turn`: ending any other turn only
    passes the turn on (administration.end_turn), which no value reads, while the last turn
    of a round starts the Administration phase."""
    stack = st.stack
    auto_tasks = moves.AUTO
    while stack:
        top = stack[-1]
        kind = top.kind
        if kind == "end_turn" and not last_turn:
            return None
        auto = auto_tasks.get(kind)
        if auto is not None:
            stack.pop()
            auto(st, top, ev)
            continue
        if kind == "turn" or kind == "invest":  # the turn is over: never read the next hand
            return None
        quick = candidates.quick_moves(st, top)
        if quick is None:
            if moves.waits(st, top):  # a real decision: no need to build its options
                return None
            found = OPTIONS[kind](st, top)
            if len(found) >= 2 or any(c.step for c in found):
                return [c.id for c in found if not c.step]
            cid = found[0].id if found else ""
        elif len(quick) >= 2:  # a real decision
            return quick
        else:  # a single way or none: it resolves itself (R114)
            cid = quick[0] if quick else ""
        stack.pop()
        moves.CHOOSE[kind](st, top, cid, ev)
    return None


def _own_only(st: State) -> bool:
    """Can a move and what follows it (up to the next turn, R114) change no company but the
    deciding seat's? True in the Action phase except during its last turn: every task of a
    turn is its seat's; only the Administration phase and a new round (administration.py,
    market.adjust_markets) change every company, and they start after the last turn."""
    spaces = data().game["company_spaces"]
    return st.phase == "action" and st.turns_taken + 1 < st.seats * spaces


#: A search position: a state and its top decision's complete moves, if already known.
Node = tuple[State, list[str] | None]


#: Positions' values memoised by everything `evaluate` reads (`eval_key`, a pure function of
#: the key, so never stale): about two thirds of the values a decision asks for were asked for
#: before (the same end of a turn reached by other plays or orders, or by the search of the
#: turn's previous decision). Emptied when full: about 0.3 KB an entry (a key of ~130
#: bytes), so at most ~5 MB (a whole game asks for about 1,700 new values).
_VALUES: dict[bytes, float] = {}
_VALUES_MAX = 16384


def value(st: State, seat: int) -> float:
    """`evaluate(st, seat)`, memoised."""
    key = eval_key(st, seat)
    v = _VALUES.get(key)
    if v is None:
        if len(_VALUES) >= _VALUES_MAX:
            _VALUES.clear()
        v = _VALUES[key] = evaluate(st, seat)
    return v


class Search:
    """One decision's look-ahead for `seat`, from state `st`."""

    def __init__(self, st: State, seat: int) -> None:
        self.seat = seat
        #: `draft`'s `only`: the same for every state of the search, as they all are in the
        #: turn of `st` (a search stops when the turn ends; test_bc_bot_fast.py checks it).
        self.only = seat if _own_only(st) else None
        self.last_turn = self.only is None  # (see `_run`)

    def after(self, st: State, cid: str, in_place: bool = False) -> Node:
        """A copy of `st` after this seat's move `cid` (one of `candidates.top_moves` or a listed play).
        `in_place`: `st` itself is changed instead, a draft of this search that nothing reads
        any more (the last option of a decision in `finish`)."""
        new = st if in_place else draft(st, self.only)
        top = new.stack.pop()
        ev: list[Event] = []
        moves.CHOOSE[top.kind](new, top, cid, ev)
        return new, _run(new, ev, self.last_turn)

    def finish(self, node: Node) -> tuple[State, float]:
        """The rest of the turn, each decision the option that evaluates best one step ahead;
        the order of a play's two actions (R9) is searched to the end of the turn. Returns
        the end state and its value (already known when a step was taken: not computed
        twice). `node` is this search's own (from `after`): its state is changed."""
        st, listed = node
        seat = self.seat
        known: float | None = None
        for _ in range(MAX_STEPS):
            if not _mine(st, seat):
                break
            deep = st.stack[-1].kind == "order"
            ids = candidates.top_moves(st) if listed is None else listed
            if not ids:
                break
            best_v, best = -1e18, node
            last = len(ids) - 1
            for i, cid in enumerate(ids):
                nxt = self.after(st, cid, in_place=i == last)  # `st` is not read after its last
                if deep:
                    end, v = self.finish(nxt)
                    nxt = (end, None)  # its moves, if still this seat's, are built again
                else:
                    v = value(nxt[0], seat)
                if v > best_v:
                    best_v, best = v, nxt
            (st, listed), known = best, best_v
        return st, value(st, seat) if known is None else known


def _noise(rng: Rng) -> float:
    return rng.below(1000) / 1e5


def _turn(st: State, seat: int, rng: Rng) -> str:
    """The best complete play `play:<card>:<mode>:<space>` of the hand: the plays whose rough
    guess (`plan`) is among the best `WIDTH` distinct ones are searched."""
    hand = st.companies[seat].hand
    guesses = play_guesses(st, seat, hand)
    spaces = open_spaces(st, seat)
    left = len(spaces) - 1
    d = data()
    # the rest of the hand after each (card, space): used by the guess and by the search
    ranked = ranked_plays(guesses)
    count = len(spaces)
    rest = (
        {(c, n): FUTURE * future(ranked, c, n, count) for c in hand for n in spaces}
        if left > 0
        else {}
    )
    plays: dict[str, list[tuple[str, str, int]]] = {}
    guess: dict[str, float] = {}
    for card in hand:
        cd = d.cards[card]
        specs = {"dev": repr(cd["dev"]), "log": repr(cd["logistics"]), "skip": ""}
        for mode in MODES:  # the order of `play_choices`: all dev, all log, all skip plays
            for n in spaces:
                key = f"{mode}:{n}:{specs[mode]}"  # the same action on the same space
                plays.setdefault(key, []).append((play_id(card, mode, n), card, n))
                later = rest[card, n] if left > 0 else 0.0
                guess[key] = max(guess.get(key, -1e18), guesses[card, mode, n] + later)
    keys = sorted(guess, key=lambda k: -guess[k])[:WIDTH]
    search = Search(st, seat)
    best_v, best_id = -1e18, ""
    for key in keys:
        found = plays[key]
        base = search.finish(search.after(st, found[0][0]))[1]
        for cid, card, n in found:
            v = base + _noise(rng)
            if left > 0:
                v += rest[card, n]
            if v > best_v:
                best_v, best_id = v, cid
    return best_id


def _boat(st: State, ids: list[str], rng: Rng) -> str:
    """Start in the city with fewer boats (less competition for its nearby crates)."""
    boats = [c.boat for c in st.companies]
    return min(ids, key=lambda i: (boats.count(i.split(":", 1)[1]), rng.below(100)))


def choose(st: State, seat: int, rng: Rng) -> str:
    """A complete, legal move for the decision on top of the stack."""
    t = st.stack[-1]
    if t.kind == "turn":
        return _turn(st, seat, rng)
    ids = candidates.top_moves(st)
    if len(ids) == 1:
        return ids[0]
    if t.kind == "boat":
        return _boat(st, ids, rng)
    if t.kind == "invest":
        return invest_pick(st, seat, ids)
    search = Search(st, seat)
    best_v, best_id = -1e18, ids[0]
    for cid in ids:
        v = search.finish(search.after(st, cid))[1] + _noise(rng)
        if v > best_v:
            best_v, best_id = v, cid
    return best_id
