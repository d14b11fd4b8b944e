"""What a saved 4th Street game may hold (checked by ``FourthStreetEngine.from_dict`` before
restoring; see :mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same
checks and messages as a team file), the options go through the rule-option check, and every field
of the state is checked for type and range."""

from __future__ import annotations

from ...core.savecheck import (Bool, Check, Dict, Env, Int, List, PerPlayer, PerSide, RosterIndex, Side, Skip, Slot,
                               Str, Tuple, check, teams_and_options)
from . import actions as A
from .cards import parse_team
from .constants import (AVAILABLE, COLS, FOULED_OUT, MAX_CHANGES, OUT_GAME, OUT_PERIOD, OUT_STOPPAGE, OUT_THIS_STOPPAGE,
                        PTS, SHOT_CLOCK)
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

STATE = Check(Dict({
    "teams": Skip(), "options": Skip(),  # parsed as team files and rule options before this check
    "period": Int(1, 1000),
    "clock": Int(0, SEC_MAX),
    "shot_clock": Int(-SEC_MAX, SHOT_CLOCK),  # an air ball's rebound may run it below 0 (a violation)
    "pts": PerSide(Int(0, 10_000)),
    "off": Side,
    "phase": Str(PHASES),
    "ctx": CTX,
    "lineup": PerSide(List(RosterIndex, 5, distinct=True)),
    "stats": PerSide(PerPlayer(List(Int(0, MAX_SECONDS), len(COLS)))),
    "avail": PerSide(PerPlayer(Int(AVAILABLE, max(OUT_STOPPAGE, OUT_PERIOD, OUT_GAME, FOULED_OUT, OUT_THIS_STOPPAGE)))),
    "stint": PerSide(PerPlayer(Int(0, MAX_SECONDS))),
    "fpts": PerSide(PerPlayer(Int(0, 3))),  # fatigue points (Optional Rules, Fatigue: limit 3)
    "rclock": Int(0, MAX_SECONDS),
    "benched": PerSide(PerPlayer(Int(-MAX_SECONDS, MAX_SECONDS))),  # -10**6: never benched yet
    "req": PerSide(PerPlayer(Int(0, MAX_SECONDS))),
    "safe": PerSide(PerPlayer(Bool())),
    "played": PerSide(PerPlayer(Bool())),
    "team_fouls": PerSide(Int(0, 1000)),
    "late_fouls": PerSide(Int(0, 1000)),
    "team_tov": PerSide(Int(0, 1000)),
    "timeouts": PerSide(Int(0, 1000)),
    "dmode": PerSide(Str(("man", "zone", "press"))),
    "align": PerSide(Str((*COVER, "custom"))),
    "double": PerSide(Int(-1, 4)),
    "helper": PerSide(Int(-1, 4)),
    "press_ban": PerSide(Bool()),
    "kick_used": PerSide(Bool()),
    "kick_until": PerSide(Int(-1, SEC_MAX)),
    "kicked": Bool(),
    "three_pt": Bool(),
    "milk": Str(("", *LEVELS[3])),
    "desperation": Bool(),
    "frontcourt": Bool(),
    "timeout_called": Bool(),
    "handler": Slot,
    "zone": Str(ZONES),
    "passer": Int(-1, 4),
    "outlet": Int(-1, 4),
    "air": Bool(),
    "lane": List(Int(1, 5), hi=5, distinct=True),
    "tip_winner": Int(-1, 1),
    "windows": List(Side, hi=2),
    "changes": Int(0, MAX_CHANGES),
    "subs_open": PerSide(Bool()),
    "poss_changes": PerSide(Int(0, 1000)),
    "dead": Bool(),
    "replace": List(Tuple(Side, Slot), hi=10),
    "jumpers": PerSide(Int(-1, 4)),
    "injuries": List(Dict({"side": Side, "player": Int(0, lambda env: max(env.players) - 1),
                           "kind": Str(("hurt", "stoppage", "period", "game")), "games": Int(0, 1000),
                           "period": Int(1, 1000)})),
    "gsec": Int(0, MAX_SECONDS),
    "on_at": PerSide(PerPlayer(Int(0, MAX_SECONDS))),
    "tokens": PerSide(List(Int(NOT_PLACED, len(TOKEN_PAIRS) - 1), 5)),
}, optional=("gsec", "on_at", "tokens")), _scores_add_up)  # (saves from before the lazy minutes and the tokens)


def check_state(state: dict, env: Env) -> None:
    """Check a saved 4th Street game's ``state`` (raises SavedGameError naming the field)."""
    teams_and_options(state, env, parse_team, FourthStreetOptions)
    check(state, STATE, env, "state")
