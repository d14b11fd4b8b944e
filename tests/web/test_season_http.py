"""Seasons over HTTP (season.py): bad form entries are refused with a line naming the field, a
season is this browser's (another browser gets 404), and "Remove" takes it off the list while the
server's database keeps it for ``coachgym season``."""

from __future__ import annotations

from fastapi.testclient import TestClient

from coachgym.series.competition import Competition
from coachgym.store import Store
from coachgym.web import create_app


def test_season_form_errors_ownership_and_remove(db):
    app = create_app(db_path=db)
    with TestClient(app) as a, TestClient(app) as b:
        bad = a.post("/seasons", data={"league": "hockey:nhl", "team": "x", "games": "2"})
        assert bad.status_code == 400 and "league: choose one of the list" in bad.text
        bad = a.post("/seasons", data={"league": "statispro:nba-1993", "team": "lakers", "games": "3"})
        assert bad.status_code == 400 and "games: full (the whole season, 82 games a team) or one of 20, 10, 4, 2" in bad.text
        bad = a.post("/seasons", data={"league": "statispro:nba-1993", "team": "nobody", "games": "2"})
        assert bad.status_code == 400 and "team: not a team of" in bad.text
        ok = a.post("/seasons", data={"league": "valueadd:bundled", "team": "harbor-city", "games": "2"},
                    follow_redirects=False)
        assert ok.status_code == 303
        where = ok.headers["location"]
        name = where.rsplit("/", 1)[1]
        assert a.get(where).status_code == 200 and a.get("/seasons").text.count(name) >= 1
        assert b.get(where).status_code == 404  # another browser: not its season
        assert a.post(f"{where}/forget", follow_redirects=False).status_code == 303
        assert name not in a.get("/seasons").text and a.get(where).status_code == 404
    assert name in [c["name"] for c in Competition.names(Store(db))]  # the database keeps it


def test_the_web_tables_come_with_the_store_s_versioned_schema(tmp_path):
    """web_gone (sealed saves' lineage) and web_seasons are store migration 6, not made by a request:
    a new file has them at user_version 6, and a version-5 file gains them on open."""
    import sqlite3

    from coachgym.store import MIGRATIONS, Store

    store = Store(tmp_path / "new.sqlite3")
    tables = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"web_gone", "web_seasons"} <= tables and store.version == max(MIGRATIONS) >= 6
    old = tmp_path / "v5.sqlite3"
    # a version-5 file written by the previous coachgym: migration 6 alone applies on open
    conn = sqlite3.connect(old)
    conn.executescript("CREATE TABLE live_games (id TEXT PRIMARY KEY); PRAGMA user_version = 5;")
    conn.close()
    upgraded = Store(old)
    assert upgraded.version == max(MIGRATIONS)
    names = {r[0] for r in upgraded.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"web_gone", "web_seasons", "live_games"} <= names


def test_every_season_change_is_refused_from_another_origin(db):
    """Creating a season and every change of one (simulate, play, playoffs, forget) accepts a request
    only from the server's own origin: a page elsewhere gets 403 and nothing changes."""
    app = create_app(db_path=db)
    foreign = {"Origin": "http://evil.example"}
    with TestClient(app) as a:
        made = a.post("/seasons", data={"league": "valueadd:bundled", "team": "harbor-city", "games": "2"},
                      headers=foreign, follow_redirects=False)
        assert made.status_code == 403
        assert Competition.names(Store(db)) == []
        ok = a.post("/seasons", data={"league": "valueadd:bundled", "team": "harbor-city", "games": "2"},
                    follow_redirects=False)
        where = ok.headers["location"]
        for change, data in (("simulate", {}), ("play", {"how": "book"}), ("playoffs", {}),
                             ("playoffs/simulate", {}), ("playoffs/play", {"how": "book"}), ("forget", {})):
            r = a.post(f"{where}/{change}", data=data, headers=foreign, follow_redirects=False)
            assert r.status_code == 403, (change, r.status_code)
        page = a.get(where)
        assert page.status_code == 200 and "0 of" in page.text  # still there, no game played


def test_the_browsers_background_simulation_plays_the_command_lines_games(tmp_path):
    """The web's simulation loop (season.Simulations._run, which a season's background process runs;
    here called directly): every game stored is the one ``coachgym season`` plays (same seeds, same
    scores, same order of rounds and slots)."""
    from coachgym.web.season import Progress, Simulations

    teams = [(t, "by-the-book") for t in ("harbor-city", "cedar-valley", "ironwood-state", "lakeshore")]
    fmt = {"type": "round-robin", "legs": 1}
    with Store(tmp_path / "web.sqlite3") as web, Store(tmp_path / "cli.sqlite3") as cli:
        for store in (web, cli):
            Competition.create(store, name="s", kind="season", ruleset="valueadd", teams=teams, fmt=fmt, seed=7)
        run = Progress()
        Simulations._run(run, web, None, "s", "session", "")  # the web's "simulate the rest"
        assert run.state == "done", run.error
        Competition.load(cli, "s").play()

        def games(store):
            return [(g.round, g.slot, g.home, g.away, g.seed, g.home_score, g.away_score)
                    for g in Competition.load(store, "s").games]

        assert len(games(web)) == 6 and run.done == 6 and games(web) == games(cli)


def test_no_team_is_a_negative_number_of_games_behind():
    """With unequal games played, the team listed first by percentage (1-0) may have fewer wins than
    the next (2-0): games behind are counted from the team furthest above .500, so none is negative."""
    from coachgym.web.season import _games_behind

    rows = _games_behind([{"w": 1, "l": 0}, {"w": 2, "l": 0}, {"w": 2, "l": 1}, {"w": 0, "l": 2}])
    assert [r["gb"] for r in rows] == [0.5, 0.0, 0.5, 2.0]
    assert _games_behind([]) == []
