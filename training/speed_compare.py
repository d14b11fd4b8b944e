"""Old against new, side by side: ``coachgym speed-compare REV [RULESET ...]``.

Builds commit REV (and with ``--new REV2`` that one too; default: this tree) in a tree of its own (``git archive`` into a cache folder, a virtual environment
that sees this interpreter's packages, ``pip install --no-deps -e``), then runs the same probe
(:mod:`coachgym.training.speed_probe`, this tree's file) under REV's interpreter and under this
one, alternately (old, new, new, old, ...) for ``rounds`` rounds, and keeps the best of each: on a
machine that other work shares the best run is the one least disturbed. Every figure is per
CPU-second of the measuring process (training: per wall-clock second too, learner and workers).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import venv
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import ConfigError

PROBE = Path(__file__).with_name("speed_probe.py")

# (probe, figure compared, label, larger is better)
FIGURES = (
    ("games", "games_per_cpu_second", "full games per CPU-second (by-the-book both sides)", True),
    ("env", "env_steps_per_cpu_second", "env steps per CPU-second (random legal agent)", True),
    ("search", "rollouts_per_cpu_second", "search rollouts per CPU-second (40-decision book rollouts)", True),
    ("train", "train_steps_per_second", "training env steps per second (wall clock, shipped config)", True),
    ("train", "train_steps_per_cpu_second", "training env steps per CPU-second (learner + workers)", True),
    ("train", "learner_peak_mib", "peak memory of the learner process, MiB", False),
    ("train", "worker_peak_mib", "peak memory of a training worker process, MiB", False),
    ("memory", "game_peak_kib", "peak memory of a game in flight (simulation), KiB", False),
    ("memory", "env_episode_peak_kib", "peak memory of an env episode in flight, KiB", False),
)


def _git(repo: Path, *args: str, binary: bool = False):
    r = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, check=False)
    if r.returncode:
        raise ConfigError(f"git {' '.join(args)}: {r.stderr.decode(errors='replace').strip()}")
    return r.stdout if binary else r.stdout.decode().strip()


def cache_root() -> Path:
    return Path(os.environ.get("COACHGYM_SPEED_CACHE") or Path.home() / ".cache" / "coachgym" / "speed-trees")


def prepare(rev: str, repo: Path | None = None, log=print, *, compiled: bool = False) -> tuple[str, Path]:
    """``(commit, python)``: the interpreter of commit ``rev``'s own tree, built once and cached;
    ``compiled``: its engines compiled as well, by that commit's own ``coachgym compile`` (cached too)."""
    sha, python = _prepare(rev, repo, log)
    home = python.parent.parent.parent
    if compiled and not (home / "compiled-ready").exists():
        log(f"compiling {rev} ({sha[:12]}) with its own coachgym compile")
        r = subprocess.run([str(python), "-c", "from coachgym.cli import run; run()", "compile", "--no-progress"],
                           cwd=home / "tree", capture_output=True, text=True, check=False)
        if r.returncode:
            said = (r.stderr.strip() or r.stdout.strip()).splitlines()[-1:]
            raise ConfigError(f"compiling {rev} ({sha[:12]}) failed: {said}")
        (home / "compiled-ready").write_text(sha + "\n")
    return sha, python


def _prepare(rev: str, repo: Path | None, log) -> tuple[str, Path]:
    repo = repo or Path(__file__).resolve().parent
    top = Path(_git(repo, "rev-parse", "--show-toplevel"))
    sha = _git(top, "rev-parse", "--verify", f"{rev}^{{commit}}")
    home = cache_root() / sha
    python = home / "venv" / "bin" / "python"
    if (home / "ready").exists() and python.exists():
        return sha, python
    log(f"building {rev} ({sha[:12]}) in {home}")
    tree = home / "tree"
    tree.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(_git(top, "archive", "--format=tar", sha, binary=True))) as tar:
        tar.extractall(tree, filter="data") if hasattr(tarfile, "data_filter") else tar.extractall(tree)
    # the environment sees this interpreter's packages (the dependencies); only coachgym is REV's own
    venv.EnvBuilder(system_site_packages=True, with_pip=False, clear=True).create(home / "venv")
    r = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "-e",
                        str(tree)], capture_output=True, text=True, check=False)
    if r.returncode:
        raise ConfigError(f"installing {rev} ({sha[:12]}) failed: {r.stderr.strip().splitlines()[-1:]}")
    (home / "ready").write_text(sha + "\n")
    return sha, python


def probe(python: Path | str, ruleset: str, what: str, n: int = 0, *, pure: bool = False) -> dict:
    """One probe run; ``pure``: with ``COACHGYM_PURE=1``, so a tree with compiled engines runs as Python."""
    env = {k: v for k, v in os.environ.items() if k != "COACHGYM_PURE"}
    if pure:
        env["COACHGYM_PURE"] = "1"
    r = subprocess.run([str(python), "-I", str(PROBE), ruleset, what, str(n)], capture_output=True, text=True,
                       check=False, env=env)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode or not lines:
        return {"error": (r.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


@dataclass
class Comparison:
    old_rev: str
    old_sha: str
    rulesets: list[str]
    rounds: int
    sizes: dict[str, int]
    new_rev: str | None = None  # None: this tree
    new_sha: str | None = None
    runs: dict = field(default_factory=dict)  # (ruleset, probe, tree) -> [result, ...]
    load: list[float] = field(default_factory=list)  # 1-minute load average before each round
    # the trees measured: "old", "new" and, where the new tree has compiled engines (coachgym compile),
    # "compiled" (the new tree as built) beside "new" (the same tree as pure Python, COACHGYM_PURE=1);
    # with both trees compiled (``build_compiled``) also "old-compiled" (the old tree as built) beside "old"
    trees: tuple[str, ...] = ("old", "new")

    def best(self, ruleset: str, what: str, key: str, tree: str, larger: bool) -> float | None:
        vals = [r[key] for r in self.runs.get((ruleset, what, tree), []) if r.get(key) is not None]
        if not vals:
            return None
        return max(vals) if larger else min(vals)

    def rows(self) -> list[dict]:
        out = []
        for name in self.rulesets:
            for what, key, label, larger in FIGURES:
                if what not in self.sizes:
                    continue
                old, new = (self.best(name, what, key, t, larger) for t in ("old", "new"))
                ratio = (new / old if larger else old / new) if old and new else None
                row = {"ruleset": name, "figure": key, "label": label, "old": old, "new": new,
                       "ratio": ratio, "better": "higher" if larger else "lower"}
                if "compiled" in self.trees:
                    comp = self.best(name, what, key, "compiled", larger)
                    row["compiled"] = comp
                    row["compiled_ratio"] = (comp / old if larger else old / comp) if old and comp else None
                if "old-compiled" in self.trees:  # compiled against compiled
                    oc, comp = self.best(name, what, key, "old-compiled", larger), row.get("compiled")
                    row["old_compiled"] = oc
                    row["compiled_vs_old_compiled"] = (comp / oc if larger else oc / comp) if oc and comp else None
                out.append(row)
        return out

    def render(self) -> str:
        new = f"{self.new_rev} ({self.new_sha[:12]})" if self.new_rev else "this tree"
        comp = "compiled" in self.trees
        head = (f"old: {self.old_rev} ({self.old_sha[:12]}), new: {new}"
                + (" as pure Python (COACHGYM_PURE=1) and with its compiled engines (coachgym compile)" if comp else "")
                + f"; best of {self.rounds} interleaved runs each (order rotated every figure) on {os.cpu_count()} "
                f"CPUs, load average before the rounds {', '.join(f'{x:.1f}' for x in self.load)}")
        both = "old-compiled" in self.trees
        if both:
            head = head.replace(" as pure Python (COACHGYM_PURE=1) and with its compiled engines (coachgym compile)",
                                ", each as pure Python (COACHGYM_PURE=1) and with its compiled engines (its own "
                                "coachgym compile)")
            lines = [head, "", "| ruleset | figure | old (Python) | new (Python) | new/old | old (compiled) "
                     "| new (compiled) | new/old compiled |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
        elif comp:
            lines = [head, "", "| ruleset | figure | old | new (Python) | new (compiled) | Python/old | compiled/old |",
                     "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
        else:
            lines = [head, "", "| ruleset | figure | old | new | new/old |", "| --- | --- | ---: | ---: | ---: |"]

        def fmt(v: float | None) -> str:
            return "n/a" if v is None else f"{v:,.0f}" if abs(v) >= 100 else f"{v:,.1f}"

        def times(x: float | None, better: str) -> str:
            if x is None:
                return "n/a"
            if better == "lower":  # (x: old / new)
                return f"{x:.2f}x less" if x >= 1 else f"{1 / x:.2f}x more"
            return f"{x:.2f}x"

        for r in self.rows():
            cells = [r["ruleset"], r["label"], fmt(r["old"]), fmt(r["new"])]
            if both:
                cells += [times(r["ratio"], r["better"]), fmt(r["old_compiled"]), fmt(r["compiled"]),
                          times(r["compiled_vs_old_compiled"], r["better"])]
            elif comp:
                cells += [fmt(r["compiled"]), times(r["ratio"], r["better"]), times(r["compiled_ratio"], r["better"])]
            else:
                cells.append(times(r["ratio"], r["better"]))
            lines.append("| " + " | ".join(cells) + " |")
        errors = sorted({f"{k[2]} {k[0]} {k[1]}: {r['error']}" for k, rs in self.runs.items() for r in rs if "error" in r})
        lines += [f"error: {e}" for e in errors]
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {"old_rev": self.old_rev, "old_sha": self.old_sha, "new_rev": self.new_rev, "new_sha": self.new_sha,
                "trees": list(self.trees), "rounds": self.rounds, "sizes": self.sizes,
                "cpus": os.cpu_count(), "load_before_rounds": self.load, "rows": self.rows(),
                "runs": [{"ruleset": k[0], "probe": k[1], "tree": k[2], "results": v} for k, v in self.runs.items()]}


def compare(rev: str, rulesets: list[str], *, rounds: int = 2, sizes: dict[str, int] | None = None,
            progress: bool = True, log=print, new: str | None = None, json_out: Path | None = None,
            compiled: bool | None = None, build_compiled: bool = False) -> Comparison:
    """Measure commit ``rev`` and this tree (or commit ``new``), probe by probe, rotating which goes
    first. ``compiled``: measure this tree both as pure Python and with its compiled engines (default:
    when it has a build that loads; ``coachgym compile``). ``build_compiled``: both trees are cached
    copies (``new`` required) compiled by their own ``coachgym compile``, and each is measured as pure
    Python and compiled. ``json_out`` is rewritten after every run, so a long comparison cut short keeps
    what it measured."""
    from tqdm import tqdm

    sizes = dict(sizes if sizes is not None else {"games": 60, "env": 10000, "search": 400, "train": 8192, "memory": 0})
    if build_compiled and not new:
        raise ConfigError("--build-compiled compares two commits: name the new one with --new (this tree's own "
                          "build is measured with --compiled)")
    sha, old_python = prepare(rev, log=log, compiled=build_compiled)
    new_sha, new_python = prepare(new, log=log, compiled=build_compiled) if new else (None, Path(sys.executable))
    from .. import compiled as _compiled

    if build_compiled:
        compiled = True
    elif compiled is None:
        compiled = new is None and bool(_compiled.status().fresh) and not _compiled.pure()
    elif compiled and (new is not None or not _compiled.status().fresh):
        raise ConfigError("--compiled: this tree has no compiled engines that load (coachgym compile; "
                          "coachgym compile --status)")
    pythons = {"old": old_python, "new": new_python, "compiled": new_python, "old-compiled": old_python}
    trees: tuple[str, ...] = (("old", "new", "old-compiled", "compiled") if build_compiled
                              else ("old", "new", "compiled") if compiled else ("old", "new"))
    c = Comparison(rev, sha, list(rulesets), rounds, sizes, new, new_sha, trees=trees)
    bar = tqdm(total=rounds * len(rulesets) * len(sizes) * len(trees), disable=not progress, unit="run",
               desc="speed-compare")
    k = 0
    for r in range(rounds):
        c.load.append(os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan"))
        for name in rulesets:
            for what, n in sizes.items():
                shift = (r + k) % len(trees)  # each tree goes first in turn
                order = trees[shift:] + trees[:shift]
                k += 1
                for tree in order:
                    bar.set_postfix_str(f"{name} {what} {tree}")
                    # "new" is this tree as pure Python whenever "compiled" is measured beside it
                    c.runs.setdefault((name, what, tree), []).append(
                        probe(pythons[tree], name, what, n,
                              pure=(compiled and tree == "new") or (build_compiled and tree == "old")))
                    bar.update()
                    if json_out is not None:
                        json_out.write_text(json.dumps(c.to_dict(), indent=1) + "\n")
    bar.close()
    return c
