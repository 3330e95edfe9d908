"""Long structured text (a text board) in message-sized parts.

A text board goes out as plain message content, in as many ephemeral messages as it needs: a
screen reader reads message content as it reads a chat line, and Markdown headings and lists
in content are announced as such (embeds are read with less structure, an attachment has to be
opened first). Parts break between sections, else between lines, so no heading is parted from
its first lines unless a section alone is too long."""

from __future__ import annotations

from bot.discord.limits import CONTENT_MAX, cut


def parts(text: str, limit: int = CONTENT_MAX) -> list[str]:
    """`text` in parts of at most `limit` characters, broken at blank lines (between
    sections), else at line ends; a single line longer than `limit` is cut."""
    out: list[str] = []
    current = ""
    for block in _pieces(text, limit):
        joined = f"{current}\n\n{block}" if current else block
        if len(joined) <= limit:
            current = joined
            continue
        if current:
            out.append(current)
        current = block
    if current:
        out.append(current)
    return out


def _pieces(text: str, limit: int) -> list[str]:
    """The sections of `text`; one longer than `limit` split into runs of whole lines."""
    pieces: list[str] = []
    for block in text.split("\n\n"):
        if len(block) <= limit:
            pieces.append(block)
            continue
        run = ""
        for line in block.split("\n"):
            line = cut(line, limit)
            if run and len(run) + 1 + len(line) > limit:
                pieces.append(run)
                run = line
            else:
                run = f"{run}\n{line}" if run else line
        if run:
            pieces.append(run)
    return pieces
