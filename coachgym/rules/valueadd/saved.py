"""What a saved Value Add game may hold (checked by ``ValueAddEngine.from_dict`` before restoring;
see :mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same checks
and messages as a team file), the options go through the rule-option check, and every field of the
per-team state and of the possession context is checked for type and range."""

from __future__ import annotations

from ...core.savecheck import (
    Bool,
    Check,
    Dict,
    Env,
    Int,
    List,
    Opt,
    PerPlayer,
    PerSide,
    RosterIndex,
    Side,
    Skip,
    Slot,
    Str,
    check,
    teams_and_options,
)
from . import actions as A
from .cards import RESULT_NAMES, parse_team
from .options import ValueAddOptions
from .scoresheet import BOXES
from .state import PTS, STATS

PHASES = ("start", "defense_menu", "offense_menu", "roll", "d8_roll", "end", "over", "d8_choice", "fast_break",
          "stick_back", "dunk_choice", "choose_dunker", "choose_stop_rebounder", "choose_rebounder")
MAX_COUNT = 10_000  # possessions, points and statistics of one game stay far below this


def _foul_limit(env: Env) -> int:
    return env.extra["foul_limit"]


def _team_state_consistent(ts: dict, env: Env) -> str | None:
    if ts["points"] != sum(st[PTS] for st in ts["stats"]):
        return (f"points ({ts['points']}) must equal the players' PTS ({sum(st[PTS] for st in ts['stats'])}): "
                "the score starts at 20 with the assumed possessions' points")
    out = sum(f >= _foul_limit(env) for f in ts["fouls"])
    if ts["fouled_out"] != out:
        return f"fouled_out ({ts['fouled_out']}) must count the players with {_foul_limit(env)} fouls ({out})"
    if any(f != st[STATS.index("PF")] for f, st in zip(ts["fouls"], ts["stats"])):
        return "each player's fouls must equal his PF statistic"
    return None


TEAM_STATE = Check(Dict({
    "lineup": List(RosterIndex, 5, distinct=True),
    # guards[defensive slot] = the offensive slot he guards: a permutation of the five slots
    "guards": List(Slot, 5, distinct=True),
    "avoiding": PerPlayer(Bool()),
    "three_mode": Bool(),
    "fouls": PerPlayer(Int(0, 100)),
    "played": PerPlayer(Int(0, MAX_COUNT)),
    "stats": PerPlayer(List(Int(0, MAX_COUNT), len(STATS))),
    "points": Int(0, MAX_COUNT),
    "team_turnovers": Int(0, MAX_COUNT),
    "fouled_out": Int(0, lambda env: env.roster()),
}), _team_state_consistent)

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


def state_spec(options: ValueAddOptions) -> Dict:
    return Dict({
        "teams": Skip(),  # parsed as team files before this check
        "options": Skip(),
        "ts": PerSide(TEAM_STATE),
        "period": Int(0, 1000),  # 0 regulation, k the k-th overtime
        "box": Int(0, max(BOXES, options.overtime_boxes)),
        "half": Int(0, 1),
        "turn": Int(0, 1),
        "extra_box": Bool(),
        "phase": Str(PHASES),
        "ctx": CTX,
        "menu_changes": Int(0, A.MENU_CHANGE_LIMIT),
        "next_fast_break": Opt(Slot),
    })


def check_state(state: dict, env: Env) -> None:
    """Check a saved Value Add game's ``state`` (raises SavedGameError naming the field)."""
    _, options = teams_and_options(state, env, _parse_saved_team, ValueAddOptions)
    env.extra["foul_limit"] = options.foul_limit
    check(state, state_spec(options), env, "state")


def _parse_saved_team(data, path):
    """A team as saved: a team file (``Team.to_file_dict``), or the cards' internal form of saves
    written before (converted, then checked as a team file)."""
    if isinstance(data, dict) and "schema" not in data and "players" in data:
        from ...core.errors import TeamFileError
        from .cards import SCHEMA, Team

        try:
            data = {**Team.from_dict(data).to_file_dict(), "schema": SCHEMA}
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise TeamFileError(path, "<file>", f"is not a team of this ruleset ({type(exc).__name__}: {exc})") from None
    return parse_team(data, path)


def restore_teams(state: dict):
    """The saved teams, parsed (after :func:`check_state`)."""
    return [_parse_saved_team(t, f"state.teams[{i}]") for i, t in enumerate(state["teams"])]
