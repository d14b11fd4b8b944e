"""tools/history_ceiling.py (docs/history.md, "The ceiling"): an ideal points engine replayed 10 times.
The teams here are FABRICATED inputs, not a season."""

from __future__ import annotations

import pytest

from tests.tools import load_tool


def test_the_ideal_engine_scores_the_expectations_r_without_dice_and_less_with_them():
    tool = load_tool("history_ceiling")
    teams = [{"team": f"t{k}", "games": 82.0, "real": 82 * (0.2 + 0.06 * k), "p": 0.2 + 0.06 * k} for k in range(11)]
    exact = tool.ceiling(teams, replays=10, trials=400, seed=1)
    assert exact["expectation_r"] == pytest.approx(1.0) and exact["expectation_mae"] == pytest.approx(0.0)
    assert 0.95 < exact["r_mean"] < 1.0 and exact["r_p05"] <= exact["r_mean"] <= exact["r_p95"]
    assert exact["mae_mean"] > 0.5 and exact["share_r_at_aim"] == 1.0  # only the dice's error is left
    many = tool.ceiling(teams, replays=1000, trials=50, seed=1)
    assert many["r_mean"] > exact["r_mean"] and many["mae_mean"] < exact["mae_mean"] / 5  # dice shrink as 1 / sqrt(n)
    assert tool.ceiling(teams, 10, 400, 1) == exact  # seeded


def test_the_ceiling_reads_the_points_and_games_of_the_shipped_season():
    tool = load_tool("history_ceiling")
    teams = {t["team"]: t for t in tool.season_teams(1986)}
    assert len(teams) == 23 and teams["ATL"]["games"] == 82 and teams["ATL"]["real"] == pytest.approx(50.0)
    assert teams["ATL"]["p"] == pytest.approx(8906 ** 14 / (8906 ** 14 + 8712 ** 14))
