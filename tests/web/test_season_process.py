"""A season's background simulation runs in a process of its own (coachgym/web/season.py,
``Background``): scheduling, playing and storing the games all happen there, with its own
connection to the server's SQLite file, so none of it holds the server's interpreter lock while the
server answers a person. Over HTTP, as a browser drives it: the games it stores are the command
line's; the playoffs' other series are simulated there too; "Remove" stops a running simulation;
at most one season process per spare CPU runs at once."""

from __future__ import annotations

import os
import threading
import time

import pytest
from fastapi.testclient import TestClient

from coachgym.series.competition import Competition
from coachgym.store import Store
from coachgym.web import create_app
from coachgym.web import season as S

TEAMS = ("harbor-city", "cedar-valley", "ironwood-state", "lakeshore")


def _wait(client, where: str, seconds: float = 120) -> None:
    """Poll the page's progress until the simulation is over (the progress answers HX-Refresh then)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        r = client.get(f"{where}/progress")
        assert r.status_code == 200
        if r.headers.get("HX-Refresh") == "true":
            return
        time.sleep(0.2)
    raise AssertionError(f"the simulation of {where} did not end in {seconds} s")


def _games(store, name):
    return [(g.round, g.slot, g.home, g.away, g.seed, g.home_score, g.away_score)
            for g in Competition.load(store, name).games]


def test_the_season_is_simulated_in_a_process_of_its_own_and_stores_the_command_lines_games(db, monkeypatch):
    # in this (the server's) process nothing may simulate: the season's process imports its own
    def not_here(*args, **kwargs):
        raise AssertionError("a season was simulated in the server's process")

    monkeypatch.setattr(S.Simulations, "_run", staticmethod(not_here))
    monkeypatch.setattr(S.Simulations, "_run_playoffs", staticmethod(not_here))
    app = create_app(db_path=db)
    with TestClient(app) as a:
        made = a.post("/seasons", data={"league": "valueadd:bundled", "team": "harbor-city", "games": "2"},
                      follow_redirects=False)
        where = made.headers["location"]
        name = where.rsplit("/", 1)[1]
        assert a.post(f"{where}/simulate", data={"to": "end"}, follow_redirects=False).status_code == 303
        _wait(a, where)
        run = app.state.season_sims.get(name)
        assert run.state == "done" and run.error == ""
        # where the season's process spent its wall-clock time (tools/web_timing.py --season prints it)
        acc = run.account
        assert acc["games"] == run.done and acc["timeline"] and acc["timeline"][-1][1] == run.done
        assert acc["start"] < acc["end"] <= run.finished <= time.monotonic() and acc["store"] > 0
        assert abs(acc["on_cpu"] + acc["run_delay"] + acc["gate_asleep"] + acc["other_asleep"] - acc["wall"]) < 0.01
        if os.path.exists("/proc/thread-self/schedstat"):  # (Linux's scheduler statistics)
            assert acc["on_cpu"] > 0 and acc["run_delay"] >= 0 and acc["other_asleep"] > -0.05
        with Store(db) as store:
            comp = Competition.load(store, name)
            total = comp.total_games()
            assert comp.done and comp.finished is not None and run.done == total == len(comp.games)
            # the same season played by the command line: the same games, seeds and scores
            teams = [(e.key, e.coach) for e in comp.entries]
            cli = Competition.create(store, name="cli", kind="season", ruleset="valueadd", teams=teams, fmt=comp.fmt,
                                     options=comp.options, seed=comp.seed)
            cli.play()
            assert _games(store, name) == _games(store, "cli")
        page = a.get(where).text
        assert f'data-played="{total}"' in page and "The simulation stopped" not in page
        # the playoffs: the other series simulated in the season's process, your series waits for you
        assert a.post(f"{where}/playoffs", follow_redirects=False).status_code == 303
        assert a.post(f"{where}/playoffs/simulate", follow_redirects=False).status_code == 303
        _wait(a, where)
        run = app.state.season_sims.get(name)
        assert run.state == "done", run.error
        po = S._playoffs(Store(db), name)
        others = [s for s in po["rounds"][0] if "harbor-city" not in (s["high"], s["low"])]
        assert others and all(s["winner"] for s in others) and run.done == sum(len(s["games"]) for s in others)
        mine = [s for s in po["rounds"][0] if "harbor-city" in (s["high"], s["low"])]
        assert all(not s["games"] for s in mine)  # yours is not simulated


def test_remove_stops_a_running_simulation_and_its_process(db):
    app = create_app(db_path=db)
    with TestClient(app) as a:
        made = a.post("/seasons", data={"league": "statispro:nba-1993", "team": "knicks", "games": "20"},
                      follow_redirects=False)
        where = made.headers["location"]
        name = where.rsplit("/", 1)[1]
        a.post(f"{where}/simulate", data={"to": "end"}, follow_redirects=False)
        sims = app.state.season_sims
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and name not in sims._procs:
            time.sleep(0.05)
        proc = sims._procs[name].process
        assert proc.pid != os.getpid() and proc.is_alive()
        assert a.post(f"{where}/forget", follow_redirects=False).status_code == 303
        assert sims.get(name).state == "stopped"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and name in sims._procs:
            time.sleep(0.05)
        assert name not in sims._procs  # its process ended and was joined
        with Store(db) as store:
            stored = len(Competition.load(store, name).games)
            time.sleep(1.0)
            assert len(Competition.load(store, name).games) == stored < Competition.load(store, name).total_games()


def test_at_most_one_season_process_per_spare_cpu_runs_at_once(monkeypatch):
    """The bound on season processes (``_workers``): a simulation started while every slot is taken
    waits for one (and a simulation stopped while it waits never starts a process)."""
    monkeypatch.setattr(S, "_SLOTS", threading.BoundedSemaphore(1))
    started = []

    class FakeBackground:
        def __init__(self, job, args=()):
            started.append(args[1])
            self.gate = threading.Event()
            self.process = type("P", (), {"exitcode": 0})()
            gates[args[1]] = self.gate

        def messages(self):
            self.gate.wait(30)
            yield ("result", {"state": "done", "error": "", "done": 1, "total": 1})

        def stop(self):
            self.gate.set()

        def close(self):
            pass

    gates: dict[str, threading.Event] = {}
    monkeypatch.setattr(S, "Background", FakeBackground)
    sims = S.Simulations()
    runs = {n: S.Progress() for n in ("one", "two", "three")}
    sims.runs.update(runs)
    threads = [threading.Thread(target=sims._watch, args=(runs[n], "db", n, "", False)) for n in runs]
    threads[0].start()
    deadline = time.monotonic() + 10
    while not started and time.monotonic() < deadline:
        time.sleep(0.01)
    threads[1].start()
    threads[2].start()
    time.sleep(0.3)
    assert started == ["one"]  # the other two wait for the slot
    assert sims.stop("three") and runs["three"].state == "stopped"
    gates["one"].set()
    threads[0].join(10)
    deadline = time.monotonic() + 10
    while "two" not in gates and time.monotonic() < deadline:
        time.sleep(0.01)
    gates["two"].set()
    threads[1].join(10)
    threads[2].join(10)
    assert started == ["one", "two"] and runs["one"].state == runs["two"].state == "done"
    assert runs["three"].state == "stopped"  # stopped while it waited: no process was started


@pytest.mark.parametrize("playoffs", [False, True])
def test_a_failure_in_the_season_process_is_said_on_the_page(db, playoffs):
    app = create_app(db_path=db)
    with TestClient(app) as a:
        made = a.post("/seasons", data={"league": "valueadd:bundled", "team": "harbor-city", "games": "2"},
                      follow_redirects=False)
        where = made.headers["location"]
        name = where.rsplit("/", 1)[1]
        with Store(db) as store:  # the season's own row gone from the file: its process cannot load it
            with store.transaction() as cur:
                cur.execute("UPDATE competitions SET name = 'elsewhere' WHERE name = ?", (name,))
        a.post(f"{where}/simulate" if not playoffs else f"{where}/playoffs/simulate", follow_redirects=False)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and app.state.season_sims.get(name).state == "running":
            time.sleep(0.1)
        run = app.state.season_sims.get(name)
        assert run.state == "failed" and run.error  # (the page says "The simulation stopped: ...")


def test_the_server_counts_a_persons_requests_but_not_the_progress_polls(db, monkeypatch):
    monkeypatch.setattr(S, "GRACE", 0.25)  # (none by default: COACHGYM_SEASON_GRACE sets one)
    gate = S._gate()
    app = create_app(db_path=db)
    with TestClient(app) as a:
        a.get("/seasons")
        assert gate[0] == 0 and time.monotonic() < gate[1] <= time.monotonic() + S.GRACE  # the grace after it
        time.sleep(S.GRACE)
        before = gate[1]
        a.get("/seasons/nothing/progress")  # (a 404, but a poll all the same: not counted)
        assert gate[1] == before


def test_a_seasons_process_waits_while_a_person_is_answered(db, monkeypatch):
    """While a request is in flight (and for its grace) a season's process waits, out of a budget:
    WAIT_AT_MOST at first, spent by waiting, earned back at (1 - SHARE) / SHARE a second of
    simulating, so a person's pages come first and a request that never ends cannot stop a season."""
    fake = [0.0, 0.0]
    monkeypatch.setattr(S, "WAIT_AT_MOST", 0.3)
    monkeypatch.setattr(S, "SHARE", 0.5)  # (a second of simulating earns a second of waiting)
    people = S._People(fake)
    assert people() < 0.02
    fake[:] = [0.0, time.monotonic() + 0.2]  # the grace after a request
    assert 0.15 < people() < 0.3
    fake[:] = [1.0, 0.0]  # a request in flight: waits out what is left of the budget (about 0.1 s)
    assert 0.05 < people() < 0.2
    assert people() < 0.02  # none left: the season goes on
    time.sleep(0.1)  # (simulating, as far as the budget knows)
    assert 0.07 < people() < 0.2
    time.sleep(1.0)  # long enough to earn more than the whole budget: at most WAIT_AT_MOST
    assert 0.29 < people() < 0.45
    fake[:] = [0.0, 0.0]
    assert people() < 0.02
    assert 0.5 < people.waited < 1.0
    assert people.waits >= 4 and 0 <= people.wait_cpu + people.wait_delay < people.waited  # (its own account)
    monkeypatch.undo()
    # the same in a season's process, which reads the server's count from shared memory: a request
    # that never ends holds the season for the budget, and then it goes on to its end all the same
    monkeypatch.setenv("COACHGYM_SEASON_WAIT", "1.5")
    app = create_app(db_path=db)
    with TestClient(app) as a:
        made = a.post("/seasons", data={"league": "valueadd:bundled", "team": "harbor-city", "games": "4"},
                      follow_redirects=False)
        where = made.headers["location"]
        name = where.rsplit("/", 1)[1]
        S.request_started()  # a person's request that takes long
        try:
            a.post(f"{where}/simulate", data={"to": "end"}, follow_redirects=False)
            _wait(a, where)
            with Store(db) as store:
                total = Competition.load(store, name).total_games()
                assert len(Competition.load(store, name).games) == total
        finally:
            S.request_ended()
        run = app.state.season_sims.get(name)
        assert run.state == "done" and 1.5 <= run.waited < 1.5 + total  # the budget, then a share of the games' time
