"""A real league's teams on the new-game page and in the JSON API (docs/league-seasons.md): a league, then
its team; a name that is neither a bundled team nor a bundled league's team (a path) is refused."""

from __future__ import annotations

import pytest

from .test_http import html_new_game


def test_new_game_page_groups_a_leagues_teams_and_starts_a_game_with_them(client):
    page = client.get("/new?ruleset=fourthstreet").text
    assert 'optgroup label="1979-80 NBA (real league)"' in page
    assert 'value="nba-1980/lakers"' in page and "Los Angeles Lakers (real 60-22)" in page
    gid = html_new_game(client, "fourthstreet", seed="7", home="nba-1980/lakers", away="nba-1980/celtics")
    state = client.get(f"/api/games/{gid}").json()
    assert [t["name"] for t in state["situation"]["teams"]] == ["Los Angeles Lakers", "Boston Celtics"]


def test_api_lists_leagues_and_takes_league_slash_team(client):
    listed = {r["name"]: r for r in client.get("/api/rulesets").json()}
    assert "nba-1980/76ers" in listed["fourthstreet"]["leagues"]["nba-1980"]
    r = client.post("/api/games", json={"ruleset": "fourthstreet", "seed": 5, "opponent": "by-the-book",
                                        "home": "nba-1980/suns", "away": "nba-1980/bucks"})
    assert r.status_code == 201, r.text
    assert r.json()["situation"]["teams"][0]["name"] == "Phoenix Suns"


@pytest.mark.parametrize("home", ["nba-1980/celticss", "/etc/passwd", "../nba-1980/lakers"])
def test_api_refuses_a_team_name_that_is_not_bundled(client, home):
    r = client.post("/api/games", json={"ruleset": "fourthstreet", "seed": 5, "opponent": "by-the-book", "home": home})
    assert r.status_code in (400, 422) and "no bundled 4th Street Basketball team" in r.text
    assert "Traceback" not in r.text


def test_browser_picks_a_league_team_and_plays(page, tmp_path):
    page.goto("/new?ruleset=fourthstreet")
    page.select_option("#team-home", "nba-1980/76ers")
    page.select_option("#team-away", "nba-1980/lakers")
    page.screenshot(path=str(tmp_path / "new-league.png"), full_page=True)
    page.fill("#seed", "11")
    page.click("#start-top")  # the Start button at the top of the form
    page.wait_for_selector(".game")
    assert "Philadelphia 76ers" in page.inner_text(".scoreboard") and "Los Angeles Lakers" in page.inner_text(".scoreboard")
