"""Drafts: the steps of a move a seat has taken but not completed (menu navigation).

A draft is not a game action: nothing is logged, no version changes, nobody else can see it.
It lives in memory, bound to the seat's top-level prompt: when that prompt changes (the game
moved on), the draft is dropped. After a restart drafts are gone, and the next press is
answered with the fresh menu and a word saying so."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from engine.core import IllegalAction, Prompt, Title


def fingerprint(prompt: Prompt) -> str:
    """Six hex digits that change whenever the prompt (seat, text or choices) changes."""
    raw = "\x00".join([str(prompt.seat), prompt.text, *(c.id for c in prompt.choices)])
    return hashlib.blake2b(raw.encode(), digest_size=3).hexdigest()


@dataclass(frozen=True)
class Draft:
    top: str  # fingerprint of the seat's top-level prompt the steps started from
    steps: tuple[str, ...]
    #: The menu the steps lead to, and the game version it was worked out at: a game's state
    #: changes only with its version, so at that version the menu is this one (no rules call).
    prompt: Prompt | None = None
    version: int | None = None


@dataclass(frozen=True)
class Position:
    """Where a seat stands: its top-level prompt, its draft steps and the menu they lead to."""

    top: Prompt
    steps: tuple[str, ...]
    prompt: Prompt
    #: The draft this seat had could not be kept (the game moved on): it starts over.
    reset: bool = False


class Drafts:
    def __init__(self) -> None:
        self._items: dict[tuple[int, int], Draft] = {}

    def position(
        self,
        title: Title,
        state: Any,
        game_id: int,
        seat: int,
        prompts: list[Prompt] | None = None,
        version: int | None = None,
    ) -> Position | None:
        """The seat's menu now (None: it has nothing to decide). `prompts`: the state's, when
        known (a seat's top-level menu is its prompt: the engine contract); `version`: the
        game's, when known (a draft's menu worked out at it is used as it is)."""
        if prompts is None:
            top = title.choices(state, seat, ())
        else:
            top = next((p for p in prompts if p.seat == seat), None)
        if top is None:
            self._items.pop((game_id, seat), None)
            return None
        draft = self._items.get((game_id, seat))
        if draft is None or not draft.steps:
            return Position(top, (), top)
        if version is not None and draft.version == version and draft.prompt is not None:
            return Position(top, draft.steps, draft.prompt)
        if draft.top == fingerprint(top):
            try:
                prompt = title.choices(state, seat, draft.steps)
            except IllegalAction:
                prompt = None
            if prompt is not None:
                return Position(top, draft.steps, prompt)
        self._items.pop((game_id, seat), None)
        return Position(top, (), top, reset=True)

    def set(
        self,
        game_id: int,
        seat: int,
        top: Prompt,
        steps: tuple[str, ...],
        prompt: Prompt | None = None,
        version: int | None = None,
    ) -> None:
        """The seat's draft: `steps` from `top`; `prompt`, the menu they lead to at the game's
        `version`, when known."""
        if steps:
            self._items[(game_id, seat)] = Draft(fingerprint(top), steps, prompt, version)
        else:
            self._items.pop((game_id, seat), None)

    def clear(self, game_id: int, seat: int | None = None) -> None:
        if seat is not None:
            self._items.pop((game_id, seat), None)
            return
        for key in [k for k in self._items if k[0] == game_id]:
            del self._items[key]
