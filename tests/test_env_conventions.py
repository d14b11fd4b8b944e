"""Gymnasium / stable-baselines3 / PettingZoo conventions (issue 32, item 10): ``make_vec_env(id)``
unchanged for every env id (it asks for ``render_mode="rgb_array"``), the RGB frame of the scoreboard
drawn without Pillow or matplotlib, and a PettingZoo ``parallel_env`` per ruleset that passes
``parallel_api_test``, with the coach not deciding sending a "wait" that is ignored."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import numpy as np
import pytest

import coachgym.envs  # noqa: F401 (registers the env ids)
from coachgym import rulesets
from coachgym.core.errors import ConfigError, IllegalActionError

RULESETS = ["valueadd", "statispro", "fuba", "fourthstreet"]


def _env_module(name: str):
    return importlib.import_module(rulesets.get(name).part("env").__module__)


@pytest.mark.parametrize("name", RULESETS)
def test_make_vec_env_works_unchanged_and_renders_the_scoreboard_as_rgb(name):
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    env_id = rulesets.get(name).env_id
    venv = make_vec_env(env_id, n_envs=2, seed=0)
    try:
        assert venv.render_mode == "rgb_array"
        obs = venv.reset()
        assert obs.shape[0] == 2
        first = venv.get_images()
        for _ in range(20):
            masks = venv.env_method("action_masks")
            obs, rewards, dones, infos = venv.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
        frames = venv.get_images()
        for f in first + frames:
            assert f.dtype == np.uint8 and f.ndim == 3 and f.shape[2] == 3
            assert f.shape == first[0].shape  # one frame size all game long (a video recorder needs it)
            ink = (f != f[0, 0]).any(axis=2).mean()
            assert 0.002 < ink < 0.5  # text drawn on a background, not a blank or a filled frame
        tiled = venv.render()
        assert tiled.shape[2] == 3 and tiled.shape[0] >= first[0].shape[0]
    finally:
        venv.close()
    env_cls = coachgym.envs.env_class(env_id)
    assert "rgb_array" in env_cls.metadata["render_modes"] and "ansi" in env_cls.metadata["render_modes"]


def test_the_rgb_frame_shows_the_scoreboard_text():
    """The frame is the scoreboard's text: the glyphs of its first line are where the text puts them."""
    from coachgym.envs import raster

    g = rulesets.get("fuba").new_game(seed=2)
    img = raster.frame(g)
    line = g.scoreboard().splitlines()[0]
    glyphs = raster.glyphs()
    for col, ch in enumerate(line[:raster.COLS]):
        cell = img[:raster.GLYPH_H, col * raster.GLYPH_W:(col + 1) * raster.GLYPH_W]
        drawn = (cell != np.array(raster.BACKGROUND, dtype=np.uint8)).any(axis=2)
        expected = glyphs[ord(ch) - 32] if 32 <= ord(ch) <= 126 else glyphs[ord("?") - 32]
        assert (drawn == expected).all(), (col, ch)
    assert raster.frame(None).shape == img.shape  # before reset: a frame of the same size


def test_rgb_array_imports_neither_pillow_nor_matplotlib_nor_torch():
    code = ("import sys, gymnasium as gym, coachgym.envs; "
            "env = gym.make('coachgym/ValueAddBasketball-v0', render_mode='rgb_array'); env.reset(seed=1); "
            "img = env.render(); assert img.shape[2] == 3; "
            "print(sorted(m for m in ('PIL', 'matplotlib', 'torch') if m in sys.modules))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip() == "[]", res.stdout


@pytest.mark.filterwarnings("ignore:.*render_mode.*:UserWarning")
def test_render_mode_is_still_checked():
    import gymnasium as gym

    with pytest.raises(ConfigError, match="render_mode.*'rgb_array'"):
        gym.make("coachgym/FUBA-v0", render_mode="rgb")


# ------------------------------------------------------------------ PettingZoo parallel_env
@pytest.mark.parametrize("name", RULESETS)
def test_parallel_env_of_every_ruleset_passes_parallel_api_test(name):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import parallel_api_test

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the API test (an agent given a key it should not) fails
        parallel_api_test(_env_module(name).parallel_env(), num_cycles=400)


@pytest.mark.parametrize("name", RULESETS)
def test_parallel_env_asks_only_the_deciding_coach_and_ignores_the_other(name):
    """The waiting agent's mask is all zeros but wait; whatever it sends (wait, an action, nothing)
    changes nothing: three runs with the same seed and the acting coach's same choices end alike."""
    pytest.importorskip("pettingzoo")
    mod = _env_module(name)

    def play(other: str) -> tuple:
        env = mod.parallel_env()
        obs, infos = env.reset(seed=5)
        rng, junk = np.random.default_rng(1), np.random.default_rng(2)
        for _ in range(300):
            acting = env.acting_agent()
            assert infos[acting]["acting"] == acting
            waiting = [a for a in env.agents if a != acting]
            for a in waiting:
                mask = obs[a]["action_mask"]
                assert mask[env.wait] == 1 and mask.sum() == 1
            assert obs[acting]["action_mask"][env.wait] == 0 and obs[acting]["action_mask"].sum() >= 1
            actions = {acting: int(rng.choice(np.flatnonzero(obs[acting]["action_mask"])))}
            for a in waiting:
                if other == "wait":
                    actions[a] = env.wait
                elif other == "action":
                    actions[a] = int(junk.integers(env.n_table))  # (a second stream: the same choices above)
            obs, rewards, term, trunc, infos = env.step(actions)
            if not env.agents:
                break
        return env.game.score, len(env.game.log), env.game.decision

    base = play("wait")
    assert play("nothing") == base
    assert play("action")[:2] == base[:2]


def test_parallel_env_needs_the_deciding_coachs_action_and_treats_an_illegal_one_as_the_aec_env_does():
    pytest.importorskip("pettingzoo")
    mod = _env_module("valueadd")
    env = mod.parallel_env()
    env.reset(seed=1)
    acting = env.acting_agent()
    other = next(a for a in env.agents if a != acting)
    with pytest.raises(ConfigError, match=f"no action for '{acting}'"):
        env.step({other: env.wait})
    obs, rewards, term, trunc, infos = env.step({acting: env.wait})  # wait is not a decision: a loss
    assert rewards == {acting: -1.0, other: 1.0} and all(term.values()) and env.agents == []
    strict = mod.parallel_env(strict=True)
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step({strict.acting_agent(): strict.wait})
    with pytest.raises(ConfigError, match="max_cycles"):
        mod.parallel_env(max_cycles=0)


def test_parallel_env_truncates_after_max_cycles_and_plays_a_game_to_its_end():
    pytest.importorskip("pettingzoo")
    mod = _env_module("fuba")
    env = mod.parallel_env(max_cycles=7)
    obs, _ = env.reset(seed=0)
    steps = 0
    while env.agents:
        acting = env.acting_agent()
        obs, rewards, term, trunc, _ = env.step({acting: int(np.flatnonzero(obs[acting]["action_mask"])[0])})
        steps += 1
    assert steps == 7 and all(trunc.values()) and not any(term.values())
    env = mod.parallel_env()
    obs, _ = env.reset(seed=0)
    while env.agents:
        acting = env.acting_agent()
        obs, rewards, term, trunc, _ = env.step({acting: int(np.flatnonzero(obs[acting]["action_mask"])[0])})
    assert env.game.over and all(term.values())
    m = env.game.result().margin_for(0)
    assert rewards["home"] == (1.0 if m > 0 else -1.0 if m < 0 else 0.0) == -rewards["away"] + 0.0
