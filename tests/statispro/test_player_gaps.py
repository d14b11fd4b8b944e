"""tools/statispro_player_gaps.py (docs/history.md, "Player lines: the rebound and assist gaps, measured"): its
pooled figures on FABRICATED player rows whose answers are known by construction (not results)."""

from __future__ import annotations

import math

import pytest

from tests.tools import load_tool


def _tool():
    return load_tool("statispro_player_gaps")


def _row(group: str, real: float, sim: float, name: str = "x") -> dict:
    """FABRICATED: the same real and simulated value for every stat."""
    row = {"team": "t", "name": name, "group": group, "real_mpg": 30.0}
    for s in ("reb", "orb", "drb", "ast"):
        row[f"real_{s}"], row[f"sim_{s}"] = real, sim
    return row


def test_compressed_lines_give_a_log_slope_below_one_and_a_low_top_third():
    tool = _tool()
    # sim = 4 x (real / 4) ** 0.5: the top rebounders too low, the weakest too high, slope 0.5 exactly
    reals = [1.0, 2.0, 4.0, 6.0, 9.0, 12.0]
    rows = [_row("G" if r < 4 else "C", r, 4 * math.sqrt(r / 4)) for r in reals]
    g = tool.gaps(rows)
    assert g["reb"]["log_slope"] == pytest.approx(0.5)
    thirds = g["reb"]["by_real_third"]
    assert thirds[0]["ratio"] > 1 > thirds[2]["ratio"]
    assert g["reb"]["by_group"]["G"]["players"] == 2 and g["reb"]["by_group"]["G"]["ratio"] > 1
    assert g["reb"]["by_group"]["C"]["ratio"] < 1
    assert g["reb"]["by_group"]["F"]["players"] == 0
    assert g["reb"]["by_card_rating"] == []  # the fabricated rows carry no card ratings


def test_the_gaps_by_card_rating_and_listed_position():
    tool = _tool()
    rows = [_row("G", 4.0, 6.0, "a") | {"rebound_rating": 8, "pos": "PG"},
            _row("G", 4.0, 2.0, "b") | {"rebound_rating": 9, "pos": "SG"},
            _row("C", 10.0, 10.0, "c") | {"rebound_rating": 33, "pos": "C"}]
    g = tool.gaps(rows)
    low = g["reb"]["by_card_rating"][0]
    assert low["rating"] == [0, 9] and low["players"] == 2 and low["ratio"] == pytest.approx(1.0)
    assert g["reb"]["by_card_rating"][-1]["rating"] == [30, 99] and g["reb"]["by_card_rating"][-1]["ratio"] == 1.0
    assert g["reb"]["by_listed_position"]["PG"]["ratio"] == pytest.approx(1.5)
    assert g["reb"]["by_listed_position"]["SG"]["ratio"] == pytest.approx(0.5)
    assert g["reb"]["by_listed_position"]["PF"]["players"] == 0


def test_exact_lines_have_slope_one_and_are_all_within_ten_per_cent():
    tool = _tool()
    g = tool.gaps([_row("F", r, r) for r in (2.0, 5.0, 8.0)])
    assert g["ast"]["log_slope"] == pytest.approx(1.0)
    assert g["ast"]["within_10pct"] == 1.0 and g["ast"]["mean_abs_error"] == pytest.approx(0.0)


def test_the_round_robin_split_multiplies_minutes_by_the_rate_per_minute():
    tool = _tool()
    p = _row("G", 6.0, 5.0, "a")  # real 6 a game in 30 minutes
    # FABRICATED round robin: 10 games, 270 minutes (27 a game: minutes ratio 0.9), 72 rebounds and 45 assists
    rr = {("t", "a"): {"g": 10.0, "min": 270.0, "REB": 72.0, "OREB": 0.0, "DREB": 72.0, "AST": 45.0}}
    rows = tool.minutes_split([p], rr)
    assert len(rows) == 1
    r = rows[0]
    assert r["minutes_ratio"] == pytest.approx(0.9)
    assert r["reb_rr_ratio"] == pytest.approx(7.2 / 6.0)
    assert r["reb_rr_ratio"] == pytest.approx(r["minutes_ratio"] * r["reb_per_minute_ratio"])
    assert r["ast_rr_ratio"] == pytest.approx(r["minutes_ratio"] * r["ast_per_minute_ratio"])
    assert r["reb_replay_ratio"] == pytest.approx(5.0 / 6.0)


def test_rebound_position_moves_change_the_first_cards_and_keep_the_printed_ones():
    tool = load_tool("statispro_rebound_positions")
    rows = [{"rpg": "1", "rebound": "Defense SF"}, {"rpg": "2", "rebound": "Defense SF FB"},
            {"rpg": "3", "rebound": "Offense PG #10 🏀6"}, {"rpg": "4", "rebound": "Defense SF"}]
    # card 1 stands for one printed in the sample game: kept
    assert tool.apply_moves(rows, "defense:SF>SG:2,offense:PG>C:1", printed={1}) == 3
    assert [r["rebound"] for r in rows] == ["Defense SF", "Defense SG FB", "Offense C #10 🏀6", "Defense SG"]
    with pytest.raises(ValueError, match="only 0 such cards"):
        tool.apply_moves(rows, "defense:PF>C:1", printed=set())


def _leagues_run(wins: dict[str, float], net: dict[str, float]) -> dict:
    """FABRICATED: a --leagues run's JSON, one league of three teams."""
    return {"leagues": {"lg": {"teams": {"wins": wins, "net": net}}}}


def test_compare_teams_averages_the_runs_and_pairs_the_errors():
    tool = _tool()
    records = {"lg": {"a": [50, 32], "b": [41, 41], "c": [30, 52]}}
    exact = _leagues_run({"a": 50.0, "b": 41.0, "c": 30.0}, {"a": 5.0, "b": 0.0, "c": -5.0})
    off_by_4 = _leagues_run({"a": 54.0, "b": 37.0, "c": 34.0}, {"a": 4.0, "b": 1.0, "c": -5.0})
    out = tool.compare_teams([exact], [exact, off_by_4], records)  # after: the two runs averaged, 2 wins off each
    assert out["team_seasons"] == 3
    assert out["before"]["wins_mae"] == pytest.approx(0.0) and out["before"]["wins_r"] == pytest.approx(1.0)
    assert out["after"]["wins_mae"] == pytest.approx(2.0)
    assert out["paired_mae_difference"] == pytest.approx(2.0) and out["paired_mae_difference_se"] == pytest.approx(0.0)
