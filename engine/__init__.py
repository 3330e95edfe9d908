"""Pure rules for Boardroom's titles: no Discord, no database, no Pillow."""

from engine.core import (
    Choice,
    Event,
    IllegalAction,
    OptionSpec,
    Prompt,
    Result,
    Title,
)
from engine.rng import Rng

__all__ = [
    "Choice",
    "Event",
    "IllegalAction",
    "OptionSpec",
    "Prompt",
    "Result",
    "Rng",
    "Title",
]
