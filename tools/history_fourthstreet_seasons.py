"""4th Street on every NBA season, as built and with its team terms (issue 36, "Every season as it was";
docs/history.md, "4th Street on every season").

    nice -n 5 python tools/history_fourthstreet_seasons.py --kind terms --seasons 1980,2004 \\
        --scratch /work/scratch/fs-seasons [--stop-at 01:20]
    python tools/history_fourthstreet_seasons.py --side-by-side

Per season YYYY (the year it ends) the steps are the documented commands, run in this process:
``coachgym leagues build --season YYYY --ruleset fourthstreet`` (``build_season``; 4th Street's cards read no
standings, so every build is blind), with ``--kind terms`` then its team-terms fit
(``coachgym.rules.fourthstreet.teamterms.fit`` at the documented size, seed 0, the season's real
availability, written into the team files: ``leagues build ... --team-terms``), then ``tools/history_replay.py
fourthstreet LEAGUE --replays 10 --seed 0 --jobs 1 --db ...`` (one replay at a time, the same seeded seasons)
and ``tools/statispro_replay_errors.py``'s ``errors`` (the Pythagorean expectation, exponent 14, on the same
teams). Files in ``--out`` (default ``docs/history/fourthstreet-seasons``): ``nba-YYYY-KIND.json`` (the replay
report with a ``driver`` block: CPU seconds of the build, the fit and every replay, the Pythagorean figures,
the fit's last r) and ``terms-YYYY.json`` (the fit's record). CPU is this process's user time.

Resumable as ``tools/history_every_season.py`` is: a season whose report exists is skipped; the built (and
fitted) league folder and every finished replay (the SQLite ``--db``) stay under ``--scratch``; ``--stop-at
HH:MM`` (UTC) starts no new step after it; a season that fails is recorded in ``--scratch``
(``failed-YYYY-KIND.txt``) and the next one starts.

``--side-by-side`` plays nothing: it writes ``every-season.md`` / ``.json`` in ``--out``, per season the role
(1979-80, the season the builder's season context and the team terms' constants were chosen on: training;
every other season held out), the Pythagorean r / MAE, both builds' r / MAE and sd of wins, and the count of
held-out seasons meeting issue 36's aim (r >= 0.93, MAE <= 4.0) and the median r for each build.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import shutil
import statistics
import sys
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "history" / "fourthstreet-seasons"
# an ideal points engine's r on each season (tools/history_ceiling.py: the same teams, games and replays)
CEILING = ROOT / "docs" / "history" / "fit-size" / "ceiling.json"
KINDS = ("built", "terms")


def _tool(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ES = _tool("history_every_season")  # the Statis Pro driver's replays, clock and summary


def training_seasons() -> set[int]:
    """4th Street's training season(s): the team terms' (1979-80, as the season context's)."""
    from coachgym.core.nbaseasons import parse_season
    from coachgym.rules.fourthstreet.builder import calibration

    return {parse_season(s) for s in calibration()["season_context"]["team_terms"]["training_seasons"]}


def run_season(year: int, kind: str, out: Path, scratch: Path, replays: int = ES.REPLAYS, games_per_team: int | None = None,
               stop_at: datetime.time | None = None, say=print) -> Path | None:
    """Build (and with ``kind`` terms fit), replay and report one season; returns the report's path, None when
    stopped by ``stop_at`` (what is done stays in ``scratch``)."""
    from coachgym.core.nbaseasons import build_season
    from coachgym.core.statscsv import read_team_stats
    from coachgym.rules.fourthstreet.teamterms import fit

    errs = _tool("statispro_replay_errors")
    what = f"{ES.label(year)} ({kind})"
    folder = scratch / f"nba-{year}-{kind}"
    built = scratch / f"built-{year}-{kind}.json"  # the build (and the fit's record) with its CPU: the folder is ready
    progress = scratch / f"progress-{year}-{kind}.json"
    db = scratch / f"h{year}-{kind}.sqlite3"
    if not built.exists():
        if ES._past(stop_at):
            return None
        shutil.rmtree(folder, ignore_errors=True)  # a build or fit that did not finish: start it again
        db.unlink(missing_ok=True)
        progress.unlink(missing_ok=True)
        c0 = ES.cpu()
        build_season("fourthstreet", year, folder, say=lambda line: None)
        c1 = ES.cpu()
        record = None
        if kind == "terms":
            say(f"{what}: built in {c1 - c0:.1f} s of CPU; the team-terms fit (seed 0) ...")
            record = fit(folder, seed=ES.SEED, availability=True, write=True, progress=False,
                         say=lambda line: say(f"  fit: {line}"))
        c2 = ES.cpu()
        ES._save(built, {"record": record, "cpu_build_s": round(c1 - c0, 2), "cpu_fit_s": round(c2 - c1, 2)})
        say(f"{what}: ready in {c2 - c0:.1f} s of CPU")
    ready = json.loads(built.read_text(encoding="utf-8"))
    played = ES.play_replays("fourthstreet", folder, replays, db, progress, games_per_team, stop_at, say, what)
    if played is None:
        return None
    result, done = played
    e = errs.errors(result, read_team_stats(folder / "team_stats.csv"), folder, say=lambda line: say(f"  {line}"))
    record = ready["record"]
    result["driver"] = {
        "command": f"python tools/history_fourthstreet_seasons.py --kind {kind} --seasons {year}",
        "season": ES.label(year), "kind": kind,
        "role": "training" if year in training_seasons() else "held out",
        "cpu_build_s": ready["cpu_build_s"], "cpu_fit_s": ready["cpu_fit_s"],
        "cpu_replays_s": round(sum(done.values()), 2), "cpu_per_replay_s": [done[str(k)] for k in range(replays)],
        "pythagorean_r": e["pythagorean_r"] if e else None, "pythagorean_mae": e["pythagorean_mae"] if e else None,
        "error_r": e["error_r"] if e else None, "left_out": e["left_out"] if e else None,
        "fit_last_r": record["steps"][-1]["r_net"] if record else None,
        "fit_last_rms": record["steps"][-1]["rms"] if record else None,
        "fit_iterations": record["iterations"] if record else None}
    if record is not None:
        ES._save(out / f"terms-{year}.json", record)
    path = out / f"nba-{year}-{kind}.json"
    ES._save(path, result)  # last: the report marks the season done
    return path


def rows(out: Path, kind: str, seasons: list[int]) -> list[dict[str, Any]]:
    roles = training_seasons()
    found = []
    for y in seasons:
        p = out / f"nba-{y}-{kind}.json"
        if p.exists():
            row = ES.row_of(p, y, kind, roles)
            row["fit_iterations"] = json.loads(p.read_text(encoding="utf-8"))["driver"].get("fit_iterations")
            found.append(row)
    return found


def side_by_side(out: Path, seasons: list[int], ceiling: Path = CEILING) -> tuple[str, dict[str, Any]]:
    """The table of every season with both builds (docs/history.md, "4th Street on every season"), beside
    the points-based expectation and an ideal points engine's r where ``ceiling`` has the season."""
    sums = {k: ES.summarize(rows(out, k, seasons)) for k in KINDS}
    ideal = json.loads(ceiling.read_text(encoding="utf-8"))["seasons"] if ceiling.exists() else {}
    by = {k: {x["year"]: x for x in sums[k]["rows"]} for k in KINDS}
    years = sorted(set(by["built"]) | set(by["terms"]))

    def cell(x: dict | None) -> str:
        if x is None:
            return ""
        mark = " ✓" if x["meets_aim"] else ""
        return f"{x['r']:.3f} / {x['mae']:.2f}{mark} ({x['sim_wins_sd']:.1f})"

    lines = ["| season | role | real sd of wins | Pythagorean r / MAE | ideal points engine, 10 replays: r (5-95%) "
             "| as built: r / MAE (sd of wins) | team terms: r / MAE (sd of wins) | CPU s: fit, 10 replays |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for y in years:
        b, t = by["built"].get(y), by["terms"].get(y)
        x = t or b
        py = f"{x['pythagorean_r']:.3f} / {x['pythagorean_mae']:.2f}" if x and x["pythagorean_r"] is not None else ""
        cpu = f"{ES._f(t['cpu_fit_s'], '.0f')}, {ES._f(t['cpu_replays_s'], '.0f')}" if t else ""
        c = ideal.get(ES.label(y))
        ic = f"{c['r_mean']:.3f} ({c['r_p05']:.3f}-{c['r_p95']:.3f})" if c else ""
        lines.append(f"| {ES.label(y)} | {x['role']} | {x['real_wins_sd']:.1f} | {py} | {ic} | {cell(b)} | {cell(t)} | {cpu} |")
    lines.append("")
    for k, name in (("built", "as built"), ("terms", "with team terms")):
        s = sums[k]
        if s["held_out"]:
            lines.append(f"* {name}: {s['held_out_meeting_aim']} of {s['held_out']} held-out seasons meet r >= 0.93 and "
                         f"MAE <= 4.0 (✓); median r {s['median_r_held_out']:.4f}; lowest r {s['lowest_r_held_out']:.3f}, "
                         f"largest MAE {s['largest_mae_held_out']:.2f}")
    both = [y for y in years if y in by["built"] and y in by["terms"] and by["terms"][y]["role"] == "held out"]
    if len(both) >= 2:
        dr = [by["terms"][y]["r"] - by["built"][y]["r"] for y in both]
        dm = [by["terms"][y]["mae"] - by["built"][y]["mae"] for y in both]
        lines.append(f"* team terms against as built, the {len(both)} held-out seasons with both: r {statistics.fmean(dr):+.4f} "
                     f"(sd {statistics.stdev(dr):.4f}), MAE {statistics.fmean(dm):+.2f} wins (sd {statistics.stdev(dm):.2f})")
    text = "\n".join(lines) + "\n"
    data = {"seasons": years, "summaries": {k: {kk: v for kk, v in s.items() if kk != "rows"} for k, s in sums.items()},
            "rows": {k: sums[k]["rows"] for k in KINDS}}
    return text, data


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", choices=KINDS, default="terms", help="built: the cards as built; terms: with the team terms")
    ap.add_argument("--seasons", default=None, help="comma-separated seasons (the year they end or 2003-04), in order "
                                                     "(default: every season of the shipped data)")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--scratch", default=str(ROOT / ".scratch" / "fourthstreet-seasons"))
    ap.add_argument("--replays", type=int, default=ES.REPLAYS)
    ap.add_argument("--games-per-team", type=int, default=None, help="shorter replays (a quick look; not for results)")
    ap.add_argument("--stop-at", default=None, help="HH:MM UTC: start no new build, fit or replay after it")
    ap.add_argument("--side-by-side", action="store_true", help="play nothing: write every-season.md / .json")
    a = ap.parse_args(argv)
    from coachgym.core.nbaseasons import parse_season

    out, scratch = Path(a.out), Path(a.scratch)
    seasons = [parse_season(s) for s in a.seasons.split(",")] if a.seasons else ES.all_seasons()
    if a.side_by_side:
        text, data = side_by_side(out, seasons)
        out.mkdir(parents=True, exist_ok=True)
        (out / "every-season.md").write_text(text, encoding="utf-8")
        ES._save(out / "every-season.json", data)
        print(text)
        return 0
    stop = datetime.time.fromisoformat(a.stop_at) if a.stop_at else None
    out.mkdir(parents=True, exist_ok=True)
    scratch.mkdir(parents=True, exist_ok=True)
    for y in seasons:
        if (out / f"nba-{y}-{a.kind}.json").exists():
            continue
        try:
            path = run_season(y, a.kind, out, scratch, a.replays, a.games_per_team, stop)
        except Exception:  # noqa: BLE001 - one season's failure is recorded and the next one starts
            (scratch / f"failed-{y}-{a.kind}.txt").write_text(traceback.format_exc(), encoding="utf-8")
            print(f"{ES.label(y)} ({a.kind}): failed; see {scratch / f'failed-{y}-{a.kind}.txt'}", flush=True)
            continue
        if path is None:
            print(f"stopped at {a.stop_at}", flush=True)
            break
        rep = json.loads(path.read_text(encoding="utf-8"))
        print(f"{ES.label(y)} ({a.kind}): r {rep['team_r']:.3f}, MAE {rep['team_mae_wins']:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
