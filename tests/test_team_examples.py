"""docs/teams.md: the example team file of each ruleset loads and plays, a broken copy gives the
error the how-to prints, and the bundled teams' names are the same in every ruleset (the old
Statis Pro names still work)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.errors import TeamFileError
from coachgym.core.match import play_game

DOCS = Path(__file__).resolve().parents[1] / "docs"
HOWTO = (DOCS / "teams.md").read_text(encoding="utf-8")
RULESETS = [e.name for e in rulesets.entries()]


@pytest.mark.parametrize("name", RULESETS)
def test_each_example_team_loads_and_plays_a_game(name):
    R = rulesets.get(name)
    path = DOCS / "teams" / f"{name}-river-falls.json"
    assert f"teams/{name}-river-falls.json" in HOWTO
    team = R.load_team(str(path))
    game = R.new_game(team, R.team_names()[0], seed=3, record_events=False)
    play_game(game, R.coach("by-the-book"), R.coach("random", seed=1))
    assert game.over and game.box_score().teams[0].name == team.name


# the broken copies of docs/teams.md's table: (ruleset, path into the file, the value)
BROKEN = [
    ("valueadd", ("players", 2, "steal"), "11-40"),
    ("valueadd", ("lineup",), ["Rory Calloway"]),
    ("statispro", ("players", 0, "field_goal"), 120),
    ("fourthstreet", ("players", 1, "jmp"), 9),
    ("fuba", ("skills",), ["flying_keeper"]),
]


@pytest.mark.parametrize("name, where, value", BROKEN)
def test_a_broken_copy_gives_the_error_the_howto_prints(name, where, value, tmp_path):
    data = json.loads((DOCS / "teams" / f"{name}-river-falls.json").read_text())
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    path = tmp_path / "my-team.json"
    path.write_text(json.dumps(data))
    with pytest.raises(TeamFileError) as info:
        rulesets.get(name).load_team(str(path))
    message = str(info.value).replace(str(tmp_path) + "/", "")
    documented = re.findall(r"`(my-team\.json: field [^`]*)`", HOWTO)
    assert any(message == d or (d.endswith("...") and message.startswith(d[:-3])) for d in documented), message


def test_invalid_json_error_is_the_documented_one(tmp_path):
    path = tmp_path / "my-team.json"
    path.write_text((DOCS / "teams" / "fuba-river-falls.json").read_text().replace('"short"', '"short":'))
    with pytest.raises(TeamFileError) as info:
        rulesets.get("fuba").load_team(str(path))
    assert str(info.value).replace(str(tmp_path) + "/", "") in HOWTO


def test_the_command_line_prints_the_error_and_plays_nothing(tmp_path):
    data = json.loads((DOCS / "teams" / "valueadd-river-falls.json").read_text())
    data["players"][2]["steal"] = "11-40"
    path = tmp_path / "my-team.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["simulate", "valueadd", "--home", str(path), "-n", "2", "--no-progress"])
    assert res.exit_code == 2 and "players[2].steal" in res.output and "Traceback" not in res.output
    assert [line for line in res.output.splitlines() if line.startswith("error: ")]


def test_harbor_city_is_the_same_name_in_every_ruleset_and_old_names_still_work():
    for name in ("valueadd", "statispro", "fourthstreet"):
        assert rulesets.get(name).load_team("harbor-city").name == "Harbor City Gulls"
        assert rulesets.get(name).load_team("harbor-city-gulls").name == "Harbor City Gulls"
    sp = rulesets.get("statispro")
    for old, new in (("lakeshore-comets", "lakeshore"), ("mesa-verde-drillers", "mesa-verde"),
                     ("pine-ridge-loggers", "pine-ridge")):
        assert sp.team_aliases()[old] == new and sp.load_team(old) == sp.load_team(new)
    assert {"harbor-city", "lakeshore", "mesa-verde", "pine-ridge"} <= set(sp.team_names())


def test_teams_command_shows_each_file_and_its_other_name():
    res = CliRunner().invoke(main, ["teams", "statispro"])
    assert res.exit_code == 0
    lines = res.output.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("harbor-city "))
    assert "also 'harbor-city-gulls'" in lines[i]
    assert Path(lines[i + 1].strip()).is_file() and lines[i + 1].strip().endswith("harbor-city.json")
