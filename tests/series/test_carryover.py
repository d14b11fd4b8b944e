"""Carry-over between the games of a season or tournament, one test per rule of the texts, named
after its section (docs/rules/<ruleset>.md, "Seasons and tournaments")."""

from __future__ import annotations

import pytest

from coachgym import rulesets
from coachgym.core.engine import AWAY, HOME
from coachgym.rules.statispro.carryover import StatisProCarryOver
from coachgym.series import carryover
from coachgym.series.carryover import Context
from coachgym.series.competition import Competition
from coachgym.series.schedule import RoundRobin
from coachgym.store import Store

SEASON = Context("season", 10)
TOURNAMENT = Context("tournament", None)


# ------------------------------------------------------------------------------------------- Statis Pro
def _statispro_injury_game(reading: str, left: dict[str, int] | None):
    from coachgym.rules.statispro import cards as K
    from tests.statispro.test_sections import at_upcourt, find, game_at

    g = game_at([find("action", "Consult Z"), find("z_reading", reading), K.card(150)], passes=0)  # RPG 150: Bulls
    g.teams[AWAY].games_left_to_miss = left
    return g, at_upcourt(g)


def _bulls_left(**named) -> dict[str, int]:
    players = rulesets.get("statispro").load_team("bulls-1993").players
    return {p.name: named.get(p.name.split()[-1].lower(), 0) for p in players}


def test_14g_note_in_a_season_only_a_player_with_games_left_to_miss_gets_an_injury_for_games():
    # Injury Rate 1 on the Bulls: Jordan, Pippen, Grant, Galloway, Underhill; only Galloway may still miss games
    g, d = _statispro_injury_game("Injury: game + 1 Injury Rate", _bulls_left(galloway=2))
    assert d is None or d.kind != "choose_player"  # no choice among equals left
    assert g.team_state[AWAY].injured[6] and g.missed_games == [[AWAY, 6, 1]]


def test_14g_example_larry_bird_with_no_games_left_to_miss_the_injury_is_the_balance_of_the_game():
    from coachgym.rules.statispro.cards import rpg_slot

    g, _ = _statispro_injury_game("Injury: game + 1 Injury Rate", _bulls_left())
    # the player of the current lineup that the RPG # (150) names, for the rest of this game only
    assert [i for i in range(12) if g.team_state[AWAY].injured[i]] == [g.team_state[AWAY].lineup[rpg_slot(150)]]
    assert g.missed_games == []


def test_14g_injury_lasts_the_players_injury_rating_at_most_the_games_he_may_still_miss():
    # "game + 3": Kimball, U. Northcutt, A. Northcutt (rating 3); only Kimball may miss games, one more
    g, _ = _statispro_injury_game("Injury: game + 3 Injury Rate", _bulls_left(kimball=1))
    assert g.missed_games == [[AWAY, 5, 1]]
    # outside a season (no NOTE) the injury lasts his full rating
    g, d = _statispro_injury_game("Injury: game + 3 Injury Rate", None)
    assert d.kind == "choose_player"  # three players rated 3: the coach chooses


def test_14g_note_larry_bird_example_82_minus_45_is_37_games_scaled_to_shorter_seasons():
    assert StatisProCarryOver.allowance(45, 82) == 37
    assert StatisProCarryOver.allowance(82, 82) == 0  # Oakley (82 games) never misses a game
    assert StatisProCarryOver.allowance(63, 10) == 2  # Cartwright: plays at least 63/82 of 10 = 8 of 10
    assert StatisProCarryOver.allowance(78, 10) == 0  # Jordan: at least 9.5 of 10 -> all 10


def test_14g_injured_player_misses_the_following_games_and_counts_them_toward_his_card():
    c = carryover.for_ruleset("statispro")
    data = rulesets.get("statispro").team_data("bulls-1993")[0]
    s = c.initial_state(data)
    s = c.advance(s, {"injured_for": {"Bill Cartwright": 2}}, SEASON)
    assert s == {"out": {"Bill Cartwright": 2}, "missed": {}}
    team = c.game_team(data, s, SEASON)
    assert team["injured"] == ["Bill Cartwright"]
    # his 14G NOTE room: 10-game season, card 63 games -> may miss 2; both are taken by this injury
    assert team["games_left_to_miss"]["Bill Cartwright"] == 0 and team["games_left_to_miss"]["Michael Jordan"] == 0
    s = c.advance(s, {}, SEASON)
    s = c.advance(s, {}, SEASON)
    assert s == {"out": {}, "missed": {"Bill Cartwright": 2}}
    assert "injured" not in c.game_team(data, s, SEASON)


def test_14g_expanded_attempts_when_a_player_is_unavailable_to_start_after_a_prior_injury():
    rs = rulesets.get("statispro")
    c = carryover.for_ruleset("statispro")
    data = rs.team_data("bulls-1993")[0]
    s = c.advance(c.initial_state(data), {"injured_for": {"Michael Jordan": 1}}, TOURNAMENT)
    game = rs.new_game(rs.parse_team(c.game_team(data, s, TOURNAMENT), "t"), "knicks-1993", seed=1)
    bulls = game.teams[HOME]
    jordan = [p.name for p in bulls.players].index("Michael Jordan")
    assert jordan not in game.team_state[HOME].lineup
    # half of Jordan's ATTEMPTS (26 // 2 = 13) to the guard with the most ATTEMPTS below his
    base = {p.name: p.attempts for p in rs.load_team("bulls-1993").players}
    gained = {p.name: p.attempts - base[p.name] for p in bulls.players if p.name in base and p.attempts != base[p.name]}
    assert list(gained.values()) == [13]
    # a tournament has no 14G NOTE: nobody's games are limited
    assert "games_left_to_miss" not in c.game_team(data, s, TOURNAMENT)


def test_2015_replay_a_full_nba_season_82_games_per_team_half_at_home():
    rr = RoundRobin([f"t{i}" for i in range(6)], games_per_team=82)
    for k in rr.keys:
        mine = [f for f in rr.fixtures() if k in (f.home, f.away)]
        assert len(mine) == 82 and sum(f.home == k for f in mine) == 41


# ------------------------------------------------------------------------------------------- 4th Street
def test_injury_chart_player_misses_the_rest_of_this_game_plus_following_games():
    rs = rulesets.get("fourthstreet")
    c = carryover.for_ruleset("fourthstreet")
    data = rs.team_data("harbor-city")[0]
    starter = data["lineup"][0]
    s = c.advance(c.initial_state(data), {"injured_for": {starter: 1}}, SEASON)
    team = c.game_team(data, s, SEASON)
    assert team["injured"] == [starter] and starter not in team["lineup"]
    pos = {p["name"]: p["pos"] for p in data["players"]}
    assert pos[team["lineup"][0]] == pos[starter]  # replaced by a bench player of his position
    game = rs.new_game(rs.parse_team(team, "t"), "mesa-verde", seed=3)
    from coachgym.core.match import play_game

    play_game(game, rs.coach("by-the-book"), rs.coach("random", seed=1), seed=3)
    i = [p.name for p in game.teams[HOME].players].index(starter)
    assert not game.team_state[HOME].played[i]  # he never came in
    line = next(p for p in game.box_score().teams[HOME].players if p.name == starter)
    assert not any(line.stats.values())
    s = c.advance(s, c.facts(game, HOME), SEASON)
    assert starter not in s["out"] and s["missed"] == {starter: 1}


def test_injury_chart_a_starter_listed_injured_cannot_start():
    from coachgym.core.errors import TeamFileError

    rs = rulesets.get("fourthstreet")
    data = dict(rs.team_data("harbor-city")[0])
    data["injured"] = [data["lineup"][0]]
    with pytest.raises(TeamFileError, match="injured"):
        rs.parse_team(data, "t.json")


def test_injury_chart_facts_read_the_games_from_the_engine():
    rs = rulesets.get("fourthstreet")
    game = rs.new_game(seed=1)
    game.injuries = [{"side": AWAY, "player": 2, "kind": "game", "games": 3, "period": 2},
                     {"side": AWAY, "player": 4, "kind": "game", "games": 0, "period": 3},
                     {"side": HOME, "player": 1, "kind": "period", "games": 0, "period": 1}]
    facts = carryover.for_ruleset("fourthstreet").facts(game, AWAY)
    assert facts == {"injured_for": {game.teams[AWAY].players[2].name: 3}}


# ------------------------------------------------------------------------------------------- FUBA
def test_a13_6_3_injured_star_skill_cannot_be_chosen_for_the_next_match_then_returns():
    c = carryover.for_ruleset("fuba")
    data = {**rulesets.get("fuba").team_data("blue")[0]}
    s = c.initial_state(data)
    s = c.advance(s, {"skills_lost": ["clinical_finisher"]}, SEASON)
    team = c.game_team(data, s, SEASON)
    pool = team["skills"] + team["reserve_skills"]
    assert "clinical_finisher" not in pool and len(team["skills"]) == (len(pool) + 1) // 2  # A12 half rule
    s = c.advance(s, {}, SEASON)  # after the next match the star is back
    assert c.game_team(data, s, SEASON) == data


def test_a13_6_5_new_talent_is_kept_for_the_remaining_matches_as_a_match_skill():
    c = carryover.for_ruleset("fuba")
    data = rulesets.get("fuba").team_data("blue")[0]
    s = c.advance(c.initial_state(data), {"skills_new": ["regista"]}, SEASON)
    for _ in range(3):
        team = c.game_team(data, s, SEASON)
        assert team["skills"][0] == "regista"
        s = c.advance(s, {}, SEASON)
    # the agreed number of skill choices is raised by what the talent adds (A12 limit)
    opts = c.game_options({"skills": True, "skill_limit": 5}, False, SEASON, [team, data])
    assert opts["skill_limit"] == 6


def test_a13_6_5_and_6_6_new_talent_is_a_match_skill_however_many_the_team_won():
    """A13 6-5 / 6-6 "New talent": "gets a new random skill immediately for use in the current match. In
    a tournament or a league, that skill can be used in the remaining matches": every skill won plays
    in every later match, on top of A12's half of the team's own skills, and the engine accepts such a
    team (before issue 23 the talent beyond half of all the skills went to the reserve in long leagues)."""
    from coachgym.rules.fuba.board import IMPLEMENTED_SKILLS

    c = carryover.for_ruleset("fuba")
    rs = rulesets.get("fuba")
    data = rs.team_data("blue")[0]
    s = c.initial_state(data)
    own = data["skills"] + data["reserve_skills"]
    won = [k for k in IMPLEMENTED_SKILLS if k not in own][:8]
    for k in won:
        s = c.advance(s, {"skills_new": [k]}, SEASON)
        team = c.game_team(data, s, SEASON)
        assert team["skills"] == s["talent"] + data["skills"] and team["reserve_skills"] == data["reserve_skills"]
        assert team["talent"] == s["talent"]
        opts = c.game_options({"condition_points": True, "skills": True, "skill_limit": 5}, False, SEASON, [team, data])
        g = rs.new_game(rs.parse_team(team, "home"), rs.parse_team(data, "away"), seed=1, options=opts)
        assert g.team_state[HOME].skills == team["skills"]  # all of it on the match
    assert len(s["talent"]) == 8 > (len(own) + 8 + 1) // 2  # more talent than half of all the skills


def test_a12_a_team_file_naming_talent_outside_its_skills_is_refused():
    from coachgym.core.errors import TeamFileError

    rs = rulesets.get("fuba")
    data = {**rs.team_data("blue")[0], "talent": ["regista"]}
    with pytest.raises(TeamFileError, match="talent"):
        rs.parse_team(data, "blue-talent.json")


def test_a13_6_3_and_6_5_the_engine_reports_the_skill_lost_and_won():
    from tests.fuba.test_special_events import _skill_event

    c = carryover.for_ruleset("fuba")
    g = _skill_event(6, 3, [("injured star skill", 2)], away_skills=["crossing", "regista"])
    assert c.facts(g, AWAY) == {"skills_lost": ["regista"], "skills_new": []}
    g = _skill_event(6, 5, [("new talent skill", 1)], away_skills=["trained_formation_change"])
    facts = c.facts(g, AWAY)
    assert facts["skills_lost"] == [] and len(facts["skills_new"]) == 1
    assert c.facts(g, HOME) == {}
    assert c.record_events({"skills": True, "special_events": True})
    assert c.stateless({"skills": True})  # no special events: nothing carries over


def test_a11_var_is_used_in_every_match_of_the_tournament(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    comp = Competition.create(store, name="cup", kind="tournament", ruleset="fuba",
                              teams=[("blue", "by-the-book"), ("yellow", "random")],
                              fmt={"type": "knockout", "court": "draw"}, options={"var": True}, seed=4)
    comp.play()
    assert comp.games and all(g.options["var"] is True for g in comp.games)
    assert comp.champion() in ("blue", "yellow")


# ------------------------------------------------------------------------------------------- Value Add
def test_home_court_advantage_for_season_and_nit_games_neutral_court_for_march_madness(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    teams = [(t, "by-the-book") for t in rulesets.get("valueadd").team_names()]
    season = Competition.create(store, name="s", kind="season", ruleset="valueadd", teams=teams, fmt={"legs": 1})
    nit = Competition.create(store, name="nit", kind="tournament", ruleset="valueadd", teams=teams,
                             fmt={"type": "knockout", "court": "home"})
    mm = Competition.create(store, name="mm", kind="tournament", ruleset="valueadd", teams=teams,
                            fmt={"type": "knockout", "court": "neutral"})
    states = {k: {} for k in season.keys}
    for comp, home_court in ((season, True), (nit, True), (mm, False)):
        fixture = comp.schedule.next_round({})[0]
        assert comp.task(fixture, states).options["home_court"] is home_court
    # NIT: the better seed hosts
    first = nit.schedule.next_round({})[0]
    assert nit.entry[first.home].position < nit.entry[first.away].position


def test_advanced_rule_home_court_advantage_is_optional_a_season_created_without_it_plays_neutral(tmp_path):
    """"ADVANCED RULE - Home Court Advantage": "to play a season or NIT tournament games with one team at
    home, the following adjustment is made" - an optional (advanced) rule: a season or NIT created with
    ``-o home_court=false`` plays every game on a neutral court (issue 23; before, the carry-over set it
    on for every season game whatever the option said)."""
    store = Store(tmp_path / "db.sqlite3")
    teams = [(t, "by-the-book") for t in rulesets.get("valueadd").team_names()]
    off = Competition.create(store, name="s", kind="season", ruleset="valueadd", teams=teams, fmt={"legs": 1},
                             options={"home_court": False})
    nit = Competition.create(store, name="nit", kind="tournament", ruleset="valueadd", teams=teams,
                             fmt={"type": "knockout", "court": "home"}, options={"home_court": False})
    on = Competition.create(store, name="on", kind="season", ruleset="valueadd", teams=teams, fmt={"legs": 1},
                            options={"home_court": True})
    states = {k: {} for k in off.keys}
    for comp, home_court in ((off, False), (nit, False), (on, True)):
        for fixture in comp.schedule.next_round({}):
            assert comp.task(fixture, states).options["home_court"] is home_court
    # played through the command line as a person creates it
    from click.testing import CliRunner

    from coachgym.cli import main

    db = tmp_path / "cli.sqlite3"
    r = CliRunner().invoke(main, ["season", "start", "valueadd", *(t for t, _ in teams[:2]), "--name", "neutral",
                                  "--db", str(db), "-o", "home_court=false", "--legs", "1", "--backend", "inline",
                                  "--no-progress"])
    assert r.exit_code == 0, r.output
    comp = Competition.load(Store(db), "neutral")
    assert comp.games and all(g.options["home_court"] is False for g in comp.games)


def test_each_carry_over_is_its_rulesets_registered_part_and_the_old_import_still_works():
    """Each ruleset's carry-over lives in its folder (rules/<x>/carryover.py), registered in its parts;
    ``from coachgym.series.carryover import <Name>CarryOver`` (where they lived before) finds it."""
    from coachgym.series.carryover import CarryOver

    found = {rs.name: rs.part("carry_over") for rs in rulesets.all_rulesets()}
    for name, cls in found.items():
        assert cls is not None and issubclass(cls, CarryOver) and cls.ruleset == name
        assert cls.__module__ == f"{rulesets.get(name).package}.carryover"
        assert getattr(carryover, cls.__name__) is cls
    with pytest.raises(AttributeError):
        carryover.NoSuchCarryOver  # noqa: B018
