"""Ruleset-independent core: chance source, engine protocol, actions, events, box scores, coaches, matches."""

from .actions import Action, ActionTable
from .chance import ChanceError, ChanceSource, ScriptedSource, ScriptExhausted, SeededSource
from .coach import Coach, FirstLegalCoach, RandomCoach
from .engine import AWAY, HOME, SIDE_NAMES, Decision, Engine, GameResult, other
from .errors import (
                     CoachgymError,
                     ConfigError,
                     GameOverError,
                     IllegalActionError,
                     ModelMismatchError,
                     SavedGameError,
                     TeamFileError,
)
from .events import Event, EventLog

__all__ = [
    "Action", "ActionTable", "ChanceSource", "ScriptedSource", "SeededSource", "ScriptExhausted", "ChanceError",
    "Coach", "FirstLegalCoach", "RandomCoach", "AWAY", "HOME", "SIDE_NAMES", "Decision", "Engine", "GameResult",
    "other", "CoachgymError", "ConfigError", "GameOverError", "IllegalActionError", "ModelMismatchError",
    "SavedGameError", "TeamFileError", "Event", "EventLog",
]
