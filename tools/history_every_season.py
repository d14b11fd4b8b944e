"""Every NBA season replayed as docs/history.md's held-out seasons are (issue 36, "Every season as it
was"): for each season, the Statis Pro league built offline, the team terms fitted with the documented
4 x 4 fit, 10 replays (seed 0), the points-based expectation and the error ~ points allowed beside them;
then a summary over every season that has results (docs/history.md, "Every season, one driver").

    nice -n 15 python tools/history_every_season.py --kind blind --seasons 2004,2012 \\
        --scratch /work/scratch/history [--stop-at 15:00]
    python tools/history_every_season.py --kind blind --summary-only

Per season YYYY (the year it ends) the steps are the documented commands, run in this process:
``coachgym leagues build --season YYYY [--blind] --team-terms`` (``build_season`` then the team-terms
fit of ``coachgym.rules.statispro.teamterms.fit`` at its documented size, seed 0, the season's real
availability, written into the team files), ``tools/history_replay.py statispro LEAGUE --replays 10
--seed 0 --jobs 1 --db ...`` (its ``replay`` one replay at a time, each the same named, seeded season
as in one call, then its ``compare``), ``tools/statispro_replay_errors.py`` (its ``errors``: the
Pythagorean expectation, exponent 14, and the correlations of the win error) and
``tools/statispro_team_points.py`` (simulated against real points per 100 possessions). Files, in
``--out`` (default ``docs/history/fit-size``), the existing names: ``nba-YYYY-blind-terms-4x4.json`` (the
replay report, with a ``driver`` block: the CPU seconds of the build, the fit and every replay, the
Pythagorean figures and the error correlations, the fit's last r / rms and its cards at DEFENSE's ends),
``terms-YYYY-4x4.json`` (the fit's record), ``points-YYYY-4x4.json``; the own build (``--kind own``: the
standings read for the Index Points) ``nba-YYYY-own-terms-4x4.json``, ``terms-YYYY-own-4x4.json``,
``points-YYYY-own-4x4.json``. CPU is this process's user time (``resource.getrusage``; ``--jobs 1``
plays in this process).

Resumable: a season whose report exists is skipped (1984-85's and 1994-95's blind 4 x 4 reports are
the earlier rounds' ``docs/history/defense-range/diagnosis-nba-YYYY-rounds4x4.json``); within a season
the fitted league folder, the fit's record and every finished replay (the SQLite ``--db``) are kept
under ``--scratch``, so a run stopped (``--stop-at HH:MM`` UTC: no new step starts after it) goes on
where it stopped. A season that fails is recorded with its exact error in ``--scratch``
(``failed-YYYY-KIND.txt``) and the next one starts.

The summary (printed, and written as ``every-season-KIND.md`` / ``.json`` in ``--out``): per season the
role (training: ``team_terms.training_seasons`` of the builder's ``card_builder.json``; every other
season held out), replays, r, MAE, the Pythagorean r / MAE, the sd of wins simulated / real, the CPU
seconds; the count of held-out seasons meeting r >= 0.93 and MAE <= 4.0 (issue 36's aim) and the median r
over the held-out seasons. Reports written before the driver have no ``driver`` block: their Pythagorean
figures are computed from the season's team totals (a blind build into a temporary folder names the
teams) and their CPU is left blank (docs/history.md gives it).
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import resource
import shutil
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "history" / "fit-size"
REPLAYS = 10
SEED = 0
AIM_R, AIM_MAE, AIM_MEDIAN = 0.93, 4.0, 0.95
# the blind 4 x 4 reports written before the driver under another name (docs/history.md, "The defense term
# within the card's range": the 1984-85 diagnosis and the training season 1994-95 with the 4 x 4 fit)
EARLIER = {(1985, "blind"): ROOT / "docs" / "history" / "defense-range" / "diagnosis-nba-1985-rounds4x4.json",
           (1995, "blind"): ROOT / "docs" / "history" / "defense-range" / "diagnosis-nba-1995-rounds4x4.json"}


def _tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cpu() -> float:
    """This process's user CPU seconds (the agreement's measure; --jobs 1 plays in this process)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_utime


def label(year: int) -> str:
    return f"{year - 1}-{str(year)[2:]}"


def names(year: int, kind: str, conv: bool = False) -> dict[str, str]:
    """The season's file names in --out (the existing naming of docs/history/fit-size; ``conv``: the fit
    with the convergence rule, ``...-4x4c``)."""
    own = "-own" if kind == "own" else ""
    c = "c" if conv else ""
    return {"report": f"nba-{year}-{kind}-terms-4x4{c}.json", "terms": f"terms-{year}{own}-4x4{c}.json",
            "points": f"points-{year}{own}-4x4{c}.json"}


def converge_rule() -> tuple[float, int]:
    """The fit's convergence rule from the builder's card_builder.json: (r, most extra iterations)."""
    from coachgym.rules.statispro.builder import calibration

    c = calibration()["season_context"]["team_terms"]["converge"]
    return float(c["r"]), int(c["extra_iterations"])


def fit_record(out: Path, year: int, kind: str) -> dict | None:
    """The 4 x 4 fit's record of a season with results (its own name, or an earlier round's beside its report)."""
    p = out / names(year, kind)["terms"]
    e = EARLIER.get((year, kind))
    if not p.exists() and out == OUT and e is not None:
        p = e.parent / e.name.replace("-nba-", "-terms-")
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else None


def report_path(out: Path, year: int, kind: str, conv: bool = False) -> Path | None:
    """The season's report if it exists (its own name, or an earlier round's for the same build). With
    ``conv``: the convergence rule's report, or the 4 x 4 one where that fit's last r already reached the
    rule's r (the rule then plays nothing more: the same league, the same replays)."""
    if conv:
        p = out / names(year, kind, True)["report"]
        if p.exists():
            return p
        record = fit_record(out, year, kind)
        if record is None or record["steps"][-1]["r_net"] < converge_rule()[0]:
            return None
    p = out / names(year, kind)["report"]
    if p.exists():
        return p
    e = EARLIER.get((year, kind))
    return e if out == OUT and e is not None and e.exists() else None


def training_seasons() -> set[int]:
    from coachgym.core.nbaseasons import parse_season
    from coachgym.rules.statispro.builder import calibration

    return {parse_season(s) for s in calibration()["season_context"]["team_terms"]["training_seasons"]}


def all_seasons() -> list[int]:
    from coachgym.core.nbaseasons import meta

    return list(range(meta()["first"], meta()["last"] + 1))


def _save(path: Path, data: Any) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)  # a file is there whole or not at all (the resume reads it)


_STARTED = datetime.datetime.now(datetime.timezone.utc)


def _past(stop_at: datetime.time | None) -> bool:
    """Whether ``stop_at`` (UTC) has come: the first such time after the driver started (past midnight
    when it is earlier in the day than the start)."""
    if stop_at is None:
        return False
    deadline = _STARTED.replace(hour=stop_at.hour, minute=stop_at.minute, second=0, microsecond=0)
    if deadline <= _STARTED:
        deadline += datetime.timedelta(days=1)
    return datetime.datetime.now(datetime.timezone.utc) >= deadline


def run_season(year: int, kind: str, out: Path, scratch: Path, replays: int = REPLAYS, games_per_team: int | None = None,
               stop_at: datetime.time | None = None, say=print, conv: bool = False) -> Path | None:
    """Build, fit, replay and report one season; returns the report's path, None when stopped by
    ``stop_at`` (what is done stays in ``scratch``). ``conv``: the fit with the convergence rule, resumed
    from the season's 4 x 4 fit record in ``out`` where there is one (only its extra iterations played)."""
    from coachgym.core.nbaseasons import build_season
    from coachgym.core.statscsv import read_team_stats
    from coachgym.rules.statispro.teamterms import fit

    errs, pts = _tool("statispro_replay_errors"), _tool("statispro_team_points")
    tag = kind + ("c" if conv else "")
    folder = scratch / f"nba-{year}-{tag}"
    fitted = scratch / f"fitted-{year}-{tag}.json"  # the fit's record and its CPU: the folder is fitted
    progress = scratch / f"progress-{year}-{tag}.json"  # every finished replay's CPU seconds
    db = scratch / f"h{year}-{tag}.sqlite3"
    if not fitted.exists():
        if _past(stop_at):
            return None
        shutil.rmtree(folder, ignore_errors=True)  # a build or fit that did not finish: start it again
        db.unlink(missing_ok=True)
        progress.unlink(missing_ok=True)
        c0 = cpu()
        build_season("statispro", year, folder, blind=kind == "blind", say=lambda line: None)
        c1 = cpu()
        say(f"{label(year)} ({kind}): built in {c1 - c0:.1f} s of CPU; the team-terms fit (4 x 4"
            f"{', resumed, the convergence rule' if conv else ''}, seed 0) ...")
        resume = fit_record(out, year, kind) if conv else None
        record = fit(folder, None, None, SEED, True, True, progress=False, say=lambda line: say(f"  fit: {line}"),
                     converge=converge_rule() if conv else None, resume=resume)
        c2 = cpu()
        _save(fitted, {"record": record, "cpu_build_s": round(c1 - c0, 2), "cpu_fit_s": round(c2 - c1, 2),
                       "resumed_iterations": len(resume["steps"]) if resume else 0})
        say(f"{label(year)} ({kind}): fitted in {c2 - c1:.1f} s of CPU")
    fitted_data = json.loads(fitted.read_text(encoding="utf-8"))
    played = play_replays("statispro", folder, replays, db, progress, games_per_team, stop_at, say, f"{label(year)} ({kind})")
    if played is None:
        return None
    result, done = played
    e = errs.errors(result, read_team_stats(folder / "team_stats.csv"), folder, say=lambda line: say(f"  {line}"))
    rows = pts.team_points(folder, db)
    points = {"league": str(folder), "db": str(db), "summary": pts.summary(rows),
              "teams": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in t.items()} for t in rows]}
    record = fitted_data["record"]
    last = record["steps"][-1]
    result["driver"] = {
        "command": f"python tools/history_every_season.py --kind {kind}{' --converge' if conv else ''} --seasons {year}",
        "season": label(year),
        "kind": kind, "role": "training" if year in training_seasons() else "held out",
        "cpu_build_s": fitted_data["cpu_build_s"], "cpu_fit_s": fitted_data["cpu_fit_s"],
        "fit_games": _fit_games(record), "cpu_replays_s": round(sum(done.values()), 2),
        "cpu_per_replay_s": [done[str(k)] for k in range(replays)],
        "pythagorean_r": e["pythagorean_r"] if e else None, "pythagorean_mae": e["pythagorean_mae"] if e else None,
        "error_r": e["error_r"] if e else None, "left_out": e["left_out"] if e else None,
        "fit_last_r": last["r_net"], "fit_last_rms": last["rms"], "cards_at_defense_ends": record["cards_at_defense_ends"],
        "fit_iterations": record["iterations"], "converge": record.get("converge"),
        "fit_resumed_iterations": fitted_data.get("resumed_iterations", 0),
        "cards_clamped_by_fit": record["cards_clamped"],
        "simulated_net_slope": points["summary"].get("net", {}).get("slope")}
    n = names(year, kind, conv)
    _save(out / n["terms"], record)
    _save(out / n["points"], points)
    _save(out / n["report"], result)  # last: the report marks the season done
    return out / n["report"]


def play_replays(ruleset: str, folder: Path, replays: int, db: Path, progress: Path, games_per_team: int | None,
                 stop_at: datetime.time | None, say, what: str) -> tuple[dict[str, Any], dict[str, float]] | None:
    """``replays`` replays of the league folder (seed 0, one at a time, each the same named, seeded season as
    one call of ``tools/history_replay.py --replays N --seed 0`` plays, kept in ``db``; every finished
    replay's CPU seconds in ``progress``), then ``history_replay.compare``: (the report, the CPU seconds by
    replay), or None when ``stop_at`` passed before a replay still to play."""
    from coachgym import rulesets
    from coachgym.core.runner import make_backend
    from coachgym.series.competition import league_season_format

    hr = _tool("history_replay")
    done: dict[str, float] = json.loads(progress.read_text(encoding="utf-8")) if progress.exists() else {}
    rs = rulesets.get(ruleset)
    league_name = str(folder)
    league = rs.league(league_name)
    played: dict[str, Any] = {"wins": {}, "players": {}}
    t0 = time.time()
    with make_backend("local", jobs=1) as backend:
        for k in range(replays):
            if str(k) not in done and _past(stop_at):
                return None
            c0 = cpu()
            # replay k as one call of history_replay.replay plays it: the season named replay-{seed + k}, seeded seed + k
            one = hr.replay(rs.name, league_name, 1, SEED + k, backend, games_per_team, db)
            for team, w in one["wins"].items():
                played["wins"].setdefault(team, []).extend(w)
            for key, s in one["players"].items():
                acc = played["players"].setdefault(key, {"gp": 0})
                for col, v in s.items():
                    acc[col] = acc.get(col, 0) + v
            if str(k) not in done:
                done[str(k)] = round(cpu() - c0, 2)
                _save(progress, done)
                say(f"{what}: replay {k + 1} of {replays}, {done[str(k)]:.1f} s of CPU")
    result = hr.compare(league, rs, played)
    per_replay = len(league_season_format(rs.name, league_name, SEED, games_per_team)["games"])
    result.update({"ruleset": rs.name, "league": league.name, "replays": replays, "seed": SEED, "options": {},
                   "availability": True, "games_per_replay": per_replay, "seconds": round(time.time() - t0, 1),
                   "engine_version": rs.version})
    return result, done


def _fit_games(record: dict) -> int | None:
    """The fit's games: iterations x rounds x n (n - 1) for n teams (every team hosts every other once)."""
    n = len(record.get("fg", {}))
    return record["iterations"] * record["rounds"] * n * (n - 1) if n else None


# ------------------------------------------------------------------------------------ summary
def row_of(path: Path, year: int, kind: str, roles: set[int], errors_of=None, terms: Path | None = None) -> dict[str, Any]:
    """One season's summary row from its report. A report without the driver's block: ``errors_of(year,
    report)`` gives its Pythagorean figures and error correlations (``statispro_replay_errors.errors``'s dict;
    None: left blank), ``terms`` (the fit's record, where kept) the fit's last r / rms and cards."""
    rep = json.loads(path.read_text(encoding="utf-8"))
    d = dict(rep.get("driver", {}))
    if "pythagorean_r" not in d and errors_of is not None:
        e = errors_of(year, rep) or {}
        d.update({k: e.get(k) for k in ("pythagorean_r", "pythagorean_mae", "error_r")})
    if "fit_last_r" not in d and terms is not None and terms.exists():
        record = json.loads(terms.read_text(encoding="utf-8"))
        d.update({"fit_last_r": record["steps"][-1]["r_net"], "fit_last_rms": record["steps"][-1]["rms"],
                  "cards_at_defense_ends": record.get("cards_at_defense_ends"),
                  "cards_clamped_by_fit": record.get("cards_clamped")})
    py = (d.get("pythagorean_r"), d.get("pythagorean_mae"))
    held = year not in roles
    r, mae = rep["team_r"], rep["team_mae_wins"]
    misses = sorted(rep["teams"], key=lambda t: -abs(t["sim_wins"] - t["real_wins"]))[:3]
    return {"season": label(year), "year": year, "kind": kind, "role": "held out" if held else "training",
            "replays": rep["replays"], "r": r, "mae": mae, "pythagorean_r": py[0], "pythagorean_mae": py[1],
            "sim_wins_sd": rep["sim_wins_sd"], "real_wins_sd": rep["real_wins_sd"],
            "error_r_drtg": (d.get("error_r") or {}).get("drtg"), "fit_last_r": d.get("fit_last_r"),
            "fit_last_rms": d.get("fit_last_rms"), "cards_at_defense_ends": d.get("cards_at_defense_ends"),
            "cards_clamped_by_fit": d.get("cards_clamped_by_fit"),
            "pts_reb_ast_error": [rep.get(f"{c}_mean_rel_error") for c in ("pts", "reb", "ast")],
            "within_10pct": rep.get("share_within_10pct"),
            "largest_misses": [[t["team"], t["real_wins"], t["sim_wins"]] for t in misses],
            "cpu_fit_s": d.get("cpu_fit_s"), "cpu_replays_s": d.get("cpu_replays_s"),
            "fit_iterations": d.get("fit_iterations", 4),
            "meets_aim": (r >= AIM_R and mae <= AIM_MAE) if held else None, "file": str(path.relative_to(ROOT))
            if path.is_relative_to(ROOT) else str(path)}


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The count of held-out seasons meeting r >= 0.93 and MAE <= 4.0, and the median r over them."""
    held = [x for x in rows if x["role"] == "held out"]
    med = statistics.median(x["r"] for x in held) if held else None
    return {"seasons": len(rows), "held_out": len(held), "held_out_meeting_aim": sum(bool(x["meets_aim"]) for x in held),
            "median_r_held_out": med, "median_meets_aim": med is not None and med >= AIM_MEDIAN,
            "lowest_r_held_out": min((x["r"] for x in held), default=None),
            "largest_mae_held_out": max((x["mae"] for x in held), default=None),
            "aim": {"r": AIM_R, "mae": AIM_MAE, "median_r": AIM_MEDIAN}, "rows": rows}


def _f(v: Any, fmt: str) -> str:
    return "" if v is None else format(v, fmt)


def _team(stem: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in stem.split("-"))


def markdown(summary: dict[str, Any], kind: str) -> str:
    """The summary as docs/history.md's held-out table (its columns, then the CPU seconds and the aim)."""
    lines = ["| season | role | build | replays | teams r | MAE (wins/82) | Pythagorean r / MAE | sd of wins sim (real) "
             "| error ~ points allowed per 100 | the fit's last r / rms | cards at DEFENSE -15 or +5 (clamped by the fit) "
             "| pts / reb / ast error | within 10% | largest misses (real / simulated) | CPU s: fit / 10 replays "
             "| meets r >= 0.93, MAE <= 4.0 |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for x in summary["rows"]:
        clamped = "" if x["cards_clamped_by_fit"] is None else f" ({x['cards_clamped_by_fit']})"
        errors = " / ".join(_f(None if v is None else 100 * v, ".1f") + "%" for v in x["pts_reb_ast_error"])
        misses = ", ".join(f"{_team(t)} {real:.0f} / {sim:.1f}" for t, real, sim in x["largest_misses"])
        lines.append(
            f"| {x['season']} | {x['role']} | {x['kind']} + 4 x {x.get('fit_iterations', 4)} | {x['replays']} | {x['r']:.3f} | {x['mae']:.2f} | "
            f"{_f(x['pythagorean_r'], '.3f')} / {_f(x['pythagorean_mae'], '.2f')} | {x['sim_wins_sd']:.1f} "
            f"({x['real_wins_sd']:.1f}) | {_f(x['error_r_drtg'], '+.2f')} | {_f(x['fit_last_r'], '.3f')} / "
            f"{_f(x['fit_last_rms'], '.2f')} | {_f(x['cards_at_defense_ends'], 'd')}{clamped} | {errors} | "
            f"{_f(None if x['within_10pct'] is None else 100 * x['within_10pct'], '.0f')}% | {misses} | "
            f"{_f(x['cpu_fit_s'], '.1f')} / {_f(x['cpu_replays_s'], '.1f')} | "
            f"{'' if x['meets_aim'] is None else ('yes' if x['meets_aim'] else '**no**')} |")
    s = summary
    med = "" if s["median_r_held_out"] is None else f"{s['median_r_held_out']:.4g}"
    lines += ["", f"{kind} build: **{s['held_out_meeting_aim']} of {s['held_out']} held-out seasons replayed meet r >= "
              f"{AIM_R} and MAE <= {AIM_MAE}**; median r over them **{med}** (aim >= {AIM_MEDIAN}); "
              f"{s['seasons']} seasons with results."]
    return "\n".join(lines) + "\n"


def errors_from_data(year: int, report: dict) -> dict | None:
    """For a report written before the driver: ``statispro_replay_errors.errors`` on the season's team totals
    (the Pythagorean r / MAE on the report's teams; a blind build into a temporary folder names the teams)."""
    from coachgym.core.nbaseasons import build_season
    from coachgym.core.statscsv import read_team_stats

    errs = _tool("statispro_replay_errors")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "league"
        build_season("statispro", year, folder, blind=True, say=lambda line: None)
        e: dict | None = errs.errors(report, read_team_stats(folder / "team_stats.csv"), folder, say=lambda line: None)
    return e


def summary_of(out: Path, kind: str, seasons: list[int], errors_of=errors_from_data, conv: bool = False) -> dict[str, Any]:
    roles = training_seasons()
    rows = []
    for year in seasons:
        p = report_path(out, year, kind, conv)
        if p is not None:
            terms = out / names(year, kind, conv and p.name == names(year, kind, True)["report"])["terms"]
            if p.parent != out:  # an earlier round's report: its fit's record beside it
                terms = p.parent / p.name.replace("-nba-", "-terms-")
            rows.append(row_of(p, year, kind, roles, errors_of, terms))
    return summarize(rows)


def write_summary(out: Path, kind: str, summary: dict[str, Any], conv: bool = False) -> str:
    md = markdown(summary, kind + (" (the convergence rule)" if conv else ""))
    name = f"every-season-{kind}{'-converge' if conv else ''}"
    (out / f"{name}.md").write_text(md, encoding="utf-8")
    _save(out / f"{name}.json", summary)
    return md


def side_by_side(out: Path, seasons: list[int], errors_of=errors_from_data) -> tuple[str, dict[str, Any]]:
    """Every season with results, the builds side by side (docs/history.md, "Every season, both builds"):
    the points-based expectation, the blind build (4 x 4), the blind build with the fit's convergence rule
    and the game's own build (4 x 4), each r / MAE over its replays; then each build's aim count and median
    over the held-out seasons it has."""
    sums = {"blind": summary_of(out, "blind", seasons, errors_of),
            "blind-converge": summary_of(out, "blind", seasons, errors_of, conv=True),
            "own": summary_of(out, "own", seasons, errors_of)}
    rows: dict[int, dict[str, Any]] = {}
    for name, sm in sums.items():
        for x in sm["rows"]:
            rows.setdefault(x["year"], {"season": x["season"], "role": x["role"]})[name] = x

    def cell(x: dict[str, Any] | None, aim: bool) -> str:
        if x is None:
            return "not replayed"
        mark = " **(misses the aim)**" if aim and x["meets_aim"] is False else ""
        return f"{x['r']:.3f} / {x['mae']:.2f}{mark}"

    cp = out / "ceiling.json"  # tools/history_ceiling.py's ideal points engine, where it was run
    ceil = json.loads(cp.read_text(encoding="utf-8"))["seasons"] if cp.exists() else {}
    lines = ["| season | role | Pythagorean r / MAE | ideal points engine, 10 replays: r (5-95%) | blind build, 4 x 4: r / MAE "
             "| blind build, the convergence rule: r / MAE (fit iterations) | the game's own build, 4 x 4: r / MAE |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for year in sorted(rows):
        x = rows[year]
        b = x.get("blind")
        py = "" if b is None or b["pythagorean_r"] is None else f"{b['pythagorean_r']:.3f} / {b['pythagorean_mae']:.2f}"
        c = x.get("blind-converge")
        conv = cell(c, True) + ("" if c is None else f" ({c.get('fit_iterations', 4)})")
        i = ceil.get(label(year))
        ideal = "" if i is None else f"{i['r_mean']:.3f} ({i['r_p05']:.3f}-{i['r_p95']:.3f})"
        lines.append(f"| {x['season']} | {x['role']} | {py} | {ideal} | {cell(b, True)} | {conv} | {cell(x.get('own'), False)} |")
    lines.append("")
    for name, sm in sums.items():
        med = "" if sm["median_r_held_out"] is None else f"{sm['median_r_held_out']:.4f}"
        lines.append(f"* {name}: {sm['seasons']} seasons replayed, {sm['held_out']} held out; "
                     f"{sm['held_out_meeting_aim']} of {sm['held_out']} held-out seasons meet r >= {AIM_R} and MAE <= "
                     f"{AIM_MAE}; median r over them {med}")
    data = {k: {kk: v for kk, v in sm.items() if kk != "rows"} for k, sm in sums.items()}
    data["rows"] = [{"year": y, **{k: (v if not isinstance(v, dict) else {kk: v[kk] for kk in ("r", "mae", "meets_aim",
                     "pythagorean_r", "pythagorean_mae", "fit_iterations", "replays")})
                     for k, v in rows[y].items()}} for y in sorted(rows)]
    return "\n".join(lines) + "\n", data


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kind", choices=("blind", "own"), default="blind",
                    help="blind: cards from no standings (--blind); own: the game's own build (standings read)")
    ap.add_argument("--blind", dest="kind", action="store_const", const="blind", help="the same as --kind blind")
    ap.add_argument("--seasons", default=None,
                    help="comma-separated seasons, the year they end (2004) or 2003-04, in the order to run (default: every "
                         "season of the shipped data)")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--scratch", type=Path, default=Path(tempfile.gettempdir()) / "coachgym-every-season",
                    help="league folders, fit records and replay databases (kept to resume)")
    ap.add_argument("--replays", type=int, default=REPLAYS, help="replays a season (the issue's 10)")
    ap.add_argument("--games-per-team", type=int, default=None, help="shorter replays (a quick look; not for results)")
    ap.add_argument("--stop-at", default=None, help="HH:MM UTC: start no new build, fit or replay after it")
    ap.add_argument("--summary-only", action="store_true", help="play nothing: print and write the summary")
    ap.add_argument("--side-by-side", action="store_true",
                    help="play nothing: write every-season.md / .json, the builds side by side, and print it")
    ap.add_argument("--converge", action="store_true",
                    help="the fit with its convergence rule (card_builder.json team_terms.converge), resumed from the "
                         "season's 4 x 4 fit in --out; seasons whose 4 x 4 fit already reached the rule's r are not played")
    args = ap.parse_args(argv)
    from coachgym.core.errors import CoachgymError
    from coachgym.core.nbaseasons import parse_season

    try:
        seasons = ([parse_season(s) for s in args.seasons.split(",") if s.strip()] if args.seasons else all_seasons())
        stop_at = datetime.time.fromisoformat(args.stop_at) if args.stop_at else None
    except (CoachgymError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    if args.side_by_side:
        md, data = side_by_side(args.out, all_seasons())
        (args.out / "every-season.md").write_text(md, encoding="utf-8")
        _save(args.out / "every-season.json", data)
        print(md, end="")
        return 0
    args.scratch.mkdir(parents=True, exist_ok=True)
    if not args.summary_only:
        for year in seasons:
            if report_path(args.out, year, args.kind, args.converge) is not None:
                print(f"{label(year)} ({args.kind}): has results; skipped")
                continue
            try:
                done = run_season(year, args.kind, args.out, args.scratch, args.replays, args.games_per_team, stop_at,
                                  say=lambda line: print(line, flush=True), conv=args.converge)
            except Exception as exc:  # recorded with its exact error; the next season starts
                text = "".join(traceback.format_exception(exc))
                (args.scratch / f"failed-{year}-{args.kind}.txt").write_text(text, encoding="utf-8")
                print(f"{label(year)} ({args.kind}): FAILED: {type(exc).__name__}: {exc}", flush=True)
                continue
            if done is None:
                print(f"stopped at {args.stop_at} UTC before {label(year)} finished; run again to go on", flush=True)
                break
            print(f"{label(year)} ({args.kind}): wrote {done}", flush=True)
    summary = summary_of(args.out, args.kind, all_seasons(), conv=args.converge)  # every season that has results
    print(write_summary(args.out, args.kind, summary, args.converge), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
