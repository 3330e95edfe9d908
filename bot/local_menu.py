"""The keys of the menus of `python -m bot.local`.

A choice that comes back from menu to menu (its id a plain word: "stop", ">load", "pass",
"back") keeps the same two-letter key for the whole session, made from its label: "st" for
"Stop: end your turn here", "lo" for "Load a container ...". So "Stop" never moves from one
number to another as other choices come and go. The other choices (a card, a place, an amount:
ids with a number or a ':' part, different from menu to menu) are numbered 1, 2, ... in each
menu. The single letters u, h, r and q stay the terminal's own (undo, hand, rules, quit)."""

from __future__ import annotations

import re
from itertools import chain

from engine.core import Choice

#: The id of a recurring choice: a plain word (no number, no parameter after ':'), or a chain
#: of them ("fund&stop": engine.core.CHAIN).
RECURRING = re.compile(r"[A-Za-z>_-]+(?:&[A-Za-z>_-]+)*")
WORD = re.compile(r"[a-z]+")


class MenuKeys:
    """The session's two-letter keys, by choice id (kept once given)."""

    def __init__(self) -> None:
        self.key_of: dict[str, str] = {}
        self.given: set[str] = set()

    def keys(self, choices: list[Choice]) -> list[str]:
        """The key of each choice, in order: its two letters, or its number in this menu."""
        number = 0
        found: list[str] = []
        for choice in choices:
            key = self._letters(choice)
            if key is None:
                number += 1
                key = str(number)
            found.append(key)
        return found

    def _letters(self, choice: Choice) -> str | None:
        if not RECURRING.fullmatch(choice.id):
            return None
        key = self.key_of.get(choice.id)
        if key is None:
            key = next((k for k in _candidates(choice.label) if k not in self.given), None)
            if key is None:  # (every likely pair is taken: number it)
                return None
            self.key_of[choice.id] = key
            self.given.add(key)
        return key


def _candidates(label: str) -> list[str]:
    """Two-letter keys for a label, likeliest first: "Stop: end your turn" gives st, se, sy,
    st, so, ... (its first two letters, then its first letter and each later word's, then its
    first letter and each later letter)."""
    words = WORD.findall(label.lower())
    if not words:
        return []
    first = words[0][0]
    rest = chain((w[0] for w in words[1:]), "".join(words)[1:], "abcdefghijklmnopqrstuvwxyz")
    return list(dict.fromkeys(first + letter for letter in chain(words[0][1:2], rest)))


def describe(keys: list[str] | None) -> str:
    """What may be typed for a menu with these keys (None: any menu)."""
    if keys is None:
        return "a number or the two letters shown"
    numbers = sum(key.isdigit() for key in keys)
    letters = [key for key in keys if not key.isdigit()]
    said = []
    if numbers:
        said.append("1" if numbers == 1 else f"a number from 1 to {numbers}")
    if letters:
        said.append(letters[0] if len(letters) == 1 else "one of " + ", ".join(letters))
    return " or ".join(said) or "a key"
