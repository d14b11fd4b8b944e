"""`coachgym speed-compare REV` (issue 25): an old commit built in a tree of its own, measured by the
same probe as this tree, old and new interleaved, best of each, ratio per figure."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from coachgym.training import speed_probe
from coachgym.training.speed_compare import Comparison, compare, prepare, probe


def test_the_probe_measures_each_figure_in_this_tree(capsys):
    for what, n, key in (("games", 2, "games_per_cpu_second"), ("env", 200, "env_steps_per_cpu_second"),
                         ("search", 4, "rollouts_per_cpu_second"), ("memory", 0, "env_episode_peak_kib")):
        speed_probe.main(["valueadd", what, str(n)])
        out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert "error" not in out, out
        assert out[key] > 0 and out["ruleset"] == "valueadd" and out["what"] == what
    speed_probe.main(["valueadd", "nonsense"])
    assert "KeyError" in json.loads(capsys.readouterr().out)["error"]  # reported, not a crash


def test_the_table_keeps_the_best_run_of_each_tree_and_the_ratio():
    c = Comparison("old", "0" * 40, ["valueadd"], 2, {"env": 100, "memory": 0})
    c.runs = {("valueadd", "env", "old"): [{"env_steps_per_cpu_second": 100.0}, {"env_steps_per_cpu_second": 120.0}],
              ("valueadd", "env", "new"): [{"env_steps_per_cpu_second": 240.0}, {"env_steps_per_cpu_second": 200.0}],
              ("valueadd", "memory", "old"): [{"game_peak_kib": 30.0, "env_episode_peak_kib": 900.0}],
              ("valueadd", "memory", "new"): [{"game_peak_kib": 30.0, "env_episode_peak_kib": 600.0}]}
    rows = {r["figure"]: r for r in c.rows()}
    assert rows["env_steps_per_cpu_second"]["old"] == 120 and rows["env_steps_per_cpu_second"]["new"] == 240
    assert rows["env_steps_per_cpu_second"]["ratio"] == 2.0
    assert rows["env_episode_peak_kib"]["ratio"] == 1.5  # memory: old over new, less is better
    text = c.render()
    assert "| valueadd | env steps per CPU-second (random legal agent) | 120 | 240 | 2.00x |" in text
    assert "1.50x less" in text


def test_an_unknown_revision_is_named(tmp_path, monkeypatch):
    from coachgym.core.errors import ConfigError

    monkeypatch.setenv("COACHGYM_SPEED_CACHE", str(tmp_path))
    with pytest.raises(ConfigError, match="no-such-rev"):
        prepare("no-such-rev")
    from click.testing import CliRunner

    from coachgym.cli import main

    res = CliRunner().invoke(main, ["speed-compare", "no-such-rev", "valueadd", "--no-progress"])
    assert res.exit_code == 2 and "Error: git rev-parse" in res.output and "no-such-rev" in res.output
    assert "Traceback" not in res.output


@pytest.mark.slow
def test_an_old_commit_is_built_in_its_own_tree_and_measured_beside_this_one(tmp_path, monkeypatch):
    monkeypatch.setenv("COACHGYM_SPEED_CACHE", str(tmp_path))
    sha, python = prepare("HEAD")
    where = subprocess.run([str(python), "-I", "-c", "import coachgym; print(coachgym.__file__)"], capture_output=True,
                           text=True, check=True).stdout
    assert str(tmp_path / sha / "tree") in where  # the old tree's own coachgym, not this one
    assert probe(python, "valueadd", "games", 2)["games_per_cpu_second"] > 0
    c = compare("HEAD", ["valueadd"], rounds=1, sizes={"games": 2}, progress=False, log=lambda *_: None)
    (row,) = c.rows()
    assert row["old"] > 0 and row["new"] > 0 and row["ratio"] > 0
    assert [r["coachgym"] for r in c.runs[("valueadd", "games", "new")]] == [
        str(Path(sys.modules["coachgym"].__file__).parent)]
