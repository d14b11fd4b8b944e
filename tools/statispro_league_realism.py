"""The bundled 1992-93 NBA (Statis Pro) against its real season: a cheap round robin.

Every team plays every other team once at home (27 x 26 = 702 games a round, by-the-book coaches on
both benches, no season carry-over: injuries, games limits and ten-day contracts belong to the
season replay tool). Prints league per-team-game averages against the real ones (from the league's
stats.csv), per team the simulated win share against the real one (Pearson r and mean absolute
error in wins per 82 games) and, for the 30 players with most minutes, points, rebounds and assists
a game against the real ones (r and mean relative error; the simulated figures per team game, since
a round robin has no season-long injuries, the real ones per game he played).

Run:  python tools/statispro_league_realism.py [rounds] [seed]
(COACHGYM_REALISM_LEAGUE=DIR measures another build of the league, e.g. a calibration experiment.)
"""

from __future__ import annotations

import csv
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
from scipy.stats import pearsonr
from tqdm import tqdm

from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET

LEAGUE = Path(os.environ.get("COACHGYM_REALISM_LEAGUE") or
              Path(__file__).resolve().parent.parent / "coachgym/rules/statispro/data/leagues/nba-1993")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    seed0 = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    league = json.loads((LEAGUE / "league.json").read_text())
    teams = {stem: RULESET.load_team(str(LEAGUE / f"{stem}.json")) for stem in league["teams"]}
    wins = defaultdict(int)
    games = defaultdict(int)
    player = defaultdict(lambda: np.zeros(4))  # team games, PTS, REB, AST
    team_tot = defaultdict(float)
    n = 0
    t0 = time.perf_counter()
    pairs = [(h, a) for h in teams for a in teams if h != a]
    for r in range(rounds):
        for h, a in tqdm(pairs, desc=f"round {r + 1}/{rounds}"):
            seed = seed0 + n
            g = RULESET.new_game(teams[h], teams[a], seed=seed, record_events=False)
            play_game(g, RULESET.coach("by-the-book", seed=seed), RULESET.coach("by-the-book", seed=seed + 1), seed=seed)
            hs, as_ = g.score
            wins[h if hs > as_ else a] += 1
            games[h] += 1
            games[a] += 1
            box = g.box_score()
            for side, stem in ((0, h), (1, a)):
                tb = box.teams[side]
                tot = box.totals(side)
                for k in ("PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "REB", "AST", "STL", "BLK", "TO", "PF"):
                    team_tot[k] += tot.get(k, 0)
                for p in tb.players:
                    player[(stem, p.name)] += np.array([1, p.stats.get("PTS", 0), p.stats.get("REB", 0),
                                                        p.stats.get("AST", 0)])
            n += 1
    secs = time.perf_counter() - t0
    tg = 2 * n
    print(f"{n} games in {secs:.0f} s ({n / secs:.1f} games/s)")
    # real league averages from stats.csv (players with >= 100 minutes: about 99% of the league's minutes)
    real = defaultdict(float)
    rows = list(csv.DictReader(open(LEAGUE / "stats.csv")))
    for row in rows:
        for k, col in (("PTS", "PTS"), ("FGM", "FG"), ("FGA", "FGA"), ("3PM", "3P"), ("3PA", "3PA"), ("FTM", "FT"),
                       ("FTA", "FTA"), ("REB", "TRB"), ("AST", "AST"), ("STL", "STL"), ("BLK", "BLK"), ("TO", "TOV"),
                       ("PF", "PF")):
            real[k] += float(row[col] or 0)
    real_tg = 27 * 82
    print("per team-game        sim    real")
    for k in ("PTS", "FGA", "3PA", "FTA", "REB", "AST", "STL", "BLK", "TO", "PF"):
        print(f"  {k:5s}          {team_tot[k] / tg:6.1f}  {real[k] / real_tg:6.1f}")
    for name, m, a in (("FG%", "FGM", "FGA"), ("3P%", "3PM", "3PA"), ("FT%", "FTM", "FTA")):
        print(f"  {name:5s}          {100 * team_tot[m] / team_tot[a]:6.1f}  {100 * real[m] / real[a]:6.1f}")
    sim_w = np.array([82 * wins[s] / games[s] for s in league["teams"]])
    real_w = np.array([league["real_records"][s][0] * 82 / sum(league["real_records"][s]) for s in league["teams"]])
    r, _ = pearsonr(sim_w, real_w)
    print(f"teams: Pearson r {r:.3f}, mean absolute error {np.mean(np.abs(sim_w - real_w)):.1f} wins per 82 games")
    for s, sw, rw in sorted(zip(league["teams"], sim_w, real_w), key=lambda x: -x[2]):
        print(f"  {s:14s} sim {sw:5.1f}  real {rw:4.0f}")
    top = sorted(rows, key=lambda row: -int(row["MP"]))[:30]
    sim_l, real_l = [], []
    for row in top:
        stem = next(s for s in league["teams"] if teams[s].name and row["Tm"] and _abbr(s, league) == row["Tm"])
        card = _card_name(teams[stem], row["Player"])
        v = player[(stem, card)]
        g = max(1.0, v[0])
        sim_l.append(v[1:] / g)
        real_l.append(np.array([int(row["PTS"]), int(row["TRB"]), int(row["AST"])]) / int(row["G"]))
    sim_l, real_l = np.array(sim_l), np.array(real_l)
    for j, k in enumerate(("PTS", "REB", "AST")):
        r, _ = pearsonr(sim_l[:, j], real_l[:, j])
        rel = np.mean(np.abs(sim_l[:, j] - real_l[:, j]) / real_l[:, j])
        within = np.mean(np.abs(sim_l[:, j] - real_l[:, j]) / real_l[:, j] <= 0.10)
        print(f"top-30 players {k}/game: r {r:.3f}, mean relative error {100 * rel:.1f}%, within 10%: {100 * within:.0f}%")
    for row, s, re in zip(top, sim_l, real_l):
        print(f"  {row['Player']:22s} {row['Tm']}  sim {s[0]:5.1f} {s[1]:5.1f} {s[2]:5.1f}  real {re[0]:5.1f} {re[1]:5.1f} {re[2]:5.1f}")


def _abbr(stem: str, league: dict) -> str:
    from coachgym.core.statscsv import nba_teams

    return next(k for k, v in nba_teams().items() if v["stem"] == stem and k in _present(league))


_PRESENT: set | None = None


def _present(league: dict) -> set:
    global _PRESENT
    if _PRESENT is None:
        _PRESENT = {row["Tm"] for row in csv.DictReader(open(LEAGUE / "stats.csv"))}
    return _PRESENT


def _card_name(team, player: str) -> str:
    names = [p.name for p in team.players]
    if player in names:
        return player
    printed = {"Doc Rivers": "Glen (Doc) Rivers", "B.J. Armstrong": "B. J. Armstrong"}
    return printed.get(player, player)


if __name__ == "__main__":
    main()
