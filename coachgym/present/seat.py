"""A person's seat at a game: the game flow shared by the terminal (``coachgym play``) and the web app.

::

    seat = Seat.new("statispro", side=HOME, opponent="trained", seed=None)   # seed None: a random one
    seat.seed, seat.game, seat.side, seat.over
    seat.number               # grows with every decision put to the person
    seat.situation()          # -> Situation (score, clock, both lineups ...)
    seat.pending()            # -> DecisionView of the person's pending decision, or None once over
    seat.choose(action, number=seat.number)   # the person's choice (an engine action index)
    seat.continue_to("dead_ball")   # or "period", "half", "end": the book answers until then
    seat.finish("book")       # a multi-step decision (a FUBA setup) in one go, as a finish choice offers
    seat.hint()               # -> Hint: the book's choice, the trained coach's top choices
    seat.new_events()         # what happened since the person's last decision
    seat.set_autoplay({"menu:set_piece", "ballhandler"})   # the auto-play kinds the PERSON makes
    text = seat.to_json();  seat = Seat.from_json(text)      # the exact state

Between the person's decisions the seat lets the opponent coach answer the other side's decisions,
and the by-the-book coach ("the book") answer the person's own decisions of the auto-play kinds the
person leaves to it (``autoplay`` names the kinds the person makes; the presenter's ``auto_kind``
maps a decision to its kind, and ``kinds()`` lists them with the default marked ``matters``).

The book for the person's team is asked at every one of the person's decisions (also those the
person makes), exactly as a trained coach asks its advisor: its answer is the hint's "book" choice,
and a scripted coach's bookkeeping stays current. The hint reads the trained coach's policy and
changes nothing.

Two people, one game (``opponent="friend"``, :data:`FRIEND_COACH`): a second person coaches the
other side; the seat stops at either person's decisions (``turn`` says whose), ``choose``,
``finish``, ``continue_to`` and ``undo`` take the ``side`` of the person who acts and refuse the
other side's (:class:`NotYourTurnError`), each side has a book of its own for the kinds left to it
and its own "plays since my last decision" (``new_events(side)``), and the history records the
second person's choices as ``FRIEND``'s, so a save is checked on restore without a computer coach.
Undo belongs to the person who gave the last answer.

A saved seat holds the seed, the settings, both teams' data (so an uploaded team survives), the
coaches' names and every action of the game with who chose it. Restoring replays that history with
fresh coaches (games and coaches are deterministic) and checks that the replayed engine equals the
saved one; a file that does not replay exactly is refused with :class:`SavedGameError`.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterable, Iterator

from .. import rulesets
from ..core import jsontext
from ..core.chance import ChanceSource
from ..core.engine import AWAY, HOME, SIDE_NAMES, Engine
from ..core.errors import CoachgymError, ConfigError, GameOverError, IllegalActionError, SavedGameError
from ..core.events import Event
from . import presenter_for
from .model import Choice, DecisionView, Hint, HintOption, Situation
from .presenter import auto_kind, default_autoplay, kind_info, marks, routine

SAVE_FORMAT = "coachgym.seat"
SAVE_VERSION = 1
PERSON, BOOK, OPPONENT, ROUTINE = "p", "b", "o", "r"  # who chose an action of the history (r: the routine answer)
FRIEND = "f"  # the second person of a two-person game (the person who coaches the other side)
FRIEND_COACH = "friend"  # the opponent of a two-person game: a second person, no computer coach

# Games that start from a given position instead of the opening tip, and end at a defined event
# before the game does (the academy's challenges: coachgym.academy.challenge registers "academy").
# kind -> a function (ruleset, start, seed) -> (engine, side, ends): the start position with its future
# drawn from ``seed``, the side the person coaches there, and ``ends(game)``: the seat is over. A
# seat keeps its ``start`` (a small JSON dict naming the kind) in its save and rebuilds from it.
StartFn = Callable[[str, dict, int], "tuple[Engine, int, Callable[[Engine], bool]]"]
STARTS: dict[str, StartFn] = {}


def register_start(kind: str, fn: StartFn) -> None:
    """Make seats whose ``start`` names ``kind`` start (and restore) through ``fn``."""
    STARTS[kind] = fn


class StaleDecisionError(CoachgymError, ValueError):
    """A choice was sent for a decision that is no longer pending (a second browser tab, a double click)."""


class UndoError(CoachgymError, ValueError):
    """The person's last decision cannot be taken back (nothing to undo, or dice were rolled since)."""


class NotYourTurnError(CoachgymError, ValueError):
    """A two-person game: a choice sent for one side while the other side's person decides."""


class _ChanceSpy(ChanceSource):
    """A game's chance source that notes whether it was asked for anything (``used``: what for)."""

    kind = "spy"

    def __init__(self, inner: ChanceSource):
        self.inner = inner
        self.used = ""

    def roll(self, sides: int, what: str = "") -> int:
        self.used = self.used or "a die was rolled"
        return self.inner.roll(sides, what)

    def shuffle(self, items: list, what: str = "") -> None:
        self.used = self.used or "a deck was shuffled"
        self.inner.shuffle(items, what)

    def draw(self, pile: list, what: str = "") -> Any:
        self.used = self.used or "a card was drawn"
        return self.inner.draw(pile, what)

    def to_dict(self) -> dict:
        return self.inner.to_dict()


NOTHING_TO_UNDO = ("nothing to undo: no decision of yours since the game started or was opened, or the last one "
                   "was already taken back")


def _moved_on(what: str) -> str:
    return (f"the game has moved on since your last decision ({what}): only a decision with no dice rolled or "
            "cards drawn since can be taken back")


def _undo_point(data: Any, history: int) -> list | None:
    """A saved undo point if it is well formed (else None: nothing to undo; undo checks the rest).
    A two-person game's has a fifth item: the side whose person answered."""
    if (isinstance(data, list) and len(data) in (4, 5)
            and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in data[:3])
            and (data[3] is None or isinstance(data[3], int) and not isinstance(data[3], bool) and data[3] >= 0)
            and (len(data) == 4 or data[4] in (HOME, AWAY) and not isinstance(data[4], bool))
            and data[0] <= history):
        return list(data)
    return None


def side_index(side: int | str) -> int:
    if side in (HOME, AWAY):
        return int(side)
    if isinstance(side, str) and side.lower() in SIDE_NAMES:
        return SIDE_NAMES.index(side.lower())
    raise ConfigError(f"side must be 'home' or 'away', got {side!r}")


def _options_data(rs, options: Any) -> dict:
    """Rule options as plain JSON (validated): what a saved seat stores."""
    parsed = rs.parse_options(options)
    if options is None:
        return {}
    if isinstance(options, dict):
        return dict(options)
    return json.loads(json.dumps(dataclasses.asdict(parsed)))


def first_difference(saved: Any, replayed: Any, path: str) -> str:
    """The path of the first field where two JSON values differ ("engine.events[412].text")."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for k in [*saved, *(k for k in replayed if k not in saved)]:
            if saved.get(k, _MISSING) != replayed.get(k, _MISSING):
                return first_difference(saved.get(k, _MISSING), replayed.get(k, _MISSING), f"{path}.{k}")
    elif isinstance(saved, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(saved, replayed)):
            if a != b:
                return first_difference(a, b, f"{path}[{i}]")
        if len(saved) != len(replayed):
            return f"{path}[{min(len(saved), len(replayed))}]"
    return path


_MISSING = object()



def then_default(choice: Choice, book: int | None) -> Choice:
    """The default of a second step the presenter left without one (Enter once "Take John Starks
    out" is open): the book's choice where it is in the list; else the first man listed who plays
    the position the step names ("Who goes in for John Starks at PG?": a man with PG among the
    positions his label lists first, "(PG/SG, ..."); else the first listed."""
    then = choice.then or []
    hit = next((t for t in then if book is not None and t.action == book), None)
    if hit is not None:
        return hit
    m = re.search(r" at ([^ ?]+)\??$", choice.then_title or "")
    if m:
        for t in then:
            pos = re.search(r"\(([^,)]+)", t.label)
            if pos and m.group(1) in pos.group(1).split("/"):
                return t
    return then[0]

class Seat:
    """A person coaching one side of a game (see the module docstring)."""

    def __init__(self, ruleset: str, side: int, opponent: str, seed: int, teams: list, options: dict,
                 autoplay: Iterable[str] | None, book: str, routine: bool = True,
                 resolve: Callable[[str], str] | None = None, start: dict | None = None):
        self.rs = rulesets.get(ruleset)
        # ``resolve``: a coach's name as the seat keeps it -> the spec to build it from (the web app
        # names a strategy file of a folder it offers by its file name; the path stays on the server)
        self.resolve: Callable[[str], str] = resolve or (lambda spec: spec)
        # time.monotonic() after which play stops at the next decision of the person's side, even one
        # the book or the routine would answer (the web app's time limit per request); None: no limit
        self.deadline: float | None = None
        # the web app: the server drew the seed, so pages show it (and saves are plain) once the game is over
        self.seed_hidden = False
        # the side of the person acting through the seat now (the web app sets it per request: the
        # session's side); choose, finish, continue_to, undo and can_undo take it where given no
        # ``side``. None: whoever decides now (the terminal: one person, or both at one keyboard)
        self.viewer: int | None = None
        self.presenter = presenter_for(self.rs.name)
        self.side = side_index(side)
        self.opponent = opponent
        self.book_name = book
        self.seed = int(seed)
        self.options = options
        # a start position (STARTS) instead of the opening tip, and the end it defines (None: the game's)
        self.start: dict | None = dict(start) if start is not None else None
        self._ends: Callable[[Engine], bool] | None = None
        if self.start is None:
            self.team_data = [t[0] for t in teams]
            home = self.rs.parse_team(teams[0][0], teams[0][1])
            away = self.rs.parse_team(teams[1][0], teams[1][1])
            self._game: Engine = self.rs.new_game(home, away, seed=self.seed, options=options or None)  # only the coaches and step touch it
        else:
            self.team_data = []  # (the start position holds its teams)
            self._game = self._started()
        other = 1 - self.side
        # a two-person game: a second person coaches the other side (history: FRIEND), with a book
        # of its own for the decisions that person leaves to it; no computer coach
        self.two = opponent == FRIEND_COACH
        self._opp: Any = None
        if not self.two:
            self._opp = self.rs.coach(self.resolve(opponent), seed=self.seed * 2 + 1 + other)
            self._opp.reset(self._game, other, self.seed * 2 + 1 + other)
        # the book for the person's team, made as a trained coach makes its advisor (seed 0, reset
        # without one), so its suggestions are the ones the trained coach sees
        self._book = self.rs.coach(self.resolve(book), seed=0)
        self._book.reset(self._game, self.side, None)
        self._friend_book: Any = None
        if self.two:
            self._friend_book = self.rs.coach(self.resolve(book), seed=0)
            self._friend_book.reset(self._game, other, None)
        self._book_choice: int | None = None  # the book's answer to the pending decision
        self._trained: Any = None
        self._view: tuple[int, Engine] | None = None  # (history length, a copy of the game to read)
        self.routine = bool(routine)  # answer routine decisions "as before" (the presenter's ``routine``)
        self.autoplay: frozenset[str] = frozenset()
        self.set_autoplay(default_autoplay(self.presenter) if autoplay is None else autoplay, run=False)
        self.number = 0
        self.history: list[list] = []  # [action, who] for every action applied to the game
        # the history's book or routine answers to a decision that was put to the person (a
        # "continue", a finish, auto-play changed): with the person's own choices they make
        # ``number``, which a save is checked against (_check_counts); None for a game restored
        # from a save written before they were kept (its count is then held to bounds only)
        self._asked: list[int] | None = []
        self._stopped = False  # a decision is put to the person now: the next action answers it
        self._seen = 0  # events the person had seen at his last decision
        self._seen_friend = 0  # a two-person game: the same for the person of the other side
        # the seat just before the person's last answer, for undo: [history length, number, seen,
        # length of ``_asked`` (None where unknown)]; None where there is nothing to undo
        self._undo: list | None = None

    def _started(self) -> Engine:
        """The game of a seat with a ``start``: the registered start's position (STARTS)."""
        kind = self.start.get("kind") if isinstance(self.start, dict) else None
        fn = STARTS.get(kind) if isinstance(kind, str) else None
        if fn is None:
            raise ConfigError(f"start: unknown kind of start position {kind!r}"
                              + (f"; known: {', '.join(sorted(STARTS))}" if STARTS else
                                 " (a challenge of the academy: open it in coachgym serve)"))
        game, side, self._ends = fn(self.rs.name, self.start, self.seed)
        if side != self.side:
            raise ConfigError(f"start: that position is the {SIDE_NAMES[side]} team's to coach, not the "
                              f"{SIDE_NAMES[self.side]} team's")
        return game

    def _ended(self) -> bool:
        """Whether a start's defined end has come while the game itself goes on (read on a copy)."""
        return self._ends is not None and self._game.decision is not None and bool(self._ends(self.view_game()))

    # ------------------------------------------------------------------ making one
    @classmethod
    def new(cls, ruleset: str, side: int | str = HOME, opponent: str = "trained", home: Any = None, away: Any = None,
            seed: int | None = None, options: Any = None, autoplay: Iterable[str] | None = None,
            book: str = "by-the-book", routine: bool = True, resolve: Callable[[str], str] | None = None,
            deadline: float | None = None, start: dict | None = None) -> "Seat":
        """A new game. ``home``/``away``: a bundled team's name, a team file or its JSON data (None:
        the ruleset's default teams); ``seed`` None draws one (``seat.seed`` says which);
        ``autoplay``: the auto-play kinds the person makes (None: the presenter's default);
        ``routine``: let routine decisions of those kinds be answered "as before" where the
        presenter defines them (a Value Add menu while nobody is tired or in foul trouble).
        ``deadline`` (``time.monotonic()``): play to the person's first decision stops at the person's
        next decision after it, even one the book would answer (as :attr:`deadline` does).
        ``start``: a start position of a registered kind (:data:`STARTS`; the teams come with it, and
        the seat is over at the end it defines)."""
        rs = rulesets.get(ruleset)
        if opponent != FRIEND_COACH:
            rs.coach((resolve or str)(opponent))  # an unknown coach fails before anything else
        teams = [] if start is not None else [rs.team_data(t if t is not None else rs.default_teams[i])
                                              for i, t in enumerate((home, away))]
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        seat = cls(rs.name, side_index(side), opponent, seed, teams, _options_data(rs, options), autoplay, book, routine,
                   resolve, start)
        seat.deadline = deadline
        try:
            seat._run()
        finally:
            seat.deadline = None
        return seat

    # ------------------------------------------------------------------ reading
    @property
    def over(self) -> bool:
        """The game is over, or the end its start defines (a challenge's) has come."""
        return self._game.over or self._ended()

    @property
    def coach_names(self) -> tuple[str, str]:
        """The coaches' names as the seat's person reads them; a two-person game's are neither
        person's (a replay of it is read by both: each page marks its own side "you")."""
        return ("", "") if self.two else self.names_for(self.side)

    def names_for(self, side: int) -> tuple[str, str]:
        """The coaches' names as the person of ``side`` reads them ("you"; a two-person game's
        other side is "your friend")."""
        names = ["you", "you"]
        if self.two:
            names[1 - side] = "your friend"
        else:
            names[1 - self.side] = self.opponent
        return (names[0], names[1])

    def person_sides(self) -> tuple[int, ...]:
        """The sides a person coaches: the seat's own, and the other side too in a two-person game."""
        return (HOME, AWAY) if self.two else (self.side,)

    @property
    def turn(self) -> int | None:
        """The side whose person decides now (None once the game is over)."""
        d = self._game.decision
        return None if d is None or self._ended() else d.side

    @property
    def game(self) -> Engine:
        """The game to read (a copy: see :meth:`view_game`)."""
        return self.view_game()

    def view_game(self) -> Engine:
        """A copy of the game to read for display (a presenter, a box score, the hint's trained coach);
        ``seat.game`` is the same copy. Only the seat's coaches and ``step`` touch the game itself:
        some engines bring lazily kept figures up to date when read (4th Street's minutes), and a
        save must replay exactly. The copy is made once per action (cheap: immutable data shared)."""
        key = len(self.history)
        if self._view is None or self._view[0] != key:
            self._view = (key, self._game.clone())
        return self._view[1]

    def box_score(self):
        return self.view_game().box_score()

    def situation(self, side: int | None = None) -> Situation:
        """The situation as the person of ``side`` (default: the seat's own) reads it."""
        return self.presenter.situation(self.view_game(), self.names_for(self.side if side is None else side))

    def pending(self) -> DecisionView | None:
        """The person's pending decision, or None once the game is over. Where the presenter gives
        it no default (a fouled-out man's replacement, Pass to Choice), Enter takes the book's
        choice: it is marked the default and ``default_note`` says so."""
        g = self.view_game()
        if g.decision is None or self._ended():
            return None
        view = self.presenter.decision(g, g.decision)
        if (view.default_action is None and view.default_finish() is None and self._book_choice is not None
                and self._book_choice in g.decision.legal and g.decision.side in self.person_sides()):
            view.default_action = self._book_choice
            view.default_note = "the book's choice"
        for group in view.groups:  # a second step (who goes in for him) has a marked default too
            for c in group.choices:
                if c.then and not any(t.default for t in c.then):
                    then_default(c, self._book_choice).default = True
        return view

    @property
    def book_choice(self) -> int | None:
        """The book's answer to the pending decision (the hint's "book" choice)."""
        return self._book_choice

    def pending_kind(self) -> str | None:
        """The auto-play kind of the pending decision."""
        g = self.view_game()
        return auto_kind(self.presenter, g, g.decision) if g.decision is not None else None

    def new_events(self, side: int | None = None) -> list[Event]:
        """What happened since the person's last decision (or continue); ``side``: that of the
        person of a two-person game who asks (default: the seat's own)."""
        return list(self._game.log.events[self._seen_by(side):])

    def _seen_by(self, side: int | None) -> int:
        return self._seen_friend if self.two and side is not None and side != self.side else self._seen

    # ------------------------------------------------------------------ acting
    def choose(self, action: int, number: int | None = None, side: int | None = None) -> None:
        """The person's choice at the pending decision. An illegal action, a stale ``number``, a
        ``side`` (the side of the person who chooses, where given) that does not decide now or a
        finished game raise an error naming the problem, and change nothing."""
        d = self._pending_decision(number, side)
        if isinstance(action, bool) or not isinstance(action, int) or action not in d.legal:
            g = self.view_game()
            view = self.pending()
            label = (g.describe_action(action) if isinstance(action, int) and not isinstance(action, bool)
                     and 0 <= action < len(g.actions) else "not in the action table")
            # in the screen's words: the decision's sentence and the options as the panel labels them
            raise IllegalActionError(action, label, view.title, d.legal, [self.action_label(a, view) for a in d.legal])
        with self._answering(d.side):
            self._apply(action, PERSON if d.side == self.side else FRIEND)
            self._run(actor=d.side)

    def _pending_decision(self, number: int | None, side: int | None = None, turn: bool = True):
        """The pending decision, which ``number`` (where given) must name and the person of ``side``
        (where given; else the viewer; ``turn`` False: whoever) must make; else an error naming why."""
        d = self._game.decision
        if d is None or self._ended():
            raise GameOverError(f"the game is over ({self._score_text()}); no decision is pending")
        side = self.viewer if side is None else side
        if turn and side is not None and side_index(side) != d.side:
            who = "your friend decides" if self.two else "the opponent decides"
            raise NotYourTurnError(f"it is not your turn: {who} for the {SIDE_NAMES[d.side]} team now (decision "
                                   f"{self.number}); you coach the {SIDE_NAMES[side_index(side)]} team")
        if number is not None and int(number) != self.number:
            raise StaleDecisionError(f"decision {number} is no longer pending; the pending decision is number "
                                     f"{self.number} ({kind_info(self.presenter, self.pending_kind()).title})")
        return d

    def continue_to(self, mark: str, side: int | None = None) -> None:
        """Let the book answer the person's decisions until the next dead ball, period or half (the
        first decision the person makes after it), or to the end of the game. ``mark``: "end" or a
        key of the presenter's ``marks`` (every ruleset has "dead_ball", "period" and "half").
        ``side``: as for :meth:`choose`. In a two-person game play stops at the other person's next
        decision whatever the mark."""
        if self._game.decision is None or self._ended():
            raise GameOverError(f"the game is over ({self._score_text()})")
        actor = self._pending_decision(None, side).side
        start = None if mark == "end" else marks(self.presenter, self.view_game()).get(mark)
        if mark != "end" and start is None:
            known = [*marks(self.presenter, self.view_game()), "end"]
            raise ConfigError(f"continue to what? {mark!r}; {self.rs.title} has {', '.join(known)}")

        def until() -> bool:  # the mark has moved ("end": never)
            return mark != "end" and marks(self.presenter, self.view_game())[mark] != start
        with self._answering(actor):
            self._apply(self._book_choice, BOOK)
            self._run(until, actor=actor)

    def finish(self, how: str, number: int | None = None, side: int | None = None) -> None:
        """Answer the pending multi-step decision - this step and its remaining steps - in one go, as
        one of the pending view's finish choices offers (``Choice.finish``): ``"book"`` as the book
        would, ``"routine"`` as the routine answers (the book where it has none). A FUBA setup: every
        piece still to place. The steps are the person's decisions of the same kind until the
        presenter's marks move (the setup done); play goes on to the person's next decision, and the
        history records each answer as the book's or the routine's, so a save replays exactly."""
        d = self._pending_decision(number, side)
        view = self.pending()
        offered = [c.finish for c in view.finishes()]
        if how not in offered:
            raise ConfigError(f"{how!r}: this decision ({view.title}) cannot be finished in one go"
                              + (f"; it offers {', '.join(map(repr, offered))}" if offered else ""))
        kind, start = d.kind, marks(self.presenter, self.view_game())

        def steps_done() -> bool:
            g = self._game
            return g.decision.kind != kind or marks(self.presenter, self.view_game()) != start

        with self._answering(d.side):
            self._apply(*self._finisher_answer(how))
            self._run(steps_done, answer=how, actor=d.side)

    def _finisher_answer(self, how: str) -> tuple[int, str]:
        """(action, who) for the pending step of a finish: the routine's answer where ``how`` is
        "routine" and it has one, else the book's."""
        if how == "routine":
            g = self.view_game()
            r = routine(self.presenter, g, g.decision)
            if r is not None:
                return int(r), ROUTINE
        return self._book_choice, BOOK

    # ------------------------------------------------------------------ undo
    @contextmanager
    def _answering(self, side: int | None = None) -> Iterator[None]:
        """Around the person's answer and the play up to his next decision: the undo point before
        it, the events he has seen, and whether any chance was used on the way (a spy on the game's
        chance source for that stretch, so :meth:`can_undo` answers at once). ``side``: the side of
        the person who answers (a two-person game's undo point names it)."""
        side = self.side if side is None else side
        self._undo = [len(self.history), self.number, self._seen_by(side), None if self._asked is None else len(self._asked)]
        if self.two:
            self._undo.append(side)
        if side == self.side:
            self._seen = len(self._game.log)
        else:
            self._seen_friend = len(self._game.log)
        spy = _ChanceSpy(self._game.source)
        self._game.source = spy
        try:
            yield
        finally:
            self._game.source = spy.inner
            self._moved_on = spy.used

    _moved_on: str | None = None  # what chance was used since the undo point ("" none; None unknown: a reload)
    _undo_known: tuple | None = None  # after a reload: ((history length, number), can_undo's answer) once replayed

    def can_undo(self, side: int | None = None) -> str:
        """"" where :meth:`undo` would take back the person's last decision; else why not, in a sentence.
        Immediate after an answer in this process; after a reload it replays the history to know.
        ``side``: a two-person game's person who asks (only the one who answered last may undo)."""
        if (whose := self._not_yours(self.viewer if side is None else side)):
            return whose
        if self._undo is not None and self._moved_on is not None:
            return self._moved_on and _moved_on(self._moved_on)
        if self._undo is None:
            return NOTHING_TO_UNDO
        known = self._undo_known
        if known is not None and known[0] == (len(self.history), self.number):
            return known[1]  # (a reloaded game: replayed once, as a page asks on every render)
        try:
            self._undone()
            answer = ""
        except UndoError as exc:
            answer = str(exc)
        self._undo_known = ((len(self.history), self.number), answer)
        return answer

    def _not_yours(self, side: int | None) -> str:
        """Why the person of ``side`` may not take back the last answer (another person gave it), or ""."""
        if side is None or self._undo is None or len(self._undo) < 5 or self._undo[4] == side_index(side):
            return ""
        return ("the last decision was your friend's: only the person who made a decision can take it back"
                if self.two else "the last decision was not yours")

    def undo(self, number: int | None = None, side: int | None = None) -> None:
        """Take back the person's last answer (a choice, a finish or a continue) while the game has not
        moved on: no die rolled, no card drawn, no deck shuffled since (what the coaches answered in
        between is answered again, as it was). The decision is put to the person again with its
        number as before. Raises :class:`UndoError` saying why where it cannot (nothing to undo, the
        game has moved on) and changes nothing; a stale ``number`` raises StaleDecisionError."""
        if self._game.decision is not None:
            self._pending_decision(number, turn=False)  # (a challenge at its end: over, nothing to take back)  # (the other person may be deciding now)
        if (whose := self._not_yours(self.viewer if side is None else side)):
            raise UndoError(whose)
        if self._undo is not None and self._moved_on:
            raise UndoError(_moved_on(self._moved_on))
        prev = self._undone()
        trained, viewer, hidden = self._trained, self.viewer, self.seed_hidden
        self.__dict__.pop("_undo_known", None)
        self.__dict__.update(prev.__dict__)
        self._trained, self.viewer, self.seed_hidden = trained, viewer, hidden

    def _undone(self) -> "Seat":
        """The seat as it was before the person's last answer (checked that no chance came since)."""
        if self._undo is None:
            raise UndoError(NOTHING_TO_UNDO)
        at, number, seen, asked = self._undo[:4]
        prev = Seat(self.rs.name, self.side, self.opponent, self.seed,
                    [(t, "this game") for t in self.team_data], self.options, self.autoplay, self.book_name, self.routine,
                    self.resolve, self.start)
        prev._replay(self.history[:at], "this game")
        spy = prev._game.clone()
        spy.source = _ChanceSpy(spy.source)
        for action, _ in self.history[at:]:
            spy.step(int(action))
            if spy.source.used:
                raise UndoError(_moved_on(spy.source.used))
        prev.number = number
        prev._seen, prev._seen_friend = self._seen, self._seen_friend
        if len(self._undo) < 5 or self._undo[4] == self.side:
            prev._seen = seen
        else:
            prev._seen_friend = seen
        prev._check_counts(None if asked is None or self._asked is None else self._asked[:asked], "this game")
        prev._undo = None
        prev._moved_on = None
        return prev

    def set_autoplay(self, kinds: Iterable[str], run: bool = True, routine: bool | None = None) -> None:
        """The auto-play kinds the person makes (the book answers the rest), and whether routine
        decisions are answered "as before". Where the pending decision is no longer the person's,
        it is answered and play goes on."""
        kinds = frozenset(kinds)
        known = {k.kind for k in self.presenter.kinds()}
        unknown = sorted(kinds - known)
        if unknown:
            raise ConfigError(f"unknown auto-play kind {unknown[0]!r} for {self.rs.title}; known: {', '.join(sorted(known))}")
        self.autoplay = kinds
        if routine is not None:
            self.routine = bool(routine)
        d = self._game.decision
        if run and d is not None and d.side in self.person_sides() and not self._person_decides():
            self._undo = None  # the book answered the pending decision: there is no answer of the person's to take back
            self._run()

    def hint(self) -> Hint:
        """What the book would choose here, and the trained coach's top choices with their
        probabilities. Reads the game; changes nothing."""
        d = self._game.decision
        if d is None or self._ended():
            raise GameOverError(f"the game is over ({self._score_text()}); no decision to hint at")
        view = self.pending()
        book = HintOption(self._book_choice, self.action_label(self._book_choice, view))
        try:
            tc = self._trained_coach()
        except CoachgymError as exc:
            return Hint(book, [], f"no trained coach: {exc}")
        advice = self._book_choice if tc.advisor is not None else None
        g = self.view_game()
        opts = tc.scope.options(d, advice, g) if tc.scope is not None else d.legal
        if opts is None:  # no bar at 100%: the trained coach has no say here
            return Hint(book, [], "the trained coach leaves this kind of decision to the book: the book decides")
        probs = tc.option_probabilities(tc.action_scores(g, d.side, advice), opts)
        merged: dict[int, float] = {}
        for o, p in zip(opts, probs):
            a = tc.concrete(o, g, d.side)
            merged[a] = merged.get(a, 0.0) + float(p)
        top = sorted(merged.items(), key=lambda kv: -kv[1])[:3]
        return Hint(book, [HintOption(a, self.action_label(a, view), round(p, 4)) for a, p in top])

    def action_label(self, action: int, view: DecisionView | None = None) -> str:
        """An action as the decision panel shows it, with its group's title ("Substitution: PG John
        Starks (...) - Pierce Thornbury (...)")."""
        view = view or self.pending()
        if view is not None:
            for g in view.groups:
                named = len(g.choices) > 1 and g.title.lower() not in g.choices[0].label.lower()
                for c in g.choices:
                    if c.action == action:
                        return f"{g.title}: {c.label}" if named else c.label
                    for t in c.then or ():
                        if t.action == action:
                            if len(g.choices) == 1 and ":" not in c.key:  # a folded list ("Position shift >")
                                return f"{g.title}: {t.label}"
                            return f"{g.title}: {c.label} - {t.label}"
        return self.view_game().describe_action(action)

    # ------------------------------------------------------------------ the game flow
    def _person_decides(self) -> bool:
        g = self.view_game()
        return auto_kind(self.presenter, g, g.decision) in self.autoplay

    def _routine(self) -> int | None:
        if not self.routine:
            return None
        g = self.view_game()
        a = routine(self.presenter, g, g.decision)
        return int(a) if a is not None else None

    def _apply(self, action: int, who: str) -> None:
        if self._stopped and who not in (PERSON, FRIEND) and self._asked is not None:
            self._asked.append(len(self.history))
        self._stopped = False
        self.history.append([int(action), who])
        self._book_choice = None
        self._game.step(int(action))

    def _book_for(self, side: int):
        return self._book if side == self.side else self._friend_book

    def _run(self, until: Callable[[], bool] | None = None, answer: str = "book", actor: int | None = None) -> None:
        """Let the coaches answer until a decision the person makes (after ``until()`` turns true;
        until then the book answers the person's decisions, or with ``answer="routine"`` the routine
        where it has an answer). In a two-person game ``until`` serves ``actor``'s decisions only:
        the other person's next decision stops play."""
        g = self._game
        people = self.person_sides()
        while g.decision is not None and not self._ended():
            d = g.decision
            if d.side not in people:
                self._apply(self._opp.choose(g, d), OPPONENT)
                continue
            if self._book_choice is None:
                self._book_choice = int(self._book_for(d.side).choose(g, d))
            mine = actor is None or d.side == actor
            if not self._person_decides() and not self._late():
                self._apply(self._book_choice, BOOK)
            elif until is not None and mine and not until() and not self._late():
                self._apply(*self._finisher_answer(answer))
            elif not self._late() and (r := self._routine()) is not None:
                self._apply(r, ROUTINE)
            else:
                self.number += 1
                self._stopped = True
                return

    def _late(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def _trained_coach(self):
        if self._trained is None:
            self._trained = self.rs.coach("trained")
        return self._trained

    def _score_text(self) -> str:
        h, a = self._game.score
        return f"{SIDE_NAMES[HOME]} {h}, {SIDE_NAMES[AWAY]} {a}"

    # ------------------------------------------------------------------ save / restore
    def to_dict(self) -> dict:
        return {**self._save_head(), "engine": json.loads(self._game.to_json())}

    def _save_head(self) -> dict:
        """The saved seat but the engine's state (the last field)."""
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "ruleset": self.rs.name, "engine_version": self.rs.version,
            "side": SIDE_NAMES[self.side], "opponent": self.opponent, "book": self.book_name, "seed": self.seed,
            "options": self.options, "teams": self.team_data, "autoplay": sorted(self.autoplay), "routine": self.routine,
            "number": self.number, "seen": self._seen, "history": self.history, "asked": self._asked,
            "undo": self._undo, **({"seen_friend": self._seen_friend} if self.two else {}),
            **({"start": self.start} if self.start is not None else {}),
        }

    def to_json(self) -> str:
        """The exact state: ``json.dumps(self.to_dict())`` with the engine's own JSON text set in as it
        is (never parsed and written again; the engine writes its past events once), so saving after
        every decision stays cheap late in a game. Reading the game changes nothing, so the game
        itself is saved, not a copy."""
        head = json.dumps(self._save_head(), separators=(",", ":"))
        return f'{head[:-1]},"engine":{self._game.to_json()}}}'

    @classmethod
    def from_json(cls, text: str | bytes, where: str = "saved game", on_step: Callable | None = None,
                  resolve: Callable[[str], str] | None = None, *, trusted: bool = False,
                  deadline: float | None = None) -> "Seat":
        """A saved seat, replayed and checked against the engine state it saved. ``on_step(game,
        events_before)`` is called after every action of the replay (the replay viewer uses it)."""
        try:
            data = jsontext.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError, TooDeep
            raise SavedGameError(f"{where}: not a saved coachgym game (not valid JSON: {exc})") from None
        return cls.from_dict(data, where, on_step, resolve, trusted=trusted, deadline=deadline)

    @classmethod
    def from_dict(cls, data: Any, where: str = "saved game", on_step: Callable | None = None,
                  resolve: Callable[[str], str] | None = None, *, trusted: bool = False,
                  deadline: float | None = None) -> "Seat":
        """A saved seat, replayed and checked. ``trusted``: a history this program saved itself (the web
        app's database): an opponent that can (``replay_choice``, the search coach) takes its recorded
        choices without thinking again - the final state is still checked. ``deadline``
        (``time.monotonic()``): a replay still running then is refused (a file whose coaches think long)."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SavedGameError(f"{where}: not a saved coachgym game (field 'format' is not {SAVE_FORMAT!r})")
        if data.get("version") != SAVE_VERSION:
            raise SavedGameError(f"{where}: saved by another version of the seat (field 'version' is "
                                 f"{data.get('version')!r}, this coachgym reads {SAVE_VERSION})")
        try:
            rs = rulesets.get(str(data["ruleset"]))
            if data["engine_version"] != rs.version:
                raise SavedGameError(f"{where}: saved with {rs.title} engine version {data['engine_version']}; "
                                     f"this coachgym has version {rs.version}")
            teams = [(t, f"{where}: {SIDE_NAMES[i]} team") for i, t in enumerate(data["teams"])]
            start = data.get("start")
            if start is not None and not isinstance(start, dict):
                raise SavedGameError(f"{where}: field 'start' is not a start position")
            seat = cls(rs.name, side_index(data["side"]), data["opponent"], int(data["seed"]), teams,
                       data["options"], data["autoplay"], data["book"], data.get("routine", True), resolve, start)
            seat.deadline = deadline
            seat._replay(data["history"], where, on_step, trusted)
            seat.deadline = None
            seat.number = int(data["number"])
            seat._seen = int(data["seen"])
            seat._seen_friend = int(data["seen_friend"]) if seat.two else 0
            seat._check_counts(data.get("asked"), where)
            seat._undo = _undo_point(data.get("undo"), len(seat.history))
        except SavedGameError:
            raise
        except KeyError as exc:
            raise SavedGameError(f"{where}: field {exc.args[0]!r} is missing") from None
        except CoachgymError as exc:
            raise SavedGameError(str(exc) if str(exc).startswith(where) else f"{where}: {exc}") from None
        except (TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SavedGameError(f"{where}: malformed ({exc})") from None
        replayed = json.loads(seat._game.to_json())
        engine = type(seat._game).upgrade_saved(data.get("engine"))  # (fields renamed since it was saved)
        if replayed != engine:
            raise SavedGameError(f"{where}: the game does not replay to the saved state (field "
                                 f"{first_difference(engine, replayed, 'engine')!r} differs): the file was "
                                 f"changed, or saved by a coachgym whose rules, coaches or play-by-play wording differ "
                                 f"from this one")
        return seat

    def _check_counts(self, asked: Any, where: str) -> None:
        """The saved figures that the history defines must be what it defines: ``number`` (the
        decisions put to the person: the person's choices, the decisions ``asked`` lists as put to
        the person and answered by the book, and the pending one) and ``seen`` (events up to the
        person's last decision). A save without ``asked`` (written before coachgym kept it) is held
        to the bounds the history gives. An edited figure is refused, naming it."""
        person = sum(1 for _, who in self.history if who in (PERSON, FRIEND))
        mine = sum(1 for _, who in self.history if who in (PERSON, FRIEND, BOOK, ROUTINE))
        pending = 0 if self._game.decision is None or self._ended() else 1
        if asked is not None:
            if (not isinstance(asked, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in asked)
                    or sorted(set(asked)) != asked
                    or any(not 0 <= i < len(self.history) or self.history[i][1] not in (BOOK, ROUTINE) for i in asked)):
                raise SavedGameError(f"{where}: field 'asked' is not a list of the history's book or routine "
                                     "answers: the file was changed")
            lo = hi = person + len(asked) + pending
            self._asked = list(asked)
        else:
            lo, hi = person + pending, mine + pending
            self._asked = None  # unknown before this save: it stays held to the bounds
        if not lo <= self.number <= hi:
            told = f"{lo}" if lo == hi else f"between {lo} and {hi}"
            raise SavedGameError(f"{where}: field 'number' is {self.number}, but the game's history puts {told} "
                                 f"decisions to the person: the file was changed")
        for field, seen in (("seen", self._seen), ("seen_friend", self._seen_friend)):
            if not 0 <= seen <= len(self._game.log):
                raise SavedGameError(f"{where}: field {field!r} is {seen}, but the game has {len(self._game.log)} "
                                     f"events: the file was changed")
        self._stopped = pending == 1

    def _replay(self, history: list, where: str, on_step: Callable | None = None, trusted: bool = False) -> None:
        g = self._game
        quick = trusted and hasattr(self._opp, "replay_choice")
        people = self.person_sides()
        if on_step is not None:
            on_step(g, 0)
        for i, entry in enumerate(history):
            action, who = int(entry[0]), entry[1]
            d = g.decision
            if d is None:
                raise SavedGameError(f"{where}: history step {i + 1} comes after the end of the game")
            if self._late():
                raise SavedGameError(f"{where}: checking this game takes longer than allowed here (its coaches think "
                                     f"long; stopped at history step {i + 1}); open it with coachgym play --resume")
            if d.side not in people:
                if quick and who == OPPONENT and action in d.legal:
                    self._opp.replay_choice(g, d, action)
                elif who != OPPONENT or int(self._opp.choose(g, d)) != action:
                    raise SavedGameError(f"{where}: history step {i + 1} is not what the opponent ({self.opponent}) chooses")
            else:
                book = int(self._book_for(d.side).choose(g, d))
                if who == OPPONENT or (who == BOOK and book != action):
                    raise SavedGameError(f"{where}: history step {i + 1} is not what the book chooses")
                if who == ROUTINE and routine(self.presenter, g.clone(), d) != action:
                    raise SavedGameError(f"{where}: history step {i + 1} is not the routine answer")
                own = PERSON if d.side == self.side else FRIEND
                if who in (PERSON, FRIEND) and who != own:
                    raise SavedGameError(f"{where}: history step {i + 1}: chooser {who!r} does not coach the "
                                         f"{SIDE_NAMES[d.side]} team, whose decision it is")
                if who not in (PERSON, FRIEND, BOOK, ROUTINE):
                    raise SavedGameError(f"{where}: history step {i + 1}: unknown chooser {who!r}")
            if action not in d.legal:
                raise SavedGameError(f"{where}: history step {i + 1}: action {action} is not legal there")
            self.history.append([action, who])
            before = len(g.log)
            g.step(action)
            if on_step is not None:
                on_step(g, before)
        d = g.decision
        if d is not None and not self._ended():
            if d.side not in people:
                raise SavedGameError(f"{where}: the history stops at the opponent's decision")
            self._book_choice = int(self._book_for(d.side).choose(g, d))
