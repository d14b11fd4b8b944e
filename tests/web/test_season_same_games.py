"""A browser season's process waits on people between the steps of its games (coachgym/web/season.py,
``_People``): waiting changes nothing of what is played. The same seeded short seasons, played by
the browser's season loop (``Simulations._run``) with the wait closing mid-game again and again,
store the very games (scores, box scores, carried-over facts) and standings that the command line's
``Competition.play`` stores, and that the loop stored before the wait went between the steps."""

from __future__ import annotations

import hashlib

import pytest

from coachgym import rulesets
from coachgym.series import competition as C
from coachgym.series.tables import standings
from coachgym.store import Store
from coachgym.web import season as S

# The bundled Statis Pro teams, 4 games a team, seed 7: digests of the games and of the standings as
# the browser's season loop stored them with the code before the wait went between the steps
# (e654dbd; /tmp digest run of Simulations._run, docs/coach-seat.md)
BEFORE = {"games": 12, "games_sha": "99b78afd7decb76c", "table_sha": "315af5c7e4685bd4"}


class _Flicker:
    """A gate that shows a request in flight for three looks in every ``every``: the season pauses
    mid-game."""

    def __init__(self, every: int = 40):
        self.every, self.looks, self.closed = every, 0, 0

    def __getitem__(self, i: int) -> float:
        if i == 1:
            return 0.0
        self.looks += 1
        if self.looks % self.every < 3:
            self.closed += 1
            return 1.0
        return 0.0


def _create(store, ruleset: str, league: str, per_team: int, seed: int) -> None:
    rs = rulesets.get(ruleset)
    if league == "bundled":
        names, fmt, opts = rs.team_names(), {"type": "round-robin", "legs": 2, "games_per_team": per_team}, {}
    else:
        names = rs.league_team_names(league)
        fmt, opts = C.league_season_format(rs.name, league, seed, per_team), C.league_options(rs.name, league)
    C.Competition.create(store, name="s", kind="season", ruleset=rs.name, teams=[(t, "by-the-book") for t in names],
                         fmt=fmt, options=opts, seed=seed)


def _digest(store) -> dict:
    comp = C.Competition.load(store, "s")
    games = [[g.round, g.slot, g.home, g.away, g.home_score, g.away_score, g.box, g.carry] for g in comp.games]
    table = [[r["key"], r.get("w"), r.get("l"), r.get("gb")] for r in standings(comp)]
    return {"games": len(games), "games_sha": hashlib.sha256(C.canonical(games).encode()).hexdigest()[:16],
            "table_sha": hashlib.sha256(C.canonical(table).encode()).hexdigest()[:16]}


def _browser_loop(tmp_path, monkeypatch, ruleset: str, league: str, per_team: int, seed: int) -> tuple[dict, S._People]:
    gate = _Flicker()
    monkeypatch.setattr(S, "_GATE", gate)
    monkeypatch.setattr(S, "_PEOPLE", None)
    monkeypatch.setattr(S, "WAIT_AT_MOST", 0.004)  # (each pause a few ms: the test stays fast)
    with Store(tmp_path / "web.sqlite3") as store:
        _create(store, ruleset, league, per_team, seed)
        run = S.Progress()
        S.Simulations._run(run, store, None, "s", "", "")
        assert run.state == "done", run.error
        people = S._PEOPLE
        return _digest(store), people


def _command_line(tmp_path, ruleset: str, league: str, per_team: int, seed: int) -> dict:
    with Store(tmp_path / "cli.sqlite3") as store:
        _create(store, ruleset, league, per_team, seed)
        C.Competition.load(store, "s").play()
        return _digest(store)


def test_pausing_mid_game_for_people_changes_no_game(tmp_path, monkeypatch):
    got, people = _browser_loop(tmp_path, monkeypatch, "statispro", "bundled", 4, 7)
    assert people is not None and people.gate.closed > 150 and people.waited > 0  # it did pause, mid-game too
    assert got == BEFORE  # the games and the standings the loop stored before the change
    assert got == _command_line(tmp_path, "statispro", "bundled", 4, 7)


@pytest.mark.parametrize("ruleset, league", [("statispro", "nba-1993"), ("fourthstreet", "nba-1980")])
def test_a_real_leagues_short_season_is_the_command_lines(tmp_path, monkeypatch, ruleset, league):
    """Real availability and injuries carried over: the browser's loop (pausing mid-game) stores the
    command line's games and standings."""
    got, people = _browser_loop(tmp_path, monkeypatch, ruleset, league, 2, 11)
    assert people.gate.closed > 150 and people.waited > 0
    assert got == _command_line(tmp_path, ruleset, league, 2, 11)
