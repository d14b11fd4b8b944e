"""``coachgym cards build``: a Basketball-Reference totals CSV -> a league folder (docs/leagues.md).

The folder holds one team file per team (the ruleset's ordinary team-file format), ``league.json``
(the agreed league format: name, title, season, ruleset, source, the command that built it, teams,
divisions, real records) and the input CSVs exactly as read. Each ruleset's builder turns the rows
into team files: Statis Pro (:mod:`coachgym.rules.statispro.builder`) and 4th Street
(:mod:`coachgym.rules.fourthstreet.builder`) take NBA season lines; Value Add's builder takes
the same box-score lines with a team context (games, 240 player-minutes a game).
"""

from __future__ import annotations

import csv
import inspect
import json
import re
import shlex
import shutil
from pathlib import Path
from typing import Any, Callable

from .errors import ConfigError
from .statscsv import TeamRow, clamp_summary, nba_teams, read_player_totals, read_team_stats

LEAGUE_SCHEMA = "coachgym.league/1"

# The NBA's conferences by their divisions, 1970-71 to 2003-04 (the divisions a team-stats CSV names):
# a league whose divisions are all here gets its "conferences" (the balanced schedule weights them)
NBA_CONFERENCES = {"Eastern": ("Atlantic", "Central", "Southeast"), "Western": ("Midwest", "Pacific", "Northwest", "Southwest")}
# (from 2004-05: Atlantic, Central and Southeast in the East; Northwest, Pacific and Southwest in the West)
SEASON_FORMAT = re.compile(r"^(\d{4})-(\d{2})$")
SCHEDULE_KEYS = ("games", "division", "conference", "other")


def parse_schedule_format(text: str) -> dict[str, int]:
    """``games=82,division=4,conference=4,other=2`` -> a league.json ``schedule_format``: games a team
    plays, and games against each opponent of its division, its conference, the other conference."""
    out: dict[str, int] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        key, _, value = part.partition("=")
        key = key.strip()
        if key not in SCHEDULE_KEYS or not value.strip().isdigit() or int(value) < 1:
            raise ConfigError(f"--schedule-format: {part!r} is not KEY=N with KEY one of {', '.join(SCHEDULE_KEYS)} "
                              "and N a whole number of at least 1")
        out[key] = int(value)
    missing = [k for k in SCHEDULE_KEYS if k not in out]
    if missing:
        raise ConfigError(f"--schedule-format: give {', '.join(missing)} too (e.g. games=82,division=4,conference=4,other=2)")
    return out


def season_of(stats: str | Path, season: str | None) -> str:
    """The league's season, ``YYYY-YY``: ``season`` as given (checked), else read from a ``Season``
    (``1992-93``) or ``Year`` (``1993``, the year the season ends, as the Kaggle data set writes it)
    column of the statistics when every row names the same one; otherwise a one-line refusal (a
    league.json needs its season: every league command refuses one without)."""
    if season is not None:
        m = SEASON_FORMAT.match(season.strip())
        if not m or (int(m.group(1)) + 1) % 100 != int(m.group(2)):
            raise ConfigError(f"--season {season!r}: write the season as YYYY-YY, e.g. 1992-93")
        return season.strip()
    try:
        with open(stats, encoding="utf-8-sig", newline="") as fh:
            rows = list(csv.DictReader(fh))
    except (OSError, UnicodeDecodeError):
        rows = []
    for col in ("Season", "Year"):
        values = {(r.get(col) or "").strip() for r in rows if (r.get("Player") or "").strip() not in ("", "Player", "League Average")}
        if len(values) == 1:
            v = values.pop()
            if SEASON_FORMAT.match(v):
                return v
            if v.isdigit() and len(v) == 4:
                return f"{int(v) - 1}-{v[2:]}"
    raise ConfigError(f"cards build: {Path(stats).name} does not name its season (no Season or Year column with one "
                      "value); give --season YYYY-YY, e.g. --season 1992-93")


def build_league_folder(ruleset: str, stats: str | Path, out: str | Path, *, name: str | None = None,
                        title: str | None = None, season: str | None = None, team_stats: str | Path | None = None,
                        source: str = "", notes: str = "", command: str | None = None,
                        schedule_format: dict[str, int] | None = None,
                        say: Callable[[str], None] | None = None, blind: bool = False) -> dict[str, Any]:
    """Build every team of ``stats`` for ``ruleset`` into the folder ``out``; returns league.json's data.

    Every team file is checked with the ruleset's own team loader before anything is written (a
    file the loader would reject stops the build with its one-line error); ``say`` receives the
    builder's notes (a rating clamped to its range: team, player, field) and warnings (no team
    statistics: no divisions, no real records). ``blind``: the cards use no standings (W, L, home and
    road records; the real records still go to league.json for the replay against history): Statis
    Pro's Index Points then come from the scoring margin (the other builders use no standings)."""
    from .. import rulesets

    rs = rulesets.get(ruleset)
    builder = rs.part("league_builder")
    if builder is None:
        known = [r.name for r in rulesets.all_rulesets() if r.part("league_builder")]
        raise ConfigError(f"cards build: no card builder for ruleset {ruleset!r}; known: {', '.join(known)}")
    stats = Path(stats)
    rows = read_player_totals(stats)
    season = season_of(stats, season)
    say = say or (lambda line: None)
    teams_rows: dict[str, TeamRow] = read_team_stats(team_stats) if team_stats else {}
    names = nba_teams()
    full_to_abbr = {v["name"]: k for k, v in names.items()}
    team_stats_by_abbr = {full_to_abbr.get(k, k): v for k, v in teams_rows.items()}
    source = source or f"{stats.name}"
    div_of = _divisions(team_stats) if team_stats else {}
    if schedule_format and not div_of:
        raise ConfigError("--schedule-format needs the league's divisions: give --team-stats with a Division column "
                          "(docs/leagues.md, 'The team totals CSV'); without them a replay plays a double round robin")
    build_notes: list[str] = []
    kwargs: dict[str, Any] = {"notes": build_notes}
    if "blind" in inspect.signature(builder).parameters:
        kwargs["blind"] = blind
    elif blind:
        say(f"note: --blind: {rs.title}'s cards use no standings; the build is the same")
    built = builder(rows, team_stats_by_abbr, season, source, str(stats), **kwargs)
    for line in build_notes:
        say(f"note: {line}")
    for line in clamp_summary(build_notes):
        say(f"note: {line}")
    for tm, team in built.items():  # the file must be one the ruleset's own loader takes
        rs.parse_team(json.loads(json.dumps(team)), f"{tm} as built from {stats.name}")
    if not team_stats:
        say("warning: no --team-stats: the league has no divisions and no real records (a season replay then plays "
            "a double round robin and cannot be compared with history)")
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
    for tm in built:
        t = team_stats_by_abbr.get(tm)
        if t is not None and t.wins is not None and t.losses is not None:
            real[stems[tm]] = [t.wins, t.losses]
        d = div_of.get(tm) or div_of.get(names.get(tm, {}).get("name", ""))
        if d:
            divisions.setdefault(d, []).append(stems[tm])
    name = name or out.name
    league: dict[str, Any] = {
        "schema": LEAGUE_SCHEMA, "name": name, "title": title or name, "season": season,
        "ruleset": ruleset, "source": source,
        "built_by": command or " ".join(["coachgym", "cards", "build", ruleset, shlex.quote(str(stats)), "--out",
                                         shlex.quote(str(out))]),
        "notes": notes, "teams": [stems[tm] for tm in sorted(built, key=lambda k: stems[k])],
        "divisions": divisions,
    }
    if divisions and all(any(d in divs for divs in NBA_CONFERENCES.values()) for d in divisions):
        league["conferences"] = {c: [d for d in divs if d in divisions] for c, divs in NBA_CONFERENCES.items()
                                 if any(d in divisions for d in divs)}
    if schedule_format:
        league["schedule_format"] = dict(schedule_format)
    league.update({"real_records": real, "schedule": None})
    (out / "league.json").write_text(json.dumps(league, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return league


def _divisions(path: str | Path) -> dict[str, str]:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        return {(r.get("Team") or "").strip(): (r.get("Division") or "").strip()
                for r in csv.DictReader(fh) if (r.get("Division") or "").strip()}
