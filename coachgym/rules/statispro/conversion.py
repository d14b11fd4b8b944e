"""17 CONVERSION: player cards of the Base-8 editions on the Base-10 system (17.1-17.4), and the
pre-1979 three-point rule of 17.5 (who plays in an era without the three-point line).

A team file whose ``"cards"`` is ``"base-8"`` holds its players' cards as printed on the old cards:
FIELD GOAL, THREE POINT and FREE THROW as Base-8 numbers (two digits 1-8, e.g. ``45``), ASSIST as the
Base-8 figure (e.g. ``53``), FOUL RANGE as Base-8 FOUL #s (``[11, 16]``) and DEFENSE RATE as the old
letter grade (``"M4"``, ``"0"``, ``"P2"``). :func:`convert_team` turns it into a Base-10 team file on
load, by the printed tables (``data/conversion_17.json``); every other rating is kept as printed.
The readings of what the tables leave out are in that file and in docs/rules/statis-pro-basketball.md
("17 Conversion").
"""

from __future__ import annotations

import json
import math
import re
from importlib import resources
from typing import Any

from ...core.errors import TeamFileError

_DATA = json.loads(resources.files(__package__).joinpath("data").joinpath("conversion_17.json").read_text(encoding="utf-8"))
SHOOTING = {int(k): v for k, v in _DATA["shooting_17_1"].items()}  # 17.1 Base 8 -> Base 10
ASSISTS = [tuple(x) for x in _DATA["assists_17_2"]]  # 17.2 (Base-8 figure, ASSIST RATE), ascending
FOUL_FACTOR = _DATA["foul_range_17_3"]["factor"]  # 17.3: 100 / 64
DEFENSE = dict(_DATA["defense_17_4"])  # 17.4
CARD_FORMATS = ("base-10", "base-8")
THREE_POINT_SEASON = 1979  # 17.5: the three-point shot from the 1979-80 season


def _base8(v: Any, path: str, field: str) -> int:
    """A Base-8 rating: two digits, each 1-8 (11 .. 88)."""
    if not isinstance(v, int) or isinstance(v, bool) or not (11 <= v <= 88 and 1 <= v % 10 <= 8 and 1 <= v // 10 <= 8):
        raise TeamFileError(path, field, f"must be a Base-8 number (two digits 1-8, 11-88), got {v!r}")
    return v


def ordinal(v: int) -> int:
    """A Base-8 number 11..88 as its place 1..64 among the 64 (8 x 8) readings."""
    return (v // 10 - 1) * 8 + v % 10


def shooting(v: Any, path: str, field: str) -> int:
    """17.1: a Base-8 FIELD GOAL, THREE POINT or FREE THROW rating on the Base-10 scale."""
    rating: int = SHOOTING[_base8(v, path, field)]
    return rating


def assist(v: Any, path: str, field: str) -> int:
    """17.2: the Base-8 ASSIST figure as an ASSIST RATE (0 below the table's first entry)."""
    b = _base8(v, path, field)
    rate = 0
    for threshold, a in ASSISTS:
        if b >= threshold:
            rate = a
    return rate


def foul_range(v: Any, path: str, field: str) -> list[int]:
    """17.3: a Base-8 FOUL RANGE [first, last] on the 1-100 FOUL #s (times 100/64, renumbered so that
    ranges that did not overlap do not: first -> floor((n - 1) * 1.5625) + 1, last -> floor(n * 1.5625))."""
    if not (isinstance(v, list) and len(v) == 2):
        raise TeamFileError(path, field, f"must be [first, last] Base-8 FOUL #s, got {v!r}")
    lo, hi = (ordinal(_base8(x, path, field)) for x in v)
    if lo > hi:
        raise TeamFileError(path, field, f"first {v[0]} is after last {v[1]}")
    return [math.floor((lo - 1) * FOUL_FACTOR) + 1, math.floor(hi * FOUL_FACTOR)]


def defense(v: Any, path: str, field: str) -> int:
    """17.4: the old DEFENSE grade (M6 .. M1, 0, P1 .. P5) as a DEFENSE RATE."""
    key = str(v) if isinstance(v, (str, int)) and not isinstance(v, bool) else None
    if key not in DEFENSE:
        raise TeamFileError(path, field, f"must be one of {', '.join(DEFENSE)}, got {v!r}")
    rate: int = DEFENSE[key]
    return rate


def convert_player(d: Any, path: str, where: str) -> dict[str, Any]:
    """One Base-8 player card as a Base-10 card (17.1-17.4); the other ratings as printed."""
    if not isinstance(d, dict):
        raise TeamFileError(path, where, "a player card must be an object")
    out = dict(d)
    where = f"{where} ({d.get('name', '?')})"
    out["field_goal"] = shooting(d.get("field_goal"), path, f"{where}.field_goal")
    out["free_throw"] = shooting(d.get("free_throw"), path, f"{where}.free_throw")
    if d.get("three_point") is not None:
        out["three_point"] = shooting(d["three_point"], path, f"{where}.three_point")
    out["assist"] = assist(d.get("assist"), path, f"{where}.assist")
    if d.get("foul_range") is not None:
        out["foul_range"] = foul_range(d["foul_range"], path, f"{where}.foul_range")
    out["defense"] = defense(d.get("defense"), path, f"{where}.defense")
    out["base8"] = {k: d[k] for k in ("field_goal", "three_point", "free_throw", "assist", "foul_range", "defense")
                    if d.get(k) is not None}  # the printed Base-8 figures, kept for the record
    return out


def convert_team(data: dict[str, Any], path: str) -> dict[str, Any]:
    """A team file with ``"cards": "base-8"`` as the Base-10 team file it stands for (17.1-17.4)."""
    fmt = data.get("cards", "base-10")
    if fmt not in CARD_FORMATS:
        raise TeamFileError(path, "cards", f"must be one of {', '.join(CARD_FORMATS)}, got {fmt!r}")
    if fmt == "base-10":
        return data
    players = data.get("players")
    if not isinstance(players, list):
        raise TeamFileError(path, "players", "must list the player cards")
    out = dict(data)
    out["cards"] = "base-10"
    out["converted_from"] = "base-8"
    out["players"] = [convert_player(p, path, f"players[{i}]") for i, p in enumerate(players)]
    return out


def season_year(season: str) -> int | None:
    """The first year of a season label ("1976-77" -> 1976); None for a fictional or unnamed season."""
    m = re.match(r"\s*(\d{4})", season or "")
    return int(m.group(1)) if m else None


def before_three_point_line(season: str) -> bool:
    """17.5: a team of a season before 1979-80 (no three-point line)."""
    year = season_year(season)
    return year is not None and year < THREE_POINT_SEASON
