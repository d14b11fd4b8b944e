""""How the game turned": a finished game looked back on (the web app's end-of-game page).

::

    from coachgym.search.review import review
    r = review(replay, side=0, opponent="trained", seconds=20)

* ``curve``: the side's win chance (draws half) after every action of the game, by the value
  model that truncated rollouts use (:func:`coachgym.search.value.leaf_value`: the margin and the
  share of the game left), against the share of the game played;
* ``swings``: the actions after which that chance moved most, with the play they led to (also the
  replay's "big swings" jumps, :func:`swing_jumps`);
* ``decisions``: the person's own decisions where the by-the-book coach or the trained coach would
  have chosen otherwise; for the most consequential of them (the biggest move of the win chance
  over the plays that followed), within a time budget, what the analysis
  (:func:`coachgym.search.analysis.analyze`: the options played out from resampled futures)
  estimates the choice cost: the best of the three options' win chance minus the chosen one's.

The curve and the swings cost milliseconds (``compare=False``: those only); the comparisons with
the book and the trained coach a few milliseconds a decision; the analyses are the budget (``seconds`` in all, at
most ``per_decision`` each, at most ``max_decisions``). ``progress(done, total)`` is called as
they go.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from .. import rulesets
from ..core.engine import Engine
from .value import leaf_value, remaining

PERSON = "p"  # (coachgym.present.seat.PERSON)


@dataclass
class Swing:
    frame: int | None  # the first play the action led to (the replay's frame)
    played: float  # share of the game played before it
    before: float  # the side's win chance before and after
    after: float
    text: str  # that play's line


@dataclass
class DecisionReview:
    number: int  # the person's n-th own decision (1-based)
    frame: int | None
    played: float
    chosen: str
    book: str | None  # the book's choice where it differs from the chosen one, else None
    trained: str | None  # the trained coach's first choice where it differs, else None
    swing: float  # the win chance after the plays that followed, minus before
    cost: float | None = None  # the analysis: best option's win chance minus the chosen one's (None: not analysed)
    best: str | None = None  # the analysis's best option
    rollouts: int = 0
    separated: bool = False  # the analysis told the best option apart from every other


@dataclass
class Review:
    ruleset: str
    side: int
    curve: list[tuple[float, float]]  # (share played, win chance) after each action, from the start
    marks: list[tuple[float, float]]  # the person's own decisions on the curve
    swings: list[Swing]
    decisions: list[DecisionReview]  # where the book or the trained coach would have chosen otherwise
    own: int  # the person's own decisions in all
    analysed: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def curve_of(timeline: list[tuple[Engine, int | None, str, int | None]], side: int) -> list[tuple[float, float]]:
    return [(1.0 - remaining(g), leaf_value(g, side)) for g, *_ in timeline]


def swing_jumps(replay: Any, side: int | None) -> dict[int, str]:
    """The replay's "big swings" (``Replay.add_jumps("swing", ...)``): the play of each of the
    biggest swings of ``side``'s win chance - the end-of-game page's swings, by the same value model
    - with a line saying how the chance moved. None for a replay without its actions or a side."""
    if side is None or not getattr(replay, "exact", False):
        return {}
    r = review(replay, side, "", analyse=False, compare=False)
    return {s.frame: f"A big swing: your chance to win went from {s.before:.0%} to {s.after:.0%} "
                     f"({(s.after - s.before) * 100:+.0f} points)" for s in r.swings if s.frame is not None}


def review(replay: Any, side: int, opponent: str, *, seconds: float = 20.0, per_decision: float = 2.5,
           max_decisions: int = 6, analyse: bool = True, compare: bool = True,
           progress: Callable[[int, int], None] | None = None,
           label: Callable[[Engine, int], str] | None = None, stop: Callable[[], bool] | None = None,
           chooser: str = PERSON) -> Review:
    """The review of ``replay`` (a :class:`coachgym.present.replay.Replay` of a seat's game) for the
    person coaching ``side`` against ``opponent`` (see the module docstring); ``label(game,
    action)`` names an action (default: the engine's ``describe_action``); ``stop()`` true ends the
    analyses early (a server shutting down). ``chooser``: who made the person's decisions in the
    history (a two-person game's other person: ``seat.FRIEND``)."""
    name = label or (lambda game, action: game.describe_action(action))
    timeline = replay.timeline()
    curve = curve_of(timeline, side)
    events = replay.events
    swings = []
    for k in range(1, len(timeline)):
        if timeline[k][1] is not None and curve[k][1] != curve[k - 1][1]:
            frame = replay.key_play(k, timeline[k][1])
            swings.append(Swing(frame, curve[k - 1][0], curve[k - 1][1], curve[k][1], events[frame].text))
    swings = sorted(swings, key=lambda s: -abs(s.after - s.before))[:5]
    swings = [s for s in swings if abs(s.after - s.before) >= 0.02]

    rs = rulesets.get(replay.rs.name)
    if not compare:  # the curve and the swings only
        marks = [curve[k - 1] for k in range(1, len(timeline)) if timeline[k][2] == chooser]
        return Review(rs.name, side, curve, marks, swings, [], len(marks))
    book = rs.coach("by-the-book", seed=0)
    try:
        trained = rs.coach("trained", seed=0)
    except Exception:  # no trained model for this ruleset, or the train extra missing
        trained = None
    own, found, marks = 0, [], []
    for k in range(1, len(timeline)):
        _, frame, who, chosen = timeline[k]
        if who != chooser or chosen is None:
            continue
        own += 1
        before = timeline[k - 1][0]
        marks.append(curve[k - 1])
        g = before.clone(record_events=False)
        book.reset(g, side, None)
        b = int(book.choose(g, g.decision))
        t = None
        if trained is not None:
            trained.reset(g, side, None)
            probs = trained.legal_probabilities(g, g.decision)
            t = max(probs, key=probs.get) if probs else None
        if b == chosen and (t is None or t == chosen):
            continue
        # the swing over the plays until the person's next decision (or the end)
        nxt = next((j for j in range(k + 1, len(timeline)) if timeline[j][2] == chooser), len(timeline) - 1)
        found.append((k, DecisionReview(own, frame, curve[k - 1][0], name(before, chosen),
                                        name(before, b) if b != chosen else None,
                                        name(before, t) if t is not None and t != chosen else None,
                                        curve[nxt][1] - curve[k - 1][1]), chosen, b, t))
    result = Review(rs.name, side, curve, marks, swings, [f[1] for f in found], own)
    if not analyse or not found:
        return result
    from .analysis import analyze

    todo = sorted(found, key=lambda f: -abs(f[1].swing))[:max_decisions]
    started = time.perf_counter()
    if progress:
        progress(0, len(todo))
    for i, (k, dr, chosen, b, t) in enumerate(todo):
        left = seconds - (time.perf_counter() - started)
        if stop is not None and stop():
            break
        if left < 0.5:
            n = len(todo) - i
            result.notes.append(f"{n} more decision{'' if n == 1 else 's'} left unanalysed: the time budget "
                                f"({seconds:.0f} s) was spent")
            break
        game = timeline[k - 1][0].clone()
        named = [a for a in (chosen, b, t) if a is not None]
        a = analyze(game, named, opponent=opponent, rollouts=600, seconds=min(per_decision, left), max_options=3,
                    labels=lambda action, g=timeline[k - 1][0]: name(g, action))
        try:
            mine = a.option(chosen).win
        except (KeyError, ValueError, StopIteration):
            continue
        top = a.option(a.best)
        dr.cost, dr.best, dr.rollouts, dr.separated = top.win - mine, top.label, a.rollouts, a.separated
        result.analysed += 1
        if progress:
            progress(i + 1, len(todo))
    result.seconds = time.perf_counter() - started
    return result
