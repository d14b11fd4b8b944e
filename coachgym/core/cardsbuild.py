"""``coachgym cards build``: a Basketball-Reference totals CSV -> a league folder (docs/leagues.md).

The folder holds one team file per team (the ruleset's ordinary team-file format), ``league.json``
(the agreed league format: name, title, season, ruleset, source, the command that built it, teams,
divisions, real records) and the input CSVs exactly as read. Each ruleset's builder turns the rows
into team files: Statis Pro (:mod:`coachgym.rules.statispro.builder`) and 4th Street
(:mod:`coachgym.rules.fourthstreet.builder`) take NBA season lines; Value Add's builder takes
the same box-score lines with a team context (games, 240 player-minutes a game).
"""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path
from typing import Any, Callable

from .errors import ConfigError
from .statscsv import PlayerRow, StatsCsvError, TeamRow, nba_teams, read_player_totals, read_team_stats

LEAGUE_SCHEMA = "coachgym.league/1"


def _statispro(rows, team_stats, season, source, path):
    from ..rules.statispro.builder import build_league
    return build_league(rows, team_stats, season, source, path)


_FS_POS = {"PG": 1, "G": 1, "SG": 2, "GF": 2, "SF": 3, "F": 3, "PF": 4, "FC": 4, "C": 5}


def _fourthstreet(rows: list[PlayerRow], team_stats, season, source, path):
    """4th Street's builder takes the same season lines (keys g min fgm fga tpm tpa ...)."""
    from ..rules.fourthstreet.builder import build_team
    by_team: dict[str, list[PlayerRow]] = {}
    for r in rows:
        if r.team != "TOT" and r.get("MP") > 0 and r.get("G") > 0:
            by_team.setdefault(r.team, []).append(r)
    names = nba_teams()
    out = {}
    for tm, members in sorted(by_team.items()):
        members = sorted(members, key=lambda r: -r.get("MP"))[:15]
        if len(members) < 10:
            raise StatsCsvError(path, None, "Tm", f"team {tm} has {len(members)} players with minutes; "
                                                  "a 4th Street roster needs at least 10")
        players = []
        for r in members:
            trb = r.trb or 0
            orb = r.stats.get("ORB")
            players.append({"name": r.player, "pos": _FS_POS[r.pos[0]], "g": r.get("G"), "min": r.get("MP"),
                            "fgm": r.get("FG"), "fga": r.get("FGA"), "tpm": r.get("3P"), "tpa": r.get("3PA"),
                            "ftm": r.get("FT"), "fta": r.get("FTA"),
                            "orb": orb if orb is not None else round(trb * 0.32),
                            "drb": r.stats.get("DRB") if r.stats.get("DRB") is not None else trb - round(trb * 0.32),
                            "ast": r.get("AST"), "stl": r.get("STL"), "blk": r.get("BLK"), "tov": r.get("TOV"),
                            "pf": r.get("PF")})
        lineup = [r.player for r in _by_slot(sorted(members, key=lambda r: (-r.get("GS"), -r.get("MP")))[:5])]
        info = names.get(tm, {"name": tm})
        out[tm] = build_team({"name": info["name"], "abbr": tm, "season": f"{season} NBA" if season else "NBA",
                              "fictional": False, "source": source, "lineup": lineup, "players": players})
    return out


def _valueadd(rows: list[PlayerRow], team_stats, season, source, path):
    """Value Add's builder takes the same box-score season lines (``coachgym.core.cardbuilder``
    keys) with a team context: the NBA's 82 games of 5 x 48 = 240 player-minutes, the average dunk
    range 51-53 and defensive adjustment 0 ("The average dunk range is 51-53 and the average
    defensive adjustment is 0"); ten players a team, five starters and five reserves."""
    from ..rules.valueadd.builder import build_team
    missing = [c for c in ("ORB", "DRB", "AST", "STL", "BLK", "TOV")
               if all(r.stats.get(c) is None for r in rows)]
    if missing:
        raise StatsCsvError(path, 1, missing[0], "Value Add cards need every box-score count; empty in every row: "
                                                 f"{', '.join(missing)} (a season before 1977-78 cannot be built)")
    by_team: dict[str, list[PlayerRow]] = {}
    for r in rows:
        if r.team != "TOT" and r.get("MP") > 0 and r.get("G") > 0:
            by_team.setdefault(r.team, []).append(r)
    names = nba_teams()
    out = {}
    for tm, members in sorted(by_team.items()):
        if len(members) < 10:
            raise StatsCsvError(path, None, "Tm", f"team {tm} has {len(members)} players with minutes; "
                                                  "a Value Add team needs 10 (five starters, five reserves)")
        members = sorted(members, key=lambda r: (-r.get("GS"), -r.get("MP")))
        starters = _by_slot(members[:5])
        bench = [r for r in sorted(members, key=lambda r: -r.get("MP")) if r not in starters][:5]
        reserves = _by_slot(bench)
        games = team_games_of(tm, team_stats)
        players = [{"name": r.player, "number": "", "stats": {
            "g": min(r.get("G"), games), "min": r.get("MP"), "fgm": r.get("FG"), "fga": r.get("FGA"),
            "fg3m": r.get("3P"), "fg3a": r.get("3PA"), "ftm": r.get("FT"), "fta": r.get("FTA"), "oreb": r.get("ORB"),
            "dreb": r.get("DRB"), "ast": r.get("AST"), "stl": r.get("STL"), "blk": r.get("BLK"), "tov": r.get("TOV"),
            "pf": r.get("PF")}} for r in starters + reserves]
        info = names.get(tm, {"name": tm})
        out[tm] = build_team({"name": info["name"], "short": tm, "season": f"{season} NBA" if season else "NBA",
                              "fictional": False, "source": source, "dunk": "51-53", "defense_adjust": 0,
                              "build": {"games": games, "team_minutes": 240.0},
                              "lineup": [r.player for r in starters], "reserves": [r.player for r in reserves],
                              "players": players}, path=f"{path} ({tm})")
    return out


def team_games_of(tm: str, team_stats: dict) -> int:
    t = team_stats.get(tm)
    if t is not None and t.games:
        return t.games
    if t is not None and t.wins is not None and t.losses is not None:
        return t.wins + t.losses
    return 82


def _by_slot(unit: list[PlayerRow]) -> list[PlayerRow]:
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


BUILDERS: dict[str, Callable[..., dict[str, dict]]] = {
    "statispro": _statispro, "fourthstreet": _fourthstreet, "valueadd": _valueadd,
}


def build_league_folder(ruleset: str, stats: str | Path, out: str | Path, *, name: str | None = None,
                        title: str | None = None, season: str | None = None, team_stats: str | Path | None = None,
                        source: str = "", notes: str = "", command: str | None = None) -> dict[str, Any]:
    """Build every team of ``stats`` for ``ruleset`` into the folder ``out``; returns league.json's data."""
    if ruleset not in BUILDERS:
        raise ConfigError(f"cards build: no card builder for ruleset {ruleset!r}; known: {', '.join(BUILDERS)}")
    stats = Path(stats)
    rows = read_player_totals(stats)
    teams_rows: dict[str, TeamRow] = read_team_stats(team_stats) if team_stats else {}
    names = nba_teams()
    full_to_abbr = {v["name"]: k for k, v in names.items()}
    team_stats_by_abbr = {full_to_abbr.get(k, k): v for k, v in teams_rows.items()}
    source = source or f"{stats.name}"
    built = BUILDERS[ruleset](rows, team_stats_by_abbr, season, source, str(stats))
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    stems: dict[str, str] = {}
    for tm in built:
        stem = names.get(tm, {}).get("stem", tm.lower())
        if stem in stems.values():
            stem = f"{stem}-{tm.lower()}"
        stems[tm] = stem
    for tm, team in built.items():
        (out / f"{stems[tm]}.json").write_text(json.dumps(team, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if stats.resolve() != (out / "stats.csv").resolve():
        shutil.copyfile(stats, out / "stats.csv")
    if team_stats and Path(team_stats).resolve() != (out / "team_stats.csv").resolve():
        shutil.copyfile(team_stats, out / "team_stats.csv")
    divisions: dict[str, list[str]] = {}
    real = {}
    div_of = _divisions(team_stats) if team_stats else {}
    for tm in built:
        t = team_stats_by_abbr.get(tm)
        if t is not None and t.wins is not None and t.losses is not None:
            real[stems[tm]] = [t.wins, t.losses]
        d = div_of.get(tm) or div_of.get(names.get(tm, {}).get("name", ""))
        if d:
            divisions.setdefault(d, []).append(stems[tm])
    name = name or out.name
    league = {
        "schema": LEAGUE_SCHEMA, "name": name, "title": title or name, "season": season or "",
        "ruleset": ruleset, "source": source,
        "built_by": command or " ".join(["coachgym", "cards", "build", ruleset, shlex.quote(str(stats)), "--out",
                                         shlex.quote(str(out))]),
        "notes": notes, "teams": [stems[tm] for tm in sorted(built, key=lambda k: stems[k])],
        "divisions": divisions, "real_records": real, "schedule": None,
    }
    (out / "league.json").write_text(json.dumps(league, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return league


def _divisions(path) -> dict[str, str]:
    import csv
    with open(path, encoding="utf-8-sig", newline="") as fh:
        return {(r.get("Team") or "").strip(): (r.get("Division") or "").strip()
                for r in csv.DictReader(fh) if (r.get("Division") or "").strip()}
