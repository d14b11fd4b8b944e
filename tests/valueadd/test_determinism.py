"""Same seed and same choices -> identical play-by-play; save/restore mid-game; golden play-throughs."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from coachgym.core.coach import RandomCoach
from coachgym.core.errors import SavedGameError
from coachgym.core.match import play_game
from coachgym.rules.valueadd import RULESET, ValueAddEngine
from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_CASES = {
    "by-the-book-seed-11": dict(seed=11, coach="by-the-book", options={}),
    "random-seed-12-home-court": dict(seed=12, coach="random", options={"home_court": True}),
    "by-the-book-seed-13-rotation-1": dict(seed=13, coach="by-the-book", options={"rotation": 1}),
}


def play(seed: int, coach: str = "random", options: dict | None = None, disturb: bool = False) -> ValueAddEngine:
    game = RULESET.new_game("harbor-city", "cedar-valley", seed=seed, options=options)
    home, away = RULESET.coach(coach, seed=seed + 1), RULESET.coach(coach, seed=seed + 2)

    def meddle(_g):
        if disturb:  # other code using the global generators must not change the game
            random.random()
            np.random.random()

    play_game(game, home, away, seed=seed, on_event=meddle)
    return game


def test_same_seed_same_play_by_play_even_with_global_rng_use():
    a = play(5, disturb=False)
    random.seed(999)
    np.random.seed(999)
    b = play(5, disturb=True)
    assert a.play_by_play() == b.play_by_play()
    assert a.score == b.score
    assert play(6).play_by_play() != a.play_by_play()


def test_same_seed_same_play_by_play_in_another_process():
    """Two processes (different hash seeds) play the same seeded games; the other process also draws
    from Python's and NumPy's global generators after every step. The play-by-plays are identical."""
    code = (
        "import json, random; import numpy as np; random.seed(123); np.random.seed(321);"
        "from tests.valueadd.test_determinism import play;"
        "print(json.dumps([play(21, disturb=True).play_by_play(),"
        " play(22, 'by-the-book', {'home_court': True}, disturb=True).play_by_play()]))"
    )
    env = dict(os.environ, PYTHONHASHSEED="7")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env,
                         cwd=Path(__file__).resolve().parents[2])
    other = json.loads(out.stdout)
    assert other[0] == play(21).play_by_play()
    assert other[1] == play(22, "by-the-book", {"home_court": True}).play_by_play()


@pytest.mark.parametrize("stop_after", [1, 37, 150])
def test_save_and_restore_mid_game_continues_identically(stop_after):
    game = RULESET.new_game("lakeshore", "ironwood-state", seed=77)
    coach_h, coach_a = RandomCoach(1), RandomCoach(2)
    for _ in range(stop_after):
        d = game.decision
        game.step((coach_h if d.side == 0 else coach_a).choose(game, d))
    saved = game.to_json()
    twin = ValueAddEngine.from_json(saved)
    assert twin.to_json() == saved
    # both continue with identically seeded coaches
    c1 = (RandomCoach(50), RandomCoach(51))
    c2 = (RandomCoach(50), RandomCoach(51))
    while game.decision is not None:
        d = game.decision
        a = c1[d.side].choose(game, d)
        assert twin.decision == d
        game.step(a)
        twin.step(c2[d.side].choose(twin, d))
    assert twin.over and twin.play_by_play() == game.play_by_play()
    assert twin.box_score().to_dict() == game.box_score().to_dict()


def test_restore_refuses_other_ruleset_or_version():
    data = json.loads(RULESET.new_game(seed=1).to_json())
    data["ruleset"] = "fuba"
    with pytest.raises(SavedGameError, match="ruleset 'fuba'"):
        ValueAddEngine.from_dict(data)
    data["ruleset"], data["version"] = "valueadd", 999
    with pytest.raises(SavedGameError, match="version 999"):
        ValueAddEngine.from_dict(data)
    with pytest.raises(SavedGameError, match="not valid JSON"):
        ValueAddEngine.from_json("{not json")
    data["version"] = ValueAddEngine.version
    del data["state"]["team_state"]
    with pytest.raises(SavedGameError, match=r"field state\.team_state: is missing"):
        ValueAddEngine.from_dict(data)


def golden_record(name: str) -> dict:
    case = GOLDEN_CASES[name]
    game = play(case["seed"], case["coach"], case["options"])
    return {"case": name, "engine_version": ValueAddEngine.version, **case,
            "final_score": {"home": game.score[0], "away": game.score[1]},
            "events": [{"kind": e.kind, "side": e.side, "text": e.text} for e in game.log]}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_play_through_is_unchanged(name):
    """A seeded game's full event log is committed; a rule change must update it on purpose:
    COACHGYM_UPDATE_GOLDEN=1 python -m pytest tests/valueadd/test_determinism.py"""
    check_golden(GOLDEN / f"{name}.json", golden_record(name))
