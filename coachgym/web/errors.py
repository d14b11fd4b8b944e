"""The one place where errors become responses: an HTML page for people (the page they were on, with
the message, where the view says which), JSON ``{"error": ..., "status": ...}`` for ``/api/``.
No traceback ever reaches a page; unexpected errors are logged here with theirs."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..core.errors import (
    CoachgymError,
    ConfigError,
    GameOverError,
    IllegalActionError,
    ModelMismatchError,
    SavedGameError,
    TeamFileError,
)
from ..present.seat import NotYourTurnError, StaleDecisionError, UndoError

log = logging.getLogger("coachgym.web")


class WebError(Exception):
    """An error with the page to show it on. ``template``/``context``: re-render that page (the form
    with what the person typed, the game as it stands) with the message on top; else the error page."""

    status = 400
    title = "That did not work"

    def __init__(self, message: str, *, status: int | None = None, title: str | None = None,
                 template: str | None = None, context: dict[str, Any] | None = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        if title is not None:
            self.title = title
        self.template = template
        self.context = context or {}


class NotFound(WebError):
    status = 404
    title = "Not found"


class GamesFull(WebError):
    status = 503
    title = "The server is full"


class EngineFailure(WebError):
    status = 500
    title = "Something went wrong inside coachgym"


def status_of(exc: CoachgymError) -> int:
    """HTTP status of a coachgym error: a choice that is not open now is a conflict with the game's
    state (409); a bad file or setting is unprocessable (422); anything else a bad request."""
    if isinstance(exc, (IllegalActionError, GameOverError, StaleDecisionError, NotYourTurnError, UndoError)):
        return 409
    if isinstance(exc, (SavedGameError, TeamFileError, ConfigError, ModelMismatchError)):
        return 422
    return 400


def from_coachgym(exc: CoachgymError, **page: Any) -> WebError:
    return WebError(str(exc), status=status_of(exc), **page)


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/")


BUG = ("Something went wrong inside coachgym (a bug). Nothing was changed; go back and try again, or report it with "
       "the server's log.")


def _first(group: BaseExceptionGroup) -> BaseException:
    exc = group.exceptions[0]
    return _first(exc) if isinstance(exc, BaseExceptionGroup) else exc


def install(app: FastAPI, render):
    """``render(request, template, context, status)`` -> HTMLResponse (the app's Jinja2 renderer)."""

    def respond(request: Request, status: int, message: str, title: str, template: str | None = None,
                context: dict | None = None):
        if _wants_json(request):
            return JSONResponse({"error": message, "status": status}, status_code=status)
        ctx = dict(context or {})
        ctx.update(error=message, error_title=title, status=status)
        try:
            return render(request, template or "error.html.j2", ctx, status)
        except Exception:  # the page itself failed: fall back to the plain error page
            log.exception("rendering %s for an error failed", template)
            return render(request, "error.html.j2", {"error": message, "error_title": title, "status": status}, status)


    @app.exception_handler(WebError)
    async def web_error(request: Request, exc: WebError):
        return respond(request, exc.status, exc.message, exc.title, exc.template, exc.context)

    @app.exception_handler(CoachgymError)
    async def coachgym_error(request: Request, exc: CoachgymError):
        return respond(request, status_of(exc), str(exc), "That did not work")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        if exc.status_code == 404:
            return respond(request, 404, "There is no such page here.", "Not found")
        if exc.status_code == 405:
            return respond(request, 405, "That address does not take this kind of request.", "Not allowed")
        return respond(request, exc.status_code, str(exc.detail), "That did not work")

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError):
        parts = []
        for err in exc.errors():
            where = " ".join(str(x) for x in err.get("loc", ()) if x not in ("body", "query", "path", "form"))
            parts.append(f"{where or 'request'}: {err.get('msg', 'invalid')}")
        return respond(request, 422, "The request was not understood: " + "; ".join(parts), "That did not work")

    @app.middleware("http")
    async def unexpected(request: Request, call_next):
        try:
            return await call_next(request)
        except WebError as exc:  # raised while the body was read (security.BodyTooLarge)
            return respond(request, exc.status, exc.message, exc.title)
        except ExceptionGroup as group:  # ... and so wrapped by a middleware's task group
            found = group.subgroup(lambda e: isinstance(e, WebError))
            if found is None:
                log.exception("unexpected error on %s %s", request.method, request.url.path)
                return respond(request, 500, BUG, "Something went wrong inside coachgym")
            exc = _first(found)
            return respond(request, exc.status, exc.message, exc.title)
        except Exception:  # a bug: log it with its traceback, show people a page without one
            log.exception("unexpected error on %s %s", request.method, request.url.path)
            return respond(request, 500, BUG, "Something went wrong inside coachgym")

    return respond
