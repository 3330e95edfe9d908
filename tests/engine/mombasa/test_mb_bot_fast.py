"""The automatic player's fast paths give exactly what the plain ways give, at every action
position of seeded automatic games: the evaluation's per-decision memos, the bonus-marker
candidates (complete moves, their book picks, the tile spaces left untried), the goods
candidates' drafts, the track values kept per decision, the light copies for trials and track
moves, a decision leaving its state as it was, the choices made without the offers or without
the seat's view, the kept legal targets, the expand chains without their snapshots, the kept
texts and the hidden cards' regrouping."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.mombasa import TITLE as T
from engine.mombasa import bonus, book_points, expand, goods, hidden, tracks
from engine.mombasa import map as geo
from engine.mombasa.bot import candidates as bot_moves
from engine.mombasa.bot import evaluation as bot_eval
from engine.mombasa.bot import player as bot
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind, clone
from engine.rng import Rng
from tests.engine.mombasa import mb_bot_plain as plain

GAMES = [(201, 2, {}), (202, 3, {"tracks": "fixed"}), (203, 4, {})]


def seen_positions(seed: int, seats: int, opts: dict[str, str]) -> Iterator[tuple[State, int]]:
    """(the deciding seat's view of the state, the seat) at every action turn of a game."""
    st = T.setup(seed, seats, opts)
    k = 0
    while T.result(st) is None:
        seat = T.prompts(st)[0].seat
        if st.phase == "action":
            yield bot._seen(st, seat), seat
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, Rng.from_seed(seed * 100 + k)))
        k += 1


def trial_states(st: State, seat: int, cx: bot_eval.Ctx) -> list[State]:
    """The position and the positions after its bonus and goods candidates and a few posts."""
    out = [st]
    moves = [m for _, m in bonus_moves_all(st, seat, cx)]
    for tok, pk in goods.picks(st, seat).items():
        moves += [f"g:{tok}:{sid}:-" for sid in goods.buys(st, seat, pk)][:2]
    for move in moves:
        sim = clone(st)
        try:
            bot_eval.rounds.module_of(move).apply(sim, seat, move)
        except bot_eval.IllegalAction:
            continue
        out.append(sim)
    for company in expand.companies(st, seat):  # posts placed: share values change
        w = expand.Walk(clone(st), seat, company)
        opts = w.feed("")
        for _ in range(3):
            if not opts or not w.at_area:
                break
            opts = w.feed(opts[-1].token)
            out.append(clone(w.st))
    return out


def bonus_moves_all(st: State, seat: int, cx: bot_eval.Ctx) -> list[tuple[float, str]]:
    return bot_moves.bonus_candidates(st, seat, cx)


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_actions_without_their_offers(seed: int, seats: int, opts: dict) -> None:
    """The action phase asks every action for candidates without building the offers: the
    move is the one chosen among the actions the rules offer."""
    for st, seat in seen_positions(seed, seats, opts):
        assert bot_moves.action_move(st, seat) == plain.action_move(st, seat)


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_evaluation_and_bonus_candidates_agree(seed: int, seats: int, opts: dict) -> None:
    tried = 0
    for st, seat in seen_positions(seed, seats, opts):
        cx = bot_eval.Ctx(st, seat)
        assert bot_moves.bonus_candidates(st, seat, cx) == plain.bonus_candidates(st, seat, cx)
        for sim in trial_states(st, seat, cx):
            assert bot_eval.evaluate(sim, seat, cx) == plain.evaluate(sim, seat, cx)
            tried += 1
    assert tried > 100


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_track_values_read_one_move_step_by_step(seed: int, seats: int, opts: dict) -> None:
    """One move read after every step gives the rows of one move per step; the rows kept for
    more steps serve a later question for fewer."""
    for st, seat in list(seen_positions(seed, seats, opts))[::2]:
        before = T.encode(st)
        for most in (0, 3, 18):
            want = plain.track_values(st, seat, most, bot_eval.Ctx(st, seat))
            assert bot_eval.track_values(st, seat, most, bot_eval.Ctx(st, seat)) == want
        cx = bot_eval.Ctx(st, seat)
        bot_eval.track_values(st, seat, 18, cx)
        assert bot_eval.track_values(st, seat, 3, cx) == plain.track_values(st, seat, 3, cx)
        assert T.encode(st) == before


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_light_copies_take_the_trials_like_full_copies(seed: int, seats: int, opts: dict) -> None:
    """`clone(st, seat)` (other players' lists shared) gives the state a full copy gives after
    every kind of candidate move, and a whole decision leaves its state as it was."""
    tried = 0
    for st, seat in seen_positions(seed, seats, opts):
        before = T.encode(st)
        cx = bot_eval.Ctx(st, seat)
        moves = [m for _, m in bonus_moves_all(st, seat, cx)]
        moves += [m for _, m in bot_moves.goods_moves(st, seat, cx, 0.0)]
        moves += [m for _, m in bot_moves.expand_moves(st, seat, cx, 0.0)]
        moves += [m for _, m in bot_moves.bookkeeper_moves(st, seat, cx, 0.0)]
        moves += [o.id for o in bot_eval.rounds.action_offers(st, seat) if not o.step]
        for move in moves:
            light, full = clone(st, seat), clone(st)
            try:
                bot_eval.rounds.module_of(move).apply(full, seat, move)
            except bot_eval.IllegalAction:
                with pytest.raises(bot_eval.IllegalAction):
                    bot_eval.rounds.module_of(move).apply(light, seat, move)
                continue
            bot_eval.rounds.module_of(move).apply(light, seat, move)
            assert T.encode(light) == T.encode(full), move
            tried += 1
        bot_moves.action_move(st, seat)
        assert T.encode(st) == before
    assert tried > 100


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_goods_trials_carry_out_the_drafts_their_ids_resolve_to(
    seed: int, seats: int, opts: dict, monkeypatch
) -> None:
    """The goods candidates are carried out from their drafts without parsing their ids:
    resolving the id gives that very draft."""
    drafts: list[goods.Draft] = []
    perform = goods.perform
    monkeypatch.setattr(
        goods, "perform", lambda st, seat, d: drafts.append(d) or perform(st, seat, d)
    )
    tried = 0
    for st, seat in seen_positions(seed, seats, opts):
        drafts.clear()
        bot_moves.goods_moves(st, seat, bot_eval.Ctx(st, seat), 0.0)
        for d in drafts:
            move = bot_moves.goods_id(d)
            assert goods._resolve(st, seat, *goods._split(move)) == d, move
            tried += 1
    assert tried > 20


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_bonus_candidates_are_complete_moves(seed: int, seats: int, opts: dict) -> None:
    """Every bonus-marker candidate is a move `apply` accepts, with the effect `perform` of its
    parts has (the trials carry them out unchecked)."""
    tried = 0
    for st, seat in seen_positions(seed, seats, opts):
        if not any(o.id == "b" for o in bot_eval.rounds.action_offers(st, seat)):
            continue
        for _, move in bot_moves.bonus_candidates(st, seat, bot_eval.Ctx(st, seat)):
            checked, unchecked = clone(st), clone(st)
            bonus.apply(checked, seat, move)
            bonus.perform(unchecked, seat, *bonus.split_move(move))
            assert T.encode(checked) == T.encode(unchecked), move
            tried += 1
    assert tried > 50


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_taking_a_tile_scores_the_position_as_it_was(seed: int, seats: int, opts: dict) -> None:
    """The bonus trials skip the tile spaces: a marker placed there scores exactly the current
    position (a gain of 0, which the action phase never chooses)."""
    tried = 0
    for st, seat in seen_positions(seed, seats, opts):
        cx = bot_eval.Ctx(st, seat)
        base = bot_eval.evaluate(st, seat, cx)
        for _, move in bot_moves.bonus_candidates(st, seat, cx):
            parts = bonus.split_move(move)
            if bonus.space_kind(st, parts[0])[0] != "tile":
                continue
            sim = clone(st, seat)
            bonus.perform(sim, seat, *parts)
            v = bot_eval.evaluate(sim, seat, cx)
            assert v == base, move
            tried += 1
    assert tried > 20


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_goods_candidates_need_no_more_track_steps_than_units(
    seed: int, seats: int, opts: dict, monkeypatch
) -> None:
    """The goods candidates read the track values up to the most units a selection gives:
    rows for more steps change nothing."""
    rows = bot_eval.track_values
    for st, seat in list(seen_positions(seed, seats, opts))[::2]:
        want = bot_moves.goods_moves(st, seat, bot_eval.Ctx(st, seat), 0.0)
        with monkeypatch.context() as m:
            m.setattr(bot_moves, "track_values", lambda st, seat, n, cx: rows(st, seat, n + 4, cx))
            assert bot_moves.goods_moves(st, seat, bot_eval.Ctx(st, seat), 0.0) == want


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_advance_copy_moves_like_a_clone(seed: int, seats: int, opts: dict) -> None:
    for st, seat in list(seen_positions(seed, seats, opts))[::3]:
        before = T.encode(st)
        for company in data().companies:
            for steps in (1, 3, 7):
                light, full = tracks.advance_copy(st), clone(st)
                got = tracks.advance(light, seat, company, steps)
                assert got == tracks.advance(full, seat, company, steps)
                assert light.arrivals == full.arrivals
                for a, b in zip(light.players, full.players, strict=True):
                    assert (a.cash, a.track, a.bonuses) == (b.cash, b.track, b.bonuses)
        assert T.encode(st) == before  # the light copy changed nothing it shares


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_kept_targets_and_labels(seed: int, seats: int, opts: dict) -> None:
    for st, seat in seen_positions(seed, seats, opts):
        for company in data().companies:
            for pts in (1, 3, 6):
                got = geo.legal_targets(st, company, pts)
                assert got == geo._legal_targets(st.map, company, pts)
                assert geo.has_target(st, company, pts) == bool(got)
                got.clear()  # the caller's own dict
                assert geo.legal_targets(st, company, pts) == geo._legal_targets(
                    st.map, company, pts
                )
                for t in geo._legal_targets(st.map, company, pts).values():
                    w = expand.Walk(st, seat, company)
                    assert w._area_opt(t).labels == expand._area_labels((t, company))
    ids = tuple(data().areas)
    assert [geo.area_token(a) for a in ids] == [geo.ALPHABET[ids.index(a)] for a in ids]


def test_kept_book_texts() -> None:
    tiles = list(data().books) + [
        f"start:{t.tile}{face}" for t in data().start_tiles for face in t.faces
    ]
    for tile in tiles:
        assert book_points.book_text(tile) == book_points._book_text(tile)


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_expand_chains_without_snapshots(seed: int, seats: int, opts: dict, monkeypatch) -> None:
    """The chains walked without the menus' options, their book picks read before the post,
    give the candidates of the plain chains (options, a copy to start a post again from), and a
    walk stopped at an area goes on from the targets it kept."""
    chains = 0
    for st, seat in seen_positions(seed, seats, opts):
        if not expand.companies(st, seat):
            continue
        cx = bot_eval.Ctx(st, seat)
        base = bot_eval.evaluate(st, seat, cx)
        fast = bot_moves.expand_moves(st, seat, cx, base)
        assert plain.expand_moves(st, seat, cx, base) == fast
        with monkeypatch.context() as m:
            m.setattr(expand.Walk, "run", _run_from_scratch)
            assert bot_moves.expand_moves(st, seat, cx, base) == fast
        chains += len(fast)
    assert chains > 5


_RUN = expand.Walk.run


def _run_from_scratch(w: expand.Walk, tokens: str) -> list[expand.Opt] | None:
    """`Walk.run` recomputing the targets it kept (and checking them)."""
    if w.at_area:
        assert w.targets == geo.legal_targets(w.st, w.company, w.points)
    w.at_area = False
    return _RUN(w, tokens)


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_a_decision_leaves_the_state_as_it_was(seed: int, seats: int, opts: dict) -> None:
    """The seat's view shares most of the state and the trials share the view's: a decision
    changes nothing of the state it is asked about."""
    st = T.setup(seed, seats, opts)
    rng = Rng.from_seed(seed)
    while T.result(st) is None:
        seat = T.prompts(st)[0].seat
        before = T.encode(st)
        move = T.bot_choice(st, seat, rng)
        assert T.encode(st) == before
        T.apply(st, seat, move)


@pytest.mark.parametrize(("seed", "seats", "opts"), GAMES)
def test_other_decisions_choose_as_on_the_seats_view(seed: int, seats: int, opts: dict) -> None:
    """The starting tile, the plan and the pile, chosen on the state itself, are the choices
    made on the seat's view (`_seen`): they read nothing hidden from the seat."""
    st = T.setup(seed, seats, opts)
    rng = Rng.from_seed(seed)
    decide = {
        "start_tiles": bot.start_move,
        "planning": bot.plan_move,
        "preparation": bot.pile_move,
    }
    checked = 0
    while T.result(st) is None:
        prompts = T.prompts(st)
        if st.phase in decide:
            for pr in prompts:
                want = decide[st.phase](bot._seen(st, pr.seat), pr.seat)
                assert decide[st.phase](st, pr.seat) == want
                assert T.bot_choice(st, pr.seat, rng) == want
                checked += 1
        seat = prompts[0].seat
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, rng))
    assert checked > 30


def _plain_rearrange(st: State, others: list[int]) -> None:
    d = data()
    places: dict[str, list[tuple[int, int]]] = {}
    for i, cid in enumerate(st.deck):
        places.setdefault(d.cards[card_kind(cid)].letter, []).append((-1, i))
    for s in others:
        for i, cid in enumerate(st.players[s].hand):
            places.setdefault(d.cards[card_kind(cid)].letter, []).append((s, i))
    for spots in places.values():
        cards = sorted([st.deck[i] if h < 0 else st.players[h].hand[i] for h, i in spots])
        for (h, i), cid in zip(spots, cards, strict=True):
            if h < 0:
                st.deck[i] = cid
            else:
                st.players[h].hand[i] = cid


def test_hidden_cards_regrouped_as_before() -> None:
    st = T.setup(204, 4, {})
    k = 0
    while T.result(st) is None:
        seat = T.prompts(st)[0].seat
        others = [s for s in range(st.seats) if s != seat]
        a, b = clone(st), clone(st)
        hidden.rearrange_hidden_cards(a, others, sorted)
        _plain_rearrange(b, others)
        assert T.encode(a) == T.encode(b)
        T.apply(st, seat, T.bot_choice(T.copy(st), seat, Rng.from_seed(k)))
        k += 1
