"""The match runner: tasks, the inline / local / Ray backends, the same results everywhere, and a
worker that dies mid-series has its games rerun (nothing lost, nothing counted twice)."""

from __future__ import annotations

import functools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from coachgym.core.match import MatchResult
from coachgym.core.runner import (
    CallTask,
    InlineBackend,
    LocalBackend,
    RunnerError,
    SeriesChunk,
    make_backend,
    merge,
    play_series,
    series_chunks,
)
from coachgym.evaluation.leverage import RandomInKind


def _key(result: MatchResult) -> list[tuple]:
    return [(g.seed, g.a_side, g.home_team, g.away_team, g.home_score, g.away_score) for g in result.games]


def random_in_offense_menu(rs, seed):
    """A coach spec as a module-level function."""
    return RandomInKind(rs.coach("by-the-book", seed=seed), "offense_menu", seed)


@dataclass(frozen=True)
class Marked:
    """A task that leaves ``<index>-<pid>`` in ``folder`` when it starts and waits ``delay`` seconds
    before playing ``inner``: lets a test see which worker runs it, kill that worker, and count reruns."""

    inner: SeriesChunk
    index: int
    folder: str
    delay: float = 0.0

    @property
    def games(self) -> int:
        return self.inner.games

    def run(self):
        Path(self.folder, f"{self.index}-{os.getpid()}").touch()
        time.sleep(self.delay)
        return self.inner.run()


class Boom:
    games = 1

    def run(self):
        raise ValueError("bad task")


SERIES = dict(ruleset="valueadd", coach_a="by-the-book", coach_b="random", games=16,
              teams=[("harbor-city", "harbor-city"), ("cedar-valley", "harbor-city")])


@pytest.fixture(scope="module")
def reference() -> MatchResult:
    r = play_series(**SERIES, chunk=16)
    assert r.n == 16
    return r


def test_chunks_cover_the_series_in_whole_pairs():
    tasks = series_chunks("valueadd", "random", "random", 14, chunk=5)
    assert [(t.first, t.count) for t in tasks] == [(0, 6), (6, 6), (12, 2)]
    assert sum(t.games for t in tasks) == 14
    with pytest.raises(ValueError):
        series_chunks("valueadd", "random", "random", 4, first=1)


def test_same_results_inline_and_local_whatever_the_chunking(reference):
    chunked = play_series(**SERIES, chunk=2)
    with LocalBackend(2) as local:
        parallel = play_series(**SERIES, chunk=4, backend=local)
    assert _key(chunked) == _key(reference) == _key(parallel)
    assert parallel.coach_a == "by-the-book" and parallel.coach_b == "random"
    # games come in pairs sharing a seed, the coaches swapping benches
    assert [g.a_side for g in reference.games[:4]] == [0, 1, 0, 1]
    assert reference.games[0].seed == reference.games[1].seed != reference.games[2].seed


def test_callable_coach_spec_crosses_process_boundaries():
    spec = functools.partial(random_in_offense_menu)
    inline = play_series("valueadd", spec, "by-the-book", 4, chunk=2)
    with LocalBackend(2) as local:
        parallel = play_series("valueadd", spec, "by-the-book", 4, chunk=2, backend=local)
    assert _key(inline) == _key(parallel)


def test_sequential_use_submits_reads_as_completed_and_stops_early():
    tasks = series_chunks("valueadd", "by-the-book", "random", 12, chunk=2)
    with LocalBackend(2) as backend:
        jobs = [backend.submit(t) for t in tasks]
        seen = []
        for job in backend.as_completed(jobs):
            seen.append(job.result())
            if len(seen) == 2:
                backend.cancel(jobs)
                break
        assert all(j.done() for j in jobs)
    assert all(isinstance(r, MatchResult) and r.n == 2 for r in seen)
    inline = InlineBackend()
    jobs = [inline.submit(t) for t in tasks]
    first = next(iter(inline.as_completed(jobs)))
    inline.cancel(jobs)
    # the inline backend plays a task only when asked: one task played, the rest never started
    assert first is jobs[0] and first.result().n == 2 and all(j.result() is None for j in jobs[1:])


def test_a_failing_task_reports_its_error():
    with pytest.raises(ValueError, match="bad task"):
        InlineBackend().map([Boom()])
    with LocalBackend(2) as backend, pytest.raises(ValueError, match="bad task"):
        backend.map([CallTask(time.sleep, (0,)), Boom()])


def test_make_backend_names_bad_choices():
    assert isinstance(make_backend("local", jobs=1), InlineBackend)
    with pytest.raises(RunnerError, match="unknown backend 'spark'"):
        make_backend("spark")
    with pytest.raises(RunnerError, match="--address is for the ray backend"):
        make_backend("local", address="auto")


def _kill_first_worker_and_finish(backend, tasks, folder: Path) -> list:
    jobs = [backend.submit(t) for t in tasks]
    deadline = time.time() + 60
    while not any(folder.iterdir()):
        assert time.time() < deadline, "no task started"
        time.sleep(0.05)
    victim = next(folder.iterdir())
    os.kill(int(victim.name.split("-")[1]), signal.SIGKILL)
    done = {j.index: j.result() for j in backend.as_completed(jobs)}
    return [victim, [done[j.index] for j in jobs]]


def _marked(folder: Path, delay: float) -> list[Marked]:
    chunks = series_chunks(**{k: v for k, v in SERIES.items() if k != "games"}, games=16, chunk=4)
    return [Marked(c, i, str(folder), delay) for i, c in enumerate(chunks)]


def test_local_worker_killed_mid_series_has_its_games_rerun(tmp_path, reference):
    with LocalBackend(2) as backend:
        victim, results = _kill_first_worker_and_finish(backend, _marked(tmp_path, 0.5), tmp_path)
        assert backend.restarts >= 1
    assert _key(merge(results)) == _key(reference)  # nothing lost, nothing counted twice
    index = victim.name.split("-")[0]
    assert len(list(tmp_path.glob(f"{index}-*"))) == 2  # the killed task ran again, once


@pytest.fixture(scope="module")
def ray_backend():
    pytest.importorskip("ray")
    from coachgym.core.runner import RayBackend

    backend = RayBackend(jobs=2)
    yield backend
    backend.close()


def test_ray_gives_the_same_results_as_local(ray_backend, reference):
    assert ray_backend.workers == 2
    assert _key(play_series(**SERIES, chunk=4, backend=ray_backend)) == _key(reference)
    with pytest.raises(ValueError, match="bad task"):
        ray_backend.map([Boom()])


def test_ray_worker_killed_mid_series_has_its_games_rerun(tmp_path, ray_backend, reference):
    victim, results = _kill_first_worker_and_finish(ray_backend, _marked(tmp_path, 1.0), tmp_path)
    assert _key(merge(results)) == _key(reference)  # nothing lost, nothing counted twice
    index = victim.name.split("-")[0]
    assert len(list(tmp_path.glob(f"{index}-*"))) == 2  # Ray reran the killed task, once


@pytest.mark.slow
def test_a_private_ray_instance_prints_no_token_notice(tmp_path):
    """Issue 23: Ray's notice that the private local instance turned token authentication on was
    printed to the user of `--backend ray`."""
    pytest.importorskip("ray")
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-c", "from coachgym.cli import run; run()", "simulate", "valueadd", "-n", "2",
                          "--backend", "ray", "--jobs", "1", "--no-progress"], capture_output=True, text=True,
                         timeout=240, cwd=tmp_path)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Token authentication" not in res.stdout + res.stderr and "2 games" in res.stdout
