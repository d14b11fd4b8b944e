"""Two people, one game in the web app (coachgym/web/pair.py, docs/coach-seat.md): the invite link
(one claim, replaced or withdrawn by the creator only), each session acting for its own side only,
the turn poll and its bounds, both sessions' quotas, and the same save and end pages as any game.
The attacks: a foreign session, a claimed-twice invite, a guessed token, a cross-site join."""

from __future__ import annotations

import json
import re
import secrets

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from coachgym.web import create_app  # noqa: E402
from coachgym.web.pair import Polls  # noqa: E402


@pytest.fixture
def app(tmp_path):
    return create_app(db_path=tmp_path / "games.sqlite3")


def clients(app, n):
    out = []
    for _ in range(n):
        c = TestClient(app)
        c.get("/")  # the session cookie
        out.append(c)
    return out


def start(c, ruleset="valueadd", side="home", **extra) -> str:
    r = c.post("/new", data={"ruleset": ruleset, "opponent": "friend", "side": side, **extra}, follow_redirects=False)
    assert r.status_code == 303, r.text[:500]
    return r.headers["location"].rsplit("/", 1)[1]


def token_of(c, gid) -> str:
    """The invite token in the creator's page (its link field)."""
    found = re.search(r'value="http://[^"/]+/join/([\w-]+)"[^>]*data-testid="invite-link"', c.get(f"/games/{gid}").text)
    assert found, "no invite link on the creator's page"
    return found.group(1)


def state(c, gid) -> dict:
    r = c.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    return r.json()


def answer(app, c, gid) -> None:
    """The session ``c`` answers its pending decision with the book's choice (read from the server's seat)."""
    st = state(c, gid)
    live = app.state.live
    sid = c.cookies.get("coachgym_session")
    action, finish = live.read(sid, gid, lambda s: (s.book_choice, (s.pending().default_finish() or None)))
    if st["decision"]["default_action"] is None and finish is not None:
        r = c.post(f"/games/{gid}/choose", data={"finish": finish.finish, "number": st["number"]})
    else:
        a = st["decision"]["default_action"] if st["decision"]["default_action"] is not None else action
        r = c.post(f"/games/{gid}/choose", data={"action": a, "number": st["number"]})
    assert r.status_code in (200, 303), r.text[:300]


def test_invite_join_once_and_play_to_the_end_each_for_their_own_side(app):
    a, b, c = clients(app, 3)
    gid = start(a)
    page = a.get(f"/games/{gid}").text
    assert 'data-testid="pair"' in page and "seed: secret until the end" in page
    token = token_of(a, gid)
    assert len(token) >= 32
    # the friend sees what the link joins; opening it changes nothing (a link preview must not use it up)
    join = b.get(f"/join/{token}")
    assert join.status_code == 200 and 'data-testid="join-side">away<' in join.text
    assert b.get(f"/games/{gid}").status_code == 404  # not joined yet: not b's game
    r = b.post(f"/join/{token}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/games/{gid}"
    # claimed: the link is used up, for a third browser and for the same one
    for who in (c, b):
        again = who.post(f"/join/{token}", follow_redirects=False)
        assert again.status_code == 404 and "already" in again.text
    assert c.get(f"/games/{gid}").status_code == 404 and c.get(f"/api/games/{gid}").status_code == 404
    assert "invite-link" not in a.get(f"/games/{gid}").text and "Your friend has joined" in a.get(f"/games/{gid}").text
    # both sessions keep the game (the friend's quota counts it; "Your games" lists it)
    assert b.get("/api/session").json()["games"] == 1 and a.get("/api/session").json()["games"] == 1
    assert any(g["id"] == gid and g["friend"] for g in b.get("/api/games").json())
    assert state(a, gid)["side"] == 0 and state(b, gid)["side"] == 1
    decided = {0: 0, 1: 0}
    while True:
        st = state(a, gid)
        if st["over"]:
            break
        turn = st["turn"]
        mover, other = (a, b) if turn == 0 else (b, a)
        ost = state(other, gid)
        assert ost["decision"] is None and ost["two_person"]  # the other person's decision is not shown
        # the other session cannot act for the side that decides (page and API), nor ask its hint
        refused = other.post(f"/games/{gid}/choose", data={"action": 0, "number": st["number"]})
        assert refused.status_code == 409 and "not your turn" in refused.text
        api = other.post(f"/api/games/{gid}/choose", json={"action": 0, "number": st["number"]})
        assert api.status_code == 409 and "not your turn" in api.json()["error"]
        assert other.post(f"/games/{gid}/continue", data={"to": "end", "number": st["number"]}).status_code == 409
        assert other.get(f"/games/{gid}/hint", headers={"HX-Request": "true"}).status_code == 409
        # the waiting page's poll: nothing new yet ...
        assert other.get(f"/games/{gid}/turn?number={st['number']}").status_code == 204
        answer(app, mover, gid)
        decided[turn] += 1
        # ... and once the game moved on, the page reloads itself
        moved = other.get(f"/games/{gid}/turn?number={st['number']}")
        assert moved.status_code == 200 and moved.headers["HX-Refresh"] == "true"
    assert decided[0] >= 1 and decided[1] >= 1
    ends = [x.get(f"/games/{gid}").text for x in (a, b)]
    assert all("Final" in e for e in ends)
    results = [re.search(r"You (won|lost)\.|A draw\.", e).group(0) for e in ends]
    assert set(results) in ({"You won.", "You lost."}, {"A draw."})
    own = [re.search(r'data-testid="own-decisions">(\d+)<', e).group(1) for e in ends]
    assert own == [str(decided[0]), str(decided[1])]  # each person's own decisions
    # the same save for both; opened again it is a two-person game with a fresh invite link
    saved = b.get(f"/games/{gid}/save")
    assert saved.status_code == 200 and json.loads(saved.text)["opponent"] == "friend"
    r = c.post("/open", files={"saved": ("g.json", saved.content, "application/json")}, follow_redirects=False)
    assert r.status_code == 303
    assert c.get(r.headers["location"]).status_code == 200
    replay = b.get(f"/games/{gid}/replay")
    assert replay.status_code == 200
    # each person's end-of-game review is of their own side and their own decisions
    from coachgym.web.review import reviewer

    live = app.state.live
    assert live.read(a.cookies.get("coachgym_session"), gid, reviewer) == (0, "by-the-book", "p")
    assert live.read(b.cookies.get("coachgym_session"), gid, reviewer) == (1, "by-the-book", "f")
    assert b.get(f"/games/{gid}/review?part=all").status_code == 200


def test_replaced_withdrawn_guessed_and_cross_site_invites_are_refused(app):
    a, b, c = clients(app, 3)
    gid = start(a, side="away")
    first = token_of(a, gid)
    own = a.post(f"/join/{first}", follow_redirects=False)  # the creator's own link
    assert own.status_code == 409 and "your own invite link" in own.text
    assert "your own invite link" in a.get(f"/join/{first}").text
    # a guessed token, and one a letter off, are refused as unknown
    for guess in (secrets.token_urlsafe(24), first[:-1] + ("A" if first[-1] != "A" else "B"), ""):
        r = c.post(f"/join/{guess}", follow_redirects=False)
        assert r.status_code in (404, 405) and c.get(f"/games/{gid}").status_code == 404
    # a join from another site (a forged form) is refused and leaves the link unused
    forged = b.post(f"/join/{first}", headers={"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"},
                    follow_redirects=False)
    assert forged.status_code == 403
    # only the creator replaces or withdraws the link; the old link stops working
    assert b.post(f"/games/{gid}/invite", follow_redirects=False).status_code == 404
    a.post(f"/games/{gid}/invite")
    second = token_of(a, gid)
    assert second != first and b.post(f"/join/{first}", follow_redirects=False).status_code == 404
    assert b.post(f"/join/{second}", follow_redirects=False).status_code == 303
    assert b.post(f"/games/{gid}/invite", follow_redirects=False).status_code == 403  # the friend cannot re-invite
    # a new link shuts out the friend who joined; withdrawing leaves no link at all
    a.post(f"/games/{gid}/invite")
    assert b.get(f"/games/{gid}").status_code == 404
    third = token_of(a, gid)
    a.post(f"/games/{gid}/invite/withdraw")
    assert "invite-link" not in a.get(f"/games/{gid}").text
    assert c.post(f"/join/{third}", follow_redirects=False).status_code == 404
    # a seed typed in the form is refused for a game against a friend (it would tell one of them the dice)
    r = a.post("/new", data={"ruleset": "valueadd", "opponent": "friend", "seed": "7"})
    assert r.status_code == 422 and "keeps it secret from both of you" in r.text
    # the auto-play settings are the game's: neither person changes them mid-game
    assert a.post(f"/games/{gid}/autoplay", data={"kind_offense_menu": "on"}).status_code == 422


def test_polls_are_bounded_per_session_and_for_the_server(app):
    a, b = clients(app, 2)
    gid = start(a)
    app.state.polls = Polls(per_session=3, per_server=5)
    number = state(a, gid)["number"]
    codes = [a.get(f"/games/{gid}/turn?number={number}").status_code for _ in range(4)]
    assert codes == [204, 204, 204, 429]
    codes = [b.get(f"/games/{gid}/turn?number={number}").status_code for _ in range(3)]
    assert codes[0] == 404 and codes[2] == 429  # b is no player of this game; the server's bound is spent


def test_the_friend_leaving_keeps_the_game_for_its_creator(app):
    a, b = clients(app, 2)
    gid = start(a)
    b.post(f"/join/{token_of(a, gid)}")
    assert b.post(f"/games/{gid}/delete", follow_redirects=False).status_code == 303
    assert b.get(f"/games/{gid}").status_code == 404 and a.get(f"/games/{gid}").status_code == 200
    assert "Waiting for your friend" in a.get(f"/games/{gid}").text or state(a, gid)["turn"] == 0


def test_joining_counts_against_the_friends_quota(tmp_path):
    from coachgym.web.security import Limits

    app = create_app(db_path=tmp_path / "db.sqlite3", limits=Limits(games_per_session=1))
    a, b, c = clients(app, 3)
    gid = start(a)
    token = token_of(a, gid)
    b.post("/new", data={"ruleset": "valueadd", "opponent": "by-the-book"})  # b's one game, not finished
    refused = b.post(f"/join/{token}", follow_redirects=False)
    assert refused.status_code == 429 and "Too many games" in refused.text
    assert c.post(f"/join/{token}", follow_redirects=False).status_code == 303  # the link was not used up
    assert c.get("/api/session").json()["games"] == 1
    # and the friend's one game is this one: a new game of c's is refused until c leaves it
    assert c.post("/new", data={"ruleset": "valueadd", "opponent": "by-the-book"}).status_code == 429


def test_an_abandoned_two_person_game_is_evicted_like_any_other(tmp_path):
    import time

    app = create_app(db_path=tmp_path / "db.sqlite3", max_games=1, abandon_after=0.0)
    a, b, c = clients(app, 3)
    gid = start(a)
    assert b.post(f"/join/{token_of(a, gid)}", follow_redirects=False).status_code == 303
    time.sleep(0.01)
    c.post("/new", data={"ruleset": "valueadd", "opponent": "by-the-book"})  # the full server makes room
    assert a.get(f"/games/{gid}").status_code == 404 and b.get(f"/games/{gid}").status_code == 404
    assert b.get(f"/games/{gid}/turn?number=1").status_code == 404
