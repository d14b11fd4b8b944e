"""The search coach (--coach search:...) and option values for labelling training data."""

from __future__ import annotations

import random

import pytest

from coachgym import rulesets
from coachgym.core.errors import ConfigError
from coachgym.core.match import play_game
from coachgym.search.coach import SearchCoach, option_values
from coachgym.search.value import leaf_value, remaining, win_chance

RULESETS = [e.name for e in rulesets.entries()]


def _game(name: str, steps: int, seed: int = 3):
    g = rulesets.get(name).new_game(seed=seed, record_events=False)
    rng = random.Random(seed)
    for _ in range(steps):
        g.step(rng.choice(g.decision.legal))
    return g


@pytest.mark.parametrize("name", RULESETS)
def test_search_coach_plays_a_whole_game_in_every_ruleset(name):
    rs = rulesets.get(name)
    coach = rs.coach("search:budget=8,horizon=6,when=all,width=2", seed=1)
    assert isinstance(coach, SearchCoach) and coach.name == "search:budget=8,horizon=6,when=all,width=2"
    game = rs.new_game(seed=11, record_events=False)
    play_game(game, coach, rs.coach("by-the-book", seed=2), seed=3)
    assert game.over
    s = coach.stats()
    assert s["decisions"] > 20 and s["searched"] > 0 and s["rollouts"] <= 8 * s["searched"]
    assert s["ms_per_decision"] > 0


def test_search_coach_is_reproducible_and_plays_both_sides():
    rs = rulesets.get("valueadd")
    results = []
    for _ in range(2):
        game = rs.new_game(seed=5, record_events=False)
        a = rs.coach("search:budget=8,horizon=5,when=all", seed=4)
        b = rs.coach("search:budget=8,horizon=5,when=all", seed=9)
        play_game(game, a, b, seed=1)
        results.append((game.score, a.stats()["switched"], b.stats()["switched"]))
    assert results[0] == results[1]


def test_search_coach_in_doubt_mode_searches_only_where_the_trained_coach_doubts_the_book():
    rs = rulesets.get("fourthstreet")
    coach = rs.coach("search:budget=8,horizon=4", seed=1)
    game = rs.new_game(seed=2, record_events=False)
    play_game(game, coach, rs.coach("by-the-book", seed=2), seed=3)
    s = coach.stats()
    assert 0 < s["searched"] < s["decisions"]


def test_search_coach_limited_to_decision_kinds():
    rs = rulesets.get("statispro")
    coach = rs.coach("search:budget=6,horizon=4,when=fast_break+press+stop_clock", seed=1)
    kinds: list[str] = []
    choose = coach.choose

    def counting(game, d):
        kinds.append(d.kind)
        return choose(game, d)

    coach.choose = counting
    game = rs.new_game(seed=2, record_events=False)
    play_game(game, coach, rs.coach("by-the-book", seed=2), seed=3)
    asked = sum(k in ("fast_break", "press", "stop_clock") for k in kinds)
    assert 0 < coach.stats()["searched"] <= asked < len(kinds)
    with pytest.raises(ConfigError, match="no decision kind"):
        rs.coach("search:when=slam_dunk")


def test_search_coach_spec_errors_name_the_parameter():
    rs = rulesets.get("valueadd")
    with pytest.raises(ConfigError, match="unknown parameter"):
        rs.coach("search:budgett=5")
    with pytest.raises(ConfigError, match="budget must be an integer"):
        rs.coach("search:budget=0")
    with pytest.raises(ConfigError, match="cannot be a search coach"):
        rs.coach("search:policy=search")
    assert rs.coach("search").name == "search"
    assert "search:..." in rs.coach_names()


def test_search_coach_switches_only_on_evidence():
    """With a switch threshold no race can reach, the search coach plays exactly like its base."""
    rs = rulesets.get("valueadd")
    g1 = rs.new_game(seed=8, record_events=False)
    g2 = rs.new_game(seed=8, record_events=False)
    play_game(g1, rs.coach("search:budget=8,horizon=4,when=all,switch=1000", seed=1), rs.coach("by-the-book"), seed=2)
    play_game(g2, rs.coach("by-the-book", seed=1), rs.coach("by-the-book"), seed=2)
    assert g1.score == g2.score


def test_option_values_label_every_option_on_common_futures():
    g = _game("fuba", 150)
    before = g.to_json()
    values = option_values(g, budget=24, horizon=10, seed=1)
    assert set(values) == set(g.decision.legal)
    rounds = {n for _, _, n in values.values()}
    assert len(rounds) == 1 and rounds.pop() == 24 // len(g.decision.legal)
    assert all(0 <= v <= 1 for v, _, _ in values.values())
    assert g.to_json() == before


@pytest.mark.parametrize("name", RULESETS)
def test_value_estimate_runs_from_the_start_to_the_end(name):
    rs = rulesets.get(name)
    g = rs.new_game(seed=1, record_events=False)
    assert remaining(g) == pytest.approx(1.0, abs=0.05)
    last = 1.0
    coaches = (rs.coach("by-the-book"), rs.coach("by-the-book"))
    for c, side in zip(coaches, (0, 1)):
        c.reset(g, side, side)
    n = 0
    while g.decision is not None:
        g.step(coaches[g.decision.side].choose(g, g.decision))
        n += 1
        if n % 25 == 0:
            left = remaining(g)
            assert left <= last + 0.02  # time only runs one way (overtime aside)
            last = left
            assert 0.0 <= leaf_value(g, 0) <= 1.0
    assert remaining(g) == 0.0
    h, a = g.score
    assert leaf_value(g, 0) == (1.0 if h > a else 0.5 if h == a else 0.0)


def test_win_chance_is_the_normal_curve_of_the_margin():
    assert win_chance(0, 0.5, 10) == pytest.approx(0.5)
    assert win_chance(10, 1.0, 10) == pytest.approx(0.8413, abs=1e-4)
    assert win_chance(3, 0.0, 10) == 1.0 and win_chance(-1, 0.0, 10) == 0.0
