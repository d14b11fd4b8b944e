"""What changes for one team during a Statis Pro game: :class:`TeamState`, one per side
(``StatisProEngine.team_state``: home, away), typed and slotted. Its fields are the declared state's
``team=True`` fields (:data:`.saved.DECLARATION`, where each says what it holds), saved as before as
per-side lists (``"pts": [home, away]``), so every saved game loads as it did; a clone copies each
object field by field (:class:`coachgym.core.state.TeamRecords`). Per player: by roster index; a slot
is a position on the court (0-4, PG to C). A field "of the defending side" (``guard``,
``double_team``, ``three_point_defense``) is the team's own when it defends."""

from __future__ import annotations

from collections.abc import Sequence

from .constants import OK, STAT_NAMES


class TeamState:
    """Everything that changes for one team during a game: the declared ``team=True`` fields of
    :data:`.saved.DECLARATION`, under their saved names."""

    __slots__ = ("pts", "lineup", "guard", "stats", "team_reb", "team_tov", "poss", "team_fouls", "team_fouls_last2",
                 "timeouts_used", "timeouts20_used", "timeouts_q4", "timeouts_last2", "owed_timeout", "status",
                 "inj_until", "injured", "tired", "mandatory_rest", "rested", "played_rp", "three_point_offense",
                 "three_point_defense", "double_team", "illegal_def", "index", "index_start", "index_spent",
                 "play_call")

    pts: int  # points
    lineup: list[int]  # the roster index at each slot PG, SG, SF, PF, C
    guard: list[int]  # defending: the offensive slot each defender (by slot) guards (the PD cards, 3.2 / 6.6)
    stats: list[list[int]]  # per roster player: the box score line (constants.STAT_NAMES)
    team_reb: int  # Team Rebounds (10J)
    team_tov: int  # team turnovers
    poss: int  # possessions
    team_fouls: int  # Team Fouls this period (6.3; per half in NCAA, 19.5)
    team_fouls_last2: int  # Team Fouls in the period's final 2:00 (6.3)
    timeouts_used: int  # full timeouts charged in the game (8.4)
    timeouts20_used: int  # 20-second timeouts this half (8.4)
    timeouts_q4: int  # timeouts in the fourth quarter and overtime (8.4)
    timeouts_last2: int  # timeouts in the game's final 2:00 (8.4)
    owed_timeout: bool  # a mandatory timeout is charged at the start of its next possession (8.4)
    status: list[int]  # per roster player: OK, FOULED_OUT, EJECTED or INJURED_OUT (constants)
    inj_until: list[int]  # per roster player: the period through which an injured player is out (14G)
    injured: list[bool]  # per roster player: playing hurt, ratings two worse (14G)
    tired: list[bool]  # per roster player: Fatigued (5.4)
    mandatory_rest: list[bool]  # per roster player: in the Mandatory Rest box (14A)
    rested: list[list[bool]]  # per roster player: rested a full Rest Period in the first / second half (5.4)
    played_rp: list[bool]  # per roster player: played in the current Rest Period (5.4)
    three_point_offense: bool  # the Three Point Offense is declared (4.61)
    three_point_defense: bool  # the Three Point Defense is declared (4.62)
    double_team: list[int]  # defending: [target, helper] roster indices of its Double Team (5.5), or [-1, -1]
    illegal_def: int  # illegal defense warnings (14L)
    index: int  # Index Points left (16)
    index_start: int  # Index Points at the start of the game (16)
    index_spent: int  # Index Points spent this period (16)
    play_call: int  # the roster index named for the next shot (8.42), or -1

    def __init__(self, lineup: Sequence[int], n_players: int) -> None:
        self.pts = 0
        self.lineup = list(lineup)
        self.guard = [0, 1, 2, 3, 4]
        self.stats = [[0] * len(STAT_NAMES) for _ in range(n_players)]
        self.team_reb = 0
        self.team_tov = 0
        self.poss = 0
        self.team_fouls = 0
        self.team_fouls_last2 = 0
        self.timeouts_used = 0
        self.timeouts20_used = 0
        self.timeouts_q4 = 0
        self.timeouts_last2 = 0
        self.owed_timeout = False
        self.status = [OK] * n_players
        self.inj_until = [0] * n_players
        self.injured = [False] * n_players
        self.tired = [False] * n_players
        self.mandatory_rest = [False] * n_players
        self.rested = [[False, False] for _ in range(n_players)]
        self.played_rp = [False] * n_players
        self.three_point_offense = False
        self.three_point_defense = False
        self.double_team = [-1, -1]
        self.illegal_def = 0
        self.index = 0
        self.index_start = 0
        self.index_spent = 0
        self.play_call = -1
