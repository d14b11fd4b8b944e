"""Box scores written out for people: CSV, and a spreadsheet scoresheet (.xlsx, with openpyxl).

The 2015 Statis Pro edition offers "an electronic Scoresheet, studied to help a player to register
the stats of an entire game with both the Teams, Home and Visitors, all in a single page
scoresheet, full of hidden formulas carrying out all the totals for each statistical voice". This
module writes that for any ruleset's game: a CSV of every player line with each team's total row,
and an .xlsx whose one page per game holds both teams, the totals as SUM formulas and the shooting
percentages as formulas (so a person can correct a line and see the totals follow).

Input is a box score as ``BoxScore.to_dict()`` writes it (what series results keep), so a finished
game, a saved game and every game of a series export alike.

A *blank* scoresheet (:func:`blank_box`, ``coachgym scoresheet``) is the same page for a game not
yet played at a table: both teams' players and every column of the ruleset with empty cells to fill
in; the totals, the percentages, the score and the figures a line's other columns define
(:data:`DERIVED`: points from the baskets, rebounds from their two kinds) are formulas.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any, BinaryIO, Iterable

from .. import rulesets
from .boxscore import ON_COURT_PER_POSSESSION
from .errors import ConfigError

XLSX_MISSING = "spreadsheets need openpyxl, which is not installed: pip install 'coachgym[sheets]'"
# shooting percentages: (made, attempted, name), the columns matched without regard to case
PERCENTAGES = ((("fgm",), ("fga",), "FG%"), (("3pm", "tpm"), ("3pa", "tpa"), "3P%"), (("ftm",), ("fta",), "FT%"))
GAME_KEYS = ("game", "seed", "home", "away", "home_score", "away_score")
POINTS = ("pts", "g")  # the column that makes the score (basketball's points, FUBA's goals)
# What a line's other figures define, per ruleset: a blank scoresheet computes these columns in each
# player's line (a filled one keeps the engine's figures). Checked against played games in
# tests/test_scoresheet.py. Value Add's PTS is not among them: its lines start with the points
# and rebounds the rules assume before the tip (rotation options 1 and 2), so PTS is written in.
# Read from the registrations (their ``box_formulas``).
DERIVED = rulesets.by_ruleset(lambda rs: rs.box_formulas)


def require_openpyxl() -> None:
    """Fail at once, before a long run, when a spreadsheet was asked for and openpyxl is missing."""
    try:
        import openpyxl  # noqa: F401
    except ImportError:
        raise ConfigError(XLSX_MISSING) from None


def percentage_columns(columns: list[str]) -> list[tuple[str, str, str]]:
    """``(made column, attempted column, name)`` for the percentages a box score's columns allow."""
    lower = {c.lower(): c for c in columns}
    out = []
    for made, att, name in PERCENTAGES:
        m = next((lower[k] for k in made if k in lower), None)
        a = next((lower[k] for k in att if k in lower), None)
        if m and a:
            out.append((m, a, name))
    return out


def _pct(made: float, att: float) -> str:
    return f"{100 * made / att:.1f}" if att else ""


def box_columns(box: dict[str, Any]) -> list[str]:
    """The box score's columns, then team-only figures that are not among them (Statis Pro's POSS)."""
    columns = list(box["columns"])
    for team in box["teams"]:
        columns += [k for k in team.get("team", {}) if k not in columns]
    return columns


def _team_total(column: str, total: int) -> float | int:
    if column not in ON_COURT_PER_POSSESSION:
        return total
    return total // 5 if total % 5 == 0 else round(total / 5, 1)


def rows(box: dict[str, Any], game: dict[str, Any] | None = None) -> tuple[list[str], list[list[Any]]]:
    """The header and rows of one box score: each team's player lines, its team-only figures (a
    ``team`` row, e.g. team turnovers), and its ``TOTAL`` row; ``game`` adds leading game columns.
    A TOTAL of an on-court column (Value Add's POSS) is the team's figure: the sum / 5."""
    columns = box_columns(box)
    pcts = percentage_columns(columns)
    lead = [k for k in GAME_KEYS if game and k in game]
    header = [*lead, "side", "team", "player", *columns, *(name for _, _, name in pcts)]
    out = []
    for side, team in enumerate(box["teams"]):
        where = ([game[k] for k in lead] if game else []) + ["home" if side == 0 else "away", team["name"]]
        lines = [(p["name"], p) for p in team["players"]]
        if team.get("team"):
            lines.append(("team", team["team"]))
        totals = {c: _team_total(c, sum(p.get(c, 0) for _, p in lines)) for c in columns}
        for name, stats in [*lines, ("TOTAL", totals)]:
            out.append([*where, name, *(stats.get(c, 0) for c in columns),
                        *(_pct(stats.get(m, 0), stats.get(a, 0)) for m, a, _ in pcts)])
    return header, out


def write_csv(boxes: Iterable[tuple[dict[str, Any] | None, dict[str, Any]]], path: str | Path) -> Path:
    """One CSV of every ``(game, box)`` given (``game``: the leading game columns, or None)."""
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8") as fh:
        _write_csv(boxes, fh)
    return path


def csv_text(boxes: Iterable[tuple[dict[str, Any] | None, dict[str, Any]]]) -> str:
    """The CSV of :func:`write_csv` as text (the web app's box-score download)."""
    buf = io.StringIO(newline="")
    _write_csv(boxes, buf)
    return buf.getvalue()


# A text cell starting with one of these is a formula (or becomes one) in a spreadsheet program
# (OWASP, "CSV Injection"): = + - @, a tab, a carriage return.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet program reads as the text or number it is, never as a formula:
    text starting with a character of :data:`FORMULA_STARTS` gets a leading single quote (OWASP's
    CSV Injection advice: a player named ``=HYPERLINK(...)`` stays a name); numbers stay numbers
    (a negative margin is -3, not '-3)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class _CsvCells:
    """One CSV field at a time, by the csv module: quoted where the text needs it (a comma, a
    quote, a line break) and always where :func:`csv_cell` escaped it (OWASP: the escaped cell
    wrapped in quotes)."""

    def __init__(self) -> None:
        self.buf = io.StringIO(newline="")
        self.plain = csv.writer(self.buf, lineterminator="")
        self.quoted = csv.writer(self.buf, quoting=csv.QUOTE_ALL, lineterminator="")

    def __call__(self, value: Any) -> str:
        if value is None or value == "":
            return ""  # (the csv module writes a lone empty field as "")
        cell = csv_cell(value)
        self.buf.seek(0)
        self.buf.truncate()
        (self.quoted if cell is not value else self.plain).writerow([cell])
        return self.buf.getvalue()


def _write_csv(boxes: Iterable[tuple[dict[str, Any] | None, dict[str, Any]]], fh: Any) -> None:
    """Text cells escaped by :func:`csv_cell` (team and player names come from team files, which
    people share); numbers written as numbers."""
    header_done = False
    field = _CsvCells()
    for game, box in boxes:
        header, body = rows(box, game)
        for row in ([header] if not header_done else []) + body:
            fh.write(",".join(field(v) for v in row) + "\r\n")
        header_done = True


def blank_box(rs: Any, home: Any = None, away: Any = None) -> dict[str, Any]:
    """The box score of a game not yet played between ``home`` and ``away`` (bundled team names,
    team files or team data; default: the ruleset's default pair) of the ruleset ``rs`` (a
    ``Ruleset``): every player line of both teams as the ruleset's box score lists them, every
    column, no figures. :func:`write_xlsx` writes it as a blank scoresheet."""
    game = rs.new_game(home, away, seed=0)  # the engine's own box score: its columns and lines
    box = game.box_score().to_dict()
    return {"ruleset": box["ruleset"], "columns": box["columns"], "blank": True,
            "teams": [{"name": t["name"], "score": None, "players": [{"name": p["name"]} for p in t["players"]],
                       "team": {k: None for k in t.get("team", {})}} for t in box["teams"]]}


def _formula(expression: str, cells: dict[str, str]) -> str:
    """``2*FGM+3PM+FTM`` with each column name replaced by its cell in the row (``cells``)."""
    return "=" + re.sub(r"[A-Za-z0-9_%]+", lambda m: cells.get(m.group(0), m.group(0)), expression)


def write_xlsx(boxes: Iterable[tuple[dict[str, Any] | None, dict[str, Any]]], path: str | Path | BinaryIO, *,
               max_sheets: int = 50) -> Path | BinaryIO:
    """An .xlsx scoresheet: one page per game (up to ``max_sheets``; then an ``all games`` page of
    rows as in the CSV) with both teams, totals as SUM formulas and percentages as formulas; a
    blank box (:func:`blank_box`) gives empty cells to fill in and computes the rest. ``path``: a
    file name, or a binary file object (the web app's download)."""
    require_openpyxl()
    from openpyxl import Workbook

    boxes = list(boxes)
    wb = Workbook()
    wb.remove(wb.active)
    for k, (game, box) in enumerate(boxes[:max_sheets]):
        title = f"game {game.get('game', k + 1)}" if game else ("scoresheet" if box.get("blank") else "box score")
        _game_sheet(wb.create_sheet(title[:31]), game, box)
    if len(boxes) > max_sheets:
        ws = wb.create_sheet("all games")
        header_done = False
        for game, box in boxes:
            header, body = rows(box, game)
            if not header_done:
                ws.append(header)
                _as_text(ws[ws.max_row])
                header_done = True
            for row in body:
                ws.append(row)
                _as_text(ws[ws.max_row])
    if isinstance(path, (str, Path)):
        path = Path(path)
    wb.save(path)
    return path


def _text(ws: Any, row: int, column: int, value: Any) -> Any:
    """Write a text cell: always a string cell, never a formula, whatever it starts with (openpyxl
    makes any string starting with ``=`` a formula; a team named ``=1+1`` stays its name)."""
    cell = ws.cell(row, column, value)
    if isinstance(value, str):
        cell.data_type = "s"
    return cell


def _as_text(cells: Iterable[Any]) -> None:
    """The string cells of a row written by ``ws.append``: text, never formulas (see :func:`_text`)."""
    for cell in cells:
        if isinstance(cell.value, str):
            cell.data_type = "s"


def xlsx_bytes(boxes: Iterable[tuple[dict[str, Any] | None, dict[str, Any]]]) -> bytes:
    """The .xlsx of :func:`write_xlsx` as bytes (the web app's downloads)."""
    buf = io.BytesIO()
    write_xlsx(boxes, buf)
    return buf.getvalue()


def _game_sheet(ws: Any, game: dict[str, Any] | None, box: dict[str, Any]) -> None:
    """One game's page: a title line, then each team (Home, then Visitors): its name and score, the
    column heads, one row per line, the TOTAL row; printed on one page, landscape."""
    from openpyxl.styles import Border, Font, PatternFill, Side
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.datavalidation import DataValidation

    bold = Font(bold=True)
    computed = PatternFill("solid", fgColor="EDEDED")  # cells a formula fills: not for typing in
    entry = Border(*(Side(style="thin", color="B0B0B0"),) * 4)
    blank = bool(box.get("blank"))
    columns = box_columns(box)
    pcts = percentage_columns(columns)
    letter = {col: get_column_letter(c) for c, col in enumerate(columns, 2)}
    derived = DERIVED.get(box.get("ruleset", ""), {}) if blank else {}
    points = next((c for c in columns if c.lower() in POINTS), None)
    counts = DataValidation(type="whole", operator="greaterThanOrEqual", formula1="0", allow_blank=True,
                            showErrorMessage=True, errorTitle="Not a count",
                            error="A figure of the box score is a whole number, 0 or more.")
    r = 1
    if game:
        _text(ws, r, 1, " ".join(f"{key} {game[key]}" for key in GAME_KEYS if key in game))
        r += 2
    elif blank:
        home, away = (t["name"] for t in box["teams"])
        _text(ws, r, 1, f"Scoresheet: {home} (home) - {away} (away)").font = Font(bold=True, size=13)
        _text(ws, r + 1, 1, "date")
        ws.cell(r + 1, 2).border = entry
        r += 3
    for side, team in enumerate(box["teams"]):
        where = f"{team['name']} ({'home' if side == 0 else 'away'})"
        head_row = r
        _text(ws, r, 1, where if blank else f"{where} {team['score']}").font = bold
        r += 1
        for c, h in enumerate(["player", *columns, *(name for _, _, name in pcts)], 1):
            _text(ws, r, c, h).font = bold
        r += 1
        first = r
        lines = [(p["name"], p, True) for p in team["players"]]
        if team.get("team"):  # team-only figures (team rebounds, team turnovers)
            lines.append(("team", team["team"], False))
        for name, stats, player in lines:
            _text(ws, r, 1, name)
            cells = {col: f"{letter[col]}{r}" for col in columns}
            for col in columns:
                cell = ws.cell(r, columns.index(col) + 2)
                if not blank:
                    cell.value = stats.get(col, 0)
                    if isinstance(cell.value, str):  # a figure is a number; text stays text
                        cell.data_type = "s"
                elif player and col in derived:
                    cell.value = _formula(derived[col], cells)
                    cell.fill = computed
                elif (player and col in box["columns"]) or (not player and col in stats):
                    cell.border = entry  # a player's columns; the team line's team-only figures
                    counts.add(cell.coordinate)
            r += 1
        last = r - 1
        _text(ws, r, 1, "TOTAL").font = bold
        for col in columns:
            share = "/5" if col in ON_COURT_PER_POSSESSION else ""  # the team's figure (see rows)
            cell = ws.cell(r, columns.index(col) + 2, f"=SUM({letter[col]}{first}:{letter[col]}{last}){share}")
            cell.font = bold
            cell.fill = computed
        for i, (made, att, _) in enumerate(pcts):
            m, a = letter[made], letter[att]
            for row in range(first, r + 1):
                cell = ws.cell(row, len(columns) + 2 + i, f'=IF({a}{row}>0,ROUND(100*{m}{row}/{a}{row},1),"")')
                cell.fill = computed
        if blank and points:  # the score is the TOTAL of the points (goals) column
            _text(ws, head_row, 2, "score").font = bold
            cell = ws.cell(head_row, 3, f"={letter[points]}{r}")
            cell.font = bold
            cell.fill = computed
        r += 2
    if blank:
        ws.add_data_validation(counts)
    ws.column_dimensions["A"].width = max([len(p["name"]) for t in box["teams"] for p in t["players"]] + [12]) + 2
    for c, h in enumerate([*columns, *(name for _, _, name in pcts)], 2):
        ws.column_dimensions[get_column_letter(c)].width = max(7, len(h) + 2)
    ws.freeze_panes = "B1"
    ws.page_setup.orientation = "landscape"  # "a single page scoresheet" (2015 edition)
    ws.page_setup.fitToWidth = ws.page_setup.fitToHeight = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
