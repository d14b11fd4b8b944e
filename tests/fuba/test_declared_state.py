"""FUBA's engine state declared once (coachgym/core/state.py, rules/fuba/saved.py DECLARATION), its
phase dispatch (coachgym/core/phases.py), and the speed caches that must never change a game."""

from __future__ import annotations

import json
import random

import pytest

from coachgym.core.errors import SavedGameError
from coachgym.core.phases import OVER
from coachgym.rules.fuba import RULESET, copying, saved
from coachgym.rules.fuba.board import AWAY_FROM_GOAL_LINE, FWD_MID2, MOVE_ADJ, N_AREAS, TOUCHES_GOAL_LINE
from coachgym.rules.fuba.engine import FubaEngine
from tests.typed_state import check_typed_team_state


def _played(seed: int, decisions: int, options=None) -> FubaEngine:
    game = RULESET.new_game(seed=seed, options=options)
    book = [RULESET.coach("by-the-book", seed=s) for s in (1, 2)]
    for side, coach in enumerate(book):
        coach.reset(game, side, side + 1)
    for _ in range(decisions):
        if game.decision is None:
            break
        game.step(book[game.decision.side].choose(game, game.decision))
    return game


def _random_play(game: FubaEngine, seed: int, decisions: int) -> list[str]:
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.decision is None:
            break
        game.step(game.decision.legal[rng.randrange(len(game.decision.legal))])
    return game.play_by_play()


def test_save_check_and_clone_plan_come_from_the_declaration():
    decl = saved.DECLARATION
    game = _played(3, 200)
    state = json.loads(game.to_json())["state"]
    assert list(state) == [*decl.names, "teams", "options"]
    assert list(saved.STATE.spec.fields) == ["teams", "options", *decl.names]
    assert FubaEngine.clone_plan is copying.PLAN
    assert {f.attr or f.name for f in decl.fields if not f.team} | {"team_state"} <= copying.PLAN.names
    assert not copying.PLAN.undeclared_containers(vars(game))
    assert all(f.doc for f in decl.fields), [f.name for f in decl.fields if not f.doc]


def test_a_bad_saved_field_is_refused_by_its_name():
    data = json.loads(_played(4, 150).to_json())
    data["state"]["ball_value"] = 99
    with pytest.raises(SavedGameError, match=r"field state\.ball_value: must be an integer from 0 to 20, got 99") as err:
        FubaEngine.from_dict(data)
    assert err.value.field == "state.ball_value"
    data = json.loads(_played(4, 150).to_json())
    data["state"]["resolving"] = []
    assert pytest.raises(SavedGameError, FubaEngine.from_dict, data).value.field == "state.resolving"
    data = json.loads(_played(4, 150).to_json())
    data["state"]["no_such_field"] = 1
    assert pytest.raises(SavedGameError, FubaEngine.from_dict, data).value.field == "state.no_such_field"


def test_a_save_with_the_old_keys_loads_and_continues_identically():
    """Saves from before the renames (bv, ct, cp, pctx, ...) load under the new names."""
    game = _played(5, 300)
    data = json.loads(game.to_json())
    old = {new: old for old, new in saved.RENAMED.items()}
    data["state"] = {old.get(k, k): v for k, v in data["state"].items()}
    assert {"bv", "ct", "cp", "pctx", "clock_high"} <= set(data["state"])
    restored = FubaEngine.from_dict(data)
    assert restored.ball_value == game.ball_value and [ts.condition for ts in restored.team_state] == [ts.condition for ts in game.team_state]
    assert restored.controlling == game.controlling and restored.resolving == game.resolving
    assert _random_play(restored, 9, 300) == _random_play(game, 9, 300)
    assert restored.to_json() == game.to_json()
    bad = json.loads(json.dumps(data))
    bad["state"]["bv"] = 99  # an old key's value is checked as the field it became, named by its new name
    assert pytest.raises(SavedGameError, FubaEngine.from_dict, bad).value.field == "state.ball_value"


def test_the_engine_follows_the_phase_dispatch_convention():
    names = dir(FubaEngine)
    assert not [n for n in names if n.startswith(("_run_", "_do_"))]
    assert set(FubaEngine.CHOICES) == set(FubaEngine.decision_kinds)
    assert {"moves", "actions", "setup", "subs", "halftime", "penalty"} <= set(FubaEngine.PHASES)
    assert OVER not in FubaEngine.PHASES
    phases, conts = saved._names()
    assert set(phases) == {*FubaEngine.PHASES, OVER} and set(conts) == set(FubaEngine.CONTINUATIONS)


@pytest.mark.parametrize("options", [None, {"skills": True, "condition_points": True, "substitutions": True,
                                            "injuries": True, "offside_risk": True, "special_events": True}])
def test_a_clone_mid_game_then_other_choices_plays_as_a_fresh_restore(options):
    """The movement memo (_dcache), the shared offside, movement and count tables: a clone played one way,
    the original another way, then a restore from the save played the clone's way give the clone's game."""
    opts = RULESET.options_cls(**options) if options else None
    for seed in (1, 2):
        game = _played(seed, 120 + 40 * seed, opts)
        text = game.to_json()
        clone = game.clone()
        a = _random_play(clone, 100 + seed, 400)
        _random_play(game, 200 + seed, 400)  # the original goes another way meanwhile
        fresh = FubaEngine.from_json(text)
        assert _random_play(fresh, 100 + seed, 400) == a
        assert fresh.to_json() == clone.to_json()


def test_offside_move_tables_match_the_rule_for_every_area():
    """4.4.1 / 4.1: the memoised per-area tables (filled as asked) against the rule, in positions of a game."""
    game = _played(6, 0)
    rng = random.Random(3)
    seen = 0
    while game.decision is not None and seen < 60:
        for side in (0, 1):
            tables = game.offside_move_tables(side)
            off, may_move, may_leave, fm = tables
            assert off is game.offside_areas(side) and fm is FWD_MID2[side]
            for a in range(N_AREAS):
                move = may_move[a] if may_move[a] is not None else FubaEngine._may_move(tables, a)
                assert move == any(not off[t] or fm[t] < fm[a] for t in MOVE_ADJ[a])
                t = AWAY_FROM_GOAL_LINE[a]
                assert may_leave[a] == bool(TOUCHES_GOAL_LINE[a] and t >= 0 and (not off[t] or fm[t] < fm[a]))
            seen += 1
        for _ in range(25):
            if game.decision is None:
                break
            game.step(game.decision.legal[rng.randrange(len(game.decision.legal))])
    assert seen >= 20


def test_a_game_saved_while_midfield_pressing_moves_loads_and_plays_on_identically():
    """A12 midfield pressing: the pressing waits in ``ctx.press`` (its side and flags) while the skill's
    player moves; a save made then loads (the check once wanted ``press`` to be true or false) and
    plays on as the game itself does."""
    from coachgym.core.engine import AWAY, HOME
    from tests.fuba.helpers import pick
    from tests.fuba.test_rules_advanced import A, _skill_scenario

    g = _skill_scenario([("pressing", 3), ("pressing", 5)], away_skills=["midfield_pressing"],
                        home=["H-PA", "C"], away=["A-PA", "C", "A-F"], ball="C", bv=3, ct=HOME, phasing=AWAY,
                        stage="actions")
    pick(g, "action", what="pressing")
    pick(g, "skill", skill="midfield_pressing")
    assert g.phase == "moves" and g.ctx["press"] == {"side": AWAY, "aggressive": False, "counter": False}
    again = FubaEngine.from_json(g.to_json())
    for game in (g, again):
        pick(game, "move_from", area=A("A-F"))
    assert again.to_json() == g.to_json() and g.controlling == AWAY and g.ball_value == 5


# ---------------------------------------------------------------- the team state: typed, slotted, saved as before
def test_each_teams_state_is_a_typed_slotted_object_declared_field_by_field():
    from coachgym.rules.fuba.state import TeamState

    g = _played(7, 250, RULESET.options_cls(skills=True, condition_points=True, substitutions=True))
    team, state = check_typed_team_state(g, TeamState, saved.DECLARATION, misspelt="goal")
    assert len(team) == 14
    assert state["goals"] == list(g.score) and state["pos"] == [ts.pos for ts in g.team_state]
    assert state["stats"] == [ts.stats for ts in g.team_state] and state["skills"] == [ts.skills for ts in g.team_state]
    assert list(state) == [*saved.DECLARATION.names, "teams", "options"]  # the save's keys in their order


def test_a_save_from_before_the_team_state_loads_and_saves_byte_identically():
    """A save written with the per-side lists on the engine (the same JSON: nothing in the save changed)
    loads into the team objects and writes back the very same text."""
    game = _played(8, 300)
    text = game.to_json()
    restored = FubaEngine.from_json(text)
    assert restored.to_json() == text
    assert [ts.pos for ts in restored.team_state] == json.loads(text)["state"]["pos"]
    assert _random_play(restored, 4, 300) == _random_play(game, 4, 300)


@pytest.mark.parametrize("how", ["clone", "deepcopy", "pickle", "json"])
def test_a_copy_mid_game_plays_on_as_the_original(how):
    import copy
    import pickle

    opts = RULESET.options_cls(skills=True, condition_points=True, substitutions=True, injuries=True,
                               special_events=True)
    g = _played(9, 220, opts)
    text = g.to_json()
    c = {"clone": g.clone, "deepcopy": lambda: copy.deepcopy(g), "pickle": lambda: pickle.loads(pickle.dumps(g)),
         "json": lambda: FubaEngine.from_json(text)}[how]()
    assert c.to_json() == text
    assert all(a is not b and a.pos is not b.pos and a.stats is not b.stats and a.condition is not b.condition
               for a, b in zip(c.team_state, g.team_state))
    assert _random_play(c, 12, 400) == _random_play(g, 12, 400)
    assert c.to_json() == g.to_json()
