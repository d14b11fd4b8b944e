"""Every choice in sight (issue 35), in Chromium: at 1280x720 and at 390x844, every choice of the
step put to the person (each first-step button and each choice that opens a second step; with a
second step open, its choices: the first step's others step aside until Esc or a click goes back) lies inside the decision panel's visible box and inside the window,
without scrolling either, in all four rulesets, the two-person game's creator under the invite
panel included.

What it covers: one seeded game per ruleset, against the book, each decision measured at both sizes
(the window resized between, as a person turning a tablet would). The person answers with a
mixed policy (Enter most of the time, else a random first-step choice, or a second step opened,
measured, and one of its choices taken), for a few decisions in each stretch of the game, then lets
the book play to the next period / half / few boxes ("the book decides until"), and so on until the
game ends: the decisions at the start of each quarter and of each half (Statis Pro's start-of-quarter
menu, 4th Street's lineup windows, FUBA's kick-offs and pass targets, Value Add's last boxes) are
among those measured. ``ANSWERS_PER_STRETCH`` keeps the whole module to a few minutes.
"""

from __future__ import annotations

import os
import random

import pytest

from coachgym.web import create_app
from coachgym.web.security import Limits
from coachgym.web.server import running

from .helpers import is_over, settle, start_game

VIEWPORTS = {"desktop": (1280, 720), "phone": (390, 844)}
# decisions answered (and measured) in each stretch, and the mark the book then plays to
PLAN = {"statispro": (6, "period"), "valueadd": (5, "box"), "fourthstreet": (5, "period"), "fuba": (8, "turn")}
MAX_STRETCHES = {"statispro": 6, "valueadd": 12, "fourthstreet": 6, "fuba": 14}
SEEDS = {"statispro": 12, "valueadd": 13, "fourthstreet": 14, "fuba": 15}

# every choice of the step: the first step's buttons and the choices that open a second step; once a
# second step is open (it is then the step), its buttons and the choice that opened it (a click on it
# goes back); each must be inside the panel's box and the window
HIDDEN = """() => {
  const d = document.querySelector('#decision'); if (!d) return null;
  const body = d.querySelector('.d-body'); const bb = body.getBoundingClientRect();
  const vh = window.innerHeight, vw = window.innerWidth;
  const open = d.querySelector('details.two-step[open]');
  const choices = open ? open.querySelectorAll(':scope > summary.choice, :scope > .then > button.choice')
    : d.querySelectorAll('.group-choices > button.choice, .group-choices > details > summary.choice');
  const hidden = [];
  let n = 0;
  choices.forEach(c => {
    n++;
    const r = c.getBoundingClientRect();
    const inside = r.height > 0 && r.top >= Math.max(bb.top, 0) - 0.5 && r.bottom <= Math.min(bb.bottom, vh) + 0.5
      && r.left >= Math.max(bb.left, 0) - 0.5 && r.right <= Math.min(bb.right, vw) + 0.5;
    if (!inside) hidden.push(c.innerText.replace(/\\s+/g, ' ').slice(0, 50));
  });
  return {n, hidden, title: d.querySelector('.d-title').innerText, scrollY: window.scrollY,
          scrolls: body.scrollHeight > body.clientHeight + 1, fit: d.dataset.fit};
}"""


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """This module's own server: it starts ten games from one address within a minute, more than
    the default limit on new games lets one client start."""
    limits = Limits(new_games_per_minute=0, games_per_session=1000)
    with running(create_app(db_path=tmp_path_factory.mktemp("sight") / "games.sqlite3", limits=limits)) as url:
        yield url


# the page fits its panel again 80 ms after the last resize (app.js), writing the panel's data-fit:
# armed before the resize, the page waits for the resize event, then for the next write of data-fit
# (a second at most), then two frames laid out
REFIT_ARM = """() => { window.__refitted = new Promise(r => {
  window.addEventListener('resize', () => {
    const d = document.querySelector('#decision');
    if (!d) return r();
    const timer = setTimeout(() => { seen.disconnect(); r(); }, 1000);
    const seen = new MutationObserver(() => { seen.disconnect(); clearTimeout(timer); r(); });
    seen.observe(d, {attributes: true, attributeFilter: ['data-fit']});
  }, {once: true});
}); }"""
REFIT = "() => window.__refitted.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))"


def size_of(page) -> str | None:
    vp = page.viewport_size
    return next((name for name, (w, h) in VIEWPORTS.items() if vp and (vp["width"], vp["height"]) == (w, h)), None)


def measure(page, where: str, seen: list, sizes: tuple[str, ...] = ()) -> None:
    """The step's choices measured at each of ``sizes`` (the window resized and the panel fitted
    again: the same decision seen on a desktop and on a phone), or at the page's own size. The size
    the page stands at comes first, as it was fitted when the decision came (no resize), then the
    window is resized to the other: the decisions alternate which size is seen after a resize."""
    now = size_of(page)
    order = sorted(sizes, key=lambda size: size != now)
    for size in order or (None,):
        if size is not None and size != now:
            w, h = VIEWPORTS[size]
            page.evaluate(REFIT_ARM)
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate(REFIT)  # (the panel is fitted again on resize)
            now = size
        page.evaluate("window.scrollTo(0, 0)")
        r = page.evaluate(HIDDEN)
        if r is None:
            return
        seen.append((f"{where}{f' at {size}' if size else ''}", r["title"], r["n"], r["hidden"], r["fit"]))
        assert r["scrollY"] == 0
        if r["hidden"] and os.environ.get("COACHGYM_SIGHT_SHOTS"):  # a picture of each failure, to look at
            page.screenshot(path=os.path.join(os.environ["COACHGYM_SIGHT_SHOTS"], f"hidden-{len(seen)}.png"))


def answer(page, rng: random.Random, seen: list, sizes: tuple[str, ...] = ()) -> None:
    before = page.get_attribute(".game", "data-number")
    tops = page.locator("#decision .group-choices > button.choice")
    steps = page.locator("#decision .group-choices > details.two-step")
    roll = rng.random()
    if steps.count() and roll < 0.25:  # a second step: opened, measured, one of its choices
        step = steps.nth(rng.randrange(steps.count()))
        step.locator("summary").click()
        page.wait_for_function("() => document.querySelector('#decision details.two-step[open]')")
        page.wait_for_timeout(50)  # (the panel is fitted again on the toggle)
        measure(page, "second step", seen, sizes)
        inner = step.locator(".then button.choice")
        inner.nth(rng.randrange(inner.count())).click()
    elif page.locator("#decision button.choice[data-enter]").count() and roll < 0.8:
        page.keyboard.press("Enter")
    elif tops.count():
        tops.nth(rng.randrange(tops.count())).click()
    elif steps.count():
        steps.first.locator("summary").click()
        steps.first.locator(".then button.choice").first.click()
    else:
        page.keyboard.press("Enter")
    settle(page, before)


def play_and_measure(page, ruleset: str, seed: int, sizes: tuple[str, ...] = ()) -> list:
    rng = random.Random(seed)
    per, mark = PLAN[ruleset]
    seen: list = []
    for _ in range(MAX_STRETCHES[ruleset]):
        for _ in range(per):
            if is_over(page) or not page.locator("#decision .d-body").count():
                return seen
            measure(page, "first step", seen, sizes)
            answer(page, rng, seen, sizes)
        if is_over(page) or not page.locator(f"form.continue button[value={mark}]").count():
            return seen
        before = page.get_attribute(".game", "data-number")
        page.click(f"form.continue button[value={mark}]")
        settle(page, before)
    return seen


def report(seen: list) -> str:
    bad = [s for s in seen if s[3]]
    return f"{len(bad)} of {len(seen)} decisions hide choices: " + "; ".join(
        f"{w} {t[:50]!r} ({n} choices, fit {f}): {h}" for w, t, n, h, f in bad[:6])


@pytest.mark.parametrize("ruleset", list(PLAN))
def test_every_choice_in_sight_over_a_seeded_game(browser, live_server, ruleset):
    """One seeded game a ruleset; every decision measured at both sizes (the window resized between)."""
    sizes = tuple(VIEWPORTS)
    w, h = VIEWPORTS[sizes[0]]
    context = browser.new_context(viewport={"width": w, "height": h}, base_url=live_server)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        start_game(page, ruleset, SEEDS[ruleset], opponent="by-the-book")
        seen = play_and_measure(page, ruleset, SEEDS[ruleset], sizes)
        for size in sizes:
            assert sum(s[0].endswith(f" at {size}") for s in seen) >= 15, f"only {len(seen)} decisions measured"
        assert not any(s[3] for s in seen), report(seen)
        # the cases the issue names were among them
        titles = " | ".join(s[1] for s in seen)
        if ruleset == "statispro":
            assert "Start of the" in titles  # the start of a quarter
        if ruleset == "fuba":
            assert "formation" in titles and "pass - which target area?" in titles  # the pass targets too
    finally:
        context.close()


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_the_two_person_creator_sees_every_choice_under_the_invite_panel(browser, live_server, size):
    w, h = VIEWPORTS[size]
    context = browser.new_context(viewport={"width": w, "height": h}, base_url=live_server)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto("/new?ruleset=statispro")  # (a game against a friend draws its seed on the server)
        page.select_option("#opponent", "friend")
        page.check("input[name=side][value=away]")  # (the visitors place first: the creator decides at once)
        page.click("#start-top")
        page.wait_for_selector("[data-testid=invite-link]", state="attached")
        seen: list = []
        rng = random.Random(21)
        for _ in range(4):
            if not page.locator("#decision .d-body").count():
                break
            measure(page, "first step", seen)
            assert page.is_visible("[data-testid=invite-copy]")
            answer(page, rng, seen)
        assert seen and not any(s[3] for s in seen), report(seen)
    finally:
        context.close()
