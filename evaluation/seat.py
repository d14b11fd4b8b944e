"""Figures behind the coach's seat: how many decisions a person makes in a full game under the
default auto-play, how long a ``Seat.choose`` takes, and what each auto-play kind is worth
(``coachgym leverage``, per auto-play kind rather than per engine decision kind).

``python tools/seat_measure.py decisions statispro`` and ``... leverage statispro`` print them.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from .. import rulesets
from ..core.engine import AWAY, HOME
from ..core.match import MatchResult, run_match
from ..present import presenter_for
from ..present.presenter import auto_kind, default_autoplay, routine
from ..present.seat import Seat
from .leverage import RandomInKind


def first_step(view) -> int:
    """The choices a decision's first step shows (a group's choices each; a list behind a choice
    counts once)."""
    return sum(len(g.choices) for g in view.groups)


def person_decisions(ruleset: str, games: int = 10, seed: int = 0, opponent: str = "by-the-book",
                     autoplay=None, answer: str = "book", progress: bool = False) -> dict:
    """Full games through a :class:`Seat` (the person coaching home in even games, away in odd ones)
    in which the person answers every decision put to him with the book's choice (``answer="book"``,
    an engaged coach, a setup piece by piece), with the screen's default where it has one
    (``"enter"``: a person pressing Enter, "play on", a setup's "the rest as the book would"; the
    book's choice where the screen offers it as Enter's), or ``"mixed"``: Enter half the time, else
    one of the decision's choices at random (a substitution, a shift, a call: a seeded draw):
    decisions per game (mean, min, max, per auto-play kind), milliseconds per ``Seat.choose``, and
    the choices of the first step (median, max; over all decisions and over the menus)."""
    import random

    per_game: list[int] = []
    kinds: Counter = Counter()
    times: list[float] = []
    steps: list[int] = []
    menu_steps: list[int] = []
    iterator = range(games)
    if progress:
        from tqdm import tqdm

        iterator = tqdm(iterator, desc=f"{ruleset}: games through the seat", unit="game")
    for g in iterator:
        seat = Seat.new(ruleset, side=HOME if g % 2 == 0 else AWAY, opponent=opponent, seed=seed * 1_000_003 + g,
                        autoplay=autoplay)
        n = 0
        rng = random.Random(seed * 7919 + g)
        while not seat.over:
            kind = seat.pending_kind()
            kinds[kind] += 1
            action = seat.book_choice
            finish = None
            view = seat.pending()
            steps.append(first_step(view))
            if kind.startswith("menu"):
                menu_steps.append(steps[-1])
            enter = answer == "enter" or (answer == "mixed" and rng.random() < 0.5)
            if enter:
                default = view.default_action
                action = default if default is not None else action
                finish = view.default_finish()  # Enter at a setup: the rest as the book would
            elif answer == "mixed":
                action = rng.choice([c.action for c in view.choices()] or [action])
            t = time.perf_counter()
            if finish is not None:
                seat.finish(finish.finish, seat.number)
            else:
                seat.choose(action, seat.number)
            times.append(time.perf_counter() - t)
            n += 1
        per_game.append(n)
    return {"ruleset": rulesets.get(ruleset).name, "games": games, "opponent": opponent, "answer": answer,
            "autoplay": sorted(seat.autoplay) if games else [],
            "mean": statistics.fmean(per_game) if per_game else 0.0, "min": min(per_game, default=0),
            "max": max(per_game, default=0), "by_kind": {k: v / games for k, v in kinds.most_common()},
            "ms_per_choose": 1000 * statistics.fmean(times) if times else 0.0,
            "ms_per_choose_p95": 1000 * sorted(times)[int(0.95 * (len(times) - 1))] if times else 0.0,
            "first_step": {"median": statistics.median(steps) if steps else 0, "max": max(steps, default=0),
                           "menus_median": statistics.median(menu_steps) if menu_steps else None,
                           "menus_max": max(menu_steps, default=None)}}


def save_times(ruleset: str, seed: int = 7, repeats: int = 20) -> dict:
    """Saving and restoring a seat at the person's last decision of a game against the book (where
    a save is largest): milliseconds per ``Seat.to_json`` (median of ``repeats``) and per
    ``Seat.from_json`` (median of 3), the save's size and events."""
    seat = Seat.new(ruleset, opponent="by-the-book", seed=seed)
    last = seat.to_json()
    while not seat.over:
        last = seat.to_json()
        seat.choose(seat.book_choice, seat.number)
    seat = Seat.from_json(last)

    def ms(fn, n):
        times = []
        for _ in range(n):
            t = time.perf_counter()
            fn()
            times.append(1000 * (time.perf_counter() - t))
        return statistics.median(times)

    return {"ruleset": rulesets.get(ruleset).name, "events": len(seat.game.log), "kb": len(last) / 1024,
            "to_json_ms": ms(seat.to_json, repeats), "from_json_ms": ms(lambda: Seat.from_json(last), 3)}


class RoutineThenBook:
    """The book, except where the presenter's routine answers a decision of the kinds a person makes
    (by default those the default auto-play gives him): there the routine's answer - what a person
    who lets routine moments pass gets. Counts the decisions the routine answered."""

    def __init__(self, base, ruleset: str, kinds=None):
        self.base = base
        self.presenter = presenter_for(ruleset)
        self.kinds = default_autoplay(self.presenter) if kinds is None else frozenset(kinds)
        self.name = f"{getattr(base, 'name', 'coach')} (routine answers)"
        self.answered = 0
        self.asked = 0

    def reset(self, game, side, seed=None):
        self.base.reset(game, side, seed)

    def choose(self, game, decision):
        action = self.base.choose(game, decision)  # the book is asked at every decision, as in the seat
        if auto_kind(self.presenter, game, decision) in self.kinds:
            r = routine(self.presenter, game, decision)  # (reading a game changes nothing)
            if r is not None:
                self.answered += 1
                return int(r)
            self.asked += 1
        return action


def routine_cost(ruleset: str, games: int = 400, seed: int = 0, coach: str = "by-the-book",
                 progress: bool = True) -> dict:
    """What letting routine moments pass costs: the book with the routine's answers (where the
    presenter has them, in the kinds a person makes by default) against the book in mirror games
    (each bundled team against itself, paired seeds, benches swapped); the win rate with its 95%
    interval, the mean margin, and the routine-answered and person-asked decisions per game."""
    rs = rulesets.get(ruleset)
    pairs = [(rs.load_team(t), rs.load_team(t)) for t in rs.team_names()]
    a = RoutineThenBook(rs.coach(coach, seed=seed + 1), rs.name)

    def new_game(h, w, seed, record_events=False):
        return rs.new_game(h, w, seed=seed, record_events=True)  # (the routine may read the play-by-play)

    r: MatchResult = run_match(new_game, a, rs.coach(coach, seed=seed + 2), games=games, seed=seed, teams=pairs,
                               keep_box=False, progress=progress, desc=f"{rs.name}: routine answers vs the book")
    return {"ruleset": rs.name, **r.stats(), "routine_per_game": a.answered / max(1, games),
            "asked_per_game": a.asked / max(1, games)}


def random_in_auto_kind(base, ruleset: str, kind: str, seed: int) -> RandomInKind:
    """The base coach, except that decisions of one auto-play kind are answered at random."""
    presenter = presenter_for(ruleset)
    return RandomInKind(base, kind, seed, kind_of=lambda game, decision: auto_kind(presenter, game.clone(), decision))


def autoplay_leverage(ruleset: str, games: int = 400, seed: int = 0, coach: str = "by-the-book",
                      kinds: list[str] | None = None, progress: bool = True) -> list[dict]:
    """For every auto-play kind (or ``kinds``): 'random in this kind' against ``coach`` in mirror
    games (each bundled team against itself, paired seeds, benches swapped)."""
    rs = rulesets.get(ruleset)
    pairs = [(rs.load_team(t), rs.load_team(t)) for t in rs.team_names()]
    kinds = kinds or [k.kind for k in presenter_for(ruleset).kinds()]

    def new_game(h, w, seed, record_events=False):
        return rs.new_game(h, w, seed=seed, record_events=True)  # (auto_kind may read the play-by-play)

    rows = []
    for kind in kinds:
        a = random_in_auto_kind(rs.coach(coach, seed=seed + 1), rs.name, kind, seed + 3)
        r: MatchResult = run_match(new_game, a, rs.coach(coach, seed=seed + 2), games=games, seed=seed, teams=pairs,
                                   keep_box=False, progress=progress, desc=f"{rs.name}: random {kind}")
        rows.append({"kind": kind, **r.stats()})
    return rows
