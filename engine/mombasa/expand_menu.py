"""The expand menus (section 10.2; move ids in expand.py): the companies, then one choice at a
time, each marked when it is the last post.

Whether a choice ends the expansion used to be found by replaying the whole move on a copy of
the state for every option. A walk stopped at an area choice is copied instead (`_fork`), and for
most areas the answer is read off the walk's state (`_ends`): only expand.py's walk changes the
map and the bases, so the rewards other than bookkeeping points (pounds, diamond steps, track
steps) cannot change what comes next."""

from __future__ import annotations

from engine.core import Choice, IllegalAction
from engine.mombasa import bases, names
from engine.mombasa import map as geo
from engine.mombasa.data import data
from engine.mombasa.expand import (
    GROUP,
    PAGE,
    Opt,
    Walk,
    best_column,
    column_classes,
    companies,
    expansion_value,
    fit,
    parse_move,
    walk,
)
from engine.mombasa.state import State, clone


def _fork(w: Walk) -> Walk:
    """A copy of a walk stopped at an area choice, on a copy of its state: feeding it one more
    token is the same as replaying every token from the start (the loop restarts there). It
    writes no log lines: only where it ends is read."""
    f = Walk.__new__(Walk)
    f.st, f.seat, f.company, f.log = clone(w.st), w.seat, w.company, False
    f.points, f.placed, f.at_area, f.targets, f.events = w.points, w.placed, False, {}, []
    f.last_col = w.last_col
    return f


def company_menu(st: State, comps: list[str]) -> list[Choice]:
    """The first expand menu: which company (those in `comps`) places posts."""
    out = []
    for c in comps:
        left = bases.posts_available(st, c)
        label = f"{names.company(c)}: {left} post(s) left, share value {bases.share_value(st, c)}"
        out.append(Choice(f"x:{names.code(c)}", label, GROUP, True))
    return out


#: in a menu step id, marks the base column chosen ahead for the next post ("x:C:a3*2")
PRESET = "*"


def _split(step: str) -> tuple[str, int | None, int]:
    """A menu step id's (move prefix, base column chosen ahead (0-based) or None, page)."""
    body = step.rstrip("+")
    prefix, star, col = body.partition(PRESET)
    if not star:
        return prefix, None, len(step) - len(body)
    if len(col) != 1 or col not in "12345":
        raise IllegalAction("That expand menu path is not one the menus build.")
    return prefix, int(col) - 1, len(step) - len(body)


def steps(st: State, seat: int, path: tuple[str, ...]) -> list[Choice]:
    """The menu after `path`. A menu with a single choice that is a step is never shown: its
    own menu is shown in its place (the choice decides nothing)."""
    if not path or path[0] != "x":
        raise IllegalAction("That expand menu path is not one the menus build.")
    for a, b in zip(path, path[1:], strict=False):
        (was, ahead, _), (now, col, _) = _split(a), _split(b)
        if b == a or not now.startswith(was) or (col is not None and ahead is not None):
            raise IllegalAction("That expand menu path is not one the menus build.")
    pts = expansion_value(st, seat)
    comps = companies(st, seat, pts) if pts else []
    if not comps:
        raise IllegalAction("You have no face-up expansion cards to use.")
    last = path[-1]
    while True:
        out = _menu(st, seat, last, comps)
        if len(out) != 1 or not out[0].step:
            return out
        last = out[0].id


def _menu(st: State, seat: int, last: str, comps: list[str]) -> list[Choice]:
    if last == "x":
        return company_menu(st, comps)
    prefix, preset, page = _split(last)
    company, tokens = parse_move(prefix)
    w, opts = walk(clone(st), seat, company, tokens, comps)
    if not opts:
        raise IllegalAction("That expansion is complete: nothing is left to choose.")
    sep = "" if ":" in prefix[2:] else ":"
    targets = w.targets if w.at_area else {}
    take = column_classes(w.st, company, bases.take_columns(w.st, company)) if w.at_area else []
    if preset is not None and (len(take) < 2 or preset not in take):
        raise IllegalAction("That base column cannot give the next post.")
    col = None  # no column to choose: the reserve or a single kind of column gives the post
    if len(take) > 1:
        col = preset if preset is not None else best_column(w.st, company, take)
    digit = "" if col is None else str(col + 1)
    coins = 0 if col is None else bases.coins_uncovered_by_take(w.st, company, col)

    def choice(o: Opt) -> Choice:
        """The option with its 'last post' mark: whether the walk ends after it (built only for
        the options shown; tried on a copy unless the walk's state tells)."""
        if not w.at_area:
            ends = not Walk(clone(st), seat, company).feed(tokens + o.token)
        elif digit:
            ends = not _fork(w).feed(o.token + digit)
        else:
            known = _ends(w, targets[geo.area_of_token(o.token)])
            ends = not _fork(w).feed(o.token) if known is None else known
        mark = " (last post)" if ends else ""
        if digit and o.labels:
            label = fit(o.labels, f"; base column {digit} (+{names.plural(coins, 'coin')}){mark}")
        else:
            label = fit(o.labels, mark) if o.labels else (o.label + mark)[:100]
        return Choice(prefix + sep + o.token + digit, label, o.group, not ends)

    if not w.at_area:
        return [choice(o) for o in opts]
    lead = []
    if w.placed:
        lead = [Choice(prefix, f"Done expanding ({w.points} point(s) left are lost)", GROUP)]
    others = []
    if col is not None and preset is None:  # another column: that column first, then the area
        v = bases.share_value(w.st, company)
        for c in take:
            if c != col:
                more = bases.coins_uncovered_by_take(w.st, company, c)
                label = f"Take the post from base column {c + 1} instead (uncovers {names.plural(more, 'coin')}: share value {v} → {v + more})"
                others.append(Choice(f"{prefix}{PRESET}{c + 1}", label, "Base column", True))
    items: list[Choice | Opt] = [*lead, *opts, *others]
    if len(items) <= PAGE + 1:
        return [e if isinstance(e, Choice) else choice(e) for e in items]
    chunk = [
        e if isinstance(e, Choice) else choice(e) for e in items[page * PAGE : (page + 1) * PAGE]
    ]
    if (page + 1) * PAGE < len(items):
        chunk.append(Choice(last + "+", "More areas…", GROUP, True))
    if not chunk:
        raise IllegalAction("There is no such page of areas.")
    return chunk


def _ends(w: Walk, t: geo.Target) -> bool | None:
    """Whether `w` (stopped at an area choice) ends after a post into `t.area`, as feeding it
    that area's token would find, or None when only trying it tells: the area's reward holds a
    bookkeeping point (its book pick may need a choice)."""
    st, company = w.st, w.company
    if len(column_classes(st, company, bases.take_columns(st, company))) > 1:
        return False  # a base column to choose
    other = t.displaces
    if other and len(column_classes(st, other, bases.return_columns(st, other))) > 1:
        return False  # a column for the displaced post
    if any(k == "bookkeeping" for k, _ in data().areas[t.area].reward):
        return None
    if bases.posts_available(st, company) <= 1:  # the post is taken from the base or reserve
        return True
    return not geo.has_target(st, company, w.points - t.cost, also=t.area)
