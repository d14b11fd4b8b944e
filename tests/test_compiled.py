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


# a module compiled in a copy of the tree to check the attribute cache of the generated C (_attrcache.h):
# every read and assignment below is one place in the C with a cache of its own
ATTR_PROBE = '''
class Many:
    def __init__(self):
        for i in range(40):  # more attributes than CPython keeps inline: a dictionary of its own
            setattr(self, "a%d" % i, i)
        self.x = 1


class Few:
    def __init__(self):
        self.x = 1  # kept inline (no dictionary yet)


class Sub(Many):
    pass


class Slotted:
    __slots__ = ("x",)

    def __init__(self):
        self.x = 1


class Dynamic:
    def __getattr__(self, name):
        return "from __getattr__"


def read_x(o):
    return o.x


def write_x(o, v):
    o.x = v
'''


@pytest.fixture(scope="module")
def attr_probe(tmp_path_factory):
    pytest.importorskip("Cython", reason="Cython (pip install 'coachgym[compiled]')")
    import importlib.machinery
    import importlib.util

    root = tmp_path_factory.mktemp("attrcache")
    (root / "coachgym" / "core").mkdir(parents=True)
    (root / "coachgym" / "core" / "state.py").write_text(ATTR_PROBE)
    try:
        report = compiled.build(root, only=["coachgym.core.state"], progress=False, log=lambda s: None)
    except compiled.BuildError as e:
        pytest.skip(f"no build here: {e}")
    assert report.built == ["coachgym.core.state"], report.failed
    manifest = json.loads((root / "coachgym" / "_compiled.json").read_text())
    if not compiled.attr_cache_offered():
        assert manifest["attr_cache"] is False and manifest["modules"]["coachgym.core.state"]["attr_places"] is None
        pytest.skip(f"the attribute cache is not offered on {sys.implementation.cache_tag} (CPython 3.11 only)")
    assert manifest["attr_cache"] is True
    places = manifest["modules"]["coachgym.core.state"]["attr_places"]
    assert places["reads"] >= places["expected_reads"] >= 1 and places["writes"] >= places["expected_writes"] >= 1
    path = root / "coachgym" / "core" / ("state" + compiled.suffix())
    loader = importlib.machinery.ExtensionFileLoader("coachgym.core.state", str(path))
    mod = importlib.util.module_from_spec(importlib.util.spec_from_file_location("coachgym.core.state", path, loader=loader))
    real = sys.modules.get("coachgym.core.state")
    try:
        loader.exec_module(mod)  # (Cython's module init registers it under its name: the real one put back)
    finally:
        if real is not None:
            sys.modules["coachgym.core.state"] = real
        elif sys.modules.get("coachgym.core.state") is mod:
            del sys.modules["coachgym.core.state"]
    assert mod.read_x.__class__.__name__ == "cython_function_or_method"
    return mod


def test_the_attribute_cache_routes_reads_and_assignments_of_the_generated_c(tmp_path):
    c = tmp_path / "m.c"
    c.write_text('#include "Python.h"\nx = __Pyx_PyObject_GetAttrStr(o, n); if (unlikely(!x)) {}\n'
                 "if (__Pyx_PyObject_SetAttrStr(o, n, v) < 0) {}\n#define __Pyx_PyObject_GetAttrStr(o,n) PyObject_GetAttr(o,n)\n")
    assert compiled._with_attr_cache(c) == compiled.AttrPlaces(reads=1, writes=1, expected_reads=0, expected_writes=0)
    text = c.read_text()
    assert "x = __CG_GETATTR(o, n)" in text and "if (__CG_SETATTR(o, n, v) < 0)" in text
    assert "#define __Pyx_PyObject_GetAttrStr(o,n) PyObject_GetAttr(o,n)" in text  # Cython's own lines untouched
    assert text.index("__cg_getattr") > text.index('#include "Python.h"')


def test_the_attribute_cache_reads_and_assigns_as_python_does_when_classes_change(attr_probe):
    """Python's lookup order (data descriptor of the class, then the instance's dictionary, then any
    other class attribute, then __getattr__) holds at a cached place however the classes change after
    it was cached: by a class attribute, a property, a base class's change, a deletion. Each change
    comes right after the place has read or assigned through its cache for that very class."""
    m = attr_probe

    def prime(o, write=False):  # fill the place's cache for o's class and use it
        for _ in range(3):
            if write:
                m.write_x(o, o.__dict__.get("x", 0))
            else:
                m.read_x(o)

    for cls in (m.Many, m.Few, m.Sub, m.Slotted):
        o = cls()
        for v in range(3):
            m.write_x(o, v)
            assert m.read_x(o) == v and o.x == v
    o, s = m.Many(), m.Sub()
    prime(o)
    m.Many.x = property(lambda self: "property", lambda self, v: setattr(self, "seen", v))
    assert m.read_x(o) == "property"  # a data descriptor beats the instance
    del m.Many.x
    prime(o, write=True)
    m.Many.x = property(lambda self: "property", lambda self, v: setattr(self, "seen", v))
    m.write_x(o, 7)
    assert o.seen == 7 and o.__dict__["x"] == 1  # the assignment went to the setter
    del m.Many.x
    prime(s)
    m.Many.x = property(lambda self: "base property")  # a base class changes
    assert m.read_x(s) == "base property"
    del m.Many.x
    prime(o)
    m.Many.x = "class attribute"
    assert m.read_x(o) == 1  # the instance's own value beats a plain class attribute
    del o.x
    assert m.read_x(o) == "class attribute"
    del m.Many.x
    with pytest.raises(AttributeError, match="'x'"):
        m.read_x(o)
    m.write_x(o, 3)
    assert m.read_x(o) == 3
    m.Many.x = property(lambda self: "property", lambda self, v: setattr(self, "seen", v))
    o.__dict__["x"] = "in the dictionary"
    for v in range(3):  # cached while the class has the property: the property every time
        assert m.read_x(o) == "property"
        m.write_x(o, v)
        assert o.seen == v and o.__dict__["x"] == "in the dictionary"
    del m.Many.x
    o.x = 3
    f = m.Few()
    prime(f)
    m.Few.x = property(lambda self: "few property")
    assert m.read_x(f) == "few property"
    del m.Few.x
    t = m.Slotted()
    prime(t)
    prime(t, write=False)
    for v in range(3):
        m.write_x(t, v)
        assert m.read_x(t) == v
    del t.x
    with pytest.raises(AttributeError, match="x"):  # an empty slot, read at a place cached for it
        m.read_x(t)
    m.write_x(t, 5)
    slot = m.Slotted.x
    m.Slotted.x = property(lambda self: "slot property")
    assert m.read_x(t) == "slot property"
    m.Slotted.x = slot
    assert m.read_x(t) == 5
    assert m.read_x(m.Dynamic()) == "from __getattr__"
    assert m.read_x(o) == 3 and m.read_x(f) == 1 and m.read_x(s) == 1  # the place moved between classes and back


def test_the_attribute_cache_counts_the_places_it_had_to_route(tmp_path):
    """Two counts the rewrite's patterns do not make: the C's reads and assignments of the module's
    interned names, and the Python source's attribute reads and assignments. A line of a form the
    rewrite does not know (as a new Cython version might write) is a missed place."""
    src = tmp_path / "m.py"
    src.write_text("def f(o, p):\n    o.x = p.y\n    o.z += 1\n    return o.method()\n")
    assert compiled._source_attributes(src) == (1, 2)  # p.y (o.method() is a call); o.x, o.z
    c = tmp_path / "m.c"
    c.write_text('#include "Python.h"\n'
                 "__pyx_t_1 = __Pyx_PyObject_GetAttrStr(__pyx_v_p, __pyx_mstate_global->__pyx_n_u_y);\n"
                 "if (__Pyx_PyObject_SetAttrStr(__pyx_v_o, __pyx_mstate_global->__pyx_n_u_x, __pyx_t_1) < 0) {}\n"
                 "__pyx_t_2 = __Pyx_PyObject_GetAttrStr(__pyx_v_o, __pyx_mstate_global->__pyx_n_u_z);\n"
                 "__pyx_r = (__Pyx_PyObject_SetAttrStr(__pyx_v_o, __pyx_mstate_global->__pyx_n_u_z, __pyx_t_2) < 0);\n")
    places = compiled._with_attr_cache(c, src)
    assert places == compiled.AttrPlaces(reads=2, writes=1, expected_reads=2, expected_writes=2)
    assert places.missed == 1  # the assignment written as an expression was not routed
    c.write_text('#include "Python.h"\n')  # a Cython that names its calls differently: the source still counts
    assert compiled._with_attr_cache(c, src).missed == 3


def test_a_build_that_misses_attribute_places_fails_and_leaves_nothing_built(tmp_path, monkeypatch):
    pytest.importorskip("Cython", reason="Cython (pip install 'coachgym[compiled]')")
    if not compiled.attr_cache_offered():
        pytest.skip("the attribute cache is not offered here (CPython 3.11 and GNU C)")
    shutil.copytree(ROOT / "coachgym" / "core", tmp_path / "coachgym" / "core",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    import re

    monkeypatch.setattr(compiled, "_ATTR_WRITE", re.compile(r"if \(__Pyx_PyObject_SetAttrStr_Renamed\("))
    with pytest.raises(compiled.AttrCacheMissed, match=r"coachgym.core.state: \d+ of \d+ reads, 0 of \d+ assignments"):
        compiled.build(tmp_path, only=["coachgym.core.state"], progress=False, log=lambda s: None)
    assert not (tmp_path / "coachgym" / "core" / ("state" + compiled.suffix())).exists()
    assert compiled.status(tmp_path).fresh == []


def test_the_ci_build_routed_every_place_and_the_c_compiler_said_nothing(build):
    """The build in this tree (.ci/run's): every module's places counted and routed where the cache is
    offered, none where it is not, and no warning from the C compiler (-Wall -Wextra)."""
    manifest = json.loads(compiled.MANIFEST.read_text())
    assert manifest["warning_flags"][:2] == ["-Wall", "-Wextra"] and "-w" not in manifest["warning_flags"]
    offered = compiled.attr_cache_offered()
    assert manifest["attr_cache"] is offered
    total = 0
    for m, entry in manifest["modules"].items():
        assert entry["warnings"] == [], f"{m}: {entry['warnings'][:3]}"
        places = entry["attr_places"]
        if not offered:
            assert places is None, m
            continue
        assert places["reads"] >= places["expected_reads"] and places["writes"] >= places["expected_writes"], m
        total += places["reads"] + places["writes"]
    if offered:
        assert total >= 5000, total  # every read and assignment of 104 modules (9,533 at Cython 3.3.1)


def test_in_an_installed_wheel_the_build_is_listed_in_pips_record(tmp_path):
    """Installed (not editable), the extension files and the manifest are written into site-packages:
    the build lists them in the distribution's RECORD, so pip knows them and `pip uninstall` removes
    them; `coachgym compile --clean` takes them out again."""
    pytest.importorskip("Cython", reason="Cython (pip install 'coachgym[compiled]')")
    shutil.copytree(ROOT / "coachgym" / "core", tmp_path / "coachgym" / "core",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    info = tmp_path / "coachgym-0.1.0.dist-info"
    info.mkdir()
    (info / "RECORD").write_text("coachgym/compiled.py,sha256=abc,100\ncoachgym/core/phases.py,sha256=def,200\n")
    try:
        report = compiled.build(tmp_path, only=["coachgym.core.phases"], progress=False, log=lambda s: None)
    except compiled.BuildError as e:
        pytest.skip(f"no build here: {e}")
    assert report.built == ["coachgym.core.phases"]
    ext = "coachgym/core/phases" + compiled.suffix()
    rows = {ln.split(",")[0]: ln.split(",")[1:] for ln in (info / "RECORD").read_text().splitlines()}
    assert set(rows) == {"coachgym/compiled.py", "coachgym/core/phases.py", ext, "coachgym/_compiled.json"}
    data = (tmp_path / ext).read_bytes()
    assert rows[ext][1] == str(len(data)) and rows[ext][0].startswith("sha256=")
    compiled.build(tmp_path, only=["coachgym.core.phases"], progress=False, log=lambda s: None)  # rebuilt: listed once
    assert [ln.split(",")[0] for ln in (info / "RECORD").read_text().splitlines()].count(ext) == 1
    compiled.clean(tmp_path)
    rows = {ln.split(",")[0] for ln in (info / "RECORD").read_text().splitlines()}
    assert rows == {"coachgym/compiled.py", "coachgym/core/phases.py"}


def test_a_build_by_another_interpreter_is_removed_before_this_one_writes_its_manifest(tmp_path):
    """One manifest speaks for one interpreter's build: the extension files another Python built here
    (its manifest names another suffix) go before this build or clean writes, or that Python would
    load them unguarded."""
    core = tmp_path / "coachgym" / "core"
    shutil.copytree(ROOT / "coachgym" / "core", core, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    other = core / "phases.cpython-399-x86_64-linux-gnu.so"
    other.write_bytes(b"not really")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.so"
    outside.write_bytes(b"keep")
    manifest = {"version": compiled.MANIFEST_VERSION, "extension_suffix": ".cpython-399-x86_64-linux-gnu.so",
                "modules": {"coachgym.core.phases": {"source": "coachgym/core/phases.py", "sha256": "0",
                                                     "extension": other.relative_to(tmp_path).as_posix()},
                            "coachgym.core.evil": {"source": "x.py", "sha256": "0",
                                                   "extension": f"../{outside.name}"}}}
    (tmp_path / "coachgym" / "_compiled.json").write_text(json.dumps(manifest))
    assert compiled._other_interpreters_build(tmp_path) == [other]  # (never a file outside the tree)
    assert compiled.clean(tmp_path) == 1 and not other.exists() and outside.exists()
    other.write_bytes(b"not really")
    (tmp_path / "coachgym" / "_compiled.json").write_text(json.dumps(manifest))
    pytest.importorskip("Cython", reason="Cython (pip install 'coachgym[compiled]')")
    try:
        compiled.build(tmp_path, only=["coachgym.core.phases"], progress=False, log=lambda s: None)
    except compiled.BuildError as e:
        pytest.skip(f"no build here: {e}")
    assert not other.exists() and outside.exists()
    assert compiled.status(tmp_path).fresh == ["coachgym.core.phases"]


def test_the_compiled_engines_are_offered_only_where_ci_checks_them(tmp_path, monkeypatch):
    """CI builds and checks the compiled engines on CPython 3.11; elsewhere `coachgym compile` says so
    and builds nothing (everything runs as pure Python)."""
    monkeypatch.setattr(compiled, "_cython_version", lambda: "3.1")
    monkeypatch.setattr(compiled, "_compiler", lambda: (["sh"], ["sh"], []))  # (a command on every PATH)
    monkeypatch.setattr(compiled, "OFFERED_PYTHONS", ((3, 99),))
    with pytest.raises(compiled.BuildError, match=r"offered on CPython 3\.99.*pure Python"):
        compiled.build(tmp_path, progress=False)
    assert not (tmp_path / "coachgym" / "_compiled.json").exists()


def test_an_extension_lies_beside_its_source_only_while_the_manifest_lists_it(tmp_path, monkeypatch):
    """A build compiles in a folder of its own and places each extension only after the manifest
    lists it, so a build cut short at any point leaves no extension the import guard does not speak
    for (an unlisted one would load even under COACHGYM_PURE=1, and stale after an edit)."""
    pytest.importorskip("Cython", reason="Cython (pip install 'coachgym[compiled]')")
    shutil.copytree(ROOT / "coachgym" / "core", tmp_path / "coachgym" / "core",
                    ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    ext = tmp_path / "coachgym" / "core" / ("phases" + compiled.suffix())
    seen = []

    def listed() -> set:
        return set(compiled._read_manifest(tmp_path / "coachgym" / "_compiled.json") or {})

    def check(where: str) -> None:
        seen.append((where, ext.exists(), "coachgym.core.phases" in listed()))
        assert not ext.exists() or "coachgym.core.phases" in listed(), f"unlisted extension at {where}"

    real_write, real_cythonize, real_place = compiled._write_manifest, compiled._cythonize, compiled._place
    monkeypatch.setattr(compiled, "_write_manifest", lambda *a, **k: (real_write(*a, **k), check("manifest")))
    monkeypatch.setattr(compiled, "_cythonize", lambda *a: (check("cython"), real_cythonize(*a))[1])
    monkeypatch.setattr(compiled, "_place", lambda *a: (check("before placing"), real_place(*a), check("placed")))
    for _ in range(2):  # a first build, and a rebuild over it
        try:
            report = compiled.build(tmp_path, only=["coachgym.core.phases"], progress=False, log=lambda s: None)
        except compiled.BuildError as e:
            pytest.skip(f"no build here: {e}")
        assert report.built == ["coachgym.core.phases"] and ext.is_file()
    assert ("placed", True, True) in seen and ("cython", False, False) in seen
