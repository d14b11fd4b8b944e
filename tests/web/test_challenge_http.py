"""Challenges over HTTP (web/challenge.py): the list of the academy's scenarios with their references
in words; a start drawn by the server (nothing of the request picks the position or the seed), played
in the normal seat to the scenario's end; the result beside the book's and the trained coach's
play-outs of the same start, kept per session in ``web_challenges`` (store migration 7); another
browser sees neither the game nor the tries; a start from another origin changes nothing; bad input
is one line naming the field."""

from __future__ import annotations

import json
import re
import sqlite3

from fastapi.testclient import TestClient

from coachgym.envs import academy as A
from coachgym.present import kinds
from coachgym.store import MIGRATIONS, Store
from coachgym.web import create_app
from coachgym.web.security import Limits

SID = "valueadd-last9-down6"


def gid_of(response) -> str:
    assert response.status_code == 303, response.text[:500]
    where = response.headers["location"]
    assert where.startswith("/games/")
    return where.rsplit("/", 1)[1]


def play_to_end(client, gid: str) -> str:
    page = client.get(f"/games/{gid}")
    for _ in range(200):
        if 'data-testid="challenge-result"' in page.text:
            return page.text
        number = re.search(r'class="game"[^>]*data-number="(\d+)"', page.text).group(1)
        page = client.post(f"/games/{gid}/continue", data={"to": "end", "number": number})
        assert page.status_code == 200
    raise AssertionError("the challenge never ended")


def tries(db) -> list[dict]:
    with Store(db) as store:
        return [dict(r) for r in store.query("SELECT * FROM web_challenges ORDER BY created")]


def test_the_challenges_page_lists_every_scenario_by_ruleset_with_references_in_words(client):
    page = client.get("/challenges")
    assert page.status_code == 200
    assert page.text.count('data-testid="challenge"') == len(A.scenarios()) == 24
    assert page.text.count('data-testid="challenge-group"') == 4
    row = page.text[page.text.index('id="statispro-down3-ball-last-minute"'):]
    row = row[:row.index("</tr>")]
    assert "Down 3 with the ball in the last minute" in row and "the end of the game" in row
    assert "the book: wins 14 in 100" in row and "a random coach: wins 3 in 100" in row
    assert "the trained coach: wins 14 in 100" in row  # measured for the page (challenge-references.json)
    assert "the trained coach: +0.3 points on average" in page.text  # statispro-foul-trouble-half
    margin = page.text[page.text.index('id="valueadd-foul-trouble"'):]
    assert "10 more boxes" in margin[:margin.index("</tr>")] and "points on average" in margin[:margin.index("</tr>")]
    assert '<a href="/challenges">Challenges</a>' in client.get("/").text  # in the navigation


def test_a_challenge_from_start_to_result_and_again(db):
    app = create_app(db_path=db)
    with TestClient(app) as a, TestClient(app) as b:
        # the request names no position and no seed; fields it adds are not read
        gid = gid_of(a.post(f"/challenges/{SID}/start", data={"opponent": "by-the-book", "position": "5",
                                                              "seed": "1", "path": "/etc/passwd"},
                            follow_redirects=False))
        page = a.get(f"/games/{gid}")
        assert page.status_code == 200 and 'data-testid="challenge-tag"' in page.text
        assert 'data-testid="seed-secret"' in page.text  # the draw of the future stays secret while in play
        row = tries(db)[0]
        assert row["scenario"] == SID and row["finished"] is None and 0 <= row["position"] < len(A.pool(SID))
        assert b.get(f"/games/{gid}").status_code == 404  # another browser: not its game
        with Store(db) as store:  # a short challenge (level 1): every kind of decision is the person's
            state = json.loads(store.query("SELECT state FROM live_games WHERE id = ?", (gid,))[0]["state"])
        assert state["autoplay"] == sorted(k.kind for k in kinds("valueadd")) and state["routine"] is False
        assert state["start"]["scenario"] == SID and "seed" in state  # (the draw: kept on the server only)
        text = play_to_end(a, gid)
        # the result beside the book's and the trained coach's play-outs of the same start, and the references
        coaches = re.findall(r'data-testid="compare-row" data-coach="([\w-]+)"', text)
        assert coaches == ["you", "by-the-book", "trained"]
        assert "the book: wins 13 in 100" in text.lower() or "The book</strong>: wins 13 in 100" in text
        assert 'data-testid="challenge-again"' in text
        row = tries(db)[0]
        assert row["finished"] is not None and row["score"] in (0.0, 0.5, 1.0) and row["seed"] is not None
        assert '"by-the-book"' in row["result"] and '"trained"' in row["result"]
        assert re.search(r'data-testid="seed">\d+<', text)  # told once it is over
        # the replay, and the save (naming its start), which opens again as the same result
        assert a.get(f"/games/{gid}/replay").status_code == 200
        saved = a.get(f"/games/{gid}/save")
        assert saved.status_code == 200 and '"start":{"kind":"academy"' in saved.text
        opened = a.post("/open", files={"saved": ("c.json", saved.content, "application/json")}, data={"then": "resume"},
                        follow_redirects=False)
        assert 'data-testid="challenge-result"' in a.get(opened.headers["location"]).text
        assert len(tries(db)) == 2  # (the opened copy is listed as a try of this browser too)
        # the list shows the tries; another browser's list does not
        mine = a.get("/challenges").text
        assert mine.count('data-testid="challenge-try"') == 2 and "won of 2" in mine and "(you: " in mine
        assert 'data-testid="challenge-try"' not in b.get("/challenges").text
        # try again with another draw: a new game, a second row
        again = gid_of(a.post(f"/challenges/{SID}/start", data={"opponent": "by-the-book"}, follow_redirects=False))
        assert again != gid and len(tries(db)) == 3
        # the result is kept: showing it again plays nothing out again
        assert a.get(f"/games/{gid}").text.count('data-testid="compare-row"') == 3


def test_starting_is_bounded_and_checked(db):
    app = create_app(db_path=db, limits=Limits(new_games_per_minute=2))
    foreign = {"Origin": "http://evil.example"}
    with TestClient(app) as a:
        assert a.post(f"/challenges/{SID}/start", headers=foreign, follow_redirects=False).status_code == 403
        assert tries(db) == []
        bad = a.post("/challenges/nowhere/start", follow_redirects=False)
        assert bad.status_code == 404 and "There is no challenge" in bad.text
        bad = a.post(f"/challenges/{SID}/start", data={"opponent": "search:budget=1000000"}, follow_redirects=False)
        assert bad.status_code == 400 and "opponent: one of by-the-book, trained, random" in bad.text
        assert tries(db) == []
        for _ in range(2):
            gid_of(a.post(f"/challenges/{SID}/start", data={"opponent": "random"}, follow_redirects=False))
        refused = a.post(f"/challenges/{SID}/start", follow_redirects=False)  # the address's rate of new games
        assert refused.status_code == 429 and len(tries(db)) == 2


def test_the_tries_table_is_store_migration_7(tmp_path):
    with Store(tmp_path / "new.sqlite3") as store:
        names = {r[0] for r in store.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "web_challenges" in names and store.version == max(MIGRATIONS) >= 7
    old = tmp_path / "v6.sqlite3"
    conn = sqlite3.connect(old)  # a version-6 file of the previous coachgym: migration 7 alone applies on open
    conn.executescript("CREATE TABLE live_games (id TEXT PRIMARY KEY); PRAGMA user_version = 6;")
    conn.close()
    with Store(old) as upgraded:
        names = {r[0] for r in upgraded.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert upgraded.version == max(MIGRATIONS) and {"web_challenges", "live_games"} <= names


def test_the_json_api_of_challenges(client):
    listed = client.get("/api/challenges").json()
    assert [r["ruleset"] for r in listed["rulesets"]] == ["statispro", "valueadd", "fuba", "fourthstreet"]
    assert sum(len(r["scenarios"]) for r in listed["rulesets"]) == 24 and listed["tries"] == []
    made = client.post("/api/challenges/fourthstreet-up3-final2", json={"opponent": "trained"})
    assert made.status_code == 201
    gid = made.json()["id"]
    assert client.get(f"/api/challenges/result/{gid}").status_code == 409  # still in play
    for _ in range(200):
        game = client.get(f"/api/games/{gid}").json()
        if game["over"]:
            break
        assert client.post(f"/api/games/{gid}/continue", json={"to": "end", "number": game["number"]}).status_code == 200
    result = client.get(f"/api/challenges/result/{gid}").json()
    assert result["scenario"] == "fourthstreet-up3-final2" and result["opponent"] == "trained"
    assert result["score"] in (0.0, 0.5, 1.0) and set(result["same_start"]) == {"by-the-book", "trained"}
    assert {r["key"] for r in result["references"]} >= {"random", "by-the-book"}
    assert client.get("/api/challenges").json()["tries"][0]["gid"] == gid
    bad = client.post("/api/challenges/fourthstreet-up3-final2", json={"opponent": "x" * 41})
    assert bad.status_code in (400, 422) and "error" in bad.json()
