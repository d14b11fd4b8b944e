"""``coachgym leagues build --season YYYY``: every NBA season 1979-80 .. 2019-20 from the shipped data
(coachgym/core/data, docs/leagues.md "Every NBA season offline"): the data checked as the 1979-80 build
was, a few seasons built and loaded, and a season outside the data refused in one line."""

from __future__ import annotations

import csv
import json
import lzma
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core import nbaseasons
from coachgym.core.errors import ConfigError
from coachgym.series.competition import league_season_format

ROOT = Path(__file__).resolve().parents[2]


def _read(path: Path) -> list[dict[str, str]]:
    with lzma.open(path, "rt", encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _n(r: dict[str, str], c: str) -> int:
    return int(r[c] or 0)


def test_every_season_of_the_data_adds_up():
    """Traded players' team rows = their TOT rows; each team's players = its team PTS and FGA; team
    minutes 240 a game (overtimes: up to 3% more); every team has one division; seasons 1980..2020; each
    season's schedule format plays the most games a team's real record adds up to (the lockout rule)."""
    players, teams = _read(nbaseasons.PLAYERS), _read(nbaseasons.TEAMS)
    meta = nbaseasons.meta()
    seasons = sorted({int(r["Season"]) for r in teams})
    assert seasons == list(range(meta["first"], meta["last"] + 1)) == list(range(1980, 2021))
    by_season: dict[str, list[dict[str, str]]] = defaultdict(list)
    for r in players:
        by_season[r["Season"]].append(r)
    traded_total = 0
    for t_season in seasons:
        rows = by_season[str(t_season)]
        team_rows = {t["Team"]: t for t in teams if t["Season"] == str(t_season)}
        per_team: dict[str, list[dict[str, str]]] = defaultdict(list)
        per_player: dict[tuple[str, str], list[dict[str, str]]] = defaultdict(list)
        for r in rows:
            per_player[(r["Player"], r["Age"])].append(r)
            if r["Tm"] != "TOT":
                per_team[r["Tm"]].append(r)
        assert sorted(per_team) == sorted(team_rows), t_season
        for key, prs in per_player.items():
            tot = [r for r in prs if r["Tm"] == "TOT"]
            if tot:
                traded_total += 1
                for c in ("G", "MP", "PTS", "FGA", "TRB", "AST"):
                    assert sum(_n(r, c) for r in prs if r["Tm"] != "TOT") == _n(tot[0], c), (t_season, key, c)
        divisions = nbaseasons._of_season(meta["alignment"], t_season)["divisions"]
        for tm, prs in per_team.items():
            t = team_rows[tm]
            assert sum(_n(r, "PTS") for r in prs) == int(t["PTS"]), (t_season, tm)
            assert sum(_n(r, "FGA") for r in prs) == int(t["FGA"]), (t_season, tm)
            assert 1.0 <= sum(_n(r, "MP") for r in prs) / (240 * int(t["G"])) <= 1.03, (t_season, tm)
            assert int(t["W"]) + int(t["L"]) == int(t["G"]), (t_season, tm)
            assert max(_n(r, "G") for r in prs) <= int(t["G"]), (t_season, tm)  # no player outplays his team
            assert sum(tm in members for members in divisions.values()) == 1, (t_season, tm)
        fmt = nbaseasons._of_season(meta["schedule_formats"], t_season)["format"]
        assert fmt["games"] == max(int(t["G"]) for t in team_rows.values()), t_season
        short = sorted(tm for tm, t in team_rows.items() if int(t["G"]) != fmt["games"])
        # 2012-13: Boston's game at Indiana after the Boston Marathon bombing was never played (81 games each);
        # 2019-20: suspended, then 22 teams played 8 more games at the restart: Dallas 75, the others 64-74
        assert short == (["BOS", "IND"] if t_season == 2013 else sorted(set(team_rows) - {"DAL"}) if t_season == 2020
                         else []), t_season
    assert traded_total > 1500


def test_the_data_agrees_with_the_shipped_leagues():
    """1979-80: the same rows as the shipped 4th Street league's stats.csv (same source); 1979-80 and
    1992-93: the same divisions as the shipped leagues."""
    shipped = ROOT / "coachgym/rules/fourthstreet/data/leagues/nba-1980/stats.csv"
    with shipped.open(encoding="utf-8", newline="") as fh:
        old = {(r["Player"], r["Tm"]): (r["G"], r["MP"], r["PTS"], r["TRB"], r["AST"]) for r in csv.DictReader(fh)}
    new = {(r["Player"], r["Tm"]): (r["G"], r["MP"], r["PTS"], r["TRB"], r["AST"])
           for r in _read(nbaseasons.PLAYERS) if r["Season"] == "1980"}
    assert new == old
    stems = {k: v["stem"] for k, v in json.loads((ROOT / "coachgym/core/nba_teams.json").read_text())["teams"].items()}
    for year, shipped_league in ((1993, "statispro/data/leagues/nba-1993"), (1980, "fourthstreet/data/leagues/nba-1980")):
        lg = json.loads((ROOT / "coachgym/rules" / shipped_league / "league.json").read_text())
        teams = {r["Team"] for r in _read(nbaseasons.TEAMS) if r["Season"] == str(year)}
        ours = {d: sorted(stems[t] for t in members if t in teams)
                for d, members in nbaseasons._of_season(nbaseasons.meta()["alignment"], year)["divisions"].items()}
        assert ours == {d: sorted(v) for d, v in lg["divisions"].items()}, year


@pytest.mark.parametrize("ruleset,season,teams,divisions,games", [
    ("statispro", "1998-99", 29, 4, 50),  # the lockout season: 50 games, all in the conference
    ("statispro", "2008", 30, 6, 82),  # after the 2004 realignment: six divisions
    ("fourthstreet", "1985", 23, 4, 82),
    ("statispro", "2020", 30, 6, 75),  # 2019-20: suspended and restarted; Dallas's 75 games the longest record
])
def test_a_season_builds_and_plays_its_format(tmp_path, ruleset, season, teams, divisions, games):
    out = tmp_path / "lg"
    res = CliRunner().invoke(main, ["leagues", "build", "--season", season, "--ruleset", ruleset, "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert f"wrote {teams} " in res.output
    data = json.loads((out / "league.json").read_text())
    year = nbaseasons.parse_season(season)
    assert data["season"] == nbaseasons.season_label(year) and data["name"] == f"nba-{year}"
    assert len(data["teams"]) == teams and len(data["divisions"]) == divisions
    assert set(data["conferences"]) == {"Eastern", "Western"}
    real = [w + lost for w, lost in data["real_records"].values()]
    assert max(real) == games and len(real) == teams
    assert all(g == games for g in real) or year == 2020  # 2019-20: 64-75 games a team (below)
    players = "c8fdf4b9e3969fa055486643befb73c131cc6702" if year == 2020 else "8c8bf8ef5c18ead665a52d48abbb510c89f8a44a"
    assert players in data["source"] and "2d866872" in data["source"]
    lg = rulesets.get(ruleset).league(str(out))  # the ruleset's own loader takes it
    assert len(lg.teams) == teams
    sched = league_season_format(ruleset, str(out))
    assert sched["real_games"] == games  # real availability counts the players' games out of this length
    played: dict[str, int] = defaultdict(int)
    for h, a in sched["games"]:
        played[h] += 1
        played[a] += 1
    if year == 2020:  # each team its real length (64-75: the 8 teams left out of the restart 64-67)
        _check_2020_lengths(lg, sched, played, data["real_records"])
        sched = league_season_format(ruleset, str(out), 0, games)  # 75 asked for: the balanced 75 as before
        assert "real_games_by_team" not in sched and len(sched["games"]) == 75 * 30 // 2
    else:
        assert "real_games_by_team" not in sched and set(played.values()) == {games}
    if games == 50:  # 1998-99: no game across the conferences
        conf = {t: lg.conference_of(t) for t in lg.teams}
        assert all(conf[h] == conf[a] for h, a in sched["games"])


def _check_2020_lengths(lg, sched, played, records) -> None:
    """2019-20 replayed at each team's real length: every team its real record's games, home and away
    within one, each opponent met 2-4 times (2 apart at most within a kind of opponent), the players'
    games counted out of their team's length; seeded."""
    real = {t: w + lost for t, (w, lost) in records.items()}
    assert dict(played) == real and min(real.values()) == 64 and max(real.values()) == 75
    assert sched["real_games_by_team"] == real and sched["format"]["games"] == real
    home: dict[str, int] = defaultdict(int)
    meet: dict[frozenset, int] = defaultdict(int)
    for h, a in sched["games"]:
        home[h] += 1
        meet[frozenset((h, a))] += 1
    assert all(abs(2 * home[t] - real[t]) <= 1 for t in real)

    def kind(a: str, b: str) -> int:
        return 0 if lg.division_of(a) == lg.division_of(b) else 1 if lg.conference_of(a) == lg.conference_of(b) else 2

    for t in real:
        for k in range(3):
            counts = [meet[frozenset((t, u))] for u in real if u != t and kind(t, u) == k]
            assert 2 <= min(counts) and max(counts) <= 4 and max(counts) - min(counts) <= 2, (t, k, counts)
    assert league_season_format("statispro", str(lg.folder), 0) == sched


def _tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location("history_nba_seasons", ROOT / "tools" / "history_nba_seasons.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_tool_takes_2019_20_from_the_scrape_after_the_restart(tmp_path):
    """tools/history_nba_seasons.py --season-players 2020=FILE: that season's rows come from the later
    Basketball-Reference scrape (the first file stops at the suspension), only after the scrape's rows of
    the season before are the first file's, count for count; a difference is refused in one line."""
    tool = _tool()
    counts = {c: "1" for c in tool.PLAYER_COLUMNS if c not in tool.TEXT}

    def first_row(season: int, g: str) -> dict[str, str]:
        return {"Season": str(season), "Player": "A B", "Pos": "C", "Age": "25", "Tm": "OKC", **counts, "G": g}

    players = [first_row(2019, "82"), first_row(2020, "64")]  # 2019-20 at the suspension
    scrape = tmp_path / "player_totals.csv"

    def write(g2019: str) -> None:
        with scrape.open("w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(["", "index", *tool.SCRAPED_OF.values(), "link", "season"])
            for season, g in ((2019, g2019), (2020, "72"), (2018, "9")):
                row = {**{src: counts.get(col, "") for col, src in tool.SCRAPED_OF.items()},
                       "name": "A B", "pos": "C", "age": "25", "team_id": "OKC", "g": g}
                w.writerow(["0", "0", *row.values(), "/players/b/ba01.html", season])

    write("82")
    out = tool.replace_season(players, f"2020={scrape}", 1980, 2020, Path("Player Totals.csv"), False)
    assert [(r["Season"], r["G"]) for r in out] == [("2019", "82"), ("2020", "72")]  # 2018's row is not read
    assert set(out[1]) == set(tool.PLAYER_COLUMNS)
    write("81")  # the scrape's 2018-19 is not the first file's: refused
    with pytest.raises(tool.DataError, match="2018-19 rows differ from the player file's"):
        tool.replace_season(players, f"2020={scrape}", 1980, 2020, Path("Player Totals.csv"), False)
    with pytest.raises(tool.DataError, match="YEAR=FILE"):
        tool.replace_season(players, f"2021={scrape}", 1980, 2020, Path("Player Totals.csv"), False)


def test_blind_build_reads_no_standings(tmp_path):
    res = CliRunner().invoke(main, ["leagues", "build", "--season", "1997", "--out", str(tmp_path / "b"), "--blind"])
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "b" / "league.json").read_text())
    assert "--blind" in data["built_by"] and data["real_records"]["bulls"] == [69, 13]


@pytest.mark.parametrize("season,says", [
    ("2021", "covers 1979-80 (1980) to 2019-20 (2020)"),
    ("1979", "covers 1979-80 (1980) to 2019-20 (2020)"),
    ("1996-98", "write the season as the year it ends"),
    ("97", "write the season as the year it ends"),
])
def test_a_season_outside_the_data_is_one_line(tmp_path, season, says):
    res = CliRunner().invoke(main, ["leagues", "build", "--season", season, "--out", str(tmp_path / "x")])
    assert res.exit_code != 0 and says in res.output
    assert len(res.output.strip().splitlines()) == 1 and "Traceback" not in res.output
    assert not (tmp_path / "x").exists()
    with pytest.raises(ConfigError):
        nbaseasons.parse_season(season)
