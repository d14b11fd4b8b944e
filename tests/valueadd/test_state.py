"""The Value Add state declared once (rules/valueadd/state.py DECLARATION): the save, its check and the
clone plan derive from it; saves from before a field was renamed keep loading; the speed caches (the
by-the-book coach's rotation memo, the encoder's blocks) stay exact across copies and restores."""

import json
import random

import numpy as np
import pytest

from coachgym.core.errors import SavedGameError
from coachgym.envs.valueadd import ValueAddEncoder
from coachgym.rules.valueadd import RULESET, ValueAddEngine, copying, saved
from coachgym.rules.valueadd.state import DECLARATION, TEAM_STATE, TeamState


def a_game(seed=3, steps=120, options=None):
    game = RULESET.new_game("harbor-city", "cedar-valley", seed=seed, options=options)
    coaches = [RULESET.coach("by-the-book", seed=1), RULESET.coach("by-the-book", seed=2)]
    for side, c in enumerate(coaches):
        c.reset(game, side)
    for _ in range(steps):
        game.step(coaches[game.decision.side].choose(game, game.decision))
    return game, coaches


def test_the_save_the_check_and_the_clone_plan_come_from_the_declaration():
    game, _ = a_game()
    state = json.loads(game.to_json())["state"]
    assert list(state) == ["teams", "options", *DECLARATION.names]
    assert list(state["team_state"][0]) == [f.name for f in TEAM_STATE.fields]
    assert list(saved.STATE.fields) == ["teams", "options", *DECLARATION.names]
    assert ValueAddEngine.clone_plan is copying.PLAN
    assert {f.attr or f.name for f in DECLARATION.fields} <= copying.PLAN.names
    assert not copying.PLAN.undeclared_containers(vars(game))
    assert all(f.doc for f in (*DECLARATION.fields, *TEAM_STATE.fields))  # every field says what it holds
    assert isinstance(game.team_state[0], TeamState)


def test_a_save_from_before_the_rename_loads_and_plays_on_identically():
    game, _ = a_game(seed=8)
    data = json.loads(game.to_json())
    old = json.loads(game.to_json())
    old["state"] = {("ts" if k == "team_state" else k): v for k, v in old["state"].items()}
    restored, from_old = ValueAddEngine.from_dict(data), ValueAddEngine.from_dict(old)
    assert from_old.to_json() == restored.to_json()
    for g in (game, restored, from_old):
        rng = random.Random(5)
        while g.decision is not None:
            g.step(g.decision.legal[rng.randrange(len(g.decision.legal))])
    assert from_old.play_by_play() == restored.play_by_play() == game.play_by_play()
    assert from_old.score == game.score


def test_a_bad_team_state_field_is_refused_by_name_even_under_the_old_key():
    game, _ = a_game()
    data = json.loads(game.to_json())
    data["state"]["team_state"][1]["guards"] = [0, 1, 2, 3, 3]
    with pytest.raises(SavedGameError, match=r"field state\.team_state\[1\]\.guards"):
        ValueAddEngine.from_dict(data)
    old = json.loads(game.to_json())
    old["state"]["ts"] = old["state"].pop("team_state")
    old["state"]["ts"][0]["played"][0] = -1
    with pytest.raises(SavedGameError, match=r"field state\.team_state\[0\]\.played\[0\]"):
        ValueAddEngine.from_dict(old)


def test_a_restored_game_does_not_share_the_saved_lists():
    game, _ = a_game()
    data = json.loads(game.to_json())
    restored = ValueAddEngine.from_dict(data)
    restored.team_state[0].played[0] += 1
    assert data["state"]["team_state"][0]["played"][0] == game.team_state[0].played[0]


@pytest.mark.parametrize("options", [None, {"rotation": 2}, {"foul_limit": 3}])
def test_coaches_used_on_a_game_choose_on_its_clone_as_fresh_coaches_on_a_restore(options):
    """The by-the-book coach keeps its rotation schedule with the values it was made of: the same coach
    objects, after playing the original, play a clone's divergent future exactly as new coaches play
    the same position restored from its save."""
    for seed in (4, 9):
        game, coaches = a_game(seed=seed, steps=60, options=options)
        clone, restored = game.clone(), ValueAddEngine.from_json(game.to_json())
        clone.source.__setstate__((77, random.Random(77).getstate()))  # a divergent future, the same for both
        restored.source.__setstate__((77, random.Random(77).getstate()))
        for _ in range(40):  # the original goes on first, filling the coaches' memos with its own future
            if game.decision is None:
                break
            game.step(coaches[game.decision.side].choose(game, game.decision))
        fresh = [RULESET.coach("by-the-book", seed=1), RULESET.coach("by-the-book", seed=2)]
        for side in (0, 1):
            fresh[side].reset(restored, side)
        for g, cs in ((clone, coaches), (restored, fresh)):
            while g.decision is not None:
                g.step(cs[g.decision.side].choose(g, g.decision))
        assert clone.play_by_play() == restored.play_by_play()
        assert clone.to_json() == restored.to_json()


def test_the_encoders_blocks_match_a_fresh_encoder_on_interleaved_games_and_copies():
    shared = ValueAddEncoder()
    game, _ = a_game(seed=5, steps=30)
    games = [game, game.clone(), ValueAddEngine.from_json(game.to_json())]
    rngs = [random.Random(i) for i in range(3)]
    for step in range(300):
        k = step % 3
        g = games[k]
        if g.decision is None:
            continue
        for side in (0, 1):
            assert np.array_equal(shared.encode(g, side), ValueAddEncoder().encode(g, side))
        g.step(g.decision.legal[rngs[k].randrange(len(g.decision.legal))])


def test_the_engine_follows_the_one_phase_convention_with_the_saved_phase_names():
    from coachgym.core.phases import PhaseDispatch
    from coachgym.rules.valueadd.state import PHASES

    assert issubclass(ValueAddEngine, PhaseDispatch)
    assert set(ValueAddEngine.PHASES) | {"over"} == set(PHASES)  # the names saves hold: old saves load
    assert set(ValueAddEngine.CHOICES) == set(ValueAddEngine.decision_kinds)
    assert not ValueAddEngine.INTERRUPTS  # a fouled-out player is replaced inside the roll phases


def test_a_seat_saved_before_the_rename_resumes_and_a_changed_one_is_still_refused():
    from coachgym.core.engine import AWAY
    from coachgym.present.seat import Seat

    seat = Seat.new("valueadd", side=AWAY, opponent="by-the-book", seed=41)
    for _ in range(6):
        seat.choose(seat.book_choice, seat.number)
    data = json.loads(seat.to_json())
    data["engine"]["state"] = {("ts" if k == "team_state" else k): v for k, v in data["engine"]["state"].items()}
    again = Seat.from_json(json.dumps(data))  # its engine's state under the old key: replayed and equal
    assert again.to_json() == seat.to_json()
    data["engine"]["state"]["ts"][0]["points"] += 1
    with pytest.raises(SavedGameError, match=r"engine\.state\.team_state\[0\]\.points"):
        Seat.from_json(json.dumps(data))


def test_the_possession_context_is_typed_with_the_keys_its_save_check_knows():
    """The engine's ``ctx`` is a :class:`PossessionContext` (a TypedDict: each key documented, checked by
    mypy wherever the engine reads or writes one) with exactly the keys the saved game's check
    accepts (``CTX``), so a phase cannot pass on a key a save would refuse; every key is optional."""
    from coachgym.rules.valueadd.state import CTX, PossessionContext

    assert set(PossessionContext.__annotations__) == set(CTX.fields)
    assert PossessionContext.__required_keys__ == frozenset()
    game, rng, seen = RULESET.new_game(seed=5, record_events=False), random.Random(5), set()
    while game.decision is not None:
        seen |= set(game.ctx)
        game.step(rng.choice(game.decision.legal))
    assert seen <= set(PossessionContext.__annotations__) and len(seen) >= 8, seen

