"""Golden play-throughs: the full event log of seeded games is committed, so a refactor (the engine
was split by rule area) or a rule change shows up event by event. A deliberate change updates them:
COACHGYM_UPDATE_GOLDEN=1 python -m pytest tests/fourthstreet/test_golden.py"""

from __future__ import annotations

from pathlib import Path

import pytest

from coachgym.core.match import play_game
from coachgym.rules.fourthstreet import RULESET
from coachgym.rules.fourthstreet.engine import FourthStreetEngine
from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
# by-the-book against random (both sides' choices matter), once with the season's rules and once
# with zones, custom tokens and the 14-second reset, which reach the zone and reset branches
CASES = {
    "by-the-book-vs-random-seed-3": {"seed": 3, "home": "harbor-city", "away": "riverton", "coaches": ("by-the-book", "random"),
                                     "options": {}},
    "random-vs-by-the-book-seed-8-zone": {"seed": 8, "home": "mesa-verde", "away": "north-bay", "coaches": ("random", "by-the-book"),
                                          "options": {"zone_defense": True, "offensive_rebound_reset": 14}},
}


def golden_record(name: str) -> dict:
    case = CASES[name]
    game = RULESET.new_game(case["home"], case["away"], seed=case["seed"], options=case["options"])
    home, away = case["coaches"]
    play_game(game, RULESET.coach(home, seed=case["seed"]), RULESET.coach(away, seed=case["seed"] + 1), seed=case["seed"])
    return {"case": name, "engine_version": FourthStreetEngine.version, **case, "coaches": list(case["coaches"]),
            "final_score": {"home": game.score[0], "away": game.score[1]},
            "box_score": game.box_score().to_dict(),
            "events": [{"kind": e.kind, "side": e.side, "text": e.text} for e in game.log]}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_play_through_is_unchanged(name):
    check_golden(GOLDEN / f"{name}.json", golden_record(name))
