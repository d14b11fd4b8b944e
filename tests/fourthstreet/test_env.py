"""The Gymnasium and PettingZoo adapters of 4th Street Basketball."""

import gymnasium as gym
import numpy as np

import coachgym.envs  # noqa: F401  (registers the ids)
from coachgym.envs.fourthstreet import FourthStreetEncoder

ENV_ID = "coachgym/FourthStreetBasketball-v0"


# check_env and PettingZoo's api_test: tests/test_env_api.py (every registered ruleset)


def test_episode_runs_to_the_end_with_win_reward_and_valid_observations():
    env = gym.make(ENV_ID, opponent="by-the-book", rule_options={"zone_defense": True}).unwrapped
    obs, info = env.reset(seed=5)
    assert obs.shape == (FourthStreetEncoder().size,) and obs.dtype == np.float32
    rng = np.random.default_rng(5)
    total = 0.0
    while True:
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += reward
        assert env.observation_space.contains(obs)
        if term:
            break
    margin = info["score"]["home"] - info["score"]["away"]
    assert total == (1.0 if margin > 0 else -1.0)


def test_observation_hides_nothing_it_should_not_and_is_per_side():
    env = gym.make(ENV_ID, agent_side="away", opponent="random").unwrapped
    env.reset(seed=4)
    enc = FourthStreetEncoder()
    a, b = enc.encode(env.game, 0), enc.encode(env.game, 1)
    assert a.shape == b.shape and not np.array_equal(a, b)
    assert "own_roster" in [f[0] for f in enc.fields]


def test_observation_version_3_hold_decision_and_double_bonus_flags():
    from coachgym.rules.fourthstreet.engine import FourthStreetEngine

    enc = FourthStreetEncoder()
    assert enc.version == 3 and FourthStreetEngine.decision_kinds[-1] == "hold"
    env = gym.make(ENV_ID, agent_side="away", opponent="random").unwrapped
    env.reset(seed=4)
    g = env.game
    start = dict((f[0], sum(x[1] for x in enc.fields[:k])) for k, f in enumerate(enc.fields))["game"]
    g.team_state[0].team_fouls, g.team_state[1].team_fouls = [9, 0]  # HOME (the opponent of the away agent) is in the double bonus
    obs = enc.encode(g, 1)
    assert obs[start + 12] == 1.0 and obs[start + 16] == 1.0 and obs[start + 17] == 0.0


# ---------------------------------------------------------------- the fast encoder
# The observation as encoder version 3 first computed it, element by element (a plain list of
# floats): the faster encoder must give the very same vector.
from coachgym.core.engine import HOME  # noqa: E402
from coachgym.envs.fourthstreet import CARD_FEATURES, DECISIONS, MODES, PLAYER_STATE, ZONES, _card_vector  # noqa: E402,F401
from coachgym.rules.fourthstreet import actions as A  # noqa: E402
from coachgym.rules.fourthstreet.engine import AVAILABLE, PF, PTS  # noqa: E402


def reference_encode(enc, game, side):
    g = game
    opp = 1 - side
    out: list[float] = []
    onehot = [0.0] * (len(DECISIONS) + 1)
    d = g.decision
    onehot[DECISIONS.index(d.kind) if d is not None else len(DECISIONS)] = 1.0
    out += onehot
    own_pts, opp_pts = g.team_state[side].pts, g.team_state[opp].pts
    out += [float(g.off == side), float(side == HOME), min(1.0, g.period / 5), g.clock / 720,
            max(-1.0, min(1.0, g.shot_clock / 24)), min(1.0, own_pts / 150), min(1.0, opp_pts / 150),
            max(-1.0, min(1.0, (own_pts - opp_pts) / 20)), min(1.0, g.team_state[side].team_fouls / 6),
            min(1.0, g.team_state[opp].team_fouls / 6), min(1.0, g.team_state[side].timeouts / 7), min(1.0, g.team_state[opp].timeouts / 7),
            float(g._bonus(opp)), float(g._bonus(side)), float(g._in_last_minute()), float(g.period > 4),
            float(g._penalty_level(opp) >= 2), float(g._penalty_level(side) >= 2)]
    for s in (side, opp):
        out += [float(g.team_state[s].defense_mode == m) for m in MODES]
        out += [float(g.team_state[s].defense_mode == "zone" and g.team_state[s].align == a) for a in A.ALIGNMENTS]
        dbl = [0.0] * 6
        dbl[g.team_state[s].double + 1] = 1.0
        out += dbl
    out += [float(g.team_state[side].press_ban), float(g.team_state[side].kick_until >= 0 and g.clock >= g.team_state[side].kick_until)]
    for s in (side, opp):
        if g.team_state[s].defense_mode == "zone":
            cover = g.cover(s)
            out += [len(cover[z]) / 2 for z in ZONES]
        else:
            out += [0.0] * len(ZONES)
    hs = [0.0] * 5
    zs = [0.0] * len(ZONES)
    if g.phase == "play":
        hs[g.handler] = 1.0
        zs[ZONES.index(g.zone)] = 1.0
    out += hs + zs
    for s in (side, opp):
        team = g.teams[s]
        lu = g.team_state[s].lineup
        for i in range(A.MAX_ROSTER):
            if i >= len(team.players):
                out += [0.0] * (len(CARD_FEATURES) + len(PLAYER_STATE))
                continue
            p = team.players[i]
            out += _card_vector(p)
            on = i in lu
            st = g.team_state[s].stats[i]
            out += [float(on), lu.index(i) / 4 if on else 0.0, min(1.0, st[PF] / 6), g.team_state[s].fatigue_points[i] / 3,
                    min(1.0, g.stint[s][i] / (p.fat * 60)), float(g.rest(s, i) >= g.team_state[s].rest_needed[i]),
                    float(g.team_state[s].availability[i] == AVAILABLE), float(g.team_state[s].safe[i]), min(1.0, st[PTS] / 40),
                    min(1.0, g.seconds_played(s, i) / 2880)]
    return np.asarray(out, dtype=np.float32)


def test_observation_fast_encoder_equals_the_reference_element_by_element():
    from coachgym.core.coach import RandomCoach
    from coachgym.rules.fourthstreet import RULESET

    enc = FourthStreetEncoder()
    checked = 0
    for seed, options in ((1, None), (2, {"zone_defense": True}), (3, {"fatigue": False, "strategies": False})):
        g = RULESET.new_game(seed=seed, options=options, record_events=False)
        coaches = (RandomCoach(seed), RandomCoach(seed + 10))
        n = 0
        while g.decision is not None:
            if n % 3 == 0:
                for side in (0, 1):
                    fast, ref = enc.encode(g, side), reference_encode(enc, g, side)
                    assert fast.dtype == ref.dtype == np.float32 and fast.shape == ref.shape == (enc.size,)
                    assert np.array_equal(fast, ref), np.flatnonzero(fast != ref)[:10]
                    checked += 1
            d = g.decision
            g.step(coaches[d.side].choose(g, d))
            n += 1
        fast, ref = enc.encode(g, 0), reference_encode(enc, g, 0)  # the game over
        assert np.array_equal(fast, ref)
    assert checked > 500


def test_observation_card_features_belong_to_this_games_players_after_reloading_teams():
    """Each game's observation carries its own players' cards, also when teams are loaded anew for
    every game (new objects, possibly at the addresses of freed ones)."""
    from coachgym.rules.fourthstreet import RULESET

    enc = FourthStreetEncoder()
    names = RULESET.team_names()
    per = len(CARD_FEATURES) + len(PLAYER_STATE)
    start = enc.size - 2 * A.MAX_ROSTER * per
    for k in range(12):
        g = RULESET.new_game(names[k % 4], names[(k + 1) % 4], seed=k)
        obs = enc.encode(g, 0)
        own = obs[start:start + A.MAX_ROSTER * per].reshape(A.MAX_ROSTER, per)
        for i, p in enumerate(g.teams[0].players):
            assert np.array_equal(own[i, :len(CARD_FEATURES)], np.asarray(_card_vector(p), dtype=np.float32))
        del g
