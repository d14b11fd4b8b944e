"""What a saved 4th Street game may hold (checked by ``FourthStreetEngine.from_dict`` before
restoring; see :mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same
checks and messages as a team file), the options go through the rule-option check, and every field
of the state is checked for type and range."""

from __future__ import annotations

from typing import Any, TypedDict

from ...core.savecheck import (
    Bool,
    Check,
    Dict,
    Env,
    Int,
    List,
    PerPlayer,
    PerSide,
    RosterIndex,
    Side,
    Skip,
    Slot,
    Str,
    Tuple,
    check,
    teams_and_options,
)
from ...core.state import Field, StateDeclaration, TeamRecords
from . import actions as A
from .cards import parse_team
from .constants import (
    AVAILABLE,
    COLS,
    FOULED_OUT,
    MAX_CHANGES,
    OUT_GAME,
    OUT_PERIOD,
    OUT_STOPPAGE,
    OUT_THIS_STOPPAGE,
    PTS,
    SHOT_CLOCK,
)
from .court import COVER, LEVELS, SEASON, TOKEN_PAIRS
from .options import FourthStreetOptions
from .state import TeamState

PHASES = ("pregame", "poss", "play", "rebound", "loose", "ft", "hold", "endperiod", "over")
ZONES = tuple(z for lv in LEVELS.values() for z in lv)
MAX_SECONDS = 10 ** 6  # game and rest seconds of one game stay far below this
SEC_MAX = max(SEASON["period_minutes"], SEASON["overtime_minutes"]) * 60
ACTION_KINDS = tuple(sorted({a.kind for a in A.ACTIONS}))
NOT_PLACED = -1


def _scores_add_up(state: dict[str, Any], env: Env) -> str | None:
    for side in (0, 1):
        total = sum(st[PTS] for st in state["stats"][side])
        if state["pts"][side] != total:
            return f"pts[{side}] ({state['pts'][side]}) must equal the players' points ({total})"
    return None


class PlayContext(TypedDict, total=False):
    """The phase's own notes (the engine's ``ctx``, saved under these keys; :data:`CTX` checks a saved
    one). Every key is optional: a phase sets the ones it hands on (``{}`` a plain possession)."""

    step: str  # "windows": the pregame's lineup windows are open
    offense: str  # the offense's call made before the setup play (an action kind)
    defense: str  # the defense's call made before the setup play (an action kind)
    shooter: int  # free throws: the roster number of the fouled player who shoots them
    left: int  # free throws left to shoot
    need: int  # free throws still to make before the trip ends ("three shots to make two")
    after: str  # after the last free throw: "change" (possession changes, a rebound) or "keep"
    asked: bool  # the offense was asked whether to miss the last free throw on purpose
    intent_miss: bool  # it misses the last free throw on purpose
    press: bool  # milking the clock after beating the press


CTX = Dict({
    "step": Str(("windows",)),  # the pregame's lineup windows are open
    "offense": Str(ACTION_KINDS), "defense": Str(ACTION_KINDS),  # the calls made before the setup play
    "shooter": Int(0, lambda env: max(env.players) - 1), "left": Int(0, 3), "need": Int(0, 3),
    "after": Str(("change", "keep")), "asked": Bool(), "intent_miss": Bool(),
    "press": Bool(),  # milking the clock after beating the press
}, optional=("step", "offense", "defense", "shooter", "left", "need", "after", "asked", "intent_miss", "press"))

# The state, declared once: each field's saved name, what a saved value may hold and how a clone
# copies it (coachgym.core.state). The engine's save list (FourthStreetEngine._FIELDS), the saved
# game's check (STATE) and the clone plan (copying.PLAN) derive from it. Per side: [home, away]; per
# player: by roster number (0-based); a slot is a position on the court (0-4).
DECLARATION = StateDeclaration(
    Field("period", Int(1, 1000), "value", "the period being played: 1-4, then overtimes"),
    Field("clock", Int(0, SEC_MAX), "value", "game clock: seconds left in the period"),
    Field("shot_clock", Int(-SEC_MAX, SHOT_CLOCK), "value",
          "seconds left on the shot clock; an air ball's rebound may run it below 0 (a violation)"),
    Field("pts", PerSide(Int(0, 10_000)), "flat", "each team's points (the score)", team=True),
    Field("off", Side, "value", "the side with the ball (the offense)"),
    Field("phase", Str(PHASES), "value", "what happens next (core.phases: each phase has its _phase_ handler)"),
    Field("ctx", CTX, "nested", "the phase's own notes: the calls made so far, the free throws left (CTX)"),
    Field("lineup", PerSide(List(RosterIndex, 5, distinct=True)), "rows",
          "the roster number of the player at each slot of the court", team=True),
    Field("stats", PerSide(PerPlayer(List(Int(0, MAX_SECONDS), len(COLS)))), "cube",
          "each player's box-score line (constants.COLS; SEC counted lazily, see seconds_counted_at)", team=True),
    Field("availability", PerSide(PerPlayer(Int(AVAILABLE, max(OUT_STOPPAGE, OUT_PERIOD, OUT_GAME, FOULED_OUT,
                                                               OUT_THIS_STOPPAGE)))), "rows",
          "whether each player may play: AVAILABLE, or out (injury until a stoppage, the period or the "
          "game; fouled out) - constants", team=True),
    Field("stint", PerSide(PerPlayer(Int(0, MAX_SECONDS))), "rows",
          "consecutive seconds on the court (Fatigue; a property folding the lazy count kept in _stint_counted)",
          attr="stint_counted", team=True),
    Field("fatigue_points", PerSide(PerPlayer(Int(0, 3))), "rows", "fatigue points (Optional Rules, Fatigue: limit 3)", team=True),
    Field("rest_clock", Int(0, MAX_SECONDS), "value",
          "game seconds played plus the rest credited at timeouts and breaks (rest is measured on it)"),
    Field("benched", PerSide(PerPlayer(Int(-MAX_SECONDS, MAX_SECONDS))), "rows",
          "the rest clock when each player last left the court; -10**6: never benched yet", team=True),
    Field("rest_needed", PerSide(PerPlayer(Int(0, MAX_SECONDS))), "rows",
          "seconds of rest each player needs to be fully rested, set when he leaves the court", team=True),
    Field("safe", PerSide(PerPlayer(Bool())), "rows", "whether each player plays it safe (Foul Trouble)", team=True),
    Field("played", PerSide(PerPlayer(Bool())), "rows", "whether each player has been on the court this game", team=True),
    Field("team_fouls", PerSide(Int(0, 1000)), "flat", "team fouls this period", team=True),
    Field("late_fouls", PerSide(Int(0, 1000)), "flat", "team fouls in the last minutes of this period (Season Rules)", team=True),
    Field("team_tov", PerSide(Int(0, 1000)), "flat", "team turnovers (no player charged)", team=True),
    Field("timeouts", PerSide(Int(0, 1000)), "flat", "timeouts left", team=True),
    Field("defense_mode", PerSide(Str(("man", "zone", "press"))), "flat",
          "each side's defense when it defends: man-to-man, zone or press", team=True),
    Field("align", PerSide(Str((*COVER, "custom"))), "flat", "zone alignment: a named one, or custom (the tokens)", team=True),
    Field("double", PerSide(Int(-1, 4)), "flat", "the opponent slot each side double-teams; -1: none", team=True),
    Field("helper", PerSide(Int(-1, 4)), "flat", "each side's own slot helping on the double team; -1: none", team=True),
    Field("press_ban", PerSide(Bool()), "flat",
          "no press on the side's next setup (after a defensive rebound or a lost turnover)", team=True),
    Field("kick_used", PerSide(Bool()), "flat", "kick it out called this period", team=True),
    Field("kick_until", PerSide(Int(-1, SEC_MAX)), "flat", "the clock value until which kick it out is on; -1: off", team=True),
    Field("kicked", Bool(), "value", "the ball was kicked out on this possession"),
    Field("three_pt", Bool(), "value", "the 3-point offense is on for this setup"),
    Field("milk", Str(("", *LEVELS[3])), "value", "the Level 3 zone where the offense milks the clock; '': not"),
    Field("desperation", Bool(), "value", "desperation defense called for this setup"),
    Field("frontcourt", Bool(), "value", "the next setup is in the front court (half court: no press)"),
    Field("timeout_called", Bool(), "value", "a timeout was called in this dead ball"),
    Field("handler", Slot, "value", "the ball handler's slot"),
    Field("zone", Str(ZONES), "value", "the zone the ball is in"),
    Field("passer", Int(-1, 4), "value", "the slot who passed to the handler (assists); -1: none"),
    Field("outlet", Int(-1, 4), "value", "who gained the ball before the setup (steal, rebound), for assists; -1"),
    Field("air", Bool(), "value", "the missed shot was an air ball (the shot clock runs on)"),
    Field("lane", List(Int(1, 5), hi=5, distinct=True), "flat",
          "zone tokens that covered 1B on the previous action (3-second rule)"),
    Field("tip_winner", Int(-1, 1), "value", "the side that won the opening tip; -1: not yet"),
    Field("windows", List(Side, hi=2), "flat", "sides still to be offered lineup changes at this dead ball, in order"),
    Field("changes", Int(0, MAX_CHANGES), "value", "lineup changes made in the open window"),
    Field("subs_open", PerSide(Bool()), "flat", "lineup changes offered inside the side's call (a dead ball)", team=True),
    Field("poss_changes", PerSide(Int(0, 1000)), "flat", "lineup changes made inside the side's call", team=True),
    Field("dead", Bool(), "value", "the ball is dead (lineup changes at the next possession)"),
    Field("replace", List(Tuple(Side, Slot), hi=10), "rows", "[side, slot] still needing a forced replacement"),
    Field("jumpers", PerSide(Int(-1, 4)), "flat", "each side's jumper slot at a centre jump; -1: not chosen", team=True, attr="jumper"),
    Field("injuries", List(Dict({"side": Side, "player": Int(0, lambda env: max(env.players) - 1),
                                 "kind": Str(("hurt", "stoppage", "period", "game")), "games": Int(0, 1000),
                                 "period": Int(1, 1000)})), "nested", "the injuries of this game (Injury Chart)"),
    # optional: saves from before the lazy minutes and the tokens lack them (the engine fills them in)
    Field("game_seconds", Int(0, MAX_SECONDS), "value", "game seconds played (all periods)", optional=True),
    Field("seconds_counted_at", PerSide(PerPlayer(Int(0, MAX_SECONDS))), "rows",
          "the game second up to which each player's SEC (playing time) is counted", optional=True, team=True),
    Field("tokens", PerSide(List(Int(NOT_PLACED, len(TOKEN_PAIRS) - 1), 5)), "rows",
          "custom zone: the TOKEN_PAIRS index each token covers (-1: not placed yet)", optional=True, team=True),
    share=("options", "teams"),
    # the team=True fields: held per side on the engine's team_state objects (state.TeamState), whose
    # bench_key is derived from the lineups on demand
    team=TeamRecords("team_state", TeamState, derived={"bench_key": None}),
)
# Not declared, on purpose: stint_mark, the game second up to which each team's stint_counted is counted (an int, so
# a clone copies it as it is); a save holds the stint folded up to game_seconds, and a restore sets the
# mark to game_seconds.
# Saved keys renamed to words (issue 24): a game saved before keeps loading, its old keys read as the new.
RENAMED = {"avail": "availability", "fpts": "fatigue_points", "rclock": "rest_clock", "req": "rest_needed",
           "dmode": "defense_mode", "gsec": "game_seconds", "on_at": "seconds_counted_at"}


def migrate(state: dict[str, Any]) -> dict[str, Any]:
    """A saved ``state`` with this version's keys: each old key of RENAMED read as its new name (a new
    dict; the caller's is left as it is). A save holding both an old key and its new one keeps the old
    as it is, and the check refuses it as an unknown field."""
    if not any(k in state for k in RENAMED):
        return state
    return {(RENAMED[k] if k in RENAMED and RENAMED[k] not in state else k): v for k, v in state.items()}


STATE = Check(DECLARATION.spec(others={"teams": Skip(), "options": Skip()}),  # (parsed before this check)
              _scores_add_up)


def check_state(state: dict[str, Any], env: Env) -> None:
    """Check a saved 4th Street game's ``state`` (raises SavedGameError naming the field)."""
    state = migrate(state)
    teams_and_options(state, env, parse_team, FourthStreetOptions)
    check(state, STATE, env, "state")
