"""The Mombasa board and a seat's own hand and plan as structured text for a screen reader
(`Title.board_text`, `Title.hand_text`), built from the view alone. The board text reads no
`me` (the viewer's private part), so a plan still secret never shows in it (R180)."""

from __future__ import annotations

from engine.mombasa.names import company, plural
from engine.mombasa.view import Face, MombasaView, Player
from engine.text_board import alt_text, board, just_now, listed, section

_PHASES = {
    "start_tiles": "choosing starting tiles",
    "planning": "planning",
    "action": "action phase",
    "preparation": "preparation",
    "over": "game over",
}
_ROWS = ("top", "middle", "bottom")
_COLS = ("left", "middle", "right")


def board_text(v: MombasaView) -> str:
    who = {p.seat: p.name for p in v.players}
    return board(
        "Mombasa board",
        [
            section("Game", _game(v, who)),
            section("Players", [_player(p) for p in v.players]),
            *(section(f"{p.name}'s action area", _area(v, p)) for p in v.players),
            section("Companies", _companies(v, who)),
            section("Trading posts on the map", _posts(v)),
            section("Card display", _display(v)),
            section("Bonus spaces taken", _bonus(v, who)),
            section("Latest moves, oldest first", list(v.last_text)),
        ],
    )


def hand_text(v: MombasaView) -> str | None:
    me = v.me
    if me is None:
        return None
    name = v.players[me.seat].name
    sections = [section(f"Your hand, {len(me.hand)} cards", [_face(f) for f in me.hand])]
    if v.phase == "planning":
        plan = [f"Slot {i + 1}: {f.text if f else 'nothing'}" for i, f in enumerate(me.plan)]
        state = "confirmed" if me.plan_confirmed else "not confirmed yet"
        sections.append(section(f"Your plan, {state}", plan))
    if v.phase == "start_tiles":
        deal = [f"Tile {o.tile}{o.face}: locks {listed(o.lock)}." for o in me.start_deal]
        sections.append(section("Starting tiles dealt to you", deal))
    return board(f"Your cards, {name}", sections)


def board_alt(v: MombasaView, area: int | None = None) -> str:
    """The alt text of the board image (or of seat `area`'s action area): the round, phase and
    who acts, the latest public log lines (what the board highlights), the scores (cash while
    playing, the final total once over). Reads no `me`: a secret plan never shows (R180)."""
    who = {p.seat: p.name for p in v.players}
    head = "Mombasa board." if area is None else f"Mombasa, {who.get(area, area)}'s action area."
    over = v.phase == "over"
    money = ", ".join(
        f"{p.name} £{p.final.get('total', 0) if over and p.final else p.cash}" for p in v.players
    )
    scores = f"Final scores: {money}." if over else f"Cash: {money}."
    return alt_text([head, v.status + ".", just_now(v.last_text), scores])


def hand_alt(v: MombasaView) -> str:
    """The alt text of the viewing seat's hand image: its own cards (and plan) only."""
    me = v.me
    if me is None:
        return "Mombasa: no hand to show."
    parts = [
        f"Mombasa, your hand ({v.players[me.seat].name}), round {v.round}:",
        f"{len(me.hand)} cards" + (f": {'; '.join(f.text for f in me.hand)}." if me.hand else "."),
    ]
    if v.phase == "planning":
        plan = [f"slot {i + 1} {f.text}" for i, f in enumerate(me.plan) if f]
        state = "confirmed" if me.plan_confirmed else "not confirmed yet"
        parts.append(f"Your plan, {state}: {listed(plan, 'nothing planned')}.")
    return alt_text(parts)


def _face(f: Face) -> str:
    return f"{f.text} (crate {f.crate})"


def _game(v: MombasaView, who: dict[int, str]) -> list[str]:
    lines = [f"Round {v.round} of {v.rounds}, {_PHASES.get(v.phase, v.phase)}."]
    winners = [p.name for p in v.players if p.place == 1]
    if v.phase == "over" and winners:
        lines.append(f"Winner: {listed(winners)}.")
    elif v.phase == "action":
        lines.append(f"{who[v.turn]}'s turn.")
    elif v.deciding:
        lines.append(f"Deciding now: {listed(who[s] for s in v.deciding)}.")
    lines.append(f"Start player: {who[v.start_player]}. Cards left in the deck: {v.deck_count}.")
    return lines


def _player(p: Player) -> str:
    shares = listed(f"{n} {company(c)}" for c, n in p.shares.items() if n)
    parts = [
        f"{p.name}: £{p.cash}",
        f"{plural(p.hand_size, 'card')} in hand",
        f"diamond track {p.diamond}",
        f"bookkeeping track {p.ink}",
        f"shares {shares}",
        f"{plural(p.markers, 'bonus marker')} ready",
    ]
    if p.final:
        worth = ", ".join(
            f"{company(k) if k in p.shares else k} £{n}"
            for k, n in p.final.items()
            if k != "total" and (n or k not in p.shares)
        )
        parts.insert(1, f"final score £{p.final.get('total', 0)} ({worth}), place {p.place}")
    if p.planned:
        parts.append("plan confirmed")
    if p.passed:
        parts.append("passed")
    return "; ".join(parts) + "."


def _area(v: MombasaView, p: Player) -> list[str]:
    lines = []
    for s, pile in zip(p.slots, p.piles, strict=False):
        if v.phase == "planning" and not s.locked:
            now = "plans are shown at the reveal"
        elif s.locked:
            now = "locked"
        elif s.card is None:
            now = "empty"
        else:  # a used card is turned face down (R79)
            now = f"{s.card.text}, {'not used yet' if s.face_up else 'used'}"
        cards = listed((f.text for f in pile), "none")
        lines.append(f"Slot {s.slot}: {now}; discard pile, bottom first: {cards}.")
    return lines


def _companies(v: MombasaView, who: dict[int, str]) -> list[str]:
    lines = []
    for c in v.companies:
        marks = ", ".join(f"{who[s]} {at}" for s, at in enumerate(c.markers))
        lines.append(
            f"{c.name}: share track, {marks} (last space {c.last_space}); share value "
            f"£{c.share_value}; {c.posts_on_map} trading posts on the map."
        )
    return lines


def _posts(v: MombasaView) -> list[str]:
    by: dict[str, list[str]] = {}
    for a in v.areas:
        if a.company:
            by.setdefault(a.company, []).append(f"{a.number} {a.name}")
    return [f"{company(c)}: {listed(areas)}." for c, areas in by.items()]


def _display(v: MombasaView) -> list[str]:
    lines = []
    for d in v.display:
        where = f"{_ROWS[d.row] if d.row < 3 else d.row} row {_COLS[d.col]}"
        what = f"{d.card.text}, price £{d.price}" if d.card else "empty"
        lines.append(f"{where.capitalize()}: {what}.")
    return lines


def _bonus(v: MombasaView, who: dict[int, str]) -> list[str]:
    return [f"{b.label}: {who[b.occupant]}." for b in v.bonus_spaces if b.occupant >= 0]
