"""Worker processes end when their parent dies by any signal, SIGKILL included (issue 32, item 9):
an out-of-memory kill or a job scheduler's time limit of ``coachgym train --seeds`` or of a
``simulate --jobs 2`` must not leave workers training or playing on as orphans."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

ROOT = Path(__file__).resolve().parents[1]
COACHGYM = [sys.executable, "-c", "import sys; from coachgym.cli import run; sys.argv[0] = 'coachgym'; run()"]


def _alive(pid: int) -> bool:
    """Running (not gone, not a zombie waiting for a reaper)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


def _end_all(proc: subprocess.Popen, pids) -> None:
    """No process of a test left behind: ``pids`` (orphans included) and ``proc`` killed, its pipe closed."""
    for k in pids:
        if _alive(k):
            try:
                os.kill(k, signal.SIGKILL)
            except OSError:
                pass
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    proc.stderr.close()


def _kill_parent_and_check(args: list[str], workers: int, settle: float, cwd: Path,
                           ready: Path | None = None) -> None:
    """Start ``coachgym ARGS``, wait for ``workers`` children (and, given ``ready``, for a file under
    that folder: the workers past their start on a loaded machine), SIGKILL it, and check that its
    workers are gone within 10 s."""
    proc = subprocess.Popen([*COACHGYM, *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    kids: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            kids = _children(proc.pid)
            if len(kids) >= workers:
                break
            time.sleep(0.2)
        assert len(kids) >= workers, (f"{args}: {len(kids)} worker processes after 120 s "
                                      f"(exit {proc.poll()}): {proc.stderr.read().decode() if proc.poll() else ''}")
        while ready is not None and time.monotonic() < deadline + 120 and proc.poll() is None \
                and not any(p.is_file() for p in ready.rglob("*")):
            time.sleep(0.2)
        time.sleep(settle)  # the workers past their start (the initializer ties them to the parent)
        kids = _children(proc.pid)
        assert proc.poll() is None, f"{args}: ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(k) for k in kids):
            time.sleep(0.1)
        orphans = [k for k in kids if _alive(k)]
        assert not orphans, f"{args}: workers {orphans} still running 10 s after their parent was SIGKILLed"
    finally:  # whatever happened, no process of this test is left behind (orphans included)
        _end_all(proc, set(kids) | set(_children(proc.pid) if proc.poll() is None else []))


def test_simulate_workers_end_when_the_parent_is_sigkilled(tmp_path):
    _kill_parent_and_check(["simulate", "valueadd", "-n", "200000", "--jobs", "2", "--no-progress"], 2, 1.0, tmp_path)


def test_training_sweep_workers_end_when_the_parent_is_sigkilled(tmp_path):
    pytest.importorskip("sb3_contrib")
    config = ROOT / "configs" / "valueadd" / "tiny.yaml"
    _kill_parent_and_check(["train", "valueadd", "--config", str(config), "--seeds", "2", "--steps", "1000000",
                            "--jobs", "2", "--out", str(tmp_path / "sweep"), "--no-progress"], 2, 3.0, tmp_path)


def test_a_worker_whose_parent_died_before_the_tie_ends_at_once(tmp_path):
    """``die_with_parent(parent)`` of a process whose parent is already gone ends it (the race between
    the parent's death and the tie)."""
    code = ("import os, sys; from coachgym.core.lifeline import die_with_parent; "
            "die_with_parent(parent=os.getppid() + 10**6); print('survived')")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert res.returncode == -signal.SIGKILL and "survived" not in res.stdout


def test_the_servers_season_worker_outlives_the_thread_that_started_it_and_dies_with_the_server(tmp_path):
    """The web server's background process for a season (``coachgym.web.season.Background``) is
    started by a server thread: it must survive that thread's end (so no kernel death signal tied to
    the thread) and still end when the server is SIGKILLed (the parent watchdog)."""
    pytest.importorskip("fastapi")
    code = """if True:
        import os, sys, threading, time
        from coachgym.web import season
        got = []
        t = threading.Thread(target=lambda: got.append(season.Background(time.sleep, (120,))))
        t.start(); t.join()  # the thread that started the season's process has ended
        time.sleep(1.5)
        assert got[0].process.is_alive()
        print(got[0].process.pid, flush=True)
        time.sleep(600)
    """
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    worker = None
    try:
        line = proc.stdout.readline()
        assert line.strip().isdigit(), (line, proc.poll(), proc.stderr.read() if proc.poll() is not None else "")
        worker = int(line)
        assert worker in _children(proc.pid) and _alive(worker)
        time.sleep(0.5)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and _alive(worker):
            time.sleep(0.1)
        assert not _alive(worker), f"the season worker {worker} still runs 5 s after the server was SIGKILLed"
    finally:
        if worker is not None and _alive(worker):
            os.kill(worker, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()


def test_a_local_backend_run_from_a_thread_keeps_its_workers_after_that_thread_ends():
    """The kernel's death signal follows the thread that started a worker: a LocalBackend first used
    from a thread that then ends keeps its workers (the watchdog alone ties them to the process)."""
    import threading

    from coachgym.core.runner import CallTask, LocalBackend

    with LocalBackend(2) as backend:
        first: list = []
        t = threading.Thread(target=lambda: first.extend(backend.map([CallTask(os.getpid) for _ in range(4)])))
        t.start()
        t.join()
        time.sleep(1.0)
        again = backend.map([CallTask(os.getpid) for _ in range(4)])
        assert backend.restarts == 0 and set(again) <= set(first) | set(again) and all(_alive(p) for p in set(first))


def test_subproc_vec_env_workers_end_when_the_learner_is_sigkilled(tmp_path):
    """``vec_env: subproc`` (stable-baselines3's SubprocVecEnv, one process per env): its env workers
    end with the learner, SIGKILL included (they read an end of file on their pipe; their env factory
    also ties them with ``die_with_parent``, for a worker busy in a long step: training/train.py)."""
    pytest.importorskip("sb3_contrib")
    config = tmp_path / "subproc.yaml"
    config.write_text((ROOT / "configs" / "valueadd" / "tiny.yaml").read_text()
                      .replace("n_envs: 1", "n_envs: 2").replace("vec_env: dummy", "vec_env: subproc"))
    _kill_parent_and_check(["train", "valueadd", "--config", str(config), "--steps", "1000000",
                            "--out", str(tmp_path / "run"), "--no-progress"], 2, 1.0, tmp_path,
                           ready=tmp_path / "run" / "checkpoints")  # a checkpoint: the envs have stepped


def _tree(pid: int) -> set[int]:
    out, todo = set(), [pid]
    while todo:
        kids = _children(todo.pop())
        out.update(kids)
        todo.extend(kids)
    return out


def test_a_private_local_rays_processes_end_when_the_driver_is_sigkilled(tmp_path):
    """``--backend ray`` without ``--address`` starts a private local Ray (GCS, raylet, its agents and
    task workers); a SIGKILLed ``simulate`` must not leave any of them running (the reaper of
    ``core.lifeline.reap_on_death``: Ray's own agents otherwise ran on for over 60 s)."""
    pytest.importorskip("ray")
    proc = subprocess.Popen([*COACHGYM, "simulate", "valueadd", "-n", "200000", "--jobs", "2", "--backend", "ray",
                             "--no-progress"], cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    tree: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        names: list[str] = []
        while time.monotonic() < deadline and proc.poll() is None:
            tree = _tree(proc.pid)
            names = []
            for p in tree:
                try:
                    names.append(Path(f"/proc/{p}/cmdline").read_bytes().decode(errors="replace"))
                except OSError:
                    continue
            if sum("ray::" in n for n in names) >= 2 and any("agent" in n for n in names) \
                    and any("reap_loop" in n for n in names):
                break
            time.sleep(0.3)
        assert proc.poll() is None, f"simulate ended early: {proc.stderr.read().decode()[-2000:]}"
        assert any("raylet" in n for n in names) and any("reap_loop" in n for n in names), names
        time.sleep(4.0)  # the reaper started (on a loaded machine, seconds) and noted the tree (every 0.5 s)
        tree = _tree(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        # Ray's own agents (DashboardAgent, RuntimeEnvAgent) end when they see their raylet gone; on a
        # loaded CI machine (the whole suite on two cores) that took more than 10 s once, and more than
        # 30 s once (2026-11-30): 45 s allowed (without the reaper they ran on for over 60 s)
        deadline = time.monotonic() + 45
        while time.monotonic() < deadline and any(_alive(k) for k in tree):
            time.sleep(0.2)
        left = {k: Path(f"/proc/{k}/cmdline").read_bytes()[:80] for k in tree if _alive(k)}
        assert not left, f"still running 45 s after the driver was SIGKILLed: {left}"
    finally:
        _end_all(proc, tree)
