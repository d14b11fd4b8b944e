"""Exact copies of a game (clone, copy.deepcopy, pickle, JSON) and determinization (resampled).

For every ruleset, at random mid-game points: each kind of copy continues exactly like the original
under the same choices, playing a copy leaves the original untouched, no mutable state is shared
between a game and its clone, and a resampled clone keeps the past while its future differs.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from coachgym import rulesets
from coachgym.core.chance import ScriptedSource, SeededSource
from coachgym.core.copying import deep, is_immutable
from coachgym.core.engine import AWAY, HOME

RULESETS = [e.name for e in rulesets.entries()]
POINTS = 3  # random mid-game points per ruleset


def _new(name: str, seed: int, record: bool = True):
    return rulesets.get(name).new_game(seed=seed, record_events=record)


def _advance(game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.decision is None:
            return
        game.step(rng.choice(game.decision.legal))


def _mid_game(name: str, point: int):
    """A game some way in: a random number of random choices (with the log recording)."""
    rng = random.Random(1000 + point)
    game = _new(name, seed=50 + point)
    _advance(game, rng, rng.randrange(20, 400))
    assert game.decision is not None, "the mid-game point must be before the end"
    return game


def _play_out(game, seed: int) -> list[int]:
    """Play to the end with seeded random choices; the choices made."""
    rng = random.Random(seed)
    actions = []
    while game.decision is not None:
        a = rng.choice(game.decision.legal)
        actions.append(a)
        game.step(a)
    return actions


def _replay(game, actions: list[int]) -> None:
    for a in actions:
        game.step(a)
    assert game.decision is None


def _record(game) -> tuple:
    return game.play_by_play(), game.score, game.box_score().to_dict(), game.log.count, game.forced_choices


def _json_copy(game):
    return type(game).from_json(game.to_json())


COPIES = {
    "clone": lambda g: g.clone(),
    "clone-unrecorded": lambda g: g.clone(record_events=False),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
    "pickle": lambda g: pickle.loads(pickle.dumps(g)),
    "json": _json_copy,
}


# ---------------------------------------------------------------------------------- chance source
def test_seeded_source_copies_draw_from_their_own_generator():
    src = SeededSource(9)
    [src.roll(6) for _ in range(5)]
    ahead = [SeededSource.from_dict(src.to_dict()).roll(1000) for _ in range(1)]
    expected = [x.roll(1000) for x in [SeededSource.from_dict(src.to_dict())] for _ in range(20)]
    assert expected[:1] == ahead
    for c in (src.clone(), copy.deepcopy(src), copy.copy(src), pickle.loads(pickle.dumps(src))):
        assert c._random.__self__ is c._rng and c._rng is not src._rng
        assert [c.roll(1000) for _ in range(20)] == expected
    assert [src.roll(1000) for _ in range(20)] == expected  # the copies did not draw from the original


def test_scripted_source_copy_keeps_its_position():
    src = ScriptedSource([1, 2, 3, 4], fallback=SeededSource(1))
    src.roll(6)
    c = src.clone()
    assert [c.roll(6) for _ in range(5)] == [src.roll(6) for _ in range(5)]


# ---------------------------------------------------------------------------------- exact copies
@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("point", range(POINTS))
def test_every_copy_continues_exactly_like_the_original(name, point):
    game = _mid_game(name, point)
    reference = _json_copy(game)
    actions = _play_out(reference, seed=point)
    expected = _record(reference)
    for how, make in COPIES.items():
        twin = make(game)
        _replay(twin, actions)
        got = _record(twin)
        if how == "clone-unrecorded":  # builds no event lines (engines skip them): same game otherwise
            assert (got[1], got[2], got[4]) == (expected[1], expected[2], expected[4]), f"{name}: {how} copy diverged"
            assert got[0] == game.play_by_play(), f"{name}: an unrecorded clone keeps no new lines"
        else:
            assert got == expected, f"{name}: {how} copy diverged from the original"
    # playing all those copies did not disturb the original
    _replay(game, actions)
    assert _record(game) == expected


@pytest.mark.parametrize("name", RULESETS)
def test_playing_a_clone_leaves_the_original_untouched(name):
    game = _mid_game(name, 7)
    before = game.to_json()
    for seed in range(3):  # different choices, different dice draws in the copies
        c = game.clone()
        _play_out(c, seed=100 + seed)
        assert c.over
    assert game.to_json() == before
    reference = _json_copy(game)
    actions = _play_out(reference, seed=5)
    _replay(game, actions)
    assert _record(game) == _record(reference)


@pytest.mark.parametrize("name", RULESETS)
def test_a_clone_of_a_clone_and_of_a_finished_game(name):
    game = _mid_game(name, 2)
    grand = game.clone().clone()
    actions = _play_out(game, seed=3)
    _replay(grand, actions)
    assert _record(grand) == _record(game)
    done = game.clone()
    assert done.over and done.decision is None and done.score == game.score


# ---------------------------------------------------------------------------------- no shared state
_MUTABLE_LEAVES = (list, dict, set, bytearray)


def _frozen(value) -> bool:
    """Immutable all the way down (a tuple of numbers, a memo key): sharing it is safe."""
    if is_immutable(value) or isinstance(value, (int, float, str, bool, type(None))):
        return True
    return isinstance(value, (tuple, frozenset)) and all(_frozen(v) for v in value)


def _walk(a, b, path: str, seen: set, shared: list) -> None:
    """Walk two equal object graphs side by side; collect mutable objects that are the same object
    (a memo a copy leaves to be worked out again, e.g. 4th Street's ``bench_key``, is frozen)."""
    if _frozen(a):
        return
    if id(a) in seen:
        return
    seen.add(id(a))
    if a is b:
        shared.append(path)
        return
    if isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            _walk(x, y, f"{path}[{i}]", seen, shared)
    elif isinstance(a, dict):
        for k in a:
            if k in b:
                _walk(a[k], b[k], f"{path}[{k!r}]", seen, shared)
    elif isinstance(a, (set, frozenset)):
        return
    else:
        slots = [s for cls in type(a).__mro__ for s in getattr(cls, "__slots__", ())]
        fields = dict(getattr(a, "__dict__", {}))
        fields.update({s: getattr(a, s) for s in slots if hasattr(a, s)})
        for k, v in fields.items():
            _walk(v, getattr(b, k, None), f"{path}.{k}", seen, shared)


def _state_items(game):
    plan = type(game).clone_plan
    return {k: v for k, v in vars(game).items() if k not in plan.share and k not in plan.fresh}


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("how", ["clone", "deepcopy", "pickle"])
def test_a_copy_shares_no_mutable_state_with_the_original(name, how):
    """Only what the ruleset's clone plan declares immutable (teams, cards, charts) may be shared;
    fails when an engine's mutable attribute is not covered by its clone."""
    game = _mid_game(name, 1)
    twin = COPIES[how](game)
    shared: list[str] = []
    seen: set = set()
    for k, v in _state_items(game).items():
        if k in ("source", "log"):
            continue
        _walk(v, getattr(twin, k), k, seen, shared)
    assert not shared, f"{name}: {how} shares mutable state with the original: {shared[:10]}"
    assert twin.source is not game.source and twin.log is not game.log
    assert twin.log.events is not game.log.events


def _plain(x):
    """Plain-data view of state for comparison: objects become dicts of their fields."""
    if isinstance(x, (list, tuple)):
        return [_plain(i) for i in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if is_immutable(x) or isinstance(x, (int, float, str, bool, type(None), set)):
        return x
    slots = [s for cls in type(x).__mro__ for s in getattr(cls, "__slots__", ())]
    fields = dict(getattr(x, "__dict__", {}))
    fields.update({s: getattr(x, s) for s in slots if hasattr(x, s)})
    return {"__class__": type(x).__name__, **{k: _plain(v) for k, v in fields.items()}}


@pytest.mark.parametrize("name", RULESETS)
def test_state_attributes_are_equal_after_both_play_on(name):
    """vars() of the original and of its clone, after both play on with the same choices: every
    attribute of the state (memos aside) is equal, so nothing was left out of the copy."""
    game = _mid_game(name, 4)
    twin = game.clone()
    rng = random.Random(3)
    actions = []
    for _ in range(60):
        if game.decision is None:
            break
        actions.append(rng.choice(game.decision.legal))
        game.step(actions[-1])
    for a in actions:
        twin.step(a)
    a, b = _state_items(game), _state_items(twin)
    assert a.keys() == b.keys()
    for k in a:
        if k in ("source", "log", "uid"):
            continue
        assert _plain(a[k]) == _plain(b[k]), f"{name}: attribute {k} differs after playing on"
    assert game.source.to_dict() == twin.source.to_dict()
    assert game.log.to_list() == twin.log.to_list()


@pytest.mark.parametrize("name", RULESETS)
def test_shared_data_is_never_changed_by_play(name):
    """What a clone plan shares (teams, cards, options, charts) must stay as it was while a clone
    plays a whole game."""
    game = _mid_game(name, 5)
    plan = type(game).clone_plan
    shared = {k: v for k, v in vars(game).items() if k in plan.share}
    before = {k: pickle.dumps(v) for k, v in shared.items()}
    twin = game.clone()
    _play_out(twin, seed=9)
    assert {k: pickle.dumps(v) for k, v in shared.items()} == before


@pytest.mark.parametrize("name", RULESETS)
def test_clone_plan_names_every_attribute_that_holds_state(name):
    """Attributes that hold containers must be named in the ruleset's clone plan (undeclared ones are
    deep-copied, which is exact but slow): declare a new attribute in rules/<ruleset>/copying.py."""
    for point in range(2):
        game = _mid_game(name, point)
        missing = type(game).clone_plan.undeclared_containers(vars(game))
        assert not missing, f"{name}: declare {missing} in the clone plan (rules/{name}/copying.py)"


@pytest.mark.parametrize("name", RULESETS)
def test_no_mutable_object_is_reachable_from_two_attributes(name):
    """The clone copies each attribute on its own, so state must not hold one mutable object under
    two names (the copy would split it in two)."""
    game = _mid_game(name, 6)
    owners: dict[int, str] = {}
    clashes = []

    def visit(x, path):
        if is_immutable(x) or not isinstance(x, (list, dict, set)):
            return
        if id(x) in owners:
            clashes.append((owners[id(x)], path))
            return
        owners[id(x)] = path
        for i, v in (x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()):
            visit(v, f"{path}[{i!r}]")

    for k, v in _state_items(game).items():
        visit(v, k)
    assert not clashes, f"{name}: mutable objects under two names: {clashes[:5]}"


def test_deep_copies_plain_state():
    x = {"a": [1, [2, 3]], "b": (4, [5]), "c": {6}}
    y = deep(x)
    assert y == x and y["a"][1] is not x["a"][1] and y["b"][1] is not x["b"][1] and y["c"] is not x["c"]


def test_statispro_clone_is_another_game_for_coaches_caches():
    game = _mid_game("statispro", 0)
    assert game.clone().uid != game.uid
    assert copy.deepcopy(game).uid != game.uid
    assert pickle.loads(pickle.dumps(game)).uid != game.uid


@pytest.mark.parametrize("name", RULESETS)
def test_a_deep_copied_env_continues_like_the_original(name):
    import gymnasium as gym
    import numpy as np

    import coachgym.envs  # noqa: F401

    env = gym.make(rulesets.get(name).env_id, opponent="by-the-book").unwrapped
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(25):
        env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    twin = copy.deepcopy(env)
    for _ in range(40):
        a = int(rng.choice(np.flatnonzero(env.action_masks())))
        o1, r1, t1, u1, _ = env.step(a)
        o2, r2, t2, u2, _ = twin.step(a)
        assert np.array_equal(o1, o2) and (r1, t1, u1) == (r2, t2, u2)
        if t1 or u1:
            break


# ---------------------------------------------------------------------------------- determinization
def _past(game) -> tuple:
    return game.play_by_play(), game.score, game.box_score().to_dict(), game.log.count, game.decision


@pytest.mark.parametrize("name", RULESETS)
@pytest.mark.parametrize("point", range(POINTS))
def test_resampled_clone_keeps_the_past_and_changes_the_future(name, point):
    game = _mid_game(name, point)
    past = _past(game)
    actions_seed = 11
    reference = game.clone()
    _play_out(reference, seed=actions_seed)
    futures = []
    for seed in range(5):
        r = game.resampled(seed)
        assert _past(r) == past, f"{name}: resampling changed what was already seen"
        again = game.resampled(seed)
        _play_out(r, seed=actions_seed)
        _play_out(again, seed=actions_seed)
        assert _record(r) == _record(again), f"{name}: resampled(seed) is not reproducible"
        futures.append(tuple(r.play_by_play()))
    assert len(set(futures)) >= 4, f"{name}: resampled futures hardly differ"
    assert sum(f != tuple(reference.play_by_play()) for f in futures) >= 4, f"{name}: resampled futures equal the real one"
    assert _past(game) == past  # the original is untouched


def test_statispro_resampling_reshuffles_only_the_unseen_cards():
    game = _mid_game("statispro", 1)
    time_places = [(i, c.key) for i, c in enumerate(game.fac) if c.time]
    unseen = sorted(c.key for c in game.fac + game.dead if not c.time)
    orders = set()
    for seed in range(10):
        r = game.resampled(seed)
        assert [c.key for c in r.discard] == [c.key for c in game.discard]  # discards are known
        assert [(i, c.key) for i, c in enumerate(r.fac) if c.time] == time_places  # 3.1: Time cards stay
        assert sorted(c.key for c in r.fac + r.dead if not c.time) == unseen
        assert len(r.fac) == len(game.fac) and len(r.dead) == len(game.dead)
        orders.add(tuple(c.key for c in r.fac))
    assert len(orders) == 10 and tuple(c.key for c in game.fac) not in orders


def test_statispro_dead_ball_deck_built_from_discards_keeps_its_cards():
    game = _mid_game("statispro", 2)
    game.dead_from_discard = True  # as after 8.3 rebuilt it from the discard pile
    dead = sorted(c.key for c in game.dead)
    for seed in range(5):
        assert sorted(c.key for c in game.resampled(seed).dead) == dead


def test_fuba_hidden_formation_is_redrawn_for_the_second_coach():
    game = _new("fuba", seed=1)
    d = game.decision
    assert (d.side, d.kind) == (HOME, "formation")
    game.step(d.legal[0])
    while game.decision.side == HOME:  # A2 roles, if any, then done
        game.step(game.decision.legal[0])
    assert game.decision.side == AWAY
    real = list(game.team_state[HOME].formation)
    seen = {tuple(game.resampled(seed).team_state[HOME].formation) for seed in range(40)}
    assert len(seen) >= 5 and all(sum(f) == 10 for f in seen)
    assert game.team_state[HOME].formation == real
    # the home coach knows its own card
    assert game.resampled(0, viewer=HOME).team_state[HOME].formation == real


def test_fuba_goalkeeper_choice_is_hidden_from_the_kicker():
    from coachgym.core.engine import Decision
    from coachgym.rules.fuba import actions as AT

    game = _new("fuba", seed=2)
    _advance(game, random.Random(0), 60)
    game.phase, game.ctx = "penalty", {"keeper": 0}
    game.decision = Decision(game.controlling, "kick", tuple(a.index for a in AT.TABLE.of_kind("kick")), "")
    assert {game.resampled(s).ctx["keeper"] for s in range(40)} == {0, 1, 2}
    assert game.ctx["keeper"] == 0
    assert game.resampled(0, viewer=1 - game.controlling).ctx["keeper"] == 0  # the keeper's own coach knows


def test_speed_reports_the_time_of_a_copy():
    """`coachgym speed` prints the clone time (a figure, not a timed test)."""
    from coachgym.evaluation.speed import measure

    report = measure("fuba", games=1, env_steps=0, clone_positions=3)
    assert report.clone_positions == 3 and report.clone_us > 0 and report.resampled_us > 0 and report.json_us > 0
    assert "clone" in report.render() and "resampled clone" in report.render()
