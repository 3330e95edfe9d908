"""The automatic player of issue 12: stronger than the frozen baseline, always legal,
deterministic, blind to the bag order (the only hidden information, spec section 2) and
independent of the menus' order and wording."""

from __future__ import annotations

import pytest

from engine.core import Choice, IllegalAction
from engine.rng import Rng
from engine.tidewater import TITLE
from engine.tidewater import prompts as pr
from engine.tidewater.bot import baseline as bot_baseline
from engine.tidewater.bot import player as bot

T = TITLE


def play(seed: int, players: list, options: dict[str, str] | None = None, check=None):
    """One game; seat n moves with players[n]; `check(state, seat, move)` sees every move."""
    state = T.setup(seed, len(players), options or {})
    rngs = [Rng.from_seed(seed * 31 + n) for n in range(len(players))]
    moves: list[tuple[int, str]] = []
    for _ in range(20000):
        if T.result(state) is not None:
            return T.result(state), moves
        seat = T.prompts(state)[0].seat
        move = players[seat](state, seat, rngs[seat])
        if check is not None:
            check(state, seat, move)
        T.apply(state, seat, move)
        moves.append((seat, move))
    raise AssertionError("the game did not end")


def test_new_bot_beats_the_baseline() -> None:
    """Issue 12: over 30 fixed seeds (2 seats, alternating) the new bot wins at least 60 %."""
    wins = 0
    for seed in range(30):
        me = seed % 2
        players = [bot.bot_choice, bot_baseline.choose]
        if me:
            players.reverse()
        res, _ = play(seed, players)
        wins += res.places[me] < res.places[1 - me]
    assert wins >= 18, f"won only {wins} of 30"


def _legal(state, seat, move) -> None:
    """The move is complete (never a step) and the menus list it at the end of its path."""
    top = pr.choices(state, seat, ())
    assert top is not None
    assert not move.startswith(">") and move != "back"
    assert bot.reachable(state, seat, top, move), move


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("seed", [5, 17])
def test_every_bot_move_is_legal(seats: int, seed: int) -> None:
    res, moves = play(seed, [T.bot_choice] * seats, check=_legal)
    assert sorted(res.scores) == list(range(seats))
    assert any(m.startswith("trade:") for _, m in moves)


@pytest.mark.parametrize("option", ["terminal_fee", "short_game", "open_operations"])
def test_bot_is_legal_under_variants(option: str) -> None:
    res, _ = play(3, [T.bot_choice] * 3, {option: "on"}, check=_legal)
    assert len(res.scores) == 3


def test_bot_is_deterministic() -> None:
    _, first = play(11, [T.bot_choice] * 3)
    _, again = play(11, [T.bot_choice] * 3)
    assert first == again


def _decisions(seed: int, seats: int, every: int = 7):
    """States met in a bot game, every `every`-th decision."""
    state = T.setup(seed, seats, {})
    rng = Rng.from_seed(seed)
    n = 0
    while T.result(state) is None:
        seat = T.prompts(state)[0].seat
        if n % every == 0:
            yield T.copy(state), seat
        T.apply(state, seat, T.bot_choice(state, seat, rng))
        n += 1


def test_bot_does_not_read_the_bag_order() -> None:
    """The future draws (the state's generator) are the only hidden information: redrawing them
    never changes the bot's choice."""
    for state, seat in _decisions(2, 3):
        move = T.bot_choice(state, seat, Rng.from_seed(1))
        other = T.copy(state)
        other.rng = Rng.from_seed(other.rng.state ^ 0xDEADBEEF)
        assert T.bot_choice(other, seat, Rng.from_seed(1)) == move
        assert T.view(other, seat) == T.view(state, seat)


def test_bot_depends_on_ids_not_on_menu_order_or_labels(monkeypatch) -> None:
    """Reversed menus with other labels give the same moves."""
    seen = list(_decisions(4, 4, every=5))
    before = [T.bot_choice(s, seat, Rng.from_seed(2)) for s, seat in seen]
    top, sub = pr.top_menu, pr.submenu

    def scramble(menu):
        text, choices = menu
        return text, [Choice(c.id, f"#{i}", c.group, c.step) for i, c in enumerate(choices)][::-1]

    monkeypatch.setattr(pr, "top_menu", lambda *a: scramble(top(*a)))
    monkeypatch.setattr(pr, "submenu", lambda *a: scramble(sub(*a)))
    after = [T.bot_choice(s, seat, Rng.from_seed(2)) for s, seat in seen]
    assert after == before


def test_bot_refuses_when_not_its_decision() -> None:
    state = T.setup(1, 2, {})
    other = 1 - T.prompts(state)[0].seat
    with pytest.raises(IllegalAction):
        T.bot_choice(state, other, Rng.from_seed(0))
