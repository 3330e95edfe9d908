"""Prompts and choices for the host (spec sections 2, 23): who decides now, menus built as
drafts (R192), secret prompts for the simultaneous secret decisions (starting tile, planning), the
public simultaneous pile choice (R191), the action-phase menu routed to the action modules, and the
forced defaults (R184, R189).

Move ids: `start:<0|1>` (starting tile), `plan:...` (see planning.py), `pass`, the action modules'
own moves (`g:`, `x:`, `k:`, `d:`, `b:`), `pile:<1-5>`.

Rules owned: R179-R184, R187, R189, R194 (what menus show; the rest of visibility is viewer.py).
"""

from __future__ import annotations

from types import ModuleType

from engine.core import BACK, Choice, IllegalAction, Prompt
from engine.mombasa import names, planning, rounds
from engine.mombasa.state import State
from engine.mombasa.text import cards_text, start_face_text, truncate


# ---- top-level prompts -----------------------------------------------------------------------------
def _start_prompt(st: State, seat: int) -> Prompt:
    p = st.players[seat]
    choices = [
        Choice(f"start:{i}", truncate(f"Keep {start_face_text(d.tile, d.face)}"), "Starting tile")
        for i, d in enumerate(p.start_deal)
    ]
    text = "Choose your starting tile in secret: it becomes your first book, and its 3 cards go to your discard piles 2-4."
    return Prompt(seat, text, choices, secret=True)


def _plan_prompt(st: State, seat: int, path: tuple[str, ...]) -> Prompt:
    dr = planning.replay(st, seat, path)
    return Prompt(
        seat,
        truncate(planning.text_for(st, seat, dr), 400),
        planning.menu(st, seat, path, dr),
        secret=True,
    )


#: An action entry whose first sub-menu has at most this many choices is not a step of its own:
#: its sub-menu's choices are listed on the turn menu in its place (one press fewer per action).
INLINE_MAX = 12


def _inlined(st: State, seat: int, entry: Choice) -> list[Choice] | None:
    """The choices `entry` (a step of the turn menu) opens, as the turn menu lists them in its
    place (grouped under the entry's label, which says what the action is); None when the
    entry stays a step of its own (no sub-menu, or one too long to list at the top)."""
    if not entry.step:
        return None
    mod = rounds.MODULES[entry.id.partition(":")[0]]
    subs = mod.steps(st, seat, (entry.id,))
    if not subs or len(subs) > INLINE_MAX:
        return None
    group = truncate(entry.label, 80)
    return [Choice(c.id, c.label, group) if not c.step else _marked(c, group) for c in subs]


def _turn_menu(st: State, seat: int) -> list[Choice]:
    """The action phase's top-level menu: each action module's entries, a step entry replaced
    by the choices it opens where they are few (`INLINE_MAX`)."""
    out: list[Choice] = []
    for entry in rounds.action_offers(st, seat):
        inlined = _inlined(st, seat, entry)
        out.extend([entry] if inlined is None else inlined)
    return out


def _action_prompt(st: State, seat: int) -> Prompt:
    choices = _turn_menu(st, seat)
    choices.append(
        Choice(rounds.PASS, "End the action phase (pass): no more turns this round", "Pass")
    )
    return Prompt(seat, f"Round {st.round}: your turn. Take one action, or pass.", choices)


def _pile_prompt(st: State, seat: int) -> Prompt:
    p = st.players[seat]
    choices = []
    for n in rounds.pile_choices(st, seat):
        pile = p.piles[n - 1]
        label = (
            f"Take back pile {n} ({names.plural(len(pile), 'card')}: {cards_text(pile)})"
            if pile
            else "Take back nothing (every discard pile is empty)"
        )
        choices.append(Choice(f"pile:{n}", truncate(label), "Discard piles"))
    text = "Preparation: choose the discard pile whose cards you take back into your hand (everyone chooses at once, openly)."
    return Prompt(seat, text, choices)


def prompts(st: State) -> list[Prompt]:
    """Every seat that must decide now."""
    if st.phase == "start_tiles":
        return [_start_prompt(st, s) for s, p in enumerate(st.players) if p.start_choice < 0]
    if st.phase == "planning":
        return [_plan_prompt(st, s, ()) for s, p in enumerate(st.players) if not p.plan.confirmed]
    if st.phase == "action":
        return [_action_prompt(st, st.turn)]
    if st.phase == "preparation":
        return [_pile_prompt(st, s) for s, p in enumerate(st.players) if p.pile_choice < 0]
    return []


def deciding(st: State) -> list[int]:
    """The seats of `prompts(st)`, in order, without building their menus."""
    return [s for s in range(st.seats) if _deciding(st, s)]


def _deciding(st: State, seat: int) -> bool:
    if st.phase == "start_tiles":
        return st.players[seat].start_choice < 0
    if st.phase == "planning":
        return not st.players[seat].plan.confirmed
    if st.phase == "action":
        return seat == st.turn
    if st.phase == "preparation":
        return st.players[seat].pile_choice < 0
    return False


def not_deciding(st: State, seat: int) -> str:
    """Why `seat` may not decide now (the refusal of its move)."""
    if st.phase == "over":
        return "The game is over."
    if st.phase == "action":
        return f"It is not your turn; {names.player(st, st.turn)} is to act."
    return "You have already decided; wait for the others."


def is_deciding(st: State, seat: int) -> bool:
    """Whether `seat` must decide now: `choices(st, seat, ())` is not None exactly then."""
    return 0 <= seat < st.seats and _deciding(st, seat)


# ---- drafts ------------------------------------------------------------------------------------------
def choices(st: State, seat: int, draft: tuple[str, ...]) -> Prompt | None:
    """The next menu after `draft` (a path of step ids)."""
    if not 0 <= seat < st.seats or not _deciding(st, seat):
        if draft:
            raise IllegalAction(not_deciding(st, seat) if 0 <= seat < st.seats else "No such seat.")
        return None
    if st.phase == "planning":
        return _plan_prompt(st, seat, tuple(draft))
    if not draft:
        if st.phase == "start_tiles":
            return _start_prompt(st, seat)
        if st.phase == "preparation":
            return _pile_prompt(st, seat)
        return _action_prompt(st, seat)
    if st.phase != "action":
        raise IllegalAction("That menu is not available now.")
    if draft[0].endswith(STEP_MARK):  # a step the turn menu lists in its entry's place
        mod, first = _inline_entry(st, seat, draft[0])
        path = (first.id, *(_unmarked(d) for d in draft))
    else:
        mod, first = _entry(st, seat, draft[0])
        path = (draft[0], *(_unmarked(d) for d in draft[1:]))
    options = [_marked(c) for c in mod.steps(st, seat, path)]
    options.append(Choice(BACK, "Back", "Other", step=True))
    return Prompt(seat, f"Round {st.round}: {first.label}", options)


def _entry(st: State, seat: int, entry_id: str) -> tuple[ModuleType, Choice]:
    """The action module and top-level entry a draft starts with, as `_action_prompt` lists it.
    Only that module's offers are built: an entry's id starts with its module's prefix ("x",
    "k:2"), so no other module (nor passing, not a step) can own it."""
    mod = rounds.MODULES.get(entry_id.partition(":")[0])
    first = None
    if mod is not None:
        first = next((c for c in mod.offers(st, seat) if c.id == entry_id), None)
    if mod is None or first is None or not first.step:
        raise IllegalAction("That action is not available now.")
    return mod, first


def _inline_entry(st: State, seat: int, step_id: str) -> tuple[ModuleType, Choice]:
    """The action module and entry whose inlined choices (`_inlined`) list `step_id`."""
    mod = rounds.MODULES.get(step_id.partition(":")[0])
    if mod is None:
        raise IllegalAction("That action is not available now.")
    for entry in mod.offers(st, seat):
        inlined = _inlined(st, seat, entry)
        if inlined is not None and any(c.id == step_id and c.step for c in inlined):
            return mod, entry
    raise IllegalAction("That action is not available now.")


#: Ends every step id below an action's top-level entry. The action modules build a move as a
#: growing id, so a step ("1 on Mombasa, then more") and the move that stops there ("1 on
#: Mombasa, done") would otherwise share an id; a step is never a move.
STEP_MARK = ">"


def _marked(c: Choice, group: str | None = None) -> Choice:
    group = c.group if group is None else group
    return Choice(c.id + STEP_MARK, c.label, group, step=True) if c.step else c


def _unmarked(step_id: str) -> str:
    if not step_id.endswith(STEP_MARK):
        raise IllegalAction("That menu is not available now.")
    return step_id[: -len(STEP_MARK)]


# ---- defaults (R184, R189, R205) ---------------------------------------------------------------
def default_pile(st: State, seat: int) -> int:
    """R184: the pile with the most cards, ties going to the lowest slot number."""
    piles = st.players[seat].piles
    return max(rounds.pile_choices(st, seat), key=lambda n: (len(piles[n - 1]), -n))


def default_choice(st: State, seat: int) -> str:
    """The 'default decision' for an absent seat (R184 as amended by R189/R205): first dealt
    starting tile; the automatic player's plan; the largest pile; pass."""
    if not 0 <= seat < st.seats or not _deciding(st, seat):
        raise IllegalAction(not_deciding(st, seat) if 0 <= seat < st.seats else "No such seat.")
    if st.phase == "start_tiles":
        return "start:0"
    if st.phase == "planning":
        return planning.auto_plan(st, seat)
    if st.phase == "preparation":
        return f"pile:{default_pile(st, seat)}"
    return rounds.PASS
