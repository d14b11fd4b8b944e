"""Coaching readings of a Statis Pro game shared by the by-the-book coach, strategy files and the
training macros (plain rules-level queries: they read the engine and change nothing)."""

from __future__ import annotations

from . import actions as A
from .engine import R_ATT, R_FG, StatisProEngine


def star_double_team(game: StatisProEngine, side: int) -> int | None:
    """5.5: the Double Team of their best scorer on the court (FIELD GOAL + ATTEMPTS), helped by our
    man guarding their weakest; ``None`` while a Double Team of ours is in force (one at a time).
    The by-the-book coach's ``double_team=star``, the strategy action and the training macro
    ``double_team_best_scorer`` all use it."""
    if game.team_state[side].double_team[0] >= 0:
        return None
    e = game.eff(1 - side)
    rating = [e[s][R_FG] + e[s][R_ATT] for s in range(5)]
    target = rating.index(max(rating))
    helper = game.team_state[side].guard.index(rating.index(min(rating)))
    if game.team_state[side].guard[helper] == target:
        return None
    return A.DOUBLE_TEAM.get((target, helper))


def remaining(g: StatisProEngine) -> float:
    """The share of the game still to play (the search's value model), from the FAC piles: quarters
    left and the cards left of this one (an overtime: its cards left, as a share of four periods)."""
    deck = g.clock["fac"] or 1
    quarter = len(g.fac) / deck if g.fac else 0.0
    if g.period == 0:
        return 1.0
    if g.period > 4:
        return min(1.0, len(g.fac) / (4 * deck))
    return ((4 - g.period) + quarter) / 4
