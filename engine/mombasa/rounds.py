"""Round structure: starting tiles, planning, turns, pass, preparation (spec sections 6-9, 17,
18; rulings R187, R189, R191-R193, R201 of section 25).

The flow of a game: `start_tiles` (simultaneous secret choice) -> per round `planning`
(commit-and-reveal) -> `action` (turns in seat order) -> `preparation` (simultaneous public pile
choice, then the automatic steps of R164) -> next round; after round 7's action phase, `over`.

Rules owned: R64 (the choice's flow), R69-R85, R159-R165, R187, R191-R193, R201.
"""

from __future__ import annotations

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import bonus, books, diamonds, display, goods, names, scoring, setup, tracks
from engine.mombasa import map as expand
from engine.mombasa.data import data
from engine.mombasa.state import Plan, SlotCard, State
from engine.mombasa.text import card_name, cards_text, start_face_text, tile_face_text

#: move prefix -> action module (the action-module interface of NOTES.md)
MODULES = {"g": goods, "x": expand, "k": books, "d": diamonds, "b": bonus}
PASS = "pass"


# ---- starting tiles (R64-R66, R183) --------------------------------------------------------------
def choose_start(st: State, seat: int, index: int) -> list[Event]:
    """One secret choice; when the last seat has chosen, all kept faces are revealed at once."""
    if st.players[seat].start_choice >= 0:
        raise IllegalAction("You have already chosen your starting tile.")
    setup.choose_start_tile(st, seat, index)
    deal = st.players[seat].start_deal[index]
    events = [
        Event(f"{names.player(st, seat)} has chosen a starting tile."),
        Event(f"You keep {start_face_text(deal.tile, deal.face)}.", private_to=seat),
    ]
    if setup.all_start_tiles_chosen(st):
        setup.apply_start_tiles(st)
        for s, p in enumerate(st.players):
            deal = p.start_deal[0]
            events.append(
                Event(
                    f"{names.player(st, s)} keeps starting {start_face_text(deal.tile, deal.face)}.",
                    barrier=True,
                )
            )
        events += begin_planning(st)
    return events


# ---- planning (R71-R76, R180, R187, R192, R193) ----------------------------------------------
def tile_to_place(st: State, seat: int) -> str:
    """The bonus tile `seat` must put into its action area this planning phase ("" none): one
    taken in an earlier round and not yet used (R73, R135; a tile taken in round 7 is never used)."""
    p = st.players[seat]
    if p.tile and not p.tile_in_area and p.tile_taken_round < st.round:
        return p.tile
    return ""


def begin_planning(st: State) -> list[Event]:
    st.phase = "planning"
    for p in st.players:
        p.plan = Plan()
        p.passed = False
        p.pile_choice = -1
    return [Event(f"Round {st.round} of {data().rounds}: planning. Everyone plans in secret.")]


def confirm_plan(st: State, seat: int, slots: list[str], tile_face: int) -> list[Event]:
    """Store a confirmed plan (final, R75, R193). Only a content-free public event: not even how
    many cards (R180). The cards stay in the hand until the reveal (so hand sizes stay as they
    were when planning began, R187). The last confirmation reveals everything (R74)."""
    p = st.players[seat]
    if st.phase != "planning":
        raise IllegalAction("Plans are made only in the planning phase.")
    if p.plan.confirmed:
        raise IllegalAction("You have already confirmed your plan; wait for the others.")
    used = [c for c in slots if c]
    if len(slots) != 5 or len(set(used)) != len(used) or any(c not in p.hand for c in used):
        raise IllegalAction("A plan puts cards from your hand into slots, one card per slot.")
    for i, c in enumerate(slots):
        if c and i + 1 not in p.unlocked:
            raise IllegalAction(f"Slot {i + 1} is locked.")
    tile = tile_to_place(st, seat)
    if tile and tile_face not in range(len(data().bonus_tiles[tile].faces)):
        raise IllegalAction(
            f"Choose a face for bonus tile {tile}: it must go into your action area."
        )
    if not tile and tile_face != -1:
        raise IllegalAction("You hold no bonus tile to place this round.")
    p.plan = Plan(slots=list(slots), tile_face=tile_face, confirmed=True)
    done = sum(q.plan.confirmed for q in st.players)
    events = [
        Event(f"{names.player(st, seat)} has planned."),
        Event("Your plan is confirmed: " + plan_text(st, seat, p.plan) + ".", private_to=seat),
    ]
    if done == st.seats:
        events += reveal(st)
    return events


def plan_text(st: State, seat: int, plan: Plan) -> str:
    parts = [f"slot {i + 1} {card_name(c)}" for i, c in enumerate(plan.slots) if c]
    tile = tile_to_place(st, seat)
    if tile and plan.tile_face >= 0:
        parts.append(f"tile {tile} as {tile_face_text(tile, plan.tile_face)}")
    return ", ".join(parts) or "nothing"


def reveal(st: State) -> list[Event]:
    """R74: all plans face up into the action areas at once (one batch, an undo barrier), then
    the action phase starts with the start player."""
    events = []
    for s, p in enumerate(st.players):
        text = plan_text(st, s, p.plan)
        tile = tile_to_place(st, s)
        for i, c in enumerate(p.plan.slots):
            if c:
                p.hand.remove(c)
                p.slots[i] = SlotCard(c, True)
                st.last.append(f"slot:{s}:{i + 1}")
        if tile:
            p.tile_in_area = True
            p.tile_face = p.plan.tile_face
            p.tile_face_up = True
            st.last.append(f"tile:{tile}")
        p.plan = Plan()
        events.append(Event(f"{names.player(st, s)} reveals: {text}.", barrier=True))
    st.phase = "action"
    events.append(Event(f"Round {st.round}: action phase."))
    return events + _next_turn(st, (st.start_player - 1) % st.seats)


# ---- action phase (R77-R85, R201) ---------------------------------------------------------------
def action_offers(st: State, seat: int) -> list[Choice]:
    """The union of the action modules' top-level entries (empty: only passing is legal)."""
    out: list[Choice] = []
    for mod in MODULES.values():
        out.extend(mod.offers(st, seat))
    return out


def has_action(st: State, seat: int) -> bool:
    """`bool(action_offers(st, seat))`, stopping at the first module with an offer (R83: the
    turn order asks this of every seat it reaches)."""
    return any(mod.offers(st, seat) for mod in MODULES.values())


def offer_owner(st: State, seat: int, offer_id: str):
    """The action module whose top-level offer has this id (None: no such offer now)."""
    for mod in MODULES.values():
        if any(c.id == offer_id for c in mod.offers(st, seat)):
            return mod
    return None


def module_of(move: str):
    """The action module a move id belongs to, by its prefix."""
    head, sep, _ = move.partition(":")
    mod = MODULES.get(head) if sep else None
    if mod is None:
        raise IllegalAction(f"{move!r} is not an action you can take.")
    return mod


def start_turn(st: State, seat: int) -> list[Event]:
    """R201: first every pending track bonus of the seat becomes active (R85, R204)."""
    events = []
    for b in tracks.activate_pending(st, seat):
        side = tracks.side_of(st, b.company)
        events.append(
            Event(
                f"{names.player(st, seat)}'s {('first', 'second')[b.index]} bonus on "
                f"{names.company(b.company)}'s track ({side.id}) is now active."
            )
        )
        events += bonus.on_bonus_activated(st, seat, b.company, b.index)
    return events


def _next_turn(st: State, after: int) -> list[Event]:
    """The next seat after `after` in seat order that has not passed takes its turn; a seat whose
    only legal action is passing passes automatically (R83, still its turn). When everyone has
    passed the action phase ends (R81)."""
    events: list[Event] = []
    seat = after
    while True:
        order = [(seat + k) % st.seats for k in range(1, st.seats + 1)]
        nxt = next((s for s in order if not st.players[s].passed), None)
        if nxt is None:
            return events + end_action_phase(st)
        st.turn = nxt
        events += start_turn(st, nxt)
        if has_action(st, nxt):
            return events
        st.players[nxt].passed = True
        events.append(Event(f"{names.player(st, nxt)} has no action left and passes."))
        seat = nxt


def take_action(st: State, seat: int, move: str) -> list[Event]:
    """One complete action-phase move of the seat whose turn it is; then the turn passes on."""
    if st.phase != "action":
        raise IllegalAction("Actions are taken only in the action phase.")
    if seat != st.turn or st.players[seat].passed:
        raise IllegalAction(f"It is not your turn; {names.player(st, st.turn)} is to act.")
    if move == PASS:
        st.players[seat].passed = True
        events = [Event(f"{names.player(st, seat)} passes (ends the action phase for this round).")]
    else:
        events = module_of(move).apply(st, seat, move)
    return events + _next_turn(st, seat)


def end_action_phase(st: State) -> list[Event]:
    """After round 7 the game ends (R70, R165); otherwise the preparation phase opens with the
    simultaneous public pile choice (R191)."""
    if st.round >= data().rounds:
        st.phase = "over"
        return [
            Event(f"Round {st.round}: everyone has passed. The game is over.")
        ] + scoring.final_events(st)
    st.phase = "preparation"
    for p in st.players:
        p.pile_choice = -1
    return [
        Event(
            f"Round {st.round}: everyone has passed. Preparation: everyone chooses a discard pile to take back."
        )
    ]


# ---- preparation (R159-R164, R191) ---------------------------------------------------------------
def pile_choices(st: State, seat: int) -> list[int]:
    """The piles (slot numbers) the seat may take back: those holding cards. An empty pile gives
    nothing while another holds cards (cards in the hand cost nothing, R162), so it is not
    offered; when every pile is empty, pile 1 stands for taking back nothing (R184's default)."""
    full = [n for n in range(1, 6) if st.players[seat].piles[n - 1]]
    return full or [1]


def choose_pile(st: State, seat: int, slot: int) -> list[Event]:
    """R191: a public choice, carried out when all are in."""
    p = st.players[seat]
    if st.phase != "preparation":
        raise IllegalAction("Discard piles are taken back only in the preparation phase.")
    if p.pile_choice >= 0:
        raise IllegalAction("You have already chosen your discard pile.")
    if slot not in range(1, 6):
        raise IllegalAction("Choose one of your 5 discard piles (1 to 5).")
    if slot not in pile_choices(st, seat):
        raise IllegalAction(
            f"Pile {slot} is empty: choose a pile that holds cards."
            if any(p.piles)
            else "Every discard pile is empty: choose 'Take back nothing'."
        )
    p.pile_choice = slot
    n = len(p.piles[slot - 1])
    events = [
        Event(
            f"{names.player(st, seat)} will take back the pile above slot {slot} ({names.plural(n, 'card')})."
        )
    ]
    if all(q.pile_choice >= 0 for q in st.players):
        events += preparation(st)
    return events


def preparation(st: State) -> list[Event]:
    """R164 in order: (1) pickup then clean-up per player (R159, R160); (2) bonus markers back
    (R140); (3) bonus tiles that lay in an action area back to their spaces (R161); (4) card
    display discard/slide/refill (R157); (5) book display refill (R125); (6) next round (the
    start player never changes, R54)."""
    events: list[Event] = []
    for s, p in enumerate(st.players):
        pile = p.piles[p.pile_choice - 1]
        events.append(
            Event(f"{names.player(st, s)} takes back pile {p.pile_choice}: {cards_text(pile)}.")
        )
        p.hand.extend(pile)
        p.piles[p.pile_choice - 1] = []
        for i, sc in enumerate(p.slots):
            if sc.card:
                p.piles[i].append(sc.card)
            p.slots[i] = SlotCard()
        st.last.append(f"pile:{s}:{p.pile_choice}")
    for sid, occupant in st.bonus_spaces.items():
        if occupant >= 0:
            st.bonus_spaces[sid] = -1
    for p in st.players:
        p.markers += len(p.markers_placed)
        p.markers_placed = []
    events.append(Event("Every bonus marker goes back to its owner."))
    for s, p in enumerate(st.players):
        if p.tile and p.tile_in_area:
            st.bonus_tiles[p.tile] = "space"
            events.append(
                Event(f"Bonus tile {p.tile} goes back from {names.player(st, s)} to its space.")
            )
            p.tile, p.tile_in_area, p.tile_face, p.tile_face_up, p.tile_taken_round = (
                "",
                False,
                -1,
                True,
                0,
            )
    events += display.refill_display(st)
    for letter in ("A", "B", "C"):
        setup.refill_book_row(st, letter)
    events.append(Event("The book display is refilled.", barrier=True))
    st.round += 1
    return events + begin_planning(st)
