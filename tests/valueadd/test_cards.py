"""Value Add Basketball card and team files: parsing, validation errors that name file and field,
and the bundled teams ("Print player cards for 2 teams"; the cards are a reconstruction, see
docs/rules/value-add-basketball-cards.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from coachgym.core.cardbuilder import SeasonLine
from coachgym.core.errors import TeamFileError
from coachgym.core.ruleset import load_json
from coachgym.rules.valueadd.builder import bundled_team_files
from coachgym.rules.valueadd.cards import SCHEMA, PlayerCard, parse_card, parse_team

BUNDLED = bundled_team_files()


def _bundled(slug: str = "lakeshore") -> dict:
    return load_json(next(p for p in BUNDLED if p.stem == slug))


def _error(data, path="teams/x.json") -> TeamFileError:
    with pytest.raises(TeamFileError) as exc:
        parse_team(data, path)
    assert path in str(exc.value)
    return exc.value


# ---------------------------------------------------------------- validation names file and field
def test_player_cards_missing_field_names_file_and_field():
    d = _bundled()
    del d["players"][3]["stamina"]
    err = _error(d)
    assert err.field == "players[3].stamina" and "missing" in err.problem


def test_player_cards_missing_shot_block_names_field():
    d = _bundled()
    del d["players"][0]["shot"]
    assert _error(d).field == "players[0].shot"


def test_player_cards_wrong_type_names_field():
    d = _bundled()
    d["players"][1]["stamina"] = "lots"
    err = _error(d)
    assert err.field == "players[1].stamina" and "int" in err.problem


@pytest.mark.parametrize("field,value", [
    ("steal", "12-14"),       # a steal range starts at 11
    ("steal", "11-40"),       # beyond 11-22
    ("block", "22-24"),       # a block range starts at 21
    ("foul", "33-35"),        # a foul range ends at 36
    ("turnover", "42-44"),    # a turnover range starts at 41
    ("turnover", "eleven"),   # not a range
    ("free_throw", "2-14"),   # starts at 1
    ("off_reb", "1-7"),       # a d6 range
    ("steal", "11-15 (31 all)"),  # only 11-16 carries the (31 all) note
])
def test_read_11_66_dice_roll_bad_range_names_field(field, value):
    d = _bundled()
    d["players"][2][field] = value
    err = _error(d)
    assert err.field == f"players[2].{field}"


def test_read_the_20_sided_die_ranges_must_cover_1_to_19():
    d = _bundled()
    d["players"][0]["shot"] = {"made3": "1-2", "made2": "3-8", "fouled": "9-10", "missed3": "11-13", "missed2": "14-18"}
    err = _error(d)
    assert err.field == "players[0].shot" and "1-19" in err.problem


def test_read_the_20_sided_die_ranges_must_be_consecutive():
    d = _bundled()
    d["players"][4]["shot"] = {"made3": "1-2", "made2": "4-8", "fouled": "9-10", "missed3": "11-13", "missed2": "14-19"}
    err = _error(d)
    assert err.field == "players[4].shot.made2" and "start at 3" in err.problem


def test_duplicate_player_names_are_an_error():
    d = _bundled()
    d["players"][7]["name"] = d["players"][2]["name"]
    err = _error(d)
    assert err.field == "players" and d["players"][2]["name"] in err.problem


def test_lineup_naming_an_unknown_player_names_the_slot():
    d = _bundled()
    d["lineup"][3] = "Nobody Atall"
    err = _error(d)
    assert err.field == "lineup[3]" and "Nobody Atall" in err.problem


def test_reserves_naming_an_unknown_player_names_the_slot():
    d = _bundled()
    d["reserves"][1] = "Ghost Player"
    assert _error(d).field == "reserves[1]"


def test_wrong_schema_is_rejected():
    d = _bundled()
    d["schema"] = "coachgym.statispro.team/1"
    err = _error(d)
    assert err.field == "schema" and SCHEMA in err.problem


def test_real_team_without_source_is_rejected():
    d = _bundled()
    d["fictional"] = False
    d["source"] = ""
    assert _error(d).field == "source"


def test_file_errors_name_the_file(tmp_path: Path):
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(TeamFileError) as exc:
        load_json(bad)
    assert "broken.json" in str(exc.value) and exc.value.field == "<file>"
    with pytest.raises(TeamFileError) as exc:
        load_json(tmp_path / "missing.json")
    assert "missing.json" in str(exc.value)


def test_card_round_trip_through_file_form():
    d = _bundled()
    team = parse_team(d, "lakeshore")
    for i, card in enumerate(team.players):
        again = parse_card(card.to_file_dict(), "x", f"players[{i}].")
        assert again == card
        assert PlayerCard.from_dict(card.to_dict()) == card


# ---------------------------------------------------------------- the bundled teams
def test_at_least_four_bundled_teams_of_ten_or_more():
    assert len(BUNDLED) >= 4
    for path in BUNDLED:
        team = parse_team(load_json(path), str(path))
        assert len(team.players) >= 10, path
        assert team.fictional is True and "ictional" in team.source, path


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_team_loads_and_keeps_valid_stat_lines(path: Path):
    from coachgym.rules.valueadd import RULESET

    raw = load_json(path)
    team = parse_team(raw, str(path))
    assert RULESET.load_team(path.stem).name == team.name
    for i, (p, card) in enumerate(zip(raw["players"], team.players)):
        line = SeasonLine.from_dict(p["stats"], str(path), f"players[{i}].stats")
        assert line.min > 0 and card.stats == p["stats"]
    # "Choose the Point Guard and place at the top of the 5 cards": starters and reserves have one
    assert team.players[team.lineup[0]].point_guard
    assert team.players[team.reserves[0]].point_guard


def test_bundled_teams_differ_in_dunk_range_and_defensive_adjustment():
    teams = [parse_team(load_json(p), str(p)) for p in BUNDLED]
    assert len({t.dunk for t in teams}) >= 3
    assert len({t.defense_adjust for t in teams}) >= 3
    # "The average dunk range is 51-53 and the average defensive adjustment is 0"
    assert abs(sum(t.dunk for t in teams) / len(teams) - 3) <= 0.5
    assert abs(sum(t.defense_adjust for t in teams) / len(teams)) <= 0.5


def test_bundled_team_styles_show_in_the_stats():
    """A 3-point team, a big inside team, a pressing team and a balanced one."""
    tot = {}
    for p in BUNDLED:
        lines = [SeasonLine(**c["stats"]) for c in load_json(p)["players"]]
        tot[p.stem] = {k: sum(getattr(l, k) for l in lines) for k in ("fga", "fg3a", "oreb", "blk", "stl", "tov")}
    share3 = {k: v["fg3a"] / v["fga"] for k, v in tot.items()}
    assert max(share3, key=share3.get) == "harbor-city"
    assert max(tot, key=lambda k: tot[k]["oreb"] + tot[k]["blk"]) == "cedar-valley"
    assert max(tot, key=lambda k: tot[k]["stl"]) == "ironwood-state"


def test_team_file_is_plain_json_with_schema():
    for p in BUNDLED:
        data = json.loads(p.read_text(encoding="utf-8"))
        assert data["schema"] == SCHEMA
        mutated = copy.deepcopy(data)
        mutated["players"][0]["stamina"] = 45
        with pytest.raises(TeamFileError):
            parse_team(mutated, str(p))
