""""Keep thinking" on the game page's analysis (issue 22): the same analysis goes on - the same
options, the same resampled futures continued from the next round, the tallies added to - and the
table is drawn again, as an analysis board does (``coachgym.search.analyze(resume=...)``).

The page's "Analyse" (views.py) keeps its analysis here (:func:`remember`); "Keep thinking"
(``GET /games/{id}/analyse/more?number=N``) adds :data:`MORE_SECONDS` to it while the decision is
still pending, up to :data:`MAX_SECONDS` in all. At most :data:`PER_SESSION` analyses are kept per
session and :data:`KEPT` in all (the least recently used dropped first); one request at a time
goes on with a given analysis.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Request

from ..core.errors import CoachgymError
from .errors import WebError, from_coachgym
from .live import keep_recent
from .review import same_origin
from .security import Busy

router = APIRouter()

MORE_SECONDS = 5.0
MAX_SECONDS = 60.0  # one decision's analysis, all its "keep thinking" together
MORE_ROLLOUTS = 2000
PER_SESSION = 2
KEPT = 32


class Thinking:
    """The analyses kept to go on with: (session, game, decision number) -> Analysis."""

    def __init__(self):
        self._kept: OrderedDict[tuple[str, str, int], Any] = OrderedDict()
        self._busy: set[tuple[str, str, int]] = set()
        self._lock = threading.Lock()

    def remember(self, session: str, gid: str, number: int, analysis: Any) -> None:
        with self._lock:
            mine = [k for k in self._kept if k[0] == session and k != (session, gid, number)]
            for k in mine[:max(0, len(mine) - PER_SESSION + 1)]:
                del self._kept[k]
            keep_recent(self._kept, (session, gid, number), analysis, KEPT)

    def take(self, key: tuple[str, str, int]) -> Any:
        """The analysis of ``key``, marked busy (give it back with :meth:`give`); None if none is kept."""
        with self._lock:
            if key in self._busy:
                raise WebError("This analysis is already thinking; its table comes when that is done.", status=409,
                               title="Already thinking")
            a = self._kept.get(key)
            if a is not None:
                self._busy.add(key)
            return a

    def give(self, key: tuple[str, str, int], analysis: Any) -> None:
        with self._lock:
            self._busy.discard(key)
            if analysis is not None and key in self._kept:
                self._kept[key] = analysis


def thinking(request: Request) -> Thinking:
    return request.app.state.thinking


def remember(request: Request, gid: str, number: int, analysis: Any) -> None:
    if analysis is not None:
        thinking(request).remember(request.state.session, gid, number, analysis)


@router.get("/games/{gid}/analyse/more")
def keep_thinking(request: Request, gid: str, number: str = "", seconds: str = ""):
    """``seconds``: how much more (1 to :data:`MORE_SECONDS`, the button's)."""
    same_origin(request)
    from .views import analysis_input

    live, sid = request.app.state.live, request.state.session
    try:
        n = int(number)
        more = min(max(float(seconds), 1.0), MORE_SECONDS) if seconds else MORE_SECONDS
    except ValueError:
        raise WebError("keep thinking: number and seconds must be numbers", status=400) from None
    key = (sid, gid, n)
    render = request.app.state.render
    try:
        now = live.read(sid, gid, lambda seat: seat.number)
        if now != n:
            raise WebError("The game has moved on since that analysis; analyse the decision in front of you.",
                           status=409, title="The game moved on")
        prev = thinking(request).take(key)
        if prev is None:
            raise WebError("There is no analysis of this decision to go on with (the server may have restarted); "
                           "press Analyse.", status=404, title="No analysis")
        result = prev
        try:
            if prev.seconds < MAX_SECONDS and not prev.separated:
                from ..search import analyze

                game, opponent, labels = live.read(sid, gid, analysis_input)
                # bounded as every analysis is (security.WorkPool: one per session, --analyses at once)
                result = request.app.state.analyses.run(sid, lambda: analyze(
                    game, opponent=opponent, rollouts=MORE_ROLLOUTS, labels=labels, resume=prev,
                    seconds=min(more, MAX_SECONDS - prev.seconds)), "this analysis", "analyses", queue_own=False)
        finally:
            thinking(request).give(key, result)
    except CoachgymError as exc:
        raise from_coachgym(exc, template="hint.html.j2", context={}) from None
    except Busy as exc:  # the message where the analysis would be
        exc.template, exc.context = "hint.html.j2", {}
        raise
    except WebError as exc:
        return render(request, "hint.html.j2", {"error": exc.message}, exc.status)
    return render(request, "hint.html.j2", {"analysis": result, "gid": gid, "number": n,
                                            "max_seconds": MAX_SECONDS})
