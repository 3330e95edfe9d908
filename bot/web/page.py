"""The table page's HTML (docs/web.md): one read-only document per position of a game.

The server sends a strict Content-Security-Policy (no inline script or style), so the page has
neither: its behaviour is `/static/table.js` and its look `/static/table.css`; the script
reads what it needs from the body's data- attributes. Every string from the model is escaped
here, whoever wrote it.
"""

from __future__ import annotations

import html

from bot.web.model import LogEntry, Mine, Player, TablePage

STYLESHEET = "/static/table.css"
SCRIPT = "/static/table.js"
ICON = "/static/favicon.png"


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _head(title: str, meta: list[tuple[str, str, str]], script: bool) -> str:
    """The document's head; `meta` holds (attribute, name, content) triples."""
    lines = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="robots" content="noindex, nofollow">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{_e(title)}</title>",
    ]
    lines += [f'<meta {attr}="{_e(name)}" content="{_e(content)}">' for attr, name, content in meta]
    lines.append(f'<link rel="icon" type="image/png" href="{ICON}">')
    lines.append(f'<link rel="stylesheet" href="{STYLESHEET}">')
    if script:
        lines.append(f'<script src="{SCRIPT}" defer></script>')
    lines.append("</head>")
    return "\n".join(lines)


def page_title(page: TablePage) -> str:
    return f"{page.title_name} · game #{page.game_id} · move {page.move} of {page.total}"


def render_table(page: TablePage) -> str:
    """The whole document for one position of a game."""
    title = page_title(page)
    meta = [
        ("name", "description", f"{page.headline} {page.status_line}".strip()),
        ("property", "og:title", title),
        ("property", "og:description", f"{page.headline} {page.status_line}".strip()),
        ("property", "og:image", page.og_image),
        ("property", "og:image:alt", page.image_alt),
        ("property", "og:url", page.page_url),
        ("property", "og:type", "website"),
        ("name", "twitter:card", "summary_large_image"),
    ]
    body_attrs = (
        f'data-base="{_e(page.base)}" data-move="{page.move}" data-total="{page.total}" '
        f'data-live="{1 if page.live else 0}"'
    )
    side = [_players(page.players)]
    if page.mine is not None:
        side.append(_mine(page.mine))
    side.append(_log(page))
    parts = [
        _head(title, meta, script=True),
        f"<body {body_attrs}>",
        '<a class="skip" href="#board">Skip to the board</a>',
        "<main>",
        '<div class="layout">',
        '<div class="col-board">',
        _header(page),
        _nav(page),
        _board(page),
        _text_board(page.text_board),
        "</div>",
        '<div class="col-side">',
        *side,
        "</div>",
        "</div>",
        "</main>",
        "</body>",
        "</html>",
        "",
    ]
    return "\n".join(p for p in parts if p)


def _header(page: TablePage) -> str:
    state = "Finished" if page.status == "finished" else "Live: this page follows the game"
    if not page.latest:
        state = "An earlier position" + ("" if page.status == "finished" else " (game running)")
    return (
        '<header class="top">\n'
        f'<h1>{_e(page.title_name)} <span class="game-id">game #{page.game_id}</span></h1>\n'
        f'<p class="headline">{_e(page.headline)}</p>\n'
        f'<p class="status-line">{_e(page.status_line)}</p>\n'
        f'<p class="position">Move {page.move} of <span class="total">{page.total}</span>'
        f" · {state}</p>\n"
        "</header>"
    )


def _board(page: TablePage) -> str:
    return (
        '<section class="board-area" aria-label="Board">\n'
        '<div id="board" tabindex="0" aria-label="Board: + and - zoom, 0 fits, arrow keys pan"'
        ' aria-describedby="board-help">\n'
        f'<img src="{_e(page.image_url)}" alt="{_e(page.image_alt)}" '
        f'width="{page.image_width}" height="{page.image_height}" draggable="false">\n'
        "</div>\n"
        '<div class="zoom" role="group" aria-label="Zoom">\n'
        '<button type="button" data-zoom="in" aria-label="Zoom in">+</button>\n'
        '<button type="button" data-zoom="out" aria-label="Zoom out">−</button>\n'
        '<button type="button" data-zoom="fit" aria-label="Fit the board">Fit</button>\n'
        "</div>\n"
        '<p id="board-help" class="help">Drag to move, pinch or wheel to zoom, '
        "double-tap to zoom in or back.</p>\n"
        "</section>"
    )


def _link(href: str | None, text: str, label: str, rel: str = "", cls: str = "") -> str:
    """A navigation link, or its disabled look (no href) when there is nowhere to go."""
    classes = f"nav-link {cls}".strip()
    if href is None:
        return (
            f'<a class="{classes} disabled" aria-disabled="true" role="link" '
            f'aria-label="{_e(label)}">{text}</a>'
        )
    rel_attr = f' rel="{rel}"' if rel else ""
    return f'<a class="{classes}" href="{_e(href)}"{rel_attr} aria-label="{_e(label)}">{text}</a>'


def _nav(page: TablePage) -> str:
    base = page.base
    prev = f"{base}/{page.move - 1}" if page.move > 0 else None
    nxt = f"{base}/{page.move + 1}" if page.move < page.total else None
    latest = None if page.latest else f"{base}/{page.total}"
    return (
        '<nav class="moves" aria-label="Positions">\n'
        + _link(prev, "◀", "Previous position", "prev", "prev")
        + "\n"
        + '<div class="seek">\n'
        + '<label for="move-slider">Move <output id="move-out" for="move-slider">'
        + f'{page.move}</output> of <span class="total">{page.total}</span></label>\n'
        + f'<input type="range" id="move-slider" name="move" min="0" max="{page.total}" '
        + f'value="{page.move}" step="1" aria-describedby="seek-help">\n'
        + '<span id="seek-help" class="help">Arrow keys then Enter, or drag.</span>\n'
        + "</div>\n"
        + _link(nxt, "▶", "Next position", "next", "next")
        + "\n"
        + _link(latest, "Latest", "Latest position", "", "latest")
        + "\n"
        + '<p id="news" class="news" aria-live="polite" hidden></p>\n'
        + "</nav>"
    )


def _player(player: Player) -> str:
    marks = []
    if player.you:
        marks.append('<span class="mark you">(you)</span>')
    if player.waiting:
        marks.append('<span class="mark waiting">(to play)</span>')
    details = []
    if player.score:
        details.append(f'<span class="score">Score {_e(player.score)}</span>')
    if player.clock:
        details.append(f'<span class="clock">{_e(player.clock)}</span>')
    classes = (
        "player" + (" is-waiting" if player.waiting else "") + (" is-you" if player.you else "")
    )
    detail = f'\n<span class="details">{" · ".join(details)}</span>' if details else ""
    return (
        f'<li class="{classes}">\n'
        f'<span class="who"><span class="seat">{_e(player.label)}</span> '
        f'<span class="name">{_e(player.name)}</span> {" ".join(marks)}</span>'
        f"{detail}\n</li>"
    )


def _players(players: tuple[Player, ...]) -> str:
    items = "\n".join(_player(p) for p in players)
    return (
        '<section class="players" aria-labelledby="players-h">\n'
        f'<h2 id="players-h">Players</h2>\n<ul>\n{items}\n</ul>\n</section>'
    )


def _paragraphs(text: str) -> str:
    return "\n".join(f"<p>{_e(p)}</p>" for p in text.split("\n\n") if p.strip())


def _mine(mine: Mine) -> str:
    parts = ['<section class="mine" aria-labelledby="mine-h">', '<h2 id="mine-h">Your view</h2>']
    if mine.note:
        parts.append(f'<p class="note">{_e(mine.note)}</p>')
    if mine.image_url:
        parts.append(f'<img src="{_e(mine.image_url)}" alt="{_e(mine.image_alt)}">')
    if mine.text:
        parts.append(f"<pre>{_e(mine.text)}</pre>")
    parts.append("</section>")
    return "\n".join(parts)


def _entry(base: str, entry: LogEntry, current: bool) -> str:
    here = ' aria-current="true"' if current else ""
    mark = '<span class="here">(shown) </span>' if current else ""
    who = f'<span class="by">{_e(entry.who)}</span>' if entry.who else ""
    lines = "".join(f'<span class="line">{_e(line)}</span>' for line in entry.lines)
    cls = ' class="current"' if current else ""
    return (
        f'<li value="{entry.move}"{cls}>'
        f'<a href="{_e(base)}/{entry.move}"{here}>{mark}{who}{lines}</a></li>'
    )


def _log(page: TablePage) -> str:
    start_here = ' aria-current="true"' if page.move == 0 else ""
    start_mark = '<span class="here">(shown) </span>' if page.move == 0 else ""
    entries = "\n".join(_entry(page.base, e, e.move == page.move) for e in page.log)
    listing = f'<ol class="log-list">\n{entries}\n</ol>' if entries else "<p>No move yet.</p>"
    return (
        '<section class="log" aria-labelledby="log-h">\n'
        '<h2 id="log-h">Moves</h2>\n'
        f'<p class="start"><a href="{_e(page.base)}/0"{start_here}>{start_mark}'
        "Start of the game</a></p>\n"
        f"{listing}\n</section>"
    )


def _text_board(text: str | None) -> str:
    if text is None:
        return ""
    return (
        '<details class="text-board">\n<summary>Text board</summary>\n'
        f"<pre>{_e(text)}</pre>\n</details>"
    )


def render_message(title: str, text: str) -> str:
    """A small page for a refusal or a notice ("This link has expired…"): no script."""
    return "\n".join(
        [
            _head(title, [("property", "og:title", title)], script=False),
            "<body>",
            '<main class="message">',
            f"<h1>{_e(title)}</h1>",
            _paragraphs(text),
            "</main>",
            "</body>",
            "</html>",
            "",
        ]
    )
