"""The web app: ``create_app(db_path=..., max_games=...)`` builds the FastAPI application that
``coachgym serve`` runs.

FastAPI is a thin router here: the views (``views.py``, HTML for people) and the JSON API
(``api.py``) read and change games through :class:`LiveGames` (``live.py``) and show them with the
presentation layer (``coachgym.present``); errors become pages or JSON in one place (``errors.py``).
Engine work is CPU work, so every view that touches a game is a plain ``def``, which FastAPI runs
in its thread pool, off the event loop.
"""

from __future__ import annotations

import os
import re
import time
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markupsafe import Markup, escape

from ..present.texts import words
from ..store import WRITES as store_writes
from ..store import Checkpointer, Store
from . import errors, headers
from . import security as sec
from .facdecks import FacDecks
from .live import ABANDON_AFTER, DEFAULT_MAX_GAMES, LiveGames

SESSION_COOKIE = sec.SESSION_COOKIE


_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def _ago(ts: float) -> str:
    """Seconds since ``ts`` in words, for the list of games."""
    s = max(0, int(time.time() - ts))
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if s >= size:
            n = s // size
            return f"{n} {unit}{'' if n == 1 else 's'} ago"
    return "just now"


# glyphs a play's text may carry that fonts without emoji draw as empty boxes: drawn as inline SVG
# (the Statis Pro FAC's basketball mark before a pass's assist number, cards.ICON)
_BALL_SVG = ('<svg class="icon icon-ball" viewBox="0 0 16 16" role="img" aria-label="ball"><circle cx="8" cy="8" r="7"/>'
             '<path d="M1 8h14M8 1v14M3 3c3 3 3 7 0 10M13 3c-3 3-3 7 0 10"/></svg>')
_GLYPHS = {"\U0001F3C0": _BALL_SVG}


def _icons(text) -> Markup:
    """A play's text, escaped, with its emoji glyphs as inline SVG icons (``_GLYPHS``)."""
    out = escape(str(text))
    for glyph, svg in _GLYPHS.items():
        if glyph in out:
            out = Markup(out.replace(glyph, Markup(svg)))
    return out


def _kit_style(teams) -> str:
    """CSS variables for the teams' colours where the presenter gives them (``TeamView.colour``):
    the pieces, cards and bars of a side in its team's colour, with dark or light ink to match."""
    parts = []
    for team in teams:
        colour = (team.get("colour") if isinstance(team, dict) else getattr(team, "colour", "")) or ""
        side = team.get("side") if isinstance(team, dict) else team.side
        if not _HEX.fullmatch(colour):
            continue
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        light = 0.2126 * r + 0.7152 * g + 0.0722 * b > 150
        name = "home" if side == 0 else "away"
        ink = "#1f1b16" if light else "#fff"
        ring = "#1f1b16" if light else "#ffd43b"  # the goalkeeper's ring: gold shows on a dark kit only
        parts.append(f"--{name}: {colour}; --{name}-ink: {ink}; --{name}-ring: {ring};")
    return " ".join(parts)


def create_app(db_path: str | Path | None = None, max_games: int = DEFAULT_MAX_GAMES, *,
               abandon_after: float = ABANDON_AFTER, limits: sec.Limits | None = None,
               strategies: list[str | Path] = (), models: list[str | Path] = (),
               allowed_hosts: list[str] | None = None, review_seconds: float | None = None) -> FastAPI:
    """The coachgym web app on the SQLite file ``db_path`` (default: ``coachgym.store.default_path()``)
    holding at most ``max_games`` games (see ``LiveGames`` for what is evicted when it is full).
    ``limits``: the bounds on requests (``security.Limits``; its ``max_games`` gives way to the
    argument); ``strategies``, ``models``: folders whose strategy files and ``.npz`` models a person
    may choose as the opponent; ``allowed_hosts``: the host names a request may address (its ``Host``
    header; None: any) - a server on loopback answers to loopback names only, so that a page of
    another site whose name was pointed at 127.0.0.1 (DNS rebinding) is not served (docs/security.md);
    ``review_seconds``: the end-of-game analyses' budget per game (``review.REVIEW_SECONDS``)."""
    allowed = None if allowed_hosts is None else {h.strip("[]").lower() for h in allowed_hosts}
    limits = sec.Limits(**{**(limits or sec.Limits()).__dict__, "max_games": max_games})
    store = Store(db_path)
    # WAL with synchronous=NORMAL: a crash of the server loses nothing committed; a power cut may
    # lose the last moves. Saves no longer wait for the disk (6 ms -> 0.1 ms each, measured).
    store.conn.execute("PRAGMA synchronous = NORMAL")
    # the WAL copied back into the file by a thread of the server's while it serves, not inside a
    # request's commit (store.Checkpointer; COACHGYM_WAL_CHECKPOINT=commit keeps SQLite's default)
    wal_thread = str(store.path) != ":memory:" and os.environ.get("COACHGYM_WAL_CHECKPOINT", "") != "commit"

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        checkpointer = Checkpointer(store) if wal_thread else None
        yield
        if checkpointer is not None:
            checkpointer.close()
        app.state.reviews.close()
        sims = getattr(app.state, "season_sims", None)
        if sims is not None:  # (the seasons' processes: coachgym/web/season.py)
            sims.stop_all()
        store.close()

    # the OpenAPI description at /api/openapi.json; no Swagger page (it would load scripts from a CDN)
    app = FastAPI(title="coachgym", docs_url=None, redoc_url=None, openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.store = store
    app.state.limits = limits
    app.state.coaches = coaches = sec.WebCoaches(strategies, models, limits.search_budget)
    try:
        app.state.sealer = sec.Sealer(store)
    except ImportError:  # cryptography (the web extra) missing: games in progress cannot be saved sealed
        app.state.sealer = None
    app.state.cookies = cookies = sec.SessionCookies(store)  # session ids bound to this server
    # the one pool of CPU-heavy work (searches, opened saves, replays, reviews, analyses): security.WorkPool
    app.state.pool = app.state.analyses = sec.WorkPool(limits.analyses, limits.analyse_wait)
    app.state.live = LiveGames(store, max_games=max_games, abandon_after=abandon_after,
                               games_per_session=limits.games_per_session,
                               new_games_per_minute=limits.new_games_per_minute,
                               request_seconds=limits.request_seconds, resolve=coaches.resolve)
    app.state.fac_decks = FacDecks(store)  # the FAC Extractor page's decks (tabletop.py)
    app.state.db_path = str(store.path)

    web = resources.files(__package__)
    templates = Jinja2Templates(directory=str(web.joinpath("templates")))
    templates.env.autoescape = True  # every template (*.html.j2): names from uploaded files are text, never markup
    templates.env.filters["ago"] = _ago
    templates.env.filters["kit_style"] = _kit_style
    templates.env.filters["icons"] = _icons
    templates.env.filters["words"] = lambda text, ruleset: words(str(ruleset or ""))(str(text))  # the play-by-play in words
    templates.env.filters["truncate_head"] = lambda label: str(label).split(": ", 1)[0] if ": " in str(label) else ""
    templates.env.globals["max_games"] = max_games
    templates.env.globals["limits"] = limits
    templates.env.globals["abandon_days"] = round(abandon_after / 86400, 1) if abandon_after % 86400 else int(abandon_after // 86400)
    app.state.templates = templates
    app.mount("/static", StaticFiles(directory=str(web.joinpath("static"))), name="static")

    def render(request: Request, template: str, context: dict, status: int = 200) -> HTMLResponse:
        ctx = {"ruleset": None, "error": None, "notice": None, **context}
        return templates.TemplateResponse(request, template, ctx, status_code=status)

    app.state.render = render
    respond = errors.install(app, render)

    @app.middleware("http")
    async def session(request: Request, call_next):
        """A random session id per browser (an http-only cookie); games belong to it. A request that
        changes something must come from the app's own pages (``security.cross_site``), and one that
        did not carry the cookie never gets a new one in its answer if it came from a browser (a
        cross-site form must not replace a person's session), nor is a body larger than the bound
        read. Every response says how long the app took (``Server-Timing``, for tools/web_timing.py)."""
        if allowed is not None and sec.host_name(request.headers.get("host", "")) not in allowed:
            return respond(request, 421, "This server answers only to the addresses it serves "
                                         f"({', '.join(sorted(allowed))}); nothing was read or changed.", "Refused")
        why = sec.cross_site(request.method, request.headers, request.url.scheme)
        if why:
            return respond(request, 403, f"This request was refused because {why}: only this app's own pages may "
                                         "change your games. Nothing was changed.", "Refused")
        length = request.headers.get("content-length")
        limit = sec.body_limit(limits, request.url.path)
        if length is not None and (not length.strip().isdigit() or int(length) > limit):
            status = 413 if length.strip().isdigit() else 400
            return respond(request, status, sec.too_large_message(limit) if status == 413 else
                           "The request's Content-Length is not a number; nothing was read.", "Refused")
        sid, in_host_cookie = cookies.read(request.cookies)
        fresh = sid is None
        if fresh and request.method not in ("GET", "HEAD") and sec.is_browser(request.headers):
            return respond(request, 403, "Your browser did not send this app's session cookie with the request (are "
                                         "cookies blocked for this address?), so nothing was changed. Reload the "
                                         "page and try again.", "Refused")
        if fresh:
            sid = cookies.mint()
        request.state.session = sid
        client = request.client.host if request.client else ""
        sec.CLIENT.set(client)  # (the pool's per-address share of heavy work)
        app.state.pool.seen(client)
        request.state.fresh = fresh  # no session cookie came with it: nothing is stored for it but a game
        started = time.perf_counter()
        writes = [0.0, 0.0, 0.0]  # (the store's account of this request's transactions: store.WRITES)
        token = store_writes.set(writes)
        try:
            response = await call_next(request)
        finally:
            store_writes.reset(token)
        # the app's time, and of it the SQLite write lock's: waited for (held by another connection, a
        # season's process), then held (the statements and the commit)
        response.headers["Server-Timing"] = (f"app;dur={1000 * (time.perf_counter() - started):.1f}, "
                                             f"dblock;dur={1000 * writes[0]:.1f}, dbwrite;dur={1000 * writes[1]:.1f}")
        # a new session, or a browser that has not the __Host- cookie yet (an earlier coachgym's): both set
        renew = fresh or (not in_host_cookie and sec.is_browser(request.headers))
        if renew and not any(k == b"set-cookie" and v.startswith(SESSION_COOKIE.encode() + b"=")
                             for k, v in response.raw_headers):
            sec.SessionCookies.set(response, sid)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    app.add_middleware(sec.BodyGuard, limits=limits)  # (inside the headers: its 400/413 carry them too)
    headers.install(app)  # security headers, compression, the favicon (headers.py)

    from . import api, challenge, pair, review, season, sessions, tabletop, thinking, views

    app.add_middleware(season.PeopleFirst)  # a simulating season waits while a person is answered (season.py)

    app.include_router(views.router)
    app.include_router(api.router)
    app.include_router(tabletop.router)
    app.include_router(review.router)
    app.include_router(thinking.router)
    app.state.thinking = thinking.Thinking()  # analyses to go on with ("keep thinking")
    templates.env.globals["think_max_seconds"] = thinking.MAX_SECONDS
    app.state.reviews = review.Reviews(review_seconds or review.REVIEW_SECONDS)  # "how the game turned"
    app.state.reviews.pool = app.state.live.pool = app.state.pool  # (one pool of heavy work: security.WorkPool)
    app.include_router(sessions.router)
    app.include_router(pair.router)
    app.include_router(season.router)
    app.include_router(challenge.router)  # the academy's scenarios as challenges (/challenges)
    app.state.polls = pair.Polls()  # two-person pages' polls, bounded per session and server-wide

    return app
