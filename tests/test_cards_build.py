"""``coachgym cards build RULESET STATS.csv`` (docs/leagues.md): a league folder from a
Basketball-Reference totals export; one clear line for each malformed CSV; the bundled 1992-93 NBA
rebuilt exactly from its own stats.csv."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.cardsbuild import build_league_folder

LEAGUE = Path(__file__).resolve().parents[1] / "coachgym/rules/statispro/data/leagues/nba-1993"
HEADER = "Rk,Player,Pos,Age,Tm,G,GS,MP,FG,FGA,FG%,3P,3PA,3P%,2P,2PA,2P%,eFG%,FT,FTA,FT%,ORB,DRB,TRB,AST,STL,BLK,TOV,PF,PTS"


def _lines(n_teams: int = 1, per_team: int = 8) -> list[str]:
    out = [HEADER]
    k = 0
    for t in ("NYK", "CHI", "BOS")[:n_teams]:
        for i in range(per_team):
            k += 1
            mp = 2500 - 150 * i
            pos = ("PG", "SG", "SF", "PF", "C")[i % 5]
            out.append(f"{k},Player {t} {i},{pos},25,{t},80,{40 if i < 5 else 0},{mp},400,850,.471,20,60,.333,380,790,"
                       f".481,.482,150,200,.750,80,220,300,180,60,30,110,190,970")
    return out


def _build(tmp_path, lines, ruleset="statispro", extra=()):
    p = tmp_path / "stats.csv"
    p.write_text("\n".join(lines) + "\n")
    return CliRunner().invoke(main, ["cards", "build", ruleset, str(p), "--out", str(tmp_path / "out"), *extra])


def _one_line_error(result) -> str:
    assert result.exit_code != 0
    text = result.output.strip()
    assert len(text.splitlines()) == 1, text
    assert "Traceback" not in text
    return text


def test_cards_build_writes_a_league_folder(tmp_path):
    res = _build(tmp_path, _lines(2), extra=("--name", "mini", "--season", "1999-00"))
    assert res.exit_code == 0, res.output
    league = json.loads((tmp_path / "out/league.json").read_text())
    assert league["schema"] == "coachgym.league/1" and league["ruleset"] == "statispro"
    assert league["teams"] == ["bulls", "knicks"] and league["schedule"] is None
    rs = rulesets.get("statispro")
    for stem in league["teams"]:
        team = rs.parse_team(json.loads((tmp_path / f"out/{stem}.json").read_text()), stem)
        assert len(team.players) == 8 and not team.fictional
    assert (tmp_path / "out/stats.csv").read_text() == (tmp_path / "stats.csv").read_text()


def test_cards_build_missing_column(tmp_path):
    lines = [line.replace(",FTA,", ",FTX,") if i == 0 else line for i, line in enumerate(_lines())]
    text = _one_line_error(_build(tmp_path, lines))
    assert "row 1, column 'FTA': column is missing" in text and "Player, Pos, Tm, G, MP" in text


def test_cards_build_text_in_a_number(tmp_path):
    lines = _lines()
    lines[3] = lines[3].replace(",180,60,30,", ",lots,60,30,")
    text = _one_line_error(_build(tmp_path, lines))
    assert "row 4, column 'AST': 'lots' is not a number; a whole number >= 0 is allowed" in text


def test_cards_build_negative_minutes(tmp_path):
    lines = _lines()
    lines[2] = lines[2].replace(",2350,", ",-2350,")
    text = _one_line_error(_build(tmp_path, lines))
    assert "row 3, column 'MP': -2350 is negative; minutes must be a whole number >= 0" in text


def test_cards_build_duplicate_player(tmp_path):
    lines = _lines()
    lines.append(lines[1].replace("1,Player", "99,Player", 1))
    text = _one_line_error(_build(tmp_path, lines))
    assert f"row {len(lines)}, column 'Player': Player NYK 0 (NYK) is listed twice (first on row 2)" in text


def test_cards_build_too_few_players(tmp_path):
    text = _one_line_error(_build(tmp_path, _lines(1, 6)))
    assert "team NYK has 6 players with minutes; a Statis Pro roster needs at least 8" in text


def test_cards_build_valueadd_takes_the_lines_but_not_an_old_season(tmp_path):
    res = _build(tmp_path, _lines(2, 10), ruleset="valueadd")
    assert res.exit_code == 0, res.output
    rs = rulesets.get("valueadd")
    for stem in ("knicks", "bulls"):
        team = rs.parse_team(json.loads((tmp_path / f"out/{stem}.json").read_text()), stem)
        assert len(team.players) == 10
    old = [",".join("" if h in ("ORB", "DRB", "STL", "BLK", "TOV") and i else v
                    for h, v in zip(HEADER.split(","), line.split(","))) for i, line in enumerate(_lines(2, 10))]
    text = _one_line_error(_build(tmp_path, old, ruleset="valueadd"))
    assert "column 'ORB': Value Add cards need every box-score count; empty in every row: ORB, DRB, STL, BLK, TOV" in text


def test_cards_build_traded_player_uses_team_rows_and_ignores_tot(tmp_path):
    lines = _lines(2)
    lines.append("99,Mover,SG,27,TOT,70,0,1400,200,450,.444,10,30,.333,190,420,.452,.456,80,100,.800,30,90,120,"
                 "90,40,5,60,100,490")
    lines.append("100,Mover,SG,27,NYK,30,0,600,90,200,.450,5,15,.333,85,185,.459,.463,30,40,.750,10,40,50,"
                 "40,15,2,25,45,215")
    res = _build(tmp_path, lines)
    assert res.exit_code == 0, res.output
    knicks = json.loads((tmp_path / "out/knicks.json").read_text())
    mover = next(p for p in knicks["players"] if p["name"] == "Mover")
    assert mover["games"] == 30 and mover["injury_rate"] == 2  # 12 games missed in the season (TOT: 70)
    bulls = json.loads((tmp_path / "out/bulls.json").read_text())
    assert "Mover" not in {p["name"] for p in bulls["players"]}


def test_cards_build_fourthstreet_takes_the_same_lines(tmp_path):
    res = _build(tmp_path, _lines(2, 10), ruleset="fourthstreet")
    assert res.exit_code == 0, res.output
    rs = rulesets.get("fourthstreet")
    for stem in ("knicks", "bulls"):
        team = rs.parse_team(json.loads((tmp_path / f"out/{stem}.json").read_text()), stem)
        assert len(team.players) == 10


def test_cards_build_reproduces_the_bundled_nba_1993_exactly(tmp_path):
    league = json.loads((LEAGUE / "league.json").read_text())
    out = tmp_path / "nba-1993"
    rebuilt = build_league_folder("statispro", LEAGUE / "stats.csv", out, name=league["name"], title=league["title"],
                                  season=league["season"], team_stats=LEAGUE / "team_stats.csv",
                                  source=league["source"], notes=league["notes"], command=league["built_by"],
                                  schedule_format=league.get("schedule_format"))
    assert rebuilt == league
    for stem in league["teams"]:
        assert (out / f"{stem}.json").read_text() == (LEAGUE / f"{stem}.json").read_text(), stem


@pytest.mark.parametrize("stem", ["knicks", "bulls"])
def test_nba_1993_keeps_the_printed_cards_unchanged(stem):
    printed = json.loads((LEAGUE.parent.parent / f"teams/{stem}-1993.json").read_text())
    team = json.loads((LEAGUE / f"{stem}.json").read_text())
    want = [p for p in printed["players"] if p.get("printed")]
    got = [p for p in team["players"] if p.get("printed")]
    assert sorted(got, key=lambda p: p["name"]) == sorted(want, key=lambda p: p["name"])
    assert {k: team[k] for k in ("offense", "defense", "home", "road", "lineup")} == \
        {k: printed[k] for k in ("offense", "defense", "home", "road", "lineup")}


def test_cards_build_reads_the_newer_export_team_column_and_2tm_rows(tmp_path):
    lines = [line.replace(",Tm,", ",Team,") for line in _lines(2)]
    lines.append("99,Mover,SG,27,2TM,70,0,1400,200,450,.444,10,30,.333,190,420,.452,.456,80,100,.800,30,90,120,"
                 "90,40,5,60,100,490")
    lines.append("100,Mover,SG,27,NYK,30,0,600,90,200,.450,5,15,.333,85,185,.459,.463,30,40,.750,10,40,50,"
                 "40,15,2,25,45,215")
    res = _build(tmp_path, lines)
    assert res.exit_code == 0, res.output
    league = json.loads((tmp_path / "out/league.json").read_text())
    assert league["teams"] == ["bulls", "knicks"]  # no team "2TM"
    knicks = json.loads((tmp_path / "out/knicks.json").read_text())
    assert next(p for p in knicks["players"] if p["name"] == "Mover")["injury_rate"] == 2


def test_cards_build_on_a_file_that_is_not_text(tmp_path):
    p = tmp_path / "stats.csv"
    p.write_bytes(b"SQLite format 3\x00\xff\xfe")
    res = CliRunner().invoke(main, ["cards", "build", "statispro", str(p), "--out", str(tmp_path / "out")])
    text = _one_line_error(res)
    assert "stats.csv" in text and "not a UTF-8 text file" in text
