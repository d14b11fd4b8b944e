"""What changes during a Value Add game, declared once (:mod:`coachgym.core.state`): the statistics
kept for each player (in box-score order, "Tracking player stats (top of score sheet)"),
:class:`TeamState` (the five on the court and their defensive matchups, fouls, possessions played,
points, the holders of the 6, 7 and 8) and the game's own fields (the scoresheet's box, half and
turn, the phase, the possession context). The save, the saved game's check (:mod:`.saved` adds the
teams and options) and the clone plan (:mod:`.copying`) derive from :data:`DECLARATION`."""

from __future__ import annotations

from typing import Any, TypedDict

from ...core.savecheck import Bool, Dict, Env, Int, List, Opt, PerPlayer, RosterIndex, Side, Slot, Str
from ...core.state import Field, Record, StateDeclaration
from . import actions as A
from .cards import RESULT_NAMES
from .scoresheet import BOXES

POS = A.POSITIONS
# player statistics, in box-score order
STATS = ("POSS", "PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "STL", "BLK", "TO", "PF")
(POSS, PTS, FGM, FGA, TPM, TPA, FTM, FTA, OREB, DREB, STL, BLK, TOV, PF) = range(len(STATS))

PHASES = ("start", "defense_menu", "offense_menu", "roll", "d8_roll", "end", "over", "d8_choice", "fast_break",
          "stick_back", "dunk_choice", "choose_dunker", "choose_stop_rebounder", "choose_rebounder")
MAX_COUNT = 10_000  # possessions, points and statistics of one game stay far below this


class TeamState:
    """Everything that changes for one team during a game (fields: :data:`TEAM_STATE`)."""

    __slots__ = ("lineup", "guards", "avoiding", "three_mode", "fouls", "played", "stats", "points",
                 "team_turnovers", "fouled_out", "holders", "bonus20", "assist20")

    def __init__(self, n_players: int):
        self.lineup: list[int] = []
        self.guards: list[int] = [0, 1, 2, 3, 4]  # guards[defensive slot] = offensive slot he guards
        self.avoiding: list[bool] = [False] * n_players  # "avoid fouls" per player
        self.three_mode = False
        self.fouls = [0] * n_players
        self.played = [0] * n_players
        self.stats = [[0] * len(STATS) for _ in range(n_players)]
        self.points = 20
        self.team_turnovers = 0
        self.fouled_out = 0  # players who have reached the foul limit
        self.holders: list[int | None] = [None, None, None]  # slot holding 6, 7, 8
        self.bonus20: list[bool] = [False] * 5  # slot scores on a 20 ("20" for extra numbers)
        self.assist20 = False  # an "Assist 20" card is on the court

    def to_dict(self) -> dict[str, Any]:
        return TEAM_STATE.save(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "TeamState":
        """The saved fields (the holders of 6, 7, 8 and the "20"s are derived by the engine)."""
        ts: TeamState = TEAM_STATE.restore(d)
        return ts


def _foul_limit(env: Env) -> int:
    limit: int = env.extra["foul_limit"]
    return limit


def _team_state_consistent(ts: dict[str, Any], env: Env) -> str | None:
    if ts["points"] != sum(st[PTS] for st in ts["stats"]):
        return (f"points ({ts['points']}) must equal the players' PTS ({sum(st[PTS] for st in ts['stats'])}): "
                "the score starts at 20 with the assumed possessions' points")
    out = sum(f >= _foul_limit(env) for f in ts["fouls"])
    if ts["fouled_out"] != out:
        return f"fouled_out ({ts['fouled_out']}) must count the players with {_foul_limit(env)} fouls ({out})"
    if any(f != st[PF] for f, st in zip(ts["fouls"], ts["stats"])):
        return "each player's fouls must equal his PF statistic"
    return None


TEAM_STATE = Record(
    TeamState,
    Field("lineup", List(RosterIndex, 5, distinct=True), "flat", "the five on the court, roster numbers, PG to C"),
    Field("guards", List(Slot, 5, distinct=True), "flat",
          "guards[defensive slot] = the offensive slot he guards (after switches): a permutation of the five"),
    Field("avoiding", PerPlayer(Bool()), "flat", "per roster player: avoiding fouls"),
    Field("three_mode", Bool(), "value", "the team is attempting 3-pointers"),
    Field("fouls", PerPlayer(Int(0, 100)), "flat", "per roster player: personal fouls"),
    Field("played", PerPlayer(Int(0, MAX_COUNT)), "flat", "per roster player: possessions played (stamina)"),
    Field("stats", PerPlayer(List(Int(0, MAX_COUNT), len(STATS))), "rows",
          "per roster player: the statistics of STATS, the 22 assumed possessions' included"),
    Field("points", Int(0, MAX_COUNT), "value", "the team's score (from 20)"),
    Field("team_turnovers", Int(0, MAX_COUNT), "value", "shot-clock turnovers, charged to no player"),
    Field("fouled_out", Int(0, lambda env: env.roster()), "value", "players who have reached the foul limit"),
    # derived from the lineup by ValueAddEngine._assign_numbers (not saved)
    derived={"holders": "flat", "bonus20": "flat", "assist20": "value"},
    check=_team_state_consistent,
)

class PossessionContext(TypedDict, total=False):
    """The possession's context (the engine's ``ctx``, saved under these keys; :data:`CTX` checks a
    saved one): what one phase of a possession hands to the next. Every key is optional: a phase
    sets the ones it passes on (``{"fb": slot}`` starts a fast break; ``{}`` a plain possession)."""

    fb: int | None  # fast break: the slot of the player who stole the ball and leads it (6-8 go to him)
    sb: int | None  # stick back: the slot of the offensive rebounder who puts it back up (6-8 go to him)
    d8: int  # the 8-sided die's number being played (after a d8 choice: the first roll kept)
    d8_value: int  # the d8 rolled first, waiting on the "d8 first" choice (shoot or pass on)
    d8_slot: int  # the slot that holds that d8 number (has the ball)
    d8_roll: int  # the d8 of the roll being read (the shot's range)
    passing: bool  # the offense chose to keep passing after the first d8 (the point guard passed)
    second: bool  # a second roll of the possession (the first went to a pass)
    intentional: bool  # the defense fouls intentionally this possession (the menu's choice)
    stealer_side: int  # the side whose player stole the ball (a fast break offered)
    stealer: int  # that player's slot
    rebounder: int  # the slot of the player who took the offensive rebound (a stick back offered)
    slot: int  # the shooter's slot at a dunk choice
    d20_result: int  # the 20-sided die's result at a dunk choice (an index of cards.RESULT_NAMES)
    ds: int  # the slot of the defender guarding that shooter
    reb_side: int  # the side whose coach chooses the rebounder among equal rebounders
    reb_candidates: list[int]  # the slots among which he chooses
    reb_offensive: bool  # whether that rebound is an offensive one


D8 = Int(1, 8)
CTX = Dict({
    "fb": Opt(Slot), "sb": Opt(Slot),  # the fast-break stealer's / stick-back rebounder's slot
    "d8": D8, "d8_value": D8, "d8_slot": Slot, "d8_roll": D8,
    "passing": Bool(), "second": Bool(), "intentional": Bool(),
    "stealer_side": Side, "stealer": Slot, "rebounder": Slot,
    "slot": Slot, "d20_result": Int(0, len(RESULT_NAMES) - 1), "ds": Slot,
    "reb_side": Side, "reb_candidates": List(Slot, lo=1, hi=5, distinct=True), "reb_offensive": Bool(),
}, optional=("fb", "sb", "d8", "d8_value", "d8_slot", "d8_roll", "passing", "second", "intentional", "stealer_side",
             "stealer", "rebounder", "slot", "d20_result", "ds", "reb_side", "reb_candidates", "reb_offensive"))

DECLARATION = StateDeclaration(
    Field.per_side("team_state", TEAM_STATE, "each team's state (TeamState), home then away"),
    Field("period", Int(0, 1000), "value", "0 regulation, k the k-th overtime"),
    Field("box", Int(0, BOXES), "value",
          "the possession box being played (44 down to 1; an overtime's, at most 20, count down too)"),
    Field("half", Int(0, 1), "value", "0 the top half of the box, 1 the bottom half (an earned extra possession)"),
    Field("turn", Int(0, 1), "value", "0 the away team's possession of the half-box, 1 the home team's",
          attr="_turn"),
    Field("extra_box", Bool(), "value", "a bottom half has been earned for this box"),
    Field("phase", Str(PHASES), "value", "what happens next (core.phases: a _phase_ method or a pending choice)"),
    Field("ctx", CTX, "nested", "the possession's context: the dice and players the phases pass on"),
    Field("menu_changes", Int(0, A.MENU_CHANGE_LIMIT), "value", "changes made in the open menu"),
    Field("next_fast_break", Opt(Slot), "value", "slot of the stealer who leads the next possession's fast break"),
    # the options, the teams and what _build_tables derives from them never change during a game
    share=("options", "_options_id", "teams", "tables", "three_tables", "dunk_net", "pre86_extra", "reserve_slots",
           "_extras", "_assist20", "_stamina", "_penalties"),
    renamed={"ts": "team_state"},  # saves before the field was named for what it holds
)
