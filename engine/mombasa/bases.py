"""Company bases and share value (spec section 13).

A base column is listed top to bottom in the data; its last space shows 2 coins. `Base.posts[i]`
posts cover the bottom `posts[i]` spaces of column i. Taking a post uncovers the topmost covered
space; a returned post covers the space directly above the topmost post of a column that still
holds a post and is not full, never a 2-coin space (R153, R154); else it goes to the reserve
(R155), which covers nothing and is used first (R107).

Rules owned: R56, R107 (where the post comes from), R152-R155.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.mombasa.data import data
from engine.mombasa.state import State
from engine.mombasa.view_static import static


def share_value(st: State, company: str) -> int:
    """R152: the coins on uncovered spaces; kept per data object by the base's posts (asked for
    every company of every position the automatic player scores)."""
    posts = tuple(st.bases[company].posts)
    values = static().share_values
    v = values.get(posts)
    if v is None:
        v = values[posts] = _share_value(posts)
    return v


def _share_value(posts: tuple[int, ...]) -> int:
    return sum(sum(col[: len(col) - n]) for col, n in zip(data().base_columns, posts, strict=True))


def posts_available(st: State, company: str) -> int:
    """Posts the company can still place: reserve + base."""
    base = st.bases[company]
    return base.reserve + sum(base.posts)


def can_expand(st: State, company: str) -> bool:
    return posts_available(st, company) > 0


def take_columns(st: State, company: str) -> list[int]:
    """Columns (0-based) a post may be taken from; empty when the reserve must be used first."""
    base = st.bases[company]
    if base.reserve:
        return []
    return [i for i, n in enumerate(base.posts) if n > 0]


def coins_uncovered_by_take(st: State, company: str, column: int) -> int:
    col = data().base_columns[column]
    n = st.bases[company].posts[column]
    return col[len(col) - n] if n else 0


def take_post(st: State, company: str, column: int | None = None) -> int:
    """Take one post for an expansion (R107): from the reserve if any (column ignored), else
    the topmost post of `column`. Returns the coins uncovered (0 from the reserve)."""
    base = st.bases[company]
    if base.reserve:
        base.reserve -= 1
        return 0
    if column is None or not 0 <= column < len(base.posts) or base.posts[column] == 0:
        raise IllegalAction(f"{company}: choose a base column that still holds a trading post.")
    gained = coins_uncovered_by_take(st, company, column)
    base.posts[column] -= 1
    return gained


def return_columns(st: State, company: str) -> list[int]:
    """Columns a displaced post may return to (R154): holding >= 1 post and not full."""
    cols = data().base_columns
    base = st.bases[company]
    return [i for i, n in enumerate(base.posts) if 0 < n < len(cols[i])]


def coins_covered_by_return(st: State, company: str, column: int) -> int:
    col = data().base_columns[column]
    n = st.bases[company].posts[column]
    return col[len(col) - n - 1]


def return_post(st: State, company: str, column: int | None = None) -> int:
    """Return a displaced post (R105, R154, R155). If some column qualifies, `column` must be one
    of them (the active player chose it); otherwise the post goes to the reserve. Returns the
    coins covered (the share-value drop)."""
    base = st.bases[company]
    legal = return_columns(st, company)
    if not legal:
        base.reserve += 1
        return 0
    if column not in legal:
        raise IllegalAction(
            f"{company}: the post must go back onto column(s) {[c + 1 for c in legal]}."
        )
    lost = coins_covered_by_return(st, company, column)
    base.posts[column] += 1
    return lost


def default_return_column(st: State, company: str) -> int | None:
    """R184 default: the column that loses the fewest coins, ties to the lowest column."""
    legal = return_columns(st, company)
    if not legal:
        return None
    return min(legal, key=lambda c: (coins_covered_by_return(st, company, c), c))
