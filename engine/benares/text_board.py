"""The Benares & Calcutta board and hand as structured text for a screen reader
(`Title.board_text`, `Title.hand_text`), built from the view alone: the board text never reads
a hand (unless the game is played with open hands), so it holds no more than the table shows."""

from __future__ import annotations

from engine.benares.text import cell_name, good_name, pawn_name, post_name
from engine.benares.view import BenaresView, CardView, CompanyView
from engine.text_board import alt_text, board, just_now, listed, seat_name, section

#: How many of the latest public log lines the text lists.
RECENT_LINES = 12

_PHASES = {
    "boats": "boat placement",
    "action": "Action phase",
    "administration": "Administration",
    "over": "game over",
}


def board_text(v: BenaresView) -> str:
    sections = [
        section("Game", _game(v)),
        section("Scores", [_score(v, c) for c in v.companies]),
        *(section(f"{c.label} ({c.colour_name})", _company(v, c)) for c in v.companies),
        section("Market, pawn rows", _market(v)),
        section("River map", _map(v)),
        section("Investments bought", _investments(v)),
        section("Supply", _supply(v)),
        section("Latest moves, oldest first", _recent(v)),
    ]
    return board("Benares & Calcutta board", sections)


def hand_text(v: BenaresView) -> str | None:
    if v.viewer is None:
        return None
    c = v.companies[v.viewer]
    cards = [_card(x) for x in c.hand or []]
    return board(
        f"Your company, {c.label} ({c.colour_name})",
        [section(f"Your hand, {len(cards)} cards", cards, "No cards.")],
    )


def board_alt(v: BenaresView, area: int | None = None) -> str:
    """The alt text of the board image (or of seat `area`'s area): the round, phase and who
    acts, the latest turn's log lines (what the board highlights), the scores. No hand, unless
    the game is played with open hands (then the board shows them anyway)."""
    head = (
        "Benares & Calcutta board."
        if area is None
        else (f"Benares & Calcutta, {seat_name(area)}'s area.")
    )
    scores = "Final scores: " if v.final_scores is not None else "Victory points: "
    scores += ", ".join(_points(v, c) for c in v.companies) + "."
    return alt_text([head, v.status, just_now(v.last_text), scores])


def hand_alt(v: BenaresView) -> str:
    """The alt text of the viewing seat's hand image: its own cards only."""
    if v.viewer is None:
        return "Benares & Calcutta: no hand to show."
    c = v.companies[v.viewer]
    cards = [_card(x) for x in c.hand or []]
    return alt_text(
        [
            f"Benares & Calcutta, your hand ({c.label}, {c.colour_name}), round {v.round}:",
            f"{len(cards)} cards" + (f": {'; '.join(cards)}." if cards else "."),
        ]
    )


def _points(v: BenaresView, c: CompanyView) -> str:
    got = v.final_scores[c.seat] if v.final_scores is not None else c.vp
    return f"{c.label} {got}"


def _game(v: BenaresView) -> list[str]:
    phase = _PHASES.get(v.phase, v.phase)
    if v.step:
        phase += f", {v.step} step"
    lines = [f"Round {v.round} of 2, {phase}.", v.status]
    lines.append(f"First player this round: {seat_name(v.first_player)}.")
    return lines


def _score(v: BenaresView, c: CompanyView) -> str:
    if v.final_scores is not None:
        return f"{c.label}: final score {v.final_scores[c.seat]} victory points."
    return f"{c.label}: {c.vp} victory points so far."


def _company(v: BenaresView, c: CompanyView) -> list[str]:
    hold = listed(f"{n} {good_name(g)}" for g, n in c.hold.items() if n)
    posts = [f"space {i + 1} {post_name(k)}" for i, k in enumerate(c.post_track) if k]
    goods = listed(f"{good_name(g)} {n}" for g, n in c.goods.items())
    lines = [
        f"Treasury {c.treasury} rupees, {c.discs} profit discs, {c.vp} victory points.",
        f"Cards in hand: {c.hand_count}." + (" Passed." if c.passed else ""),
        f"Boat at {_space(v, c.boat)}; hold: {hold} (room for {c.capacity} crates).",
        f"Crate value: Benares {c.crate_value.get('benares', 0)} rupees, Calcutta "
        f"{c.crate_value.get('calcutta', 0)} rupees.",
        f"Goods markers: {goods}.",
        f"Posts placed: {c.posts_placed} ({listed(posts)}); agency column {c.agency_column}.",
    ]
    if c.concessions_used:
        lines.append(f"Concessions used: {listed(good_name(g) for g in c.concessions_used)}.")
    if c.investments:
        lines.append(f"Investments: {listed(cell_name(x) for x in c.investments)}.")
    played = [
        f"space {s.space} {_card(s.card)} for {s.mode}" for s in c.board if s.card is not None
    ]
    lines.append(f"Cards played this round: {listed(played)}.")
    if c.hand is not None and v.options.get("open_hands") == "on":
        lines.append(f"Open hand: {listed(_card(x) for x in c.hand)}.")
    return lines


def _card(card: CardView) -> str:
    return f"{card.dev_text} or {card.log_text}"


def _market(v: BenaresView) -> list[str]:
    return [
        f"{pawn_name(track)}: "
        + ", ".join(f"{seat_name(s)} row {row}" for s, row in enumerate(rows))
        + "."
        for track, rows in v.market.items()
    ]


def _space(v: BenaresView, space: str) -> str:
    if not space:
        return "no space yet"
    found = next((m for m in v.map_spaces if m.id == space), None)
    return f"{found.name} ({space})" if found else space


def _map(v: BenaresView) -> list[str]:
    lines = []
    for m in v.map_spaces:
        parts = [f"{m.name} ({m.id})"]
        if m.source:
            parts.append(f"{m.crates} {good_name(m.source)} crates")
        if m.boats:
            parts.append(f"boats of {listed(seat_name(s) for s in m.boats)}")
        lines.append(", ".join(parts) + ".")
    return lines


def _investments(v: BenaresView) -> list[str]:
    return [
        f"{cell_name(f'{x.sector}:{x.level}')}: {listed(seat_name(s) for s in x.owners)}."
        for x in v.investment
        if x.owners
    ]


def _supply(v: BenaresView) -> list[str]:
    return [
        f"Crates: {listed(f'{n} {good_name(g)}' for g, n in v.crate_supply.items())}.",
        f"Posts: {listed(f'{n} {post_name(k)}' for k, n in v.post_supply.items())}.",
        f"Cards left in the deck: {v.deck_count}.",
    ]


def _recent(v: BenaresView) -> list[str]:
    lines = [e.text for e in v.recent] or list(v.last_text)
    return lines[-RECENT_LINES:]
