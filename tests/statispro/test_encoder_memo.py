"""The Statis Pro observation encoder keeps each game's observation and rewrites a block only when a
value it was made of differs (envs/statispro.py); the engine keeps each player's effective ratings
by everything they depend on (engine.eff). Both must give, at every step of a game, exactly what a
fresh encoder gives for a fresh copy of the position (nothing remembered)."""

from __future__ import annotations

import random

import numpy as np

from coachgym import rulesets
from coachgym.envs.statispro import StatisProEncoder


def _fresh(game, side):
    return StatisProEncoder().encode(game.clone(), side)  # a copy: no memo, no cached ratings


def test_kept_observation_equals_a_fresh_one_at_every_step():
    rs = rulesets.get("statispro")
    names = rs.team_names()
    enc = StatisProEncoder()
    rng = random.Random(5)
    for k, (home, away) in enumerate([(names[0], names[1]), (names[1], names[0])]):
        game = rs.new_game(home, away, seed=k, record_events=False)
        book = rs.coach("by-the-book", seed=k)
        book.reset(game, 1, k)
        steps = 0
        while game.decision is not None and steps < 400:
            d = game.decision
            for side in (0, 1):
                assert np.array_equal(enc.encode(game, side), _fresh(game, side)), f"step {steps}, side {side}"
            # a random coach at home (substitutions, shifts, PD cards, Double Teams), the book away
            game.step(rng.choice(d.legal) if d.side == 0 else book.choose(game, d))
            steps += 1


def test_a_copy_in_mid_game_then_other_choices_encodes_as_a_fresh_copy():
    """A clone in mid-game starts without the original's memos; both then play different choices and
    each stays equal to a fresh copy of itself (no memo leaks between games)."""
    rs = rulesets.get("statispro")
    game = rs.new_game(*rs.default_teams, seed=3, record_events=False)
    enc = StatisProEncoder()
    rng = random.Random(1)
    for _ in range(120):
        enc.encode(game, 0)
        game.step(rng.choice(game.decision.legal))
    twin = game.clone()
    rngs = (random.Random(7), random.Random(8))
    for _ in range(120):
        for g, r in zip((game, twin), rngs):
            if g.decision is None:
                continue
            assert np.array_equal(enc.encode(g, 0), _fresh(g, 0))
            assert g.eff(0) == g.clone().eff(0) and g.eff(1) == g.clone().eff(1)
            g.step(r.choice(g.decision.legal))
