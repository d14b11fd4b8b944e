"""The one match runner: every series of games (simulate, benchmark, leverage, strategy sweeps,
seasons and tournaments, ratings, sequential comparisons, analysis rollouts) runs through it, on a
pluggable backend.

Tasks
-----
A *task* is a picklable description of a piece of work, never a live coach or engine: an object with
a ``games`` attribute (how many games it plays, for progress bars) and a ``run()`` method that builds
everything it needs (ruleset, teams, coaches, engines) inside the worker and returns a picklable
result. Because a task carries its own seeds, the same task gives the same result on any backend,
in any worker, in any order, and when it is run again after its worker died.

* :class:`SeriesChunk` - games ``first .. first+count-1`` of a seeded series between coach A and
  coach B (the pairing and seeding of :func:`coachgym.core.match.run_match`: games in pairs that
  share a seed, the coaches swapping benches). Returns a :class:`~coachgym.core.match.MatchResult`.
  Concatenating the chunks' games in order gives the series played at once, game for game.
* Anything else with ``games`` and ``run()`` (seasons send one scheduled game per task with the
  state carried into it; an analysis sends rollouts). :class:`CallTask` wraps a module-level function.

A coach is named by a *coach spec*: a string that ``Ruleset.coach`` understands (``"random"``,
``"by-the-book:double_team=star"``, ``"trained"``, a model file, ``"search:..."``), or a picklable
callable ``spec(ruleset, seed) -> Coach`` (a module-level function, a ``functools.partial``, or an
instance of a module-level class with ``__call__``), for coaches built around another one (e.g.
the leverage command's "random in one decision kind"). Teams are bundled team names, team file
paths, or loaded team objects (send loaded objects when workers may not see the file).

Backends
--------
``backend.submit(task) -> Job``, ``backend.as_completed(jobs)`` yields jobs as they finish (their
``result()`` then returns at once), ``backend.cancel(jobs)`` drops what has not started, and
``backend.map(tasks, progress=True)`` runs a list and returns the results in task order with a tqdm
bar counted in games. A sequential test submits a few tasks, reads them as they complete, and
stops (cancels) as soon as it knows.

* :class:`InlineBackend` - in this process, one task at a time, only when its result is asked for
  (so a sequential test that stops early plays nothing more). For tests and debugging.
* :class:`LocalBackend` ``(jobs)`` - worker processes on this machine (the default; ``jobs`` defaults
  to the CPU count). A worker process that dies (killed, out of memory) breaks the pool; the
  backend starts a new pool and submits again every task that had not returned, so no game is lost
  and none is counted twice (each task's result is taken once).
* :class:`RayBackend` ``(address, jobs)`` - a Ray cluster (``pip install 'coachgym[scale]'``; ``ray``
  is imported only here). ``address=None`` starts a private local instance with ``jobs`` CPUs;
  ``address="auto"`` or ``"ray://host:10001"`` joins a running cluster (``ray start --head``).
  Ray reruns a task whose worker process or node died (``max_retries``); a task that raises an
  ordinary exception is not retried and the error reaches the caller.

:func:`make_backend` builds one from the command line's ``--backend local|ray|inline``,
``--address`` and ``--jobs``; :func:`play_series` is the one call for "N games of A against B".

Results do not depend on the backend or the number of workers (tested): each game's seed is a
function of the series seed and its index alone.
"""

from __future__ import annotations

import os
import queue
import signal
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, Protocol, Sequence

from .errors import CoachgymError
from .match import MatchResult, run_match

CoachSpec = Any  # str, or a picklable callable (ruleset, seed) -> Coach
TeamRef = Any  # bundled team name, team file path, or a loaded team object

BACKENDS = ("local", "ray", "inline")


class RunnerError(CoachgymError):
    """A series could not be run (backend not installed, a task's worker kept dying, a task failed)."""


class Task(Protocol):
    @property
    def games(self) -> int:
        """How many games the task plays (its share of a progress bar)."""

    def run(self) -> Any:
        """Play the task's games in this process and return a picklable result."""


def make_coach(rs: Any, spec: CoachSpec, seed: int | None) -> Any:
    """A coach from a coach spec (see the module docstring)."""
    if isinstance(spec, str):
        return rs.coach(spec, seed=seed)
    return spec(rs, seed)


def coach_label(spec: CoachSpec) -> str:
    """A short name for a coach spec, for tables and progress bars."""
    if isinstance(spec, str):
        return spec
    return getattr(spec, "label", None) or getattr(spec, "__name__", None) or type(spec).__name__


@dataclass(frozen=True)
class SeriesChunk:
    """Games ``first .. first+count-1`` of the seeded series coach A vs coach B (see ``run_match``).

    ``teams``: the (home, away) pairs cycled through per pair of games. ``coach_seeds``: the seeds the
    two coaches are built with (default: series seed + 1 and + 2); every game reseeds them anyway.
    """

    ruleset: str
    coach_a: CoachSpec
    coach_b: CoachSpec
    teams: tuple[tuple[TeamRef, TeamRef], ...] = ((None, None),)
    seed: int = 0
    first: int = 0
    count: int = 2
    options: dict[str, Any] | None = None
    swap_sides: bool = True
    keep_box: bool = False
    coach_seeds: tuple[int, int] | None = None

    @property
    def games(self) -> int:
        return self.count

    def run(self) -> MatchResult:
        from .. import rulesets

        rs = rulesets.get(self.ruleset)
        pairs = [tuple(rs.load_team(t if t is not None else rs.default_teams[i]) for i, t in enumerate(p))
                 for p in self.teams]
        sa, sb = self.coach_seeds if self.coach_seeds is not None else (self.seed + 1, self.seed + 2)
        a, b = make_coach(rs, self.coach_a, sa), make_coach(rs, self.coach_b, sb)
        options = rs.parse_options(self.options or {})

        def new_game(h: Any, w: Any, seed: int, record_events: bool = False) -> Any:
            return rs.new_game(h, w, seed=seed, options=options, record_events=record_events)

        result = run_match(new_game, a, b, games=self.count, seed=self.seed, teams=pairs,
                           swap_sides=self.swap_sides, keep_box=self.keep_box, first_game=self.first)
        result.coach_a, result.coach_b = coach_label(self.coach_a), coach_label(self.coach_b)
        return result


@dataclass(frozen=True)
class CallTask:
    """``fn(*args, **kwargs)`` as a task (``fn`` must be a module-level function)."""

    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    games: int = 1

    def run(self) -> Any:
        return self.fn(*self.args, **self.kwargs)


def run_task(task: Task) -> Any:
    """What a worker does with a task (module level, so every backend can pickle it)."""
    return task.run()


# --------------------------------------------------------------------------------------- backends
class Job:
    """A submitted task. ``result()`` blocks until it is done (on an inline backend: plays it now)."""

    __slots__ = ("index", "task", "handle", "attempts", "_done", "_result", "_backend")

    def __init__(self, backend: "Backend", index: int, task: Task):
        self._backend = backend
        self.index = index
        self.task = task
        self.handle: Any = None
        self.attempts = 0
        self._done = False
        self._result: Any = None

    def result(self) -> Any:
        if not self._done:
            for _ in self._backend.as_completed([self]):
                pass
        return self._result

    def done(self) -> bool:
        return self._done

    def _finish(self, value: Any) -> None:
        self._result = value
        self._done = True
        self.handle = None

    def __repr__(self) -> str:
        return f"Job({self.index}, {type(self.task).__name__}, done={self._done})"


class Backend:
    """Where tasks run. Subclasses implement ``_start``, ``_wait_any`` and optionally ``_cancel``."""

    name = "backend"
    workers = 1

    def __init__(self) -> None:
        self._submitted = 0

    def submit(self, task: Task) -> Job:
        job = Job(self, self._submitted, task)
        self._submitted += 1
        self._start(job)
        return job

    def as_completed(self, jobs: Iterable[Job]) -> Iterator[Job]:
        """Yield the jobs as they finish (already finished ones first)."""
        pending = []
        for job in jobs:
            if job.done():
                yield job
            else:
                pending.append(job)
        while pending:
            for job in self._wait_any(pending):
                pending.remove(job)
                yield job

    def cancel(self, jobs: Iterable[Job]) -> None:
        """Drop jobs that are not done (a sequential test that knows enough)."""
        for job in jobs:
            if not job.done():
                self._cancel(job)

    def map(self, tasks: Sequence[Task], *, progress: bool = False, desc: str | None = None,
            on_result: Callable[[int, Any], None] | None = None) -> list[Any]:
        """Run ``tasks`` and return their results in task order. ``on_result(i, result)`` is called as
        each finishes (in completion order), e.g. to store results of a resumable run."""
        jobs = [self.submit(t) for t in tasks]
        order = {id(j): i for i, j in enumerate(jobs)}
        results: list[Any] = [None] * len(jobs)
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=sum(t.games for t in tasks), desc=desc, unit="game")
        try:
            for job in self.as_completed(jobs):
                i = order[id(job)]
                results[i] = job.result()
                if on_result is not None:
                    on_result(i, results[i])
                if bar is not None:
                    bar.update(job.task.games)
        except BaseException:
            self.cancel(jobs)
            raise
        finally:
            if bar is not None:
                bar.close()
        return results

    def close(self) -> None:
        pass

    def abort(self) -> None:
        """Stop at once (Ctrl-C, an error): unfinished work is dropped. Default: ``close``."""
        self.close()

    def __enter__(self) -> "Backend":
        return self

    def __exit__(self, exc_type: Any, *exc: Any) -> None:
        if exc_type is None:
            self.close()
        else:
            self.abort()

    # subclass hooks
    def _start(self, job: Job) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def _wait_any(self, pending: list[Job]) -> list[Job]:  # pragma: no cover - interface
        """Block until at least one of ``pending`` is done; finish and return those."""
        raise NotImplementedError

    def _cancel(self, job: Job) -> None:
        pass

    def describe(self) -> str:
        return f"{self.name} ({self.workers} worker{'s' if self.workers != 1 else ''})"


class InlineBackend(Backend):
    """Runs each task in this process when its result is first needed (submission order)."""

    name = "inline"

    def _start(self, job: Job) -> None:
        job.handle = "queued"

    def _wait_any(self, pending: list[Job]) -> list[Job]:
        job = min(pending, key=lambda j: j.index)
        job._finish(run_task(job.task))
        return [job]

    def _cancel(self, job: Job) -> None:
        job._finish(None)


class LocalBackend(Backend):
    """Worker processes on this machine (``concurrent.futures``). A dead worker's tasks run again."""

    name = "local"

    def __init__(self, jobs: int | None = None, *, max_retries: int = 3):
        super().__init__()
        self.workers = max(1, jobs or os.cpu_count() or 1)
        self.max_retries = max_retries
        self._pool: ProcessPoolExecutor | None = None
        self._generation = 0
        self.restarts = 0  # how many times a broken pool was replaced (for tests and reports)
        # futures put here by the pool's manager thread as they finish (``_wait_any`` takes them);
        # ``concurrent.futures.wait`` is not used: Ctrl-C landing while it takes the futures' locks
        # one by one leaves some held by this thread, and the manager thread, setting a result,
        # waits on them for ever (the interpreter's exit then joins it: a hang after "stopped")
        self._finished: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
        self._taken: set[Future[Any]] = set()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # the kernel's death signal ties a worker to the thread that starts it: only where the
            # pool is run from the main thread (a pool run from a thread that may end: the watchdog)
            main = threading.current_thread() is threading.main_thread()
            self._pool = ProcessPoolExecutor(self.workers, initializer=_worker_ignores_ctrl_c, initargs=(main,))
            self._generation += 1
        return self._pool

    def _start(self, job: Job) -> None:
        job.attempts += 1
        pool = self._executor()
        future = pool.submit(run_task, job.task)
        job.handle = (self._generation, future)
        future.add_done_callback(self._finished.put)

    def _restart_pool(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self.restarts += 1

    def _wait_any(self, pending: list[Job]) -> list[Job]:
        while True:
            futures = {job.handle[1]: job for job in pending}
            done = self._done_among(futures)
            finished, lost = [], []
            for fut in done:
                job = futures[fut]
                exc = fut.exception()
                if isinstance(exc, BrokenProcessPool):
                    lost.append(job)
                elif exc is not None:
                    self.cancel(pending)
                    raise exc
                else:
                    job._finish(fut.result())
                    finished.append(job)
            if lost:
                # a worker died: every task that had not returned from that pool is submitted again
                # to a fresh pool; results already taken stay (nothing counted twice)
                if any(job.handle[0] == self._generation for job in lost):
                    self._restart_pool()
                for job in lost:
                    if job.attempts > self.max_retries:
                        self.cancel(pending)
                        raise RunnerError(f"a worker process died {job.attempts} times running {job.task!r}; giving up")
                    self._start(job)
            if finished:
                return finished

    def _done_among(self, futures: dict[Future[Any], Job]) -> list[Future[Any]]:
        """Block until one of ``futures`` has finished; return every finished one. The blocking
        ``get`` holds no future's lock, so Ctrl-C may land in it safely."""
        taken = self._taken
        while not any(f in taken for f in futures):
            taken.add(self._finished.get())
        while True:  # whatever else has finished meanwhile
            try:
                taken.add(self._finished.get_nowait())
            except queue.Empty:
                break
        done = [f for f in futures if f in taken]
        taken.difference_update(done)
        taken.difference_update([f for f in taken if f.cancelled()])  # cancelled jobs are not waited for
        return done

    def _cancel(self, job: Job) -> None:
        if job.handle is not None:
            job.handle[1].cancel()
        job._finish(None)

    def close(self) -> None:
        self._taken.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def abort(self) -> None:
        """Ctrl-C reaches the workers too (one process group); they ignore it, and are ended here
        instead of finishing their chunks (so no worker prints a traceback after the command's
        own last line)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        thread = getattr(pool, "_executor_manager_thread", None)  # (shutdown forgets it: keep it here)
        if thread is not None:
            _quiet_cancelled_future_race(thread)
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in processes:
            if proc.is_alive():
                proc.terminate()
        for proc in processes:
            proc.join(timeout=5)
        pool.shutdown(wait=True)  # the pool's manager thread too, before the interpreter's exit joins it
        # the interpreter's exit wakes every pool's manager thread it knows of; this one is joined and
        # its pipe may already be closed by the workers' ending (an OSError printed at exit): forget it
        import concurrent.futures.process as cf_process

        wakeups = getattr(cf_process, "_threads_wakeups", None)
        if thread is not None:
            thread.join(timeout=5)
        if wakeups is not None and thread is not None and not thread.is_alive():  # (a WeakKeyDictionary)
            wakeups.pop(thread, None)


def _quiet_cancelled_future_race(thread: threading.Thread) -> None:
    """Python 3.11's pool manager, finding the pool broken by the workers' ending, sets an exception
    on every pending future, and raises ``InvalidStateError`` for one already cancelled (printed as
    a traceback after the command's last line). Python 3.12 ignores it there; so does this, for
    ``thread`` (the aborted pool's manager) alone."""
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook

    def hook(args: Any) -> None:
        if args.thread is thread and args.exc_type is not None and issubclass(args.exc_type, InvalidStateError):
            return
        previous(args)

    threading.excepthook = hook


def _worker_ignores_ctrl_c(kernel: bool = True) -> None:
    """A LocalBackend worker leaves Ctrl-C to the process that runs the series (see ``abort``), and
    ends when that process dies by any signal, SIGKILL included (``core.lifeline``; ``kernel``: with
    the kernel's death signal too, for a pool run from the main thread): no orphans."""
    from .lifeline import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(kernel=kernel)


class RayBackend(Backend):
    """Tasks as Ray remote calls. ``address=None``: a private local Ray instance with ``jobs`` CPUs
    (shut down by ``close``); otherwise joins the cluster at ``address`` (``"auto"``, ``"ray://..."``).

    Every node needs the same coachgym (and, for trained coaches given as files, the same model file
    at the same path); see docs/series.md."""

    name = "ray"

    def __init__(self, address: str | None = None, jobs: int | None = None, *, max_retries: int = 3,
                 init_kwargs: dict[str, Any] | None = None):
        super().__init__()
        try:
            import ray
        except ImportError:
            raise RunnerError("the ray backend needs Ray: pip install 'coachgym[scale]'") from None
        self._ray = ray
        self._owns = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"include_dashboard": False, "logging_level": "WARNING",
                                      "log_to_driver": False, **(init_kwargs or {})}
            if address is None:
                kwargs.setdefault("num_cpus", jobs or os.cpu_count() or 1)
            # a private local instance: Ray's notice that it turned its token authentication on
            # (RAY_AUTH_MODE) speaks of a cluster the user never sees; only its errors are shown
            import logging

            auth_log = logging.getLogger("ray._private.authentication.authentication_token_setup")
            level = auth_log.level
            if address is None:
                auth_log.setLevel(logging.ERROR)
            try:
                ray.init(address=address, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise RunnerError(f"cannot start or reach Ray at {address or 'a new local instance'}: {exc}") from None
            finally:
                auth_log.setLevel(level)
            self._owns = True
            if address is None:
                # a private local Ray: its raylet, GCS and agents would outlive this process killed by
                # SIGKILL (an out-of-memory kill, a scheduler's time limit); a reaper ends them (core/lifeline.py)
                from .lifeline import reap_on_death

                reap_on_death("ray")
        self.workers = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]  # (Ray's API is untyped)
        self._remote = ray.remote(max_retries=max_retries, retry_exceptions=False)(run_task)

    def _start(self, job: Job) -> None:
        job.attempts += 1
        job.handle = self._remote.remote(job.task)

    def _wait_any(self, pending: list[Job]) -> list[Job]:
        refs = {job.handle: job for job in pending}
        ready, _ = self._ray.wait(list(refs), num_returns=1)
        # take every ready one, not just the first, to keep the driver's round trips few
        more, _ = self._ray.wait(list(refs), num_returns=len(refs), timeout=0)
        finished = []
        for ref in {*ready, *more}:
            job = refs[ref]
            try:
                value = self._ray.get(ref)
            except self._ray.exceptions.RayTaskError as exc:
                job._finish(None)  # done: its result is this error (cancelling a finished task trips a Ray race)
                self.cancel(pending)
                cause = exc.as_instanceof_cause()  # type: ignore[no-untyped-call]  # (Ray's API is untyped)
                raise cause from None
            except self._ray.exceptions.RayError as exc:  # worker or node lost beyond max_retries
                job._finish(None)
                self.cancel(pending)
                raise RunnerError(f"Ray could not run {job.task!r}: {exc}") from None
            job._finish(value)
            finished.append(job)
        return finished

    def _cancel(self, job: Job) -> None:
        # Only a task that has not finished is cancelled, and without force: a running task ends and
        # its result is dropped. Ray 2.x aborts the driver when a cancel races with a task's
        # completion ("Tried to complete task that was not pending", ray-project/ray#54846), which a
        # forced cancel of a finishing task (or one whose error was just read) can trigger.
        if job.handle is not None:
            try:
                ready, _ = self._ray.wait([job.handle], num_returns=1, timeout=0)
                if not ready:
                    self._ray.cancel(job.handle, force=False)
            except Exception:  # already finished or gone
                pass
        job._finish(None)

    def close(self) -> None:
        if self._owns and self._ray.is_initialized():
            self._ray.shutdown()
            self._owns = False


def make_backend(name: str = "local", *, jobs: int | None = None, address: str | None = None) -> Backend:
    """The backend a command line names: ``local`` (worker processes; ``jobs=1`` plays in this
    process), ``ray`` (``address`` of a cluster, or a private local instance with ``jobs`` CPUs), or
    ``inline``."""
    if name == "local":
        if address:
            raise RunnerError("--address is for the ray backend")
        return InlineBackend() if jobs == 1 else LocalBackend(jobs)
    if name == "inline":
        return InlineBackend()
    if name == "ray":
        return RayBackend(address, jobs)
    raise RunnerError(f"unknown backend {name!r}; known backends: {', '.join(BACKENDS)}")


# ------------------------------------------------------------------------------------ series
def series_chunks(ruleset: str, coach_a: CoachSpec, coach_b: CoachSpec, games: int, *, seed: int = 0,
                  teams: Sequence[tuple[TeamRef, TeamRef]] | tuple[TeamRef, TeamRef] | None = None,
                  options: dict[str, Any] | None = None, swap_sides: bool = True, keep_box: bool = False,
                  chunk: int | None = None, workers: int = 1, first: int = 0,
                  coach_seeds: tuple[int, int] | None = None) -> list[SeriesChunk]:
    """Split games ``first .. first+games-1`` of a series into tasks (whole pairs when sides swap).

    ``chunk`` defaults to about a quarter of each worker's share, between 2 and 200 games, so that
    progress moves and workers stay busy to the end."""
    if isinstance(teams, tuple) and len(teams) == 2 and not isinstance(teams[0], tuple):
        teams = (teams,)
    pairs = tuple(tuple(p) for p in teams) if teams else ((None, None),)
    if chunk is None:
        chunk = max(2, min(200, games // max(1, 4 * workers)))
    if swap_sides:
        if first % 2:
            raise ValueError("first must be even when games come in pairs")
        chunk += chunk % 2
    return [SeriesChunk(ruleset, coach_a, coach_b, pairs, seed, start, min(chunk, first + games - start),
                        options or None, swap_sides, keep_box, coach_seeds)
            for start in range(first, first + games, chunk)]


class SeriesInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`play_series`: ``result`` holds the games of the chunks that had finished
    (in series order; ``None`` when none had)."""

    def __init__(self, result: MatchResult | None):
        super().__init__()
        self.result = result


def merge(results: Iterable[MatchResult]) -> MatchResult:
    """Chunks of one series, in order, as one result."""
    merged: MatchResult | None = None
    for r in results:
        if merged is None:
            merged = MatchResult(r.coach_a, r.coach_b)
        merged.games.extend(r.games)
    if merged is None:
        raise ValueError("no results to merge")
    return merged


def play_series(ruleset: str, coach_a: CoachSpec, coach_b: CoachSpec, games: int, *, seed: int = 0,
                teams: Sequence[tuple[TeamRef, TeamRef]] | tuple[TeamRef, TeamRef] | None = None,
                options: dict[str, Any] | None = None, swap_sides: bool = True, keep_box: bool = False,
                backend: Backend | None = None, chunk: int | None = None, progress: bool = False,
                desc: str | None = None, coach_seeds: tuple[int, int] | None = None) -> MatchResult:
    """``games`` games of coach A against coach B on ``backend`` (default: in this process).

    With ``swap_sides`` (the default) games come in pairs sharing a seed with the coaches swapping
    benches; an odd count is rounded up to whole pairs."""
    if swap_sides:
        games += games % 2
    own = backend is None
    backend = backend or InlineBackend()
    try:
        tasks = series_chunks(ruleset, coach_a, coach_b, games, seed=seed, teams=teams, options=options,
                              swap_sides=swap_sides, keep_box=keep_box, chunk=chunk, workers=backend.workers,
                              coach_seeds=coach_seeds)
        label = desc or f"{ruleset} {coach_label(coach_a)} vs {coach_label(coach_b)}"
        done: dict[int, MatchResult] = {}
        try:
            return merge(backend.map(tasks, progress=progress, desc=label, on_result=done.__setitem__))
        except KeyboardInterrupt:
            raise SeriesInterrupted(merge(done[i] for i in sorted(done)) if done else None) from None
    finally:
        if own:
            backend.close()

