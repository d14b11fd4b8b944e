"""Seasons whose teams played different numbers of games (2019-20: 64-75, the 8 teams left out of the
restart 64-67): each team plays its real number in a league's season replay, home and away balanced,
opponents spread, seeded; real availability counts a player's games out of his team's own length
(docs/leagues.md, "Every NBA season offline"; docs/league-seasons.md)."""

from __future__ import annotations

import collections
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from coachgym import rulesets
from coachgym.core.errors import ConfigError
from coachgym.series.carryover import available
from coachgym.series.competition import Competition, league_season_format
from coachgym.series.schedule import FixedSchedule, league_schedule, real_lengths
from coachgym.store import Store

SP = rulesets.get("statispro")
NBA_1993 = Path(SP.league("nba-1993").folder)


def _tally(games):
    played, home, meet = collections.Counter(), collections.Counter(), collections.Counter()
    for h, a in games:
        played[h] += 1
        played[a] += 1
        home[h] += 1
        meet[frozenset((h, a))] += 1
    return played, home, meet


def _league12():
    """12 made-up teams in two conferences of two divisions, each with its own length (58-66)."""
    teams = [f"t{i:02d}" for i in range(12)]
    division = {t: f"d{i // 3}" for i, t in enumerate(teams)}
    conference = {t: "E" if i < 6 else "W" for i, t in enumerate(teams)}
    lengths = dict(zip(teams, (66, 65, 64, 58, 66, 60, 61, 63, 66, 59, 62, 66)))
    return teams, division, conference, lengths


def test_real_lengths_only_where_the_real_records_differ():
    assert real_lengths(["a", "b", "c"], {"a": [40, 35], "b": [19, 45], "c": [30, 40]}) == {"a": 75, "b": 64, "c": 70}
    assert real_lengths(["a", "b"], {"a": [50, 32], "b": [32, 50]}) is None  # one length for all: none
    assert real_lengths(["a", "b", "c"], {"a": [40, 35], "b": [19, 45]}) is None  # a team without a record
    assert real_lengths([], {}) is None


def test_a_made_up_league_plays_each_teams_own_length_balanced_spread_and_seeded():
    teams, division, conference, lengths = _league12()
    fmt = {"games": lengths, "division": 8, "conference": 6, "other": 5}
    games = league_schedule(teams, division, conference, fmt, seed=3)
    played, home, meet = _tally(games)
    assert dict(played) == lengths  # every team its own number
    assert all(abs(2 * home[t] - played[t]) <= 1 for t in teams)  # home and away as even as the count allows
    # no opponent met far more than the others: within a kind of opponent (division, conference, other) 3
    # apart at most here (lengths 58-66 over 11 opponents: 4-8 games a pair); 2019-20's: 2 (test_nba_seasons)
    def kind(a: str, b: str) -> int:
        return 0 if division[a] == division[b] else 1 if conference[a] == conference[b] else 2

    for t in teams:
        for k in range(3):
            counts = [meet[frozenset((t, u))] for u in teams if u != t and kind(t, u) == k]
            assert max(counts) - min(counts) <= 3, (t, k, counts)
    # a team plays at most once a round, and the same seed deals the same schedule, another seed another order
    sched = FixedSchedule(teams, games)
    assert all(len({x for f in rnd for x in (f.home, f.away)}) == 2 * len(rnd) for rnd in sched.rounds)
    assert league_schedule(teams, division, conference, fmt, seed=3) == games
    other = league_schedule(teams, division, conference, fmt, seed=4)
    assert other != games and _tally(other)[0] == played


def test_own_lengths_that_add_up_to_an_odd_total_or_miss_a_team_are_refused():
    teams, division, conference, lengths = _league12()
    with pytest.raises(ConfigError, match="odd"):
        league_schedule(teams, division, conference, {"games": {**lengths, "t00": 65}})
    with pytest.raises(ConfigError, match="t11"):
        league_schedule(teams, division, conference, {"games": {t: lengths[t] for t in teams[:-1]}})


# league_season_format's schedule of these leagues and seeds, as sha256 of its JSON (sort_keys), measured with
# the code before per-team lengths (commit 0dbb1d5): a season whose teams played one length is dealt as before
BEFORE = {
    ("statispro", "nba-1993", 0): "6ef94c59034d4697fef720fd6722e40e98076a1402e8a931cd10bdd4cd573b93",
    ("statispro", "nba-1993", 1): "b457eaa26d9279adfb23f61106752fde37152664634d92b1579e88f997c126c0",
    ("fourthstreet", "nba-1980", 0): "d55aadcf8e7ddf7a02efa587e48b3590a19367ae3fc0313990046ef421846f53",
    ("fuba", "epl-2017-18", 0): "7b93b182925ee82a1166dc0604e218b5f8eecedd9d3d3fdf0d1186f669a02fef",
    ("valueadd", "ivy-2018-19", 0): "471a67534a4de642fe8df7ca33bd99d98fcc6660ac12d2d35483653a5895b88a",
}


@pytest.mark.parametrize("ruleset,league,seed", sorted(BEFORE))
def test_a_season_of_one_length_gives_the_same_schedule_as_before_byte_for_byte(ruleset, league, seed):
    fmt = league_season_format(ruleset, league, seed)
    assert "real_games_by_team" not in fmt
    assert hashlib.sha256(json.dumps(fmt, sort_keys=True).encode()).hexdigest() == BEFORE[(ruleset, league, seed)]


def _four_team_league(tmp_path: Path, lengths: dict[str, int]) -> Path:
    """Four 1992-93 teams as a league whose real records add up to ``lengths``; the Knicks' and Bulls'
    players all with 4 games but one of 2 on each."""
    folder = tmp_path / "four"
    folder.mkdir()
    teams = list(lengths)
    for t in teams:
        data = json.loads((NBA_1993 / f"{t}.json").read_text())
        if t in ("knicks", "bulls"):
            for k, p in enumerate(data["players"]):
                p["games"] = 2 if k == len(data["players"]) - 1 else 4
        (folder / f"{t}.json").write_text(json.dumps(data))
    shutil.copy(NBA_1993 / "team_stats.csv", folder / "team_stats.csv")
    (folder / "league.json").write_text(json.dumps({
        "schema": "coachgym.league/1", "name": "four", "title": "Four", "season": "test", "ruleset": "statispro",
        "source": "four 1992-93 teams (a test)", "teams": teams, "divisions": {"A": teams[:2], "B": teams[2:]},
        "real_records": {t: [n // 2, n - n // 2] for t, n in lengths.items()}, "schedule": None,
        "schedule_format": {"games": 6, "division": 2, "conference": 2, "other": 2}}))
    return folder


def test_a_league_whose_records_differ_plays_its_real_lengths_and_counts_availability_per_team(tmp_path):
    """The Knicks and Bulls played 4 real games, the others 6: each plays its own number, and a player of
    4 games (all his team's) plays all 4, one of 2 plays 2 of them (out of the league's longest, 6, as
    before: 3 and 1)."""
    lengths = {"knicks": 4, "bulls": 4, "celtics": 6, "lakers": 6}
    folder = _four_team_league(tmp_path, lengths)
    fmt = league_season_format("statispro", str(folder), 0)
    assert fmt["real_games_by_team"] == lengths and fmt["real_games"] == 6 and fmt["format"]["games"] == lengths
    played, home, _ = _tally(fmt["games"])
    assert dict(played) == lengths and all(abs(2 * home[t] - played[t]) <= 1 for t in lengths)
    assert league_season_format("statispro", str(folder), 0) == fmt  # seeded
    # a length asked for: every team that many, availability out of the longest record (as before)
    fixed = league_season_format("statispro", str(folder), 0, 6)
    assert "real_games_by_team" not in fixed and set(_tally(fixed["games"])[0].values()) == {6}

    comp = Competition.create(Store(tmp_path / "s.sqlite3"), name="four", kind="season", ruleset="statispro",
                              teams=[(t, "by-the-book") for t in SP.league_team_names(str(folder))], fmt=fmt, seed=1,
                              options={"injuries": False})
    ctx = {t: comp.context_of(t) for t in lengths}
    assert {t: (c.card_season, c.games_per_team) for t, c in ctx.items()} == {t: (n, n) for t, n in lengths.items()}
    assert comp.context.card_season == 6  # the competition's own (the web's playoffs) is unchanged
    # who is fielded game by game, as Competition.play folds it (no injuries: the carried facts are empty)
    from coachgym.series import carryover

    carry = carryover.for_ruleset("statispro")
    states = comp.states()
    fielded: dict[str, collections.Counter] = {t: collections.Counter() for t in ("knicks", "bulls")}
    for f in comp.schedule.fixtures():
        task = comp.task(f, states)
        for key, team in ((f.home, task.home), (f.away, task.away)):
            if key in fielded:
                fielded[key].update(p["name"] for p in team["players"] if p["name"] not in team.get("injured", []))
            states[key] = carry.advance(states[key], {}, comp.context_of(key))
    for t in fielded:
        data = json.loads((folder / f"{t}.json").read_text())
        expect = {p["name"]: p["games"] for p in data["players"]}
        assert dict(fielded[t]) == expect, t
        assert sum(available(2, k, 6) for k in range(4)) == 1  # (out of 6, the league's longest: one game)
    comp.play(max_games=2)  # and the season plays
    assert len(Competition.load(comp.store, "four").games) == 2


def test_the_web_playoffs_field_each_team_out_of_its_own_real_length(tmp_path):
    """The browser's playoffs (web/playoffs.py) fold and field each team with its own context, as the
    regular season does (Competition.context_of: its real length where the teams' lengths differ), not
    the competition's league-wide one."""
    from coachgym.web import playoffs as P

    lengths = {"knicks": 4, "bulls": 4, "celtics": 6, "lakers": 6}
    folder = _four_team_league(tmp_path, lengths)
    fmt = league_season_format("statispro", str(folder), 0)
    comp = Competition.create(Store(tmp_path / "s.sqlite3"), name="four", kind="season", ruleset="statispro",
                              teams=[(t, "by-the-book") for t in SP.league_team_names(str(folder))], fmt=fmt, seed=1,
                              options={"injuries": False})
    comp.fmt["league"] = str(folder)  # the league as a folder (its name alone is not a bundled league)
    rows = [{"key": t, "pct": 0.5, "diff": i} for i, t in enumerate(["knicks", "celtics", "bulls", "lakers"])]
    po = P.new(comp, rows)
    asked: list[tuple[str, int]] = []
    own = comp.context_of

    def context_of(key):
        asked.append((key, own(key).card_season))
        return own(key)

    comp.context_of = context_of
    for i, s in P.open_series(po, None):
        P.next_game(comp, po, i)
        assert {(s["high"], lengths[s["high"]]), (s["low"], lengths[s["low"]])} <= set(asked)
