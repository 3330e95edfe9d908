"""The expand action (spec sections 10.2, 12): use all face-up expansion cards (and an
expansion-face bonus tile), choose one company, place its posts one at a time.

Move id: `x:<company code>:<tokens>`, e.g. `x:C:a3b` -- Cape Town; post 1 into the area with
token `a`, taken from base column 3; post 2 into area `b`. The tokens of one post, in order:
  1. the area (one character, `map.area_token`);
  2. the base column the post is taken from (digit 1..5), only when there is a real choice: the
     reserve is used first (R107) and columns in the same state are one choice;
  3. the column a displaced post goes back to (digit), only when there is a real choice (R154);
  4. one token per bookkeeping point of the area reward that has a real choice (books.py).
The parser replays the tokens on the state, so it always knows what the next token means. A move
ends when the player stops (the `x:...` prefix itself is the "done" move once >= 1 post is
placed) or when no further post is possible. Steps: offer `x`, company `x:C`, then the growing
prefixes; a prefix ending in `+` is the next page of a long area list.

Rules owned: R98-R101, R105, R107-R110 (with map.py for R102-R104, R106 and bases.py for the
post moves), R176 for area rewards, R29-R31 in the expansion value.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import bases, books, diamonds, names, tracks
from engine.mombasa import map as geo
from engine.mombasa.data import data
from engine.mombasa.state import State, card_kind, clone, turn_down
from engine.mombasa.view_static import memo, static

GROUP = "Expand"
PAGE = 23  # area choices per page (+ "done" and "more" stay within 25 with the flow's BACK)
EXPANSION_PAIR = "expansion_value"  # the A1 pair (R29)
MAX_LABEL = 100  # Discord's limit for an option's label


# ---- expansion value (R98-R100, R29-R31) ------------------------------------------------------
def expansion_slots(st: State, seat: int) -> list[int]:
    """Slot numbers of face-up expansion cards."""
    cards = data().cards
    return [
        i + 1
        for i, sc in enumerate(st.players[seat].slots)
        if sc.card and sc.face_up and cards[card_kind(sc.card)].type == "expansion"
    ]


def tile_expansion(st: State, seat: int) -> int:
    """Units of a face-up expansion-face bonus tile in the action area (R99), else 0."""
    p = st.players[seat]
    if not (p.tile and p.tile_in_area and p.tile_face_up and p.tile_face >= 0):
        return 0
    kind, n = data().bonus_tiles[p.tile].faces[p.tile_face]
    return n if kind == "expansion" else 0


def expansion_bonus(st: State, seat: int) -> int:
    """The active expansion bonus (R29, R26): +1 / +2, only with >= 1 expansion CARD in the action
    area, face up or down (R31; a tile alone does not count, section 9.2)."""
    company = tracks.company_with_pair(st, EXPANSION_PAIR)
    if company is None:
        return 0
    level = tracks.active_bonus_level(st, seat, company)
    if not level:
        return 0
    cards = data().cards
    if not any(
        sc.card and cards[card_kind(sc.card)].type == "expansion" for sc in st.players[seat].slots
    ):
        return 0
    return int(data().bonuses[EXPANSION_PAIR][level - 1].raw["expansion_value_plus"])


def expansion_value(st: State, seat: int) -> int:
    """R100: face-up expansion cards + expansion tile + active expansion bonus; 0 when there is
    nothing to use (R98)."""
    cards = data().cards
    p = st.players[seat]
    total = sum(cards[card_kind(p.slots[s - 1].card)].units for s in expansion_slots(st, seat))
    tile = tile_expansion(st, seat)
    if not total and not tile:
        return 0
    return total + tile + expansion_bonus(st, seat)


# ---- the walk over a move's tokens ------------------------------------------------------------
@dataclass
class Opt:
    token: str
    label: str
    group: str
    #: an area's shorter labels (`_area_labels`), for the menu to add to
    labels: tuple[str, ...] = ()


def column_classes(st: State, company: str, cols: list[int]) -> list[int]:
    """One column per distinct (layout, posts) state: same-state columns are the same choice."""
    seen, out = set(), []
    for c in cols:
        key = (data().base_columns[c], st.bases[company].posts[c])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def best_column(st: State, company: str, take: list[int]) -> int:
    """Of the base columns `take`, the one uncovering most coins; ties: the one with fewest
    posts left (closest to its 2-coin bottom), then the lowest. The expand menus offer it with
    each area, the automatic player takes it."""
    return max(
        take,
        key=lambda k: (
            bases.coins_uncovered_by_take(st, company, k),
            -st.bases[company].posts[k],
            -k,
        ),
    )


def _area_labels(key: tuple[geo.Target, str]) -> tuple[str, ...]:
    """An area option's labels, longest first: a pure function of the target and the company
    (and the data). Each starts with the area as the map shows it (number, name and reward,
    `map.area_title`); the shorter ones leave out the reward in words, then how the cost comes."""
    t, company = key
    title = geo.area_title(t.area)
    head = f"{title}: cost {t.cost} ({t.how()})"
    return (f"{head}, reward {geo.reward_text(t.area, company)}", head, f"{title}: cost {t.cost}")


def fit(labels: tuple[str, ...], tail: str = "") -> str:
    """The first of `labels` that fits Discord's 100 characters with `tail` added."""
    for label in labels:
        if len(label + tail) <= MAX_LABEL:
            return label + tail
    return (labels[-1] + tail)[:MAX_LABEL]


class Walk:
    """Replays an expansion on `st` (mutating it). `feed` returns the options of the first
    decision the tokens do not cover; [] when the expansion is over (nothing more possible)."""

    def __init__(
        self, st: State, seat: int, company: str, points: int | None = None, log: bool = True
    ) -> None:
        """`points`: the seat's expansion value when the caller already has it; `log` False:
        the posts and track moves write no log lines (trials that only read the state)."""
        self.st, self.seat, self.company, self.log = st, seat, company, log
        self.points = expansion_value(st, seat) if points is None else points
        self.placed = 0
        #: the base column the last post came from (None: none yet, or from the reserve)
        self.last_col: int | None = None
        self.at_area = False
        #: the legal targets when stopped at an area choice (`legal_targets` at `points`)
        self.targets: dict[str, geo.Target] = {}
        self.events: list[Event] = []

    def feed(self, tokens: str) -> list[Opt]:
        """Only `feed` (and `run`) may change the walk's state: stopped at an area choice, the
        walk goes on from the targets it found there."""
        opts = self.run(tokens)
        if opts is None:
            return [
                self._area_opt(t)
                for t in sorted(
                    self.targets.values(), key=lambda t: (t.cost, geo.area_name(t.area))
                )
            ]
        return opts

    def run(self, tokens: str) -> list[Opt] | None:
        """`feed` without the area options: None when stopped at an area choice (`at_area`;
        the choices are `targets`), for callers that read the targets only."""
        st, company = self.st, self.company
        toks = list(tokens)
        known = self.targets if self.at_area else None
        while True:
            self.at_area = False
            if known is not None:
                targets, known = known, None
            else:
                targets = (
                    geo.legal_targets(st, company, self.points)
                    if bases.can_expand(st, company)
                    else {}
                )
            if not targets:
                if toks:
                    raise IllegalAction(f"{names.company(company)} cannot place another post.")
                return []
            if not toks:
                self.at_area, self.targets = True, targets
                return None
            area = geo.area_of_token(toks.pop(0))
            if area not in targets:
                raise IllegalAction(
                    f"{names.company(company)} cannot reach {geo.area_label(area)} with {self.points} point(s) left."
                )
            target = targets[area]
            take = column_classes(st, company, bases.take_columns(st, company))
            col = take[0] if take else None
            if len(take) > 1:
                if not toks:
                    return [self._take_opt(c) for c in take]
                col = self._digit(
                    toks.pop(0), take, "Choose a base column that still holds a trading post."
                )
            other = target.displaces
            rcol = None
            if other:
                back = column_classes(st, other, bases.return_columns(st, other))
                rcol = back[0] if back else None
                if len(back) > 1:
                    if not toks:
                        return [self._return_opt(other, c) for c in back]
                    rcol = self._digit(
                        toks.pop(0),
                        back,
                        f"Choose a column of {names.company(other)}'s base for its displaced post.",
                    )
            self._place(target, col, rcol)
            more = self._reward(area, toks)
            if more:
                return more

    @staticmethod
    def _digit(tok: str, legal: list[int], why: str) -> int:
        if not tok.isdigit() or int(tok) - 1 not in legal:
            raise IllegalAction(why)
        return int(tok) - 1

    def _area_opt(self, t: geo.Target) -> Opt:
        labels = memo(static().area_labels, (t, self.company), _area_labels)
        return Opt(
            geo.area_token(t.area),
            labels[0],
            f"Expand {names.company(self.company)}: {self.points} point(s) left",
            labels,
        )

    def _take_opt(self, c: int) -> Opt:
        coins = bases.coins_uncovered_by_take(self.st, self.company, c)
        v = bases.share_value(self.st, self.company)
        label = f"Take the post from base column {c + 1} (uncovers {coins} coin(s): share value {v} → {v + coins})"
        return Opt(str(c + 1), label, "Base column")

    def _return_opt(self, other: str, c: int) -> Opt:
        coins = bases.coins_covered_by_return(self.st, other, c)
        v = bases.share_value(self.st, other)
        label = f"Put {names.company(other)}'s displaced post on its column {c + 1} (covers {coins}: share value {v} → {v - coins})"
        return Opt(str(c + 1), label, "Displaced post")

    def _place(self, t: geo.Target, col: int | None, rcol: int | None) -> None:
        st, company = self.st, self.company
        from_reserve = st.bases[company].reserve > 0
        gained = bases.take_post(st, company, col)  # R107
        before, to_reserve = 0, False
        if t.displaces:  # R104, R105, R154, R155
            before = bases.share_value(st, t.displaces) if self.log else 0
            to_reserve = not bases.return_columns(st, t.displaces)
            bases.return_post(st, t.displaces, rcol)
        st.map[t.area] = company
        self.points -= t.cost
        self.placed += 1
        self.last_col = None if from_reserve else col
        if self.log:
            where = "its reserve" if to_reserve else f"its base column {(rcol or 0) + 1}"
            self.events.append(Event(self._place_text(t, col, from_reserve, gained, before, where)))

    def _place_text(
        self,
        t: geo.Target,
        col: int | None,
        from_reserve: bool,
        gained: int,
        before: int,
        where: str,
    ) -> str:
        """The log line of a post just placed (`before`: the displaced company's share value
        before its post went back to `where`)."""
        st, company = self.st, self.company
        txt = f"{names.player(st, self.seat)} places a {names.company(company)} post in {geo.area_name(t.area)} (cost {t.cost}, {t.how()})"
        txt += (
            "; post from the reserve"
            if from_reserve
            else f"; post from base column {(col or 0) + 1} (+{gained}: share value {bases.share_value(st, company)})"
        )
        if t.displaces:
            after = bases.share_value(st, t.displaces)
            change = f"{before} → {after}" if after != before else f"stays {after}"
            txt += (
                f"; {names.company(t.displaces)}'s post goes back to {where} (share value {change})"
            )
        return txt + f"; reward {geo.reward_text(t.area, company)}."

    def _reward(self, area: str, toks: list[str]) -> list[Opt]:
        """R108 in the R176 order (the data keeps rewards in that order). Returns book-pick
        options when the tokens run out before a bookkeeping point's pick."""
        st, seat = self.st, self.seat
        for k, n in data().areas[area].reward:
            if k == "pounds":
                st.players[seat].cash += n
            elif k == "bookkeeping":
                more, events = books.take_points(st, seat, n, toks)
                if more:
                    return [Opt(c.id, c.label, "Bookkeeping point") for c in more]
                self.events += events
            elif k == "diamonds":
                self.events += diamonds.diamond_steps(st, seat, n)
            elif k == "track":  # the expanded company's track (section 10.2 step 4.5)
                res = tracks.advance(st, seat, self.company, n)
                if self.log:
                    from engine.mombasa.display import move_event

                    self.events.append(Event(move_event(st, res)))
        return []


# ---- the action-module interface --------------------------------------------------------------
def companies(st: State, seat: int, pts: int | None = None) -> list[str]:
    """Companies that can place >= 1 post with this expansion value (R101, R107, R109);
    `pts` is the seat's expansion value when the caller already has it."""
    pts = expansion_value(st, seat) if pts is None else pts
    return [c for c in data().companies if bases.can_expand(st, c) and geo.has_target(st, c, pts)]


def offers(st: State, seat: int) -> list[Choice]:
    pts = expansion_value(st, seat)
    if not pts or not any(
        bases.can_expand(st, c) and geo.has_target(st, c, pts) for c in data().companies
    ):
        return []
    return [
        Choice("x", f"Expand: use all your expansion cards (expansion value {pts})", GROUP, True)
    ]


def parse_move(move: str) -> tuple[str, str]:
    parts = move.split(":", 2)
    if parts[0] != "x" or len(parts) < 2:
        raise IllegalAction(f"{move!r} is not an expand move.")
    return names.company_of(parts[1]), parts[2] if len(parts) > 2 else ""


def walk(
    st: State, seat: int, company: str, tokens: str, comps: list[str] | None = None
) -> tuple[Walk, list[Opt]]:
    """A walk of `tokens` on `st` (mutated); `comps` = `companies(st, seat)` when known."""
    if company not in (companies(st, seat) if comps is None else comps):
        raise IllegalAction(f"You cannot expand {names.company(company)} now.")
    w = Walk(st, seat, company)
    return w, w.feed(tokens)


def steps(st: State, seat: int, path: tuple[str, ...]) -> list[Choice]:
    """The expand menus (built in expand_menu.py)."""
    from engine.mombasa import expand_menu

    return expand_menu.steps(st, seat, path)


def apply(st: State, seat: int, move: str) -> list[Event]:
    """Validate on a copy, then perform: place the posts, take the rewards, lose the rest,
    turn all expansion cards and the expansion tile face down (R109, R110)."""
    company, tokens = parse_move(move)
    w, opts = walk(clone(st), seat, company, tokens)
    if opts and not w.at_area:
        raise IllegalAction("That expansion still needs a choice: " + opts[0].group.lower() + ".")
    if not w.placed:
        raise IllegalAction("Place at least one trading post (R109).")
    p = st.players[seat]
    slots = expansion_slots(st, seat)
    tile = tile_expansion(st, seat)
    bonus = expansion_bonus(st, seat)
    what = [f"slot{'s' if len(slots) > 1 else ''} {', '.join(map(str, slots))}"] if slots else []
    if tile:
        what.append(f"bonus tile {tile}")
    if bonus:
        what.append(f"expansion bonus +{bonus}")
    head = Event(
        f"{names.player(st, seat)} expands {names.company(company)} with expansion value {expansion_value(st, seat)} ({' + '.join(what)})."
    )
    real, _ = walk(st, seat, company, tokens)
    for s in slots:
        turn_down(p, s)
    if tile:
        p.tile_face_up = False
    events = [head, *real.events]
    if real.points:
        events.append(Event(f"{real.points} expansion point(s) are left unused and lost."))
    return events
