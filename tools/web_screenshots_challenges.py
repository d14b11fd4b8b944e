"""Screenshots of the Challenges (the academy's scenarios in the browser) for the docs (docs/img/web/).

    python tools/web_screenshots_challenges.py                  # all of them
    python tools/web_screenshots_challenges.py --out /tmp/shots

Starts the app on 127.0.0.1 with a fresh database and drives Debian's Chromium (tests/web/helpers.py)
at 1280x720: challenge-game.png (a Statis Pro challenge in the seat: down 3 with the ball in the last
minute, the "Challenge" tag beside the seed), challenge-result.png (its result beside the book's and
the trained coach's play-outs of the same start, and the shipped references), challenges.png (the
Challenges page after four tries, down to the end of the Statis Pro scenarios: your tries, then the
scenarios with their references in words).
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
from tests.web.helpers import coach_with_enter, launch  # noqa: E402


def shot(page, path: Path, full: bool = False) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    page.wait_for_timeout(150)
    page.screenshot(path=path, full_page=full)
    print("wrote", path)


def play(page, sid: str, out: Path | None = None) -> None:
    """Start challenge ``sid`` from its row and coach it with Enter to the result."""
    page.goto(f"/challenges#{sid}")
    page.locator(f"[data-testid=challenge][data-scenario='{sid}'] [data-testid=challenge-start]").click()
    page.wait_for_selector(".game")
    if out is not None and not page.locator("[data-testid=challenge-result]").count():
        shot(page, out)
    coach_with_enter(page, lambda p: p.locator("[data-testid=challenge-result]").count() > 0, 40)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img" / "web")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    limits = Limits(new_games_per_minute=0, games_per_session=1000)
    with tempfile.TemporaryDirectory() as tmp, running(create_app(db_path=Path(tmp) / "c.sqlite3", limits=limits)) as url, \
            sync_playwright() as p:
        browser = launch(p)
        desk = browser.new_context(viewport={"width": 1280, "height": 720}, base_url=url)
        page = desk.new_page()
        page.set_default_timeout(60_000)
        play(page, "statispro-down3-ball-last-minute", args.out / "challenge-game.png")
        shot(page, args.out / "challenge-result.png")
        for sid in ("valueadd-last9-down6", "fuba-protect-1-0-last15", "fourthstreet-down4-final2"):
            play(page, sid)
        page.goto("/challenges")
        page.wait_for_selector("[data-testid=challenge-group]")
        page.evaluate("window.scrollTo(0, 0)")
        page.mouse.move(0, 0)
        page.wait_for_timeout(150)
        height = page.evaluate("document.querySelector('#rs-valueadd').getBoundingClientRect().top + window.scrollY")
        page.screenshot(path=args.out / "challenges.png", full_page=True,
                        clip={"x": 0, "y": 0, "width": 1280, "height": int(height)})  # tries + Statis Pro
        print("wrote", args.out / "challenges.png")
        desk.close()
        browser.close()


if __name__ == "__main__":
    main()
