"""The web app over HTTP (FastAPI's TestClient): new games, whole games through the API for every
ruleset, bad requests that change nothing, sessions, save/resume, restarts, uploads, the game limit,
and an engine failure that never shows a traceback."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import subprocess
import sys
import time

import pytest
from fastapi.testclient import TestClient

from coachgym import rulesets
from coachgym.core.errors import CoachgymError, ModelMismatchError
from coachgym.present.seat import Seat
from coachgym.web import create_app

RULESETS = [e.name for e in rulesets.entries()]
def shown(response) -> str:
    """The page's text as a person reads it (entities such as &#39; decoded)."""
    return html.unescape(response.text)


TRACEBACK = re.compile(r"Traceback|File \"|\bline \d+, in\b")


def api_new(client, ruleset="statispro", seed=11, **extra):
    r = client.post("/api/games", json={"ruleset": ruleset, "seed": seed, "opponent": "by-the-book", **extra})
    assert r.status_code == 201, r.text
    return r.json()


def default_action(state):
    d = state["decision"]
    if d["default_action"] is not None:
        return d["default_action"]
    for g in d["groups"]:
        for c in g["choices"]:
            for s in c["then"] or [c]:
                return s["action"]
    raise AssertionError("a pending decision without choices")


def api_choose(client, gid, state):
    r = client.post(f"/api/games/{gid}/choose", json={"action": default_action(state), "number": state["number"]})
    assert r.status_code == 200, r.text
    return r.json()


def saved(client, gid):
    r = client.get(f"/api/games/{gid}/save")
    assert r.status_code == 200
    return r.json()


def html_new_game(client, ruleset="statispro", seed="5", **fields):
    data = {"ruleset": ruleset, "side": "home", "opponent": "by-the-book", "seed": seed, **fields}
    r = client.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


# ---------------------------------------------------------------------------------------- pages
def test_home_new_open_and_glossary_pages_render(client):
    assert "Your games" in client.get("/").text
    for name in RULESETS:
        page = client.get(f"/new?ruleset={name}")
        assert page.status_code == 200
        rs = rulesets.get(name)
        for team in rs.team_names():
            assert f'value="{team}"' in page.text
        for field in rs.options_cls.__dataclass_fields__:
            assert f'name="opt_{field}"' in page.text  # a form field per rule option
        gl = client.get(f"/glossary/{name}")
        assert gl.status_code == 200 and rs.title in gl.text
    assert client.get("/open").status_code == 200
    assert client.get("/glossary").status_code == 200


def test_session_cookie_is_random_http_only_and_same_site(client):
    r = client.get("/")
    cookie = r.headers["set-cookie"]
    assert "coachgym_session=" in cookie and "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    other = TestClient(client.app).get("/").headers["set-cookie"]
    assert cookie.split(";")[0] != other.split(";")[0]


def test_new_game_form_starts_a_game_with_the_chosen_seed_and_teams(client):
    gid = html_new_game(client, "statispro", seed="424242", home="bulls-1993", away="knicks-1993", side="away")
    page = client.get(f"/games/{gid}")
    assert page.status_code == 200
    assert "424242" in page.text and "Chicago Bulls" in page.text
    state = client.get(f"/api/games/{gid}").json()
    assert state["seed"] == 424242 and state["side"] == 1
    assert state["situation"]["teams"][0]["name"] == "Chicago Bulls"


def test_empty_seed_draws_one_and_shows_it_once_the_game_is_over(client):
    # the seed tells the cards and dice to come: a drawn one stays secret while the game goes on
    # (docs/security.md, hidden information)
    gid = html_new_game(client, "valueadd", seed="")
    assert client.get(f"/api/games/{gid}").json()["seed"] is None
    assert 'data-testid="seed"' not in client.get(f"/games/{gid}").text
    state = client.get(f"/api/games/{gid}").json()
    client.post(f"/api/games/{gid}/continue", json={"to": "end", "number": state["number"]})
    while not (state := client.get(f"/api/games/{gid}").json())["over"]:
        client.post(f"/api/games/{gid}/continue", json={"to": "end", "number": state["number"]})
    seed = state["seed"]
    assert isinstance(seed, int) and f'data-testid="seed">{seed}<' in client.get(f"/games/{gid}").text


def test_rule_options_from_the_form_reach_the_game(client):
    gid = html_new_game(client, "valueadd", opt_rotation="1", opt_foul_limit="6", opt_home_court="on")
    options = saved(client, gid)["options"]
    assert options["rotation"] == 1 and options["foul_limit"] == 6 and options["home_court"] is True
    assert options["stamina"] is False  # an unticked checkbox is "off"


@pytest.mark.parametrize("fields, message", [
    ({"opt_rotation": "7"}, "option 'rotation' must be 1, 2 or 3"),
    ({"opt_foul_limit": "many"}, "option 'foul_limit' must be a whole number"),
    ({"seed": "abc"}, "seed: must be a whole number"),
    ({"opponent": "other", "opponent_spec": "grandmaster"}, "unknown coach 'grandmaster'"),
    ({"opponent": "other", "opponent_spec": "by-the-book:no_such=1"}, "does not take the parameter 'no_such'"),
    ({"opponent": "other", "opponent_spec": "evil.zip"}, ".zip models can execute code"),
    ({"home": "no-such-team"}, "no bundled Value Add Basketball team 'no-such-team'"),
])
def test_bad_new_game_form_shows_the_message_and_keeps_the_form(client, fields, message):
    data = {"ruleset": "valueadd", "side": "home", "opponent": "by-the-book", "seed": "3", "autoplay_set": "1", **fields}
    before = client.get("/").text.count("/games/")
    r = client.post("/new", data=data, follow_redirects=False)
    assert r.status_code == 422
    assert message in shown(r) and "Start the game" in shown(r) and not TRACEBACK.search(r.text)
    assert client.get("/").text.count("/games/") == before  # nothing started


def test_uploaded_team_file_is_used_and_kept_in_the_saved_game(client):
    rs = rulesets.get("statispro")
    data, _ = rs.team_data("knicks-1993")
    data = dict(data, name="Uploaded Knicks")
    r = client.post("/new", data={"ruleset": "statispro", "side": "home", "opponent": "by-the-book", "seed": "9"},
                    files={"home_file": ("my-knicks.json", json.dumps(data), "application/json")}, follow_redirects=False)
    assert r.status_code == 303, r.text
    gid = r.headers["location"].rsplit("/", 1)[1]
    assert "Uploaded Knicks" in client.get(f"/games/{gid}").text
    assert saved(client, gid)["teams"][0]["name"] == "Uploaded Knicks"


def test_names_from_an_uploaded_team_are_shown_as_text_not_markup(client):
    rs = rulesets.get("valueadd")
    data, _ = rs.team_data("lakeshore")
    evil = "<script>alert('x')</script> Lakers"
    data = dict(data, name=evil)
    r = client.post("/new", data={"ruleset": "valueadd", "side": "home", "opponent": "by-the-book", "seed": "9"},
                    files={"home_file": ("evil.json", json.dumps(data), "application/json")}, follow_redirects=False)
    assert r.status_code == 303, r.text
    for page in (client.get(r.headers["location"]), client.get("/")):
        assert evil not in page.text and "&lt;script&gt;" in page.text


@pytest.mark.parametrize("content, message", [
    ("{not json", "my-team.json: field '<file>': is not valid JSON (line 1, column 2"),
    (json.dumps({"schema": "coachgym.fuba.team/1", "name": "x"}), "my-team.json: field 'schema': must be 'coachgym.statispro.team/1'"),
    (b"\xff\xfe\x00", "is not a UTF-8 text file"),
])
def test_malformed_team_upload_is_refused_naming_file_and_field(client, content, message):
    r = client.post("/new", data={"ruleset": "statispro", "side": "home", "opponent": "by-the-book", "seed": "9"},
                    files={"away_file": ("my-team.json", content, "application/json")}, follow_redirects=False)
    assert r.status_code == 422
    assert message in shown(r) and not TRACEBACK.search(r.text)


# ---------------------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("ruleset", RULESETS)
def test_whole_game_through_the_api_with_default_autoplay(client, ruleset):
    """Every decision put to the person answered through the API to the final whistle; the game is
    the one a seat plays directly with the same seed and choices."""
    state = api_new(client, ruleset, seed=21)
    gid = state["id"]
    direct = Seat.new(ruleset, opponent="by-the-book", seed=21)
    decisions = 0
    while not state["over"]:
        assert state["decision"]["title"] and state["situation"]["teams"][0]["name"]
        action = default_action(state)
        state = api_choose(client, gid, state)
        direct.choose(action, direct.number)
        decisions += 1
        assert state["number"] == direct.number
    assert direct.over and state["number"] == decisions
    h, a = direct.game.score
    assert [t["score"] for t in state["situation"]["teams"]] == [h, a]
    assert state["situation"]["result"]
    end = client.get(f"/games/{gid}")
    assert end.status_code == 200 and state["situation"]["result"] in end.text and "Box score" in end.text
    assert direct.game.log.events[-1].text in end.text  # the whole play-by-play


def test_whole_game_by_posting_the_page_forms(client):
    gid = html_new_game(client, "fourthstreet", seed="8")
    for _ in range(400):
        state = client.get(f"/api/games/{gid}").json()
        if state["over"]:
            break
        r = client.post(f"/games/{gid}/choose", data={"action": str(default_action(state)), "number": str(state["number"])},
                        follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"
    assert state["over"]
    assert "Final" in client.get(f"/games/{gid}").text


def test_3_3_a_fuba_setup_is_finished_in_one_go_from_the_page_and_the_api(client):
    """The setup's default (Enter) places the rest as the book would: one post, through the page's
    form (name="finish") or the API; a finish the decision does not offer is refused, changing nothing."""
    state = api_new(client, "fuba", seed=1)
    gid = state["id"]
    while not any(c["finish"] for g in state["decision"]["groups"] for c in g["choices"]):
        state = api_choose(client, gid, state)
    page = shown(client.get(f"/games/{gid}"))
    assert re.search(r'name="finish" value="book" class="choice finish default"', client.get(f"/games/{gid}").text)
    assert "Place the other 10 players as the book would" in page
    r = client.post(f"/api/games/{gid}/choose", json={"finish": "nonsense", "number": state["number"]})
    assert r.status_code == 422 and "cannot be finished in one go" in r.json()["error"]
    assert client.get(f"/api/games/{gid}").json()["number"] == state["number"]
    r = client.post(f"/games/{gid}/choose", data={"finish": "book", "number": str(state["number"])},
                    headers={"HX-Request": "true"})
    assert r.status_code == 200
    after = client.get(f"/api/games/{gid}").json()
    assert after["number"] == state["number"] + 1 and after["decision"]["kind"] != "setup"
    again = Seat.from_json(json.dumps(saved(client, gid)))  # the finish replays exactly from the save
    assert again.number == after["number"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_box_score_downloads_as_csv_one_row_per_player_with_team_totals(client, ruleset):
    state = api_new(client, ruleset, seed=4)
    gid = state["id"]
    for _ in range(12):
        if state["over"]:
            break
        state = api_choose(client, gid, state)
    assert f'href="/games/{gid}/boxscore.csv"' in client.get(f"/games/{gid}").text  # the box-score tab's link
    r = client.get(f"/games/{gid}/boxscore.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert re.match(rf'attachment; filename="coachgym-{ruleset}-seed4-box-(decision\d+|final)\.csv"',
                    r.headers["content-disposition"])
    rows = list(csv.DictReader(io.StringIO(r.text)))
    box = Seat.from_json(json.dumps(saved(client, gid))).game.box_score()
    for side, team in enumerate(box.teams):
        mine = [row for row in rows if row["side"] == ("home", "away")[side]]
        assert [row["player"] for row in mine][:len(team.players)] == [p.name for p in team.players]  # one row each
        assert mine[-1]["player"] == "TOTAL"
        total = next(row for row in mine if row["player"] == "TOTAL")
        points = next(c for c in box.columns if c.lower() in ("pts", "g"))
        assert float(total[points]) == team.score  # the TOTAL row adds up to the score
        assert all(row["seed"] == "4" and row["team"] == team.name for row in mine)
    assert client.get("/games/nope/boxscore.csv").status_code == 404


def test_htmx_choice_answers_with_the_page_and_keeps_the_address(client):
    gid = html_new_game(client, "statispro")
    state = client.get(f"/api/games/{gid}").json()
    r = client.post(f"/games/{gid}/choose", data={"action": str(default_action(state)), "number": str(state["number"])},
                    headers={"HX-Request": "true"}, follow_redirects=False)
    assert r.status_code == 200 and r.headers["HX-Replace-Url"] == f"/games/{gid}"
    assert f'data-number="{state["number"] + 1}"' in shown(r) or "Final" in shown(r)


def test_continue_to_each_mark_and_to_the_end(client):
    state = api_new(client, "statispro", seed=4)
    gid = state["id"]
    for mark in ("dead_ball", "period", "half"):
        before = state["number"]
        r = client.post(f"/api/games/{gid}/continue", json={"to": mark, "number": state["number"]})
        assert r.status_code == 200, r.text
        state = r.json()
        assert state["over"] or state["number"] == before + 1
        assert state["new_events"]  # what happened meanwhile
    r = client.post(f"/games/{gid}/continue", data={"to": "end", "number": str(state["number"])}, follow_redirects=False)
    assert r.status_code == 303
    assert client.get(f"/api/games/{gid}").json()["over"]


def test_autoplay_settings_change_which_decisions_are_put_to_the_person(client):
    state = api_new(client, "valueadd", seed=6)
    gid = state["id"]
    kinds = [k["kind"] for k in next(r for r in client.get("/api/rulesets").json() if r["name"] == "valueadd")["autoplay_kinds"]]
    r = client.post(f"/games/{gid}/autoplay", data={f"kind_{kinds[0]}": "on"}, follow_redirects=False)
    assert r.status_code == 303
    assert client.get(f"/api/games/{gid}").json()["autoplay"] == [kinds[0]]
    r = client.post(f"/api/games/{gid}/autoplay", json={"kinds": ["no_such_kind"]})
    assert r.status_code == 422 and "unknown auto-play kind 'no_such_kind'" in r.json()["error"]


def trained_ruleset() -> str:
    """A ruleset whose shipped trained coach loads (a model falls out of date when its engine moves)."""
    for name in RULESETS:
        try:
            rulesets.get(name).coach("trained")
            return name
        except CoachgymError:
            continue
    pytest.skip("no shipped trained coach loads with the installed engines")


def test_hint_names_the_books_choice_and_the_trained_coachs_probabilities(client):
    state = api_new(client, trained_ruleset(), seed=2)
    h = client.get(f"/api/games/{state['id']}/hint").json()
    assert h["book"]["label"]
    assert h["trained"] and all(0 <= o["probability"] <= 1 for o in h["trained"])
    page = client.get(f"/games/{state['id']}/hint", headers={"HX-Request": "true"})
    assert page.status_code == 200 and "The book" in page.text and "%" in page.text
    assert client.get(f"/api/games/{state['id']}").json()["number"] == state["number"]  # nothing changed


# ---------------------------------------------------------------------------------------- bad requests
def test_an_opponent_that_cannot_play_is_marked_and_refused(client, monkeypatch):
    from coachgym.web import forms

    def outdated(ruleset, version, spec):
        if spec == "trained":
            raise ModelMismatchError("model.npz: saved for engine_version 0")

    monkeypatch.setattr(forms, "_built", outdated)
    page = client.get("/new?ruleset=fuba")
    assert "Trained coach (the shipped AI) cannot play now: model.npz: saved for engine_version 0" in shown(page)
    assert '<option value="trained" disabled' in page.text and '<option value="by-the-book" selected' in page.text


def test_illegal_action_is_refused_and_changes_nothing(client):
    state = api_new(client, "statispro", seed=3)
    gid = state["id"]
    before = saved(client, gid)
    legal = {c["action"] for g in state["decision"]["groups"] for c in g["choices"] for c in (c["then"] or [c])}
    illegal = next(a for a in range(len(rulesets.get("statispro").actions)) if a not in legal)
    r = client.post(f"/games/{gid}/choose", data={"action": str(illegal), "number": str(state["number"])})
    assert r.status_code == 409
    assert f"illegal action {illegal}" in shown(r) and "decision" in shown(r) and not TRACEBACK.search(r.text)
    assert 'class="decision"' in shown(r)  # the game as it stands, to choose again
    r = client.post(f"/api/games/{gid}/choose", json={"action": illegal, "number": state["number"]})
    assert r.status_code == 409 and f"illegal action {illegal}" in r.json()["error"]
    assert saved(client, gid) == before


def test_stale_or_malformed_choice_is_refused_and_changes_nothing(client):
    state = api_new(client, "valueadd", seed=3)
    gid = state["id"]
    after = api_choose(client, gid, state)
    before = saved(client, gid)
    # the same form sent again (a second tab, a double click): decision number is stale
    r = client.post(f"/games/{gid}/choose", data={"action": str(default_action(state)), "number": str(state["number"])})
    assert r.status_code == 409 and "no longer pending" in shown(r)
    r = client.post(f"/games/{gid}/continue", data={"to": "end", "number": str(state["number"])})
    assert r.status_code == 409 and f"moved on to decision {after['number']}" in shown(r)
    r = client.post(f"/games/{gid}/choose", data={"action": "seven", "number": str(after["number"])})
    assert r.status_code == 422 and "action: expected a whole number, got 'seven'" in shown(r)
    r = client.post(f"/games/{gid}/continue", data={"to": "tomorrow", "number": str(after["number"])})
    assert r.status_code == 422 and "tomorrow" in shown(r)
    r = client.post(f"/api/games/{gid}/choose", json={"action": "x"})
    assert r.status_code == 422 and "error" in r.json()
    for resp in (r,):
        assert not TRACEBACK.search(resp.text)
    assert saved(client, gid) == before


def test_choice_after_the_end_is_refused(client):
    state = api_new(client, "fuba", seed=5)
    gid = state["id"]
    state = client.post(f"/api/games/{gid}/continue", json={"to": "end"}).json()
    assert state["over"]
    r = client.post(f"/api/games/{gid}/choose", json={"action": 0, "number": state["number"]})
    assert r.status_code == 409 and "the game is over" in r.json()["error"]


def test_another_sessions_game_is_not_found(client):
    state = api_new(client, "statispro", seed=3)
    gid = state["id"]
    before = saved(client, gid)
    stranger = TestClient(client.app)
    for r in (stranger.get(f"/games/{gid}"), stranger.get(f"/games/{gid}/replay"), stranger.get(f"/games/{gid}/save"),
              stranger.post(f"/games/{gid}/choose", data={"action": str(default_action(state)), "number": str(state["number"])}),
              stranger.post(f"/games/{gid}/delete")):
        assert r.status_code == 404 and "no game with that address" in shown(r)
    r = stranger.get(f"/api/games/{gid}")
    assert r.status_code == 404 and "no game with that address" in r.json()["error"]
    assert gid not in stranger.get("/").text
    assert saved(client, gid) == before
    assert client.get("/nowhere").status_code == 404


def test_engine_failure_shows_a_page_without_traceback_and_changes_nothing(client, monkeypatch):
    state = api_new(client, "statispro", seed=3)
    gid = state["id"]
    before = saved(client, gid)
    engine_cls = rulesets.get("statispro").engine_cls

    def boom(self, action):
        raise RuntimeError("injected failure in the engine")

    monkeypatch.setattr(engine_cls, "step", boom)
    r = client.post(f"/games/{gid}/choose", data={"action": str(default_action(state)), "number": str(state["number"])})
    assert r.status_code == 500
    assert "Something went wrong inside the game engine" in shown(r)
    assert not TRACEBACK.search(r.text) and "injected failure" not in shown(r) and "RuntimeError" not in shown(r)
    r = client.post(f"/api/games/{gid}/choose", json={"action": default_action(state), "number": state["number"]})
    assert r.status_code == 500 and "injected" not in shown(r)
    monkeypatch.undo()
    assert saved(client, gid) == before  # the last saved state, restored
    assert api_choose(client, gid, state)["number"] == state["number"] + 1


def test_unexpected_error_in_a_page_shows_a_page_without_traceback(client, monkeypatch):
    from coachgym.web import views

    def broken(*args, **kwargs):
        raise KeyError("injected")

    monkeypatch.setattr(views, "new_game_context", broken)
    r = client.get("/new")
    assert r.status_code == 500 and "Something went wrong inside coachgym" in shown(r)
    assert not TRACEBACK.search(r.text) and "KeyError" not in shown(r)


# ---------------------------------------------------------------------------------------- save, resume, restart
def test_save_and_resume_continue_identically(client):
    state = api_new(client, "fourthstreet", seed=13)
    gid = state["id"]
    for _ in range(3):
        state = api_choose(client, gid, state)
    download = client.get(f"/games/{gid}/save")
    assert download.status_code == 200 and "attachment" in download.headers["content-disposition"]
    r = client.post("/open", files={"saved": ("game.json", download.content, "application/json")},
                    data={"then": "resume"}, follow_redirects=False)
    assert r.status_code == 303
    copy = r.headers["location"].rsplit("/", 1)[1]
    assert copy != gid
    twin = client.get(f"/api/games/{copy}").json()
    for _ in range(5):
        if state["over"]:
            break
        state, twin = api_choose(client, gid, state), api_choose(client, copy, twin)
        assert twin["situation"] == state["situation"] and twin["number"] == state["number"]
    assert saved(client, gid)["engine"] == saved(client, copy)["engine"]


def test_resume_through_the_api(client):
    state = api_new(client, "fuba", seed=2)
    text = client.get(f"/api/games/{state['id']}/save").content
    r = client.post("/api/games/resume", content=text)
    assert r.status_code == 201 and r.json()["number"] == state["number"]


@pytest.mark.parametrize("content, message", [
    (b"{broken", "not a saved coachgym game (not valid JSON"),
    (json.dumps({"format": "something else"}).encode(), "not a saved coachgym game (field 'format'"),
    (b"", "not a saved coachgym game"),
])
def test_malformed_saved_game_is_refused(client, content, message):
    r = client.post("/open", files={"saved": ("bad.json", content, "application/json")}, data={"then": "resume"})
    assert r.status_code == 422 and message in shown(r) and "bad.json" in shown(r)
    assert not TRACEBACK.search(r.text)
    assert client.get("/api/games").json() == []  # nothing kept


@pytest.mark.parametrize("tamper", ["history", "seed", "engine", "ruleset", "not a ruleset", "teams", "options"])
def test_tampered_saved_game_is_refused(client, tamper):
    state = api_new(client, "statispro", seed=3)
    for _ in range(2):
        state = api_choose(client, state["id"], state)
    data = saved(client, state["id"])
    if tamper == "history":
        data["history"][-1][0] += 1  # another action than the one played
    elif tamper == "seed":
        data["seed"] += 1
    elif tamper == "engine":
        data["engine"]["over"] = True
    elif tamper == "ruleset":
        data["ruleset"] = "fuba"  # another ruleset's name on a Statis Pro game
    elif tamper == "not a ruleset":
        data["ruleset"] = 5
    elif tamper == "teams":
        data["teams"] = 7
    else:
        data["options"] = {"league": "mars"}
    r = client.post("/open", files={"saved": ("tampered.json", json.dumps(data), "application/json")}, data={"then": "resume"})
    assert r.status_code == 422 and "tampered.json" in shown(r) and not TRACEBACK.search(r.text)
    assert [g["id"] for g in client.get("/api/games").json()] == [state["id"]]  # only the original game


def test_a_saved_game_for_another_engine_version_is_refused(client):
    state = api_new(client, "valueadd", seed=3)
    data = saved(client, state["id"])
    data["engine_version"] = -1
    r = client.post("/api/games/resume", content=json.dumps(data))
    assert r.status_code == 422 and "engine version -1" in r.json()["error"]


def test_restarted_server_resumes_the_game(db):
    with TestClient(create_app(db_path=db)) as first:
        state = api_new(first, "valueadd", seed=17)
        gid = state["id"]
        state = api_choose(first, gid, state)
        cookies = dict(first.cookies)
        before = saved(first, gid)
    with TestClient(create_app(db_path=db), cookies=cookies) as second:
        assert saved(second, gid) == before
        resumed = second.get(f"/api/games/{gid}").json()
        assert resumed["number"] == state["number"] and resumed["situation"] == state["situation"]
        assert api_choose(second, gid, resumed)["number"] == state["number"] + 1
        assert gid in second.get("/").text


# ---------------------------------------------------------------------------------------- the game limit
def test_game_limit_refuses_clearly_then_evicts_finished_games_first(tmp_path):
    with TestClient(create_app(db_path=tmp_path / "db.sqlite3", max_games=2)) as c:
        first = api_new(c, "fuba", seed=1)
        api_new(c, "fuba", seed=2)
        r = c.post("/new", data={"ruleset": "fuba", "side": "home", "opponent": "by-the-book", "seed": "3"})
        assert r.status_code == 503 and "already holds 2 games, its limit" in shown(r) and "--max-games 2" in shown(r)
        r = c.post("/api/games", json={"ruleset": "fuba", "seed": 3})
        assert r.status_code == 503
        c.post(f"/api/games/{first['id']}/continue", json={"to": "end"})  # one game finished
        third = api_new(c, "fuba", seed=3)
        assert c.get(f"/api/games/{first['id']}").status_code == 404  # the finished one made room
        assert c.get(f"/api/games/{third['id']}").status_code == 200


def test_abandoned_games_make_room(tmp_path):
    with TestClient(create_app(db_path=tmp_path / "db.sqlite3", max_games=1, abandon_after=0.0)) as c:
        old = api_new(c, "valueadd", seed=1)
        time.sleep(0.01)
        new = api_new(c, "valueadd", seed=2)
        assert c.get(f"/api/games/{old['id']}").status_code == 404
        assert c.get(f"/api/games/{new['id']}").status_code == 200


def test_delete_a_game(client):
    state = api_new(client, "valueadd", seed=1)
    r = client.post(f"/games/{state['id']}/delete", follow_redirects=False)
    assert r.status_code == 303
    assert client.get(f"/api/games/{state['id']}").status_code == 404


# ---------------------------------------------------------------------------------------- the command
def test_coachgym_serve_prints_its_address_and_binds_localhost(tmp_path):
    import httpx

    proc = subprocess.Popen([sys.executable, "-c", "from coachgym.cli import run; run()", "serve", "--port", "0",
                             "--db", str(tmp_path / "g.sqlite3")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert m, line + proc.stderr.read() if proc.poll() is not None else line
        for _ in range(100):
            try:
                r = httpx.get(m.group(0), timeout=2)
                break
            except httpx.ConnectError:
                time.sleep(0.05)
        assert r.status_code == 200 and "coachgym" in shown(r)
    finally:
        proc.terminate()
        proc.wait(10)


def test_analyse_plays_the_options_out_and_changes_nothing(client):
    pytest.importorskip("coachgym.search")
    state = api_new(client, "valueadd", seed=2)
    before = saved(client, state["id"])
    r = client.get(f"/games/{state['id']}/analyse?seconds=1", headers={"HX-Request": "true"})
    assert r.status_code == 200 and "Analysis" in shown(r) and "win chance" in shown(r) and 'class="best"' in shown(r)
    assert "held for" in shown(r) and "book plays on" in shown(r)  # each option's scope (coachgym.search.holds)
    assert saved(client, state["id"]) == before
    assert "/analyse" in client.get(f"/games/{state['id']}").text  # offered on the page


def test_two_clicks_at_once_apply_one_choice(db):
    """Two browsers' worth of the same click, sent together to a real server: the game's lock
    applies one, the other finds its decision gone (stale) and changes nothing."""
    import concurrent.futures

    import httpx

    from coachgym.web.server import running

    with running(create_app(db_path=db)) as url, httpx.Client(base_url=url) as http:
        state = http.post("/api/games", json={"ruleset": "valueadd", "seed": 8, "opponent": "by-the-book"}).json()
        body = {"action": default_action(state), "number": state["number"]}

        def click(_):
            return http.post(f"/api/games/{state['id']}/choose", json=body).status_code

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            codes = sorted(pool.map(click, range(4)))
        assert codes == [200, 409, 409, 409]
        assert http.get(f"/api/games/{state['id']}").json()["number"] == state["number"] + 1


def test_coachgym_serve_on_a_busy_port_says_so(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        res = subprocess.run([sys.executable, "-c", "from coachgym.cli import run; run()", "serve", "--port", str(port),
                              "--db", str(tmp_path / "g.sqlite3")], capture_output=True, text=True, timeout=60)
    assert res.returncode != 0 and f"cannot listen on 127.0.0.1:{port}" in res.stderr
    assert "Traceback" not in res.stderr


def test_templates_static_files_and_texts_are_package_data():
    """A wheel carries every file the app reads (pyproject's package data for coachgym.web)."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    globs = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["coachgym.web"]
    web = root / "coachgym" / "web"
    files = [p.relative_to(web).as_posix() for p in web.rglob("*") if p.is_file() and p.suffix != ".py"
             and "__pycache__" not in p.parts]
    assert files and [f for f in files if not any(fnmatch.fnmatch(f, g) for g in globs)] == []


def test_openapi_description_and_no_page_loading_outside_scripts(client):
    assert client.get("/api/openapi.json").json()["info"]["title"] == "coachgym"
    assert client.get("/api/docs").status_code == 404
    page = client.get("/new").text
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page


def test_fuba_pieces_and_cards_take_the_teams_colours_with_readable_ink(client):
    """Blue FC is drawn in blue and Yellow FC in yellow (with dark numbers on the light kit), not in
    the sides' red and blue; the style sheet reads these variables for pieces, cards and bars."""
    gid = html_new_game(client, "fuba", seed="7", home="blue", away="yellow")
    page = client.get(f"/games/{gid}").text
    style = re.search(r'<div class="game" data-kit="([^"]*)"', page).group(1)
    assert "--home: #1f5a9e; --home-ink: #fff;" in style
    assert "--away: #e8b923; --away-ink: #1f1b16; --away-ring: #1f1b16;" in style
    css = client.get("/static/style.css").text
    assert ".piece.side-1 text { fill: var(--away-ink, #fff); }" in css
    mirror = html_new_game(client, "fuba", seed="7", home="blue", away="blue")
    assert '<div class="game" data-kit=""' in client.get(f"/games/{mirror}").text
    statispro = html_new_game(client, "statispro", seed="7")
    assert '<div class="game" data-kit=""' in client.get(f"/games/{statispro}").text


def test_new_game_form_offers_the_opponent_ladder_with_measured_ratings(client):
    from coachgym.web import forms

    page = client.get("/new?ruleset=statispro")
    text = shown(page)
    levels = forms.ladder()["statispro"]["levels"]
    positions = [text.index(lv["label"]) for lv in levels]
    assert positions == sorted(positions)  # random, book, trained, search: as ladder.json lists them
    assert "Random (any legal choice) · Elo -849 (-1020 to -677)" in text
    assert "By the book (plays as the rulebook advises) · Elo 0 (the yardstick)" in text
    assert "each rated by <code>coachgym ratings statispro</code>" in text
    assert '<option value="trained" selected' in page.text  # the shipped AI stays the default opponent
    search = levels[-1]  # the held search coach (issue 21), rated in a run of its own against the book
    assert search["spec"] == "search:budget=16"
    assert f"Search, 16 rollouts a decision · Elo {search['elo']:+d} ({search['ci95'][0]:+d} to {search['ci95'][1]:+d})" in text
    for name, entry in forms.ladder().items():  # every level of the data file is a coach the ruleset builds
        for lv in entry["levels"]:
            forms.check_opponent(rulesets.get(name), lv["spec"])
            if "command" in lv:  # ... and one measured on its own says by which command, in how many games
                assert f"ratings {name} by-the-book {lv['spec']} -n {lv['games']} " in lv["command"]


def test_every_answer_says_the_apps_time_and_its_sqlite_write_locks_share():
    """``Server-Timing`` (read by tools/web_timing.py): the app's time, and of it the SQLite write lock's,
    waited for (another connection held it) and held; a choice saves the game, so its lock is held."""
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tools.web_timing import timing

    with tempfile.TemporaryDirectory() as folder, TestClient(create_app(Path(folder) / "t.sqlite3")) as client:
        state = api_new(client)
        r = client.post(f"/api/games/{state['id']}/choose", json={"action": default_action(state),
                                                                   "number": state["number"]})
        assert r.status_code == 200
        header = r.headers["server-timing"]
        assert [part.strip().split(";")[0] for part in header.split(",")] == ["app", "dblock", "dbwrite"]
        app, lock, held = (timing(header, name) for name in ("app", "dblock", "dbwrite"))
        assert 0.0 < held <= app and 0.0 <= lock <= app
        assert timing(header, "nothing") == 0.0
        assert client.get("/").headers["server-timing"].startswith("app;dur=")
