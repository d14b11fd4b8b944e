"""Errors raised by coachgym. Each one names the file, field or action at fault."""

from __future__ import annotations

from os import PathLike
from typing import Any, Iterable


class CoachgymError(Exception):
    """Base class of every coachgym error."""


class IllegalActionError(CoachgymError, ValueError):
    """A coach chose an action that is not legal at the pending decision.

    Attributes: ``action`` (the index), ``label``, ``decision`` (the pending decision's kind),
    ``legal`` (the legal indices) and ``legal_labels``.
    """

    def __init__(self, action: int, label: str, decision: str, legal: Iterable[int], legal_labels: Iterable[str]):
        self.action = action
        self.label = label
        self.decision = decision
        self.legal = tuple(legal)
        self.legal_labels = tuple(legal_labels)
        options = "; ".join(f"{i}: {lab}" for i, lab in zip(self.legal, self.legal_labels))
        super().__init__(
            f"illegal action {action} ({label}) at decision {decision!r}; legal actions are {options}"
        )

    def __reduce__(self) -> tuple[Any, ...]:  # picklable, so the error crosses process boundaries intact
        return (type(self), (self.action, self.label, self.decision, self.legal, self.legal_labels))


class GameOverError(CoachgymError, RuntimeError):
    """An action was applied to a game that has ended."""


class TeamFileError(CoachgymError, ValueError):
    """A team or card file is malformed. The message names the file and the field."""

    def __init__(self, path: str | PathLike[str], field: str, problem: str):
        self.path = str(path)
        self.field = field
        self.problem = problem
        super().__init__(f"{self.path}: field {field!r}: {problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.field, self.problem))


class SavedGameError(CoachgymError, ValueError):
    """A saved game cannot be restored (wrong ruleset, version or malformed data). ``field``: the
    path of the field at fault inside the saved game (``state.teams[1].players[4].dunk``), if one."""

    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.field))


class ConfigError(CoachgymError, ValueError):
    """A configuration file or option is invalid. The message names the file and key."""


class ModelMismatchError(CoachgymError, ValueError):
    """A trained model was saved for another ruleset, rule options or layout version."""
