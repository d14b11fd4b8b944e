"""The rule options' explanations (``coachgym options <ruleset>``, the web form) come from
coachgym/core/option_help.json, generated from the comments of each options dataclass by
tools/option_help.py; this checks that the file is current and that it is what is shown."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from coachgym import rulesets
from coachgym.core import describe

ROOT = Path(__file__).resolve().parents[2]


def test_the_generated_help_file_is_current():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "option_help.py"), "--check"], capture_output=True,
                       text=True, check=False)
    assert r.returncode == 0, r.stderr


def test_every_option_is_shown_with_the_file_s_help_and_no_source_is_read(monkeypatch):
    def no_source(cls):
        raise AssertionError(f"read the source of {cls.__name__} at run time")

    monkeypatch.setattr(describe, "option_help_from_source", no_source)
    for rs in rulesets.all_rulesets():
        settings = rs.rule_options()
        assert [s.name for s in settings] == [f.name for f in dataclasses.fields(rs.options_cls)]
        assert all(s.help and s.help != "(no description)" for s in settings), rs.name
    fuba = {s.name: s for s in rulesets.get("fuba").rule_options()}
    assert fuba and all(isinstance(s.default, (bool, int, float, str, type(None))) for s in fuba.values())


def test_a_class_not_in_the_file_has_its_comments_read_from_its_source():
    @dataclasses.dataclass
    class Fresh:
        # the first option
        one: bool = True
        two: int = 3  # the second one

    Fresh.__module__ = __name__
    settings = {s.name: s for s in describe.rule_options(Fresh)}
    assert settings["one"].help == "the first option" and settings["one"].kind == "true/false"
    assert settings["two"].help == "the second one" and settings["two"].default_text() == "3"
