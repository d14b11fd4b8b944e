"""coachgym situation: states in which a condition arises, paired rollouts of choices from them."""

import json
from dataclasses import replace

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.core.errors import ConfigError
from coachgym.rules.fourthstreet import actions as A
from coachgym.strategy import vocabulary
from coachgym.strategy.situation import FindStates, Rollouts, parse_choices, run_situation

WHEN = "margin <= -4 and period >= 4 and minutes_left <= 3"


def test_choices_are_checked_against_the_vocabulary():
    assert [c.label for c in parse_choices("fourthstreet", "press, man:none ,zone:collapsed")] == \
        ["press", "man:none", "zone:collapsed"]
    with pytest.raises(ConfigError, match="unknown fourthstreet action 'pres'"):
        parse_choices("fourthstreet", "pres,man")
    with pytest.raises(ConfigError, match="at least two"):
        parse_choices("fourthstreet", "press")
    with pytest.raises(ConfigError, match="needs an argument"):
        parse_choices("fourthstreet", "rest,press")
    with pytest.raises(ConfigError, match="never act at the same decision"):
        run_situation("fourthstreet", WHEN, "press,timeout", states=1)
    with pytest.raises(ConfigError, match="--when: unknown situation variable"):
        run_situation("fourthstreet", "margn < 0", "press,man", states=1)


def test_states_are_where_the_condition_holds_with_the_choices_open():
    choices = tuple(parse_choices("fourthstreet", "press,man"))
    states, played = FindStates("fourthstreet", WHEN, choices, "by-the-book", "by-the-book", 0, 0, 12,
                                ("margin", "minutes_left")).run()
    assert played == 12 and states
    vocab = vocabulary("fourthstreet")
    for st in states:
        g, d = st.engine, st.engine.decision
        assert d.side == st.side == st.game_index % 2 and d.kind == "defense"
        assert st.values["margin"] <= -4 and st.values["minutes_left"] <= 3
        assert vocab.variables["margin"].get(g, st.side, d) == st.values["margin"]
        assert A.ACTIONS[st.actions[0]]["mode"] == "press" and A.ACTIONS[st.actions[1]]["mode"] == "man"


def test_rollouts_share_their_futures_and_play_each_choice():
    choices = tuple(parse_choices("fourthstreet", "press,man"))
    states, _ = FindStates("fourthstreet", WHEN, choices, "by-the-book", "by-the-book", 0, 0, 12, ("margin",)).run()
    st = states[0]
    task = Rollouts("fourthstreet", WHEN, choices, "by-the-book", "by-the-book", "decision", st, 0, 3)
    rows = task.run()
    assert len(rows) == 3 and all(len(r) == 2 for r in rows)
    assert rows == task.run()  # the same futures every time
    assert st.engine.decision is not None  # the state itself is untouched
    # the same choice twice on the same futures: identical results (what differs between columns is the choice)
    twin = replace(st, actions=[st.actions[0]] * 2)
    rows = Rollouts("fourthstreet", WHEN, (choices[0], choices[0]), "by-the-book", "by-the-book", "decision", twin, 0, 3).run()
    assert all(a == b for a, b in rows)


@pytest.mark.slow
def test_run_situation_figures_groups_and_command(tmp_path):
    res = run_situation("fourthstreet", WHEN, "press,man", states=12, rollouts=2, by="period")
    assert len(res.states) == 12 and res.games_played >= 12
    table = res.table()
    assert [r["choice"] for r in table] == ["press", "man"]
    assert table[1]["difference"] == pytest.approx(table[1]["win_rate"] - table[0]["win_rate"])
    assert sum(len(g) for _, g in res.groups()) == 12
    assert "states: S arose" in res.summary() and "game_minutes_left among the states" in res.summary()
    report, plot, data = tmp_path / "s.md", tmp_path / "s.png", tmp_path / "s.json"
    out = CliRunner().invoke(main, ["situation", "fourthstreet", "--when", WHEN, "--choices", "press,man",
                                    "--states", "6", "--rollouts", "1", "--jobs", "1", "--no-progress",
                                    "--report", str(report), "--plot", str(plot), "--json", str(data)],
                             catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert "## How representative the states are" in report.read_text()
    assert plot.read_bytes()[:4] == b"\x89PNG"
    assert len(json.loads(data.read_text())["states"]) == 6


def test_a_situation_that_never_arises_is_reported():
    out = CliRunner().invoke(main, ["situation", "fourthstreet", "--when", "margin > 200", "--choices", "press,man",
                                    "--max-games", "2", "--jobs", "1", "--no-progress"])
    assert out.exit_code != 0 and "never arose" in out.output


def test_a_win_rate_interval_stays_within_0_and_1():
    """Issue 23: a choice that won nearly every state printed an interval reaching -0.001 or 1.001."""
    from coachgym.strategy.situation import SituationResult

    res = run_situation("fourthstreet", WHEN, "press,man", states=2, rollouts=1)
    res.states = [{**res.states[0], "score": [1.0, 0.0]}] * 3 + [{**res.states[0], "score": [0.0, 0.0]}]
    lo, hi = res.table()[0]["win_rate_ci"]
    assert 0.0 <= lo <= hi <= 1.0 and hi == 1.0  # 0.75 +- 0.49 would reach 1.24
    lo, hi = res.table()[1]["win_rate_ci"]
    assert (lo, hi) == (0.0, 0.0)
    assert isinstance(res, SituationResult)
