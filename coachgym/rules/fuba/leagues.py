"""Real FUBA leagues: a real football season's clubs as FUBA teams (docs/rules/fuba.md, "Real leagues").

FUBA's pieces are anonymous (1.1), so a club differs from another only by its A12 skills: how many it
chooses (up to the agreed number, ``skill_limit``; the rulebook recommends 3-6) and which. A club's
skills follow from its season's **statistics** (goals for and against per game, from the matches
themselves), never from the standings: points and positions are kept apart (``real_table``, for the
replay against history only). The mapping's constants are data (``data/league_mapping.json``).

Input: ``matches.csv`` beside ``league.json`` (one row per match: ``date,round,home,away,home_goals,
away_goals,ht_home,ht_away``, clubs by their stem), written by ``tools/history_fuba_epl.py`` from the
cited source. :func:`build_league` writes the league folder; it is a pure function of the matches and
the mapping (the same input gives the same bytes). Plain Python: the rules layer.
"""

from __future__ import annotations

import csv
import json
import math
import statistics
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ...core.errors import TeamFileError
from ...core.ruleset import LEAGUE_SCHEMA
from .board import SKILLS
from .teams import SCHEMA as TEAM_SCHEMA

MAPPING_SCHEMA = "coachgym.fuba.league_mapping/1"
MATCH_COLUMNS = ("date", "round", "home", "away", "home_goals", "away_goals", "ht_home", "ht_away")
STAT_COLUMNS = ("club", "games", "goals_for", "goals_against", "clean_sheets", "failed_to_score",
                "home_goals_for", "home_goals_against", "away_goals_for", "away_goals_against",
                "ht_goals_for", "ht_goals_against")


@dataclass(frozen=True)
class Match:
    date: str
    round: str
    home: str
    away: str
    home_goals: int
    away_goals: int
    ht_home: int
    ht_away: int


def read_matches(path: str | Path) -> list[Match]:
    """``matches.csv`` as :class:`Match` rows; a bad file stops with one line naming the line and column."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TeamFileError(path, "<file>", f"cannot be read ({exc.strerror or exc})") from None
    reader = csv.DictReader(text.splitlines())
    missing = [c for c in MATCH_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise TeamFileError(path, "header", f"missing column(s) {', '.join(missing)}; columns: {','.join(MATCH_COLUMNS)}")
    rows: list[Match] = []
    for k, row in enumerate(reader, start=2):
        for col in ("date", "round", "home", "away"):
            if not (row.get(col) or "").strip():
                raise TeamFileError(path, f"line {k}", f"column {col!r} is empty")
        goals = []
        for col in MATCH_COLUMNS[4:]:
            cell = (row.get(col) or "").strip()
            if not cell.isdigit():
                raise TeamFileError(path, f"line {k}", f"column {col!r} must be a whole number of goals >= 0, got {cell!r}")
            goals.append(int(cell))
        if row["home"] == row["away"]:
            raise TeamFileError(path, f"line {k}", f"a club cannot play itself ({row['home']!r})")
        if goals[2] > goals[0] or goals[3] > goals[1]:
            raise TeamFileError(path, f"line {k}", "half-time goals exceed the full-time score")
        rows.append(Match(row["date"], row["round"], row["home"], row["away"], *goals))
    if not rows:
        raise TeamFileError(path, "<file>", "holds no matches")
    return rows


def check_matches(matches: list[Match], path: str | Path = "matches.csv") -> list[str]:
    """The checks of a full double round robin: every pair of clubs meets twice, once at each ground;
    returns the clubs (sorted). Any other shape stops with one line."""
    clubs = sorted({m.home for m in matches} | {m.away for m in matches})
    n = len(clubs)
    pairs: dict[tuple[str, str], int] = {}
    for m in matches:
        pairs[(m.home, m.away)] = pairs.get((m.home, m.away), 0) + 1
    if len(matches) != n * (n - 1):
        raise TeamFileError(path, "<file>", f"{len(matches)} matches for {n} clubs; a double round robin has {n * (n - 1)}")
    twice = [(h, a, c) for (h, a), c in pairs.items() if c != 1]
    if twice:
        h, a, c = twice[0]
        raise TeamFileError(path, "<file>", f"{h} v {a} is played {c} times; a double round robin plays it once")
    return clubs


def team_stats(matches: list[Match]) -> dict[str, dict[str, int]]:
    """Each club's season statistics from its matches (no points, no positions)."""
    out: dict[str, dict[str, int]] = {}

    def line(club: str) -> dict[str, int]:
        return out.setdefault(club, {c: 0 for c in STAT_COLUMNS[1:]})

    for m in matches:
        for club, gf, ga, hf, ha, where in ((m.home, m.home_goals, m.away_goals, m.ht_home, m.ht_away, "home"),
                                            (m.away, m.away_goals, m.home_goals, m.ht_away, m.ht_home, "away")):
            s = line(club)
            s["games"] += 1
            s["goals_for"] += gf
            s["goals_against"] += ga
            s["clean_sheets"] += ga == 0
            s["failed_to_score"] += gf == 0
            s[f"{where}_goals_for"] += gf
            s[f"{where}_goals_against"] += ga
            s["ht_goals_for"] += hf
            s["ht_goals_against"] += ha
    return dict(sorted(out.items()))


def real_table(matches: list[Match]) -> dict[str, list[int]]:
    """The real table, for the replay against history only: club -> [won, drawn, lost, goals for,
    goals against, points] (3 for a win, 1 for a draw)."""
    table: dict[str, list[int]] = {}
    for m in matches:
        for club, gf, ga in ((m.home, m.home_goals, m.away_goals), (m.away, m.away_goals, m.home_goals)):
            t = table.setdefault(club, [0, 0, 0, 0, 0, 0])
            t[0 if gf > ga else 1 if gf == ga else 2] += 1
            t[3] += gf
            t[4] += ga
            t[5] += 3 if gf > ga else 1 if gf == ga else 0
    return dict(sorted(table.items()))


# ------------------------------------------------------------------------------------ the mapping
def load_mapping(path: str | Path | None = None) -> dict[str, Any]:
    """The mapping from statistics to skills (``data/league_mapping.json`` unless ``path``), checked."""
    if path is None:
        text = resources.files(__package__).joinpath("data", "league_mapping.json").read_text(encoding="utf-8")
        where: str | Path = "coachgym/rules/fuba/data/league_mapping.json"
    else:
        where = Path(path)
        text = where.read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("schema") != MAPPING_SCHEMA:
        raise TeamFileError(where, "schema", f"must be {MAPPING_SCHEMA!r}")
    for key in ("attack", "defence"):
        if not isinstance(data.get(key), list) or not data[key]:
            raise TeamFileError(where, key, "must list skill names, strongest first")
        for s in data[key]:
            if s not in SKILLS:
                raise TeamFileError(where, key, f"unknown skill {s!r} (A12)")
    limit = data.get("skill_limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 12:
        raise TeamFileError(where, "skill_limit", "must be a whole number of skill choices, 1-12 (A12 recommends 3-6)")
    q = data.get("match_skills")
    if not isinstance(q, dict) or not all(isinstance(q.get(k), (int, float)) for k in ("intercept", "slope")):
        raise TeamFileError(where, "match_skills", "must give 'intercept' and 'slope' (numbers)")
    clubs = data.get("clubs")
    if not isinstance(clubs, dict):
        raise TeamFileError(where, "clubs", "must map a club's name in the source to {stem, short}")
    return data


def max_match_skills(limit: int) -> int:
    """A12: half of the skills (rounded up) on the match, the rest in reserve: with ``limit`` skill
    choices a club fields at most ceil(limit / 2) match skills."""
    return (limit + 1) // 2


def club_ratings(stats: dict[str, dict[str, int]]) -> dict[str, dict[str, float]]:
    """Each club's attack and defence as standard scores within its league: ``attack`` from goals for
    per game, ``defence`` from goals against per game (fewer is better), ``quality`` their sum."""
    gf = {c: s["goals_for"] / s["games"] for c, s in stats.items()}
    ga = {c: s["goals_against"] / s["games"] for c, s in stats.items()}
    mf, sf = statistics.fmean(gf.values()), statistics.pstdev(gf.values()) or 1.0
    ma, sa = statistics.fmean(ga.values()), statistics.pstdev(ga.values()) or 1.0
    out = {}
    for c in stats:
        a = (gf[c] - mf) / sf
        d = (ma - ga[c]) / sa
        out[c] = {"attack": round(a, 4), "defence": round(d, 4), "quality": round(a + d, 4)}
    return out


def club_skills(rating: dict[str, float], mapping: dict[str, Any]) -> tuple[list[str], list[str]]:
    """``(match skills, reserve skills)`` of a club from its ratings (docs/rules/fuba.md, "Real leagues"):

    * match skills ``m = clamp(round(intercept + slope * quality), 0, ceil(skill_limit / 2))``;
    * each match skill goes to the side (attack or defence) with the larger remaining rating, which
      then drops by one; each side takes its list's skills in order (strongest first);
    * the reserve: as many skills as A12's split allows within ``skill_limit`` choices (the shot
      stopper counts as two), taken the same way; they play only through an A3 game plan change.
    """
    limit = int(mapping["skill_limit"])
    q = mapping["match_skills"]
    m = int(math.floor(q["intercept"] + q["slope"] * rating["quality"] + 0.5))
    m = max(0, min(max_match_skills(limit), m))
    lists: dict[str, list[str]] = {"attack": list(mapping["attack"]), "defence": list(mapping["defence"])}
    left = {"attack": rating["attack"], "defence": rating["defence"]}
    taken: list[str] = []

    def take() -> str | None:
        order = sorted(("attack", "defence"), key=lambda s: (-left[s], s))
        for side in order:
            for name in lists[side]:
                if name not in taken:
                    left[side] -= 1
                    taken.append(name)
                    return name
        return None

    match = [s for s in (take() for _ in range(m)) if s]
    used = sum(SKILLS[s].get("counts", 1) for s in match)
    reserve: list[str] = []
    # A12: n skills put ceil(n/2) on the match, so the reserve holds m or m - 1 of them
    for _ in range(len(match)):
        name = take()
        if name is None:
            break
        cost = SKILLS[name].get("counts", 1)
        if used + cost > limit:
            taken.remove(name)
            break
        reserve.append(name)
        used += cost
    if len(match) != (len(match) + len(reserve) + 1) // 2:  # pragma: no cover - guarded by the loop above
        raise ValueError("A12 split broken")
    return match, reserve


# ------------------------------------------------------------------------------------ the folder
def build_league(folder: str | Path, meta: dict[str, Any], mapping: dict[str, Any] | None = None) -> dict[str, Any]:
    """Build the league folder from its ``matches.csv``: ``team_stats.csv``, one team file per club,
    ``schedule.csv`` (the real fixture list) and ``league.json``. ``meta``: name, title, season,
    source, built_by, notes. Returns league.json's data."""
    folder = Path(folder)
    mapping = mapping or load_mapping()
    path = folder / "matches.csv"
    matches = read_matches(path)
    clubs = check_matches(matches, path)
    full = {v["stem"]: k for k, v in mapping["clubs"].items()}  # stem -> the club's name
    unknown = [c for c in clubs if c not in full]
    if unknown:
        raise TeamFileError(path, "home/away", f"club(s) {', '.join(unknown)} not in the mapping's clubs "
                                               "(coachgym/rules/fuba/data/league_mapping.json)")
    stats = team_stats(matches)
    ratings = club_ratings(stats)
    with open(folder / "team_stats.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(STAT_COLUMNS)
        for c, s in stats.items():
            w.writerow([c] + [s[k] for k in STAT_COLUMNS[1:]])
    with open(folder / "schedule.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(("date", "home", "away"))
        for m in matches:
            w.writerow((m.date, m.home, m.away))
    for c in clubs:
        info = mapping["clubs"][full[c]]
        match, reserve = club_skills(ratings[c], mapping)
        s = stats[c]
        r = ratings[c]
        team = {
            "schema": TEAM_SCHEMA, "name": full[c], "short": info["short"], "fictional": False,
            "season": meta["season"],
            "source": f"{meta['source']}; statistics: team_stats.csv of this folder",
            "comment": (f"{meta['title']}: {s['goals_for']} goals for, {s['goals_against']} against in {s['games']} "
                        f"games; attack {r['attack']:+.2f}, defence {r['defence']:+.2f} (standard scores), quality "
                        f"{r['quality']:+.2f} -> {len(match)} match skills (A12; docs/rules/fuba.md, Real leagues)"),
            "skills": match, "reserve_skills": reserve,
        }
        (folder / f"{c}.json").write_text(json.dumps(team, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    league = {
        "schema": LEAGUE_SCHEMA, "name": meta["name"], "title": meta["title"], "season": meta["season"],
        "ruleset": "fuba", "source": meta["source"], "built_by": meta["built_by"], "notes": meta["notes"],
        "teams": clubs, "divisions": {}, "real_records": {},
        "rule_options": {"condition_points": True, "skills": True, "skill_limit": int(mapping["skill_limit"])},
        "real_table": real_table(matches),
        "real_table_columns": ["won", "drawn", "lost", "goals_for", "goals_against", "points"],
        "schedule": "schedule.csv",
    }
    (folder / "league.json").write_text(json.dumps(league, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return league
