"""The web app under load: ordinary people playing while one session floods it (issue 19).

    nice -n 10 python tools/web_load.py                      # 4 players, a 6-thread flood, 60 s
    python tools/web_load.py --clients 8 --seconds 120 --json
    python tools/web_load.py --url http://127.0.0.1:8000     # a server already running (loopback only)

Starts ``coachgym serve`` in a process of its own on 127.0.0.1 (a fresh database in a temporary
folder, ``--max-games``) unless ``--url`` names a running one; only loopback addresses are taken.
Then, for ``--seconds``:

* ``--clients`` ordinary players, each a browser session of its own, play games through the pages
  as htmx does: the new-game form, then every decision put to them answered with the page's
  default choice (``POST /games/<id>/choose`` with ``HX-Request``), the home page now and then;
  a finished game is followed by a new one. Every page request is timed until the whole answer
  has arrived.
* one flooding session (``--flood-threads`` threads sharing one cookie) sends, round robin,
  analyses (``/games/<id>/analyse?seconds=30``), new games (the JSON API), saved-game uploads
  (``/open``) and team-file uploads (the new-game form), at most ``--flood-requests`` in all;
  with the second round's abusers (issue 32, on by default; ``--no-abusers``): moves of a game
  against a plan search (``search:budget=64,plans=all,plan_budget=32``, the web's caps),
  replays of finished games, ``/fac`` floods without a cookie (a page's image tags) and new games
  with forged ``X-Forwarded-For`` headers.

At the end each player's games are looked up again (a game that is gone, or answers 5xx, is lost).
Prints the ordinary pages' median and 95th percentile, the 5xx answers (players' and flood's), the
flood's answers by kind and status, and the games lost. Bounded: no request starts after
``--seconds``, and the run waits at most ``--grace`` seconds for the ones in flight. Figures depend
on the machine; run it niced on a shared one and say so.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from coachgym import rulesets
from coachgym.web.app import SESSION_COOKIE
from coachgym.web.server import is_loopback

RULESETS = ("statispro", "valueadd", "fourthstreet", "fuba")
DEFAULT = re.compile(r'<button type="submit" name="(action|finish)" value="([^"]+)" class="choice[^"]*\bdefault\b')
ANY_ACTION = re.compile(r'<button type="submit" name="(action)" value="([^"]+)" class="choice')
NUMBER = re.compile(r'<input type="hidden" name="number" value="(\d+)">')
GAME_ID = re.compile(r"/games/([A-Za-z0-9_-]+)")


@dataclass
class Tally:
    """What the run saw, shared by the threads (under ``lock``)."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    pages_ms: list[float] = field(default_factory=list)
    player_status: Counter = field(default_factory=Counter)
    flood_status: Counter = field(default_factory=Counter)  # (kind, status)
    player_errors: Counter = field(default_factory=Counter)  # timeouts, refused connections
    games: list[tuple[int, str]] = field(default_factory=list)  # (player, game id)
    sessions: dict[int, str] = field(default_factory=dict)  # player -> session cookie
    decisions: int = 0
    finished: int = 0
    finished_ids: set = field(default_factory=set)  # games a player saw to their end

    def page(self, ms: float, status: int) -> None:
        with self.lock:
            self.pages_ms.append(ms)
            self.player_status[status] += 1


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1] if len(values) > 1 else values[0]


def start_server(max_games: int, tmp: Path) -> tuple[subprocess.Popen, str]:
    """``coachgym serve`` on 127.0.0.1, a free port; returns the process and its URL."""
    cmd = [sys.executable, "-c", "from coachgym.cli import main; main()", "serve", "--host", "127.0.0.1",
           "--port", "0", "--db", str(tmp / "load.sqlite3"), "--max-games", str(max_games)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            break
        m = re.search(r"open (http://127\.0\.0\.1:\d+)/", line)
        if m:
            threading.Thread(target=lambda: proc.stdout.read(), daemon=True).start()  # keep draining its log
            return proc, m.group(1)
    proc.kill()
    raise SystemExit("the server did not start")


ONE_ADDRESS = False  # --one-address: every client from 127.0.0.1, as people behind one address
ABUSERS = True  # the second round's abusers in the flood (--no-abusers: off)
KINDS: list[str] = []  # --flood-kinds: only these (default: all of the round's)


def client(url: str, timeout: float, address: str, **kw) -> httpx.Client:
    """A client of its own loopback address (127.0.0.N: a person of their own, as on a LAN), or
    127.0.0.1 for all with --one-address; the server's per-address limits see them apart."""
    if ONE_ADDRESS:
        return httpx.Client(base_url=url, timeout=timeout, **kw)
    return httpx.Client(base_url=url, timeout=timeout, transport=httpx.HTTPTransport(local_address=address), **kw)


def player(k: int, url: str, until: float, tally: Tally, timeout: float) -> None:
    """One person: new games through the form, every decision answered with the page's default."""
    ruleset = RULESETS[k % len(RULESETS)]
    with client(url, timeout, f"127.0.0.{10 + k}") as http:

        def timed(method: str, path: str, **kw) -> httpx.Response | None:
            t = time.perf_counter()
            try:
                r = http.request(method, path, **kw)
            except httpx.HTTPError as exc:
                with tally.lock:
                    tally.player_errors[type(exc).__name__] += 1
                return None
            tally.page(1000 * (time.perf_counter() - t), r.status_code)
            return r

        for game in itertools.count():
            if time.monotonic() > until:
                return
            r = timed("POST", "/new", data={"ruleset": ruleset, "side": "home", "opponent": "by-the-book",
                                            "seed": str(1000 * k + game)}, follow_redirects=True)
            if r is None or r.status_code != 200 or not GAME_ID.search(str(r.url)):
                time.sleep(1)
                continue
            gid = GAME_ID.search(str(r.url)).group(1)
            with tally.lock:
                tally.games.append((k, gid))
                tally.sessions[k] = http.cookies.get(SESSION_COOKIE, "")
            page = r.text
            for step in itertools.count():
                if time.monotonic() > until or 'data-over="yes"' in page:
                    break
                number = NUMBER.search(page)
                choice = DEFAULT.search(page) or ANY_ACTION.search(page)
                if number is None or choice is None:  # nothing to decide: play on
                    data = {"to": "end", "number": number.group(1) if number else ""}
                    r = timed("POST", f"/games/{gid}/continue", data=data, headers={"HX-Request": "true"})
                else:
                    r = timed("POST", f"/games/{gid}/choose", headers={"HX-Request": "true"},
                              data={choice.group(1): choice.group(2), "number": number.group(1)})
                    with tally.lock:
                        tally.decisions += 1
                if r is None or r.status_code >= 500:
                    break
                page = r.text if r.status_code < 400 else (timed("GET", f"/games/{gid}") or r).text
                if step % 10 == 9:
                    timed("GET", "/")
            if 'data-over="yes"' in page:
                with tally.lock:
                    tally.finished += 1
                    tally.finished_ids.add(gid)


def flood(url: str, until: float, tally: Tally, threads: int, budget: int, timeout: float) -> None:
    """One session (one cookie, ``threads`` threads): analyses, new games, uploads, round robin."""
    setup = client(url, timeout, "127.0.0.2")
    r = setup.post("/api/games", json={"ruleset": "statispro", "seed": 1, "opponent": "by-the-book"})
    if r.status_code != 201:
        raise SystemExit(f"the flood could not start a game: {r.status_code} {r.text[:200]}")
    gid = r.json()["id"]
    saved = setup.get(f"/games/{gid}/save").content
    team = json.dumps(rulesets.get("valueadd").team_data("lakeshore")[0]).encode()
    cookies = setup.cookies
    sent = itertools.count()
    kinds = itertools.cycle(KINDS or (["analyse", "create", "upload", "team"] + (
        ["plan", "replay", "fac", "xff"] if ABUSERS else [])))
    finished = []
    plan_game = None
    if ABUSERS:  # finished games to replay, a game against the plan search to move in
        for s in range(2):
            st = setup.post("/api/games", json={"ruleset": "valueadd", "seed": 50 + s, "opponent": "random"}).json()
            for _ in range(60):
                if st.get("over") or "id" not in st:
                    break
                st = setup.post(f"/api/games/{st['id']}/continue", json={"to": "end", "number": st["number"]}).json()
            if st.get("id"):
                finished.append(st["id"])
        r = setup.post("/api/games", json={"ruleset": "valueadd", "seed": 7,
                                           "opponent": "search:budget=64,plans=all,plan_budget=32"})
        plan_game = r.json() if r.status_code == 201 else None
    xff = itertools.count()
    pick = threading.Lock()

    def worker() -> None:
        with client(url, timeout, "127.0.0.2", cookies=cookies) as http:
            while time.monotonic() < until:
                with pick:
                    n, kind = next(sent), next(kinds)
                if n >= budget:
                    return
                try:
                    if kind == "analyse":
                        r = http.get(f"/games/{gid}/analyse", params={"seconds": "30"}, headers={"HX-Request": "true"})
                    elif kind == "create":
                        r = http.post("/api/games", json={"ruleset": "valueadd", "opponent": "random"})
                    elif kind == "plan":
                        st = http.get(f"/api/games/{plan_game['id']}").json() if plan_game else {}
                        r = http.post(f"/api/games/{plan_game['id']}/continue",
                                      json={"to": "dead_ball", "number": st.get("number")}) if plan_game else \
                            http.post("/api/games", json={"ruleset": "valueadd",
                                                          "opponent": "search:budget=64,plans=all,plan_budget=32"})
                    elif kind == "replay":
                        r = http.get(f"/games/{finished[n % len(finished)]}/replay") if finished else http.get("/")
                    elif kind == "fac":  # no cookie, as a cross-site image tag sends none
                        for _ in range(20):
                            r = httpx.get(url + "/fac", timeout=timeout)
                    elif kind == "xff":
                        i = next(xff)
                        r = http.post("/api/games", json={"ruleset": "valueadd", "opponent": "random"},
                                      headers={"X-Forwarded-For": f"10.{i % 250}.{i // 250 % 250}.1"})
                    elif kind == "upload":
                        r = http.post("/open", data={"then": "resume"}, files={"saved": ("s.json", saved, "application/json")})
                    else:
                        r = http.post("/new", data={"ruleset": "valueadd", "side": "home", "opponent": "random"},
                                      files={"home_file": ("t.json", team, "application/json")})
                    status = r.status_code
                except httpx.HTTPError as exc:
                    status = type(exc).__name__
                with tally.lock:
                    tally.flood_status[(kind, status)] += 1

    workers = [threading.Thread(target=worker, daemon=True) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    setup.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="a running server (loopback only); default: start one")
    ap.add_argument("--clients", type=int, default=4, help="ordinary players (each a session of its own)")
    ap.add_argument("--seconds", type=float, default=60.0, help="how long requests are started")
    ap.add_argument("--grace", type=float, default=90.0, help="the most the run waits for requests in flight")
    ap.add_argument("--flood-threads", type=int, default=6)
    ap.add_argument("--flood-requests", type=int, default=400, help="the most the flooding session sends")
    ap.add_argument("--no-flood", action="store_true", help="the players alone (the baseline)")
    ap.add_argument("--one-address", action="store_true",
                    help="every client from 127.0.0.1 (people behind one address share its per-address limits); "
                         "by default each player and the flood have a loopback address of their own")
    ap.add_argument("--max-games", type=int, default=200, help="of the server this tool starts")
    ap.add_argument("--flood-kinds", default="", help="only these kinds of flood request, comma-separated "
                    "(analyse, create, upload, team, plan, replay, fac, xff)")
    ap.add_argument("--no-abusers", action="store_true", help="the first round's flood only (no plan searches, "
                    "replays, /fac floods or forged X-Forwarded-For)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    global ONE_ADDRESS, ABUSERS
    ONE_ADDRESS = args.one_address
    ABUSERS = not args.no_abusers
    KINDS[:] = [k for k in args.flood_kinds.split(",") if k]
    if not 1 <= args.clients <= 64 or not 0 < args.seconds <= 1800 or not 0 <= args.flood_threads <= 64:
        raise SystemExit("--clients 1-64, --seconds up to 1800, --flood-threads up to 64")
    with tempfile.TemporaryDirectory() as tmp:
        proc = None
        if args.url:
            host = urlsplit(args.url).hostname or ""
            if not is_loopback(host):
                raise SystemExit(f"{args.url}: this tool loads loopback servers only (127.0.0.1, ::1, localhost)")
            url = args.url.rstrip("/")
        else:
            proc, url = start_server(args.max_games, Path(tmp))
        try:
            report = run(url, args)
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(20)
                except subprocess.TimeoutExpired:
                    proc.kill()
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"ordinary pages: {report['pages']} in {report['seconds']:.0f} s ({report['decisions']} decisions, "
          f"{report['games_finished']} games finished by {report['clients']} players): median {report['page_ms_p50']:.0f} ms, "
          f"95th percentile {report['page_ms_p95']:.0f} ms, max {report['page_ms_max']:.0f} ms")
    print(f"players' answers by status: {report['player_status']}; request errors: {report['player_errors'] or 'none'}")
    print(f"flood ({'off' if args.no_flood else f'{args.flood_threads} threads, one session'}): {report['flood']}")
    print(f"5xx answers: players {report['player_5xx']}, flood {report['flood_5xx']}; "
          f"games lost: {report['games_lost']} of {report['games']} (and {report['finished_games_dropped']} finished "
          "games dropped to make room for the same browser's new ones, --games-per-session)")


def run(url: str, args) -> dict:
    tally = Tally()
    start = time.monotonic()
    until = start + args.seconds
    threads = [threading.Thread(target=player, args=(k, url, until, tally, args.grace), daemon=True)
               for k in range(args.clients)]
    if not args.no_flood:
        threads.append(threading.Thread(target=flood, daemon=True,
                                        args=(url, until, tally, args.flood_threads, args.flood_requests, args.grace)))
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(1.0, until + args.grace - time.monotonic()))
    elapsed = time.monotonic() - start
    with tally.lock:
        games = list(tally.games)
    lost = dropped = 0
    with httpx.Client(base_url=url, timeout=60) as http:  # each player's games, looked up as that player
        for k, gid in games:
            r = http.get(f"/api/games/{gid}", cookies={SESSION_COOKIE: tally.sessions.get(k, "")})
            if r.status_code != 200:
                # a finished game may make room for a new one of the same browser (--games-per-session:
                # its oldest finished game goes first); a game in progress must never go
                if gid in tally.finished_ids and r.status_code == 404:
                    dropped += 1
                else:
                    lost += 1
    flood_counts = {f"{kind} {status}": n for (kind, status), n in sorted(tally.flood_status.items(), key=str)}
    pages = tally.pages_ms or [0.0]
    return {
        "seconds": elapsed, "clients": args.clients, "pages": len(tally.pages_ms), "decisions": tally.decisions,
        "games": len(games), "games_finished": tally.finished,
        "page_ms_p50": statistics.median(pages), "page_ms_p95": percentile(pages, 0.95), "page_ms_max": max(pages),
        "player_status": dict(tally.player_status), "player_errors": dict(tally.player_errors),
        "player_5xx": sum(n for s, n in tally.player_status.items() if s >= 500),
        "flood": flood_counts,
        "flood_5xx": sum(n for (_, s), n in tally.flood_status.items() if isinstance(s, int) and s >= 500),
        "games_lost": lost, "finished_games_dropped": dropped,
    }


if __name__ == "__main__":
    main()
