"""The behavioural switches of section 21.14 and the section 21.4 track rules: a value the
engine does not implement is refused at load time."""

from __future__ import annotations

from typing import Any

from engine.mombasa.data_checks import check, fail

#: Section 21.14: the values the engine implements, per switch (dotted path for nested keys).
SUPPORTED_SWITCHES: dict[str, tuple[Any, ...]] = {
    "seat_order": ("host_random",),  # R190
    "track_assignment": ("random", "fixed"),  # R55, R197, R199 (host option)
    "starting_tile_choice": ("one_of_two_dealt_random_faces",),
    "locked_start_cards_to_slots": ([2, 3, 4],),
    "plan_editable_until_confirmed": (True,),
    "held_bonus_tile_in_planning": ("mandatory",),
    "face_down_cards_count_in_action_area": (True,),
    "passed_players_action_area_counts": (True,),
    "cleanup_timing": ("preparation_phase",),
    "auto_pass_when_only_legal_action": (True,),
    "max_purchases_per_goods_action": (1,),
    "bought_card_destination": ("hand",),
    "bought_card_space_refilled": ("preparation_phase",),
    "goods_split_over_tracks": ("declared_up_front_no_reallocation",),
    "mixed_goods_requires_goods_discount_and_purchase": (True,),
    "single_good_discount_requires_all_used_goods_of_that_type": (True,),
    "capital_call_payment": ("automatic_when_affordable",),
    "fixed_distance_moves": ("as_far_as_possible",),
    "multiple_special_spaces": ("in_order_reached",),
    "reward_resolution_order": (["pounds", "bookkeeping", "diamonds", "track"],),
    "expansion_min_posts": (1,),
    "expansion_sources_include_posts_placed_this_action": (True,),
    "expansion_cost": ("cheapest_qualifying_border",),
    "displaced_post_column_chosen_by": ("active_player",),
    "ink_jar_max_positions_per_action": ("unlimited",),
    "ink_jar_reward_requires_movement": (True,),
    "book_flip_only_if_requirement_unmet": (True,),
    "book_display_empty_row": ("refill_immediately_from_supply",),
    "bookkeeping_overflow_trigger": ("no_empty_book_position",),
    "bonus_space_capacity_per_round": (1,),
    "bonus_marker_placement_legal_if": ("requirement_can_be_met",),
    "majority_rule": ("strictly_more_than_each_other_player_and_at_least_1",),
    "pile_pickup_may_be_empty": (True,),
    "hand_limit": ("none",),
    "share_card_value": ("plus_1_share",),
    "forced_defaults.planning": ("automatic_player_plan",),  # R189, R205
    "forced_defaults.pile_pickup": ("largest_pile_then_lowest_slot",),
    "forced_defaults.starting_tile": ("first_dealt",),
    "forced_defaults.return_column": ("fewest_coins_lost_then_lowest_column",),
    "forced_defaults.turn": ("pass",),
}

#: Section 21.4 `rules:` entries, all with one supported value.
SUPPORTED_TRACK_RULES: dict[str, Any] = {
    "unlock_effective": "next_turn_of_that_player",
    "pending_unlocks_count_for_anyone": False,
    "first_second_cumulative": False,
    "extra_spaces_per_track_per_round": 1,
    "cotton_pair_both_active_on_cotton_purchase": "apply_better_of_the_two",
}


def check_switches(raw: dict[str, Any]) -> dict[str, Any]:
    """The flattened `design_rulings` (dotted keys), each checked against `SUPPORTED_SWITCHES`."""
    sw = raw.get("design_rulings")
    if not isinstance(sw, dict):
        fail("design_rulings (section 21.14) is missing")
    flat: dict[str, Any] = {}
    for k, v in sw.items():
        if isinstance(v, dict):
            for k2, v2 in v.items():
                flat[f"{k}.{k2}"] = v2
        else:
            flat[k] = v
    for key in flat:
        check(key in SUPPORTED_SWITCHES, f"design_rulings.{key} is not a switch this engine knows")
    for key, allowed in SUPPORTED_SWITCHES.items():
        check(key in flat, f"design_rulings.{key} is missing")
        check(
            flat[key] in allowed,
            f"design_rulings.{key} = {flat[key]!r} is not supported by this engine "
            f"(supported: {', '.join(repr(a) for a in allowed)})",
        )
    rules = raw.get("rules", {})
    for key, value in SUPPORTED_TRACK_RULES.items():
        check(
            rules.get(key) == value,
            f"rules.{key} = {rules.get(key)!r} is not supported by this engine (supported: {value!r})",
        )
    return flat
