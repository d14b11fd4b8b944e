"""Whole games: determinism, save/restore, random-coach invariants for every variant, the env."""

from __future__ import annotations

import json

import numpy as np
import pytest

from coachgym.core.coach import RandomCoach
from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro.engine import StatisProEngine
from tests.sizes import series

VARIANTS = [
    {},
    {"league": "ncaa"},
    {"league": "fiba"},
    {"shot_clock_14": True},
    {"assist_last_passer": True},
    {"deliberate_fouls": True},
    {"index_points": False, "injuries": False},
    {"rebound_slots": "fit-1993-1995", "assist_numbers": "from-1"},  # the season options (10A-10D, 4.4)
]


def play_random(seed, options=None, home=None, away=None, check_restore_every=0):
    teams = RULESET.team_names()
    home = home or teams[seed % len(teams)]
    away = away or teams[(seed * 7 + 1) % len(teams)]
    g = RULESET.new_game(home, away, seed=seed, options=options, record_events=False)
    coaches = [RandomCoach(seed), RandomCoach(seed + 1000)]
    last = (0, 0)
    steps = 0
    while g.decision is not None:
        d = g.decision
        g.step(coaches[d.side].choose(g, d))
        steps += 1
        s = g.score
        assert s[0] >= last[0] and s[1] >= last[1], "the score never decreases"
        last = s
        for side in (0, 1):
            assert len(set(g.team_state[side].lineup)) == 5, "five different players in each lineup"
            assert g.team_state[side].timeouts_used <= 7 and g.team_state[side].timeouts20_used <= 1, "timeouts within their limits (8.4)"
            assert g.team_state[side].timeouts_q4 <= 4 and g.team_state[side].timeouts_last2 <= 3, "at most 4 in the last quarter, 3 in the final 2:00"
            assert g.team_state[side].team_fouls >= 0
        assert 0 <= len(g.fac) <= 184
        if check_restore_every and steps % check_restore_every == 0:
            g2 = StatisProEngine.from_json(g.to_json())
            assert g2.score == g.score and g2.decision == g.decision and g2.phase == g.phase
        assert steps < 50_000
    assert g.over and g.score[0] != g.score[1]
    box = g.box_score()
    for side in (0, 1):
        t = box.totals(side)
        assert t["PTS"] == g.score[side]
        assert t["PTS"] == 2 * (t["FGM"] - t["3PM"]) + 3 * t["3PM"] + t["FTM"]
        assert t["FGM"] <= t["FGA"] and t["FTM"] <= t["FTA"] and t["3PM"] <= t["3PA"]
    return g


@pytest.mark.parametrize("options", VARIANTS, ids=[json.dumps(v) for v in VARIANTS])
def test_random_coach_games_hold_the_invariants(options):
    for seed in range(3):
        play_random(seed, options, check_restore_every=131)


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS, ids=[json.dumps(v) for v in VARIANTS])
def test_random_coach_games_per_variant(options):
    """60 random-coach games a rule variant (500 with ``COACHGYM_FULL_SERIES=1``, tests/sizes.py)."""
    for seed in range(series(500, 60)):
        play_random(seed, options)


def test_same_seed_same_game():
    logs = []
    for _ in range(2):
        g = RULESET.new_game(seed=11)
        play_game(g, RandomCoach(1), RandomCoach(2))
        logs.append(g.play_by_play())
    assert logs[0] == logs[1] and g.score[0] != g.score[1]


def test_save_and_restore_mid_game_continues_identically():
    g = RULESET.new_game(seed=21)
    c1, c2 = RandomCoach(5), RandomCoach(6)
    coaches = [c1, c2]
    for _ in range(400):
        d = g.decision
        g.step(coaches[d.side].choose(g, d))
    saved = g.to_json()
    restored = StatisProEngine.from_json(saved)
    assert restored.to_json() == saved
    a, b = RandomCoach(9), RandomCoach(9)
    while g.decision is not None:
        d = g.decision
        g.step(a.choose(g, d))
        d2 = restored.decision
        assert d2 == d
        restored.step(b.choose(restored, d2))
    assert restored.score == g.score and restored.play_by_play() == g.play_by_play()


def test_save_and_restore_at_the_coachs_mid_card_choices_continues_identically():
    """The decisions taken in the middle of resolving a FAC (6.1 FD ties, 14A / 15F rest choices, 16C,
    14H, 14G, 14I, Pass to Choice ...) serialize with their pending context."""
    kinds = set()
    for seed in range(12):
        g = RULESET.new_game(seed=seed, record_events=False)
        coaches = [RandomCoach(seed), RandomCoach(seed + 50)]
        while g.decision is not None:
            d = g.decision
            then = g.ctx.get("then") if isinstance(g.ctx, dict) else None
            if then is not None:
                kinds.add(then)
                restored = StatisProEngine.from_json(g.to_json())
                assert restored.decision == d and restored.ctx == g.ctx
                a = coaches[d.side].choose(g, d)
                g.step(a)
                restored.step(a)
                assert restored.to_json() == g.to_json()
                continue
            g.step(coaches[d.side].choose(g, d))
    assert {"fd_tie", "void", "index_foul", "fast_break", "three_or_two"} <= kinds


def test_by_the_book_coach_plays_a_full_game():
    g = RULESET.new_game(seed=3)
    play_game(g, RULESET.coach("by-the-book"), RULESET.coach("by-the-book"))
    box = g.box_score()
    assert g.over and 60 < box.totals(0)["PTS"] < 160


def test_gymnasium_env_steps_with_masks():
    import gymnasium as gym

    import coachgym.envs  # noqa: F401

    env = gym.make("coachgym/StatisProBasketball-v0", opponent="by-the-book")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(300):
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(info["action_mask"])
        obs, r, term, trunc, info = env.step(int(rng.choice(legal)))
        if term:
            obs, info = env.reset()


def test_5_5_by_the_book_double_team_star_variant_doubles_their_best_scorer():
    """5.5 Double Team, as a strategy variant of the book (``by-the-book:double_team=star``): at a
    period start without a Double Team in force it names the opponent's best FIELD GOAL + ATTEMPTS
    scorer as target and our man guarding their weakest as helper; the book itself never doubles."""
    from coachgym.core.errors import ConfigError
    from coachgym.rules.statispro import actions as A
    from coachgym.rules.statispro.engine import R_ATT, R_FG

    star = RULESET.coach("by-the-book:double_team=star")
    book = RULESET.coach("by-the-book")
    assert star.name == "by-the-book:double_team=star"
    g = RULESET.new_game(seed=4)
    star.reset(g, 0)
    book.reset(g, 1)
    declared = []
    while g.decision is not None and len(declared) < 3:
        d = g.decision
        coach = star if d.side == 0 else book
        a = coach.choose(g, d)
        if A.ACTIONS[a].kind == "double_team":
            assert d.side == 0
            e = g.eff(1)
            rating = [e[s][R_FG] + e[s][R_ATT] for s in range(5)]
            assert A.ACTIONS[a]["target"] == rating.index(max(rating))
            assert g.team_state[0].guard[A.ACTIONS[a]["helper"]] == rating.index(min(rating))
            declared.append(a)
        g.step(a)
        if declared:
            assert g.team_state[0].double_team[0] == g.team_state[1].lineup[A.ACTIONS[declared[-1]]["target"]] or g.team_state[0].double_team[0] == -1
    assert declared, "the star variant never declared a Double Team"
    with pytest.raises(ConfigError, match="double_team must be one of never, star"):
        RULESET.coach("by-the-book:double_team=always")


def test_5_5_the_star_variant_and_the_macro_never_name_the_targets_pd_as_helper():
    """5.5's helper is a second man. Random coaches shuffle PD cards and positions, so the set pieces
    of these games meet many matchups: wherever a Double Team may be declared, the star variant's
    choice (``star_double_team``, also the training macro ``double_team_best_scorer``) is legal and its
    helper is not the target's PD."""
    from coachgym.core.coach import RandomCoach
    from coachgym.rules.statispro import actions as A
    from coachgym.rules.statispro.tactics import star_double_team
    from coachgym.training.macros import macros_of

    macro = macros_of("statispro")["double_team_best_scorer"]
    checked = shuffled = 0
    for seed in range(3):
        g = RULESET.new_game(seed=seed, record_events=False)
        coaches = [RandomCoach(seed), RandomCoach(seed + 100)]
        for side, c in enumerate(coaches):
            c.reset(g, side)
        while g.decision is not None:
            d = g.decision
            if d.kind == "menu" and any(a in d.legal for a in A.DOUBLE_TEAM_LIST):
                a = star_double_team(g, d.side)
                assert a is not None and a in d.legal and macro.resolve(g, d.side) == a
                act = A.ACTIONS[a]
                assert g.team_state[d.side].guard[act["helper"]] != act["target"]
                checked += 1
                shuffled += g.team_state[d.side].guard != [0, 1, 2, 3, 4]
            g.step(coaches[d.side].choose(g, d))
    assert checked >= 100 and shuffled >= checked // 2
