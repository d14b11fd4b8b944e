"""The tests' toy ruleset (tests/toy_freethrows), registered for the tests that ask for it."""

from __future__ import annotations

import contextlib

from coachgym import rulesets

PACKAGE = "tests.toy_freethrows"
NAME = "freethrows"


@contextlib.contextmanager
def toy_registered():
    """The toy ruleset registered (and its env id with Gymnasium) for the duration."""
    already = PACKAGE in rulesets.PACKAGES
    rulesets.register(PACKAGE)
    try:
        import coachgym.envs

        coachgym.envs.register_envs()
        yield rulesets.get(NAME)
    finally:
        if not already:
            rulesets.unregister(PACKAGE)
