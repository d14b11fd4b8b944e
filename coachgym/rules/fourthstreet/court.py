"""The court: zones, location grids, pass/drive movement, zone alignments, charts (data files)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((_DATA / name).read_text())
    return data


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



def _token_pairs() -> tuple[tuple[str, str], ...]:
    """Zone pairs one token may cover ("Players are capable of covering 2 zones at a time"; "the
    tokens can't quite straddle two Level 3 zones"): two neighbouring zones of Level 1 or Level 2, or
    a zone and one a level closer to the basket that a pass or drive from it reaches (forward, left,
    right). Ordered Level 1 first, then left to right."""
    pairs: set[tuple[str, str]] = set()  # (zone names, court.json)
    for lv in (1, 2):
        row = LEVELS[lv]
        pairs.update((row[i], row[i + 1]) for i in range(len(row) - 1))
    for lv in (2, 3):
        for z in LEVELS[lv]:
            for lat in (-1, 0, 1):
                to = FORWARD[z]
                row = LEVELS[int(to[0])]
                j = row.index(to) + lat
                if 0 <= j < len(row):
                    pairs.add((row[j], z))
    return tuple(sorted(pairs))


TOKEN_PAIRS = _token_pairs()
_CUSTOM_COVER: dict[tuple[int, ...], dict[str, tuple[int, ...]]] = {}


def custom_cover(tokens: list[int] | tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """Zone -> tokens covering it for a placement ``tokens[k]`` = index into TOKEN_PAIRS of token k+1."""
    key = tuple(tokens)
    c = _CUSTOM_COVER.get(key)
    if c is None:
        c = _CUSTOM_COVER[key] = {z: tuple(t + 1 for t, p in enumerate(key) if p >= 0 and z in TOKEN_PAIRS[p])
                                  for lv in LEVELS.values() for z in lv}
    return c


INJURY_ROWS = _load("injury_chart.json")["rows"]
WEIRD = {int(k): v for k, v in _load("weird_plays.json")["white"].items()}
SEASON = _load("season_1980_nba.json")


def _penalty_levels(season: dict[str, Any]) -> tuple[tuple[int, int, int, int, int, str, str], ...]:
    """Season Rules, "bonus or double-bonus" (Shots): (team fouls before, overtime team fouls before,
    late-period fouls before, attempts, to make, name, text) for each level, lowest first."""
    out = []
    for k, lv in enumerate(season["penalty_levels"]):
        if not 1 <= lv["to_make"] <= lv["attempts"]:
            raise ValueError(f"season_1980_nba.json: penalty_levels[{k}]: need 1 <= to_make <= attempts")
        out.append((lv["team_fouls_before"], lv["overtime_team_fouls_before"], lv["late_period_fouls_before"],
                    lv["attempts"], lv["to_make"], lv["name"], lv["text"]))
    return tuple(out)


PENALTY_LEVELS = _penalty_levels(SEASON)


def level(zone: str) -> int:
    return ord(zone[0]) - 48


def location(grid: int, orange: int, black: int) -> str:
    zone: str = LOCATION[grid][(black - 1) * 6 + orange - 1]
    return zone


def move(zone: str, lateral: int, press_pass: bool = False) -> str:
    """Zone after a pass/drive: one level forward (Level 3 passes against the press go to Level 1),
    then ``lateral`` zones left (-1) or right (+1) within the new level, clamped at the sideline."""
    if press_pass and zone[0] == "3":
        fwd: str = PRESS_FORWARD[zone]
    else:
        fwd = FORWARD.get(zone, zone)
    if lateral:
        row = LEVELS[level(fwd)]
        i = row.index(fwd) + lateral
        fwd = row[0 if i < 0 else len(row) - 1 if i >= len(row) else i]
    return fwd


def injury_row(total: int) -> dict[str, Any]:
    for row in INJURY_ROWS:
        if row["min"] <= total <= row["max"]:
            found: dict[str, Any] = row
            return found
    raise ValueError(total)  # pragma: no cover - rows cover every integer
