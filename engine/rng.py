"""The game's own seeded generator: its whole state is one integer kept inside the game state.

SplitMix64 is small, fast and reproducible on every platform; no module-level `random` and no
wall clock ever reach a rule.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng(msgspec.Struct):
    """A SplitMix64 generator. Store it in the state; call its methods only inside setup/apply."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if not 0 < n <= 1 << 64:
            raise ValueError("below() needs a bound between 1 and 2**64")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Rng:
        """A generator derived from this one and a salt, leaving this one untouched.
        Every salt (0 included) gives a stream different from the parent's."""
        mixer = Rng.from_seed(salt)
        return Rng.from_seed(self.state ^ mixer.next64())
