"""Value Add's statistics compared with real seasons (``coachgym realism``, docs/realism.md; the real
figures in evaluation/data/real_seasons.json), registered as the ``realism`` part."""

from __future__ import annotations

from ...core.boxstats import StatList, basketball

# the box score's columns of each statistic
COLUMNS = {"PTS": ("PTS",), "FGM": ("FGM",), "FGA": ("FGA",), "3PM": ("3PM",), "3PA": ("3PA",), "FTM": ("FTM",),
           "FTA": ("FTA",), "ORB": ("OREB",), "DRB": ("DREB",), "STL": ("STL",), "BLK": ("BLK",), "TOV": ("TO",),
           "PF": ("PF",)}
# Value Add credits the first 22 of a game's 66 possessions as "assumed" figures on the scoresheet
# (20 points, rebounds as defensive rebounds, a steal per guard, a foul for everyone:
# docs/rules/value-add-basketball.md section 2) with no shots: the shooting, offensive-rebound,
# block and turnover counts cover the 44 played possessions and are scaled by 66/44 to a whole
# game; points, defensive rebounds, steals and fouls are the box score's (assumed part included).
# Defensive rebounds and the offensive rebound share are left out (the assumed rebounds, a whole
# game's worth of the first 22 possessions, are all credited as defensive); total rebounds stay.
PLAYED = 66 / 44
SCALE = {k: PLAYED for k in ("FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "ORB", "BLK", "TOV")}
STATS = StatList(basketball(COLUMNS, SCALE, " (44 played possessions x 66/44)", drop=("DRB", "ORB%")))
