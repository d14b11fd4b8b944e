"""The store's write transactions when another connection holds SQLite's write lock (a season's
process storing its games while the web app saves a person's game): the transaction waits and then
goes through (polling, not SQLite's 1-2-5-10-15-20-25 ms backoff), gives up with SQLite's own
"database is locked" after ``LOCK_WAIT``, leaves the connection's busy timeout as it was, and
accounts its waiting and holding in ``store.WRITES`` (the web app's ``Server-Timing``)."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from coachgym import store as store_module
from coachgym.store import WRITES, Store


@pytest.fixture
def two(tmp_path):
    path = tmp_path / "coachgym.sqlite3"
    a, b = Store(path), Store(path)
    with a.transaction() as cur:
        cur.execute("CREATE TABLE t (x INTEGER)")
    yield a, b
    a.close()
    b.close()


def _hold(store: Store, seconds: float, held: threading.Event) -> threading.Thread:
    def run():
        with store.transaction() as cur:
            cur.execute("INSERT INTO t VALUES (1)")
            held.set()
            time.sleep(seconds)

    thread = threading.Thread(target=run)
    thread.start()
    assert held.wait(10)
    return thread


def test_a_write_waits_for_the_lock_another_connection_holds_then_goes_through(two):
    a, b = two
    thread = _hold(a, 0.15, threading.Event())
    account = [0.0, 0.0, 0.0]
    token = WRITES.set(account)
    try:
        with b.transaction() as cur:
            cur.execute("INSERT INTO t VALUES (2)")
    finally:
        WRITES.reset(token)
    thread.join()
    assert sorted(r["x"] for r in b.query("SELECT x FROM t")) == [1, 2]  # both writes, none lost
    waited, held, count = account
    assert count == 1
    assert waited >= 0.05  # it did wait for the other's lock (held 0.15 s from before it began)
    assert 0.0 <= held < waited
    assert int(b.query("PRAGMA busy_timeout")[0][0]) == 5000  # restored: every other statement's wait


def test_a_write_that_cannot_get_the_lock_in_time_fails_as_sqlite_says_and_changes_nothing(two, monkeypatch):
    a, b = two
    monkeypatch.setattr(store_module, "LOCK_WAIT", 0.05)
    thread = _hold(a, 0.5, threading.Event())
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        with b.transaction() as cur:
            cur.execute("INSERT INTO t VALUES (2)")
    thread.join()
    assert [r["x"] for r in b.query("SELECT x FROM t")] == [1]
    with b.transaction() as cur:  # the connection is usable afterwards, with its usual timeout back
        cur.execute("INSERT INTO t VALUES (3)")
    assert int(b.query("PRAGMA busy_timeout")[0][0]) == 5000
    assert sorted(r["x"] for r in a.query("SELECT x FROM t")) == [1, 3]


def test_without_an_account_nothing_is_recorded_and_an_error_inside_rolls_back(two):
    a, _ = two
    assert WRITES.get() is None
    with pytest.raises(ZeroDivisionError):
        with a.transaction() as cur:
            cur.execute("INSERT INTO t VALUES (9)")
            1 / 0  # noqa: B018
    assert a.query("SELECT x FROM t") == []


def test_the_checkpointer_copies_the_wal_back_from_its_own_thread_not_in_a_commit(tmp_path):
    """The web app's :class:`store.Checkpointer`: the store's connection no longer checkpoints in its
    commits (``wal_autocheckpoint`` 0, so a request's save never waits for the disk), and the thread
    copies what was written back into the file once the WAL has changed."""
    from coachgym.store import Checkpointer

    main = Store(tmp_path / "c.sqlite3")
    checkpointer = Checkpointer(main, every=0.05)
    try:
        assert int(main.query("PRAGMA wal_autocheckpoint")[0][0]) == 0
        with main.transaction() as cur:
            cur.execute("CREATE TABLE t (x BLOB)")
        assert (tmp_path / "c.sqlite3").stat().st_size < 100_000
        with main.transaction() as cur:
            for _ in range(1500):  # (more than SQLite's 1,000-page default: no commit checkpointed it)
                cur.execute("INSERT INTO t VALUES (zeroblob(4000))")
        # the pages reach the file itself (before, only the WAL held them: the file held the schema alone)
        deadline = time.monotonic() + 10
        while (tmp_path / "c.sqlite3").stat().st_size < 1500 * 4000 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert (tmp_path / "c.sqlite3").stat().st_size > 1500 * 4000
        time.sleep(0.1)
        runs = checkpointer.runs
        assert runs >= 1
        time.sleep(0.3)
        assert checkpointer.runs == runs  # nothing written since: no checkpoint to run
    finally:
        checkpointer.close()
        main.close()
