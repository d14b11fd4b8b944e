"""Box scores out (issue 15 part 3): CSV and the .xlsx scoresheet (totals and percentages as
formulas) from simulate, from a saved game (coachgym boxscore) and from coachgym play."""

from __future__ import annotations

import csv
import re
import sys

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.boxexport import rows
from coachgym.core.match import play_game

RULESETS = [e.name for e in rulesets.entries()]


def finished(name: str, seed: int = 2):
    R = rulesets.get(name)
    game = R.new_game(seed=seed)
    play_game(game, R.coach("by-the-book"), R.coach("random", seed=seed))
    return game


@pytest.mark.parametrize("name", RULESETS)
def test_rows_hold_every_player_and_totals_that_add_up_to_the_score(name):
    game = finished(name)
    box = game.box_score().to_dict()
    header, body = rows(box)
    col = {h: i for i, h in enumerate(header)}
    points = next(c for c in ("PTS", "pts", "G") if c in col)
    totals = [r for r in body if r[col["player"]] == "TOTAL"]
    assert [r[col["team"]] for r in totals] == [t["name"] for t in box["teams"]]
    assert [r[col[points]] for r in totals] == list(game.score)
    team_rows = sum(1 for t in box["teams"] if t.get("team"))  # a row of team-only figures where there are some
    assert len(body) - len(totals) - team_rows == sum(len(t["players"]) for t in box["teams"])
    if "FG%" in col:  # percentages from the row's own made and attempted
        made, att = (("FGM", "FGA") if "FGM" in col else ("fgm", "fga"))
        for r in totals:
            assert r[col["FG%"]] == f"{100 * r[col[made]] / r[col[att]]:.1f}"


def test_valueadd_total_possessions_are_the_teams():
    box = finished("valueadd").box_score().to_dict()
    header, body = rows(box)
    i, p = header.index("POSS"), header.index("player")
    for r in body:
        if r[p] == "TOTAL":
            assert 40 <= r[i] <= 70  # 44 possessions and the bottom halves, not five players' sum


def _sheet_totals(ws):
    """Evaluate the scoresheet's TOTAL rows (=SUM(Xa:Xb) and =SUM(...)/5) as a spreadsheet would."""
    out = []
    for row in ws.iter_rows():
        if row[0].value != "TOTAL":
            continue
        vals = []
        for cell in row[1:]:
            m = re.fullmatch(r"=SUM\(([A-Z]+)(\d+):([A-Z]+)(\d+)\)(/5)?", str(cell.value))
            if not m:
                continue
            col, a, _, b, share = m.groups()
            s = sum(ws[f"{col}{k}"].value or 0 for k in range(int(a), int(b) + 1))
            vals.append(s / 5 if share else s)
        out.append(vals)
    return out


def test_simulate_writes_every_games_box_score_as_csv_and_xlsx(tmp_path):
    pytest.importorskip("openpyxl")
    from openpyxl import load_workbook

    out_csv, out_xlsx = tmp_path / "series.csv", tmp_path / "series.xlsx"
    res = CliRunner().invoke(main, ["simulate", "fourthstreet", "-n", "2", "--no-progress", "--backend", "inline",
                                    "--csv", str(out_csv), "--xlsx", str(out_xlsx)])
    assert res.exit_code == 0, res.output
    with out_csv.open() as fh:
        table = list(csv.DictReader(fh))
    totals = [r for r in table if r["player"] == "TOTAL"]
    assert len(totals) == 4 and {r["game"] for r in table} == {"1", "2"}
    for r in totals:
        assert int(r["pts"]) == int(r["home_score"] if r["side"] == "home" else r["away_score"])
    wb = load_workbook(out_xlsx)
    assert wb.sheetnames == ["game 1", "game 2"]
    header = [c.value for c in wb["game 1"][4]]
    sheet = _sheet_totals(wb["game 1"])
    csv_tot = [[float(r[h]) for h in header[1:len(sheet[0]) + 1]] for r in totals if r["game"] == "1"]
    assert sheet == csv_tot  # the spreadsheet's formulas give the CSV's totals
    assert str(wb["game 1"].cell(6, len(header) - 2).value).startswith("=IF(")  # FG% as a formula


def test_boxscore_command_prints_and_exports_a_saved_game(tmp_path):
    game = finished("valueadd", seed=4)
    saved = tmp_path / "game.json"
    saved.write_text(game.to_json())
    runner = CliRunner()
    res = runner.invoke(main, ["boxscore", str(saved)])
    assert res.exit_code == 0 and res.output.startswith(f"final: {game.box_score().teams[0].name} {game.score[0]}")
    res = runner.invoke(main, ["boxscore", str(saved), "--csv", str(tmp_path / "b.csv")])
    assert res.exit_code == 0 and (tmp_path / "b.csv").read_text().count(",TOTAL,") == 2
    saved.write_text("{}")
    res = runner.invoke(main, ["boxscore", str(saved)])
    assert res.exit_code != 0 and "not a saved coachgym game" in res.output and "Traceback" not in res.output


def test_xlsx_without_openpyxl_is_refused_before_the_games(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    res = CliRunner().invoke(main, ["simulate", "valueadd", "-n", "100000", "--no-progress", "--xlsx", str(tmp_path / "x.xlsx")])
    assert res.exit_code == 2 and "pip install 'coachgym[sheets]'" in res.output


def test_play_writes_the_box_score_when_you_leave(tmp_path):
    """Through real input: the coach's seat in a pseudo-terminal, quit at once, keep the box score."""
    pexpect = pytest.importorskip("pexpect")
    out = tmp_path / "play.csv"
    child = pexpect.spawn(sys.executable, ["-c", "from coachgym.cli import run; run()", "play", "fuba", "--opponent",
                                           "random", "--seed", "3", "--no-clear", "--csv", str(out)],
                          encoding="utf-8", timeout=120, cwd=str(tmp_path), dimensions=(50, 120))
    child.expect("q quit")
    child.sendline("q")
    child.expect(r"Save the game")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert out.exists() and "TOTAL" in out.read_text()
