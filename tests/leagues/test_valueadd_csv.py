"""Value Add teams from a college team's season totals (tools/valueadd_team_from_csv.py, docs/league-seasons.md):
the template (the bundled Harbor City Gulls' lines) rebuilds their cards exactly; bad rows name line
and column."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from coachgym import rulesets
from coachgym.core.errors import TeamFileError

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "docs" / "templates" / "valueadd-team.csv"
spec = importlib.util.spec_from_file_location("valueadd_team_from_csv", ROOT / "tools" / "valueadd_team_from_csv.py")
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)
ARGS = ["--name", "Harbor City Gulls", "--short", "HCG", "--season", "test", "--source", "the template",
        "--games", "32", "--pace", "71.5", "--defense-adjust", "1"]


def test_template_rebuilds_the_bundled_teams_cards(tmp_path):
    out = tmp_path / "t.json"
    assert tool.main([str(TEMPLATE), *ARGS, "--out", str(out)]) == 0
    built = json.loads(out.read_text())
    bundled = json.loads(rulesets.get("valueadd").team_file("harbor-city").read_text())
    assert built["players"] == bundled["players"] and built["lineup"] == bundled["lineup"]
    assert built["fictional"] is False and built["source"] == "the template"
    rulesets.get("valueadd").load_team(str(out))  # an ordinary team file


@pytest.mark.parametrize("edit, where", [
    (lambda t: t.replace("Player,Number,Role,G,MP", "Player,Number,Role,G,Minutes", 1), "missing column(s) MP"),
    (lambda t: t.replace(",PG,32,1088,", ",PG,32,lots,", 1), "line 2, column MP"),
    (lambda t: t.replace(",PG,32,1088,", ",XX,32,1088,", 1), "line 2, column Role"),
    (lambda t: t.replace(",PG,32,1088,", ",SG,32,1088,", 1), "column Role"),
])
def test_bad_rows_name_line_and_column(tmp_path, edit, where):
    bad = tmp_path / "bad.csv"
    bad.write_text(edit(TEMPLATE.read_text()))
    with pytest.raises(TeamFileError) as err:
        tool.team_spec(bad, name="x", short="X", season="s", source="s", dunk="51-53", defense_adjust=0, games=32,
                       pace=None)
    assert where in str(err.value)
