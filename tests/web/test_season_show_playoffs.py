"""``coachgym season show`` prints the playoffs a season went on to in the browser: the bracket the
server keeps with the season (``web_seasons.playoffs``, the same SQLite store as the command line's
seasons), round by round, each series with its games, who coached your team's, and the champions."""

from __future__ import annotations

import json
import time

from click.testing import CliRunner

from coachgym.cli import main
from coachgym.series.competition import Competition
from coachgym.series.tables import standings
from coachgym.store import Store
from coachgym.web import playoffs as P

TEAMS = ("harbor-city", "cedar-valley", "ironwood-state", "lakeshore")


def test_season_show_prints_the_browsers_playoffs(tmp_path):
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        comp = Competition.create(store, name="web-s", kind="season", ruleset="valueadd",
                                  teams=[(t, "by-the-book") for t in TEAMS], fmt={"type": "round-robin", "legs": 1}, seed=3)
        comp.play()
        mine = TEAMS[0]
        store.conn.execute("INSERT INTO web_seasons (name, owner, team, pending, created) VALUES (?, ?, ?, NULL, ?)",
                           ("web-s", "0" * 16, mine, time.time()))
        store.conn.commit()
        show = ["season", "show", "web-s", "--db", str(db)]
        before = CliRunner().invoke(main, show, catch_exceptions=False)
        assert before.exit_code == 0 and "PLAYOFFS" not in before.output  # none started yet: nothing said
        # the playoffs as the browser plays them (season.py): your team's games coached, the others simulated
        po = P.new(comp, standings(comp))
        while not po["champion"]:
            index, s = P.open_series(po, exclude_mine=False)[0]
            home, away = P.teams_of(comp, po, index)
            task = P.next_game(comp, po, index)
            P.record(po, index, task, task.run(), home, away, coach="person" if mine in (home, away) else "")
        store.conn.execute("UPDATE web_seasons SET playoffs = ? WHERE name = ?", (json.dumps(po), "web-s"))
        store.conn.commit()
    res = CliRunner().invoke(main, show, catch_exceptions=False)
    assert res.exit_code == 0, res.output
    out = res.output
    assert "STANDINGS" in out and "PLAYOFFS (played in the browser)" in out  # the regular season, then its playoffs
    tail = out[out.index("PLAYOFFS"):]
    assert "Playoffs of the bundled teams" in tail
    names = {k: e.name for k, e in comp.entry.items()}
    # the top four by record, best of 3 then best of 5: two semi-finals and the final, every game listed
    assert tail.count("(best of 3)") == 2 and tail.count("(best of 5)") == 1 and ", Playoffs)" not in tail
    assert "Semi-finals" in tail and "Finals" in tail
    games = sum(len(s["games"]) for rnd in po["rounds"] for s in rnd)
    assert tail.count("      game ") == games and 2 * 2 + 3 <= games <= 3 * 2 + 5
    for rnd in po["rounds"]:
        for s in rnd:
            assert f"{names[s['high']]} {s['wins'][0]} – {s['wins'][1]} " in tail
            assert f": {names[s['winner']]} win" in tail
    assert f"Champions: {names[po['champion']]}" in tail
    mine_games = sum(mine in (g["home"], g["away"]) for rnd in po["rounds"] for s in rnd for g in s["games"])
    assert tail.count("(you coached it)") == mine_games >= 2  # your team reached at least a semi-final's two games
