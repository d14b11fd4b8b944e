"""Test markers shared by every ruleset.

* ``slow``: a long statistical series that the issues ask the test suite to run (thousands of
  random-coach games with invariants, realism averages). Part of the default run; leave them out
  with ``python -m pytest -q -m "not slow"``.
* ``long``: longer statistical series beyond the default run (1,000-match realism runs, 500 games
  per variant of every option); run them with ``python -m pytest -q -m long``.
"""

import pytest


def pytest_collection_modifyitems(config, items):
    if config.getoption("-m"):
        return
    skip = pytest.mark.skip(reason="long: run with -m long")
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)
