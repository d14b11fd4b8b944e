"""Match runner statistics and the action table."""

import math

import pytest

from coachgym.core.actions import ActionTable
from coachgym.core.engine import AWAY, HOME
from coachgym.core.match import GameRecord, MatchResult, wilson_interval


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-3) and math.isclose(hi, 0.5962, abs_tol=1e-3)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.29


def test_match_result_counts_from_coach_a_point_of_view():
    r = MatchResult("a", "b")
    r.games.append(GameRecord(0, "H", "A", HOME, 70, 60))  # A home, wins by 10
    r.games.append(GameRecord(0, "H", "A", AWAY, 70, 60))  # A away, loses by 10
    r.games.append(GameRecord(1, "H", "A", AWAY, 50, 60))  # A away, wins by 10
    r.games.append(GameRecord(1, "H", "A", HOME, 55, 55))  # draw
    assert (r.a_wins, r.b_wins, r.draws) == (2, 1, 1)
    assert r.a_score_rate == pytest.approx(2.5 / 4)
    assert r.mean_margin == pytest.approx(10 / 4)
    lo, hi = r.a_win_interval()
    assert lo < r.a_score_rate < hi


def test_action_table_is_fixed_and_indexed():
    t = ActionTable("test")
    a = t.add("pass", "pass the ball", to=3)
    b = t.add("shoot", "shoot")
    t.freeze()
    assert t.index("pass", to=3) == a and t[b].label == "shoot" and t[a]["to"] == 3
    with pytest.raises(RuntimeError):
        t.add("late", "too late")
    with pytest.raises(KeyError, match="no action"):
        t.index("pass", to=9)


def test_every_ruleset_refuses_a_real_team_without_a_source_and_names_the_field(tmp_path):
    """Team files share one header check: a JSON object of the ruleset's schema, a name, ``fictional``
    true or false, and a ``source`` when the players are real."""
    import json
    from importlib import resources

    import pytest

    from coachgym import rulesets
    from coachgym.core.errors import TeamFileError

    for name in ("valueadd", "statispro", "fuba", "fourthstreet"):
        rs = rulesets.get(name)
        bundled = resources.files(f"coachgym.rules.{name}").joinpath("data", "teams", rs.team_names()[0] + ".json")
        data = json.loads(bundled.read_text(encoding="utf-8"))
        data["fictional"], data["source"] = False, ""
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data))
        with pytest.raises(TeamFileError, match=r"field 'source': a team of real players"):
            rs.load_team(str(path))
        data["fictional"] = "yes"
        path.write_text(json.dumps(data))
        with pytest.raises(TeamFileError, match=r"field 'fictional'"):
            rs.load_team(str(path))
        path.write_text(json.dumps([data]))
        with pytest.raises(TeamFileError, match=r"field '<file>'"):
            rs.load_team(str(path))
