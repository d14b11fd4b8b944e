"""Seasons and tournaments: schedules, resuming gives the uninterrupted run's games, the store keeps
every game replayable, standings and their tiebreaks, the screens and the commands."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.runner import LocalBackend
from coachgym.series import tables
from coachgym.series.competition import Competition, CompetitionError, GameRow, replay
from coachgym.series.schedule import Knockout, Result, RoundRobin
from coachgym.store import Store

# the Knicks and Bulls (real 1992-93 starters) and two of the bundled fictional teams, whatever their names
F1, F2, F3 = [t for t in rulesets.get("statispro").team_names() if not t.endswith("-1993")][:3]
STATISPRO_TEAMS = [("knicks-1993", "by-the-book"), ("bulls-1993", "random"),
                   (F1, "by-the-book:double_team=star"), (F2, "by-the-book")]


def _season(store, name="s", seed=5, teams=STATISPRO_TEAMS, ruleset="statispro", fmt=None):
    return Competition.create(store, name=name, kind="season", ruleset=ruleset, teams=teams,
                              fmt=fmt or {"legs": 2}, seed=seed)


def _fingerprint(comp):
    return [(g.round, g.slot, g.home, g.away, g.home_score, g.away_score, g.home_team, g.away_team, g.carry, g.box)
            for g in sorted(comp.games, key=lambda g: (g.round, g.slot))]


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("a") / "a.sqlite3")
    comp = _season(store)
    assert comp.play() == 12 and comp.done and comp.finished
    return comp


def test_a_stopped_and_resumed_season_stores_the_games_of_an_uninterrupted_one(tmp_path, uninterrupted):
    store = Store(tmp_path / "b.sqlite3")
    comp = _season(store)

    def interrupt(row):
        if len(comp.games) == 3:
            raise KeyboardInterrupt  # Ctrl-C in the middle of round 2

    with pytest.raises(KeyboardInterrupt):
        comp.play(on_game=interrupt)
    assert len(Competition.load(store, "s").games) == 3  # what was played is stored
    again = Competition.load(store, "s")
    assert again.play(max_games=4) == 4 and not again.done
    with LocalBackend(2) as backend:  # the rest on worker processes
        again = Competition.load(store, "s")
        again.play(backend)
    assert _fingerprint(Competition.load(store, "s")) == _fingerprint(uninterrupted)


def test_a_resumed_league_with_skills_carried_over_matches_the_uninterrupted_one(tmp_path):
    # FUBA A13: injured stars and new talent change later matches, so the order of play matters
    opts = {"condition_points": True, "skills": True, "special_events": True}
    teams = [("blue", "by-the-book"), ("yellow", "random")]
    runs = []
    for name, steps in (("whole", [None]), ("parts", [3, 2, None])):
        store = Store(tmp_path / f"{name}.sqlite3")
        Competition.create(store, name=name, kind="season", ruleset="fuba", teams=teams,
                           fmt={"games_per_team": 8}, options=opts, seed=2)
        for n in steps:
            Competition.load(store, name).play(max_games=n)
        runs.append(Competition.load(store, name))
    assert any(any(side.values()) for g in runs[0].games for side in g.carry)
    assert _fingerprint(runs[0]) == _fingerprint(runs[1]) and len(runs[0].games) == 8


def test_every_stored_game_replays_exactly(uninterrupted):
    g = uninterrupted.games[-1]
    game = replay(uninterrupted.store, g.id)
    assert tuple(game.score) == (g.home_score, g.away_score)
    assert game.box_score().to_dict() == g.box and game.play_by_play()
    with pytest.raises(CompetitionError, match="no stored game 99999"):
        replay(uninterrupted.store, 99999)
    # the frames 'coachgym replay' steps through, each with the situation as it was
    from coachgym.series.competition import replay_frames

    rep = replay_frames(uninterrupted.store, g.id)
    assert len(rep) == len(game.log) and rep.frame(len(rep) - 1).exact
    assert rep.frame(len(rep) - 1).line == game.play_by_play()[-1]


def test_a_game_row_keeps_ruleset_engine_version_options_teams_coaches_seed_score_and_box(uninterrupted):
    row = uninterrupted.store.query("SELECT * FROM competition_games ORDER BY id LIMIT 1")[0]
    for col in ("ruleset", "engine_version", "options", "home_team", "away_team", "home_coach", "away_coach", "seed",
                "home_score", "away_score", "box"):
        assert row[col] is not None
    assert row["ruleset"] == "statispro"
    data = uninterrupted.store.query("SELECT data FROM team_files WHERE sha = ?", (row["home_team"],))[0]["data"]
    assert '"players"' in data


def test_names_and_errors_are_clear(tmp_path, uninterrupted):
    with pytest.raises(CompetitionError, match="already a season or tournament named 's'"):
        _season(uninterrupted.store)
    with pytest.raises(CompetitionError, match="no season or tournament named 'x'; there are: s"):
        Competition.load(uninterrupted.store, "x")
    from coachgym.core.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown coach 'genius'"):
        _season(Store(tmp_path / "c.sqlite3"), teams=[("knicks-1993", "genius"), ("bulls-1993", "random")])
    with pytest.raises(ConfigError, match="enter only once"):
        _season(Store(tmp_path / "d.sqlite3"), teams=[("knicks-1993", "random"), ("knicks-1993", "random")])


def test_season_screen_shows_standings_leaders_results(uninterrupted):
    text = tables.render_screen(uninterrupted)
    for part in ("STANDINGS", "LEADERS", "Points per game", "LATEST RESULTS", "New York Knicks", "Champion"):
        assert part in text
    rows = tables.standings(uninterrupted)
    assert sum(r["w"] for r in rows) == sum(r["l"] for r in rows) == 12
    assert [r["rank"] for r in rows] == [1, 2, 3, 4] and rows[0]["gb"] == 0
    players = tables.player_stats(uninterrupted, "knicks-1993")
    ewing = next(p for p in players if p["name"] == "Patrick Ewing")
    assert ewing["gp"] <= 6 and ewing["PTS"] == ewing["PTS_total"] / ewing["gp"]


def test_leaders_show_whole_team_names(tmp_path):
    """Issue 23: the leaders box cut team names at 18 characters ("Ironwood State Hor")."""
    store = Store(tmp_path / "v.sqlite3")
    comp = Competition.create(store, name="v", kind="season", ruleset="valueadd",
                              teams=[("ironwood-state", "by-the-book"), ("cedar-valley", "random")], fmt={"legs": 1})
    comp.play()
    name = comp.entry["ironwood-state"].name
    assert len(name) > 18
    text = tables.render_leaders(comp)
    assert name in text


def _fake(comp, results):
    comp.games = [GameRow(i + 1, i + 1, 0, "Round", False, h, a, hs, as_, {"columns": [], "teams": []}, [{}, {}], 0,
                          "x", "x", {}, 1, "", "") for i, (h, a, hs, as_) in enumerate(results)]
    return comp


def test_basketball_tiebreak_head_to_head_then_point_differential(tmp_path):
    comp = _season(Store(tmp_path / "t.sqlite3"), teams=[(t, "random") for t in
                                                        ("knicks-1993", "bulls-1993", F1)])
    _fake(comp, [("knicks-1993", F1, 130, 90), ("bulls-1993", "knicks-1993", 101, 100),
                 (F1, "bulls-1993", 99, 98)])
    # all three 1-1, and 1-1 among themselves: point differential decides
    assert [r["key"] for r in tables.standings(comp)] == ["knicks-1993", "bulls-1993", F1]
    comp = _season(Store(tmp_path / "u.sqlite3"), teams=[(t, "random") for t in
                                                        ("knicks-1993", "bulls-1993", F1,
                                                         F3)])
    _fake(comp, [("bulls-1993", F3, 130, 60), (F1, "bulls-1993", 91, 90),
                 ("knicks-1993", F1, 100, 80)])
    rows = tables.standings(comp)
    # Bulls (+69) and Gulls (-19) both 1-1: the Gulls beat the Bulls head to head
    assert [r["key"] for r in rows] == ["knicks-1993", F1, "bulls-1993", F3]
    assert rows[1]["gb"] == 0.5


def test_fuba_league_three_points_a_win_then_goal_difference(tmp_path):
    store = Store(tmp_path / "f.sqlite3")
    comp = _season(store, ruleset="fuba", teams=[("blue", "random"), ("yellow", "random")])
    _fake(comp, [("blue", "yellow", 1, 1), ("yellow", "blue", 3, 0)])
    rows = tables.standings(comp)
    assert [(r["key"], r["points"], r["diff"]) for r in rows] == [("yellow", 4, 3), ("blue", 1, -3)]
    assert "Pts" in tables.render_standings(comp)


def test_knockout_byes_for_top_seeds_and_the_better_seed_hosts():
    ko = Knockout(["a", "b", "c", "d", "e", "f"], court="home")
    first = ko.next_round({})
    # 6 teams in a bracket of 8: seeds 1 and 2 have byes; 3 hosts 6, 4 hosts 5
    assert {(f.home, f.away) for f in first} == {("d", "e"), ("c", "f")}
    results = {f.key: Result(f.round, f.slot, f.home, f.away, 70, 60) for f in first}
    semis = ko.next_round(results)
    assert {(f.home, f.away) for f in semis} == {("a", "d"), ("b", "c")} and semis[0].label == "Semi-finals"
    results.update({f.key: Result(f.round, f.slot, f.home, f.away, 50, 60) for f in semis})
    final = ko.next_round(results)
    assert len(final) == 1 and final[0].label == "Final" and {final[0].home, final[0].away} == {"d", "c"}
    results[final[0].key] = Result(final[0].round, final[0].slot, final[0].home, final[0].away, 1, 0)
    assert ko.next_round(results) == [] and ko.champion(results) == final[0].home


def test_cup_draw_is_replayed_with_ends_swapped_then_decided_by_lot():
    ko = Knockout(["a", "b"], court="draw", seed=3, max_replays=1)
    (f,) = ko.next_round({})
    results = {f.key: Result(f.round, f.slot, f.home, f.away, 1, 1)}
    (r,) = ko.next_round(results)
    assert (r.home, r.away) == (f.away, f.home) and r.label == "Final (replay)"
    results[r.key] = Result(r.round, r.slot, r.home, r.away, 2, 2)
    assert ko.next_round(results) == [] and ko.champion(results) in ("a", "b")


def test_round_robin_every_pair_meets_home_and_away():
    rr = RoundRobin(["a", "b", "c", "d", "e"], legs=2)
    pairs = [(f.home, f.away) for f in rr.fixtures()]
    assert len(pairs) == 20 and len(set(pairs)) == 20
    for rnd in rr.rounds:  # a team plays at most once a round
        teams = [t for f in rnd for t in (f.home, f.away)]
        assert len(teams) == len(set(teams))


def test_season_and_tournament_commands(tmp_path):
    db = str(tmp_path / "cli.sqlite3")
    run = CliRunner()
    res = run.invoke(main, ["season", "start", "valueadd", "harbor-city", "cedar-valley", "ironwood-state", "--name",
                            "mini", "--legs", "1", "--coach", "harbor-city=random", "--db", db, "--no-progress",
                            "--max-games", "2", "--jobs", "1"])
    assert res.exit_code == 0, res.output
    assert "2 games stored; continue with: coachgym season resume mini" in res.output
    res = run.invoke(main, ["season", "resume", "mini", "--db", db, "--no-progress", "--jobs", "1"])
    assert res.exit_code == 0 and "3/3 games, final" in res.output and "Harbor City" in res.output
    res = run.invoke(main, ["season", "show", "mini", "--db", db, "--team", "harbor-city"])
    assert res.exit_code == 0 and "coach: random" in res.output and "POSS" in res.output
    res = run.invoke(main, ["season", "list", "--db", db])
    assert "mini" in res.output and "complete" in res.output
    res = run.invoke(main, ["season", "game", "1", "--db", db, "--box-only"])
    assert res.exit_code == 0 and "TOTAL" in res.output
    res = run.invoke(main, ["season", "game", "1", "--db", db, "--step"], input="\n\nq\n")
    assert res.exit_code == 0 and "Enter next" in res.output
    res = run.invoke(main, ["season", "show", "nope", "--db", db])
    assert res.exit_code != 0 and "no season or tournament named 'nope'" in res.output
    res = run.invoke(main, ["tournament", "start", "fuba", "--name", "cup", "--db", db, "--no-progress", "--jobs", "1"])
    assert res.exit_code == 0 and "BRACKET" in res.output and "Champion:" in res.output
    res = run.invoke(main, ["season", "start", "valueadd", "--name", "x", "--coach", "nowhere=random", "--db", db])
    assert res.exit_code != 0 and "nowhere" in res.output


def test_a_cup_replay_carries_over_what_the_drawn_match_left(tmp_path):
    # A13 6-3 in a drawn cup match: the skill is out of the replay (the next match)
    comp = Competition.create(Store(tmp_path / "cup.sqlite3"), name="cup", kind="tournament", ruleset="fuba",
                              teams=[("blue", "random"), ("yellow", "random")],
                              fmt={"type": "knockout", "court": "draw"},
                              options={"condition_points": True, "skills": True, "special_events": True})
    (first,) = comp.schedule.next_round(comp.results())
    task = comp.task(first, comp.states())
    lost = [{}, {}]
    lost[0 if first.home == "blue" else 1] = {"skills_lost": ["clinical_finisher"], "skills_new": []}
    comp._store_game(first, task, {"home_score": 1, "away_score": 1, "box": {"columns": [], "teams": []}, "carry": lost})
    (again,) = comp.schedule.next_round(comp.results())
    assert again.label == "Final (replay)"
    replay_task = comp.task(again, comp.states())
    blue = replay_task.home if again.home == "blue" else replay_task.away
    assert "clinical_finisher" not in blue["skills"] + blue["reserve_skills"]
