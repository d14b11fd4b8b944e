"""``coachgym options`` and ``coachgym coaches`` list every rule option and coach parameter with its
default and a one-line explanation; an unknown coach parameter's error lists the valid ones."""

from __future__ import annotations

import dataclasses
import inspect

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.errors import ConfigError

RULESETS = [e.name for e in rulesets.entries()]


@pytest.mark.parametrize("name", RULESETS)
def test_options_lists_every_rule_option_with_default_and_explanation(name):
    rs = rulesets.get(name)
    res = CliRunner().invoke(main, ["options", name])
    assert res.exit_code == 0, res.output
    defaults = rs.options_cls()
    for f in dataclasses.fields(rs.options_cls):
        line = next(line for line in res.output.splitlines() if line.split()[:1] == [f.name])
        value = getattr(defaults, f.name)
        shown = ("true" if value else "false") if isinstance(value, bool) else "none" if value is None else str(value)
        assert line.split()[1] == shown
        assert "(no description)" not in line and len(line.split()) > 3  # an explanation follows
    assert f"coachgym simulate {name} -o " in res.output


@pytest.mark.parametrize("name", RULESETS)
def test_coaches_lists_every_coach_and_every_parameter(name):
    rs = rulesets.get(name)
    res = CliRunner().invoke(main, ["coaches", name])
    assert res.exit_code == 0, res.output
    for coach in rs.coach_names():
        assert f"\n{coach}: " in res.output
    factory = rs.coach_factory("by-the-book")
    params = [p for p in inspect.signature(factory).parameters if p != "seed"]
    for p in params:
        line = next(line for line in res.output.splitlines() if line.split()[:1] == [p])
        assert "(no description)" not in line


def test_unknown_coach_parameter_lists_the_valid_ones_with_defaults():
    with pytest.raises(ConfigError) as info:
        rulesets.get("valueadd").coach("by-the-book:bogus=1")
    text = str(info.value)
    assert "does not take the parameter 'bogus'" in text
    for p in ("fast_break (default book)", "foul_deficit (default 3)", "rotation (default true)"):
        assert p in text
    with pytest.raises(ConfigError, match="it takes no parameters"):
        rulesets.get("fourthstreet").coach("by-the-book:press=always")
    res = CliRunner().invoke(main, ["simulate", "statispro", "--coach-away", "by-the-book:double=star", "-n", "2"])
    assert res.exit_code == 2 and "double_team (default never)" in res.output and "Traceback" not in res.output


@pytest.mark.parametrize("spec, said", [
    ("by-the-book:foul_deficit=abc", "by-the-book parameter foul_deficit must be a number (an integer 0 to 10000), got 'abc'"),
    ("by-the-book:foul_deficit=-5", "foul_deficit must be an integer from 0 to 10000, got -5"),
    ("by-the-book:foul_deficit=2.5", "foul_deficit must be a number (an integer 0 to 10000), got 2.5"),
    ("by-the-book:foul_deficit=" + "9" * 30, "foul_deficit must be an integer from 0 to 10000"),
    ("by-the-book:rotation=maybe", "rotation must be true or false, got 'maybe'"),
    ("by-the-book:fast_break=/etc/shadow", "fast_break must be a short word"),
    ("random:x=1", "coach 'random' does not take the parameter 'x'; it takes no parameters"),
    ("by-the-book:foul_deficit=4,foul_deficit=5", "parameter 'foul_deficit' is given twice"),
    ("by-the-book:junk", "parameter 'junk' is not KEY=VALUE"),
])
def test_scripted_coach_parameters_are_held_to_the_coach_grammar_on_the_command_line(spec, said):
    """Issue 32: the table of ``coachgym coaches`` (coachgym.core.coachspec) checks a scripted coach's
    parameters from the command line too: type and bounds, one line, exit 2, nothing played."""
    res = CliRunner().invoke(main, ["simulate", "valueadd", "--coach-home", spec, "-n", "1", "--no-progress"])
    assert res.exit_code == 2, res.output
    assert said in res.output and "Traceback" not in res.output
    assert len(res.output.strip().splitlines()) == 1 and "win" not in res.output.lower()


def test_scripted_coach_parameters_in_bounds_still_play():
    coach = rulesets.get("valueadd").coach("by-the-book:foul_deficit=5,fast_break=never,rotation=false")
    assert (coach.foul_deficit, coach.fast_break, coach.rotation) == (5, "never", False)
