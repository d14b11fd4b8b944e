"""Statis Pro Basketball as a Gymnasium environment (and a PettingZoo AEC environment)."""

from __future__ import annotations

from array import array
from operator import itemgetter

import numpy as np

from ..core.engine import HOME
from ..rules.statispro import actions as A
from ..rules.statispro.engine import PF, PTS, StatisProEngine
from ..rules.statispro.teams import MAX_ROSTER
from .base import CoachEnv, ObservationEncoder, parallel_constructors, pettingzoo_constructors
from .observation import ObservationSpec, ObsField

DECISIONS = StatisProEngine.decision_kinds
MENUS = ("period", "dead", "live", "timeout")
VIAS = ("action", "advance", "press", "orb", "recovery", "ob")
SLOT_RATINGS = ("FIELD GOAL/100", "ATTEMPTS/40", "THREE POINT ATTEMPTS/10", "THREE POINT/100", "FREE THROW/100",
                "offensive REBOUND/40", "defensive REBOUND/40", "FOUL DRAWING/20", "BLOCK/9", "ASSIST/20", "STEAL/9",
                "DEFENSE RATE/-10", "fatigued")
SLOT_STATE = ("is the Ballhandler", "guards opponent slot/4", "Double Team target", "Double Team helper")
CARD = ("FIELD GOAL/100", "ATTEMPTS/40", "REBOUND/40", "DEFENSE RATE/-10", "ASSIST/20", "rest asterisks/2")
ROSTER_STATE = ("on court", "slot/4", "personal fouls/6", "points/40", "unavailable (fouled out, ejected, injured)",
                "Mandatory Rest", "Fatigued", "rested this half", "PG", "SG", "SF", "PF", "C")
COURT_ROW = len(SLOT_RATINGS) + len(SLOT_STATE)
N_CARD = len(CARD)
ROSTER_ROW = len(CARD) + len(ROSTER_STATE)  # one roster player's floats: card, state, positions

# The observation, declared (envs/observation.py): the encoder's layout, docs/envs.md and the range test
# come from it. Ranges are after the env's clip to [-1, 1].
OBSERVATION = ObservationSpec(version=1, fields=(
    ObsField("decision", len(DECISIONS) + 1,
             "one-hot of the pending decision kind: " + ", ".join(DECISIONS) + ", none"),
    ObsField("menu", len(MENUS) + 1, "one-hot of the menu kind (" + ", ".join(MENUS) + ", not a menu)"),
    ObsField("game", 24, "own team has the ball, is home, period/4, overtime, final 2:00 of the period, final minute, "
                         "FAC left/180, own score/150, opponent score/150, margin/20, passes used/4, passes allowed/4, "
                         "Pass #/40, assist #/20, own team fouls/6, opponent team fouls/6, own timeouts left/7, "
                         "opponent timeouts left/7, own 20-second timeout left, own Index Points/12, opponent Index "
                         "Points/12, own Three Point Offense, opponent Three Point Offense, PRESS declared", low=-1.0),
    ObsField("via", len(VIAS), "how the Ballhandler got the ball: " + ", ".join(VIAS)),
    ObsField("own_court", 5 * COURT_ROW,
             "per lineup slot PG..C: effective ratings " + ", ".join(SLOT_RATINGS) + "; " + ", ".join(SLOT_STATE),
             low=-1.0),
    ObsField("opp_court", 5 * COURT_ROW, "the same for the opponent", low=-1.0),
    ObsField("own_roster", MAX_ROSTER * ROSTER_ROW,
             "per roster player #1..#15 (the numbers of the substitute actions): card " + ", ".join(CARD)
             + "; state " + ", ".join(ROSTER_STATE) + " (zeros past the roster)", low=-1.0),
    ObsField("opp_roster", MAX_ROSTER * ROSTER_ROW, "the same for the opponent's roster", low=-1.0),
    ObsField("choice", 5, "slots offered in a pass-to or choose decision"),
))
COURT_BLOCK = OBSERVATION.length("own_court")
ROSTER_BLOCK = OBSERVATION.length("own_roster")
_DECISION_INDEX = {k: i for i, k in enumerate(DECISIONS)}
_NO_CHOICE_F = array("f", [0.0] * 5)
_CHOICE_KINDS = ("pass_to", "choose")  # the decisions whose legal actions can be PASS_TO / CHOOSE ones
_CHOICE_SLOT = {**{a: k for k, a in enumerate(A.CHOOSE)}, **{a: k for k, a in enumerate(A.PASS_TO)}}
_GET_PF, _GET_PTS, _GET_HALF = itemgetter(PF), itemgetter(PTS), (itemgetter(0), itemgetter(1))
_VIA_ONEHOT = {v: [float(v == w) for w in VIAS] for v in VIAS}  # how the Ballhandler got the ball
_NO_VIA = [0.0] * len(VIAS)


def _head(kind: str | None, menu: str | None) -> list[float]:
    """The one-hots of the decision kind and the menu kind (the first fields of the observation)."""
    onehot = [0.0] * (len(DECISIONS) + 1)
    onehot[_DECISION_INDEX[kind] if kind is not None else len(DECISIONS)] = 1.0
    menus = [0.0] * (len(MENUS) + 1)
    menus[MENUS.index(menu) if menu in MENUS else len(MENUS)] = 1.0
    return onehot + menus


# the first fields, by decision kind (a menu by its kind too): every value is 0.0 or 1.0
_HEADS: dict = {None: _head(None, None), **{k: _head(k, None) for k in DECISIONS},
                **{("menu", m): _head("menu", m) for m in (*MENUS, None)}}
_MENU_HEAD = _HEADS[("menu", None)]
_HEAD_SIZE = OBSERVATION.offset("own_court")  # the one-hots, the game, via: written from one list


class _CourtMemo:
    """What one team's court rows were last written from (None: not yet): its effective ratings (the
    engine's list, replaced and never changed in place when ratings change), copies of its guard
    assignments and lineup, and the Double Team target against it and its own Double Team's helper."""

    __slots__ = ("eff", "guard", "lineup", "dt_target", "dt_helper")

    def __init__(self) -> None:
        self.eff: list | None = None
        self.guard: list | None = None
        self.lineup: list | None = None
        self.dt_target: int | None = None
        self.dt_helper: int | None = None


class _RosterMemo:
    """What one team's roster state columns were last written from (copies; None: not yet), and the
    number of roster rows encoded (``n``)."""

    __slots__ = ("n", "lineup", "fouls", "points", "status", "mandatory_rest", "tired", "rested", "half")

    def __init__(self, n: int) -> None:
        self.n = n
        self.lineup: list | None = None
        self.fouls: list | None = None
        self.points: list | None = None
        self.status: list | None = None
        self.mandatory_rest: list | None = None
        self.tired: list | None = None
        self.rested: list | None = None
        self.half = -1


class _View:
    """A game's observation buffer for one viewing side, with each block's memo, where the
    Ballhandler's mark is (-1: none) and the two teams it was made for."""

    __slots__ = ("buf", "own_court", "opp_court", "own_roster", "opp_roster", "ballhandler_at", "own_team", "opp_team")

    def __init__(self, buf: array, own_roster: _RosterMemo, opp_roster: _RosterMemo, own_team, opp_team) -> None:
        self.buf = buf
        self.own_court, self.opp_court = _CourtMemo(), _CourtMemo()
        self.own_roster, self.opp_roster = own_roster, opp_roster
        self.ballhandler_at = -1
        self.own_team, self.opp_team = own_team, opp_team


class StatisProEncoder(ObservationEncoder):
    spec = OBSERVATION

    def __init__(self):
        self._rosters: dict[int, tuple] = {}  # id(team) -> (team, card block), see _roster

    def encode(self, game: StatisProEngine, side: int) -> np.ndarray:
        # The observation is kept per game and viewing side as a float32 buffer (``array``: no NumPy
        # call per field); each block is rewritten only when one of the values it was made of differs
        # from the last encode's (compared, never assumed), and one NumPy copy of the buffer is returned.
        # Every value is the same Python expression as before, cast to float32 the same way.
        memo = self.memo(game)
        view = memo.get(side)
        if view is None or view.own_team is not game.teams[side] or view.opp_team is not game.teams[1 - side]:
            view = memo[side] = self._new_view(game, side)
        buf = view.buf
        d = game.decision
        if d is None:
            head = _HEADS[None]
        elif d.kind == "menu":
            head = _HEADS.get(("menu", game.menu.get("kind")), _MENU_HEAD)
        else:
            head = _HEADS[d.kind]
        o = 1 - side
        own, opp = game.team_state[side], game.team_state[o]
        period = game.period
        own_pts, opp_pts = own.pts, opp.pts
        two_min, n_fac = game.two_min, len(game.fac)
        buf[:_HEAD_SIZE] = array("f", head + [
            float(game.off == side), float(side == HOME), min(period, 4) / 4, float(period > 4),
            float(two_min), float(game.eleven or (two_min and n_fac <= 15)), n_fac / 180, own_pts / 150, opp_pts / 150,
            (own_pts - opp_pts) / 20, game.passes / 4, game.limit / 4, game.pass_no / 40, game.assist_no / 20,
            own.team_fouls / 6, opp.team_fouls / 6, (7 - own.timeouts_used) / 7, (7 - opp.timeouts_used) / 7,
            float(own.timeouts20_used < 1), own.index / 12, opp.index / 12, float(own.three_point_offense),
            float(opp.three_point_offense), float(game.press_next)] + _VIA_ONEHOT.get(game.via, _NO_VIA))
        if view.ballhandler_at >= 0:  # the last Ballhandler's mark back to 0.0
            buf[view.ballhandler_at] = 0.0
            view.ballhandler_at = -1
        pos = _HEAD_SIZE
        for s, m, ts, them in ((side, view.own_court, own, opp), (o, view.opp_court, opp, own)):
            dt_def0 = them.double_team[0]  # the Double Team against this team: its target
            dt_own1 = ts.double_team[1]  # our Double Team's helper
            eff = game.eff(s)  # (the engine's cached ratings: the same list until they change)
            lineup = ts.lineup
            guard = ts.guard
            # the court rows depend on these values only (eff is replaced, never changed in place, when
            # ratings change): a row is rewritten only when one of its values differs
            if (m.eff is not eff or m.guard != guard or m.lineup != lineup or m.dt_target != dt_def0
                    or m.dt_helper != dt_own1):
                old_eff, old_guard, old_lineup = m.eff, m.guard, m.lineup
                every = old_eff is None or m.dt_target != dt_def0 or m.dt_helper != dt_own1
                at = pos
                for slot in range(5):
                    r, i, g = eff[slot], lineup[slot], guard[slot]
                    if every or r != old_eff[slot] or i != old_lineup[slot] or g != old_guard[slot]:
                        buf[at:at + COURT_ROW] = array("f", (
                            r[0] / 100, r[1] / 40, r[2] / 10, r[3] / 100, r[4] / 100, r[5] / 40, r[6] / 40, r[7] / 20,
                            r[8] / 9, r[9] / 20, r[10] / 9, r[11] / -10, float(r[12]), 0.0, g / 4, float(dt_def0 == i),
                            float(dt_own1 == i)))
                    at += COURT_ROW
                m.eff, m.guard, m.lineup, m.dt_target, m.dt_helper = eff, guard[:], lineup[:], dt_def0, dt_own1
            if game.off == s:
                bh = game.ballhandler
                if 0 <= bh < 5:  # the Ballhandler's column (1.0 in his row, 0.0 in the others)
                    view.ballhandler_at = at = pos + bh * COURT_ROW + len(SLOT_RATINGS)
                    buf[at] = 1.0
            pos += COURT_BLOCK
        half = 0 if period <= 2 else 1
        get_half = _GET_HALF[half]
        for ts, r in ((own, view.own_roster), (opp, view.opp_roster)):
            n = r.n
            if n:
                # each state column is kept with the values it was made of (copied: the engine changes its
                # lists in place) and rewritten only when they differ
                stats = ts.stats
                if n < len(stats):
                    stats = stats[:n]
                lineup = ts.lineup
                if lineup != r.lineup:
                    on, at = [0.0] * n, [0.0] * n
                    for k, i in enumerate(lineup):
                        if i < n:
                            on[i] = 1.0
                            at[i] = k / 4
                    buf[pos + N_CARD:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", on)
                    buf[pos + N_CARD + 1:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", at)
                    r.lineup = lineup[:]
                col = list(map(_GET_PF, stats))
                if col != r.fouls:
                    buf[pos + N_CARD + 2:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [x / 6 for x in col])
                    r.fouls = col
                col = list(map(_GET_PTS, stats))
                if col != r.points:
                    buf[pos + N_CARD + 3:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [x / 40 for x in col])
                    r.points = col
                # the lists of flags are compared whole with a copy of the last ones (their columns only
                # change when they do)
                flags = ts.status
                if flags != r.status:
                    buf[pos + N_CARD + 4:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [float(x != 0) for x in flags[:n]])
                    r.status = flags[:]
                flags = ts.mandatory_rest
                if flags != r.mandatory_rest:
                    buf[pos + N_CARD + 5:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [float(x) for x in flags[:n]])
                    r.mandatory_rest = flags[:]
                flags = ts.tired
                if flags != r.tired:
                    buf[pos + N_CARD + 6:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [float(x) for x in flags[:n]])
                    r.tired = flags[:]
                flags = ts.rested
                if half != r.half or flags != r.rested:
                    buf[pos + N_CARD + 7:pos + n * ROSTER_ROW:ROSTER_ROW] = array(
                        "f", [float(x) for x in map(get_half, flags[:n])])
                    r.rested, r.half = [x[:] for x in flags], half
            pos += ROSTER_BLOCK
        if d is not None and d.kind in _CHOICE_KINDS:  # (only these decisions offer pass-to / choose actions)
            buf[pos:] = array("f", self._choice(d.legal))
        else:
            buf[pos:] = _NO_CHOICE_F
        return np.frombuffer(buf, dtype=np.float32).copy()

    def _new_view(self, game: StatisProEngine, side: int) -> _View:
        """A game's observation buffer for one viewing side, the roster cards written in, with each
        block's memo (the values it was last made of: none yet), no Ballhandler's mark and the two
        teams it was made for."""
        buf = array("f", bytes(4 * OBSERVATION.size))
        pos = OBSERVATION.offset("own_roster")
        rosters = []
        for s in (side, 1 - side):
            team = game.teams[s]
            buf[pos:pos + ROSTER_BLOCK] = array("f", self._roster(team).tobytes())  # the cards
            rosters.append(_RosterMemo(min(len(team.players), MAX_ROSTER)))
            pos += ROSTER_BLOCK
        return _View(buf, rosters[0], rosters[1], game.teams[side], game.teams[1 - side])

    def _choice(self, legal: tuple) -> list[float]:
        """The slots offered (pass to / choose) among ``legal``."""
        choice = [0.0] * 5
        for a in _CHOICE_SLOT.keys() & legal:
            choice[_CHOICE_SLOT[a]] = 1.0
        return choice

    def _roster(self, team) -> np.ndarray:
        """A team's roster block with every card's columns (ratings and positions) filled and the state
        columns zero: the cards never change during a game. Kept per team object (a strong reference,
        so ids are not reused)."""
        hit = self._rosters.get(id(team))
        if hit is not None and hit[0] is team:
            return hit[1]
        if len(self._rosters) > 256:
            self._rosters.clear()
        block = np.zeros((MAX_ROSTER, ROSTER_ROW), dtype=np.float32)
        for i, p in enumerate(team.players[:MAX_ROSTER]):
            block[i, :N_CARD] = [p.field_goal / 100, p.attempts / 40, p.rebound / 40, p.defense / -10, p.assist / 20,
                                 p.rest / 2]
            block[i, N_CARD + len(ROSTER_STATE) - 5:] = [float(pos in p.positions) for pos in range(5)]
        self._rosters[id(team)] = (team, block)
        return block


class StatisProBasketballEnv(CoachEnv):
    """Statis Pro Basketball (1993 Base-10 rules; 2015 options, NCAA and FIBA), coached by the agent.

    ## Description
    The Statis Pro engine (``coachgym.rules.statispro``): the reconstructed 200-card Fast Action
    Card deck with its Time cards and Dead Ball Deck, ACTION/PRESS/ADVANCE and the 24-second clock,
    shooting against the PD's DEFENSE RATE, Open Shots and assists, three-pointers, rebounds, fouls
    and free throws, steals, blocks, the Fast Break chart, stamina and rest periods, Z READINGS,
    timeouts, substitutions and Index Points. The agent coaches one team against an opponent coach.

    ## Action Space
    ``Discrete(len(RULESET.actions))`` over the fixed action table (``coachgym.rules.statispro.actions``):
    "play on", substitutions (roster player #i in at position s), position shifts, PD cards,
    timeouts (full / 20-second), PRESS, Double Teams, Three Point Offense / Defense, called plays,
    Index Points, shoot / ADVANCE, three / two, pass to a position, Fast Break / ACTION, fouls to
    stop the clock and deliberate fouls, free throw / intentional miss, freezing the shooter, and
    coach's choices of a player. ``env.action_masks()`` and ``info["action_mask"]`` give the legal
    ones; only decisions with at least two legal options reach the agent.

    ## Observation Space
    ``Box(-1, 1, (N,), float32)``; the layout is documented field by field in
    ``StatisProEncoder().layout.describe()``. Only public information (printed cards, the board,
    the score sheet) is encoded.

    ## Rewards
    ``reward="win"``: +1 win, -1 loss at the end. ``reward="margin"``: in addition each step's change
    of the score margin divided by ``margin_scale``. An illegal action (non-strict mode) ends the
    episode with -1.

    ## Episode End
    Terminated at the end of the game (after overtime if tied); truncated only with ``max_decisions``.

    ## Arguments
    As for every coachgym env: ``agent_side``, ``opponent``, ``home``/``away``, ``team_pool``,
    ``rule_options`` (dict of ``StatisProOptions``), ``reward``, ``margin_scale``, ``strict``,
    ``render_mode="ansi"``, ``max_decisions``.

    ## Version History
    * v0: first release (engine version 1, observation version 1).
    """

    ruleset_name = "statispro"
    encoder = StatisProEncoder()


aec_env_class, env = pettingzoo_constructors(StatisProBasketballEnv, "statispro_basketball_v0", "coachgym.envs.statispro")
parallel_env_class, parallel_env = parallel_constructors(aec_env_class, "statispro_basketball_v0", "coachgym.envs.statispro")
