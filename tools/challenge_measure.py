"""What a challenge costs (docs/coach-seat.md, "Challenges"): per scenario, the CPU time of the result
page's play-outs (the book's and the trained coach's, ``coachgym.academy.challenge.play_out``) over a
few draws, and for the short challenges (levels 1-2) the decisions put to a person who presses Enter
(the marked default) at each one, through the web app (TestClient).

    nice -n 10 python tools/challenge_measure.py --draws 3
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coachgym.academy import challenge as C  # noqa: E402
from coachgym.envs import academy as A  # noqa: E402


def play_outs(draws: int, only: list[str]) -> None:
    rng = random.Random(7)
    print(f"{'scenario':<36} {'book ms':>9} {'trained ms':>11}  (median of {draws} draws, CPU)")
    for sc in A.scenarios():
        if only and sc.id not in only:
            continue
        cost = {"by-the-book": [], "trained": []}
        for _ in range(draws):
            k, seed = C.draw(sc.id, rng)
            for coach in cost:
                t = time.process_time()
                C.play_out(C.start_spec(sc.id, k), seed, coach, "by-the-book")
                cost[coach].append(1000 * (time.process_time() - t))
        print(f"{sc.id:<36} {statistics.median(cost['by-the-book']):>9.0f} {statistics.median(cost['trained']):>11.0f}")


def decisions(draws: int, only: list[str]) -> None:
    from fastapi.testclient import TestClient

    from coachgym.web import create_app
    from coachgym.web.security import Limits

    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(
            db_path=Path(tmp) / "m.sqlite3", limits=Limits(new_games_per_minute=0, games_per_session=1000))) as c:
        print(f"{'short scenario':<36} decisions put to the person, Enter at each ({draws} draws)")
        missing: list[str] = []
        for sc in A.scenarios():
            if sc.level > 2 or (only and sc.id not in only):
                continue
            counts = []
            for _ in range(draws):
                gid = c.post(f"/challenges/{sc.id}/start", follow_redirects=False).headers["location"].rsplit("/", 1)[1]
                page, n = c.get(f"/games/{gid}"), 0
                while 'data-testid="challenge-result"' not in page.text:
                    num = re.search(r'class="game"[^>]*data-number="(\d+)"', page.text).group(1)
                    enter = re.search(r'<button[^>]*data-enter[^>]*>', page.text)
                    action = re.search(r'name="action" value="(\d+)"', enter.group(0)) if enter else None
                    finish = re.search(r'name="finish" value="(\w+)"', enter.group(0)) if enter else None
                    if action:
                        page = c.post(f"/games/{gid}/choose", data={"action": action.group(1), "number": num})
                    elif finish:
                        page = c.post(f"/games/{gid}/choose", data={"finish": finish.group(1), "number": num})
                    else:  # no marked default: the first choice, as the browser test clicks it
                        title = re.search(r'<h2[^>]*>(.*?)</h2>', page.text[page.text.find('id="decision"'):], re.S)
                        said = re.sub(r"<[^>]+>|\s+", " ", title.group(1)).strip() if title else "?"
                        missing.append(f"{sc.id} decision {num}: {said}")
                        first = re.search(r'<button[^>]*name="action" value="(\d+)"[^>]*class="choice', page.text)
                        page = c.post(f"/games/{gid}/choose", data={"action": first.group(1), "number": num})
                    n += 1
                counts.append(n)
            print(f"{sc.id:<36} {', '.join(map(str, counts))}")
        print(f"decisions without a marked default: {len(missing)}")
        for m in missing:
            print("  ", m)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--draws", type=int, default=3)
    ap.add_argument("--scenarios", default="", help="only these scenario ids (comma-separated)")
    ap.add_argument("--decisions-only", action="store_true")
    args = ap.parse_args()
    only = [s for s in args.scenarios.split(",") if s]
    if not args.decisions_only:
        play_outs(args.draws, only)
    decisions(args.draws, only)


if __name__ == "__main__":
    main()
