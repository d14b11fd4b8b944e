"""Box scores written out for people: CSV, and a spreadsheet scoresheet (.xlsx, with openpyxl).

The 2015 Statis Pro edition offers "an electronic Scoresheet, studied to help a player to register
the stats of an entire game with both the Teams, Home and Visitors, all in a single page
scoresheet, full of hidden formulas carrying out all the totals for each statistical voice". This
module writes that for any ruleset's game: a CSV of every player line with each team's total row,
and an .xlsx whose one page per game holds both teams, the totals as SUM formulas and the shooting
percentages as formulas (so a person can correct a line and see the totals follow).

Input is a box score as ``BoxScore.to_dict()`` writes it (what series results keep), so a finished
game, a saved game and every game of a series export alike.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any, Iterable

from .boxscore import ON_COURT_PER_POSSESSION
from .errors import ConfigError

XLSX_MISSING = "spreadsheets need openpyxl, which is not installed: pip install 'coachgym[sheets]'"
# shooting percentages: (made, attempted, name), the columns matched without regard to case
PERCENTAGES = ((("fgm",), ("fga",), "FG%"), (("3pm", "tpm"), ("3pa", "tpa"), "3P%"), (("ftm",), ("fta",), "FT%"))
GAME_KEYS = ("game", "seed", "home", "away", "home_score", "away_score")


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


def box_columns(box: dict) -> list[str]:
    """The box score's columns, then team-only figures that are not among them (Statis Pro's POSS)."""
    columns = list(box["columns"])
    for team in box["teams"]:
        columns += [k for k in team.get("team", {}) if k not in columns]
    return columns


def _team_total(column: str, total: int) -> float | int:
    if column not in ON_COURT_PER_POSSESSION:
        return total
    return total // 5 if total % 5 == 0 else round(total / 5, 1)


def rows(box: dict, game: dict | None = None) -> tuple[list[str], list[list[Any]]]:
    """The header and rows of one box score: each team's player lines, its team-only figures (a
    ``team`` row, e.g. team turnovers), and its ``TOTAL`` row; ``game`` adds leading game columns.
    A TOTAL of an on-court column (Value Add's POSS) is the team's figure: the sum / 5."""
    columns = box_columns(box)
    pcts = percentage_columns(columns)
    lead = [k for k in GAME_KEYS if game and k in game]
    header = [*lead, "side", "team", "player", *columns, *(name for _, _, name in pcts)]
    out = []
    for side, team in enumerate(box["teams"]):
        where = [game[k] for k in lead] + ["home" if side == 0 else "away", team["name"]]
        lines = [(p["name"], p) for p in team["players"]]
        if team.get("team"):
            lines.append(("team", team["team"]))
        totals = {c: _team_total(c, sum(p.get(c, 0) for _, p in lines)) for c in columns}
        for name, stats in [*lines, ("TOTAL", totals)]:
            out.append([*where, name, *(stats.get(c, 0) for c in columns),
                        *(_pct(stats.get(m, 0), stats.get(a, 0)) for m, a, _ in pcts)])
    return header, out


def write_csv(boxes: Iterable[tuple[dict | None, dict]], path: str | Path) -> Path:
    """One CSV of every ``(game, box)`` given (``game``: the leading game columns, or None)."""
    path = Path(path)
    with path.open("w", newline="", encoding="utf-8") as fh:
        _write_csv(boxes, fh)
    return path


def csv_text(boxes: Iterable[tuple[dict | None, dict]]) -> str:
    """The CSV of :func:`write_csv` as text (the web app's box-score download)."""
    buf = io.StringIO(newline="")
    _write_csv(boxes, buf)
    return buf.getvalue()


def _write_csv(boxes: Iterable[tuple[dict | None, dict]], fh: Any) -> None:
    header_done = False
    w = csv.writer(fh)
    for game, box in boxes:
        header, body = rows(box, game)
        if not header_done:
            w.writerow(header)
            header_done = True
        w.writerows(body)


def write_xlsx(boxes: Iterable[tuple[dict | None, dict]], path: str | Path, *, max_sheets: int = 50) -> Path:
    """An .xlsx scoresheet: one page per game (up to ``max_sheets``; then an ``all games`` page of
    rows as in the CSV) with both teams, totals as SUM formulas and percentages as formulas."""
    require_openpyxl()
    from openpyxl import Workbook
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    boxes = list(boxes)
    wb = Workbook()
    wb.remove(wb.active)
    bold = Font(bold=True)
    for k, (game, box) in enumerate(boxes[:max_sheets]):
        title = f"game {game.get('game', k + 1)}" if game else "box score"
        ws = wb.create_sheet(title[:31])
        columns = box_columns(box)
        pcts = percentage_columns(columns)
        r = 1
        if game:
            ws.cell(r, 1, " ".join(f"{key} {game[key]}" for key in GAME_KEYS if key in game))
            r += 2
        for side, team in enumerate(box["teams"]):
            ws.cell(r, 1, f"{team['name']} ({'home' if side == 0 else 'away'}) {team['score']}").font = bold
            r += 1
            head = ["player", *columns, *(name for _, _, name in pcts)]
            for c, h in enumerate(head, 1):
                ws.cell(r, c, h).font = bold
            r += 1
            first = r
            lines = [(p["name"], p) for p in team["players"]]
            if team.get("team"):
                lines.append(("team", team["team"]))
            for name, stats in lines:
                ws.cell(r, 1, name)
                for c, col in enumerate(columns, 2):
                    ws.cell(r, c, stats.get(col, 0))
                r += 1
            last = r - 1
            ws.cell(r, 1, "TOTAL").font = bold
            for c, col in enumerate(columns, 2):
                letter = get_column_letter(c)
                share = "/5" if col in ON_COURT_PER_POSSESSION else ""  # the team's figure (see rows)
                ws.cell(r, c, f"=SUM({letter}{first}:{letter}{last}){share}").font = bold
            for i, (made, att, _) in enumerate(pcts):
                m = get_column_letter(columns.index(made) + 2)
                a = get_column_letter(columns.index(att) + 2)
                for row in range(first, r + 1):
                    ws.cell(row, len(columns) + 2 + i, f'=IF({a}{row}>0,ROUND(100*{m}{row}/{a}{row},1),"")')
            r += 2
        ws.column_dimensions["A"].width = max([len(p["name"]) for t in box["teams"] for p in t["players"]] + [12]) + 2
    if len(boxes) > max_sheets:
        ws = wb.create_sheet("all games")
        header_done = False
        for game, box in boxes:
            header, body = rows(box, game)
            if not header_done:
                ws.append(header)
                header_done = True
            for row in body:
                ws.append(row)
    path = Path(path)
    wb.save(path)
    return path

