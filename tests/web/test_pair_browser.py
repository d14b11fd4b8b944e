"""Two people, one game in Chromium: two browser contexts (two people, two cookies) play a Value
Add game to the end. The creator sends the invite link, the friend joins by it, each answers
only at their own decisions (Enter), and the waiting page brings itself up to date by polling
when it is that person's turn (this module's server polls every 0.75 s instead of 2 s: the same
poll and reload, under a quarter of the waiting). Screenshots of both at a decision and at the end go to
``COACHGYM_SCREENSHOTS`` (default: the test's temporary folder)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from coachgym.web import create_app, views
from coachgym.web.pair import Polls
from coachgym.web.server import running

from .helpers import is_over, take_default

# seconds between a waiting page's polls in this module (views.POLL_WAITING, 2 s in a served game):
# the game hands the turn over some twenty times, each a poll away; above the 0.5 s of network quiet
# that the helpers' settle() waits for after an answer
POLL_WAITING = 0.75


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """This module's own server: its waiting pages poll every :data:`POLL_WAITING` seconds, and the
    per-session poll bound (60 a minute, for the 2 s polls) is raised to match."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(views, "POLL_WAITING", POLL_WAITING)
        app = create_app(db_path=tmp_path_factory.mktemp("pair") / "games.sqlite3")
        app.state.polls = Polls(per_session=600)
        with running(app) as url:
            yield url


def _context(browser, live_server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=live_server)
    pg = ctx.new_page()
    pg.set_default_timeout(20_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    return ctx, pg, errors


STATE = """() => { const g = document.querySelector('.game');
  if (!g || document.readyState !== 'complete') return 'loading';
  if (g.dataset.over === 'yes') return 'over';
  const t = document.querySelector('[data-testid=pair]'); return t ? t.dataset.turn : 'loading'; }"""


def state(p) -> str:
    """'mine', 'theirs', 'over' or 'loading' (the page reloads itself when the game moves on)."""
    try:
        return p.evaluate(STATE)
    except Exception:  # the page was navigating (its poll reloaded it)
        return "loading"


def test_two_people_play_a_game_to_the_end_from_two_browsers(browser, live_server, tmp_path):
    shots = Path(os.environ.get("COACHGYM_SCREENSHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    (ca, a, ea), (cb, b, eb) = _context(browser, live_server), _context(browser, live_server)
    try:
        a.goto("/new?ruleset=valueadd")
        a.select_option("#opponent", "friend")
        a.click("#start-top")
        a.wait_for_selector(".game [data-testid=pair]")
        link = a.input_value("[data-testid=invite-link]")
        assert re.fullmatch(rf"{re.escape(live_server)}/join/[\w-]{{32}}", link), link
        assert a.locator("[data-testid=seed-secret]").is_visible()
        b.goto(link)
        assert b.inner_text("[data-testid=join-side]") == "away"
        b.click("[data-testid=join-button]")
        b.wait_for_selector(".game [data-testid=pair]")
        assert "invite-link" not in b.content()  # only the creator is told the link
        started, shot, moves = time.monotonic(), False, {a: 0, b: 0}
        while not (state(a) == "over" and state(b) == "over"):
            assert time.monotonic() - started < 240, "the two-person game did not end in time"  # a hang guard, not a timing
            acted = False
            for p, other in ((a, b), (b, a)):
                if state(p) != "mine":
                    continue
                # the other person waits: no decision panel, the waiting line, no way to act
                if not is_over(other):
                    other.wait_for_function("() => document.querySelector('[data-testid=pair]')?.dataset.turn "
                                            "=== 'theirs' || document.querySelector('.game')?.dataset.over === 'yes'")
                    if not is_over(other):
                        assert other.locator("#decision button.choice").count() == 0
                        assert "Your friend is deciding" in other.inner_text("[data-testid=pair-turn]")
                if not shot and moves[a] and moves[b] and not is_over(other):
                    # the waiting page brings itself up to date (its poll) while the other person decides
                    other.wait_for_function("n => document.querySelector('.game').dataset.number === n",
                                            arg=p.get_attribute(".game", "data-number"))
                    p.screenshot(path=str(shots / "pair-deciding.png"))
                    other.screenshot(path=str(shots / "pair-waiting.png"))
                    shot = True
                take_default(p)
                moves[p] += 1
                acted = True
            if not acted:  # the page of the person whose turn it is reloads itself (the poll)
                a.wait_for_timeout(100)
        assert moves[a] >= 1 and moves[b] >= 1 and shot
        results = {p.inner_text(".final-line").split(".")[0] for p in (a, b)}
        assert results in ({"You won", "You lost"}, {"A draw"}), results
        assert a.inner_text("[data-testid=result]") == b.inner_text("[data-testid=result]")
        for p in (a, b):  # the end page's chart: each person's own chance to win and own decisions
            p.wait_for_selector("#review svg")
        a.screenshot(path=str(shots / "pair-end-creator.png"), full_page=False)
        b.screenshot(path=str(shots / "pair-end-friend.png"), full_page=False)
        assert not ea and not eb, f"JavaScript errors: {ea + eb}"
    except Exception:
        for name, p in (("a", a), ("b", b)):
            p.screenshot(path=str(shots / f"pair-failed-{name}.png"))
            (shots / f"pair-failed-{name}.html").write_text(p.content())
        raise
    finally:
        ca.close()
        cb.close()
