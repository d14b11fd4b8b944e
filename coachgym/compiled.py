"""The compiled engines: the rules engines, the book coaches, the encoders and the search's rollouts
compiled with Cython from the very same Python files, for speed (``coachgym compile``; docs/speed.md
"The compiled engines").

Pure Python stays the reference. Nothing here changes a line of a source file: Cython compiles each
listed module as it is (no type declarations; annotations ignored; only Cython's safe type
inference, so a Python int stays a Python int and every operation keeps Python's meaning), and the extension module
lands beside its ``.py`` file, where Python's import system prefers it. The generated C is Cython's but
for one thing: its attribute reads and assignments by name go through a cache at each place
(``_attrcache.h``, :data:`ATTR_CACHE`), which finds what CPython's generic lookup finds. The build writes a manifest
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
MODULES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("coachgym.rules.statispro", "coachgym/rules/statispro", ("*.py",)),
    ("coachgym.rules.fuba", "coachgym/rules/fuba", ("*.py",)),
    ("coachgym.rules.valueadd", "coachgym/rules/valueadd", ("*.py",)),
    ("coachgym.rules.fourthstreet", "coachgym/rules/fourthstreet", ("*.py",)),
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

# Reads and assignments of an attribute by name (``self.clock``) in the generated C go through a cache
# of their own at each place (``_attrcache.h``): while the object's class (and so every class it
# inherits from) is unchanged since that place last asked it, and the classes hold nothing under that
# name or a plain ``__slots__`` member, the value is read or stored in the instance's dictionary or at
# the member's offset, where Python's own lookup finds it after asking the classes (CPython 3.11;
# elsewhere the plain lookup). Every other case takes the plain lookup. The C is otherwise Cython's.
ATTR_CACHE = PACKAGE / "_attrcache.h"
_ATTR_READ = re.compile(r"= __Pyx_PyObject_GetAttrStr\(")
_ATTR_WRITE = re.compile(r"if \(__Pyx_PyObject_SetAttrStr\(")
_PYTHON_H = '#include "Python.h"\n'


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

    def summary(self) -> str:
        head = f"compiled {len(self.built)} modules in {self.seconds:.0f} s"
        if self.failed:
            head += f"; {len(self.failed)} left as Python: " + "; ".join(f"{m}: {e}" for m, e in self.failed.items())
        return head


class BuildError(RuntimeError):
    """Nothing could be built (no Cython, no C compiler); the message says what to install."""


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
    flags = [*shlex.split(ccshared), OPTIMIZE, "-fno-strict-aliasing", "-DNDEBUG", "-w",
             "-I", sysconfig.get_paths()["include"]]
    return compile_cmd, link_cmd, flags


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
    import shutil
    import subprocess
    import tempfile
    import time
    from concurrent.futures import ThreadPoolExecutor

    from tqdm import tqdm

    mods = sources(root)
    root = (root or tree()).resolve()
    version = _cython_version()
    if version is None:
        raise BuildError("Cython is not installed: pip install 'coachgym[compiled]' (or pip install cython), "
                         "then coachgym compile")
    compile_cmd, link_cmd, flags = _compiler()
    if shutil.which(compile_cmd[0]) is None:
        raise BuildError(f"no C compiler: {compile_cmd[0]!r} (from this Python's build configuration, or CC) "
                         "is not on PATH; install one (Debian: apt-get install gcc) or set CC")
    from Cython.Compiler.Main import CompilationOptions, compile_single, default_options

    if only:
        unknown = sorted(set(only) - set(mods))
        if unknown:
            raise BuildError(f"not among the compiled modules: {', '.join(unknown)}")
        mods = {m: mods[m] for m in only}
    jobs = max(1, jobs or os.cpu_count() or 1)
    report = BuildReport()
    t0 = time.perf_counter()
    manifest_path = root / "coachgym" / MANIFEST.name
    kept = {m: e for m, e in (_read_manifest(manifest_path) or {}).items() if only and m not in mods}
    # an extension file exists only while the manifest lists it (the guard speaks for those): the old
    # ones of the modules rebuilt go first, so a build cut short leaves them as Python, never stale
    _write_manifest(manifest_path, kept, cython=version)
    for src in mods.values():
        src.with_name(src.stem + suffix()).unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="coachgym-compile-") as tmp:
        work = Path(tmp)
        hashes = {m: _sha(p) for m, p in mods.items()}
        bar = tqdm(total=len(mods), disable=not progress, unit="module", desc="compile")

        c_files: dict[str, Path] = {}

        stage = ["-fprofile-generate"] if pgo else []

        def cc(m: str) -> tuple[str, str | None]:  # C -> extension module beside the source
            c, src = c_files[m], mods[m]
            obj = c.with_suffix(".o")
            target = src.with_name(src.stem + suffix())
            part = target.with_name(target.name + ".part")
            for cmd in ([*compile_cmd, *flags, *stage, "-c", str(c), "-o", str(obj)],
                        [*link_cmd, *stage, str(obj), "-o", str(part)]):
                r = subprocess.run(cmd, capture_output=True, text=True, check=False)
                if r.returncode:
                    part.unlink(missing_ok=True)
                    lines = (r.stderr or r.stdout).strip().splitlines()
                    return m, "C compiler: " + (lines[-1] if lines else f"exit status {r.returncode}")
            part.replace(target)
            return m, None

        with ThreadPoolExecutor(jobs) as pool:  # the C compiler runs while Cython goes on to the next module
            futures = []
            for m, src in mods.items():  # Cython, Python -> C, one module at a time (its compiler is not threadsafe)
                c = work / (m + ".c")
                options = CompilationOptions(default_options, compiler_directives=DIRECTIVES, language_level=3,
                                             output_file=str(c))
                try:
                    result = compile_single(str(src), options, full_module_name=m)
                    ok = not result.num_errors and c.exists()
                except Exception:  # noqa: BLE001 - an internal Cython error leaves this module as Python
                    ok = False
                if ok:
                    _with_attr_cache(c)
                    c_files[m] = c
                    futures.append(pool.submit(cc, m))
                else:
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
        entries = {m: {"source": mods[m].relative_to(root).as_posix(), "sha256": hashes[m],
                       "extension": mods[m].with_name(mods[m].stem + suffix()).relative_to(root).as_posix()}
                   for m in report.built}
        if pgo and report.built:
            _write_manifest(manifest_path, {**kept, **entries}, cython=version)  # the counting build loads
            log("profile-guided optimization: playing the workload with the counting build")
            env = {k: v for k, v in os.environ.items() if k != "COACHGYM_PURE"}
            r = subprocess.run([sys.executable, "-c", "from coachgym.evaluation.speed import pgo_workload; pgo_workload()"],
                               cwd=str(work), env=env, capture_output=True, text=True, check=False)
            _write_manifest(manifest_path, kept, cython=version)
            if r.returncode:
                for m in report.built:  # the counting build goes too (see above)
                    mods[m].with_name(mods[m].stem + suffix()).unlink(missing_ok=True)
                raise BuildError("the profile-guided workload failed: "
                                 + ((r.stderr.strip().splitlines() or ["no output"])[-1]))
            stage = ["-fprofile-use", "-fprofile-correction", "-Wno-missing-profile"]
            built, report.built = report.built, []
            with ThreadPoolExecutor(jobs) as pool:
                for m, err in pool.map(cc, built):
                    if err:
                        report.failed[m] = err
                    else:
                        report.built.append(m)
            entries = {m: e for m, e in entries.items() if m in report.built}
    _write_manifest(manifest_path, {**kept, **entries}, cython=version, pgo=pgo)
    report.seconds = time.perf_counter() - t0
    return report


def _with_attr_cache(c: Path) -> int:
    """Route the attribute reads and assignments of the C file ``c`` through the per-place cache
    (``ATTR_CACHE``); returns how many places were routed."""
    text = c.read_text()
    if _PYTHON_H not in text:
        return 0
    text, n = _ATTR_READ.subn("= __CG_GETATTR(", text)
    text, w = _ATTR_WRITE.subn("if (__CG_SETATTR(", text)
    c.write_text(text.replace(_PYTHON_H, _PYTHON_H + ATTR_CACHE.read_text(), 1))
    return n + w


def _write_manifest(path: Path, modules: dict, cython: str | None = None, pgo: bool = False) -> None:
    body = {"version": MANIFEST_VERSION, "python": sys.implementation.cache_tag, "extension_suffix": suffix(),
            "cython": cython, "directives": DIRECTIVES, "optimize": OPTIMIZE, "pgo": pgo, "attr_cache": True,
            "modules": modules}
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


def clean(root: Path | None = None) -> int:
    """Remove every compiled module and the manifest; returns how many extension files went."""
    n = 0
    for p in sources(root).values():
        ext = p.with_name(p.stem + suffix())
        if ext.exists():
            ext.unlink()
            n += 1
    ((root or tree()) / "coachgym" / MANIFEST.name).unlink(missing_ok=True)
    return n


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

