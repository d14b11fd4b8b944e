"""Screenshots of coachgym serve for the docs: docs/img/web/*.png.

    python tools/web_screenshots.py                 # every page, all four rulesets
    python tools/web_screenshots.py --out /tmp/shots statispro

Starts the app on 127.0.0.1 with a fresh database, drives Debian's Chromium through Playwright
(``tests/web/helpers.py``, the same steps as the browser tests) and saves, at 1280x720: the
new-game page, each ruleset's game page a little way into a game against the trained coach (for
FUBA also its first kick-off setup, with "the rest as the book would"), and for the first ruleset
the decision panel with a hint, the box-score tab with its CSV download, the replay viewer, the
end-of-game page and its "how the game turned" (end-of-game-review.png); then the table tools: the FAC Extractor with a Time card just turned
(fac-extractor.png) and the scoresheet page (scoresheet.png); each ruleset's game page at
390x844 ({name}-game-phone.png); with Statis Pro, Undo after a substitution (undo.png) and the
warning of what Enter leads to (statispro-warning.png). ``--tabletop-only``: just the FAC Extractor and the scoresheet.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from coachgym import rulesets  # noqa: E402
from coachgym.web import create_app  # noqa: E402
from coachgym.web.security import Limits  # noqa: E402
from coachgym.web.server import running  # noqa: E402
from tests.web.helpers import click_a_choice, continue_to, is_over, launch, settle, start_game, take_default  # noqa: E402

# how far into the game each screenshot is taken: continue marks, then decisions answered
PLAN = {
    "statispro": (["period"], 2),
    "valueadd": (["box", "box"], 1),
    "fourthstreet": (["period"], 2),
    "fuba": (["turn", "turn", "turn"], 0),
}


UNLIMITED = Limits(new_games_per_minute=0, games_per_session=1000)  # a tool makes many games at once


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rulesets", nargs="*", default=["statispro", "valueadd", "fourthstreet", "fuba"])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img" / "web")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--tabletop-only", action="store_true", help="only the FAC Extractor and scoresheet pages")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, running(create_app(db_path=Path(tmp) / "shots.sqlite3", limits=UNLIMITED)) as url, \
            sync_playwright() as p:
        browser = launch(p)
        context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=url, accept_downloads=True)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"/new?ruleset={rulesets.get(args.rulesets[0]).name}")
        if not args.tabletop_only:
            page.screenshot(path=args.out / "new-game.png")
        for i, name in enumerate([] if args.tabletop_only else args.rulesets):
            name = rulesets.get(name).name
            marks, answers = PLAN.get(name, (["period"], 1))
            start_game(page, name, args.seed, opponent="trained")
            if name == "fuba":  # the first kick-off setup: where the next player goes, or the rest in one go
                while not page.locator("#decision button.choice.finish").count():
                    take_default(page)
                page.evaluate("window.scrollTo(0, 0)")
                page.mouse.move(0, 0)
                page.screenshot(path=args.out / "fuba-setup.png", full_page=True)
                print("wrote", args.out / "fuba-setup.png")
            for mark in marks:
                continue_to(page, mark)
            for _ in range(answers):
                take_default(page)
            page.evaluate("window.scrollTo(0, 0)")
            page.mouse.move(0, 0)  # no hover highlight in the picture
            page.screenshot(path=args.out / f"{name}-game.png")
            print("wrote", args.out / f"{name}-game.png")
            if i == 0:  # the decision panel with the hint under it
                page.click("#decision button:has-text('Hint')")
                page.wait_for_selector("#hint .hint")
                page.locator("#decision").screenshot(path=args.out / f"{name}-decision-hint.png")
            if i == 0:  # the box-score tab with its download
                page.keyboard.press("b")
                page.wait_for_selector("[data-testid=box-csv]")
                page.locator(".tabs").screenshot(path=args.out / f"{name}-box-score.png")
                print("wrote", args.out / f"{name}-box-score.png")
            if i == 0:
                gid_url = page.url
                page.goto(gid_url + "/replay?at=40")
                page.wait_for_selector(".replay")
                page.screenshot(path=args.out / "replay.png")
                page.goto(gid_url)
                for _ in range(2):  # two choices of the person's own, for "how the game turned"
                    before = page.get_attribute(".game", "data-number")
                    other = page.locator("#decision .group-choices > button.choice:not(.default)")
                    if other.count():
                        other.last.click()
                        settle(page, before)
                    else:  # every choice opens a second step (a replacement ...): its first
                        click_a_choice(page)
                before = page.get_attribute(".game", "data-number")
                page.click("form.continue button[value=end]")
                settle(page, before)
                assert is_over(page)
                page.wait_for_selector("[data-testid=win-chart]")
                page.screenshot(path=args.out / "end-of-game.png")
                page.wait_for_selector("#review-decisions[data-state=done]", timeout=120_000)
                page.locator("#review").screenshot(path=args.out / "end-of-game-review.png")
                print("wrote", args.out / "replay.png", args.out / "end-of-game.png", args.out / "end-of-game-review.png")
        if not args.tabletop_only:
            phone(browser, url, args.out, args.rulesets, args.seed)
            if "statispro" in [rulesets.get(n).name for n in args.rulesets]:
                undo_and_warning(browser, url, args.out)
        tabletop(page, args.out)
        browser.close()


def undo_and_warning(browser, url: str, out: Path) -> None:
    """At 1280x720: Statis Pro's first menu after a substitution, with Undo among the tools
    (undo.png); and the warning of what Enter leads to at the last Rest Period before 9:00 (seed
    2025 against the trained coach, Enter from the start: statispro-warning.png)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=url)
    page = context.new_page()
    page.set_default_timeout(30_000)
    start_game(page, "statispro", 6, opponent="by-the-book")
    before = page.get_attribute(".game", "data-number")
    step = page.locator("#decision details.two-step").first  # Substitution: who comes out, then who goes in
    step.locator("summary").click()
    step.locator(".then button.choice").first.click()
    settle(page, before)
    page.mouse.move(0, 0)
    page.screenshot(path=out / "undo.png")
    start_game(page, "statispro", 2025, opponent="trained")
    for _ in range(12):
        if page.locator("[data-testid=warnings]").count():
            break
        take_default(page)
    page.mouse.move(0, 0)
    page.screenshot(path=out / "statispro-warning.png")
    print("wrote", out / "undo.png", out / "statispro-warning.png")
    context.close()


def phone(browser, url: str, out: Path, names: list[str], seed: int) -> None:
    """Each ruleset's game page at 390x844, the same moment as the 1280x720 one: {name}-game-phone.png."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=url, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    for name in names:
        name = rulesets.get(name).name
        marks, answers = PLAN.get(name, (["period"], 1))
        start_game(page, name, seed, opponent="trained")
        for mark in marks:
            continue_to(page, mark)
        for _ in range(answers):
            take_default(page)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=out / f"{name}-game-phone.png")
        print("wrote", out / f"{name}-game-phone.png")
    context.close()


def tabletop(page, out: Path) -> None:
    """The FAC Extractor a little into a quarter, the 5:00 Time card just turned with the next FAC
    (3.1: 75 FAC, then the card), and the scoresheet page."""
    page.goto("/fac")
    def fac(action: str, **body) -> None:  # every change carries the deck's version
        version = page.request.get("/api/fac").json()["version"]
        page.request.post(f"/api/fac/{action}", data={"version": version, **body})

    fac("new", league="nba", period=2, seed=2015)
    for _ in range(75):
        fac("draw")
    fac("dead")
    page.goto("/fac")
    before = page.get_attribute(".fac-page", "data-version")
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.querySelector('.fac-page').dataset.version !== v", arg=before)
    page.mouse.move(0, 0)
    page.screenshot(path=out / "fac-extractor.png")
    page.goto("/scoresheet?ruleset=statispro")
    page.screenshot(path=out / "scoresheet.png")
    print("wrote", out / "fac-extractor.png", out / "scoresheet.png")


if __name__ == "__main__":
    main()
