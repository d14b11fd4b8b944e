"""Import hygiene: engines import no Gymnasium, environments import no torch."""

import subprocess
import sys


def imported_after(statement: str) -> set[str]:
    code = f"import sys; {statement}; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_envs_do_not_import_torch():
    mods = imported_after("import coachgym.envs, gymnasium; gymnasium.make('coachgym/ValueAddBasketball-v0')")
    assert "torch" not in mods and "stable_baselines3" not in mods


def test_rules_engines_do_not_import_gymnasium():
    mods = imported_after("from coachgym.rules.valueadd import RULESET; RULESET.new_game(seed=1)")
    assert "gymnasium" not in mods and "numpy" not in mods


def test_everything_installs_under_one_import_name():
    import coachgym.agents
    import coachgym.envs
    import coachgym.evaluation

    assert coachgym.envs.__name__ == "coachgym.envs"
    assert coachgym.agents.__file__.replace("\\", "/").endswith("agents/__init__.py")


def test_env_docs_are_current():
    """docs/envs.md is generated from the encoders and action tables; a layout change must update it."""
    import subprocess
    from pathlib import Path

    tool = Path(__file__).resolve().parents[1] / "tools" / "write_env_docs.py"
    res = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_every_folder_and_data_file_installs_with_the_package():
    """pyproject.toml lists every folder under the package roots (data folders included, so setuptools
    installs them without "Package would be ignored" warnings) and every non-Python file matches a
    package-data pattern: the wheel carries all data files (`pip wheel .` builds it quietly)."""
    import fnmatch
    import tomllib
    from importlib.machinery import EXTENSION_SUFFIXES
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    cfg = tomllib.loads((root / "pyproject.toml").read_text())
    project, st = cfg["project"], cfg["tool"]["setuptools"]
    assert project["license"] == "MIT" and (root / project["license-files"][0]).is_file()  # SPDX, not a table
    mapping = st["package-dir"]
    packages, data = set(st["packages"]), st["package-data"]
    problems = []
    for top, folder in mapping.items():
        base = root / folder
        for d in [base, *(p for p in base.rglob("*") if p.is_dir() and "__pycache__" not in p.parts)]:
            rel = d.relative_to(base).parts
            name = ".".join((top, *rel))
            if name in mapping and name != top:
                continue  # its own root
            if any(".".join((top, *rel[:k])) in mapping and k for k in range(1, len(rel) + 1)):
                continue  # under another root (coachgym/.. maps envs elsewhere)
            # (the compiled engines are build outputs of `coachgym compile`, beside their sources, not data)
            files = [f for f in d.iterdir() if f.is_file() and f.suffix not in (".pyc",)
                     and not f.name.endswith(tuple(EXTENSION_SUFFIXES)) and f.name != "_compiled.json"]
            if files and name not in packages:
                problems.append(f"folder {d.relative_to(root)} is not in [tool.setuptools] packages as {name!r}")
            for f in files:
                if f.suffix == ".py":
                    continue
                ok = False
                for k in range(len(rel) + 1):  # a pattern of this package or of one above it
                    owner = ".".join((top, *rel[:k]))
                    sub = "/".join((*rel[k:], f.name))
                    if any(fnmatch.fnmatch(sub, pat) for pat in data.get(owner, [])):
                        ok = True
                if not ok:
                    problems.append(f"{f.relative_to(root)} matches no [tool.setuptools.package-data] pattern")
    assert not problems, "\n".join(problems)
