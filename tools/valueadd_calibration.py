"""Calibration of the Value Add Basketball cards: by-the-book against by-the-book over the bundled teams.

    python tools/valueadd_calibration.py --games 400 --seed 1

Plays every ordered pair of bundled teams (home/away) in turn and prints per team per game: the
box score averages (which include the 20 points, rebounds, steals and fouls the rules credit for the
22 assumed possessions) and, for the events of the played possessions, rates per 68 possessions
(a full NCAA game) so they compare with NCAA Division I season figures; then where the free throws
come from: touches (four-dice rolls), intentional fouls ("Roll only 3 dice (skip 20-sided) to
intentionally foul") and the free throws per touch of the rest, beside the season lines' own rate.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import defaultdict

from coachgym.core.chance import SeededSource
from coachgym.core.match import play_game
from coachgym.rules.valueadd import RULESET
from coachgym.rules.valueadd.engine import ValueAddEngine
from coachgym.rules.valueadd.state import FTA

COLS = ("PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "STL", "BLK", "TO", "PF")
# what _setup_team credits for the 22 assumed possessions (rotation options 2 and 3)
START = {"PTS": 20, "DREB": 13, "STL": 2, "PF": 10}


class _CountingEngine(ValueAddEngine):
    """The engine, counting touches and the free throws of intentional fouls per side."""

    def __init__(self, *args, **kwargs):
        self.counts = [defaultdict(float), defaultdict(float)]
        super().__init__(*args, **kwargs)

    def _roll(self):
        if not self.ctx.get("intentional"):
            self.counts[self.offense]["touches"] += 1
        super()._roll()

    def _intentional_foul(self, off, slot, ds, r, team_def):
        before = sum(st[FTA] for st in self.team_state[off].stats)
        super()._intentional_foul(off, slot, ds, r, team_def)
        fta = sum(st[FTA] for st in self.team_state[off].stats) - before
        self.counts[off]["intentional_trips"] += fta > 0
        self.counts[off]["intentional_fta"] += fta


def season_fta_per_touch(names: list[str]) -> float:
    """The bundled season lines' free-throw attempts per touch (FGA + TOV + 0.44 FTA)."""
    fta = touches = 0.0
    for name in names:
        for p in RULESET.team_data(name)[0]["players"]:
            st = p["stats"]
            fta += st["fta"]
            touches += st["fga"] + st["tov"] + 0.44 * st["fta"]
    return fta / touches


def run(games: int, seed: int, teams: list[str] | None = None, coach: str = "by-the-book", options: dict | None = None) -> dict:
    names = teams or RULESET.team_names()
    pairs = list(itertools.permutations(names, 2))
    sums: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    opts = RULESET.parse_options(options)
    for g in range(games):
        home, away = pairs[g % len(pairs)]
        s = seed * 1_000_003 + g
        game = _CountingEngine(RULESET.load_team(home), RULESET.load_team(away), SeededSource(s), options=opts,
                               record_events=False)
        play_game(game, RULESET.coach(coach, seed=2 * s), RULESET.coach(coach, seed=2 * s + 1), seed=s)
        box = game.box_score()
        for side, slug in ((0, home), (1, away)):
            tot = box.totals(side)
            acc = sums[slug]
            acc["n"] += 1
            acc["poss"] += tot["POSS"] / 5
            for c in COLS:
                acc[c] += tot[c]
            acc["win"] += tot["score"] > box.totals(1 - side)["score"]
            for k, v in game.counts[side].items():
                acc[k] += v
    return sums


def report(sums: dict) -> str:
    lines = []
    allt: dict[str, float] = defaultdict(float)
    for acc in sums.values():
        for k, v in acc.items():
            allt[k] += v
    rows = sorted(sums.items()) + [("ALL", allt)]
    lines.append(f"{'team':<16}{'n':>5}{'win%':>6}{'poss':>6}{'PTS':>6}{'FG%':>6}{'3P%':>6}{'3PA':>6}{'FT%':>6}{'FTA':>6}"
                 f"{'TO':>6}{'STL':>6}{'BLK':>6}{'OREB':>6}{'PF':>6} | per 68 played poss: {'PTS':>5}{'FGA':>6}{'TO':>6}{'STL':>6}{'BLK':>6}{'OREB':>6}{'FTA':>6}")
    for name, a in rows:
        n = a["n"]
        p = a["poss"]

        def per(k, start=0.0, a=a, n=n, p=p):
            return (a[k] / n - start) * 68 / (p / n)

        lines.append(
            f"{name:<16}{n:>5.0f}{100 * a['win'] / n:>6.1f}{p / n:>6.1f}{a['PTS'] / n:>6.1f}{100 * a['FGM'] / a['FGA']:>6.1f}"
            f"{100 * a['3PM'] / a['3PA']:>6.1f}{a['3PA'] / n:>6.1f}{100 * a['FTM'] / a['FTA']:>6.1f}{a['FTA'] / n:>6.1f}"
            f"{a['TO'] / n:>6.1f}{a['STL'] / n:>6.1f}{a['BLK'] / n:>6.1f}{a['OREB'] / n:>6.1f}{a['PF'] / n:>6.1f} | "
            f"{'':>19}{per('PTS', 20):>5.1f}{per('FGA'):>6.1f}{per('TO'):>6.1f}{per('STL', 2):>6.1f}{per('BLK'):>6.1f}"
            f"{per('OREB'):>6.1f}{per('FTA'):>6.1f}")
    return "\n".join(lines)


def free_throw_sources(sums: dict, names: list[str]) -> str:
    """Where the free throws come from (all teams, per team and game): intentional fouls and the rest."""
    a: dict[str, float] = defaultdict(float)
    for acc in sums.values():
        for k, v in acc.items():
            a[k] += v
    n = a["n"]
    rest = a["FTA"] - a["intentional_fta"]
    return (f"free throws per team and game: {a['FTA'] / n:.2f} attempts in {a['touches'] / n:.1f} touches (four-dice rolls) "
            f"and {a['poss'] / n:.1f} played possessions; intentional fouls {a['intentional_trips'] / n:.2f} trips, "
            f"{a['intentional_fta'] / n:.2f} attempts; the rest {rest / n:.2f} = {rest / a['touches']:.3f} per touch "
            f"(the season lines: {season_fta_per_touch(names):.3f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--coach", default="by-the-book")
    ap.add_argument("--options", default="{}", help='rule options as JSON, e.g. \'{"rotation": 1}\'')
    ap.add_argument("teams", nargs="*")
    args = ap.parse_args()
    t = time.time()
    sums = run(args.games, args.seed, args.teams or None, args.coach, json.loads(args.options))
    print(report(sums))
    print(free_throw_sources(sums, args.teams or RULESET.team_names()))
    print(f"{args.games} games, coach {args.coach}, seed {args.seed}, options {args.options}, {time.time() - t:.1f} s")


if __name__ == "__main__":
    main()
