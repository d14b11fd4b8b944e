"""Realism: by-the-book against by-the-book over 2,000 games: every box-score column where the
calibration puts it (tests/bands.py), and points in an NCAA game's range."""

import pytest

from coachgym.core.match import run_match
from coachgym.rules.valueadd import RULESET
from tests import bands


@pytest.mark.slow  # about 5 s on one core; part of the default run (deselect with -m "not slow")
def test_by_the_book_box_score_columns_match_the_calibration_over_2000_games():
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
    # every box-score column against the current calibration (per team and game; measured over these
    # same 2,000 games: mean, spread), within 4 standard errors of 4,000 team-games (tests/bands.py).
    # Real NCAA Division I 2022-24 (evaluation/data/real_seasons.json; `coachgym realism valueadd`
    # compares them column by column): 71.5 points, 57.0 FGA, 21.3 3PA, 18.8 FTA; coachgym's box
    # covers the 44 simulated possessions plus the assumed lines of the 20-20 start, so attempts sit lower.
    rows = [t["totals"] for g in result.games for t in g.box["teams"]]
    calibrated = {"score": (69.78, 9.119), "FGA": (37.852, 4.39), "FGM": (16.786, 3.494), "3PA": (14.126, 5.875),
                  "3PM": (5.117, 2.784), "FTA": (15.833, 6.568), "REB": (36.556, 4.476), "OREB": (3.627, 1.999),
                  "TO": (7.976, 2.731), "STL": (6.154, 2.201), "BLK": (2.374, 1.636), "PF": (18.105, 3.327),
                  "POSS": (49.303 * 5, 2.899 * 5)}  # POSS: the five players' sum (the team's possessions x 5)
    for column, (mean, sd) in calibrated.items():
        bands.check(column, sum(r[column] for r in rows) / len(rows), mean, sd, len(rows))
