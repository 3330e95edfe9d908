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


def test_a_value_with_commas_is_suggested_and_kept_while_typed():
    from engine.mombasa import TITLE as MOMBASA

    values = [v for _, v in option_suggestions(MOMBASA, "tracks")]
    assert values == ["tracks=random", "tracks=fixed", "tracks=A1,B2,C2,D1"]
    got = option_suggestions(MOMBASA, "tracks=A2,B1")  # the comma is part of the deal
    assert [v for _, v in got] == ["tracks=A2,B1"] and "Track deal" in got[0][0]
    assert option_suggestions(_Opts(), "short_game=on, x") == []  # no option starts `x`
