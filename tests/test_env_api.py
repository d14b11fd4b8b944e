"""The env API of every registered ruleset, and of the tests' toy ruleset: Gymnasium's ``check_env``
without a warning, PettingZoo's ``api_test`` on the AEC env (both coaches as agents)."""

from __future__ import annotations

import gc
import importlib
import warnings

import gymnasium as gym
import pytest

import coachgym.envs  # noqa: F401  (registers the ids)
from coachgym import rulesets
from tests.toy import NAME as TOY
from tests.toy import toy_registered

RULESETS = [e.name for e in rulesets.entries()] + [TOY]


@pytest.fixture
def ruleset(request):
    if request.param == TOY:
        with toy_registered() as rs:
            yield rs
    else:
        yield rulesets.get(request.param)


@pytest.mark.parametrize("ruleset", RULESETS, indirect=True)
def test_check_env_passes_without_warnings(ruleset):
    from gymnasium.utils.env_checker import check_env

    env = gym.make(ruleset.env_id).unwrapped
    assert isinstance(env, ruleset.part("env"))
    gc.collect()  # earlier tests' garbage is not this env's warning (Python 3.13's ResourceWarnings come at collection)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("ruleset", RULESETS, indirect=True)
def test_pettingzoo_api_test_passes(ruleset):
    from pettingzoo.test import api_test

    aec_env = importlib.import_module(ruleset.part("env").__module__).env
    api_test(aec_env(render_mode="ansi"), num_cycles=300, verbose_progress=False)
