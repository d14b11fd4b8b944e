"""Build the NBA season data that ``coachgym leagues build --season YYYY`` reads (docs/leagues.md,
"Every NBA season offline"): two xz-compressed CSVs in ``coachgym/core/data/``:

* ``nba-players.csv.xz``: every NBA player-season row (one per team, plus the ``TOT`` row of a traded
  player) of the seasons FIRST..LAST, Basketball-Reference season totals from ``Player Totals.csv`` of
  github.com/sumitrodatta/contract-prediction-2020 at commit ``8c8bf8ef5c18ead665a52d48abbb510c89f8a44a``
  (the file the shipped 1979-80 league was built from);
* ``nba-teams.csv.xz``: every NBA team's W, L, G, PTS, OPP_PTS and the possession columns (FGA, ORB,
  TOV, FTA and the opponents') of the same seasons, from ``Team Totals.csv``, ``Opponent Totals.csv``
  and ``Team Summaries.csv`` in folder ``Data`` of github.com/sumitrodatta/bball-reference-datasets at
  commit ``2d866872591f7d2a07ee8027c5ca0543517e162f`` (as ``tools/team_totals_from_bref.py`` reads them).

2019-20 (``--season-players 2020=FILE``): the player file above stops at the season's suspension (March
2020) while the team tables count the games after it, so that season's player rows come from another
scrape of the same Basketball-Reference table made after the restart: ``data/player_totals.csv`` of
github.com/databyjp/learndata_nba at commit ``c8fdf4b9e3969fa055486643befb73c131cc6702`` (2020-08-28,
after the last seeding game of 2020-08-14; Basketball-Reference's ``name, pos, age, team_id, g .. pts``
columns and ``season``). Its rows replace the first file's rows of that season only; its rows of the
season before are checked to be the first file's, count for count (the same table), and its season is
checked like every other.

    python tools/history_nba_seasons.py PLAYER_TOTALS.csv DATA_DIR --first 1980 --last 2020 \
        --season-players 2020=player_totals.csv --out coachgym/core/data

Divisions and schedule formats are not in those tables: they are ``coachgym/core/data/nba-seasons.json``
(written by hand, read here only to check that every team of every season has its division).

Checked for every season, as the 1979-80 build was (a failed check stops the tool with one line):
every traded player's team rows add up to his ``TOT`` row (G, MP, PTS, FGA, TRB, AST); every team's
player rows add up to its team totals (PTS and FGA exactly; minutes within 1% of 5 x 48 x games,
overtimes included); the teams of the player rows and of the team tables are the same. ``--report``
prints one line a season with the counts checked.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import lzma
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from team_totals_from_bref import DataError, team_totals  # noqa: E402

PLAYER_COLUMNS = ("Season", "Player", "Pos", "Age", "Tm", "G", "GS", "MP", "FG", "FGA", "3P", "3PA", "FT", "FTA", "ORB",
                  "DRB", "TRB", "AST", "STL", "BLK", "TOV", "PF", "PTS")
SOURCE_OF = {"Season": "season", "Player": "player", "Pos": "pos", "Age": "age", "Tm": "tm", "G": "g", "GS": "gs",
             "MP": "mp", "FG": "fg", "FGA": "fga", "3P": "x3p", "3PA": "x3pa", "FT": "ft", "FTA": "fta", "ORB": "orb",
             "DRB": "drb", "TRB": "trb", "AST": "ast", "STL": "stl", "BLK": "blk", "TOV": "tov", "PF": "pf", "PTS": "pts"}
# the same columns in a scrape of Basketball-Reference's season totals table (its data-stat names)
SCRAPED_OF = {"Player": "name", "Pos": "pos", "Age": "age", "Tm": "team_id", "G": "g", "GS": "gs", "MP": "mp", "FG": "fg",
              "FGA": "fga", "3P": "fg3", "3PA": "fg3a", "FT": "ft", "FTA": "fta", "ORB": "orb", "DRB": "drb", "TRB": "trb",
              "AST": "ast", "STL": "stl", "BLK": "blk", "TOV": "tov", "PF": "pf", "PTS": "pts"}
TEXT = ("Season", "Player", "Pos", "Age", "Tm")
TOT_CHECK = ("G", "MP", "PTS", "FGA", "TRB", "AST")


def _read_totals(path: Path, column_of: dict[str, str], keep, source: str, na_empty: bool,
                 also: tuple[str, ...] = ()) -> list[dict[str, str]]:
    """The rows ``keep(row)`` accepts of a CSV of season totals, in our columns (``column_of``: ours -> the
    file's); every count a whole number or empty (``na_empty``: "NA" read as empty), else one line naming the
    file, line and column. ``source`` names the file expected where a column (or one of ``also``, read by
    ``keep``) is missing."""
    try:
        fh = path.open(newline="", encoding="utf-8-sig")
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    out = []
    with fh:
        reader = csv.DictReader(fh)
        missing = [c for c in (*column_of.values(), *also) if c not in (reader.fieldnames or [])]
        if missing:
            raise DataError(f"{path}: column(s) {', '.join(missing)} missing ({source})")
        for k, row in enumerate(reader, start=2):
            if not keep(row):
                continue
            rec = {}
            for col, src in column_of.items():
                v = (row[src] or "").strip()
                if na_empty and v == "NA":
                    v = ""
                if col not in TEXT and v and not v.isdigit():
                    raise DataError(f"{path}: line {k}, column {src}: {v!r} is not a whole number")
                rec[col] = v
            out.append(rec)
    return out


def read_players(path: Path, first: int, last: int) -> list[dict[str, str]]:
    return _read_totals(path, SOURCE_OF, lambda row: row["lg"] == "NBA" and first <= int(row["season"]) <= last,
                        "sumitrodatta's Player Totals.csv", na_empty=True, also=("lg",))


def read_scraped_players(path: Path, seasons: tuple[int, ...]) -> list[dict[str, str]]:
    """The rows of ``seasons`` of a scrape of Basketball-Reference's NBA season totals (databyjp/learndata_nba's
    ``data/player_totals.csv``: the table's data-stat names and ``season``, the year the season ends), in
    the columns of :data:`PLAYER_COLUMNS`."""
    return _read_totals(path, {"Season": "season", **SCRAPED_OF},
                        lambda row: row["season"].isdigit() and int(row["season"]) in seasons,
                        "a Basketball-Reference totals scrape", na_empty=False)


def check_same_rows(season: int, first: list[dict[str, str]], other: list[dict[str, str]], name: str) -> int:
    """``other`` holds exactly ``first``'s rows of ``season``, count for count (the same table scraped twice);
    returns the number of rows."""
    def keyed(rows: list[dict[str, str]]) -> list[tuple[str, ...]]:
        return sorted(tuple(r[c] for c in PLAYER_COLUMNS) for r in rows)

    a, b = keyed(first), keyed(other)
    if a != b:
        extra = sorted(set(b) - set(a))[:1] or sorted(set(a) - set(b))[:1]
        raise DataError(f"{name}: its {season - 1}-{str(season)[2:]} rows differ from the player file's ({len(b)} "
                        f"rows, {len(a)} there; first difference: {extra[0][1:5] if extra else 'row counts'})")
    return len(a)


def check_season(season: int, players: list[dict[str, str]], teams: list[dict[str, str]]) -> str:
    """The checks of one season; one line of what was checked (raises DataError on a failure)."""
    def n(r: dict[str, str], c: str) -> int:
        return int(r[c] or 0)

    team_rows = {t["Team"]: t for t in teams}
    by_team: dict[str, list[dict[str, str]]] = {}
    by_player: dict[str, list[dict[str, str]]] = {}
    for r in players:
        by_player.setdefault(r["Player"] + "|" + r["Age"], []).append(r)
        if r["Tm"] != "TOT":
            by_team.setdefault(r["Tm"], []).append(r)
    if sorted(by_team) != sorted(team_rows):
        raise DataError(f"season {season}: player rows' teams {', '.join(sorted(by_team))} differ from the team "
                        f"tables' {', '.join(sorted(team_rows))}")
    traded = 0
    for key, rows in by_player.items():
        tot = [r for r in rows if r["Tm"] == "TOT"]
        if not tot:
            continue
        traded += 1
        parts = [r for r in rows if r["Tm"] != "TOT"]
        for c in TOT_CHECK:
            if sum(n(r, c) for r in parts) != n(tot[0], c):
                raise DataError(f"season {season}: {key.split('|')[0]}'s team rows give {c} "
                                f"{sum(n(r, c) for r in parts)}, his TOT row {n(tot[0], c)}")
    lo, hi = 1e9, 0.0
    for tm, rows in by_team.items():
        t = team_rows[tm]
        for c in ("PTS", "FGA"):
            if sum(n(r, c) for r in rows) != int(t[c]):
                raise DataError(f"season {season}: {tm}'s players give {c} {sum(n(r, c) for r in rows)}, "
                                f"its team totals {t[c]}")
        share = sum(n(r, "MP") for r in rows) / (240 * int(t["G"]))
        if not 0.99 <= share <= 1.03:
            raise DataError(f"season {season}: {tm}'s players have {share:.3f} of 240 minutes x {t['G']} games")
        lo, hi = min(lo, share), max(hi, share)
    return (f"{season - 1}-{str(season)[2:]}: {len(by_team)} teams, {len(players)} rows, {traded} traded players' "
            f"TOT rows = their team rows, team PTS and FGA = players' sums, minutes {lo:.3f}-{hi:.3f} of 240 x games")


def check_alignment(alignment: Path, season: int, teams: list[str]) -> None:
    data = json.loads(alignment.read_text(encoding="utf-8"))
    era = [e for e in data["alignment"] if e["from"] <= season <= e["to"]]
    if len(era) != 1:
        raise DataError(f"{alignment}: season {season} is in {len(era)} alignment entries (one expected)")
    found = {tm: [d for d, members in era[0]["divisions"].items() if tm in members] for tm in teams}
    wrong = {tm: ds for tm, ds in found.items() if len(ds) != 1}
    if wrong:
        raise DataError(f"{alignment}: season {season}: teams without exactly one division: {wrong}")


def replace_season(players: list[dict[str, str]], spec: str, first: int, last: int, source: Path,
                   report: bool) -> list[dict[str, str]]:
    """``players`` with the rows of the season of ``spec`` (``YEAR=FILE``) taken from FILE, after checking
    that FILE's rows of the season before are ``source``'s."""
    year_text, _, name = spec.partition("=")
    if not year_text.isdigit() or not name or not first <= int(year_text) <= last:
        raise DataError(f"--season-players {spec!r}: write YEAR=FILE with YEAR in {first}..{last}")
    year = int(year_text)
    rows = read_scraped_players(Path(name), (year - 1, year))
    new = [r for r in rows if r["Season"] == str(year)]
    if not new:
        raise DataError(f"{name}: no rows of season {year}")
    before = [r for r in rows if r["Season"] == str(year - 1)]
    if year - 1 >= first:
        same = check_same_rows(year - 1, [p for p in players if p["Season"] == str(year - 1)], before, name)
        if report:
            print(f"{name}: its {same} rows of {year - 2}-{str(year - 1)[2:]} = {source.name}'s (every count); "
                  f"{year - 1}-{str(year)[2:]} from it ({len(new)} rows)")
    return [p for p in players if p["Season"] != str(year)] + new


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", type=Path, help="sumitrodatta/contract-prediction-2020 'Player Totals.csv'")
    ap.add_argument("data", type=Path, help="sumitrodatta/bball-reference-datasets 'Data' folder")
    ap.add_argument("--first", type=int, default=1980, help="first season (the year it ends)")
    ap.add_argument("--last", type=int, default=2019, help="last season (the year it ends)")
    ap.add_argument("--out", type=Path, required=True, help="folder for nba-players.csv.xz and nba-teams.csv.xz")
    ap.add_argument("--season-players", action="append", default=[], metavar="YEAR=FILE",
                    help="the player rows of season YEAR from a Basketball-Reference totals scrape instead "
                         "(2020=databyjp/learndata_nba data/player_totals.csv at c8fdf4b9)")
    ap.add_argument("--report", action="store_true", help="one line a season: what was checked")
    args = ap.parse_args(argv)
    try:
        players = read_players(args.players, args.first, args.last)
        for spec in args.season_players:
            players = replace_season(players, spec, args.first, args.last, args.players, args.report)
        team_out: list[dict[str, str]] = []
        for season in range(args.first, args.last + 1):
            rows = team_totals(args.data, season)
            header = rows[0]
            teams = [dict(zip(header, r)) for r in rows[1:]]
            for t in teams:
                t.pop("Division", None)
            line = check_season(season, [p for p in players if int(p["Season"]) == season], teams)
            check_alignment(args.out / "nba-seasons.json", season, [t["Team"] for t in teams])
            if args.report:
                print(line)
            team_out += [{"Season": str(season), **t} for t in teams]
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for name, rows, cols in (("nba-players.csv.xz", players, PLAYER_COLUMNS),
                             ("nba-teams.csv.xz", team_out, tuple(team_out[0]))):
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=cols, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
        # xz without a timestamp: the same input writes the same bytes
        (args.out / name).write_bytes(lzma.compress(buf.getvalue().encode("utf-8"), preset=9 | lzma.PRESET_EXTREME))
    print(f"wrote {len(players)} player rows and {len(team_out)} team rows of {args.first - 1}-{str(args.first)[2:]} .. "
          f"{args.last - 1}-{str(args.last)[2:]} to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
