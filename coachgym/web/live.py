"""Games in progress in the web app: one ``Seat`` each, kept in the SQLite store (table
``live_games``, store migration 1) so that a restarted server resumes them, with a small in-memory
cache of restored seats in front.

Sessions: every game belongs to the browser session (a random cookie) that started or uploaded it;
another session asking for it gets "not found", exactly as for a game that does not exist.

Changes go through :meth:`LiveGames.change`: one lock per game (two clicks on the same game are
applied one after the other), the seat is written back after the change, and an unexpected error
inside the engine drops the in-memory seat so the next request restores the last saved state - a
failed request changes nothing.

Bounds (docs/security.md): at most ``games_per_session`` games per browser session (a session at
its bound loses its oldest finished game to a new one, else the new one is refused with a message)
and ``new_games_per_minute`` new or opened games per client address (a burst of that many, then
that many a minute). The number of games is bounded (``max_games``). When a new game would pass the
bound, room is made by evicting, least recently played first: (1) finished games, then (2) games
nobody has touched for ``abandon_after`` seconds (7 days by default), then (3) the least recently
played game of the client address holding the most games, when that is another address holding
more games than the newcomer's (+1): a few addresses cannot keep everybody else out; the address
that holds the most is itself refused). When that frees nothing, the new game is refused with a message
saying so (``GamesFull``).

Two people, one game (a seat whose opponent is ``friend``): the row's ``friend`` is the session of
the person who coaches the other side, once that person has claimed the invite link (``invite``, an
unguessable token: one claim, then it is gone; the creator may replace or withdraw it, which shuts
out a friend who joined). Both sessions read and change the game (each for its own side: the seat's
``viewer``), both count it among their games, and the friend's "delete" leaves the game.

Recovery keys: each session that keeps a game has a private key (table ``web_sessions``); a browser
that presents it (``/sessions/restore/KEY``) takes the session's games back.
"""

from __future__ import annotations

import logging
import math
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, TypeVar

from ..core.errors import CoachgymError
from ..present.replay import Replay
from ..present.seat import Seat, StaleDecisionError
from ..store import Store
from .errors import EngineFailure, GamesFull, NotFound, WebError
from .security import RateLimit


class _Lock:
    """A lock of a :class:`LockTable` (weakly referable; ``with`` keeps it alive while held)."""

    __slots__ = ("_lock", "__weakref__")

    def __init__(self):
        self._lock = threading.Lock()

    def __enter__(self):
        self._lock.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self._lock.release()

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        return self._lock.acquire(blocking, timeout)

    def release(self) -> None:
        self._lock.release()


class _Release:
    """``with`` of a lock acquired already: releases it at the end."""

    __slots__ = ("lock",)

    def __init__(self, lock):
        self.lock = lock

    def __enter__(self):
        return self.lock

    def __exit__(self, *exc) -> None:
        self.lock.release()


def is_costly(opponent: str) -> bool:
    """Whether a coach spec searches (its decisions are CPU-heavy work: the pool's)."""
    return isinstance(opponent, str) and opponent.split(":", 1)[0] == "search"


class LockTable:
    """One lock per key (a game, a session's deck), kept only while someone holds or waits for it: a
    weak table, so that asking for a million made-up ids leaves nothing behind."""

    def __init__(self):
        self._locks: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self._guard = threading.Lock()

    def __call__(self, key) -> _Lock:
        with self._guard:
            lock = self._locks.get(key)
            if lock is None:
                lock = _Lock()
                self._locks[key] = lock
            return lock

    def __len__(self) -> int:
        return len(self._locks)


def keep_recent(cache: OrderedDict, key, value, size: int) -> None:
    """Keep ``value`` under ``key`` as the most recently used entry of ``cache``, dropping the least
    recently used beyond ``size`` (the caller holds the lock that guards ``cache``)."""
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)


log = logging.getLogger("coachgym.web")
NOT_FOUND = ("There is no game with that address in this browser. Games belong to the browser that started them "
             "(and to the friend who joined a two-person game); start a new game or upload a saved one.")
T = TypeVar("T")

DEFAULT_MAX_GAMES = 200
DEFAULT_GAMES_PER_SESSION = 20
ABANDON_AFTER = 7 * 24 * 3600.0
WATCH_PER_SESSION = 2  # replays of opened files kept in memory per session (Open -> Watch the replay)
WATCH_TOTAL = 16  # and in all
GONE_KEPT = 200_000  # games that left the server remembered for their sealed saves (about 60 bytes each)


INVITE_USED = ("This invite link is not valid: it was used already, withdrawn or replaced by the person who sent it "
               "(an invite link lets one browser join, once). Ask your friend for a new link.")


@dataclass
class Pair:
    """A two-person game as one of its two sessions sees it (``seat.pair`` while a request reads it)."""

    creator: bool  # this session started the game
    invite: str  # the unclaimed invite token ("" none; only the creator is told it)
    joined: bool  # a friend has joined


@dataclass
class GameRow:
    id: str
    ruleset: str
    title: str
    summary: str
    created: float
    updated: float
    over: bool
    number: int
    friend: bool = False  # this session coaches the other side of a two-person game (it joined by an invite)


class LiveGames:
    def __init__(self, store: Store, max_games: int = DEFAULT_MAX_GAMES, abandon_after: float = ABANDON_AFTER,
                 cache_size: int = 32, clock: Callable[[], float] = time.time, *,
                 games_per_session: int = DEFAULT_GAMES_PER_SESSION, new_games_per_minute: int = 0,
                 request_seconds: float | None = None, resolve: Callable[[str], str] | None = None):
        if max_games < 1 or games_per_session < 1:
            raise ValueError("max_games and games_per_session must be at least 1")
        self.store = store
        self.max_games = max_games
        self.games_per_session = games_per_session
        self.rate = RateLimit(new_games_per_minute)
        self.request_seconds = request_seconds
        self.resolve = resolve  # a kept coach name -> the spec to build (Seat.resolve)
        self.abandon_after = abandon_after
        self.clock = clock
        self._cache: OrderedDict[str, Seat] = OrderedDict()
        self._cache_size = cache_size
        self._replays: OrderedDict[tuple[str, int], Replay] = OrderedDict()  # (id, actions played) -> frames
        self._watched: OrderedDict[tuple[str, str], Replay] = OrderedDict()  # (session, id) -> an opened file's
        self._locks = LockTable()  # one per game, while in use
        self.pool = None  # the server's pool of heavy work (security.WorkPool; app.py sets it)
        self.lock_wait = max(5.0, 2 * (request_seconds or 5.0))  # the most a request waits for its game
        self._guard = threading.RLock()  # the lock table and the caches (shared by every game's requests)
        # games in progress that left the server (sealed saves' lineage): table web_gone, store migration 6

    # ------------------------------------------------------------------ reading
    def games(self, session: str) -> list[GameRow]:
        rows = self.store.query("SELECT id, ruleset, title, summary, created, updated, over, number, friend FROM "
                                "live_games WHERE session = ? OR friend = ? ORDER BY updated DESC", (session, session))
        return [GameRow(r["id"], r["ruleset"], r["title"], r["summary"], r["created"], r["updated"], bool(r["over"]),
                        r["number"], r["friend"] == session) for r in rows]

    def session_count(self, session: str) -> int:
        """The games this session keeps: those it started or opened, and those it joined as a friend."""
        return int(self.store.query("SELECT COUNT(*) AS n FROM live_games WHERE session = ? OR friend = ?",
                                    (session, session))[0]["n"])

    def count(self) -> int:
        return int(self.store.query("SELECT COUNT(*) AS n FROM live_games")[0]["n"])

    def read(self, session: str, gid: str, fn: Callable[[Seat], T]) -> T:
        """``fn(seat)`` under the game's lock (no change runs meanwhile), if the game is this
        session's; else ``NotFound``. ``fn`` must not change the seat."""
        with self._held(session, gid):
            with self._guard:
                cached = gid in self._cache
            if not cached and self._costly(gid):  # restoring a search game (a plan search plays its races again)
                return self.heavy(session, lambda: fn(self._load(session, gid)), "restoring this game")
            return fn(self._load(session, gid))

    # ------------------------------------------------------------------ bounded work
    def _held(self, session: str, gid: str):
        """The game's lock for a request of ``session``: ``NotFound`` first, without waiting, when
        the game is not this session's (a request for someone else's game never queues behind it);
        then a wait of at most :attr:`lock_wait` seconds (another request of the game - its
        opponent thinking - holds it), after which the request is refused with a message."""
        self._owner(session, gid)
        lock = self._lock(gid)
        if not lock.acquire(timeout=self.lock_wait):
            raise WebError("This game is busy with an earlier request of yours (its opponent may be thinking); "
                           "nothing was changed. Reload the page in a moment.", status=429, title="The game is busy")
        return _Release(lock)

    def _owner(self, session: str, gid: str) -> None:
        rows = self.store.query("SELECT session, friend FROM live_games WHERE id = ?", (gid,))
        if not rows or not (secrets.compare_digest(rows[0]["session"], session)
                            or (rows[0]["friend"] and secrets.compare_digest(rows[0]["friend"], session))):
            raise NotFound(NOT_FOUND)

    def heavy(self, session: str, fn: Callable[[], T], what: str) -> T:
        """``fn()`` in the server's pool of heavy work (``security.WorkPool``), or at once without one."""
        return fn() if self.pool is None else self.pool.run(session, fn, what)

    def _costly(self, gid: str) -> bool:
        """Whether the game's opponent searches (its decisions, and restoring a plan search, are
        CPU-heavy work): read from the seat in memory, or the head of its saved state."""
        with self._guard:
            seat = self._cache.get(gid)
        if seat is not None:
            return is_costly(seat.opponent)
        rows = self.store.query("SELECT substr(state, 1, 400) AS head FROM live_games WHERE id = ?", (gid,))
        return bool(rows) and '"opponent":"search' in rows[0]["head"]

    def replay(self, session: str, gid: str) -> Replay:
        """The game so far, event by event (``coachgym.present.replay``); kept for the next step
        through it until the game moves on."""
        with self._held(session, gid):
            seat = self._load(session, gid)
            key = (gid, len(seat.history))
            with self._guard:
                rep = self._replays.get(key)
                if rep is not None:
                    self._replays.move_to_end(key)
                    return rep
            rep = self.heavy(session, lambda: Replay.from_seat(seat), "this replay")  # (other games go on meanwhile)
            with self._guard:
                self._replays[key] = rep
                while len(self._replays) > 8:
                    self._replays.popitem(last=False)
            return rep

    def watch(self, session: str, seat: Seat) -> str:
        """An opened saved game to watch, not to coach (Open -> "Watch the replay"): its replay is
        kept in memory only, under a new id of this session - not a game of "Your games", not one
        of ``max_games``. At most :data:`WATCH_PER_SESSION` per session and :data:`WATCH_TOTAL` in
        all, the least recently watched dropped first (open the file again to watch it again)."""
        rep = Replay.from_seat(seat)
        rep.seed_hidden = seat.seed_hidden and not seat.over  # a sealed game's seed stays secret (views.replay)
        rid = secrets.token_urlsafe(9)
        with self._guard:
            mine = [key for key in self._watched if key[0] == session]
            for key in mine[:max(0, len(mine) - WATCH_PER_SESSION + 1)]:
                del self._watched[key]
            keep_recent(self._watched, (session, rid), rep, WATCH_TOTAL)
        return rid

    def watched(self, session: str, rid: str) -> Replay | None:
        """The replay :meth:`watch` keeps under ``rid`` for this session, or None."""
        with self._guard:
            rep = self._watched.get((session, rid))
            if rep is not None:
                self._watched.move_to_end((session, rid))
            return rep

    # ------------------------------------------------------------------ writing
    def admit(self, session: str, client: str = "") -> None:
        """Refuse a new game before any work is done for it when ``client`` made too many lately
        (``new_games_per_minute``) or the session holds its bound of games, none of them finished."""
        wait = self.rate.take(client)
        if wait:
            raise WebError(f"Too many new games from your address in the last minute; try again in {math.ceil(wait)} "
                           "seconds.", status=429, title="Too many new games")
        if self.session_count(session) >= self.games_per_session and not self._finished_of(session):
            raise GamesFull(f"You have {self.games_per_session} games on this server, the most one browser may keep "
                            "(coachgym serve --games-per-session). Finish or delete one of them on Your games first.",
                            status=429, title="Too many games")

    # ------------------------------------------------------------------ sealed saves
    def lineage(self, gid: str, seat: Seat) -> dict:
        """What a sealed save of this game carries for :meth:`check_sealed`: its id, its decision
        number, and the two sessions of a two-person game."""
        rows = self.store.query("SELECT session, friend FROM live_games WHERE id = ?", (gid,))
        pair = [rows[0]["session"], rows[0]["friend"]] if rows and seat.two else None
        return {"game": gid, "number": seat.number, "pair": pair}

    def check_sealed(self, lineage: dict, session: str) -> None:
        """Refuse to open a sealed save of a game in progress unless the game has left this server
        (deleted or evicted) at the very decision the save holds, and no copy was opened from it
        yet; a two-person game's only by one of its two sessions. So no copy ever plays alongside
        the game, nor replays a future its holder has already seen (docs/security.md, "Saves")."""
        gid, number, pair = lineage.get("game"), lineage.get("number"), lineage.get("pair")
        if pair and session not in pair:
            raise WebError("This is the save of a two-person game; only the two people who coach it can open it "
                           "(each for their own side). Nothing was changed.", status=403, title="Not your game")
        if self.store.query("SELECT 1 FROM live_games WHERE id = ?", (gid,)):
            raise WebError("This game is still in progress on this server: continue it from Your games (another "
                           "browser: its recovery link). A save of a game in progress opens only once the game has "
                           "left the server, so that no copy can show what is still to come of it. Nothing was "
                           "changed.", status=409, title="The game is still here")
        gone = self.store.query("SELECT number, over, opened FROM web_gone WHERE id = ?", (gid,))
        if not gone or gone[0]["opened"] or gone[0]["over"] or gone[0]["number"] != number:
            raise WebError("This save cannot be opened again: its game went on past it, or a copy of it was opened "
                           "already (a save of a game in progress opens once, at the point its game last reached). "
                           "Nothing was changed.", status=409, title="Save used")

    def add(self, session: str, seat: Seat, client: str = "", lineage: dict | None = None) -> str:
        """Keep a new seat (a new game or an uploaded save) for this session; returns its id.
        ``lineage``: a sealed save's (:meth:`check_sealed`, checked again and used up here, in the
        same transaction); a two-person game's copy goes back to both its sessions."""
        with self._guard:
            if self.session_count(session) >= self.games_per_session:
                finished = self._finished_of(session)
                if not finished:
                    raise GamesFull(f"You have {self.games_per_session} games on this server, the most one browser may "
                                    "keep (coachgym serve --games-per-session). Finish or delete one of them first.",
                                    status=429, title="Too many games")
                self._evict([finished[0]])
            self._make_room(client)
            gid = secrets.token_urlsafe(9)
            now = self.clock()
            title, summary = _describe(seat)
            invite = secrets.token_urlsafe(24) if seat.two and not seat.over else ""
            owner, friend = session, ""
            if lineage is not None and lineage.get("pair"):
                owner, friend = lineage["pair"][0], lineage["pair"][1] or ""
                invite = "" if friend else invite
            with self.store.transaction() as cur:
                if lineage is not None:
                    cur.execute("UPDATE web_gone SET opened = 1 WHERE id = ? AND opened = 0 AND number = ? AND over = 0",
                                (lineage.get("game"), lineage.get("number")))
                    if cur.rowcount != 1:
                        raise WebError("This save was opened already (a save of a game in progress opens once). "
                                       "Nothing was changed.", status=409, title="Save used")
                cur.execute("INSERT INTO live_games (id, session, ruleset, title, summary, created, updated, over, number, "
                            "state, client, secret, invite, friend) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (gid, owner, seat.game.ruleset, title, summary, now, now, int(seat.over), seat.number,
                             seat.to_json(), client, int(seat.seed_hidden), invite, friend))
                if not cur.execute("SELECT 1 FROM web_sessions WHERE session = ?", (session,)).fetchone():
                    cur.execute("INSERT INTO web_sessions (session, recovery, created) VALUES (?, ?, ?)",
                                (session, secrets.token_urlsafe(24), now))
            self._remember(gid, seat)
        return gid

    # ------------------------------------------------------------------ recovery keys
    def recovery_key(self, session: str) -> str | None:
        """The session's private recovery key (made with its first game); None before that."""
        rows = self.store.query("SELECT recovery FROM web_sessions WHERE session = ?", (session,))
        return rows[0]["recovery"] if rows else None

    def session_of_key(self, key: str) -> str | None:
        rows = self.store.query("SELECT session, recovery FROM web_sessions WHERE recovery = ?", (key,))
        if rows and secrets.compare_digest(rows[0]["recovery"], key):
            return rows[0]["session"]
        return None

    def restore(self, key: str, session: str) -> str | None:
        """The session of recovery ``key`` (None: no such key), with the games of ``session`` (the
        browser's own, if any) moved into it, so that nothing is stranded."""
        owner = self.session_of_key(key)
        if owner is None or owner == session:
            return owner
        with self._guard, self.store.transaction() as cur:
            cur.execute("UPDATE live_games SET session = ? WHERE session = ?", (owner, session))
            cur.execute("UPDATE live_games SET friend = ? WHERE friend = ?", (owner, session))
            cur.execute("DELETE FROM web_sessions WHERE session = ?", (session,))
            # the browser's tries of challenges come along (challenge.py: owned by a hash of the session)
            cur.execute("UPDATE web_challenges SET owner = ? WHERE owner = ?", (hashed_session(owner), hashed_session(session)))
        return owner

    def new_key(self, session: str) -> str | None:
        """A new recovery key for the session (the old one stops working); None without games."""
        key = secrets.token_urlsafe(24)
        with self.store.transaction() as cur:
            cur.execute("UPDATE web_sessions SET recovery = ? WHERE session = ?", (key, session))
            changed = cur.rowcount
        return key if changed else None

    def change(self, session: str, gid: str, fn: Callable[[Seat], T]) -> tuple[Seat, T]:
        """Apply ``fn`` to the game's seat under its lock and save the result. A ``CoachgymError``
        (an illegal or stale choice ...) passes through - the seat promises to change nothing then;
        any other error is a bug: the seat is dropped from memory (the saved state stays) and
        ``EngineFailure`` raised."""
        with self._held(session, gid):
            if self._costly(gid):  # a searching opponent: the change runs in the pool of heavy work
                return self.heavy(session, lambda: self._apply_change(session, gid, fn), "this move")
            return self._apply_change(session, gid, fn)

    def _apply_change(self, session: str, gid: str, fn: Callable[[Seat], T]) -> tuple[Seat, T]:
        if True:  # (under the game's lock: change)
            seat = self._load(session, gid)
            before = seat.number
            seat.deadline = None if self.request_seconds is None else time.monotonic() + self.request_seconds
            try:
                result = fn(seat)
            except CoachgymError:
                if seat.number != before:  # defensive: never keep a half-applied change
                    self._forget(gid)
                raise
            except Exception as exc:
                self._forget(gid)
                log.exception("game %s: unexpected error in the engine", gid)
                raise EngineFailure("Something went wrong inside the game engine (a bug), so that request was "
                                    "not applied; the game is as it was before it.") from exc
            finally:
                seat.deadline = None
            self._save(gid, seat)
            return seat, result

    def delete(self, session: str, gid: str) -> None:
        """Delete the game (its creator), or leave it (the friend of a two-person game: the game
        stays, its creator may invite someone else)."""
        with self._held(session, gid):
            seat = self._load(session, gid)
            if seat.pair is not None and not seat.pair.creator:
                with self.store.transaction() as cur:
                    cur.execute("UPDATE live_games SET friend = '' WHERE id = ? AND friend = ?", (gid, session))
                return
            with self.store.transaction() as cur:
                self._gone(cur, [gid])
                cur.execute("DELETE FROM live_games WHERE id = ? AND session = ?", (gid, session))
            self._forget(gid)

    # ------------------------------------------------------------------ two people, one game
    def invite(self, session: str, gid: str, withdraw: bool = False) -> str:
        """A new invite link token for a two-person game of this session's (the old link stops
        working and a friend who joined is shut out); ``withdraw``: no link at all. Returns the
        token ("" withdrawn)."""
        with self._held(session, gid):
            seat = self._load(session, gid)
            if seat.pair is None or not seat.pair.creator:
                raise WebError("Only the person who started a two-person game can invite to it.", status=403,
                               title="Not your game to invite to")
            if seat.over:
                raise WebError("The game is over: there is nothing left to invite anyone to.", status=409,
                               title="The game is over")
            token = "" if withdraw else secrets.token_urlsafe(24)
            with self.store.transaction() as cur:
                cur.execute("UPDATE live_games SET invite = ?, friend = '' WHERE id = ?", (token, gid))
            return token

    def invitation(self, token: str) -> dict | None:
        """What an invite link offers (the game's id, title, summary, creator's session), or None
        where no game has that unclaimed token."""
        if not token:
            return None
        rows = self.store.query("SELECT id, session, title, summary, invite, state FROM live_games WHERE invite = ? "
                                "AND over = 0", (token,))
        if not rows or not secrets.compare_digest(rows[0]["invite"], token):
            return None
        return dict(rows[0])

    def claim(self, session: str, token: str, client: str = "") -> str:
        """The browser ``session`` joins the two-person game of invite ``token`` (its friend from
        now on; the token is used up); returns the game's id. Counted against that session's and
        that address's quotas as a new game is (``admit``)."""
        found = self.invitation(token)
        if found is None:
            raise NotFound(INVITE_USED, title="Invite link not valid")
        if secrets.compare_digest(found["session"], session):
            raise WebError("This is your own invite link: send it to the friend who is to coach the other team.",
                           status=409, title="Your own invite link")
        self.admit(session, client)
        with self._lock(found["id"]), self._guard, self.store.transaction() as cur:
            cur.execute("UPDATE live_games SET friend = ?, invite = '', updated = ? WHERE id = ? AND invite = ? "
                        "AND friend = ''", (session, self.clock(), found["id"], token))
            if cur.rowcount != 1:  # claimed (or replaced) meanwhile
                raise NotFound(INVITE_USED, title="Invite link not valid")
        return found["id"]

    def turn(self, session: str, gid: str) -> tuple[int, bool]:
        """(decision number, over) of a game of this session's, from its row (no replay, no lock):
        what a waiting page polls."""
        rows = self.store.query("SELECT session, friend, number, over FROM live_games WHERE id = ?", (gid,))
        if not rows or not (secrets.compare_digest(rows[0]["session"], session)
                            or (rows[0]["friend"] and secrets.compare_digest(rows[0]["friend"], session))):
            raise NotFound(NOT_FOUND)
        return int(rows[0]["number"]), bool(rows[0]["over"])

    # ------------------------------------------------------------------ internals
    def _lock(self, gid: str) -> _Lock:
        return self._locks(gid)

    def _load(self, session: str, gid: str) -> Seat:
        """The game's seat if this session started it or joined it (``seat.viewer``: the session's
        side; ``seat.pair``: a two-person game as this session sees it, else None); else NotFound."""
        rows = self.store.query("SELECT session, state, secret, friend, invite FROM live_games WHERE id = ?", (gid,))
        creator = bool(rows) and secrets.compare_digest(rows[0]["session"], session)
        friend = bool(rows) and bool(rows[0]["friend"]) and secrets.compare_digest(rows[0]["friend"], session)
        if not (creator or friend):
            raise NotFound(NOT_FOUND)
        with self._guard:
            seat = self._cache.get(gid)
            if seat is not None:
                self._cache.move_to_end(gid)
        if seat is None:
            try:
                seat = Seat.from_json(rows[0]["state"], resolve=self.resolve, trusted=True)  # (written by this server)
                seat.seed_hidden = bool(rows[0]["secret"])
            except CoachgymError as exc:
                raise EngineFailure(f"This game could not be restored from the database: {exc}") from exc
            except Exception as exc:  # a bug in replaying it: logged, the saved state stays as it is
                log.exception("game %s: restoring it failed", gid)
                raise EngineFailure("This game could not be restored from the database (a bug inside coachgym); "
                                    "its saved state is kept unchanged.") from exc
            self._remember(gid, seat)
        seat.viewer = seat.side if creator else 1 - seat.side
        seat.pair = Pair(creator, rows[0]["invite"] if creator else "", bool(rows[0]["friend"])) if seat.two else None
        return seat

    def _remember(self, gid: str, seat: Seat) -> None:
        with self._guard:
            keep_recent(self._cache, gid, seat, self._cache_size)

    def _forget(self, gid: str) -> None:
        with self._guard:
            self._cache.pop(gid, None)
            for key in [k for k in self._replays if k[0] == gid]:
                del self._replays[key]

    def _save(self, gid: str, seat: Seat) -> None:
        title, summary = _describe(seat)
        with self.store.transaction() as cur:
            cur.execute("UPDATE live_games SET summary = ?, updated = ?, over = ?, number = ?, state = ? WHERE id = ?",
                        (summary, self.clock(), int(seat.over), seat.number, seat.to_json(), gid))

    def _make_room(self, client: str = "") -> None:
        excess = self.count() - self.max_games + 1
        if excess <= 0:
            return
        cutoff = self.clock() - self.abandon_after
        victims = self.store.query(
            "SELECT id FROM live_games WHERE over = 1 OR updated < ? ORDER BY over DESC, updated ASC LIMIT ?",
            (cutoff, excess))
        ids = [row["id"] for row in victims]
        if len(ids) < excess:
            # (3) the address holding the most games gives up its least recently played ones, when it
            # is another's and holds more than the newcomer's address does (its fair share is passed):
            # a few addresses cannot hold the server between them and lock everybody else out
            mine = int(self.store.query("SELECT COUNT(*) AS n FROM live_games WHERE client = ?", (client,))[0]["n"])
            hog = self.store.query("SELECT client, COUNT(*) AS n FROM live_games GROUP BY client ORDER BY n DESC, "
                                   "MIN(updated) ASC LIMIT 1")
            if hog and hog[0]["client"] != client and hog[0]["n"] > mine + 1:
                more = self.store.query("SELECT id FROM live_games WHERE client = ? ORDER BY updated ASC LIMIT ?",
                                        (hog[0]["client"], excess - len(ids)))
                ids += [r["id"] for r in more if r["id"] not in ids]
        if len(ids) < excess:
            raise GamesFull(f"This server already holds {self.count()} games, its limit (coachgym serve --max-games "
                            f"{self.max_games}), and none of them is finished or abandoned. Finish or delete one of "
                            "your games, or ask whoever runs the server to raise --max-games.")
        self._evict(ids[:excess])

    def _gone(self, cur, ids: list[str]) -> None:
        """Remember where the games ``ids`` stood when they left (sealed saves' lineage; a game whose
        seed the server keeps secret only); at most :data:`GONE_KEPT` rows, the oldest dropped."""
        now = self.clock()
        for gid in ids:
            cur.execute("INSERT OR REPLACE INTO web_gone (id, number, over, opened, gone) SELECT id, number, over, 0, ? "
                        "FROM live_games WHERE id = ? AND secret = 1", (now, gid))
        cur.execute("DELETE FROM web_gone WHERE id IN (SELECT id FROM web_gone ORDER BY gone DESC LIMIT -1 OFFSET ?)",
                    (GONE_KEPT,))

    def _finished_of(self, session: str) -> list[str]:
        return [r["id"] for r in self.store.query("SELECT id FROM live_games WHERE session = ? AND over = 1 "
                                                  "ORDER BY updated ASC", (session,))]

    def _evict(self, ids: list[str]) -> None:
        with self.store.transaction() as cur:
            self._gone(cur, ids)
            for gid in ids:
                cur.execute("DELETE FROM live_games WHERE id = ?", (gid,))
        for gid in ids:
            self._forget(gid)
            log.info("evicted game %s to make room", gid)


def hashed_session(session: str) -> str:
    """A session as the tables that must not hold it in the clear name it (web_seasons, web_challenges)."""
    import hashlib

    return hashlib.sha256(session.encode()).hexdigest()[:16]


def viewer(seat: Seat) -> int:
    """The side of the person a request reads the game for (a two-person game's friend: the other side)."""
    return seat.side if seat.viewer is None else seat.viewer


def expect_number(seat: Seat, number: int | None) -> None:
    """A request made for decision ``number`` (the page it came from) must find that decision still
    pending; ``seat.choose`` checks it itself, this serves "continue"."""
    if number is not None and number != seat.number:
        raise StaleDecisionError(f"that request was made for decision {number}, but the game has moved on to decision "
                                 f"{seat.number}; here it is as it stands")


def _describe(seat: Seat) -> tuple[str, str]:
    sit = seat.situation()
    home, away = sit.teams
    summary = f"{home.name} {home.score} - {away.score} {away.name}"
    summary += f", {sit.result}" if sit.over and sit.result else (f", {sit.clock}" if sit.clock else "")
    title = sit.title
    if seat.start is not None:  # a challenge of the academy: "Your games" names it (challenge.py)
        from .challenge import banner

        about = banner(seat)
        if about:
            title = f"Challenge: {about['title']} ({sit.title})"
            if seat.over:
                summary = f"{home.name} {home.score} - {away.score} {away.name}, challenge over"
    return title, summary
