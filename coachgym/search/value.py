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
from collections.abc import Mapping
from importlib import resources
from typing import Callable

from .. import rulesets
from ..core.engine import HOME, Engine


def _load() -> dict:
    return json.loads(resources.files(__package__).joinpath("data").joinpath("value.json").read_text(encoding="utf-8"))


_FITTED: dict[str, float] = {k: float(v["sigma"]) for k, v in _load()["rulesets"].items()}
# ruleset -> the spread of a whole game's margin: fitted (value.json), else the registration's value_sigma
SIGMA: Mapping[str, float] = rulesets.by_ruleset(lambda rs: _FITTED.get(rs.name, rs.value_sigma))


# ruleset -> the share of its game still to play, read from the registrations (the ``remaining`` part)
REMAINING: Mapping[str, Callable[[Engine], float]] = rulesets.by_ruleset(lambda rs: rs.part("remaining"))


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
