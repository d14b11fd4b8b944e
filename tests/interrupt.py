"""Run ``coachgym`` as a person does and press Ctrl-C: a child process in a session of its own (a
terminal's Ctrl-C signals the whole process group, workers too), with SIGINT handled even when the
test suite itself runs as a background job (a shell starts those with SIGINT ignored, and a child
inherits that), and killed with its group whatever happens to the test."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from typing import Iterator

# the child restores Python's Ctrl-C handler before anything else: an ignored SIGINT is inherited
RUN = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
       "from coachgym.cli import run; run()")


@contextlib.contextmanager
def coachgym_process(args: list[str], **kwargs) -> Iterator[subprocess.Popen]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", **kwargs.pop("env", {})}
    proc = subprocess.Popen([sys.executable, "-c", RUN, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env, start_new_session=True, **kwargs)
    try:
        yield proc
    finally:
        if proc.poll() is None:  # the test failed or timed out: nothing is left running
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()


def read_until(proc: subprocess.Popen, text: str, timeout: float = 240, regex: bool = False) -> str:
    """What the process printed up to ``text`` (a regular expression with ``regex``; or its end, or
    the timeout)."""
    seen = ""
    deadline = time.time() + timeout
    found = (lambda s: re.search(text, s)) if regex else (lambda s: text in s)
    while time.time() < deadline and not found(seen):
        ch = proc.stdout.read(1)
        if not ch:
            break
        seen += ch
    return seen


def ctrl_c(proc: subprocess.Popen, timeout: float = 240) -> str:
    """Ctrl-C to the process group; the rest of the output once the process ended."""
    os.killpg(proc.pid, signal.SIGINT)
    rest, _ = proc.communicate(timeout=timeout)
    return rest
