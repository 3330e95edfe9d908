"""The automatic player's shortcuts against the plain computations they replace, over seeded
games: `can_perform`, `final_score`, the memoised `evaluate` (`eval_key`), the search copies
(`draft`: no log lines, parts shared with the state copied), the search as a whole (same
choices as the plain search), and the view's remembered action texts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from types import MappingProxyType

import pytest

from engine.benares import moves
from engine.benares.actions import (
    action_ids,
    action_options,
    can_perform,
    crate_price,
    spec_of,
)
from engine.benares.bot import candidates, fast
from engine.benares.bot import player as bot
from engine.benares.bot.evaluation import OPEN, _prices, eval_key, evaluate
from engine.benares.clone import clone, draft
from engine.benares.data import data
from engine.benares.posts import legal_post_types, post_problem
from engine.benares.scoring import breakdown, final_score
from engine.benares.state import Slot, State, Task
from engine.benares.text import action_text
from engine.benares.viewer import action_texts
from engine.rng import Rng
from tests.engine.benares.bc_helpers import T

GAMES = [(2, 3, {}), (3, 4, {"intertwined_blocks": "on"}), (4, 5, {})]


def _positions(seats: int, seed: int, options: dict[str, str]) -> list[tuple[State, int, int]]:
    """(state, deciding seat, rng salt) of every decision of a game played by the bot."""
    st = T.setup(seed, seats, options)
    rng = Rng.from_seed(seed)
    out = []
    while T.result(st) is None:
        seat = T.prompts(st)[0].seat
        out.append((T.copy(st), seat, len(out)))
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, rng.fork(len(out))))
    return out


@pytest.fixture(scope="module")
def positions() -> list[tuple[State, int, int]]:
    return [p for game in GAMES for p in _positions(*game)]


def _specs() -> list[dict]:
    d = data()
    specs = [c[half] for c in d.cards.values() for half in ("dev", "logistics")]
    specs += [sp[half] for sp in d.board for half in ("development", "logistics")]
    specs += [spec_of(f"pool:{c}:{n}") for c in list(d.cards)[:6] for n in (1, 4)]
    return specs


def test_can_perform_and_action_ids_follow_the_options(positions) -> None:
    specs = _specs()
    for st, _, _ in positions:
        if st.phase != "action":
            continue
        for seat in range(st.seats):
            for spec in specs:
                ids = [c.id for c in action_options(st, seat, spec)]
                assert action_ids(st, seat, spec) == ids, spec
                assert can_perform(st, seat, spec) == bool(ids), spec


@pytest.fixture(scope="module")
def reached(positions) -> list[State]:
    """The states the searches of some seeded positions step to (`Search.after`)."""
    out: list[State] = []
    after = bot.Search.after

    def record(self: bot.Search, st: State, cid: str, in_place: bool = False) -> bot.Node:
        node = after(self, st, cid, in_place)
        out.append(node[0])
        return node

    bot.Search.after = record  # type: ignore[method-assign]
    try:
        for st, seat, salt in positions[::5]:
            T.bot_choice(T.copy(st), seat, Rng.from_seed(salt))
    finally:
        bot.Search.after = after  # type: ignore[method-assign]
    return out


def test_quick_moves_are_the_options(positions, reached) -> None:
    """`candidates.quick_moves` lists the ids the option builders list, at every decision the
    searches of some seeded positions reach."""
    kinds: Counter[str] = Counter()
    for st in [p[0] for p in positions] + reached:
        if not st.stack:
            continue
        t = st.stack[-1]
        for what, quick, plain in fast.pairs(st, t.seat):  # (engine/benares/bot/fast.py)
            kinds[t.kind] += 1
            assert quick == plain, what
    assert set(kinds) == set(candidates.QUICK), kinds


def test_legal_post_types_are_those_without_a_problem(positions, reached) -> None:
    kinds = list(data().posts["types"])
    for st in [p[0] for p in positions] + reached[::10]:
        for seat in range(st.seats):
            for wanted in ["any", *kinds]:
                plain = [k for k in (kinds if wanted == "any" else [wanted])]
                plain = [k for k in plain if not post_problem(st, seat, k)]
                assert legal_post_types(st, seat, wanted) == plain


def test_ending_a_turn_but_the_last_changes_no_value(reached) -> None:
    """A search stops before ending a turn that is not its round's last (`bot._run`): ending
    it changes nothing `evaluate` reads."""
    ends = [st for st in reached if st.stack and st.stack[-1].kind == "end_turn"]
    assert len(ends) > 1000
    for st in ends:
        seat = st.stack[-1].seat
        assert bot._own_only(st) and not bot._mine(st, seat)
        ended = clone(st)
        moves.run(ended, [])
        assert ended.stack[-1].kind == "turn" and ended.turns_taken == st.turns_taken + 1
        assert eval_key(ended, seat) == eval_key(st, seat)


def test_final_score_is_the_breakdown_sum(positions) -> None:
    for st, _, _ in positions:
        for c in st.companies:
            assert final_score(c) == sum(breakdown(c).values())


def _changes(st: State, seat: int) -> list[Callable[[State], None]]:
    """One change to each input of `evaluate(st, seat)`."""
    c = st.companies[seat]
    some = data().goods[0]

    def board(s: State) -> None:  # space 1 taken or freed
        b = s.companies[seat].board
        b[0] = Slot("" if b[0].card else "C01", "")

    return [
        lambda s: setattr(s, "phase", "over" if s.phase != "over" else "action"),
        lambda s: setattr(s, "round", s.round + 1),
        board,
        lambda s: setattr(s.companies[seat], "treasury", c.treasury + 1),
        lambda s: setattr(s.companies[seat], "discs", c.discs + 1),
        lambda s: setattr(s.companies[seat], "vp", c.vp + 1),
        lambda s: setattr(s.companies[seat], "boat", "CAL" if c.boat != "CAL" else "BEN"),
        lambda s: setattr(s.companies[seat], "capacity", c.capacity + 1),
        lambda s: s.companies[seat].hold.__setitem__(some, c.hold.get(some, 0) + 1),
        lambda s: s.companies[seat].rows.__setitem__("advisor", c.rows["advisor"] + 1),
        lambda s: s.companies[seat].goods.__setitem__(some, c.goods[some] + 1),
        lambda s: s.companies[seat].posts.append("regional"),
        lambda s: s.companies[seat].concessions_used.append(some),
        lambda s: s.crates.__setitem__(c.boat, s.crates.get(c.boat, 0) + 1),
        lambda s: s.post_supply.__setitem__("north", s.post_supply.get("north", 0) + 1),
    ]


def test_hold_worth_prices_are_the_best_crate_prices(positions) -> None:
    """`hold_worth` prices a good at its best city row's value plus its own premium: the best
    `crate_price` over the cities (R83, R104)."""
    values, tracks, divisor = _prices()
    for st, _, _ in positions[::4]:
        for seat, c in enumerate(st.companies):
            row_value = max(values[c.rows[t]] for t in tracks)
            for g in data().goods:
                best = max(crate_price(st, seat, city, g) for city in data().cities)
                assert best == row_value + c.goods[g] // divisor


def test_an_open_space_is_an_empty_slot(positions) -> None:
    """`bot_eval.OPEN`: a board space without a card has no mode either."""
    for st, _, _ in positions:
        for c in st.companies:
            assert [not s.card for s in c.board] == [s == OPEN for s in c.board]


def test_eval_key_names_every_input_of_evaluate(positions) -> None:
    for st, seat, _ in positions[::7]:
        key = eval_key(st, seat)
        for change in _changes(st, seat):
            new = clone(st)
            change(new)
            assert eval_key(new, seat) != key


def test_memoised_value_follows_a_state_changed_in_place(positions) -> None:
    bot._VALUES.clear()
    for st, seat, _ in positions[::3]:
        assert bot.value(st, seat) == evaluate(st, seat)
        st = clone(st)
        st.companies[seat].treasury += 1  # in place, as apply does
        assert bot.value(st, seat) == evaluate(st, seat)


def test_bot_choice_leaves_its_state_unchanged(positions) -> None:
    """The search copies share the other companies with the state they copy (clone `only`):
    nothing in a search may change those."""
    for st, seat, salt in positions:
        before = T.encode(st)
        T.bot_choice(st, seat, Rng.from_seed(salt))
        assert T.encode(st) == before


def test_a_search_copies_the_same_companies_throughout(positions, monkeypatch) -> None:
    """`Search.only` is fixed when a search starts: every state it steps from would give the
    same (`bot._own_only`)."""
    after = bot.Search.after
    steps = 0

    def checked(self: bot.Search, st: State, cid: str, in_place: bool = False) -> bot.Node:
        nonlocal steps
        steps += 1
        assert self.only == (self.seat if bot._own_only(st) else None)
        return after(self, st, cid, in_place)

    monkeypatch.setattr(bot.Search, "after", checked)
    for st, seat, salt in positions:
        T.bot_choice(T.copy(st), seat, Rng.from_seed(salt))
    assert steps > 10000


def test_a_draft_follows_the_rules_without_logging(positions) -> None:
    """The rules on a search copy change it as they change the state, but write no log lines
    and no highlights."""
    for st, seat, salt in positions:
        move = T.bot_choice(T.copy(st), seat, Rng.from_seed(salt))
        logged, quiet = clone(st), draft(clone(st))
        assert all(e.private_to is not None for e in moves.decide(quiet, seat, move))
        moves.decide(logged, seat, move)
        assert quiet.last == quiet.last_text == quiet.recent == []
        logged.last, logged.last_text, logged.recent = [], [], []
        assert T.encode(quiet) == T.encode(logged)


def test_searches_change_nothing_a_draft_shares(positions, monkeypatch) -> None:
    """`draft` shares the options, the generator, the deck, the discard pile and the first
    buyers: made read-only here, so a search step that changed one of them would fail."""
    choices = [T.bot_choice(T.copy(st), seat, Rng.from_seed(salt)) for st, seat, salt in positions]

    def read_only(st: State, only: int | None = None) -> State:
        new = draft(st, only)
        new.options = MappingProxyType(dict(new.options))  # type: ignore[assignment]
        new.first_buyers = MappingProxyType(dict(new.first_buyers))  # type: ignore[assignment]
        new.deck, new.discard = tuple(new.deck), tuple(new.discard)  # type: ignore[assignment]
        new.rng = None  # type: ignore[assignment]
        return new

    monkeypatch.setattr(bot, "draft", read_only)
    again = [T.bot_choice(T.copy(st), seat, Rng.from_seed(salt)) for st, seat, salt in positions]
    assert again == choices


def _plain_waits(st: State, t: Task) -> bool:
    """moves.waits without the `can_perform` shortcut."""
    if t.kind in ("order", "sell_mode"):
        return True
    if t.kind != "turn":
        return False
    c = st.companies[t.seat]
    return len(c.hand) >= 2 or bool(c.hand) and any(not s.card for s in c.board)


def test_search_chooses_as_the_plain_search(positions, monkeypatch) -> None:
    """Fast: memoised values, copies sharing other companies, moves kept from `_run`, the
    `can_perform` and `action_ids` shortcuts, last options applied in place. Plain: none of
    them."""
    fast = [T.bot_choice(T.copy(st), seat, Rng.from_seed(salt)) for st, seat, salt in positions]
    run = bot._run
    monkeypatch.setattr(bot, "value", evaluate)
    monkeypatch.setattr(bot, "draft", lambda st, only=None: clone(st))
    monkeypatch.setattr(bot, "_run", lambda st, ev, last: run(st, ev, True) and None)
    monkeypatch.setattr(moves, "waits", _plain_waits)
    monkeypatch.setattr(candidates, "quick_moves", lambda st, t: None)
    after = bot.Search.after  # and never in place
    monkeypatch.setattr(
        bot.Search, "after", lambda self, st, cid, in_place=False: after(self, st, cid)
    )
    plain = [T.bot_choice(T.copy(st), seat, Rng.from_seed(salt)) for st, seat, salt in positions]
    assert fast == plain


def test_view_action_texts_are_the_action_texts() -> None:
    d = data()
    for card, c in d.cards.items():
        assert action_texts(card) == (action_text(c["dev"]), action_text(c["logistics"]))
    for i, sp in enumerate(d.board):
        assert action_texts(i) == (action_text(sp["development"]), action_text(sp["logistics"]))
