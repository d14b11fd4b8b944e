"""tools/speed_spread.py: the run-to-run spread of a speed-compare JSON, figure by figure."""

from __future__ import annotations

import json

from tests.tools import load_tool


def _data() -> dict:
    def runs(tree, values, probe="games", key="games_per_cpu_second"):
        return {"ruleset": "valueadd", "probe": probe, "tree": tree, "results": [{key: v} for v in values]}

    return {"old_rev": "ee7ebd6", "new_rev": "abc", "load_before_rounds": [4.0, 3.5],
            "runs": [runs("old", [100.0, 80.0, 90.0]), runs("new", [110.0, 99.0, 88.0]),
                     runs("old", [1000.0, 500.0], "env", "env_steps_per_cpu_second"),
                     runs("new", [800.0, 700.0], "env", "env_steps_per_cpu_second")]}


def test_the_spread_and_both_ratios_of_each_figure(tmp_path, capsys):
    tool = load_tool("speed_spread")
    games, env = tool.rows(_data())
    assert games["old"] == (80.0, 100.0) and abs(games["old_spread"] - 0.2) < 1e-9
    assert abs(games["best_ratio"] - 1.1) < 1e-9 and abs(games["median_ratio"] - 99 / 90) < 1e-9
    assert env["runs"] == (2, 2) and abs(env["best_ratio"] - 0.8) < 1e-9 and abs(env["median_ratio"] - 750 / 750) < 1e-9
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_data()))
    assert tool.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "| valueadd | games | 80-100 (20%) | 88-110 (20%) | 1.10x | 1.10x |" in out and "4.0, 3.5" in out
    assert tool.main([str(tmp_path / "none.json")]) == 2
    assert "not a speed-compare --json file" in capsys.readouterr().err
