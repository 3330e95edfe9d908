"""Company-track movement (spec section 11.2) and shares (section 11.3).

`advance()` is the ONE movement procedure: every effect that moves a track marker (goods units,
majority spaces, map `track` rewards, the D2 spaces) calls it. It mutates the state and returns an
`AdvanceResult` describing everything that happened, for log text and previews.

Rules owned: R1-R18 (movement part), R24, R142-R148, R177, R178.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec

from engine.mombasa.data import SpecialSpace, TrackSide, data
from engine.mombasa.state import State, TrackBonus


@dataclass(frozen=True)
class CallPaid:
    before: int  # the capital call between before-1 and before
    pounds: int


@dataclass(frozen=True)
class SpecialPayout:
    """A special space reached or passed (R11-R15). `paid` lists (seat, pounds) in payment order:
    the arriving player first, then the earlier arrivals in arrival order."""

    index: int  # 0 first special space, 1 second
    space: int
    pounds: int
    arrival: int  # 1 = first player ever to arrive
    paid: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(p for _, p in self.paid)


@dataclass
class AdvanceResult:
    seat: int
    company: str
    side: str
    start: int
    end: int
    requested: int
    moved: int = 0
    calls_paid: list[CallPaid] = field(default_factory=list)
    specials: list[SpecialPayout] = field(default_factory=list)
    unlocked: list[int] = field(default_factory=list)  # bonus indexes unlocked as pending
    shares_before: int = 0
    shares_after: int = 0
    #: why steps were forfeited: "" (none), "end" (last space, R5/R7), "call" (capital call
    #: not affordable, R4/R6); `blocked_call` is that call's amount
    stopped: str = ""
    blocked_call: int = 0

    @property
    def lost(self) -> int:
        return self.requested - self.moved

    @property
    def cash_delta(self) -> int:
        """The acting player's net cash change."""
        paid_out = sum(c.pounds for c in self.calls_paid)
        got = sum(p for s in self.specials for seat, p in s.paid if seat == self.seat)
        return got - paid_out


def side_of(st: State, company: str) -> TrackSide:
    return data().sides[st.sides[company]]


def advance(
    st: State,
    seat: int,
    company: str,
    steps: int,
    on_step: Callable[[], object] | None = None,
) -> AdvanceResult:
    """Move `seat`'s marker on `company`'s track forward up to `steps` spaces (section 11.2).

    Step by step: stop at the last space (R5, R7); cross a capital call by paying it
    automatically if cash allows, else stop before it (R3, R4, R6, R143); on entering a special
    space pay it to the mover and again to every earlier arrival (R11-R15), append the mover to
    the arrival list and unlock the bonus as pending (R17, R18). Blocked or excess steps are
    forfeited without compensation (R8, R147). `on_step` is called after each space moved (the
    automatic player reads the position after every step of one move)."""
    if steps < 0:
        raise ValueError("advance() needs steps >= 0")
    side = side_of(st, company)
    p = st.players[seat]
    res = AdvanceResult(
        seat=seat,
        company=company,
        side=side.id,
        start=p.track[company],
        end=p.track[company],
        requested=steps,
        shares_before=side.shares_at(p.track[company]),
    )
    for _ in range(steps):
        pos = p.track[company]
        if pos >= side.last_space:
            res.stopped = "end"
            break
        call = side.call_before(pos + 1)
        if call is not None:
            if p.cash >= call.pounds:
                p.cash -= call.pounds
                res.calls_paid.append(CallPaid(call.before, call.pounds))
            else:
                res.stopped = "call"
                res.blocked_call = call.pounds
                break
        pos += 1
        p.track[company] = pos
        res.moved += 1
        sp = side.special_at(pos)
        if sp is not None:
            _arrive(st, res, sp)
        if on_step is not None:
            on_step()
    res.end = p.track[company]
    res.shares_after = side.shares_at(res.end)
    return res


def _arrive(st: State, res: AdvanceResult, sp: SpecialSpace) -> None:
    """The mover enters special space `sp` (R11-R18)."""
    seat, company = res.seat, res.company
    arrivals = st.arrivals[company][sp.index]
    if seat in arrivals:  # markers never move back (R146); defensive
        return
    paid = [(seat, sp.pounds)] + [(q, sp.pounds) for q in arrivals]
    for q, amount in paid:
        st.players[q].cash += amount
    arrivals.append(seat)
    res.specials.append(SpecialPayout(sp.index, sp.space, sp.pounds, len(arrivals), tuple(paid)))
    p = st.players[seat]
    if not any(b.company == company and b.index == sp.index for b in p.bonuses):
        p.bonuses.append(TrackBonus(company, sp.index, False))
        res.unlocked.append(sp.index)


def advance_copy(st: State) -> State:
    """A copy of `st` to `advance` on and read the markers, cash and bonuses of, several times
    cheaper than `state.clone`: new players (their plain values), track positions, bonus lists
    and arrival lists; everything else is shared with `st` and must only be read (`advance`
    changes nothing else and never changes an existing bonus)."""
    return msgspec.structs.replace(
        st,
        players=[
            msgspec.structs.replace(p, track=dict(p.track), bonuses=list(p.bonuses))
            for p in st.players
        ],
        arrivals={c: [list(a) for a in v] for c, v in st.arrivals.items()},
    )


def shares(st: State, seat: int, company: str) -> int:
    """Track shares of `seat` in `company` (R142); share cards are added at scoring (R167)."""
    return side_of(st, company).shares_at(st.players[seat].track[company])


def activate_pending(st: State, seat: int) -> list[TrackBonus]:
    """Start of `seat`'s turn (R85, R201): every pending bonus becomes active. Returns the newly
    activated ones (the caller handles R204 marker gains via bonus effects)."""
    out = []
    for b in st.players[seat].bonuses:
        if not b.active:
            b.active = True
            out.append(b)
    return out


def active_bonus_level(st: State, seat: int, company: str) -> int:
    """The highest ACTIVE bonus of `seat` on `company`'s track: 0 none, 1 first, 2 second.
    First and second never stack (R25, R26)."""
    level = 0
    for b in st.players[seat].bonuses:
        if b.company == company and b.active:
            level = max(level, b.index + 1)
    return level


def company_with_pair(st: State, pair: str) -> str | None:
    """The company whose side carries bonus pair `pair` (each pair is in play at most once)."""
    d = data()
    for comp, side in st.sides.items():
        if d.sides[side].bonus_pair == pair:
            return comp
    return None


def describe(res: AdvanceResult, names: list[str]) -> str:
    """One log line for an advance; `names[seat]` is how a seat is called."""
    who = names[res.seat]
    if res.requested == 0:
        return f"{who} does not move on {res.company}."
    parts = [f"{who} moves {res.moved} on {res.company} ({res.side}) {res.start} → {res.end}"]
    for c in res.calls_paid:
        parts.append(f"pays the £{c.pounds} capital call")
    for s in res.specials:
        others = [f"{names[q]} £{a}" for q, a in s.paid[1:]]
        txt = f"reaches the £{s.pounds} special space on {s.space} (+£{s.pounds})"
        if others:
            txt += "; again to " + ", ".join(others)
        parts.append(txt)
    if res.unlocked:
        parts.append(
            "unlocks "
            + " and ".join(("first", "second")[i] for i in res.unlocked)
            + " bonus (from next turn)"
        )
    if res.lost:
        why = (
            "end of track"
            if res.stopped == "end"
            else f"cannot pay the £{res.blocked_call} capital call"
        )
        parts.append(f"{res.lost} step(s) lost ({why})")
    return "; ".join(parts) + "."
