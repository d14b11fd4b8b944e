"""The play-by-play: structured events, each with one human-readable line."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterator


@dataclass(slots=True)
class Event:
    """One thing that happened. ``kind`` is a short machine name (``"steal"``, ``"made_2"``...),
    ``side`` the team it belongs to (or ``None``), ``text`` the play-by-play line, ``data`` the
    structured fields (plain JSON types only)."""

    seq: int
    kind: str
    side: int | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "side": self.side, "text": self.text, "data": self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Event":
        return cls(d["seq"], d["kind"], d["side"], d["text"], dict(d.get("data", {})))


class EventLog:
    """Append-only list of events. ``record=False`` keeps only a count (fast simulation).

    ``json_text()`` keeps the JSON of the events it has written, so a game saved after every
    decision (the web app) writes each event once rather than the whole play-by-play every time."""

    __slots__ = ("events", "record", "count", "_json", "_json_n", "_json_of")

    def __init__(self, record: bool = True):
        self.events: list[Event] = []
        self.record = record
        self.count = 0
        self._json, self._json_n = "", 0  # the text of events[:_json_n] of list _json_of
        self._json_of: list[Event] | None = None

    def add(self, kind: str, side: int | None, text: str, **data: Any) -> None:
        self.count += 1
        if self.record:
            self.events.append(Event(self.count, kind, side, text, data))

    def clone(self, record: bool | None = None) -> "EventLog":
        """A copy that shares the past events (an event is never changed once logged) and goes on
        independently; ``record`` switches recording for the copy (``False``: from now on it only
        counts events)."""
        log = EventLog.__new__(EventLog)
        log.record = self.record if record is None else record
        log.events = self.events.copy()
        log.count = self.count
        log._json, log._json_n, log._json_of = self._json, self._json_n, log.events  # the same events so far
        return log

    def lines(self, start: int = 0) -> list[str]:
        return [e.text for e in self.events[start:]]

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.events)

    def to_list(self) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.events]

    def json_text(self) -> str:
        """The events as a JSON array, exactly as ``json.dumps(self.to_list(), separators=(",", ":"))``
        writes it; the events written before are not written again (an event never changes once
        logged; a log whose list was replaced or shortened is written afresh)."""
        events = self.events
        n = len(events)
        if self._json_of is not events or self._json_n > n:
            self._json, self._json_n, self._json_of = "", 0, events
        if self._json_n < n:
            new = ",".join(json.dumps(e.to_dict(), separators=(",", ":")) for e in events[self._json_n:])
            self._json = f"{self._json},{new}" if self._json_n else new
            self._json_n = n
        return f"[{self._json}]"

    @classmethod
    def from_list(cls, items: list[dict[str, Any]], record: bool = True, count: int | None = None) -> "EventLog":
        log = cls(record)
        log.events = [Event.from_dict(d) for d in items]
        log.count = count if count is not None else len(log.events)
        return log
