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


def test_with_compiled_engines_the_table_has_python_and_compiled_columns():
    c = Comparison("old", "0" * 40, ["fuba"], 1, {"games": 10}, trees=("old", "new", "compiled"))
    c.runs = {("fuba", "games", "old"): [{"games_per_cpu_second": 100.0}],
              ("fuba", "games", "new"): [{"games_per_cpu_second": 110.0}],
              ("fuba", "games", "compiled"): [{"games_per_cpu_second": 180.0}]}
    (row,) = c.rows()
    assert row["ratio"] == pytest.approx(1.1) and row["compiled_ratio"] == pytest.approx(1.8)
    text = c.render()
    assert "| ruleset | figure | old | new (Python) | new (compiled) | Python/old | compiled/old |" in text
    assert "| fuba | full games per CPU-second (by-the-book both sides) | 100 | 110 | 180 | 1.10x | 1.80x |" in text
    assert "as pure Python (COACHGYM_PURE=1) and with its compiled engines" in text
    assert c.to_dict()["trees"] == ["old", "new", "compiled"]


def test_the_probe_runs_pure_python_when_asked(monkeypatch):
    seen = {}

    def fake_run(cmd, capture_output, text, check, env):
        seen["env"] = env
        return subprocess.CompletedProcess(cmd, 0, stdout='{"games_per_cpu_second": 1.0}\n', stderr="")

    monkeypatch.setattr(subprocess, "run", fake_run)
    monkeypatch.setenv("COACHGYM_PURE", "1")
    probe(sys.executable, "valueadd", "games", 1)
    assert "COACHGYM_PURE" not in seen["env"]  # the compiled tree as built (the session's setting dropped)
    probe(sys.executable, "valueadd", "games", 1, pure=True)
    assert seen["env"]["COACHGYM_PURE"] == "1"


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


def test_both_commits_compiled_give_a_compiled_against_compiled_column():
    c = Comparison("old", "0" * 40, ["valueadd"], 1, {"games": 10}, new_rev="new", new_sha="1" * 40,
                   trees=("old", "new", "old-compiled", "compiled"))
    c.runs = {("valueadd", "games", "old"): [{"games_per_cpu_second": 100.0}],
              ("valueadd", "games", "new"): [{"games_per_cpu_second": 105.0}],
              ("valueadd", "games", "old-compiled"): [{"games_per_cpu_second": 160.0}],
              ("valueadd", "games", "compiled"): [{"games_per_cpu_second": 176.0}]}
    (row,) = c.rows()
    assert row["ratio"] == pytest.approx(1.05) and row["compiled_vs_old_compiled"] == pytest.approx(1.1)
    text = c.render()
    assert ("| ruleset | figure | old (Python) | new (Python) | new/old | old (compiled) | new (compiled) "
            "| new/old compiled |") in text
    assert "| valueadd | full games per CPU-second (by-the-book both sides) | 100 | 105 | 1.05x | 160 | 176 | 1.10x |" in text
    assert "each as pure Python (COACHGYM_PURE=1) and with its compiled engines (its own coachgym compile)" in text


def test_build_compiled_compiles_each_cached_tree_once_with_its_own_compile(tmp_path, monkeypatch):
    import coachgym.training.speed_compare as sc

    python = tmp_path / "abc" / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    (tmp_path / "abc" / "tree").mkdir()
    monkeypatch.setattr(sc, "_prepare", lambda rev, repo, log: ("abc" * 13 + "a", python))
    calls = []

    def fake_run(cmd, cwd, capture_output, text, check):
        calls.append((cmd, cwd))
        return subprocess.CompletedProcess(cmd, 0, stdout="", stderr="")

    monkeypatch.setattr(subprocess, "run", fake_run)
    for _ in range(2):
        assert sc.prepare("abc", compiled=True) == ("abc" * 13 + "a", python)
    assert len(calls) == 1  # cached after the first build
    (cmd, cwd), = calls
    assert cmd[0] == str(python) and cmd[-2:] == ["compile", "--no-progress"] and cwd == tmp_path / "abc" / "tree"


def test_a_failed_compile_of_a_commit_is_named_and_build_compiled_needs_two_commits(tmp_path, monkeypatch):
    import coachgym.training.speed_compare as sc
    from coachgym.core.errors import ConfigError

    python = tmp_path / "abc" / "venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    monkeypatch.setattr(sc, "_prepare", lambda rev, repo, log: ("abc" * 13 + "a", python))
    monkeypatch.setattr(subprocess, "run", lambda cmd, **kw: subprocess.CompletedProcess(
        cmd, 1, stdout="", stderr="error: no C compiler\n"))
    with pytest.raises(ConfigError, match=r"compiling abc .*no C compiler"):
        sc.prepare("abc", compiled=True)
    assert not (tmp_path / "abc" / "compiled-ready").exists()
    with pytest.raises(ConfigError, match="--new"):
        sc.compare("abc", ["valueadd"], build_compiled=True, progress=False, log=lambda *_: None)
