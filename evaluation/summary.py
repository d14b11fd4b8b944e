"""Averages over many games: win rates with confidence intervals and average box scores."""

from __future__ import annotations

from ..core.boxscore import ON_COURT_PER_POSSESSION
from ..core.match import MatchResult


def average_team_lines(result: MatchResult) -> dict[str, dict[str, float]]:
    """Average team totals per game, keyed by coach A / coach B and by the pooled 'per team'."""
    avg = result.average_box()
    pooled: dict[str, float] = {}
    for who in ("A", "B"):
        for k, v in avg[who].items():
            pooled[k] = pooled.get(k, 0.0) + v / 2
    return {"A": avg["A"], "B": avg["B"], "per team": pooled}




def render_averages(result: MatchResult, columns: list[str]) -> str:
    lines = average_team_lines(result)
    cols = [c for c in ["score", *columns] if c in lines["per team"]]
    labels = [("A", result.coach_a), ("B", result.coach_b), ("per team", "per team (pooled)")]
    width = max(len(label) for _, label in labels) + 2  # coach names in full (by-the-book:key=value,...)
    header = f"{'':<{width}}" + "".join(f"{c:>7}" for c in cols)
    out = [header]
    for who, label in labels:
        row = lines[who]
        out.append(f"{label:<{width}}" + "".join(
            f"{row.get(c, 0) / (5 if c in ON_COURT_PER_POSSESSION else 1):>7.1f}" for c in cols))
    pooled = lines["per team"]
    if pooled.get("FGA"):
        pct = []
        for made, att, name in (("FGM", "FGA", "FG%"), ("3PM", "3PA", "3P%"), ("FTM", "FTA", "FT%")):
            if pooled.get(att):
                pct.append(f"{name} {100 * pooled[made] / pooled[att]:.1f}")
        out.append("shooting (pooled): " + ", ".join(pct))
    shown = [c for c in cols if c in ON_COURT_PER_POSSESSION]
    if shown:
        out.append(f"{', '.join(shown)}: the team's possessions (each player's count, summed over the five on the court, / 5)")
    return "\n".join(out)
