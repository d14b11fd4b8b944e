"""The rules-engine protocol every ruleset implements. Plain Python: no Gymnasium here.

An engine owns the whole game state. It advances through chance events by itself until a coach
must decide, then exposes a :class:`Decision`: which side decides, what kind of decision it is,
and the legal options as indices into the ruleset's fixed :class:`ActionTable`. ``step(action)``
applies a choice and advances again. Decisions with a single legal option are taken automatically
and recorded in the play-by-play (event kind ``"forced"``, its line from ``forced_line`` in the
game's words, the decision kind and action in its data), so a coach only ever sees real choices.

Subclasses implement:

* ``_next_decision()`` - run chance events from the current state until a decision is needed and
  return it, or return ``None`` when the game is over;
* ``_apply(decision, action)`` - apply a legal choice to the state;
* ``_state_to_dict()`` / ``_state_from_dict()`` - the ruleset's own state as plain JSON types;
* ``score`` (home, away), ``box_score()`` and ``scoreboard()``.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from . import savecheck
from .actions import Action, ActionTable
from .boxscore import BoxScore
from .chance import ChanceSource, SeededSource
from .copying import ENGINE_PLAN, ClonePlan, register_immutable
from .errors import GameOverError, IllegalActionError, SavedGameError
from .events import EventLog

HOME = 0
AWAY = 1
SIDE_NAMES = ("home", "away")
_ROSTER = re.compile(r"roster player #(\d+)")  # action-table labels that name a roster number


_set = object.__setattr__  # (a frozen dataclass sets its fields so)


def other(side: int) -> int:
    return 1 - side


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    """A pending coaching decision."""

    side: int  # HOME or AWAY: the coach who must choose
    kind: str  # ruleset-specific decision kind, e.g. "offense_menu"
    legal: tuple[int, ...]  # legal action indices, ascending
    prompt: str = ""  # one line for a human coach

    def __init__(self, side: int, kind: str, legal: tuple[int, ...], prompt: str = "") -> None:
        # the __init__ dataclass would generate, written here so that it is compiled with this module
        # (coachgym compile): hundreds of decisions a game
        _set(self, "side", side)
        _set(self, "kind", kind)
        _set(self, "legal", legal)
        _set(self, "prompt", prompt)

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "kind": self.kind, "legal": list(self.legal), "prompt": self.prompt}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Decision":
        return cls(int(d["side"]), d["kind"], tuple(d["legal"]), d.get("prompt", ""))


register_immutable(Decision, Action)  # frozen: clones share them


@dataclass(frozen=True)
class GameResult:
    home_score: int
    away_score: int

    @property
    def winner(self) -> int | None:
        if self.home_score > self.away_score:
            return HOME
        if self.away_score > self.home_score:
            return AWAY
        return None

    def points_for(self, side: int) -> int:
        return self.home_score if side == HOME else self.away_score

    def margin_for(self, side: int) -> int:
        return self.points_for(side) - self.points_for(other(side))


class Engine:
    """Base class of a ruleset's rules engine."""

    ruleset: ClassVar[str] = "abstract"
    version: ClassVar[int] = 0
    actions: ClassVar[ActionTable]
    decision_kinds: ClassVar[tuple[str, ...]] = ()
    #: how clone() copies each attribute (core/copying.py); a ruleset extends ENGINE_PLAN
    clone_plan: ClassVar[ClonePlan] = ENGINE_PLAN
    #: what a coach cannot see and resampled() draws anew, in the game's words (docs/search.md)
    hidden_information: ClassVar[tuple[str, ...]] = ("future dice",)

    def __init__(self, source: ChanceSource | None = None, *, record_events: bool = True):
        self.source: ChanceSource = source if source is not None else SeededSource()
        self.log = EventLog(record_events)
        self.decision: Decision | None = None
        self.over = False
        self.forced_choices = 0

    # ----------------------------------------------------------------- public protocol
    def start(self) -> "Engine":
        """Run to the first decision. Subclasses call this at the end of ``__init__``."""
        self._advance()
        return self

    def legal_actions(self) -> tuple[int, ...]:
        return self.decision.legal if self.decision is not None else ()

    def legal_labels(self) -> list[str]:
        return self.actions.labels(self.legal_actions())

    def describe_action(self, action: int) -> str:
        """The action's label in this game's terms, for people: a roster player of the deciding
        side (the pending decision's, else home) by his name rather than his roster number."""
        label = self.actions[action].label
        if "roster player #" in label:
            d = self.decision
            side = d.side if d is not None else HOME
            label = _ROSTER.sub(lambda m: self._roster_name(side, int(m.group(1))), label)
        return label

    def team_name(self, side: int) -> str:
        """The team's name as the play-by-play writes it ("home"/"away" where an engine keeps no teams)."""
        teams = getattr(self, "teams", None)
        name = getattr(teams[side], "name", "") if teams else ""
        return name or SIDE_NAMES[side]

    def forced_line(self, decision: Decision, action: Action) -> str:
        """The play-by-play line of a decision with a single legal option, taken for its coach: the
        team and the option in the game's words. A ruleset overrides it where its options need a
        sentence of their own (FUBA's piece movements)."""
        return f"{self.team_name(decision.side)}: {self.describe_action(action.index)}"

    def _roster_name(self, side: int, number: int) -> str:
        teams = getattr(self, "teams", None)
        players = getattr(teams[side], "players", ()) if teams else ()
        if 0 < number <= len(players):
            return getattr(players[number - 1], "name", None) or f"roster player #{number}"
        return f"roster player #{number}"

    def step(self, action: int) -> None:
        """Apply the pending decision's choice, then advance to the next decision or the end."""
        d = self.decision
        if d is None:
            raise GameOverError(f"{self.ruleset}: the game is over; action {action} cannot be applied")
        if action not in d.legal:
            label = self.describe_action(action) if isinstance(action, int) and 0 <= action < len(self.actions) else "not in the action table"
            raise IllegalActionError(action, label, d.kind, d.legal, [self.describe_action(a) for a in d.legal])
        self.decision = None
        self._apply(d, self.actions[action])
        self._advance()

    def result(self) -> GameResult:
        h, a = self.score
        return GameResult(h, a)

    @property
    def score(self) -> tuple[int, int]:  # pragma: no cover - interface
        raise NotImplementedError

    def box_score(self) -> BoxScore:  # pragma: no cover - interface
        raise NotImplementedError

    def scoreboard(self) -> str:  # pragma: no cover - interface
        raise NotImplementedError

    def play_by_play(self, start: int = 0) -> list[str]:
        return self.log.lines(start)

    # ----------------------------------------------------------------- save / restore
    def to_dict(self) -> dict[str, Any]:
        return {**self._save_head(), "events": self.log.to_list()}

    def _save_head(self) -> dict[str, Any]:
        """The saved game but its events (the last field)."""
        return {
            "ruleset": self.ruleset,
            "version": self.version,
            "state": self._state_to_dict(),
            "source": self.source.to_dict(),
            "decision": self.decision.to_dict() if self.decision else None,
            "over": self.over,
            "forced_choices": self.forced_choices,
            "record_events": self.log.record,
            "event_count": self.log.count,
        }

    def to_json(self) -> str:
        """``json.dumps(self.to_dict())`` with compact separators, the events' text written once
        (``EventLog.json_text``): saving after every decision stays cheap late in a game."""
        head = json.dumps(self._save_head(), separators=(",", ":"))
        return f'{head[:-1]},"events":{self.log.json_text()}}}'

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Engine":
        if not isinstance(data, dict):
            raise SavedGameError("saved game must be a JSON object")
        if data.get("ruleset") != cls.ruleset:
            raise SavedGameError(f"saved game is for ruleset {data.get('ruleset')!r}, not {cls.ruleset!r}")
        if data.get("version") != cls.version:
            raise SavedGameError(
                f"saved game is for {cls.ruleset} engine version {data.get('version')!r}; this is version {cls.version}"
            )
        # every field checked first (savecheck): an error names the field and what it may hold
        env = savecheck.Env(f"saved {cls.ruleset} game")
        savecheck.check(data, savecheck.envelope_spec(len(cls.actions), cls.decision_kinds), env)
        if (data["decision"] is None) != data["over"]:
            raise env.fail("over", "must be true exactly when there is no pending decision (decision is null)")
        cls.check_saved_state(data["state"], env)
        try:
            eng = cls.__new__(cls)
            Engine.__init__(eng, ChanceSource.from_dict(data["source"]), record_events=data.get("record_events", True))
            eng._state_from_dict(data["state"])
            eng.decision = Decision.from_dict(data["decision"]) if data.get("decision") else None
            eng.over = bool(data["over"])
            eng.forced_choices = int(data.get("forced_choices", 0))
            eng.log = EventLog.from_list(data.get("events", []), data.get("record_events", True), data.get("event_count"))
        except SavedGameError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            # a combination of fields the checks let through: no Python internals, but say so
            raise SavedGameError(f"saved {cls.ruleset} game does not fit this engine ({type(exc).__name__}: {exc}); "
                                 "was it edited by hand?") from exc
        return eng

    @classmethod
    def upgrade_saved(cls, data: Any) -> Any:
        """A saved game (``to_dict``'s form) as this version writes it: the keys of state fields renamed
        since moved to their names now (a ruleset with renamed fields overrides this; ``from_dict``
        reads older saves anyway). For readers that compare a saved game with a replayed one."""
        return data

    @classmethod
    def check_saved_state(cls, state: dict[str, Any], env: "savecheck.Env") -> None:
        """Check a saved game's ``state`` field by field before it is restored (raise
        :class:`SavedGameError` naming the field). Each ruleset overrides this with its schema."""

    @classmethod
    def from_json(cls, text: str) -> "Engine":
        from . import jsontext

        try:
            data = jsontext.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError, TooDeep
            raise SavedGameError(f"saved game is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    # ----------------------------------------------------------------- copies and determinization
    def clone(self, *, record_events: bool | None = None) -> "Engine":
        """An exact, independent copy: for the same choices it continues exactly like this game (same
        dice, same cards) and playing it leaves this game untouched. Immutable data (teams, cards,
        charts) is shared, state is copied by the class's ``clone_plan``, the past events are shared.
        ``record_events=False`` gives a copy that only counts events (faster to play out)."""
        cls = self.__class__
        new = cls.__new__(cls)
        new.__dict__ = cls.clone_plan.copy_state(self.__dict__)
        if record_events is not None and record_events != self.log.record:
            new.log = self.log.clone(record_events)
        new._after_copy()
        return new

    def resampled(self, seed: int, *, viewer: int | None = None, record_events: bool | None = None) -> "Engine":
        """A clone for search whose *future* chance is drawn anew: a new dice seed, undrawn cards
        reshuffled, and the choices hidden from ``viewer`` (default: the side that decides now)
        redrawn, while everything already seen (score, box score, log, discards, lineups) stays.
        A searcher that plays out resampled clones cannot peek at the real deck order or dice."""
        new = self.clone(record_events=record_events)
        new.source = SeededSource(seed)
        if viewer is None and self.decision is not None:
            viewer = self.decision.side
        new._resample_hidden(viewer)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> "Engine":
        cls = self.__class__
        new = cls.__new__(cls)
        memo[id(self)] = new
        new.__dict__.update(copy.deepcopy(self.__dict__, memo))
        new._after_copy()
        return new

    def __copy__(self) -> "Engine":
        return self.clone()  # a shallow copy would share the game's state: never what a caller wants

    def __setstate__(self, state: dict[str, Any]) -> None:  # pickle
        self.__dict__.update(state)
        self._after_copy()

    def _after_copy(self) -> None:
        """Called on every copy (clone, deepcopy, pickle) once its state is in place: a ruleset gives
        the copy a new identity for coaches' caches or resets its memos."""

    def _resample_hidden(self, viewer: int | None) -> None:
        """Redraw, with ``self.source`` (already the new one), what ``viewer`` cannot know: undrawn
        cards, opponents' hidden choices. The dice need nothing: the new source rolls them."""

    # ----------------------------------------------------------------- subclass hooks
    def _next_decision(self) -> Decision | None:  # pragma: no cover - interface
        raise NotImplementedError

    def _apply(self, decision: Decision, action: Action) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    def _state_to_dict(self) -> dict[str, Any]:  # pragma: no cover - interface
        raise NotImplementedError

    def _state_from_dict(self, data: dict[str, Any]) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    # ----------------------------------------------------------------- internals
    def _advance(self) -> None:
        while True:
            d = self._next_decision()
            if d is None:
                self.decision = None
                self.over = True
                return
            if len(d.legal) == 1:
                self.forced_choices += 1
                act = self.actions[d.legal[0]]
                if self.log.record:  # the line in the game's words (the kind and action stay in the data)
                    self.decision = d  # (describe_action names the deciding side's players)
                    text = self.forced_line(d, act)
                    self.decision = None
                    self.log.add("forced", d.side, text, decision=d.kind, action=act.index)
                else:
                    self.log.count += 1
                self._apply(d, act)
                continue
            if not d.legal:
                raise RuntimeError(f"{self.ruleset}: decision {d.kind} has no legal option")
            self.decision = d
            return

    def event(self, kind: str, side: int | None, text: str, **data: Any) -> None:
        self.log.add(kind, side, text, **data)
