"""A playoff game's box score in the browser's season (season.py ``playoff_game``): every game of a
series in the bracket links to its box score (round, series and game counted from 1 as the bracket
shows them); a game that does not exist is 404, and another browser cannot read it."""

from __future__ import annotations

import json
import re

from fastapi.testclient import TestClient

from coachgym.series.competition import Competition
from coachgym.series.tables import standings
from coachgym.store import Store
from coachgym.web import create_app
from coachgym.web import playoffs as P


def test_every_playoff_game_links_to_its_box_score(db):
    app = create_app(db_path=db)
    with TestClient(app) as a, TestClient(app) as b:
        made = a.post("/seasons", data={"league": "valueadd:bundled", "team": "harbor-city", "games": "2"},
                      follow_redirects=False)
        where = made.headers["location"]
        name = where.rsplit("/", 1)[1]
        with Store(db) as store:  # the regular season and the playoffs played as the server plays them
            comp = Competition.load(store, name)
            comp.play()
            po = P.new(comp, standings(comp))
            while not po["champion"]:
                index, _ = P.open_series(po, exclude_mine=False)[0]
                home, away = P.teams_of(comp, po, index)
                task = P.next_game(comp, po, index)
                P.record(po, index, task, task.run(), home, away)
            store.conn.execute("UPDATE web_seasons SET playoffs = ? WHERE name = ?", (json.dumps(po), name))
            store.conn.commit()
        page = a.get(where).text
        links = re.findall(rf'href="(/seasons/{name}/playoffs/(\d+)/(\d+)/(\d+))"', page)
        games = sum(len(s["games"]) for rnd in po["rounds"] for s in rnd)
        assert len(links) == games >= 3  # every game of every series: two semi-finals and the final
        for href, r, s, k in links:
            game = po["rounds"][int(r) - 1][int(s) - 1]["games"][int(k) - 1]
            shown = a.get(href)
            assert shown.status_code == 200
            assert f"{game['away_score']} at " in shown.text and f" {game['home_score']}</h1>" in shown.text
            assert shown.text.count('class="boxscore"') == 2 and f", game {k}" in shown.text
        first = links[0][0]
        assert b.get(first).status_code == 404  # another browser's season
        assert a.get(f"/seasons/{name}/playoffs/1/1/x").status_code == 422  # not a number: refused, nothing read
        assert a.get(f"/seasons/{name}/playoffs/1/1/..%2f..%2fetc%2fpasswd").status_code in (404, 422)  # no path taken
        for bad in ("9/1/1", "1/9/1", "1/1/9", "0/1/1", "1/1/-1", f"1/1/{10**40}"):  # out of range, huge
            missing = a.get(f"/seasons/{name}/playoffs/{bad}")
            assert missing.status_code == 404 and "No playoff game" in missing.text and "Traceback" not in missing.text
