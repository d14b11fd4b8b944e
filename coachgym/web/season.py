"""A season in the browser: pick a league (a real one: the 1992-93 NBA for Statis Pro, the
1979-80 NBA for 4th Street; or a ruleset's bundled teams) and your team; the schedule; for each of
your games "coach it" (the seat, a game of this browser) or "let the book / the trained coach play
it"; every other game simulated in the background, in a process of its own per season (:class:`Background`:
scheduling, playing and storing the games, with its own connection to the server's SQLite file) at
nice 19 (the lowest priority of the normal policy; :data:`DEFAULT_PRIORITY`), at most one per CPU less one at once (:func:`_workers`: the
person's pages come first), with progress; standings by division with games behind, results with
box scores, league leaders.

The season is a :class:`coachgym.series.competition.Competition` in the server's own SQLite file
(the same store and tables as ``coachgym season ...``: ``coachgym season list --db FILE`` lists it,
``coachgym season show NAME --db FILE`` shows it), with the seeds' carry-over rules (injuries, the
real players' availability in a league season) as on the command line. Which browser a season
belongs to: ``web_seasons`` (this module's own table: the season's name, a hash of the owning
session, your team, the game of yours being coached), so a season follows the session's rules:
kept across visits by the session cookie, and brought back in another browser with the session's
recovery key (which moves the browser onto the owner's session). A game you coach is recorded
into the season when it is over (the next time the season's page is shown); its coach is stored as
``person`` (``coachgym season game`` cannot replay a person's choices).

After the regular season, the playoffs in the season's real format (``playoffs.py``,
``playoffs.json``): series by series, your games coached or played by the book as in the season,
the others simulated in the background. The playoff games are kept with the season's browser
record (``web_seasons.playoffs``), not in the command line's tables (which hold the regular season).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import re
import threading
import time
from typing import Callable, Iterator

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from .. import rulesets
from ..core.errors import CoachgymError
from .errors import NotFound, WebError
from .review import same_origin

router = APIRouter()

MIN_TEAMS = 3  # a ruleset's bundled teams make a season from three on (two are one fixture repeated)
FULL = "full"  # the form's full season: the league's own schedule
SHORT = (20, 10, 4, 2)  # shorter seasons offered, games per team (2: a quick test)
BUNDLED_FULL = 82  # a full season of a ruleset's bundled teams: games per team (a basketball season's)
SEASONS_PER_SESSION = 4
COACHES = {"book": "by-the-book", "trained": "trained"}
PERSON_COACH = "person"  # the coach recorded for a game a person coached in the browser

def owner_of(session: str) -> str:
    return hashlib.sha256(session.encode()).hexdigest()[:16]


def _store(request: Request):
    """The server's store; its table ``web_seasons`` comes with the store's migration 6 (coachgym/store.py)."""
    return request.app.state.live.store


@dataclasses.dataclass
class Progress:
    """A background simulation of a season's games."""

    state: str = "running"  # running (or waiting for a free season process), done, failed, stopped
    done: int = 0
    total: int = 0
    error: str = ""
    waited: float = 0.0  # seconds the season's process waited on people (:class:`_People`)
    finished: float = 0.0  # when the server heard the process's result (time.monotonic), 0 before
    account: dict = dataclasses.field(default_factory=dict)  # where the process's time went (:class:`_Account`)


# How the background processes yield the CPU to the server answering people (COACHGYM_SEASON_PRIORITY):
# "nice:N" is N steps of niceness over the server's, in the normal policy; "idle" is the lowest
# priority the OS offers, Linux's SCHED_IDLE (nice 19 where that is not allowed). The default is nice
# 19 (DEFAULT_PRIORITY), measured against the idle policy on this project's 2-core machine
# (docs/coach-seat.md, "Nice 19 by default"): an idle-policy process gets a core only when nothing else
# wants one, so while it holds SQLite's write lock it can be kept off the CPUs, and the person's
# request that waits for the lock waits for the whole machine; at nice 19 it still gets a sliver of a
# busy core and lets the lock go. The test suite uses "nice:10" (tests/web/conftest.py).
PRIORITY_ENV = "COACHGYM_SEASON_PRIORITY"
DEFAULT_PRIORITY = "nice:19"


def lowest_priority(how: str = "idle") -> str:
    """Put the calling process (its current thread and every thread it starts later) at the CPU
    priority ``how`` names (:data:`PRIORITY_ENV`): "idle", Linux's ``SCHED_IDLE`` (it runs only on a
    core that has nothing else to run, and a waking server thread takes the core from it at once) at
    nice 19, falling back to nice 19 alone where the policy does not exist or is refused; "nice:N",
    N more steps of niceness. Returns what it got ("idle", "nice 19", "nice 10", or "" where the OS
    refused everything: the process then runs at the server's priority)."""
    import os

    if how.startswith("nice:"):
        try:
            return f"nice {os.nice(max(0, min(19, int(how[5:]))))}"
        except (ValueError, OSError):
            return ""
    got = ""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, 19)  # (the policy below ignores it; ps and top show it)
        got = "nice 19"
    except (AttributeError, OSError):
        pass
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return "idle"
    except (AttributeError, OSError):  # (not on every platform, and a sandbox may refuse it)
        return got


def _niced(how: str = DEFAULT_PRIORITY, server: int | None = None) -> str:
    from ..core.lifeline import die_with_parent

    # ends with the server, whatever kills it (SIGKILL too); the watchdog alone, not the kernel's death
    # signal: a season's process is started from a server thread, and the kernel's signal would come
    # when that thread ends (core/lifeline.py). The watchdog's thread is started first, so it keeps
    # the server's priority and notices at once. ``server``: the server's pid, given by the server, so
    # a server gone before this process got here (it imports first) is noticed too.
    die_with_parent(server, kernel=False)
    return lowest_priority(how)


def _workers() -> int:
    """Seasons simulated at once, each in a process of its own: one per CPU this process may use less
    one (the person's pages and the browser keep a core), at least one, at most four; a season
    started while they are all busy waits for one to end. On two cores one process plays an
    82-game season of the 1992-93 NBA in 26-69 s while a person coaches (docs/coach-seat.md)."""
    import os

    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every platform)
        cpus = os.cpu_count() or 1
    return max(1, min(4, cpus - 1))


_SLOTS: threading.BoundedSemaphore | None = None
_SLOTS_GUARD = threading.Lock()


def _slots() -> threading.BoundedSemaphore:
    global _SLOTS
    with _SLOTS_GUARD:
        if _SLOTS is None:
            _SLOTS = threading.BoundedSemaphore(_workers())
        return _SLOTS


_SEND = None  # in a season's process: the pipe to the server (:func:`_report`)


def _report(*message) -> None:
    """Tell the server (the thread that watches this process) something; nothing outside one."""
    if _SEND is not None:
        t = time.monotonic()
        _SEND(message)
        if _ACCOUNT is not None:
            _ACCOUNT.report += time.monotonic() - t


# People first: the server counts the requests it is answering (and, after the last one, gives the
# person's browser GRACE seconds to put the page up: none by default, measured below); meanwhile a
# season's process waits, before each
# game, before storing it and between the steps of a game (play_game's on_event), so a request that
# arrives mid-game pauses the season within one decision of the engine. What it may wait is a budget
# (:class:`_People`): WAIT_AT_MOST at most, spent by waiting and earned back by simulating, so that
# while people keep the server busy without a pause the season still gets SHARE of the time (and a
# request that never ends cannot stop a season). Measured on this project's 2-core machine
# (docs/coach-seat.md): at most WAIT_AT_MOST a game, the old rule, let a person coaching nonstop hold
# an 82-game NBA season to about 2 games a second (153 s). The grace after each request, 0.25 s
# before, kept the season waiting most of the time a person coaches without a pause (they answer
# within a grace): compiled, on the idle machine, the season took over 157 s in one run; with no
# grace, waiting only while a request is in flight, 88 and 96 s at medians of 103 and 108 ms a page
# (a third run 120 s, 222 ms, the server itself slowed); never waiting (SHARE 1) 48 s, but 170 ms a
# page (docs/coach-seat.md, "Where the season's time goes"). With the season at nice 19, the write lock
# polled, the WAL checkpointed off the requests and the reviews in a process of their own: 26-67 s at
# medians of 51-77 ms in 19 runs of 19 ("Nice 19 by default"). Shared memory (two doubles: requests in
# flight, the monotonic time the grace ends), made by the server and handed to each season's
# process when it starts. Each can be set from the environment (the server's: the season's process
# inherits it): COACHGYM_SEASON_GRACE, COACHGYM_SEASON_WAIT (seconds), COACHGYM_SEASON_SHARE (0-1].


def _setting(env: str, default: float, low: float, high: float) -> float:
    """A number from the environment, within [low, high]; a bad value is logged and the default used
    (a server is not refused over a tuning knob)."""
    import os

    text = os.environ.get(env, "").strip()
    if not text:
        return default
    try:
        value = float(text)
        if not low <= value <= high:
            raise ValueError
        return value
    except ValueError:
        import logging

        logging.getLogger("coachgym.web").warning("%s=%r: not a number from %g to %g; using %g", env, text, low, high,
                                                  default)
        return default


GRACE = _setting("COACHGYM_SEASON_GRACE", 0.0, 0.0, 10.0)
WAIT_AT_MOST = _setting("COACHGYM_SEASON_WAIT", 1.0, 0.0, 60.0)
SHARE = _setting("COACHGYM_SEASON_SHARE", 0.35, 0.01, 1.0)
_GATE = None
_GATE_LOCK = threading.Lock()


def _gate():
    global _GATE
    with _GATE_LOCK:
        if _GATE is None:
            import multiprocessing

            _GATE = multiprocessing.get_context("spawn").RawArray("d", 2)
        return _GATE


def request_started() -> None:
    gate = _gate()
    with _GATE_LOCK:
        gate[0] += 1


def request_ended() -> None:
    gate = _gate()
    with _GATE_LOCK:
        gate[0] = max(0.0, gate[0] - 1)
        gate[1] = time.monotonic() + GRACE


class _People:
    """In a season's process: wait while the server answers a person (and for the grace after), out
    of a budget of waiting. The budget starts full (:data:`WAIT_AT_MOST`), waiting spends it, and
    every second the season simulates earns back ``(1 - SHARE) / SHARE`` seconds, up to the full
    budget: after an idle spell a person's pages come first, and while people keep the server busy
    without a pause the season still gets :data:`SHARE` of the time (a request that never ends
    cannot stop a season). Called before each game, between its steps (``play_game``'s
    ``on_event``) and before storing it; waiting changes nothing of what is played (same seed, same
    games). ``waited``: seconds spent waiting so far."""

    def __init__(self, gate):
        self.gate = gate
        self.budget = WAIT_AT_MOST
        self.rate = (1.0 - SHARE) / SHARE
        self.mark = time.monotonic()  # when the season last went back to work
        self.waited = 0.0
        self.waits = 0  # waits that slept
        # the waits' wall clock with their reads of _sched (the account's), and of it: on a CPU, and runnable
        # but not on one
        self.wait_wall = self.wait_cpu = self.wait_delay = 0.0

    def __call__(self, _game=None) -> float:
        gate = self.gate
        now = time.monotonic()
        if gate[0] <= 0 and now >= gate[1]:  # (the common case, every step of a game: two reads)
            return 0.0
        budget = min(WAIT_AT_MOST, self.budget + (now - self.mark) * self.rate)
        if budget <= 0.0:  # (none left: the season goes on)
            self.budget, self.mark = budget, now
            return 0.0
        t0, before = time.monotonic(), _sched()
        start = now
        while now - start < budget and (gate[0] > 0 or now < gate[1]):
            pause = 0.002 if gate[0] > 0 else min(0.01, gate[1] - now)
            time.sleep(max(0.001, min(pause, budget - (now - start))))
            now = time.monotonic()
        waited = now - start
        self.budget, self.mark = budget - waited, now
        self.waited += waited
        if waited > 0.0:
            after = _sched()
            self.wait_wall += time.monotonic() - t0
            self.waits += 1
            self.wait_cpu += after[0] - before[0]
            self.wait_delay += after[1] - before[1]
        return waited


_PEOPLE: _People | None = None


def _sched() -> tuple[float, float]:
    """(seconds on a CPU, seconds runnable but waiting for a CPU) of the calling thread so far:
    Linux's ``/proc/thread-self/schedstat`` (its ``run_delay`` is the time the scheduler kept a
    ready thread off every CPU: at the idle policy, the time other work had them all); (0, 0) where
    there is none."""
    try:
        with open("/proc/thread-self/schedstat", "rb") as f:
            on, delay = f.read().split()[:2]
        return int(on) / 1e9, int(delay) / 1e9
    except (OSError, ValueError):
        return 0.0, 0.0


class _Account:
    """Where a season's process spends its wall-clock time (its main thread, which plays the games),
    from its start to its result: on a CPU; runnable but kept off every CPU (``run_delay``, the
    scheduler's); asleep in the wait on people (:class:`_People`; of its time the CPU and the run
    delay are counted with those); and asleep anywhere else (SQLite's locks and writes, the pipe),
    the rest. Besides, the wall-clock time of storing the games and of the progress reports, and a
    point every :data:`EVERY` seconds (monotonic time, games, asleep in the wait on people, on a CPU,
    run delay) so a timing can split the account at the moment the person stopped. Costs a file read
    per point and per wait that slept."""

    EVERY = 5.0

    def __init__(self):
        self.t0 = time.monotonic()
        self.s0 = _sched()
        self.store = self.report = 0.0
        self.games = 0
        self.timeline: list[list[float]] = []
        self._next = self.t0

    def game(self, done: int) -> None:
        now = time.monotonic()
        self.games = done
        if now >= self._next:
            self.timeline.append(self._point(now, done))
            self._next = now + self.EVERY

    def _point(self, now: float, done: int) -> list[float]:
        on, delay = _sched()
        p = _PEOPLE
        return [round(now, 3), done, round(p.wait_wall - p.wait_cpu - p.wait_delay if p else 0.0, 3),
                round(on - self.s0[0], 3), round(delay - self.s0[1], 3)]

    def summary(self) -> dict:
        now = time.monotonic()
        on, delay = _sched()
        on, delay = on - self.s0[0], delay - self.s0[1]
        p = _PEOPLE
        waited, w_cpu, w_delay = (p.waited, p.wait_cpu, p.wait_delay) if p else (0.0, 0.0, 0.0)
        asleep_waiting = max(0.0, (p.wait_wall if p else 0.0) - w_cpu - w_delay)
        wall = now - self.t0
        out = {"start": self.t0, "end": now, "wall": wall, "on_cpu": on, "run_delay": delay,
               "gate_asleep": asleep_waiting, "gate_waited": waited, "gate_run_delay": w_delay,
               "gate_waits": p.waits if p else 0, "other_asleep": wall - on - delay - asleep_waiting,
               "store": self.store, "report": self.report, "games": self.games,
               "process_cpu": time.process_time(),
               "timeline": self.timeline + [self._point(now, self.games)]}
        return {k: round(v, 3) if isinstance(v, float) else v for k, v in out.items()}


_ACCOUNT: _Account | None = None


def _yield_to_people(_game=None) -> float:
    """In a season's process, before each game, between its steps and before storing it: wait while
    the server answers a person (and for the grace after), out of the budget :class:`_People` keeps.
    Returns the seconds waited (none outside a season's process)."""
    global _PEOPLE
    if _GATE is None:
        return 0.0
    if _PEOPLE is None or _PEOPLE.gate is not _GATE:
        _PEOPLE = _People(_GATE)
    return _PEOPLE(_game)


def _step_hook():
    """What a season's game calls after every step (``ScheduledGame.run``'s ``on_step``): the wait on
    people in a season's process, nothing elsewhere (the server's own in-memory seasons, the tests)."""
    return _yield_to_people if _GATE is not None else None


class PeopleFirst:
    """ASGI middleware: counts the requests in flight for :func:`_yield_to_people` (every HTTP
    request but a season's progress poll, which would hold back the season it watches)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("path", "").endswith("/progress"):
            await self.app(scope, receive, send)
            return
        request_started()
        try:
            await self.app(scope, receive, send)
        finally:
            request_ended()


def _entry(conn, priority: str, server: int, gate, job, args: tuple) -> None:
    """A season's background process: tied to the server's life, at a low CPU priority, runs
    ``job(*args)`` and sends ("result", its value) or ("failed", a line) down ``conn``; ``gate``: the
    server's count of requests in flight (:func:`_yield_to_people`)."""
    global _SEND, _GATE, _ACCOUNT
    _ACCOUNT = _Account()
    _niced(priority, server)
    # (the idle policy alone is not enough: measured, a season's process at SCHED_IDLE on the other
    # core still made the server's own time 125 ms instead of 27-43 in one run of four on this
    # project's 2-vCPU machine; waiting on the person's requests kept it at 28-53 ms in six of six:
    # docs/coach-seat.md)
    _SEND, _GATE = conn.send, gate
    try:
        conn.send(("result", job(*args)))
    except Exception as exc:  # (logged here; the server's page says it stopped)
        import logging

        logging.getLogger("coachgym.web").exception("season process: %s failed", getattr(job, "__name__", job))
        conn.send(("failed", getattr(exc, "message", "") or str(exc) or type(exc).__name__))
    finally:
        conn.close()


class Background:
    """``job(*args)`` in a process of its own (spawned, so nothing of the server's threads comes
    along), at a low CPU priority (:func:`lowest_priority`, :data:`DEFAULT_PRIORITY`, :data:`PRIORITY_ENV`) and ending
    with the server whatever ends it (``core/lifeline.py``). It reports down a pipe
    (:meth:`messages`); :meth:`stop` ends it at once. The server's process only waits on the pipe:
    none of the job's work holds the server's interpreter lock while it answers a person."""

    def __init__(self, job, args: tuple = ()):
        import multiprocessing
        import os

        ctx = multiprocessing.get_context("spawn")
        self._conn, there = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_entry, args=(there, os.environ.get(PRIORITY_ENV, DEFAULT_PRIORITY), os.getpid(), _gate(),
                                                                  job, tuple(args)),
                                   daemon=True, name="coachgym-season")
        self.process.start()
        there.close()

    def messages(self) -> Iterator[tuple]:
        """What the job reports, in order, until its process ends: ("progress", done, total) ...,
        then ("result", value) or ("failed", a line); nothing more where the process was ended."""
        while True:
            try:
                yield self._conn.recv()
            except (EOFError, OSError):
                return

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()

    def close(self) -> None:
        self.process.join()
        self._conn.close()
        self.process.close()


def _simulate(db: str, name: str, mine: str, playoffs: bool) -> dict:
    """A season's process: the games up to your next one (``mine``; "" to the end of the regular
    season), or the other series of the playoffs' round, played here and stored with a connection
    of its own to the server's file. Returns where it ended (state, error, done, total)."""
    from ..store import Store

    with Store(db) as store:
        store.conn.execute("PRAGMA synchronous = NORMAL")  # (as the server's own connection: app.py)
        run = Progress()
        (Simulations._run_playoffs if playoffs else Simulations._run)(run, store, None, name, "", mine)
        run.waited = round(_PEOPLE.waited, 3) if _PEOPLE is not None else 0.0
        run.account = _ACCOUNT.summary() if _ACCOUNT is not None else {}
        return dataclasses.asdict(run)


_REPORT_EVERY = 0.25  # seconds between progress reports to the server (and at the end)


class Simulations:
    """At most one background simulation per season, each in a process of its own
    (:class:`Background`: scheduling, playing and storing the games all happen there, with its own
    connection to the server's SQLite file), at most :func:`_workers` of them at once (the others
    wait their turn). The server's thread for a simulation only waits on its process's reports."""

    def __init__(self):
        self._lock = threading.Lock()
        self.runs: dict[str, Progress] = {}
        self._procs: dict[str, Background] = {}

    def get(self, name: str) -> Progress | None:
        return self.runs.get(name)

    def start(self, request: Request, name: str, session: str, mine: str, playoffs: bool = False,
              rest: bool = False) -> Progress:
        with self._lock:
            run = self.runs.get(name)
            if run is not None and run.state == "running":
                return run
            run = self.runs[name] = Progress()
        store = _store(request)
        # rest: to the end of the regular season, the book playing your games too (mine = "")
        mine = "" if rest else mine
        target: Callable[..., None]
        args: tuple
        if str(store.path) == ":memory:":  # (no file another process could open: played in this one)
            target, args = (self._run_playoffs if playoffs else self._run), (run, store, None, name, session, mine)
        else:
            target, args = self._watch, (run, str(store.path), name, mine, playoffs)
        threading.Thread(target=target, args=args, daemon=True, name=f"coachgym-season-{name}").start()
        return run

    def _watch(self, run: Progress, db: str, name: str, mine: str, playoffs: bool) -> None:
        """The server's side of a simulation: wait for a free season process, start it, take its
        reports, and its result."""
        with _slots():
            with self._lock:
                if run.state != "running":  # stopped while it waited
                    return
                try:
                    bg = self._procs[name] = Background(_simulate, (db, name, mine, playoffs))
                except Exception as exc:  # (logged; the page says it stopped)
                    import logging

                    logging.getLogger("coachgym.web").exception("season %s: no process for the simulation", name)
                    run.error, run.state = str(exc) or type(exc).__name__, "failed"
                    return
            try:
                for message in bg.messages():
                    if message[0] == "progress":
                        run.done, run.total = message[1], message[2]
                    elif message[0] == "result":
                        got = message[1]
                        run.done, run.total, run.error, run.state = got["done"], got["total"], got["error"], got["state"]
                        run.waited, run.account = got.get("waited", 0.0), got.get("account") or {}
                        run.finished = time.monotonic()
                    elif message[0] == "failed":
                        run.error, run.state = message[1], "failed"
            finally:
                with self._lock:
                    if self._procs.get(name) is bg:
                        del self._procs[name]
                bg.close()
            if run.state == "running":  # (ended without a word: killed from outside)
                run.error, run.state = f"its process ended (exit code {bg.process.exitcode})", "failed"

    def stop(self, name: str) -> bool:
        """End a season's simulation now (the games stored so far stay; each is stored whole or not
        at all). True if one was running."""
        with self._lock:
            run = self.runs.get(name)
            if run is None or run.state != "running":
                return False
            run.state = "stopped"
            bg = self._procs.get(name)
        if bg is not None:
            bg.stop()
        return True

    def stop_all(self) -> None:
        for name in list(self.runs):
            self.stop(name)

    @staticmethod
    def _run_playoffs(run: Progress, store, pool, name: str, session: str, mine: str) -> None:
        """Play the other series of the playoffs' current round to their ends (one game each in turn)."""
        from ..series.competition import Competition
        from . import playoffs as P

        try:
            comp = Competition.load(store, name)
            po = _playoffs(store, name)
            run.total = sum(P.needed(s) * 2 - 1 - len(s["games"]) for _, s in P.open_series(po, mine))
            _progress(run, force=True)
            while True:
                po = _playoffs(store, name)
                todo = P.open_series(po, mine)
                if not todo or po.get("champion"):
                    break
                # the open series' next games: their teams differ, so each game's task is what it
                # would be played one after the other
                games = [(index, P.next_game(comp, po, index), P.teams_of(comp, po, index)) for index, _ in todo]
                for index, task, (home, away) in games:
                    _yield_to_people()
                    out = task.run(_step_hook())
                    _yield_to_people()
                    _update_playoffs(store, name, lambda po, index=index, task=task, out=out, home=home, away=away:
                                     P.record(po, index, task, out, home, away))
                    run.done += 1
                    run.total = max(run.total, run.done)
                    _progress(run)
            run.state = "done"
        except Exception as exc:  # (logged; the page says it stopped)
            import logging

            logging.getLogger("coachgym.web").exception("season %s: playoff simulation failed", name)
            run.error, run.state = getattr(exc, "message", "") or type(exc).__name__, "failed"

    @staticmethod
    def _run(run: Progress, store, pool, name: str, session: str, mine: str) -> None:
        """Play every game up to your team's next one (the games of its round but yours too), one
        after the other, each stored as it ends; the teams' carried-over states are folded once and
        then advanced game by game (not folded again from every stored game each round)."""
        from ..core.engine import AWAY, HOME
        from ..series import carryover
        from ..series.competition import Competition

        try:
            comp = Competition.load(store, name)
            run.total = (comp.total_games() or 0) - len(comp.games) if not mine else len(_to_play(comp, mine))
            _progress(run, force=True)
            carry, ctx = carryover.for_ruleset(comp.ruleset), comp.context
            states = comp.states()
            while True:
                others = _to_play(comp, mine)
                if not others:
                    break
                # one round's games: independent (a team plays once a round), so every task is built
                # from the states before the round, as Competition.play does
                tasks = [comp.task(f, states) for f in others]
                for f, task in zip(others, tasks):
                    _yield_to_people()
                    out = task.run(_step_hook())
                    _yield_to_people()
                    t = time.monotonic()
                    row = comp._store_game(f, task, out)
                    states[row.home] = carry.advance(states[row.home], row.carry[HOME], ctx)
                    states[row.away] = carry.advance(states[row.away], row.carry[AWAY], ctx)
                    run.done += 1
                    run.total = max(run.total, run.done)
                    if _ACCOUNT is not None:
                        _ACCOUNT.store += time.monotonic() - t
                        _ACCOUNT.game(run.done)
                    _progress(run)
            if comp.done and comp.finished is None:
                comp.finished = time.time()
                with store.transaction() as cur:
                    cur.execute("UPDATE competitions SET finished = ? WHERE id = ?", (comp.finished, comp.id))
            run.state = "done"
        except Exception as exc:  # (logged; the page says it stopped)
            import logging

            logging.getLogger("coachgym.web").exception("season %s: simulation failed", name)
            run.error, run.state = getattr(exc, "message", "") or type(exc).__name__, "failed"


_LAST_REPORT = [0.0]


def _progress(run: Progress, force: bool = False) -> None:
    """A simulation's progress to the server (in a season's process; at most every
    :data:`_REPORT_EVERY` seconds, the result says the last)."""
    now = time.monotonic()
    if force or now - _LAST_REPORT[0] >= _REPORT_EVERY:
        _LAST_REPORT[0] = now
        _report("progress", run.done, run.total)


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def _lock_of(name: str) -> threading.Lock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(name, threading.Lock())


def _playoffs(store, name: str) -> dict | None:
    rows = store.query("SELECT playoffs FROM web_seasons WHERE name = ?", (name,))
    return json.loads(rows[0]["playoffs"]) if rows and rows[0]["playoffs"] else None


def _save_playoffs(store, name: str, po: dict) -> None:
    with store.transaction() as cur:
        cur.execute("UPDATE web_seasons SET playoffs = ? WHERE name = ?", (json.dumps(po), name))


def _update_playoffs(store, name: str, change) -> dict | None:
    """Read a season's playoffs, ``change(po)`` them and write them back in one write transaction
    (SQLite's lock: a season's process and the server's requests never write over each other's
    games). Returns the playoffs as written (None where there are none: nothing is changed)."""
    with store.transaction() as cur:
        row = cur.execute("SELECT playoffs FROM web_seasons WHERE name = ?", (name,)).fetchone()
        if not row or not row["playoffs"]:
            return None
        po = json.loads(row["playoffs"])
        change(po)
        cur.execute("UPDATE web_seasons SET playoffs = ? WHERE name = ?", (json.dumps(po), name))
        return po


def _to_play(comp, mine: str) -> list:
    """The next round's games that do not involve your team (empty once your game is next, or the
    season is over)."""
    fixtures = comp.schedule.next_round(comp.results())
    return [f for f in fixtures if mine not in (f.home, f.away)]


def _sims(request: Request) -> Simulations:
    app = request.app
    if not hasattr(app.state, "season_sims"):
        app.state.season_sims = Simulations()
    return app.state.season_sims


def _mine(request: Request) -> list[dict]:
    store = _store(request)
    rows = store.query("SELECT * FROM web_seasons WHERE owner = ? ORDER BY created", (owner_of(request.state.session),))
    return [dict(r) for r in rows]


def _season_row(request: Request, name: str) -> dict:
    rows = [r for r in _mine(request) if r["name"] == name]
    if not rows:
        raise NotFound("There is no season of that name in this browser (a season belongs to the browser that "
                       "started it; another browser brings it back with its recovery key).", title="No such season")
    return rows[0]


def _render(request: Request, template: str, context: dict, status: int = 200):
    return request.app.state.render(request, template, context, status)


@functools.lru_cache(maxsize=None)
def full_games(ruleset: str, league: str) -> int:
    """Games per team of a league's full season: its real schedule's where it has one (the 2018-19
    Premier League: 38), else its format's (``schedule_format.games``: the NBA's 82); a ruleset's
    bundled teams: :data:`BUNDLED_FULL`."""
    rs = rulesets.get(ruleset)
    if league == "bundled":
        return BUNDLED_FULL
    lg = rs.league(league)
    real = lg.real_schedule()
    if real:
        per: dict[str, int] = {}
        for _, home, away in real:
            per[home] = per.get(home, 0) + 1
            per[away] = per.get(away, 0) + 1
        return max(per.values())
    return int(lg.schedule_format.get("games") or BUNDLED_FULL)


def lengths(ruleset: str, league: str) -> list[int]:
    """The season lengths (games per team) offered for a league: the full season first, then the
    shorter ones below it."""
    full = full_games(ruleset, league)
    return [full, *(n for n in SHORT if n < full)]


def choices() -> list[dict]:
    """The leagues the form offers, read from the registry (no ruleset is named here): every
    ruleset's real leagues, then the bundled teams of each ruleset that has at least
    :data:`MIN_TEAMS` of them (FUBA's two bundled clubs make one fixture repeated, not a season)."""
    real, bundled = [], []
    for rs in rulesets.all_rulesets():
        points = rs.sport.standings == "points"
        for lg in rs.league_names():
            league = rs.league(lg)
            real.append({"id": f"{rs.name}:{lg}", "title": f"{league.title} ({rs.title})", "points": points,
                         "full": full_games(rs.name, lg), "real": bool(league.real_schedule()),
                         "teams": [(t, rs.load_team(league.team_key(t)).name) for t in league.teams]})
        names = rs.team_names()
        if len(names) >= MIN_TEAMS:
            bundled.append({"id": f"{rs.name}:bundled", "title": f"{rs.title}: the bundled teams", "points": points,
                            "full": BUNDLED_FULL, "real": False, "teams": [(t, rs.load_team(t).name) for t in names]})
    return real + bundled


def _season_list(store, mine: list[dict]) -> list[dict]:
    """This browser's seasons for the list: the league, your team by name, games played of the
    schedule's, and where the season stands (regular season, playoffs, champions)."""
    from ..series.competition import Competition

    known = {c["name"]: c for c in Competition.names(store)}
    offered = {c["id"]: c for c in choices()}
    out = []
    for r in mine:
        c = known.get(r["name"])
        if c is None:
            continue
        fmt = c["format"]
        league = offered.get(f"{c['ruleset']}:{fmt.get('league') or 'bundled'}")
        teams = dict(league["teams"]) if league else {}
        total = len(fmt["games"]) if fmt.get("type") == "schedule" else (
            c["teams"] * fmt["games_per_team"] // 2 if fmt.get("games_per_team") else None)
        po = json.loads(r["playoffs"]) if r.get("playoffs") else None
        # (a season whose last game was yours, played here, is over without its finish stamped)
        over = bool(c["finished"] or (total and c["games"] >= total))
        if po and po.get("champion"):
            stage = f"{po.get('title', 'Playoffs')}: champions {teams.get(po['champion'], po['champion'])}"
        elif po:
            stage = po.get("title", "Playoffs")
        else:
            stage = "the season is over" if over else "regular season"
        out.append({**r, **c, "finished": over, "league_title": league["title"] if league else c["ruleset"],
                    "team_name": teams.get(r["team"], r["team"]), "total": total, "stage": stage})
    return out


@router.get("/seasons")
def seasons_page(request: Request):
    rows = _season_list(_store(request), _mine(request))
    return _render(request, "seasons.html.j2", {"seasons": rows, "leagues": choices(), "short": SHORT,
                                                "limit": SEASONS_PER_SESSION})


@router.post("/seasons")
def start_season(request: Request, league: str = Form(""), team: str = Form(""), games: str = Form("")):
    same_origin(request)
    from ..series.competition import Competition, league_options, league_season_format

    offered = {c["id"]: c for c in choices()}
    if league not in offered:
        raise WebError(f"league: choose one of the list (got {league[:80]!r})", status=400, title="Unknown league")
    if team not in [t for t, _ in offered[league]["teams"]]:
        raise WebError(f"team: not a team of {offered[league]['title']} (got {team[:80]!r})", status=400,
                       title="Unknown team")
    ruleset, lg = league.split(":", 1)
    allowed = lengths(ruleset, lg)
    try:
        per_team = allowed[0] if games == FULL else int(games)
    except ValueError:
        raise WebError(f"games: {FULL} or a number of games per team (got {games[:80]!r})", status=400,
                       title="Bad schedule") from None
    if per_team not in allowed:
        raise WebError(f"games: {FULL} (the whole season, {allowed[0]} games a team) or one of "
                       f"{', '.join(map(str, allowed[1:]))} (got {per_team})", status=400, title="Bad schedule")
    if len(_mine(request)) >= SEASONS_PER_SESSION:
        raise WebError(f"This browser keeps {SEASONS_PER_SESSION} seasons at most; finish or delete one first.",
                       status=429, title="Too many seasons")
    rs = rulesets.get(ruleset)
    store = _store(request)
    seed = int.from_bytes(hashlib.sha256(f"{request.state.session}{time.time()}".encode()).digest()[:3], "big")
    options: dict = {}
    if lg == "bundled":
        names = rs.team_names()
        fmt = {"type": "round-robin", "legs": 2, "games_per_team": per_team}
    else:
        names = rs.league_team_names(lg)
        fmt = league_season_format(rs.name, lg, seed, None if per_team == allowed[0] else per_team)
        options = league_options(rs.name, lg)  # a league's own rule options (a real FUBA league's A1 and A12)
    key = team
    stamp = time.strftime("%Y%m%d-%H%M%S")
    # (the seed's digits too: two seasons of one team started in the same second have two names)
    name = f"web-{owner_of(request.state.session)[:8]}-{re.sub(r'[^a-z0-9]+', '-', lg)}-{key}-{stamp}-{seed:06x}"

    def create():
        comp = Competition.create(store, name=name, kind="season", ruleset=rs.name,
                                  teams=[(t, "by-the-book") for t in names], fmt=fmt, options=options, seed=seed)
        with store.transaction() as cur:
            cur.execute("INSERT INTO web_seasons (name, owner, team, pending, created) VALUES (?, ?, ?, NULL, ?)",
                        (comp.name, owner_of(request.state.session), key, time.time()))
        return comp.name

    try:
        made = create()
    except CoachgymError as exc:
        raise WebError(str(exc), status=400, title="The season could not start") from None
    return RedirectResponse(f"/seasons/{made}", status_code=303)


def _games_behind(rows: list[dict]) -> list[dict]:
    """Games behind the leader of ``rows``: the team furthest above .500 (most wins less losses), so
    that no team is a negative number of games behind when the teams have played unequal numbers of
    games (a 2-0 team listed after a 1-0 one by percentage is half a game ahead of it, not -0.5 behind)."""
    if rows:
        lead = max(rows, key=lambda r: r["w"] - r["l"])
        for r in rows:
            r["gb"] = ((lead["w"] - r["w"]) + (r["l"] - lead["l"])) / 2
    return rows


def _divisions(comp, rows: list[dict]) -> list[tuple[str, list[dict]]]:
    """Standings by division (games behind the division's leader); one table without divisions."""
    lg_name = comp.fmt.get("league")
    lg = rulesets.get(comp.ruleset).league(lg_name) if lg_name else None
    if lg is None or not lg.divisions:  # one table: the bundled teams, a league without divisions
        return [("The table" if rulesets.get(comp.ruleset).sport.standings == "points" else "Standings",
                 _games_behind([dict(r) for r in rows]))]
    out = []
    for div, members in lg.divisions.items():
        part = _games_behind([dict(r) for r in rows if r["key"] in members])
        if part:
            conf = lg.conference_of(part[0]["key"])
            out.append((f"{div} Division" + (f" ({conf})" if conf else ""), part))
    return out


def _record_pending(request: Request, row: dict, comp) -> str:
    """A coached game of yours that is over goes into the season; returns a line for the page."""
    from ..core.engine import AWAY, HOME

    pending = json.loads(row["pending"]) if row["pending"] else None
    if not pending:
        return ""
    live = request.app.state.live
    try:
        over, out = live.read(request.state.session, pending["gid"],
                              lambda seat: (seat.over, _outcome(seat, comp.ruleset) if seat.over else None))
    except WebError:  # the game was deleted: your game is open again
        over, out = None, None
    if over is False:
        return ""
    if "playoff" in pending:
        from . import playoffs as P

        store = _store(request)
        index = pending["playoff"]

        def record(po: dict) -> None:  # (in one write transaction with the read: a season's process records too)
            if over and len(po["rounds"]) == pending.get("round_no", len(po["rounds"])) \
                    and P.current(po)[index]["winner"] is None:
                home, away = P.teams_of(comp, po, index)
                P.record(po, index, P.next_game(comp, po, index), out, home, away, coach=PERSON_COACH)

        with _lock_of(row["name"]):
            _update_playoffs(store, row["name"], record)
            with store.transaction() as cur:
                cur.execute("UPDATE web_seasons SET pending = NULL WHERE name = ?", (row["name"],))
        return "Your playoff game is in its series." if over else "Your coached game was deleted: your game is open again."
    fixture = next((f for f in comp.schedule.next_round(comp.results())
                    if (f.round, f.slot) == (pending["round"], pending["slot"])), None)
    if over and fixture is not None:
        task = comp.task(fixture, comp.states())
        side = HOME if fixture.home == row["team"] else AWAY
        task = dataclasses.replace(task, **({"home_coach": PERSON_COACH} if side == HOME else {"away_coach": PERSON_COACH}))
        comp._store_game(fixture, task, out)
    with _store(request).transaction() as cur:
        cur.execute("UPDATE web_seasons SET pending = NULL WHERE name = ?", (row["name"],))
    return "Your game is in the season's results." if over else "Your coached game was deleted: your game is open again."


def _outcome(seat, ruleset: str) -> dict:
    """What the season keeps of a finished game (as ``ScheduledGame.run`` gives it)."""
    from ..core.engine import AWAY, HOME
    from ..series import carryover

    g = seat.game
    h, a = g.score
    carry = carryover.for_ruleset(ruleset)
    return {"home_score": h, "away_score": a, "box": g.box_score().to_dict(),
            "carry": [carry.facts(g, HOME), carry.facts(g, AWAY)]}


def season_context(request: Request, name: str, notice: str = "") -> dict:
    from ..series.competition import Competition
    from ..series.tables import leaders, standings

    row = _season_row(request, name)
    store = _store(request)
    comp = Competition.load(store, name)
    recorded = _record_pending(request, row, comp)
    row = _season_row(request, name)
    mine = row["team"]
    rows = standings(comp)
    nxt = [f for f in comp.schedule.next_round(comp.results()) if mine in (f.home, f.away)]
    run = _sims(request).get(name)
    results = sorted(comp.games, key=lambda g: (g.round, g.slot), reverse=True)
    entry = comp.entry
    points = rulesets.get(comp.ruleset).sport.standings == "points"
    players = my_players(comp, mine)
    # a box that keeps players' points, rebounds, assists: your players; else your team's figures
    per_player = any(p["pts"] is not None or p["reb"] is not None or p["ast"] is not None for p in players)
    return {
        "points": points, "schedule": my_schedule(comp, mine), "real": real_records(comp),
        "club": [] if per_player else club_figures(comp, mine),
        "table_champion": entry[rows[0]["key"]].name if points and comp.done and rows else "",
        "name": name, "comp": comp, "mine": mine, "my_name": entry[mine].name, "divisions": _divisions(comp, rows),
        "results": results[:12], "my_results": [g for g in results if mine in (g.home, g.away)],
        "leaders": leaders(comp, top=5), "next": nxt[0] if nxt else None, "others": len(_to_play(comp, mine)),
        "pending": json.loads(row["pending"]) if row["pending"] else None, "run": run,
        "played": len(comp.games), "total": comp.total_games(), "entry": entry, "done": comp.done,
        "notice": " ".join(x for x in (notice, recorded) if x),
        "ruleset": comp.ruleset, "title": rulesets.get(comp.ruleset).title,
        "league_title": (f"The {rulesets.get(comp.ruleset).league(comp.fmt['league']).title} season" if comp.fmt.get("league")
                         else "A season of the bundled teams"),
        "players": players if per_player else [],
        **_playoff_context(store, name, comp, mine),
    }


def my_schedule(comp, mine: str) -> list[dict]:
    """Your team's whole schedule in order: each game's label (the real schedule's date, or the
    round), the other team, home or away, and its result where it was played (the score yours
    first, W/D/L, the stored game's id for its box score)."""
    played = {(g.round, g.slot): g for g in comp.games}
    out = []
    for f in comp.schedule.fixtures():
        if mine not in (f.home, f.away):
            continue
        home = f.home == mine
        g = played.get((f.round, f.slot))
        row = {"label": f.label or f"Round {f.round}", "other": f.away if home else f.home, "home": home,
               "result": None}
        if g is not None:
            ours, theirs = (g.home_score, g.away_score) if home else (g.away_score, g.home_score)
            row["result"] = {"ours": ours, "theirs": theirs, "id": g.id,
                             "wdl": "W" if ours > theirs else "L" if ours < theirs else "D"}
        out.append(row)
    return out


def real_records(comp) -> dict[str, str]:
    """Each team's record in the real season, for the standings (a league season; none for the
    bundled teams): won-lost (``real_records``), or a table's points with won-drawn-lost
    (``real_table`` in league.json: a football league, where draws count)."""
    lg_name = comp.fmt.get("league")
    if not lg_name:
        return {}
    lg = rulesets.get(comp.ruleset).league(lg_name)
    if lg.real_records:
        return {k: f"{w}-{lost}" for k, (w, lost) in lg.real_records.items()}
    from ..core.parsing import load_json

    data = load_json(lg.folder / "league.json")
    table, columns = data.get("real_table") or {}, data.get("real_table_columns") or []
    out = {}
    for club, row in table.items():
        vals = dict(zip(columns, row)) if columns else {}
        if {"won", "drawn", "lost", "points"} <= set(vals):
            out[club] = f"{vals['points']} pts ({vals['won']}-{vals['drawn']}-{vals['lost']})"
    return out


def club_figures(comp, mine: str) -> list[dict]:
    """Your team's box-score figures a game, for and against, each column with its meaning (a
    ruleset whose box keeps the team's figures, not players': FUBA's anonymous pieces)."""
    from ..present import column_meanings
    from ..series.tables import team_stats

    row = next((r for r in team_stats(comp) if r["key"] == mine), None)
    if row is None:
        return []
    meaning = column_meanings(comp.ruleset)
    columns = comp.games[-1].box["columns"] if comp.games else list(row["for"])  # (the box's own order)
    return [{"key": c, "what": meaning.get(c, c), "for": row["for"].get(c, 0.0), "against": row["against"].get(c, 0.0)}
            for c in columns if c in row["for"]]


_REAL: dict[tuple[str, str], dict[str, tuple[float, float, float]]] = {}


def real_lines(ruleset: str, league: str) -> dict[str, tuple[float, float, float]]:
    """The real season's points, rebounds and assists a game per player, from the league's
    ``stats.csv`` (a traded player: his whole season's line, ``TOT``)."""
    import csv

    key = (ruleset, league)
    if key not in _REAL:
        lg = rulesets.get(ruleset).league(league)
        out: dict[str, tuple[float, float, float]] = {}
        games: dict[str, int] = {}
        path = lg.folder / "stats.csv"
        if path.is_file():
            for row in csv.DictReader(path.read_text(encoding="utf-8").splitlines()):
                try:
                    g = int(row["G"])
                    line = (int(row["PTS"]) / g, int(row["TRB"]) / g, int(row["AST"]) / g)
                except (KeyError, ValueError, ZeroDivisionError):
                    continue
                name = row.get("Player", "").rstrip("*")
                if row.get("Tm") == "TOT" or g > games.get(name, -1):
                    out[name], games[name] = line, (10**6 if row.get("Tm") == "TOT" else g)
        _REAL[key] = out
    return _REAL[key]


def my_players(comp, mine: str) -> list[dict]:
    """Your team's players: points, rebounds and assists a game in this season beside the real
    season's (a league season; the bundled teams have no real season)."""
    from ..series.tables import player_stats

    rows = player_stats(comp, mine)
    if not rows:
        return []
    cols = {c.lower(): c for c in rows[0] if isinstance(rows[0][c], float)}
    pts, reb, ast = (cols.get(c) for c in ("pts", "reb", "ast"))
    real = real_lines(comp.ruleset, comp.fmt["league"]) if comp.fmt.get("league") else {}
    out = []
    for r in rows:
        out.append({"name": r["name"], "gp": r["gp"], "pts": r.get(pts, 0.0) if pts else None,
                    "reb": r.get(reb, 0.0) if reb else None, "ast": r.get(ast, 0.0) if ast else None,
                    "real": real.get(r["name"])})
    return out


def _playoff_context(store, name: str, comp, mine: str) -> dict:
    from ..present.bracket import round_label
    from . import playoffs as P

    po = _playoffs(store, name)
    if po is None:
        return {"po": None, "po_format": P.format_of(comp)}
    cur = P.current(po)
    my_index = next((i for i, s in enumerate(cur) if mine in (s["high"], s["low"]) and s["winner"] is None), None)
    my_next = None
    if my_index is not None and not po.get("champion"):
        home, away = P.teams_of(comp, po, my_index)
        s = cur[my_index]
        my_next = {"index": my_index, "home": home, "away": away, "game": len(s["games"]) + 1}
    rounds = [[{**s, "label": round_label(po, k)} for s in rnd] for k, rnd in enumerate(po["rounds"])]
    return {"po": po, "po_rounds": rounds, "po_others": len(P.open_series(po, mine)), "po_next": my_next,
            "po_out": not po.get("champion") and my_index is None and not any(
                mine in (s["high"], s["low"]) and s["winner"] == mine for s in cur)}


@router.get("/seasons/{name}")
def season_page(request: Request, name: str):
    return _render(request, "season.html.j2", season_context(request, name))


@router.get("/seasons/{name}/progress")
def season_progress(request: Request, name: str):
    """The background simulation's progress (the page polls it; the whole page once it is done)."""
    _season_row(request, name)
    run = _sims(request).get(name)
    if run is None or run.state != "running":  # done: the whole page again (htmx reloads it)
        return Response(status_code=200, headers={"HX-Refresh": "true"})
    return _render(request, "_season_progress.html.j2", {"name": name, "run": run})


@router.post("/seasons/{name}/simulate")
def simulate(request: Request, name: str, to: str = Form("")):
    """The other games up to your next one; ``to=end``: the rest of the regular season, the book (your
    team's coach in the season) playing your games too."""
    same_origin(request)
    row = _season_row(request, name)
    if row["pending"] and to == "end":
        raise WebError("Finish the game of yours you are coaching first (or delete it).", status=409,
                       title="Your game is under way")
    _sims(request).start(request, name, request.state.session, row["team"], rest=to == "end")
    return RedirectResponse(f"/seasons/{name}", status_code=303)


@router.post("/seasons/{name}/play")
async def play_mine(request: Request, name: str, how: str = Form("")):
    """Your next game: ``how`` = "coach" (a game of this browser) or "book" / "trained" (played here)."""
    same_origin(request)
    from ..present.seat import Seat
    from ..series.competition import Competition

    row = _season_row(request, name)
    if row["pending"]:
        return RedirectResponse(f"/games/{json.loads(row['pending'])['gid']}", status_code=303)
    store = _store(request)
    comp = Competition.load(store, name)
    mine = row["team"]
    fixture = next((f for f in comp.schedule.next_round(comp.results()) if mine in (f.home, f.away)), None)
    if fixture is None:
        raise WebError("Your team has no game to play now: play on the other games first.", status=409,
                       title="No game of yours next")
    if how not in ("coach", *COACHES):
        raise WebError(f"how: coach, book or trained (got {how!r})", status=400, title="Bad choice")
    task = comp.task(fixture, comp.states())
    side = 0 if fixture.home == mine else 1
    if how == "coach":
        other = task.away_coach if side == 0 else task.home_coach

        def start():
            seat = Seat.new(comp.ruleset, side=side, opponent=other, home=task.home, away=task.away, seed=task.seed,
                            options=task.options or None)
            return request.app.state.live.add(request.state.session, seat)

        gid = await run_in_threadpool(start)
        with store.transaction() as cur:
            cur.execute("UPDATE web_seasons SET pending = ? WHERE name = ?",
                        (json.dumps({"gid": gid, "round": fixture.round, "slot": fixture.slot}), name))
        return RedirectResponse(f"/games/{gid}", status_code=303)
    coach = COACHES[how]
    task = dataclasses.replace(task, **({"home_coach": coach} if side == 0 else {"away_coach": coach}))
    pool = getattr(request.app.state, "pool", None)

    def play():
        out = task.run() if pool is None else pool.run(request.state.session, task.run, "your game", "season games")
        comp._store_game(fixture, task, out)

    try:
        await run_in_threadpool(play)
    except CoachgymError as exc:
        raise WebError(str(exc), status=400, title="The game could not be played") from None
    return RedirectResponse(f"/seasons/{name}", status_code=303)


@router.get("/seasons/{name}/games/{game_id}")
def season_game(request: Request, name: str, game_id: int):
    """A stored game's box score."""
    from ..series.competition import Competition

    _season_row(request, name)
    comp = Competition.load(_store(request), name)
    try:
        g = comp.game(game_id)
    except CoachgymError as exc:
        raise NotFound(str(exc), title="No such game") from None
    from ..present import column_meanings

    return _render(request, "season_game.html.j2", {"name": name, "comp": comp, "g": g, "box": g.box,
                                                    "entry": comp.entry, "meaning": column_meanings(comp.ruleset),
                                                    "points": rulesets.get(comp.ruleset).sport.standings == "points"})


@router.get("/seasons/{name}/playoffs/{round_no}/{series_no}/{game_no}")
def playoff_game(request: Request, name: str, round_no: int, series_no: int, game_no: int):
    """A playoff game's box score (round, series and game counted from 1, as the bracket shows them)."""
    from types import SimpleNamespace

    from ..present.bracket import round_label
    from ..series.competition import Competition

    _season_row(request, name)
    store = _store(request)
    po = _playoffs(store, name)
    try:
        if min(round_no, series_no, game_no) < 1:
            raise IndexError
        series = po["rounds"][round_no - 1][series_no - 1]
        game = series["games"][game_no - 1]
    except (TypeError, IndexError):
        raise NotFound(f"No playoff game {round_no}/{series_no}/{game_no} in this season.",
                       title="No such game") from None
    if not game.get("box"):
        raise NotFound("This playoff game was played before box scores were kept for playoff games.",
                       title="No box score") from None
    comp = Competition.load(store, name)
    g = SimpleNamespace(home=game["home"], away=game["away"], home_score=game["home_score"],
                        away_score=game["away_score"], seed=game.get("seed"),
                        label=f"{round_label(po, round_no - 1)}, game {game_no}",
                        home_coach=game.get("home_coach", ""), away_coach=game.get("away_coach", ""), round=round_no - 1)
    from ..present import column_meanings

    return _render(request, "season_game.html.j2", {"name": name, "comp": comp, "g": g, "box": game["box"],
                                                    "entry": comp.entry, "meaning": column_meanings(comp.ruleset),
                                                    "points": rulesets.get(comp.ruleset).sport.standings == "points"})


@router.post("/seasons/{name}/playoffs")
def start_playoffs(request: Request, name: str):
    """The regular season over: the playoffs' first round from its standings."""
    same_origin(request)
    from ..series.competition import Competition
    from ..series.tables import standings
    from . import playoffs as P

    _season_row(request, name)
    store = _store(request)
    comp = Competition.load(store, name)
    if not comp.done:
        raise WebError("The playoffs start when the regular season is over.", status=409, title="Not yet")
    if rulesets.get(comp.ruleset).sport.standings == "points":
        raise WebError("A league that ranks by points ends with its table: the top team are the champions, "
                       "there are no playoffs.", status=409, title="No playoffs")
    with _lock_of(name):
        if _playoffs(store, name) is None:
            _save_playoffs(store, name, P.new(comp, standings(comp)))
    return RedirectResponse(f"/seasons/{name}", status_code=303)


@router.post("/seasons/{name}/playoffs/simulate")
def simulate_playoffs(request: Request, name: str):
    same_origin(request)
    row = _season_row(request, name)
    _sims(request).start(request, name, request.state.session, row["team"], playoffs=True)
    return RedirectResponse(f"/seasons/{name}", status_code=303)


@router.post("/seasons/{name}/playoffs/play")
async def play_playoff(request: Request, name: str, how: str = Form("")):
    """Your series' next game: coached here, or played by the book / the trained coach."""
    same_origin(request)
    from ..present.seat import Seat
    from ..series.competition import Competition
    from . import playoffs as P

    row = _season_row(request, name)
    if row["pending"]:
        return RedirectResponse(f"/games/{json.loads(row['pending'])['gid']}", status_code=303)
    if how not in ("coach", *COACHES):
        raise WebError(f"how: coach, book or trained (got {how!r})", status=400, title="Bad choice")
    store = _store(request)
    comp = Competition.load(store, name)
    mine = row["team"]
    po = _playoffs(store, name)
    cur = P.current(po) if po else []
    index = next((i for i, s in enumerate(cur) if mine in (s["high"], s["low"]) and s["winner"] is None), None)
    if index is None or po.get("champion"):
        raise WebError("Your team has no playoff game to play now.", status=409, title="No game of yours")
    home, away = P.teams_of(comp, po, index)
    task = P.next_game(comp, po, index)
    side = 0 if home == mine else 1
    if how == "coach":
        other = task.away_coach if side == 0 else task.home_coach

        def start():
            seat = Seat.new(comp.ruleset, side=side, opponent=other, home=task.home, away=task.away, seed=task.seed,
                            options=task.options or None)
            return request.app.state.live.add(request.state.session, seat)

        gid = await run_in_threadpool(start)
        with store.transaction() as cur_:
            cur_.execute("UPDATE web_seasons SET pending = ? WHERE name = ?",
                         (json.dumps({"gid": gid, "playoff": index, "round_no": len(po["rounds"])}), name))
        return RedirectResponse(f"/games/{gid}", status_code=303)
    coach = COACHES[how]
    task = dataclasses.replace(task, **({"home_coach": coach} if side == 0 else {"away_coach": coach}))
    pool = getattr(request.app.state, "pool", None)

    def play():
        out = task.run() if pool is None else pool.run(request.state.session, task.run, "your game", "season games")
        _update_playoffs(store, name, lambda po: P.record(po, index, task, out, home, away, coach=coach))

    await run_in_threadpool(play)
    return RedirectResponse(f"/seasons/{name}", status_code=303)


@router.post("/seasons/{name}/forget")
def forget_season(request: Request, name: str):
    """Take a season off this browser's list (it stays in the server's database, for ``coachgym
    season``): room for another within the quota. Its simulation, if one runs, is stopped (the games
    stored so far stay)."""
    same_origin(request)
    _season_row(request, name)
    _sims(request).stop(name)
    with _store(request).transaction() as cur:
        cur.execute("DELETE FROM web_seasons WHERE name = ? AND owner = ?", (name, owner_of(request.state.session)))
    return RedirectResponse("/seasons", status_code=303)
