"""Statis Pro Basketball as a Gymnasium environment (and a PettingZoo AEC environment)."""

from __future__ import annotations

from operator import itemgetter

import numpy as np

from ..core.engine import HOME
from ..rules.statispro import actions as A
from ..rules.statispro.engine import PF, PTS, StatisProEngine
from ..rules.statispro.teams import MAX_ROSTER
from .base import CoachEnv, ObservationEncoder, ObservationLayout, pettingzoo_constructors

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
_NO_CHOICE = [0.0] * 5
_CHOICE_SLOT = {**{a: k for k, a in enumerate(A.CHOOSE)}, **{a: k for k, a in enumerate(A.PASS_TO)}}
_GET_PF, _GET_PTS, _GET_HALF = itemgetter(PF), itemgetter(PTS), (itemgetter(0), itemgetter(1))


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
        out: list[float] = []
        d = game.decision
        onehot = [0.0] * (len(DECISIONS) + 1)
        onehot[_DECISION_INDEX[d.kind] if d is not None else len(DECISIONS)] = 1.0
        out += onehot
        menu = [0.0] * (len(MENUS) + 1)
        mk = game.menu.get("kind") if d is not None and d.kind == "menu" else None
        menu[MENUS.index(mk) if mk in MENUS else len(MENUS)] = 1.0
        out += menu
        o = 1 - side
        own_pts, opp_pts = game.pts[side], game.pts[o]
        out += [float(game.off == side), float(side == HOME), min(game.period, 4) / 4, float(game.period > 4),
                float(game.two_min), float(game.last_minute), len(game.fac) / 180, own_pts / 150, opp_pts / 150,
                (own_pts - opp_pts) / 20, game.passes / 4, game.limit / 4, game.pass_no / 40, game.assist_no / 20,
                game.tf[side] / 6, game.tf[o] / 6, (7 - game.to_used[side]) / 7, (7 - game.to_used[o]) / 7,
                float(game.to20_used[side] < 1), game.index[side] / 12, game.index[o] / 12, float(game.tpo[side]),
                float(game.tpo[o]), float(game.press_next)]
        via = [0.0] * len(VIAS)
        if game.via in VIAS:
            via[VIAS.index(game.via)] = 1.0
        out += via
        obs = np.empty(self.size, dtype=np.float32)
        pos = len(out)
        obs[:pos] = out
        memo = self.memo(game)
        for s in (side, o):
            dt_def = game.dt[1 - s]  # the Double Team against this team
            dt_own = game.dt[s]
            eff = game.eff(s)
            lineup = game.lineup[s]
            bh = game.bh if game.off == s else -1
            guard = game.guard[s]
            # the court rows depend on these values only (eff is replaced, never changed in place, when
            # ratings change): a step that changes none of them reuses the rows of the last one
            key = (eff, tuple(guard), dt_def[0], dt_own[1], tuple(lineup))
            hit = memo.get(("court", s))
            if hit is None or hit[0] != key:
                rows = np.array([[r[0] / 100, r[1] / 40, r[2] / 10, r[3] / 100, r[4] / 100, r[5] / 40, r[6] / 40,
                                  r[7] / 20, r[8] / 9, r[9] / 20, r[10] / 9, r[11] / -10, float(r[12]), 0.0,
                                  guard[slot] / 4, float(dt_def[0] == i), float(dt_own[1] == i)]
                                 for slot, (r, i) in enumerate(zip(eff, lineup))], dtype=np.float32).ravel()
                hit = memo[("court", s)] = (key, rows)
            obs[pos:pos + COURT_BLOCK] = hit[1]
            if 0 <= bh < 5:  # the Ballhandler's column (1.0 in his row, 0.0 in the others)
                obs[pos + bh * COURT_ROW + len(SLOT_RATINGS)] = 1.0
            pos += COURT_BLOCK
        half = 0 if game.period <= 2 else 1
        get_pf, get_pts, get_half = _GET_PF, _GET_PTS, _GET_HALF[half]
        for s in (side, o):
            team = game.teams[s]
            n = min(len(team.players), MAX_ROSTER)
            stats = game.stats[s][:n]
            # every value the state columns are made of (copied: the engine changes its lists in place),
            # compared with the values of the last step
            key = (team, half, game.lineup[s][:], list(map(get_pf, stats)), list(map(get_pts, stats)),
                   game.status[s][:n], game.mrest[s][:n], game.tired[s][:n], list(map(get_half, game.rested[s][:n])))
            hit = memo.get(("roster", s))
            if hit is None or hit[0] != key:
                block = self._roster(team).copy()  # the cards; the state columns are filled below
                if n:
                    # state per player: on court, slot/4, personal fouls/6, points/40, unavailable, Mandatory Rest,
                    # Fatigued, rested this half (on court and slot set below from the lineup)
                    block[:n, N_CARD:N_CARD + len(ROSTER_STATE) - 5] = np.array(
                        [(0.0, 0.0, pf / 6, pts / 40, float(status != 0), float(mrest), float(tired), float(rested))
                         for pf, pts, status, mrest, tired, rested in zip(*key[3:])])
                    for k, i in enumerate(key[2]):
                        if i < n:
                            block[i, N_CARD] = 1.0
                            block[i, N_CARD + 1] = k / 4
                hit = memo[("roster", s)] = (key, block.ravel())
            obs[pos:pos + ROSTER_BLOCK] = hit[1]
            pos += ROSTER_BLOCK
        obs[pos:] = self._choice(d.legal) if d is not None else _NO_CHOICE
        return obs

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
