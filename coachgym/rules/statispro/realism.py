"""Statis Pro's statistics compared with real seasons (``coachgym realism``, docs/realism.md; the real
figures in evaluation/data/real_seasons.json), registered as the ``realism`` part."""

from __future__ import annotations

from ...core.boxstats import StatList, basketball

# the box score's columns of each statistic
COLUMNS = {"PTS": ("PTS",), "FGM": ("FGM",), "FGA": ("FGA",), "3PM": ("3PM",), "3PA": ("3PA",), "FTM": ("FTM",),
           "FTA": ("FTA",), "ORB": ("OREB",), "DRB": ("DREB",), "AST": ("AST",), "STL": ("STL",), "BLK": ("BLK",),
           "TOV": ("TO", "TEAM_TO"), "PF": ("PF",)}
STATS = StatList(basketball(COLUMNS))
