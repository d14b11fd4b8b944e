"""A ruleset's fixed action table: every coaching choice the rules allow, one index each.

The table never changes during a game (so it can back a ``gymnasium.spaces.Discrete``); which
entries are legal at a decision is what changes. Each entry carries a human-readable label in the
game's own words and the parameters the engine reads (``kind`` plus keyword fields).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator


@dataclass(frozen=True)
class Action:
    index: int
    kind: str
    label: str
    params: tuple[tuple[str, Any], ...] = field(default=())

    def __getitem__(self, key: str) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default


class ActionTable:
    """Ordered, immutable list of :class:`Action`, built once per ruleset version."""

    def __init__(self, ruleset: str):
        self.ruleset = ruleset
        self._actions: list[Action] = []
        self._by_key: dict[tuple[Any, ...], int] = {}
        self._frozen = False

    def add(self, kind: str, label: str, **params: Any) -> int:
        if self._frozen:
            raise RuntimeError("action table is frozen")
        key = (kind, tuple(sorted(params.items())))
        if key in self._by_key:
            raise ValueError(f"duplicate action {kind} {params}")
        index = len(self._actions)
        self._actions.append(Action(index, kind, label, tuple(sorted(params.items()))))
        self._by_key[key] = index
        return index

    def freeze(self) -> "ActionTable":
        self._frozen = True
        return self

    def index(self, kind: str, **params: Any) -> int:
        """Index of the action of this kind with exactly these parameters."""
        try:
            return self._by_key[(kind, tuple(sorted(params.items())))]
        except KeyError:
            raise KeyError(f"{self.ruleset} has no action {kind} {params}") from None

    def of_kind(self, kind: str) -> list[Action]:
        return [a for a in self._actions if a.kind == kind]

    def labels(self, indices: Iterable[int]) -> list[str]:
        return [self._actions[i].label for i in indices]

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def describe(self) -> str:
        return "\n".join(f"{a.index:4d}  {a.kind:<18} {a.label}" for a in self._actions)
