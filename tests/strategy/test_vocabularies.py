"""Every situation variable and action of every ruleset is exercised by its ruleset's test file."""

import re
from pathlib import Path

import pytest

from coachgym import rulesets
from coachgym.strategy import vocabulary

POSITION_FOULS = re.compile(r"^(our|their)_(pg|sg|sf|pf|c)_fouls$")


@pytest.mark.parametrize("ruleset", [e.name for e in rulesets.entries()])
def test_every_variable_and_action_has_a_test(ruleset):
    src = Path(__file__).with_name(f"test_vocabulary_{ruleset}.py").read_text()
    vocab = vocabulary(ruleset)
    missing = [n for n in (*vocab.variables, *vocab.actions) if f'"{n}"' not in src
               and not (POSITION_FOULS.match(n) and "test_personal_fouls_at_every_position" in src)]
    assert not missing, f"untested in test_vocabulary_{ruleset}.py: {missing}"


@pytest.mark.parametrize("ruleset", [e.name for e in rulesets.entries()])
def test_help_lists_every_name(ruleset):
    vocab = vocabulary(ruleset)
    text, md = vocab.describe(), vocab.markdown()
    for name in (*vocab.variables, *vocab.actions):
        assert name in text and f"`{name}`" in md


def test_the_vocabulary_doc_is_current():
    import subprocess
    import sys

    tool = Path(__file__).resolve().parents[2] / "tools" / "write_strategy_docs.py"
    proc = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout
