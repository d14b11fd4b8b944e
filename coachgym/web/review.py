""""How the game turned" on the end-of-game page (issue 22): the person's win chance through the
game (a server-drawn SVG chart), its biggest swings, and the person's decisions where the book or
the trained coach would have chosen otherwise with what the analysis estimates each cost
(:mod:`coachgym.search.review`).

The chart and the swings are drawn with the page (milliseconds). The decisions' analyses are CPU
work: asked for by the page (``POST /games/{id}/review``, which the page sends itself when it
loads), they run in one background worker, at most one per session waiting or running and at most
:data:`QUEUE` in all, each within :data:`REVIEW_SECONDS`; the page polls
``GET /games/{id}/review`` (a progress bar) until they are done. Results are kept in memory for the
last :data:`KEEP` games (a restarted server computes them again when asked).

Every state-changing route here accepts a request from the app's own pages only
(:func:`same_origin`).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request

from ..present.seat import FRIEND, PERSON
from .errors import WebError
from .live import viewer

router = APIRouter()

REVIEW_SECONDS = 20.0  # the analyses of one game, all together
PER_DECISION = 2.5
MAX_DECISIONS = 6
QUEUE = 4  # reviews waiting or running, all sessions together
KEEP = 16  # finished reviews kept
CHART = {"width": 640, "height": 180, "left": 34, "right": 8, "top": 10, "bottom": 22}


def same_origin(request: Request) -> None:
    """Refuse a state-changing request that another site's page sent: a browser says so in
    ``Sec-Fetch-Site`` (cross-site or same-site), or names another origin in ``Origin``."""
    site = request.headers.get("sec-fetch-site", "")
    origin = request.headers.get("origin")
    host = request.headers.get("host", "")
    if site in ("cross-site", "same-site") or (origin is not None and origin not in (
            f"http://{host}", f"https://{host}")):
        raise WebError("That request came from another site's page; coachgym accepts changes from its own pages only.",
                       status=403, title="Refused")


@dataclass
class Job:
    state: str = "queued"  # queued, running, done, failed (refused: not started, the server busy)
    done: int = 0
    total: int = 0
    result: Any = None
    error: str = ""
    session: str = ""
    key: tuple = field(default_factory=tuple)
    clocks: dict = field(default_factory=dict)  # the game clock at each moment the story may name (``clocks``)


REVIEW_WAIT = 300.0  # the most a review waits for a place in the server's pool of heavy work
REVIEW_NICE = 5  # the review's process: this many steps of niceness below the server's (people's pages first)

# The analyses run in a process of their own (one, started with the first review and kept), not in a
# thread of the server's: a thread doing seconds of Python work holds the interpreter's lock, and every
# other request of the server waits for it at each turn (measured: a choice's own time from 10.9 to
# 28-32 ms beside one busy thread; docs/coach-seat.md). What the process needs comes with each job (the
# game's save, the resolver of its coaches); what it reports goes through shared memory: [stop, done,
# total] (``_SHARED`` there).
_SHARED = None


def _review_process_start(shared, server: int) -> None:
    """A review process's start: tied to the server's life (``core/lifeline.py``), at a lower priority."""
    import os

    from ..core.lifeline import die_with_parent

    global _SHARED
    _SHARED = shared
    die_with_parent(server, kernel=False)
    try:
        os.nice(REVIEW_NICE)
    except OSError:
        pass


def _review_in_process(data: dict, resolve: Any, side: int, opponent: str, chooser: str, seconds: float):
    """In the review process: the game rebuilt from its save, analysed; (the review, its clocks)."""
    from ..present.replay import Replay
    from ..search.review import review

    shared = _SHARED
    replay = Replay.from_seat_save(data, "this game", resolve, trusted=True)

    def progress(done: int, total: int) -> None:
        if shared is not None:
            shared[1], shared[2] = done, total

    r = review(replay, side, opponent, seconds=seconds, per_decision=PER_DECISION, max_decisions=MAX_DECISIONS,
               progress=progress, label=panel_label(replay), chooser=chooser,
               stop=(lambda: shared[0] > 0) if shared is not None else None)
    return r, clocks(replay, r.swings, r.decisions)


class Reviews:
    """The background analyses of finished games (see the module docstring): queued in a thread of
    the server's, each analysed in the review process (``_review_in_process``)."""

    def __init__(self, seconds: float = REVIEW_SECONDS, queue: int = QUEUE, keep: int = KEEP):
        self.seconds, self.queue, self.keep = seconds, queue, keep
        self._jobs: OrderedDict[tuple, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coachgym-review")
        self._process: Any = None  # the review process (a ProcessPoolExecutor of one), started when first needed
        self._shared: Any = None
        self._closing = False
        self.pool = None  # the server's WorkPool (app.py sets it)

    def close(self) -> None:
        """The server stops: waiting reviews are dropped, a running one stops its analyses at once."""
        self._closing = True
        self._pool.shutdown(wait=False, cancel_futures=True)
        with self._lock:
            process, self._process = self._process, None
            if self._shared is not None:
                self._shared[0] = 1.0
        if process is not None:  # (waited for: the running analysis stops at its next check of the flag;
            # not waiting would leave the pool's semaphores to the resource tracker's warning at exit)
            process.shutdown(wait=True, cancel_futures=True)

    def _executor(self) -> Any:
        import multiprocessing
        import os
        from concurrent.futures import ProcessPoolExecutor

        with self._lock:
            if self._process is None:
                ctx = multiprocessing.get_context("spawn")
                self._shared = ctx.RawArray("d", 3)
                self._process = ProcessPoolExecutor(max_workers=1, mp_context=ctx, initializer=_review_process_start,
                                                    initargs=(self._shared, os.getpid()))
            return self._process

    def jobs(self) -> list[Job]:
        """Every review known: waiting, running, or kept when done."""
        with self._lock:
            return list(self._jobs.values())

    def get(self, key: tuple) -> Job | None:
        with self._lock:
            return self._jobs.get(key)

    def start(self, session: str, key: tuple, game: tuple[dict, Any], side: int, opponent: str,
              chooser: str = "p") -> Job:
        """The job of ``key`` (a game and how far it went), started if it is not known yet;
        refused (``WebError`` 503) while this session has another one waiting or running, or
        :data:`QUEUE` are. ``game``: the seat's save (``Seat.to_dict``) and its ``resolve``."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                return job
            busy = [j for j in self._jobs.values() if j.state in ("queued", "running")]
            if any(j.session == session for j in busy):
                raise WebError("Another of your games is being reviewed; this one can be asked for when that is done.",
                               status=503, title="One review at a time")
            if len(busy) >= self.queue:
                raise WebError("The server is reviewing other games right now; ask again in a minute.", status=503,
                               title="The server is busy")
            job = self._jobs[key] = Job(session=session, key=key)
            done = [k for k, j in self._jobs.items() if j.state in ("done", "failed")]
            for k in done[:max(0, len(done) - self.keep)]:
                del self._jobs[k]
        self._pool.submit(self._run, job, game, side, opponent, chooser)
        return job

    def _in_process(self, job: Job, game: tuple[dict, Any], side: int, opponent: str, chooser: str):
        """The analyses in the review process, its progress read into ``job`` meanwhile."""
        import concurrent.futures
        from concurrent.futures.process import BrokenProcessPool

        executor = self._executor()
        shared = self._shared
        shared[0] = shared[1] = shared[2] = 0.0  # (one job at a time: this thread is the only one that submits)
        try:
            future = executor.submit(_review_in_process, game[0], game[1], side, opponent, chooser, self.seconds)
            while True:
                try:
                    r, job.clocks = future.result(timeout=0.2)
                    return r
                except concurrent.futures.TimeoutError:
                    job.done, job.total = int(shared[1]), int(shared[2])
                    if self._closing:
                        shared[0] = 1.0
        except BrokenProcessPool:  # (the process was killed: this review fails, the next one gets a new process)
            with self._lock:
                if self._process is executor:
                    self._process = None
            executor.shutdown(wait=False)
            raise

    def _run(self, job: Job, game: tuple[dict, Any], side: int, opponent: str, chooser: str = "p") -> None:
        job.state = "running"

        def work():
            return self._in_process(job, game, side, opponent, chooser)

        try:
            # in the server's one pool of heavy work (security.WorkPool), waiting its turn there
            job.result = work() if self.pool is None else self.pool.run(job.session, work, "this review", "reviews",
                                                                       wait=REVIEW_WAIT)
            job.state = "done"
        except WebError as exc:  # the pool stayed full: the page says so
            job.error, job.state = exc.message, "failed"
        except Exception as exc:  # a bug: logged, the page says the review failed
            import logging

            logging.getLogger("coachgym.web").exception("review of %s failed", job.key)
            job.error, job.state = f"{type(exc).__name__}", "failed"


def panel_label(replay: Any):
    """``label(game, action)``: an action as the decision panel named it (names, not roles), from
    the presenter's view of that decision (``Seat.action_label``)."""
    from types import SimpleNamespace

    from ..present.seat import Seat

    def label(game: Any, action: int) -> str:
        view = replay.presenter.decision(game.clone(), game.decision)
        return Seat.action_label(SimpleNamespace(view_game=lambda: game), action, view)  # (it reads no more of a seat)

    return label


STORY = 5  # the moments the story names; the rest behind "show all"


@dataclass
class Moment:
    """One moment of the story: a big swing of the win chance, or a decision of the person's whose
    options the analysis told apart (a costly one, or the best of them)."""

    played: float  # share of the game played before it
    frame: int | None  # the replay's frame to jump to
    kind: str  # "swing", "costly" (the analysis separated a better option), "best" (his was the best, separated)
    text: str  # the play's line, or "Your decision 12: <chosen>"
    detail: str  # what it did to the chance to win, or what the analysis found
    weight: float  # how much it turned the game: the swing, or the cost, in win chance
    clock: str = ""  # the game clock then, short ("Q4 2:13", "20 boxes left", "63'"); "" where not known
    clock_note: str = ""  # what the short clock leaves out ("about", "bottom half")
    share: float = 0.0  # the share of the game played at ``clock`` (a swing's: after its play)
    number: int = 0  # a swing's number on the chart (1: the biggest); 0 for a decision


# a play's own time stamp at the start of its line: 4th Street's "[Q4 1:55] ", FUBA's "19' "
STAMP = re.compile(r"^\s*\[((?:Q\d|OT\d*) \d{1,2}:\d\d)\]\s*|^\s*(\d{1,3}'(?:\+\d+)?)\s+")


def clocks(replay: Any, swings: Iterable[Any], decisions: Iterable[Any] = ()) -> dict[tuple, tuple[str, float]]:
    """The scoreboard's game clock (``Situation.clock``: "Q4 about 2:10 (14 FAC left)", "20 boxes
    left", "63'") and the share of the game played then, for each moment the story may name: a
    swing's where its play left the game (its frame's state: the decision after the play; an action
    may run many plays, and its swing's play is the last that scored), keyed ``("swing", frame)``; a
    decision's where it was taken (the state where the game first reached the share the review gives
    it), keyed ``("decision", played)``."""
    from ..search.value import remaining

    timeline = replay.timeline()
    out: dict[tuple, tuple[str, float]] = {}

    def said(g: Any) -> str:
        return replay.presenter.situation(g.clone(), replay.coaches).clock

    for sw in swings:
        if sw.frame is not None:
            g = timeline[replay.step_of(sw.frame)][0]
            out["swing", sw.frame] = (said(g), 1.0 - remaining(g))
    want = {d.played for d in decisions}
    for g, *_ in timeline:
        if not want:
            break
        p = 1.0 - remaining(g)
        if p in want:
            want.discard(p)
            out["decision", p] = (said(g), p)
    return out


def short_clock(clock: str) -> tuple[str, str]:
    """A moment's clock for the story's narrow column: the clock itself ("Q4 2:10", "20 boxes left",
    "63'") and what it leaves out ("about", "bottom half"), from the scoreboard's words."""
    main, note = clock, []
    if "(" in main:  # Statis Pro's "(14 FAC left)": the cards behind the estimate
        main = main[:main.index("(")].strip()
    if " about " in f" {main} ":
        main = " ".join(w for w in main.split() if w != "about")
        note.append("about")
    if "," in main:  # Value Add's "6 boxes left, bottom half"
        main, rest = main.split(",", 1)
        note.append(rest.strip())
    return main.strip(), ", ".join(note)


def story(r: Any, limit: int = STORY, clocks: dict[tuple, tuple[str, float]] | None = None) -> list[Moment]:
    """The moments that turned the game (at most ``limit``, in game order): the biggest swings of the
    person's chance to win and his decisions whose options the analysis separated, the largest
    first (a swing by how far it moved the chance; a costly decision by what it cost; a separated best
    choice by how far the chance moved in the plays after it). The rest of the review is the
    "show all" below the story."""
    moments = [Moment(sw.played, sw.frame, "swing", sw.text,
                      f"your chance to win {sw.before * 100:.0f}% \u2192 {sw.after * 100:.0f}%", abs(sw.after - sw.before),
                      number=k + 1)
               for k, sw in enumerate(r.swings)]
    for d in r.decisions:
        if d.cost is None or not d.separated:
            continue
        what = f"Your decision {d.number}: {d.chosen}"
        if d.cost > 0.005:
            moments.append(Moment(d.played, d.frame, "costly", what,
                                  f"the analysis tells {d.best} apart as better: about {d.cost * 100:.0f}% more chance "
                                  f"to win ({d.rollouts} games played out)", d.cost))
        else:
            moments.append(Moment(d.played, d.frame, "best", what,
                                  f"the best of the options, told apart from the others ({d.rollouts} games played out)",
                                  abs(d.swing)))
    top = sorted(moments, key=lambda m: -m.weight)[:limit]
    for m in top:
        key = ("swing", m.frame) if m.kind == "swing" else ("decision", m.played)
        clock, m.share = (clocks or {}).get(key, ("", m.played))
        stamp = STAMP.match(m.text) if m.kind == "swing" else None
        if stamp:  # the play says when it came: that time, and the line without it
            m.clock, m.text = stamp.group(1) or stamp.group(2), m.text[stamp.end():]
        else:
            m.clock, m.clock_note = short_clock(clock)
    return sorted(top, key=lambda m: m.played)


def reviews(request: Request) -> Reviews:
    app = request.app
    if not hasattr(app.state, "reviews"):
        app.state.reviews = Reviews()
    return app.state.reviews


def chart(curve: list[tuple[float, float]], marks: list[tuple[float, float]], swings: list[Any], ruleset: str) -> dict:
    """The win-chance chart's geometry (SVG user units): the line, the person's decisions, the
    numbered swings, the grid (the ruleset's periods: quarters or halves, ``Sport.periods``)."""
    c = CHART
    w, h = c["width"] - c["left"] - c["right"], c["height"] - c["top"] - c["bottom"]

    def xy(played: float, win: float) -> tuple[float, float]:
        return round(c["left"] + played * w, 1), round(c["top"] + (1 - win) * h, 1)

    from .. import rulesets

    grid = rulesets.get(ruleset).sport.period_marks  # the ruleset's quarters or halves
    return {
        **c, "points": " ".join(f"{x},{y}" for x, y in (xy(p, v) for p, v in curve)),
        "marks": [xy(p, v) for p, v in marks],
        "swings": apart([(i + 1, *xy(s.played, s.after), s.frame) for i, s in enumerate(swings)], c["top"], c["top"] + h),
        "grid": [round(c["left"] + g * w, 1) for g in grid],
        "y": {pct: round(c["top"] + (1 - pct / 100) * h, 1) for pct in (0, 50, 100)},
        "x_end": c["left"] + w, "y_end": c["top"] + h,
    }


MARK_GAP = 15.0  # the least distance between two numbered swing marks' centres (their radius is 7)


def apart(marks: list[tuple[int, float, float, int | None]], top: float, bottom: float) -> list[tuple]:
    """The numbered swing marks ``(n, x, y, frame)`` moved up or down, where one would cover another
    (swings a few plays apart late in a game), so that every number can be read and clicked."""
    placed: list[tuple] = []
    for n, x, y, frame in marks:
        for step in range(12):  # y, then above and below it by ever more
            off = MARK_GAP * ((step + 1) // 2) * (-1 if step % 2 else 1)
            if top <= y + off <= bottom and all((x - px) ** 2 + (y + off - py) ** 2 >= MARK_GAP ** 2
                                                for _, px, py, _ in placed):
                y = round(y + off, 1)
                break
        placed.append((n, x, y, frame))
    return placed


def turning(live: Any, session: str, gid: str) -> dict[str, Any]:
    """The end-of-game page's "how the game turned" without the analyses: the chart and the swings."""
    from ..search.review import review

    rep = live.replay(session, gid)
    side, opponent, chooser = live.read(session, gid, reviewer)
    r = review(rep, side, opponent, analyse=False, compare=False, chooser=chooser)
    return {"review": r, "chart": chart(r.curve, r.marks, r.swings, r.ruleset),
            "clocks": clocks(rep, r.swings)}


def reviewer(seat: Any) -> tuple[int, str, str]:
    """(side, opponent, chooser in the history) of the person the review is for: a two-person game's
    friend reviews the other side's decisions (its rollouts play the book for the other person)."""
    side = viewer(seat)
    if not seat.two:
        return side, seat.opponent, PERSON
    return side, seat.book_name, PERSON if side == seat.side else FRIEND


def _job_key(live: Any, session: str, gid: str) -> tuple:
    return (gid, *live.read(session, gid, lambda seat: (len(seat.history), viewer(seat))))


def _story_context(job: Job | None) -> dict[str, Any]:
    """The story once the analyses are done (their result holds the swings too)."""
    if job is None or job.state != "done" or job.result is None:
        return {}
    return {"story": story(job.result, clocks=job.clocks), "ruleset": job.result.ruleset}


def _fragment(request: Request, gid: str, job: Job | None) -> Any:
    return request.app.state.render(request, "review.html.j2", {"gid": gid, "job": job, **_story_context(job)})


@router.post("/games/{gid}/review")
def start_review(request: Request, gid: str):
    same_origin(request)
    live, sid = request.app.state.live, request.state.session
    over = live.read(sid, gid, lambda seat: seat.over)
    if not over:
        raise WebError("A game is reviewed when it is over.", status=409, title="Not over yet")
    key = _job_key(live, sid, gid)
    job = reviews(request).get(key)
    if job is None:
        # the game's save and the server's resolver of coach names (a bound method of WebCoaches: it
        # pickles), rebuilt in the review process
        game = (live.read(sid, gid, lambda seat: seat.to_dict()), live.resolve)
        side, opponent, chooser = live.read(sid, gid, reviewer)
        try:
            job = reviews(request).start(sid, key, game, side, opponent, chooser)
        except WebError as exc:  # busy: said in the page's box, with a button to ask again
            job = Job(state="refused", error=exc.message)
    return _fragment(request, gid, job)


@router.get("/games/{gid}/review")
def review_status(request: Request, gid: str, part: str = "decisions"):
    """The analyses' progress or results (``part=all``: with the chart and the swings before them)."""
    live, sid = request.app.state.live, request.state.session
    if not live.read(sid, gid, lambda seat: seat.over):
        raise WebError("A game is reviewed when it is over.", status=409, title="Not over yet")
    job = reviews(request).get(_job_key(live, sid, gid))
    extra = {"turning": turning(live, sid, gid)} if part == "all" else {}
    if extra:
        extra["ruleset"] = extra["turning"]["review"].ruleset
    extra.update(_story_context(job))
    if part == "all" and "story" not in extra:  # (the analyses still to come: the swings alone, for now)
        extra["story"] = story(extra["turning"]["review"], clocks=extra["turning"]["clocks"])
        extra["story_partial"] = True
    return request.app.state.render(request, "review.html.j2", {"gid": gid, "job": job, **extra})
