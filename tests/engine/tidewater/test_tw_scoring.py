"""Round end, game end and scoring: R62, R63, R117, R118 and §22.4 scenario 15."""

from __future__ import annotations

from tests.engine.tidewater.tw_helpers import OVER, T, act, arrange, give, new


def end_round(s) -> None:
    """Everyone funds to Start; the first finisher's payout is answered with the first option."""
    r0 = s.round
    while s.round == r0 and s.phase != OVER:
        ids = [c.id for c in T.prompts(s)[0].choices]
        act(s, "done" if "done" in ids else ids[0] if ids[0].startswith("div") else "fund")


def test_r62_round_ends_when_all_reach_start() -> None:
    s = new(3, seed=2)
    arrange(s, {15: [0], 16: [1, 2]})
    s.first_finisher = 1
    act(s, "fund")
    assert s.round == 1  # the Start window is still open
    act(s, "done")
    assert s.round == 2


def test_r63_game_ends_after_round_three() -> None:
    s = new(2, seed=4)
    for _ in range(3):
        assert T.result(s) is None
        end_round(s)
    assert s.phase == OVER and s.round == 3
    assert T.result(s) is not None
    assert T.prompts(s) == []


def test_r117_score_is_credits_plus_share_values() -> None:
    s = new(3)
    give(s, 0, "RED", 2)
    give(s, 0, "BLUE", 1)
    s.company("RED").stock = 7
    s.company("BLUE").stock = 3
    s.company("RED").treasury = 99  # treasuries score nothing
    s.ship("RED").slots[2].investor = 0
    s.phase = OVER
    res = T.result(s)
    assert res.scores[0] == 16 + 14 + 3
    assert res.scores[1] == 16


def test_r118_tie_breaks() -> None:
    s = new(4)
    s.phase = OVER
    # Seat 0: 20 credits. Seat 1: 15 credits + 1 share at 5. Seat 2: same as 1. Seat 3: 19.
    s.players[0].credits = 20
    s.players[1].credits = 15
    give(s, 1, "RED", 1)
    s.players[2].credits = 15
    give(s, 2, "BLUE", 1)
    s.players[3].credits = 10
    give(s, 3, "GREEN", 1)
    give(s, 3, "YELLOW", 1)
    res = T.result(s)
    assert res.scores == {0: 20, 1: 20, 2: 20, 3: 20}
    assert res.ranking[0] == 0  # more credits
    assert res.places == {0: 1, 1: 2, 2: 2, 3: 4}  # 1 and 2 share; 3 has fewer credits
    s.players[3].credits = 15
    s.company("GREEN").stock = 3
    s.company("YELLOW").stock = 2
    res = T.result(s)
    assert res.places[3] == 2 and res.places[1] == 3  # same credits: more shares first
