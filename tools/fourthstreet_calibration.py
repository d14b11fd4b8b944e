"""Calibration experiments for 4th Street's card builder (docs/realism.md, "4th Street").

Rebuilds the four bundled fictional teams in memory from their season lines
(``data/fictional_stats.json``) with some of the builder's constants replaced, plays the realism
comparison set (by-the-book against by-the-book, every ordered pair, one seed per game, as
``coachgym realism fourthstreet``) and prints every statistic against the 1979-80 season, plus where
the assists come from (the last passer or the setup play's outlet, the beautiful feed, the make-up
rule's white 1).

    python tools/fourthstreet_calibration.py --games 400                          # the constants as shipped
    python tools/fourthstreet_calibration.py --games 400 --set feed_cells_per_ast36=1.2 --set level2_drive_share=0.3
    python tools/fourthstreet_calibration.py --games 1000 --bundled              # the team files as shipped
    python tools/fourthstreet_calibration.py --games 1000 --calibration 1 --markdown  # the first cards, as a table

Nothing is written: adopt a calibration by editing ``data/card_builder.json`` and rebuilding the team
files (docs/rules/4th-street-basketball.md, section 17, "Regenerating data").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from importlib import resources

from coachgym.core.chance import SeededSource
from coachgym.core.errors import ConfigError
from coachgym.core.match import run_match
from coachgym.core.ruleset import parse_setting
from coachgym.evaluation.realism import Comparison, compare_rows, comparison_sets, real_seasons, render
from coachgym.rules.fourthstreet import RULESET
from coachgym.rules.fourthstreet.builder import build_team, calibration
from coachgym.rules.fourthstreet.cards import parse_team
from coachgym.rules.fourthstreet.engine import FourthStreetEngine

ASSISTS: Counter = Counter()  # where the assists of the games played come from


class _CountingEngine(FourthStreetEngine):
    """The engine, counting the source of every assist it credits (Optional Rules, Assists)."""

    def _score(self, side, slot, pts, three, passer, white):
        if self.options.assists:
            if passer >= 0 and passer != slot:
                ASSISTS["feed" if white == 0 else "pass"] += 1  # a pass, or the setup's outlet
            elif self.options.assist_makeup and white == 1:
                ASSISTS["make-up"] += 1
        ASSISTS["baskets"] += 1
        super()._score(side, slot, pts, three, passer, white)


def teams(constants: dict | None, bundled: bool) -> list:
    if bundled:
        return [RULESET.load_team(n) for n in RULESET.team_names()]
    spec = json.loads(resources.files("coachgym.rules.fourthstreet").joinpath("data/fictional_stats.json").read_text())
    return [parse_team(build_team(t, constants), f"rebuilt {t['id']}") for t in spec["teams"]]


def measure(constants: dict | None, games: int, seed: int, bundled: bool = False, progress: bool = False):
    side = teams(constants, bundled)
    pairs = [(h, a) for h in side for a in side if h is not a]
    opts = RULESET.parse_options(None)

    def new_game(home, away, seed, record_events=False):
        return _CountingEngine(home, away, SeededSource(seed), options=opts, record_events=False)

    ASSISTS.clear()
    result = run_match(new_game, RULESET.coach("by-the-book"), RULESET.coach("by-the-book"), games=games, seed=seed,
                       teams=pairs, swap_sides=False, keep_box=True, progress=progress, desc="fourthstreet calibration")
    st = comparison_sets("fourthstreet")[0]
    return compare_rows("fourthstreet", result, st, real_seasons()["sources"]), dict(ASSISTS)


def report(rows, assists: dict, games: int) -> str:
    out = [f"{'stat':<8}{'sim':>8}{'+-':>6}{'real':>8}{'diff':>8}  within 5%"]
    for r in rows:
        mark = "" if r.close is None else "yes" if r.close else "NO"
        real = "" if r.real is None else f"{r.real:8.2f}"
        diff = "" if r.diff is None else f"{r.diff:+8.2f}"
        out.append(f"{r.key:<8}{r.sim:8.2f}{r.half:6.2f}{real:>8}{diff:>8}  {mark}")
    sides = 2 * games
    fgm = next(r.sim for r in rows if r.key == "FGM")
    ast = {k: v / sides for k, v in assists.items()}
    raw = ast.get("pass", 0) + ast.get("feed", 0)
    out.append(f"assists per team and game: last passer or outlet {ast.get('pass', 0):.2f}, beautiful feed {ast.get('feed', 0):.2f}, "
               f"make-up (white 1) {ast.get('make-up', 0):.2f}; before the make-up {raw:.2f} = {raw / fgm:.3f} per basket "
               f"(1979-80: 25.8 / 43.6 = 0.592; the text: 'roughly 75% of actual' before the make-up = 0.444)")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026, help="the realism command's seed (default 2026)")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="replace a constant of data/card_builder.json (JSON value); repeatable")
    ap.add_argument("--bundled", action="store_true", help="play the bundled team files instead of rebuilt ones")
    ap.add_argument("--calibration", choices=["1"], help="rebuild with the constants of an earlier calibration "
                    "(card_builder.json's calibration_1: the first cards); --set replaces some of them")
    ap.add_argument("--markdown", action="store_true", help="print the table as coachgym realism --markdown does")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    known = calibration()
    names = [k for k in known if not k.startswith(("_", "calibration"))]  # the builder's constants
    try:
        constants = {**(known[f"calibration_{args.calibration}"] if args.calibration else {}),
                     **dict(parse_setting(t, names, "--set") for t in args.set)}
    except ConfigError as exc:
        raise SystemExit(str(exc)) from None
    t0 = time.time()
    rows, assists = measure(constants, args.games, args.seed, args.bundled, args.progress)
    what = "bundled team files" if args.bundled else f"rebuilt teams, constants {constants or 'as shipped'}"
    print(f"4th Street calibration: {what}; {args.games} by-the-book games, seed {args.seed} ({time.time() - t0:.0f} s)")
    if args.markdown:
        st = comparison_sets("fourthstreet")[0]
        cmp = Comparison("fourthstreet", real_seasons()["rulesets"]["fourthstreet"]["season"], st["name"],
                         st["describe"] + f" ({what})", args.games, args.seed, rows)
        print(render(cmp, markdown=True))
        print()
    print(report(rows, assists, args.games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
