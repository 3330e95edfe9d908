"""Book tiles: their texts, the book display refill (R59, R122, R125) and bookkeeping points
(section 14.2: `bookkeeping_points`, `point_steps`, the plan tokens of NOTES.md)."""

from __future__ import annotations

from engine.core import Choice, Event, IllegalAction
from engine.mombasa import names
from engine.mombasa.data import data
from engine.mombasa.setup import refill_book_row
from engine.mombasa.state import BookPos, State
from engine.mombasa.view_static import memo, static

GROUP = "Bookkeeper"
UNIT_WORD = {"bananas": "bananas", "cotton": "cotton", "coffee": "coffee", "expansion": "expansion"}


# ---- book texts -------------------------------------------------------------------------------
def book_req(tile: str) -> tuple[tuple[str, int], ...]:
    if tile.startswith("start:"):
        code = tile.split(":", 1)[1]
        return data().start_tiles[int(code[:-1]) - 1].faces[code[-1]].req
    return data().books[tile].req


def book_reward(tile: str) -> tuple[tuple[str, int], ...]:
    if tile.startswith("start:"):
        return data().start_tile_reward
    return data().books[tile].reward


def req_text(req: tuple[tuple[str, int], ...]) -> str:
    return " + ".join(f"{n} {UNIT_WORD.get(k, k)}" for k, n in req) or "nothing"


def reward_text(reward: tuple[tuple[str, int], ...]) -> str:
    """'£2 + 1 bookkeeping point' (R117 rewards; "nothing" when empty)."""
    return names.reward_text(reward)


def book_text(tile: str) -> str:
    """'book A (needs 3 coffee; reward £2)' (kept per data object: a pure function of it)."""
    return memo(static().book_texts, tile, _book_text)


def _book_text(tile: str) -> str:
    what = "starting tile" if tile.startswith("start:") else f"book {tile[0]}"
    return f"{what} (needs {req_text(book_req(tile))}; reward {reward_text(book_reward(tile))})"


# ---- the book display (R59, R122, R125) -------------------------------------------------------
def refill_book_display(st: State) -> list[Event]:
    """R125 (preparation) and setup: every row back to players + 1 tiles from its supply."""
    added = []
    for letter in sorted(st.book_display):
        before = len(st.book_display[letter])
        refill_book_row(st, letter)
        if len(st.book_display[letter]) > before:
            added.append(f"{letter} +{len(st.book_display[letter]) - before}")
    return [Event("Book display refilled: " + ", ".join(added) + ".")] if added else []


# ---- bookkeeping points (section 14.2) --------------------------------------------------------
class _Points:
    """Runs bookkeeping points on private copies of the few fields they touch, so a plan can be
    checked (and the next pick listed) without changing the state; `commit` writes them back.
    A display row or supply pile is copied when a point first changes it (`_rows`)."""

    def __init__(self, st: State, seat: int) -> None:
        self.st = st
        self.seat = seat
        p = st.players[seat]
        self.books = list(p.books)  # frozen positions: replaced, never changed
        self.display = dict(st.book_display)  # the rows are the state's until `_rows`
        self.supply = dict(st.book_supply)
        self.copied: set[str] = set()  # letters whose row and pile are private copies
        self.cash = 0
        self.events: list[Event] = []
        self.first = 0  # picks that may take the first book offered when the plan runs out
        self.picked: list[str] = []  # the tokens of those picks

    def _rows(self, letter: str) -> tuple[list[str], list[str]]:
        """The display row and supply pile of `letter`, private copies to change."""
        if letter not in self.copied:
            self.copied.add(letter)
            self.display[letter] = list(self.display[letter])
            self.supply[letter] = list(self.supply[letter])
        return self.display[letter], self.supply[letter]

    def _kinds(self, letter: str) -> list[int]:
        """Indexes of the first tile of each distinct kind in row `letter`."""
        return memo(static().book_kinds, tuple(self.display[letter]), _first_of_kinds)

    def _who(self) -> str:
        return names.player(self.st, self.seat)

    def run(self, n: int, plan: list[str], rest_ok: bool = False) -> list[Choice]:
        """Use `n` points, consuming `plan` tokens (from the front of the list). Returns the
        choices of the first pick that needs a token when the plan has run out ([] when all
        points are done). Tokens left over are refused unless `rest_ok`."""
        d = data()
        for _ in range(n):
            while True:
                i = next(
                    (i for i, b in enumerate(self.books) if not b.tile and not b.left_empty), None
                )
                if i is None:  # R124
                    self.cash += d.overflow_pounds
                    self.events.append(
                        Event(
                            f"{self._who()} has no empty book position: the bookkeeping point gives £{d.overflow_pounds}."
                        )
                    )
                    break
                letter = d.bookkeeping.space_letters[i + 1]
                if not self.display[letter] and self.supply[letter]:  # R122
                    row, pile = self._rows(letter)
                    while len(row) < self.st.seats + 1 and pile:
                        row.append(pile.pop(0))
                    self.events.append(
                        Event(
                            f"Book display row {letter} was empty and is refilled from its supply."
                        )
                    )
                if not self.display[letter]:  # R123
                    self.books[i] = BookPos(self.books[i].tile, self.books[i].face_up, True)
                    self.events.append(
                        Event(
                            f"{self._who()}'s bookkeeping position {i + 1} is left empty for good (no {letter} books left)."
                        )
                    )
                    continue
                kinds = self._kinds(letter)
                if len(kinds) == 1:
                    k = kinds[0]
                else:
                    if not plan and len(self.picked) < self.first:
                        plan.append(str(kinds[0] + 1))
                        self.picked.append(plan[0])
                    if not plan:
                        row = self.display[letter]
                        return [
                            Choice(
                                str(j + 1),
                                f"Take {book_text(row[j])} for position {i + 1}"[:100],
                                "Bookkeeping point",
                                True,
                            )
                            for j in kinds
                        ]
                    tok = plan.pop(0)
                    if not tok.isdigit() or int(tok) - 1 not in kinds:
                        raise IllegalAction(
                            f"Choose one of the {letter} books on display for bookkeeping position {i + 1}."
                        )
                    k = int(tok) - 1
                bid = self._rows(letter)[0].pop(k)
                self.books[i] = BookPos(tile=bid)
                self.events.append(
                    Event(f"{self._who()} places {book_text(bid)} on bookkeeping position {i + 1}.")
                )
                break
        if plan and not rest_ok:
            raise IllegalAction("That move picks more books than its bookkeeping points allow.")
        return []

    def commit(self) -> list[Event]:
        p = self.st.players[self.seat]
        p.books = self.books
        self.st.book_display = self.display
        self.st.book_supply = self.supply
        p.cash += self.cash
        return self.events


def _first_of_kinds(row: tuple[str, ...]) -> list[int]:
    """Indexes of the first tile of each distinct kind (requirement and reward) in a display
    row (kept per data object by the row: read it only)."""
    seen, out = set(), []
    for i, bid in enumerate(row):
        b = data().books[bid]
        key = (b.req, b.reward)
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def bookkeeping_points(st: State, seat: int, n: int, plan: list[str]) -> list[Event]:
    """Use `n` bookkeeping points at once (R120) following `plan` (see the module docstring).
    Validates the whole plan before changing anything."""
    sim = _Points(st, seat)
    if sim.run(n, list(plan)):
        raise IllegalAction("Choose which book to take for each bookkeeping point.")
    return sim.commit()


def take_points(
    st: State, seat: int, n: int, tokens: list[str]
) -> tuple[list[Choice], list[Event]]:
    """Use `n` points taking their picks from the front of `tokens` (the rest stays there):
    the choices of the next pick if the tokens run out first (nothing changed), else [] and
    the events of the points used."""
    sim = _Points(st, seat)
    more = sim.run(n, tokens, rest_ok=True)
    return (more, []) if more else ([], sim.commit())


def point_steps(st: State, seat: int, n: int, path: tuple[str, ...] | list[str]) -> list[Choice]:
    """The next book pick for `n` points after the tokens in `path` ([] = nothing left to
    choose). Choice ids are the bare tokens; the caller wraps them into its own step ids."""
    return _Points(st, seat).run(n, list(path))


def first_picks(st: State, seat: int, n: int, most: int) -> tuple[list[str], bool]:
    """The plan for `n` points taking the first book offered at each of at most `most` picks,
    and whether the points are then all done: what taking the first choice of `point_steps`
    again and again gives, in one run (the automatic player's book picks)."""
    sim = _Points(st, seat)
    sim.first = most
    more = sim.run(n, [])
    return sim.picked, not more


def points_need_choice(st: State, seat: int, n: int) -> bool:
    return bool(point_steps(st, seat, n, ()))
