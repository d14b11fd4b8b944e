"""FUBA engine state: piece codes, statistics and box-score columns, and :class:`TeamState`, what
changes for one team during a match (one per side, ``FubaEngine.team_state``: home, away), typed and
slotted. The state itself is declared in saved.py: :class:`TeamState`'s fields are its ``team=True``
fields, saved as before as per-side lists (``"goals": [home, away]``), so every saved game loads as it
did; a clone copies each object field by field (:class:`coachgym.core.state.TeamRecords`)."""

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


class TeamState:
    """Everything that changes for one team during a match: the declared ``team=True`` fields of
    :data:`.saved.DECLARATION` (where each says what it holds), under their saved names."""

    __slots__ = ("formation", "roles", "pos", "goals", "yellow", "red", "condition", "subs", "keeper_injury_bonus",
                 "stats", "skills", "reserve", "active", "coach_off")

    formation: list[int] | None  # the formation card: defenders, midfielders, forwards (2.1); None until chosen
    roles: list[int]  # A2: the players in each special role (ROLES)
    pos: list[int]  # the eleven pieces (0 the goalkeeper): an area (1.4), or OFF, UNPLACED, INJURED
    goals: int  # goals scored
    yellow: int  # yellow cards still counting (5.6)
    red: int  # players sent off (5.6)
    condition: list[int]  # A1: condition points per line (defence, midfield, forwards)
    subs: int  # A3: substitutions made
    keeper_injury_bonus: int  # A4: +1 per injury for the opponent's goal attempts (a keeper who would be removed)
    stats: dict[str, int]  # the match statistics (STAT_KEYS)
    skills: list[str]  # A12: the match skills
    reserve: list[str]  # A12: the reserve skills
    active: list[str]  # A12: skills played in the current resolution
    coach_off: bool  # A12 angry coach: the coach has been sent off

    def __init__(self, skills: list[str], reserve: list[str]) -> None:
        self.formation = None
        self.roles = [0] * len(ROLES)
        self.pos = [UNPLACED] * 11
        self.goals = 0
        self.yellow = 0
        self.red = 0
        self.condition = [0, 0, 0]
        self.subs = 0
        self.keeper_injury_bonus = 0
        self.stats = {k: 0 for k in STAT_KEYS}
        self.skills = skills
        self.reserve = reserve
        self.active = []
        self.coach_off = False


def clock_value(half: int, minute: int, stoppage: int) -> int:
    return (half - 1) * 1000 + minute * 10 + stoppage


def jsonify(x: Any) -> Any:
    if isinstance(x, dict):
        return {str(k): jsonify(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonify(v) for v in x]
    return x
