"""Discord's limits on choices and select options (bot.discord.limits), and the autocomplete
suggestions built with them."""

from __future__ import annotations

import pytest

from bot.discord import limits
from bot.discord.choices import PACE_MAX, pace_suggestions
from bot.discord.me import zone_choices


def assert_valid(choices: list) -> None:
    """What Discord takes in an autocomplete answer."""
    assert len(choices) <= limits.CHOICES_MAX
    for c in choices:
        assert 1 <= len(c.name) <= limits.CHOICE_NAME_MAX, c.name
        assert 1 <= len(c.value) <= limits.CHOICE_VALUE_MAX, c.value


def test_cut_keeps_what_fits_and_marks_what_it_cuts() -> None:
    assert limits.cut("x" * 100, 100) == "x" * 100
    assert limits.cut("word " * 30, 100) == ("word " * 20).rstrip() + "…"
    assert len(limits.cut("y" * 101, 100)) == 100


def test_a_name_is_cut_and_never_empty() -> None:
    assert limits.name("n" * 150) == "n" * 99 + "…"
    assert limits.name("") == "…"
    assert len(limits.name("b" * 90, limits.BUTTON_LABEL_MAX)) == limits.BUTTON_LABEL_MAX


def test_a_value_is_never_cut() -> None:
    assert limits.value("v" * 100) == "v" * 100
    for bad in ("", "v" * 101):
        with pytest.raises(ValueError):
            limits.value(bad)
    with pytest.raises(ValueError):
        limits.choice("name", "v" * 101)
    with pytest.raises(ValueError):  # (a select's value is read back: checked when built)
        limits.option("label", "v" * 101)


def test_a_select_option_cuts_its_label_and_description() -> None:
    option = limits.option("L" * 300, "c:1", "D" * 300).to_dict()
    assert option["value"] == "c:1"
    assert len(option["label"]) == limits.OPTION_LABEL_MAX
    assert len(option["description"]) == limits.OPTION_DESC_MAX
    assert "description" not in limits.option("L", "c:1", None).to_dict()


def test_suggestions_leave_out_values_that_do_not_fit() -> None:
    pairs = [("long " * 40, "a"), ("too long", "b" * 101), *((f"n{i}", f"v{i}") for i in range(30))]
    got = limits.suggestions(pairs)
    assert_valid(got)
    assert [c.value for c in got[:2]] == ["a", "v0"]
    assert len(got) == limits.CHOICES_MAX


@pytest.mark.parametrize("typed", ["custom:" + "9" * 193, "CUSTOM:" + "1/" * 96 + "1", "x" * 200])
def test_pace_autocomplete_of_a_long_text_offers_only_valid_choices(typed: str) -> None:
    got = pace_suggestions(typed)
    assert_valid(got)
    assert [c.value for c in got] == ["custom:48/12/72"]  # the example, not the text typed


def test_pace_autocomplete_echoes_a_custom_pace_that_fits() -> None:
    typed = "custom:" + "1" * (PACE_MAX - len("custom:"))
    assert [c.value for c in pace_suggestions(typed)] == [typed]
    assert [c.value for c in pace_suggestions("da")] == ["daily", "custom:48/12/72"]


def test_zone_autocomplete_offers_valid_choices() -> None:
    assert_valid(zone_choices(""))
    assert_valid(zone_choices("america/" + "x" * 200))
