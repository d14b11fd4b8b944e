"""FUBA seasons in the browser (season.py): a real FUBA league (the 2018-19 Premier League's clubs,
coachgym/rules/fuba/data/leagues/) is offered because the registry has it, FUBA's two bundled clubs
are not (a league of two is one fixture repeated); the season is played with the league's own rule
options (A1 and A12: the clubs differ only by their skills), its full length is the real fixture
list (38 games a club), and the page ranks by points as the ruleset's ``Sport`` says (3/1/0, then
goal difference, goals), names the table's top as champions and has no playoffs. Hostile form
entries, another browser and the season quota are refused."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from coachgym import rulesets
from coachgym.series.competition import Competition
from coachgym.series.tables import standings
from coachgym.store import Store
from coachgym.web import create_app
from coachgym.web.season import Progress, Simulations, choices

LEAGUE = "fuba:epl-2018-19"


def _start(client, games="2", team="liverpool"):
    return client.post("/seasons", data={"league": LEAGUE, "team": team, "games": games}, follow_redirects=False)


def test_the_leagues_offered_come_from_the_registry():
    offered = {c["id"]: c for c in choices()}
    fuba = rulesets.get("fuba")
    for lg in fuba.league_names():  # every real league of every ruleset ...
        assert f"fuba:{lg}" in offered and offered[f"fuba:{lg}"]["points"] is True
    assert "fuba:bundled" not in offered and len(fuba.team_names()) < 3  # ... but not two bundled clubs
    assert offered[LEAGUE]["full"] == 38 and offered[LEAGUE]["real"]  # the real fixture list: 38 a club
    assert offered["statispro:nba-1993"]["full"] == 82 and offered["statispro:nba-1993"]["points"] is False
    assert "liverpool" in dict(offered[LEAGUE]["teams"])


def test_a_fuba_season_is_ranked_by_points_and_ends_with_its_table(db):
    app = create_app(db_path=db)
    with TestClient(app) as a, TestClient(app) as b:
        page = a.get("/seasons").text
        assert f'value="{LEAGUE}"' in page and 'value="fuba:bundled"' not in page
        made = _start(a)
        assert made.status_code == 303
        where = made.headers["location"]
        name = where.rsplit("/", 1)[1]
        with Store(db) as store:
            comp = Competition.load(store, name)
            # the league's own rule options: the clubs' A12 skills play
            assert comp.options.get("skills") is True and comp.options.get("condition_points") is True
            assert comp.total_games() == 20  # 20 clubs, 2 games each
        first = a.get(where).text
        assert "3 points for a win, 1 for a draw" in first and "<caption>The table</caption>" in first
        assert ">Pts<" in first and ">D<" in first and ">GB<" not in first  # points, draws; no games behind
        assert "97 pts (30-7-1)" in first  # Liverpool's real 2018-19 beside the table
        assert b.get(where).status_code == 404  # another browser
        run = Progress()
        with Store(db) as store:  # the web's "simulate the rest", as the server runs it
            Simulations._run(run, store, None, name, "session", "")
        assert run.state == "done" and run.done == 20, run.error
        text = a.get(where).text
        with Store(db) as store:
            rows = standings(Competition.load(store, name))
        assert rows[0]["points"] >= rows[-1]["points"]
        order = re.findall(r'<tr class="[^"]*" data-team="([^"]+)">', text)
        assert order == [r["key"] for r in rows]  # the page's table is the series layer's, by points
        champion = re.search(r'data-testid="table-champion">Champions: <strong>([^<]+)</strong>', text)
        assert champion and champion.group(1) == rows[0]["name"]
        assert 'data-testid="playoffs-start"' not in text
        refused = a.post(f"{where}/playoffs", follow_redirects=False)
        assert refused.status_code == 409 and "no playoffs" in refused.text
        # your schedule with its results, home first as football writes a score, box scores in words
        sched = text[text.index('data-testid="my-schedule"'):]
        sched = sched[:sched.index("</details>")]
        assert sched.count("/games/") == 2 and re.search(r"[WDL] \d+–\d+", sched)
        box = re.search(rf'href="(/seasons/{name}/games/\d+)"', text).group(1)
        shown = a.get(box)
        assert shown.status_code == 200 and "shots on target" in shown.text and "coached by the book" in shown.text
        # FUBA's pieces have no names: one table, a club a row, not two tables of a "team" player
        assert 'data-testid="team-box"' in shown.text and ">team<" not in shown.text
        assert b.get(box).status_code == 404
        listed = a.get("/seasons").text
        assert "2018-19 English Premier League (FUBA)" in listed and "Liverpool FC" in listed and "20 of 20" in listed


def test_the_length_is_the_leagues_own_and_bad_entries_are_refused(db):
    app = create_app(db_path=db)
    with TestClient(app) as a:
        full = _start(a, games="full")
        assert full.status_code == 303
        name = full.headers["location"].rsplit("/", 1)[1]
        with Store(db) as store:
            comp = Competition.load(store, name)
            assert comp.total_games() == 380 and comp.fmt.get("source") == "real"  # the real fixture list
        for games, says in (("82", "games: full (the whole season, 38 games a team) or one of 20, 10, 4, 2 (got 82)"),
                            ("38.0", "games: full or a number of games per team"), ("9" * 400, "(got 999"),
                            ("-2", "(got -2)"), ("", "games: full or a number")):
            r = _start(a, games=games)
            assert r.status_code == 400 and says in r.text and "Traceback" not in r.text, (games, r.text[:300])
            assert len(r.text) < 40_000  # (a huge entry is not echoed whole)
        for league, team in (("fuba:bundled", "blue"), ("fuba:../../etc", "x"), ("fuba:epl-2018-19/../x", "x"),
                             ("fuba", "liverpool")):
            r = a.post("/seasons", data={"league": league, "team": team, "games": "2"})
            assert r.status_code == 400 and "league: choose one of the list" in r.text
        r = a.post("/seasons", data={"league": LEAGUE, "team": "<script>alert(1)</script>", "games": "2"})
        assert r.status_code == 400 and "<script>alert(1)" not in r.text and "team: not a team of" in r.text
        r = a.post("/seasons", data={"league": LEAGUE, "team": "lakers", "games": "2"})  # another league's team
        assert r.status_code == 400
        for _ in range(3):  # the quota: 4 seasons a browser
            assert _start(a).status_code == 303
        over = _start(a)
        assert over.status_code == 429 and "4 seasons at most" in over.text
