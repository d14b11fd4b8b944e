"""Fixtures of the web app's tests: a TestClient on a fresh database, and for the browser tests a
real uvicorn server on a free port of 127.0.0.1 driven by Debian's Chromium through Playwright."""

from __future__ import annotations

import os
import shutil

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from coachgym.web import create_app  # noqa: E402
from coachgym.web.server import running  # noqa: E402

from .helpers import CHROMIUM, launch  # noqa: E402

# The season's background processes run at the idle policy by default (coachgym/web/season.py): on a
# machine whose cores are busy with other work at normal priority - the whole suite on two cores -
# they would wait for a free core; the suite's seasons run them 10 steps of niceness below the server
# instead. tests/web/test_season_worker_priority.py checks the default in processes of its own.
os.environ.setdefault("COACHGYM_SEASON_PRIORITY", "nice:10")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db):
    with TestClient(create_app(db_path=db)) as c:
        yield c


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """The app under uvicorn on a free port of 127.0.0.1 (one per test module)."""
    with running(create_app(db_path=tmp_path_factory.mktemp("web") / "games.sqlite3")) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not shutil.which(CHROMIUM) and not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set COACHGYM_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport={"width": 1440, "height": 900}, base_url=live_server,
                                  accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
