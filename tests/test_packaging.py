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
