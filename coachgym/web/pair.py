"""Two people, one game (docs/coach-seat.md, "Two people, one game"): the invite link, joining
by it, and the poll that brings a waiting page up to date.

* The creator of a game against a friend (new-game form, opponent "Play against a friend") gets an
  invite link ``/join/TOKEN`` (an unguessable ``secrets.token_urlsafe(24)``) on the game page.
  Opening the link shows what it joins; pressing "Join" (a same-origin POST: a link alone, as a
  chat's link preview fetches it, changes nothing) makes this browser's session the friend, who
  coaches the other team; the token is used up (a second claim is refused). The creator may
  replace the link or withdraw it, which also shuts out a friend who joined.
* A two-person game page polls ``/games/ID/turn?number=N`` (htmx, ``every 2s`` while the other
  person decides, ``every 10s`` while its own person does): ``204`` while nothing has changed,
  ``HX-Refresh`` once the game has moved on, so the page reloads at the person's turn. A poll
  reads two columns of the game's row (no replay, no lock) and is bounded per session and
  server-wide (:data:`POLLS_PER_SESSION`, :data:`POLLS_PER_SERVER` a minute; 429 beyond).

JSON: ``GET /api/games/ID`` says ``two_person`` and ``turn``; the invite is a page only.
"""

from __future__ import annotations

import json
import math

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import RedirectResponse, Response

from ..core.engine import SIDE_NAMES
from .errors import NotFound, WebError
from .live import INVITE_USED, LiveGames
from .security import RateLimit
from .views import client_of

router = APIRouter()
POLLS_PER_SESSION = 60  # a minute, per browser session (a page polls every 2 s: 30; two tabs fit)
POLLS_PER_SERVER = 6000  # a minute, all sessions together


class Polls:
    """The poll bounds: a token bucket per session and one for the whole server."""

    def __init__(self, per_session: int = POLLS_PER_SESSION, per_server: int = POLLS_PER_SERVER):
        self.session = RateLimit(per_session)
        self.server = RateLimit(per_server)

    def wait(self, session: str) -> float:
        """0 when a poll may be answered now, else the seconds to wait."""
        return self.session.take(session) or self.server.take("")


def _live(request: Request) -> LiveGames:
    return request.app.state.live


@router.get("/games/{gid}/turn")
def turn(request: Request, gid: str, number: str = ""):
    """204 while the game stands at decision ``number``; else ``HX-Refresh`` (the page reloads)."""
    wait = request.app.state.polls.wait(request.state.session)
    if wait:
        return Response(status_code=429, headers={"Retry-After": str(math.ceil(wait))})
    now, over = _live(request).turn(request.state.session, gid)
    if not over and number.strip() == str(now):
        return Response(status_code=204)
    return Response(status_code=200, headers={"HX-Refresh": "true"})


@router.get("/games/{gid}/invite")
@router.get("/games/{gid}/invite/withdraw")
def invite_address(gid: str):
    """A change's address opened (a reload, a bookmark): the game's page, never a "405 not allowed"."""
    return RedirectResponse(f"/games/{gid}", status_code=303)


@router.post("/games/{gid}/invite")
def new_invite(request: Request, gid: str):
    _live(request).invite(request.state.session, gid)
    return RedirectResponse(f"/games/{gid}#pair", status_code=303)


@router.post("/games/{gid}/invite/withdraw")
def withdraw_invite(request: Request, gid: str):
    _live(request).invite(request.state.session, gid, withdraw=True)
    return RedirectResponse(f"/games/{gid}#pair", status_code=303)


@router.get("/join/{token}")
def join_page(request: Request, token: str):
    found = _live(request).invitation(token)
    if found is None:
        raise NotFound(INVITE_USED, title="Invite link not valid")
    side = json.loads(found["state"]).get("side")
    other = "away" if side == SIDE_NAMES[0] else "home"
    return request.app.state.render(request, "join.html.j2", {
        "token": token, "title": found["title"], "summary": found["summary"], "side": other,
        "own": found["session"] == request.state.session})


@router.post("/join/{token}")
async def join(request: Request, token: str):
    live = _live(request)
    try:
        gid = await run_in_threadpool(live.claim, request.state.session, token, client_of(request))
    except WebError as exc:
        exc.template, exc.context = "join.html.j2", {"token": token, "refused": True}
        raise
    return RedirectResponse(f"/games/{gid}", status_code=303)
