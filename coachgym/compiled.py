"""The compiled engines: the rules engines, the book coaches, the encoders and the search's rollouts
compiled with Cython from the very same Python files, for speed (``coachgym compile``; docs/speed.md
"The compiled engines").

Pure Python stays the reference. Nothing here changes a line of a source file: Cython compiles each
listed module as it is (no type declarations; annotations ignored; only Cython's safe type
inference, so a Python int stays a Python int and every operation keeps Python's meaning), and the extension module
lands beside its ``.py`` file, where Python's import system prefers it (placed there only once the manifest
lists it: a build cut short leaves no extension the guard does not speak for). The generated C is Cython's but
for one thing: on CPython 3.11 its attribute reads and assignments by name go through a cache at each place
(``_attrcache.h``, :data:`ATTR_CACHE`), which finds what CPython's generic lookup finds; the build counts
the places it routed and fails when one that Cython wrote is missed (:func:`_with_attr_cache`). The C
compiler runs with its warnings on (``-Wall -Wextra``); what it says is printed and kept in the manifest. The build writes a manifest
(``coachgym/_compiled.json``) with each source file's SHA-256; :class:`_Guard`, installed when
``coachgym`` is imported, lets an extension module load only while its source is unchanged since the
build, so an edited file always runs as written (a stale build is reported by ``coachgym compile
--status`` and warned about once). ``COACHGYM_PURE=1`` runs pure Python with a build present.

Checked in CI: ``.ci/run`` builds the compiled engines and ``tests/test_compiled.py`` plays the golden
games, the speed-identity digests and a set of seeded games of every ruleset under both and requires
them to be identical event by event. Without Cython or a C compiler nothing is built and everything
runs as pure Python.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import re
import sys
import sysconfig
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

PACKAGE = Path(__file__).resolve().parent  # coachgym/
MANIFEST = PACKAGE / "_compiled.json"
MANIFEST_VERSION = 1

# The modules compiled, as (package, folder relative to the tree, file patterns): the hot path of a
# game, an env step and a search rollout. Presentation, web, command line, series and training are
# left as Python (they run once per decision shown or per game, not hundreds of times a game).
def _engines() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Every ruleset's folder of ``coachgym/rules/`` (a package: it has an ``__init__.py``), compiled
    whole; found on disk, so that a new ruleset is compiled without a line here (no import)."""
    rules = PACKAGE / "rules"
    return tuple((f"coachgym.rules.{d.name}", f"coachgym/rules/{d.name}", ("*.py",))
                 for d in sorted(rules.iterdir()) if (d / "__init__.py").is_file())


MODULES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    *_engines(),
    ("coachgym.core", "coachgym/core", ("actions.py", "boxscore.py", "chance.py", "coach.py", "copying.py",
                                        "engine.py", "events.py", "match.py", "phases.py", "savecheck.py",
                                        "state.py")),
    ("coachgym.agents", "agents", ("*.py",)),
    ("coachgym.envs", "envs", ("*.py",)),
    ("coachgym.search", "coachgym/search", ("coach.py", "holds.py", "rollouts.py", "value.py")),
)

# Cython's options: the language of the sources, annotations not read as C types (``x: float`` would
# otherwise become a C double), only the type inference Cython calls safe (it never changes what an
# operation means: no C integers for Python ints), functions that behave as Python functions
# (signatures, keyword arguments, pickling by name).
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "infer_types": None, "binding": True}
OPTIMIZE = "-O3"

# The C compiler's warnings are on; a warning is printed, kept in the manifest and fails
# tests/test_compiled.py. One is silenced, gcc 12's -Warray-bounds, whose false positives Cython's C
# trips at -O3 (a PyLong or PyVarObject field read through CPython's object headers on an object gcc
# takes for a bare PyObject: seen in core.savecheck); the cache's own functions are marked unused
# where a module has no place for them.
WARNINGS = ("-Wall", "-Wextra", "-Wno-array-bounds")

# Reads and assignments of an attribute by name (``self.clock``) in the generated C go through a cache
# of their own at each place (``_attrcache.h``): while the object's class (and so every class it
# inherits from) is unchanged since that place last asked it, and the classes hold nothing under that
# name or a plain ``__slots__`` member, the value is read or stored in the instance's dictionary or at
# the member's offset, where Python's own lookup finds it after asking the classes. Every other case
# takes the plain lookup. The C is otherwise Cython's. Offered only where the object layout it reads is
# known: CPython 3.11 with a GNU C compiler (:func:`attr_cache_offered`); elsewhere the C is Cython's
# alone and the manifest says ``"attr_cache": false``.
ATTR_CACHE = PACKAGE / "_attrcache.h"
ATTR_CACHE_PYTHON = (3, 11)
# The Pythons the compiled engines are built on: those where CI builds them and plays the golden
# games, the digests and the seeded games under both (.ci/run, tests/test_compiled.py). On 3.12 and
# 3.13 CI runs the pure suite only, so `coachgym compile` declines there.
OFFERED_PYTHONS = ((3, 11),)
_ATTR_READ = re.compile(r"= __Pyx_PyObject_GetAttrStr\(")
_ATTR_WRITE = re.compile(r"if \(__Pyx_PyObject_SetAttrStr\(")
# every place of the module's own code: a read or an assignment of one of its interned names
# (``__pyx_n_u_clock``), whatever the form of the C line around it
_NAMED_READ = re.compile(r"__Pyx_PyObject_GetAttrStr\([^;]*?,\s*(?:__pyx_mstate_global->)?__pyx_n_")
_NAMED_WRITE = re.compile(r"__Pyx_PyObject_SetAttrStr\([^;]*?,\s*(?:__pyx_mstate_global->)?__pyx_n_")
_PYTHON_H = '#include "Python.h"\n'


@dataclass(frozen=True)
class AttrPlaces:
    """What :func:`_with_attr_cache` did to one C file: the places it routed through the cache, and the
    places it had to route, counted two ways that do not depend on the rewrite's own patterns: the
    reads and assignments of the module's interned names in the C, and the Python source's attribute
    assignments and its attribute reads that are not called (``obj.x``, not ``obj.f()``, which Cython
    may call as a method without a separate read)."""

    reads: int
    writes: int
    expected_reads: int
    expected_writes: int

    def shortfall(self) -> str:
        return (f"{self.reads} of {self.expected_reads} reads, {self.writes} of {self.expected_writes} "
                "assignments")

    @property
    def missed(self) -> int:
        return max(0, self.expected_reads - self.reads) + max(0, self.expected_writes - self.writes)

    def as_json(self) -> dict[str, int]:
        return {"reads": self.reads, "writes": self.writes, "expected_reads": self.expected_reads,
                "expected_writes": self.expected_writes}


def tree() -> Path:
    """The folder that holds ``coachgym/``, ``agents/`` and ``envs/`` (a source checkout)."""
    return PACKAGE.parent


def suffix() -> str:
    return sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def _package_dir(package: str) -> Path:
    """Where an installed package's files are (``coachgym.agents`` is ``agents/`` in a checkout and
    ``coachgym/agents/`` in an installed wheel)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise BuildError(f"package {package} not found")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def sources(root: Path | None = None) -> dict[str, Path]:
    """Full module name -> source file, for every module the build compiles: in the tree at ``root``
    (laid out as a checkout), or wherever this installation's packages are."""
    out: dict[str, Path] = {}
    for package, folder, patterns in MODULES:
        base = root / folder if root is not None else _package_dir(package)
        for pattern in patterns:
            for path in sorted(base.glob(pattern)):
                if path.name != "__init__.py":
                    out[f"{package}.{path.stem}"] = path
    return out


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _cython_version() -> str | None:
    try:
        import Cython
    except ImportError:
        return None
    return Cython.__version__


@dataclass
class BuildReport:
    built: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)  # module -> first line of the error
    seconds: float = 0.0
    warnings: int = 0  # the C compiler's warnings over the modules built

    def summary(self) -> str:
        head = f"compiled {len(self.built)} modules in {self.seconds:.0f} s"
        if self.warnings:
            head += f" ({self.warnings} C compiler warnings, listed in the manifest)"
        if self.failed:
            head += f"; {len(self.failed)} left as Python: " + "; ".join(f"{m}: {e}" for m, e in self.failed.items())
        return head


class BuildError(RuntimeError):
    """Nothing could be built (no Cython, no C compiler); the message says what to install."""


class AttrCacheMissed(BuildError):
    """The attribute cache's rewrite routed fewer places than the C (or the Python source) has: Cython's
    output changed, and the cache would silently be off there. Nothing is built."""


def _compiler() -> tuple[list[str], list[str], list[str]]:
    """``(compile, link, flags)`` commands from the interpreter's own build configuration."""
    import shlex

    cc = sysconfig.get_config_var("CC") or "cc"
    ldshared = sysconfig.get_config_var("LDSHARED") or f"{cc} -shared"
    ccshared = sysconfig.get_config_var("CCSHARED") or "-fPIC"
    compile_cmd = shlex.split(os.environ.get("CC", cc))
    link_cmd = shlex.split(ldshared)
    if os.environ.get("CC"):  # a compiler chosen by the user links too
        link_cmd = [*shlex.split(os.environ["CC"]), *link_cmd[1:]]
    flags = [*shlex.split(ccshared), OPTIMIZE, "-fno-strict-aliasing", "-DNDEBUG", *WARNINGS,
             "-I", sysconfig.get_paths()["include"]]
    return compile_cmd, link_cmd, flags


def attr_cache_offered(compile_cmd: list[str] | None = None) -> bool:
    """Whether this interpreter and C compiler get the attribute cache: CPython 3.11 (the
    managed-dictionary layout ``_attrcache.h`` reads is 3.11's; 3.12 and 3.13 keep instance attributes
    differently) and a compiler with GNU C's statement expressions (gcc, clang)."""
    import subprocess
    import tempfile

    if sys.implementation.name != "cpython" or sys.version_info[:2] != ATTR_CACHE_PYTHON:
        return False
    compile_cmd = compile_cmd or _compiler()[0]
    with tempfile.TemporaryDirectory(prefix="coachgym-cc-") as tmp:
        probe = Path(tmp) / "gnuc.c"
        probe.write_text("#ifndef __GNUC__\n#error not GNU C\n#endif\nint cg_probe(void) { return ({ 1; }); }\n")
        try:
            r = subprocess.run([*compile_cmd, "-c", str(probe), "-o", str(probe.with_suffix(".o"))],
                               capture_output=True, text=True, check=False)
        except OSError:
            return False
    return r.returncode == 0


def build(root: Path | None = None, *, jobs: int | None = None, log: Callable[[str], None] = print,
          progress: bool = True, only: list[str] | None = None, pgo: bool = False) -> BuildReport:
    """Compile the modules of :data:`MODULES` (or those in ``only``) in the tree at ``root`` and write its
    manifest; ``log`` hears of the steps (the caller prints the returned report's ``summary()``). A
    module Cython or the C compiler refuses is left as Python and reported (Cython prints the file,
    line and column of what it refuses).

    ``pgo``: profile-guided optimization, as CPython itself is built: the C is compiled once with
    counters, :func:`coachgym.evaluation.speed.pgo_workload` plays games, env steps and search rollouts of every ruleset with that
    build, and the same C is compiled again using the counts (branch layout and inlining only: the C
    code, hence every result, is the same)."""
    import subprocess
    import tempfile
    import time
    from concurrent.futures import ThreadPoolExecutor

    from tqdm import tqdm

    mods = _chosen(sources(root), only)
    root = (root or tree()).resolve()
    version, (compile_cmd, link_cmd, flags) = _tools()
    jobs = max(1, jobs or os.cpu_count() or 1)
    report = BuildReport()
    attr_cache = attr_cache_offered(compile_cmd)
    places: dict[str, AttrPlaces] = {}
    warned: dict[str, list[str]] = {}  # module -> the C compiler's warnings
    t0 = time.perf_counter()
    manifest_path = root / "coachgym" / MANIFEST.name
    kept = {m: e for m, e in (_read_manifest(manifest_path) or {}).items() if only and m not in mods}
    foreign = _other_interpreters_build(root)
    for ext in foreign:
        ext.unlink(missing_ok=True)
    _record_for_pip(root, foreign, remove=True)
    # an extension file lies beside its source only while the manifest lists it (the guard speaks for
    # those, COACHGYM_PURE included): the old ones of the modules rebuilt go first, then their entries;
    # the new ones are compiled in a folder of their own and placed only after the manifest lists
    # them, so a build cut short at any point leaves Python, never an unlisted or stale extension
    _unplace(mods, list(mods))
    _write_manifest(manifest_path, kept, cython=version)
    _record_for_pip(root, [src.with_name(src.stem + suffix()) for src in mods.values()], remove=True)
    with tempfile.TemporaryDirectory(prefix="coachgym-compile-") as tmp:
        work = Path(tmp)
        hashes = {m: _sha(p) for m, p in mods.items()}
        bar = tqdm(total=len(mods), disable=not progress, unit="module", desc="compile")

        c_files: dict[str, Path] = {}
        missed: list[str] = []

        def cc(m: str, stage: list[str]) -> tuple[str, str | None]:  # C -> extension module (in the work folder)
            c = c_files[m]
            obj = c.with_suffix(".o")
            target = work / (m + suffix())
            part = target.with_name(target.name + ".part")
            for cmd in ([*compile_cmd, *flags, *stage, "-c", str(c), "-o", str(obj)],
                        [*link_cmd, *stage, str(obj), "-o", str(part)]):
                r = subprocess.run(cmd, capture_output=True, text=True, check=False)
                if r.returncode:
                    part.unlink(missing_ok=True)
                    lines = (r.stderr or r.stdout).strip().splitlines()
                    return m, "C compiler: " + (lines[-1] if lines else f"exit status {r.returncode}")
                said = [ln for ln in r.stderr.splitlines() if "warning:" in ln]
                if said:
                    warned[m] = said
            part.replace(target)
            return m, None

        with ThreadPoolExecutor(jobs) as pool:  # the C compiler runs while Cython goes on to the next module
            futures = []
            for m, src in mods.items():  # Cython, Python -> C, one module at a time (its compiler is not threadsafe)
                c = work / (m + ".c")
                ok = _cythonize(m, src, c)
                if ok and attr_cache:
                    places[m] = _with_attr_cache(c, src)
                    if places[m].missed:
                        missed.append(f"{m}: {places[m].shortfall()}")
                        ok = False
                if ok:
                    c_files[m] = c
                    futures.append(pool.submit(cc, m, PGO_GENERATE if pgo else []))
                else:
                    if m not in places:
                        report.failed[m] = f"Cython refused {src.relative_to(root)} (its message above)"
                    bar.update()
            for f in futures:
                m, err = f.result()
                if err:
                    report.failed[m] = err
                else:
                    report.built.append(m)
                bar.update()
        bar.close()
        if missed:  # Cython's output changed: the cache would silently be off at those places
            raise AttrCacheMissed(
                f"the attribute cache routed fewer places than Cython wrote in {len(missed)} modules "
                f"({'; '.join(missed[:3])}): Cython {version} writes its attribute reads or assignments "
                "differently; update _ATTR_READ/_ATTR_WRITE in coachgym/compiled.py (nothing was built)")
        entries = {m: {"source": mods[m].relative_to(root).as_posix(), "sha256": hashes[m],
                       "extension": mods[m].with_name(mods[m].stem + suffix()).relative_to(root).as_posix(),
                       "attr_places": places[m].as_json() if m in places else None,
                       "warnings": warned.get(m, [])[:20]}
                   for m in report.built}
        for m, said in sorted(warned.items()):
            if m in report.built:
                log(f"C compiler warnings in {m} ({len(said)}): {said[0]}")
        if pgo and report.built:
            _write_manifest(manifest_path, {**kept, **entries}, cython=version)  # the counting build loads
            _place(work, mods, report.built)
            try:
                _play_pgo_workload(work, log)
            finally:  # the counting build goes (see above), whatever the workload did
                _unplace(mods, report.built)
                _write_manifest(manifest_path, kept, cython=version)
            built, report.built = report.built, []
            with ThreadPoolExecutor(jobs) as pool:
                for m, err in pool.map(lambda m: cc(m, PGO_USE), built):
                    if err:
                        report.failed[m] = err
                    else:
                        report.built.append(m)
            entries = {m: e for m, e in entries.items() if m in report.built}
        report.warnings = sum(len(warned.get(m, [])) for m in report.built)
        _write_manifest(manifest_path, {**kept, **entries}, cython=version, pgo=pgo, attr_cache=attr_cache)
        _place(work, mods, report.built)
    _record_for_pip(root, [manifest_path, *(mods[m].with_name(mods[m].stem + suffix()) for m in report.built)])
    report.seconds = time.perf_counter() - t0
    return report


def _place(work: Path, mods: dict[str, Path], built: list[str]) -> None:
    """The extension modules compiled in ``work`` moved beside their sources (after the manifest lists
    them: see ``build``); each lands whole (written under another name, then renamed)."""
    import shutil

    for m in built:
        target = mods[m].with_name(mods[m].stem + suffix())
        part = target.with_name(target.name + ".part")
        shutil.copy(work / (m + suffix()), part)  # (with its mode)
        part.replace(target)


def _unplace(mods: dict[str, Path], names: list[str]) -> None:
    for m in names:
        mods[m].with_name(mods[m].stem + suffix()).unlink(missing_ok=True)


def _chosen(mods: dict[str, Path], only: list[str] | None) -> dict[str, Path]:
    if not only:
        return mods
    unknown = sorted(set(only) - set(mods))
    if unknown:
        raise BuildError(f"not among the compiled modules: {', '.join(unknown)}")
    return {m: mods[m] for m in only}


def _tools() -> tuple[str, tuple[list[str], list[str], list[str]]]:
    """Cython's version and the C compiler's commands, or a :class:`BuildError` saying what to install."""
    import shutil

    version = _cython_version()
    if version is None:
        raise BuildError("Cython is not installed: pip install 'coachgym[compiled]' (or pip install cython), "
                         "then coachgym compile")
    commands = _compiler()
    if shutil.which(commands[0][0]) is None:
        raise BuildError(f"no C compiler: {commands[0][0]!r} (from this Python's build configuration, or CC) "
                         "is not on PATH; install one (Debian: apt-get install gcc) or set CC")
    if sys.implementation.name != "cpython" or sys.version_info[:2] not in OFFERED_PYTHONS:
        offered = ", ".join("%d.%d" % v for v in OFFERED_PYTHONS)
        raise BuildError(f"the compiled engines are offered on CPython {offered}, where CI checks them against pure "
                         f"Python; this is {sys.implementation.name} {sys.version_info[0]}.{sys.version_info[1]}: "
                         "everything runs as pure Python (the same play)")
    return version, commands


def _cythonize(m: str, src: Path, c: Path) -> bool:
    """Cython: the Python file ``src`` (module ``m``) to the C file ``c``; False where Cython refuses it
    (its message printed) or fails inside."""
    from Cython.Compiler.Main import CompilationOptions, compile_single, default_options

    options = CompilationOptions(default_options, compiler_directives=DIRECTIVES, language_level=3, output_file=str(c))
    try:
        result = compile_single(str(src), options, full_module_name=m)
    except Exception:  # noqa: BLE001 - an internal Cython error leaves this module as Python
        return False
    return not result.num_errors and c.exists()


PGO_GENERATE = ["-fprofile-generate"]
PGO_USE = ["-fprofile-use", "-fprofile-correction", "-Wno-missing-profile"]


def _play_pgo_workload(work: Path, log: Callable[[str], None]) -> None:
    """``--pgo``'s middle step: :func:`coachgym.evaluation.speed.pgo_workload` played by the counting
    build (in a process of its own, in ``work``, where the counts are written)."""
    import subprocess

    log("profile-guided optimization: playing the workload with the counting build")
    env = {k: v for k, v in os.environ.items() if k != "COACHGYM_PURE"}
    r = subprocess.run([sys.executable, "-c", "from coachgym.evaluation.speed import pgo_workload; pgo_workload()"],
                       cwd=str(work), env=env, capture_output=True, text=True, check=False)
    if r.returncode:
        raise BuildError("the profile-guided workload failed: " + ((r.stderr.strip().splitlines() or ["no output"])[-1]))


def _source_attributes(src: Path) -> tuple[int, int]:
    """``(reads, assignments)`` of attributes in a Python source: reads that are not a call's callee
    (Cython may call ``obj.f()`` as a method without reading ``obj.f`` first), assignments of every
    kind (``obj.x = v``, ``obj.x += v``, ``for obj.x in ...``)."""
    import ast

    tree = ast.parse(src.read_text(), str(src))
    callees = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    reads = writes = 0
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute):
            if isinstance(n.ctx, ast.Store):
                writes += 1
            elif isinstance(n.ctx, ast.Load) and id(n) not in callees:
                reads += 1
    return reads, writes


def _with_attr_cache(c: Path, src: Path | None = None) -> AttrPlaces:
    """Route the attribute reads and assignments of the C file ``c`` (compiled from ``src``) through
    the per-place cache (``ATTR_CACHE``); returns how many places were routed and how many there were
    to route (:class:`AttrPlaces`; the build fails when a place was missed)."""
    text = c.read_text()
    named_reads, named_writes = len(_NAMED_READ.findall(text)), len(_NAMED_WRITE.findall(text))
    src_reads, src_writes = _source_attributes(src) if src is not None else (0, 0)
    expected = (max(named_reads, src_reads), max(named_writes, src_writes))
    if _PYTHON_H not in text:
        return AttrPlaces(0, 0, *expected)
    text, n = _ATTR_READ.subn("= __CG_GETATTR(", text)
    text, w = _ATTR_WRITE.subn("if (__CG_SETATTR(", text)
    c.write_text(text.replace(_PYTHON_H, _PYTHON_H + ATTR_CACHE.read_text(), 1))
    return AttrPlaces(n, w, *expected)


def _write_manifest(path: Path, modules: dict, cython: str | None = None, pgo: bool = False,
                    attr_cache: bool = False) -> None:
    """``attr_cache``: whether the build routed its attribute places through the cache (true only where
    :func:`attr_cache_offered` and every place was routed; each module's ``attr_places`` has the counts)."""
    body = {"version": MANIFEST_VERSION, "python": sys.implementation.cache_tag, "extension_suffix": suffix(),
            "cython": cython, "directives": DIRECTIVES, "optimize": OPTIMIZE, "warning_flags": list(WARNINGS),
            "pgo": pgo, "attr_cache": attr_cache, "modules": modules}
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(json.dumps(body, indent=1, sort_keys=True) + "\n")
    tmp.replace(path)


def _read_manifest(path: Path = MANIFEST) -> dict[str, dict] | None:
    try:
        body = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(body, dict) or body.get("version") != MANIFEST_VERSION or body.get("extension_suffix") != suffix():
        return None
    mods = body.get("modules")
    return mods if isinstance(mods, dict) else None


def _other_interpreters_build(root: Path) -> list[Path]:
    """The extension files of a build this tree has from another interpreter (its manifest names
    another extension suffix: a checkout built by python3.12, say, now built by 3.11). One manifest
    speaks for one interpreter's build, so a build or ``clean`` removes those first: left in place,
    the other interpreter would load them without the manifest's guard."""
    try:
        body = json.loads((root / "coachgym" / MANIFEST.name).read_text())
    except (OSError, ValueError):
        return []
    if not isinstance(body, dict) or body.get("extension_suffix") == suffix() or not isinstance(body.get("modules"), dict):
        return []
    out = []
    for entry in body["modules"].values():
        ext = root / str(entry.get("extension", "")) if isinstance(entry, dict) else None
        if ext is not None and ext.name.endswith((".so", ".pyd")) and ext.resolve().is_relative_to(root.resolve()):
            out.append(ext)
    return out


def clean(root: Path | None = None) -> int:
    """Remove every compiled module and the manifest; returns how many extension files went."""
    n = 0
    gone = []
    for ext in _other_interpreters_build(root or tree()):
        if ext.exists():
            ext.unlink()
            n += 1
        gone.append(ext)
    for p in sources(root).values():
        ext = p.with_name(p.stem + suffix())
        if ext.exists():
            ext.unlink()
            n += 1
        gone.append(ext)
    manifest = (root or tree()) / "coachgym" / MANIFEST.name
    manifest.unlink(missing_ok=True)
    _record_for_pip((root or tree()).resolve(), [manifest, *gone], remove=True)
    return n


def _installed_record(root: Path) -> Path | None:
    """The ``RECORD`` of the installed distribution whose files are this tree's (a wheel installed into
    ``site-packages``: ``root`` holds ``coachgym/`` and ``coachgym-<version>.dist-info/``), or None for
    a source checkout (an editable install: the build is the checkout's, ignored by git)."""
    for info in sorted(root.glob("coachgym-*.dist-info")):
        record = info / "RECORD"
        try:
            lines = record.read_text().splitlines()
        except OSError:
            continue
        if any(ln.split(",", 1)[0] == "coachgym/compiled.py" for ln in lines):
            return record
    return None


def _record_for_pip(root: Path, files: list[Path], remove: bool = False) -> None:
    """In an installed wheel, list the extension files and the manifest in the distribution's
    ``RECORD`` (path, SHA-256, size, as pip writes it) so that ``pip uninstall coachgym`` removes them
    and ``pip`` knows every file of the package; ``remove`` takes them out again (``clean``, or the old
    files of a rebuild). Nothing to do in a source checkout."""
    import base64

    record = _installed_record(root)
    if record is None:
        return
    names = {f.resolve().relative_to(root).as_posix() for f in files if f.resolve().is_relative_to(root)}
    lines = [ln for ln in record.read_text().splitlines() if ln.split(",", 1)[0] not in names]
    if not remove:
        for f in files:
            if f.is_file() and f.resolve().is_relative_to(root):
                data = f.read_bytes()
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                lines.append(f"{f.resolve().relative_to(root).as_posix()},sha256={digest},{len(data)}")
    tmp = record.with_name(record.name + ".part")
    tmp.write_text("\n".join(lines) + "\n")
    tmp.replace(record)


@dataclass
class Status:
    built: int  # modules in the manifest
    fresh: list[str]  # built and their source unchanged: these load compiled
    stale: list[str]  # source changed since the build: these load as Python
    missing: list[str]  # in the manifest, extension file gone
    loaded: list[str]  # compiled modules imported in this process
    pure: bool  # COACHGYM_PURE set

    def line(self) -> str:
        if self.pure:
            return "engines: pure Python (COACHGYM_PURE=1)"
        if not self.fresh:
            extra = f" ({len(self.stale)} compiled modules stale: coachgym compile)" if self.stale else ""
            return "engines: pure Python" + extra
        extra = f"; {len(self.stale)} stale, run as Python: {', '.join(self.stale[:3])}" if self.stale else ""
        return f"engines: compiled ({len(self.fresh)} modules, Cython){extra}"


def status(root: Path | None = None) -> Status:
    root = root or tree()
    mods = _read_manifest(root / "coachgym" / MANIFEST.name) or {}
    fresh, stale, missing = [], [], []
    for m, e in sorted(mods.items()):
        src, ext = root / e["source"], root / e["extension"]
        if not ext.exists():
            missing.append(m)
        elif not src.exists() or _sha(src) != e["sha256"]:
            stale.append(m)
        else:
            fresh.append(m)
    loaded = sorted(m for m in mods if (mod := sys.modules.get(m)) is not None
                    and str(getattr(mod, "__file__", "")).endswith(suffix()))
    return Status(len(mods), fresh, stale, missing, loaded, pure())


def pure() -> bool:
    return os.environ.get("COACHGYM_PURE", "") not in ("", "0")


def compiled_modules_loaded() -> list[str]:
    """The compiled modules imported in this process (what the speed tools report)."""
    sfx = suffix()
    return sorted(name for name, mod in list(sys.modules.items())
                  if name.startswith("coachgym.") and str(getattr(mod, "__file__", "") or "").endswith(sfx))


class _Guard:
    """A meta-path finder ahead of the standard one: for a module of the manifest whose source no longer
    matches (or with ``COACHGYM_PURE=1``), the ``.py`` file is loaded instead of the extension beside it.
    Modules it does not speak for go on to the standard finders."""

    def __init__(self, root: Path, modules: dict[str, dict]):
        self.root = root
        self.modules = modules
        self.warned = False

    def find_spec(self, name, path=None, target=None):
        entry = self.modules.get(name)
        if entry is None:
            return None
        src = self.root / entry["source"]
        if not pure():
            try:
                same = _sha(src) == entry["sha256"]
            except OSError:
                return None
            if same:
                return None  # the standard finder finds the extension first
            if not self.warned:
                self.warned = True
                warnings.warn(f"coachgym: {name} was changed after `coachgym compile`; it runs as Python "
                              "(rebuild with `coachgym compile`, or remove the build with `coachgym compile "
                              "--clean`)", RuntimeWarning, stacklevel=2)
        loader = importlib.machinery.SourceFileLoader(name, str(src))
        return importlib.util.spec_from_file_location(name, str(src), loader=loader)


def install_guard() -> None:
    """Called once by ``coachgym/__init__.py``; a single missing-file check when nothing is built."""
    if not MANIFEST.exists():
        return
    mods = _read_manifest(MANIFEST)
    if not mods:
        return
    if any(isinstance(f, _Guard) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Guard(tree(), mods))

