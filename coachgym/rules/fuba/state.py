"""FUBA engine state: piece codes, statistics and box-score columns (the state itself is declared in saved.py)."""

from __future__ import annotations

from typing import Any

OFF, UNPLACED, INJURED = -1, -2, -3
GK = 0
ROLES = ("attacking_midfielder", "defending_midfielder", "attacking_centre_back", "withdrawn_striker",
         "offensive_wing_back")  # A2
LINE_NAMES = ("defence", "midfield", "forwards")
# the set pieces in the rulebook's words (play-by-play and prompts)
SET_PIECE_WORDS = {"kickoff": "kick-off", "free_kick": "free kick", "corner": "corner kick", "goal_kick": "goal kick",
                   "penalty": "penalty kick"}
STAT_KEYS = ("goals", "attempts", "on_target", "corners", "free_kicks", "penalties", "passes", "passes_failed",
             "creative", "pressings", "pressings_won", "sprints", "positionings", "yellow", "red", "injuries",
             "substitutions", "turns")

# box-score columns: (statistic, short column name)
BOX_COLUMNS = (("goals", "G"), ("attempts", "SH"), ("on_target", "SOT"), ("corners", "CK"), ("free_kicks", "FK"),
               ("penalties", "PK"), ("passes", "PAS"), ("passes_failed", "PF"), ("creative", "CRE"),
               ("pressings", "PR"), ("pressings_won", "PRW"), ("sprints", "SPR"), ("positionings", "POS"),
               ("yellow", "YC"), ("red", "RC"), ("injuries", "INJ"), ("substitutions", "SUB"), ("turns", "TRN"))

def clock_value(half: int, minute: int, stoppage: int) -> int:
    return (half - 1) * 1000 + minute * 10 + stoppage


def jsonify(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): jsonify(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonify(v) for v in x]
    return x
