"""Every non-withdrawn checklist rule of the spec (R1..R205, section 1 and the section 25
rulings) is named by at least one test function (`test_R92_...`, `test_R29_R30_R31_...`)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
SPEC = Path("/work/shared/rules/mombasa.md")
#: the checklist as of the spec this engine implements (used when the spec file is not at hand)
KNOWN_LAST_ID = 205
RULE_LINE = re.compile(r"^- \*\*R(\d+)\*\*(.*)$", re.M)


def spec_rules() -> tuple[set[int], set[int]]:
    """(all rule ids, withdrawn ids) from the spec's checklist lines ``- **R12** ...``."""
    if not SPEC.exists():
        return set(range(1, KNOWN_LAST_ID + 1)), set()
    ids: set[int] = set()
    withdrawn: set[int] = set()
    for m in RULE_LINE.finditer(SPEC.read_text(encoding="utf-8")):
        n = int(m.group(1))
        ids.add(n)
        if "withdrawn" in m.group(2).lower():
            withdrawn.add(n)
    return ids, withdrawn


def named_rules() -> set[int]:
    named: set[int] = set()
    for path in HERE.glob("test_*.py"):
        for name in re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            named.update(int(x) for x in re.findall(r"(?<=_R)(\d+)(?=_)", name + "_"))
    return named


def test_spec_checklist_is_parsed() -> None:
    ids, _ = spec_rules()
    assert ids >= set(range(1, KNOWN_LAST_ID + 1)), "spec checklist ids not found"
    assert ids == set(range(1, max(ids) + 1)), "gaps in the spec's rule numbering"


def test_every_rule_id_has_a_named_test() -> None:
    ids, withdrawn = spec_rules()
    missing = sorted(ids - withdrawn - named_rules())
    assert not missing, f"rules without a named test: {', '.join(f'R{n}' for n in missing)}"
