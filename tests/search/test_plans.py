"""Plan-level search (coachgym.strategy.plans), the search coach with plans, and the scopes shared
with coachgym situation."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.errors import ConfigError
from coachgym.core.match import play_game
from coachgym.search.holds import ScopeClock, parse_scope
from coachgym.strategy.plans import PlanCoach, library, parse_plan, race_plans
from coachgym.strategy.situation import FindStates, Rollouts, parse_choices


def _played(name: str, after: int, seed: int = 2):
    rs = rulesets.get(name)
    g = rs.new_game(seed=seed, record_events=False)
    cs = [rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2)]
    cs[0].reset(g, 0, 1)
    cs[1].reset(g, 1, 2)
    for _ in range(after):
        g.step(cs[g.decision.side].choose(g, g.decision))
    return g


@pytest.mark.parametrize("name", ["statispro", "fourthstreet", "valueadd", "fuba"])
def test_every_named_plan_parses_in_the_strategy_vocabulary(name):
    plans = library(name)
    assert len(plans) >= 4
    for key in plans:
        p = parse_plan(name, key)
        assert p.strategy is not None and p.strategy.ruleset == name and p.strategy.rules


def test_plans_are_written_inline_or_as_files_and_errors_name_the_plan():
    p = parse_plan("fourthstreet", "zone:collapsed when margin >= 8; rest:pg when minutes_left <= 4")
    assert [(r.action.name, r.arg, r.condition.text) for r in p.strategy.rules] == \
        [("zone", "collapsed", "margin >= 8"), ("rest", "pg", "minutes_left <= 4")]
    assert parse_plan("fourthstreet", "fourthstreet_press.yaml").strategy.rules
    assert parse_plan("statispro", "book").strategy is None
    with pytest.raises(ConfigError, match=r"plan 'zone when margin > 8': rules\[1\].do: unknown statispro action 'zone'"):
        parse_plan("statispro", "zone when margin > 8")
    with pytest.raises(ConfigError, match="unknown situation variable"):
        parse_plan("statispro", "press when margn < 0")


def test_a_plan_race_pairs_the_plans_with_the_base_coach_and_says_which_acted():
    g = _played("fourthstreet", 40)
    a = race_plans(g, ["press", "man_no_double_team", "double_team_star"], rollouts=48, seed=1, min_rounds=100)
    assert [o.label.split(":")[0] for o in a.options][0] == "book" and a.options[0].sources == ["base"]
    assert all(o.rollouts == 12 for o in a.options)  # every plan on the same 12 futures
    press = next(o for o in a.options if o.label.startswith("press"))
    assert press.undone == press.rollouts  # "acted in": the press changed the book's defense in every rollout
    assert press.scope == "the period" and "acted in 100%" in a.table()
    assert a.to_dict()["kind"] == "plan"
    # a plan that is the base coach here gives exactly its results, and is flagged
    b = race_plans(g, ["man:keep when false"], rollouts=16, seed=1)
    o = b.options[1]
    assert o.undone == 0 and "never changed a choice" in o.flag
    assert o.win == b.options[0].win


def test_a_plan_acts_only_within_its_scope():
    g = _played("statispro", 60)
    rs = rulesets.get("statispro")
    pc = PlanCoach(parse_plan("statispro", "press"), rs.coach("by-the-book", seed=0))
    opp = rs.coach("by-the-book", seed=1)
    pc.start(ScopeClock(parse_scope("period", "statispro"), g))
    side = g.decision.side
    pc.reset(g, side, 1)
    opp.reset(g, 1 - side, 2)
    start = g.period
    acted_in, acted_after = 0, 0
    while g.decision is not None and g.period <= start + 1:
        d = g.decision
        before = pc.acted
        g.step((pc if d.side == side else opp).choose(g, d))
        if pc.acted > before:
            if g.period == start:
                acted_in += 1
            else:
                acted_after += 1
    assert acted_in > 0 and acted_after == 0


def test_search_coach_races_plans_at_each_scope():
    rs = rulesets.get("valueadd")
    team = rs.team_names()[0]
    coach = rs.coach("search:budget=8,when=fast_break,plans=threes+no_threes,plan_scope=half,plan_budget=12", seed=1)
    play_game(rs.new_game(team, team, seed=3, record_events=False), coach, rs.coach("by-the-book", seed=2), seed=1)
    s = coach.stats()
    assert s["plan_searches"] >= 2 and sum(s["plans"].values()) == s["plan_searches"]
    with pytest.raises(ConfigError, match="plan 'nope'"):
        rs.coach("search:plans=nope,when=all")


def test_plans_command_lists_and_races():
    r = CliRunner().invoke(main, ["plans", "--ruleset", "fuba", "--list"])
    assert r.exit_code == 0 and "no_pressing" in r.output
    r = CliRunner().invoke(main, ["plans", "--ruleset", "statispro", "--after", "60", "--plan", "press", "--rollouts", "8",
                                  "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "press: PRESS after every dead ball" in r.output and "book: the base coach alone" in r.output
    r = CliRunner().invoke(main, ["plans", "--ruleset", "statispro", "--plan", "zone", "--no-progress"])
    assert r.exit_code != 0 and "unknown statispro action 'zone'" in r.output and "Traceback" not in r.output


def test_situation_takes_the_same_scopes_as_analyze():
    with pytest.raises(ConfigError, match="--scope 'quarter'"):
        parse_scope("quarter", "fourthstreet", ("decision", "situation", "period", "half", "game"))
    when = "margin <= -4 and period >= 4 and minutes_left <= 3"
    choices = tuple(parse_choices("fourthstreet", "press,man"))
    states, _ = FindStates("fourthstreet", when, choices, "by-the-book", "by-the-book", 0, 0, 12, ("margin",)).run()
    st = states[0]
    rows = {scope: Rollouts("fourthstreet", when, choices, "by-the-book", "by-the-book", scope, st, 0, 2).run()
            for scope in ("decision", "minutes:1", "period")}
    assert rows["decision"] != rows["period"]  # the press held to the end of the period changes the results
    r = CliRunner().invoke(main, ["situation", "fourthstreet", "--when", when, "--choices", "press,man", "--scope",
                                  "boxes:3", "--states", "1"])
    assert r.exit_code == 2 and "fourthstreet measures time in minutes" in r.output  # one error line
