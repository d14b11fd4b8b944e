"""What a saved FUBA game may hold (checked by ``FubaEngine.from_dict`` before restoring; see
:mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same checks and
messages as a team file), the options go through the rule-option check, every piece and the ball
stand on an area of the board (1.4) or off it, and the names the engine continues with (``phase``,
``ctx.cont``, ``ctx.ret_phase``) must be ones it knows."""

from __future__ import annotations

from functools import lru_cache

from ...core.savecheck import (
    JSON,
    Bool,
    Check,
    Dict,
    Env,
    Int,
    List,
    Opt,
    PerSide,
    Side,
    Skip,
    Str,
    Tuple,
    check,
    teams_and_options,
)
from .board import N_AREAS, SKILLS, WEATHER
from .options import FubaOptions
from .state import INJURED, ROLES, STAT_KEYS
from .teams import parse_team

MAX_COUNT = 10_000
AREA = Int(0, N_AREAS - 1)
PIECE = Int(0, 10)  # the eleven pieces, 0 the goalkeeper
SKILL = Str(tuple(SKILLS))
SET_PIECES = ("kickoff", "corner", "free_kick", "goal_kick", "penalty")
WEATHERS = tuple(sorted(set(WEATHER.values()) | {"storm"}))  # A10 (a storm follows rain or wind)


@lru_cache(maxsize=1)
def _names() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(phases: each has a ``_phase_NAME`` method, or is "over"; continuations ``ctx.cont`` may name)."""
    from .engine import FubaEngine

    return tuple(sorted(FubaEngine.PHASES)) + ("over",), tuple(sorted(FubaEngine.CONTINUATIONS))


def _phase_known(value: str, env: Env) -> str | None:
    phases, _ = _names()
    return None if value in phases else f"must be one of {', '.join(phases)}, got {value!r}"


def _cont_known(value: str, env: Env) -> str | None:
    _, conts = _names()
    return None if value in conts else f"must be one of {', '.join(conts)}, got {value!r}"


PHASE = Check(Str(), _phase_known)
CTX_FIELDS = {
    "side": Side, "ct": Side, "i": Int(0, 20), "n": Int(-1, 20), "done": Int(0, 20), "left": Int(0, 20),
    "limit": Int(0, 20), "pts": Int(0, 20), "keeper": Int(0, 20),
    "area": AREA, "target": AREA, "src": Opt(JSON()), "moved": List(Int(0, 20)), "major": List(AREA),
    "order": List(Side, hi=2), "sides": List(Side, hi=2),
    "cont": Check(Str(), _cont_known), "ret_phase": PHASE, "ret_ctx": JSON(),  # checked as a context below
    "mode": Str(), "kind": Str(), "step": Str(), "for": Str(), "in": Str(), "what": Str(), "piece": Int(0, 20),
    "dribble_ok": Bool(), "dribbled": Bool(), "free_kick": Bool(), "must": Bool(), "roles": Bool(),
    "slow_asked": Bool(), "special": Bool(), "aggressive": Bool(), "press": Bool(), "no_keeper": Bool(),
    "short": Bool(), "sp_done": Bool(), "tfc_asked": Bool(), "b2b": Bool(),
    "counter": JSON(), "dice": JSON(), "inc": JSON(), "lc": JSON(), "moves": JSON(), "runner": JSON(), "skill": JSON(),
    "who": JSON(), "args": JSON(),
}
_CTX = Dict(CTX_FIELDS, optional=tuple(CTX_FIELDS))


def _ret_ctx(ctx: dict, env: Env) -> str | None:
    """A substitution (A3) keeps the interrupted step's context in ``ret_ctx``: the same checks."""
    if "ret_ctx" in ctx:
        inner = ctx["ret_ctx"]
        check(inner, CTX, env, "state.ctx.ret_ctx")
    return None


CTX = Check(_CTX, _ret_ctx)
PCTX = Dict({}, extra=JSON())  # the pass or move being resolved: numbers and flags the steps read
QUEUE_ITEM = Dict({"kind": Str(("remove", "injury_sub", "line_change")), "side": Side, "piece": PIECE, "area": AREA},
                  optional=("piece", "area"))


def _goals_counted(state: dict, env: Env) -> str | None:
    for side in (0, 1):
        if state["goals"][side] != state["stats"][side]["goals"]:
            return f"goals[{side}] ({state['goals'][side]}) must equal stats[{side}].goals ({state['stats'][side]['goals']})"
    return None


STATE = Check(Dict({
    "teams": Skip(), "options": Skip(),  # parsed as team files and rule options before this check
    "formation": PerSide(Opt(List(Int(0, 10), 3))),  # defence, midfield, forwards (2.1)
    "roles": PerSide(List(Int(0, 10), len(ROLES))),  # A2
    "pos": PerSide(List(Int(INJURED, N_AREAS - 1), 11)),  # an area, or OFF / UNPLACED / INJURED
    "ball": AREA, "bv": Int(0, 20), "ct": Side, "phasing": Side, "acting": Side,
    "half": Int(1, 2), "minute": Int(0, 200), "stoppage": Int(0, 100), "half_ending": Bool(),
    "goals": PerSide(Int(0, MAX_COUNT)), "yellow": PerSide(Int(0, 100)), "red": PerSide(Int(0, 11)),
    "cp": PerSide(List(Int(0, 100), 3)), "subs": PerSide(Int(0, 11)), "first_kickoff": Side,
    "turns": Int(0, MAX_COUNT), "phase": PHASE, "ctx": CTX, "pctx": PCTX, "queue": List(QUEUE_ITEM, hi=50),
    "actions_left": Int(0, 20), "turn_over": Bool(), "set_piece": Opt(Str(SET_PIECES)), "turn_bonus": Int(0, 20),
    "no_offside_risk": Bool(), "free_cp": Bool(), "nt_pending": Bool(), "weather": Opt(Str(WEATHERS)),
    "gk_bonus": PerSide(Int(0, 20)), "injured": List(Tuple(Side, PIECE, Int(0, MAX_COUNT))),
    "stats": PerSide(Dict({k: Int(0, MAX_COUNT) for k in STAT_KEYS})),
    "clock_high": Int(0, MAX_COUNT), "charged": Bool(), "nt_saved": Int(0, 100),
    "skills": PerSide(List(SKILL)), "reserve": PerSide(List(SKILL)), "offers": List(Tuple(Side, SKILL)),
    "active": PerSide(List(SKILL)), "turn_flags": List(Str()), "turn_start_sp": Opt(Str(SET_PIECES)),
    "last_cp": Opt(List(Int(0, 100), 2)), "coach_off": PerSide(Bool()),
}), _goals_counted)


def check_state(state: dict, env: Env) -> None:
    """Check a saved FUBA game's ``state`` (raises SavedGameError naming the field)."""
    teams_and_options(state, env, parse_team, FubaOptions)
    check(state, STATE, env, "state")
