"""The court: zones, location grids, pass/drive movement, zone alignments, charts (data files)."""

from __future__ import annotations

import json
from pathlib import Path

_DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict:
    return json.loads((_DATA / name).read_text())


_GRIDS = _load("location_grids.json")["grids"]
# LOCATION[grid][(black-1)*6 + orange-1] -> zone ("The Location Grid": rows black, columns orange)
LOCATION = {int(k): [z for row in v for z in row] for k, v in _GRIDS.items()}
THREE_POINT_GRID = 0

_COURT = _load("court.json")
LEVELS = {int(k): v for k, v in _COURT["levels"].items()}
FORWARD = _COURT["forward"]
PRESS_FORWARD = _COURT["press_forward_from_level_3"]
KICK_OUT = {int(k): v for k, v in _COURT["kick_out_orange"].items()}

ALIGNMENTS = {name: {int(t): tuple(zs) for t, zs in a.items()} for name, a in _load("zone_alignments.json")["alignments"].items()}
# COVER[align][zone] -> tokens (1-5) covering it, ascending
COVER = {name: {z: tuple(sorted(t for t, zs in a.items() if z in zs)) for lv in LEVELS.values() for z in lv}
         for name, a in ALIGNMENTS.items()}

INJURY_ROWS = _load("injury_chart.json")["rows"]
WEIRD = {int(k): v for k, v in _load("weird_plays.json")["white"].items()}
SEASON = _load("season_1980_nba.json")


def level(zone: str) -> int:
    return ord(zone[0]) - 48


def location(grid: int, orange: int, black: int) -> str:
    return LOCATION[grid][(black - 1) * 6 + orange - 1]


def move(zone: str, lateral: int, press_pass: bool = False) -> str:
    """Zone after a pass/drive: one level forward (Level 3 passes against the press go to Level 1),
    then ``lateral`` zones left (-1) or right (+1) within the new level, clamped at the sideline."""
    if press_pass and zone[0] == "3":
        fwd = PRESS_FORWARD[zone]
    else:
        fwd = FORWARD.get(zone, zone)
    if lateral:
        row = LEVELS[level(fwd)]
        i = row.index(fwd) + lateral
        fwd = row[0 if i < 0 else len(row) - 1 if i >= len(row) else i]
    return fwd


def injury_row(total: int) -> dict:
    for row in INJURY_ROWS:
        if row["min"] <= total <= row["max"]:
            return row
    raise ValueError(total)  # pragma: no cover - rows cover every integer
