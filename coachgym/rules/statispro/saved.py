"""What a saved Statis Pro game may hold (checked by ``StatisProEngine.from_dict`` before restoring;
see :mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same checks and
messages as a team file), the options go through the rule-option check, the FAC piles must hold
cards of the deck (3.1) each once, and every field of the state, the pending menu and the context
of the play being resolved is checked for type and range; the names the engine continues with
(``then``, ``cont``) must be ones it knows."""

from __future__ import annotations

import inspect

from ...core.savecheck import (
    JSON,
    Bool,
    Check,
    Dict,
    Env,
    Int,
    List,
    OneOf,
    PerPlayer,
    PerSide,
    RosterIndex,
    Side,
    Skip,
    Slot,
    Spec,
    Str,
    Tuple,
    check,
    teams_and_options,
)
from . import actions as A
from . import cards as K
from .constants import PH_OVER, PH_PERIOD, PTS, STAT_NAMES
from .options import StatisProOptions
from .teams import parse_team

MAX_COUNT = 10_000
PHASE = Int(PH_PERIOD, PH_OVER)
# what a coach's pending choice inside a play continues with (DecisionMixin._wait_resolved)
THEN = ("three_or_two", "fast_break", "dreb_choice", "index_rebound", "index_rebound_off", "choice_scores",
        "choice_scores_fouled", "index_foul", "index_steal", "great_night", "injury", "void", "fd_tie", "rest_choice",
        "three_pointer_z")
ACTION = Int(0, len(A.ACTIONS) - 1)
SLOT_OR_NONE = Int(-1, 4)


def _any_roster(env: Env) -> int:
    return max(env.players) - 1


ROSTER_OR_NONE = Int(-1, _any_roster)


def _continuations() -> dict[str, inspect.Signature]:
    from .engine import StatisProEngine

    return {name[len("_after_"):]: inspect.signature(getattr(StatisProEngine, name))
            for name in dir(StatisProEngine) if name.startswith("_after_") and name != "_after_copy"}


def _ctx_names(ctx: dict, env: Env) -> str | None:
    """The pending decision's kind is one of the engine's; 6.1's tie calls ``_after_<cont>`` with
    ``data`` as keyword arguments."""
    from .engine import StatisProEngine

    if "decision" in ctx and ctx["decision"][0] not in StatisProEngine.decision_kinds:
        return f"decision[0] must be one of {', '.join(StatisProEngine.decision_kinds)}, got {ctx['decision'][0]!r}"
    if "cont" not in ctx:
        return None
    conts = _continuations()
    if ctx["cont"] not in conts:
        return f"cont must be one of {', '.join(sorted(conts))}, got {ctx['cont']!r}"
    params = [p for p in conts[ctx["cont"]].parameters if p != "self"]
    data = ctx.get("data", {})
    if not isinstance(data, dict) or any(k not in params or not isinstance(v, int) for k, v in data.items()):
        return f"data must hold integer arguments among {', '.join(params)} of the foul it continues, got {data!r}"
    return None


CTX_FIELDS = {
    "decision": Tuple(Str(), Side, List(ACTION, lo=1, distinct=True)),  # (kind: one of decision_kinds, side, legal)
    "then": Str(THEN), "cont": Str(), "data": JSON(), "fd_side": Side,
    "foul": Str(("shot_foul", "lb_def", "lb_off", "fb_and_one", "fb_fouled", "z_foul")),
    # slots of the five on the court
    "s": Slot, "o": Slot, "d": Slot, "to": Slot, "orig": Slot, "shooter": Slot, "stealer": Slot, "blocker": Slot,
    "target": Slot, "slot": Slot, "passer": SLOT_OR_NONE, "fouled": SLOT_OR_NONE,
    "i": Int(0, _any_roster), "old": Int(0, _any_roster), "new": Int(0, _any_roster),
    "side": Side, "fouler": Side,
    "three": Bool(), "open": Bool(), "dead": Bool(), "last": Bool(), "fb": Bool(), "air": Bool(), "ft": Bool(),
    "asked": Bool(), "offered": Bool(), "owed_done": Bool(), "press_asked": Bool(), "q_freeze": Bool(),
    "q_miss": Bool(), "intentional": Bool(), "no_assist": Bool(), "primary": Bool(),
    "rest_hit": Int(-1, 1),  # the side whose player a Z READING sent to Mandatory Rest, or -1
    "forced": Int(-100, 100), "freeze": Int(0, 100), "att": Int(-1000, 1000), "ast": Int(-1000, 1000), "no": Int(0, 1000),
    "choice_no": Int(0, 1000), "n": Int(0, 1000), "done": Int(0, 100), "extra": Int(-1000, 1000),
    "after": Str(), "kind": Str(), "jump": Str(("tip", "held", "rebound", "double_foul")),
    "src": Str(("action", "advance", "press")), "col": Str(), "sec": List(Int(-1000, 1000), hi=10),
}
CTX_DICT = Dict(CTX_FIELDS, optional=tuple(CTX_FIELDS))

# 16C: what a foul that may still be ignored carries in ``ctx.data``, by ``ctx.foul`` (DecisionMixin._void_resolved)
SHOT = Dict({"s": Slot, "three": Bool(), "made": Bool(), "number": Int(0, 1000), "rating": Int(-1000, 1000),
             "rpg": Int(0, 1000), "passer": SLOT_OR_NONE, "open": Bool(), "no_assist": Bool(), "last": Bool(),
             "fb": Bool(), "fouler": SLOT_OR_NONE, "where": Int(K.FOUL_BY_FOUL_NUMBER, 4), "pd": Slot})
VOID_DATA = {"shot_foul": SHOT, "lb_def": Dict({"reb": CTX_DICT}), "lb_off": Dict({"reb": CTX_DICT}),
             "fb_and_one": Dict({"slot": Slot}), "fb_fouled": Dict({"slot": Slot}),
             "z_foul": Dict({"code": Int(-1000, 1000)})}


class _Ctx(Spec):
    """The context of the play being resolved: its fields, the names it continues with, and the data
    of a foul that may still be ignored (16C) by the foul's kind."""

    def describe(self, env: Env) -> str:
        return "an object"

    def check(self, value, path, env):
        CTX_DICT.check(value, path, env)
        problem = _ctx_names(value, env)
        if problem:
            raise env.fail(path, problem)
        if "foul" in value:
            if "data" not in value:
                raise env.fail(f"{path}.data", f"is missing (the data of the {value['foul']} that may be ignored)")
            VOID_DATA[value["foul"]].check(value["data"], f"{path}.data", env)


CTX = _Ctx()

MENU_FIELDS = {
    "queue": List(Side, hi=2), "resume": PHASE, "kind": Str(("dead", "live", "period", "timeout")),
    "changes": Int(0, A.MENU_CHANGE_LIMIT),
    "caller": Side, "fouler": Side, "subs_done": PerSide(Int(0, 100)), "twenty": Bool(),
}
MENU = Dict(MENU_FIELDS, optional=tuple(MENU_FIELDS), extra=JSON())


def _piles_and_score(state: dict, env: Env) -> str | None:
    seen: dict[str, str] = {}
    for pile in ("fac", "dead", "discard"):
        for k in state[pile]:
            if k in seen:
                return f"card {k!r} is in both the {seen[k]} pile and the {pile} pile (each card is in one place)"
            seen[k] = pile
    for side in (0, 1):
        total = sum(st[PTS] for st in state["stats"][side])
        if state["pts"][side] != total:
            return f"pts[{side}] ({state['pts'][side]}) must equal the players' points ({total})"
    return None


CARD = Str(tuple(K.BY_KEY))
STATE_FIELDS = {
    "teams": Skip(), "options": Skip(),  # parsed as team files and rule options before this check
    "period": Int(0, 1000), "two_min": Bool(), "eleven": Bool(),
    "pts": PerSide(Int(0, MAX_COUNT)),
    "lineup": PerSide(List(RosterIndex, 5, distinct=True)),
    "guard": PerSide(List(Slot, 5, distinct=True)),  # the offensive slot each defender guards (PD cards)
    "stats": PerSide(PerPlayer(List(Int(0, MAX_COUNT), len(STAT_NAMES)))),
    "team_reb": PerSide(Int(0, MAX_COUNT)), "team_tov": PerSide(Int(0, MAX_COUNT)), "poss": PerSide(Int(0, MAX_COUNT)),
    "team_fouls": PerSide(Int(0, MAX_COUNT)), "team_fouls_last2": PerSide(Int(0, MAX_COUNT)),
    "timeouts_used": PerSide(Int(0, 100)), "timeouts20_used": PerSide(Int(0, 100)), "timeouts_q4": PerSide(Int(0, 100)),
    "timeouts_last2": PerSide(Int(0, 100)), "owed_timeout": PerSide(Bool()),
    "status": PerSide(PerPlayer(Int(0, 3))),  # OK, FOULED_OUT, EJECTED, INJURED_OUT
    "inj_until": PerSide(PerPlayer(Int(0, 1000))),
    "injured": PerSide(PerPlayer(Bool())), "tired": PerSide(PerPlayer(Bool())), "mandatory_rest": PerSide(PerPlayer(Bool())),
    "rested": PerSide(PerPlayer(List(Bool(), 2))), "played_rp": PerSide(PerPlayer(Bool())),
    "rp_grace": Bool(), "rest_period": Int(0, 2),
    "great_night": Tuple(Int(-1, 1), ROSTER_OR_NONE),
    "three_point_offense": PerSide(Bool()), "three_point_defense": PerSide(Bool()),
    "double_team": PerSide(Tuple(ROSTER_OR_NONE, ROSTER_OR_NONE)),  # Double Team: [target, helper] roster indices
    "illegal_def": PerSide(Int(0, 100)),
    "tip_in": Bool(), "injury_done": Bool(),
    # 14G: [side, roster index, until] of an injured defender still in play, or []
    "inj_wait": OneOf(List(JSON(), 0), Tuple(Side, Int(0, _any_roster), Int(0, 1000))),
    "missed_games": List(Tuple(Side, Int(0, _any_roster), Int(0, 1000))),
    "index": PerSide(Int(0, 12)), "index_start": PerSide(Int(0, 12)), "index_spent": PerSide(Int(0, 12)),
    "opening": Int(-1, 1), "arrow": Int(-1, 1), "off": Side,
    "ballhandler": SLOT_OR_NONE, "prev_ballhandler": SLOT_OR_NONE, "passes": Int(0, 100), "limit": Int(0, 100), "ext_used": Bool(),
    "assist_from": SLOT_OR_NONE, "open_from": SLOT_OR_NONE, "pass_no": Int(0, 1000), "assist_no": Int(0, 1000),
    "via": Str(("", "action", "advance", "ob", "orb", "press", "recovery")),
    "play_call": PerSide(ROSTER_OR_NONE),
    "press_next": Bool(), "from_dead": Bool(), "last_fac_heave": Int(0, 1000), "last_shot_used": Bool(),
    "phase": PHASE, "ctx": CTX, "menu": MENU, "dead_from_discard": Bool(),
    "fac": List(CARD), "dead": List(CARD), "discard": List(CARD),
}
STATE = Check(Dict(STATE_FIELDS, optional=(k for k in STATE_FIELDS if k not in ("teams", "options", "fac", "dead",
                                                                                 "discard"))), _piles_and_score)


# fields renamed to say what they hold (saves before the rename use the old keys): old key -> new key
RENAMED_FIELDS = {"tf": "team_fouls", "tf_last2": "team_fouls_last2", "to_used": "timeouts_used",
                  "to20_used": "timeouts20_used", "to_q4": "timeouts_q4", "to_last2": "timeouts_last2",
                  "owed_to": "owed_timeout", "mrest": "mandatory_rest", "rp": "rest_period",
                  "tpo": "three_point_offense", "tpd": "three_point_defense", "dt": "double_team", "bh": "ballhandler",
                  "prev_bh": "prev_ballhandler"}


def migrate_state(state: dict) -> dict:
    """A saved state with every field under today's name: the one place the old keys are read (the
    check and the restore both take the state through it). A new dict when a key was renamed."""
    if not any(k in state for k in RENAMED_FIELDS):
        return state
    return {RENAMED_FIELDS.get(k, k): v for k, v in state.items()}


def check_state(state: dict, env: Env) -> None:
    """Check a saved Statis Pro game's ``state`` (raises SavedGameError naming the field)."""
    state = migrate_state(state)
    teams_and_options(state, env, parse_team, StatisProOptions)
    check(state, STATE, env, "state")
