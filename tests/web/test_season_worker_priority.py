"""A season's background process runs at nice 19 by default (the normal policy's lowest priority), so
a person's requests win the cores while a season simulates; ``COACHGYM_SEASON_PRIORITY=idle`` puts it
at the lowest priority the OS offers (Linux's SCHED_IDLE, at nice 19; nice 19 where the policy is
refused), ``nice:N`` N steps over the server's. Read back from the kernel (``/proc/<pid>/sched``,
``/proc/<pid>/stat``), not from what the code meant to set. (That the games a worker plays are the
command line's, whatever its priority: test_season_http.py. No game is played here at the idle
policy: on a machine whose cores are both busy, as under the whole suite, it would wait for one.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("fastapi")

SCHED_IDLE = 5  # Linux's policy number (include/uapi/linux/sched.h)
linux_only = pytest.mark.skipif(not os.path.exists("/proc/self/sched"), reason="reads Linux's /proc/<pid>/sched")


def _in_a_fresh_server_process(code: str, env: dict[str, str] | None = None) -> dict:
    """Run ``code`` in a new interpreter (the pool is one per process, so each case gets its own)
    with the season module's default priority; it prints one JSON line."""
    environ = {k: v for k, v in os.environ.items() if k != "COACHGYM_SEASON_PRIORITY"}  # (the module's default)
    environ.update(env or {})
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120,
                         env=environ)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


_WATCH_A_WORKER = """
    import json, os, time
    from coachgym.web import season

    def result(job, *args):  # a job in a season's background process, and its answer
        bg = season.Background(job, args)
        try:
            return next(m[1] for m in bg.messages() if m[0] == "result")
        finally:
            bg.close()

    def nice_of(path):
        with open(path) as f:
            return int(f.read().rsplit(")", 1)[1].split()[16])

    # what a season's process itself reads, and what the kernel says from outside, for each of its
    # threads while one runs (a season's process is this one's, with its lifeline's watchdog)
    inside = result(os.sched_getscheduler, 0)
    bg = season.Background(time.sleep, (60,))
    pid = bg.process.pid
    deadline = time.monotonic() + 60  # (until it has started and set its priority: spawned, it imports first)
    idle = os.environ.get("COACHGYM_SEASON_PRIORITY") == "idle"  # (which sets nice 19, then the policy)
    while time.monotonic() < deadline and (nice_of(f"/proc/{pid}/stat") == os.nice(0)
                                           or idle and os.sched_getscheduler(pid) != os.SCHED_IDLE):
        time.sleep(0.1)
    time.sleep(0.2)
    tasks = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/sched") as f:
            tasks[tid] = [next(int(l.split(":")[1]) for l in f if l.startswith("policy")),
                          nice_of(f"/proc/{pid}/task/{tid}/stat")]
    with open(f"/proc/{pid}/sched") as f:
        main = next(int(l.split(":")[1]) for l in f if l.startswith("policy"))
    nice = nice_of(f"/proc/{pid}/stat")
    bg.stop()
    bg.close()
    print(json.dumps({"pid": pid, "me": os.getpid(), "inside": inside, "main": main, "nice": nice,
                      "threads": tasks, "server": os.sched_getscheduler(0), "server_nice": os.nice(0)}))
"""


@linux_only
def test_the_seasons_worker_runs_at_nice_19_by_default_and_the_server_does_not():
    got = _in_a_fresh_server_process(_WATCH_A_WORKER)
    assert got["pid"] != got["me"]  # a process of its own
    assert got["inside"] == os.SCHED_OTHER and got["main"] == os.SCHED_OTHER, got  # the normal policy
    assert got["nice"] == min(19, got["server_nice"] + 19), got
    # the thread that plays the games is the main one; the lifeline's watchdog keeps the server's
    # priority so it notices the server's end at once
    assert got["threads"][str(got["pid"])] == [os.SCHED_OTHER, got["nice"]], got
    assert got["server"] == os.SCHED_OTHER and got["server_nice"] == os.nice(0), got  # the server is untouched


@linux_only
def test_the_idle_setting_puts_the_worker_at_the_idle_policy():
    got = _in_a_fresh_server_process(_WATCH_A_WORKER, env={"COACHGYM_SEASON_PRIORITY": "idle"})
    assert got["inside"] == SCHED_IDLE and got["main"] == SCHED_IDLE, got
    assert got["nice"] == 19, got  # (shown by ps and top; the idle policy itself ignores niceness)
    assert got["threads"][str(got["pid"])] == [SCHED_IDLE, 19], got
    assert got["server"] == os.SCHED_OTHER and got["server_nice"] == os.nice(0), got


@linux_only
def test_where_the_idle_policy_is_refused_the_worker_runs_at_nice_19():
    got = _in_a_fresh_server_process("""
        import json, os
        def refused(*args):
            raise PermissionError(1, "Operation not permitted")
        os.sched_setscheduler = refused
        from coachgym.web.season import lowest_priority
        got = lowest_priority()
        print(json.dumps({"got": got, "policy": os.sched_getscheduler(0), "nice": os.nice(0)}))
    """)
    assert got == {"got": "nice 19", "policy": os.SCHED_OTHER, "nice": 19}


@linux_only
def test_the_priority_setting_names_nice_steps_instead():
    """``COACHGYM_SEASON_PRIORITY=nice:N`` (what this test suite uses, tests/web/conftest.py): N steps
    over the server's niceness, the normal policy; nonsense gives the server's own priority, no error."""
    got = _in_a_fresh_server_process("""
        import json, os, time
        from coachgym.web import season

        def nice_of(pid):
            with open(f"/proc/{pid}/stat") as f:
                return int(f.read().rsplit(")", 1)[1].split()[16])

        bg = season.Background(time.sleep, (60,))
        pid = bg.process.pid
        want = min(19, os.nice(0) + 10)  # (a server already at 19 has nothing to wait for)
        deadline = time.monotonic() + 60  # (until it has started and set its priority: spawned, it imports first)
        while time.monotonic() < deadline and nice_of(pid) != want:
            time.sleep(0.1)
        nice, policy = nice_of(pid), os.sched_getscheduler(pid)
        bg.stop()
        bg.close()
        print(json.dumps({"policy": policy, "nice": nice, "server_nice": os.nice(0),
                          "nonsense": season.lowest_priority("nice:lots")}))
    """, env={"COACHGYM_SEASON_PRIORITY": "nice:10"})
    assert got["policy"] == os.SCHED_OTHER and got["nice"] == min(19, got["server_nice"] + 10), got
    assert got["nonsense"] == ""
