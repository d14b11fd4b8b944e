"""The one SQLite file where results that outlive a process live: games in progress in the web app,
seasons and tournaments, every game of a series, ratings.

Standard library ``sqlite3`` only, one file (default: ``coachgym.sqlite3`` in the user's data
directory; every command that uses it takes ``--db``), a versioned schema: ``PRAGMA user_version``
holds the number of the last migration applied, and opening a file applies the missing ones in
order, inside one transaction each. A file written by a newer coachgym (a higher version than this
one knows) is refused with a clear error instead of being damaged.

Adding a table or a column: append a migration to ``MIGRATIONS`` (never edit one that has shipped).
"""

from __future__ import annotations

import contextvars
import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .core.errors import CoachgymError


class StoreError(CoachgymError):
    """The database file cannot be used (newer schema, not a coachgym database, unreadable)."""


# version -> (what it adds, SQL). Applied in ascending order; each runs once per file.
MIGRATIONS: dict[int, tuple[str, str]] = {
    1: ("live_games: games in progress in the web app (coachgym serve), one seat each", """
        CREATE TABLE live_games (
            id       TEXT PRIMARY KEY,      -- random, in the game's URL
            session  TEXT NOT NULL,         -- the browser session (cookie) that owns it
            ruleset  TEXT NOT NULL,
            title    TEXT NOT NULL,         -- "Statis Pro Basketball - Knicks vs Bulls"
            summary  TEXT NOT NULL DEFAULT '',  -- score and clock at the last change
            created  REAL NOT NULL,         -- Unix time
            updated  REAL NOT NULL,
            over     INTEGER NOT NULL DEFAULT 0,
            number   INTEGER NOT NULL DEFAULT 0,  -- decisions put to the person so far (Seat.number)
            state    TEXT NOT NULL          -- Seat.to_json(): the exact game, restorable
        );
        CREATE INDEX live_games_session ON live_games (session, updated);
        CREATE INDEX live_games_updated ON live_games (over, updated)
    """),
    2: ("seasons, tournaments and their games (replayable), ratings runs (coachgym.series)", """
        CREATE TABLE team_files (
            sha      TEXT PRIMARY KEY,      -- sha256 of the canonical JSON: one row per distinct team data
            ruleset  TEXT NOT NULL,
            data     TEXT NOT NULL          -- the team file's JSON as a game was played with it
        );
        CREATE TABLE competitions (
            id             INTEGER PRIMARY KEY,
            name           TEXT NOT NULL UNIQUE,
            kind           TEXT NOT NULL,   -- season | tournament
            ruleset        TEXT NOT NULL,
            engine_version INTEGER NOT NULL,
            format         TEXT NOT NULL,   -- JSON: schedule (round robin legs or games per team, knockout court)
            options        TEXT NOT NULL,   -- JSON: rule options of every game
            seed           INTEGER NOT NULL,
            created        REAL NOT NULL,
            finished       REAL             -- NULL while games remain
        );
        CREATE TABLE competition_teams (
            competition INTEGER NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
            key         TEXT NOT NULL,      -- the team's key in the schedule
            position    INTEGER NOT NULL,   -- order given (a knockout's seeding)
            name        TEXT NOT NULL,
            coach       TEXT NOT NULL,      -- coach spec
            team        TEXT NOT NULL REFERENCES team_files(sha),
            PRIMARY KEY (competition, key)
        );
        CREATE TABLE competition_games (
            id             INTEGER PRIMARY KEY,
            competition    INTEGER NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
            round          INTEGER NOT NULL,
            slot           INTEGER NOT NULL,
            label          TEXT NOT NULL,
            neutral        INTEGER NOT NULL,
            ruleset        TEXT NOT NULL,
            engine_version INTEGER NOT NULL,
            options        TEXT NOT NULL,   -- JSON: the rule options this game was played with
            home_key       TEXT NOT NULL,
            away_key       TEXT NOT NULL,
            home_team      TEXT NOT NULL REFERENCES team_files(sha),
            away_team      TEXT NOT NULL REFERENCES team_files(sha),
            home_coach     TEXT NOT NULL,
            away_coach     TEXT NOT NULL,
            seed           INTEGER NOT NULL,
            home_score     INTEGER NOT NULL,
            away_score     INTEGER NOT NULL,
            box            TEXT NOT NULL,   -- JSON box score
            carry          TEXT NOT NULL,   -- JSON [home, away]: what the game passes on (injuries, skills)
            played         REAL NOT NULL,
            UNIQUE (competition, round, slot)
        );
        CREATE TABLE rating_runs (
            id             INTEGER PRIMARY KEY,
            name           TEXT NOT NULL,
            ruleset        TEXT NOT NULL,
            engine_version INTEGER NOT NULL,
            options        TEXT NOT NULL,   -- JSON rule options
            settings       TEXT NOT NULL,   -- JSON: coaches, games per pairing, teams, seed
            fit            TEXT NOT NULL,   -- JSON: Bradley-Terry ratings, intervals, home term
            created        REAL NOT NULL
        );
        CREATE TABLE rating_games (
            run         INTEGER NOT NULL REFERENCES rating_runs(id) ON DELETE CASCADE,
            home_coach  TEXT NOT NULL,
            away_coach  TEXT NOT NULL,
            home_team   TEXT NOT NULL,
            away_team   TEXT NOT NULL,
            seed        INTEGER NOT NULL,   -- the game's seed
            coach_seed  INTEGER NOT NULL,   -- the seed play_game gave the coaches
            home_score  INTEGER NOT NULL,
            away_score  INTEGER NOT NULL
        );
        CREATE INDEX rating_games_run ON rating_games (run)
    """),
    3: ("fac_decks: the web app's FAC Extractor (coachgym serve, /fac), one deck per browser session", """
        CREATE TABLE fac_decks (
            session  TEXT PRIMARY KEY,      -- the browser session (cookie) whose deck it is
            version  INTEGER NOT NULL,      -- changes applied so far (a stale click is refused)
            state    TEXT NOT NULL,         -- JSON: FacExtractor.to_dict(), the drawn history, undo states
            updated  REAL NOT NULL          -- Unix time
        );
        CREATE INDEX fac_decks_updated ON fac_decks (updated)
    """),
    4: ("web app security (docs/security.md): who made each game, hidden seeds, recovery keys, the server's secrets", """
        ALTER TABLE live_games ADD COLUMN client TEXT NOT NULL DEFAULT '';  -- the address that made it (quotas)
        ALTER TABLE live_games ADD COLUMN secret INTEGER NOT NULL DEFAULT 0;  -- 1: the server drew the seed, which (and
                                            -- the exact state) stays hidden from the person until the game ends
        CREATE INDEX live_games_client ON live_games (client);
        CREATE TABLE web_sessions (
            session  TEXT PRIMARY KEY,      -- the browser session (cookie)
            recovery TEXT NOT NULL UNIQUE,  -- its private recovery key (/sessions/restore/KEY)
            created  REAL NOT NULL          -- Unix time
        );
        CREATE TABLE web_secrets (
            name     TEXT PRIMARY KEY,      -- "seal": the key that seals saves of games in progress
            value    TEXT NOT NULL
        )
    """),
    5: ("two people, one game (docs/coach-seat.md): the second person's session and the invite link", """
        ALTER TABLE live_games ADD COLUMN friend TEXT NOT NULL DEFAULT '';  -- the session that coaches the other
                                            -- side of a two-person game ('' none: no friend has joined)
        ALTER TABLE live_games ADD COLUMN invite TEXT NOT NULL DEFAULT '';  -- its unclaimed invite token ('' none)
        CREATE INDEX live_games_friend ON live_games (friend);
        CREATE INDEX live_games_invite ON live_games (invite)
    """),
    6: ("sealed saves' lineage and seasons in the browser (docs/security.md, docs/coach-seat.md)", """
        CREATE TABLE IF NOT EXISTS web_gone (   -- a game in progress that left the server: where it stood
            id      TEXT PRIMARY KEY,           -- its live_games id
            number  INTEGER NOT NULL,           -- the decision it last reached (a sealed save opens only there)
            over    INTEGER NOT NULL,
            opened  INTEGER NOT NULL DEFAULT 0, -- 1: its save has been opened (once only)
            gone    REAL NOT NULL               -- Unix time it left
        );
        CREATE TABLE IF NOT EXISTS web_seasons (
            name     TEXT PRIMARY KEY,  -- the competition's name (competitions.name)
            owner    TEXT NOT NULL,     -- sha256 of the owning session, first 16 hex digits
            team     TEXT NOT NULL,     -- your team's key in the competition
            pending  TEXT,              -- JSON {"gid", "round", "slot"} (or "playoff": series): the game being coached
            created  REAL NOT NULL,
            playoffs TEXT               -- JSON: the playoff bracket (web/playoffs.py), once the regular season is over
        )
    """),
    7: ("the academy's challenges in the browser: each try and its result (docs/coach-seat.md)", """
        CREATE TABLE IF NOT EXISTS web_challenges (
            gid       TEXT PRIMARY KEY,  -- the try's game (live_games.id): the row outlives the game
            owner     TEXT NOT NULL,     -- sha256 of the owning session, first 16 hex digits
            scenario  TEXT NOT NULL,     -- the academy scenario's id
            opponent  TEXT NOT NULL,     -- the opponent tier
            position  INTEGER NOT NULL,  -- the start position's index in the scenario's shipped pool
            created   REAL NOT NULL,
            finished  REAL,              -- NULL while the try is in play
            score     REAL,              -- the scenario's score: 1, 0.5, 0 (win) or the margin change
            result    TEXT,              -- JSON: the final score, and the book's and trained coach's play-outs
            seed      INTEGER            -- the draw of the future (told once the try is over)
        );
        CREATE INDEX IF NOT EXISTS web_challenges_owner ON web_challenges (owner, created)
    """),
}


def default_path() -> Path:
    """``$COACHGYM_DB`` if set, else ``coachgym.sqlite3`` in the user's data directory."""
    env = os.environ.get("COACHGYM_DB")
    if env:
        return Path(env)
    try:
        from platformdirs import user_data_dir

        base = Path(user_data_dir("coachgym", appauthor=False))
    except ImportError:  # platformdirs comes with the web extra; fall back to the XDG default
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "coachgym"
    return base / "coachgym.sqlite3"


# Where a caller's writes spend their time (the web app's ``Server-Timing``, tools/web_timing.py): set
# it to a fresh ``[0.0, 0.0, 0.0]`` and every transaction in this context (its threads included: a
# context's copies share the list) adds the seconds it waited for SQLite's write lock, the seconds it
# held it (its statements and the commit, a WAL checkpoint included where the commit ran one), and 1.
WRITES: contextvars.ContextVar[list[float] | None] = contextvars.ContextVar("coachgym_store_writes", default=None)

# Waiting for the write lock another connection holds (a season's process storing its games): SQLite's
# own busy handler sleeps 1, 2, 5, 10, 15, 20, 25 ... ms between tries, so a lock held for 4 ms costs
# the waiting request 8 ms, and one held 20 ms costs 33. Instead, ``BEGIN IMMEDIATE`` is tried with no
# busy timeout every LOCK_POLL seconds, up to the connection's usual 5 s (then SQLite's "database is
# locked", as before).
LOCK_POLL = 0.0005
LOCK_WAIT = 5.0  # (sqlite3.connect's default timeout)


class Checkpointer:
    """Copies the WAL back into the database file from a thread of its own, so that no write of
    ``store``'s connection pays for it: SQLite's default runs a checkpoint inside the commit that
    grows the WAL past 1,000 pages, and with ``synchronous = NORMAL`` that commit then waits for the
    disk (a web request saving its game; docs/coach-seat.md, "Nice 19 by default, the write lock, the
    checkpoints and the reviews"). Turns off ``store``'s automatic checkpoints and, every ``every`` seconds, runs a
    PASSIVE checkpoint (it takes no write lock: writers go on meanwhile; with nothing new it returns
    at once) on a connection of its own. ``runs``: the checkpoints that copied something new.
    :meth:`close` stops it (and checkpoints once more)."""

    def __init__(self, store: Store, every: float = 1.0):
        self.every = every
        self.path = Path(os.path.abspath(store.path))  # (now: the thread opens it later, whatever the cwd is then)
        with store.lock:
            store.conn.execute("PRAGMA wal_autocheckpoint = 0")
        self._stop = threading.Event()
        self.runs = 0  # checkpoints run
        self._thread = threading.Thread(target=self._loop, name="coachgym-checkpoint", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        try:
            conn = sqlite3.connect(str(self.path), isolation_level=None, timeout=LOCK_WAIT)
        except sqlite3.Error:
            return
        last = (-1, -1)
        try:
            conn.execute("PRAGMA wal_autocheckpoint = 0")
            while not self._stop.wait(self.every):
                # (with nothing new in the WAL a PASSIVE checkpoint reads its index and returns: microseconds)
                _, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                if copied > 0 and (frames, copied) != last:
                    self.runs += 1  # (one that copied something new)
                last = (frames, copied)
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        except sqlite3.Error:  # (the file went away under it)
            pass
        finally:
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


class Store:
    """A connection to the coachgym database, schema brought up to date on open.

    One connection per ``Store``; ``check_same_thread=False`` with a lock, so a web server's worker
    threads may share it. Use ``with store.transaction() as cur:`` for anything that writes.
    """

    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path is not None else default_path()
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=LOCK_WAIT)
            self._busy_ms = int(LOCK_WAIT * 1000)  # (every statement's wait for a lock but BEGIN's: _begin)
            self.conn.row_factory = sqlite3.Row
            self.conn.execute("PRAGMA foreign_keys = ON")
            if str(self.path) != ":memory:":
                self.conn.execute("PRAGMA journal_mode = WAL")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: not a usable SQLite database ({exc})") from exc
        self.lock = threading.RLock()
        self._migrate()

    @property
    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        known = max(MIGRATIONS, default=0)
        have = self.version
        if have > known:
            raise StoreError(f"{self.path}: schema version {have} was written by a newer coachgym "
                             f"(this one knows up to {known}); upgrade coachgym or use another --db")
        for v in sorted(k for k in MIGRATIONS if k > have):
            _, sql = MIGRATIONS[v]
            with self.transaction() as cur:
                _run_script(cur, sql)
                cur.execute(f"PRAGMA user_version = {int(v)}")

    def _begin(self, cur: sqlite3.Cursor) -> None:
        """``BEGIN IMMEDIATE``, tried every :data:`LOCK_POLL` s while another connection writes (with no
        busy timeout meanwhile: SQLite's own backoff is what this replaces), for :data:`LOCK_WAIT` s."""
        self.conn.execute("PRAGMA busy_timeout = 0")
        try:
            give_up = time.monotonic() + LOCK_WAIT
            while True:
                try:
                    cur.execute("BEGIN IMMEDIATE")
                    return
                except sqlite3.OperationalError as exc:
                    if "locked" not in str(exc) or time.monotonic() >= give_up:
                        raise
                time.sleep(LOCK_POLL)
        finally:
            self.conn.execute(f"PRAGMA busy_timeout = {self._busy_ms}")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Cursor]:
        with self.lock:
            cur = self.conn.cursor()
            t0 = time.perf_counter()
            self._begin(cur)
            t1 = time.perf_counter()
            try:
                yield cur
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            else:
                cur.execute("COMMIT")
            finally:
                cur.close()
                acc = WRITES.get()
                if acc is not None:
                    acc[0] += t1 - t0
                    acc[1] += time.perf_counter() - t1
                    acc[2] += 1

    def query(self, sql: str, params: tuple | dict = ()) -> list[sqlite3.Row]:
        with self.lock:
            return self.conn.execute(sql, params).fetchall()

    def close(self) -> None:
        with self.lock:
            self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        # A Store dropped without close() still closes its connection, so Python 3.13's
        # "unclosed database" ResourceWarning never fires from a forgotten store.
        conn = getattr(self, "conn", None)
        if conn is not None:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - a finalizer never raises (interpreter shutdown)
                pass


def _run_script(cur: sqlite3.Cursor, sql: str) -> None:
    """Run the statements of a migration inside the open transaction (``executescript`` would commit)."""
    for statement in (s.strip() for s in sql.split(";")):
        if statement:
            cur.execute(statement)
