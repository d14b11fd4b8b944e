"""What changes for one team during a 4th Street game: :class:`TeamState`, one per side
(``FourthStreetEngine.team_state``: home, away), typed and slotted. Its fields are the declared
state's ``team=True`` fields (:data:`.saved.DECLARATION`, where each says what it holds), saved as
before as per-side lists (``"pts": [home, away]``), so every saved game loads as it did; a clone
copies each object field by field (:class:`coachgym.core.state.TeamRecords`). Per player: by roster
number (0-based); a slot is a position on the court (0-4)."""

from __future__ import annotations

from .constants import AVAILABLE, COLS
from .court import SEASON

NEVER_BENCHED = -10 ** 6  # ``benched`` of a player who has not left the court yet


class TeamState:
    """Everything that changes for one team during a game (the declared ``team=True`` fields; their
    saved names in :data:`.saved.DECLARATION`: ``stint`` is :attr:`stint_counted`, ``jumpers``
    :attr:`jumper`), and the memo :attr:`bench_key`."""

    __slots__ = ("pts", "lineup", "stats", "availability", "stint_counted", "fatigue_points", "benched",
                 "rest_needed", "safe", "played", "team_fouls", "late_fouls", "team_tov", "timeouts", "defense_mode",
                 "align", "double", "helper", "press_ban", "kick_used", "kick_until", "subs_open", "poss_changes",
                 "jumper", "seconds_counted_at", "tokens", "bench_key")

    pts: int  # points (the score)
    lineup: list[int]  # the roster number of the player at each slot of the court
    stats: list[list[int]]  # per player: his box-score line (constants.COLS; SEC counted lazily)
    availability: list[int]  # per player: AVAILABLE, or out (injury, fouled out: constants)
    stint_counted: list[int]  # per player: consecutive seconds on the court, up to the engine's stint_mark
    fatigue_points: list[int]  # per player: fatigue points (Optional Rules, Fatigue: limit 3)
    benched: list[int]  # per player: the rest clock when he last left the court (NEVER_BENCHED: not yet)
    rest_needed: list[int]  # per player: seconds of rest he needs to be fully rested
    safe: list[bool]  # per player: plays it safe (Foul Trouble)
    played: list[bool]  # per player: has been on the court this game
    team_fouls: int  # team fouls this period
    late_fouls: int  # team fouls in the last minutes of this period (Season Rules)
    team_tov: int  # team turnovers (no player charged)
    timeouts: int  # timeouts left
    defense_mode: str  # the defense when defending: "man", "zone" or "press"
    align: str  # zone alignment: a named one, or "custom" (the tokens)
    double: int  # the opponent slot double-teamed; -1: none
    helper: int  # the own slot helping on the double team; -1: none
    press_ban: bool  # no press on the next setup (after a defensive rebound or a lost turnover)
    kick_used: bool  # kick it out called this period
    kick_until: int  # the clock value until which kick it out is on; -1: off
    subs_open: bool  # lineup changes offered inside the team's call (a dead ball)
    poss_changes: int  # lineup changes made inside the team's call
    jumper: int  # the slot jumping at a centre jump; -1: not chosen
    seconds_counted_at: list[int]  # per player: the game second up to which his SEC is counted
    tokens: list[int]  # custom zone: the TOKEN_PAIRS index each token covers (-1: not placed yet)
    bench_key: tuple[int, ...] | None  # memo, not saved: the bench's roster numbers (calls._sub_key)

    def __init__(self, lineup: list[int], n_players: int) -> None:
        self.pts = 0
        self.lineup = list(lineup)
        self.stats = [[0] * len(COLS) for _ in range(n_players)]
        self.availability = [AVAILABLE] * n_players
        self.stint_counted = [0] * n_players
        self.fatigue_points = [0] * n_players
        self.benched = [NEVER_BENCHED] * n_players
        self.rest_needed = [0] * n_players
        self.safe = [False] * n_players
        self.played = [i in self.lineup for i in range(n_players)]
        self.team_fouls = 0
        self.late_fouls = 0
        self.team_tov = 0
        self.timeouts = SEASON["timeouts_per_game"]
        self.defense_mode = "man"
        self.align = "standard"
        self.double = -1
        self.helper = -1
        self.press_ban = False
        self.kick_used = False
        self.kick_until = -1
        self.subs_open = False
        self.poss_changes = 0
        self.jumper = -1
        self.seconds_counted_at = [0] * n_players
        self.tokens = [-1] * 5
        self.bench_key = None
