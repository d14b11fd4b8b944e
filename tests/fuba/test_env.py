"""The Gymnasium and PettingZoo adapters of FUBA, and hidden information in the observation."""

import gymnasium as gym
import numpy as np

import coachgym.envs  # noqa: F401  (registers the ids)
from coachgym.envs.fuba import FubaEncoder
from coachgym.rules.fuba import RULESET
from coachgym.rules.fuba import actions as AT

ENV_ID = "coachgym/FUBA-v0"


# check_env and PettingZoo's api_test: tests/test_env_api.py (every registered ruleset)


def test_episode_with_mask_runs_to_the_end_and_rewards_the_result():
    env = gym.make(ENV_ID, opponent="by-the-book", rule_options={"condition_points": True}).unwrapped
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total = 0.0
    while True:
        mask = env.action_masks()
        assert mask.sum() >= 2 and (mask == info["action_mask"]).all()
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        assert env.observation_space.contains(obs)
        if term:
            break
    margin = info["score"]["home"] - info["score"]["away"]
    assert total == (1.0 if margin > 0 else -1.0 if margin < 0 else 0.0)
    assert "box_score" in info


def test_formation_card_of_the_first_coach_is_hidden_from_the_second():
    enc = FubaEncoder()
    g = RULESET.new_game(seed=1)
    g.step(AT.FORMATION_INDEX[(5, 4, 1)])
    away_view = enc.encode(g, 1)
    o = enc.layout.offsets["formation"]
    assert (away_view[o + 3:o + 6] == 0).all()
    assert "5-4-1" not in g.scoreboard() and not any("5-4-1" in x for x in g.play_by_play())
    g.step(AT.FORMATION_INDEX[(4, 4, 2)])
    assert (enc.encode(g, 1)[o + 3:o + 6] > 0).all()  # revealed


def test_keepers_penalty_choice_never_reaches_the_kicker():
    from coachgym.core.chance import ScriptedSource
    from coachgym.core.engine import AWAY, HOME
    from coachgym.rules.fuba import FubaOptions

    enc = FubaEncoder()
    views = []
    for spot in range(3):
        g = RULESET.new_game(seed=2, options=FubaOptions(special_events=True))
        g.set_scenario(source=ScriptedSource([("momentum", 3), ("momentum", 3), ("special event controlling team", 3),
                                              ("special event defending team", 1), ("yellow card test", 1)]),
                       home=["H-PA", "A-PA", "A-F"], away=["A-PA", "A-PA", "A-F"], ball="A-PA", bv=4, ct=HOME,
                       stage="momentum")
        while g.decision.kind == "setup":
            g.step(g.decision.legal[0])
        assert g.decision.kind == "keeper" and g.decision.side == AWAY
        g.step(AT.TABLE.index("keeper", spot=spot))
        assert g.decision.kind == "kick"
        views.append(enc.encode(g, HOME))
        assert not any(("dives" in x or "stays" in x) for x in g.play_by_play())
    assert (views[0] == views[1]).all() and (views[1] == views[2]).all()


def test_layout_is_documented():
    enc = FubaEncoder()
    assert enc.size == sum(n for _, n, _ in enc.fields)
    assert "ball_state" in enc.layout.describe()


def test_2_1_a2_roles_of_the_first_coach_are_hidden_from_the_second_until_the_reveal():
    from coachgym.rules.fuba import FubaOptions

    enc = FubaEncoder()
    views = []
    for role in ("attacking_midfielder", "defending_midfielder"):
        g = RULESET.new_game(seed=1, options=FubaOptions(player_roles=True))
        g.step(AT.FORMATION_INDEX[(4, 5, 1)])
        g.step(AT.ROLE[role])
        g.step(AT.DONE)
        assert g.decision.kind == "formation" and g.decision.side == 1
        views.append(enc.encode(g, 1))
        assert not any(role.replace("_", " ") in x for x in g.play_by_play())
    assert (views[0] == views[1]).all()  # nothing of the home card or roles reaches the away coach
    o = enc.layout.offsets["roles"]
    g.step(AT.FORMATION_INDEX[(4, 4, 2)])
    g.step(AT.DONE)
    assert enc.encode(g, 1)[o + 5:o + 10].sum() > 0  # revealed with the cards
