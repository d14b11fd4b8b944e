"""How fast the web app answers a decision, and how many decisions a person makes in a full game.

    python tools/web_timing.py                          # all four rulesets, 3 games each, vs the trained coach
    python tools/web_timing.py statispro --games 5 --json

Starts ``coachgym serve``'s app under uvicorn on 127.0.0.1 (a fresh database in a temporary
folder) and plays full games over HTTP as a browser does: the person coaches home in even games,
away in odd ones, with the default auto-play, and answers every decision put to them with the book's
choice (read from the hint, not timed). What is timed is the POST of the choice as htmx sends it
(``HX-Request``) until the whole next page has arrived: the engine running to the next decision, the
game saved to SQLite, the page rendered and sent. Prints the median, 95th percentile and maximum in
milliseconds per ruleset (``--json`` adds the app's own time from the ``Server-Timing`` header), and
decisions per game. Run it niced on a shared machine.

    python tools/web_timing.py --fac 720                # the FAC Extractor page instead: 720 draws
    python tools/web_timing.py --cpu fourthstreet --games 2   # the app's CPU time per page and choice

``--fac N`` times the table tools instead: N draws on the FAC Extractor page (the form's POST as
htmx sends it, until the whole page has arrived: the deck read from SQLite, the card drawn, the deck
written back, the page rendered; a shuffle wherever a quarter ends), and blank scoresheet downloads.

    python tools/web_timing.py --browser statispro --games 1     # in Chromium: key to settled page

``--browser`` plays in real Chromium (Playwright, Debian's /usr/bin/chromium) as a person at the
keyboard does: Enter (the default, "play on") at every decision (``--mixed F``: a share F of them
answered by clicking another first-step choice instead), and times each from the key press (or the
click) to the page settled (htmx's ``htmx:afterSettle``: the answer arrived, swapped in and laid
out), measured inside the page with ``performance.now()``; prints p50/p95/max per ruleset, the
app's own share (``Server-Timing``) and the decisions per game.

    python tools/web_timing.py --browser statispro --games 4 --opponent by-the-book --season statispro:nba-1993:knicks:82

``--season`` first starts a season on the same server and simulates its regular season in the
background (the server's season worker, at its own priority) while the games are timed; prints how
long the season took, from the "simulate" to the season's process's result (heard in this process,
which is the server's: not a page polled after the timing, which would say the person's time
wherever the season ended before the person), and where the season's process spent its wall-clock
time (``coachgym.web.season._Account``: on a CPU, runnable but kept off the CPUs, asleep in the wait
on people, asleep elsewhere; split at the moment the person's last game ended), with its
``/proc/PID/schedstat``. ``--stop-with-season``: the person stops after the game in which the
season ended (coaching throughout the season, and no longer). With ``--browser`` the machine's
load average is read every 2 s and printed for the timing and for the season's end (min, median,
max), with this tool's niceness and the ``COACHGYM_SEASON_*`` settings of the run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from tqdm import tqdm

from coachgym import rulesets
from coachgym.web import create_app
from coachgym.web.security import Limits
from coachgym.web.server import running

UNLIMITED = Limits(new_games_per_minute=0, games_per_session=1000)  # a tool makes many games at once

def timing(header: str, name: str = "app") -> float:
    """One entry's ``dur`` (ms) of a ``Server-Timing`` header: the app's own time ("app"), of it the
    SQLite write lock's, waited for ("dblock") and held ("dbwrite"); 0 where the entry is absent."""
    for part in header.split(","):
        key, _, rest = part.strip().partition(";")
        if key == name and rest.startswith("dur="):
            return float(rest[4:])
    return 0.0


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def measure(url: str, ruleset: str, games: int, seed: int, opponent: str) -> dict:
    times: list[float] = []
    server: list[float] = []
    per_game: list[int] = []
    with httpx.Client(base_url=url, timeout=60) as http:
        for g in tqdm(range(games), desc=f"{ruleset}: games over HTTP", unit="game", file=sys.stderr):
            r = http.post("/api/games", json={"ruleset": ruleset, "seed": seed + g, "opponent": opponent,
                                              "side": "home" if g % 2 == 0 else "away"})
            r.raise_for_status()
            state = r.json()
            gid, decisions = state["id"], 0
            while not state["over"]:
                book = http.get(f"/api/games/{gid}/hint").json()["book"]["action"]
                t = time.perf_counter()
                r = http.post(f"/games/{gid}/choose", data={"action": str(book), "number": str(state["number"])},
                              headers={"HX-Request": "true"})
                times.append(1000 * (time.perf_counter() - t))
                r.raise_for_status()
                server.append(timing(r.headers["server-timing"]))
                decisions += 1
                state = http.get(f"/api/games/{gid}").json()
            per_game.append(decisions)
            http.delete(f"/api/games/{gid}")
    return {"ruleset": ruleset, "games": games, "opponent": opponent, "decisions": len(times),
            "decisions_per_game": statistics.fmean(per_game), "min_per_game": min(per_game), "max_per_game": max(per_game),
            "ms_median": statistics.median(times), "ms_p95": percentile(times, 0.95), "ms_max": max(times),
            "server_ms_median": statistics.median(server), "server_ms_p95": percentile(server, 0.95)}


def measure_fac(url: str, draws: int) -> dict:
    """Time ``draws`` FAC Extractor draws through the page and 20 blank scoresheet downloads."""
    import re

    times: list[float] = []
    server: list[float] = []
    sheets: list[float] = []
    with httpx.Client(base_url=url, timeout=60) as http:
        page = http.get("/fac").text
        for _ in tqdm(range(draws), desc="FAC Extractor: draws over HTTP", unit="FAC", file=sys.stderr):
            if 'data-testid="fac-over"' in page:
                page = http.post("/fac/shuffle", data={"version": re.search(r'data-version="(\d+)"', page).group(1)},
                                 headers={"HX-Request": "true"}).text
            t = time.perf_counter()
            r = http.post("/fac/draw", data={"version": re.search(r'data-version="(\d+)"', page).group(1)},
                          headers={"HX-Request": "true"})
            times.append(1000 * (time.perf_counter() - t))
            r.raise_for_status()
            server.append(timing(r.headers["server-timing"]))
            page = r.text
        size = len(http.get("/api/fac").content)
        for name in ("statispro", "valueadd", "fourthstreet", "fuba") * 5:
            t = time.perf_counter()
            http.get(f"/scoresheet.xlsx?ruleset={name}").raise_for_status()
            sheets.append(1000 * (time.perf_counter() - t))
    return {"draws": draws, "ms_median": statistics.median(times), "ms_p95": percentile(times, 0.95),
            "ms_max": max(times), "server_ms_median": statistics.median(server), "page_kb": len(page) / 1024, "api_state_kb": size / 1024,
            "scoresheet_ms_median": statistics.median(sheets), "scoresheet_ms_max": max(sheets)}


# set up inside the page (Playwright's evaluate, which the page's CSP does not govern): the time from
# a key press or a click in the decision panel to the next htmx:afterSettle
PAGE_TIMER = """() => {
  if (window.__timing) return;
  window.__timing = {marks: [], t0: 0};
  const start = () => { window.__timing.t0 = performance.now(); };
  document.addEventListener('keydown', e => { if (e.key === 'Enter') start(); }, true);
  document.addEventListener('mousedown', e => { if (e.target.closest && e.target.closest('#decision')) start(); }, true);
  document.addEventListener('htmx:afterSettle', () => {
    const t = window.__timing;
    if (t.t0) {
      const marks = JSON.parse(sessionStorage.getItem('timing') || '[]');
      marks.push(performance.now() - t.t0);
      sessionStorage.setItem('timing', JSON.stringify(marks));
      t.t0 = 0;
    }
  });
}"""
TAKE_MARKS = "() => { const m = JSON.parse(sessionStorage.getItem('timing') || '[]'); sessionStorage.removeItem('timing'); return m; }"


def measure_browser(url: str, ruleset: str, games: int, seed: int, opponent: str, mixed: float,
                    size: tuple[int, int], stop=None) -> dict:
    import random

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.web.helpers import click_a_choice, is_over, launch, settle, start_game

    rng = random.Random(seed)
    times: list[float] = []
    server: list[float] = []
    per_game: list[int] = []
    with sync_playwright() as p:
        browser = launch(p)
        context = browser.new_context(viewport={"width": size[0], "height": size[1]}, base_url=url)
        page = context.new_page()
        page.set_default_timeout(60_000)
        locks: list[float] = []
        writes: list[float] = []

        def heard(r) -> None:
            if "/choose" in r.url and "server-timing" in r.headers:
                header = r.headers["server-timing"]
                server.append(timing(header))
                locks.append(timing(header, "dblock"))
                writes.append(timing(header, "dbwrite"))

        page.on("response", heard)
        for g in tqdm(range(games), desc=f"{ruleset}: games in Chromium", unit="game", file=sys.stderr):
            start_game(page, ruleset, seed + g, side="home" if g % 2 == 0 else "away", opponent=opponent)
            page.evaluate(PAGE_TIMER)
            decisions = 0
            while not is_over(page):
                before = page.get_attribute(".game", "data-number")
                others = page.locator("#decision .group-choices > button.choice:not(.default)")
                if page.locator("#decision button.choice[data-enter]").count() and not (mixed and rng.random() < mixed
                                                                                      and others.count()):
                    page.keyboard.press("Enter")
                elif others.count():
                    others.nth(rng.randrange(others.count())).click()
                elif page.locator("#decision .group-choices > *").count():  # (a first step that opens a second)
                    click_a_choice(page)
                    page.evaluate(PAGE_TIMER)
                    decisions += 1
                    continue
                else:  # nothing to decide: play on
                    page.click("button[value=end]")
                settle(page, before)
                page.evaluate(PAGE_TIMER)  # (again where a page was loaded, not swapped in: none is timed then)
                decisions += 1
            per_game.append(decisions)
            times.extend(page.evaluate(TAKE_MARKS))
            if stop is not None and stop():  # (--stop-with-season: the season is over, so is the person's session)
                break
        ended = time.monotonic()  # (the person's last game over)
        browser.close()
    return {"ruleset": ruleset, "games": len(per_game), "opponent": opponent, "mixed": mixed, "decisions": len(times),
            "decisions_per_game": statistics.fmean(per_game), "min_per_game": min(per_game), "max_per_game": max(per_game),
            "ms_median": statistics.median(times), "ms_p95": percentile(times, 0.95), "ms_max": max(times),
            "server_ms_median": statistics.median(server), "server_ms_p95": percentile(server, 0.95),
            # of the app's time, SQLite's write lock: waited for (another connection held it), and held
            "dblock_ms_median": statistics.median(locks), "dblock_ms_p95": percentile(locks, 0.95),
            "dblock_ms_max": max(locks), "dblock_waits": sum(x > 0.5 for x in locks),
            "dbwrite_ms_median": statistics.median(writes), "dbwrite_ms_p95": percentile(writes, 0.95),
            "ended": ended, "each": {"ms": times, "server_ms": server, "dblock_ms": locks, "dbwrite_ms": writes}}


class LoadWatch:
    """The machine's 1-minute load average, read every 2 s in a thread while a measurement runs (it
    counts every runnable process: this tool's server, Chromium and the season's worker too), and the
    share of the time the CPUs were idle over the whole measurement (``/proc/stat``: what a season
    waiting on people leaves unused), and the share the hypervisor took from this virtual machine
    ("steal": time a virtual CPU wanted to run and its host ran something else)."""

    def __init__(self):
        import threading

        self.samples: list[float] = []
        self._cpu = self._cpu_times()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    @staticmethod
    def _cpu_times() -> tuple[int, int, int] | None:
        """(idle, total, steal) jiffies of all CPUs so far (/proc/stat; None elsewhere)."""
        try:
            fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        except (OSError, ValueError):
            return None
        return fields[3] + fields[4], sum(fields[:8]), fields[7]  # idle + iowait; user .. steal; steal

    def _watch(self) -> None:
        import os

        while True:
            self.samples.append(os.getloadavg()[0])
            if self._stop.wait(2.0):
                return

    def stop(self) -> str:
        self._stop.set()
        self._thread.join()
        s = self.samples
        idle = ""
        end = self._cpu_times()
        if self._cpu and end and end[1] > self._cpu[1]:
            total = end[1] - self._cpu[1]
            idle = (f"; the CPUs idle {100 * (end[0] - self._cpu[0]) / total:.0f}% of the time, "
                    f"taken by the host (steal) {100 * (end[2] - self._cpu[2]) / total:.1f}%")
        return f"load average (1 min) min {min(s):.2f}, median {statistics.median(s):.2f}, max {max(s):.2f}{idle}"


class SeasonProcessWatch:
    """The season's own process (the server's child, ``coachgym.web.season.Background``), looked at once
    a second in a thread: which compiled engine modules it has loaded (the extension modules of this
    tree mapped into it, read from ``/proc/PID/maps``) and the CPU it has used (``/proc/PID/stat``), so a
    timing says which engines the season really ran and what it spent. Linux only; elsewhere it says
    nothing."""

    def __init__(self):
        import threading

        self.pids: dict[int, tuple[int, float]] = {}  # pid: (compiled modules mapped, CPU seconds), the last look
        # pid: /proc/PID/schedstat (seconds on a CPU, seconds runnable but waiting for one, timeslices) at
        # the first and at the last look (the process's main thread, the one that plays the games)
        self.sched: dict[int, list[tuple[float, float, int]]] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    @staticmethod
    def _children() -> list[int]:
        import os

        pids = []
        for task in Path(f"/proc/{os.getpid()}/task").glob("*/children"):
            try:
                pids += [int(p) for p in task.read_text().split()]
            except OSError:
                continue
        return [p for p in pids if b"spawn_main" in _read(f"/proc/{p}/cmdline")
                and b"resource_tracker" not in _read(f"/proc/{p}/cmdline")]

    def _watch(self) -> None:
        import os

        from coachgym import compiled

        root = str(compiled.PACKAGE.parent) + "/"
        tick = os.sysconf("SC_CLK_TCK")
        while True:
            for pid in self._children():
                maps = _read(f"/proc/{pid}/maps").decode(errors="replace")
                stat = _read(f"/proc/{pid}/stat").decode(errors="replace")
                if not maps or not stat:
                    continue
                mods = {line.split()[-1] for line in maps.splitlines()
                        if line.split()[-1].startswith(root) and line.split()[-1].endswith(".so")}
                fields = stat.rsplit(")", 1)[1].split()
                self.pids[pid] = (len(mods), (int(fields[11]) + int(fields[12])) / tick)
                sched = _read(f"/proc/{pid}/schedstat").split()
                if len(sched) >= 3:
                    look = (int(sched[0]) / 1e9, int(sched[1]) / 1e9, int(sched[2]))
                    self.sched.setdefault(pid, [look, look])[1] = look
            if self._stop.wait(1.0):
                return

    def stop(self) -> str:
        self._stop.set()
        self._thread.join()
        if not self.pids:
            return "the season's process: not seen"
        out = []
        for pid, (mods, cpu) in self.pids.items():
            line = f"the season's process {pid}: {mods} compiled modules of this tree loaded, {cpu:.1f} s CPU"
            if pid in self.sched:
                (c0, d0, n0), (c1, d1, n1) = self.sched[pid]
                line += (f"; /proc/{pid}/schedstat first look -> last look: on a CPU {c0:.1f} -> {c1:.1f} s, runnable "
                         f"but waiting for a CPU (run_delay) {d0:.1f} -> {d1:.1f} s, timeslices {n0} -> {n1}")
            out.append(line)
        return "; ".join(out)


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def start_season(url: str, spec: str) -> dict:
    """``--season RULESET:LEAGUE:TEAM:GAMES``: a season started over HTTP (its own cookie) and the
    rest of its regular season simulated in the background (the book playing that team's games)."""
    import http.cookiejar
    import re
    import urllib.parse
    import urllib.request

    ruleset, league, team, games = spec.split(":")
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    body = urllib.parse.urlencode({"league": f"{ruleset}:{league}", "team": team, "games": games}).encode()
    page = opener.open(f"{url}/seasons", data=body)
    where = page.geturl()
    name = where.rsplit("/", 1)[1]
    started = time.monotonic()  # (the season's clock: from the person's "simulate the rest")
    opener.open(f"{where}/simulate", data=urllib.parse.urlencode({"to": "end"}).encode())
    total = int(re.search(r"of (\d+) games played", opener.open(where).read().decode()).group(1))
    print(f"season {name}: {total} games, simulating in the background", file=sys.stderr)
    return {"opener": opener, "where": where, "total": total, "started": started, "watch": SeasonProcessWatch()}


def finish_season(season: dict, person_ended: float) -> None:
    """Wait for the season's regular season to end; print when it really ended (the season's process's
    result, heard by the server in this process: not a page polled after the timing), how far it was
    when the person's timed games ended, and where the season's process spent its wall-clock time
    (``coachgym.web.season._Account``), while the person played and after."""
    import re

    text = season["opener"].open(season["where"]).read().decode()
    at_end_of_timing = int(re.search(r'data-played="(\d+)"', text).group(1))
    person = person_ended - season["started"]
    load = LoadWatch()
    sims = getattr(getattr(season.get("app"), "state", None), "season_sims", None)
    runs = list(sims.runs.values()) if sims is not None else []
    deadline = time.monotonic() + 900
    while any(r.state == "running" for r in runs) and time.monotonic() < deadline:
        time.sleep(0.2)
    after = load.stop()
    for run in runs:
        acc = run.account or {}
        ended = acc.get("end") or run.finished or time.monotonic()
        took = ended - season["started"]
        where = (f"{person - took:.0f} s before the person's last game ended" if took <= person
                 else f"{took - person:.0f} s after the person's last game ended")
        print(f"season: {at_end_of_timing} of {season['total']} games played when the person's timed games ended "
              f"({person:.0f} s); **the whole regular season took {took:.1f} s** ({run.state}; {where}; {after} from "
              f"the person's end to the season's)", file=sys.stderr)
        if not acc:
            print(f"the season's process waited on people {run.waited:.1f} s (no account)", file=sys.stderr)
            continue
        print(f"the season's process from its start ({acc['start'] - season['started']:.1f} s after the simulate) to "
              f"its result, its main thread's wall clock {acc['wall']:.1f} s = on a CPU {acc['on_cpu']:.1f} s + runnable "
              f"but kept off the CPUs (run_delay) {acc['run_delay']:.1f} s + asleep in the wait on people "
              f"{acc['gate_asleep']:.1f} s + asleep elsewhere {acc['other_asleep']:.1f} s; the wait on people "
              f"{acc['gate_waited']:.1f} s in {acc['gate_waits']} waits (of it run_delay {acc['gate_run_delay']:.1f} s); "
              f"storing the games {acc['store']:.1f} s, progress reports {acc['report']:.2f} s (wall); the process's "
              f"CPU, all threads {acc['process_cpu']:.1f} s; {acc['games']} games", file=sys.stderr)
        points = acc["timeline"]
        cut = max((pt for pt in points if pt[0] <= person_ended), default=None, key=lambda pt: pt[0])
        first, last = [acc["start"], 0, 0.0, 0.0, 0.0], points[-1]
        for label, a, b in (("while the person played", first, cut), ("after the person's end", cut, last)):
            if a is None or b is None or b[0] <= a[0]:
                continue
            wall = b[0] - a[0]
            print(f"  {label} (to the account's point at {b[0] - season['started']:.0f} s): {b[1] - a[1]} games in "
                  f"{wall:.1f} s: asleep in the wait on people {b[2] - a[2]:.1f} s, on a CPU {b[3] - a[3]:.1f} s, run_delay "
                  f"{b[4] - a[4]:.1f} s, the rest {wall - (b[2] - a[2]) - (b[3] - a[3]) - (b[4] - a[4]):.1f} s "
                  f"({(b[1] - a[1]) / wall:.1f} games/s)", file=sys.stderr)
    print(season["watch"].stop(), file=sys.stderr)


def measure_cpu(ruleset: str, games: int, seed: int, opponent: str) -> dict:
    """``--cpu``: the app in this process (FastAPI's TestClient), Enter (else the first choice) at
    every decision through the JSON API; the CPU time (``time.process_time``, all threads) of each
    GET of the game page and of each choice's POST. CPU time is what the app spends, whatever else
    the machine runs: two trees compared this way differ by their code, not by the load."""
    from fastapi.testclient import TestClient

    pages: list[float] = []
    chooses: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(db_path=Path(tmp) / "cpu.sqlite3",
                                                                     limits=UNLIMITED)) as c:
        for g in range(games):
            st = c.post("/api/games", json={"ruleset": ruleset, "seed": seed + g, "opponent": opponent,
                                            "side": "home" if g % 2 == 0 else "away"}).json()
            while not st["over"]:
                t = time.process_time()
                c.get(f"/games/{st['id']}").raise_for_status()
                pages.append(time.process_time() - t)
                d = st["decision"]
                action = d["default_action"]
                if action is None:
                    action = next(s["action"] for grp in d["groups"] for ch in grp["choices"] for s in (ch["then"] or [ch])
                                  if s.get("action") is not None)
                t = time.process_time()
                st = c.post(f"/api/games/{st['id']}/choose", json={"action": action, "number": st["number"]}).json()
                chooses.append(time.process_time() - t)
    return {"ruleset": ruleset, "games": games, "pages": len(pages),
            "page_cpu_ms_median": 1000 * statistics.median(pages), "page_cpu_ms_mean": 1000 * statistics.fmean(pages),
            "choose_cpu_ms_median": 1000 * statistics.median(chooses),
            "choose_cpu_ms_mean": 1000 * statistics.fmean(chooses)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*", default=[e.name for e in rulesets.entries()])
    ap.add_argument("--games", type=int, default=3, help="full games per ruleset")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--opponent", default="trained")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--fac", type=int, default=0, metavar="N", help="time N FAC Extractor draws and scoresheet downloads instead")
    ap.add_argument("--browser", action="store_true", help="play in Chromium: key press to settled page")
    ap.add_argument("--mixed", type=float, default=0.0, metavar="F",
                    help="with --browser: answer a share F of the decisions with another choice than Enter's")
    ap.add_argument("--size", default="1280x720", help="with --browser: the window, WIDTHxHEIGHT")
    ap.add_argument("--season", default=None, metavar="LEAGUE:TEAM:GAMES",
                    help="with --browser: first start a season on the same server (e.g. statispro:nba-1993:knicks:82) "
                         "and simulate the rest of it in the background while the games are timed; reports how long "
                         "the season took")
    ap.add_argument("--stop-with-season", action="store_true",
                    help="with --season: the person stops after the game in which the season ended (the person "
                         "coaches throughout the season, and no longer)")
    ap.add_argument("--raw", default=None, metavar="FILE",
                    help="with --browser: write every decision's times (key to page, the app's, the write lock's) "
                         "to FILE as JSON")
    ap.add_argument("--busy-thread", action="store_true",
                    help="over HTTP: keep a thread of the server's process busy with Python work meanwhile (what an "
                         "analysis run in a thread of the server's, not in a process of its own, costs everyone else)")
    ap.add_argument("--review-seconds", type=float, default=None, metavar="S",
                    help="the end-of-game analyses' budget per game (the server's; default its own, "
                         "coachgym.web.review.REVIEW_SECONDS)")
    ap.add_argument("--cpu", action="store_true",
                    help="the app's CPU time per game page and per choice, in-process (a load-independent comparison)")
    args = ap.parse_args()
    if args.cpu:
        for name in args.rulesets:
            r = measure_cpu(rulesets.get(name).name, args.games, args.seed, args.opponent)
            print(json.dumps(r) if args.json else
                  f"{r['ruleset']}: {r['pages']} pages over {r['games']} games with Enter: game page CPU median "
                  f"{r['page_cpu_ms_median']:.1f} ms (mean {r['page_cpu_ms_mean']:.1f}); choice CPU median "
                  f"{r['choose_cpu_ms_median']:.1f} ms (mean {r['choose_cpu_ms_mean']:.1f})")
        return
    if args.fac:
        with tempfile.TemporaryDirectory() as tmp, running(create_app(db_path=Path(tmp) / "timing.sqlite3", limits=UNLIMITED)) as url:
            r = measure_fac(url, args.fac)
        if args.json:
            print(json.dumps(r, indent=2))
        else:
            print(f"FAC Extractor, {r['draws']} draws: median {r['ms_median']:.1f} ms, 95th percentile {r['ms_p95']:.1f} ms, "
                  f"max {r['ms_max']:.1f} ms (the app's own time: median {r['server_ms_median']:.1f} ms; page {r['page_kb']:.0f} KB)")
            print(f"blank scoresheet download: median {r['scoresheet_ms_median']:.1f} ms, max {r['scoresheet_ms_max']:.1f} ms")
        return
    with tempfile.TemporaryDirectory() as tmp, running(app := create_app(db_path=Path(tmp) / "timing.sqlite3",
                                                                      limits=UNLIMITED,
                                                                      review_seconds=args.review_seconds)) as url:
        if args.browser:
            import os

            from coachgym import compiled

            print(f"engines: {compiled.status().line()} ({len(compiled.compiled_modules_loaded())} compiled modules "
                  f"loaded in this tool's process, the server's)", file=sys.stderr)
            size = tuple(int(v) for v in args.size.lower().split("x"))
            load = LoadWatch()
            season = start_season(url, args.season) if args.season else None
            if season:
                season["app"] = app  # (the server runs in this process: the season's wait is read from it at the end)
            stop = None
            if season and args.stop_with_season:
                def stop() -> bool:
                    sims = getattr(app.state, "season_sims", None)
                    return sims is not None and all(r.state != "running" for r in sims.runs.values())
            rows = [measure_browser(url, rulesets.get(name).name, args.games, args.seed, args.opponent, args.mixed, size,
                                    stop) for name in args.rulesets]
            settings = " ".join(f"{k}={os.environ[k]}" for k in sorted(os.environ) if k.startswith("COACHGYM_SEASON_"))
            print(f"while timing: {load.stop()}; this tool (server and Chromium) at nice {os.nice(0)}; "
                  f"{settings or 'the season settings by default'}", file=sys.stderr)
            reviews = app.state.reviews
            jobs = reviews.jobs()
            print(f"end-of-game reviews the server ran meanwhile: {len(jobs)} ({reviews.seconds:g} s "
                  f"budget each; {sum(j.state == 'done' for j in jobs)} done)", file=sys.stderr)
            if season:
                finish_season(season, rows[-1]["ended"])
        else:
            busy = threading.Event()
            if args.busy_thread:  # (the server runs in this process: this thread competes for its interpreter lock)
                def burn() -> None:
                    while not busy.is_set():
                        sum(i * i for i in range(1000))

                threading.Thread(target=burn, daemon=True).start()
            rows = [measure(url, rulesets.get(name).name, args.games, args.seed, args.opponent) for name in args.rulesets]
            busy.set()
    if args.raw:
        Path(args.raw).write_text(json.dumps(rows))
    for r in rows:
        r.pop("each", None)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    what = "key to settled page" if args.browser else "response per decision"
    print(f"| ruleset | games vs {args.opponent} | decisions per game (min-max) | {what}: median | 95th percentile | max "
          f"| the app's own: median |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['ruleset']} | {r['games']} | {r['decisions_per_game']:.1f} ({r['min_per_game']}-{r['max_per_game']}) "
              f"| {r['ms_median']:.0f} ms | {r['ms_p95']:.0f} ms | {r['ms_max']:.0f} ms | {r['server_ms_median']:.0f} ms |")
        if "dblock_ms_median" in r:
            print(f"  of the app's time, SQLite's write lock: waited for in {r['dblock_waits']} of {r['decisions']} "
                  f"decisions (median {r['dblock_ms_median']:.1f}, 95th percentile {r['dblock_ms_p95']:.1f}, max "
                  f"{r['dblock_ms_max']:.1f} ms), held median {r['dbwrite_ms_median']:.1f}, 95th percentile "
                  f"{r['dbwrite_ms_p95']:.1f} ms; the app's own 95th percentile {r['server_ms_p95']:.0f} ms")


if __name__ == "__main__":
    main()
