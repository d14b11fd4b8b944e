"""A FUBA season in the browser (Chromium): the 2018-19 Premier League with Liverpool on a short
schedule (2 games a club): the table ranks by points (3/1/0) with draws, goals and goal difference
and the real season beside it; the other games simulated in the background; a few decisions of
Liverpool's game coached in the seat (the board), the rest to the end; the result lands in the table
and in your schedule; the season ends with its table's champions and no playoffs; a phone's width
(390 px) shows the table without the page scrolling sideways."""

from __future__ import annotations

import pytest

from coachgym.series.competition import Competition
from coachgym.series.tables import standings
from coachgym.store import Store
from coachgym.web import create_app
from coachgym.web.security import Limits
from coachgym.web.server import running

from .helpers import coach_with_enter, is_over
from .test_season_browser import played, simulate_others


@pytest.fixture(scope="module")
def fuba_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("fuba-season") / "games.sqlite3"
    with running(create_app(db_path=db, limits=Limits(new_games_per_minute=0, games_per_session=1000))) as url:
        yield url, db


def table(page) -> dict[str, list[str]]:
    return {row.get_attribute("data-team"): row.locator("td").all_inner_texts()
            for row in page.locator("[data-testid=standings] tbody tr").all()}


def test_a_premier_league_season_with_liverpool(browser, fuba_server):
    url, db = fuba_server
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=url)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto("/seasons")
        page.select_option("#season-league", "fuba:epl-2018-19")
        notes = page.inner_text("[data-testid=league-notes]")  # only the chosen league's line shows
        assert "20 teams, the whole season 38 games a team on the real fixture list" in notes
        assert "ranked by points" in notes and "NBA" not in notes
        page.select_option("[data-testid='team-fuba:epl-2018-19']", "liverpool")
        page.select_option("#season-games", "2")
        page.click("[data-testid=start-season]")
        page.wait_for_selector("[data-testid=season]")
        name = page.inner_text("[data-testid=season-name]")
        head = page.inner_text("[data-testid=standings] thead")
        for col in ("P", "W", "D", "L", "Goals", "GD", "Pts", "Form", "Real"):
            assert col in head.split(), head
        assert table(page)["liverpool"][-1] == "97 pts (30-7-1)"  # the real 2018-19 Liverpool
        assert page.locator("[data-testid=standings] tr.yours").inner_text().split("\t")[1] == "Liverpool FC"
        simulate_others(page)
        assert page.locator("[data-testid=season-coach]").count() == 1  # Liverpool's game is next
        assert " v " in page.inner_text("[data-testid=season-next]")  # football: home v away
        page.click("[data-testid=season-coach]")
        page.wait_for_selector(".game")
        assert page.locator("svg.board, .board svg, [data-testid=board]").count() >= 1  # FUBA's board
        coach_with_enter(page, is_over, enter_at_most=3)
        page.goto(f"/seasons/{name}")
        assert "Your game is in the season's results" in page.inner_text("[data-testid=season-notice]")
        assert page.locator("[data-testid=my-results] .tag").count() == 1  # "you coached"
        assert table(page)["liverpool"][2] == "1"  # P: one game played
        simulate_others(page)
        if page.locator("[data-testid=season-book]").count():  # the second game: the book plays it
            before = played(page)
            page.click("[data-testid=season-book]")
            page.wait_for_function("n => Number(document.querySelector('[data-testid=season]')?.dataset.played) > n",
                                   arg=before)
        simulate_others(page)
        assert page.get_attribute("[data-testid=season]", "data-done") == "yes" and played(page) == 20
        rows = table(page)
        pts = [int(r[8]) for r in rows.values()]
        assert pts == sorted(pts, reverse=True)  # by points
        for r in rows.values():  # P = W + D + L; points 3/1/0; goal difference from the goals
            p, w, d, lost = map(int, r[2:6])
            gf, ga = map(int, r[6].split(":"))
            assert p == w + d + lost == 2 and int(r[8]) == 3 * w + d and int(r[7].replace("+", "")) == gf - ga
        with Store(db) as store:
            top = standings(Competition.load(store, name))[0]["name"]
        assert page.inner_text("[data-testid=table-champion]") == f"Champions: {top}, top of the table"
        assert page.locator("[data-testid=playoffs-start]").count() == 0
        page.locator("[data-testid=my-schedule] summary").click()
        assert page.locator("[data-testid=my-schedule] td a").count() == 2  # both results, each to its box
        assert page.locator("[data-testid=my-club] tbody tr").count() >= 10  # your club's figures a game
        # a phone: the page does not scroll sideways (the table scrolls in its own box if it must)
        phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=url,
                                    storage_state=context.storage_state())
        try:
            pp = phone.new_page()
            pp.goto(f"/seasons/{name}")
            assert pp.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            phone.close()
    finally:
        context.close()
