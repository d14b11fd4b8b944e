"""The real Value Add conference, the 2018-19 Ivy League (docs/history.md, "Value Add: the 2018-19 Ivy
League"): its box scores add up, the shipped folder is its rebuild byte for byte, the league loads
with the real standings and schedule, and a replay runs against them (tools/history_valueadd_ivy.py)."""

from __future__ import annotations

import csv
import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from coachgym import rulesets

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("history_valueadd_ivy", ROOT / "tools" / "history_valueadd_ivy.py")
ivy = importlib.util.module_from_spec(_spec)
sys.modules["history_valueadd_ivy"] = ivy
_spec.loader.exec_module(ivy)


def test_the_box_scores_add_up_and_the_shipped_folder_is_their_rebuild(capsys):
    assert ivy.check() == 0
    out = capsys.readouterr().out
    assert "Harvard 10-4, Yale 10-4, Princeton 8-6" in out and "Dartmouth 2-12" in out
    assert "110 box scores" in out and "not in the source: Cornell 401088031, Princeton 401088031" in out
    assert "identical to coachgym/rules/valueadd/data/leagues/ivy-2018-19" in out


def test_the_league_loads_with_the_real_standings_schedule_and_cards():
    rs = rulesets.get("valueadd")
    assert "ivy-2018-19" in rs.league_names()
    lg = rs.league("ivy-2018-19")
    assert lg.real_records["harvard"] == (10, 4) and lg.real_records["dartmouth"] == (2, 12)
    assert sum(w for w, _ in lg.real_records.values()) == 56
    schedule = lg.real_schedule()
    assert len(schedule) == 56 and schedule[0] == ("2019-01-05", "princeton", "penn")
    yale = rs.load_team(lg.team_key("yale"))
    oni = next(p for p in yale.players if p.name == "M. Oni")
    assert not yale.fictional and "ncaahoopR_data" in yale.source
    # his 14 conference games: 87 of 193 from the field, 31 threes, 46 free throws (boxscores.csv)
    assert (oni.stats["g"], oni.stats["fgm"], oni.stats["fga"], oni.stats["fg3m"], oni.stats["ftm"]) == (14, 87, 193, 31, 46)


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "ivy"
    shutil.copytree(ivy.FOLDER, folder)
    return folder


def test_a_box_score_that_does_not_add_up_is_one_clear_error(tmp_path):
    folder = _copy(tmp_path)
    path = folder / "boxscores.csv"
    rows = list(csv.reader(path.open()))
    k = next(i for i, r in enumerate(rows) if r[2] == "M. Oni")
    rows[k][5] = str(int(rows[k][5]) + 1)  # one more field goal than the TEAM row says
    with path.open("w", newline="") as fh:
        csv.writer(fh, lineterminator="\n").writerows(rows)
    with pytest.raises(ivy.DataError, match=r"Yale game 4010\d+: the players' FGM add up to \d+, the TEAM row says"):
        ivy.check_data(ivy.read_box(folder), ivy.read_games(folder))


def test_a_replay_plays_the_56_games_and_compares_with_the_standings(tmp_path):
    played = ivy.replay(1, 0, tmp_path / "r.sqlite3")
    assert played["games_played"] == 56
    assert sorted(sum(played["wins"][t]) for t in played["wins"]) != [] and sum(w[0] for w in played["wins"].values()) == 56
    result = ivy.compare(played)
    assert -1 <= result["sim"]["r"] <= 1 and result["replays"] == 1
    assert result["pythagorean"]["exponent"] == ivy.PYTHAGOREAN_EXPONENT and result["pythagorean"]["r"] > 0.8
    assert set(result["teams"]) == set(rulesets.get("valueadd").league("ivy-2018-19").teams)
