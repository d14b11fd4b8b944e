"""The bundled 1992-93 NBA (coachgym/rules/statispro/data/leagues/nba-1993): every team file loads
through ``Ruleset.parse_team`` and validates, league.json follows the league format
(/docs/leagues.md), and real teams play full games."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET

LEAGUE = Path(__file__).resolve().parents[2] / "coachgym/rules/statispro/data/leagues/nba-1993"
META = json.loads((LEAGUE / "league.json").read_text())


def test_league_json_follows_the_league_format():
    assert META["schema"] == "coachgym.league/1" and META["name"] == "nba-1993" and META["ruleset"] == "statispro"
    assert META["season"] == "1992-93" and "Lychee238/NBA-Player-Analysis-System" in META["source"]
    assert "87af4f2499309a6de3fd44cbc92cd7cbe79eec62" in META["source"]
    assert META["built_by"].startswith("coachgym cards build statispro ")
    files = sorted(p.stem for p in LEAGUE.glob("*.json") if p.name != "league.json")
    assert sorted(META["teams"]) == files and len(files) == 27
    assert sorted(s for d in META["divisions"].values() for s in d) == files
    assert set(META["real_records"]) == set(files)
    wins = sum(w for w, _ in META["real_records"].values())
    losses = sum(lo for _, lo in META["real_records"].values())
    assert wins == losses == 27 * 41 and all(w + lo == 82 for w, lo in META["real_records"].values())
    assert META["real_records"]["knicks"] == [60, 22] and META["real_records"]["bulls"] == [57, 25]


@pytest.mark.parametrize("stem", META["teams"])
def test_every_team_file_loads_and_validates(stem):
    data = json.loads((LEAGUE / f"{stem}.json").read_text())
    team = RULESET.parse_team(data, f"nba-1993/{stem}")
    assert not team.fictional and team.season == "1992-93" and team.source == META["source"]
    assert 10 <= len(team.players) <= 15
    for slot, i in enumerate(team.lineup):  # every starter can play his slot
        assert slot in team.players[i].positions, (stem, team.players[i].name)


def test_every_player_with_100_minutes_is_on_his_team():
    rows = list(csv.DictReader((LEAGUE / "stats.csv").read_text(encoding="utf-8").splitlines()))
    by_team = {}
    for r in rows:
        by_team.setdefault(r["Tm"], []).append(r)
    names = {json.loads((LEAGUE / f"{s}.json").read_text())["name"]: s for s in META["teams"]}
    abbr_stem = {}
    from coachgym.core.statscsv import nba_teams
    for abbr, info in nba_teams().items():
        if info["name"] in names and abbr in by_team:
            abbr_stem[abbr] = names[info["name"]]
    assert len(abbr_stem) == 27
    for abbr, members in by_team.items():
        team = json.loads((LEAGUE / f"{abbr_stem[abbr]}.json").read_text())
        assert len(team["players"]) == min(15, len(members)), abbr


@pytest.mark.parametrize("home,away", [("knicks", "bulls"), ("mavericks", "suns")])
def test_real_teams_play_a_full_game(home, away):
    h = RULESET.load_team(str(LEAGUE / f"{home}.json"))
    a = RULESET.load_team(str(LEAGUE / f"{away}.json"))
    g = RULESET.new_game(h, a, seed=7, record_events=False)
    play_game(g, RULESET.coach("by-the-book", seed=1), RULESET.coach("by-the-book", seed=2), seed=7)
    assert g.over and g.score[0] != g.score[1] and min(g.score) > 50
    box = g.box_score()
    assert {p.name for p in box.teams[0].players} == {p.name for p in h.players}
