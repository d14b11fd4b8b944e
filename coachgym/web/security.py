"""What the web app accepts from a request, and what it keeps back (docs/security.md).

- :class:`Limits`: every bound the server puts on a request (``coachgym serve`` flags set them).
- :class:`WebCoaches`: the coaches a request may name - the listed ones with bounded parameters,
  the shipped strategies and model, and the files of the folders whoever started the server named
  (``--strategies DIR``, ``--models DIR``), by file name only. Never a path from a request, and an
  error never tells whether a path exists.
- :func:`cross_site`: state-changing requests only from the app's own origin (``Sec-Fetch-Site``,
  ``Origin``).
- :class:`BodyGuard`: body sizes bounded before and while reading; the JSON API's bodies refused
  when nested too deep.
- :class:`Sealer`: a game in progress is downloaded sealed (encrypted with a key only this server
  has), so that no save shows what the rules hide from the person (the seed, the deck order, a
  secret formation card); a finished game is downloaded as it is.
- :class:`Slots`: analyses bounded per session and on the whole server.
"""

from __future__ import annotations

import json
import math
import os
import re
import threading
import time
import zlib
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import urlsplit

import anyio

from ..core import coachspec, jsontext
from ..core.errors import CoachgymError, ConfigError, SavedGameError
from ..core.ruleset import Ruleset
from .errors import WebError

KIB = 1024
MIB = 1024 * KIB


@dataclass
class Limits:
    """Every bound the server puts on what a request may ask (docs/security.md lists them with the
    ``coachgym serve`` flag of each)."""

    max_games: int = 200  # games the server keeps (--max-games)
    games_per_session: int = 20  # games one browser keeps (--games-per-session)
    new_games_per_minute: int = 12  # new or opened games per client address: a burst of this many,
    # then this many a minute (--new-games-per-minute); 0: no limit
    search_budget: int = 256  # rollouts a decision of a search coach chosen from the web (--max-search-budget)
    request_seconds: float = 10.0  # a "continue" or "finish" stops at the person's next decision after this
    analyses: int = max(1, (os.cpu_count() or 2) - 1)  # analyses running at once on the server (--analyses)
    analyse_seconds: int = 10  # the longest analysis a request may ask (--analyse-seconds)
    analyse_wait: float = 5.0  # seconds a request waits for a free analysis before "busy"
    json_bytes: int = 3 * MIB  # a JSON API body: a new game with two team files (a saved game: save_bytes)
    form_bytes: int = 4 * MIB  # a form with its uploads (two team files)
    save_bytes: int = 16 * MIB  # a saved game (/open, /api/games/resume)
    max_depth: int = jsontext.MAX_DEPTH  # JSON nesting


# ---------------------------------------------------------------------------------------- coaches
LISTED = ("trained", "by-the-book", "random", "first-legal")  # besides a ruleset's own scripted coaches
ROLLOUT_POLICIES = ("book", "by-the-book", "trained", "random", "first-legal")
MAX_SPEC = coachspec.MAX_SPEC
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,120}")


class WebCoaches:
    """The coaches a web request may choose (see the module docstring). ``check(rs, spec)`` returns
    the spec as the seat keeps it, or raises ``ConfigError`` with a message that names no path of the
    server; ``resolve(spec)`` turns a checked spec into what ``Ruleset.coach`` builds (a file's real
    path), and is the seats' ``resolve``."""

    def __init__(self, strategies: Iterable[str | Path] = (), models: Iterable[str | Path] = (),
                 search_budget: int = Limits.search_budget):
        self.strategy_dirs = [Path(os.path.realpath(d)) for d in strategies]
        self.model_dirs = [Path(os.path.realpath(d)) for d in models]
        self.search_budget = search_budget

    # ------------------------------------------------------------------ what is offered
    def strategies(self) -> list[str]:
        """The strategy files offered: the shipped examples, then the named folders' ``*.yaml``."""
        from ..strategy.file import examples

        names = [p.name for p in examples()]
        for d in self.strategy_dirs:
            names += sorted(p.name for p in _files(d) if p.suffix in (".yaml", ".yml"))
        return list(dict.fromkeys(names))

    def models(self) -> list[str]:
        return list(dict.fromkeys(p.name for d in self.model_dirs for p in sorted(_files(d)) if p.suffix == ".npz"))

    def _strategy_path(self, name: str) -> Path | None:
        from ..strategy.file import example_path

        if not _NAME.fullmatch(name):
            return None
        for d in self.strategy_dirs:
            for candidate in (name, name + ".yaml"):
                p = _inside(d, candidate)
                if p is not None:
                    return p
        return example_path(name) or example_path(name + ".yaml")

    def _model_path(self, name: str) -> Path | None:
        if not _NAME.fullmatch(name) or not name.endswith(".npz"):
            return None
        for d in self.model_dirs:
            p = _inside(d, name)
            if p is not None:
                return p
        return None

    # ------------------------------------------------------------------ checking
    def resolve(self, spec: str) -> str:
        """A checked spec -> the spec ``Ruleset.coach`` builds (an offered file by its real path)."""
        kind, sep, arg = spec.partition(":")
        if sep and kind == "strategy":
            p = self._strategy_path(arg)
            if p is None:
                raise ConfigError(f"opponent {spec!r}: this server offers no such strategy")
            return f"strategy:{p}"
        if spec.endswith(".npz"):
            p = self._model_path(spec)
            if p is None:
                raise ConfigError(f"opponent {spec!r}: this server offers no such model")
            return str(p)
        return spec

    def offered(self, rs: Ruleset) -> Any:
        """``offered(kind, param)``: the names this server offers where a coach parameter may name a
        file (coachgym.core.coachspec): strategies and models of the named folders, rollout coaches,
        the ruleset's plans."""
        def names(kind: str, param: str) -> list[str]:
            if kind == "strategy":  # (a file name, or the name without .yaml)
                names = self.strategies()
                return names + [n.rsplit(".", 1)[0] for n in names if n.endswith(".yaml")]
            if kind == "model file":
                return self.models()
            if kind == "search" and param in ("policy", "opponent"):
                return list(ROLLOUT_POLICIES)
            if kind == "search" and param == "plans":
                from ..search.coach import offered_plans

                return offered_plans(rs.name)
            return []

        return names

    def check(self, rs: Ruleset, spec: Any, field: str = "opponent") -> str:
        """The spec of a coach chosen from the web, held to the coach grammar with the web's bounds
        (``coachspec.read(web=True)``: no parameter names a file but by an offered name) and built
        once (so that a bad one is reported where it was chosen); raises ``ConfigError`` naming the
        field and never a path of the server."""
        read = coachspec.read(rs, spec, field=field, web=True, offered=self.offered(rs),
                              caps={("search", "budget"): self.search_budget})
        spec = spec.strip()
        resolved = self.resolve(spec)
        if read.kind.name == "search" and "ms" in read.params:
            pass  # (ms=0 only: held by the grammar)
        try:
            rs.coach(resolved, seed=0)  # raises ConfigError / ModelMismatchError naming the problem
        except CoachgymError as exc:
            if resolved == spec:
                raise
            # an offered file that cannot play: said with its name, never the server's path
            path = resolved.partition(":")[2] if resolved.startswith("strategy:") else resolved
            raise ConfigError(f"{field} {spec!r} cannot play {rs.title}: "
                              + str(exc).replace(path, Path(path).name)) from None
        return spec


def _files(d: Path) -> list[Path]:
    try:
        return [p for p in d.iterdir() if _inside(d, p.name) is not None]
    except OSError:
        return []


def _inside(d: Path, name: str) -> Path | None:
    """``d/name`` when it is a regular file whose real path (symlinks followed) lies directly in
    ``d``; else None (the same answer for a missing file and one that points outside)."""
    if not _NAME.fullmatch(name):
        return None
    real = Path(os.path.realpath(d / name))
    return real if real.parent == d and real.is_file() else None


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _scalars(params: dict, field: str) -> dict:
    for k, v in params.items():
        if isinstance(v, (list, dict)) or (isinstance(v, float) and not math.isfinite(v)) \
                or (_whole(v) and abs(v) > 10**9) or (isinstance(v, str) and len(v) > 60):
            raise ConfigError(f"{field}: parameter {k!r} must be a number, true/false or a short word")
    return params


# ---------------------------------------------------------------------------------------- origins
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def own_origin(scheme: str, host: str) -> str:
    return f"{scheme}://{host}".lower()


def cross_site(method: str, headers: Any, scheme: str) -> str | None:
    """Why a state-changing request did not come from the app's own pages (None: it did, or it is not
    a browser's). Browsers say where a request comes from: ``Sec-Fetch-Site`` (Chromium, Firefox,
    Safari) must be ``same-origin``; ``Origin`` (sent with every cross-origin POST) must be this
    server's own. A request with neither header is not a browser's (a script, curl): it carries no
    visitor's cookie, so there is nobody to forge it for."""
    if method not in UNSAFE_METHODS:
        return None
    site = headers.get("sec-fetch-site")
    if site is not None and site.strip().lower() != "same-origin":
        return f"it came from another site or page (Sec-Fetch-Site: {site[:40]})"
    origin = headers.get("origin")
    if origin is not None:
        host = headers.get("host", "")
        if origin.strip().lower() == "null":
            return "it came from a page without an origin (Origin: null)"
        parts = urlsplit(origin.strip())
        if own_origin(parts.scheme, parts.netloc) != own_origin(scheme, host):
            return f"it came from another origin ({origin[:80]})"
    return None


def host_name(host: str) -> str:
    """The name of a ``Host`` header (``127.0.0.1:8000`` -> ``127.0.0.1``, ``[::1]:80`` -> ``::1``)."""
    try:
        return (urlsplit("//" + host).hostname or "").lower()
    except ValueError:
        return ""


LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def is_browser(headers: Any) -> bool:
    return "sec-fetch-site" in headers or "origin" in headers


# ---------------------------------------------------------------------------------------- bodies
class BodyTooLarge(WebError):
    status = 413
    title = "Too large"


def body_limit(limits: Limits, path: str) -> int:
    if path in ("/open", "/api/games/resume"):
        return limits.save_bytes
    if path.startswith("/api/"):
        return limits.json_bytes
    return limits.form_bytes


def too_large_message(limit: int) -> str:
    return (f"The request is larger than this server takes here ({limit // KIB} KiB); nothing was read or changed. "
            "A saved game or a team file of coachgym is far smaller.")


class BodyGuard:
    """ASGI middleware: a request body is counted while it streams (``Content-Length`` or chunked)
    and refused past its bound (``body_limit``) with 413; a JSON API body (``/api/``) is read whole
    up to its bound and refused with 400 when nested deeper than ``limits.max_depth``, before the
    app parses it. (The ``Content-Length`` of a request is checked before anything is read, by the
    app's guard middleware, which shows the page.)"""

    def __init__(self, app, limits: Limits):
        self.app = app
        self.limits = limits

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in UNSAFE_METHODS:
            return await self.app(scope, receive, send)
        limit = body_limit(self.limits, scope["path"])
        if scope["path"].startswith("/api/"):
            length = dict(scope["headers"]).get(b"content-length", b"0").strip()
            if not length.isdigit() or int(length) > limit:  # refused before anything is read
                return await _json(send, 413 if length.isdigit() else 400, too_large_message(limit) if length.isdigit()
                                   else "The request's Content-Length is not a number; nothing was read.")
            chunks, size = [], 0
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away
                size += len(message.get("body", b""))
                if size > limit:
                    return await _json(send, 413, too_large_message(limit))
                chunks.append(message.get("body", b""))
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            text = body.decode("utf-8", "replace")
            deep = jsontext.depth(text) if len(body) < 64 * KIB else await anyio.to_thread.run_sync(jsontext.depth, text)
            if body and deep > self.limits.max_depth:  # (a big body is measured off the event loop)
                return await _json(send, 400, f"The request's JSON is nested more than {self.limits.max_depth} levels "
                                              "deep; nothing was changed.")
            sent = False

            async def replay():
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            return await self.app(scope, replay, send)

        size = 0

        async def counted():
            nonlocal size
            message = await receive()
            if message["type"] == "http.request":
                size += len(message.get("body", b""))
                if size > limit:
                    raise BodyTooLarge(too_large_message(limit))
            return message

        return await self.app(scope, counted, send)


async def _json(send, status: int, message: str) -> None:
    body = json.dumps({"error": message, "status": status}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


# ---------------------------------------------------------------------------------------- sealed saves
SEALED_FORMAT = "coachgym.sealed"


class Sealer:
    """Seals the save of a game in progress with this server's key (Fernet: AES-128-CBC and
    HMAC-SHA256, ``cryptography``), kept in the store's ``web_secrets``: the file names the game
    but shows nothing of it, and only this server can open it (an altered file is refused)."""

    def __init__(self, store):
        from cryptography.fernet import Fernet

        rows = store.query("SELECT value FROM web_secrets WHERE name = 'seal'")
        if rows:
            key = rows[0]["value"]
        else:
            key = Fernet.generate_key().decode()
            with store.transaction() as cur:
                cur.execute("INSERT OR IGNORE INTO web_secrets (name, value) VALUES ('seal', ?)", (key,))
            key = store.query("SELECT value FROM web_secrets WHERE name = 'seal'")[0]["value"]
        self._fernet = Fernet(key.encode())

    def seal(self, state: str, about: dict, lineage: dict | None = None) -> str:
        """``lineage``: what the server checks when the file is opened (``LiveGames.check_sealed``):
        the game's id, its decision number, the sessions of a two-person game; sealed with the game."""
        inner = state if lineage is None else json.dumps({"sealed_seat": 2, "lineage": lineage, "seat": state})
        token = self._fernet.encrypt(zlib.compress(inner.encode("utf-8"), 6)).decode()
        return json.dumps({"format": SEALED_FORMAT, "version": 1, **about,
                           "note": "A game in progress, sealed by the coachgym server that saved it: open it there "
                                   "(Open a saved game). What the rules hide from you is inside, so it is not shown.",
                           "sealed": token})

    def open(self, data: dict, where: str) -> str:
        from cryptography.fernet import InvalidToken

        token = data.get("sealed")
        if not isinstance(token, str):
            raise SavedGameError(f"{where}: a sealed game without its field 'sealed'")
        try:
            raw = self._fernet.decrypt(token.encode())
            return zlib.decompressobj().decompress(raw, 64 * MIB).decode("utf-8")
        except (InvalidToken, zlib.error, UnicodeDecodeError, ValueError):
            raise SavedGameError(f"{where}: this game in progress was sealed by another coachgym server (or the file "
                                 "was changed); only the server that saved it can open it") from None


def read_save(data: bytes, where: str, sealer: Sealer | None, max_depth: int,
              lineage: list | None = None) -> tuple[Any, bool]:
    """A saved game's JSON data from an upload: (data, sealed). A sealed game is opened with this
    server's key; errors are ``SavedGameError`` naming ``where``. ``lineage``: a list that gets the
    sealed game's lineage (``Sealer.seal``), where it has one."""
    try:
        parsed = jsontext.loads(data, max_depth)
    except (ValueError, UnicodeDecodeError) as exc:
        raise SavedGameError(f"{where}: not a saved coachgym game (not valid JSON: {exc})") from None
    if isinstance(parsed, dict) and parsed.get("format") == SEALED_FORMAT:
        if sealer is None:
            raise SavedGameError(f"{where}: a sealed game; this server cannot open sealed games")
        inner = jsontext.loads(sealer.open(parsed, where), max_depth)
        if isinstance(inner, dict) and inner.get("sealed_seat") == 2:
            if lineage is not None:
                lineage.append(inner["lineage"])
            return jsontext.loads(inner["seat"], max_depth), True
        return inner, True  # (sealed by an earlier coachgym: no lineage)
    return parsed, False


# ---------------------------------------------------------------------------------------- analyses
class Busy(WebError):
    status = 429
    title = "Busy"


class Slots:
    """At most ``total`` analyses at once on the server and one per session; a request waits up to
    ``wait`` seconds for a free slot, then is refused with a message (``Busy``)."""

    def __init__(self, total: int, wait: float):
        self.total = max(1, total)
        self.wait = wait
        self._free = threading.Semaphore(self.total)
        self._running: set[str] = set()
        self._guard = threading.Lock()

    def run(self, session: str, fn):
        with self._guard:
            if session in self._running:
                raise Busy("An analysis of yours is still running; wait for it, then ask again.")
            self._running.add(session)
        try:
            if not self._free.acquire(timeout=self.wait):
                raise Busy(f"The server is busy with other analyses ({self.total} at a time, coachgym serve "
                           "--analyses); try again in a moment.", status=503)
            try:
                return fn()
            finally:
                self._free.release()
        finally:
            with self._guard:
                self._running.discard(session)


class RateLimit:
    """A token bucket per key (a client address): ``burst`` at once, refilled at ``per_minute``."""

    def __init__(self, per_minute: int, clock=time.monotonic):
        self.per_minute = per_minute
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._guard = threading.Lock()

    def take(self, key: str) -> float:
        """0 when allowed (one token taken), else the seconds until the next token."""
        if self.per_minute <= 0:
            return 0.0
        with self._guard:
            now = self.clock()
            tokens, then = self._buckets.get(key, (float(self.per_minute), now))
            tokens = min(float(self.per_minute), tokens + (now - then) * self.per_minute / 60.0)
            if tokens < 1.0:
                self._buckets[key] = (tokens, now)
                return (1.0 - tokens) * 60.0 / self.per_minute
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > 10_000:  # forget the full buckets of quiet addresses
                for k in [k for k, (t, w) in self._buckets.items() if t + (now - w) * self.per_minute / 60 >= self.per_minute]:
                    del self._buckets[k]
            return 0.0


# ---------------------------------------------------------------------------------------- session cookies
SESSION_COOKIE = "coachgym_session"  # read where the browser sends no __Host- cookie (an http client, curl)
HOST_COOKIE = "__Host-coachgym_session"  # host-only, Secure, Path=/: what a browser keeps (docs/security.md)
SESSION_AGE = 400 * 86400
_TOKEN_CHARS = 32  # secrets.token_urlsafe(24)
_SIG_CHARS = 22
_LEGACY = re.compile(r"^[A-Za-z0-9_-]{32,64}$")


class SessionCookies:
    """The session cookie, bound to this server: a session id is a random token followed by its
    HMAC-SHA256 under a key the server draws once and keeps in its database (``web_secrets``), so
    a value the server did not issue is not a session (a page that plants a made-up cookie in a
    fresh browser gets nothing). Browsers keep it as ``__Host-coachgym_session`` (host-only, Secure,
    HttpOnly, SameSite=Lax, Path=/: a page on another port of the same host can neither overwrite
    it from script nor shadow it with another path); the same value goes in ``coachgym_session``
    for clients that do not send Secure cookies over plain http, and is read only where the
    ``__Host-`` cookie is absent. A session id of an earlier coachgym (a bare token) is accepted
    while the server keeps games or a recovery key for it, and then issued again under both names."""

    def __init__(self, store):
        import secrets as _secrets

        rows = store.query("SELECT value FROM web_secrets WHERE name = 'session'")
        if not rows:
            with store.transaction() as cur:
                cur.execute("INSERT OR IGNORE INTO web_secrets (name, value) VALUES ('session', ?)",
                            (_secrets.token_urlsafe(32),))
            rows = store.query("SELECT value FROM web_secrets WHERE name = 'session'")
        self._key = rows[0]["value"].encode()
        self.store = store

    def _sig(self, token: str) -> str:
        import base64
        import hashlib
        import hmac

        mac = hmac.new(self._key, token.encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).decode()[:_SIG_CHARS]

    def mint(self) -> str:
        import secrets as _secrets

        token = _secrets.token_urlsafe(24)
        return token + self._sig(token)

    def valid(self, value: str) -> bool:
        import secrets as _secrets

        if len(value) == _TOKEN_CHARS + _SIG_CHARS and _LEGACY.match(value):
            token, sig = value[:_TOKEN_CHARS], value[_TOKEN_CHARS:]
            if _secrets.compare_digest(sig, self._sig(token)):
                return True
        if _LEGACY.match(value):  # an earlier coachgym's bare token: only one the server keeps something for
            return bool(self.store.query("SELECT 1 FROM web_sessions WHERE session = ? UNION ALL SELECT 1 FROM "
                                         "live_games WHERE session = ? OR friend = ? LIMIT 1", (value, value, value)))
        return False

    def read(self, cookies: dict) -> tuple[str | None, bool]:
        """(the session id the request carries, or None; whether it came in the ``__Host-`` cookie)."""
        host = cookies.get(HOST_COOKIE, "")
        if host and self.valid(host):
            return host, True
        plain = cookies.get(SESSION_COOKIE, "")
        if not host and plain and self.valid(plain):
            return plain, False
        return None, False

    @staticmethod
    def set(response, sid: str) -> None:
        response.set_cookie(SESSION_COOKIE, sid, max_age=SESSION_AGE, httponly=True, samesite="lax", path="/")
        response.set_cookie(HOST_COOKIE, sid, max_age=SESSION_AGE, httponly=True, samesite="lax", path="/", secure=True)


# ---------------------------------------------------------------------------------------- the work pool
CLIENT: ContextVar[str] = ContextVar("coachgym_client", default="")  # the request's address (app.py sets it)


class WorkPool:
    """The one bounded pool of CPU-heavy work (an opponent's search, opening a save, a replay, a
    review, an analysis): at most ``total`` pieces run at once on the server and one per session;
    a session may have ``per_session_waiting`` more waiting and the server ``waiting`` in all
    (beyond: refused at once, so waiting requests never hold the server's threads); a free place
    goes to the waiting session served least recently (a session that asks a lot waits behind
    everybody else's turn); a request waits at most ``wait`` seconds, then ``Busy`` (503) with a
    message (429 with Retry-After: the server is not broken, the client is asked to come back).
    ``run(session, fn, what)`` runs ``fn()`` in its place."""

    def __init__(self, total: int, wait: float, waiting: int = 8, per_session_waiting: int = 1,
                 share: float = 0.25, window: float = 60.0):
        self.share, self.window = share, window
        self._used: dict[str, list[tuple[float, float]]] = {}  # address -> [(ended, seconds)] within the window
        self._seen: dict[str, float] = {}  # address -> when it last asked the server anything
        self.total = max(1, total)
        self.wait = wait
        self.waiting = waiting
        self.per_session_waiting = per_session_waiting
        self._cond = threading.Condition()
        self._running: dict[str, int] = {}
        self._queue: list[tuple[str, int]] = []  # (session, ticket), arrival order
        self._served: dict[str, float] = {}  # session -> when it last got a place
        self._tickets = 0
        self.peak = 0  # most running at once (tests, tools)

    def seen(self, client: str) -> None:
        """An address asked the server something (the app's middleware, every request)."""
        now = time.monotonic()
        self._seen[client] = now
        if len(self._seen) > 10_000:
            with self._cond:
                for k in [k for k, t in self._seen.items() if t < now - self.window]:
                    self._seen.pop(k, None)

    def _over_share(self, client: str, what: str) -> None:
        """Per-address fairness in time: while other addresses use the server too, an address that has
        had ``share`` of the pool's places over the last ``window`` seconds waits until it has not
        (``Busy``, 429 with a message). Alone on the server (a loopback server: one person) it is
        never held back. (The caller holds the condition's lock.)"""
        if not client or self.share >= 1:
            return
        now = time.monotonic()
        for key in list(self._used):
            kept = [(t, d) for t, d in self._used[key] if t > now - self.window]
            if kept:
                self._used[key] = kept
            else:
                del self._used[key]
        mine = sum(d for _, d in self._used.get(client, ()))
        others = any(k != client and t > now - self.window for k, t in self._seen.items())
        if others and mine >= self.share * self.total * self.window:
            first = min(t for t, _ in self._used[client])
            raise Busy(f"Your address has had its share of the server's heavy work for now ({mine:.0f} s in the last "
                       f"{self.window:.0f} s, while other people wait for theirs); {what} was not started. Try again "
                       f"in {max(1, round(first + self.window - now))} seconds. Nothing was changed.")

    def _mine(self, session: str) -> int:
        return sum(1 for s, _ in self._queue if s == session)

    def _next(self) -> tuple[str, int] | None:
        """The waiter whose turn it is: of the sessions with nothing running, the one served least
        recently (never: first), then the earliest ticket."""
        free = [w for w in self._queue if not self._running.get(w[0])]
        if not free or sum(self._running.values()) >= self.total:
            return None
        return min(free, key=lambda w: (self._served.get(w[0], 0.0), w[1]))

    def run(self, session: str, fn, what: str = "this", kind: str = "work", queue_own: bool = True,
            wait: float | None = None):
        """``fn()`` in a place of the pool for ``session``; ``what`` and ``kind`` name the work in
        messages ("this analysis", "analyses"); ``queue_own`` False: refused while the session has
        work running, not queued behind it (an analysis)."""
        client = CLIENT.get()
        with self._cond:
            self._over_share(client, what)
            mine = self._running.get(session, 0) + self._mine(session)
            if mine and (not queue_own or self._mine(session) >= self.per_session_waiting):
                raise Busy(f"{'An analysis' if kind == 'analyses' else 'Work'} of yours is still running on the "
                           f"server; wait for it, then ask again ({what} was not started; nothing was changed).")
            if len(self._queue) >= self.waiting:
                raise Busy(f"The server is busy with other {kind}; {what} was not started. Try again in a "
                           "moment. Nothing was changed.")
            self._tickets += 1
            me = (session, self._tickets)
            self._queue.append(me)
            deadline = time.monotonic() + (self.wait if wait is None else wait)
            try:
                while self._next() != me:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise Busy(f"The server is busy with other {kind} ({self.total} at a time, coachgym serve "
                                   f"--analyses); {what} was not started. Try again in a moment. Nothing was changed.")
                    self._cond.wait(left)
            finally:
                self._queue.remove(me)
                self._cond.notify_all()
            self._running[session] = self._running.get(session, 0) + 1
            self._served[session] = time.monotonic()
            if len(self._served) > 10_000:  # forget the sessions served longest ago
                for k in sorted(self._served, key=self._served.get)[:5_000]:
                    if not self._running.get(k):
                        del self._served[k]
            self.peak = max(self.peak, sum(self._running.values()))
        started = time.monotonic()
        try:
            return fn()
        finally:
            with self._cond:
                if client:
                    now = time.monotonic()
                    self._used.setdefault(client, []).append((now, now - started))
                self._running[session] -= 1
                if not self._running[session]:
                    del self._running[session]
                self._cond.notify_all()
