"""The checks every engine's typed team state shares (core/state.py ``Field(team=True)`` with
``TeamRecords``): one slotted object per side holding exactly the declaration's team fields, no
per-side copy left on the game, and the save keeping its per-side lists under the declared names."""

from __future__ import annotations

import pytest


def check_typed_team_state(game, team_state_cls: type, declaration, misspelt: str,
                           extra: frozenset[str] = frozenset()) -> tuple[set[str], dict]:
    """Asserts the shared shape of ``game.team_state``; ``misspelt`` a name that is no field,
    ``extra`` slots beside the declared fields (unsaved memos). Returns the declared team fields and
    the saved state, for the ruleset's own checks."""
    assert [type(ts) for ts in game.team_state] == [team_state_cls, team_state_cls]
    assert not hasattr(game.team_state[0], "__dict__")  # slotted: a misspelt field cannot be set
    with pytest.raises(AttributeError):
        setattr(game.team_state[0], misspelt, 1)
    team = {f.attr or f.name for f in declaration.team_fields}
    assert set(team_state_cls.__slots__) == team | extra == set(team_state_cls.__annotations__)
    assert not team & set(vars(game))  # the game holds no per-side copy of them
    state = game.to_dict()["state"]
    assert "team_state" not in state  # saved as before: per-side lists under the declared names
    return team, state
