"""Ctrl-C during a series, as a person presses it (issue 23): ``season start`` ends with its one
"stopped" line and no worker's traceback after it; ``simulate`` prints the summary of the games
already played instead of dropping them. The worker processes ignore Ctrl-C and are ended by the
process that runs the series (``LocalBackend.abort``)."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.core import runner
from tests.interrupt import coachgym_process, ctrl_c, read_until


@pytest.mark.slow
@pytest.mark.parametrize("attempt", [1, 2])
def test_ctrl_c_during_season_start_ends_with_the_stopped_line_and_no_worker_traceback(tmp_path, attempt):
    db = tmp_path / "s.sqlite3"
    with coachgym_process(["season", "start", "valueadd", "--name", "long", "--db", str(db), "--jobs", "2",
                           "--games-per-team", "400", "--no-progress"]) as proc:
        time.sleep(4 + attempt)  # the workers are playing
        output = ctrl_c(proc, timeout=60)
    assert proc.returncode == 130, output
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    last = output.strip().splitlines()[-1]
    assert last.startswith("stopped: ") and "coachgym season resume long" in last, output


@pytest.mark.slow
def test_ctrl_c_during_simulate_prints_the_summary_of_the_games_played():
    with coachgym_process(["simulate", "valueadd", "-n", "100000", "--jobs", "2"]) as proc:
        read_until(proc, r"\| [1-9]\d*/100000", timeout=120, regex=True)  # a chunk of games is done
        time.sleep(1)
        output = ctrl_c(proc, timeout=60)
    assert proc.returncode == 130, output
    assert "Traceback" not in output and "stopped: " in output, output
    assert "of 100000 games played" in output and "win rate" in output.lower(), output


def test_simulate_interrupted_after_some_chunks_summarizes_them(monkeypatch):
    """In process: the third chunk of games is interrupted; the first two (in series order) are
    summarized, the command exits with 130."""
    calls = {"n": 0}
    real = runner.SeriesChunk.run

    def run(self):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(self)

    monkeypatch.setattr(runner.SeriesChunk, "run", run)
    res = CliRunner().invoke(main, ["simulate", "valueadd", "-n", "16", "--backend", "inline", "--no-progress"])
    assert res.exit_code == 130, res.output
    assert "stopped: 8 of 16 games played" in res.output and "Traceback" not in res.output
