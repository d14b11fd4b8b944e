"""The compiled engines (issue 25, point 1; ``coachgym compile``, docs/speed.md "The compiled engines"):
the same Python files compiled with Cython must play exactly as pure Python, and a changed source must
never run from a stale build.

``.ci/run`` builds them before the tests, so in CI (``COACHGYM_REQUIRE_ALL=1``) the checks below that
need a build cannot skip. The rest of the suite runs as pure Python (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym import compiled
from coachgym.cli import main

ROOT = Path(__file__).resolve().parent.parent

# the golden play-throughs and the digests recorded before the speed work, plus saves and copies
COMPILED_TESTS = ["tests/test_speed_identity.py", "tests/fourthstreet/test_golden.py",
                  "tests/valueadd/test_determinism.py", "tests/core/test_saved_games.py", "tests/search/test_copies.py",
                  "tests/core/test_phases.py", "tests/core/test_state.py"]


def _env(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("COACHGYM_PURE", "COACHGYM_TEST_COMPILED")}
    if pure:
        env["COACHGYM_PURE"] = "1"
    else:
        env["COACHGYM_TEST_COMPILED"] = "1"
    return env


@pytest.fixture(scope="module")
def build():
    st = compiled.status()
    every = set(compiled.sources())
    if not st.fresh:
        pytest.skip("no compiled engines built here (coachgym compile; .ci/run builds them)")
    assert set(st.fresh) == every, f"a partial or stale build: {sorted(every - set(st.fresh))[:5]} (coachgym compile)"
    return st


def test_compiled_play_is_identical_to_pure_python_game_by_game_and_copy_by_copy(build):
    """Seeded games of every ruleset under several rule options (a random coach against the book), a
    clone, a pickle and a JSON copy every 40 decisions played on to the end, and a search coach's
    choices: the same digests compiled and as Python, and the compiled run did load every module."""
    out = {}
    for pure in (True, False):
        r = subprocess.run([sys.executable, str(ROOT / "tests" / "compiled_digest.py")], capture_output=True,
                           text=True, env=_env(pure), cwd=ROOT, check=False)
        assert r.returncode == 0, r.stderr[-2000:]
        out[pure] = json.loads(r.stdout.strip().splitlines()[-1])
    assert out[True]["compiled_modules"] == []
    loaded = set(out[False]["compiled_modules"])
    assert len(loaded) >= 60, loaded  # the engines, coaches, encoders and rollouts each ruleset plays through
    assert {"coachgym.rules.statispro.play", "coachgym.rules.fuba.movement", "coachgym.rules.valueadd.possessions",
            "coachgym.rules.fourthstreet.calls", "coachgym.agents.fuba", "coachgym.core.chance"} <= loaded
    for name in out[True]["games"]:
        assert out[False]["games"][name] == out[True]["games"][name], f"{name}: a game or a copy played differently"
        assert out[False]["search"][name] == out[True]["search"][name], f"{name}: the search coach chose differently"


def test_the_golden_games_and_speed_identity_digests_pass_compiled(build):
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *COMPILED_TESTS],
                       capture_output=True, text=True, env=_env(False), cwd=ROOT, check=False)
    assert r.returncode == 0, r.stdout[-3000:]
    assert " passed" in r.stdout.splitlines()[-1]


def test_a_changed_source_runs_as_python_never_from_the_stale_build(tmp_path, monkeypatch):
    src = tmp_path / "cg_guard_probe.py"
    src.write_text("VALUE = 1\n")
    entry = {"source": src.name, "sha256": compiled._sha(src), "extension": "cg_guard_probe.so"}
    guard = compiled._Guard(tmp_path, {"cg_guard_probe": entry})
    monkeypatch.delenv("COACHGYM_PURE", raising=False)
    assert guard.find_spec("cg_guard_probe") is None  # unchanged: the standard finder (the extension first)
    assert guard.find_spec("some.other.module") is None  # not its business
    src.write_text("VALUE = 2\n")
    with pytest.warns(RuntimeWarning, match="changed after `coachgym compile`"):
        spec = guard.find_spec("cg_guard_probe")
    assert spec.origin == str(src) and spec.loader.path == str(src)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once, not at every import
        assert guard.find_spec("cg_guard_probe").origin == str(src)
    src.write_text("VALUE = 1\n")
    monkeypatch.setenv("COACHGYM_PURE", "1")
    assert guard.find_spec("cg_guard_probe").origin == str(src)  # COACHGYM_PURE=1: Python whatever the build


def test_a_build_in_a_copy_of_the_tree_writes_its_manifest_and_sees_a_changed_source(tmp_path):
    pytest.importorskip("Cython", reason="Cython (pip install 'coachgym[compiled]')")
    shutil.copytree(ROOT / "coachgym" / "core", tmp_path / "coachgym" / "core",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    report = compiled.build(tmp_path, only=["coachgym.core.phases"], progress=False, log=lambda s: None)
    assert report.built == ["coachgym.core.phases"] and not report.failed
    ext = tmp_path / "coachgym" / "core" / ("phases" + compiled.suffix())
    assert ext.is_file()
    manifest = json.loads((tmp_path / "coachgym" / "_compiled.json").read_text())
    assert manifest["modules"]["coachgym.core.phases"]["extension"] == ext.relative_to(tmp_path).as_posix()
    assert manifest["directives"]["infer_types"] is None and manifest["directives"]["annotation_typing"] is False
    assert compiled.status(tmp_path).fresh == ["coachgym.core.phases"]
    src = tmp_path / "coachgym" / "core" / "phases.py"
    src.write_text(src.read_text() + "\n# changed\n")
    assert compiled.status(tmp_path).stale == ["coachgym.core.phases"]
    assert compiled.clean(tmp_path) == 1 and not ext.exists()
    assert not (tmp_path / "coachgym" / "_compiled.json").exists()


def test_without_cython_or_a_compiler_the_build_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "_cython_version", lambda: None)
    with pytest.raises(compiled.BuildError, match="pip install"):
        compiled.build(tmp_path, progress=False)
    monkeypatch.setattr(compiled, "_cython_version", lambda: "3.1")
    monkeypatch.setenv("CC", "/nonexistent/cc")
    with pytest.raises(compiled.BuildError, match="no C compiler"):
        compiled.build(tmp_path, progress=False)
    res = CliRunner().invoke(main, ["compile", "--no-progress"])
    assert res.exit_code == 2 and "no C compiler" in res.output and "Traceback" not in res.output
    assert len([ln for ln in res.output.splitlines() if "error:" in ln.lower()]) == 1


def test_compile_status_and_its_usage_errors():
    res = CliRunner().invoke(main, ["compile", "--status"])
    assert res.exit_code == 0, res.output
    assert res.output.startswith("engines: ") and "modules" in res.output
    res = CliRunner().invoke(main, ["compile", "--status", "--clean"])
    assert res.exit_code == 2 and "choose one" in res.output
