"""Statis Pro Basketball: situation variables and actions of strategy files.

The clock is the Fast Action Card pile (3.1): 15 cards a minute in every league's periods and
overtimes, so ``minutes_left`` is the cards left in the pile over 15 (the Time cards in the pile
make it run a few seconds fast). The final 2:00 of a game (8.3) and the last minute of a period
are the engine's own flags. Actions act at the coach's decisions of the rules: the dead-ball and
timeout menus (declarations, Double Teams, timeouts, substitutions), the PRESS of the final 2:00
(4.2), the Fast Break (10A), shoot or ADVANCE, three or two (4.6), fouling to stop the clock (8.7),
free throws (6.2) and freezing the shooter (6.7).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ...strategy.vocabulary import (
    WAIT,
    ActionWord,
    Argument,
    Bench,
    Moment,
    Vocabulary,
    by_name,
    choose_action,
    decision_variable,
    flag,
    foul_variables,
    number,
    rest_action,
    rest_guard,
    score_variables,
)
from . import actions as A
from .cards import CLOCK, POSITIONS
from .engine import PF, PTS, R_ATT, R_FG, R_FT, StatisProEngine
from .tactics import star_double_team

CARDS_PER_MINUTE: float = CLOCK["nba"]["fac"] / CLOCK["nba"]["minutes"]  # 15, as in college periods and overtimes
REGULATION_PERIODS = 4


def _minutes_left(g: StatisProEngine) -> float:
    minutes = (CLOCK["overtime"] if g.period > REGULATION_PERIODS else g.clock)["minutes"]
    return min(float(minutes), len(g.fac) / CARDS_PER_MINUTE)


def _game_minutes_left(g: StatisProEngine) -> float:
    if g.period > REGULATION_PERIODS:
        return _minutes_left(g)
    period_minutes: int = g.clock["minutes"]
    return _minutes_left(g) + (REGULATION_PERIODS - max(g.period, 1)) * period_minutes


VARIABLES = [
    decision_variable(StatisProEngine.decision_kinds),
    *score_variables(lambda g, s: g.team_state[s].pts),
    number("period", "the quarter (1-4; 5 and on: overtimes)", lambda g, s, d: g.period),
    flag("overtime", "an overtime is being played", lambda g, s, d: g.period > REGULATION_PERIODS),
    number("minutes_left", "minutes left in the period (FAC cards left / 15)", lambda g, s, d: _minutes_left(g)),
    number("game_minutes_left", "minutes left in regulation (in an overtime: in the overtime)",
           lambda g, s, d: _game_minutes_left(g)),
    flag("final_two", "the final 2:00 of the game (8.3: after the 10:00 card of the 4th quarter or an overtime)",
         lambda g, s, d: g.final_two),
    flag("last_minute", "the last minute of a period (the 11:00 card, or 15 cards or fewer in the final 2:00)",
         lambda g, s, d: g.last_minute),
    flag("our_ball", "we have the ball", lambda g, s, d: g.off == s),
    number("team_fouls", "our team fouls this quarter", lambda g, s, d: g.team_state[s].team_fouls),
    number("their_team_fouls", "their team fouls this quarter", lambda g, s, d: g.team_state[1 - s].team_fouls),
    number("timeouts_used", "our full timeouts used (8.4: seven a game)", lambda g, s, d: g.team_state[s].timeouts_used),
    *foul_variables(POSITIONS, lambda g, side, slot: g.team_state[side].stats[g.team_state[side].lineup[slot]][PF]),
    number("our_tired", "our players on the court who are Fatigued (5.4)",
           lambda g, s, d: sum(g.team_state[s].tired[i] for i in g.team_state[s].lineup)),
    number("their_tired", "their players on the court who are Fatigued",
           lambda g, s, d: sum(g.team_state[1 - s].tired[i] for i in g.team_state[1 - s].lineup)),
    number("their_top_scorer_points", "the most points of any of their players on the court",
           lambda g, s, d: max(g.team_state[1 - s].stats[i][PTS] for i in g.team_state[1 - s].lineup)),
    number("index_points", "our Index Points left (16)", lambda g, s, d: g.team_state[s].index),
    flag("double_team_on", "our Double Team is in force (5.5)", lambda g, s, d: g.team_state[s].double_team[0] >= 0),
    flag("their_double_team_on", "their Double Team is in force", lambda g, s, d: g.team_state[1 - s].double_team[0] >= 0),
    flag("three_point_offense_on", "our Three Point Offense is declared (4.61)", lambda g, s, d: g.team_state[s].three_point_offense),
    flag("their_three_point_offense_on", "their Three Point Offense is declared", lambda g, s, d: g.team_state[1 - s].three_point_offense),
]


# ---------------------------------------------------------------------- menus
def _declare(index: int, in_force: Callable[[StatisProEngine, int], bool] | None = None) -> Callable[[Moment], int]:
    """A menu declaration: made when the base coach is done with its changes (chooses "play on").
    ``in_force(game, side)``: already declared (nothing to do)."""

    def resolve(m: Moment) -> int:
        if in_force is not None and in_force(m.game, m.side):
            return WAIT
        if m.base != A.PLAY_ON:
            return WAIT  # the base coach's substitutions and other changes come first
        return m.pick(index)

    return resolve


def _undeclare(index: int, cancel: int | None = None) -> Callable[[Moment], int]:
    """Keep the base coach from a menu declaration (or cancel one in force with ``cancel``)."""

    def resolve(m: Moment) -> int:
        if m.base == index:
            return m.pick(A.PLAY_ON)
        if cancel is not None and m.base == A.PLAY_ON and cancel in m.decision.legal:
            return cancel
        return WAIT

    return resolve


def _press(m: Moment) -> int:
    if m.decision.kind == "press":
        return A.PRESS
    if m.side == m.game.off:
        return WAIT  # we will have the ball: no PRESS to declare
    return _declare(A.PRESS, lambda g, s: g.press_next)(m)


def _no_press(m: Moment) -> int:
    if m.decision.kind == "press":
        return A.NO_PRESS
    return _undeclare(A.PRESS)(m)


def _double_team(m: Moment) -> int:
    g, side = m.game, m.side
    if g.team_state[side].double_team[0] >= 0 or not any(a in m.decision.legal for a in A.DOUBLE_TEAM_LIST):
        return WAIT  # one in force, or not a set piece (5.5: declared at a period start or a timeout)
    if m.base != A.PLAY_ON and A.ACTIONS[m.base].kind != "double_team":
        return WAIT
    if m.arg == "best_scorer":
        return m.pick(star_double_team(g, side))
    target = POSITIONS.index(cast(str, m.arg).upper())
    e = g.eff(1 - side)
    weakest = sorted((s for s in range(5) if s != target), key=lambda s: e[s][R_FG] + e[s][R_ATT])
    helper = g.team_state[side].guard.index(weakest[0])  # our man guarding their weakest shooter helps
    return m.pick(A.DOUBLE_TEAM.get((target, helper)))


def _no_double_team(m: Moment) -> int:
    if m.base != A.PLAY_ON and A.ACTIONS[m.base].kind == "double_team":
        return m.pick(A.PLAY_ON)
    if m.base == A.PLAY_ON and A.CANCEL_DOUBLE_TEAM in m.decision.legal:
        return A.CANCEL_DOUBLE_TEAM
    return WAIT


def _stop_clock(m: Moment) -> int:
    legal = m.decision.legal
    if A.FOUL_TO_STOP in legal:
        return A.FOUL_TO_STOP
    g, side = m.game, m.side
    worst = min(range(5), key=lambda s: g.eff(1 - side)[s][R_FT])  # their worst free-throw shooter
    return m.pick(A.DELIBERATE.get((g.pd_slot(1 - side, worst), worst)))


def _fit(g: StatisProEngine, side: int, i: int, slot: int) -> float:
    """A bench player's fit at a slot, as the by-the-book coach values players: his card's FIELD GOAL,
    ATTEMPTS, REBOUND / 3 and ASSIST / 2 less DEFENSE, 15 off at a position not on his card, 10 off
    Fatigued."""
    p = g.teams[side].players[i]
    v = p.field_goal + p.attempts + p.rebound / 3 + p.assist / 2 - p.defense
    return v - (15 if slot not in p.positions else 0) - (10 if g.team_state[side].tired[i] else 0)


_BENCH = Bench(
    sub_of=lambda a: (A.ACTIONS[a]["player"], A.ACTIONS[a]["slot"]) if A.ACTIONS[a].kind == "substitute" else None,
    sub_index=lambda player, slot: A.SUBSTITUTE.get((player, slot)),
    lineup=lambda g, s: g.team_state[s].lineup,
    rating=_fit,
    period=lambda g: g.period,
    play_on=lambda m: A.PLAY_ON,
)
POS_ARG = Argument("whom: their best scorer on the court (FIELD GOAL + ATTEMPTS) or a position",
                   ("best_scorer",) + tuple(p.lower() for p in POSITIONS), "best_scorer")

ACTIONS = [
    ActionWord("press", "PRESS (4.2): declared in a dead-ball menu before the other team brings the ball up, "
                        "and at the PRESS call of the final 2:00", ("menu", "press"), _press),
    ActionWord("no_press", "no PRESS (the base coach's declaration is left out)", ("menu", "press"), _no_press),
    ActionWord("double_team", "Double Team (5.5) at a period start or timeout; the helper is our man guarding "
                              "their weakest shooter", ("menu",), _double_team, POS_ARG),
    ActionWord("no_double_team", "no Double Team: leave out the base coach's, cancel ours at a dead ball",
               ("menu",), _no_double_team),
    ActionWord("three_point_offense", "declare the Three Point Offense (4.61: a timeout in the final 2:00, behind)",
               ("menu",), _declare(A.THREE_POINT_OFFENSE, lambda g, s: g.team_state[s].three_point_offense)),
    ActionWord("cancel_three_point_offense", "cancel our Three Point Offense", ("menu",),
               _declare(A.CANCEL_THREE_POINT_OFFENSE, lambda g, s: not g.team_state[s].three_point_offense)),
    ActionWord("three_point_defense", "declare the Three Point Defense (4.62: against their Three Point Offense)",
               ("menu",), _declare(A.THREE_POINT_DEFENSE, lambda g, s: g.team_state[s].three_point_defense)),
    ActionWord("timeout", "call a full timeout (8.4) when the base coach is done with its menu changes", ("menu",),
               _declare(A.TIMEOUT)),
    ActionWord("foul_to_stop_clock", "foul to stop the clock (8.7), else a deliberate foul (2015 6.6) on their "
                                     "worst free-throw shooter", ("stop_clock",), _stop_clock),
    choose_action("play_defense", "play defense: no foul", ("stop_clock",), A.PLAY_DEFENSE),
    choose_action("fast_break", "run the Fast Break (10A)", ("fast_break",), A.FAST_BREAK),
    choose_action("normal_action", "bring the ball up with a normal ACTION (no Fast Break)", ("fast_break",),
                  A.NORMAL_ACTION),
    choose_action("shoot", "the Ballhandler shoots", ("ballhandler",), A.SHOOT),
    choose_action("advance", "ADVANCE the ball", ("ballhandler",), A.ADVANCE),
    choose_action("shoot_three", "shoot a Three-Pointer (4.6)", ("three_or_two",), A.SHOOT_THREE),
    choose_action("shoot_two", "shoot a regular field goal (4.6)", ("three_or_two",), A.SHOOT_TWO),
    choose_action("miss_free_throw", "miss the free throw intentionally (6.2)", ("free_throw",), A.INTENTIONAL_MISS),
    choose_action("shoot_free_throw", "shoot the free throw", ("free_throw",), A.SHOOT_FREE_THROW),
    choose_action("freeze_shooter", "freeze the shooter with a full timeout (6.7)", ("freeze",), A.FREEZE),
    choose_action("no_freeze", "let him shoot", ("freeze",), A.NO_FREEZE),
    rest_action(POSITIONS, _BENCH, ("menu",)),
]

VOCABULARY = Vocabulary("statispro", by_name(VARIABLES), by_name(ACTIONS), guard=rest_guard(_BENCH), notes=(
    "Menu actions (press, double_team, three_point_offense, timeout ...) are made when the base coach has "
    "finished its changes in that menu (substitutions first)."))

__all__ = ["VOCABULARY"]
