"""The toy's league builder (``coachgym cards build``): a real season's player totals -> one team file
per team, its three shooters of most free-throw attempts, each rated ``ft`` = 20 x his FT% (a roll of
at most that on a 20-sided die makes the shot as often as he made his), clamped to 1-20."""

from __future__ import annotations

from typing import Any

from coachgym.core.statscsv import PlayerRow, rows_by_team

from .engine import ROSTER, SCHEMA


def league_teams(rows: list[PlayerRow], team_stats: Any, season: str, source: str, path: str,
                 notes: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Team -> its team file's data (a team with fewer than three free-throw shooters is left out, noted)."""
    out: dict[str, dict[str, Any]] = {}
    for team, members in sorted(rows_by_team(rows).items()):
        shooters = sorted((r for r in members if r.get("FTA") > 0), key=lambda r: (-r.get("FTA"), r.player))[:ROSTER]
        if len(shooters) < ROSTER:
            if notes is not None:
                notes.append(f"{team}: fewer than {ROSTER} players attempted a free throw; left out")
            continue
        players = [{"name": r.player, "ft": min(20, max(1, round(20 * r.get("FT") / r.get("FTA"))))} for r in shooters]
        out[team] = {"schema": SCHEMA, "name": team, "fictional": False, "season": season,
                     "source": f"{source} ({path})", "players": players}
    return out
