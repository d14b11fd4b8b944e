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

from dataclasses import asdict, dataclass
from typing import Any, Iterator

from .. import rulesets
from ..core import jsontext
from ..core.engine import Engine
from ..core.errors import CoachgymError, SavedGameError
from ..core.events import Event
from . import presenter_for
from .model import Situation
from .seat import PERSON, SAVE_FORMAT, Seat


# event kinds that start a period or half, and that score (for Replay.jumps)
_PERIOD_START = frozenset({"period", "half"})
_PERIOD_END = frozenset({"period_end", "half_end"})
_SCORING = frozenset({"made", "made_2", "made_3", "goal", "free_throw", "ft", "dunk", "stick_back"})


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


class Replay:
    """The frames of one game (see the module docstring)."""

    def __init__(self, ruleset: str, events: list[Event], step_of_event: list[int], games: list[Engine],
                 coaches: tuple[str, str], side: int | None, seed: int | None, exact: bool):
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

        def on_step(game: Engine, before: int) -> None:
            games.append(game.clone())
            step_of_event.extend([len(games) - 1] * (len(game.log) - before))

        seat = Seat.from_dict(data, where, on_step, resolve, trusted=trusted)
        rep = cls(seat.rs.name, list(seat.view_game().log.events), step_of_event, games, seat.coach_names, seat.side,
                  seat.seed, True)
        # games[k] is the game after history step k (games[0]: before the first): the person's answers
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
        return Frame(i, len(self.events), e.to_dict(), e.text, self.situation_at(self._step_of_event[i]), self.exact)

    def frames(self) -> Iterator[Frame]:
        for i in range(len(self.events)):
            yield self.frame(i)

    def jumps(self) -> dict[str, list[int]]:
        """Frames worth jumping to, by what they are (each list sorted, frame indices):

        * ``"decision"``: the first event after each of the person's decisions (a saved seat only);
        * ``"score"``: the event where the score changed (between two decisions the first scoring
          event of the stretch: a basket, a goal, a free throw; else its last event);
        * ``"period"``: the first event of each period or half after the first (events of those kinds,
          the event after a period's end, or a change of the ``period`` an event carries)."""
        if self._jumps is None:
            self._jumps = self._find_jumps()
        return self._jumps

    def _find_jumps(self) -> dict[str, list[int]]:
        steps = self._step_of_event
        decision: list[int] = []
        k = 0
        for step in self.person_steps:
            while k < len(steps) and steps[k] < step:
                k += 1
            if k < len(steps) and (not decision or decision[-1] != k):
                decision.append(k)
        score: list[int] = []
        period: list[int] = []
        last_score = self._games[0].score if self._games else (0, 0)
        start = 0
        now_period: Any = None
        for i, e in enumerate(self.events):
            changed = "period" in e.data and now_period is not None and e.data["period"] != now_period
            after_end = i and self.events[i - 1].kind in _PERIOD_END
            if (e.kind in _PERIOD_START or changed or after_end) and e.kind != "final" and i \
                    and (not period or period[-1] != i):
                period.append(i)
            now_period = e.data.get("period", now_period)
            if i + 1 == len(self.events) or steps[i + 1] != steps[i]:  # the last event of a stretch
                now = self._games[steps[i]].score if self.exact else last_score
                if now != last_score:
                    hit = next((j for j in range(start, i + 1) if self.events[j].kind in _SCORING), i)
                    score.append(hit)
                    last_score = now
                start = i + 1
        return {"decision": decision, "score": score, "period": period}

    def final(self) -> Situation:
        return self.situation_at(len(self._games) - 1)
