"""What changes during a Value Add game, per team: the statistics kept for each player (in
box-score order, "Tracking player stats (top of score sheet)") and :class:`TeamState` (the five on
the court and their defensive matchups, fouls, possessions played, points, the holders of the 6, 7
and 8)."""

from __future__ import annotations

from . import actions as A

POS = A.POSITIONS
# player statistics, in box-score order
STATS = ("POSS", "PTS", "FGM", "FGA", "3PM", "3PA", "FTM", "FTA", "OREB", "DREB", "STL", "BLK", "TO", "PF")
(POSS, PTS, FGM, FGA, TPM, TPA, FTM, FTA, OREB, DREB, STL, BLK, TOV, PF) = range(len(STATS))


class TeamState:
    """Everything that changes for one team during a game."""

    __slots__ = ("lineup", "guards", "avoiding", "three_mode", "fouls", "played", "stats", "points",
                 "team_turnovers", "fouled_out", "holders", "bonus20", "assist20")

    def __init__(self, n_players: int):
        self.lineup: list[int] = []
        self.guards: list[int] = [0, 1, 2, 3, 4]  # guards[defensive slot] = offensive slot he guards
        self.avoiding: list[bool] = [False] * n_players  # "avoid fouls" per player
        self.three_mode = False
        self.fouls = [0] * n_players
        self.played = [0] * n_players
        self.stats = [[0] * len(STATS) for _ in range(n_players)]
        self.points = 20
        self.team_turnovers = 0
        self.fouled_out = 0  # players who have reached the foul limit
        self.holders: list[int | None] = [None, None, None]  # slot holding 6, 7, 8
        self.bonus20: list[bool] = [False] * 5  # slot scores on a 20 ("20" for extra numbers)
        self.assist20 = False  # an "Assist 20" card is on the court

    def to_dict(self) -> dict:
        return {k: getattr(self, k) for k in ("lineup", "guards", "avoiding", "three_mode", "fouls", "played",
                                              "stats", "points", "team_turnovers", "fouled_out")}

    @classmethod
    def from_dict(cls, d: dict) -> "TeamState":
        ts = cls(len(d["fouls"]))
        for k, v in d.items():
            setattr(ts, k, v)
        return ts
