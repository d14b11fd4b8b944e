"""The coachgym command."""

import json

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.rules.valueadd import RULESET


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_every_subcommand_has_help():
    assert run("--help").exit_code == 0
    for cmd in ("rulesets", "teams", "actions", "observation", "simulate", "play", "speed", "train", "benchmark", "leverage"):
        res = run(cmd, "--help")
        assert res.exit_code == 0 and "Usage" in res.output
    assert run("replay", "--help").exit_code == 0


def test_rulesets_lists_env_ids():
    out = run("rulesets").output
    assert "valueadd" in out and "coachgym/ValueAddBasketball-v0" in out


def test_teams_lists_bundled_teams():
    out = run("teams", "valueadd").output
    assert "harbor-city" in out and "fictional" in out


def test_simulate_prints_win_rates_and_box_scores(tmp_path):
    out_file = tmp_path / "r.json"
    res = run("simulate", "valueadd", "--games", "6", "--seed", "3", "--coach-away", "random", "--no-progress",
              "--json", str(out_file), "-o", "home_court=true")
    assert res.exit_code == 0, res.output
    assert "by-the-book vs random: 6 games" in res.output and "95% CI" in res.output and "FG%" in res.output
    data = json.loads(out_file.read_text())
    assert data["games"] == 6 and data["options"]["home_court"] is True


def test_unknown_ruleset_and_option_are_named():
    res = CliRunner().invoke(main, ["simulate", "hockey"])
    assert res.exit_code != 0 and "unknown ruleset 'hockey'" in res.output
    res = CliRunner().invoke(main, ["simulate", "valueadd", "-o", "bogus=1", "--games", "1"])
    assert res.exit_code == 2 and "unknown option 'bogus'" in res.output and "Traceback" not in res.output


def test_play_reasks_on_bad_input_and_quits_cleanly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = run("play", "valueadd", "--seed", "1", "--opponent", "by-the-book", input="banana\n999\nq\nn\n")
    assert res.exit_code == 0
    assert "'banana': type a number" in res.output and "Type a number from 1 to" in res.output
    assert "Game abandoned (seed 1)" in res.output and "Harbor City" in res.output


def test_coach_parameters_make_strategy_variants_and_bad_ones_are_named():
    from coachgym.core.errors import ConfigError

    coach = RULESET.coach("by-the-book:intentional_fouls=false,fast_break=never", seed=1)
    assert coach.intentional_fouls is False and coach.fast_break == "never"
    assert coach.name == "by-the-book:fast_break=never,intentional_fouls=false"
    assert RULESET.coach("by-the-book").name == "by-the-book"
    for bad, message in (("by-the-book:fast_break=sometimes", "fast_break must be one of"),
                         ("by-the-book:bogus=1", "does not take"), ("by-the-book:novalue", "not KEY=VALUE")):
        try:
            RULESET.coach(bad)
        except ConfigError as exc:
            assert message in str(exc)
        else:
            raise AssertionError(bad)


def test_a_never_fast_break_coach_never_fast_breaks():
    from coachgym.core.match import play_game

    game = RULESET.new_game(seed=5)
    never = RULESET.coach("by-the-book:fast_break=never")
    play_game(game, never, never)
    assert not [e for e in game.log if e.kind == "fast_break"]
    assert [e for e in game.log if e.kind == "steal"]


@pytest.mark.parametrize("command", [["season", "start", "valueadd", "--name", "s"], ["season", "list"],
                                     ["tournament", "list"], ["ratings", "valueadd", "random", "by-the-book"]])
def test_a_db_in_a_folder_that_does_not_exist_is_refused_and_nothing_is_created(tmp_path, command):
    """Issue 23: --db /nonexistent/dir/x.sqlite3 created the folders silently."""
    db = tmp_path / "nonexistent" / "dir" / "x.sqlite3"
    res = CliRunner().invoke(main, [*command, "--db", str(db)])
    errors = [line for line in res.output.splitlines() if "error:" in line.lower()]
    assert res.exit_code == 2 and len(errors) == 1 and "does not exist" in errors[0], res.output
    assert not (tmp_path / "nonexistent").exists()


@pytest.mark.parametrize("args, option", [
    (["simulate", "valueadd", "--games", "0"], "--games"),
    (["simulate", "valueadd", "--games", "-5"], "--games"),
    (["leverage", "valueadd", "-n", "-1"], "--games"),
    (["ratings", "valueadd", "random", "by-the-book", "-n", "0"], "--games"),
    (["speed", "valueadd", "--games", "-1"], "--games"),
    (["compare", "valueadd", "random", "by-the-book", "--games", "0"], "--games"),
    (["compare", "valueadd", "random", "by-the-book", "--max-games", "1"], "--max-games"),
    (["situation", "valueadd", "--when", "true", "--choices", "a,b", "--rollouts", "0"], "--rollouts"),
])
def test_every_count_is_checked_before_any_work_naming_its_option(args, option):
    """Issue 23: these gave a traceback ('no results to merge', 'range() arg 3 must not be zero'), an
    error after the work, '-186672 games per CPU-second', or blamed --max-games for --games 0."""
    res = CliRunner().invoke(main, args)
    errors = [line for line in res.output.splitlines() if "error:" in line.lower()]
    assert res.exit_code == 2 and len(errors) == 1 and f"'{option}'" in errors[0], res.output
    assert "Traceback" not in res.output
