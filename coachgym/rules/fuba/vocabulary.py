"""FUBA: situation variables and actions of strategy files.

The match clock is the engine's half and minute (1-45, 46-90). Where the ball is, is told from
the strategy's side: its half of the board (own, the centre area, the opponent's), its zone
(1.5: defence, midfield, attack) and the kind of area (penalty area, front, side, corner, centre).
Actions act at the action stage (4.3.1: pressing, positioning, sprint, passing ...), the goal
attempt after a creative outcome (4.8), the secret formation (2.1), condition points (A1), the
goalkeeper's charge (A5) and slowing down a restart (A9).
"""

from __future__ import annotations

from typing import Callable, cast

from ...core.engine import Engine
from ...strategy.conditions import WORD
from ...strategy.vocabulary import (
    WAIT,
    ActionWord,
    Argument,
    Moment,
    Variable,
    Vocabulary,
    by_name,
    choose_action,
    decision_variable,
    flag,
    number,
    score_variables,
)
from . import actions as AT
from .board import HALF_OWNER, KIND, ZONE, ZONE_NAMES
from .engine import FubaEngine

HALF_LENGTH = 45
AREA_KINDS = tuple(dict.fromkeys(k for k in KIND if k != "corner_spot"))


def _ball(g: Engine) -> int:
    """The area the ball is in (a variable's game is this ruleset's)."""
    return cast(FubaEngine, g).ball


def _ball_half(g: FubaEngine, side: int) -> str:
    owner = HALF_OWNER[g.ball]
    return "centre" if owner == -1 else "own" if owner == side else "opponent"


VARIABLES = [
    decision_variable(FubaEngine.decision_kinds),
    *score_variables(lambda g, s: g.team_state[s].goals, unit="goals"),
    number("half", "the half (1 or 2)", lambda g, s, d: g.half),
    number("minute", "the match minute (1-45 in the first half, 46-90 in the second)", lambda g, s, d: g.minute),
    number("minutes_left", "minutes left in the half", lambda g, s, d: max(0, HALF_LENGTH * g.half - g.minute)),
    number("game_minutes_left", "minutes left in the match", lambda g, s, d: max(0, 2 * HALF_LENGTH - g.minute)),
    flag("our_ball", "we control the ball", lambda g, s, d: g.controlling == s),
    Variable("ball_half", WORD, "where the ball is: our half, the centre area, their half",
             lambda g, s, d: _ball_half(cast(FubaEngine, g), s), ("own", "centre", "opponent")),
    Variable("ball_zone", WORD, "the ball's zone seen from our goal (1.5)",
             lambda g, s, d: ZONE_NAMES[ZONE[s][_ball(g)]], ZONE_NAMES),
    Variable("ball_area", WORD, "the kind of area the ball is in", lambda g, s, d: KIND[_ball(g)], AREA_KINDS),
    number("ball_value", "the ball value (1-6)", lambda g, s, d: g.ball_value),
    number("our_players_at_ball", "our players in the ball's area (at most six count, 1.4.1)",
           lambda g, s, d: g.count(s, g.ball)),
    number("their_players_at_ball", "their players in the ball's area", lambda g, s, d: g.count(1 - s, g.ball)),
    number("yellow_cards", "our yellow cards", lambda g, s, d: g.team_state[s].yellow),
    number("their_yellow_cards", "their yellow cards", lambda g, s, d: g.team_state[1 - s].yellow),
    number("red_cards", "our red cards", lambda g, s, d: g.team_state[s].red),
    number("their_red_cards", "their red cards", lambda g, s, d: g.team_state[1 - s].red),
    number("condition_points", "our condition points left (A1)", lambda g, s, d: sum(g.team_state[s].condition)),
    number("their_condition_points", "their condition points left", lambda g, s, d: sum(g.team_state[1 - s].condition)),
    number("substitutions_used", "our substitutions so far (A3)", lambda g, s, d: g.team_state[s].subs),
]

ACT = AT.ACT


def _defending(what: str) -> Callable[[Moment], int]:
    """An action stage choice of the team without the ball."""

    def resolve(m: Moment) -> int:
        if m.game.controlling == m.side:
            return WAIT
        return m.pick(ACT[what])

    return resolve


def _attacking(what: str) -> Callable[[Moment], int]:
    def resolve(m: Moment) -> int:
        if m.game.controlling != m.side:
            return WAIT
        return m.pick(ACT[what])

    return resolve


def _no_pressing(m: Moment) -> int:
    """Instead of the base coach's pressing: positioning, else a sprint, else end the action stage."""
    if m.base not in (ACT["pressing"], ACT["aggressive_pressing"]):
        return WAIT
    for what in ("positioning", "sprint", "end"):
        if ACT[what] in m.decision.legal:
            return ACT[what]
    return m.base


def _formation(m: Moment) -> int:
    d, mid, f = (int(x) for x in cast(str, m.arg).split("-"))  # (the verb takes a formation)
    return m.pick(AT.FORMATION_INDEX[(d, mid, f)])


ACTIONS = [
    ActionWord("pressing", "pressing (4.6) at the action stage when they have the ball", ("action",), _defending("pressing")),
    ActionWord("aggressive_pressing", "aggressive pressing (A6, a condition point)", ("action",),
               _defending("aggressive_pressing")),
    ActionWord("positioning", "positioning (4.5) when they have the ball", ("action",), _defending("positioning")),
    ActionWord("no_pressing", "no pressing: positioning (else a sprint, else end the action stage) where the base "
                              "coach would press", ("action",), _no_pressing),
    ActionWord("sprint", "a sprint (4.4)", ("action",), lambda m: m.pick(ACT["sprint"])),
    ActionWord("pass", "a pass (4.7) when we have the ball", ("action",), _attacking("pass")),
    ActionWord("end_actions", "end the action stage", ("action",), lambda m: m.pick(ACT["end"])),
    choose_action("goal_attempt", "make a goal attempt after a creative outcome (4.8)", ("goal_attempt",),
                  AT.TABLE.index("goal_attempt", shoot=True)),
    choose_action("no_goal_attempt", "no goal attempt: keep the ball", ("goal_attempt",),
                  AT.TABLE.index("goal_attempt", shoot=False)),
    ActionWord("formation", "the formation card (2.1, at the start and at half-time)", ("formation",), _formation,
               Argument("defenders-midfielders-forwards", tuple(f"{d}-{m}-{f}" for d, m, f in AT.FORMATIONS), "4-4-2")),
    choose_action("use_condition_point", "use a condition point when asked (A1)", ("use_cp",),
                  AT.TABLE.index("use_cp", use=True)),
    choose_action("keep_condition_point", "keep the condition point", ("use_cp",), AT.TABLE.index("use_cp", use=False)),
    choose_action("keeper_charges", "the goalkeeper charges out (A5)", ("charge",), AT.TABLE.index("charge", charge=True)),
    choose_action("keeper_stays", "the goalkeeper stays on his line", ("charge",), AT.TABLE.index("charge", charge=False)),
    choose_action("slow_down", "slow down the restart (A9)", ("slow",), AT.TABLE.index("slow", slow=True)),
    choose_action("restart_normally", "restart normally", ("slow",), AT.TABLE.index("slow", slow=False)),
]

VOCABULARY = Vocabulary("fuba", by_name(VARIABLES), by_name(ACTIONS), notes=(
    "ball_half, ball_zone and ball_area are seen from our goal: \"own\" is the half we defend."))

__all__ = ["VOCABULARY"]
