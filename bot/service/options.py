"""Game options as typed by a host (`rounds=2, variant=on`), validated against the title."""

from __future__ import annotations

from bot.errors import ServiceError
from engine.core import Title


def parse_options(title: Title, raw: str | dict[str, str] | None) -> dict[str, str]:
    """`"rounds=2, variant=on"` -> validated dict with every option set (defaults filled in)."""
    given: dict[str, str] = {}
    if isinstance(raw, dict):
        given = {str(k).strip(): str(v).strip() for k, v in raw.items()}
    elif raw and raw.strip():
        for part in raw.replace(";", ",").split(","):
            if not part.strip():
                continue
            key, sep, value = part.partition("=")
            if not sep:
                raise ServiceError(
                    f"Options look like `name=value`; I couldn't read `{part.strip()}`."
                )
            given[key.strip()] = value.strip()
    specs = {o.name: o for o in title.options}
    for key, value in given.items():
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(specs) or "none"
            raise ServiceError(f"{title.name} has no option `{key}`. Its options: {known}.")
        if value not in spec.choices:
            raise ServiceError(
                f"`{key}` can be {', '.join(spec.choices)}; `{value}` is not one of them."
            )
    return {o.name: given.get(o.name, o.default) for o in title.options}
