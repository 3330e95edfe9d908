"""Game options as typed by a host (`rounds=2, variant=on`), validated against the title.

Options are `name=value` pairs separated by commas (or semicolons). A piece without `=`
continues the value before it, so a value may itself hold commas: `tracks=A1,B2,C2,D1, x=y`
is `tracks` = `A1,B2,C2,D1` and `x` = `y`."""

from __future__ import annotations

from bot.errors import ServiceError
from engine.core import IllegalAction, Title


def split_options(raw: str) -> list[tuple[str, str]]:
    """`"tracks=A1, B2, x=y"` -> [("tracks", "A1,B2"), ("x", "y")] (stripped, in order; a
    value's own commas kept without spaces). ServiceError when the text starts without a name."""
    pairs: list[tuple[str, str]] = []
    for part in raw.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if sep:
            pairs.append((key.strip(), value.strip()))
        elif pairs:
            key, before = pairs[-1]
            pairs[-1] = (key, f"{before},{part.strip()}")
        else:
            raise ServiceError(f"Options look like `name=value`; I couldn't read `{part.strip()}`.")
    return pairs


def parse_options(title: Title, raw: str | dict[str, str] | None) -> dict[str, str]:
    """`"rounds=2, variant=on"` -> validated dict with every option set (defaults filled in)."""
    given: dict[str, str] = {}
    if isinstance(raw, dict):
        given = {str(k).strip(): str(v).strip() for k, v in raw.items()}
    elif raw and raw.strip():
        given = dict(split_options(raw))
    specs = {o.name: o for o in title.options}
    for key, value in given.items():
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise ServiceError(f"{title.name} has no option `{key}`. Its options: {known}.")
        if value in spec.choices:
            continue
        if not spec.example:
            raise ServiceError(
                f"`{key}` can be {', '.join(spec.choices)}; `{value}` is not one of them."
            )
        try:
            given[key] = title.check_option(key, value)
        except IllegalAction as exc:
            raise ServiceError(str(exc)) from None
    return {o.name: given.get(o.name, o.default) for o in title.options}
