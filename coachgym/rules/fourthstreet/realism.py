"""4th Street's statistics compared with real seasons (``coachgym realism``, docs/realism.md; the real
figures in evaluation/data/real_seasons.json), registered as the ``realism`` part."""

from __future__ import annotations

from ...core.boxstats import StatList, basketball

# the box score's columns of each statistic
COLUMNS = {"PTS": ("pts",), "FGM": ("fgm",), "FGA": ("fga",), "3PM": ("tpm",), "3PA": ("tpa",), "FTM": ("ftm",),
           "FTA": ("fta",), "ORB": ("orb",), "DRB": ("drb",), "AST": ("ast",), "STL": ("stl",), "BLK": ("blk",),
           "TOV": ("tov",), "PF": ("pf",)}
STATS = StatList(basketball(COLUMNS))
