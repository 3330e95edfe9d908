"""The Bazaar test title: full bot games with invariants, plus the contract features the host
relies on (secret simultaneous prompts, paged prompts, hidden hands, polite refusals)."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from engine.core import BACK, MAX_CHOICE_ID, MAX_LABEL, Event, IllegalAction
from engine.rng import Rng
from tests.titles.bazaar import COLOURS, NUMBERS, TITLE, BazaarState, Card

FULL_DECK = Counter(
    Card(c, v)
    for c in COLOURS
    for v in range(1, NUMBERS["max_value"] + 1)
    for _ in range(NUMBERS["copies"])
)


def all_cards(state: BazaarState) -> Counter:
    cards = Counter(state.deck)
    for p in state.seats:
        cards.update(p.hand)
    for st in state.stalls:
        cards.update(st.cards)
    return cards


def check_invariants(state: BazaarState, full: bool = False) -> None:
    assert all(p.coins >= 0 for p in state.seats)
    assert all_cards(state) == FULL_DECK
    for prompt in TITLE.prompts(state):
        ids = [c.id for c in prompt.choices]
        assert ids and len(ids) == len(set(ids))
        assert all(0 < len(i) <= MAX_CHOICE_ID for i in ids)
        assert all(0 < len(c.label) <= MAX_LABEL for c in prompt.choices)
        if full:  # every listed path must end in a move that is accepted
            for _draft, choice in walk(state, prompt.seat):
                if not choice.step:
                    TITLE.apply(TITLE.copy(state), prompt.seat, choice.id)
    spectator = TITLE.view(state, None)
    assert all(s.hand is None for s in spectator.seats)
    assert [s.hand_size for s in spectator.seats] == [len(p.hand) for p in state.seats]


def walk(state: BazaarState, seat: int, draft: tuple[str, ...] = ()):
    """Every (draft, choice) reachable from `draft` by steps forward."""
    prompt = TITLE.choices(state, seat, draft)
    for choice in prompt.choices:
        yield draft, choice
        if choice.step and choice.id != BACK:
            yield from walk(state, seat, (*draft, choice.id))


def play(seed: int, seats: int, rounds: str = "3", full: bool = False):
    """A whole game by bot seats; the driver picks which simultaneous prompt answers first."""
    state = TITLE.setup(seed, seats, {"rounds": rounds})
    driver = Rng.from_seed(seed * 31 + seats)
    events: list[Event] = []
    for _ in range(1000):
        check_invariants(state, full)
        if TITLE.result(state) is not None:
            break
        prompts = TITLE.prompts(state)
        assert prompts, "a game that is not over must have someone to act"
        seat = driver.choice(prompts).seat
        events += TITLE.apply(state, seat, TITLE.bot_choice(state, seat, driver))
    else:
        pytest.fail("game did not end within 1000 actions")
    return state, events


def start_play(state: BazaarState, bids: list[int]) -> list[Event]:
    events: list[Event] = []
    for seat, bid in enumerate(bids):
        events += TITLE.apply(state, seat, f"bid:{bid}")
    return events


# ---- full games -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_full_games_end_with_consistent_result(seats: int, seed: int) -> None:
    state, _ = play(seed, seats)
    assert TITLE.prompts(state) == []
    result = TITLE.result(state)
    assert result is not None
    assert result.scores == {s: p.points for s, p in enumerate(state.seats)}
    assert sorted(result.ranking) == list(range(seats))
    key = {s: (p.points, p.coins) for s, p in enumerate(state.seats)}
    for better, worse in zip(result.ranking, result.ranking[1:], strict=False):
        assert key[better] >= key[worse]
        shared = result.places[better] == result.places[worse]
        assert shared == (key[better] == key[worse])
    assert result.places[result.ranking[0]] == 1
    assert TITLE.status_line(state).startswith("Game over")


@pytest.mark.parametrize("seats", [2, 4])
def test_every_listed_choice_is_accepted(seats: int) -> None:
    play(11, seats, rounds="2", full=True)


@pytest.mark.parametrize("rounds", ["2", "3", "4"])
def test_rounds_option_sets_game_length(rounds: str) -> None:
    _, events = play(3, 3, rounds=rounds)
    reveals = [e for e in events if e.text.startswith("Bids revealed")]
    assert len(reveals) == int(rounds)


def test_same_seed_same_actions_same_game() -> None:
    a, events_a = play(9, 4)
    b, events_b = play(9, 4)
    assert TITLE.encode(a) == TITLE.encode(b)
    assert events_a == events_b
    assert TITLE.setup(1, 3, {}).seats != TITLE.setup(2, 3, {}).seats


# ---- setup and options ----------------------------------------------------------------------


def test_setup_deals_hands_and_defaults() -> None:
    state = TITLE.setup(5, 4, {})
    assert state.rounds == 3
    assert [len(p.hand) for p in state.seats] == [NUMBERS["hand_size"]] * 4
    assert len(state.stalls) == NUMBERS["stalls"] == 30
    assert all_cards(state) == FULL_DECK
    assert [o.name for o in TITLE.options] == ["rounds"]
    assert TITLE.options[0].default == "3" and TITLE.options[0].choices == ["2", "3", "4"]


@pytest.mark.parametrize(("seats", "options"), [(1, {}), (5, {}), (3, {"rounds": "7"})])
def test_setup_rejects_bad_configuration(seats: int, options: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        TITLE.setup(0, seats, options)


# ---- the secret simultaneous bid ---------------------------------------------------------


def test_bid_prompts_every_seat_at_once_and_secretly() -> None:
    state = TITLE.setup(2, 4, {})
    prompts = TITLE.prompts(state)
    assert [p.seat for p in prompts] == [0, 1, 2, 3]
    assert all(p.secret for p in prompts)
    top = min(state.seats[0].coins, NUMBERS["max_bid"])
    assert [c.id for c in prompts[0].choices] == [f"pick:{n}" for n in range(top + 1)]
    assert all(c.step for c in prompts[0].choices)
    confirm = TITLE.choices(state, 0, ("pick:2",))
    assert confirm.secret and [c.id for c in confirm.choices] == ["bid:2", BACK]
    assert not confirm.choices[0].step and confirm.choices[1].step


def test_picking_a_bid_is_a_draft_that_changes_nothing() -> None:
    state = TITLE.setup(2, 3, {})
    before = TITLE.encode(state)
    TITLE.choices(state, 1, ("pick:3",))
    assert TITLE.encode(state) == before
    for step in ("pick:3", BACK):
        with pytest.raises(IllegalAction):
            TITLE.apply(TITLE.copy(state), 1, step)
    with pytest.raises(IllegalAction):
        TITLE.choices(state, 1, ("pick:99",))


def test_no_bid_is_revealed_before_everyone_has_bid() -> None:
    state = TITLE.setup(2, 3, {})
    events = TITLE.apply(state, 0, "bid:3") + TITLE.apply(state, 2, "bid:5")
    public = [e for e in events if e.private_to is None]
    assert public and all("coin" not in e.text for e in public)
    assert not any(e.barrier for e in events)
    assert [e.private_to for e in events if e.private_to is not None] == [0, 2]
    assert TITLE.view(state, None).seats[0].bid is None
    assert TITLE.view(state, 1).seats[0].bid is None
    assert TITLE.view(state, 0).seats[0].bid == 3  # one's own bid stays visible
    assert [s.has_bid for s in TITLE.view(state, None).seats] == [True, False, True]
    assert [p.seat for p in TITLE.prompts(state)] == [1]
    assert state.seats[0].coins == NUMBERS["start_coins"] + NUMBERS["income"]  # not paid yet


def test_reveal_is_a_barrier_listing_all_bids_and_bids_are_paid() -> None:
    state = TITLE.setup(2, 3, {})
    coins = [p.coins for p in state.seats]
    events = start_play(state, [1, 4, 2])
    reveal = events[-1]
    assert reveal.barrier and reveal.private_to is None
    assert "Amber 1" in reveal.text and "Teal 4" in reveal.text and "Plum 2" in reveal.text
    assert [p.coins for p in state.seats] == [coins[0] - 1, coins[1] - 4, coins[2] - 2]
    assert [s.bid for s in TITLE.view(state, None).seats] == [1, 4, 2]


def test_turn_order_by_bid_then_fewer_points_then_lower_seat() -> None:
    state = TITLE.setup(4, 4, {})
    for seat, points in enumerate([5, 2, 2, 0]):
        state.seats[seat].points = points
    start_play(state, [2, 2, 2, 3])
    # Slate bid most; among the bids of 2, Teal and Plum (2 points) beat Amber (5 points),
    # and Teal beats Plum as the lower seat.
    assert state.order == [3, 1, 2, 0]
    assert TITLE.prompts(state)[0].seat == 3
    assert TITLE.view(state, None).current == 3
    assert TITLE.view(state, None).order == [3, 1, 2, 0]


def test_bid_cannot_exceed_coins_or_cap() -> None:
    state = TITLE.setup(2, 2, {})
    state.seats[1].coins = 2
    assert [c.id for c in TITLE.prompt_for(state, 1).choices] == ["pick:0", "pick:1", "pick:2"]
    with pytest.raises(IllegalAction, match="from 0 to 2 coins"):
        TITLE.apply(TITLE.copy(state), 1, "bid:3")


# ---- the multi-step turn --------------------------------------------------------------------


def first_turn(seed: int = 6, seats: int = 3) -> tuple[BazaarState, int]:
    state = TITLE.setup(seed, seats, {})
    start_play(state, [0] * seats)
    return state, state.order[0]


def test_stall_prompt_lists_more_than_25_choices() -> None:
    state, seat = first_turn()
    card = state.seats[seat].hand[0]
    prompt = TITLE.choices(state, seat, (f"card:{card.key}",))
    ids = [c.id for c in prompt.choices]
    assert len(ids) == 31 > 25
    assert ids[:30] == [f"stall:{n}" for n in range(1, 31)] and ids[-1] == "back"
    assert {c.group for c in prompt.choices[:30]} == {"Stalls 1-10", "Stalls 11-20", "Stalls 21-30"}
    assert all(c.step for c in prompt.choices)


def test_turn_steps_are_a_draft_ending_in_one_move() -> None:
    state, seat = first_turn()
    card = state.seats[seat].hand[0]
    before = TITLE.encode(state)
    draft = (f"card:{card.key}", "stall:7")
    confirm = TITLE.choices(state, seat, draft)
    assert [c.id for c in confirm.choices] == [f"sell:{card.key}:7", "back"]
    assert TITLE.encode(state) == before  # building a move changes nothing
    for step in (*draft, BACK):
        with pytest.raises(IllegalAction):
            TITLE.apply(TITLE.copy(state), seat, step)
    assert TITLE.choices(state, seat, ()).find("pass") is not None


def test_sale_scores_reveals_and_draws_behind_barriers() -> None:
    state, seat = first_turn()
    card = state.seats[seat].hand[0]
    match = next(i for i, st in enumerate(state.stalls) if st.colour == card.colour)
    deck_before = len(state.deck)
    events = TITLE.apply(state, seat, f"sell:{card.key}:{match + 1}")
    assert state.seats[seat].points == card.value + NUMBERS["match_bonus"]
    assert state.stalls[match].owner == seat and state.stalls[match].cards == [card]
    assert events[0].barrier and card.words() in events[0].text
    drawn = [e for e in events if e.private_to == seat]
    assert len(drawn) == 1 and drawn[0].barrier and drawn[0].text.startswith("You drew a ")
    assert any(e.barrier and e.private_to is None and "draws a card" in e.text for e in events)
    assert len(state.deck) == deck_before - 1
    assert len(state.seats[seat].hand) == NUMBERS["hand_size"]
    assert f"stall:{match + 1}" in TITLE.view(state, None).last_action
    assert state.turn == 1


def test_covering_pays_the_previous_owner() -> None:
    state, seat = first_turn(seats=2)
    other = 1 - seat
    state.stalls[4].cards, state.stalls[4].owner = [Card("red", 1)], other
    state.deck.remove(Card("red", 1))
    coins = [p.coins for p in state.seats]
    card = state.seats[seat].hand[0]
    events = TITLE.apply(state, seat, f"sell:{card.key}:5")
    assert state.seats[seat].coins == coins[seat] - NUMBERS["cover_fee"]
    assert state.seats[other].coins == coins[other] + NUMBERS["cover_fee"]
    assert state.stalls[4].owner == seat and len(state.stalls[4].cards) == 2
    assert "paying" in events[0].text


def test_pass_takes_a_coin_and_draws() -> None:
    state, seat = first_turn()
    coins = state.seats[seat].coins
    events = TITLE.apply(state, seat, "pass")
    assert state.seats[seat].coins == coins + NUMBERS["pass_coins"]
    assert len(state.seats[seat].hand) == NUMBERS["hand_size"] + 1
    assert any(e.private_to == seat for e in events)


def test_no_draw_at_hand_limit_or_from_empty_deck() -> None:
    state, seat = first_turn()
    while len(state.seats[seat].hand) < NUMBERS["hand_limit"]:
        state.seats[seat].hand.append(state.deck.pop())
    events = TITLE.apply(state, seat, "pass")
    assert not any(e.barrier for e in events)
    assert len(state.seats[seat].hand) == NUMBERS["hand_limit"]
    nxt = state.order[state.turn]
    state.seats[(nxt + 1) % 3].hand.extend(state.deck)
    state.deck.clear()
    events = TITLE.apply(state, nxt, "pass")
    assert "deck is empty" in events[-1].text and not events[-1].barrier


def test_final_scoring_adds_stall_bonus_and_ends() -> None:
    state = TITLE.setup(1, 2, {"rounds": "2"})
    state.round = 2
    start_play(state, [0, 0])
    state.stalls[0].cards, state.stalls[0].owner = [state.deck.pop()], 0
    state.stalls[1].cards, state.stalls[1].owner = [state.deck.pop()], 0
    points = state.seats[0].points
    TITLE.apply(state, state.order[0], "pass")
    events = TITLE.apply(state, state.order[1], "pass")
    assert state.phase == "over" and TITLE.prompts(state) == []
    assert state.seats[0].points == points + 2 * NUMBERS["stall_bonus"]
    assert "Game over" in events[-1].text


# ---- results and tie-breaks -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "coins", "ranking", "places"),
    [
        ([10, 12, 8], [0, 0, 0], [1, 0, 2], {1: 1, 0: 2, 2: 3}),
        ([10, 10, 8], [1, 3, 0], [1, 0, 2], {1: 1, 0: 2, 2: 3}),
        ([10, 10, 8], [2, 2, 9], [0, 1, 2], {0: 1, 1: 1, 2: 3}),
        ([5, 7, 5, 5], [1, 0, 1, 0], [1, 0, 2, 3], {1: 1, 0: 2, 2: 2, 3: 4}),
    ],
)
def test_ranking_tie_breaks(points, coins, ranking, places) -> None:
    state = TITLE.setup(0, len(points), {})
    assert TITLE.result(state) is None
    state.phase = "over"
    for p, pts, c in zip(state.seats, points, coins, strict=True):
        p.points, p.coins = pts, c
    result = TITLE.result(state)
    assert result.ranking == ranking
    assert result.places == places
    assert result.scores == dict(enumerate(points))


# ---- hidden information ---------------------------------------------------------------------


def test_views_redact_other_hands() -> None:
    state = TITLE.setup(7, 3, {})
    spectator = TITLE.view(state, None)
    assert all(s.hand is None for s in spectator.seats)
    for seat in range(3):
        view = TITLE.view(state, seat)
        assert view.seats[seat].hand == state.seats[seat].hand
        assert all(s.hand is None for s in view.seats if s.seat != seat)
        assert [s.hand_size for s in view.seats] == [3, 3, 3]
    assert "deck" not in msgspec.to_builtins(spectator)


def test_spectator_view_ignores_hidden_cards() -> None:
    a = TITLE.setup(7, 3, {})
    b = TITLE.copy(a)
    b.seats[0].hand, b.deck[:3] = b.deck[:3], b.seats[0].hand
    assert TITLE.view(a, None) == TITLE.view(b, None)
    assert TITLE.view(a, 1) == TITLE.view(b, 1)
    assert TITLE.view(a, 0) != TITLE.view(b, 0)


def test_private_text_names_the_hand() -> None:
    state = TITLE.setup(7, 2, {})
    state.seats[1].hand = [Card("gold", 5), Card("blue", 2)]
    assert TITLE.private_text(state, 1) == "Your hand: blue 2, gold 5."
    state.seats[1].hand = []
    assert TITLE.private_text(state, 1) == "Your hand is empty."


# ---- refusals -------------------------------------------------------------------------------


def _refusal_cases():
    bidding = TITLE.setup(3, 3, {})
    TITLE.apply(bidding, 0, "bid:1")
    playing, seat = first_turn(3, 3)
    waiting = playing.order[1]
    held = playing.seats[seat].hand[0].key
    broke = TITLE.copy(playing)
    broke.seats[seat].coins = 0
    broke.stalls[2].owner, broke.stalls[2].cards = waiting, [broke.deck.pop()]
    over = TITLE.setup(3, 2, {})
    over.phase = "over"
    absent = next(c for c in FULL_DECK if c not in playing.seats[seat].hand)
    return [
        (bidding, 0, "bid:2", "already bid"),
        (bidding, 1, "bid:99", "You can bid from 0 to 5 coins"),
        (bidding, 1, "pass", "not a bid"),
        (playing, waiting, "pass", "It is not your turn"),
        (playing, seat, f"sell:{absent.key}:1", f"You have no {absent.words()} in your hand"),
        (playing, seat, "confirm", "you must sell a card at a stall or pass"),
        (playing, seat, f"card:{held}", "you must sell a card at a stall or pass"),
        (playing, seat, f"sell:{held}:31", "There is no stall 31"),
        (playing, seat, f"sell:{held}:x", "There is no stall x"),
        (broke, seat, f"sell:{held}:3", "covering it costs 1 coin and you have 0 coins"),
        (playing, seat, "", "you must sell a card at a stall or pass"),
        (over, 0, "pass", "The game is over"),
        (playing, 7, "pass", "There is no seat 8"),
    ]


@pytest.mark.parametrize("case", range(13))
def test_illegal_actions_are_refused_politely_without_change(case: int) -> None:
    state, seat, choice_id, message = _refusal_cases()[case]
    before = TITLE.encode(state)
    attempt = TITLE.copy(state)
    with pytest.raises(IllegalAction) as err:
        TITLE.apply(attempt, seat, choice_id)
    text = str(err.value)
    assert message in text
    assert text[0].isupper() and text.endswith(".")
    assert TITLE.encode(attempt) == before


# ---- presentation ---------------------------------------------------------------------------


def test_rules_pages_are_short_markdown() -> None:
    pages = TITLE.rules_pages()
    assert 3 <= len(pages) <= 6
    assert all(p.startswith("#") and len(p) < 1800 for p in pages)


def test_status_line_follows_the_game() -> None:
    state = TITLE.setup(1, 2, {})
    assert TITLE.status_line(state) == "Round 1/3 · bidding · waiting for Amber, Teal"
    start_play(state, [1, 0])
    assert TITLE.status_line(state) == "Round 1/3 · Amber to play"
    assert TITLE.seat_label(state, 1) == "Teal"


def test_bot_choice_is_deterministic_and_a_whole_move() -> None:
    state, seat = first_turn()
    picks = [TITLE.bot_choice(state, seat, Rng.from_seed(s)) for s in range(20)]
    assert picks == [TITLE.bot_choice(state, seat, Rng.from_seed(s)) for s in range(20)]
    assert all(p == "pass" or p.startswith("sell:") for p in picks)
    for pick in picks:
        TITLE.apply(TITLE.copy(state), seat, pick)
    with pytest.raises(IllegalAction):
        TITLE.bot_choice(state, (seat + 1) % 3, Rng.from_seed(0))


def test_every_menu_of_a_turn_is_secret() -> None:
    """The card menu lists the hand and later steps follow from the card: all are private."""
    state, seat = first_turn()
    assert all(TITLE.choices(state, seat, d).secret for d, _ in walk(state, seat))
