"""Getting one's games back in another browser, or after losing the cookie: every session that keeps
a game has a private recovery key, shown on "Your games" as a link (``/sessions/restore/KEY``).
Opening the link shows what it does; pressing "Restore" (a same-origin POST: a link alone changes
nothing) makes this browser that session, and the games this browser had are moved into it, so
nothing is stranded. "New key" replaces the key (the old link stops working).

JSON: ``GET /api/session`` -> ``{"games", "recovery_key", "restore_path"}``;
``POST /api/session/restore`` ``{"key"}`` -> the same for the restored session.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from .errors import NotFound
from .live import LiveGames

router = APIRouter()
COOKIE_AGE = 400 * 86400
UNKNOWN_KEY = ("There is no such recovery key on this server (a new key replaces the old one; a session whose games "
               "were all deleted has none).")


def _live(request: Request) -> LiveGames:
    return request.app.state.live


def set_session(response: Response, sid: str) -> None:
    from .security import SessionCookies

    SessionCookies.set(response, sid)  # (both names: security.SessionCookies)


def _render(request: Request, template: str, context: dict, status: int = 200) -> Response:
    return request.app.state.render(request, template, context, status)


@router.get("/sessions/restore/{key}")
def restore_page(request: Request, key: str):
    live = _live(request)
    owner = live.session_of_key(key)
    if owner is None:
        raise NotFound(UNKNOWN_KEY, title="Unknown recovery key")
    return _render(request, "restore.html.j2", {"key": key, "games": live.games(owner),
                                                "mine": owner == request.state.session,
                                                "have": live.session_count(request.state.session)})


@router.post("/sessions/restore/{key}")
def restore(request: Request, key: str):
    owner = _live(request).restore(key, request.state.session)
    if owner is None:
        raise NotFound(UNKNOWN_KEY, title="Unknown recovery key")
    response = RedirectResponse("/", status_code=303)
    set_session(response, owner)
    return response


@router.post("/sessions/new-key")
def new_key(request: Request):
    _live(request).new_key(request.state.session)
    return RedirectResponse("/#recovery", status_code=303)


class RestoreKey(BaseModel):
    key: str = Field(max_length=100)


def _about(live: LiveGames, sid: str) -> dict:
    key = live.recovery_key(sid)
    return {"games": live.session_count(sid), "recovery_key": key,
            "restore_path": f"/sessions/restore/{key}" if key else None}


@router.get("/api/session")
def api_session(request: Request) -> dict:
    """This session's recovery key (None until it keeps a game)."""
    return _about(_live(request), request.state.session)


@router.post("/api/session/restore")
def api_restore(request: Request, body: RestoreKey) -> Response:
    live = _live(request)
    owner = live.restore(body.key, request.state.session)
    if owner is None:
        raise NotFound(UNKNOWN_KEY, title="Unknown recovery key")
    from fastapi.responses import JSONResponse

    response = JSONResponse(_about(live, owner))
    set_session(response, owner)
    return response
