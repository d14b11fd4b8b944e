"""Saved games are checked field by field before they are restored (issue 15, part 1): every save
the engines write passes the checks, and a bad value is refused with the field's path and what it
may hold, never a Python error."""

from __future__ import annotations

import json

import pytest

from coachgym import rulesets
from coachgym.core.coach import RandomCoach
from coachgym.core.errors import SavedGameError
from coachgym.core.match import play_game

RULESETS = ("valueadd", "statispro", "fuba", "fourthstreet")
# rule options that reach the most state (every advanced rule, other leagues, zones)
OPTIONS = {
    "valueadd": [{}, {"rotation": 1, "home_court": True, "pre_1986_threes": True}, {"rotation": 2, "extra_numbers": 1}],
    "statispro": [{}, {"league": "ncaa"}, {"league": "fiba", "shot_clock_14": True, "assist_last_passer": True,
                                           "deliberate_fouls": True}],
    "fuba": [{}, {k: True for k in ("condition_points", "player_roles", "substitutions", "injuries", "goalkeeper_charge",
                                     "aggressive_pressing", "offside_risk", "challenge", "slowing_play", "weather", "var",
                                     "skills", "special_events")}],
    "fourthstreet": [{}, {"zone_defense": True}, {"zone_defense": True, "offensive_rebound_reset": 14, "setup_seconds": 10}],
}


def saves_along_a_game(name: str, seed: int, options: dict, every: int):
    """Play a seeded game (a random coach against the book), yielding the saved dict at every
    ``every``-th decision and at the end."""
    R = rulesets.get(name)
    teams = R.team_names()
    game = R.new_game(teams[seed % len(teams)], teams[(seed + 1) % len(teams)], seed=seed, options=options)
    coaches = [RandomCoach(seed), R.coach("by-the-book", seed=seed)]
    if seed % 2:
        coaches.reverse()
    coaches[0].reset(game, 0, seed)
    coaches[1].reset(game, 1, seed + 1)
    n = 0
    while game.decision is not None:
        if n % every == 0:
            yield game, json.loads(game.to_json())
        game.step(coaches[game.decision.side].choose(game, game.decision))
        n += 1
    yield game, json.loads(game.to_json())


@pytest.mark.parametrize("name", RULESETS)
def test_every_save_the_engine_writes_passes_the_checks_and_restores_identically(name):
    R = rulesets.get(name)
    checked = 0
    for k, options in enumerate(OPTIONS[name]):
        for seed in range(2):
            for game, saved in saves_along_a_game(name, seed + 10 * k, options, every=29):
                restored = R.engine_cls.from_dict(saved)
                assert restored.to_dict()["state"] == saved["state"]
                assert restored.decision == game.decision
                checked += 1
    assert checked > 50


def a_save(name: str, seed: int = 5, steps: int = 60) -> dict:
    R = rulesets.get(name)
    game = R.new_game(seed=seed)
    coach = RandomCoach(seed)
    for _ in range(steps):
        if game.decision is None:
            break
        game.step(coach.choose(game, game.decision))
    return json.loads(game.to_json())


def refused(name: str, saved: dict) -> SavedGameError:
    with pytest.raises(SavedGameError) as info:
        rulesets.get(name).engine_cls.from_dict(saved)
    text = str(info.value)
    for internal in ("KeyError", "TypeError", "IndexError", "Traceback", "can only concatenate"):
        assert internal not in text
    return info.value


def test_valueadd_card_out_of_range_is_refused_naming_the_card_field():
    saved = a_save("valueadd")
    saved["state"]["teams"][1]["dunk"] = -999
    err = refused("valueadd", saved)
    assert err.field == "state.teams[1].dunk" and "51-56" in str(err)
    saved = a_save("valueadd")
    saved["state"]["teams"][0]["players"][4]["steal"] = "11-99"
    err = refused("valueadd", saved)
    assert err.field == "state.teams[0].players[4].steal" and "11-22" in str(err)


def test_wrong_type_names_the_field_and_the_allowed_range():
    saved = a_save("valueadd")
    saved["state"]["team_state"][0]["stats"][3][1] = "12"
    err = refused("valueadd", saved)
    assert err.field == "state.team_state[0].stats[3][1]"
    assert "an integer from 0 to" in str(err) and "'12'" in str(err)


def test_missing_key_names_the_field_not_a_key_error():
    saved = a_save("valueadd")
    del saved["source"]
    err = refused("valueadd", saved)
    assert err.field == "source" and "is missing" in str(err)
    saved = a_save("fourthstreet")
    del saved["state"]["zone"]
    assert refused("fourthstreet", saved).field == "state.zone"


# where each ruleset keeps a player index (an area for FUBA's pieces): a value no roster holds
PLACES = {"valueadd": ("team_state", 0, "lineup", 0), "statispro": ("lineup", 0, 0), "fourthstreet": ("lineup", 0, 0),
          "fuba": ("pos", 0, 0)}


@pytest.mark.parametrize("name", RULESETS)
def test_state_fields_out_of_range_are_refused_in_every_ruleset(name):
    base = a_save(name)
    saved = json.loads(json.dumps(base))
    *path, last = PLACES[name]
    node = saved["state"]
    for key in path:
        node = node[key]
    node[last] = 99
    expected = "state." + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in PLACES[name]).lstrip(".")
    err = refused(name, saved)
    assert err.field == expected and "got 99" in str(err)
    saved = json.loads(json.dumps(base))
    saved["state"]["options"]["no_such_rule"] = True
    assert refused(name, saved).field == "state.options.no_such_rule"
    saved = json.loads(json.dumps(base))
    saved["state"]["teams"][0]["name"] = ""
    assert refused(name, saved).field == "state.teams[0].name"
    saved = json.loads(json.dumps(base))
    saved["state"]["phase"] = "nonsense" if name != "statispro" else 99
    assert refused(name, saved).field == "state.phase"


def test_continuation_names_are_checked_so_a_save_cannot_call_any_method():
    saved = a_save("fuba")
    saved["state"]["phase"] = "to_json"
    err = refused("fuba", saved)
    assert err.field == "state.phase" and "moves" in str(err)


def test_envelope_fields_are_checked():
    saved = a_save("fourthstreet")
    saved["decision"]["legal"] = [10_000]
    assert refused("fourthstreet", saved).field == "decision.legal[0]"
    saved = a_save("fourthstreet")
    saved["source"]["state"][1][3] = -1
    assert refused("fourthstreet", saved).field == "source.state[1][3]"
    saved = a_save("fourthstreet")
    saved["over"] = True
    assert refused("fourthstreet", saved).field == "over"


def test_a_score_that_does_not_match_the_box_score_is_refused():
    saved = a_save("fourthstreet")
    saved["state"]["pts"][0] += 2
    err = refused("fourthstreet", saved)
    assert "players' points" in str(err)


def test_a_saved_game_from_a_file_restores_through_from_json(tmp_path):
    R = rulesets.get("valueadd")
    game = R.new_game(seed=2)
    play_game(game, R.coach("by-the-book"), R.coach("random", seed=1))
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    back = R.engine_cls.from_json(path.read_text())
    assert back.score == game.score and back.over
    path.write_text(game.to_json().replace('"over":true', '"over":"yes"'))
    with pytest.raises(SavedGameError, match="field over: must be true or false"):
        R.engine_cls.from_json(path.read_text())
