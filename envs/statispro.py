"""Statis Pro Basketball as a Gymnasium environment (and a PettingZoo AEC environment)."""

from __future__ import annotations

from array import array
from operator import itemgetter

import numpy as np

from ..core.engine import HOME
from ..rules.statispro import actions as A
from ..rules.statispro.engine import PF, PTS, StatisProEngine
from ..rules.statispro.teams import MAX_ROSTER
from .base import CoachEnv, ObservationEncoder, ObservationLayout, parallel_constructors, pettingzoo_constructors

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
COURT_BLOCK = 5 * COURT_ROW
N_CARD = len(CARD)
ROSTER_ROW = len(CARD) + len(ROSTER_STATE)  # one roster player's floats: card, state, positions
ROSTER_BLOCK = MAX_ROSTER * ROSTER_ROW
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
_HEAD_SIZE = len(DECISIONS) + 1 + len(MENUS) + 1 + 24 + len(VIAS)  # the one-hots, the game, via


class StatisProEncoder(ObservationEncoder):
    version = 1

    def __init__(self):
        L = self.layout = ObservationLayout()
        L.add("decision", len(DECISIONS) + 1, "one-hot of the pending decision kind: " + ", ".join(DECISIONS) + ", none")
        L.add("menu", len(MENUS) + 1, "one-hot of the menu kind (" + ", ".join(MENUS) + ", not a menu)")
        L.add("game", 24, "own team has the ball, is home, period/4, overtime, final 2:00 of the period, final minute, "
                          "FAC left/180, own score/150, opponent score/150, margin/20, passes used/4, passes allowed/4, "
                          "Pass #/40, assist #/20, own team fouls/6, opponent team fouls/6, own timeouts left/7, "
                          "opponent timeouts left/7, own 20-second timeout left, own Index Points/12, opponent Index "
                          "Points/12, own Three Point Offense, opponent Three Point Offense, PRESS declared")
        L.add("via", len(VIAS), "how the Ballhandler got the ball: " + ", ".join(VIAS))
        L.add("own_court", 5 * (len(SLOT_RATINGS) + len(SLOT_STATE)),
              "per lineup slot PG..C: effective ratings " + ", ".join(SLOT_RATINGS) + "; " + ", ".join(SLOT_STATE))
        L.add("opp_court", 5 * (len(SLOT_RATINGS) + len(SLOT_STATE)), "the same for the opponent")
        L.add("own_roster", MAX_ROSTER * (len(CARD) + len(ROSTER_STATE)),
              "per roster player #1..#15 (the numbers of the substitute actions): card " + ", ".join(CARD)
              + "; state " + ", ".join(ROSTER_STATE) + " (zeros past the roster)")
        L.add("opp_roster", MAX_ROSTER * (len(CARD) + len(ROSTER_STATE)), "the same for the opponent's roster")
        L.add("choice", 5, "slots offered in a pass-to or choose decision")
        self._rosters: dict[int, tuple] = {}  # id(team) -> (team, card block), see _roster

    def encode(self, game: StatisProEngine, side: int) -> np.ndarray:
        # The observation is kept per game and viewing side as a float32 buffer (``array``: no NumPy
        # call per field); each block is rewritten only when one of the values it was made of differs
        # from the last encode's (compared, never assumed), and one NumPy copy of the buffer is returned.
        # Every value is the same Python expression as before, cast to float32 the same way.
        memo = self.memo(game)
        view = memo.get(side)
        if view is None or view[6] is not game.teams[side] or view[7] is not game.teams[1 - side]:
            view = memo[side] = self._new_view(game, side)
        buf = view[0]
        d = game.decision
        if d is None:
            head = _HEADS[None]
        elif d.kind == "menu":
            head = _HEADS.get(("menu", game.menu.get("kind")), _MENU_HEAD)
        else:
            head = _HEADS[d.kind]
        o = 1 - side
        pts, period, tf, to_used = game.pts, game.period, game.team_fouls, game.timeouts_used
        index, tpo = game.index, game.three_point_offense
        own_pts, opp_pts = pts[side], pts[o]
        two_min, n_fac = game.two_min, len(game.fac)
        buf[:_HEAD_SIZE] = array("f", head + [
            float(game.off == side), float(side == HOME), min(period, 4) / 4, float(period > 4),
            float(two_min), float(game.eleven or (two_min and n_fac <= 15)), n_fac / 180, own_pts / 150, opp_pts / 150,
            (own_pts - opp_pts) / 20, game.passes / 4, game.limit / 4, game.pass_no / 40, game.assist_no / 20,
            tf[side] / 6, tf[o] / 6, (7 - to_used[side]) / 7, (7 - to_used[o]) / 7,
            float(game.timeouts20_used[side] < 1), index[side] / 12, index[o] / 12, float(tpo[side]),
            float(tpo[o]), float(game.press_next)] + _VIA_ONEHOT.get(game.via, _NO_VIA))
        if view[5] >= 0:  # the last Ballhandler's mark back to 0.0
            buf[view[5]] = 0.0
            view[5] = -1
        dt = game.double_team
        pos = _HEAD_SIZE
        for s, m in ((side, view[1]), (o, view[2])):
            dt_def0 = dt[1 - s][0]  # the Double Team against this team: its target
            dt_own1 = dt[s][1]  # our Double Team's helper
            eff = game._eff[s] or game.eff(s)  # (the engine's cached ratings, else computed)
            lineup = game.lineup[s]
            guard = game.guard[s]
            # the court rows depend on these values only (eff is replaced, never changed in place, when
            # ratings change): a row is rewritten only when one of its values differs
            if m[0] is not eff or m[1] != guard or m[2] != lineup or m[3] != dt_def0 or m[4] != dt_own1:
                old_eff, old_guard, old_lineup = m[0], m[1], m[2]
                every = old_eff is None or m[3] != dt_def0 or m[4] != dt_own1
                at = pos
                for slot in range(5):
                    r, i, g = eff[slot], lineup[slot], guard[slot]
                    if every or r != old_eff[slot] or i != old_lineup[slot] or g != old_guard[slot]:
                        buf[at:at + COURT_ROW] = array("f", (
                            r[0] / 100, r[1] / 40, r[2] / 10, r[3] / 100, r[4] / 100, r[5] / 40, r[6] / 40, r[7] / 20,
                            r[8] / 9, r[9] / 20, r[10] / 9, r[11] / -10, float(r[12]), 0.0, g / 4, float(dt_def0 == i),
                            float(dt_own1 == i)))
                    at += COURT_ROW
                m[0], m[1], m[2], m[3], m[4] = eff, guard[:], lineup[:], dt_def0, dt_own1
            if game.off == s:
                bh = game.ballhandler
                if 0 <= bh < 5:  # the Ballhandler's column (1.0 in his row, 0.0 in the others)
                    view[5] = pos + bh * COURT_ROW + len(SLOT_RATINGS)
                    buf[view[5]] = 1.0
            pos += COURT_BLOCK
        half = 0 if period <= 2 else 1
        get_half = _GET_HALF[half]
        for s, m in ((side, view[3]), (o, view[4])):
            n = m[0]
            if n:
                # each state column is kept with the values it was made of (copied: the engine changes its
                # lists in place) and rewritten only when they differ
                stats = game.stats[s]
                if n < len(stats):
                    stats = stats[:n]
                lineup = game.lineup[s]
                if lineup != m[1]:
                    on, at = [0.0] * n, [0.0] * n
                    for k, i in enumerate(lineup):
                        if i < n:
                            on[i] = 1.0
                            at[i] = k / 4
                    buf[pos + N_CARD:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", on)
                    buf[pos + N_CARD + 1:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", at)
                    m[1] = lineup[:]
                col = list(map(_GET_PF, stats))
                if col != m[2]:
                    buf[pos + N_CARD + 2:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [x / 6 for x in col])
                    m[2] = col
                col = list(map(_GET_PTS, stats))
                if col != m[3]:
                    buf[pos + N_CARD + 3:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [x / 40 for x in col])
                    m[3] = col
                # the lists of flags are compared whole with a copy of the last ones (their columns only
                # change when they do)
                flags = game.status[s]
                if flags != m[4]:
                    buf[pos + N_CARD + 4:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [float(x != 0) for x in flags[:n]])
                    m[4] = flags[:]
                flags = game.mandatory_rest[s]
                if flags != m[5]:
                    buf[pos + N_CARD + 5:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [float(x) for x in flags[:n]])
                    m[5] = flags[:]
                flags = game.tired[s]
                if flags != m[6]:
                    buf[pos + N_CARD + 6:pos + n * ROSTER_ROW:ROSTER_ROW] = array("f", [float(x) for x in flags[:n]])
                    m[6] = flags[:]
                flags = game.rested[s]
                if half != m[8] or flags != m[7]:
                    buf[pos + N_CARD + 7:pos + n * ROSTER_ROW:ROSTER_ROW] = array(
                        "f", [float(x) for x in map(get_half, flags[:n])])
                    m[7], m[8] = [r[:] for r in flags], half
            pos += ROSTER_BLOCK
        if d is not None and d.kind in _CHOICE_KINDS:  # (only these decisions offer pass-to / choose actions)
            buf[pos:] = array("f", self._choice(d.legal))
        else:
            buf[pos:] = _NO_CHOICE_F
        return np.frombuffer(buf, dtype=np.float32).copy()

    def _new_view(self, game: StatisProEngine, side: int) -> list:
        """A game's observation buffer for one viewing side, the roster cards written in, with each
        block's memo (the values it was last made of: none yet), where the Ballhandler's mark is (-1:
        none) and the two teams it was made for."""
        buf = array("f", bytes(4 * self.size))
        pos = _HEAD_SIZE + 2 * COURT_BLOCK
        rosters = []
        for s in (side, 1 - side):
            team = game.teams[s]
            buf[pos:pos + ROSTER_BLOCK] = array("f", self._roster(team).tobytes())  # the cards
            rosters.append([min(len(team.players), MAX_ROSTER), None, None, None, None, None, None, None, -1])
            pos += ROSTER_BLOCK
        return [buf, [None] * 5, [None] * 5, rosters[0], rosters[1], -1, game.teams[side], game.teams[1 - side]]

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
