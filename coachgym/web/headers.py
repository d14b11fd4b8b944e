"""What every response of the web app carries, in one place (``install(app)``; docs/security-pages.md):

* security headers: a Content-Security-Policy that allows scripts, styles, images and requests
  from the app itself only (no inline script, no inline style: the pages keep theirs in
  ``/static``), ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY`` (no page in another
  site's frame), ``Referrer-Policy: same-origin`` (a game's address never leaves the app),
  ``X-Content-Type-Options: nosniff``;
* compression (gzip) of every answer over 1 KB that the browser accepts it for;
* the address an htmx change answers with: a change to a game (a choice, continue, auto-play)
  that is refused re-renders the game with why; its answer names the game's own address
  (``HX-Replace-Url``), so the address bar never shows ``/games/<id>/choose`` (a reload of which
  would be a GET of a POST-only address);
* the favicon at ``/favicon.ico`` (the pages link ``/static/favicon.svg``).
"""

from __future__ import annotations

import re

from fastapi import FastAPI
from fastapi.responses import FileResponse
from starlette.datastructures import MutableHeaders
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
}
GZIP_MIN_BYTES = 1000
GZIP_LEVEL = 6  # half the time of level 9 on a decision page (3 ms, not 7), 2 % larger
# the changes to a game whose answer re-renders the game (views.py): its address is the game's
GAME_CHANGE = re.compile(r"^/games/([A-Za-z0-9_-]+)/(choose|continue|autoplay)$")


class SecurityHeaders:
    """Pure ASGI middleware (no extra task per request): sets :data:`SECURITY_HEADERS` on every
    response, and ``HX-Replace-Url`` on an htmx change to a game that did not set its own."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        change = GAME_CHANGE.match(scope.get("path", "")) if scope.get("method") == "POST" else None
        htmx = change is not None and any(k == b"hx-request" for k, _ in scope.get("headers", ()))

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
                if message.get("status") == 429 and "retry-after" not in headers:
                    headers["Retry-After"] = "5"  # (a quota, the pool of heavy work: come back shortly)
                if htmx and "hx-replace-url" not in headers and "hx-push-url" not in headers:
                    headers["HX-Replace-Url"] = f"/games/{change.group(1)}"
            await send(message)

        await self.app(scope, receive, send_with_headers)


STOPPING = ("The server is stopping; this request was not finished, and nothing of it was saved (the game is as it "
            "was before it).")


class QuietStop:
    """ASGI middleware: a request still running when the server stops (Ctrl+C, SIGTERM; uvicorn
    cancels it after its grace period) ends with a 503 saying so, not with uvicorn's three chained
    tracebacks on the terminal."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        import asyncio

        try:
            await self.app(scope, receive, watch)
        except asyncio.CancelledError:
            if not started:
                import json

                body = json.dumps({"error": STOPPING, "status": 503}).encode()
                try:
                    await send({"type": "http.response.start", "status": 503,
                                "headers": [(b"content-type", b"application/json"),
                                            (b"content-length", str(len(body)).encode()), (b"connection", b"close"),
                                            *((k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items())]})
                    await send({"type": "http.response.body", "body": body})
                except Exception:  # the connection is gone already
                    pass


def install(app: FastAPI) -> None:
    """Compression, security headers and the favicon for ``app`` (``create_app`` calls it)."""
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN_BYTES, compresslevel=GZIP_LEVEL)
    app.add_middleware(SecurityHeaders)  # outermost: also on the answers other middleware makes
    app.add_middleware(QuietStop)  # (a request cut off by the server's stop: a 503, no traceback)
    from importlib import resources

    icon = str(resources.files(__package__).joinpath("static", "favicon.ico"))

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon():
        return FileResponse(icon, media_type="image/x-icon", headers={"Cache-Control": "public, max-age=86400"})
