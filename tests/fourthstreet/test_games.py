"""Whole games: invariants under random coaches with every option, determinism, save/restore."""

from __future__ import annotations

import json

import pytest

from coachgym import rulesets
from coachgym.core.coach import RandomCoach
from coachgym.core.engine import AWAY, HOME
from coachgym.core.errors import TeamFileError
from coachgym.core.match import play_game
from coachgym.rules.fourthstreet import RULESET
from coachgym.rules.fourthstreet.engine import COLS, FourthStreetEngine
from tests.sizes import series

OPTION_SETS = [
    {},
    {"zone_defense": True},
    {"fatigue": False, "assists": False, "injuries": False, "strategies": False, "press": False},
    {"zone_defense": True, "three_second_rule": False, "offensive_rebound_reset": 14, "setup_seconds": 10,
     "three_point_line": False, "assist_makeup": False},
]


def check_invariants(g: FourthStreetEngine):
    box = g.box_score()
    for side in (HOME, AWAY):
        t = box.totals(side)
        assert t["pts"] == g.team_state[side].pts == 2 * t["fgm"] + t["tpm"] + t["ftm"]
        assert 0 <= t["fgm"] <= t["fga"] and 0 <= t["tpm"] <= t["tpa"] <= t["fga"] and t["tpm"] <= t["fgm"]
        assert 0 <= t["ftm"] <= t["fta"]
        assert len(set(g.team_state[side].lineup)) == 5
        for st in g.team_state[side].stats:
            assert all(v >= 0 for v in st)
            assert st[COLS.index("pf")] <= 6
        secs = sum(st[0] for st in g.team_state[side].stats)
        regulation = 4 * 720 + max(0, g.period - 4) * 300
        assert secs == 5 * regulation
    assert g.over and g.decision is None and g.team_state[0].pts != g.team_state[1].pts
    assert g.period >= 4


def random_game(seed: int, options: dict) -> FourthStreetEngine:
    names = RULESET.team_names()
    h, a = names[seed % len(names)], names[(seed + 1) % len(names)]
    g = RULESET.new_game(h, a, seed=seed, options=options, record_events=False)
    play_game(g, RandomCoach(seed), RandomCoach(seed + 1))
    return g


@pytest.mark.parametrize("seed", range(8))
def test_random_coach_games_hold_invariants(seed):
    check_invariants(random_game(seed, OPTION_SETS[seed % len(OPTION_SETS)]))


@pytest.mark.slow
def test_random_coach_games_every_option_no_exception():
    """150 random-coach games across the option sets (1,000 with ``COACHGYM_FULL_SERIES=1``, tests/sizes.py)."""
    for seed in range(series(1000, 150)):
        check_invariants(random_game(1000 + seed, OPTION_SETS[seed % len(OPTION_SETS)]))


def test_determinism_same_seed_same_play_by_play():
    def run():
        g = RULESET.new_game(seed=42)
        play_game(g, RandomCoach(3), RandomCoach(4))
        return g.play_by_play(), g.score

    assert run() == run()


def test_save_restore_mid_game_continues_identically():
    g = RULESET.new_game(seed=9, options={"zone_defense": True})
    c1, c2 = RandomCoach(5), RandomCoach(6)
    coaches = (c1, c2)
    for _ in range(300):
        d = g.decision
        g.step(coaches[d.side].choose(g, d))
    saved = g.to_json()
    rng_state = (c1._rng.getstate(), c2._rng.getstate())

    def play_game_continue(game):
        while game.decision is not None:
            game.step((c1, c2)[game.decision.side].choose(game, game.decision))

    play_game_continue(g)
    restored = FourthStreetEngine.from_json(saved)
    c1._rng.setstate(rng_state[0])
    c2._rng.setstate(rng_state[1])
    play_game_continue(restored)
    assert restored.score == g.score
    assert restored.play_by_play() == g.play_by_play()
    assert json.loads(restored.to_json())["state"]["stats"] == json.loads(g.to_json())["state"]["stats"]


def test_registry_and_bundled_teams():
    rs = rulesets.get("fourthstreet")
    assert rs.env_id == "coachgym/FourthStreetBasketball-v0"
    names = rs.team_names()
    assert len(names) >= 4
    for n in names:
        t = rs.load_team(n)
        assert len(t.players) >= 10 and t.fictional is True


def test_team_file_errors_name_the_field(tmp_path):
    data = json.loads(json.dumps(RULESET.load_team("harbor-city").raw))
    data["players"][2]["level1"][0] = "N N N N N ^"
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(TeamFileError, match=r"players\[2\].*level1\[0\].*Level 1 sections have no passes"):
        RULESET.load_team(str(p))
    data = json.loads(json.dumps(RULESET.load_team("harbor-city").raw))
    data["players"][0]["grades"]["def"] = [1, 2]
    p.write_text(json.dumps(data))
    with pytest.raises(TeamFileError, match="grades.def"):
        RULESET.load_team(str(p))
    data = json.loads(json.dumps(RULESET.load_team("harbor-city").raw))
    del data["fictional"]
    p.write_text(json.dumps(data))
    with pytest.raises(TeamFileError, match="fictional"):
        RULESET.load_team(str(p))


def test_shot_clock_level_1_sections_hold_no_passes_drives_or_feeds(tmp_path):
    """Shot Clock: "Level 1 actions do not include any passes or drives"; Kick it Out: "there are no
    passing symbols in the Level 1 section": the beautiful feed (a pass) is refused there too."""
    for sym in ("^", "<", ">", "a", "l", "r", "@"):
        data = json.loads(json.dumps(RULESET.load_team("harbor-city").raw))
        data["players"][1]["level1"][3] = f"N N N N N {sym}"
        p = tmp_path / "bad.json"
        p.write_text(json.dumps(data))
        with pytest.raises(TeamFileError, match=r"players\[1\].*level1\[3\].*Level 1 sections have no passes or drives"):
            RULESET.load_team(str(p))


def test_save_restore_the_same_saved_dict_twice_gives_the_same_game():
    """Determinism and save/restore: restoring leaves the saved state untouched, so one save can be
    restored (and played on) any number of times."""
    g = RULESET.new_game(seed=11)
    c = (RandomCoach(1), RandomCoach(2))
    for _ in range(200):
        g.step(c[g.decision.side].choose(g, g.decision))
    saved = g.to_dict()
    ends = []
    for _ in range(2):
        r = FourthStreetEngine.from_dict(saved)
        play_game(r, RandomCoach(3), RandomCoach(4))
        ends.append((r.score, r.play_by_play()[-5:]))
    assert ends[0] == ends[1]
