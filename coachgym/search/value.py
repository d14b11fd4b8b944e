"""A value estimate for truncated rollouts: how much of the game is left, and the win chance it leaves.

A rollout that stops after a few decisions (the search coach's default) is scored with
``leaf_value``: the chance that the side wins from its current margin when the rest of the game's
margin is normally distributed around nothing with standard deviation ``sigma * sqrt(left)``,
where ``left`` is the share of the game still to play (:func:`remaining`) and ``sigma`` the standard
deviation of a whole game's final margin between two by-the-book coaches with the same team
(``data/value.json``, fitted by ``python tools/search_value_fit.py``). A draw counts half, as in the
benchmarks; for a game that can end drawn (FUBA) the normal curve's mass around zero is that half.

The figures in ``value.json`` are measured, not rules; their command and sample size are stored beside them.
"""

from __future__ import annotations

import json
import math
from importlib import resources
from typing import Callable

from ..core.engine import HOME, Engine


def _load() -> dict:
    return json.loads(resources.files(__package__).joinpath("data").joinpath("value.json").read_text(encoding="utf-8"))


SIGMA: dict[str, float] = {k: float(v["sigma"]) for k, v in _load()["rulesets"].items()}


def _valueadd(g) -> float:
    from ..rules.valueadd.scoresheet import BOXES

    return g.box / BOXES  # possession boxes left (in an overtime: its boxes, as a share of a regulation game)


def _statispro(g) -> float:
    deck = g.clock["fac"] or 1
    quarter = len(g.fac) / deck if g.fac else 0.0
    if g.period == 0:
        return 1.0
    if g.period > 4:  # overtime: its cards left, as a share of a regulation game (four periods)
        return min(1.0, len(g.fac) / (4 * deck))
    return ((4 - g.period) + quarter) / 4


def _fuba(g) -> float:
    if g.phase in ("formation", "kickoff_roll", "kickoff_choice"):
        return 1.0
    return max(0.0, (90 - g.minute) / 90)


def _fourthstreet(g) -> float:
    from ..rules.fourthstreet.court import SEASON

    period_s = SEASON["period_minutes"] * 60
    periods = SEASON["periods"]
    if g.period > periods:
        return min(1.0, g.clock / (periods * period_s))
    return ((periods - g.period) * period_s + g.clock) / (periods * period_s)


REMAINING: dict[str, Callable[[Engine], float]] = {
    "valueadd": _valueadd, "statispro": _statispro, "fuba": _fuba, "fourthstreet": _fourthstreet,
}


def remaining(game: Engine) -> float:
    """The share of the game still to play, 1 at the start and 0 at the end."""
    if game.over:
        return 0.0
    return min(1.0, max(0.0, REMAINING[game.ruleset](game)))


def win_chance(margin: float, left: float, sigma: float) -> float:
    """P(win) + P(draw)/2 for a side ``margin`` ahead with ``left`` of the game to play."""
    if left <= 0:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    s = sigma * math.sqrt(left)
    return 0.5 * (1.0 + math.erf(margin / (s * math.sqrt(2.0))))


def leaf_value(game: Engine, side: int) -> float:
    """The estimated win chance (draws half) of ``side`` in ``game``, finished or not."""
    h, a = game.score
    margin = h - a if side == HOME else a - h
    return win_chance(margin, remaining(game), SIGMA[game.ruleset])
