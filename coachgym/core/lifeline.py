"""Worker processes that end when the process that started them dies, by any signal.

A pool's workers are ended by their parent when it exits normally or on Ctrl-C; a parent killed by
SIGKILL (an out-of-memory kill, a job scheduler's time limit, ``kill -9``) runs no code, and its
workers would go on as orphans at full CPU. :func:`die_with_parent`, called first thing in a worker
(a pool's ``initializer``), ties the worker to its parent two ways:

* on Linux, ``prctl(PR_SET_PDEATHSIG, SIGKILL)``: the kernel kills the worker the moment the parent
  goes. (The kernel's "parent" is the *thread* that started the worker: a worker started from a
  thread that ends before the process does would be killed with that thread, so a pool fed from
  short-lived threads passes ``kernel=False``.)
* everywhere, a watchdog thread that checks every ``interval`` seconds whether the parent is still
  the worker's parent (an orphan is adopted by another process) and ends the worker if not.

Plain Python (ctypes, threads): no dependency, and a no-op where neither is possible.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from typing import Any

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_started: list[int] = []  # the pid this process's watchdog watches (one watchdog per process)


def _kernel_tie() -> bool:
    """``prctl(PR_SET_PDEATHSIG, SIGKILL)`` on Linux; False where it is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _end_now() -> None:
    try:
        os.kill(os.getpid(), signal.SIGKILL)
    finally:  # (where SIGKILL does not exist)
        os._exit(1)


def _watch(parent: int, interval: float) -> None:
    while True:
        time.sleep(interval)
        if os.getppid() != parent:
            _end_now()


def die_with_parent(parent: int | None = None, *, kernel: bool = True, interval: float = 1.0) -> None:
    """End this process when its parent (``parent``, default: the current parent) dies, by any
    signal: the kernel's death signal where it exists (``kernel``) and a watchdog thread checking the
    parent every ``interval`` seconds. Ends at once when the parent is already gone. Idempotent."""
    parent = os.getppid() if parent is None else parent
    if kernel:
        _kernel_tie()
    if os.getppid() != parent:  # the parent died before the tie was made
        _end_now()
    if _started and _started[0] == parent:
        return
    _started[:] = [parent]
    threading.Thread(target=_watch, args=(parent, interval), name="coachgym-lifeline", daemon=True).start()


# -- processes a library starts on our behalf (a private local Ray) ----------------------------------

_reaper: list[Any] = []  # the one reaper process of this process, once started


def _descendants(root: int, marker: str) -> set[int]:
    """The living descendants of ``root`` whose command line contains ``marker`` (Linux ``/proc``)."""
    parents: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != b"Z":
                parents[int(entry.name)] = int(fields[1])
    children: dict[int, list[int]] = {}
    for pid, ppid in parents.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = set(), list(children.get(root, []))
    while todo:
        pid = todo.pop()
        out.add(pid)
        todo.extend(children.get(pid, []))
    me = os.getpid()
    found = set()
    for pid in out - {me}:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if marker.encode() in f.read().lower():
                    found.add(pid)
        except OSError:
            continue
    return found


def reap_loop(watched: int, marker: str, interval: float = 0.5) -> None:
    """The reaper's body (run as ``python -c``): every ``interval`` seconds, note the descendants of
    ``watched`` whose command line holds ``marker``; when ``watched`` is gone, SIGKILL the last ones
    noted (an orphan is re-parented, so the tree must be known before the death)."""
    noted: set[int] = set()
    while True:
        try:
            os.kill(watched, 0)
            alive = os.getppid() == watched
        except OSError:
            alive = False
        if not alive:
            for pid in noted:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            return
        noted = _descendants(watched, marker)
        time.sleep(interval)


def reap_on_death(marker: str) -> bool:
    """Start (once per process) a small reaper process that, when this process dies by any signal,
    SIGKILLs this process's descendants whose command line contains ``marker``: the helper processes
    a library starts and does not tie to us (a private local Ray's raylet, GCS and agents, which
    outlive a SIGKILLed driver). The reaper itself ends with us (it watches its parent). Linux only
    (``/proc``); returns whether a reaper runs."""
    if _reaper:
        return True
    if not sys.platform.startswith("linux") or not os.path.isdir("/proc"):
        return False
    import subprocess

    code = (f"from coachgym.core.lifeline import reap_loop; reap_loop({os.getpid()}, {marker.lower()!r})")
    try:
        proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, close_fds=True)
    except OSError:
        return False
    _reaper.append(proc)
    return True
