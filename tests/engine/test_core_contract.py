"""The generic engine pieces: the seeded generator, Title's helpers and the title registry."""

from __future__ import annotations

import msgspec
import pytest

from engine import registry
from engine.core import BACK, Choice, IllegalAction, Prompt, Title
from engine.rng import Rng
from tests.titles.bazaar import TITLE as BAZAAR
from tests.titles.bazaar import Bazaar

# ---- Rng ------------------------------------------------------------------------------------


def test_rng_same_seed_same_stream() -> None:
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]
    assert a.state == b.state


def test_rng_different_seeds_differ() -> None:
    a, b = Rng.from_seed(1), Rng.from_seed(2)
    assert [a.next64() for _ in range(5)] != [b.next64() for _ in range(5)]


def test_rng_known_splitmix64_value() -> None:
    # The reference SplitMix64 output for seed 0: pins the algorithm so replays never drift.
    assert Rng.from_seed(0).next64() == 0xE220A8397B1DCDAF


def test_rng_seed_is_masked_to_64_bits() -> None:
    assert Rng.from_seed(-1).state == (1 << 64) - 1
    assert Rng.from_seed((1 << 64) + 5).state == 5


def test_rng_state_survives_json_round_trip() -> None:
    rng = Rng.from_seed(7)
    rng.next64()
    copy = msgspec.json.decode(msgspec.json.encode(rng), type=Rng)
    assert [copy.below(1000) for _ in range(20)] == [rng.below(1000) for _ in range(20)]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10, 1000, (1 << 63) + 1])
def test_rng_below_stays_in_bounds(n: int) -> None:
    rng = Rng.from_seed(n)
    assert all(0 <= rng.below(n) < n for _ in range(300))


def test_rng_below_rejects_non_positive_bound() -> None:
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(0)
    with pytest.raises(ValueError):
        Rng.from_seed(1).below(-3)


def test_rng_below_is_roughly_uniform() -> None:
    rng, n, draws = Rng.from_seed(2024), 6, 6000
    counts = [0] * n
    for _ in range(draws):
        counts[rng.below(n)] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 20.5  # 5 degrees of freedom: p ~ 0.001


def test_rng_randint_includes_both_ends() -> None:
    rng = Rng.from_seed(3)
    seen = {rng.randint(2, 5) for _ in range(400)}
    assert seen == {2, 3, 4, 5}


def test_rng_choice_picks_members() -> None:
    rng, items = Rng.from_seed(9), ["a", "b", "c"]
    assert {rng.choice(items) for _ in range(100)} == set(items)


def test_rng_shuffle_is_a_permutation_and_deterministic() -> None:
    items = list(range(52))
    a, b = list(items), list(items)
    Rng.from_seed(5).shuffle(a)
    Rng.from_seed(5).shuffle(b)
    assert sorted(a) == items
    assert a == b
    assert a != items


def test_rng_shuffle_of_tiny_lists() -> None:
    rng = Rng.from_seed(1)
    empty: list[int] = []
    one = [1]
    rng.shuffle(empty)
    rng.shuffle(one)
    assert empty == [] and one == [1]


def test_rng_fork_leaves_parent_untouched_and_is_deterministic() -> None:
    parent = Rng.from_seed(11)
    before = parent.state
    child_a, child_b = parent.fork(1), parent.fork(1)
    assert parent.state == before
    assert child_a.next64() == child_b.next64()
    assert parent.fork(1).next64() != parent.fork(2).next64()
    assert parent.fork(1).next64() != Rng.from_seed(11).next64()


# ---- Title helpers --------------------------------------------------------------------------


def _mid_game_state():
    state = BAZAAR.setup(8, 3, {"rounds": "2"})
    rng = Rng.from_seed(8)
    for _ in range(7):
        prompt = BAZAAR.prompts(state)[0]
        BAZAAR.apply(state, prompt.seat, BAZAAR.bot_choice(state, prompt.seat, rng))
    return state


def test_encode_decode_round_trip_is_exact() -> None:
    state = _mid_game_state()
    data = BAZAAR.encode(state)
    back = BAZAAR.decode(data)
    assert back == state
    assert BAZAAR.encode(back) == data
    assert BAZAAR.decode(data.decode()) == state  # str input accepted too


def test_copy_is_deep_and_independent() -> None:
    state = _mid_game_state()
    twin = BAZAAR.copy(state)
    assert twin == state
    twin.seats[0].hand.clear()
    twin.rng.next64()
    assert twin != state
    assert state.seats[0].hand


def test_copy_then_continue_gives_same_future() -> None:
    state = _mid_game_state()
    twin = BAZAAR.copy(state)
    for s in (state, twin):
        rng = Rng.from_seed(77)
        while BAZAAR.result(s) is None:
            prompt = BAZAAR.prompts(s)[0]
            BAZAAR.apply(s, prompt.seat, BAZAAR.bot_choice(s, prompt.seat, rng))
    assert twin == state


def test_prompt_for_finds_the_seat_or_none() -> None:
    state = BAZAAR.setup(1, 3, {})
    assert [p.seat for p in BAZAAR.prompts(state)] == [0, 1, 2]
    prompt = BAZAAR.prompt_for(state, 1)
    assert prompt is not None and prompt.seat == 1
    BAZAAR.apply(state, 1, "bid:0")
    assert BAZAAR.prompt_for(state, 1) is None
    assert BAZAAR.prompt_for(state, 9) is None


def test_prompt_find() -> None:
    prompt = Prompt(0, "Pick", [Choice("a", "A"), Choice("b", "B", "G")])
    assert prompt.find("b") == Choice("b", "B", "G")
    assert prompt.find("c") is None


class _Coin(msgspec.Struct):
    rng: Rng
    flips: list[str] = []


class _CoinTitle(Title[_Coin]):
    """The smallest title: one seat calls heads or tails three times. Uses the base helpers."""

    slug = "coin-test"
    name = "Coin"
    min_seats = max_seats = 1
    rules_version = "1"
    state_type = _Coin

    def setup(self, seed: int, seats: int, options: dict[str, str]) -> _Coin:
        return _Coin(rng=Rng.from_seed(seed))

    def prompts(self, state: _Coin) -> list[Prompt]:
        if len(state.flips) >= 3:
            return []
        return [Prompt(0, "Call it", [Choice("heads", "Heads"), Choice("tails", "Tails")])]

    def apply(self, state: _Coin, seat: int, choice_id: str):
        if self.prompt_for(state, seat) is None:
            raise IllegalAction("Not now.")
        state.flips.append(choice_id)
        return []


def test_base_bot_choice_is_legal_and_deterministic() -> None:
    title = _CoinTitle()
    state = title.setup(0, 1, {})
    picks = [title.bot_choice(state, 0, Rng.from_seed(s)) for s in range(30)]
    assert set(picks) == {"heads", "tails"}
    assert picks == [title.bot_choice(state, 0, Rng.from_seed(s)) for s in range(30)]


def test_base_bot_choice_refuses_a_seat_with_no_decision() -> None:
    title = _CoinTitle()
    state = title.setup(0, 1, {})
    with pytest.raises(IllegalAction):
        title.bot_choice(state, 1, Rng.from_seed(0))
    state.flips = ["heads"] * 3
    with pytest.raises(IllegalAction):
        title.bot_choice(state, 0, Rng.from_seed(0))


def test_base_default_move_is_the_first_listed_move() -> None:
    title = _CoinTitle()
    state = title.setup(0, 1, {})
    assert title.default_move(state, 0) == "heads"
    with pytest.raises(IllegalAction):
        title.default_move(state, 1)  # no decision for that seat
    state.flips = ["heads"] * 3
    with pytest.raises(IllegalAction):
        title.default_move(state, 0)  # the game is over


class _Stepped(_CoinTitle):
    """A menu tree: step "a" leads to a menu with nothing but BACK, step "b" to a move."""

    def choices(self, state: _Coin, seat: int, draft: tuple[str, ...] = ()) -> Prompt | None:
        back = Choice(BACK, "Back", step=True)
        if not draft:
            top = self.prompt_for(state, seat)
            if top is None:
                return None
            steps = [Choice("a", "A", step=True), Choice("b", "B", step=True)]
            return Prompt(seat, "Pick", [back, *steps])
        if draft == ("a",):
            return Prompt(seat, "A", [back])
        if draft == ("b",):
            return Prompt(seat, "B", [back, Choice("b1", "B1"), Choice("b2", "B2")])
        raise IllegalAction("No such menu.")


def test_base_default_move_takes_first_non_back_choices_and_skips_dead_ends() -> None:
    title = _Stepped()
    state = title.setup(0, 1, {})
    assert title.default_move(state, 0) == "b1"  # "a" offers no move, BACK is never taken


def test_base_default_move_through_the_bazaar_menus() -> None:
    state = BAZAAR.setup(1, 2, {})
    assert Title.default_move(BAZAAR, state, 0) == "bid:0"  # pick:0, then its confirmation
    BAZAAR.apply(state, 0, "bid:3")
    BAZAAR.apply(state, 1, "bid:0")
    card = min(state.seats[0].hand, key=lambda c: (c.colour, c.value))
    assert Title.default_move(BAZAAR, state, 0) == f"sell:{card.key}:1"


def test_bazaar_default_move_bids_nothing_then_passes() -> None:
    state = BAZAAR.setup(1, 2, {})
    assert BAZAAR.default_move(state, 0) == "bid:0"
    BAZAAR.apply(state, 0, "bid:0")
    with pytest.raises(IllegalAction):
        BAZAAR.default_move(state, 0)  # already bid
    BAZAAR.apply(state, 1, BAZAAR.default_move(state, 1))
    seat = state.order[0]
    assert BAZAAR.default_move(state, seat) == "pass"
    coins = state.seats[seat].coins
    BAZAAR.apply(state, seat, "pass")
    assert state.seats[seat].coins == coins + 1


def test_base_presentation_defaults() -> None:
    title = _CoinTitle()
    state = title.setup(0, 1, {})
    assert title.seat_label(state, 0) == "Seat 1"
    assert title.private_text(state, 0) is None
    assert title.rules_pages() == ["Coin"]
    assert title.status_line(state) == ""


# ---- registry -------------------------------------------------------------------------------


@pytest.fixture
def clean_registry(monkeypatch: pytest.MonkeyPatch) -> dict:
    titles: dict = {}
    monkeypatch.setattr(registry, "_TITLES", titles)
    return titles


def test_register_and_get(clean_registry: dict) -> None:
    assert registry.get("bazaar") is None
    assert registry.register(BAZAAR) is BAZAAR
    assert registry.get("bazaar") is BAZAAR
    assert registry.all_titles() == [BAZAAR]


def test_registering_the_same_title_twice_is_harmless(clean_registry: dict) -> None:
    registry.register(BAZAAR)
    registry.register(Bazaar())  # e.g. a module imported twice
    assert isinstance(registry.get("bazaar"), Bazaar)


def test_duplicate_slug_from_another_title_is_an_error(clean_registry: dict) -> None:
    class Impostor(_CoinTitle):
        slug = "bazaar"

    registry.register(BAZAAR)
    with pytest.raises(ValueError, match="bazaar"):
        registry.register(Impostor())
    assert registry.get("bazaar") is BAZAAR


def test_load_path_imports_and_registers(clean_registry: dict) -> None:
    title = registry.load_path("tests.titles.bazaar:TITLE")
    assert title is BAZAAR
    assert registry.get("bazaar") is BAZAAR


def test_load_path_defaults_to_title_attribute(clean_registry: dict) -> None:
    assert registry.load_path("tests.titles.bazaar") is BAZAAR


def test_load_path_unknown_module_fails_loudly(clean_registry: dict) -> None:
    with pytest.raises(ModuleNotFoundError):
        registry.load_path("tests.titles.no_such_title:TITLE")


def test_all_titles_sorted_by_name(clean_registry: dict) -> None:
    coin = _CoinTitle()
    registry.register(BAZAAR)
    registry.register(coin)
    assert registry.all_titles() == [BAZAAR, coin]  # "Bazaar" < "Coin"
