"""Declared engine state (coachgym.core.state): one field list from which a save, the save's check
and the clone plan derive - the tests' toy ruleset and 4th Street are declared this way."""

from __future__ import annotations

import json

import pytest

from coachgym.core.errors import SavedGameError
from coachgym.core.savecheck import Env, Int, PerSide
from coachgym.core.state import Field, StateDeclaration


def test_a_declaration_gives_the_save_the_check_and_the_clone_plan():
    decl = StateDeclaration(Field("round", Int(1, 9), "value"), Field("pts", PerSide(Int(0, 99)), "flat"),
                            Field("shown", PerSide(Int(0, 99)), "rows", attr="_shown", optional=True),
                            share=("teams",))
    plan = decl.clone_plan()
    assert {"round", "teams"} <= plan.share and {"pts", "_shown"} <= set(plan.copiers)

    class Game:
        round, pts, shown = 3, (1, 2), [[0], [4]]

    assert decl.names == ("round", "pts", "shown")
    assert decl.save(Game()) == {"round": 3, "pts": [1, 2], "shown": [[0], [4]]}
    decl.check({"round": 3, "pts": [1, 2], "teams": []}, Env("saved toy game"))  # shown may be missing
    with pytest.raises(SavedGameError, match=r"field state\.pts\[1\]: must be an integer from 0 to 99, got 100"):
        decl.check({"round": 3, "pts": [1, 100]}, Env("saved toy game"))
    with pytest.raises(SavedGameError, match=r"field state\.extra: is not a field"):
        decl.check({"round": 3, "pts": [1, 2], "extra": 0}, Env("saved toy game"))


def test_a_field_declared_twice_or_copied_an_unknown_way_is_refused():
    with pytest.raises(ValueError, match="declared twice"):
        StateDeclaration(Field("a", Int()), Field("a", Int()))
    with pytest.raises(ValueError, match="copy must be one of"):
        Field("a", Int(), "deep")


def test_fourth_streets_save_check_and_clone_plan_come_from_its_declaration():
    from coachgym.rules.fourthstreet import RULESET, copying, saved
    from coachgym.rules.fourthstreet.engine import FourthStreetEngine

    decl = saved.DECLARATION
    assert FourthStreetEngine._FIELDS == decl.names
    assert list(saved.STATE.spec.fields) == ["teams", "options", *decl.names]
    assert FourthStreetEngine.clone_plan is copying.PLAN
    assert {f.attr or f.name for f in decl.fields if not f.team} | {decl.team.attr} <= copying.PLAN.names
    game = RULESET.new_game(seed=4)
    assert set(json.loads(game.to_json())["state"]) == {"teams", "options", *decl.names}
    assert not copying.PLAN.undeclared_containers(vars(game))


def test_a_record_declares_an_object_per_side_saved_checked_and_copied_field_by_field():
    from coachgym.core.savecheck import List, PerPlayer
    from coachgym.core.state import Record

    class Side:
        __slots__ = ("pts", "fouls", "memo")

    def even(value, env):
        return None if value["pts"] % 2 == 0 else "pts must be even"

    rec = Record(Side, Field("pts", Int(0, 99), "value", "points"),
                 Field("fouls", PerPlayer(Int(0, 5)), "flat", "per player"), derived={"memo": "flat"}, check=even)
    decl = StateDeclaration(Field.per_side("side_state", rec, "each side's state"), Field("round", Int(1, 9), "value"),
                            renamed={"sides": "side_state"})

    class Game:
        pass

    game = Game()
    decl.restore(game, {"side_state": [{"pts": 2, "fouls": [1, 0]}, {"pts": 4, "fouls": [0, 3]}], "round": 2})
    for s in game.side_state:
        s.memo = [s.pts]  # derived: not saved, copied
    assert decl.save(game) == {"side_state": [{"pts": 2, "fouls": [1, 0]}, {"pts": 4, "fouls": [0, 3]}], "round": 2}
    copy = decl.clone_plan().copy_state(vars(game))["side_state"]
    copy[1].fouls[1] += 1
    copy[1].memo.append(0)
    assert game.side_state[1].fouls == [0, 3] and game.side_state[1].memo == [4]
    env = Env("saved toy game", players=(2, 2))
    old = {"sides": [{"pts": 2, "fouls": [1, 0]}, {"pts": 3, "fouls": [0, 3]}], "round": 2}
    with pytest.raises(SavedGameError, match=r"field state\.side_state\[1\]: pts must be even"):
        decl.check(decl.upgrade(old), env)
    with pytest.raises(SavedGameError, match=r"field state\.side_state\[0\]\.fouls\[1\]: must be an integer from 0 to 5"):
        decl.check({"side_state": [{"pts": 2, "fouls": [1, 6]}, {"pts": 2, "fouls": [0, 0]}], "round": 2}, env)
    with pytest.raises(ValueError, match="needs copy='record'"):
        Field("x", List(Int()), "record")
    with pytest.raises(ValueError, match="renamed to fields not declared"):
        StateDeclaration(Field("a", Int()), renamed={"b": "c"})


def test_team_fields_live_on_per_team_objects_and_save_as_per_side_lists():
    """Fields marked team=True are held on one object per side (TeamRecords) but saved, checked and
    restored as the per-side lists they were, so older saves load; a copy copies each object's
    fields one level less deep than the list (and resets its derived attributes)."""
    from coachgym.core.savecheck import PerPlayer
    from coachgym.core.state import TeamRecords

    class Team:
        __slots__ = ("pts", "fouls", "memo")

    decl = StateDeclaration(Field("round", Int(1, 9), "value"),
                            Field("pts", PerSide(Int(0, 99)), "flat", team=True),
                            Field("fouls", PerSide(PerPlayer(Int(0, 5))), "rows", team=True, attr="fouls"),
                            team=TeamRecords("teams_state", Team, derived={"memo": None}))
    saved = {"round": 2, "pts": [3, 5], "fouls": [[1, 0], [0, 4]]}

    class Game:
        pass

    game = Game()
    decl.restore(game, json.loads(json.dumps(saved)))
    assert [t.pts for t in game.teams_state] == [3, 5] and game.teams_state[1].fouls == [0, 4]
    assert game.teams_state[0].memo is None and not hasattr(game, "pts")
    assert decl.save(game) == saved and decl.names == ("round", "pts", "fouls")
    game.teams_state[0].memo = (1,)
    copy = decl.clone_plan().copy_state(vars(game))["teams_state"]
    copy[1].fouls[0] += 1
    copy[0].pts += 1
    assert game.teams_state[1].fouls == [0, 4] and game.teams_state[0].pts == 3 and copy[0].memo is None
    with pytest.raises(SavedGameError, match=r"field state\.fouls\[1\]\[1\]: must be an integer from 0 to 5"):
        decl.check({"round": 2, "pts": [3, 5], "fouls": [[1, 0], [0, 6]]}, Env("saved toy game", players=(2, 2)))
    with pytest.raises(ValueError, match="need the declaration's team objects"):
        StateDeclaration(Field("pts", PerSide(Int()), "flat", team=True))
    with pytest.raises(ValueError, match="a team field is a per-side list"):
        Field("pts", Int(), "value", team=True)


def test_a_distinct_list_of_integers_is_checked_as_distinct():
    from coachgym.core.savecheck import List

    with pytest.raises(SavedGameError, match="must not hold the same entry twice"):
        List(Int(0, 4), 5, distinct=True).check([0, 1, 2, 3, 3], "state.guards", Env("saved toy game"))
