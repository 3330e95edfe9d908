"""The Tidewater Lines board as structured text for a screen reader (`Title.board_text`), built
from the view alone. Tidewater hides nothing but the bag's order, so there is no hand text."""

from __future__ import annotations

from engine.text_board import alt_text, board, just_now, listed, seat_name, section
from engine.tidewater.names import credits
from engine.tidewater.view import CompanyView, LastView, MoveView, ShipView, TidewaterView

#: How many of the latest public moves the text lists.
RECENT_MOVES = 6

_PHASES = {
    "turn_window": "turns",
    "start_window": "start of round (Start window)",
    "payout_prompt": "payout",
    "game_over": "game over",
}


def board_text(v: TidewaterView) -> str:
    names = {c.id: c.name for c in v.companies}
    places = {p.id: p.name or p.id for p in v.map.ports}
    return board(
        "Tidewater Lines board",
        [
            section("Game", _game(v, names)),
            section("Players", [_player(v, p.seat, names) for p in v.players]),
            section("Lines", [_company(c) for c in v.companies]),
            section("Ships", [_ship(s, names, places) for s in v.ships]),
            section("Time Track", _track(v)),
            section("Market demand, front first", _demand(v)),
            section("Containers", _containers(v)),
            section("Latest moves, oldest first", _recent(v)),
        ],
    )


def board_alt(v: TidewaterView, area: int | None = None) -> str:
    """The alt text of the board image (or of seat `area`'s area): the round and phase, who
    acts, the latest move the board highlights, the scores."""
    names = {c.id: c.name for c in v.companies}
    head = (
        "Tidewater Lines board." if area is None else f"Tidewater Lines, {seat_name(area)}'s area."
    )
    return alt_text([head, *_game(v, names), just_now(v.last.lines), _scores(v)])


def _scores(v: TidewaterView) -> str:
    word = "Final scores" if v.scores else "Scores"
    got = v.scores or {p.seat: p.score for p in v.players}
    return f"{word}: " + ", ".join(f"{p.label} {got.get(p.seat, p.score)}" for p in v.players) + "."


def _game(v: TidewaterView, names: dict[str, str]) -> list[str]:
    lines = [f"Round {v.round} of {v.rounds}, {_PHASES.get(v.phase, v.phase)}."]
    if v.phase == "game_over":
        if v.ranking:
            lines.append(f"Winner: {seat_name(v.ranking[0])}.")
        return lines
    if v.active_seat is not None:
        lines.append(f"{seat_name(v.active_seat)}'s turn.")
    if v.deciding_seat is not None and v.deciding_seat != v.active_seat:
        lines.append(f"{seat_name(v.deciding_seat)} decides now.")
    if v.payout is not None:
        lines.append(
            f"Payout of {names[v.payout.company]}: its CEO {seat_name(v.payout.ceo)} chooses the "
            f"dividend; treasury {credits(v.payout.treasury)} after wages."
        )
    return lines


def _player(v: TidewaterView, seat: int, names: dict[str, str]) -> str:
    p = v.players[seat]
    held = listed(f"{n} {names[c]}" for c, n in p.shares.items() if n)
    ceo = f"; CEO of {listed(names[c] for c in p.ceo_of)}" if p.ceo_of else ""
    final = v.scores.get(seat) if v.scores else None
    score = f"final score {final}" if final is not None else f"score {p.score}"
    return (
        f"{p.label}: {score}; {credits(p.credits)}; shares: {held}{ceo}; "
        f"{p.investment_discs} investment discs left."
    )


def _company(c: CompanyView) -> str:
    ceo = seat_name(c.ceo) if c.ceo is not None else "none"
    return (
        f"{c.name} ({c.colour.lower()}), stock-market place {c.market_rank}: stock value "
        f"{c.stock}, wage {c.wage}, treasury {credits(c.treasury)}; CEO {ceo}; shares: "
        f"{c.outstanding} held by players, {c.pool} in the pool, {c.unissued} unissued; "
        f"{len(c.nav_on_map)} navigation points on the map "
        f"({listed(c.nav_on_map)}), {c.nav_supply} in supply."
    )


def _ship(s: ShipView, names: dict[str, str], places: dict[str, str]) -> str:
    slots = []
    for slot in s.slots:
        what = f"{slot.container.lower()} container" if slot.container else "empty"
        if not slot.open:
            what = f"closed (invest {credits(slot.cost)})"
        elif slot.investor is not None:
            what += f", invested by {seat_name(slot.investor)}"
        slots.append(f"slot {slot.id.removeprefix('S')} {what}")
    return f"{names[s.company]} ship at {places.get(s.port, s.port)}: {'; '.join(slots)}."


def _track(v: TidewaterView) -> list[str]:
    t = v.time_track
    lines = [f"{t.steps_per_round} steps per round."]
    for d in sorted(t.discs, key=lambda d: (-d.pos, -d.level)):
        where = "finished" if d.finished else f"step {d.pos}"
        notes = [n for n, on in (("leader", d.is_leader), ("last, to move", d.is_last)) if on]
        more = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"{seat_name(d.seat)}: {where}{more}.")
    return lines


def _demand(v: TidewaterView) -> list[str]:
    return [f"{d.position}: {d.colour.lower()} pays {credits(d.price)}" for d in v.demand]


def _containers(v: TidewaterView) -> list[str]:
    shown = listed((c or "").lower() or "empty" for c in v.display)
    in_bag = listed(f"{n} {c.lower()}" for c, n in v.bag.items() if n)
    hexes = [
        f"{h.name or h.id}: {h.containers} of {h.capacity} containers." for h in v.map.company_hexes
    ]
    return [*hexes, f"Production display: {shown}.", f"Bag: {v.bag_total} ({in_bag})."]


def _recent(v: TidewaterView) -> list[str]:
    moves: list[MoveView] | list[LastView] = v.recent[-RECENT_MOVES:] or [v.last]
    return [line for m in moves for line in m.lines]
