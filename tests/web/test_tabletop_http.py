"""The table tools of the web app over HTTP (FastAPI's TestClient): the FAC Extractor page (/fac,
Statis Pro 2015 3.1, 8.1-8.3) on the session's FacExtractor, the blank scoresheet downloads
(/scoresheet) and the box score as .xlsx (/games/<id>/boxscore.xlsx)."""

from __future__ import annotations

import io
import re

import pytest

from coachgym import rulesets
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.extractor import FacExtractor, time_card_note
from coachgym.web import create_app
from coachgym.web.facdecks import TableDeck

from ..sheets import Sheet, team_tables

openpyxl = pytest.importorskip("openpyxl")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def version(html: str) -> str:
    return re.search(r'data-version="(\d+)"', html).group(1)


def shown(html: str, testid: str) -> str:
    return re.search(rf'data-testid="{testid}"[^>]*>([^<]*)<', html).group(1).strip()


def api(client, action, **body):
    """A change through the JSON API, made on the deck's current version (every change carries it)."""
    return client.post(f"/api/fac/{action}", json={"version": client.get("/api/fac").json()["version"], **body})


def new_deck(client, league="nba", period=1, seed=7):
    r = api(client, "new", league=league, period=period, seed=seed)
    assert r.status_code == 200, r.text
    return r.json()


def draw(client, html=None, path="/fac/draw"):
    html = html or client.get("/fac").text
    r = client.post(path, data={"version": version(html)}, headers={"HX-Request": "true"})
    assert r.status_code == 200 and r.headers["HX-Replace-Url"] == "/fac", r.text[:500]
    return r.text


def test_3_1_a_new_browser_gets_a_shuffled_nba_deck(client):
    html = client.get("/fac").text
    assert shown(html, "fac-time") == "12:00" and shown(html, "fac-left") == "180" and shown(html, "fac-dead") == "20"
    assert shown(html, "fac-period") == "quarter 1" and 'data-testid="fac-card-back"' in html
    assert "jump ball" in html and 'href="/fac"' in html  # the first FAC's JUMP TO (3.4); the nav link


def test_drawing_shows_the_card_as_printed_and_runs_4_seconds(client):
    state = new_deck(client, seed=11)
    expected = FacExtractor("nba", seed=11).draw().card  # the page deals what the extractor deals
    html = draw(client)
    assert shown(html, "fac-rpg") == str(expected.rpg) and shown(html, "fac-time") == "11:56"
    assert shown(html, "fac-left") == "179" and state["version"] + 1 == int(version(html))
    card = html[html.index('data-testid="fac-card"'):html.index("</article>")]
    headings = re.findall(r'class="fc-heading">([^<]+?) <span', card)
    # the printed card's rows: ACTION | REBOUND, SHOT # | ADVANCE, JUMP TO | BLOCK, Z READING | PRESS, FOUL #
    assert headings == ["ACTION", "REBOUND", "SHOT #", "ADVANCE", "JUMP TO", "BLOCK", "Z READING", "PRESS", "FOUL #"]
    for key, text in expected.text.items():
        assert f'data-section="{key}"' in card and _escaped(text) in card
    team = "Home" if expected.rpg <= 100 else "Visitor"
    assert f"{team} {K.POSITIONS[K.rpg_slot(expected.rpg)]}" in card  # what the RPG selects


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("'", "&#39;").replace('"', "&#34;")


def test_the_same_seed_deals_the_same_cards_as_the_fac_extractor(client):
    new_deck(client, seed=123)
    fx = FacExtractor("nba", seed=123)
    for _ in range(12):
        got = api(client, "draw").json()
        assert got["card"]["rpg"] == fx.draw().card.rpg and got["time_left"] == fx.time_left


def test_time_cards_are_shown_with_what_they_mean(client):
    new_deck(client, seed=5)
    passed = []
    for _ in range(76):
        got = api(client, "draw").json()
        passed += [label for label, _ in got["card"]["time_card_notes"]]
    assert passed == ["5:00"]  # 75 FAC (5:00 played), then the Time card before the 76th (3.1)
    html = client.get("/fac").text
    assert 'data-testid="time-card"' in html and _escaped(time_card_note("5:00", "nba")) in html
    assert "Time card 5:00" in html  # and in the history


def test_8_3_the_dead_ball_deck_takes_no_time(client):
    new_deck(client)
    draw(client)
    html = draw(client, path="/fac/dead")
    assert shown(html, "fac-time") == "11:56" and shown(html, "fac-dead") == "19"
    assert "Dead Ball Deck · no time runs off" in html


def test_a_stale_click_changes_nothing(client):
    old = client.get("/fac").text
    draw(client, old)
    after = client.get("/fac").text
    r = client.post("/fac/draw", data={"version": version(old)})
    assert r.status_code == 409 and "older page of the deck" in r.text and "Traceback" not in r.text
    assert shown(r.text, "fac-time") == shown(after, "fac-time") == "11:56"
    assert client.post("/api/fac/draw", json={"version": 0}).status_code == 409


def test_8_1_end_of_the_period_then_shuffle_for_the_next(client):
    new_deck(client, seed=2)
    for _ in range(180):
        api(client, "draw")
    html = client.get("/fac").text
    assert shown(html, "fac-time") == "0:00" and 'data-testid="fac-over"' in html and 'data-testid="fac-draw"' not in html
    r = api(client, "draw")
    assert r.status_code == 409 and "quarter 1 is over" in r.json()["error"]
    html = draw(client, html, "/fac/dead")  # a last shot from the Dead Ball Deck (8.1)
    html = draw(client, html, "/fac/shuffle")
    assert shown(html, "fac-period") == "quarter 2" and shown(html, "fac-time") == "12:00"
    assert "quarter 2 shuffled: 180 FAC" in html  # in the history


def test_8_2_after_the_fourth_quarter_comes_an_overtime_of_75_fac(client):
    new_deck(client, period=4)
    got = api(client, "shuffle").json()
    assert got["period_name"] == "overtime 1" and got["cards_left"] == 75 and got["time_left"] == "5:00"


@pytest.mark.parametrize("league, period, name, cards", [("ncaa", 3, "half 2, first semi-half", 150),
                                                         ("fiba", 2, "quarter 2", 150), ("nba", 6, "overtime 2", 75)])
def test_19_1_and_20_1_a_new_deck_for_a_league_and_period(client, league, period, name, cards):
    html = client.get("/fac").text
    r = client.post("/fac/new", data={"league": league, f"period_{league}": str(period), "seed": "3",
                                      "version": version(html)})
    assert r.status_code == 200
    assert shown(r.text, "fac-period") == name and shown(r.text, "fac-left") == str(cards)
    assert shown(r.text, "fac-seed") == "3"


def test_undo_puts_the_card_back_exactly(client):
    new_deck(client, seed=8)
    first = api(client, "draw").json()
    second = api(client, "draw").json()
    back = api(client, "undo").json()
    assert back["time_left"] == first["time_left"] and back["card"]["rpg"] == first["card"]["rpg"]
    assert back["draws"] == 1
    again = api(client, "draw").json()
    assert again["card"]["rpg"] == second["card"]["rpg"]  # the same card comes again
    api(client, "shuffle")
    assert api(client, "undo").json()["period_name"] == "quarter 1"  # a shuffle undone
    for _ in range(4):
        api(client, "undo")
    r = api(client, "undo")
    assert r.status_code == 422 and "nothing to undo" in r.json()["error"]


def test_bad_new_deck_settings_are_named(client):
    html = client.get("/fac").text
    for data, message in (({"league": "wnba"}, "league: must be one of NBA, NCAA, FIBA"),
                          ({"league": "nba", "period_nba": "15"}, "period: must be from 1 to 14"),
                          ({"league": "nba", "seed": "abc"}, "seed: expected a whole number")):
        r = client.post("/fac/new", data={**data, "version": version(html)})
        assert r.status_code == 422 and message in r.text and "Traceback" not in r.text
    r = api(client, "new", period=0)
    assert r.status_code == 422 and "period" in r.json()["error"]
    assert client.post("/fac/deal-me-a-flush").status_code == 404
    assert api(client, "peek").json() == {"error": "There is no such page here.", "status": 404}


def test_each_browser_has_its_own_deck_and_a_restarted_server_keeps_it(db):
    from fastapi.testclient import TestClient

    with TestClient(create_app(db_path=db)) as one, TestClient(create_app(db_path=db)) as two:
        new_deck(one, seed=1)
        api(one, "draw")
        assert two.get("/api/fac").json()["cards_left"] == 180  # another session: a deck of its own
        cookie = one.cookies.get("coachgym_session")
    with TestClient(create_app(db_path=db)) as again:
        again.cookies.set("coachgym_session", cookie)
        got = again.get("/api/fac").json()
        assert got["cards_left"] == 179 and got["draws"] == 1


def test_a_damaged_deck_in_the_database_gives_a_fresh_one_and_says_so(client):
    client.get("/fac")  # (the first answer sets the session cookie; a deck is kept for a session that sent it)
    client.get("/fac")
    store = client.app.state.store
    with store.transaction() as cur:
        # (written by something else: a new version, so the deck kept in memory is not used)
        cur.execute("UPDATE fac_decks SET state = ?, version = version + 1",
                    ('{"extractor": {}, "history": [], "undo": [], "version": 1}',))
    r = client.get("/fac")
    assert r.status_code == 200 and "could not be read" in r.text and "field" in r.text
    assert shown(r.text, "fac-time") == "12:00"


def test_table_deck_json_is_checked_field_by_field():
    deck = TableDeck.new(seed=4)
    deck.draw()
    assert TableDeck.from_json(deck.to_json()).view() == deck.view()
    from coachgym.core.errors import SavedGameError

    bad = deck.to_json().replace('"kind":"fac"', '"kind":"joker"')
    with pytest.raises(SavedGameError, match=r"history\[1\]\.kind"):
        TableDeck.from_json(bad)


# ---------------------------------------------------------------------------------------- scoresheets
@pytest.mark.parametrize("name", [e.name for e in rulesets.entries()])
def test_scoresheet_page_and_its_download_for_every_ruleset(client, name):
    rs = rulesets.get(name)
    page = client.get(f"/scoresheet?ruleset={name}")
    assert page.status_code == 200 and 'data-testid="sheet-sketch"' in page.text
    home, away = rs.team_names()[1], rs.team_names()[0]
    r = client.get(f"/scoresheet.xlsx?ruleset={name}&home={home}&away={away}")
    assert r.status_code == 200 and r.headers["content-type"] == XLSX
    assert r.headers["content-disposition"].startswith(f'attachment; filename="scoresheet-{name}-')
    ws = openpyxl.load_workbook(io.BytesIO(r.content))["scoresheet"]
    tables = team_tables(ws)
    assert [t["title"] for t in tables] == [f"{rs.load_team(home).name} (home)", f"{rs.load_team(away).name} (away)"]
    assert Sheet(ws).value(f"C{tables[0]['head_row']}") == 0


def test_scoresheet_form_takes_an_uploaded_team_file_and_names_a_bad_one(client):
    rs = rulesets.get("statispro")
    data = rs.team_file("lakeshore").read_bytes()
    r = client.post("/scoresheet", data={"ruleset": "statispro", "away": "bulls-1993"},
                    files={"home_file": ("mine.json", data, "application/json")})
    assert r.status_code == 200 and r.headers["content-type"] == XLSX
    ws = openpyxl.load_workbook(io.BytesIO(r.content))["scoresheet"]
    assert team_tables(ws)[0]["title"] == f"{rs.load_team('lakeshore').name} (home)"
    r = client.post("/scoresheet", data={"ruleset": "statispro"}, files={"away_file": ("bad.json", b"[1]", "application/json")})
    assert r.status_code == 422 and "bad.json" in r.text and "Traceback" not in r.text
    r = client.get("/scoresheet.xlsx?ruleset=fuba&home=red")
    assert r.status_code == 422 and "no bundled FUBA team &#39;red&#39;" in r.text
    assert client.get("/scoresheet?ruleset=chess").status_code == 404


@pytest.mark.parametrize("ruleset", ["fourthstreet", "fuba"])
def test_box_score_download_as_a_scoresheet(client, ruleset):
    from .test_http import api_new

    state = api_new(client, ruleset, seed=3)
    gid = state["id"]
    client.post(f"/api/games/{gid}/continue", json={"to": "end", "number": state["number"]})
    game = client.get(f"/api/games/{gid}").json()
    assert f'href="/games/{gid}/boxscore.xlsx"' in client.get(f"/games/{gid}").text  # the box-score tab / end page
    r = client.get(f"/games/{gid}/boxscore.xlsx")
    assert r.status_code == 200 and r.headers["content-type"] == XLSX
    assert re.match(rf'attachment; filename="coachgym-{ruleset}-seed3-box-(final|decision\d+)\.xlsx"', r.headers["content-disposition"])
    ws = openpyxl.load_workbook(io.BytesIO(r.content)).active
    sheet = Sheet(ws)
    tables = team_tables(ws)
    points = next(i for i, h in enumerate(tables[0]["header"]) if h.lower() in ("pts", "g"))
    totals = [sheet.value(f"{openpyxl.utils.get_column_letter(points + 1)}{t['total']}") for t in tables]
    assert totals == [t["score"] for t in game["situation"]["teams"]]  # the formulas add up to the score
    assert client.get("/games/nope/boxscore.xlsx").status_code == 404
