"""4th Street on the one phase-dispatch convention (coachgym/core/phases.py), its state under names
that say what they hold (old saved keys still load), and exact copies."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from coachgym.core.errors import SavedGameError
from coachgym.core.phases import PhaseDispatch
from coachgym.rules.fourthstreet import saved
from coachgym.rules.fourthstreet.engine import FourthStreetEngine
from tests.typed_state import check_typed_team_state


def test_every_saved_phase_has_its_handler_and_every_decision_kind_its_choice():
    assert issubclass(FourthStreetEngine, PhaseDispatch)
    assert set(FourthStreetEngine.PHASES) | {"over"} == set(saved.PHASES)
    assert set(FourthStreetEngine.CHOICES) == set(FourthStreetEngine.decision_kinds)
    # the rule-named methods the rules tests call are the phase handlers themselves (no extra call)
    assert FourthStreetEngine.PHASES["play"] is FourthStreetEngine._play
    assert FourthStreetEngine.PHASES["endperiod"] is FourthStreetEngine._end_period


# ---------------------------------------------------------------- state names (saved keys renamed to words)
OLD_SAVE = Path(__file__).parent / "data" / "saved-before-renames.json"


def _play_on(g, seed):
    rng = random.Random(seed)
    while g.decision is not None:
        g.step(rng.choice(g.decision.legal))
    return g


def test_a_game_saved_before_the_renames_loads_and_plays_on_as_the_engine_that_saved_it():
    data = json.loads(OLD_SAVE.read_text())
    assert {"avail", "fpts", "rclock", "req", "dmode", "gsec", "on_at"} <= set(data["state"])
    before = json.dumps(data, sort_keys=True)
    g = FourthStreetEngine.from_dict(data)
    assert json.dumps(data, sort_keys=True) == before  # the caller's dict is left as it was
    assert [ts.defense_mode for ts in g.team_state] == data["state"]["dmode"] and [ts.availability for ts in g.team_state] == data["state"]["avail"]
    assert g.rest_clock == data["state"]["rclock"] and g.game_seconds == data["state"]["gsec"]
    saved_again = g.to_dict()["state"]  # written with the new keys only
    assert not set(saved.RENAMED) & set(saved_again) and set(saved.RENAMED.values()) <= set(saved_again)
    # played on with random.Random(6) by the engine that wrote the save (commit f31be3f, before the renames)
    _play_on(g, 6)
    assert list(g.score) == [110, 111] and g.log.count == 1485
    assert g.play_by_play()[-1] == "[Q4 0:00] final: (MVS 111, HCG 110)"


def test_old_and_new_keys_give_the_same_game_and_both_at_once_are_refused():
    data = json.loads(OLD_SAVE.read_text())
    new = FourthStreetEngine.from_dict(data).to_dict()
    again = FourthStreetEngine.from_dict(new)
    assert again.to_dict() == new
    assert _play_on(again, 6).play_by_play()[-3:] == _play_on(FourthStreetEngine.from_dict(data), 6).play_by_play()[-3:]
    both = json.loads(OLD_SAVE.read_text())
    both["state"]["defense_mode"] = both["state"]["dmode"]
    with pytest.raises(SavedGameError, match="dmode"):
        FourthStreetEngine.from_dict(both)


def test_every_declared_field_says_what_it_holds():
    assert all(f.doc for f in saved.DECLARATION.fields)
    assert "opts" not in vars(FourthStreetEngine.from_dict(json.loads(OLD_SAVE.read_text())))


def test_a_clone_mid_game_then_other_choices_plays_as_a_fresh_restore():
    """The caches (decisions shared by games, the bench keys, the lazy stint and playing time) follow
    each copy: a clone and a game restored from the same save, given the same divergent choices,
    play the same game, and the original is untouched."""
    g = FourthStreetEngine.from_dict(json.loads(OLD_SAVE.read_text()))
    rng = random.Random(1)
    for _ in range(40):
        g.step(rng.choice(g.decision.legal))
    text = g.to_json()
    c = g.clone()
    r = FourthStreetEngine.from_json(text)
    _play_on(c, 9)
    _play_on(r, 9)
    assert c.play_by_play() == r.play_by_play() and c.box_score() == r.box_score()
    assert g.to_json() == text  # the original did not move


# ---------------------------------------------------------------- the team state: typed, slotted, saved as before
def test_each_teams_state_is_a_typed_slotted_object_declared_field_by_field():
    from coachgym.rules.fourthstreet.state import TeamState

    g = _play_on(FourthStreetEngine.from_dict(json.loads(OLD_SAVE.read_text())), 3)
    _, state = check_typed_team_state(g, TeamState, saved.DECLARATION, misspelt="timeout",
                                      extra=frozenset({"bench_key"}))
    assert state["pts"] == list(g.score) and state["timeouts"] == [ts.timeouts for ts in g.team_state]


@pytest.mark.parametrize("how", ["clone", "deepcopy", "pickle", "json"])
def test_a_copy_mid_game_plays_on_as_the_original(how):
    import copy
    import pickle

    g = FourthStreetEngine.from_dict(json.loads(OLD_SAVE.read_text()))
    rng = random.Random(2)
    for _ in range(60):
        g.step(rng.choice(g.decision.legal))
    text = g.to_json()
    c = {"clone": g.clone, "deepcopy": lambda: copy.deepcopy(g), "pickle": lambda: pickle.loads(pickle.dumps(g)),
         "json": lambda: FourthStreetEngine.from_json(text)}[how]()
    assert c.to_json() == text
    assert all(a is not b and a.stats is not b.stats for a, b in zip(c.team_state, g.team_state))
    _play_on(c, 11)
    _play_on(g, 11)
    assert c.play_by_play() == g.play_by_play() and c.to_json() == g.to_json()
