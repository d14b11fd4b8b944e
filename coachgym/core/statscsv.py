"""Reading season statistics exported from Basketball-Reference's "Totals" tables (docs/leagues.md).

Player totals: the columns ``Player,Pos,Age,Tm,G,GS,MP,FG,FGA,FG%,3P,3PA,3P%,2P,2PA,2P%,eFG%,FT,FTA,
FT%,ORB,DRB,TRB,AST,STL,BLK,TOV,PF,PTS`` (``Rk`` and any extra column are ignored; the percentage
columns are not read: builders recompute them from the counts). Traded players appear with a
``TOT`` row plus one row per team; a team's roster uses the per-team rows and the ``TOT`` row only
gives the player's season games (injury ratings); the site's newer exports call the team column
``Team`` and the season row ``2TM``, ``3TM`` ..., read the same way. Statistics the league did not
keep in old seasons are empty cells: ``3P``/``3PA`` (before 1979-80), ``TOV`` (before 1977-78), ``ORB``/``DRB``/
``STL``/``BLK`` (before 1973-74), ``GS`` (before 1981-82); they read as ``None`` and each builder
estimates them (its docs say how). A Basketball-Reference name mark (``*`` Hall of Fame) is dropped.

Team totals (``--team-stats``): ``Team`` (the ``Tm`` abbreviation or the full name), optional
``W``, ``L``, ``G``, ``PTS`` and ``OPP_PTS`` (opponents' points) and optional ``HOME`` / ``ROAD``
records written ``W-L``.

Every problem raises :class:`StatsCsvError` with one line naming the file, the row (the line
number in the file, the header being line 1), the column and what is allowed.
"""

from __future__ import annotations

import csv
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import CoachgymError

REQUIRED = ("Player", "Pos", "Tm", "G", "MP", "FG", "FGA", "FT", "FTA", "PF")
COUNTS = ("G", "GS", "MP", "FG", "FGA", "3P", "3PA", "FT", "FTA", "ORB", "DRB", "TRB", "AST", "STL", "BLK", "TOV",
          "PF", "PTS")
OPTIONAL_COUNTS = ("GS", "3P", "3PA", "ORB", "DRB", "TRB", "AST", "STL", "BLK", "TOV", "PTS")
BR_COLUMNS = ("Player", "Pos", "Age", "Tm", "G", "GS", "MP", "FG", "FGA", "FG%", "3P", "3PA", "3P%", "2P", "2PA", "2P%",
              "eFG%", "FT", "FTA", "FT%", "ORB", "DRB", "TRB", "AST", "STL", "BLK", "TOV", "PF", "PTS")
POSITIONS = ("PG", "SG", "SF", "PF", "C", "G", "F", "GF", "FC")
COMBINED = re.compile(r"^(TOT|\d+TM)$")


class StatsCsvError(CoachgymError, ValueError):
    """A statistics CSV is malformed; the message is one line naming file, row, column and what is allowed."""

    def __init__(self, path: Any, row: int | None, column: str | None, problem: str):
        self.path, self.row, self.column, self.problem = str(path), row, column, problem
        where = self.path + (f" row {row}" if row is not None else "") + (f", column {column!r}" if column else "")
        super().__init__(f"{where}: {problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.path, self.row, self.column, self.problem))


@dataclass
class PlayerRow:
    """One row of the player totals (counts are ``None`` where the cell is empty)."""

    row: int
    player: str
    pos: tuple[str, ...]
    team: str
    age: str
    stats: dict[str, int | None] = field(default_factory=dict)

    def get(self, key: str, default: int = 0) -> int:
        v = self.stats.get(key)
        return default if v is None else v

    @property
    def trb(self) -> int | None:
        trb, orb, drb = self.stats.get("TRB"), self.stats.get("ORB"), self.stats.get("DRB")
        if trb is not None:
            return trb
        if orb is not None and drb is not None:
            return orb + drb
        return None


def _cell_number(path: Any, rowno: int, col: str, text: str, optional: bool) -> int | None:
    t = text.strip()
    if t == "":
        if optional:
            return None
        raise StatsCsvError(path, rowno, col, "is empty; a whole number >= 0 is required")
    try:
        v = float(t)
    except ValueError:
        raise StatsCsvError(path, rowno, col, f"{t!r} is not a number; a whole number >= 0 is allowed") from None
    if not math.isfinite(v) or v != int(v):
        raise StatsCsvError(path, rowno, col, f"{t!r} is not a whole number; a whole number >= 0 is allowed")
    if v < 0:
        what = "minutes" if col == "MP" else "a count"
        raise StatsCsvError(path, rowno, col, f"{t} is negative; {what} must be a whole number >= 0")
    return int(v)


def _positions(path: Any, rowno: int, text: str) -> tuple[str, ...]:
    parts = tuple(p.strip().upper() for p in text.replace("/", "-").split("-") if p.strip())
    if not parts or any(p not in POSITIONS for p in parts):
        raise StatsCsvError(path, rowno, "Pos", f"{text!r} is not a position; allowed: {', '.join(POSITIONS)} "
                                                "(or two joined by '-', e.g. SG-PG)")
    return parts


def _csv_reader(path: Path) -> tuple[csv.DictReader[str], list[str]]:
    """A statistics CSV's rows and its column names (stripped); a file that cannot be read or is not
    UTF-8 text is one error naming it."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise StatsCsvError(path, None, None, f"cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise StatsCsvError(path, None, None, "is not a UTF-8 text file (a CSV export is text)") from None
    reader = csv.DictReader(text.splitlines())
    return reader, [h.strip() for h in (reader.fieldnames or [])]


def rows_by_team(rows: list[PlayerRow]) -> dict[str, list[PlayerRow]]:
    """Each team's players who played (minutes and games), a traded player under each team he played
    for (his ``TOT`` row left out)."""
    by_team: dict[str, list[PlayerRow]] = {}
    for r in rows:
        if r.team != "TOT" and r.get("MP") > 0 and r.get("G") > 0:
            by_team.setdefault(r.team, []).append(r)
    return by_team


def read_player_totals(path: str | Path) -> list[PlayerRow]:
    """Read a player totals CSV; raise :class:`StatsCsvError` at the first problem."""
    path = Path(path)
    reader, header = _csv_reader(path)
    if not header:
        raise StatsCsvError(path, None, None, "is empty; the first line must name the columns "
                                              f"({','.join(BR_COLUMNS)})")
    if "Tm" not in header and "Team" in header:  # the site's newer exports name the column Team
        header = ["Tm" if h == "Team" else h for h in header]
    reader.fieldnames = header
    for col in REQUIRED:
        if col not in header:
            raise StatsCsvError(path, 1, col, f"column is missing; the header must have {', '.join(REQUIRED)} "
                                              "(Basketball-Reference totals export, docs/leagues.md)")
    rows: list[PlayerRow] = []
    seen: dict[tuple[str, str], int] = {}
    for i, raw in enumerate(reader, start=2):
        if raw.get("Player") in (None, "") and not any((v or "").strip() for v in raw.values() if isinstance(v, str)):
            continue  # a blank line
        if (raw.get("Player") or "").strip() == "Player":
            continue  # the header repeated inside the table, as Basketball-Reference exports do
        if (raw.get("Player") or "").strip() == "League Average":
            continue  # the newer exports' last row: the league's per-player average, not a player
        name = (raw.get("Player") or "").strip().split("\\")[0].rstrip("*").strip()
        if not name:
            raise StatsCsvError(path, i, "Player", "is empty; the player's name is required")
        team = (raw.get("Tm") or "").strip()
        if COMBINED.match(team):  # a traded player's season row: TOT, or 2TM, 3TM ... in newer exports
            team = "TOT"
        if not team:
            raise StatsCsvError(path, i, "Tm", "is empty; a team abbreviation (e.g. NYK) or TOT is required")
        stats: dict[str, int | None] = {}
        for col in COUNTS:
            if col not in header:
                stats[col] = None
                continue
            stats[col] = _cell_number(path, i, col, raw.get(col) or "", optional=col in OPTIONAL_COUNTS)
        for made, att in (("FG", "FGA"), ("3P", "3PA"), ("FT", "FTA")):
            n_made, n_att = stats.get(made), stats.get(att)
            if n_made is not None and n_att is not None and n_made > n_att:
                raise StatsCsvError(path, i, made, f"{n_made} made is more than {n_att} attempted ({att})")
        games, minutes = stats["G"], stats["MP"]  # (required columns: never None)
        if games == 0 and minutes:
            raise StatsCsvError(path, i, "G", "is 0 but the player has minutes; games must be >= 1")
        if games is not None and minutes is not None and minutes > 60 * max(1, games):
            raise StatsCsvError(path, i, "MP", f"{minutes} minutes in {games} games is more than 60 a game")
        key = (name, team)
        if key in seen:
            raise StatsCsvError(path, i, "Player", f"{name} ({team}) is listed twice (first on row {seen[key]}); "
                                                   "one row per player and team is allowed")
        seen[key] = i
        rows.append(PlayerRow(i, name, _positions(path, i, raw.get("Pos") or ""), team,
                              (raw.get("Age") or "").strip(), stats))
    if not rows:
        raise StatsCsvError(path, None, None, "holds no player rows")
    return rows


POSSESSION_COLUMNS = ("FGA", "ORB", "TOV", "FTA")  # of a team totals CSV, and OPP_ + each


@dataclass
class TeamRow:
    row: int
    team: str
    wins: int | None = None
    losses: int | None = None
    games: int | None = None
    pts: int | None = None
    opp_pts: int | None = None
    home: tuple[int, int] | None = None
    road: tuple[int, int] | None = None
    # the possession columns (FGA, ORB, TOV, FTA and the opponents' OPP_FGA ...): {column: total}
    extra: dict[str, int] = field(default_factory=dict)

    def possessions(self) -> float | None:
        """The season's possessions, FGA - ORB + TOV + 0.44 x FTA, the mean of the team's and its
        opponents' estimates (None unless all eight columns are given)."""
        if any(self.extra.get(p + c) is None for p in ("", "OPP_") for c in POSSESSION_COLUMNS):
            return None
        return sum(self.extra[p + "FGA"] - self.extra[p + "ORB"] + self.extra[p + "TOV"] + 0.44 * self.extra[p + "FTA"]
                   for p in ("", "OPP_")) / 2


def _record(path: Any, rowno: int, col: str, text: str) -> tuple[int, int] | None:
    t = (text or "").strip()
    if not t:
        return None
    parts = t.split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise StatsCsvError(path, rowno, col, f"{t!r} is not a record; write wins-losses, e.g. 37-4")
    return int(parts[0]), int(parts[1])


def read_team_stats(path: str | Path) -> dict[str, TeamRow]:
    """Read a team totals CSV (``Team`` plus optional ``W,L,G,PTS,OPP_PTS,HOME,ROAD`` and the possession
    columns ``FGA,ORB,TOV,FTA,OPP_FGA,OPP_ORB,OPP_TOV,OPP_FTA``)."""
    path = Path(path)
    reader, header = _csv_reader(path)
    reader.fieldnames = header
    if "Team" not in header:
        raise StatsCsvError(path, 1, "Team", "column is missing; a team totals file needs Team and any of "
                                             "W, L, G, PTS, OPP_PTS, HOME, ROAD")
    out: dict[str, TeamRow] = {}
    for i, raw in enumerate(reader, start=2):
        team = (raw.get("Team") or "").strip().rstrip("*").strip()
        if not team:
            continue
        if team in out:
            raise StatsCsvError(path, i, "Team", f"{team} is listed twice (first on row {out[team].row})")
        vals = {col: _cell_number(path, i, col, raw.get(col) or "", optional=True) if col in header else None
                for col in ("W", "L", "G", "PTS", "OPP_PTS")}
        extra = {p + col: _cell_number(path, i, p + col, raw.get(p + col) or "", optional=True)
                 for p in ("", "OPP_") for col in POSSESSION_COLUMNS if p + col in header}
        out[team] = TeamRow(i, team, vals["W"], vals["L"], vals["G"], vals["PTS"], vals["OPP_PTS"],
                            _record(path, i, "HOME", raw.get("HOME") or ""), _record(path, i, "ROAD", raw.get("ROAD") or ""),
                            {k: v for k, v in extra.items() if v is not None})
    return out


def clamp_rating(notes: list[str] | None, who: str, field: str, value: Any, lo: Any, hi: Any, why: str = "") -> Any:
    """``value`` limited to ``lo..hi`` (the range the ruleset's team-file loader accepts); a value
    outside it is clamped and, with ``notes`` given, a line naming the player and the field is added
    (``coachgym cards build`` prints them: a built file is never one its own loader rejects)."""
    if lo <= value <= hi:
        return value
    out = lo if value < lo else hi
    if notes is not None:
        notes.append(f"{who}: {field} {value} is outside {lo}..{hi}, clamped to {out}" + (f" ({why})" if why else ""))
    return out


_CLAMP_NOTE = re.compile(r"^(?P<who>.+?): (?P<field>[a-z_]+) (?P<value>-?[\d.]+) is outside "
                         r"(?P<lo>-?[\d.]+)\.\.(?P<hi>-?[\d.]+), clamped to (?P<out>-?[\d.]+)")


def clamp_summary(notes: list[str]) -> list[str]:
    """One line a field for the ratings :func:`clamp_rating` clamped in ``notes``: how many cards and
    which players, each with his value before the clamp (the field clamped most first; none: no line).
    ``coachgym cards build`` / ``leagues build`` print them after the notes, so a build says in one
    place how many cards ran out of range and whose."""
    by_field: dict[str, list[re.Match[str]]] = {}
    for line in notes:
        m = _CLAMP_NOTE.match(line)
        if m:
            by_field.setdefault(m["field"], []).append(m)
    return [f"{field} clamped on {len(ms)} card{'s' if len(ms) != 1 else ''} to "
            f"{ms[0]['lo']}..{ms[0]['hi']}: " + ", ".join(f"{m['who']} {m['value']}" for m in ms)
            for field, ms in sorted(by_field.items(), key=lambda kv: (-len(kv[1]), kv[0]))]


def nba_teams() -> dict[str, dict[str, Any]]:
    """Basketball-Reference team abbreviations -> {"name", "stem"} (coachgym/core/nba_teams.json)."""
    teams: dict[str, dict[str, Any]] = json.loads((Path(__file__).parent / "nba_teams.json").read_text(encoding="utf-8"))["teams"]
    return teams


def write_player_totals(rows: list[dict[str, Any]], path: str | Path) -> None:
    """Write player totals in the Basketball-Reference column order (percentages recomputed)."""

    def pct(a: Any, b: Any) -> str:
        return "" if a is None or b in (None, 0) else f"{a / b:.3f}".lstrip("0") if a < b else f"{a / b:.3f}"

    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(("Rk",) + BR_COLUMNS)
        for k, r in enumerate(rows, start=1):
            g: dict[str, Any] = {c: r.get(c) for c in COUNTS}
            fg2 = None if g["3P"] is None else g["FG"] - g["3P"]
            fga2 = None if g["3PA"] is None else g["FGA"] - g["3PA"]
            efg = "" if not g["FGA"] else f"{(g['FG'] + 0.5 * (g['3P'] or 0)) / g['FGA']:.3f}".lstrip("0")
            trb = g["TRB"] if g["TRB"] is not None else (None if g["ORB"] is None else g["ORB"] + g["DRB"])
            cells = [k, r["Player"], r["Pos"], r.get("Age", ""), r["Tm"], g["G"], g["GS"], g["MP"], g["FG"], g["FGA"],
                     pct(g["FG"], g["FGA"]), g["3P"], g["3PA"], pct(g["3P"], g["3PA"]), fg2, fga2, pct(fg2, fga2), efg,
                     g["FT"], g["FTA"], pct(g["FT"], g["FTA"]), g["ORB"], g["DRB"], trb, g["AST"], g["STL"], g["BLK"],
                     g["TOV"], g["PF"], g["PTS"]]
            w.writerow(["" if c is None else c for c in cells])


def team_games_of(tm: str, team_stats: dict[str, Any]) -> int:
    t = team_stats.get(tm)
    if t is not None and t.games:
        return int(t.games)
    if t is not None and t.wins is not None and t.losses is not None:
        return int(t.wins + t.losses)
    return 82


def by_slot(unit: list[PlayerRow]) -> list[PlayerRow]:
    """The five players of ``unit`` ordered PG SG SF PF C by listed position (the others fill the gaps)."""
    order = {"PG": 0, "G": 0, "SG": 1, "GF": 1, "SF": 2, "F": 2, "PF": 3, "FC": 3, "C": 4}
    left = list(unit)
    slots: list[PlayerRow | None] = [None] * 5
    for k in range(5):
        pick = next((r for r in left if order[r.pos[0]] == k), None)
        if pick is not None:
            slots[k] = pick
            left.remove(pick)
    for k in range(5):
        if slots[k] is None and left:
            slots[k] = left.pop(0)
    return [r for r in slots if r is not None]
