"""Box scores: per-player and per-team statistics, whatever a ruleset tracks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Columns a player carries for his time on the court, counted once for each of the five on the
# court: a team's figure is the players' sum / 5 (Value Add's POSS). Shown that way in summaries
# and exports; ``totals`` keeps the plain sum (what calibration tools divide themselves).
ON_COURT_PER_POSSESSION = ("POSS",)


@dataclass
class PlayerLine:
    name: str
    stats: dict[str, int]


@dataclass
class TeamBox:
    name: str
    score: int
    players: list[PlayerLine]
    team: dict[str, int] = field(default_factory=dict)  # team-only figures (team turnovers, ...)

    def totals(self, columns: list[str]) -> dict[str, int]:
        out = {c: sum(p.stats.get(c, 0) for p in self.players) for c in columns}
        for k, v in self.team.items():
            out[k] = out.get(k, 0) + v
        return out


@dataclass
class BoxScore:
    """``teams[0]`` is the home team, ``teams[1]`` the away team."""

    ruleset: str
    columns: list[str]
    teams: list[TeamBox]

    def totals(self, side: int) -> dict[str, int]:
        t = self.teams[side]
        out = t.totals(self.columns)
        out["score"] = t.score
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "columns": list(self.columns),
            "teams": [
                {
                    "name": t.name,
                    "score": t.score,
                    "players": [{"name": p.name, **p.stats} for p in t.players],
                    "team": dict(t.team),
                    "totals": self.totals(i),
                }
                for i, t in enumerate(self.teams)
            ],
        }

    def render(self) -> str:
        lines = []
        width = max([len(p.name) for t in self.teams for p in t.players] + [10]) + 1
        header = "".join(f"{c:>5}" for c in self.columns)
        for i, t in enumerate(self.teams):
            lines.append(f"{t.name} ({'home' if i == 0 else 'away'}) {t.score}")
            lines.append(f"{'':<{width}}{header}")
            for p in t.players:
                if not any(p.stats.values()):
                    continue
                lines.append(f"{p.name:<{width}}" + "".join(f"{p.stats.get(c, 0):>5}" for c in self.columns))
            tot = t.totals(self.columns)
            for c in ON_COURT_PER_POSSESSION:  # the team's figure, not five players' counts added up
                if c in tot:
                    tot[c] = round(tot[c] / 5)
            lines.append(f"{'TOTAL':<{width}}" + "".join(f"{tot.get(c, 0):>5}" for c in self.columns))
            extra = ", ".join(f"{k} {v}" for k, v in t.team.items() if v)
            if extra:
                lines.append(f"{'':<{width}}team: {extra}")
            lines.append("")
        return "\n".join(lines)
