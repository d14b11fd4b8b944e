"""4th Street Basketball: situation variables and actions of strategy files.

Positions ① to ⑤ are named pg, sg, sf, pf and c (the order of a 4th Street lineup card). Clock:
12-minute periods (5-minute overtimes) counted in seconds by the engine (``clock``), a 24-second
shot clock. Actions act at the calls the rules give a coach: the defense's call before each setup
play (man-to-man, press, zone, double teams, desperation defense), the offense's call (setup play,
timeout, 3-point offense, kick it out, milk the clock), the last free throw, lineup changes at a
dead ball.
"""

from __future__ import annotations

from typing import Callable, cast

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
from .court import SEASON
from .engine import PF, PTS, FourthStreetEngine
from .tactics import tired

POSITIONS = ("PG", "SG", "SF", "PF", "C")
PERIOD_MIN = SEASON["period_minutes"]
PERIODS = SEASON["periods"]

_DEFENSE_CALL = frozenset(a.index for a in A.ACTIONS if a.kind in ("defense", "desperation"))
_OFFENSE_CALL = frozenset(a.index for a in A.ACTIONS if a.kind in ("setup", "timeout", "three_point_offense",
                                                                    "kick_it_out", "milk"))
_MODE = {a.index: (a["mode"], a.get("target", -1)) for a in A.ACTIONS if a.kind == "defense"}


def _game_minutes_left(g: FourthStreetEngine) -> float:
    return g.clock / 60 + (PERIODS - g.period) * PERIOD_MIN if g.period <= PERIODS else g.clock / 60


def _tired(g: FourthStreetEngine, side: int) -> int:
    return sum(tired(g, side, i) for i in g.team_state[side].lineup)


def best_scorer(g: FourthStreetEngine, side: int) -> int:
    """The slot of the opponent on the court with the most points (the lowest slot on a tie)."""
    opp = 1 - side
    pts = [g.team_state[opp].stats[i][PTS] for i in g.team_state[opp].lineup]
    return pts.index(max(pts))


VARIABLES = [
    decision_variable(FourthStreetEngine.decision_kinds),
    *score_variables(lambda g, s: g.team_state[s].pts),
    number("period", "the period (1-4; 5 and on: overtimes)", lambda g, s, d: g.period),
    flag("overtime", "an overtime is being played", lambda g, s, d: g.period > PERIODS),
    number("minutes_left", "minutes left in the period (the game clock / 60)", lambda g, s, d: g.clock / 60),
    number("seconds_left", "seconds left in the period", lambda g, s, d: g.clock),
    number("game_minutes_left", "minutes left in regulation (in an overtime: in the overtime)",
           lambda g, s, d: _game_minutes_left(g)),
    flag("our_ball", "we have the ball", lambda g, s, d: g.off == s),
    number("shot_clock", "seconds left on the shot clock", lambda g, s, d: g.shot_clock),
    number("timeouts_left", "our timeouts left", lambda g, s, d: g.team_state[s].timeouts),
    number("their_timeouts_left", "their timeouts left", lambda g, s, d: g.team_state[1 - s].timeouts),
    number("team_fouls", "our team fouls this period", lambda g, s, d: g.team_state[s].team_fouls),
    number("their_team_fouls", "their team fouls this period", lambda g, s, d: g.team_state[1 - s].team_fouls),
    *foul_variables(POSITIONS, lambda g, side, slot: g.team_state[side].stats[g.team_state[side].lineup[slot]][PF]),
    number("our_tired", "our players on the court who carry fatigue points or have reached their fat rating "
                        "(Optional Rules, Fatigue; 0 without the fatigue option)", lambda g, s, d: _tired(g, s)),
    number("their_tired", "the same for their players on the court", lambda g, s, d: _tired(g, 1 - s)),
    number("their_top_scorer_points", "the most points of any of their players on the court",
           lambda g, s, d: max(g.team_state[1 - s].stats[i][PTS] for i in g.team_state[1 - s].lineup)),
    number("their_inside", "their Level 1 offense grades on the court added up (the by-the-book coach zones "
                           "at 11 or more)", lambda g, s, d: sum(g.player(1 - s, k).off[1] for k in range(5))),
    flag("zone_allowed", "zone defenses are allowed (rule option zone_defense)", lambda g, s, d: g.options.zone_defense,
         option="zone_defense"),
]


# ---------------------------------------------------------------------- the defense's call
_TARGETS = ("keep", "none", "best_scorer") + tuple(p.lower() for p in POSITIONS)


def _target(m: Moment) -> int:
    """The double-teamed slot an argument names (-1: none); "keep": the base coach's."""
    arg = m.arg or "keep"
    if arg == "keep":
        mode, target = _MODE.get(m.base, ("zone", -1))
        return target if mode in ("man", "press") else -1
    if arg == "none":
        return -1
    if arg == "best_scorer":
        return best_scorer(m.game, m.side)
    return [p.lower() for p in POSITIONS].index(arg)


def _defense(mode: str) -> Callable[[Moment], int]:
    def resolve(m: Moment) -> int:
        if m.base not in _DEFENSE_CALL:
            return WAIT  # a lineup change first: the call comes later in this dead ball
        table = A.DEF_MAN if mode == "man" else A.DEF_PRESS
        return m.pick(table[_target(m) + 1])
    return resolve


def _double(m: Moment) -> int:
    if m.base not in _DEFENSE_CALL:
        return WAIT
    mode = _MODE.get(m.base, ("man", -1))[0]
    table = A.DEF_PRESS if mode == "press" else A.DEF_MAN
    target = best_scorer(m.game, m.side) if (m.arg or "best_scorer") == "best_scorer" else \
        [p.lower() for p in POSITIONS].index(cast(str, m.arg))
    return m.pick(table[target + 1])


def _no_double(m: Moment) -> int:
    if m.base not in _DEFENSE_CALL:
        return WAIT
    mode, _ = _MODE.get(m.base, ("man", -1))
    if mode == "zone":
        return m.base
    return m.pick((A.DEF_PRESS if mode == "press" else A.DEF_MAN)[0])


def _zone(m: Moment) -> int:
    if m.base not in _DEFENSE_CALL:
        return WAIT
    return m.pick(A.DEF_ZONE[m.arg or "standard"])


def _call(index: int, calls: frozenset[int] = _OFFENSE_CALL) -> Callable[[Moment], int]:
    def resolve(m: Moment) -> int:
        if m.base not in calls:
            return WAIT
        return m.pick(index)
    return resolve


def _milk(m: Moment) -> int:
    if m.base not in _OFFENSE_CALL:
        return WAIT
    return m.pick(A.MILK[m.arg or "3B"])


_TARGET_ARG = Argument("the double-teamed opponent: keep (the base coach's), none, best_scorer or a position",
                       _TARGETS, "keep")
_BENCH = Bench(
    sub_of=lambda a: (A.ACTIONS[a]["player"], A.ACTIONS[a]["slot"]) if A.ACTIONS[a].kind == "sub" else None,
    sub_index=lambda player, slot: A.SUB_GRID[slot][player] if player < A.MAX_ROSTER else None,
    lineup=lambda g, s: g.team_state[s].lineup,
    # the by-the-book coach's choice of a replacement: his position (or one away), then minutes
    rating=lambda g, s, p, slot: -abs(g.teams[s].players[p].pos - slot - 1) * 100 + g.teams[s].players[p].stats.get("min", 0),
    period=lambda g: g.period,
    play_on=lambda m: (A.DONE if m.decision.kind == "lineup" else
                       A.SETUP if m.decision.kind == "offense" else A.DEF_MAN[0]),
)

ACTIONS = [
    ActionWord("man", "man-to-man defense on the setup play", ("defense",), _defense("man"), _TARGET_ARG),
    ActionWord("press", "the press on the setup play (not after a defensive rebound, a turnover we lost, or in "
                        "the front court)", ("defense",), _defense("press"), _TARGET_ARG),
    ActionWord("zone", "a zone defense (rule option zone_defense)", ("defense",), _zone,
               Argument("the alignment", A.ALIGNMENTS, "standard"), option="zone_defense"),
    ActionWord("double_team", "double-team an opponent, in the base coach's man-to-man or press (man-to-man "
                              "instead of a zone)", ("defense",), _double,
               Argument("whom", ("best_scorer",) + tuple(p.lower() for p in POSITIONS), "best_scorer")),
    ActionWord("no_double_team", "the base coach's defense without its double team", ("defense",), _no_double),
    ActionWord("foul_intentionally", "desperation defense: foul intentionally on the setup play (last minute, "
                                     "behind by 10 or fewer)", ("defense",), _call(A.INTENTIONAL, _DEFENSE_CALL)),
    ActionWord("setup", "a plain setup play (no timeout or end-game strategy)", ("offense",), _call(A.SETUP)),
    ActionWord("three_point_offense", "the 3-point offense (last minute, behind by 10 or fewer)", ("offense",),
               _call(A.THREE_PT)),
    ActionWord("timeout", "call a timeout (setup at half court)", ("offense",), _call(A.TIMEOUT)),
    ActionWord("kick_it_out", "kick it out (once a period, up to 3 minutes)", ("offense",), _call(A.KICK)),
    ActionWord("milk_clock", "milk the clock: player ① holds the ball (last minute of a period)", ("offense",),
               _milk, Argument("the zone he holds it in", tuple(A.MILK), "3B")),
    choose_action("miss_free_throw", "miss the last free throw intentionally", ("free_throw",), A.FT_MISS),
    choose_action("shoot_free_throw", "shoot the last free throw", ("free_throw",), A.FT_NORMAL),
    rest_action(POSITIONS, _BENCH, ("lineup", "offense", "defense")),
]

VOCABULARY = Vocabulary("fourthstreet", by_name(VARIABLES), by_name(ACTIONS), guard=rest_guard(_BENCH), notes=(
    "Positions: pg, sg, sf, pf, c are positions 1 to 5 of the lineup. man and press keep the base coach's "
    "double team unless their argument names another (press: best_scorer) or none (press: none)."))

__all__ = ["VOCABULARY", "POSITIONS", "best_scorer"]
