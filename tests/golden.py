"""Golden play-throughs: a seeded game's full event log is committed; a rule change must update it
on purpose: COACHGYM_UPDATE_GOLDEN=1 python -m pytest <the test file>."""

from __future__ import annotations

import json
import os
from pathlib import Path


def check_golden(path: Path, record: dict) -> None:
    """``record`` (``events`` and any other keys) against the committed file, event by event."""
    if os.environ.get("COACHGYM_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(json.dumps(record, indent=1) + "\n")
    expected = json.loads(path.read_text())
    assert record.get("final_score") == expected.get("final_score")
    for i, (got, want) in enumerate(zip(record["events"], expected["events"])):
        assert got == want, f"event {i} differs"
    assert len(record["events"]) == len(expected["events"])
    for key in set(record) & set(expected) - {"events"}:
        assert record[key] == expected[key], key
