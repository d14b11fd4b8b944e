"""Downloads that a spreadsheet program opens (issue 19, point 5): a team file is made to be shared,
so its names are an attacker's way in. A name that starts like a formula stays text: a string cell
in the box-score .xlsx and the blank scoresheet, an escaped cell in the CSV (OWASP's CSV Injection
advice); numbers stay numbers."""

from __future__ import annotations

import csv
import io
import json

import pytest

from coachgym import rulesets
from coachgym.core.boxexport import csv_cell, csv_text

openpyxl = pytest.importorskip("openpyxl")

EVIL_PLAYER = '=HYPERLINK("http://evil.example/x","click me")'
EVIL_TEAM = "=1+1 Knicks"
EVIL_COACH = "@SUM(1+1)*cmd|' /C calc'!A0"


def evil_team() -> dict:
    """The 1993 Knicks with a formula for a team name, a player name and a coach name."""
    data, _ = rulesets.get("statispro").team_data("knicks-1993")
    data = json.loads(json.dumps(data))
    old = data["players"][0]["name"]
    data["players"][0]["name"] = EVIL_PLAYER
    data["lineup"] = [EVIL_PLAYER if n == old else n for n in data["lineup"]]
    return dict(data, name=EVIL_TEAM, coach=EVIL_COACH)


def upload(client) -> str:
    r = client.post("/new", data={"ruleset": "statispro", "side": "home", "opponent": "by-the-book", "seed": "5"},
                    files={"home_file": ("evil.json", json.dumps(evil_team()), "application/json")},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return r.headers["location"].rsplit("/", 1)[1]


def cells(wb):
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            yield from row


def assert_text_not_formula(data: bytes, *texts: str) -> None:
    wb = openpyxl.load_workbook(io.BytesIO(data))
    found = {t: False for t in texts}
    for cell in cells(wb):
        value = cell.value
        if cell.data_type == "f":  # the sheet's own formulas: SUM, IF, the derived columns
            assert "HYPERLINK" not in str(value) and "1+1" not in str(value) and "cmd" not in str(value), value
            assert str(value).startswith(("=SUM(", "=IF(", "=")) and '"http' not in str(value)
        elif isinstance(value, str):
            for t in texts:
                if t in value:
                    assert cell.data_type == "s", (cell.coordinate, value)
                    found[t] = True
    assert all(found.values()), found


def test_box_score_xlsx_keeps_formula_like_names_as_text(client):
    gid = upload(client)
    r = client.get(f"/games/{gid}/boxscore.xlsx")
    assert r.status_code == 200
    assert_text_not_formula(r.content, EVIL_PLAYER, EVIL_TEAM)
    ws = openpyxl.load_workbook(io.BytesIO(r.content)).active
    names = [c.value for c in ws["A"]]
    assert EVIL_PLAYER in names  # the name itself, exactly as the file gives it
    assert ws[f"A{names.index(EVIL_PLAYER) + 1}"].data_type == "s"


def test_blank_scoresheet_keeps_formula_like_names_as_text(client):
    r = client.post("/scoresheet", data={"ruleset": "statispro", "away": "bulls-1993"},
                    files={"home_file": ("evil.json", json.dumps(evil_team()), "application/json")})
    assert r.status_code == 200, r.text
    assert_text_not_formula(r.content, EVIL_PLAYER, EVIL_TEAM)
    ws = openpyxl.load_workbook(io.BytesIO(r.content))["scoresheet"]
    assert ws["A4"].value == f"{EVIL_TEAM} (home)" or any(c.value == f"{EVIL_TEAM} (home)" for c in ws["A"])


def test_box_score_csv_escapes_formula_like_text_cells(client):
    gid = upload(client)
    r = client.get(f"/games/{gid}/boxscore.csv")
    assert r.status_code == 200
    text = r.text
    assert f'"\'{EVIL_PLAYER.replace(chr(34), chr(34) * 2)}"' in text  # quoted, prefixed with a quote
    assert f'"\'{EVIL_TEAM}"' in text
    for row in csv.reader(io.StringIO(text)):
        for field in row:
            assert not field.startswith(("=", "+", "-", "@", "\t", "\r")), field
    table = list(csv.DictReader(io.StringIO(text)))
    assert table[0]["player"] == "'" + EVIL_PLAYER and table[0]["team"] == "'" + EVIL_TEAM


def test_csv_escapes_text_only_numbers_stay_numbers():
    assert csv_cell(-3) == -3 and csv_cell(-2.5) == -2.5 and csv_cell(0) == 0
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert csv_cell(start + "x") == "'" + start + "x"
    assert csv_cell("Starks") == "Starks" and csv_cell("") == ""
    box = {"columns": ["PTS", "MARGIN"], "teams": [
        {"name": "-Minus", "players": [{"name": "+plus", "PTS": 3, "MARGIN": -7}]},
        {"name": "B", "players": [{"name": "ok", "PTS": 1, "MARGIN": 7}]}]}
    text = csv_text([(None, box)])
    assert '"\'+plus",3,-7' in text and '"\'-Minus"' in text  # the negative margin is a bare number
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["side", "team", "player", "PTS", "MARGIN"] and rows[1] == ["home", "'-Minus", "'+plus", "3", "-7"]
    assert text.splitlines()[0] == "side,team,player,PTS,MARGIN"  # text that needs no escape stays as it was
