"""Every checklist rule R1..R132 of the spec is named by at least one test function."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent


def test_every_rule_id_has_a_named_test() -> None:
    named: set[int] = set()
    for path in HERE.glob("test_*.py"):
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            named.update(int(x) for x in re.findall(r"(?<=_r)(\d+)(?=_)", name + "_"))
    missing = sorted(set(range(1, 133)) - named)
    assert not missing, f"rules without a named test: {missing}"
