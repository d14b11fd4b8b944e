"""What a saved Value Add game may hold (checked by ``ValueAddEngine.from_dict`` before restoring;
see :mod:`coachgym.core.savecheck`). The teams are team files (``parse_team``: the same checks and
messages as a team file), the options go through the rule-option check, and every declared field of
the state (:data:`~coachgym.rules.valueadd.state.DECLARATION`: the per-team state and the possession
context included) is checked for type and range."""

from __future__ import annotations

from typing import Any

from ...core.savecheck import Env, Skip, check, teams_and_options
from .cards import Team, parse_team
from .options import ValueAddOptions
from .state import DECLARATION

STATE = DECLARATION.spec(others={"teams": Skip(), "options": Skip()})  # (parsed before this check)


def check_state(state: dict[str, Any], env: Env) -> None:
    """Check a saved Value Add game's ``state`` (raises SavedGameError naming the field); a save from
    before a field was renamed is upgraded first (in place: the restore reads the same dict)."""
    DECLARATION.upgrade(state)
    _, options = teams_and_options(state, env, _parse_saved_team, ValueAddOptions)
    env.extra["foul_limit"] = options.foul_limit
    check(state, STATE, env, "state")


def _parse_saved_team(data: Any, path: str) -> Team:
    """A team as saved: a team file (``Team.to_file_dict``), or the cards' internal form of saves
    written before (converted, then checked as a team file)."""
    if isinstance(data, dict) and "schema" not in data and "players" in data:
        from ...core.errors import TeamFileError
        from .cards import SCHEMA

        try:
            data = {**Team.from_dict(data).to_file_dict(), "schema": SCHEMA}
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise TeamFileError(path, "<file>", f"is not a team of this ruleset ({type(exc).__name__}: {exc})") from None
    return parse_team(data, path)


def restore_teams(state: dict[str, Any]) -> list[Team]:
    """The saved teams, parsed (after :func:`check_state`)."""
    return [_parse_saved_team(t, f"state.teams[{i}]") for i, t in enumerate(state["teams"])]
