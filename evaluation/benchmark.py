"""Coach-strength benchmark: win rates with 95% intervals and mean margins, per ruleset and pairing.

Mirror matches put the same team at both ends (so only coaching differs); cross-team matches pair
different bundled teams. Games come in pairs sharing a seed with the coaches swapping benches.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import rulesets
from ..core.match import run_match

DEFAULT_PAIRINGS = (("trained", "random"), ("trained", "by-the-book"), ("by-the-book", "random"))


def benchmark_ruleset(name: str, games: int, seed: int = 0, pairings=DEFAULT_PAIRINGS, progress: bool = True,
                      model: str | None = None) -> list[dict]:
    rs = rulesets.get(name)
    team_names = rs.team_names()
    mirror = [(rs.load_team(t), rs.load_team(t)) for t in team_names]
    cross = [(rs.load_team(h), rs.load_team(a)) for h in team_names for a in team_names if h != a]
    rows = []
    for a_name, b_name in pairings:
        try:
            a = rs.coach(model if (a_name == "trained" and model) else a_name, seed=seed + 1)
            b = rs.coach(b_name, seed=seed + 2)
        except Exception as exc:  # e.g. no trained model shipped for this ruleset
            rows.append({"ruleset": rs.name, "coach_a": a_name, "coach_b": b_name, "kind": "-", "error": str(exc)})
            continue
        for kind, teams in (("mirror", mirror), ("cross-team", cross)):
            def new_game(h, w, seed, record_events=False):
                return rs.new_game(h, w, seed=seed, record_events=record_events)

            r = run_match(new_game, a, b, games=games, seed=seed, teams=teams, keep_box=False, progress=progress,
                          desc=f"{rs.name} {a_name} vs {b_name} ({kind})")
            lo, hi = r.a_win_interval()
            mlo, mhi = r.margin_interval()
            rows.append({"ruleset": rs.name, "coach_a": a_name, "coach_b": b_name, "kind": kind, "games": r.n,
                         "a_wins": r.a_wins, "b_wins": r.b_wins, "draws": r.draws, "win_rate": r.a_score_rate,
                         "ci95": [lo, hi], "mean_margin": r.mean_margin, "margin_ci95": [mlo, mhi]})
    return rows


def to_markdown(rows: list[dict]) -> str:
    out = ["| ruleset | coach A | coach B | matches | games | A win rate (95% CI) | mean margin (95% CI) |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['ruleset']} | {r['coach_a']} | {r['coach_b']} | - | - | not run: {r['error']} | - |")
            continue
        out.append(f"| {r['ruleset']} | {r['coach_a']} | {r['coach_b']} | {r['kind']} | {r['games']} | "
                   f"{r['win_rate']:.3f} ({r['ci95'][0]:.3f}-{r['ci95'][1]:.3f}) | "
                   f"{r['mean_margin']:+.2f} ({r['margin_ci95'][0]:+.2f} to {r['margin_ci95'][1]:+.2f}) |")
    return "\n".join(out)


def run(rulesets_names: list[str], games: int, out_dir: str | Path, seed: int = 0, progress: bool = True) -> list[dict]:
    rows: list[dict] = []
    for name in rulesets_names:
        rows += benchmark_ruleset(name, games, seed=seed, progress=progress)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / "benchmark.json").write_text(json.dumps(rows, indent=2))
    (out / "benchmark.md").write_text(to_markdown(rows) + "\n")
    return rows
