"""Strategy files: validated on load, every error names the file, the line and the field."""

import pytest

from coachgym.core.errors import ConfigError
from coachgym.rules.fourthstreet import RULESET as FOURTH
from coachgym.strategy import StrategyCoach, StrategyFileError, examples, load, loads

GOOD = """\
ruleset: fourthstreet
base: by-the-book
name: late-press
rules:
  - name: press late
    when: margin <= -4 and period >= 4 and minutes_left <= 2
    do: press
  - when: their_c_fouls >= 4
    do: {zone: collapsed}
  - when: true
    do: {double_team: c}
"""


def error(text: str, ruleset: str | None = None) -> StrategyFileError:
    with pytest.raises(StrategyFileError) as err:
        loads(text, "press.yaml", ruleset)
    return err.value


def test_a_good_file_loads():
    s = loads(GOOD, "press.yaml")
    assert (s.name, s.ruleset, s.base) == ("late-press", "fourthstreet", "by-the-book")
    assert [r.name for r in s.rules] == ["press late", "rule 2", "rule 3"]
    assert [r.do for r in s.rules] == ["press", "zone: collapsed", "double_team: c"]
    assert [r.line for r in s.rules] == [5, 8, 10]
    assert s.rules[1].arg == "collapsed" and s.rules[0].arg == "keep"  # the default argument


@pytest.mark.parametrize("text, line, field, words", [
    (GOOD.replace("margin <= -4", "margn <= -4"), 6, "rules[1].when", "did you mean margin"),
    (GOOD.replace("do: press", "do: pres"), 7, "rules[1].do", "unknown fourthstreet action 'pres'; did you mean press"),
    (GOOD.replace("{zone: collapsed}", "{zone: diamond}"), 9, "rules[2].do", "'diamond' is not one of"),
    (GOOD.replace("do: press", "do: {press: c, zone: x}"), 7, "rules[1].do", "one pair"),
    (GOOD.replace("base: by-the-book", "base: by-the-bok"), 2, "base", "unknown coach"),
    (GOOD.replace("ruleset: fourthstreet", "ruleset: chess"), 1, "ruleset", "chess"),
    (GOOD.replace("  - when: true\n", "  - wen: true\n"), 10, "rules[3].wen", "did you mean 'when'"),
    (GOOD.replace("    do: {double_team: c}\n", ""), 10, "rules[3].do", "is missing"),
    (GOOD.replace("name: late-press", "name: late-press\nname: again"), 4, "name", "given twice"),
    (GOOD.replace("rules:\n", "rules: []\nx:\n"), 5, "x", "unknown key"),
    ("ruleset: fourthstreet\nbase: by-the-book\nrules: []\n", 3, "rules", "non-empty list"),
    ("ruleset: fourthstreet\nbase: by-the-book\nrules:\n  - when: true\n   do: press\n", 5, "", "not valid YAML"),
    ("ruleset: fourthstreet\nbase: strategy:x.yaml\nrules:\n  - {when: true, do: press}\n", 2, "base", "another strategy"),
])
def test_errors_name_file_line_and_field(text, line, field, words):
    e = error(text)
    assert (e.path, e.line, e.field) == ("press.yaml", line, field)
    assert words in str(e) and str(e).startswith(f"press.yaml, line {line}")


def test_condition_errors_give_the_column_in_the_file():
    e = error(GOOD.replace("margin <= -4 and", "margin <= -4 and and"))
    assert (e.line, e.column) == (6, 28)  # 'when: ' starts the value at column 11; the second 'and' is at 18
    assert "press.yaml, line 6, column 28: rules[1].when" in str(e)


def test_a_file_for_another_ruleset_is_refused():
    e = error(GOOD, "statispro")
    assert e.field == "ruleset" and "for fourthstreet, not statispro" in str(e)


def test_an_argument_is_required_or_refused():
    assert "rest needs an argument" in str(error(GOOD.replace("do: press", "do: rest")))
    assert "takes no argument" in str(error(GOOD.replace("do: press", "do: {setup: c}")))


def test_every_shipped_example_loads_and_builds_a_coach():
    files = examples()
    assert {p.name.split("_")[0] for p in files} == {"fourthstreet", "statispro", "valueadd", "fuba"}
    from coachgym import rulesets

    for p in files:
        s = load(p)
        coach = rulesets.get(s.ruleset).coach(f"strategy:{p}")
        assert isinstance(coach, StrategyCoach) and coach.strategy.rules


def test_coach_spec_takes_a_path_with_colons_and_slashes(tmp_path):
    folder = tmp_path / "a:b" / "c"
    folder.mkdir(parents=True)
    f = folder / "late:press.yaml"
    f.write_text(GOOD)
    coach = FOURTH.coach(f"strategy:{f}")
    assert isinstance(coach, StrategyCoach) and coach.name == f"strategy:{f}"
    with pytest.raises(ConfigError, match="no such file"):
        FOURTH.coach(f"strategy:{folder / 'missing.yaml'}")


def test_a_shipped_example_by_name():
    assert FOURTH.coach("strategy:fourthstreet_press.yaml").strategy.name == "always-press"
    assert FOURTH.coach("strategy:fourthstreet_press").strategy.name == "always-press"


def test_changed_choices_are_written_into_the_play_by_play():
    from coachgym.core.match import play_game

    game = FOURTH.new_game(seed=4)
    coach = FOURTH.coach("strategy:fourthstreet_press.yaml", seed=1)
    play_game(game, coach, FOURTH.coach("by-the-book", seed=2), seed=4)
    lines = [line for line in game.play_by_play() if line.startswith("(strategy always-press, press:")]
    assert lines and "press" in lines[0] and "instead of man-to-man" in lines[0]
    assert len(lines) == coach.logs[0].changed[0]


TAG = '!!python/object/apply:os.system ["echo hacked"]'


@pytest.mark.parametrize("text, line, field", [
    (GOOD.replace("base: by-the-book", f"base: {TAG}"), 2, "base"),
    (GOOD.replace("when: true", f"when: {TAG}"), 10, "rules[3].when"),
    (GOOD.replace("do: press", f"do: {TAG}"), 7, "rules[1].do"),
    (GOOD.replace("name: late-press", f"name: {{x: {TAG}}}"), 3, "name"),
    (GOOD.replace("  - name: press late\n", f"  - {TAG}: 1\n    name: press late\n"), 5, "rules[1]"),
])
def test_a_python_tag_under_a_key_is_one_error_of_its_line(text, line, field, tmp_path):
    """Issue 23: a Python tag under a key (``base:``, ``when:``, ``do:`` ...) gave a 48-57-line
    ConstructorError traceback; like one at the top of the file it is one error naming the line, the
    field and the tag, from strategy-check and from a command that uses the file, and nothing runs."""
    from click.testing import CliRunner

    from coachgym.cli import main

    e = error(text)
    assert (e.line, e.field) == (line, field) and "python/object/apply:os.system" in str(e)
    assert "plain YAML only" in str(e)
    path = tmp_path / "press.yaml"
    path.write_text(text)
    for args in (["strategy-check", str(path)],
                 ["simulate", "fourthstreet", "--coach-home", f"strategy:{path}", "-n", "2", "--backend", "inline"]):
        res = CliRunner().invoke(main, args)
        lines = res.output.strip().splitlines()
        assert res.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), res.output
        assert "Traceback" not in res.output and "hacked" not in res.output


ZONE = """\
ruleset: fourthstreet
base: by-the-book
rules:
  - when: zone_allowed and margin < 0
    do: press
  - when: not zone_allowed
    do: press
  - when: margin < 0
    do: zone
  - when: margin < 0
    do: press
"""


def test_strategy_check_warns_of_rules_that_cannot_fire_under_the_options(tmp_path):
    """Issue 23: a rule on ``zone_allowed`` never fires without ``-o zone_defense=true``: strategy-check
    names it (and the ``zone`` action, which needs the option); under the option the other rule, on
    ``not zone_allowed``, is the one named. A rule that may fire either way is never named."""
    from click.testing import CliRunner

    from coachgym.cli import main
    from coachgym.strategy import idle_rules

    s = loads(ZONE, "zone.yaml")
    off = idle_rules(s)
    assert len(off) == 2 and off[0].startswith("line 4: rule 1 cannot fire") and "zone_allowed is false" in off[0]
    assert off[1].startswith("line 8: rule 3 cannot fire") and "-o zone_defense=true" in off[1]
    on = idle_rules(s, {"zone_defense": True})
    assert len(on) == 1 and on[0].startswith("line 6: rule 2") and "zone_allowed is true" in on[0]
    path = tmp_path / "zone.yaml"
    path.write_text(ZONE)
    res = CliRunner().invoke(main, ["strategy-check", str(path)])
    assert res.exit_code == 0 and res.output.count("warning: ") == 2 and "give -o" in res.output
    res = CliRunner().invoke(main, ["strategy-check", str(path), "-o", "zone_defense=true"])
    assert res.exit_code == 0 and res.output.count("warning: ") == 1 and "line 6" in res.output
    res = CliRunner().invoke(main, ["strategy-check", str(path), "-o", "zone_defense=maybe"])
    assert res.exit_code == 2 and "must be true or false" in res.output


def test_a_numeric_rule_option_is_read_too():
    text = "ruleset: valueadd\nbase: by-the-book\nrules:\n  - when: foul_limit == 6 and our_most_fouls >= 5\n" \
           "    do: intentional_foul\n"
    from coachgym.strategy import idle_rules

    s = loads(text, "f.yaml")
    assert len(idle_rules(s)) == 1 and "foul_limit is 5" in idle_rules(s)[0]
    assert idle_rules(s, {"foul_limit": 6}) == []
    # the shipped examples all may fire, the zone one under its option
    for p in examples():
        opts = {"zone_defense": True} if "zone" in p.name else {}
        assert idle_rules(load(p), opts) == [], p.name
    assert "needs -o zone_defense=true" in idle_rules(load("fourthstreet_zone_foul_trouble.yaml"))[0]
