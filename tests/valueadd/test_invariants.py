"""2,000 random-coach games with invariants checked after every decision, across rule options."""

import itertools

from coachgym.core.coach import RandomCoach
from coachgym.core.match import play_game
from coachgym.rules.valueadd import RULESET
from coachgym.rules.valueadd.engine import POSS

TEAMS = RULESET.team_names()
OPTION_SETS = [
    {},
    {"rotation": 1},
    {"rotation": 2, "home_court": True},
    {"extra_numbers": 1, "team_defense": False, "extended_ranges": False},
    {"pre_1986_threes": True, "home_court": True, "stamina": False},
    {"switches": False, "avoid_fouls": False, "three_point_mode": False, "intentional_fouls": False, "d8_first": False},
]


def check(game) -> None:
    limit = game.options.foul_limit
    for side in (0, 1):
        ts = game.ts[side]
        assert len(ts.lineup) == 5 and len(set(ts.lineup)) == 5, ts.lineup
        assert all(0 <= i < len(game.teams[side].players) for i in ts.lineup)
        assert sorted(ts.guards) == [0, 1, 2, 3, 4]
        assert max(ts.fouls) <= limit
        assert ts.points >= game._prev_points[side], "score decreased"
        game._prev_points[side] = ts.points
    assert game.box >= 0 and game.half in (0, 1)


def test_two_thousand_random_games_keep_the_invariants():
    combos = itertools.cycle(itertools.product(OPTION_SETS, TEAMS, TEAMS))
    for seed in range(2000):
        options, home, away = next(combos)
        game = RULESET.new_game(home, away, seed=seed, options=options, record_events=False)
        game._prev_points = [20, 20]
        check(game)
        play_game(game, RandomCoach(seed), RandomCoach(seed + 10_000), seed=seed, on_event=check)
        assert game.over and game.decision is None
        h, a = game.score
        assert h != a, "a game cannot end tied"
        for side in (0, 1):
            # every team gets 44 possessions, plus at most one per bottom half of boxes 9..1,
            # plus 8-16 per overtime
            possessions = max(sum(st[POSS] for st in game.ts[side].stats) // 5, 0)
            lo = 44 + 8 * game.period
            hi = 53 + 16 * game.period
            assert lo <= possessions <= hi, (possessions, game.period)
