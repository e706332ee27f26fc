"""The W3C count is said three times (the verdict table, its heading and the README): all agree."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_and_the_heading_count_the_passes_in_the_verdict_table() -> None:
    doc = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    verdicts = re.findall(r"^\| `[^`]+` \| (pass|fail) \|", doc, flags=re.MULTILINE)
    passed, total = verdicts.count("pass"), len(verdicts)
    heading = re.search(r"^## Result: (\d+)/(\d+)", doc, flags=re.MULTILINE)
    assert heading is not None
    assert (int(heading[1]), int(heading[2])) == (passed, total)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"tests, {passed} of the {total} rendering tests" in readme
