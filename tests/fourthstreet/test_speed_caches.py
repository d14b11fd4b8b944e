"""The caches of the speed work (issue 25) give what they replace: the encoder's template per pair of
teams, and the by-the-book coach's replacement order per team."""

from __future__ import annotations

import random

import numpy as np

from coachgym.agents.fourthstreet import ByTheBookCoach
from coachgym.core.chance import SeededSource
from coachgym.envs.fourthstreet import FourthStreetEncoder
from coachgym.rules.fourthstreet import RULESET
from coachgym.rules.fourthstreet.constants import AVAILABLE, PF
from coachgym.rules.fourthstreet.engine import FourthStreetEngine

from .conftest import sample_teams
from .test_env import reference_encode


def test_one_encoder_over_games_of_other_teams_and_sides_encodes_as_the_reference():
    """The template is cached per (own team, opponent team) object pair: games of other teams, the
    same teams the other way round and a restored game (new team objects) each get their own."""
    enc = FourthStreetEncoder()
    la, bos = sample_teams()
    games = [RULESET.new_game(seed=1, record_events=False), FourthStreetEngine(la, bos, SeededSource(2)),
             FourthStreetEngine(bos, la, SeededSource(3))]
    games.append(FourthStreetEngine.from_dict(games[1].to_dict()))
    rng = random.Random(4)
    for _ in range(60):
        for g in games:
            if g.decision is not None:
                g.step(rng.choice(g.decision.legal))
            for side in (0, 1):
                assert np.array_equal(enc.encode(g, side), reference_encode(enc, g, side))


def _brute_candidate(g, side, slot, limit):
    """The replacement the coach looked for before its order was precomputed: the minimum over the
    bench of (distance from the position, fewer minutes on the card, roster number)."""
    players, lu, av = g.teams[side].players, g.team_state[side].lineup, g.team_state[side].availability
    best, key = None, None
    for b in range(min(len(players), 15)):
        if av[b] != AVAILABLE or b in lu:
            continue
        gap = players[b].pos - slot - 1
        if gap > 1 or gap < -1 or g.team_state[side].stats[b][PF] >= limit or (
                g.options.fatigue and g.rest_clock - g.team_state[side].benched[b] < g.team_state[side].rest_needed[b]):
            continue
        k = (abs(gap), -(players[b].stats.get("min", 0)), b)
        if key is None or k < key:
            best, key = b, k
    return best


def test_the_precomputed_replacement_order_finds_the_same_player_as_the_search_over_the_bench():
    coach = ByTheBookCoach()
    g = RULESET.new_game(seed=5, record_events=False)
    rng = random.Random(5)
    checked = 0
    while g.decision is not None:
        if checked < 4000:
            for side in (0, 1):
                limit = coach._foul_limit(g)
                for slot in range(5):
                    assert coach._candidate(g, side, slot, None, limit) == _brute_candidate(g, side, slot, limit)
                    checked += 1
        g.step(rng.choice(g.decision.legal))  # random substitutions: benches of every make-up
    assert checked >= 4000
