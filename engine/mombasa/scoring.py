"""End of game and scoring (spec section 19).

score = cash (R170) + for each company (track shares + share cards) x share value (R166, R167)
      + diamond track value (R168) + bookkeeping track value (R169).
The highest score wins (R171); tied players share the place, no tie-breaker, listed in seat
order (R172).

Rules owned: R165-R172.
"""

from __future__ import annotations

from engine.core import Event, Result
from engine.mombasa import bases, names, tracks
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind


def owned_cards(st: State, seat: int) -> list[str]:
    """Every card the player owns: hand, the 5 discard piles and the action area (R167)."""
    p = st.players[seat]
    return (
        list(p.hand) + [c for pile in p.piles for c in pile] + [s.card for s in p.slots if s.card]
    )


def share_cards(st: State, seat: int) -> dict[str, int]:
    """Share cards per company; each adds 1 share (switch share_card_value: plus_1_share)."""
    cards = data().cards
    out = {c: 0 for c in data().companies}
    for cid in owned_cards(st, seat):
        cd = cards[card_kind(cid)]
        if cd.type == "share":
            out[cd.company] += 1
    return out


def shares(st: State, seat: int) -> dict[str, int]:
    """Final shares per company: track shares (R142) + share cards (R167)."""
    extra = share_cards(st, seat)
    return {c: tracks.shares(st, seat, c) + extra[c] for c in data().companies}


def breakdown(st: State, seat: int) -> dict[str, int]:
    """{"cash", <company>..., "diamonds", "bookkeeping", "total"} in pounds."""
    d = data()
    p = st.players[seat]
    out = {"cash": p.cash}
    for comp, n in shares(st, seat).items():
        out[comp] = n * bases.share_value(st, comp)
    out["diamonds"] = d.diamond.end_value[p.diamond]
    out["bookkeeping"] = d.bookkeeping.end_value[p.ink]
    out["total"] = sum(out.values())
    return out


def score(st: State, seat: int) -> int:
    return breakdown(st, seat)["total"]


def _line(st: State, seat: int) -> str:
    b = breakdown(st, seat)
    sh = shares(st, seat)
    comp = ", ".join(
        f"{names.company(c)} {sh[c]}×£{bases.share_value(st, c)}=£{b[c]}"
        for c in data().companies
        if sh[c]
    )
    parts = [f"cash £{b['cash']}"]
    if comp:
        parts.append(comp)
    parts.append(f"diamonds £{b['diamonds']}")
    parts.append(f"bookkeeping £{b['bookkeeping']}")
    return f"{names.player(st, seat)} £{b['total']} ({'; '.join(parts)})"


def result(st: State) -> Result:
    """Highest wins; ties share the place (R171, R172); tied players listed in seat order."""
    scores = {s: score(st, s) for s in range(st.seats)}
    ranking = sorted(scores, key=lambda s: (-scores[s], s))
    places: dict[int, int] = {}
    for pos, s in enumerate(ranking):
        prev = ranking[pos - 1] if pos else None
        places[s] = places[prev] if prev is not None and scores[prev] == scores[s] else pos + 1
    details = "\n".join(f"{places[s]}. {_line(st, s)}" for s in ranking)
    return Result(scores=scores, ranking=ranking, places=places, details=details)


def final_events(st: State) -> list[Event]:
    """The final scoring as public log lines (the breakdown per player, then the winners)."""
    res = result(st)
    events = [Event("Final scoring: " + _line(st, s) + ".") for s in range(st.seats)]
    winners = [names.player(st, s) for s in res.ranking if res.places[s] == 1]
    verb = "wins" if len(winners) == 1 else "share the victory"
    events.append(Event(f"{' and '.join(winners)} {verb} with £{res.scores[res.ranking[0]]}."))
    return events
