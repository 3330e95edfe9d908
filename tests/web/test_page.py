"""The table page's HTML (bot.web.page): everything from the model escaped, nothing inline that
the strict CSP would refuse, the navigation right at both ends."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from bot.web.model import LogEntry, Mine, Player, TablePage
from bot.web.page import render_message, render_table

EVIL = "<script>alert(1)</script>\"onload=x 'q"


def sample(move: int = 2, total: int = 3, evil: str = "", **kw: object) -> TablePage:
    fields: dict[str, object] = dict(
        base="/g/tok",
        page_url=f"https://example.test/g/tok/{move}{evil}",
        title_name=f"Tidewater{evil}",
        game_id=42,
        move=move,
        total=total,
        status="running",
        status_line=f"Round 3 · Red to move{evil}",
        headline=f"Red to play{evil}",
        players=(
            Player(label=f"Red{evil}", name=f"alice{evil}", score="12", waiting=True, clock="2 d"),
            Player(label="Blue", name=f"bob{evil}", score=f"9{evil}", clock=f"1 h{evil}", you=True),
        ),
        log=tuple(
            LogEntry(move=i, who=f"Red (alice){evil}", lines=(f"moves {i}{evil}", "and more"))
            for i in range(1, total + 1)
        ),
        image_url=f"/g/tok/{move}.png{evil}",
        image_alt=f"The board{evil}",
        image_width=1200,
        image_height=1600,
        og_image=f"https://example.test/g/tok/{move}.png{evil}",
        text_board=f"a b c\n1 . x{evil}",
        mine=Mine(
            text=f"Hand: 3 cards{evil}",
            image_url=f"/g/tok/mine.png{evil}",
            image_alt=f"Your hand{evil}",
            note=f"As it is now{evil}",
        ),
    )
    fields.update(kw)
    return TablePage(**fields)  # type: ignore[arg-type]


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text inside each <script>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.script_text: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.script_text.append(data)

    def find(self, tag: str, **want: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in want.items())]


def parse(doc: str) -> Tags:
    tags = Tags()
    tags.feed(doc)
    tags.close()
    return tags


def assert_csp_clean(doc: str) -> Tags:
    tags = parse(doc)
    assert tags.script_text == []
    for tag, attrs in tags.tags:
        assert "style" not in attrs, tag
        assert not [a for a in attrs if a.startswith("on")], (tag, attrs)
        if tag == "script":
            assert attrs.get("src") == "/static/table.js"
    assert tags.find("style") == []
    return tags


def test_strings_from_the_model_are_escaped_everywhere() -> None:
    doc = render_table(sample(evil=EVIL))
    assert "<script>alert" not in doc
    assert '"onload' not in doc
    assert "'q" not in doc
    assert doc.count("&lt;script&gt;alert(1)&lt;/script&gt;&quot;onload=x &#x27;q") >= 15
    tags = assert_csp_clean(doc)
    scripts = tags.find("script")
    assert len(scripts) == 1 and "defer" in scripts[0]
    og = {a["property"]: a["content"] for a in tags.find("meta") if a.get("property")}
    for key in ("og:title", "og:description", "og:image", "og:url"):
        assert og[key] is not None and EVIL in og[key], key  # decoded back intact
    assert og["og:title"] == f"Tidewater{EVIL} · game #42 · move 2 of 3"
    assert og["og:type"] == "website"
    imgs = tags.find("img")
    assert imgs[0]["alt"] == f"The board{EVIL}" and imgs[0]["width"] == "1200"


def test_head_tags_and_body_data() -> None:
    tags = assert_csp_clean(render_table(sample()))
    names = {a.get("name"): a.get("content") for a in tags.find("meta") if a.get("name")}
    assert names["viewport"] == "width=device-width, initial-scale=1"
    assert names["robots"] == "noindex, nofollow"
    assert names["referrer"] == "no-referrer"
    assert names["twitter:card"] == "summary_large_image"
    assert tags.find("link", rel="stylesheet", href="/static/table.css")
    (body,) = tags.find("body")
    assert body == {"data-base": "/g/tok", "data-move": "2", "data-total": "3", "data-live": "1"}
    assert tags.find("div", id="board", tabindex="0")
    assert tags.find("input", type="range", min="0", max="3", value="2")
    assert [a["data-zoom"] for a in tags.find("button")] == ["in", "out", "fit"]
    finished = parse(render_table(sample(status="finished")))
    assert finished.find("body")[0]["data-live"] == "0"


def nav(doc: str) -> dict[str, dict[str, str | None]]:
    links = [a for a in parse(doc).find("a") if "nav-link" in (a.get("class") or "")]
    return {(a.get("class") or "").split()[1]: a for a in links}


def test_navigation_at_the_start() -> None:
    links = nav(render_table(sample(move=0)))
    assert "href" not in links["prev"] and links["prev"]["aria-disabled"] == "true"
    assert links["next"]["href"] == "/g/tok/1" and links["next"]["rel"] == "next"
    assert links["latest"]["href"] == "/g/tok/3"


def test_navigation_at_the_latest() -> None:
    links = nav(render_table(sample(move=3)))
    assert links["prev"]["href"] == "/g/tok/2" and links["prev"]["rel"] == "prev"
    assert "href" not in links["next"] and links["next"]["aria-disabled"] == "true"
    assert "href" not in links["latest"]


@pytest.mark.parametrize("move", [0, 1, 3])
def test_the_current_position_is_marked_in_the_log(move: int) -> None:
    tags = parse(render_table(sample(move=move)))
    current = [a["href"] for a in tags.find("a") if a.get("aria-current") == "true"]
    assert current == [f"/g/tok/{move}"]
    log_links = [a["href"] for a in tags.find("a") if (a.get("href") or "").startswith("/g/tok/")]
    assert log_links[-4:] == ["/g/tok/0", "/g/tok/1", "/g/tok/2", "/g/tok/3"]


def test_players_are_marked_in_words() -> None:
    doc = render_table(sample())
    assert "(to play)" in doc and "(you)" in doc


def test_optional_parts_are_left_out() -> None:
    doc = render_table(sample(text_board=None, mine=None, log=(), total=0, move=0))
    assert "<details" not in doc and "Your view" not in doc
    assert "No move yet." in doc
    assert_csp_clean(doc)


def test_text_board_is_a_details() -> None:
    doc = render_table(sample(evil=EVIL))
    assert '<details class="text-board">\n<summary>Text board</summary>\n<pre>a b c\n' in doc


def test_message_page_is_escaped_and_has_no_script() -> None:
    doc = render_message(f"Expired{EVIL}", f"This link has expired{EVIL}\n\nAsk again.")
    assert "<script" not in doc
    assert "<script>alert" not in doc and '"onload' not in doc
    tags = assert_csp_clean(doc)
    names = {a.get("name"): a.get("content") for a in tags.find("meta") if a.get("name")}
    assert names["robots"] == "noindex, nofollow" and names["referrer"] == "no-referrer"
    assert len(tags.find("p")) == 2
