"""Real leagues (docs/league-seasons.md): the league folder format, LEAGUE/TEAM names, the bundled leagues,
season replays of a league and the replay-against-history tool, on a tiny league made here."""

from __future__ import annotations

import collections
import csv
import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.errors import TeamFileError
from coachgym.core.match import play_game
from coachgym.core.ruleset import parse_league
from coachgym.rules.fourthstreet import builder
from coachgym.series.schedule import FixedSchedule, league_pair_counts, league_schedule

FS = rulesets.get("fourthstreet")
ROOT = Path(__file__).resolve().parents[2]
TINY = ["harbor-city", "mesa-verde", "north-bay", "riverton"]
BBREF = "Player,Pos,Age,Tm,G,GS,MP,FG,FGA,FG%,3P,3PA,3P%,2P,2PA,2P%,eFG%,FT,FTA,FT%,ORB,DRB,TRB,AST,STL,BLK,TOV,PF,PTS"


def _tiny_league(tmp_path: Path, **changes) -> Path:
    """A four-team 4th Street league folder (the bundled fictional teams) with a stats.csv made from
    the statistics on their cards."""
    folder = tmp_path / "tiny"
    folder.mkdir()
    rows = []
    for t in TINY:
        shutil.copy(FS.team_file(t), folder / f"{t}.json")
        data = json.loads((folder / f"{t}.json").read_text())
        for p in data["players"]:
            s = p["stats"]
            pts = 2 * s["fgm"] + s["tpm"] + s["ftm"]
            pos = {1: "PG", 2: "SG", 3: "SF", 4: "PF", 5: "C"}[p["pos"]]
            rows.append([p["name"], pos, 25, t[:3].upper(), s["g"], 0, s["min"], s["fgm"], s["fga"], "", s["tpm"],
                         s["tpa"], "", "", "", "", "", s["ftm"], s["fta"], "", s["orb"], s["drb"], s["orb"] + s["drb"],
                         s["ast"], s["stl"], s["blk"], s["tov"], s["pf"], pts])
    with (folder / "stats.csv").open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(BBREF.split(","))
        w.writerows(rows)
    meta = {"schema": "coachgym.league/1", "name": "tiny", "title": "Tiny League", "season": "test",
            "ruleset": "fourthstreet", "source": "the bundled fictional teams' card statistics (a test)",
            "teams": TINY, "divisions": {"East": TINY[:2], "West": TINY[2:]},
            "real_records": {"harbor-city": [5, 1], "mesa-verde": [3, 3], "north-bay": [2, 4], "riverton": [2, 4]},
            "schedule_format": {"games": 6, "division": 2, "conference": 2, "other": 2}, "schedule": None}
    meta.update(changes)
    (folder / "league.json").write_text(json.dumps(meta))
    return folder


# ------------------------------------------------------------------------------------ the format
def test_league_folder_loads_and_its_teams_are_league_slash_team(tmp_path):
    folder = _tiny_league(tmp_path)
    league = FS.league(str(folder))
    assert league.teams == tuple(TINY) and league.division_of("north-bay") == "West"
    assert league.real_records["harbor-city"] == (5, 1)
    team = FS.load_team(f"{folder}/mesa-verde")
    assert team.name == FS.load_team("mesa-verde").name
    data, where = FS.team_data(f"{folder}/riverton")
    assert data["name"] == team.name.replace("Mesa Verde", data["name"].split()[0]) or data["players"]
    assert FS.team_file(f"{folder}/riverton") == folder / "riverton.json"
    assert FS.league_team_names(str(folder)) == [f"{folder}/{t}" for t in TINY]


@pytest.mark.parametrize("change, field", [
    ({"schema": "league/0"}, "schema"),
    ({"ruleset": "statispro"}, "ruleset"),
    ({"teams": ["harbor-city", "nowhere"]}, "teams[1]"),
    ({"divisions": {"East": ["harbor-city", "mesa-verde"], "West": ["north-bay"]}}, "divisions"),
    ({"divisions": {"East": ["harbor-city", "harbor-city"], "West": ["north-bay", "riverton", "mesa-verde"]}},
     "divisions.East"),
    ({"real_records": {"harbor-city": [5, -1]}}, "real_records.harbor-city"),
    ({"real_records": {"gotham": [5, 1]}}, "real_records.gotham"),
    ({"schedule": "games.csv"}, "schedule"),
    ({"source": ""}, "source"),
    ({"schedule_format": {"games": "82"}}, "schedule_format"),
])
def test_a_bad_league_json_names_the_file_and_the_field(tmp_path, change, field):
    folder = _tiny_league(tmp_path, **change)
    with pytest.raises(TeamFileError) as err:
        FS.league(str(folder))
    assert err.value.field == field and str(folder / "league.json") in str(err.value)


def test_unknown_league_and_team_errors_list_what_there_is(tmp_path):
    with pytest.raises(TeamFileError, match="bundled leagues: nba-1980"):
        FS.league("nba-1999")
    with pytest.raises(TeamFileError, match="its teams: 76ers, bucks"):
        FS.load_team("nba-1980/celticss")


def test_teams_command_lists_leagues_and_a_leagues_teams_with_real_records(tmp_path):
    run = CliRunner()
    res = run.invoke(main, ["teams", "fourthstreet"])
    assert res.exit_code == 0 and "nba-1980" in res.output and "1979-80 NBA, 22 teams" in res.output
    res = run.invoke(main, ["teams", "fourthstreet", "--league", "nba-1980"])
    assert res.exit_code == 0, res.output
    assert "nba-1980/celtics" in res.output and "real 61-21" in res.output and "Pacific" in res.output
    res = run.invoke(main, ["teams", "fourthstreet", "--league", "nope"])
    assert res.exit_code != 0 and "no 4th Street Basketball league" in res.output


def test_simulate_takes_league_slash_team():
    res = CliRunner().invoke(main, ["simulate", "fourthstreet", "--home", "nba-1980/lakers", "--away",
                                    "nba-1980/76ers", "-n", "2", "--backend", "inline", "--no-progress"])
    assert res.exit_code == 0, res.output
    assert "Los Angeles Lakers (home) vs Philadelphia 76ers (away)" in res.output


# ------------------------------------------------------------------------------------ bundled leagues
@pytest.mark.parametrize("ruleset, league", [(r, n) for r in ("fourthstreet", "statispro", "valueadd")
                                             for n in rulesets.get(r).league_names()])
def test_bundled_league_loads_validates_and_plays_a_game(ruleset, league):
    rs = rulesets.get(ruleset)
    lg = rs.league(league)
    assert lg.ruleset == ruleset and lg.source and lg.built_by
    assert set(lg.real_records) == set(lg.teams)
    teams = [rs.load_team(lg.team_key(t)) for t in lg.teams]
    assert all(not t.fictional and t.source for t in teams)
    game = rs.new_game(lg.team_key(lg.teams[0]), lg.team_key(lg.teams[1]), seed=3, record_events=False)
    play_game(game, rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2), seed=3)
    assert game.over and game.score[0] != game.score[1]


def test_nba_1980_has_22_teams_in_four_divisions_and_the_real_standings():
    lg = FS.league("nba-1980")
    assert len(lg.teams) == 22 and sorted(map(len, lg.divisions.values())) == [5, 5, 6, 6]
    assert sum(w for w, _ in lg.real_records.values()) == 22 * 41
    assert all(w + loss == 82 for w, loss in lg.real_records.values())
    lakers = FS.load_team("nba-1980/lakers")
    kareem = next(p for p in lakers.players if p.name == "Kareem Abdul-Jabbar")
    assert kareem.stats["min"] == 3143 and kareem.stats["fgm"] == 835  # his 1979-80 line
    # every roster: the team's 12 players with most minutes, together about its season's minutes
    with (lg.folder / "stats.csv").open() as fh:
        rows = [r for r in csv.DictReader(fh) if r["Tm"] != "TOT"]
    per_team = collections.Counter()
    for r in rows:
        per_team[r["Tm"]] += int(r["MP"])
    assert all(19680 <= m <= 20000 for m in per_team.values())  # 82 games x 240 minutes, plus overtimes


def test_rebuilding_nba_1980_from_its_stats_reproduces_the_bundled_team_files():
    folder = FS.league("nba-1980").folder
    built = builder.build_league(folder)
    assert sorted(built) == sorted(FS.league("nba-1980").teams)
    for stem, data in built.items():
        assert json.dumps(data, indent=1) + "\n" == (folder / f"{stem}.json").read_text(), stem


@pytest.mark.parametrize("edit, where", [
    (lambda rows: [[c for c in r if c != "MP"] if i == 0 else r[:6] + r[7:] for i, r in enumerate(rows)],
     "field 'header': missing column(s) MP"),
    (lambda rows: rows[:1] + [rows[1][:7] + ["lots"] + rows[1][8:]] + rows[2:], "line 2, column FG"),
    (lambda rows: rows[:1] + [rows[1][:6] + ["-5"] + rows[1][7:]] + rows[2:], "line 2, column MP"),
    (lambda rows: rows + [rows[1]], "column Player"),
])
def test_a_malformed_stats_csv_gives_one_clear_line(tmp_path, edit, where):
    folder = _tiny_league(tmp_path)
    with (folder / "stats.csv").open() as fh:
        rows = list(csv.reader(fh))
    with (folder / "stats.csv").open("w", newline="") as fh:
        csv.writer(fh).writerows(edit(rows))
    with pytest.raises(TeamFileError) as err:
        builder.read_totals_csv(folder / "stats.csv")
    assert where in str(err.value) and "\n" not in str(err.value)


def test_old_season_columns_left_empty_are_estimated(tmp_path):
    path = tmp_path / "old.csv"
    path.write_text(BBREF + "\nOld Timer,C,30,BOS,80,,3000,600,1300,,,,,,,,,300,400,,,,1200,200,,,,250,1500\n")
    (row,) = builder.read_totals_csv(path)
    assert row["tpa"] == 0 and row["orb"] + row["drb"] == 1200 and row["stl"] > 0 and row["blk"] > 0
    assert row["tov"] > 0 and set(row["estimated"]) == {"3P", "ORB/DRB", "STL", "BLK", "TOV"}


# ------------------------------------------------------------------------------------ schedules and seasons
def test_nba_1980_format_gives_every_team_82_games_41_at_home():
    lg = FS.league("nba-1980")
    div = {t: lg.division_of(t) for t in lg.teams}
    conf = {t: lg.conference_of(t) for t in lg.teams}
    count = league_pair_counts(lg.teams, div, conf, lg.schedule_format)
    assert count[("celtics", "lakers")] == 2 and count[("celtics", "hawks")] == 6 and count[("76ers", "celtics")] == 6
    games = league_schedule(lg.teams, div, conf, lg.schedule_format, seed=1)
    sched = FixedSchedule(lg.teams, games)
    assert set(sched.games_per_team().values()) == {82}
    assert set(collections.Counter(h for h, _ in games).values()) == {41}
    assert all(len({x for f in rnd for x in (f.home, f.away)}) == 2 * len(rnd) for rnd in sched.rounds)


def test_a_27_team_league_gets_exactly_82_games_each():
    teams = [f"t{i}" for i in range(27)]
    div = {t: ("A", "C", "M", "P")[min(3, i // 7)] for i, t in enumerate(teams)}
    conf = {t: "E" if div[t] in "AC" else "W" for t in teams}
    games = league_schedule(teams, div, conf, {"games": 82, "division": 4, "conference": 4, "other": 2})
    assert set(FixedSchedule(teams, games).games_per_team().values()) == {82}


def test_season_with_league_plays_the_right_number_of_games_per_team(tmp_path):
    folder = _tiny_league(tmp_path)
    db = str(tmp_path / "s.sqlite3")
    res = CliRunner().invoke(main, ["season", "start", "fourthstreet", "--league", str(folder), "--name", "tiny",
                                    "--db", db, "--backend", "inline", "--no-progress", "--coach",
                                    "riverton=random"])
    assert res.exit_code == 0, res.output
    from coachgym.series.competition import Competition
    from coachgym.store import Store

    comp = Competition.load(Store(db), "tiny")
    played = collections.Counter(k for g in comp.games for k in (g.home, g.away))
    assert comp.keys == TINY and set(played.values()) == {6} and len(comp.games) == 12
    assert comp.entry["riverton"].coach == "random" and comp.fmt["source"] == "balanced"
    res = CliRunner().invoke(main, ["season", "start", "fourthstreet", "harbor-city", "--league", str(folder),
                                    "--name", "x", "--db", db])
    assert res.exit_code != 0 and "not both" in res.output


def test_a_league_with_its_real_schedule_plays_it(tmp_path):
    folder = _tiny_league(tmp_path, schedule="schedule.csv")
    (folder / "schedule.csv").write_text("date,home,away\n1980-01-01,harbor-city,riverton\n"
                                         "1980-01-01,mesa-verde,north-bay\n1980-01-02,riverton,mesa-verde\n")
    from coachgym.series.competition import league_season_format

    fmt = league_season_format("fourthstreet", str(folder))
    assert fmt["source"] == "real" and fmt["rounds"] == [0, 0, 1] and fmt["labels"] == ["1980-01-01", "1980-01-02"]
    (folder / "schedule.csv").write_text("date,home,away\n1980-01-01,harbor-city,gotham\n")
    FS._leagues.clear()
    with pytest.raises(TeamFileError, match="line 2"):
        league_season_format("fourthstreet", str(folder))


def test_statispro_league_folder_works_the_same(tmp_path):
    rs = rulesets.get("statispro")
    folder = tmp_path / "sp"
    folder.mkdir()
    for t in ("knicks-1993", "bulls-1993"):
        shutil.copy(rs.team_file(t), folder / f"{t}.json")
    (folder / "league.json").write_text(json.dumps({
        "schema": "coachgym.league/1", "name": "sp", "title": "Two", "season": "1992-93", "ruleset": "statispro",
        "source": "the printed cards", "teams": ["knicks-1993", "bulls-1993"], "real_records": {}, "schedule": None}))
    assert parse_league(json.loads((folder / "league.json").read_text()), folder / "league.json", "statispro").teams
    game = rs.new_game(f"{folder}/knicks-1993", f"{folder}/bulls-1993", seed=2, record_events=False)
    play_game(game, rs.coach("by-the-book", seed=1), rs.coach("by-the-book", seed=2), seed=2)
    assert game.over


def test_history_replay_tool_reports_teams_and_players_on_a_tiny_league(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("history_replay", ROOT / "tools" / "history_replay.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    folder = _tiny_league(tmp_path)
    out = tmp_path / "h.json"
    args = ["fourthstreet", str(folder), "--replays", "2", "--games-per-team", "2", "--top", "8", "--backend",
            "inline", "--no-progress", "--json", str(out), "--db", str(tmp_path / "h.sqlite3")]
    assert tool.main(args) == 0
    result = json.loads(out.read_text())
    assert tool.main(args) == 0  # kept replays are reported again, not played again
    again = json.loads(out.read_text())
    assert again["teams"] == result["teams"] and again["players"] == result["players"]
    assert result["replays"] == 2 and len(result["teams"]) == 4 and len(result["players"]) == 8
    assert all(0 <= t["sim_wins"] <= 82 for t in result["teams"])
    for key in ("team_mae_wins", "pts_mean_rel_error", "reb_r", "ast_mean_ratio", "share_within_10pct"):
        assert key in result
    assert "teams: Pearson r" in capsys.readouterr().out


def test_benchmark_has_a_real_teams_row_of_mirror_matches_over_the_leagues():
    from coachgym.evaluation.benchmark import _team_pairs, benchmark_ruleset

    pairs = _team_pairs("fourthstreet", "real-teams")
    assert len(pairs) == 22 and all(h == a and h.startswith("nba-1980/") for h, a in pairs)
    (row,) = benchmark_ruleset("fourthstreet", 2, pairings=(("by-the-book", "random"),), progress=False,
                               kinds=("real-teams",))
    assert row["kind"] == "real-teams" and row["games"] == 2
    # Value Add's real conference (ivy-2018-19) gives it a row too
    assert {h.split("/")[0] for h, _ in _team_pairs("valueadd", "real-teams")} == {"ivy-2018-19"}
    (vrow,) = benchmark_ruleset("valueadd", 2, pairings=(("by-the-book", "random"),), progress=False,
                                kinds=("real-teams",))
    assert vrow["kind"] == "real-teams" and vrow["games"] == 2


def test_availability_spreads_a_players_real_share_of_games_over_the_season():
    from coachgym.series.carryover import FourthStreetCarryOver as F

    assert [sum(F.available(g, k) for k in range(82)) for g in (82, 80, 41, 37, 5, 0)] == [82, 80, 41, 37, 5, 0]
    assert [F.available(41, k) for k in range(4)] == [True, False, True, False]  # every other game
    assert sum(not F.available(80, k) for k in range(10)) == 0  # an 80-game player misses no early game


def test_availability_counts_games_out_of_the_real_seasons_length():
    """A lockout season (1998-99: 50 games a team) counts a player's real games out of 50, not 82: a
    25-game player plays half of a 50-game replay, a 50-game player all of it; and the 14G NOTE
    allowance scales from the same length (docs/league-seasons.md, real availability)."""
    from coachgym.series.carryover import CARD_SEASON_GAMES, Context, available
    from coachgym.series.carryover import StatisProCarryOver as S

    assert CARD_SEASON_GAMES == 82 and Context("season", 50).card_season == 82  # unchanged by default
    assert sum(available(25, k, 50) for k in range(50)) == 25
    assert sum(available(50, k, 50) for k in range(50)) == 50
    assert sum(available(50, k) for k in range(50)) == 30  # out of 82, the old reading: 30 of 50
    assert S.allowance(25, 50, 50) == 25 and S.allowance(45, 82) == 37  # Larry Bird's 82 - 45 unchanged
    sp = S()
    data = {"players": [{"name": f"p{i}", "games": g} for i, g in enumerate((50, 50, 50, 50, 50, 25, 10))]}
    state = {"out": {}, "missed": {}}
    lockout = Context("season", 50, True, 50)
    played = {p["name"]: 0 for p in data["players"]}
    for k in range(50):
        team = sp.game_team(data, {**state, "games": k}, lockout)
        for p in data["players"]:
            played[p["name"]] += p["name"] not in team.get("injured", [])
    assert played == {"p0": 50, "p1": 50, "p2": 50, "p3": 50, "p4": 50, "p5": 25, "p6": 10}


def test_a_league_season_plays_a_half_season_player_in_half_the_games(tmp_path):
    folder = _tiny_league(tmp_path)
    data = json.loads((folder / "riverton.json").read_text())
    star = data["lineup"][0]
    # the tiny league's real records are 6 games a team (its real season): 3 games is half of it
    next(p for p in data["players"] if p["name"] == star)["stats"]["g"] = 3
    (folder / "riverton.json").write_text(json.dumps(data))
    from coachgym.series.competition import Competition, league_season_format
    from coachgym.store import Store

    for availability, games in ((True, 3), (False, 6)):
        store = Store(tmp_path / f"a{availability}.sqlite3")
        comp = Competition.create(store, name="a", kind="season", ruleset="fourthstreet",
                                  teams=[(t, "by-the-book") for t in FS.league_team_names(str(folder))],
                                  fmt=league_season_format("fourthstreet", str(folder), 0, None, availability), seed=1)
        comp.play()
        played = 0
        for g in comp.games:
            side = 0 if g.home == "riverton" else 1 if g.away == "riverton" else None
            if side is not None:
                line = next(p for p in g.box["teams"][side]["players"] if p["name"] == star)
                played += line["min"] > 0
        assert played == games, (availability, played)


def test_tournament_with_league_plays_a_knockout_of_its_teams(tmp_path):
    folder = _tiny_league(tmp_path)
    db = str(tmp_path / "t.sqlite3")
    res = CliRunner().invoke(main, ["tournament", "start", "fourthstreet", "--league", str(folder), "--name", "cup",
                                    "--db", db, "--backend", "inline", "--no-progress"])
    assert res.exit_code == 0, res.output
    from coachgym.series.competition import Competition
    from coachgym.store import Store

    comp = Competition.load(Store(db), "cup")
    assert comp.keys == TINY and comp.champion() in TINY and len(comp.games) >= 3


def _load_history_tool():
    spec = importlib.util.spec_from_file_location("history_replay", ROOT / "tools" / "history_replay.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_defect_history_replay_reads_the_newer_team_column_and_keeps_the_games_when_reporting_fails(tmp_path, capsys,
                                                                                                      monkeypatch):
    tool = _load_history_tool()
    folder = _tiny_league(tmp_path)
    lines = (folder / "stats.csv").read_text().splitlines()
    lines[0] = lines[0].replace(",Tm,", ",Team,")
    first = lines[1].split(",")
    lines.insert(1, ",".join(first[:3] + ["2TM"] + first[4:]))  # a traded player's season row, newer style
    lines.append("League Average,,26.6,,50,24,1133,183,398,.460,22,64,.343,161,334,.482,.488,82,108,.757,"
                 "50,151,201,106,37,22,62,95,470")
    (folder / "stats.csv").write_text("\n".join(lines) + "\n")
    out = tmp_path / "h.json"
    args = ["fourthstreet", str(folder), "--replays", "1", "--games-per-team", "2", "--top", "8", "--backend",
            "inline", "--no-progress", "--json", str(out)]
    assert tool.main(args) == 0
    assert len(json.loads(out.read_text())["players"]) == 8
    assert not out.with_suffix(".sqlite3").exists()  # a scratch database is dropped once reported

    def broken(*a, **k):
        raise KeyError("Tm")

    monkeypatch.setattr(tool, "compare", broken)
    capsys.readouterr()
    assert tool.main(args) == 1
    err = capsys.readouterr().err.strip()
    kept = out.with_suffix(".sqlite3")
    assert kept.exists() and len(err.splitlines()) == 1 and f"--db {kept}" in err and "KeyError" in err
    monkeypatch.undo()
    import sqlite3

    def games() -> int:
        with sqlite3.connect(kept) as con:
            n = con.execute("SELECT COUNT(*) FROM competition_games").fetchone()[0]
        con.close()
        return n

    before = games()
    assert before == 4  # one replay of 2 games a team, 4 teams
    assert tool.main(args + ["--db", str(kept)]) == 0  # reported again from the kept games, none played
    assert games() == before and len(json.loads(out.read_text())["players"]) == 8


# ------------------------------------------------------------------ Statis Pro: real availability
def _statispro_tiny_league(tmp_path: Path, games: dict[str, int]) -> Path:
    """Two printed teams as a league; ``games``: card games to set (player's last name -> games)."""
    rs = rulesets.get("statispro")
    folder = tmp_path / "sp"
    folder.mkdir()
    for t in ("knicks-1993", "bulls-1993"):
        data = json.loads(rs.team_file(t).read_text())
        for p in data["players"]:
            p["games"] = games.get(p["name"].split()[-1].lower(), 82)
        (folder / f"{t}.json").write_text(json.dumps(data))
    (folder / "league.json").write_text(json.dumps({
        "schema": "coachgym.league/1", "name": "sp", "title": "Two", "season": "1992-93", "ruleset": "statispro",
        "source": "the printed cards", "teams": ["knicks-1993", "bulls-1993"], "real_records": {}, "schedule": None,
        "schedule_format": {"games": 8, "division": 4, "conference": 4, "other": 4}}))
    return folder


def test_defect_statispro_real_availability_a_part_season_player_misses_his_share_and_injuries_stop_at_his_card():
    from coachgym.series.carryover import Context, StatisProCarryOver

    carry = StatisProCarryOver()
    rs = rulesets.get("statispro")
    data = json.loads(rs.team_file("bulls-1993").read_text())
    starks = data["lineup"][0]
    for p in data["players"]:
        p["games"] = 41 if p["name"] == starks else 82
    ctx = Context("season", 82, availability=True)
    state = carry.initial_state(data)
    played = 0
    for _ in range(82):
        team = carry.game_team(data, state, ctx)
        played += starks not in team.get("injured", [])
        # his card's 41 games are all he plays: with availability no game is left to miss through injury
        assert team["games_left_to_miss"][starks] == 0
        state = carry.advance(state, {}, ctx)
    assert played == 41
    # without availability (the 14G NOTE only) he is available every game and may miss 41 through injury
    off = Context("season", 82, availability=False)
    state = carry.initial_state(data)
    team = carry.game_team(data, state, off)
    assert starks not in team.get("injured", []) and team["games_left_to_miss"][starks] == 41
    assert "games" not in carry.advance(state, {}, off)


def test_defect_statispro_league_season_plays_a_traded_player_only_his_real_games_and_no_availability_turns_it_off(
        tmp_path):
    from coachgym.series.competition import Competition, league_season_format
    from coachgym.store import Store

    rs = rulesets.get("statispro")
    folder = _statispro_tiny_league(tmp_path, {"ewing": 41})
    ewing = next(p.name for p in rs.load_team(f"{folder}/knicks-1993.json").players if p.name.endswith("Ewing"))
    for availability, games in ((True, 4), (False, 8)):
        store = Store(tmp_path / f"sp{availability}.sqlite3")
        comp = Competition.create(store, name="a", kind="season", ruleset="statispro",
                                  teams=[(t, "by-the-book") for t in rs.league_team_names(str(folder))],
                                  fmt=league_season_format("statispro", str(folder), 0, None, availability), seed=1,
                                  options={"injuries": False})
        comp.play()
        played = 0
        for g in comp.games:
            side = 0 if g.home.endswith("knicks-1993") else 1
            line = next(p for p in g.box["teams"][side]["players"] if p["name"] == ewing)
            played += any(line.get(k) for k in ("FGA", "REB", "PF", "FTA", "AST", "TO", "STL", "BLK"))
        assert len(comp.games) == 8 and played == games, (availability, played)


def test_defect_season_start_no_availability_is_a_real_option(tmp_path):
    folder = _statispro_tiny_league(tmp_path, {})
    res = CliRunner().invoke(main, ["season", "start", "statispro", "--league", str(folder), "--name", "x",
                                    "--no-availability", "--max-games", "1", "--db", str(tmp_path / "s.sqlite3"),
                                    "--no-progress"])
    assert res.exit_code == 0, res.output
    from coachgym.series.competition import Competition
    from coachgym.store import Store

    assert Competition.load(Store(tmp_path / "s.sqlite3"), "x").fmt["availability"] is False


def test_team_totals_from_bref_writes_the_blind_build_team_stats_and_names_a_bad_file(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("tt", ROOT / "tools" / "team_totals_from_bref.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    (tmp_path / "Team Totals.csv").write_text(
        "season,lg,team,abbreviation,playoffs,g,pts\n1993,NBA,New York Knicks,NYK,TRUE,82,8328\n"
        "1993,NBA,Chicago Bulls,CHI,TRUE,82,8625\n1993,NBA,League Average,NA,FALSE,82,8632\n"
        "1994,NBA,New York Knicks,NYK,TRUE,82,8000\n1993,ABA,Other,OTH,FALSE,84,9000\n")
    (tmp_path / "Opponent Totals.csv").write_text(
        "season,lg,team,abbreviation,opp_pts\n1993,NBA,New York Knicks,NYK,7823\n1993,NBA,Chicago Bulls,CHI,8109\n")
    (tmp_path / "Team Summaries.csv").write_text(
        "season,lg,team,abbreviation,w,l\n1993,NBA,New York Knicks,NYK,60,22\n1993,NBA,Chicago Bulls,CHI,57,25\n")
    (tmp_path / "div.csv").write_text("Team,Division\nNYK,Atlantic\nCHI,Central\n")
    assert tool.main([str(tmp_path), "--season", "1993", "--divisions", str(tmp_path / "div.csv")]) == 0
    assert capsys.readouterr().out.splitlines() == ["Team,Division,W,L,G,PTS,OPP_PTS", "NYK,Atlantic,60,22,82,8328,7823",
                                                    "CHI,Central,57,25,82,8625,8109"]
    (tmp_path / "Opponent Totals.csv").write_text("season,lg,team,abbreviation,opp_pts\n1993,NBA,New York Knicks,NYK,x\n")
    assert tool.main([str(tmp_path), "--season", "1993"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Opponent Totals.csv: line 2, column opp_pts: 'x' is not a whole number" in err


def test_seasons_stats_to_bbref_keeps_one_year_in_the_totals_columns(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("ss", ROOT / "tools" / "seasons_stats_to_bbref.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    head = "Index,Year,Player,Pos,Age,Tm,G,GS,MP,PER," + ",".join(c for c in BBREF.split(",")[7:])
    row = ("4831,1993,Vincent Askew*,SG,26,TOT,73,4,1129,13.1,152,309,0.492,2,6,0.333,150,303,0.495,0.495,105,149,"
           "0.705,62,99,161,122,40,19,69,135,411")
    (tmp_path / "s.csv").write_text("\n".join([head, row, row.replace(",1993,", ",1994,"), ",,,,,,,,,"]) + "\n")
    assert tool.main([str(tmp_path / "s.csv"), "--season", "1993"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == BBREF and len(lines) == 2
    assert lines[1].startswith("Vincent Askew,SG,26,TOT,73,4,1129,152,309,0.492,2,6,") and lines[1].endswith(",411")
    (tmp_path / "s.csv").write_text("\n".join([head, row.replace(",1129,", ",1129.5,")]) + "\n")
    assert tool.main([str(tmp_path / "s.csv"), "--season", "1993"]) == 1
    assert "line 2: column MP: '1129.5' is not a whole number" in capsys.readouterr().err
