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


class Reviews:
    """The background analyses of finished games (see the module docstring)."""

    def __init__(self, seconds: float = REVIEW_SECONDS, queue: int = QUEUE, keep: int = KEEP):
        self.seconds, self.queue, self.keep = seconds, queue, keep
        self._jobs: OrderedDict[tuple, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coachgym-review")
        self._closing = False
        self.pool = None  # the server's WorkPool (app.py sets it)

    def close(self) -> None:
        """The server stops: waiting reviews are dropped, a running one ends after its analysis."""
        self._closing = True
        self._pool.shutdown(wait=False, cancel_futures=True)

    def jobs(self) -> list[Job]:
        """Every review known: waiting, running, or kept when done."""
        with self._lock:
            return list(self._jobs.values())

    def get(self, key: tuple) -> Job | None:
        with self._lock:
            return self._jobs.get(key)

    def start(self, session: str, key: tuple, replay: Any, side: int, opponent: str, chooser: str = "p") -> Job:
        """The job of ``key`` (a game and how far it went), started if it is not known yet;
        refused (``WebError`` 503) while this session has another one waiting or running, or
        :data:`QUEUE` are."""
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
        self._pool.submit(self._run, job, replay, side, opponent, chooser)
        return job

    def _run(self, job: Job, replay: Any, side: int, opponent: str, chooser: str = "p") -> None:
        from ..search.review import review

        job.state = "running"

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        def work():
            r = review(replay, side, opponent, seconds=self.seconds, per_decision=PER_DECISION,
                       max_decisions=MAX_DECISIONS, progress=progress, label=panel_label(replay),
                       stop=lambda: self._closing, chooser=chooser)
            job.clocks = clocks(replay, r.swings, r.decisions)
            return r

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
        rep = live.replay(sid, gid)
        side, opponent, chooser = live.read(sid, gid, reviewer)
        try:
            job = reviews(request).start(sid, key, rep, side, opponent, chooser)
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
