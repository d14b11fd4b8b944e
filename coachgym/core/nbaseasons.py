"""``coachgym leagues build --season YYYY``: any NBA season of the shipped data -> a league folder,
offline (docs/leagues.md, "Every NBA season offline").

The data (``coachgym/core/data``, built and checked by ``tools/history_nba_seasons.py``):
``nba-players.csv.xz`` (every player-season row of Basketball-Reference's NBA season totals,
traded players' ``TOT`` rows included), ``nba-teams.csv.xz`` (each team's W, L, G, PTS, OPP_PTS and
the possession columns the Statis Pro builder's season context reads) and ``nba-seasons.json`` (the
seasons covered, the sources with their commits, every season's divisions and schedule format).
A season is written as the year it ends (``1997``) or as ``1996-97``. The league is built by the
ruleset's own card builder (:func:`coachgym.core.cardsbuild.build_league_folder`), exactly as
``coachgym cards build`` would from the same two CSVs, which are kept in the folder
(``stats.csv``, ``team_stats.csv``).
"""

from __future__ import annotations

import csv
import io
import json
import lzma
import re
import shlex
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from .errors import ConfigError
from .statscsv import COUNTS, write_player_totals

DATA = Path(__file__).parent / "data"
PLAYERS = DATA / "nba-players.csv.xz"
TEAMS = DATA / "nba-teams.csv.xz"
META = DATA / "nba-seasons.json"
TEAM_COLUMNS = ("Team", "Division", "W", "L", "G", "PTS", "OPP_PTS", "FGA", "ORB", "TOV", "FTA", "OPP_FGA", "OPP_ORB",
                "OPP_TOV", "OPP_FTA")


@lru_cache(maxsize=1)
def meta() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(META.read_text(encoding="utf-8"))
    return data


def season_label(year: int) -> str:
    return f"{year - 1}-{str(year)[2:]}"


def parse_season(text: str | int) -> int:
    """``1997`` or ``1996-97`` -> 1997 (the year the season ends), refused in one line outside the data."""
    s = str(text).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})", s)
    if m and (int(m.group(1)) + 1) % 100 == int(m.group(2)):
        year = int(m.group(1)) + 1
    elif re.fullmatch(r"\d{4}", s):
        year = int(s)
    else:
        raise ConfigError(f"--season {s!r}: write the season as the year it ends (1997) or as 1996-97")
    first, last = meta()["first"], meta()["last"]
    if not first <= year <= last:
        raise ConfigError(f"--season {s}: the shipped NBA data covers {season_label(first)} ({first}) to "
                          f"{season_label(last)} ({last}); for another season use `coachgym cards build` with its "
                          "statistics (docs/leagues.md)")
    return year


def _rows(path: Path, year: int) -> list[dict[str, str]]:
    with lzma.open(path, "rt", encoding="utf-8", newline="") as fh:
        return [r for r in csv.DictReader(fh) if r["Season"] == str(year)]


def _of_season(entries: list[dict[str, Any]], year: int) -> dict[str, Any]:
    return next(e for e in entries if e["from"] <= year <= e["to"])


def season_files(year: int, folder: Path) -> tuple[Path, Path]:
    """Write the season's player totals (Basketball-Reference Totals columns) and team totals (with
    divisions) into ``folder``; returns their paths."""
    players = _rows(PLAYERS, year)
    teams = _rows(TEAMS, year)
    divisions = _of_season(meta()["alignment"], year)["divisions"]
    division_of = {tm: d for d, members in divisions.items() for tm in members}
    stats, team_stats = folder / "stats.csv", folder / "team_stats.csv"
    ages: dict[str, set[str]] = {}
    for r in players:
        ages.setdefault(r["Player"], set()).add(r["Age"])
    # two players of one name in a season (1988-89: two Charles Joneses on the Bullets) are told apart by age
    write_player_totals([{"Player": r["Player"] + (f" (age {r['Age']})" if len(ages[r["Player"]]) > 1 else ""), "Pos": r["Pos"], "Age": r["Age"], "Tm": r["Tm"],
                          **{c: int(r[c]) if r[c] != "" else None for c in COUNTS}} for r in players], stats)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(TEAM_COLUMNS)
    for t in teams:
        w.writerow([t["Team"], division_of[t["Team"]], *(t[c] for c in TEAM_COLUMNS[2:])])
    team_stats.write_text(buf.getvalue(), encoding="utf-8")
    return stats, team_stats


def build_season(ruleset: str, season: str | int, out: str | Path, *, name: str | None = None, blind: bool = False,
                 command: str | None = None, say: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Build the NBA season ``season`` for ``ruleset`` into the league folder ``out``; returns league.json's data."""
    from .cardsbuild import build_league_folder

    year = parse_season(season)
    label = season_label(year)
    fmt = dict(_of_season(meta()["schedule_formats"], year)["format"])
    src = meta()["sources"]
    players = src.get("players_by_season", {}).get(str(year), src["players"])  # 2019-20: a scrape after the restart
    source = f"{players}; {src['teams']} (coachgym/core/data, season {label})"
    with tempfile.TemporaryDirectory() as tmp:
        stats, team_stats = season_files(year, Path(tmp))
        return build_league_folder(
            ruleset, stats, out, name=name or f"nba-{year}", title=f"{label} NBA", season=label,
            team_stats=team_stats, source=source, blind=blind, say=say, schedule_format=fmt,
            command=command or " ".join(["coachgym", "leagues", "build", "--season", str(year), "--ruleset", ruleset,
                                         "--out", shlex.quote(str(out))] + (["--blind"] if blind else [])),
            notes=f"{label} NBA from the shipped season data (docs/leagues.md, 'Every NBA season offline'): every "
                  "team's players with minutes, the real divisions, the schedule format of nba-seasons.json "
                  f"({fmt['games']} games), real records from the team totals"
                  + ("; blind build: the cards read no standings" if blind else ""))
