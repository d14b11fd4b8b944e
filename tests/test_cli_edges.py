"""Command-line edge cases of issue 15 (part 1): --plot without matplotlib fails before the games,
a one-game series says its margin interval needs two games, the summary's possessions are the
team's and coach names are printed in full."""

from __future__ import annotations

import sys
import time

from click.testing import CliRunner

from coachgym.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_plot_without_matplotlib_fails_before_the_series(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    for command in (["simulate", "fourthstreet", "-n", "100000"], ["leverage", "valueadd", "-n", "100000"],
                    ["benchmark", "fuba", "-n", "100000"]):
        start = time.perf_counter()
        res = CliRunner().invoke(main, [*command, "--no-progress", "--backend", "inline",
                                        *(["--plot", "out.png"] if command[0] != "benchmark" else [])])
        assert res.exit_code == 2, res.output
        assert "pip install 'coachgym[plot]'" in res.output
        assert time.perf_counter() - start < 5  # no game was played
        assert "Traceback" not in res.output


def test_one_game_series_says_the_margin_interval_needs_two_games():
    res = run("simulate", "valueadd", "-n", "1", "--no-swap", "--coach-away", "random", "--no-progress",
              "--backend", "inline")
    assert res.exit_code == 0
    assert "nan" not in res.output
    assert "mean margin" in res.output and "95% CI n/a (needs 2 games)" in res.output
    assert ", 1 game, seed 0" in res.output


def test_odd_games_with_swap_say_they_were_rounded_up_to_pairs():
    res = run("simulate", "fuba", "-n", "1", "--coach-away", "random", "--no-progress", "--backend", "inline")
    assert "2 games, seed 0" in res.output and "(1 asked for, rounded up to pairs)" in res.output
    assert "95% CI +" in res.output or "95% CI -" in res.output


def test_summary_shows_team_possessions_and_full_coach_names():
    coach = "by-the-book:intentional_fouls=false,fast_break=never"
    res = run("simulate", "valueadd", "-n", "2", "--coach-home", coach, "--coach-away", "random", "--no-progress",
              "--backend", "inline")
    rows = {line.split()[0]: line.split() for line in res.output.splitlines() if line.strip()}
    header = next(line.split() for line in res.output.splitlines() if line.split()[:2] == ["score", "POSS"])
    poss = float(rows[coach][1 + header.index("POSS")])
    assert 40 <= poss <= 60  # a team's possessions (44 per game and the bottom halves), not the five players' sum
    assert "POSS: the team's possessions" in res.output
    assert coach in rows  # the whole coach name, not cut at 24 characters
