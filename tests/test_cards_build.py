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
    season = () if "--season" in extra or "--no-season" in extra else ("--season", "1999-00")
    extra = tuple(e for e in extra if e != "--no-season")
    return CliRunner().invoke(main, ["cards", "build", ruleset, str(p), "--out", str(tmp_path / "out"), *season, *extra])


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


# ------------------------------------------------------------------ the builders' defects (issue: every season)
def _short_stint(lines: list[str], team: str = "NYK") -> list[str]:
    """A player with 7 minutes and a heap of rebounds, shots and assists: ratings beyond every range."""
    return lines + [f"98,Short Stint,C,22,{team},2,0,7,6,30,.200,0,0,,6,30,.200,.200,10,12,.833,10,20,30,"
                    f"25,9,9,8,6,22"]


def test_defect_fourthstreet_build_clamps_a_rating_beyond_its_range_with_a_note_and_the_loader_takes_it(tmp_path):
    res = _build(tmp_path, _short_stint(_lines(2, 10)), ruleset="fourthstreet")
    assert res.exit_code == 0, res.output
    notes = [line for line in res.output.splitlines() if line.startswith("note:")]
    assert any("NYK Short Stint: trb" in n and "outside 0..99, clamped to 99" in n for n in notes), notes
    assert any("NYK Short Stint: rec" in n and "outside 0..200" in n for n in notes), notes
    rs = rulesets.get("fourthstreet")
    knicks = rs.parse_team(json.loads((tmp_path / "out/knicks.json").read_text()), "knicks")
    short = next(p for p in knicks.players if p.name == "Short Stint")
    assert short.trb == 99 and short.rec == 200 and short.ast <= 99


def test_defect_statispro_build_clamps_ratings_with_a_note_naming_player_and_field(tmp_path):
    res = _build(tmp_path, _short_stint(_lines(2)))
    assert res.exit_code == 0, res.output
    notes = [line for line in res.output.splitlines() if line.startswith("note:")]
    for field in ("rebound", "assist", "steal"):
        assert any(f"NYK Short Stint: {field} " in n and "clamped to" in n for n in notes), (field, notes)
    card = next(p for p in json.loads((tmp_path / "out/knicks.json").read_text())["players"] if p["name"] == "Short Stint")
    assert card["rebound"] == 60 and card["assist"] == 30 and card["steal"] == 9


def test_defect_a_built_file_the_loader_would_reject_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    from coachgym.rules.fourthstreet import builder

    real = builder.build_card

    def broken(st, constants=None, notes=None):
        card = real(st, constants, notes)
        card["fat"] = 0  # a builder bug: outside 1..48
        return card

    monkeypatch.setattr(builder, "build_card", broken)
    text = _one_line_error(_build(tmp_path, _lines(2, 10), ruleset="fourthstreet"))
    assert "fat" in text and "as built from stats.csv" in text
    assert not (tmp_path / "out").exists()


def test_defect_cards_build_reads_the_newer_export_and_skips_its_league_average_row(tmp_path):
    lines = [line.replace(",Tm,", ",Team,") for line in _lines(2)]
    lines.append(",League Average,,26.6,,50,24,1133,183,398,.460,22,64,.343,161,334,.482,.488,82,108,.757,"
                 "50,151,201,106,37,22,62,95,470")
    res = _build(tmp_path, lines)
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "out/league.json").read_text())["teams"] == ["bulls", "knicks"]


def test_defect_cards_build_without_season_reads_it_from_the_stats_or_refuses_in_one_line(tmp_path):
    text = _one_line_error(_build(tmp_path, _lines(2), extra=("--no-season",)))
    assert "does not name its season" in text and "--season YYYY-YY" in text
    assert not (tmp_path / "out").exists()
    with_year = [line + (",Year" if i == 0 else ",1996") for i, line in enumerate(_lines(2))]
    res = _build(tmp_path, with_year, extra=("--no-season",))
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "out/league.json").read_text())["season"] == "1995-96"
    rulesets.get("statispro").league(str(tmp_path / "out"))  # a league every command takes
    text = _one_line_error(_build(tmp_path, _lines(2), extra=("--season", "1996")))
    assert "--season '1996': write the season as YYYY-YY" in text


def test_defect_cards_build_without_team_stats_warns_and_refuses_a_schedule_format(tmp_path):
    res = _build(tmp_path, _lines(2))
    assert res.exit_code == 0 and "warning: no --team-stats: the league has no divisions" in res.output
    text = _one_line_error(_build(tmp_path, _lines(2), extra=("--schedule-format", "games=82,division=4,conference=4,other=2")))
    assert "--schedule-format needs the league's divisions: give --team-stats with a Division column" in text


def test_defect_teams_league_path_hint_names_the_folder_that_works(tmp_path):
    res = _build(tmp_path, _lines(2), extra=("--name", "nba-1996"))
    assert res.exit_code == 0, res.output
    folder = str(tmp_path / "out")
    out = CliRunner().invoke(main, ["teams", "statispro", "--league", folder])
    assert out.exit_code == 0, out.output
    hint = out.output.strip().splitlines()[-1]
    assert f"--league {folder} " in hint and "--league nba-1996" not in hint
    league_arg = hint.split("--league ")[1].split()[0]
    assert rulesets.get("statispro").league(league_arg).name == "nba-1996"


def _team_stats(tmp_path, rows: list[str], header: str = "Team,Division,W,L,G,PTS,OPP_PTS,HOME,ROAD") -> str:
    p = tmp_path / "teams.csv"
    p.write_text("\n".join([header, *rows]) + "\n")
    return str(p)


def test_blind_build_index_points_from_the_scoring_margin_and_home_edge_not_the_standings(tmp_path):
    # NYK outscores its opponents by 5 a game, CHI is outscored by 5; the standings say the opposite
    ts = _team_stats(tmp_path, ["NYK,Atlantic,20,62,82,8200,7790,12-29,8-33", "CHI,Central,62,20,82,8200,8610,35-6,27-14"])
    res = _build(tmp_path, _lines(2), extra=("--team-stats", ts, "--blind"))
    assert res.exit_code == 0, res.output
    knicks = json.loads((tmp_path / "out/knicks.json").read_text())
    bulls = json.loads((tmp_path / "out/bulls.json").read_text())
    # win share 0.5 + 2.7 x 5 / 82 = 0.665; home 0.775 -> round(2 + 7.5 x 0.775) = 8; road 0.555 -> round(-6 + 14 x 0.555) = 2
    assert knicks["home"] == {"index": 8} and knicks["road"] == {"index": 2}
    # 0.335: home 0.445 -> 5, road 0.225 -> -3
    assert bulls["home"] == {"index": 5} and bulls["road"] == {"index": -3}
    assert "blind build" in knicks["built"]
    league = json.loads((tmp_path / "out/league.json").read_text())
    assert league["real_records"] == {"knicks": [20, 62], "bulls": [62, 20]}  # still there, for the replay
    # the game's own build reads the records: the Knicks' 12-29 at home
    res = _build(tmp_path, _lines(2), extra=("--team-stats", ts))
    assert res.exit_code == 0, res.output
    own = json.loads((tmp_path / "out/knicks.json").read_text())
    assert own["home"] == {"record": "12-29", "index": 4} and "blind" not in own["built"]


def test_blind_build_without_w_and_l_in_the_team_stats_is_the_blind_build(tmp_path):
    ts = _team_stats(tmp_path, ["NYK,Atlantic,82,8200,7790", "CHI,Central,82,8200,8610"],
                     header="Team,Division,G,PTS,OPP_PTS")
    res = _build(tmp_path, _lines(2), extra=("--team-stats", ts))
    assert res.exit_code == 0, res.output
    knicks = json.loads((tmp_path / "out/knicks.json").read_text())
    assert knicks["home"] == {"index": 8} and knicks["road"] == {"index": 2}  # not the old 7 and -1 for all


def test_blind_flag_for_a_builder_without_standings_says_so_and_builds_the_same(tmp_path):
    ts = _team_stats(tmp_path, ["NYK,Atlantic,20,62,82,8200,7790,,", "CHI,Central,62,20,82,8200,8610,,"])
    res = _build(tmp_path, _lines(2, 10), ruleset="fourthstreet", extra=("--team-stats", ts, "--blind"))
    assert res.exit_code == 0 and "cards use no standings; the build is the same" in res.output
