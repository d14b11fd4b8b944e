"""The shipped 1992-93 statistics against their source's own season rows (docs/leagues.md, "Source")."""

from __future__ import annotations

import csv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATS = ROOT / "coachgym/rules/statispro/data/leagues/nba-1993/stats.csv"
TOT = Path(__file__).parent / "data/nba-1993-source-tot.csv"
COUNTS = ("G", "GS", "MP", "FG", "FGA", "3P", "3PA", "FT", "FTA", "ORB", "DRB", "TRB", "AST", "STL", "BLK", "TOV", "PF",
          "PTS")


def test_defect_nba_1993_traded_players_team_rows_add_up_to_the_sources_tot_rows():
    rows = list(csv.DictReader(STATS.read_text(encoding="utf-8").splitlines()))
    tots = list(csv.DictReader(TOT.read_text(encoding="utf-8").splitlines()))
    assert len(tots) == 10
    for t in tots:
        mine = [r for r in rows if r["Player"] == t["Player"] and r["Age"] == t["Age"]]
        assert len(mine) >= 2, t["Player"]
        for col in COUNTS:
            assert sum(int(r[col]) for r in mine) == int(t[col]), (t["Player"], col)


def test_defect_nba_1993_vincent_askew_sacramento_row_is_the_sources():
    askew = next(r for r in csv.DictReader(STATS.read_text(encoding="utf-8").splitlines()) if r["Player"] == "Vincent Askew"
                 and r["Tm"] == "SAC")
    # Seasons_Stats.csv row index 4832 (Year 1993, SAC): FT 11 of 15, AST 5, STL 2, BLK 1, TOV 8, PTS 27
    assert {k: askew[k] for k in ("G", "MP", "FT", "FTA", "FT%", "AST", "STL", "BLK", "TOV", "PF", "PTS")} == \
        {"G": "9", "MP": "76", "FT": "11", "FTA": "15", "FT%": ".733", "AST": "5", "STL": "2", "BLK": "1", "TOV": "8",
         "PF": "11", "PTS": "27"}


def test_every_nba_1993_row_scores_its_points():
    for r in csv.DictReader(STATS.read_text(encoding="utf-8").splitlines()):
        assert int(r["PTS"]) == 2 * int(r["FG"]) + int(r["3P"] or 0) + int(r["FT"]), r["Player"]
