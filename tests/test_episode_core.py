"""The episode core (envs/episode.py) the Gymnasium and PettingZoo envs share: one game seen by both
adapters gives the same observation and legal actions, the same outcome words and rewards; the
PettingZoo constructor wraps the raw env in PettingZoo's standard OrderEnforcingWrapper."""

from __future__ import annotations

import copy
import importlib
import pickle

import numpy as np
import pytest

from coachgym import rulesets
from coachgym.envs.episode import EpisodeCore, outcome, result

pytest.importorskip("pettingzoo")

RULESETS = [rs.name for rs in rulesets.all_rulesets()]


def _module(name: str):
    return importlib.import_module(rulesets.get(name).part("env").__module__)


@pytest.mark.parametrize("name", RULESETS)
def test_both_adapters_see_one_game_through_the_same_core(name):
    module = _module(name)
    genv = rulesets.get(name).part("env")(opponent="random")
    genv.reset(seed=4)
    aec = module.env().unwrapped
    aec.reset(seed=4)
    assert isinstance(genv.core, EpisodeCore) and isinstance(aec.core, EpisodeCore)
    assert genv.core.encoder is aec.core.encoder and genv.core.ruleset is aec.core.ruleset
    aec.game = genv.game  # the AEC env looks at the Gymnasium env's game
    rng = np.random.default_rng(4)
    for _ in range(25):
        game = genv.game
        if game.over:
            break
        side = game.decision.side
        agent = aec.possible_agents[side]
        seen = aec.observe(agent)
        if side == genv.side:
            assert seen["observation"].tobytes() == genv.observe()[0].tobytes()
            assert (seen["action_mask"].astype(bool) == genv.action_masks()).all()
        other = aec.observe(aec.possible_agents[1 - side])
        assert not other["action_mask"].any()  # not its turn: nothing legal
        legal = np.flatnonzero(seen["action_mask"])
        assert set(legal.tolist()) == set(game.decision.legal)
        if side == genv.side:
            genv.step(int(rng.choice(legal)))
        else:  # (the opponent answers inside the Gymnasium env's step; not reached after reset)
            game.step(int(rng.choice(legal)))


def test_outcome_and_result_words():
    assert [outcome(m) for m in (3, 0, -1)] == [1.0, 0.0, -1.0]
    assert [result(m) for m in (3, 0, -1)] == ["win", "draw", "loss"]


def test_the_final_rewards_of_both_adapters_agree():
    """A game played out in the Gymnasium env: its final reward and result word are the AEC env's
    final rewards for the same game, from the same side."""
    module = _module("valueadd")
    genv = module.ValueAddBasketballEnv(opponent="random")
    obs, info = genv.reset(seed=8)
    rng = np.random.default_rng(8)
    reward, done = 0.0, False
    while not done:
        obs, reward, term, trunc, info = genv.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = term or trunc
    aec = module.env().unwrapped
    aec.reset(seed=0)
    aec.game = genv.game
    finals = aec._final_rewards()
    assert finals[aec.possible_agents[genv.side]] == reward == outcome(genv.core.margin(genv.game, genv.side))
    assert info["result"] == result(genv.core.margin(genv.game, genv.side))


def test_env_is_the_raw_env_in_the_standard_order_enforcing_wrapper():
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from coachgym.envs.aec import CoachAECEnv

    env = _module("fourthstreet").env(render_mode="ansi")
    assert isinstance(env, OrderEnforcingWrapper) and isinstance(env.unwrapped, CoachAECEnv)
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    with pytest.raises(AttributeError, match="before reset"):
        env.agent_selection  # noqa: B018
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert "\n" in env.render()
    for back in (pickle.loads(pickle.dumps(env)), copy.deepcopy(env)):
        assert type(back) is OrderEnforcingWrapper and back.unwrapped.game.to_json() == env.unwrapped.game.to_json()
        assert back.agent_selection == env.agent_selection


@pytest.mark.parametrize("name", RULESETS)
def test_the_gymnasium_env_pickles_mid_game_and_plays_on_as_the_original(name):
    """Pickled (and deep-copied) without its ruleset and core, found again by name: the copies play the
    same observations as the original from the same actions."""
    env = rulesets.get(name).part("env")()  # against the coach by the book
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(10):
        _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert not (term or trunc)
    copies = [pickle.loads(pickle.dumps(env)), copy.deepcopy(env)]
    assert all(c.ruleset is env.ruleset and c.core.encoder is env.encoder for c in copies)
    runs = []
    for e in (env, *copies):
        rng, seen, inf = np.random.default_rng(9), [], info
        for _ in range(20):
            obs, reward, term, trunc, inf = e.step(int(rng.choice(np.flatnonzero(inf["action_mask"]))))
            seen.append((obs.tobytes(), reward))
            if term or trunc:
                break
        runs.append(seen)
    assert runs[0] == runs[1] == runs[2] and len(runs[0]) > 0


@pytest.mark.parametrize("name", RULESETS)
def test_every_env_is_an_adapter_over_one_episode(name):
    """The Gymnasium env, its AEC env (and the parallel env through it) and the academy's two envs hold
    an Episode and read their game, side and coach from it; the scenario's two envs hold the same
    ScenarioEpisode class."""
    from coachgym.envs import academy as A
    from coachgym.envs.episode import Episode

    module = _module(name)
    genv = rulesets.get(name).part("env")()
    genv.reset(seed=2)
    aec = module.env().unwrapped
    aec.reset(seed=2)
    par = module.parallel_env()
    par.reset(seed=2)
    for env in (genv, aec, par.aec_env):
        assert type(env.episode) is Episode and env.game is env.episode.game and env.episode.core is env.core
    assert genv.side == genv.episode.side and genv.opponent is genv.episode.opponent is not None
    assert aec.episode.opponent is None  # both sides are agents
    if name in A.RULESETS:
        sid = A.scenarios(name)[0].id
        gsc, asc = A.make(sid), A.aec_env(sid).unwrapped
        gsc.reset(seed=3)
        asc.reset(seed=3)
        assert type(gsc.episode) is type(asc.episode) is A.ScenarioEpisode
        assert gsc.clock is gsc.episode.clock and gsc.position is gsc.episode.position
        assert asc.clock is asc.episode.clock and asc.start_score == asc.episode.start_score


def test_an_episode_pickles_with_its_env_and_its_settings_follow_the_env():
    module = _module("valueadd")
    env = module.ValueAddBasketballEnv(opponent="random", reward="margin", max_decisions=7)
    env.reset(seed=1)
    assert (env.episode.reward_mode, env.episode.max_decisions) == ("margin", 7) and env.episode.shaped
    env.max_decisions = 3
    assert env.episode.max_decisions == 3
    back = pickle.loads(pickle.dumps(env))
    assert back.episode.core is back.core and back.episode is not env.episode
    assert back.max_decisions == 3 and back.game.to_json() == env.game.to_json()
    _, info = back.reset(seed=1)
    truncated = False
    for _ in range(3):
        _, _, term, truncated, info = back.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and back.episode.decisions == 3


def test_a_scenario_pays_the_margin_from_its_start_a_game_from_the_first_decision():
    """The one difference of reward bookkeeping between the two kinds of episode, kept exactly: a
    scenario's margin rewards count from the start position (what the opponent scores before the
    agent's first decision is paid in the first step); a game's from the agent's first decision."""
    from coachgym.envs import academy as A
    from coachgym.envs.episode import Episode

    assert Episode.pays_from_start is False and A.ScenarioEpisode.pays_from_start is True
    sc = next(s for s in A.scenarios("valueadd") if s.reward == "margin")
    env = A.make(sc.id, opponent="random")
    for seed in range(6):
        env.reset(seed=seed)
        ep = env.episode
        assert ep.start_margin == ep.position.values.get("margin", ep.start_margin)
        assert ep.last_margin == ep.start_margin and not ep.outcome_at_end
    genv = _module("valueadd").ValueAddBasketballEnv(opponent="random", agent_side="away")
    genv.reset(seed=0)
    assert genv.episode.last_margin == genv.episode.margin() and genv.episode.outcome_at_end


@pytest.mark.parametrize("name", RULESETS)
def test_pettingzoo_seed_tests_pass(name):
    """PettingZoo's own seed tests: the same seed gives the same episode, the AEC env, the parallel env
    and (where the ruleset has an academy) its first scenario's AEC env."""
    from pettingzoo.test import parallel_seed_test, seed_test

    from coachgym.envs import academy as A

    module = _module(name)
    seed_test(module.env, num_cycles=100)
    parallel_seed_test(module.parallel_env, num_cycles=100)
    if name in A.RULESETS:
        sid = A.scenarios(name)[0].id
        seed_test(lambda: A.aec_env(sid), num_cycles=100)
