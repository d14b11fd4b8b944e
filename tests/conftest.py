"""Test markers shared by every ruleset.

* ``slow``: a long statistical series that the issues ask the test suite to run (thousands of
  random-coach games with invariants, realism averages). Part of the default run; leave them out
  with ``python -m pytest -q -m "not slow"``.
* ``long``: longer statistical series beyond the default run (1,000-match realism runs, 500 games
  per variant of every option); run them with ``python -m pytest -q -m long``.

A test that needs something optional (Chromium for the browser tests, Ray, an extra) skips itself
where it is missing. With ``COACHGYM_REQUIRE_ALL=1`` (set by ``.ci/run``, which installs all of
it) such a skip fails instead, so CI can never pass by skipping them.

The suite tests pure Python, the reference, even where the compiled engines are built (``coachgym
compile``): ``COACHGYM_PURE=1`` is set here for the session and every process it starts.
``tests/test_compiled.py`` runs the golden games and digests with the compiled engines in a process of
their own (``COACHGYM_TEST_COMPILED=1``, which keeps the build and requires that it loads).
"""

import os

import pytest

if os.environ.get("COACHGYM_TEST_COMPILED") == "1":
    os.environ.pop("COACHGYM_PURE", None)
else:
    os.environ["COACHGYM_PURE"] = "1"


def pytest_sessionfinish(session, exitstatus):
    if getattr(session.config.option, "numprocesses", None) and not hasattr(session.config, "workerinput"):
        return  # pytest-xdist's controller runs no test: its workers check
    if os.environ.get("COACHGYM_TEST_COMPILED") == "1":
        from coachgym.compiled import compiled_modules_loaded

        if not compiled_modules_loaded():  # the run asked for the compiled engines and got Python
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
            print("\nCOACHGYM_TEST_COMPILED=1 but no compiled module was loaded (coachgym compile --status)")

LONG_REASON = "long: run with -m long"


def pytest_collection_modifyitems(config, items):
    if config.getoption("-m"):
        return
    skip = pytest.mark.skip(reason=LONG_REASON)
    for item in items:
        if "long" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and os.environ.get("COACHGYM_REQUIRE_ALL") == "1" and "long" not in item.keywords:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped where COACHGYM_REQUIRE_ALL=1 asks for every test to run: {reason}"
