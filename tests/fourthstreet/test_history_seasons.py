"""tools/history_fourthstreet_seasons.py (docs/history.md, "4th Street on every season"): one season's
steps on a short replay, both builds (the team-terms fit replaced by a FABRICATED record here), the resume,
the side-by-side table's counts, and tools/fourthstreet_team_terms.py's scale on the replays' database.
The report files written for the table are FABRICATED inputs to the summary code, not results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.tools import load_tool

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str):
    return load_tool(name)


def test_one_season_both_builds_short_replays_resume_and_the_scale_tool(tmp_path, monkeypatch):
    tool = _tool("history_fourthstreet_seasons")
    import coachgym.rules.fourthstreet.teamterms as tt

    calls = []

    def fake_fit(folder, seed=0, availability=True, write=False, progress=True, say=print, **kw):
        calls.append((seed, availability, write))
        keys = json.loads((Path(folder) / "league.json").read_text())["teams"]
        return {"fabricated": True, "rounds": 4, "iterations": 4, "fg": {k: 0.0 for k in keys},
                "steps": [{"r_net": 0.5, "rms": 9.9}]}

    monkeypatch.setattr(tt, "fit", fake_fit)
    out, scratch = tmp_path / "out", tmp_path / "scratch"
    out.mkdir()
    scratch.mkdir()
    built = tool.run_season(1980, "built", out, scratch, replays=1, games_per_team=2, say=lambda line: None)
    assert built.name == "nba-1980-built.json" and not calls  # as built: no fit
    terms = tool.run_season(1980, "terms", out, scratch, replays=1, games_per_team=2, say=lambda line: None)
    assert calls == [(0, True, True)] and (out / "terms-1980.json").exists()
    rep = json.loads(terms.read_text())
    d = rep["driver"]
    assert d["role"] == "training" and d["kind"] == "terms" and d["fit_last_r"] == 0.5 and len(d["cpu_per_replay_s"]) == 1
    assert 0.5 < d["pythagorean_r"] <= 1 and rep["ruleset"] == "fourthstreet" and rep["replays"] == 1
    # resume: the built folder and the finished replay are kept; nothing is built, fitted or played again
    terms.unlink()
    monkeypatch.setattr(tt, "fit", lambda *a, **k: pytest.fail("fitted again"))
    again = json.loads(tool.run_season(1980, "terms", out, scratch, replays=1, games_per_team=2,
                                       say=lambda line: None).read_text())
    assert again["teams"] == rep["teams"] and again["driver"]["cpu_per_replay_s"] == d["cpu_per_replay_s"]
    # the scale of the fit's constants, on the replays' database (here 22 games: a check of the tool, not a figure)
    s = _tool("fourthstreet_team_terms").scale(scratch / "nba-1980-built", scratch / "h1980-built.sqlite3")
    assert s["teams"] == 22 and s["real_wins_a_net_point"] > 0 and s["scale"] == pytest.approx(
        s["real_wins_a_net_point"] / s["simulated_wins_a_net_point"], rel=0.01)
    # the rebounds by position (docs/history.md: the rules' dice give each position's matchup 1/6)
    import argparse

    grades = _tool("history_fourthstreet_grades")
    assert grades.rebounds(argparse.Namespace(league=str(scratch / "nba-1980-built"), db=str(scratch / "h1980-built.sqlite3"),
                                              json_out=str(tmp_path / "reb.json"))) == 0
    pos = json.loads((tmp_path / "reb.json").read_text())["positions"]
    assert sorted(pos) == ["1", "2", "3", "4", "5"]
    for side in ("sim_share", "real_share"):
        assert sum(v[side] for v in pos.values()) == pytest.approx(1, abs=0.002)
    assert pos["1"]["real_share"] < pos["5"]["real_share"] and all(v["sim_per36"] > 0 for v in pos.values())


def _fabricated(out: Path, year: int, kind: str, r: float, mae: float) -> None:
    """A FABRICATED replay report (the keys the table reads), not a result of any replay."""
    rep = {"fabricated": "test input for the summary code, not a result", "replays": 10, "team_r": r,
           "team_mae_wins": mae, "sim_wins_sd": 12.0, "real_wins_sd": 13.0,
           "teams": [{"team": "celtics", "real_wins": 50.0, "sim_wins": 45.0}],
           "driver": {"pythagorean_r": 0.97, "pythagorean_mae": 2.5, "cpu_fit_s": 60.0, "cpu_replays_s": 80.0,
                      "fit_iterations": 4 if kind == "terms" else None}}
    (out / f"nba-{year}-{kind}.json").write_text(json.dumps(rep))


def test_side_by_side_counts_each_builds_held_out_seasons_meeting_the_aim(tmp_path):
    tool = _tool("history_fourthstreet_seasons")
    for year, kind, r, mae in ((1980, "built", 0.85, 6.2), (1980, "terms", 0.95, 3.0),  # 1979-80: training
                               (1990, "built", 0.80, 6.0), (1990, "terms", 0.94, 3.5),
                               (2000, "built", 0.82, 5.0), (2000, "terms", 0.90, 4.5)):
        _fabricated(tmp_path, year, kind, r, mae)
    ceiling = tmp_path / "ceiling.json"  # FABRICATED too
    ceiling.write_text(json.dumps({"seasons": {"1989-90": {"r_mean": 0.95, "r_p05": 0.93, "r_p95": 0.97}}}))
    text, data = tool.side_by_side(tmp_path, tool.ES.all_seasons(), ceiling)
    assert data["seasons"] == [1980, 1990, 2000]
    assert "| 1979-80 | training | 13.0 | 0.970 / 2.50 |  | 0.850 / 6.20 (12.0) | 0.950 / 3.00 (12.0) | 60, 80 |" in text
    assert ("| 1989-90 | held out | 13.0 | 0.970 / 2.50 | 0.950 (0.930-0.970) | 0.800 / 6.00 (12.0) | 0.940 / 3.50 ✓ (12.0) "
            "| 60, 80 |") in text
    assert "* as built: 0 of 2 held-out seasons meet" in text
    assert "* with team terms: 1 of 2 held-out seasons meet r >= 0.93 and MAE <= 4.0 (✓); median r 0.9200" in text
    assert "the 2 held-out seasons with both: r +0.1100" in text
