"""The blank scoresheet for a game at a table (issue 15 part 3): ``boxexport.blank_box`` written by
``write_xlsx`` and ``coachgym scoresheet``. Its formulas are computed here as a spreadsheet program
would (tests/sheets.py): copying a played game's counts into the blank sheet gives that game's box
score - the totals, the score, the percentages and the lines' computed points and rebounds."""

from __future__ import annotations

import re
import sys

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.boxexport import DERIVED, blank_box, box_columns, rows, write_xlsx
from coachgym.core.match import play_game

from .sheets import Sheet, team_tables

openpyxl = pytest.importorskip("openpyxl")
RULESETS = [e.name for e in rulesets.entries()]


def played(name: str, seed: int):
    R = rulesets.get(name)
    game = R.new_game(seed=seed)
    play_game(game, R.coach("by-the-book"), R.coach("random", seed=seed))
    return game


def _value(expression: str, line: dict) -> int:
    """A DERIVED expression (``2*FGM+3PM+FTM``) computed on a box-score line."""
    return eval(re.sub(r"[A-Za-z_][A-Za-z0-9_]*|\d+[A-Za-z][A-Za-z0-9_]*", lambda m: str(line.get(m.group(0), m.group(0))), expression))


@pytest.mark.parametrize("name", sorted(DERIVED))
def test_derived_columns_are_the_engines_figures_in_every_line(name):
    """What a blank sheet computes (points from the baskets, rebounds from their kinds) is what the
    engine records, in every player line of played games."""
    lines = 0
    for seed in (3, 4):
        for team in played(name, seed).box_score().to_dict()["teams"]:
            for p in team["players"]:
                for column, expression in DERIVED[name].items():
                    assert _value(expression, p) == p[column], (seed, p["name"], column)
                lines += 1
    assert lines >= 40


def test_valueadd_points_are_written_in_because_lines_start_with_assumed_points():
    """Why Value Add's PTS is not computed: the rules give the players points before the tip."""
    assert "PTS" not in DERIVED["valueadd"]
    game = rulesets.get("valueadd").new_game(seed=1)
    starters = [p for p in game.box_score().to_dict()["teams"][0]["players"] if p["PTS"]]
    assert starters and all(p["FGM"] == p["3PM"] == p["FTM"] == 0 for p in starters if p["POSS"] == 0)


@pytest.mark.parametrize("name", RULESETS)
def test_blank_sheet_holds_every_player_and_column_with_nothing_filled_in(name, tmp_path):
    rs = rulesets.get(name)
    home, away = rs.team_names()[-1], rs.team_names()[0]
    box = blank_box(rs, home, away)
    path = write_xlsx([(None, box)], tmp_path / "sheet.xlsx")
    ws = openpyxl.load_workbook(path)["scoresheet"]
    tables = team_tables(ws)
    teams = [rs.load_team(home).name, rs.load_team(away).name]
    assert [t["title"] for t in tables] == [f"{teams[0]} (home)", f"{teams[1]} (away)"]
    game = rs.new_game(home, away, seed=9)
    for table, team in zip(tables, game.box_score().to_dict()["teams"]):
        team_line = ["team"] if team.get("team") else []  # team-only figures (team rebounds, turnovers)
        assert list(table["rows"]) == [p["name"] for p in team["players"]] + team_line
        assert table["header"][1:len(box_columns(box)) + 1] == box_columns(box)
        derived = DERIVED.get(name, {})
        for line, r in table["rows"].items():
            for c, col in enumerate(box_columns(box), 2):
                v = ws.cell(r, c).value
                if line not in team_line and col in derived:
                    assert str(v).startswith("=")  # computed
                else:
                    assert v is None  # left to fill in
        sheet = Sheet(ws)
        assert sheet.value(f"C{table['head_row']}") == 0  # the score of an empty sheet
    validations = ws.data_validations.dataValidation
    assert len(validations) == 1 and validations[0].type == "whole" and validations[0].formula1 == "0"


@pytest.mark.parametrize("name", RULESETS)
def test_a_played_games_counts_copied_into_the_blank_sheet_give_its_box_score(name, tmp_path):
    """A person at the table fills in the counts; the sheet's formulas give the rest: each TOTAL row
    as the engine's box score totals it, the score, every line's points and rebounds and the
    shooting percentages."""
    rs = rulesets.get(name)
    game = played(name, seed=6)
    box = game.box_score().to_dict()
    path = write_xlsx([(None, blank_box(rs))], tmp_path / "sheet.xlsx")
    wb = openpyxl.load_workbook(path)
    ws = wb["scoresheet"]
    columns = box_columns(box)
    derived = DERIVED.get(name, {})
    for table, team in zip(team_tables(ws), box["teams"]):
        lines = {p["name"]: p for p in team["players"]} | ({"team": team["team"]} if team.get("team") else {})
        for line, stats in lines.items():
            r = table["rows"][line]
            for c, col in enumerate(columns, 2):
                if ws.cell(r, c).value is None and col in stats:  # what a person writes in
                    ws.cell(r, c).value = stats[col]
    sheet = Sheet(ws)
    header, body = rows(box)
    for side, (table, team) in enumerate(zip(team_tables(ws), box["teams"])):
        for p in team["players"]:
            for col in derived:
                assert sheet.value(f"{_letter(columns, col)}{table['rows'][p['name']]}") == p[col]
        total = next(r for r in body if r[header.index("player")] == "TOTAL" and r[header.index("side")] == ("home", "away")[side])
        for col in columns:
            got = sheet.value(f"{_letter(columns, col)}{table['total']}")
            assert got == pytest.approx(total[header.index(col)]), (side, col)
        assert sheet.value(f"C{table['head_row']}") == game.score[side]  # the score
        for k, pct in enumerate(h for h in header if h.endswith("%")):
            got = sheet.value(f"{openpyxl.utils.get_column_letter(len(columns) + 2 + k)}{table['total']}")
            assert (f"{got:.1f}" if got != "" else "") == total[header.index(pct)], pct


def _letter(columns: list[str], col: str) -> str:
    return openpyxl.utils.get_column_letter(columns.index(col) + 2)


def test_scoresheet_command_writes_the_blank_sheet_for_two_teams(tmp_path, monkeypatch):
    runner = CliRunner()
    out = tmp_path / "k.xlsx"
    res = runner.invoke(main, ["scoresheet", "statispro", "knicks-1993", "bulls-1993", "--xlsx", str(out)])
    assert res.exit_code == 0, res.output
    assert "New York Knicks (home) - Chicago Bulls (away), 24 player lines" in res.output
    ws = openpyxl.load_workbook(out)["scoresheet"]
    assert ws["A1"].value == "Scoresheet: New York Knicks (home) - Chicago Bulls (away)"
    assert ws.page_setup.orientation == "landscape" and ws.sheet_properties.pageSetUpPr.fitToPage
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(main, ["scoresheet", "fourthstreet"])  # the default pair, the default file name
    assert res.exit_code == 0 and (tmp_path / "scoresheet-fourthstreet-harbor-city-mesa-verde.xlsx").exists()
    team_file = rulesets.get("valueadd").team_file("lakeshore")
    res = runner.invoke(main, ["scoresheet", "valueadd", str(team_file), "harbor-city"])  # a team file
    assert res.exit_code == 0 and (tmp_path / "scoresheet-valueadd-lakeshore-harbor-city.xlsx").exists()


def test_scoresheet_command_names_what_is_wrong(tmp_path, monkeypatch):
    runner = CliRunner()
    res = runner.invoke(main, ["scoresheet", "statispro", "no-such-team"])
    assert res.exit_code == 2 and "no bundled Statis Pro Basketball team" in res.output and "Traceback" not in res.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    res = runner.invoke(main, ["scoresheet", "fuba", str(bad)])
    assert res.exit_code == 2 and str(bad) in res.output
    res = runner.invoke(main, ["scoresheet", "chess"])
    assert res.exit_code == 2 and "unknown ruleset 'chess'" in res.output
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    res = runner.invoke(main, ["scoresheet", "statispro", "--xlsx", str(tmp_path / "x.xlsx")])
    assert res.exit_code == 2 and "pip install 'coachgym[sheets]'" in res.output
