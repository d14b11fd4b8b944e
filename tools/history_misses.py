"""Why held-out seasons miss issue 36's aim, measured on the replays already played (docs/history.md,
"The two misses, measured"): how the simulated wins follow the simulated points, against how the real
wins follow the real points, and where the spread of wins is lost. Nothing is played.

    python tools/history_misses.py [--out docs/history/fit-size] [--scratch /work/scratch/history] \\
        [--json docs/history/fit-size/misses-blind.json]

Input per season YYYY (every season with both files): ``points-YYYY-4x4.json`` (``tools/
statispro_team_points.py``: per team the real and simulated wins per 82, points for and against a game,
net points per 100 possessions and pace) and, where ``--scratch`` keeps the replays' database
``hYYYY-blind.sqlite3``, every simulated game's score.

Per season (``season_figures``), over the teams:

* ``wins_per_ppg``: the slope of wins per 82 on the points-a-game differential, real (real wins on real
  points) and simulated (the replays' mean wins on the replays' own points): how many wins a point of
  margin buys in each. ``implied_margin_sd``: 82 x phi(0) / that slope, the per-game margin sd a normal
  model of the margin needs for that slope (win% = Phi(diff / sd)).
* ``wins_per_net``: the same on net points per 100 possessions (the fit's unit); ``net_sd_ratio``: the sd of
  the simulated over the real net ratings (what the fit delivered; its target is ``scale`` 1.694 x real).
* The exact decomposition of the spread of wins, sd(simulated wins) / sd(real wins) =
  ``net_sd_ratio`` x (simulated ``wins_per_net`` / real ``wins_per_net``) x (r_real / r_sim), where r_real is
  r(real wins, real net) and r_sim r(simulated wins, simulated net): the spread of the net ratings (the fit's
  targets), the points-to-wins mapping, and how loosely the real wins follow the real points (luck, which the
  simulated means do not have). ``factors`` writes the first two relative to ``scale``: ``net_spread``
  = net_sd_ratio / scale and ``mapping`` = scale x sim / real wins_per_net (their product with ``fit`` is the
  ratio).
* The order: r(simulated wins, real wins) beside the chain r_real x r(simulated net, real net) x r_sim, what
  it would be if the only errors were the three links; r(real wins, real points-a-game differential) beside
  r(real wins, real net per 100): whether a target in points a game would follow the wins more closely.
* ``margin_sd``: from the database, the sd of a team's game margins around its own mean margin in that replay
  (opponents' strength included), pooled over teams and replays.
* ``mae_sd_matched``: the MAE if the simulated wins' spread were scaled to the real one (it reads the real
  wins: how much MAE the compression costs, not a method).
* ``pace_proposal``: k = (real pace / simulated pace) / the same ratio's mean over the training seasons; a
  fit target of k x ``scale`` x the real net rating, to first order, scales each team's simulated wins
  about the league mean by k: the MAE that would give (an estimate, not a replay; r is unchanged).
* ``sim_side_proposal``: k = the training seasons' simulated wins per simulated net point / this season's (what the
  fit's own round robins could measure without the standings), the same estimate.
"""

from __future__ import annotations

import argparse
import json
import math
import sqlite3
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "history" / "fit-size"
SCALE = 1.694  # season_context.team_terms.scale (card_builder.json): the fit's target, sim net = SCALE x real net
# the real wins per 82 per net point per 100 possessions of the training teams (1992-93, 1994-95), the numerator
# of ``scale`` (card_builder.json, team_terms.fit.scale: 2.439 / 1.440)
TRAINING_REAL_WINS_PER_NET = 2.439
PHI0 = 1 / math.sqrt(2 * math.pi)


def slope(x: list[float], y: list[float]) -> float:
    mx, my = statistics.fmean(x), statistics.fmean(y)
    den = sum((a - mx) ** 2 for a in x)
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / den if den else math.nan


def corr(x: list[float], y: list[float]) -> float:
    try:
        return statistics.correlation(x, y)
    except statistics.StatisticsError:
        return math.nan


def mae(x: list[float], y: list[float]) -> float:
    return statistics.fmean(abs(a - b) for a, b in zip(x, y))


def season_figures(teams: list[dict[str, Any]], scale: float = SCALE, games: int = 82) -> dict[str, Any]:
    """The figures of the module docstring for one season's teams (keys of ``statispro_team_points``:
    real_wins, sim_wins (per 82), real_pf, real_pa, sim_pf, sim_pa (a game), real_net, sim_net (per 100
    possessions), real_pace, sim_pace)."""
    rw = [float(t["real_wins"]) for t in teams]
    sw = [float(t["sim_wins"]) for t in teams]
    rd = [t["real_pf"] - t["real_pa"] for t in teams]
    sd = [t["sim_pf"] - t["sim_pa"] for t in teams]
    rn = [float(t["real_net"]) for t in teams]
    sn = [float(t["sim_net"]) for t in teams]
    b_real, b_sim = slope(rd, rw), slope(sd, sw)
    bn_real, bn_sim = slope(rn, rw), slope(sn, sw)
    net_sd_ratio = statistics.stdev(sn) / statistics.stdev(rn)
    r_real, r_sim, r_net = corr(rw, rn), corr(sw, sn), corr(sn, rn)
    wins_sd_ratio = statistics.stdev(sw) / statistics.stdev(rw)
    mapping = bn_sim / bn_real
    return {
        "teams": len(teams),
        "real_pace": statistics.fmean(t["real_pace"] for t in teams),
        "sim_pace": statistics.fmean(t["sim_pace"] for t in teams),
        "wins_per_ppg": {"real": b_real, "sim": b_sim},
        "implied_margin_sd": {"real": games * PHI0 / b_real, "sim": games * PHI0 / b_sim},
        "wins_per_net": {"real": bn_real, "sim": bn_sim},
        "net_sd_ratio": net_sd_ratio, "net_slope": slope(rn, sn),
        "wins_sd": {"real": statistics.stdev(rw), "sim": statistics.stdev(sw), "ratio": wins_sd_ratio},
        "r": {"real_wins_real_net": r_real, "real_wins_real_ppg": corr(rw, rd), "sim_wins_sim_net": r_sim,
              "sim_net_real_net": r_net,
              "sim_wins_real_wins": corr(sw, rw), "chain": r_real * r_net * r_sim},
        "factors": {"net_spread": net_sd_ratio / scale, "mapping": scale * mapping, "fit": r_real / r_sim,
                    "product": net_sd_ratio * mapping * r_real / r_sim},
        "mae": mae(sw, rw),
        "error_parts": error_parts(teams, scale),
    }


def _line(x: list[float], y: list[float]) -> tuple[float, float]:
    b = slope(x, y)
    return b, statistics.fmean(y) - b * statistics.fmean(x)


def error_parts(teams: list[dict[str, Any]], scale: float = SCALE) -> dict[str, Any]:
    """Each team's error (simulated minus real wins) split exactly into four parts, with f the least-squares
    line of the real wins on the real net rating and g that of the simulated wins on the simulated net:
    ``sim_noise`` = sim wins - g(sim net) (the replays' wins off their own points), ``fit_miss`` = g(sim net) -
    g(scale x real net) (the net rating off the fit's target, in wins), ``mapping`` = g(scale x real net) -
    f(real net) (the simulated points-to-wins line against the real one at the target), ``luck`` = -(real wins -
    f(real net)) (the real wins off the real points, sign as it enters the error). Per part: its rms over the
    teams, the MAE the error would have without it and the r of the simulated on the real wins without it (luck:
    the real wins moved onto their line); ``largest``: the three largest errors with their parts."""
    rw = [float(t["real_wins"]) for t in teams]
    sw = [float(t["sim_wins"]) for t in teams]
    rn = [float(t["real_net"]) for t in teams]
    sn = [float(t["sim_net"]) for t in teams]
    br, ar = _line(rn, rw)
    bs, as_ = _line(sn, sw)
    parts: dict[str, list[float]] = {"sim_noise": [], "fit_miss": [], "mapping": [], "luck": []}
    err = []
    for w_r, w_s, n_r, n_s in zip(rw, sw, rn, sn):
        g_sim, g_target, f_real = as_ + bs * n_s, as_ + bs * scale * n_r, ar + br * n_r
        parts["sim_noise"].append(w_s - g_sim)
        parts["fit_miss"].append(g_sim - g_target)
        parts["mapping"].append(g_target - f_real)
        parts["luck"].append(-(w_r - f_real))
        err.append(w_s - w_r)
    out: dict[str, Any] = {"rms_error": math.sqrt(statistics.fmean(e * e for e in err)), "mae": statistics.fmean(abs(e) for e in err)}
    order = sorted(range(len(err)), key=lambda i: -abs(err[i]))[:3]
    out["largest"] = [{"team": teams[i].get("team", str(i)), "real_wins": rw[i], "sim_wins": round(sw[i], 1),
                       "error": round(err[i], 1), **{k: round(v[i], 1) for k, v in parts.items()}} for i in order]
    for k, v in parts.items():
        out[k] = {"rms": math.sqrt(statistics.fmean(x * x for x in v)),
                  "mae_without": statistics.fmean(abs(e - x) for e, x in zip(err, v)),
                  "r_without": corr([w - x for w, x in zip(sw, v)] if k != "luck" else sw,
                                    [w + x for w, x in zip(rw, v)] if k == "luck" else rw)}
    return out


def scaled_mae(teams: list[dict[str, Any]], k: float) -> float:
    """The MAE if each team's simulated wins moved about the league mean by the factor k."""
    sw = [float(t["sim_wins"]) for t in teams]
    m = statistics.fmean(sw)
    return mae([m + k * (w - m) for w in sw], [float(t["real_wins"]) for t in teams])


def margin_sd(db: Path) -> dict[str, float]:
    """The sd of a team's game margins around its own mean in the replay, pooled over teams and replays; and
    the sd of all games' home margins (the replays' ``competition_games``)."""
    per: dict[tuple[int, str], list[int]] = {}
    home: list[int] = []
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        for comp, hk, ak, hs, as_ in con.execute(
                "SELECT competition, home_key, away_key, home_score, away_score FROM competition_games"):
            per.setdefault((comp, hk), []).append(hs - as_)
            per.setdefault((comp, ak), []).append(as_ - hs)
            home.append(hs - as_)
    ss = sum(sum((m - statistics.fmean(v)) ** 2 for m in v) for v in per.values())
    dof = sum(len(v) - 1 for v in per.values())
    return {"within_team": math.sqrt(ss / dof), "home_margin_sd": statistics.stdev(home),
            "home_margin_mean": statistics.fmean(home), "games": len(home)}


def analyse(out: Path, scratch: Path | None, training: set[int], seasons: list[int] | None = None) -> dict[str, Any]:
    rows: dict[int, dict[str, Any]] = {}
    teams_of: dict[int, list[dict[str, Any]]] = {}
    for p in sorted(out.glob("points-*-4x4.json")):
        parts = p.stem.split("-")
        if len(parts) != 3 or not parts[1].isdigit():
            continue  # the -own- builds and other sizes are not this comparison
        year = int(parts[1])
        if seasons is not None and year not in seasons:
            continue
        teams = json.loads(p.read_text(encoding="utf-8"))["teams"]
        teams_of[year] = teams
        f = season_figures(teams)
        f["role"] = "training" if year in training else "held out"
        db = scratch / f"h{year}-blind.sqlite3" if scratch is not None else None
        if db is not None and db.exists():
            f["margin_sd"] = margin_sd(db)
        rows[year] = f
    train = [rows[y]["real_pace"] / rows[y]["sim_pace"] for y in rows if y in training]
    base = statistics.fmean(train) if train else math.nan
    train_sim = [rows[y]["wins_per_net"]["sim"] for y in rows if y in training]
    base_sim = statistics.fmean(train_sim) if train_sim else math.nan
    for y, f in rows.items():
        k = (f["real_pace"] / f["sim_pace"]) / base
        f["pace_proposal"] = {"k": k, "mae": scaled_mae(teams_of[y], k)}
        k = base_sim / f["wins_per_net"]["sim"]
        f["sim_side_proposal"] = {"k": k, "mae": scaled_mae(teams_of[y], k)}
        # the MAE with the simulated spread scaled to the real one (reads the real wins: a bound, not a method)
        f["mae_sd_matched"] = scaled_mae(teams_of[y], 1 / f["wins_sd"]["ratio"])
    held = [f for y, f in rows.items() if y not in training]
    pooled = {
        "seasons": len(rows), "held_out": len(held), "training_pace_ratio": base,
        "compressed_seasons": sum(f["wins_sd"]["ratio"] < 1 for f in held),
        "median": {k: statistics.median(v(f) for f in held) for k, v in (
            ("wins_sd_ratio", lambda f: f["wins_sd"]["ratio"]), ("net_spread", lambda f: f["factors"]["net_spread"]),
            ("mapping", lambda f: f["factors"]["mapping"]), ("fit", lambda f: f["factors"]["fit"]),
            ("wins_per_ppg_real", lambda f: f["wins_per_ppg"]["real"]), ("wins_per_ppg_sim", lambda f: f["wins_per_ppg"]["sim"]))}
        if held else {},
        "held_out_real_wins_per_net_above_training": sum(f["wins_per_net"]["real"] > TRAINING_REAL_WINS_PER_NET
                                                          for f in held),
        "median_part_rms": {k: statistics.median(f["error_parts"][k]["rms"] for f in held)
                            for k in ("sim_noise", "fit_miss", "mapping", "luck")} if held else {},
        "median_mae_without": {k: statistics.median(f["error_parts"][k]["mae_without"] for f in held)
                               for k in ("sim_noise", "fit_miss", "mapping", "luck")} if held else {},
        "median_mae": statistics.median(f["mae"] for f in held) if held else None,
        "median_r_real_wins_real_net": statistics.median(f["r"]["real_wins_real_net"] for f in held) if held else None,
        "median_r_real_wins_real_ppg": statistics.median(f["r"]["real_wins_real_ppg"] for f in held) if held else None,
        "largest_ppg_net_r_difference": max((abs(f["r"]["real_wins_real_ppg"] - f["r"]["real_wins_real_net"])
                                             for f in held), default=None),
        "median_mae_sd_matched": statistics.median(f["mae_sd_matched"] for f in held) if held else None,
        "median_mae_pace_proposal": statistics.median(f["pace_proposal"]["mae"] for f in held) if held else None,
        "median_mae_sim_side_proposal": statistics.median(f["sim_side_proposal"]["mae"] for f in held) if held else None,
        "r_mapping_vs_pace_ratio": corr([f["factors"]["mapping"] for f in held],
                                        [f["real_pace"] / f["sim_pace"] for f in held]) if len(held) > 2 else None,
        "r_wins_sd_ratio_vs_pace_ratio": corr([f["wins_sd"]["ratio"] for f in held],
                                              [f["real_pace"] / f["sim_pace"] for f in held]) if len(held) > 2 else None,
    }
    return {"seasons": {str(y): rows[y] for y in sorted(rows)}, "pooled": pooled}


def _label(y: int) -> str:
    return f"{y - 1}-{str(y)[2:]}"


def table(result: dict[str, Any]) -> str:
    lines = ["| season | role | wins per ppg real / sim | implied margin sd real / sim | margin sd in the replays | "
             "wins per net point real / sim | net sd sim / real | sd of wins sim / real | net spread x mapping x fit | "
             "r: real wins~net, sim net~real net, sim wins~net; chain / observed | MAE; pace k, MAE with k | "
             "MAE without: luck, mapping, fit miss |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for y, f in result["seasons"].items():
        m = f.get("margin_sd")
        r, fa, ep = f["r"], f["factors"], f["error_parts"]
        lines.append(
            f"| {_label(int(y))} | {f['role']} | {f['wins_per_ppg']['real']:.2f} / {f['wins_per_ppg']['sim']:.2f} | "
            f"{f['implied_margin_sd']['real']:.1f} / {f['implied_margin_sd']['sim']:.1f} | "
            f"{'' if m is None else format(m['within_team'], '.1f')} | "
            f"{f['wins_per_net']['real']:.2f} / {f['wins_per_net']['sim']:.2f} | {f['net_sd_ratio']:.2f} | "
            f"{f['wins_sd']['sim']:.1f} / {f['wins_sd']['real']:.1f} = {f['wins_sd']['ratio']:.2f} | "
            f"{fa['net_spread']:.2f} x {fa['mapping']:.2f} x {fa['fit']:.2f} | "
            f"{r['real_wins_real_net']:.3f}, {r['sim_net_real_net']:.3f}, {r['sim_wins_sim_net']:.3f}; "
            f"{r['chain']:.3f} / {r['sim_wins_real_wins']:.3f} | {f['mae']:.2f}; {f['pace_proposal']['k']:.3f}, "
            f"{f['pace_proposal']['mae']:.2f} | {ep['luck']['mae_without']:.2f}, {ep['mapping']['mae_without']:.2f}, "
            f"{ep['fit_miss']['mae_without']:.2f} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT, help="the folder of the points-YYYY-4x4.json files")
    ap.add_argument("--scratch", type=Path, default=None, help="the driver's scratch (hYYYY-blind.sqlite3)")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    from coachgym.core.nbaseasons import parse_season
    from coachgym.rules.statispro.builder import calibration

    training = {parse_season(s) for s in calibration()["season_context"]["team_terms"]["training_seasons"]}
    result = analyse(args.out, args.scratch, training)
    print(table(result), end="")
    print(json.dumps(result["pooled"], indent=1))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
