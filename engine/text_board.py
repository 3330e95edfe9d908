"""Building blocks of a title's text board (`Title.board_text`): Markdown a screen reader reads
in order. A section is a heading and short list lines; Discord shows `###` as a heading and
`- ` as a list, and screen readers announce both, so a listener can jump between sections."""

from __future__ import annotations

from collections.abc import Iterable


def section(heading: str, lines: Iterable[str], empty: str = "None.") -> str:
    """'### heading' and one list line per entry (`empty` when there is none)."""
    body = [f"- {line}" for line in lines if line]
    return "\n".join([f"### {heading}", *(body or [f"- {empty}"])])


def board(title: str, sections: Iterable[str]) -> str:
    """The whole text: a top heading, then the sections, a blank line between them."""
    return "\n\n".join([f"## {title}", *(s for s in sections if s)])


def listed(items: Iterable[str], none: str = "none") -> str:
    """'a, b and c'; `none` for an empty list."""
    words = [i for i in items if i]
    if not words:
        return none
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def seat_name(seat: int | None) -> str:
    """'Seat 2' for seat index 1; 'nobody' for None."""
    return "nobody" if seat is None else f"Seat {seat + 1}"


#: Discord's limit on an attachment's description (its alt text).
ALT_MAX = 1024


def alt_text(sentences: Iterable[str], limit: int = ALT_MAX) -> str:
    """An image's alt text (`Title.alt_text`): the sentences in order, one space between them,
    within `limit` characters. A sentence that does not fit is cut at a word and ends with an
    ellipsis, and nothing after it is kept, so the text never stops mid-word."""
    out = ""
    for s in (s.strip() for s in sentences):
        if not s:
            continue
        joined = f"{out} {s}" if out else s
        if len(joined) <= limit:
            out = joined
            continue
        room = limit - len(out) - (1 if out else 0) - 1  # (a space before, the ellipsis after)
        if room > 0:
            cut = s[:room].rsplit(" ", 1)[0] if " " in s[:room] else ""
            if cut:
                out = f"{out} {cut.rstrip(',;:')}…" if out else f"{cut.rstrip(',;:')}…"
        break
    return out


def just_now(lines: Iterable[str], keep: int = 3) -> str:
    """'Just now: a. b.' from the latest public log lines (the last `keep`), '' for none."""
    shown = [line.strip() for line in lines if line and line.strip()][-keep:]
    if not shown:
        return ""
    return "Just now: " + " ".join(x if x[-1] in ".!?" else f"{x}." for x in shown)
