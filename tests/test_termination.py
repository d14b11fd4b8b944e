"""No coach can stall a game: every ruleset reaches the final whistle whatever its coaches choose.

Random coaches rarely repeat themselves; deterministic ones do. These coaches always take the last
legal option, or follow a fixed preference order over the whole action table, which finds any
choice that can be repeated without the game moving on (declare/cancel toggles in a menu, fouls
that take no time). A trained policy is such a deterministic coach.
"""

import random

import pytest

from coachgym import rulesets
from coachgym.core.match import play_game

RULESETS = ("valueadd", "statispro", "fuba", "fourthstreet")


class LastLegal:
    name = "last-legal"

    def reset(self, game, side, seed=None):
        pass

    def choose(self, game, decision):
        return decision.legal[-1]


class FixedPreference:
    name = "fixed-preference"

    def __init__(self, n_actions: int, seed: int):
        rank = list(range(n_actions))
        random.Random(seed).shuffle(rank)
        self.rank = rank

    def reset(self, game, side, seed=None):
        pass

    def choose(self, game, decision):
        return min(decision.legal, key=self.rank.__getitem__)


@pytest.mark.parametrize("name", RULESETS)
def test_deterministic_coaches_cannot_stall_a_game(name):
    rs = rulesets.get(name)
    n = len(rs.actions)
    for seed in range(16):
        pairs = [(LastLegal(), rs.coach("by-the-book")), (rs.coach("by-the-book"), LastLegal()),
                 (FixedPreference(n, seed), FixedPreference(n, seed + 100)),
                 (FixedPreference(n, seed + 200), rs.coach("by-the-book"))]
        for home, away in pairs:
            game = rs.new_game(seed=seed, record_events=False)
            play_game(game, home, away, max_decisions=60_000)
            assert game.over, (name, seed, home.name, away.name)
