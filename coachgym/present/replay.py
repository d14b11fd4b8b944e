"""A game event by event: the frames of a replay, for ``coachgym replay`` and the web replay viewer.

::

    rep = Replay.load(text)          # a saved seat (coachgym play 's', the web app's download) or a saved engine
    len(rep); rep.frame(i)           # Frame: the event's line and the situation after it
    rep.frames()                     # every frame in order

A saved seat is replayed action by action (and checked, as :meth:`Seat.from_json` does); the
situation of a frame is the game's at the first decision after its event: the events between two
decisions share one situation (an engine resolves the chance events between two decisions in one
go). A saved engine alone (``Engine.to_json``) has its play-by-play but not the actions that led
to it: its frames carry the lines, and every frame the situation at the save (``exact`` False).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Iterator

from .. import rulesets
from ..core import jsontext
from ..core.engine import Engine
from ..core.errors import CoachgymError, SavedGameError
from ..core.events import Event, EventLog
from . import presenter_for
from .model import Situation
from .seat import PERSON, SAVE_FORMAT, Seat

# the play-by-play kinds that open or close a period (a quarter, a half); Value Add's boxes have none
PERIOD_KINDS = frozenset({"period", "period_end", "half", "half_end"})
# the kinds of a scoring play, to land a "score" jump on the play itself within its decision's plays
SCORING = ("made", "goal", "dunk", "stick_back", "score", "free_throw", "ft")


@dataclass
class Frame:
    index: int  # 0-based, in event order
    count: int  # frames in the replay
    event: dict[str, Any]  # the Event as a dict (seq, kind, side, text, data)
    line: str  # the play-by-play line
    situation: Situation  # after the event (at the next decision; see the module docstring)
    exact: bool = True  # False where the situation is the one at the save (an engine without its history)

    def to_dict(self) -> dict:
        return asdict(self)


def watch_board(game: Engine, boards: dict[int, list]) -> None:
    """Where the game's presenter draws a board (FUBA): record the board right after every play
    the game logs from now on, by event index (an engine resolves the plays between two decisions
    in one go, so the state at the next decision would show one position for all of them; the
    engines change the state before they log the play that says so)."""
    presenter = presenter_for(game.ruleset)
    draw = getattr(presenter, "board", None)
    if draw is None:
        return
    log = _DrawingLog.__new__(_DrawingLog)
    for slot in EventLog.__slots__:  # the same events (the same list) and counts, going on here
        setattr(log, slot, getattr(game.log, slot))

    def after() -> None:
        if log.record:
            boards[len(log.events) - 1] = draw(game)

    log.after = after
    game.log = log  # (this game only: the one the replay restores; its copies log plainly)


class _DrawingLog(EventLog):
    """An event log that calls ``after()`` once each event is logged (:func:`watch_board`)."""

    __slots__ = ("after",)

    def add(self, kind: str, side: int | None, text: str, **data: Any) -> None:
        super().add(kind, side, text, **data)
        self.after()


class Replay:
    """The frames of one game (see the module docstring)."""

    def __init__(self, ruleset: str, events: list[Event], step_of_event: list[int], games: list[Engine],
                 coaches: tuple[str, str], side: int | None, seed: int | None, exact: bool,
                 history: list[list] | None = None):
        self.rs = rulesets.get(ruleset)
        self.presenter = presenter_for(self.rs.name)
        self.events = events
        self._step_of_event = step_of_event  # index into ``games`` of the state after each event
        self._games = games  # copies of the game after each action (or the saved game)
        self._situations: dict[int, Situation] = {}
        self._jumps: dict[str, list[int]] | None = None
        self.coaches = coaches
        self.side = side
        self.seed = seed
        self.exact = exact
        self._history = history or []  # [action, who chose it (``seat.PERSON`` ...)]: step k+1 follows action k
        self._chooser = [who for _, who in self._history]
        self._extra: dict[str, list[int]] = {}  # jumps added by a caller (``add_jumps``: the big swings)
        self.notes: dict[int, str] = {}  # frame -> a line about it (a big swing: how the win chance moved)
        self._boards: dict[int, list] = {}  # event index -> the board right after that event (FUBA)
        self.person_steps: list[int] = []  # the ``games`` index after each of the person's answers

    # ------------------------------------------------------------------ loading
    @classmethod
    def load(cls, text: str | bytes, where: str = "saved game") -> "Replay":
        try:
            data = jsontext.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError, TooDeep
            raise SavedGameError(f"{where}: not a saved coachgym game (not valid JSON: {exc})") from None
        if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
            return cls.from_seat_save(data, where)
        if isinstance(data, dict) and "state" in data and "ruleset" in data:
            return cls.from_engine_save(data, where)
        raise SavedGameError(f"{where}: not a saved coachgym game (no field 'format' of a seat, nor 'state' of an engine)")

    @classmethod
    def from_seat_save(cls, data: dict, where: str = "saved game", resolve=None, trusted: bool = False) -> "Replay":
        games: list[Engine] = []
        step_of_event: list[int] = []

        boards: dict[int, list] = {}  # event index -> the board right after it (a presenter with a board: FUBA)

        def on_step(game: Engine, before: int) -> None:
            if not games:
                watch_board(game, boards)
            games.append(game.clone())
            step_of_event.extend([len(games) - 1] * (len(game.log) - before))

        seat = Seat.from_dict(data, where, on_step, resolve, trusted=trusted)
        rep = cls(seat.rs.name, list(seat.view_game().log.events), step_of_event, games, seat.coach_names, seat.side,
                  seat.seed, True, [list(h) for h in seat.history])
        rep._boards = boards
        rep.person_steps = [k + 1 for k, (_, who) in enumerate(seat.history) if who == PERSON]
        return rep

    @classmethod
    def from_seat(cls, seat: Seat) -> "Replay":
        """The replay of a seat in play (its game so far)."""
        return cls.from_seat_save(seat.to_dict(), "this game", seat.resolve, trusted=True)

    @classmethod
    def from_engine_save(cls, data: dict, where: str = "saved game") -> "Replay":
        try:
            rs = rulesets.get(str(data.get("ruleset")))
            game = rs.engine_cls.from_dict(data)
        except CoachgymError as exc:
            raise SavedGameError(f"{where}: {exc}") from None
        events = list(game.log.events)
        return cls(rs.name, events, [0] * len(events), [game], ("", ""), None, None, False)

    # ------------------------------------------------------------------ frames
    def __len__(self) -> int:
        return len(self.events)

    @property
    def title(self) -> str:
        return self.situation_at(len(self._games) - 1).title if self._games else self.rs.title

    def situation_at(self, step: int) -> Situation:
        if step not in self._situations:
            self._situations[step] = self.presenter.situation(self._games[step].clone(), self.coaches)
        return self._situations[step]

    def frame(self, i: int) -> Frame:
        if not 0 <= i < len(self.events):
            raise IndexError(f"frame {i} of a replay of {len(self.events)} events")
        e = self.events[i]
        sit = self.situation_at(self._step_of_event[i])
        if i in self._boards and sit.board is not None:  # the pieces as they stood right after this play
            sit = replace(sit, board=self._boards[i])
        return Frame(i, len(self.events), e.to_dict(), e.text, sit, self.exact)

    def frames(self) -> Iterator[Frame]:
        for i in range(len(self.events)):
            yield self.frame(i)

    def add_jumps(self, kind: str, notes: dict[int, str]) -> None:
        """Jumps of a kind this module cannot compute (it is below the search layer): ``"swing"``, the
        biggest moves of the win chance (``coachgym.search.review.swing_jumps``), each frame with
        the line :meth:`note` gives for it."""
        self._extra[kind] = sorted(notes)
        self.notes.update(notes)

    def note(self, i: int) -> str:
        """The line added for frame ``i`` (``add_jumps``), or ""."""
        return self.notes.get(i, "")

    def jumps(self, chooser: str = PERSON) -> dict[str, list[int]]:
        """Frames worth jumping to, by kind, each list in order: ``decision`` the play before each
        of the person's own decisions (its frame shows the situation decided in; decisions with no
        play between them share one), ``score`` a play of each change of the score, ``lead``
        a play where the lead changed hands, ``period`` the plays that open or close a period. A
        score is known after a decision's plays only (the engine resolves them in one go): its
        jump lands on the step's scoring play (``SCORING``), else the step's first play. ``chooser``:
        whose decisions (a two-person game's other person: ``seat.FRIEND``). Jumps added with
        :meth:`add_jumps` come with them."""
        if self._jumps is not None and chooser == PERSON:
            return {**self._jumps, **self._extra}
        first: dict[int, int] = {}
        for i, step in enumerate(self._step_of_event):
            first.setdefault(step, i)
        out: dict[str, list[int]] = {"decision": [], "score": [], "lead": [], "period": []}
        last = -1  # the last play before the action of the step below
        decided: set[int] = set()
        leader = 0
        for step in range(1, len(self._games)):
            if step - 1 < len(self._chooser) and self._chooser[step - 1] == chooser:
                decided.add(max(last, 0))  # the play before the decision: the situation the person decided in
            if step not in first:
                continue
            last = max(i for i in range(first[step], len(self.events)) if self._step_of_event[i] == step)
            before, after = self._games[step - 1].score, self._games[step].score
            if tuple(after) != tuple(before):
                out["score"].append(self.key_play(step, first[step]))
                margin = after[0] - after[1]
                now = (margin > 0) - (margin < 0)
                if now and leader and now != leader:
                    out["lead"].append(out["score"][-1])
                leader = now or leader
        out["decision"] = sorted(decided) if self.events else []
        out["period"] = [i for i, e in enumerate(self.events) if e.kind in PERIOD_KINDS]
        if chooser == PERSON:
            self._jumps = out
        return {**out, **self._extra}

    def step_of(self, frame: int) -> int:
        """The state (an index of :meth:`timeline`) a frame's situation is taken from: the game at
        the decision after the play."""
        return self._step_of_event[frame]

    def key_play(self, step: int, start: int = 0) -> int:
        """The frame that stands for the plays of one action (``step``, see :meth:`timeline`): its
        last scoring play (``SCORING``) where it has one, else its first play (from ``start``, a
        frame at or before its first)."""
        plays = []
        for i in range(start, len(self.events)):  # (the steps of the plays only grow)
            if self._step_of_event[i] > step:
                break
            if self._step_of_event[i] == step:
                plays.append(i)
        scoring = [i for i in plays if self.events[i].kind.startswith(SCORING)]
        return scoring[-1] if scoring else plays[0]

    def timeline(self) -> list[tuple[Engine, int | None, str, int | None]]:
        """For each state of the game (the start, then after each action): the game (do not change
        it), the first play the action led to (None where it led to none), who chose the action
        (``seat.PERSON`` ...) and the action ("" and None for the start, and for a saved engine)."""
        first: dict[int, int] = {}
        for i, step in enumerate(self._step_of_event):
            first.setdefault(step, i)
        hist = [("", None), *[(who, int(a)) for a, who in self._history]]
        return [(g, first.get(k), *(hist[k] if k < len(hist) else ("", None))) for k, g in enumerate(self._games)]

    def final(self) -> Situation:
        return self.situation_at(len(self._games) - 1)
