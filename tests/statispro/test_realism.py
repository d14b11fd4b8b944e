"""Realism of the calibrated deck (docs/realism.md): by-the-book Knicks-Bulls games against the two
teams' 1992-93 figures, every column the calibration moved, within a sampling margin of the 2,000-game
measurement (`coachgym realism statispro --set knicks-bulls --games 2000`)."""

from __future__ import annotations

import pytest

from coachgym.evaluation import realism as R

# 2,000-game figures (seed 2026) and margins of about four standard errors at 300 games
MEASURED = {"PTS": (105.1, 2.5), "FG%": (50.5, 1.2), "3PA": (7.93, 0.6), "FTA": (26.5, 1.5), "ORB%": (33.0, 1.8),
            "AST": (25.8, 1.0), "STL": (7.84, 0.6), "BLK": (4.81, 0.5), "TOV": (15.8, 0.8), "PF": (23.9, 1.0),
            "POSS": (95.4, 1.2)}


@pytest.mark.slow  # 300 games, a few seconds
def test_calibrated_deck_plays_like_the_1992_93_knicks_and_bulls():
    rows = {r.key: r for r in R.measure("statispro", "knicks-bulls", games=300, seed=7).rows}
    for key, (centre, margin) in MEASURED.items():
        assert abs(rows[key].sim - centre) <= margin, (key, rows[key].sim, centre)
    # what the calibration was for: three-point attempts and assists at the real season's level
    assert abs(rows["3PA"].sim - rows["3PA"].real) <= 1.0 and abs(rows["AST"].sim - rows["AST"].real) <= 1.5
