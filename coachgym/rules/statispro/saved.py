"""What a saved Statis Pro game may hold (checked by ``StatisProEngine.from_dict`` before restoring;
see :mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same checks and
messages as a team file), the options go through the rule-option check, the FAC piles must hold
cards of the deck (3.1) each once, and every field of the state, the pending menu and the context
of the play being resolved is checked for type and range; the names the engine continues with
(``then``, ``cont``) must be ones it knows."""

from __future__ import annotations

import inspect
from typing import Any, TypedDict

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
from ...core.state import Field, StateDeclaration, TeamRecords
from . import actions as A
from . import cards as K
from .constants import PHASE_NAMES, PTS, STAT_NAMES
from .options import StatisProOptions
from .state import TeamState
from .teams import parse_team

MAX_COUNT = 10_000
PHASE = Str(PHASE_NAMES)  # (saves of engine version 6 and before: the phase's index in PHASE_NAMES, migrated)
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

    return {name: inspect.signature(f) for name, f in StatisProEngine.CONTINUATIONS.items()}


def _ctx_names(ctx: dict[str, Any], env: Env) -> str | None:
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


class PlayContext(TypedDict, total=False):
    """The context of the play being resolved (the engine's ``ctx``, saved under these keys;
    :data:`CTX` checks a saved one): what one phase of a play hands the next. Every key is optional: a
    phase sets the ones it passes on (``{}``: nothing pending). A slot is a position on the court (0-4,
    PG to C); a roster index a player of the team's roster."""

    # a coach's choice the play waits on (PH_WAIT, DecisionMixin._wait_resolved)
    decision: tuple[str, int, list[int]]  # (kind, side, legal actions); saved as a list (engine._fix_ctx)
    then: str  # what the answer continues with (THEN)
    cont: str  # 6.1: the @continuation an FD# tie goes on with once the home coach names the player
    data: dict[str, Any]  # its keyword arguments; 16C: the foul that may still be ignored (VOID_DATA)
    fd_side: int  # 6.1: the side whose FD# tie is broken
    foul: str  # 16C: the kind of foul that Index Points may still void
    # a shot being resolved (ShootingMixin._setup_shot)
    s: int  # the shooter's slot
    three: bool  # a three-point shot
    forced: int  # passes beyond the shooter's ATTEMPTS (a forced shot's penalty)
    open: bool  # an Open Shot (4.4)
    passer: int  # the slot of the passer who may earn an assist (4.4), or -1
    fouled: int  # the slot of the defender already charged with a foul on the shot, or -1
    dead: bool  # the play starts from a dead ball
    last: bool  # the period's last shot (14O)
    fb: bool  # a fast-break shot
    no_assist: bool  # the shot earns no assist (the ball came from no passer)
    att: int  # the Ballhandler's ATTEMPTS for this pass (5.5 Double Team, 8.42 play call applied)
    blocker: int  # the slot of the defender who blocked the shot
    # a rebound (ReboundMixin)
    shooter: int  # the slot of the player whose shot (or free throw) missed
    air: bool  # the miss was an air ball (SHOT # 98 or more)
    ft: bool  # the miss was a free throw
    o: int  # 16B: the offense's best rebounder (slot)
    d: int  # 16B: the defense's best rebounder (slot)
    to: int  # 16B: the slot Index Points give the rebound to
    no: int  # the Pass # the rebound carries on (4.3)
    ast: int  # the assist number the rebound carries on (4.4)
    orig: int  # fast break: the slot of the defensive rebounder who starts it
    col: str  # fast break: the Fast Break column (from the teams' grades unless set)
    # free throws (FoulMixin._free_throws)
    side: int  # the shooting side; a rest or injury choice: the player's side
    i: int  # the shooter's roster index
    n: int  # free throws to shoot; an injury choice: the injury's length
    done: int  # free throws shot
    after: str  # after a made last shot: "other", "keep" or "keep14" (_free_throws)
    kind: str  # the kind of free throws ("two", "one_and_one" ...)
    freeze: int  # freeze timeouts called on the shooter
    q_freeze: bool  # the defense was asked whether to freeze the shooter
    q_miss: bool  # the shooter's coach was asked whether to miss on purpose
    intentional: bool  # an intentional foul (6.2: no FAC for the shot)
    fouler: int  # the side that fouled (its dead-ball menu may change players)
    # passes, steals, jump balls
    stealer: int  # 16: the slot of the defender whose steal Index Points may buy
    target: int  # the slot of the Ballhandler he steals from
    choice_no: int  # a coach's pass_to choice: the Pass # it gets
    src: str  # the card section the play came from: "action", "advance" or "press"
    sec: list[int]  # the play section being resolved when Index Points were offered
    jump: str  # a jump ball: "tip", "held", "rebound" or "double_foul"
    slot: int  # a held ball's or a rebound jump's slot (the card's player jumps)
    # a possession's start (PlayMixin): what was offered already
    offered: bool  # the dead-ball menu was offered
    owed_done: bool  # the owed mandatory timeout was charged (8.4)
    press_asked: bool  # the defense was asked about a PRESS for the next FAC (4.2)
    asked: bool  # the offense was asked three or two
    # Z READINGS: Mandatory Rest (14A), injuries (14G)
    new: int  # 14A: the roster index the Z READING sends to Mandatory Rest
    old: int  # 14A: the roster index already in that group's box (the coach chooses between them)
    extra: int  # 15F: extra Z READINGS still to draw
    rest_hit: int  # the side whose player a Z READING sent to Mandatory Rest, or -1
    primary: bool  # the Mandatory Rest is the Z READING's own (not a 15F extra)


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

    def check(self, value: Any, path: str, env: Env) -> None:
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


def _piles_and_score(state: dict[str, Any], env: Env) -> str | None:
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
PER_SIDE_COUNT = PerSide(Int(0, MAX_COUNT))
TIMEOUTS = PerSide(Int(0, 100))
PER_PLAYER_FLAG = PerSide(PerPlayer(Bool()))

# The state, declared once: each field's saved name (the engine attribute; a team=True field: the attribute
# of each team's state object, game.team_state[side], saved [home, away]), what a saved value may hold,
# how a clone copies it and what it holds (coachgym.core.state). The engine's save (StatisProEngine._STATE),
# the saved game's check (STATE) and the clone plan (copying.PLAN) derive from it. Besides it a save holds
# the teams and options, and the FAC piles by card key (engine._state_to_dict).
DECLARATION = StateDeclaration(
    Field("period", Int(0, 1000), "value", "the period being played (1-4, 5 on: overtimes; 0 before the game)"),
    Field("two_min", Bool(), "value", "the 2:00 Time card of the period has come (8.1)"),
    Field("eleven", Bool(), "value", "the 11:00 card: the final minute of the period (8.1)"),
    Field("pts", PER_SIDE_COUNT, "flat", "points per side", team=True),
    Field("lineup", PerSide(List(RosterIndex, 5, distinct=True)), "rows",
          "per side: the roster index at each slot PG, SG, SF, PF, C", team=True),
    Field("guard", PerSide(List(Slot, 5, distinct=True)), "rows",
          "per defending side: the offensive slot each defender guards (the PD cards, 3.2 / 6.6)", team=True),
    Field("stats", PerSide(PerPlayer(List(Int(0, MAX_COUNT), len(STAT_NAMES)))), "cube",
          "per side and roster player: the box score line (constants.STAT_NAMES)", team=True),
    Field("team_reb", PER_SIDE_COUNT, "flat", "Team Rebounds per side (10J)", team=True),
    Field("team_tov", PER_SIDE_COUNT, "flat", "team turnovers per side", team=True),
    Field("poss", PER_SIDE_COUNT, "flat", "possessions per side", team=True),
    Field("team_fouls", PER_SIDE_COUNT, "flat", "Team Fouls per side this period (6.3; per half in NCAA, 19.5)", team=True),
    Field("team_fouls_last2", PER_SIDE_COUNT, "flat", "Team Fouls per side in the period's final 2:00 (6.3)", team=True),
    Field("timeouts_used", TIMEOUTS, "flat", "full timeouts charged per side in the game (8.4)", team=True),
    Field("timeouts20_used", TIMEOUTS, "flat", "20-second timeouts per side this half (8.4)", team=True),
    Field("timeouts_q4", TIMEOUTS, "flat", "timeouts per side in the fourth quarter and overtime (8.4)", team=True),
    Field("timeouts_last2", TIMEOUTS, "flat", "timeouts per side in the game's final 2:00 (8.4)", team=True),
    Field("owed_timeout", PerSide(Bool()), "flat",
          "per side: a mandatory timeout is charged at the start of its next possession (8.4)", team=True),
    Field("status", PerSide(PerPlayer(Int(0, 3))), "rows",
          "per side and roster player: OK, FOULED_OUT, EJECTED or INJURED_OUT (constants)", team=True),
    Field("inj_until", PerSide(PerPlayer(Int(0, 1000))), "rows",
          "per side and roster player: the period through which an injured player is out (14G)", team=True),
    Field("injured", PER_PLAYER_FLAG, "rows", "per side and roster player: playing hurt, ratings two worse (14G)", team=True),
    Field("tired", PER_PLAYER_FLAG, "rows", "per side and roster player: Fatigued (5.4)", team=True),
    Field("mandatory_rest", PER_PLAYER_FLAG, "rows", "per side and roster player: in the Mandatory Rest box (14A)", team=True),
    Field("rested", PerSide(PerPlayer(List(Bool(), 2))), "cube",
          "per side and roster player: rested a full Rest Period in the first / second half (5.4)", team=True),
    Field("played_rp", PER_PLAYER_FLAG, "rows",
          "per side and roster player: played in the current Rest Period (5.4)", team=True),
    Field("rp_grace", Bool(), "value",
          "substitutions at the start of a Rest Period still count as resting in it (5.4)"),
    Field("rest_period", Int(0, 2), "value",
          "the Rest Period of the quarter: 0 start-5:00, 1 5:00-9:00, 2 9:00-end (14A)"),
    Field("great_night", Tuple(Int(-1, 1), ROSTER_OR_NONE), "flat",
          "[side, roster index] of the player having a Great Night (14I), or [-1, -1]"),
    Field("three_point_offense", PerSide(Bool()), "flat", "per side: the Three Point Offense is declared (4.61)", team=True),
    Field("three_point_defense", PerSide(Bool()), "flat", "per side: the Three Point Defense is declared (4.62)", team=True),
    Field("double_team", PerSide(Tuple(ROSTER_OR_NONE, ROSTER_OR_NONE)), "rows",
          "per defending side: [target, helper] roster indices of its Double Team (5.5), or [-1, -1]", team=True),
    Field("illegal_def", PerSide(Int(0, 100)), "flat", "illegal defense warnings per side (14L)", team=True),
    Field("tip_in", Bool(), "value", "the next shot is a tip-in (10)"),
    Field("injury_done", Bool(), "value", "this game's one injury Z READING has happened (14G)"),
    Field("inj_wait", OneOf(List(JSON(), 0), Tuple(Side, Int(0, _any_roster), Int(0, 1000))), "flat",
          "[side, roster index, until] of an injured defender still in play (14G), or []", optional=True),
    Field("missed_games", List(Tuple(Side, Int(0, _any_roster), Int(0, 1000))), "rows",
          "[side, roster index, games] of each injury's games missed after this one (14G)"),
    Field("index", PerSide(Int(0, 12)), "flat", "Index Points left per side (16)", team=True),
    Field("index_start", PerSide(Int(0, 12)), "flat", "Index Points per side at the start of the game (16)", team=True),
    Field("index_spent", PerSide(Int(0, 12)), "flat", "Index Points spent per side this period (16)", team=True),
    Field("opening", Int(-1, 1), "value", "the side that won the opening jump (3.4), or -1"),
    Field("arrow", Int(-1, 1), "value", "NCAA/FIBA alternating possession: the side it points to (19.3, 20.3)"),
    Field("off", Side, "value", "the side with the ball"),
    Field("ballhandler", SLOT_OR_NONE, "value", "slot of the offense's Ballhandler, or -1"),
    Field("prev_ballhandler", SLOT_OR_NONE, "value", "slot of the Ballhandler before the last pass, or -1"),
    Field("passes", Int(0, 100), "value", "passes (ACTION/ADVANCE results) used this possession (4.3)"),
    Field("limit", Int(0, 100), "value", "passes allowed this possession (4.3, 13A, 15K)"),
    Field("ext_used", Bool(), "value", "the one 13A extension of the 24-Second clock is used"),
    Field("assist_from", SLOT_OR_NONE, "value", "slot of a Ballhandler who qualified for an Assist (4.4), or -1"),
    Field("open_from", SLOT_OR_NONE, "value",
          "slot of the passer who set up the Ballhandler's Open Shot (4.4, 5.5), or -1"),
    Field("pass_no", Int(0, 1000), "value", "the Pass # the Ballhandler received (4.3)"),
    Field("assist_no", Int(0, 1000), "value", "the assist number of that pass (4.4), 0: none"),
    Field("via", Str(("", "action", "advance", "ob", "orb", "press", "recovery")), "value",
          "how the Ballhandler got the ball"),
    Field("play_call", PerSide(ROSTER_OR_NONE), "flat", "per side: roster index named for the next shot (8.42), or -1", team=True),
    Field("press_next", Bool(), "value", "the defense declared a PRESS for the next FAC (4.2)"),
    Field("from_dead", Bool(), "value", "the next ACTION/PRESS/ADVANCE comes from the Dead Ball Deck (8.41, 8.7)"),
    Field("last_fac_heave", Int(0, 1000), "value",
          "the last FAC's heave (14O): its RPG, +200 with the visitors on offense; 0: none"),
    Field("last_shot_used", Bool(), "value", "the period's last shot (14O) has been taken"),
    Field("phase", PHASE, "value", "what happens next (constants.PH_*)"),
    Field("ctx", CTX, "nested", "the context of the phase: the play being resolved (plain JSON types)"),
    Field("menu", MENU, "nested", "the open dead-ball or timeout menu: queue of sides, resume phase, kind"),
    Field("dead_from_discard", Bool(), "value",
          "8.3 rebuilt the Dead Ball Deck from the discard pile (its cards are known)", optional=True),
    share=("options", "teams", "clock"),  # options, rosters as prepared (14G), the league's clock table
    # memos, rebuilt on demand: effective ratings (engine.eff) and their rows, the menus' bench
    fresh={"_eff": lambda: [None, None], "_bench_cache": lambda: [None, None], "_eff_rows": dict},
    # the team=True fields: held per side on the engine's team_state objects (state.TeamState), saved
    # as the per-side lists they always were
    team=TeamRecords("team_state", TeamState),
)
# what a save holds besides the declared fields: the teams and options (checked as team files and rule
# options first), the FAC pile, the Dead Ball Deck and the discard pile by card key
OTHERS = {"teams": Skip(), "options": Skip(), "fac": List(CARD), "dead": List(CARD), "discard": List(CARD)}
STATE = Check(DECLARATION.spec(OTHERS), _piles_and_score)


# fields renamed to say what they hold (saves before the rename use the old keys): old key -> new key
RENAMED_FIELDS = {"tf": "team_fouls", "tf_last2": "team_fouls_last2", "to_used": "timeouts_used",
                  "to20_used": "timeouts20_used", "to_q4": "timeouts_q4", "to_last2": "timeouts_last2",
                  "owed_to": "owed_timeout", "mrest": "mandatory_rest", "rp": "rest_period",
                  "tpo": "three_point_offense", "tpd": "three_point_defense", "dt": "double_team", "bh": "ballhandler",
                  "prev_bh": "prev_ballhandler"}


def _phase_name(phase: Any) -> Any:
    """A phase as saved before phases were names: its index in PHASE_NAMES (anything else as it is)."""
    if isinstance(phase, int) and not isinstance(phase, bool) and 0 <= phase < len(PHASE_NAMES):
        return PHASE_NAMES[phase]
    return phase


def migrate_state(state: dict[str, Any]) -> dict[str, Any]:
    """A saved state with every field under today's name and the phases as names: the one place older
    saves are read (the check and the restore both take the state through it; older saves: the terse
    keys of RENAMED_FIELDS, phases as integers in ``phase`` and the menu's ``resume``). A new dict when
    anything changed; the saved dict is left as it was."""
    menu = state.get("menu")
    old_phase = isinstance(state.get("phase"), int) or (isinstance(menu, dict) and isinstance(menu.get("resume"), int))
    if not old_phase and not any(k in state for k in RENAMED_FIELDS):
        return state
    out = {RENAMED_FIELDS.get(k, k): v for k, v in state.items()}
    if "phase" in out:
        out["phase"] = _phase_name(out["phase"])
    if isinstance(menu, dict) and "resume" in menu:
        out["menu"] = {**menu, "resume": _phase_name(menu["resume"])}
    return out


def check_state(state: dict[str, Any], env: Env) -> None:
    """Check a saved Statis Pro game's ``state`` (raises SavedGameError naming the field)."""
    state = migrate_state(state)
    teams_and_options(state, env, parse_team, StatisProOptions)
    check(state, STATE, env, "state")
