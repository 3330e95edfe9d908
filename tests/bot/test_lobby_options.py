"""Autocomplete of `/game new options:` suggests each title's own options."""

from __future__ import annotations

from bot.discord.lobby import option_suggestions
from engine.core import OptionSpec, Title


class _Opts(Title):
    slug = "opts"
    name = "Opts"
    options = [
        OptionSpec("short_game", "A shorter game", "off", ["off", "on"]),
        OptionSpec("rounds", "How many rounds", "3", ["2", "3", "4"]),
    ]


def test_empty_input_lists_every_option_value():
    values = [v for _, v in option_suggestions(_Opts(), "")]
    assert values == ["short_game=off", "short_game=on", "rounds=2", "rounds=3", "rounds=4"]


def test_typing_filters_and_labels_explain():
    got = option_suggestions(_Opts(), "short")
    assert [v for _, v in got] == ["short_game=off", "short_game=on"]
    assert got[0][0].endswith("default") and "A shorter game" in got[1][0]


def test_completes_the_last_part_and_skips_options_already_written():
    got = [v for _, v in option_suggestions(_Opts(), "short_game=on, r")]
    assert got == ["short_game=on, rounds=2", "short_game=on, rounds=3", "short_game=on, rounds=4"]
