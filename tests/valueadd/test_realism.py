"""Realism: by-the-book against by-the-book over 2,000 games scores like an NCAA game."""

import pytest

from coachgym.core.match import run_match
from coachgym.rules.valueadd import RULESET


@pytest.mark.slow  # about 5 s on one core; part of the default run (deselect with -m "not slow")
def test_by_the_book_averages_60_to_85_points_per_team_over_2000_games():
    teams = RULESET.team_names()
    pairs = [(h, a) for h in teams for a in teams if h != a]

    def new_game(home, away, seed, record_events=False):
        return RULESET.new_game(home, away, seed=seed, record_events=record_events)

    result = run_match(new_game, RULESET.coach("by-the-book"), RULESET.coach("by-the-book"), games=2000, seed=2026,
                       teams=pairs)
    avg = result.average_box()
    per_team = (avg["A"]["score"] + avg["B"]["score"]) / 2
    assert 60 <= per_team <= 85, per_team
    # mirror matches between identical coaches are exactly even
    assert result.a_wins == result.b_wins
