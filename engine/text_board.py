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
