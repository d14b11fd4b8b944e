"""``coachgym play RULESET --league NAME``: pick a league's teams in a pseudo-terminal (pexpect), then
coach one of them."""

from __future__ import annotations

import pexpect

from tests.present.test_terminal import PROMPT, spawn


def test_play_with_a_league_lists_its_teams_and_plays_the_two_picked(tmp_path):
    child = spawn(["play", "fourthstreet", "--league", "nba-1980", "--seed", "4", "--opponent", "by-the-book"],
                  tmp_path)
    child.expect("1979-80 NBA: pick the teams")
    child.expect(r"Boston Celtics \(real 61-21\)")
    child.expect(r"home team \(number\)")
    child.sendline("99")
    child.expect("not in the range")
    child.sendline("12")  # lakers
    child.expect(r"away team \(number\)")
    child.sendline("6")  # celtics
    child.expect("Seed 4")
    child.expect("Los Angeles Lakers")
    child.expect(PROMPT)
    child.sendline("q")
    child.sendline("n")
    child.expect("Game abandoned")
    child.expect(pexpect.EOF)


def test_play_with_a_league_and_a_team_not_in_it_says_which_teams_there_are(tmp_path):
    child = spawn(["play", "fourthstreet", "--league", "nba-1980", "--home", "lakers", "--away", "celts"], tmp_path)
    child.expect("no team 'celts' in 1979-80 NBA; its teams: 76ers")
    child.expect(pexpect.EOF)


def test_play_with_a_real_fuba_league_plays_with_the_leagues_rule_options(monkeypatch):
    """A real FUBA league's clubs differ only by their A12 skills (docs/rules/fuba.md "Real leagues"):
    ``play fuba --league`` switches on the league's A1 and A12 as its seasons do; ``-o`` still wins."""
    from click.testing import CliRunner

    from coachgym.cli import main
    from coachgym.core.errors import CoachgymError
    from coachgym.present.seat import Seat

    seen = []

    def new(ruleset, **kw):
        seen.append((kw["home"], kw["away"], kw["options"]))
        raise CoachgymError("stopped by the test")

    monkeypatch.setattr(Seat, "new", staticmethod(new))
    args = ["play", "fuba", "--league", "epl-2018-19", "--home", "liverpool", "--away", "burnley"]
    for extra in ([], ["-o", "skill_limit=4"]):
        res = CliRunner().invoke(main, args + extra)
        assert "stopped by the test" in res.output and "Traceback" not in res.output
    assert [s[:2] for s in seen] == [("epl-2018-19/liverpool", "epl-2018-19/burnley")] * 2
    assert seen[0][2] == {"condition_points": True, "skills": True, "skill_limit": 6}
    assert seen[1][2]["skill_limit"] == 4 and seen[1][2]["skills"] is True
