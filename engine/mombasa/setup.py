"""Game setup (spec section 6, R53-R68, with R190/R197/R199 of section 25).

Random draws, in this order (section 3 as amended by R190 -- the host seats the players, so the
engine draws no seat permutation):
  1. track letters onto companies (one shuffle), 2. a side per letter A, B, C, D (4 draws)
     -- both skipped when the `tracks` option fixes the deal (R197, R199);
  3. action-card deck: 5 shuffles, letters A..E, stacked A on top ... E at the bottom (R57);
  4. book supplies: 3 shuffles, A, B, C (R59);
  5. starting tiles: one shuffle of the 10 tiles, 2 dealt to each player in seat order, then a
     face draw per dealt tile in dealing order (R64).
`new_game` ends with the simultaneous starting-tile choice open (phase "start_tiles").
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mombasa.data import Data, data
from engine.mombasa.state import Base, BookPos, Player, StartDeal, State
from engine.rng import Rng


def parse_tracks_option(value: str, d: Data) -> dict[str, str] | None:
    """R199: "random" -> None; "fixed" -> A1/B1/C1/D1 (R197); or "A1,B2,C2,D1" for Mombasa,
    Cape Town, Saint-Louis, Cairo. Raises IllegalAction with the reason on a bad value."""
    v = (value or "random").strip()
    if v == "random":
        return None
    if v == "fixed":
        return {c: f"{letter}1" for c, letter in zip(d.companies, "ABCD", strict=True)}
    parts = [p.strip().upper() for p in v.split(",")]
    if len(parts) != 4 or any(p not in d.sides for p in parts):
        raise IllegalAction(f"The track deal `{v}` is not 4 sides. {DEAL_HELP}")
    if sorted(p[0] for p in parts) != ["A", "B", "C", "D"]:
        raise IllegalAction(
            f"The track deal `{v}` must use each letter A, B, C, D once. {DEAL_HELP}"
        )
    return dict(zip(d.companies, parts, strict=True))


#: What a valid `tracks` value looks like (R199), for the refusal of a bad one.
DEAL_HELP = (
    "A deal gives the sides for Mombasa, Cape Town, Saint-Louis and Cairo in that order: each "
    "of the letters A, B, C, D once, each with side 1 or 2, e.g. `tracks=A1,B2,C2,D1`. Or "
    "choose `tracks=random` or `tracks=fixed`."
)


def _fill_display(st: State, d: Data) -> None:
    """R58/R157 fill order: right column top to bottom, then middle, then left; deck top first."""
    for col_name in d.fill_order:
        col = d.display_columns.index(col_name)
        for row in range(d.display_rows):
            if not st.display[row][col] and st.deck:
                st.display[row][col] = st.deck.pop(0)


def refill_book_row(st: State, letter: str) -> None:
    """Fill book-display row `letter` up to players + 1 tiles from its supply (R59, R122, R125)."""
    row = st.book_display[letter]
    supply = st.book_supply[letter]
    while len(row) < st.seats + 1 and supply:
        row.append(supply.pop(0))


def new_game(seed: int, seats: int, options: dict[str, str] | None = None) -> State:
    d = data()
    options = dict(options or {})
    if not d.players_min <= seats <= d.players_max:
        raise IllegalAction(f"Mombasa is for {d.players_min} to {d.players_max} players.")
    rng = Rng.from_seed(seed)
    # 1-2. company tracks (R55, R197, R199)
    sides = _deal_sides(rng, d, options)
    # 3. company bases: every space covered, reserves empty, map empty (R56)
    bases = {c: Base(posts=[len(col) for col in d.base_columns]) for c in d.companies}
    # 4. action-card deck (R57)
    deck = _shuffle_deck(rng, d)
    # 6 (drawn before the display is filled, but the display uses no randomness). book supplies
    supplies = _shuffle_book_supplies(rng, d)
    st = State(
        seats=seats,
        options=options,
        rng=rng,
        players=[],
        sides=sides,
        arrivals={c: [[], []] for c in d.companies},
        bases=bases,
        map={a: "" for a in d.areas},
        deck=deck,
        display=[["" for _ in d.display_columns] for _ in range(d.display_rows)],
        book_supply=supplies,
        book_display={letter: [] for letter in ("A", "B", "C")},
    )
    # 5. card display (R58)
    _fill_display(st, d)
    # 6. book display (R59)
    for letter in ("A", "B", "C"):
        refill_book_row(st, letter)
    # 7. bonus spaces and tiles (R60); extra track spaces exist for C/D sides
    _place_bonuses(st, d)
    # 9. players, in seat order (R61-R63, R67, R76, R197)
    _seat_players(st, d)
    # 10. starting tiles (R64): shuffle, deal 2 each in seat order, then a face per dealt tile
    _deal_start_tiles(st, d, rng)
    st.phase = "start_tiles"
    st.log.append("Mombasa set up: " + ", ".join(f"{c} {s}" for c, s in sides.items()) + ".")
    return st


def _deal_sides(rng: Rng, d: Data, options: dict[str, str]) -> dict[str, str]:
    """Company -> track side: the `tracks` option's, or a shuffled letter and a random side each."""
    fixed = parse_tracks_option(options.get("tracks", "random"), d)
    if fixed is None:
        letters = ["A", "B", "C", "D"]
        rng.shuffle(letters)
        side_of = {letter: f"{letter}{1 + rng.below(2)}" for letter in ("A", "B", "C", "D")}
        sides = {c: side_of[letter] for c, letter in zip(d.companies, letters, strict=True)}
    else:
        sides = fixed
    return sides


def _shuffle_deck(rng: Rng, d: Data) -> list[str]:
    """Each letter's action cards shuffled, A's on top."""
    deck: list[str] = []
    for letter in ("A", "B", "C", "D", "E"):
        pile = [cid for cid in d.action_card_ids if d.cards[cid].letter == letter]
        rng.shuffle(pile)
        deck.extend(pile)
    return deck


def _shuffle_book_supplies(rng: Rng, d: Data) -> dict[str, list[str]]:
    supplies: dict[str, list[str]] = {}
    for letter in ("A", "B", "C"):
        pile = list(d.book_ids[letter])
        rng.shuffle(pile)
        supplies[letter] = pile
    return supplies


def _place_bonuses(st: State, d: Data) -> None:
    for sid in d.bonus_spaces:
        st.bonus_spaces[sid] = -1
    for comp, side in st.sides.items():
        if d.sides[side].family == "extra_spaces":
            st.bonus_spaces[f"track:{comp}:0"] = -1
            st.bonus_spaces[f"track:{comp}:1"] = -1
    st.bonus_tiles = {t: "space" for t in d.bonus_tiles}


def _seat_players(st: State, d: Data) -> None:
    for seat in range(st.seats):
        colour = d.player_colours[seat]
        hand = [f"{colour}:{cid}" for cid in d.starting_card_ids]
        hand.append(f"{colour}:{d.seat_card_ids[seat]}")
        st.players.append(
            Player(
                colour=colour,
                cash=d.starting_money,
                hand=hand,
                unlocked=list(d.slots_unlocked_at_start),
                markers=d.markers_at_start,
                markers_in_box=d.markers_owned - d.markers_at_start,
                track={c: 0 for c in d.companies},
                books=[BookPos() for _ in range(d.bookkeeping.last_position)],
            )
        )


def _deal_start_tiles(st: State, d: Data, rng: Rng) -> None:
    tiles = [t.tile for t in d.start_tiles]
    rng.shuffle(tiles)
    for seat in range(st.seats):
        st.players[seat].start_deal = [
            StartDeal(tiles[2 * seat], ""),
            StartDeal(tiles[2 * seat + 1], ""),
        ]
    for seat in range(st.seats):
        for deal in st.players[seat].start_deal:
            deal.face = "ab"[rng.below(2)]


def choose_start_tile(st: State, seat: int, index: int) -> None:
    """Record one player's secret choice (0 or 1, an index into their dealt tiles)."""
    if st.phase != "start_tiles":
        raise IllegalAction("Starting tiles are chosen only at the start of the game.")
    if index not in (0, 1):
        raise IllegalAction("Choose one of your two starting tiles.")
    st.players[seat].start_choice = index


def all_start_tiles_chosen(st: State) -> bool:
    return all(p.start_choice >= 0 for p in st.players)


def apply_start_tiles(st: State) -> None:
    """Once everyone has chosen (R64-R66): the kept face goes on bookkeeping position 1; its 3
    named cards go face up onto the discard piles above slots 2, 3, 4 in the order listed; the
    other dealt tile goes back to the box (never shown, R183). Then the planning phase opens."""
    d = data()
    if not all_start_tiles_chosen(st):
        raise IllegalAction("Not every player has chosen a starting tile yet.")
    slots = d.switches["locked_start_cards_to_slots"]
    for p in st.players:
        deal = p.start_deal[p.start_choice]
        face = d.start_tiles[deal.tile - 1].faces[deal.face]
        p.books[0] = BookPos(tile=f"start:{deal.tile}{deal.face}")
        for slot, kind in zip(slots, face.lock, strict=True):
            cid = f"{p.colour}:{kind}"
            p.hand.remove(cid)
            p.piles[slot - 1].append(cid)
        p.start_deal = [deal]
        p.start_choice = 0
    st.phase = "planning"
    st.round = 1
