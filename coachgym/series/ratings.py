"""Coach ratings: a round robin among any coach specs on paired seeds with benches swapped, then a
Bradley-Terry fit with a home-court term and 95% intervals, on the Elo scale.

The model: the home coach ``i`` scores against the away coach ``j`` with probability

    P(i beats j at home) = 1 / (1 + exp(-(r_i - r_j + h)))

where ``r`` are the coaches' strengths and ``h`` the home court. A draw counts half a win for each
side (the game's score 0.5 enters the likelihood as half a win and half a loss), as fishtest and
OpenSpiel's Elo tools do; basketball games have no draws. The fit maximises the log-likelihood with
SciPy's optimiser (L-BFGS-B, analytic gradient) under a weak normal prior on the strengths (sd 3 in
logit units, about 520 Elo: it only keeps a coach that won or lost every game finite). Strengths sum
to zero; the 95% intervals come from the cluster-robust covariance clustered by seed (the inverse
of the observed information as the bread: every pairing plays the same seeds, see :func:`fit`), so
an interval for a coach relative to the field (or to an ``anchor`` coach) accounts for the others'
uncertainty. Elo = 400 / ln(10) * logit strength. With draws counted half the binomial
variance overstates the noise a little (draws are less variable than a coin), so FUBA's intervals
are slightly conservative.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import Sequence

from .. import rulesets
from ..core.engine import AWAY, HOME
from ..core.runner import Backend, InlineBackend, coach_label, make_coach, merge, series_chunks

ELO = 400 / math.log(10)
Z95 = 1.959963984540054


@dataclass
class Fit:
    """A Bradley-Terry fit: logit strengths (summing to zero), the home term and their covariance."""

    names: list[str]
    strength: list[float]
    home: float
    cov: list[list[float]]  # (k+1) x (k+1): strengths then the home term
    games: int
    loglik: float
    intervals: str = "model"  # "model" (inverse information) or "clustered by seed (N seeds)"

    def elo(self, anchor: str | None = None) -> list[dict]:
        """Each coach's Elo with its 95% interval, relative to the field's mean (or to ``anchor``, 0)."""
        a = self.names.index(anchor) if anchor is not None else None
        rows = []
        for i, name in enumerate(self.names):
            if a is None:
                value, var = self.strength[i], self.cov[i][i]
            else:
                value = self.strength[i] - self.strength[a]
                var = self.cov[i][i] + self.cov[a][a] - 2 * self.cov[i][a]
            half = Z95 * math.sqrt(max(var, 0.0))
            rows.append({"coach": name, "elo": ELO * value, "lo": ELO * (value - half), "hi": ELO * (value + half),
                         "se": ELO * math.sqrt(max(var, 0.0))})
        rows.sort(key=lambda r: -r["elo"])
        return rows

    def home_elo(self) -> dict:
        k = len(self.names)
        se = math.sqrt(max(self.cov[k][k], 0.0))
        return {"elo": ELO * self.home, "lo": ELO * (self.home - Z95 * se), "hi": ELO * (self.home + Z95 * se),
                "se": ELO * se}

    def to_dict(self) -> dict:
        return {"names": self.names, "strength": self.strength, "home": self.home, "cov": self.cov,
                "games": self.games, "loglik": self.loglik, "intervals": self.intervals,
                "model": "Bradley-Terry with a home term; draws count half"}


def fit(names: Sequence[str], records: Sequence[tuple[int, int, float, float]], prior_sd: float = 3.0,
        clusters: Sequence[tuple[int, int, float, object]] | None = None) -> Fit:
    """Fit strengths and the home term. ``records``: (home coach index, away coach index, games,
    home coach's score in those games: wins + half the draws).

    ``clusters``, optional: the same games one by one as (home index, away index, home score, key),
    the key naming games that share their chance (a round robin plays every pairing on the same
    seeds). The intervals then come from the cluster-robust ("sandwich") covariance, with the
    small-sample factor C / (C - 1) for C keys: games on one seed are not independent evidence of
    the home court (a seed whose dice favour the home side does so in every pairing), and the
    inverse information alone would make that interval several times too narrow."""
    import numpy as np
    from scipy.optimize import minimize

    k = len(names)
    if k < 2:
        raise ValueError("a rating needs at least two coaches")
    h_idx = np.array([r[0] for r in records], dtype=int)
    a_idx = np.array([r[1] for r in records], dtype=int)
    n = np.array([r[2] for r in records], dtype=float)
    s = np.array([r[3] for r in records], dtype=float)
    lam = 1.0 / prior_sd ** 2
    # free parameters: r_0 .. r_{k-2} and h; r_{k-1} = -sum(r_0 .. r_{k-2}) (strengths sum to zero)
    J = np.zeros((k + 1, k))
    J[:k - 1, :k - 1] = np.eye(k - 1)
    J[k - 1, :k - 1] = -1.0
    J[k, k - 1] = 1.0

    def unpack(theta):
        full = J @ theta
        return full[:k], full[k]

    def nll(theta):
        r, h = unpack(theta)
        x = r[h_idx] - r[a_idx] + h
        # log p = -log(1 + e^-x), log(1 - p) = -log(1 + e^x)
        ll = -(s * np.logaddexp(0, -x) + (n - s) * np.logaddexp(0, x)).sum()
        p = 1 / (1 + np.exp(-x))
        resid = s - n * p  # d ll / d x
        g_full = np.zeros(k + 1)
        np.add.at(g_full, h_idx, resid)
        np.add.at(g_full, a_idx, -resid)
        g_full[k] = resid.sum()
        g_full[:k] -= lam * r  # prior
        value = -(ll - 0.5 * lam * (r ** 2).sum())
        return value, -(J.T @ g_full)

    res = minimize(nll, np.zeros(k), jac=True, method="L-BFGS-B")
    if not res.success:  # pragma: no cover - a well-posed likelihood converges
        raise RuntimeError(f"Bradley-Terry fit did not converge: {res.message}")
    r, h = unpack(res.x)
    # observed information (= expected here: logistic) in the full parameters, then in the free ones
    x = r[h_idx] - r[a_idx] + h
    w = n / (1 + np.exp(-x)) / (1 + np.exp(x))
    design = np.zeros((len(records), k + 1))  # d x / d (r, h) for each record
    rows = np.arange(len(records))
    np.add.at(design, (rows, h_idx), 1.0)
    np.add.at(design, (rows, a_idx), -1.0)
    design[:, k] = 1.0
    info = design.T @ (w[:, None] * design)
    info[:k, :k] += lam * np.eye(k)
    cov_free = np.linalg.inv(J.T @ info @ J)
    kind = "model"
    if clusters:
        gh = np.array([c[0] for c in clusters], dtype=int)
        ga = np.array([c[1] for c in clusters], dtype=int)
        gs = np.array([c[2] for c in clusters], dtype=float)
        keys: dict = {}
        gk = np.array([keys.setdefault(c[3], len(keys)) for c in clusters], dtype=int)
        gx = r[gh] - r[ga] + h
        resid = gs - 1 / (1 + np.exp(-gx))  # each game's d loglik / d x
        rows_g = np.arange(len(clusters))
        scores = np.zeros((len(clusters), k + 1))
        np.add.at(scores, (rows_g, gh), resid)
        np.add.at(scores, (rows_g, ga), -resid)
        scores[:, k] = resid
        per_key = np.zeros((len(keys), k + 1))
        np.add.at(per_key, gk, scores)
        n_keys = len(keys)
        meat = (J.T @ per_key.T) @ (per_key @ J) * (n_keys / max(1, n_keys - 1))
        cov_free = cov_free @ meat @ cov_free
        kind = f"clustered by seed ({n_keys} seeds)"
    cov = J @ cov_free @ J.T
    return Fit(list(names), [float(v) for v in r], float(h), cov.tolist(), int(n.sum()), float(-res.fun), kind)


# ------------------------------------------------------------------------------------ the round robin
@dataclass
class RatingRun:
    ruleset: str
    coaches: list[str]
    games_per_pairing: int
    seed: int
    teams: list[tuple[str, str]]
    options: dict
    games: list[dict] = field(default_factory=list)  # home_coach, away_coach, home_team, away_team, seed, ...
    fit: Fit | None = None
    name: str = ""
    seconds: float = 0.0

    def records(self) -> list[tuple[int, int, float, float]]:
        idx = {c: i for i, c in enumerate(self.coaches)}
        agg: dict[tuple[int, int], list[float]] = {}
        for g in self.games:
            key = (idx[g["home_coach"]], idx[g["away_coach"]])
            a = agg.setdefault(key, [0.0, 0.0])
            a[0] += 1
            a[1] += 1.0 if g["home_score"] > g["away_score"] else 0.5 if g["home_score"] == g["away_score"] else 0.0
        return [(h, a, v[0], v[1]) for (h, a), v in sorted(agg.items())]

    def clusters(self) -> list[tuple[int, int, float, int]]:
        """Every game as (home index, away index, home score, seed): the seeds the pairings share."""
        idx = {c: i for i, c in enumerate(self.coaches)}
        return [(idx[g["home_coach"]], idx[g["away_coach"]],
                 1.0 if g["home_score"] > g["away_score"] else 0.5 if g["home_score"] == g["away_score"] else 0.0,
                 g["seed"]) for g in self.games]

    def pair_table(self) -> dict[tuple[str, str], dict]:
        """Row coach against column coach: games, wins, draws, losses, score rate and mean margin."""
        out: dict[tuple[str, str], dict] = {}
        for g in self.games:
            for me, other, mine, theirs in ((g["home_coach"], g["away_coach"], g["home_score"], g["away_score"]),
                                            (g["away_coach"], g["home_coach"], g["away_score"], g["home_score"])):
                t = out.setdefault((me, other), {"games": 0, "w": 0, "d": 0, "l": 0, "margin": 0})
                t["games"] += 1
                t["w" if mine > theirs else "d" if mine == theirs else "l"] += 1
                t["margin"] += mine - theirs
        for t in out.values():
            t["rate"] = (t["w"] + 0.5 * t["d"]) / t["games"]
            t["mean_margin"] = t["margin"] / t["games"]
        return out


def play_round_robin(ruleset: str, coaches: Sequence[str], games: int, *, seed: int = 0,
                     teams: Sequence[tuple[str, str]] | None = None, options: dict | None = None,
                     backend: Backend | None = None, progress: bool = False, prior_sd: float = 3.0) -> RatingRun:
    """Every pair of ``coaches`` plays ``games`` games (whole pairs: same seed, benches swapped) with
    the ``teams`` pairs cycled (default: each bundled team against itself, a mirror match), all on
    the same seeds (common random numbers across pairings); then the fit."""
    rs = rulesets.get(ruleset)
    coaches = list(coaches)
    if len(set(coaches)) != len(coaches):
        raise ValueError("each coach may be rated once: " + ", ".join(c for c in coaches if coaches.count(c) > 1))
    for c in coaches:
        make_coach(rs, c, None)  # an unknown coach fails before any game
    games += games % 2
    pairs = [tuple(p) for p in teams] if teams else [(t, t) for t in rs.team_names()]
    run = RatingRun(rs.name, [coach_label(c) for c in coaches], games, seed, pairs, dict(options or {}))
    own = backend is None
    backend = backend or InlineBackend()
    t0 = time.perf_counter()
    try:
        plan = [(a, b) for i, a in enumerate(coaches) for b in coaches[i + 1:]]
        per = [series_chunks(rs.name, a, b, games, seed=seed, teams=pairs, options=options,
                             chunk=max(2, min(200, games // 4))) for a, b in plan]
        flat = [t for tasks in per for t in tasks]
        results = backend.map(flat, progress=progress, desc=f"{rs.name} ratings: {len(plan)} pairings")
    finally:
        if own:
            backend.close()
    run.seconds = time.perf_counter() - t0
    at = 0
    for (a, b), tasks in zip(plan, per):
        m = merge(results[at:at + len(tasks)])
        at += len(tasks)
        for g in m.games:
            home, away = (a, b) if g.a_side == HOME else (b, a)
            run.games.append({"home_coach": coach_label(home), "away_coach": coach_label(away),
                              "home_team": g.home_team, "away_team": g.away_team, "seed": g.seed,
                              "coach_seed": g.seed + 7919 * (g.a_side == AWAY),
                              "home_score": g.home_score, "away_score": g.away_score})
    run.fit = fit(run.coaches, run.records(), prior_sd, clusters=run.clusters())
    return run


# ------------------------------------------------------------------------------------ store
def save(store, run: RatingRun, name: str | None = None) -> int:
    run.name = name or f"{run.ruleset} {time.strftime('%Y-%m-%d %H:%M:%S')}"
    settings = {"coaches": run.coaches, "games_per_pairing": run.games_per_pairing, "seed": run.seed,
                "teams": run.teams, "seconds": run.seconds}
    with store.transaction() as cur:
        cur.execute("INSERT INTO rating_runs (name, ruleset, engine_version, options, settings, fit, created) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (run.name, run.ruleset, rulesets.get(run.ruleset).version, json.dumps(run.options),
                     json.dumps(settings), json.dumps(run.fit.to_dict()), time.time()))
        rid = cur.lastrowid
        cur.executemany("INSERT INTO rating_games (run, home_coach, away_coach, home_team, away_team, seed, coach_seed, "
                        "home_score, away_score) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [(rid, g["home_coach"], g["away_coach"], g["home_team"], g["away_team"], g["seed"],
                          g["coach_seed"], g["home_score"], g["away_score"]) for g in run.games])
    return rid


def load(store, run_id: int) -> RatingRun:
    rows = store.query("SELECT * FROM rating_runs WHERE id = ?", (run_id,))
    if not rows:
        from .competition import CompetitionError

        raise CompetitionError(f"{store.path}: no ratings run {run_id}")
    r = rows[0]
    s = json.loads(r["settings"])
    f = json.loads(r["fit"])
    run = RatingRun(r["ruleset"], s["coaches"], s["games_per_pairing"], s["seed"], [tuple(t) for t in s["teams"]],
                    json.loads(r["options"]), name=r["name"], seconds=s.get("seconds", 0.0))
    run.fit = Fit(f["names"], f["strength"], f["home"], f["cov"], f["games"], f["loglik"], f.get("intervals", "model"))
    run.games = [dict(g) for g in store.query("SELECT * FROM rating_games WHERE run = ?", (run_id,))]
    return run


def runs(store) -> list[dict]:
    return [{"id": r["id"], "name": r["name"], "ruleset": r["ruleset"], "coaches": json.loads(r["settings"])["coaches"],
             "created": r["created"]} for r in store.query("SELECT * FROM rating_runs ORDER BY id")]


# ------------------------------------------------------------------------------------ reports
def short(spec: str) -> str:
    """A coach spec as a table shows it: a file given by path by its file name
    (``strategy:coachgym/strategy/examples/press.yaml`` -> ``strategy:press.yaml``)."""
    kind, sep, rest = spec.rpartition(":") if spec.endswith((".yaml", ".yml", ".npz", ".zip")) else ("", "", spec)
    if "/" in rest:
        rest = rest.rsplit("/", 1)[1]
    return f"{kind}{sep}{rest}"


def render(run: RatingRun, anchor: str | None = None) -> str:
    f = run.fit
    rows = [{**r, "coach": short(r["coach"]), "spec": r["coach"]} for r in f.elo(anchor)]
    table = run.pair_table()
    games_of = {c: sum(t["games"] for (me, _), t in table.items() if me == c) for c in run.coaches}
    score_of = {c: sum(t["w"] + 0.5 * t["d"] for (me, _), t in table.items() if me == c) for c in run.coaches}
    ref = f"relative to {anchor}" if anchor else "relative to the field's mean"
    w = max(len(short(c)) for c in run.coaches)
    lines = [f"{rulesets.entry(run.ruleset).title}: {len(run.coaches)} coaches, {run.games_per_pairing} games per "
             f"pairing ({len(run.games)} games), Bradley-Terry with a home term, Elo {ref}, 95% intervals"
             + (f" ({f.intervals})" if f.intervals != "model" else ""),
             "",
             f"{'#':>2}  {'coach':<{w}}  {'Elo':>6}  {'95% interval':>16}  {'games':>6}  {'score':>6}",
             "-" * (w + 46)]
    for i, r in enumerate(rows):
        c = r["spec"]
        lines.append(f"{i + 1:>2}  {r['coach']:<{w}}  {r['elo']:>+6.0f}  {r['lo']:>+7.0f} to {r['hi']:>+5.0f}  "
                     f"{games_of[c]:>6}  {score_of[c] / max(1, games_of[c]):>6.3f}")
    he = f.home_elo()
    lines += ["", f"home court: {he['elo']:+.0f} Elo (95% interval {he['lo']:+.0f} to {he['hi']:+.0f})", "",
              "score rate of the row coach against the column coach (draws count half; columns by the "
              "coaches' # above):"]
    order = [r["spec"] for r in rows]
    names = [r["coach"] for r in rows]
    cw = 8  # whole coach specs as row labels, the columns by number: nothing is cut
    lines.append(f"{'':>2}  {'':<{w}}  " + "".join(f"{'#' + str(i + 1):>{cw}}" for i in range(len(names))))
    for i, (a, name) in enumerate(zip(order, names)):
        cells = []
        for b in order:
            t = table.get((a, b))
            cells.append(f"{'-':>{cw}}" if t is None else f"{t['rate']:>{cw}.3f}")
        lines.append(f"{i + 1:>2}  {name:<{w}}  " + "".join(cells))
    return "\n".join(lines)


def to_markdown(run: RatingRun, anchor: str | None = None) -> str:
    rows = run.fit.elo(anchor)
    table = run.pair_table()
    out = ["| # | coach | Elo | 95% interval | score rate |", "| --- | --- | --- | --- | --- |"]
    for i, r in enumerate(rows):
        c = r["coach"]
        g = sum(t["games"] for (me, _), t in table.items() if me == c)
        sc = sum(t["w"] + 0.5 * t["d"] for (me, _), t in table.items() if me == c)
        out.append(f"| {i + 1} | {short(c)} | {r['elo']:+.0f} | {r['lo']:+.0f} to {r['hi']:+.0f} | {sc / max(1, g):.3f} |")
    he = run.fit.home_elo()
    out.append(f"| | home court | {he['elo']:+.0f} | {he['lo']:+.0f} to {he['hi']:+.0f} | |")
    return "\n".join(out)


def plot(run: RatingRun, path, anchor: str | None = None) -> None:
    """Elo with 95% intervals, best at the top, the home term as a grey bar."""
    from pathlib import Path

    from ..present.plots import _pyplot

    plt = _pyplot()
    rows = run.fit.elo(anchor)
    he = run.fit.home_elo()
    labels = [short(r["coach"]) for r in rows] + ["(home court)"]
    vals = [r["elo"] for r in rows] + [he["elo"]]
    err = [[v - lo for v, lo in zip(vals, [r["lo"] for r in rows] + [he["lo"]])],
           [hi - v for v, hi in zip(vals, [r["hi"] for r in rows] + [he["hi"]])]]
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(labels) + 1.4))
    ys = list(range(len(labels)))
    k = len(rows)
    ax.errorbar(vals[:k], ys[:k], xerr=[e[:k] for e in err], fmt="o", color="tab:blue", ecolor="tab:gray", capsize=4)
    ax.errorbar(vals[k:], ys[k:], xerr=[e[k:] for e in err], fmt="s", color="tab:gray", ecolor="tab:gray", capsize=4)
    ax.axvline(0, color="black", lw=0.8, ls="--")
    ax.set_yticks(ys)
    ax.set_yticklabels(labels, fontsize=9)
    ax.invert_yaxis()
    ax.set_xlabel(f"Elo ({'relative to ' + anchor if anchor else 'field mean = 0'}), 95% interval")
    ax.set_title(f"{rulesets.entry(run.ruleset).title}: {run.games_per_pairing} games per pairing, "
                 f"{len(run.games)} games")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(Path(path), dpi=110)
    plt.close(fig)


def simulate_results(strengths: Sequence[float], home: float, games_per_ordered_pair: int, seed: int = 0,
                     draw_rate: float = 0.0) -> list[tuple[int, int, float, float]]:
    """Synthetic records from known strengths (for testing the fit): every ordered pair plays
    ``games_per_ordered_pair`` games; a share ``draw_rate`` of them are draws."""
    import numpy as np

    rng = np.random.default_rng(seed)
    out = []
    k = len(strengths)
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            p = 1 / (1 + math.exp(-(strengths[i] - strengths[j] + home)))
            n = games_per_ordered_pair
            draws = rng.binomial(n, draw_rate) if draw_rate else 0
            # the decisive games are won with q such that the expected score stays p (a draw = half)
            q = min(1.0, max(0.0, (p - draw_rate / 2) / (1 - draw_rate))) if draw_rate else p
            wins = rng.binomial(n - draws, q)
            out.append((i, j, float(n), wins + 0.5 * draws))
    return out
