"""The automatic player (issue 12): a one-move look-ahead over candidate complete moves.

Each candidate (engine.tidewater.bot.candidates) is applied to a copy of the state and the result is
scored by engine.tidewater.bot.evaluation: every seat's estimated final score (R117), the payouts to
come played forward. The bot takes free actions while they gain, then the best time-costing
action, and stops (R77) when nothing beats Funding by a margin. It decides from public
information only (spec section 2) and never draws from the game's generator.

The chosen move is played only when the menus list it (the path that leads toward it ends in it);
otherwise it funds or takes the first listed move. It never returns a menu step, and every
time-costing action advances a disc: games always terminate.
"""

from __future__ import annotations

import msgspec

from engine.core import BACK, MAX_DRAFT_STEPS, IllegalAction, Prompt
from engine.rng import Rng
from engine.tidewater import moves, track
from engine.tidewater import prompts as pr
from engine.tidewater.bot import candidates
from engine.tidewater.bot.evaluation import advantage
from engine.tidewater.state import PAYOUT, START, Last, State

#: A free action is taken only if it gains at least this much.
EPS = 0.05
#: Stop (when allowed) unless the best time-costing action beats Funding by this much.
STOP_MARGIN = 0.5
#: Seed of the stand-in generator of look-ahead copies (any fixed value; never the game's).
LOOK_SEED = 12


def plan(state: State, seat: int, rng: Rng) -> str:
    """A complete move id (reached through menus by a player) the bot wants to play now: the
    candidate whose one-move look-ahead gives the best estimate (engine.tidewater.bot.evaluation)."""
    ahead = Lookahead(state, seat)
    if state.phase == PAYOUT:  # R57, R114: the dividend that serves this seat best
        pay = state.payout
        assert pay is not None
        return ahead.best([f"div:{d}" for d in pay.options])[0] or f"div:{max(pay.options)}"
    base = advantage(state, seat)
    free, gain = ahead.best(candidates.free_moves(state, seat))
    if free is not None and gain > base + EPS:
        return free
    if state.phase == START:
        return "done"
    cands = candidates.time_moves(state, seat)
    move, value = ahead.best(cands)
    if track.can_stop(state):  # R7, R77: stop unless a move is clearly worth taking now
        fund = ahead.value("fund")
        if move is None or fund is None or value < fund + STOP_MARGIN:
            return "stop"
    return move or "fund"


class Lookahead:
    """One decision's look-ahead: the state is encoded once, with the stand-in generator and
    without the display-only logs (`last`, `recent`: no rule reads them), and each candidate's
    value is kept, so a move compared twice (Funding, against Stop) is applied once. The
    generator is replaced, so a draw in the look-ahead reveals nothing about the real bag
    order (section 2)."""

    def __init__(self, state: State, seat: int) -> None:
        self.seat = seat
        blank = msgspec.structs.replace(state, rng=Rng.from_seed(LOOK_SEED), last=Last(), recent=[])
        self.snap = _ENCODER.encode(blank)
        self.values: dict[str, float | None] = {}

    def value(self, move: str) -> float | None:
        """The seat's advantage after `move` (None: illegal)."""
        if move not in self.values:
            self.values[move] = self._look(move)
        return self.values[move]

    def _look(self, move: str) -> float | None:
        copy = _DECODER.decode(self.snap)
        try:
            moves.apply(copy, self.seat, move)
        except IllegalAction:
            return None
        return advantage(copy, self.seat)

    def best(self, cands: list[str]) -> tuple[str | None, float]:
        """The first candidate with the highest look-ahead value (None: none is legal)."""
        top: str | None = None
        value = float("-inf")
        for c in cands:
            v = self.value(c)
            if v is not None and v > value:
                top, value = c, v
        return top, value


_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(State)


def bot_choice(state: State, seat: int, rng: Rng) -> str:
    """The planned complete move, if the menus can build it now; else a safe complete move."""
    top = pr.choices(state, seat, ())
    if top is None:
        raise IllegalAction("It is not this seat's decision.")
    target = plan(state, seat, rng)
    if reachable(state, seat, top, target):
        return target
    finals = [c.id for c in top.choices if not c.step]
    if "fund" in finals:
        return "fund"
    return finals[0] if finals else first_move(state, seat)


def reachable(state: State, seat: int, top: Prompt, target: str) -> bool:
    """Whether `target` is listed at the end of the menu path that leads toward it. Each step
    was just listed by the menu before it, so its sub-menu is built directly (what
    `prompts.choices` gives for that draft, without rebuilding the menus above it)."""
    prompt_choices = top.choices
    for _ in range(MAX_DRAFT_STEPS):
        if any(c.id == target and not c.step for c in prompt_choices):
            return True
        step = next(
            (
                c.id
                for c in prompt_choices
                if c.step and c.id != BACK and leads_to(c.id[1:], target)
            ),
            None,
        )
        if step is None:
            return False
        prompt_choices = pr.submenu(state, seat, step[1:])[1]
    return False


def first_move(state: State, seat: int) -> str:
    """The first complete move down the first menus (never "back")."""
    draft: tuple[str, ...] = ()
    for _ in range(MAX_DRAFT_STEPS):
        prompt = pr.choices(state, seat, draft)
        assert prompt is not None
        pick = next(c for c in prompt.choices if c.id != BACK)
        if not pick.step:
            return pick.id
        draft = (*draft, pick.id)
    raise IllegalAction("This menu never ends in a move.")


def leads_to(menu: str, target: str) -> bool:
    kind, _, arg = menu.partition(":")
    head, _, rest = target.partition(":")
    if kind != head:
        return False
    if not arg:
        return True
    return rest.startswith(arg)


def timeout_choice(state: State, seat: int) -> str:
    """R122: what an idle player does when the host's timer runs out (policy in data)."""
    d = state.rules.bot_defaults
    if state.phase == PAYOUT:
        pay = state.payout
        assert pay is not None
        if d["timeout_dividend"] == "highest_affordable":
            return f"div:{max(pay.options)}"
        return f"div:{min(pay.options)}"
    if seat != state.active:
        raise IllegalAction("It is not this seat's decision.")
    if state.phase == START:
        return d["timeout_start_window"]  # "done"
    if track.can_stop(state):
        return d["timeout_active_stop_allowed"]  # "stop"
    return {"funding": "fund"}.get(d["timeout_active_must_act"], d["timeout_active_must_act"])
