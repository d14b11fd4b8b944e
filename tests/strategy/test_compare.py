"""coachgym compare: the sequential test on real games, strategy usage, the counterfactual replays,
the reports; and the command line."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.core.errors import ConfigError
from coachgym.core.runner import InlineBackend, LocalBackend
from coachgym.strategy.compare import ComparePairs, run_compare
from coachgym.strategy.sprt import SPRT


@pytest.mark.slow
def test_a_known_effect_is_detected_4th_street_always_press():
    """The trained coach's finding (docs/results.md, the benchmark: it learned to press wherever it may, ~63% against the
    book): a strategy file that always presses is found better than the book."""
    comp = run_compare("fourthstreet", "strategy:fourthstreet_press.yaml", "by-the-book", sprt=SPRT(0, 20), games=4000,
                       counterfactual=False)
    assert comp.status == "H1" and comp.sprt.statistic == "pairs"
    f = comp.figures()
    assert f.score_ci[0] > 0.5 and f.games < 1000
    usage = comp.usage("a")[0]
    assert usage.games_fired == comp.games and usage.changed / comp.games > 20  # the press, many times a game
    assert comp.usage("b") is None


def test_a_null_is_accepted_a_coach_against_itself():
    # the same coach on both benches: every pair splits (the same game twice, benches swapped)
    comp = run_compare("fourthstreet", "by-the-book", "by-the-book", sprt=SPRT(0, 20), games=4000, batch_pairs=32)
    assert comp.status == "H0" and comp.sprt.statistic == "pairs"
    f = comp.figures()
    assert f.score == 0.5 and f.pentanomial[2] == f.pairs


def test_a_strategy_whose_rule_never_changes_a_choice_plays_the_base_coachs_games(tmp_path):
    f = tmp_path / "never.yaml"
    f.write_text("ruleset: valueadd\nbase: by-the-book\nrules:\n  - {when: margin > 100, do: intentional_foul}\n")
    comp = run_compare("valueadd", f"strategy:{f}", "by-the-book", games=8)
    assert comp.status == "fixed" and comp.figures().pentanomial == [0, 0, 4, 0, 0]
    assert comp.usage("a")[0].fired == 0 and comp.effect_where_fired()["pairs_changed"] == 0
    assert "no strategy rule changed a choice" in comp.summary()


def test_the_counterfactual_replays_are_exact():
    """In a pair where no rule changed a choice, the games are the base coaches' games; where one did,
    base_margins are the base coaches' games on the same seeds."""
    spec = "strategy:fourthstreet_zone_foul_trouble.yaml"
    opts = {"zone_defense": True}
    played = ComparePairs("fourthstreet", spec, "by-the-book", seed=5, first=0, count=16, options=opts).run()
    base = ComparePairs("fourthstreet", "by-the-book", "by-the-book", seed=5, first=0, count=16, options=opts).run()
    assert any(p.changed() for p in played) and not all(p.changed() for p in played)
    for p, b in zip(played, base):
        assert p.base_margins == (b.margins if p.changed() else None)
        if not p.changed():
            assert p.margins == b.margins


@pytest.mark.slow
def test_the_same_result_on_every_backend():
    kw = dict(sprt=SPRT(0, 40), games=400, batch_pairs=6, counterfactual=False)
    a = run_compare("fourthstreet", "strategy:fourthstreet_press.yaml", "by-the-book", backend=InlineBackend(), **kw)
    with LocalBackend(2) as backend:
        b = run_compare("fourthstreet", "strategy:fourthstreet_press.yaml", "by-the-book", backend=backend, **kw)
    assert (a.status, a.games, [p.margins for p in a.pairs]) == (b.status, b.games, [p.margins for p in b.pairs])
    assert [t["llr"] for t in a.trace] == [t["llr"] for t in b.trace]


def test_compare_command_writes_report_plot_and_json(tmp_path):
    report, plot, data = tmp_path / "r.md", tmp_path / "r.png", tmp_path / "r.json"
    res = CliRunner().invoke(main, ["compare", "fourthstreet", "strategy:fourthstreet_press.yaml", "by-the-book",
                                    "--max-games", "24", "--batch", "4", "--jobs", "1", "--no-progress",
                                    "--report", str(report), "--plot", str(plot), "--json", str(data)],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "SPRT H0: +0 Elo, H1: +20 Elo" in res.output and "win rate (draws half)" in res.output
    md = report.read_text()
    assert "## How often strategy:fourthstreet_press.yaml chose differently" in md and "![running test](r.png)" in md
    assert plot.stat().st_size > 10_000 and plot.read_bytes()[:4] == b"\x89PNG"
    d = json.loads(data.read_text())
    assert d["games"] <= 24 and d["status"] in ("H1", "H0", "inconclusive") and d["usage_a"][0]["fired"] > 0


def test_compare_command_checks_its_bounds():
    res = CliRunner().invoke(main, ["compare", "fourthstreet", "by-the-book", "random", "--games", "10", "--elo1", "5"])
    assert res.exit_code != 0 and "fixed number" in res.output
    res = CliRunner().invoke(main, ["compare", "fourthstreet", "by-the-book", "random", "--win-rate1", "1.5"])
    assert res.exit_code != 0 and "between 0 and 1" in res.output
    res = CliRunner().invoke(main, ["compare", "fourthstreet", "by-the-book", "random", "--elo0", "10", "--elo1", "5"])
    assert res.exit_code != 0 and "greater" in res.output


def test_strategy_help_and_check_commands(tmp_path):
    out = CliRunner().invoke(main, ["strategy-help", "fuba"]).output
    assert "ball_half" in out and "pressing" in out and "fuba_press_own_half_leading.yaml" in out
    md = CliRunner().invoke(main, ["strategy-help", "statispro", "--markdown"]).output
    assert md.startswith("| variable | type | meaning |") and "| `press` |" in md
    out = CliRunner().invoke(main, ["strategy-check", "valueadd_foul_when_down_6.yaml"]).output
    assert "base coach by-the-book, 1 rule" in out and "line 9: no foul when down 3 to 5 late" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("ruleset: valueadd\nbase: by-the-book\nrules:\n  - when: margin < -3 and boxes < 6\n    do: intentional_foul\n")
    proc = subprocess.run([sys.executable, "-c", "from coachgym.cli import run; run()", "strategy-check", str(bad)],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert f"error: {bad}, line 4, column 27: rules[1].when: unknown situation variable 'boxes'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_every_strategy_command_has_help():
    for cmd in ("strategy-help", "strategy-check", "compare", "situation"):
        res = CliRunner().invoke(main, [cmd, "--help"])
        assert res.exit_code == 0 and "Usage" in res.output
    assert "--backend" in CliRunner().invoke(main, ["compare", "--help"]).output


def test_the_effect_statistic_is_refused_where_it_does_not_apply():
    with pytest.raises(ConfigError, match="effect statistic needs"):
        run_compare("fourthstreet", "strategy:fourthstreet_press.yaml", "random", sprt=SPRT(0, 20), games=4,
                    statistic="effect")
    comp = run_compare("fourthstreet", "strategy:fourthstreet_press.yaml", "random", sprt=SPRT(0, 20), games=4)
    assert comp.sprt.statistic == "pairs"
    # a strategy against its own base coach: the paired effect, fed from the replays
    comp = run_compare("fourthstreet", "strategy:fourthstreet_press.yaml", "by-the-book", sprt=SPRT(0, 20), games=8,
                       batch_pairs=2)
    assert comp.sprt.statistic == "effect"
    effects = [p.effect for p in comp.pairs]
    assert all(p.base_margins is not None for p in comp.pairs) and any(effects)
    assert comp.effect_where_fired()["overall"] == pytest.approx(sum(effects) / len(effects))
