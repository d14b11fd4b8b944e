"""The one loader of files a person names (``coachgym.core.jsontext``, issue 32, item 8): UTF-8 text,
JSON and YAML with a nesting bound, every problem a ``FileProblem`` naming the file (and, for text
that does not parse, the line and column) - never a UnicodeDecodeError or a RecursionError."""

from __future__ import annotations

import dataclasses

import pytest

from coachgym.core import jsontext
from coachgym.core.errors import SavedGameError, TeamFileError


@pytest.mark.parametrize("data, problem", [
    (b"\xff\xfe", "not UTF-8 text (byte 0xff at offset 0)"),
    (("[" * 2000 + "]" * 2000).encode(), "JSON nested more than 64 levels deep"),
    (('{"a":' * 2000 + "1" + "}" * 2000).encode(), "JSON nested more than 64 levels deep"),
    (b'{"ruleset": "valueadd", "sta', "not valid JSON (line 1, column 25"),
    (b"", "not valid JSON (line 1, column 1"),
])
def test_load_file_names_the_file_and_the_problem(tmp_path, data, problem):
    path = tmp_path / "x.json"
    path.write_bytes(data)
    with pytest.raises(jsontext.FileProblem) as err:
        jsontext.load_file(path)
    assert str(err.value).startswith(f"{path}: ") and problem in err.value.problem


def test_load_file_reads_utf8_with_a_byte_order_mark_and_a_missing_file_is_named(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": [1, {"b": "\xc3\xa9"}]}')
    assert jsontext.load_file(path) == {"a": [1, {"b": "é"}]}
    with pytest.raises(jsontext.FileProblem, match="cannot be read"):
        jsontext.load_file(tmp_path / "missing.json")


@pytest.mark.parametrize("text, problem", [
    ("[" * 2000 + "]" * 2000, "YAML nested more than 64 levels deep"),
    ("a:\n" + "".join("  " * i + "- \n" for i in range(1, 200)), "YAML nested more than 64 levels deep"),
    ("a: [1, 2\nb: 3", "not valid YAML (line 2, column 2)"),
])
def test_yaml_load_bounds_nesting_before_composing(text, problem):
    with pytest.raises(jsontext.FileProblem) as err:
        jsontext.yaml_load(text, "c.yaml")
    assert problem in err.value.problem
    assert jsontext.yaml_load("a: {b: [1, 2]}", "c.yaml") == {"a": {"b": [1, 2]}}


def test_engine_from_json_refuses_deep_text_as_a_saved_game_error():
    from coachgym import rulesets

    with pytest.raises(SavedGameError, match="nested more than 64"):
        rulesets.get("valueadd").engine_cls.from_json("[" * 5000 + "]" * 5000)


def test_a_league_schedule_that_is_not_utf8_is_a_team_file_error(tmp_path):
    from coachgym import rulesets

    rs = rulesets.get("statispro")
    league = rs.league(rs.league_names()[0])
    (tmp_path / "schedule.csv").write_bytes(b"date,home,away\n\xff\xfe,1,2\n")
    broken = dataclasses.replace(league, folder=tmp_path, schedule="schedule.csv")
    with pytest.raises(TeamFileError, match="schedule.csv.*not UTF-8 text"):
        broken.real_schedule()


def test_read_text_stops_at_its_size_bound(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"0," * 600 + b"0]")
    with pytest.raises(jsontext.FileProblem, match="larger than"):
        jsontext.read_text(path, max_bytes=1024)
    assert jsontext.read_text(path, max_bytes=4096).startswith("[0,")
    import os

    if os.path.exists("/dev/zero"):  # an endless file is refused, not read into memory
        with pytest.raises(jsontext.FileProblem, match="larger than 256 MiB"):
            jsontext.load_file("/dev/zero")


def test_a_team_file_is_read_through_the_size_bound(tmp_path, monkeypatch):
    """``--home PATH`` / a league's team file goes through the one loader: a file over the bound (as
    ``/dev/zero`` would be) is one TeamFileError naming it, never read into memory; not UTF-8 likewise."""
    from coachgym.core import parsing

    big = tmp_path / "huge-team.json"
    big.write_bytes(b" " * 2048)
    monkeypatch.setattr(jsontext, "MAX_FILE_BYTES", 1024)
    monkeypatch.setattr(jsontext.read_text, "__defaults__", ("text", 1024))
    with pytest.raises(TeamFileError) as err:
        parsing.load_json(big)
    assert "huge-team.json" in str(err.value) and "larger than" in str(err.value)
    bad = tmp_path / "latin1-team.json"
    bad.write_bytes(b'{"name": "Caf\xe9"}')
    with pytest.raises(TeamFileError) as err:
        parsing.load_json(bad)
    assert "latin1-team.json" in str(err.value) and "not UTF-8 text" in str(err.value)
