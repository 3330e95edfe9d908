"""Discord's documented limits on what a bot sends, and its answer when one is broken.

Each check takes a request body as the bot sent it and returns the `Violation`s Discord would
refuse it for (an empty list: fine). The limits are those of Discord's API reference
(https://discord.com/developers/docs: message, embed, component, interaction response,
application command and thread objects) and of its published OpenAPI description
(github.com/discord/discord-api-spec, `specs/openapi.json`), which agree on every value here.
Where they differ from what a client may send (a message's content: 2,000 characters for a
bot, 4,000 in the schema, which also covers Nitro users), the bot's limit is used.

`error_body` is Discord's 400 answer: `{"code": 50035, "message": "Invalid Form Body",
"errors": {...}}`, with `errors` nested by the field's path and `_errors` at each broken
field; discord.py flattens it into `HTTPException.text` ("In content: Must be 2000 or fewer
in length.")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Path = tuple[str | int, ...]

INVALID_FORM_BODY = 50035

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
EMBED_URL = 2048
EMBED_TOTAL = 6000
FILES = 10
FILE_BYTES = 10 * 1024 * 1024
ATTACHMENT_DESCRIPTION = 1024
ATTACHMENT_FILENAME = 1024
NONCE = 25
ALLOWED_MENTION_IDS = 100
ACTION_ROWS = 5
ROW_ITEMS = 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
BUTTON_URL = 512
SELECT_OPTIONS = 25
OPTION_TEXT = 100  # a select option's label, value and description
PLACEHOLDER = 150
CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100
MODAL_TITLE = 45
TEXT_INPUT_LABEL = 45
TEXT_INPUT_PLACEHOLDER = 100
TEXT_INPUT_VALUE = 4000
COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
COMMAND_TOTAL = 4000  # name, description, option names, descriptions and choices together
STRING_OPTION_LENGTH = 6000  # an option's min_length / max_length
THREAD_NAME = 100
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)

COMMAND_NAME_RX = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")
SELECTS = (3, 5, 6, 7, 8)
COMPONENTS_V2 = 1 << 15


@dataclass(frozen=True)
class Violation:
    """One broken limit: where (the field's path in the body), Discord's error code, and its
    message."""

    path: Path
    code: str
    message: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "body"
        return f"{where}: {self.message}"


class _Found:
    def __init__(self) -> None:
        self.violations: list[Violation] = []

    def add(self, path: Path, code: str, message: str) -> None:
        self.violations.append(Violation(path, code, message))

    def length(self, path: Path, text: Any, hi: int, lo: int = 0) -> None:
        """A string's length within lo..hi (None counts as absent: no check)."""
        if text is None:
            return
        n = len(str(text))
        if lo <= n <= hi:
            return
        if lo == 0:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {hi} or fewer in length.")
        else:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")

    def count(self, path: Path, items: Sequence[Any] | None, hi: int, lo: int = 0) -> None:
        n = len(items or ())
        if not lo <= n <= hi:
            self.add(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {lo} and {hi} in length.")

    def number(self, path: Path, value: Any, lo: int, hi: int) -> None:
        if value is not None and not lo <= int(value) <= hi:
            self.add(path, "NUMBER_TYPE_OUT_OF_RANGE", f"Must be between {lo} and {hi}.")


# ---------------------------------------------------------------------------------- messages
def message(body: dict[str, Any], files: Sequence[tuple[str, bytes]] = ()) -> list[Violation]:
    """A message create or edit: a channel message, an interaction's message answer, a
    follow-up or an edit of one."""
    f = _Found()
    _message(f, (), body, files)
    return f.violations


def _message(f: _Found, at: Path, body: dict[str, Any], files: Sequence[tuple[str, bytes]]) -> None:
    f.length((*at, "content"), body.get("content"), CONTENT)
    embeds = body.get("embeds") or []
    f.count((*at, "embeds"), embeds, EMBEDS)
    total = 0
    for n, embed in enumerate(embeds):
        total += _embed(f, (*at, "embeds", n), embed)
    if total > EMBED_TOTAL:
        f.add(
            (*at, "embeds"),
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBED_TOTAL} ({total})",
        )
    if body.get("nonce") is not None:
        f.length((*at, "nonce"), body["nonce"], NONCE)
    mentions = body.get("allowed_mentions") or {}
    for key in ("users", "roles"):
        f.count((*at, "allowed_mentions", key), mentions.get(key), ALLOWED_MENTION_IDS)
    f.count((*at, "files"), files, FILES)
    for n, (name, data) in enumerate(files):
        if len(data) > FILE_BYTES:
            f.add((*at, "files", n), "FILE_TOO_LARGE", f"{name}: {len(data)} bytes > 10 MiB")
    attachments = body.get("attachments") or []
    f.count((*at, "attachments"), attachments, FILES)
    for n, a in enumerate(attachments):
        f.length(
            (*at, "attachments", n, "description"), a.get("description"), ATTACHMENT_DESCRIPTION
        )
        f.length((*at, "attachments", n, "filename"), a.get("filename"), ATTACHMENT_FILENAME, 1)
    _components(f, (*at, "components"), body.get("components") or [], int(body.get("flags") or 0))


def _embed(f: _Found, at: Path, embed: dict[str, Any]) -> int:
    """Check one embed; the characters it counts toward the 6,000 of a message."""
    title, description = embed.get("title") or "", embed.get("description") or ""
    f.length((*at, "title"), title, EMBED_TITLE)
    f.length((*at, "description"), description, EMBED_DESCRIPTION)
    f.length((*at, "url"), embed.get("url"), EMBED_URL)
    total = len(title) + len(description)
    fields = embed.get("fields") or []
    f.count((*at, "fields"), fields, EMBED_FIELDS)
    for i, field in enumerate(fields):
        name, value = field.get("name") or "", field.get("value") or ""
        f.length((*at, "fields", i, "name"), name, FIELD_NAME, 1)
        f.length((*at, "fields", i, "value"), value, FIELD_VALUE, 1)
        total += len(name) + len(value)
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    f.length((*at, "footer", "text"), footer, FOOTER_TEXT)
    f.length((*at, "author", "name"), author, AUTHOR_NAME)
    return total + len(footer) + len(author)


# -------------------------------------------------------------------------------- components
def components(rows: list[dict[str, Any]], flags: int = 0) -> list[Violation]:
    f = _Found()
    _components(f, ("components",), rows, flags)
    return f.violations


def _components(f: _Found, at: Path, rows: list[dict[str, Any]], flags: int) -> None:
    if not flags & COMPONENTS_V2:  # (layout components: only their custom ids are checked)
        f.count(at, rows, ACTION_ROWS)
        for r, row in enumerate(rows):
            _row(f, (*at, r), row)
    seen: set[str] = set()
    for c in walk(rows):
        cid = c.get("custom_id")
        if cid is None:
            continue
        if not 1 <= len(cid) <= CUSTOM_ID:
            f.add(at, "BASE_TYPE_BAD_LENGTH", f"custom_id {cid[:40]!r}…: length {len(cid)}")
        if cid in seen:
            f.add(at, "COMPONENT_CUSTOM_ID_DUPLICATED", f"custom_id {cid!r} is used twice")
        seen.add(cid)


def _row(f: _Found, at: Path, row: dict[str, Any]) -> None:
    if row.get("type") != 1:
        f.add((*at, "type"), "UNION_TYPE_CHOICES", "Must be an action row (type 1).")
        return
    items = row.get("components") or []
    f.count((*at, "components"), items, ROW_ITEMS, 1)
    if any(c.get("type") in SELECTS for c in items) and len(items) > 1:
        f.add(
            (*at, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width (a select menu is alone).",
        )
    for i, c in enumerate(items):
        where = (*at, "components", i)
        f.length((*where, "placeholder"), c.get("placeholder"), PLACEHOLDER)
        if c.get("type") == 2:
            _button(f, where, c)
        elif c.get("type") == 3:
            _select(f, where, c)


def _button(f: _Found, at: Path, c: dict[str, Any]) -> None:
    f.length((*at, "label"), c.get("label"), BUTTON_LABEL)
    if not c.get("label") and not c.get("emoji"):
        f.add(at, "BUTTON_COMPONENT_INVALID", "A button needs a label or an emoji.")
    if c.get("style") == 5:
        f.length((*at, "url"), c.get("url"), BUTTON_URL, 1)
        if not c.get("url") or "custom_id" in c:
            f.add(at, "BUTTON_COMPONENT_INVALID", "A link button needs a url and no custom_id.")
    elif c.get("style") != 6 and not c.get("custom_id"):
        f.add((*at, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")


def _select(f: _Found, at: Path, c: dict[str, Any]) -> None:
    options = c.get("options") or []
    f.count((*at, "options"), options, SELECT_OPTIONS, 1)
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        f.add((*at, "options"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Duplicate values.")
    for k, o in enumerate(options):
        f.length((*at, "options", k, "label"), o.get("label") or "", OPTION_TEXT, 1)
        f.length((*at, "options", k, "value"), o.get("value") or "", OPTION_TEXT, 1)
        f.length((*at, "options", k, "description"), o.get("description"), OPTION_TEXT)
    lo, hi = c.get("min_values", 1), c.get("max_values", 1)
    if not 0 <= lo <= hi <= max(1, len(options)):
        f.add(at, "NUMBER_TYPE_OUT_OF_RANGE", f"min/max values {lo}/{hi} out of range")


def walk(components: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    """Every component, nested ones (rows, sections, containers) included."""
    for c in components:
        yield c
        yield from walk(c.get("components") or [])
        accessory = c.get("accessory")
        if accessory:
            yield accessory


# ------------------------------------------------------------------------------ interactions
def callback(body: dict[str, Any], files: Sequence[tuple[str, bytes]] = ()) -> list[Violation]:
    """An interaction response (POST /interactions/{id}/{token}/callback)."""
    f = _Found()
    kind, data = int(body.get("type", 0)), body.get("data") or {}
    if kind in (4, 7):
        _message(f, ("data",), data, files)
    elif kind == 8:
        _choices(f, ("data", "choices"), data.get("choices") or [])
    elif kind == 9:
        _modal(f, ("data",), data)
    return f.violations


def autocomplete(choices: list[dict[str, Any]]) -> list[Violation]:
    f = _Found()
    _choices(f, ("choices",), choices)
    return f.violations


def _choices(f: _Found, at: Path, choices: list[dict[str, Any]]) -> None:
    f.count(at, choices, CHOICES)
    for i, c in enumerate(choices):
        f.length((*at, i, "name"), c.get("name") or "", CHOICE_NAME, 1)
        if isinstance(c.get("value"), str):
            f.length((*at, i, "value"), c["value"], CHOICE_VALUE)


def _modal(f: _Found, at: Path, data: dict[str, Any]) -> None:
    f.length((*at, "title"), data.get("title") or "", MODAL_TITLE, 1)
    f.length((*at, "custom_id"), data.get("custom_id") or "", CUSTOM_ID, 1)
    rows = data.get("components") or []
    f.count((*at, "components"), rows, ACTION_ROWS, 1)
    for r, row in enumerate(rows):
        items = row.get("components") or ([row.get("component")] if row.get("component") else [])
        for i, c in enumerate(items):
            where = (*at, "components", r, "components", i)
            f.length((*where, "custom_id"), c.get("custom_id") or "", CUSTOM_ID, 1)
            if c.get("type") != 4:
                continue
            f.length((*where, "label"), c.get("label"), TEXT_INPUT_LABEL, 1)
            f.length((*where, "placeholder"), c.get("placeholder"), TEXT_INPUT_PLACEHOLDER)
            f.length((*where, "value"), c.get("value"), TEXT_INPUT_VALUE)
            f.number((*where, "min_length"), c.get("min_length"), 0, TEXT_INPUT_VALUE)
            f.number((*where, "max_length"), c.get("max_length"), 1, TEXT_INPUT_VALUE)


# -------------------------------------------------------------------------- slash commands
def commands(bodies: list[dict[str, Any]]) -> list[Violation]:
    """A bulk overwrite of application commands (PUT .../commands)."""
    f = _Found()
    for n, body in enumerate(bodies):
        _command(f, (n,), body)
    return f.violations


def command(body: dict[str, Any]) -> list[Violation]:
    f = _Found()
    _command(f, (), body)
    return f.violations


def _command(f: _Found, at: Path, body: dict[str, Any]) -> None:
    name = str(body.get("name") or "")
    if not COMMAND_NAME_RX.match(name) or (body.get("type", 1) == 1 and name != name.lower()):
        f.add((*at, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"Invalid name {name!r}.")
    if body.get("type", 1) == 1:
        f.length((*at, "description"), body.get("description") or "", COMMAND_DESCRIPTION, 1)
    total = _options(f, (*at, "options"), body.get("options") or [])
    total += len(name) + len(body.get("description") or "")
    if total > COMMAND_TOTAL:
        f.add(at, "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({total}).")


def _options(f: _Found, at: Path, options: list[dict[str, Any]]) -> int:
    """Check a command's options; the characters they count toward the command's 4,000."""
    f.count(at, options, COMMAND_OPTIONS)
    total = 0
    seen_optional = False
    for i, o in enumerate(options):
        where = (*at, i)
        name = str(o.get("name") or "")
        if not COMMAND_NAME_RX.match(name) or name != name.lower():
            f.add((*where, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"Invalid name {name!r}.")
        f.length((*where, "description"), o.get("description") or "", COMMAND_DESCRIPTION, 1)
        total += len(name) + len(o.get("description") or "")
        if o.get("type") in (1, 2):
            total += _options(f, (*where, "options"), o.get("options") or [])
            continue
        if o.get("required"):
            if seen_optional:
                f.add(
                    where,
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required after optional.",
                )
        else:
            seen_optional = True
        choices = o.get("choices") or []
        if choices and o.get("autocomplete"):
            f.add(where, "AUTOCOMPLETE_CHOICES", "Autocomplete options cannot have choices.")
        _choices(f, (*where, "choices"), choices)
        total += sum(len(str(c.get("name"))) + len(str(c.get("value"))) for c in choices)
        f.number((*where, "min_length"), o.get("min_length"), 0, STRING_OPTION_LENGTH)
        f.number((*where, "max_length"), o.get("max_length"), 1, STRING_OPTION_LENGTH)
    return total


# ------------------------------------------------------------------------------- threads
def thread(body: dict[str, Any], creating: bool = True) -> list[Violation]:
    """A thread's creation or edit (its name and auto-archive duration)."""
    f = _Found()
    if creating or "name" in body:
        f.length(("name",), str(body.get("name") or ""), THREAD_NAME, 1)
    duration = body.get("auto_archive_duration")
    if duration is not None and duration not in ARCHIVE_DURATIONS:
        f.add(
            ("auto_archive_duration",),
            "BASE_TYPE_CHOICES",
            f"Value must be one of {ARCHIVE_DURATIONS}.",
        )
    return f.violations


# ------------------------------------------------------------------------------ the answer
def error_body(violations: Iterable[Violation]) -> dict[str, Any]:
    """Discord's 400 answer for these violations: `errors` nested by path (list indexes as
    string keys), `_errors` at each broken field."""
    errors: dict[str, Any] = {}
    for v in violations:
        node = errors
        for part in v.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": v.code, "message": v.message})
    return {"message": "Invalid Form Body", "code": INVALID_FORM_BODY, "errors": errors}
