"""Checks for a title's field-by-field state copy (the searches' `clone`): it knows every field
of every struct it copies, equals a serialisation round trip, and shares nothing mutable."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import Title


def assert_knows_every_field(fields: dict[type, str]) -> None:
    """`fields`: each struct the copy builds -> its fields, in order, as the copy knows them.
    A field added to a struct fails here until the copy handles it."""
    for cls, names in fields.items():
        assert cls.__struct_fields__ == tuple(names.split()), cls.__name__


def assert_exact_copy(
    title: Title, original: Any, copy: Any, immutable: tuple[type, ...] = ()
) -> None:
    """`copy` equals a round trip of `original` and shares no list, dict or struct with it
    (instances of `immutable` may be shared)."""
    assert copy == title.decode(title.encode(original))  # the round trip itself, not `title.copy`
    assert title.encode(copy) == title.encode(original)
    mine = _containers(original, immutable, {})
    theirs = _containers(copy, immutable, {})
    assert not mine.keys() & theirs.keys()


def _containers(x: Any, immutable: tuple[type, ...], out: dict[int, Any]) -> dict[int, Any]:
    """Every list, dict and struct inside `x`, by id."""
    if immutable and isinstance(x, immutable):
        return out
    if isinstance(x, msgspec.Struct):
        out[id(x)] = x
        for name in x.__struct_fields__:
            _containers(getattr(x, name), immutable, out)
    elif isinstance(x, list | dict):
        out[id(x)] = x
        for v in x.values() if isinstance(x, dict) else x:
            _containers(v, immutable, out)
    return out
