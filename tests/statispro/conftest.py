"""Statis Pro tests: long statistical runs (@pytest.mark.slow) run only when asked for with -m."""

import pytest


def pytest_collection_modifyitems(config, items):
    if config.getoption("-m"):
        return
    skip = pytest.mark.skip(reason="slow: run with -m slow")
    for item in items:
        if "slow" in item.keywords and item.nodeid.startswith("tests/statispro"):
            item.add_marker(skip)
