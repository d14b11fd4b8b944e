"""Screenshots of the seat's third round for the docs (docs/img/web/): every choice in sight, the
story of a game, a season in the browser.

    python tools/web_screenshots_season.py                  # all of them
    python tools/web_screenshots_season.py --out /tmp/shots

Starts the app on 127.0.0.1 with a fresh database and drives Debian's Chromium (tests/web/helpers.py):
choices-desktop.png (a Statis Pro dead-ball menu at 1280x720, every choice in the panel),
choices-phone-double-team.png (the Double Team's second step at 390x844, under headings),
pair-invite.png (the two-person game's creator: the invite link, Copy, every choice),
story.png (after a 4th Street game: the moments that turned it), seasons.png (start a season),
season.png (the 1992-93 NBA with the Knicks on a short schedule after two Knicks games: standings by
division, your players beside the real season's, leaders),
season-playoffs.png (the playoffs' first round, two of your games played), season-playoff-game.png (one's box score),
season-fuba.png and season-fuba-phone.png (a FUBA season of the 2018-19 Premier League at its end, at 1280x900 and 390x844).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from coachgym.web import create_app  # noqa: E402
from coachgym.web.security import Limits  # noqa: E402
from coachgym.web.server import running  # noqa: E402
from tests.web.helpers import continue_to, launch, settle, start_game, take_default  # noqa: E402


def shot(page, path: Path) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    page.wait_for_timeout(150)
    page.screenshot(path=path)
    print("wrote", path)


def choices_and_invite(browser, page, url: str, out: Path) -> None:
    """choices-desktop.png, choices-phone-double-team.png and pair-invite.png."""
    # every choice in sight: a Statis Pro dead ball at 1280x720
    start_game(page, "statispro", 3, opponent="by-the-book")
    take_default(page)
    shot(page, out / "choices-desktop.png")
    # the Double Team's second step on a phone
    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=url)
    pp = phone.new_page()
    pp.set_default_timeout(60_000)
    start_game(pp, "statispro", 12, opponent="by-the-book")
    pp.locator("#decision details.two-step:has-text('Double Team') summary").first.click()
    pp.wait_for_timeout(200)
    shot(pp, out / "choices-phone-double-team.png")
    phone.close()
    # the two-person game's creator
    page.goto("/new?ruleset=statispro")
    page.select_option("#opponent", "friend")
    page.check("input[name=side][value=away]")
    page.click("#start-top")
    page.wait_for_selector("[data-testid=invite-copy]")
    shot(page, out / "pair-invite.png")


def fuba_season(browser, url: str, out: Path) -> None:
    """season-fuba.png (the 2018-19 Premier League with Liverpool, 2 games a club, played to its end:
    the table by points, the champions) and season-fuba-phone.png (the same page at 390x844)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
    sp = ctx.new_page()
    sp.set_default_timeout(180_000)
    sp.goto("/seasons")
    sp.select_option("#season-league", "fuba:epl-2018-19")
    sp.select_option("[data-testid='team-fuba:epl-2018-19']", "liverpool")
    sp.select_option("#season-games", "2")
    sp.click("[data-testid=start-season]")
    sp.wait_for_selector("[data-testid=season]")
    for _ in range(20):
        before = sp.get_attribute("[data-testid=season]", "data-played")
        if sp.locator("[data-testid=season-book]").count():
            sp.click("[data-testid=season-book]")
            sp.wait_for_function("n => document.querySelector('[data-testid=season]')?.dataset.played !== n", arg=before)
        elif sp.locator("[data-testid=season-simulate]").count():
            sp.click("[data-testid=season-simulate]")
            sp.wait_for_function("n => { const s = document.querySelector('[data-testid=season]'); return s && "
                                 "s.dataset.played !== n && !document.querySelector('[data-testid=season-progress]'); }",
                                 arg=before)
        else:
            break
        sp.wait_for_load_state("networkidle")
    shot(sp, out / "season-fuba.png")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, base_url=url, storage_state=ctx.storage_state())
    pp = phone.new_page()
    pp.goto(sp.url)
    shot(pp, out / "season-fuba-phone.png")
    phone.close()
    ctx.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img" / "web")
    ap.add_argument("--story-only", action="store_true", help="only story.png (no season simulated)")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    limits = Limits(new_games_per_minute=0, games_per_session=1000)
    with tempfile.TemporaryDirectory() as tmp, running(create_app(db_path=Path(tmp) / "s.sqlite3", limits=limits,
                                                                  review_seconds=6)) as url, sync_playwright() as p:
        browser = launch(p)
        desk = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=url)
        page = desk.new_page()
        page.set_default_timeout(60_000)
        if not args.story_only:
            choices_and_invite(browser, page, url, args.out)
        # the story of a game
        start_game(page, "fourthstreet", 7, opponent="by-the-book")
        for _ in range(3):
            before = page.get_attribute(".game", "data-number")
            other = page.locator("#decision .group-choices > button.choice:not(.default)")
            if other.count():
                other.last.click()
                settle(page, before)
            else:
                take_default(page)
        continue_to(page, "end")
        page.wait_for_selector("[data-testid=story][data-partial=no]", state="attached", timeout=120_000)
        page.locator("[data-testid=story]").scroll_into_view_if_needed()
        page.set_viewport_size({"width": 1280, "height": 1100})
        page.screenshot(path=args.out / "story.png", full_page=False,
                        clip={"x": 0, "y": page.locator("#review").bounding_box()["y"] - 10, "width": 1280, "height": 700})
        print("wrote", args.out / "story.png")
        page.set_viewport_size({"width": 1280, "height": 720})
        if args.story_only:
            return
        # a season
        big = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=url)
        sp = big.new_page()
        sp.set_default_timeout(180_000)
        sp.goto("/seasons")
        shot(sp, args.out / "seasons.png")
        sp.select_option("#season-league", "statispro:nba-1993")
        sp.select_option("[data-testid='team-statispro:nba-1993']", "knicks")
        sp.select_option("#season-games", "4")
        sp.click("[data-testid=start-season]")
        sp.wait_for_selector("[data-testid=season]")
        taken = False
        for _ in range(40):
            if sp.locator("[data-testid=season-book]").count():
                before = sp.get_attribute("[data-testid=season]", "data-played")
                sp.click("[data-testid=season-book]")
                sp.wait_for_function("n => document.querySelector('[data-testid=season]')?.dataset.played !== n", arg=before)
            elif sp.locator("[data-testid=season-simulate]").count():
                before = sp.get_attribute("[data-testid=season]", "data-played")
                sp.click("[data-testid=season-simulate]")
                sp.wait_for_function("n => { const s = document.querySelector('[data-testid=season]'); return s && "
                                     "s.dataset.played !== n && !document.querySelector('[data-testid=season-progress]'); }",
                                     arg=before)
            else:
                break
            sp.wait_for_load_state("networkidle")
            if not taken and sp.locator("[data-testid=my-results] li").count() >= 2:  # your players' lines by then
                shot(sp, args.out / "season.png")
                taken = True
        if sp.locator("[data-testid=playoffs-start]").count():
            sp.click("[data-testid=playoffs-start]")
            sp.wait_for_selector("[data-testid=bracket]")
            for _ in range(2):  # two of your series' games played by the book: the bracket lists them
                sp.click("[data-testid=po-book]")
                sp.wait_for_selector("[data-testid=po-games] a")
                sp.wait_for_load_state("networkidle")
            shot(sp, args.out / "season-playoffs.png")
            sp.click("[data-testid=po-series].yours [data-testid=po-games] a >> nth=0")
            sp.wait_for_selector("[data-testid=season-game]")
            shot(sp, args.out / "season-playoff-game.png")
        fuba_season(browser, url, args.out)
        browser.close()


if __name__ == "__main__":
    main()
