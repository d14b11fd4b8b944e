"""The realism table (coachgym.evaluation.realism, ``coachgym realism``): real figures with sources,
simulated averages with intervals, one row per box-score column."""

from __future__ import annotations

import copy
import math

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.core.errors import ConfigError
from coachgym.evaluation import realism as R


def test_every_real_figure_names_a_statistic_a_value_and_a_source():
    data = R.real_seasons()
    assert set(data["rulesets"]) == {"statispro", "fourthstreet", "valueadd", "fuba"}
    for name, entry in data["rulesets"].items():
        keys = {s.key for s in R.STATS[name]}
        for st in entry["sets"]:
            assert st["figures"] and set(st["figures"]) <= keys
            assert st["source"] in data["sources"]
    # the NBA figures were looked up; the ones given from memory carry a range and say so
    nba = data["rulesets"]["statispro"]["sets"][0]["figures"]
    assert nba["3PA"]["value"] == 9.0 and nba["AST"]["value"] == 24.7 and "basis" not in nba["PTS"]
    for fig in data["rulesets"]["valueadd"]["sets"][0]["figures"].values():
        assert fig["basis"] == "approximate" and fig["range"][0] < fig["range"][1]


def test_a_bad_real_figure_is_refused_naming_the_ruleset_set_and_figure():
    data = copy.deepcopy(R.real_seasons())
    data["rulesets"]["statispro"]["sets"][0]["figures"]["3PA"] = {"value": 9.0, "range": [10, 12]}
    with pytest.raises(ConfigError, match=r"statispro set 'league' figure '3PA': value 9.0 outside its range"):
        R._check(data)
    data = copy.deepcopy(R.real_seasons())
    data["rulesets"]["fuba"]["sets"][0]["figures"]["XG"] = {"value": 1.0}
    with pytest.raises(ConfigError, match="figure 'XG': no such statistic"):
        R._check(data)


def test_ratio_statistics_are_ratios_of_sums_with_an_interval():
    stat = next(s for s in R.STATS["statispro"] if s.key == "FG%")
    rows = [{"FGM": 40, "FGA": 80}, {"FGM": 50, "FGA": 100}, {"FGM": 30, "FGA": 90}]
    value, half = R.summarize(stat, rows)
    assert value == pytest.approx(100 * 120 / 270) and 0 < half < 20
    mean_stat = next(s for s in R.STATS["statispro"] if s.key == "TOV")  # player and team turnovers
    value, half = R.summarize(mean_stat, [{"TO": 14, "TEAM_TO": 1}, {"TO": 16, "TEAM_TO": 1}])
    assert value == pytest.approx(16.0) and half == pytest.approx(1.96 * math.sqrt(2 / 2))


def test_measure_compares_every_column_with_the_real_season():
    cmp = R.measure("statispro", "knicks-bulls", games=4, seed=1)
    keys = [r.key for r in cmp.rows]
    assert keys[:4] == ["PTS", "FGM", "FGA", "FG%"] and "AST" in keys and "POSS" in keys
    by = {r.key: r for r in cmp.rows}
    assert by["3PA"].real == 7.8 and by["AST"].real == 25.95 and by["PTS"].sim > 50
    assert all(r.real is not None for r in cmp.rows)  # every Statis Pro column has its real figure
    text = R.render(cmp)
    assert "3PA" in text and "7.80" in text and "knicks-bulls" in text
    md = R.render(cmp, markdown=True)
    assert md.count("\n| ") == len(cmp.rows) + 2  # header, rule, one row per statistic


def test_fuba_is_compared_per_match():
    cmp = R.measure("fuba", "basic", games=2, seed=3)
    goals = next(r for r in cmp.rows if r.key == "GOALS")
    assert goals.real == 2.68 and (goals.lo, goals.hi) == (2.5, 3.0) and goals.sim >= 0


def test_realism_command_prints_the_table_and_its_sources():
    res = CliRunner().invoke(main, ["realism", "statispro", "-n", "4", "--set", "knicks-bulls"])
    assert res.exit_code == 0, res.output
    assert "statispro - knicks-bulls" in res.output and "3PA" in res.output and "Sources:" in res.output
    assert "Basketball-Reference" in res.output
    bad = CliRunner().invoke(main, ["realism", "statispro", "--set", "nope"])
    assert bad.exit_code != 0 and "known: league, knicks-bulls" in bad.output
    bad = CliRunner().invoke(main, ["realism", "statispro", "-n", "1"])
    assert bad.exit_code != 0 and "--games" in bad.output


def test_a_set_may_play_a_variant_of_the_book_against_another_sets_figures():
    """Value Add's no-intentional-fouls set: the same real figures as 'league', both coaches
    by-the-book without the late intentional fouls (to show the cards' own free-throw rate)."""
    sets = {s["name"]: s for s in R.comparison_sets("valueadd")}
    assert sets["no-intentional-fouls"]["figures"] == sets["league"]["figures"]
    cmp = R.measure("valueadd", "no-intentional-fouls", games=2, seed=1)
    assert cmp.coach == "by-the-book:intentional_fouls=false"
    assert "2 by-the-book:intentional_fouls=false games" in R.render(cmp)
    assert next(r for r in cmp.rows if r.key == "FTA").real == 18.8
    bad = {"rulesets": {"valueadd": {"sets": [{"name": "a", "figures": "nope"}]}}}
    with pytest.raises(ConfigError, match="valueadd set 'a' takes its figures from 'nope'"):
        R._shared_figures(bad)
