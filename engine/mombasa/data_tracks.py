"""Validation of the company track sides (R1, R9, R10, R202) and the player-board tracks
(diamonds, bookkeeping) of the Mombasa data."""

from __future__ import annotations

from typing import Any

from engine.mombasa.data_checks import BOOK_LETTERS, D2_PAIR, FAMILY_BY_LETTER, LETTERS, check
from engine.mombasa.data_types import CapitalCall, Milestone, PlayerTrack, SpecialSpace, TrackSide


def track_sides(raw: dict[str, Any], pairs: dict[str, Any]) -> dict[str, TrackSide]:
    """The eight track sides, validated against the skeleton and the bonus pairs."""
    first, last, icons = _skeleton(raw)
    sides_raw = raw["track_sides"]
    expected = [f"{letter}{n}" for letter in LETTERS for n in (1, 2)]
    check(
        sorted(sides_raw) == expected,
        f"track_sides must be exactly {expected}, got {sorted(sides_raw)}",
    )
    out: dict[str, TrackSide] = {}
    for sid in expected:
        s = sides_raw[sid]
        letter = sid[0]
        calls = _capital_calls(sid, s, first, last)
        specials = _special_spaces(sid, s, first, last)
        fam, pair = _family_and_pair(sid, s, pairs)
        out[sid] = TrackSide(sid, letter, fam, pair, first, last, icons, calls, specials)
    check(out["D2"].bonus_pair == D2_PAIR, f"side D2 must carry {D2_PAIR!r} (R202)")
    used = [s.bonus_pair for s in out.values()]
    check(len(set(used)) == 8, "every side must carry its own bonus pair")
    return out


def _skeleton(raw: dict[str, Any]) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """The first and last space every side shares, and its share icons (space, shares)."""
    sk = raw["track_skeleton"]
    first, last = int(sk["first_space"]), int(sk["last_space"])
    check(first == 0 and last > 0, f"track_skeleton: spaces must run 0..last, got {first}..{last}")
    icons = tuple(sorted((int(k), int(v)) for k, v in sk["share_icons"].items()))
    for sp, sh in icons:
        check(first <= sp <= last, f"track_skeleton.share_icons: space {sp} is off the track")
        check(sh > 0, f"track_skeleton.share_icons: shares on space {sp} must be positive")
    check(
        all(icons[i][1] < icons[i + 1][1] for i in range(len(icons) - 1)),
        "track_skeleton.share_icons: shares must rise along the track",
    )
    return first, last, icons


def _capital_calls(sid: str, s: dict[str, Any], first: int, last: int) -> tuple[CapitalCall, ...]:
    calls = tuple(CapitalCall(int(c["before"]), int(c["pounds"])) for c in s["capital_calls"])
    check(
        1 <= len(calls) <= 2,
        f"track side {sid}: needs 1 or 2 capital calls, has {len(calls)} (R1)",
    )
    for c in calls:
        check(
            first < c.before <= last,
            f"track side {sid}: capital call before {c.before} is off the track",
        )
        check(c.pounds > 0, f"track side {sid}: capital call before {c.before} costs {c.pounds}")
    check(
        len({c.before for c in calls}) == len(calls),
        f"track side {sid}: two capital calls at one place",
    )
    return calls


def _special_spaces(sid: str, s: dict[str, Any], first: int, last: int) -> tuple[SpecialSpace, ...]:
    spaces = sorted(s["special_spaces"], key=lambda x: x["space"])
    check(
        len(spaces) == 2,
        f"track side {sid}: needs exactly 2 special spaces, has {len(spaces)} (R9)",
    )
    specials = tuple(
        SpecialSpace(i, int(x["space"]), int(x["pounds"])) for i, x in enumerate(spaces)
    )
    for x in specials:
        check(
            first < x.space <= last,
            f"track side {sid}: special space {x.space} is off the track",
        )
        check(
            x.pounds in (1, 2),
            f"track side {sid}: special space {x.space} pays {x.pounds}, not 1 or 2 (R10)",
        )
    check(
        specials[0].space != specials[1].space,
        f"track side {sid}: both special spaces on one space",
    )
    return specials


def _family_and_pair(sid: str, s: dict[str, Any], pairs: dict[str, Any]) -> tuple[str, str]:
    """The side's family (from its letter) and its bonus pair, whose bonuses the family needs."""
    letter = sid[0]
    fam = s["family"]
    check(
        fam == FAMILY_BY_LETTER[letter],
        f"track side {sid}: family {fam!r} does not match letter {letter} "
        f"(must be {FAMILY_BY_LETTER[letter]!r}, R20/R21/R202)",
    )
    pair = s["bonus_pair"]
    check(pair in pairs, f"track side {sid}: unknown bonus_pair {pair!r}")
    want = "permanent" if fam == "permanent" else "extra_space"
    for part in ("first", "second"):
        check(
            pairs[pair][part]["type"] == want,
            f"track side {sid}: bonus pair {pair!r} {part} is {pairs[pair][part]['type']!r}, "
            f"family {fam!r} needs {want!r} (R202)",
        )
    if pair == D2_PAIR:
        check(sid == "D2", f"bonus pair {D2_PAIR!r} names track D2 but lies on {sid} (R202)")
    return fam, pair


def player_tracks(
    raw: dict[str, Any], unlocked: tuple[int, ...]
) -> tuple[PlayerTrack, PlayerTrack]:
    """The diamond and bookkeeping tracks of the player boards, with their milestones (R76)."""
    dt = raw["diamond_track"]
    dlast = int(dt["last_position"])
    check(
        len(dt["end_value"]) == dlast + 1,
        f"diamond_track.end_value has {len(dt['end_value'])} entries, needs {dlast + 1}",
    )
    diamond = PlayerTrack(
        dlast,
        tuple(dt["end_value"]),
        tuple(
            Milestone(m["position"], m["effect"], m.get("slot", 0), m.get("amount", 0))
            for m in dt["milestones"]
        ),
        int(dt["overflow"]["pounds_per_step"]),
        {},
    )
    kt = raw["bookkeeping_track"]
    n = int(kt["positions"])
    letters = {int(k): v for k, v in kt["space_letters"].items()}
    check(
        sorted(letters) == list(range(1, n)),
        f"bookkeeping_track.space_letters must cover 1..{n - 1}",
    )
    check(letters[1] == "START_TILE", "bookkeeping position 1 must be START_TILE (R65)")
    check(
        all(v in BOOK_LETTERS for k, v in letters.items() if k > 1),
        "bookkeeping letters must be A, B or C",
    )
    check(
        len(kt["end_value"]) == n,
        f"bookkeeping_track.end_value has {len(kt['end_value'])} entries, needs {n}",
    )
    bookkeeping = PlayerTrack(
        n - 1,
        tuple(kt["end_value"]),
        tuple(
            Milestone(m["position"], m["effect"], m.get("slot", 0), m.get("amount", 0))
            for m in kt["milestones"]
        ),
        int(kt["overflow"]["pounds_per_bookkeeping_point"]),
        letters,
    )
    for tr, name in ((diamond, "diamond_track"), (bookkeeping, "bookkeeping_track")):
        check(
            all(tr.end_value[i] <= tr.end_value[i + 1] for i in range(tr.last_position)),
            f"{name}.end_value must not fall",
        )
        for m in tr.milestones:
            check(
                0 < m.position <= tr.last_position,
                f"{name}: milestone at {m.position} is off the track",
            )
            check(
                m.effect in ("unlock_action_slot", "bonus_markers_plus"),
                f"{name}: unknown milestone effect {m.effect!r}",
            )
            if m.effect == "unlock_action_slot":
                check(
                    1 <= m.slot <= 5 and m.slot not in unlocked,
                    f"{name}: milestone unlocks slot {m.slot}",
                )
    check(
        sorted(
            m.slot
            for tr in (diamond, bookkeeping)
            for m in tr.milestones
            if m.effect == "unlock_action_slot"
        )
        == [1, 5],
        "the milestones must unlock slots 1 and 5 (R76)",
    )
    return diamond, bookkeeping
