"""Every option of every coachgym command fed random integers, empty strings and junk (hypothesis):
the command either runs, or ends with exit status 2 and one ``error:`` line - never a traceback
(issue 23). The commands and their options are read from the click group, so a new command or option
is fuzzed without a line here; only its fast, valid base invocation may need adding to ``BASE``.

Kept fast: commands run in process (click's CliRunner), every count the fuzzer does not touch is
tiny, the games run inline, the option under test gets counts of at most 3, and the commands whose
valid run is long or interactive (train, distill, serve's server, play's terminal) stop at the point
where the work would start (``_Started``: everything the command line checks has been checked)."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from unittest import mock

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coachgym import rulesets
from coachgym.cli import main


def _has_train_extra() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(m) is not None for m in ("torch", "stable_baselines3", "sb3_contrib"))


class _Started(Exception):
    """Raised where a long or interactive command would start its work."""


def _commands(group: click.Group, path: tuple[str, ...] = ()):
    for name, cmd in sorted(group.commands.items()):
        if isinstance(cmd, click.Group):
            yield from _commands(cmd, path + (name,))
        else:
            yield path + (name,), cmd


COMMANDS = dict(_commands(main))

# A fast, valid invocation of each command ({d}: the fixture folder); the option under test is added
# after it (click keeps the last value of an option given twice)
INLINE = ["--backend", "inline", "--no-progress"]
BASE: dict[tuple[str, ...], list[str]] = {
    ("season", "start"): ["valueadd", "cedar-valley", "harbor-city", "--name", "fz", "--db", "fz.sqlite3",
                          "--legs", "1", "--max-games", "1", *INLINE],
    ("season", "resume"): ["s1", "--db", "{d}/db.sqlite3", "--max-games", "1", *INLINE],
    ("season", "show"): ["s1", "--db", "{d}/db.sqlite3"],
    ("season", "list"): ["--db", "{d}/db.sqlite3"],
    ("season", "game"): ["1", "--db", "{d}/db.sqlite3"],
    ("tournament", "start"): ["valueadd", "cedar-valley", "harbor-city", "--name", "fz", "--db", "fz.sqlite3",
                              "--max-games", "1", *INLINE],
    ("tournament", "resume"): ["t1", "--db", "{d}/db.sqlite3", "--max-games", "1", *INLINE],
    ("tournament", "show"): ["t1", "--db", "{d}/db.sqlite3"],
    ("tournament", "list"): ["--db", "{d}/db.sqlite3"],
    ("tournament", "game"): ["1", "--db", "{d}/db.sqlite3"],
    ("ratings",): ["valueadd", "random", "by-the-book", "-n", "2", "--no-store", *INLINE],
    ("fac",): ["--seed", "1", "--draw", "1"],
    ("boxscore",): ["{d}/game.json"],
    ("scoresheet",): ["valueadd"],
    ("rulesets",): [],
    ("teams",): ["valueadd"],
    ("actions",): ["valueadd"],
    ("observation",): ["valueadd"],
    ("options",): ["valueadd"],
    ("coaches",): ["valueadd"],
    ("simulate",): ["valueadd", "-n", "2", *INLINE],
    ("speed",): ["valueadd", "--games", "1", "--env-steps", "5", "--clone-positions", "0", "--no-progress"],
    ("train",): ["valueadd", "--steps", "64", "--no-progress"],
    ("benchmark",): ["valueadd", "-n", "2", "--out", "{d}/bench", *INLINE],
    ("leverage",): ["valueadd", "-n", "1", *INLINE],
    ("serve",): ["--port", "0", "--db", "serve.sqlite3"],
    ("speed-compare",): ["HEAD", "valueadd", "--no-progress"],
    ("compile",): ["--status"],
    ("plans",): ["--ruleset", "fourthstreet", "--after", "30", "--plan", "press", "--rollouts", "4", "--no-progress"],
    ("strategy-help",): ["valueadd"],
    ("strategy-check",): ["{d}/strategy.yaml"],
    ("compare",): ["valueadd", "random", "by-the-book", "--games", "2", *INLINE],
    ("situation",): ["valueadd", "--when", "decision == \"fast_break\"", "--choices", "fast_break,no_fast_break",
                     "--states", "1", "--max-games", "2",
                     "--rollouts", "1", *INLINE],
    ("realism",): ["valueadd", "--games", "2", *INLINE],
    ("analyze",): ["{d}/midgame.json", "--rollouts", "4", "--max-options", "2", "--horizon", "5", *INLINE],
    ("play",): ["valueadd", "--opponent", "random", "--seed", "1"],
    ("replay",): ["{d}/game.json", "--all"],
    ("cards", "build"): ["statispro", "{d}/stats.csv", "--out", "{d}/league", "--season", "1999-00"],
    ("leagues", "build"): ["--season", "1980", "--out", "{d}/nba-1980"],
    ("distill",): ["valueadd", "--rounds", "1", "--games", "1", "--no-progress"],
    ("academy", "list"): ["--ruleset", "valueadd"],
    ("academy", "build"): ["valueadd", "--quiet"],
    ("academy", "references"): ["--scenarios", "valueadd-first-11", "--episodes", "2"],
    ("academy", "evaluate"): ["random", "--scenarios", "valueadd-first-11", "--episodes", "2", "--quiet"],
}
# options whose valid values would start long or outside work: only these values are drawn
ONLY = {"backend_name": ["inline"], "address": [None], "port": [None]}
PRINTABLE = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=8)
JUNK = st.one_of(st.sampled_from(["", " ", "x", "-1", "0", "1.5", "1e3", "nan", "inf", "None", "true", "a=b", "=",
                                  "-", "0x10", "é", "../x", "a/b/c"]), PRINTABLE)


def _cases():
    out = []
    for path, cmd in COMMANDS.items():
        for p in cmd.params:
            if isinstance(p, click.Option) and not p.hidden and p.name != "help":
                out.append((path, p))
    return out


CASES = _cases()


def _values(p: click.Option):
    if p.name in ONLY:
        return st.one_of(st.sampled_from([v for v in ONLY[p.name] if v is not None] or [""]), JUNK) \
            if any(v is not None for v in ONLY[p.name]) else JUNK
    t = p.type
    if isinstance(t, (click.types.IntParamType, click.IntRange)):
        return st.one_of(st.integers(-10**12, 3).map(str), JUNK)
    if isinstance(t, (click.types.FloatParamType, click.FloatRange)):
        return st.one_of(st.floats(-1e9, 3.0).map(repr), JUNK)
    if isinstance(t, click.Choice):
        choices = [c for c in t.choices if c not in ("ray", "local")]
        return st.one_of(st.sampled_from(choices), JUNK) if choices else JUNK
    return JUNK


@pytest.fixture(scope="module")
def folder():
    yield from _folder()


def _folder():
    """A database with a small season and cup, a saved game, a strategy file; the stubs of long work."""
    from coachgym.core.match import play_game
    from coachgym.series.competition import Competition
    from coachgym.store import Store

    with tempfile.TemporaryDirectory() as d:
        store = Store(Path(d) / "db.sqlite3")
        teams = [("cedar-valley", "by-the-book"), ("harbor-city", "random")]
        Competition.create(store, name="s1", kind="season", ruleset="valueadd", teams=teams, fmt={"legs": 1}).play()
        Competition.create(store, name="t1", kind="tournament", ruleset="valueadd", teams=teams,
                           fmt={"type": "knockout", "court": "home"}).play()
        rs = rulesets.get("valueadd")
        g = rs.new_game(seed=3)
        play_game(g, rs.coach("random"), rs.coach("random"), seed=3)
        (Path(d) / "game.json").write_text(g.to_json())
        g = rs.new_game(seed=3)  # a game under way, for analyze
        coach = rs.coach("random", seed=3)
        coach.reset(g, 0, 3)
        for _ in range(10):
            g.step(coach.choose(g, g.decision))
        (Path(d) / "midgame.json").write_text(g.to_json())
        header = ("Player,Pos,Age,Tm,G,GS,MP,FG,FGA,FG%,3P,3PA,3P%,2P,2PA,2P%,eFG%,FT,FTA,FT%,ORB,DRB,TRB,AST,"
                  "STL,BLK,TOV,PF,PTS")
        rows = [f"Player {i},{('PG', 'SG', 'SF', 'PF', 'C')[i % 5]},25,NYK,80,{40 if i < 5 else 0},{2500 - 150 * i},"
                "400,850,.471,20,60,.333,380,790,.481,.482,150,200,.750,80,220,300,180,60,30,110,190,970"
                for i in range(8)]  # a one-team season for cards build
        (Path(d) / "stats.csv").write_text("\n".join([header, *rows]) + "\n")
        (Path(d) / "strategy.yaml").write_text("ruleset: valueadd\nbase: by-the-book\nrules:\n"
                                               "  - when: margin < -6\n    do: intentional_foul\n")

        def started(*args, **kwargs):
            raise _Started

        with contextlib.ExitStack() as stack:
            for target in ("coachgym.training.train.train", "coachgym.training.distill.distill",
                           "coachgym.evaluation.benchmark.run", "coachgym.training.speed_compare.compare",
                           "coachgym.compiled.build", "coachgym.compiled.clean",
                           "coachgym.academy.build.build", "coachgym.academy.references.compute",
                           "coachgym.rules.statispro.teamterms.fit",  # leagues build --team-terms: minutes of round robins
                           "uvicorn.Server.run", "coachgym.present.terminal.Terminal.run"):
                stack.enter_context(mock.patch(target, started))
            # uvicorn.Config would bind its log handlers to the CliRunner's stderr, closed after the call
            stack.enter_context(mock.patch("uvicorn.Config.configure_logging", lambda self: None))
            yield d


def _run(folder: str, path, option: click.Option, value: str | None):
    args = [a.replace("{d}", folder) for a in BASE[path]]
    opt = max(option.opts, key=len)
    if option.is_flag:
        extra = [opt if value is None else (option.secondary_opts or option.opts)[0]]
    else:
        extra = [f"{opt}={value}"] if opt.startswith("--") else [opt, value]
    runner = CliRunner()
    with runner.isolated_filesystem(temp_dir=folder):
        return runner.invoke(main, [*path, *args, *extra], input="", catch_exceptions=True), extra


def _check(res, extra):
    out = res.output
    what = f"{' '.join(extra)}: exit {res.exit_code}\n{out}"
    assert "Traceback" not in out, what
    if isinstance(res.exception, _Started):
        return  # everything the command line checks passed; the long work would start here
    if res.exit_code == 0:
        return
    assert res.exit_code == 2, what + f"\n{res.exception!r}"
    errors = [line for line in out.splitlines() if "error:" in line.lower()]
    assert len(errors) == 1, what


def test_every_command_has_a_fast_base_invocation():
    assert set(COMMANDS) == set(BASE), set(COMMANDS) ^ set(BASE)


def test_the_base_invocations_run(folder):
    """Each base invocation alone succeeds (or reaches its stubbed long work): the fuzz below starts
    from a valid command line."""
    for path in COMMANDS:
        args = [a.replace("{d}", folder) for a in BASE[path]]
        runner = CliRunner()
        with runner.isolated_filesystem(temp_dir=folder):
            res = runner.invoke(main, [*path, *args], input="")
        if res.exit_code == 2 and "needs the train extra" in res.output and not _has_train_extra():
            continue  # a Python without torch (CI's 3.12 and 3.13 runs): one clear line is the answer
        assert res.exit_code == 0 or isinstance(res.exception, _Started), (path, res.output, res.exception)


@settings(max_examples=int(os.environ.get("COACHGYM_CLI_FUZZ_EXAMPLES", "150")), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_every_option_of_every_command_takes_junk_with_one_error_line(folder, data):
    path, option = data.draw(st.sampled_from(CASES), label="option")
    value = None if option.is_flag else data.draw(_values(option), label="value")
    res, extra = _run(folder, path, option, value)
    _check(res, [" ".join(path), *extra])


@pytest.mark.parametrize("path, option", CASES, ids=[f"{' '.join(p)} {o.name}" for p, o in CASES])
def test_every_option_with_an_empty_value_and_a_negative_count(folder, path, option):
    """Every option once with '' and once with -1 (the issue's counts: 0, -5, -1 gave tracebacks)."""
    for value in ([None] if option.is_flag else ["", "-1"]):
        if option.name in ONLY and value not in ("", None):
            continue
        res, extra = _run(folder, path, option, value)
        _check(res, [" ".join(path), *extra])


# ------------------------------------------------------------------ huge numbers (issue 32, item 9)
NUMERIC = [(path, o) for path, o in CASES
           if isinstance(o.type, (click.types.IntParamType, click.IntRange, click.types.FloatParamType, click.FloatRange))
           and o.name not in ONLY and path in BASE]


@pytest.mark.parametrize("path, option", NUMERIC, ids=[f"{' '.join(p)} {o.name}" for p, o in NUMERIC])
def test_every_number_option_takes_a_huge_value_with_one_error_line(folder, path, option):
    """A count beyond what can be stored (``--games 99999999999999999999`` grew memory 33 MB/s with
    nothing printed) or a seed beyond 64 bits: refused with one line, or run (a seed taken whole)."""
    for value in ("99999999999999999999", str(2**63), "1e300"):
        res, extra = _run(folder, path, option, value)
        _check(res, [" ".join(path), *extra])


# ------------------------------------------------------------------ files a person names (issue 32, item 8)
BAD_FILES = {
    "non-utf8": b"\xff\xfe",
    "deep-array": ("[" * 2000 + "]" * 2000).encode(),
    "deep-object": ('{"a":' * 2000 + "1" + "}" * 2000).encode(),
    "truncated": b'{"ruleset": "valueadd", "sta',
    "deep-yaml": ("a:\n" + "".join("  " * i + "- \n" for i in range(1, 200))).encode(),
}
# every command that reads a file a person names ({f}: the bad file, with the suffix the command expects)
FILE_COMMANDS = {
    "analyze": ["analyze", "{f}.json", "--rollouts", "4", *INLINE],
    "boxscore": ["boxscore", "{f}.json"],
    "plans": ["plans", "{f}.json", "--rollouts", "4", "--no-progress"],
    "replay": ["replay", "{f}.json", "--all"],
    "play --resume": ["play", "--resume", "{f}.json"],
    "play --home (team file)": ["play", "valueadd", "--home", "{f}.json", "--opponent", "random"],
    "simulate --home (team file)": ["simulate", "valueadd", "-n", "2", "--home", "{f}.json", *INLINE],
    "season start (team file)": ["season", "start", "valueadd", "{f}.json", "harbor-city", "--name", "fz", "--db",
                                 "fz.sqlite3", *INLINE],
    "tournament start (team file)": ["tournament", "start", "valueadd", "{f}.json", "harbor-city", "--name", "fz",
                                     "--db", "fz.sqlite3", *INLINE],
    "strategy-check": ["strategy-check", "{f}.yaml"],
    "cards build": ["cards", "build", "statispro", "{f}.csv", "--out", "league", "--season", "1992-93"],
    "cards build --team-stats": ["cards", "build", "statispro", "{d}/stats.csv", "--team-stats", "{f}.csv", "--season", "1992-93", "--out",
                                 "league"],
    "train --config": ["train", "valueadd", "--config", "{f}.yaml", "--no-progress"],
    "train --resume": ["train", "valueadd", "--resume", "{f}.zip", "--no-progress"],
    "fac --state": ["fac", "--state", "{f}.json", "--draw", "1"],
    "benchmark --model": ["benchmark", "valueadd", "--model", "{f}.npz", "-n", "2", "--out", "bench", *INLINE],
    "distill --model": ["distill", "valueadd", "--model", "{f}.npz", "--rounds", "1", "--games", "1", "--no-progress"],
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
@pytest.mark.parametrize("command", sorted(FILE_COMMANDS))
def test_file_reading_commands_refuse_non_utf8_deep_and_truncated_files_with_one_error_line(folder, command, kind):
    runner = CliRunner()
    with runner.isolated_filesystem(temp_dir=folder) as here:
        for suffix in ("json", "yaml", "csv", "zip", "npz"):
            Path(here, f"bad.{suffix}").write_bytes(BAD_FILES[kind])
        args = [a.replace("{f}", str(Path(here, "bad"))).replace("{d}", folder) for a in FILE_COMMANDS[command]]
        res = runner.invoke(main, args, input="", catch_exceptions=True)
    what = f"{command} with a {kind} file: exit {res.exit_code}\n{res.output}\n{res.exception!r}"
    assert "Traceback" not in res.output and not isinstance(res.exception, _Started), what
    assert res.exit_code == 2, what
    errors = [line for line in res.output.splitlines() if "error:" in line.lower()]
    assert len(errors) == 1 and "bad." in errors[0], what
