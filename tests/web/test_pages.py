"""What the pages tell and how they answer (issue 19, points 7 and 9, over HTTP; the browser side is
test_robust_browser.py): security headers and the CSP, compression, the favicon, no server path on
a page, the warning of a non-loopback --host, one seed rule for the form and the API, an edited
saved game refused, a change's address never a 405, Delete asking first, auto-play with nothing
ticked refused, and a watched replay that is not a game of the list. docs/security-pages.md."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from coachgym.web.headers import CSP
from coachgym.web.server import exposure_warning, is_loopback

from .test_http import api_new


def assert_security_headers(r) -> None:
    h = r.headers
    assert h["content-security-policy"] == CSP
    assert "frame-ancestors 'none'" in CSP and "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert h["x-frame-options"] == "DENY" and h["referrer-policy"] == "same-origin"
    assert h["x-content-type-options"] == "nosniff"


def test_every_kind_of_answer_carries_the_security_headers(client, db):
    gid = api_new(client, "valueadd", seed=2)["id"]
    for path in ("/", "/new", "/open", f"/games/{gid}", f"/games/{gid}/replay", "/no-such-page", "/static/app.js",
                 "/api/games", "/favicon.ico", "/fac", "/glossary"):
        r = client.get(path)
        assert_security_headers(r)
    r = client.post("/api/games", json={"ruleset": "chess"})
    assert r.status_code >= 400
    assert_security_headers(r)


def test_no_page_shows_a_server_path(client, db):
    gid = api_new(client, "statispro", seed=4)["id"]
    for path in ("/", "/new", "/open", f"/games/{gid}", "/fac", "/scoresheet", "/nope"):
        text = client.get(path).text
        assert str(db) not in text and str(db.parent) not in text and ".sqlite3" not in text, path


def test_no_inline_script_or_style_in_the_pages(client):
    """The CSP forbids them; a page that still had one would lose it in the browser."""
    gid = api_new(client, "fuba", seed=6)["id"]  # a board (SVG pieces) and team colours
    client.post(f"/api/games/{gid}/continue", json={"to": "half"})
    for path in ("/", "/new", "/new?ruleset=fuba", "/open", f"/games/{gid}", f"/games/{gid}/replay?at=5",
                 f"/games/{gid}/hint", "/fac", "/scoresheet", "/glossary"):
        text = client.get(path, headers={"Accept-Encoding": "identity"}).text
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        assert not re.search(r"\son[a-z]+\s*=", text), path
        assert not re.search(r"\sstyle\s*=", text) and "<style" not in text, path
        assert 'data-kit="--home' in text or not path.startswith("/games/") or path.endswith("/hint")


def test_pages_are_compressed(client):
    gid = api_new(client, "statispro", seed=8)["id"]
    plain = client.get(f"/games/{gid}", headers={"Accept-Encoding": "identity"})
    r = client.get(f"/games/{gid}", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in plain.headers and r.headers["content-encoding"] == "gzip"
    assert r.text == plain.text  # (httpx decodes it)
    size = len(gzip.compress(plain.content))
    assert size < len(plain.content) / 4, (size, len(plain.content))


def test_favicon(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"] == "image/x-icon"
    assert r.content[:4] == b"\x00\x00\x01\x00" and b"PNG" in r.content[:40]
    svg = client.get("/static/favicon.svg")
    assert svg.status_code == 200 and svg.text.startswith("<svg")
    home = client.get("/").text
    assert '<link rel="icon" href="/static/favicon.svg"' in home and 'href="/favicon.ico"' in home


@pytest.mark.parametrize("seed", [2**63, 10**30, -1, 1.5, True, "12x", [3]])
def test_api_refuses_the_seeds_the_form_refuses(client, seed):
    before = len(client.get("/api/games").json())
    r = client.post("/api/games", json={"ruleset": "valueadd", "opponent": "by-the-book", "seed": seed})
    assert r.status_code in (400, 422) and "seed" in r.json()["error"], r.text
    form = client.post("/new", data={"ruleset": "valueadd", "side": "home", "opponent": "by-the-book",
                                     "seed": str(seed)}, follow_redirects=False)
    assert form.status_code == 422 and "seed" in form.text
    assert len(client.get("/api/games").json()) == before
    assert client.post("/api/games", json={"ruleset": "valueadd", "opponent": "by-the-book",
                                           "seed": 2**63 - 1}).status_code == 201


def _saved(client, gid) -> dict:
    return json.loads(client.get(f"/games/{gid}/save").text)


@pytest.mark.parametrize("edit, field", [
    (lambda d: d.__setitem__("number", d["number"] + 1), "number"),
    (lambda d: d.__setitem__("number", d["number"] - 1), "number"),
    (lambda d: d.__setitem__("number", 10**6), "number"),
    (lambda d: d.__setitem__("asked", d["asked"][:-1]), "number"),
    (lambda d: d.__setitem__("asked", [10**6]), "asked"),
    (lambda d: d.__setitem__("asked", "all"), "asked"),
    (lambda d: d.__setitem__("seen", 10**6), "seen"),
])
def test_a_saved_game_with_an_edited_count_is_refused(client, edit, field):
    state = api_new(client, "valueadd", seed=3)
    gid = state["id"]
    for _ in range(3):  # decisions put to the person and answered by the book (continue) and by the person
        state = client.post(f"/api/games/{gid}/continue", json={"to": "dead_ball", "number": state["number"]}).json()
    data = _saved(client, gid)
    assert data["asked"] and data["number"] >= 4
    # unchanged, it opens (and the count is what it was)
    r = client.post("/api/games/resume", content=json.dumps(data))
    assert r.status_code == 201 and r.json()["number"] == data["number"]
    before = len(client.get("/api/games").json())
    edit(data)
    r = client.post("/api/games/resume", content=json.dumps(data))
    assert r.status_code == 422 and f"field '{field}'" in r.json()["error"] and "changed" in r.json()["error"]
    page = client.post("/open", files={"saved": ("edited.json", json.dumps(data), "application/json")},
                       data={"then": "resume"})
    assert page.status_code == 422 and "edited.json: field" in page.text
    assert len(client.get("/api/games").json()) == before


def test_a_save_from_before_asked_was_kept_is_held_to_bounds_and_goes_on(client):
    state = api_new(client, "valueadd", seed=3)
    gid = state["id"]
    state = client.post(f"/api/games/{gid}/continue", json={"to": "dead_ball", "number": state["number"]}).json()
    data = _saved(client, gid)
    del data["asked"]  # as a save of the previous version
    r = client.post("/api/games/resume", content=json.dumps(data))
    assert r.status_code == 201, r.text
    old = r.json()
    for _ in range(2):  # goes on, saved after each change, restored again
        old = client.post(f"/api/games/{old['id']}/continue", json={"to": "dead_ball", "number": old["number"]}).json()
    again = _saved(client, old["id"])
    assert again["asked"] is None and client.post("/api/games/resume", content=json.dumps(again)).status_code == 201
    data["number"] = 10**3
    r = client.post("/api/games/resume", content=json.dumps(data))
    assert r.status_code == 422 and "field 'number' is 1000" in r.json()["error"] and "between" in r.json()["error"]


def test_a_save_survives_continue_autoplay_changes_and_finishes_with_its_count(client):
    state = api_new(client, "fuba", seed=12)
    gid = state["id"]
    kinds = [k["kind"] for k in next(r for r in client.get("/api/rulesets").json()
                                     if r["name"] == "fuba")["autoplay_kinds"]]
    client.post(f"/api/games/{gid}/autoplay", json={"kinds": kinds})
    state = client.post(f"/api/games/{gid}/continue", json={"to": "half", "number": client.get(
        f"/api/games/{gid}").json()["number"]}).json()
    client.post(f"/api/games/{gid}/autoplay", json={"kinds": kinds[:1]})
    data = _saved(client, gid)
    r = client.post("/api/games/resume", content=json.dumps(data))
    assert r.status_code == 201, r.text
    assert r.json()["number"] == data["number"]


def test_a_change_address_opened_goes_to_the_game(client):
    gid = api_new(client, "valueadd", seed=5)["id"]
    for what in ("choose", "continue", "autoplay"):
        r = client.get(f"/games/{gid}/{what}", follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"


def test_a_refused_htmx_change_names_the_games_address(client):
    state = api_new(client, "valueadd", seed=5)
    gid = state["id"]
    r = client.post(f"/games/{gid}/choose", data={"action": "0", "number": str(state["number"] + 7)},
                    headers={"HX-Request": "true"})
    assert r.status_code == 409 and r.headers["hx-replace-url"] == f"/games/{gid}"


def test_delete_asks_first(client):
    gid = api_new(client, "statispro", seed=9)["id"]
    home = client.get("/").text
    assert f'href="/games/{gid}/delete"' in home and f'action="/games/{gid}/delete"' not in home
    r = client.get(f"/games/{gid}/delete")
    assert r.status_code == 200 and "Delete this game?" in r.text and f'action="/games/{gid}/delete"' in r.text
    assert client.get(f"/api/games/{gid}").status_code == 200  # asking deleted nothing
    assert client.get("/games/nope/delete").status_code == 404
    assert client.post(f"/games/{gid}/delete", follow_redirects=False).status_code == 303
    assert client.get(f"/api/games/{gid}").status_code == 404


def test_unticking_every_autoplay_kind_is_refused_with_a_message(client):
    state = api_new(client, "valueadd", seed=3)
    gid = state["id"]
    r = client.post(f"/games/{gid}/autoplay", data={"routine": "on"})
    assert r.status_code == 422 and "no kind of decision is ticked" in r.text
    after = client.get(f"/api/games/{gid}").json()
    assert not after["over"] and after["number"] == state["number"] and after["autoplay"] == state["autoplay"]
    form = client.post("/new", data={"ruleset": "valueadd", "side": "home", "opponent": "by-the-book", "seed": "3",
                                     "autoplay_set": "1"}, follow_redirects=False)
    assert form.status_code == 422 and "no kind of decision is ticked" in form.text


def test_watching_an_opened_file_adds_no_game(client):
    gid = api_new(client, "valueadd", seed=7)["id"]
    client.post(f"/api/games/{gid}/continue", json={"to": "half"})
    saved = client.get(f"/games/{gid}/save").text
    before = client.get("/api/games").json()
    r = client.post("/open", data={"then": "replay"}, files={"saved": ("g.json", saved, "application/json")},
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("/replay")
    page = client.get(r.headers["location"])
    assert page.status_code == 200 and "not kept among your games" in page.text
    assert client.get(r.headers["location"] + "?at=3").status_code == 200
    assert client.get("/api/games").json() == before
    rid = r.headers["location"].split("/")[2]
    assert client.get(f"/games/{rid}").status_code == 404  # nothing to resume
    for _ in range(3):  # a session keeps its last two
        client.post("/open", data={"then": "replay"}, files={"saved": ("g.json", saved, "application/json")})
    assert client.get(r.headers["location"]).status_code == 404


def test_non_loopback_host_is_warned_about():
    for host in ("127.0.0.1", "::1", "localhost", "127.1.2.3"):
        assert is_loopback(host) and exposure_warning(host, 8000) is None
    for host in ("0.0.0.0", "::", "192.168.1.20", "myhost.example"):
        w = exposure_warning(host, 8000)
        assert w and "everyone who can reach this computer" in w and "no passwords" in w


def test_serve_prints_the_warning(tmp_path, monkeypatch):
    uvicorn = pytest.importorskip("uvicorn")
    from click.testing import CliRunner

    from coachgym.cli import main

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    # serve leaves by os._exit once uvicorn returns (engine threads must not hold the process): in
    # this process it would end the test run
    monkeypatch.setattr("coachgym.cli.serve.os._exit", lambda code: None)
    res = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "0", "--db", str(tmp_path / "g.db")])
    assert res.exit_code == 0, res.output
    assert "WARNING: listening on 0.0.0.0" in res.output and "no passwords" in res.output
    assert "open http://127.0.0.1:" in res.output  # an address a browser can open (not 0.0.0.0)
    assert str(tmp_path) in res.output  # the operator's console may name the file; pages never do
    res = CliRunner().invoke(main, ["serve", "--port", "0", "--db", str(tmp_path / "g.db")])
    assert res.exit_code == 0 and "WARNING" not in res.output
