"""What a saved 4th Street game may hold (checked by ``FourthStreetEngine.from_dict`` before
restoring; see :mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same
checks and messages as a team file), the options go through the rule-option check, and every field
of the state is checked for type and range."""

from __future__ import annotations

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
from ...core.state import Field, StateDeclaration
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

PHASES = ("pregame", "poss", "play", "rebound", "loose", "ft", "hold", "endperiod", "over")
ZONES = tuple(z for lv in LEVELS.values() for z in lv)
MAX_SECONDS = 10 ** 6  # game and rest seconds of one game stay far below this
SEC_MAX = max(SEASON["period_minutes"], SEASON["overtime_minutes"]) * 60
ACTION_KINDS = tuple(sorted({a.kind for a in A.ACTIONS}))
NOT_PLACED = -1


def _scores_add_up(state: dict, env: Env) -> str | None:
    for side in (0, 1):
        total = sum(st[PTS] for st in state["stats"][side])
        if state["pts"][side] != total:
            return f"pts[{side}] ({state['pts'][side]}) must equal the players' points ({total})"
    return None


CTX = Dict({
    "step": Str(("windows",)),  # the pregame's lineup windows are open
    "offense": Str(ACTION_KINDS), "defense": Str(ACTION_KINDS),  # the calls made before the setup play
    "shooter": Int(0, lambda env: max(env.players) - 1), "left": Int(0, 3), "need": Int(0, 3),
    "after": Str(("change", "keep")), "asked": Bool(), "intent_miss": Bool(),
    "press": Bool(),  # milking the clock after beating the press
}, optional=("step", "offense", "defense", "shooter", "left", "need", "after", "asked", "intent_miss", "press"))

# The state, declared once: each field's saved name, what a saved value may hold and how a clone
# copies it (coachgym.core.state). The engine's save list (FourthStreetEngine._FIELDS), the saved
# game's check (STATE) and the clone plan (copying.PLAN) derive from it.
DECLARATION = StateDeclaration(
    Field("period", Int(1, 1000), "value"),
    Field("clock", Int(0, SEC_MAX), "value"),
    Field("shot_clock", Int(-SEC_MAX, SHOT_CLOCK), "value",
          "an air ball's rebound may run it below 0 (a violation)"),
    Field("pts", PerSide(Int(0, 10_000)), "flat"),
    Field("off", Side, "value"),
    Field("phase", Str(PHASES), "value"),
    Field("ctx", CTX, "nested"),
    Field("lineup", PerSide(List(RosterIndex, 5, distinct=True)), "rows"),
    Field("stats", PerSide(PerPlayer(List(Int(0, MAX_SECONDS), len(COLS)))), "cube"),
    Field("avail", PerSide(PerPlayer(Int(AVAILABLE, max(OUT_STOPPAGE, OUT_PERIOD, OUT_GAME, FOULED_OUT,
                                                        OUT_THIS_STOPPAGE)))), "rows"),
    Field("stint", PerSide(PerPlayer(Int(0, MAX_SECONDS))), "rows",
          "consecutive seconds on the court (a property folding the lazy count kept in _stint)", attr="_stint"),
    Field("fpts", PerSide(PerPlayer(Int(0, 3))), "rows", "fatigue points (Optional Rules, Fatigue: limit 3)"),
    Field("rclock", Int(0, MAX_SECONDS), "value"),
    Field("benched", PerSide(PerPlayer(Int(-MAX_SECONDS, MAX_SECONDS))), "rows", "-10**6: never benched yet"),
    Field("req", PerSide(PerPlayer(Int(0, MAX_SECONDS))), "rows"),
    Field("safe", PerSide(PerPlayer(Bool())), "rows"),
    Field("played", PerSide(PerPlayer(Bool())), "rows"),
    Field("team_fouls", PerSide(Int(0, 1000)), "flat"),
    Field("late_fouls", PerSide(Int(0, 1000)), "flat"),
    Field("team_tov", PerSide(Int(0, 1000)), "flat"),
    Field("timeouts", PerSide(Int(0, 1000)), "flat"),
    Field("dmode", PerSide(Str(("man", "zone", "press"))), "flat"),
    Field("align", PerSide(Str((*COVER, "custom"))), "flat"),
    Field("double", PerSide(Int(-1, 4)), "flat"),
    Field("helper", PerSide(Int(-1, 4)), "flat"),
    Field("press_ban", PerSide(Bool()), "flat"),
    Field("kick_used", PerSide(Bool()), "flat"),
    Field("kick_until", PerSide(Int(-1, SEC_MAX)), "flat"),
    Field("kicked", Bool(), "value"),
    Field("three_pt", Bool(), "value"),
    Field("milk", Str(("", *LEVELS[3])), "value"),
    Field("desperation", Bool(), "value"),
    Field("frontcourt", Bool(), "value"),
    Field("timeout_called", Bool(), "value"),
    Field("handler", Slot, "value"),
    Field("zone", Str(ZONES), "value"),
    Field("passer", Int(-1, 4), "value"),
    Field("outlet", Int(-1, 4), "value"),
    Field("air", Bool(), "value"),
    Field("lane", List(Int(1, 5), hi=5, distinct=True), "flat"),
    Field("tip_winner", Int(-1, 1), "value"),
    Field("windows", List(Side, hi=2), "flat"),
    Field("changes", Int(0, MAX_CHANGES), "value"),
    Field("subs_open", PerSide(Bool()), "flat"),
    Field("poss_changes", PerSide(Int(0, 1000)), "flat"),
    Field("dead", Bool(), "value"),
    Field("replace", List(Tuple(Side, Slot), hi=10), "rows"),
    Field("jumpers", PerSide(Int(-1, 4)), "flat"),
    Field("injuries", List(Dict({"side": Side, "player": Int(0, lambda env: max(env.players) - 1),
                                 "kind": Str(("hurt", "stoppage", "period", "game")), "games": Int(0, 1000),
                                 "period": Int(1, 1000)})), "nested"),
    # optional: saves from before the lazy minutes and the tokens lack them (the engine fills them in)
    Field("gsec", Int(0, MAX_SECONDS), "value", optional=True),
    Field("on_at", PerSide(PerPlayer(Int(0, MAX_SECONDS))), "rows", optional=True),
    Field("tokens", PerSide(List(Int(NOT_PLACED, len(TOKEN_PAIRS) - 1), 5)), "rows", optional=True),
    share=("opts", "teams"),
    fresh={"_bench_keys": lambda: [None, None]},  # derived from the lineups on demand
)
STATE = Check(DECLARATION.spec(others={"teams": Skip(), "options": Skip()}),  # (parsed before this check)
              _scores_add_up)


def check_state(state: dict, env: Env) -> None:
    """Check a saved 4th Street game's ``state`` (raises SavedGameError naming the field)."""
    teams_and_options(state, env, parse_team, FourthStreetOptions)
    check(state, STATE, env, "state")
