"""Real FUBA leagues (docs/rules/fuba.md, "Real leagues"; docs/history.md, "FUBA"): the English Premier
League seasons as FUBA clubs that differ only by their A12 skills, chosen from goals for and against,
never from the standings. Fast: the data checks, the byte-for-byte rebuild, the A12 split of every
club, a short season through the command line, bad input."""

from __future__ import annotations

import csv
import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.errors import TeamFileError
from coachgym.rules.fuba import leagues as fl
from coachgym.rules.fuba.engine import check_skill_choice
from coachgym.series.competition import league_options, league_season_format

ROOT = Path(__file__).resolve().parents[2]
LEAGUES = ROOT / "coachgym" / "rules" / "fuba" / "data" / "leagues"
SHIPPED = ("epl-2017-18", "epl-2018-19")


def _tool():
    spec = importlib.util.spec_from_file_location("history_fuba_epl", ROOT / "tools" / "history_fuba_epl.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("history_fuba_epl", module)
    spec.loader.exec_module(module)
    return module


def test_fuba_leagues_are_bundled_and_named_league_slash_club():
    rs = rulesets.get("fuba")
    assert set(SHIPPED) <= set(rs.league_names())
    names = rs.league_team_names("epl-2018-19")
    assert len(names) == 20 and "epl-2018-19/liverpool" in names
    team = rs.load_team("epl-2018-19/manchester-city")
    assert team.name == "Manchester City" and team.fictional is False


@pytest.mark.parametrize("league", SHIPPED)
def test_fuba_league_data_checks_matches_games_and_goal_sums(league):
    folder = LEAGUES / league
    lines = _tool().check_folder(folder)
    assert lines[0] == "380 matches, 20 clubs, each pair once at each ground"
    stats = fl.team_stats(fl.read_matches(folder / "matches.csv"))
    assert {s["games"] for s in stats.values()} == {38}
    goals = sum(s["goals_for"] for s in stats.values())
    # the published totals of the two seasons: 1,018 goals in 2017-18 and 1,072 in 2018-19
    assert goals == {"epl-2017-18": 1018, "epl-2018-19": 1072}[league]


def test_fuba_league_real_table_is_the_published_one():
    table = json.loads((LEAGUES / "epl-2018-19" / "league.json").read_text())["real_table"]
    assert table["manchester-city"] == [32, 2, 4, 95, 23, 98]
    assert table["liverpool"] == [30, 7, 1, 89, 22, 97]
    assert table["huddersfield"][5] == 16
    table17 = json.loads((LEAGUES / "epl-2017-18" / "league.json").read_text())["real_table"]
    assert table17["manchester-city"][5] == 100


@pytest.mark.parametrize("league", SHIPPED)
def test_fuba_league_rebuilds_byte_for_byte_from_its_matches(tmp_path, league):
    shipped = LEAGUES / league
    folder = tmp_path / league
    folder.mkdir()
    shutil.copyfile(shipped / "matches.csv", folder / "matches.csv")
    fl.build_league(folder, _tool().meta(league.removeprefix("epl-")))
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in shipped.iterdir())
    for f in shipped.iterdir():
        assert (folder / f.name).read_bytes() == f.read_bytes(), f.name


@pytest.mark.parametrize("league", SHIPPED)
def test_a12_every_club_keeps_half_its_skills_on_the_match_within_six_choices(league):
    rs = rulesets.get("fuba")
    counts = []
    for name in rs.league_team_names(league):
        team = rs.load_team(name)
        check_skill_choice(team, 6)  # A12: half (rounded up) on the match; at most 6 skill choices
        counts.append(len(team.skills))
    assert max(counts) == 3 and min(counts) == 0  # the mapping spreads the clubs over A12's whole range


def test_a12_skills_follow_goals_not_points():
    """A club's skills come from its goals for and against per game (team_stats.csv, no points or
    positions in it), and the number of match skills never falls as the quality (the standardised
    goals for plus the standardised goals against, fewer being better) rises."""
    mapping = fl.load_mapping()
    stats = fl.team_stats(fl.read_matches(LEAGUES / "epl-2018-19" / "matches.csv"))
    ratings = fl.club_ratings(stats)
    ordered = sorted(ratings.values(), key=lambda r: r["quality"])
    sizes = [len(fl.club_skills(r, mapping)[0]) for r in ordered]
    assert sizes == sorted(sizes)
    assert "points" not in fl.STAT_COLUMNS and "won" not in fl.STAT_COLUMNS


def test_fuba_league_season_plays_the_real_fixtures_with_a1_and_a12(tmp_path):
    fmt = league_season_format("fuba", "epl-2018-19")
    assert fmt["source"] == "real" and len(fmt["games"]) == 380
    assert fmt["games"][0] == ["manchester-united", "leicester"]  # 2018-08-10, the season's first match
    assert league_options("fuba", "epl-2018-19") == {"condition_points": True, "skills": True, "skill_limit": 6}
    assert league_options("fourthstreet", "nba-1980") == {}  # a league without rule options changes nothing
    db = tmp_path / "s.sqlite3"
    result = CliRunner().invoke(main, ["season", "start", "fuba", "--league", "epl-2018-19", "--name", "s",
                                       "--db", str(db), "--max-games", "4", "-j", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "20 teams, 380 games" in result.output
    from coachgym.series.competition import Competition
    from coachgym.series.tables import standings
    from coachgym.store import Store

    with Store(db) as store:
        comp = Competition.load(store, "s")
        assert comp.options["skills"] is True and comp.options["condition_points"] is True
        rows = standings(comp)
        assert sum(r["gp"] for r in rows) == 8
        assert all(r["points"] == 3 * r["w"] + r["d"] for r in rows)  # football's 3/1/0


def test_fuba_league_replay_tool_on_a_short_schedule(tmp_path):
    tool = _tool()
    played = tool.replay("epl-2018-19", 1, 0, tmp_path / "r.sqlite3", games_per_team=2)
    assert played["games_played"] == 20
    assert all(len(v) == 1 and 0 <= v[0] <= 3 for v in played["ppg"].values())
    report = tool.compare("epl-2018-19", played)
    assert report["replays"] == 1 and len(report["clubs"]) == 20
    assert -1 <= report["sim"]["r"] <= 1 and report["poisson"]["r"] > 0.95 and report["real"]["sd_ppg"] == 0.539
    assert report["clubs"]["manchester-city"]["match_skills"] == ["goal_poacher", "shot_stopper", "skilled_full_back"]


def test_goals_based_expectation_tracks_the_real_table():
    tool = _tool()
    folder = LEAGUES / "epl-2018-19"
    expect = tool.poisson_expectation(folder)
    table = json.loads((folder / "league.json").read_text())["real_table"]
    clubs = sorted(table)
    real = [table[c][5] / 38 for c in clubs]
    assert tool.pearson([expect[c] for c in clubs], real) > 0.95
    assert abs(sum(expect.values()) * 38 - sum(t[5] for t in table.values())) < 60  # draws aside, the same total


def _write(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", newline="") as fh:
        csv.writer(fh).writerows(rows)


def test_bad_matches_file_is_one_line_naming_line_and_column(tmp_path):
    head = list(fl.MATCH_COLUMNS)
    p = tmp_path / "matches.csv"
    _write(p, [head, ["2018-08-10", "Matchday 1", "a", "b", "2", "x", "0", "0"]])
    with pytest.raises(TeamFileError, match=r"line 2.*'away_goals' must be a whole number.*'x'") as exc:
        fl.read_matches(p)
    assert "\n" not in str(exc.value)
    _write(p, [head[:-1], ["2018-08-10", "Matchday 1", "a", "b", "2", "1", "0"]])
    with pytest.raises(TeamFileError, match="missing column.*ht_away"):
        fl.read_matches(p)
    _write(p, [head, ["2018-08-10", "Matchday 1", "a", "a", "2", "1", "0", "0"]])
    with pytest.raises(TeamFileError, match="cannot play itself"):
        fl.read_matches(p)
    _write(p, [head, ["2018-08-10", "Matchday 1", "a", "b", "2", "1", "0", "0"]])
    with pytest.raises(TeamFileError, match="3 matches for 2 clubs; a double round robin has 2"):
        fl.check_matches(fl.read_matches(p) * 2 + fl.read_matches(p), p)


def test_bad_source_and_unknown_club_are_one_line(tmp_path):
    tool = _tool()
    src = tmp_path / "en.1.json"
    src.write_text(json.dumps({"matches": [{"round": "1", "date": "2018-08-10", "team1": "Nowhere FC",
                                            "team2": "Arsenal FC", "score": {"ft": [1, 0], "ht": [0, 0]}}]}))
    with pytest.raises(SystemExit, match=r"matches\[0\]\.team1: club 'Nowhere FC' is not in"):
        tool.convert(src, fl.load_mapping())
    src.write_text("{")
    with pytest.raises(SystemExit, match="cannot be read as the source's JSON"):
        tool.convert(src, fl.load_mapping())
    folder = tmp_path / "lg"
    folder.mkdir()
    _write(folder / "matches.csv", [list(fl.MATCH_COLUMNS), ["2018-08-10", "1", "x", "y", "1", "0", "0", "0"],
                                    ["2018-08-11", "2", "y", "x", "1", "0", "0", "0"]])
    with pytest.raises(TeamFileError, match="club\\(s\\) x, y not in the mapping's clubs"):
        fl.build_league(folder, tool.meta("2018-19"))


def test_fuba_league_tournament_takes_the_league_rule_options_under_the_ones_given(tmp_path):
    db = tmp_path / "t.sqlite3"
    result = CliRunner().invoke(main, ["tournament", "start", "fuba", "--league", "epl-2018-19", "--name", "cup",
                                       "--db", str(db), "--max-games", "2", "-j", "1", "--no-progress",
                                       "-o", "skill_limit=8"])
    assert result.exit_code == 0, result.output
    from coachgym.series.competition import Competition
    from coachgym.store import Store

    with Store(db) as store:
        comp = Competition.load(store, "cup")
        assert comp.options == {"condition_points": True, "skills": True, "skill_limit": 8}


def test_a12_skill_screen_plays_a_set_within_the_split_and_refuses_an_unknown_skill():
    tool = _tool()
    out = tool.screen(2, ["goal_poacher+shot_stopper"])
    assert set(out) == {"none", "goal_poacher+shot_stopper"} and all(len(v) == 3 for v in out.values())
    with pytest.raises(SystemExit, match="--skill 'nonsense': not an A12 skill"):
        tool.screen(2, ["goal_poacher+nonsense"])
