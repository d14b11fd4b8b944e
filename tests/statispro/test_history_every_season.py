"""tools/history_every_season.py (docs/history.md, "Every season, one driver"): the summary's aim count and
median over the held-out seasons, the resume (a season with a report is skipped), and one season's steps
on a short replay. The report files written here are FABRICATED inputs to the summary code, not results."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("history_every_season", ROOT / "tools" / "history_every_season.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def _fabricated_report(out: Path, year: int, r: float, mae: float, driver: bool = True) -> None:
    """A FABRICATED replay report (the keys the summary reads), not a result of any replay."""
    rep = {"fabricated": "test input for the summary code, not a result", "replays": 10, "team_r": r,
           "team_mae_wins": mae, "sim_wins_sd": 12.0, "real_wins_sd": 13.0, "pts_mean_rel_error": 0.1,
           "reb_mean_rel_error": 0.2, "ast_mean_rel_error": 0.25, "share_within_10pct": 0.4,
           "teams": [{"team": "a", "real_wins": 50.0, "sim_wins": 45.0}, {"team": "trail-blazers", "real_wins": 30.0, "sim_wins": 31.0}]}
    if driver:
        rep["driver"] = {"pythagorean_r": 0.99, "pythagorean_mae": 1.5, "error_r": {"drtg": 0.2}, "fit_last_r": 0.98,
                         "fit_last_rms": 1.1, "cards_at_defense_ends": 20, "cards_clamped_by_fit": 0,
                         "cpu_fit_s": 100.0, "cpu_replays_s": 150.0}
    (out / f"nba-{year}-blind-terms-4x4.json").write_text(json.dumps(rep))


def test_summary_counts_the_held_out_seasons_meeting_the_aim_and_their_median_r(tmp_path):
    tool = _tool()
    # fabricated: 2004 meets the aim, 2012 misses r (0.92), 2018 misses MAE (4.2); 1993 is a training season
    for year, r, mae in ((2004, 0.97, 2.5), (2012, 0.92, 3.0), (2018, 0.96, 4.2), (1993, 0.50, 9.0)):
        _fabricated_report(tmp_path, year, r, mae)
    _fabricated_report(tmp_path, 1983, 0.95, 3.9, driver=False)  # a report written before the driver
    seen = []

    def errors_of(year, rep):
        seen.append(year)
        return {"pythagorean_r": 0.9, "pythagorean_mae": 2.0, "error_r": {"drtg": 0.1}}

    s = tool.summary_of(tmp_path, "blind", tool.all_seasons(), errors_of=errors_of)
    assert seen == [1983]  # only the report without the driver's block is computed again
    rows = {x["year"]: x for x in s["rows"]}
    assert [x["year"] for x in s["rows"]] == [1983, 1993, 2004, 2012, 2018]
    assert rows[1993]["role"] == "training" and rows[1993]["meets_aim"] is None
    assert [rows[y]["meets_aim"] for y in (1983, 2004, 2012, 2018)] == [True, True, False, False]
    assert rows[1983]["pythagorean_r"] == 0.9 and rows[1983]["cpu_fit_s"] is None and rows[2004]["cpu_replays_s"] == 150.0
    assert (s["held_out"], s["held_out_meeting_aim"]) == (4, 2)
    assert s["median_r_held_out"] == pytest.approx((0.95 + 0.96) / 2)  # the training season's 0.50 is not counted
    assert s["median_meets_aim"] and s["lowest_r_held_out"] == 0.92 and s["largest_mae_held_out"] == 4.2
    md = tool.markdown(s, "blind")
    assert "| 2011-12 | held out | blind + 4 x 4 | 10 | 0.920 | 3.00 | 0.990 / 1.50 |" in md
    assert "| +0.20 | 0.980 / 1.10 | 20 (0) | 10.0% / 20.0% / 25.0% | 40% | A 50 / 45.0, Trail Blazers 30 / 31.0 | 100.0 / 150.0 | **no** |" in md
    assert "**no**" in md and "**2 of 4 held-out seasons replayed meet" in md


def test_a_season_with_a_report_is_skipped_and_the_summary_written(tmp_path, monkeypatch, capsys):
    tool = _tool()
    _fabricated_report(tmp_path, 2004, 0.97, 2.5)
    ran = []
    monkeypatch.setattr(tool, "run_season", lambda year, *a, **k: ran.append(year) or None)
    monkeypatch.setattr(tool, "errors_from_data", lambda year, rep: None)
    assert tool.main(["--seasons", "2003-04,2012", "--out", str(tmp_path), "--scratch", str(tmp_path / "s")]) == 0
    out = capsys.readouterr().out
    assert "2003-04 (blind): has results; skipped" in out and ran == [2012]  # 2012 ran (and was stopped: None)
    assert json.loads((tmp_path / "every-season-blind.json").read_text())["held_out_meeting_aim"] == 1
    assert (tmp_path / "every-season-blind.md").read_text().startswith("| season | role |")


def test_one_season_replayed_one_replay_at_a_time_equals_one_call_and_resumes(tmp_path, monkeypatch):
    """The driver's replays (history_replay.replay, one at a time: replay-{k}, seed k) equal one call of
    10 -- here 2 short ones (--games-per-team 2) of 1998-99, the 50-game lockout season; the team-terms
    fit is replaced by a FABRICATED record (no fit is played here), so the figures are not results."""
    tool = _tool()
    import coachgym.rules.statispro.teamterms as tt

    def fake_fit(folder, rounds, iterations, seed, availability, write, progress=False, say=print, converge=None, resume=None):
        keys = json.loads((Path(folder) / "league.json").read_text())["teams"]
        return {"fabricated": True, "rounds": 4, "iterations": 4, "fg": {k: 0.0 for k in keys},
                "steps": [{"r_net": 0.5, "rms": 9.9}], "cards_at_defense_ends": 0, "cards_clamped": 0}

    monkeypatch.setattr(tt, "fit", fake_fit)
    out, scratch = tmp_path / "out", tmp_path / "scratch"
    out.mkdir()
    scratch.mkdir()
    path = tool.run_season(1999, "blind", out, scratch, replays=2, games_per_team=2, say=lambda line: None)
    rep = json.loads(path.read_text())
    assert path.name == "nba-1999-blind-terms-4x4.json" and (out / "terms-1999-4x4.json").exists()
    assert (out / "points-1999-4x4.json").exists()
    d = rep["driver"]
    assert d["role"] == "held out" and d["fit_games"] == 4 * 4 * 29 * 28 and len(d["cpu_per_replay_s"]) == 2
    assert 0.5 < d["pythagorean_r"] <= 1 and "drtg" in d["error_r"]
    # the same two replays in one call of history_replay.replay on the same league folder
    from coachgym.core.runner import make_backend

    with make_backend("local", jobs=1) as backend:
        one = tool._tool("history_replay").replay("statispro", str(scratch / "nba-1999-blind"), 2, 0, backend, 2,
                                                  tmp_path / "one.sqlite3")
    assert {t["team"]: t["sim_wins"] for t in rep["teams"]} == pytest.approx(
        {t: sum(w) / len(w) for t, w in one["wins"].items()}, abs=0.006)
    # resume: the fit's record and the finished replays are kept; nothing is built, fitted or played again
    path.unlink()
    monkeypatch.setattr(tt, "fit", lambda *a, **k: pytest.fail("fitted again"))
    again = json.loads(tool.run_season(1999, "blind", out, scratch, replays=2, games_per_team=2,
                                       say=lambda line: None).read_text())
    assert again["teams"] == rep["teams"] and again["driver"]["cpu_per_replay_s"] == d["cpu_per_replay_s"]
    # the lockout season's real length: 29 teams x 50 games
    from coachgym.series.competition import league_season_format

    assert len(league_season_format("statispro", str(scratch / "nba-1999-blind"), 0, None)["games"]) == 29 * 50 // 2


def test_the_convergence_rules_summary_takes_a_4x4_report_whose_fit_reached_the_rules_r(tmp_path):
    """``--converge`` (docs/history.md, "The fit's convergence rule"): a season whose 4 x 4 fit's last r
    reached the rule's r keeps its 4 x 4 report (the rule plays nothing more); one below it needs its own
    ``-4x4c`` report, and until then has none. FABRICATED reports and fit records, not results."""
    tool = _tool()
    r, extra = tool.converge_rule()
    for year, last in ((2004, r + 0.001), (2012, r - 0.001), (2018, r - 0.01)):
        _fabricated_report(tmp_path, year, 0.95, 3.0)
        (tmp_path / f"terms-{year}-4x4.json").write_text(json.dumps({"steps": [{"r_net": last, "rms": 1.0}]}))
    rep = json.loads((tmp_path / "nba-2018-blind-terms-4x4.json").read_text())
    rep["team_r"], rep["driver"]["fit_iterations"] = 0.97, 4 + extra
    (tmp_path / "nba-2018-blind-terms-4x4c.json").write_text(json.dumps(rep))
    assert tool.report_path(tmp_path, 2004, "blind", True).name == "nba-2004-blind-terms-4x4.json"
    assert tool.report_path(tmp_path, 2012, "blind", True) is None
    assert tool.report_path(tmp_path, 2018, "blind", True).name == "nba-2018-blind-terms-4x4c.json"
    s = tool.summary_of(tmp_path, "blind", [2004, 2012, 2018], errors_of=lambda y, rep: None, conv=True)
    assert [(x["year"], x["r"]) for x in s["rows"]] == [(2004, 0.95), (2018, 0.97)]
    md = tool.write_summary(tmp_path, "blind", s, conv=True)
    assert f"| 2017-18 | held out | blind + 4 x {4 + extra} | 10 | 0.970 |" in md
    assert (tmp_path / "every-season-blind-converge.json").exists()


def test_side_by_side_sets_each_seasons_builds_beside_the_points_based_expectation(tmp_path):
    """``--side-by-side`` (docs/history.md, "Every season, both builds"): a row a season, the blind 4 x 4,
    the blind build with the convergence rule and the own build, "not replayed" where a build has no
    report; the aim marked on the blind builds. FABRICATED reports, not results."""
    tool = _tool()
    r, _ = tool.converge_rule()
    _fabricated_report(tmp_path, 2004, 0.92, 3.0)
    (tmp_path / "terms-2004-4x4.json").write_text(json.dumps({"steps": [{"r_net": r - 0.01, "rms": 1.0}]}))
    rep = json.loads((tmp_path / "nba-2004-blind-terms-4x4.json").read_text())
    (tmp_path / "nba-2004-own-terms-4x4.json").write_text(json.dumps({**rep, "team_r": 0.96}))
    rep["team_r"], rep["driver"]["fit_iterations"] = 0.94, 6
    (tmp_path / "nba-2004-blind-terms-4x4c.json").write_text(json.dumps(rep))
    _fabricated_report(tmp_path, 2012, 0.97, 2.0)
    (tmp_path / "terms-2012-4x4.json").write_text(json.dumps({"steps": [{"r_net": r, "rms": 1.0}]}))
    md, data = tool.side_by_side(tmp_path, tool.all_seasons(), errors_of=lambda y, rep: None)
    assert "| 2003-04 | held out | 0.990 / 1.50 |  | 0.920 / 3.00 **(misses the aim)** | 0.940 / 3.00 (6) | 0.960 / 3.00 |" in md
    assert "| 2011-12 | held out | 0.990 / 1.50 |  | 0.970 / 2.00 | 0.970 / 2.00 (4) | not replayed |" in md
    (tmp_path / "ceiling.json").write_text(json.dumps({"seasons": {"2003-04": {"r_mean": 0.95, "r_p05": 0.93, "r_p95": 0.97}}}))
    md, _ = tool.side_by_side(tmp_path, tool.all_seasons(), errors_of=lambda y, rep: None)
    assert "| 2003-04 | held out | 0.990 / 1.50 | 0.950 (0.930-0.970) | 0.920 / 3.00" in md
    assert "* blind: 2 seasons replayed, 2 held out; 1 of 2 held-out seasons meet" in md
    assert data["blind-converge"]["held_out_meeting_aim"] == 2 and [x["year"] for x in data["rows"]] == [2004, 2012]


def test_stop_at_is_the_first_such_time_after_the_driver_started(monkeypatch):
    """--stop-at HH:MM (UTC): a time earlier in the day than the start is the next day's (past midnight)."""
    import datetime as dt

    tool = _tool()
    utc = dt.timezone.utc
    started = dt.datetime(2026, 11, 30, 23, 10, tzinfo=utc)
    monkeypatch.setattr(tool, "_STARTED", started)

    class Clock(dt.datetime):
        now_is = started

        @classmethod
        def now(cls, tz=None):
            return cls.now_is

    monkeypatch.setattr(tool.datetime, "datetime", Clock)
    stop = dt.time(1, 25)
    Clock.now_is = dt.datetime(2026, 11, 30, 23, 30, tzinfo=utc)
    assert not tool._past(stop)  # 23:30 on the day it started: 01:25 is the next day's
    Clock.now_is = dt.datetime(2026, 12, 1, 1, 0, tzinfo=utc)
    assert not tool._past(stop)
    Clock.now_is = dt.datetime(2026, 12, 1, 1, 25, tzinfo=utc)
    assert tool._past(stop)
    assert tool._past(dt.time(23, 20)) and not tool._past(None)  # later the same day
