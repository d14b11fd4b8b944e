"""FUBA tests: the long by-the-book realism runs (@pytest.mark.slow) run only when asked for with -m slow.
The 1,000-match random-coach runs are part of the default run (issue 4)."""

import pytest


def pytest_collection_modifyitems(config, items):
    if config.getoption("-m"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords and item.nodeid.startswith("tests/fuba"):
            item.add_marker(skip)
