"""The FUBA engine's state, declared once (``DECLARATION``, on :mod:`coachgym.core.state`): each
field's saved key (the engine attribute of that name; a ``team=True`` field is the attribute of that
name of each team's :class:`~.state.TeamState`, ``game.team_state[side]``, saved as a [home, away]
list), what a saved value may hold, how a copy treats it and what it holds. The save (``FubaEngine._state_to_dict``), the save's check
(``check_state``, run by ``FubaEngine.from_dict`` before restoring; see :mod:`coachgym.core.savecheck`)
and the clone plan (``copying.PLAN``) derive from it. The teams are team files (``parse_team``: the
same checks and messages as a team file), the options go through the rule-option check, every piece
and the ball stand on an area of the board (1.4) or off it, and the names the engine continues with
(``phase``, ``ctx.cont``, ``ctx.ret_phase``) must be ones it knows. Keys older saves used are read
under their new names (``RENAMED``, ``migrate``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypedDict

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
from ...core.state import Field, StateDeclaration, TeamRecords
from .board import N_AREAS, SKILLS, WEATHER
from .options import FubaOptions
from .state import INJURED, ROLES, STAT_KEYS, TeamState
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

# The phase's working data (the engine's ``ctx``, saved under these keys; ``CTX`` checks a saved one):
# what one phase hands the next. Every key is optional: a phase sets the ones it passes on. Two keys are
# Python words ("for", "in"), so the class is written in TypedDict's functional form.
PhaseContext = TypedDict("PhaseContext", {
    "side": int,  # the side whose decision the phase asks for (a movement's, a formation's, a choice's)
    "ct": int,  # a restart: the side controlling the ball (it takes the set piece)
    "kind": str,  # a restart's or a setup's set piece (kickoff, corner, free_kick, goal_kick, penalty)
    "area": int,  # a restart's or a setup's area
    "slow_asked": bool,  # A9: the defending coach was asked whether to slow the restart down
    "order": list[int],  # a setup: the sides in the order they place their pieces
    "i": int,  # the entry of ``order`` (a setup) or ``sides`` (substitutions) whose turn it is
    "keeper": int | None,  # a penalty kick: the goalkeeper's hidden spot, None until chosen
    "roles": bool,  # A2: the formation choice has reached the roles
    # a movement (MovementMixin._begin_moves)
    "mode": str,  # what the movement is (reaction, sprint, into_target, catenaccio ...)
    "cont": str,  # the continuation its last move goes on with (CONTINUATIONS)
    "moved": list[int],  # the pieces that have moved
    "n": int,  # moves made (substitutions: substitutions to make, -1 until counted)
    "src": list[int] | None,  # the piece chosen and its area, waiting for a destination
    "dribbled": bool,  # a dribble has been made
    "left": int,  # moves after which the movement ends (a sprint's dice)
    "limit": int,  # moves after which only "done" is offered
    "major": list[int],  # 4.1 reaction: the areas where the side outnumbers the opponent
    "target": int,  # into_target / easy_ct: the area the moves go into
    "piece": int,  # A12 catenaccio: the piece that steps up
    "dribble_ok": bool,  # a creative free movement may dribble
    "must": bool,  # the movement goes on while a move is legal
    "no_keeper": bool,  # the goalkeeper may not move
    "b2b": bool,  # A12 box-to-box midfielder: its extra reaction move is used
    "runner": bool,  # A12 runner: its extra reaction move is used
    "press": dict[str, Any],  # A12 midfield pressing: the pressing (side, aggressive, counter) after the move
    # substitutions (A3: SubstitutionsMixin)
    "sides": list[int],  # the sides offered substitutions, in order
    "done": int,  # substitutions made
    "step": str,  # where the side's substitutions stand (count, roll, cp ...)
    "pts": int,  # A1: condition points the substitutions bring
    "ret_phase": str,  # the phase the substitutions interrupted
    "ret_ctx": "PhaseContext",  # its context
    "in": str,  # A12: the skill coming in from the reserve
    # choices inside a turn
    "for": str,  # A1: what a condition point is asked for (sprint, positioning)
    "special": bool,  # 4.2: the momentum roll calls a special event (A13)
    "aggressive": bool,  # A6: the pressing is aggressive
    "counter": bool,  # A12 gegenpressing: the pressing is a counter-press
    "free_kick": bool,  # the goal attempt is a direct free kick
    "skill": str,  # A12: the skill offered
    "who": int,  # A13: the side the special event is for
    "what": str,  # A12 fanatical fans: the roll they may change (pass, pressing ...)
    "dice": list[int],  # its dice
    "args": dict[str, Any],  # what its resolution goes on with
    # keys of the action being resolved (``resolving``) the save check also admits here; no phase sets them
    "short": bool, "sp_done": bool, "tfc_asked": bool, "inc": Any, "lc": Any, "moves": Any,
}, total=False)

CTX_FIELDS = {
    "side": Side, "ct": Side, "i": Int(0, 20), "n": Int(-1, 20), "done": Int(0, 20), "left": Int(0, 20),
    "limit": Int(0, 20), "pts": Int(0, 20), "keeper": Int(0, 20),
    "area": AREA, "target": AREA, "src": Opt(JSON()), "moved": List(Int(0, 20)), "major": List(AREA),
    "order": List(Side, hi=2), "sides": List(Side, hi=2),
    "cont": Check(Str(), _cont_known), "ret_phase": PHASE, "ret_ctx": JSON(),  # checked as a context below
    "mode": Str(), "kind": Str(), "step": Str(), "for": Str(), "in": Str(), "what": Str(), "piece": Int(0, 20),
    "dribble_ok": Bool(), "dribbled": Bool(), "free_kick": Bool(), "must": Bool(), "roles": Bool(),
    "slow_asked": Bool(), "special": Bool(), "aggressive": Bool(), "no_keeper": Bool(),
    # A12 midfield pressing: the pressing waiting for the skill's move (defending._cont_press)
    "press": Dict({"side": Side, "aggressive": Bool(), "counter": Bool()}),
    "short": Bool(), "sp_done": Bool(), "tfc_asked": Bool(), "b2b": Bool(),
    "counter": JSON(), "dice": JSON(), "inc": JSON(), "lc": JSON(), "moves": JSON(), "runner": JSON(), "skill": JSON(),
    "who": JSON(), "args": JSON(),
}
_CTX = Dict(CTX_FIELDS, optional=tuple(CTX_FIELDS))


def _ret_ctx(ctx: dict[str, Any], env: Env) -> str | None:
    """A substitution (A3) keeps the interrupted step's context in ``ret_ctx``: the same checks."""
    if "ret_ctx" in ctx:
        inner = ctx["ret_ctx"]
        check(inner, CTX, env, "state.ctx.ret_ctx")
    return None


CTX = Check(_CTX, _ret_ctx)
PCTX = Dict({}, extra=JSON())  # the pass or move being resolved: numbers and flags the steps read
QUEUE_ITEM = Dict({"kind": Str(("remove", "injury_sub", "line_change")), "side": Side, "piece": PIECE, "area": AREA},
                  optional=("piece", "area"))


def _goals_counted(state: dict[str, Any], env: Env) -> str | None:
    for side in (0, 1):
        if state["goals"][side] != state["stats"][side]["goals"]:
            return f"goals[{side}] ({state['goals'][side]}) must equal stats[{side}].goals ({state['stats'][side]['goals']})"
    return None


# The engine's state, declared once: each field's saved key (the engine attribute of that name; a
# team=True field: each team's state object's, saved [home, away]), what a saved value may hold, how a
# copy treats it, and what it holds. The save (FubaEngine._state_to_dict),
# its check (check_state) and the clone plan (copying.PLAN) derive from it.
DECLARATION = StateDeclaration(
    Field("formation", PerSide(Opt(List(Int(0, 10), 3))), "rows",
          "each side's formation card: defenders, midfielders, forwards (2.1); null until chosen", team=True),
    Field("roles", PerSide(List(Int(0, 10), len(ROLES))), "rows",
          "A2: each side's players in each special role (attacking midfielder ... offensive wing back)", team=True),
    Field("pos", PerSide(List(Int(INJURED, N_AREAS - 1), 11)), "rows",
          "each side's eleven pieces (0 the goalkeeper): an area (1.4), or OFF -1, UNPLACED -2, INJURED -3", team=True),
    Field("ball", AREA, "value", "the area the ball is in"),
    Field("ball_value", Int(0, 20), "value", "the ball value: 1 excellent control to 6 poor (4.2)"),
    Field("controlling", Side, "value", "the side controlling the ball (the defending side is the other)"),
    Field("phasing", Side, "value", "the phasing team of the turn (4)"),
    Field("acting", Side, "value", "the side whose action stage is being played"),
    Field("half", Int(1, 2), "value", "the half being played"),
    Field("minute", Int(0, 200), "value", "the time marker's minute (4.2.2)"),
    Field("stoppage", Int(0, 100), "value", "the stoppage-time square the time marker stands on (0: none, 4.2.2.2)"),
    Field("half_ending", Bool(), "value", "the half ends after this turn"),
    Field("goals", PerSide(Int(0, MAX_COUNT)), "flat", "goals scored, per side", team=True),
    Field("yellow", PerSide(Int(0, 100)), "flat", "yellow cards against each side still counting (5.6)", team=True),
    Field("red", PerSide(Int(0, 11)), "flat", "players each side has had sent off (5.6)", team=True),
    Field("condition", PerSide(List(Int(0, 100), 3)), "rows",
          "A1: each side's condition points per line (defence, midfield, forwards)", team=True),
    Field("subs", PerSide(Int(0, 11)), "flat", "A3: substitutions each side has made", team=True),
    Field("first_kickoff", Side, "value", "the side that kicked off the first half (2.2)"),
    Field("turns", Int(0, MAX_COUNT), "value", "turns played"),
    Field("phase", PHASE, "value", "what happens next: a _phase_NAME of the engine, or over"),
    Field("ctx", CTX, "nested", "the phase's working data"),
    Field("resolving", PCTX, "nested", "the action being resolved (a pass, a sprint, a goal attempt): its dice and flags"),
    Field("queue", List(QUEUE_ITEM, hi=50), "nested",
          "decisions due ahead of any phase: a red card's removal (5.6.2), an injured player's replacement (A4), "
          "a trained formation change's line changes (A12)"),
    Field("actions_left", Int(0, 20), "value", "actions left to the acting side in this action stage (4.3)"),
    Field("turn_over", Bool(), "value", "the turn has ended early (the ball was lost)"),
    Field("set_piece", Opt(Str(SET_PIECES)), "value", "the set piece being taken, if any"),
    Field("turn_bonus", Int(0, 20), "value", "goal-attempt bonus earned this turn"),
    Field("no_offside_risk", Bool(), "value", "A7: the offside risk is off for this turn"),
    Field("free_condition_point", Bool(), "value", "A13 terrace chant: a free condition point for the phasing team's first action"),
    Field("fast_situation_pending", Bool(), "value", "A13 fast situation: the non-phasing team is playing its extra action"),
    Field("weather", Opt(Str(WEATHERS)), "value", "A10: the weather, if any"),
    Field("keeper_injury_bonus", PerSide(Int(0, 20)), "flat",
          "A4: +1 per injury for the opponent's goal attempts, per side, when a keeper would be removed", team=True),
    Field("injured", List(Tuple(Side, PIECE, Int(0, MAX_COUNT))), "nested",
          "A4: [side, piece, clock of return] of each piece out injured for a few minutes"),
    Field("stats", PerSide(Dict({k: Int(0, MAX_COUNT) for k in STAT_KEYS})), "rows", "each side's match statistics", team=True),
    Field("clock_reached", Int(0, MAX_COUNT), "value", "the highest game clock reached (time never goes back)"),
    Field("charged", Bool(), "value", "A5: the goalkeeper charge was made this turn"),
    Field("fast_situation_actions", Int(0, 100), "value",
          "A13 fast situation: the phasing team's actions left, given back after the extra action"),
    Field("skills", PerSide(List(SKILL)), "rows", "A12: each side's match skills", team=True),
    Field("reserve", PerSide(List(SKILL)), "rows", "A12: each side's reserve skills", team=True),
    Field("offers", List(Tuple(Side, SKILL)), "nested", "A12: [side, skill] offers waiting for their coach's answer"),
    Field("active", PerSide(List(SKILL)), "rows", "A12: skills played in the current resolution, per side", team=True),
    Field("turn_flags", List(Str()), "flat", "A12: skills shaping the current turn"),
    Field("turn_set_piece", Opt(Str(SET_PIECES)), "value", "the set piece the current turn began with"),
    Field("last_condition_spent", Opt(List(Int(0, 100), 2)), "flat",
          "A1: [line, points] of the last condition point spent (A12 angry coach gives it back)"),
    Field("coach_off", PerSide(Bool()), "flat", "A12 angry coach: each side's coach has been sent off", team=True),
    share=("teams", "options", "_pt_cache"),  # _pt_cache: keyed on everything it depends on, read-only answer
    fresh={"_dcache": lambda: (None, -1, {})},  # movement memo keyed on the ctx object
    # the team=True fields: held per side on the engine's team_state objects (state.TeamState), saved
    # as the per-side lists they always were
    team=TeamRecords("team_state", TeamState),
)

# saved keys renamed (issue 24: names that say what they hold): a save from before is read with the new
# names, here and only here
RENAMED = {"bv": "ball_value", "ct": "controlling", "cp": "condition", "pctx": "resolving",
           "nt_pending": "fast_situation_pending", "nt_saved": "fast_situation_actions", "gk_bonus": "keeper_injury_bonus",
           "turn_start_sp": "turn_set_piece", "clock_high": "clock_reached", "free_cp": "free_condition_point",
           "last_cp": "last_condition_spent"}


def migrate(state: dict[str, Any]) -> dict[str, Any]:
    """A saved state with the keys of this version: older saves' keys (RENAMED) read under their new
    names. A new dict when anything is renamed; the saved state itself is never changed."""
    if not isinstance(state, dict) or not any(k in state for k in RENAMED):
        return state
    return {RENAMED.get(k, k): v for k, v in state.items()}


STATE = Check(DECLARATION.spec({"teams": Skip(), "options": Skip()}),  # parsed as team files and rule options first
              _goals_counted)


def check_state(state: dict[str, Any], env: Env) -> None:
    """Check a saved FUBA game's ``state`` (raises SavedGameError naming the field)."""
    state = migrate(state)
    teams_and_options(state, env, parse_team, FubaOptions)
    check(state, STATE, env, "state")
