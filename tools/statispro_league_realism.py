"""The bundled 1992-93 NBA (Statis Pro) against its real season: a cheap round robin.

Every team plays every other team once at home (27 x 26 = 702 games a round, by-the-book coaches on
both benches, no season carry-over: injuries, games limits and ten-day contracts belong to the
season replay tool). Prints league per-team-game averages against the real ones (from the league's
stats.csv), per team the simulated win share against the real one (Pearson r and mean absolute
error in wins per 82 games) and, for the 30 players with most minutes, points, rebounds and assists
a game against the real ones (r and mean relative error; the simulated figures per team game, since
a round robin has no season-long injuries, the real ones per game he played).

What limits the per-game lines is split in two: **minutes a game** (the coach's rotation: simulated
minutes against the real MP / G) and **rates per 36 minutes** (the cards, the deck and the engine).
Minutes are read off the clock: a quarter is its FAC pile (8.1: 180 FAC and the Time cards for 12
minutes, 75 FAC and the 10:00 card for a 5-minute overtime), and each card drawn from the pile is
credited to the ten men on the court. Also printed: rebounds per 48 minutes by listed position, and
each top-30 three-point shooter's simulated 3P% against his card's THREE POINT rating and his real one.

Run:  python tools/statispro_league_realism.py [rounds] [seed] [coach]
(``coach``: a coach spec for both benches, default ``by-the-book`` (with the team files' rotation
minutes); ``by-the-book:rotation=book`` is the book's rotation without them; ``rotation:season`` and
``rotation:game`` are this tool's experiments with other targets (:class:`RotationCoach`);
COACHGYM_REALISM_LEAGUE=DIR measures another build of the league, e.g. a calibration experiment;
COACHGYM_REALISM_DECK=FILE.csv plays another FAC deck in ``fac_deck.csv``'s format, an experiment for a
later engine version, e.g. the one ``tools/statispro_rebound_positions.py`` writes.)
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

from coachgym.agents.statispro import ByTheBookCoach, game_minutes
from coachgym.core.match import play_game
from coachgym.core.statscsv import nba_teams
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.shooting import ShootingMixin

LEAGUE = Path(os.environ.get("COACHGYM_REALISM_LEAGUE") or
              Path(__file__).resolve().parent.parent / "coachgym/rules/statispro/data/leagues/nba-1993")
PLAYER_COLS = ("PTS", "REB", "AST", "3PM", "3PA", "OREB", "DREB")  # per player, after games and minutes
PRINTED = {"Doc Rivers": "Glen (Doc) Rivers", "B.J. Armstrong": "B. J. Armstrong"}


SHOTS: dict = defaultdict(float)  # (kind, figure) over every shot of the run: three / open / contested


def count_shots():
    """Count every resolved shot by kind (a wrapper around the engine's 4.5 / 12A resolution, in this
    process only): how often it is made, its mean rating, and how often it is missed *and* fouled
    (12B: then no field-goal attempt is charged, which lifts the counted percentages above the made share)."""
    original = ShootingMixin._shot_result

    def counted(self, shot: dict) -> None:
        kind = "three" if shot["three"] else "open" if shot["open"] else "contested"
        SHOTS[kind, "n"] += 1
        SHOTS[kind, "made"] += shot["made"]
        SHOTS[kind, "rating"] += shot["rating"]
        SHOTS[kind, "fouled_miss"] += shot["fouler"] >= 0 and not shot["made"]
        original(self, shot)

    ShootingMixin._shot_result = counted
    return original  # to put back (the tests do)


class MinuteClock:
    """Minutes each man is on the court, read off the FAC pile (8.1, ``agents.statispro.game_minutes``):
    ``on_event`` after every step credits the game time since the last step to the lineups that were
    on the court."""

    def __init__(self, game):
        self.game = game
        self.minutes = [np.zeros(len(t.players)) for t in game.teams]
        self.t = 0.0
        self.lineups = [list(ts.lineup) for ts in game.team_state]

    def now(self) -> float:
        return game_minutes(self.game)

    def __call__(self, game) -> None:
        t = self.now()
        dt = t - self.t
        if dt > 0:
            for side in (0, 1):
                self.minutes[side][self.lineups[side]] += dt
        self.t = t
        self.lineups = [list(ts.lineup) for ts in game.team_state]


class RotationCoach(ByTheBookCoach):
    """An experiment, not a shipped coach: the by-the-book coach's rotation (``agents/statispro.py``)
    with other targets than the team file's ``rotation_minutes``: ``season`` = MP / 82 (the season's
    use, absences included) or ``game`` = MP / G, either scaled so a team's add up to 240. (The
    shipped rotation - MP / G given out in roster order until 240 - is ``by-the-book``; the book's
    rotation before it, ``by-the-book:rotation=book``.)"""

    def __init__(self, seed=None, *, basis: str = "season"):
        super().__init__(seed)
        self.basis = basis
        self.name = f"rotation:{basis}"

    def rotation_targets(self, game, side: int) -> list[float]:
        team = game.teams[side]
        real = _real_minutes(self.basis)
        target = [real.get((team.name, p.name), 0.0) for p in team.players]
        return [240 * x / sum(target) for x in target]


_REAL_MIN: dict = {}


def _real_minutes(basis: str) -> dict:
    """(team name, card name) -> real minutes a team game (``season``) or a game played (``game``)."""
    if basis not in _REAL_MIN:
        names = {k: v["name"] for k, v in nba_teams().items()}
        _REAL_MIN[basis] = {(names[row["Tm"]], PRINTED.get(row["Player"], row["Player"])):
                            int(row["MP"]) / (82 if basis == "season" else int(row["G"])) for row in real_rows()}
    return _REAL_MIN[basis]


def make_coach(spec: str, seed: int):
    if spec.startswith("rotation:"):
        return RotationCoach(seed, basis=spec.partition(":")[2])
    return RULESET.coach(spec, seed=seed)


def real_rows() -> list[dict]:
    return list(csv.DictReader((LEAGUE / "stats.csv").read_text(encoding="utf-8").splitlines()))


def use_deck(path: str) -> None:
    """Play every game of this process with the 200 cards of ``path`` (an experiment: nothing is written)."""
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    K.DECK = tuple(K.Card(int(r["rpg"]), {s: r[s] for s in K.SECTIONS}) for r in rows)
    K.BY_KEY = {c.key: c for c in K.DECK} | dict(K.TIME_CARDS)


def main() -> None:
    if os.environ.get("COACHGYM_REALISM_DECK"):
        use_deck(os.environ["COACHGYM_REALISM_DECK"])
        print(f"deck: {os.environ['COACHGYM_REALISM_DECK']} (an experiment, not the shipped deck)")
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    seed0 = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    coach = sys.argv[3] if len(sys.argv) > 3 else "by-the-book"
    league = json.loads((LEAGUE / "league.json").read_text())
    teams = {stem: RULESET.load_team(str(LEAGUE / f"{stem}.json")) for stem in league["teams"]}
    wins = defaultdict(int)
    games = defaultdict(int)
    player = defaultdict(lambda: np.zeros(2 + len(PLAYER_COLS)))  # team games, minutes, PLAYER_COLS
    team_tot = defaultdict(float)
    n = 0
    count_shots()
    t0 = time.perf_counter()
    pairs = [(h, a) for h in teams for a in teams if h != a]
    with tqdm(total=rounds * len(pairs), desc=f"{rounds} round(s) of {len(pairs)} games", unit="game") as bar:
        for _ in range(rounds):
            for h, a in pairs:
                seed = seed0 + n
                g = RULESET.new_game(teams[h], teams[a], seed=seed, record_events=False)
                clock = MinuteClock(g)
                play_game(g, make_coach(coach, seed), make_coach(coach, seed + 1), seed=seed,
                          on_event=clock)
                clock(g)
                hs, as_ = g.score
                wins[h if hs > as_ else a] += 1
                games[h] += 1
                games[a] += 1
                box = g.box_score()
                for side, stem in ((0, h), (1, a)):
                    tot = box.totals(side)
                    for k in ("PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "REB", "AST", "STL", "BLK", "TO",
                              "PF"):
                        team_tot[k] += tot.get(k, 0)
                    team_tot["MIN"] += clock.minutes[side].sum()
                    for i, p in enumerate(box.teams[side].players):
                        player[(stem, p.name)] += np.array([1, clock.minutes[side][i]]
                                                           + [p.stats.get(k, 0) for k in PLAYER_COLS])
                n += 1
                bar.update()
    secs = time.perf_counter() - t0
    tg = 2 * n
    print(f"{n} games in {secs:.0f} s ({n / secs:.1f} games/s), coach {coach}, seed {seed0}")
    report(league, teams, wins, games, player, team_tot, tg)


def report(league, teams, wins, games, player, team_tot, tg) -> None:
    # real league averages from stats.csv (players with >= 100 minutes: about 99% of the league's minutes)
    real = defaultdict(float)
    rows = real_rows()
    for row in rows:
        for k, col in (("PTS", "PTS"), ("FGM", "FG"), ("FGA", "FGA"), ("3PM", "3P"), ("3PA", "3PA"), ("FTM", "FT"),
                       ("FTA", "FTA"), ("REB", "TRB"), ("AST", "AST"), ("STL", "STL"), ("BLK", "BLK"), ("TO", "TOV"),
                       ("PF", "PF")):
            real[k] += float(row[col] or 0)
    real_tg = 27 * 82
    print(f"per team-game        sim    real   (player-minutes a team game: {team_tot['MIN'] / tg:.1f})")
    for k in ("PTS", "FGA", "3PA", "FTA", "REB", "AST", "STL", "BLK", "TO", "PF"):
        print(f"  {k:5s}          {team_tot[k] / tg:6.1f}  {real[k] / real_tg:6.1f}")
    for name, m, a in (("FG%", "FGM", "FGA"), ("3P%", "3PM", "3PA"), ("FT%", "FTM", "FTA")):
        print(f"  {name:5s}          {100 * team_tot[m] / team_tot[a]:6.1f}  {100 * real[m] / real[a]:6.1f}")
    print("shots by kind, per team game: attempts (made share, mean rating needed, missed and fouled "
          "- no attempt charged, 12B) -> counted percentage")
    for kind in ("contested", "open", "three"):
        k = SHOTS[kind, "n"]
        if k:
            print(f"  {kind:9s} {k / tg:5.1f}  ({100 * SHOTS[kind, 'made'] / k:4.1f}%, {SHOTS[kind, 'rating'] / k:4.1f}, "
                  f"{100 * SHOTS[kind, 'fouled_miss'] / k:4.1f}%) -> "
                  f"{100 * SHOTS[kind, 'made'] / (k - SHOTS[kind, 'fouled_miss']):4.1f}%")
    sim_w = np.array([82 * wins[s] / games[s] for s in league["teams"]])
    real_w = np.array([league["real_records"][s][0] * 82 / sum(league["real_records"][s]) for s in league["teams"]])
    r, _ = pearsonr(sim_w, real_w)
    print(f"teams: Pearson r {r:.3f}, mean absolute error {np.mean(np.abs(sim_w - real_w)):.1f} wins per 82 games, "
          f"simulated wins' standard deviation {sim_w.std():.1f} (real {real_w.std():.1f})")
    # chance alone: a team's simulated win share over n games has a binomial standard error; what it
    # adds to the mean absolute error, and the r the same teams would give over endless rounds
    share = sim_w / 82
    se = 82 * np.sqrt(share * (1 - share) / np.array([games[s] for s in league["teams"]]))
    reliability = max(1e-9, 1 - np.mean(se ** 2) / sim_w.var())
    print(f"  chance alone: standard error {np.sqrt(np.mean(se ** 2)):.1f} wins a team (mean absolute error of pure "
          f"noise about {np.sqrt(2 / np.pi) * np.sqrt(np.mean(se ** 2)):.1f}); r corrected for it "
          f"{min(1.0, r / np.sqrt(reliability)):.3f}")
    stems = _stems(league)
    keyed = [(row, stems[row["Tm"]], _card_name(teams[stems[row["Tm"]]], row["Player"]))
             for row in rows if row["Tm"] in stems]
    keyed = [x for x in keyed if x[2] in {p.name for p in teams[x[1]].players}]  # on the roster (at most 15)
    off_minutes = defaultdict(float)  # per team: minutes a game the rotation gives away from the real season
    for row, stem, card in keyed:
        v = player[(stem, card)]
        off_minutes[stem] += abs(v[1] / max(v[0], 1) - int(row["MP"]) / 82) / 2
    print("  team           sim   real   (minutes a game played by other men than in the real season)")
    for s, sw, rw in sorted(zip(league["teams"], sim_w, real_w), key=lambda x: -x[2]):
        print(f"  {s:14s} {sw:5.1f}  {rw:4.0f}   ({off_minutes[s]:4.1f})")
    _by_position(keyed, player)
    _all_minutes(keyed, player)
    top = sorted(keyed, key=lambda x: -int(x[0]["MP"]))[:30]
    sim_l, real_l, sim_m, real_m, sim_36, real_36 = [], [], [], [], [], []
    for row, stem, card in top:
        v = player[(stem, card)]
        g = max(1.0, v[0])
        rg = int(row["G"])
        rv = np.array([int(row["PTS"]), int(row["TRB"]), int(row["AST"])])
        sim_l.append(v[2:5] / g)
        real_l.append(rv / rg)
        sim_m.append(v[1] / g)
        real_m.append(int(row["MP"]) / rg)
        sim_36.append(36 * v[2:5] / max(v[1], 1e-9))
        real_36.append(36 * rv / int(row["MP"]))
    sim_l, real_l, sim_36, real_36 = map(np.array, (sim_l, real_l, sim_36, real_36))
    sim_m, real_m = np.array(sim_m), np.array(real_m)
    for j, k in enumerate(("PTS", "REB", "AST")):
        _line(f"top-30 players {k}/game", sim_l[:, j], real_l[:, j])
    _line("top-30 players minutes/game", sim_m, real_m)
    print(f"  (simulated minutes a game {sim_m.mean():.1f} on average against the real {real_m.mean():.1f})")
    for j, k in enumerate(("PTS", "REB", "AST")):
        _line(f"top-30 players {k}/36 min", sim_36[:, j], real_36[:, j])
    print("  player                   team  min sim/real   PTS sim/real   REB sim/real   AST sim/real")
    for (row, _, _), s, re, sm, rm in zip(top, sim_l, real_l, sim_m, real_m):
        print(f"  {row['Player']:24s} {row['Tm']}  {sm:5.1f} {rm:5.1f}    {s[0]:5.1f} {re[0]:5.1f}    "
              f"{s[1]:5.1f} {re[1]:5.1f}    {s[2]:5.1f} {re[2]:5.1f}")
    _threes(keyed, player, teams)


def _line(label: str, sim: np.ndarray, real: np.ndarray) -> None:
    r, _ = pearsonr(sim, real)
    rel = np.abs(sim - real) / real
    print(f"{label}: r {r:.3f}, mean relative error {100 * rel.mean():.1f}% (signed {100 * np.mean((sim - real) / real):+.1f}%)"
          f", within 10%: {100 * np.mean(rel <= 0.10):.0f}%")


def _by_position(keyed, player) -> None:
    """Rebounds (offensive / total) and minutes per 48 by listed position (first listed), all players."""
    acc = defaultdict(lambda: np.zeros(6))  # sim min, sim OREB, sim REB, real min, real ORB, real TRB
    for row, stem, card in keyed:
        pos = row["Pos"].split("-")[0]
        v = player[(stem, card)]
        acc[pos] += np.array([v[1], v[2 + PLAYER_COLS.index("OREB")], v[2 + PLAYER_COLS.index("REB")],
                              int(row["MP"]), int(row["ORB"] or 0), int(row["TRB"] or 0)])
    print("rebounds per 48 minutes by listed position (all players): sim / real  [offensive sim / real]"
          "  [share of the minutes sim / real]")
    tot = sum(acc.values())
    for pos in ("PG", "SG", "SF", "PF", "C"):
        a = acc[pos]
        print(f"  {pos:2s}  {48 * a[2] / a[0]:5.1f} / {48 * a[5] / a[3]:5.1f}   [{48 * a[1] / a[0]:4.1f} / "
              f"{48 * a[4] / a[3]:4.1f}]   [{100 * a[0] / tot[0]:4.1f}% / {100 * a[3] / tot[3]:4.1f}%]")


def _all_minutes(keyed, player) -> None:
    """Minutes a game of every rostered player (simulated per team game, real MP / G x his share of the
    team's games): how the coach's rotation spreads the 240 minutes against the real season's."""
    sim, real = [], []
    for row, stem, card in keyed:
        v = player[(stem, card)]
        sim.append(v[1] / max(v[0], 1))
        real.append(int(row["MP"]) / 82)  # per team game (a traded player: his minutes for this team)
    sim, real = np.array(sim), np.array(real)
    r, _ = pearsonr(sim, real)
    print(f"every rostered player's minutes per team game: r {r:.3f}, mean absolute error "
          f"{np.mean(np.abs(sim - real)):.1f} min; players with no simulated minutes: {int(np.sum(sim < 0.5))} "
          f"(real minutes a team game {real[sim < 0.5].sum() / 27:.1f} of 240)")
    order = np.argsort(-real)
    print(f"  sim minutes a team game of the players with real MP/82 >= 30: {sim[real >= 30].mean():.1f} "
          f"(real {real[real >= 30].mean():.1f}); 15-30: {sim[(real >= 15) & (real < 30)].mean():.1f} "
          f"(real {real[(real >= 15) & (real < 30)].mean():.1f}); < 15: {sim[real < 15].mean():.1f} "
          f"(real {real[real < 15].mean():.1f})")
    del order


def _threes(keyed, player, teams) -> None:
    """The 15 top-30-minute players with most real three-point attempts: simulated 3P% against the card's
    THREE POINT and the real 3P%."""
    top = sorted(keyed, key=lambda x: -int(x[0]["MP"]))[:30]
    top = sorted(top, key=lambda x: -int(x[0]["3PA"] or 0))[:15]
    print("three-point shooters among the top 30 (3PA most first): card THREE POINT, sim 3P% (3PA a game), real")
    cards = {(stem, p.name): p for stem, t in teams.items() for p in t.players}
    for row, stem, card in top:
        v = player[(stem, card)]
        m, a = v[2 + PLAYER_COLS.index("3PM")], v[2 + PLAYER_COLS.index("3PA")]
        c = cards[(stem, card)]
        print(f"  {row['Player']:24s} card {c.three_point:3d}  sim {100 * m / max(a, 1):5.1f} ({a / max(v[0], 1):4.1f})"
              f"  real {100 * int(row['3P']) / max(int(row['3PA']), 1):5.1f} ({int(row['3PA']) / int(row['G']):4.1f})")


def _stems(league: dict) -> dict[str, str]:
    """Basketball-Reference abbreviation -> the league's team stem, for the teams in the stats."""
    present = {row["Tm"] for row in real_rows()}
    return {k: v["stem"] for k, v in nba_teams().items() if k in present and v["stem"] in league["teams"]}


def _card_name(team, player: str) -> str:
    names = [p.name for p in team.players]
    return player if player in names else PRINTED.get(player, player)


if __name__ == "__main__":
    main()
