"""Value Add Basketball as a Gymnasium environment (and a PettingZoo AEC environment)."""

from __future__ import annotations

import numpy as np

from ..core.engine import HOME
from ..rules.valueadd import actions as A
from ..rules.valueadd.engine import PTS, ValueAddEngine
from ..rules.valueadd.scoresheet import D8_FIRST_FROM, LAST_NINE_FROM, is_shaded
from .base import CoachEnv, ObservationEncoder, parallel_constructors, pettingzoo_constructors
from .observation import ObservationSpec, ObsField

DECISIONS = ValueAddEngine.decision_kinds
CARD_FEATURES = (
    "made3_top/20", "made2_top/20", "fouled_top/20", "missed3_top/20", "free_throw/20", "off_reb/6", "def_reb/6",
    "steal_top-10/12", "block_top-20/12", "foul_range_size/4", "turnover_top-40/6", "stamina/44", "point_guard",
    "extra_numbers/3", "assist20",
)
PLAYER_STATE = ("on_court", "slot/4", "fouls/5", "played/44", "tired", "doubled", "avoiding_fouls", "fouled_out", "points/40")
DECISION_INDEX = {k: i for i, k in enumerate(DECISIONS)}
# the decision field's one-hot per decision kind (None: no decision pending)
_ONEHOT = {k: tuple(float(j == DECISION_INDEX.get(k, len(DECISIONS))) for j in range(len(DECISIONS) + 1))
           for k in (*DECISIONS, None)}
_MARK_KEYS = ("d8_slot", "rebounder", "stealer", "slot")  # the context's player of a pending decision
N_CARD = len(CARD_FEATURES)
N_STATE = len(PLAYER_STATE)
ROW = N_CARD + N_STATE  # one roster player's floats: card, then state

# The observation, declared (envs/observation.py): the encoder's layout, docs/envs.md and the range test
# come from it. Ranges are after the env's clip to [-1, 1].
OBSERVATION = ObservationSpec(version=1, fields=(
    ObsField("decision", len(DECISIONS) + 1,
             "one-hot of the pending decision kind: " + ", ".join(DECISIONS) + ", none"),
    ObsField("game", 12, "on offense next/now, is home, box/44, bottom half, overtime, last nine boxes, d8-first window, "
                         "shaded box, own score/120, opponent score/120, margin/20 (own minus opponent), menu changes "
                         "used/8", low=-1.0),
    ObsField("own_team", 4, "attempting 3-pointers, dunk range net of the opponent's adjustment/6, has a point guard, "
                            "extra possession earned", low=-1.0),
    ObsField("opp_team", 4, "the same for the opponent", low=-1.0),
    ObsField("own_court", 5 * 4, "per lineup slot PG..C: offensive slot this defender guards/4, gets 6/7/8 (count/3), "
                                 "'20' bonus, is the ballhandler/rebounder/stealer in the pending decision"),
    ObsField("opp_court", 5 * 4, "the same for the opponent"),
    ObsField("own_roster", A.MAX_ROSTER * ROW,
             "per roster player #1..#15 (the numbers of the substitute actions): card " + ", ".join(CARD_FEATURES)
             + "; state " + ", ".join(PLAYER_STATE) + " (zeros past the roster)", low=-1.0),
    ObsField("opp_roster", A.MAX_ROSTER * ROW, "the same for the opponent's roster", low=-1.0),
    ObsField("choice", 5, "slots offered in a choose-player decision (tied rebounders, dunker, stop rebounder)"),
))
ROSTER_SIZE = OBSERVATION.length("own_roster")
_SIZE = OBSERVATION.size
_ROSTERS_AT = OBSERVATION.offset("own_roster")  # the fields before it are written from one list


class ValueAddEncoder(ObservationEncoder):
    spec = OBSERVATION

    def __init__(self):
        self._rosters: dict[int, tuple] = {}  # id(team) -> (team, card-feature block), see _roster

    @staticmethod
    def _card(card) -> list[float]:
        return [card.shot[0] / 20, card.shot[1] / 20, card.shot[2] / 20, card.shot[3] / 20, card.free_throw / 20,
                card.off_reb / 6, card.def_reb / 6, (card.steal - 10) / 12, (card.block - 20) / 12,
                (37 - card.foul) / 4, (card.turnover - 40) / 6, card.stamina / 44, float(card.point_guard),
                len(card.extra) / 3, float(card.assist20)]

    def _roster(self, team) -> np.ndarray:
        """The roster block with every card's features filled in and the state columns zero (the cards
        never change during a game). Kept per team object (a strong reference, so ids are not reused)."""
        hit = self._rosters.get(id(team))
        if hit is not None and hit[0] is team:
            return hit[1]
        if len(self._rosters) > 256:
            self._rosters.clear()
        block = np.zeros((A.MAX_ROSTER, ROW), dtype=np.float32)
        for i, card in enumerate(team.players[:A.MAX_ROSTER]):
            block[i, :N_CARD] = np.asarray(self._card(card), dtype=np.float64)
        self._rosters[id(team)] = (team, block)
        return block

    def encode(self, game: ValueAddEngine, side: int) -> np.ndarray:
        d = game.decision
        other = 1 - side
        tss = game.team_state
        own, opp = tss[side], tss[other]
        box, period = game.box, game.period
        out = list(_ONEHOT[d.kind if d is not None else None])
        own_pts, opp_pts = own.points, opp.points
        out += [float(game.offense == side), float(side == HOME), box / 44, float(game.half), float(period > 0),
                float(period > 0 or box <= LAST_NINE_FROM),
                float(box <= D8_FIRST_FROM), float(is_shaded(box)) if box >= 1 else 0.0,
                own_pts / 120, opp_pts / 120, (own_pts - opp_pts) / 20, game.menu_changes / A.MENU_CHANGE_LIMIT]
        extra = float(game.extra_box)
        teams, dunk = game.teams, game.dunk_net
        for s, ts in ((side, own), (other, opp)):
            out += [float(ts.three_mode), dunk[s] / 6, float(teams[s].players[ts.lineup[0]].point_guard), extra]
        memo = self.memo(game)
        c = game.ctx
        for s, ts in ((side, own), (other, opp)):
            # the court block (guards, 6/7/8 holders, "20", the marked player), kept with what it was made of
            marked = ()
            if d is not None and d.side == s:
                marked = tuple(c[key] for key in _MARK_KEYS if c.get(key) is not None)
            hit = memo.get(("court", s))
            if (hit is None or hit[0] != ts.guards or hit[1] != ts.holders or hit[2] != ts.bonus20
                    or hit[3] != marked):
                h0, h1, h2 = ts.holders[0], ts.holders[1], ts.holders[2]
                guards, bonus20 = ts.guards, ts.bonus20
                block = [v for slot in range(5)
                         for v in (guards[slot] / 4, ((h0 == slot) + (h1 == slot) + (h2 == slot)) / 3,
                                   float(bonus20[slot]), float(slot in marked))]
                hit = memo[("court", s)] = (guards[:], ts.holders[:], ts.bonus20[:], marked, block)
            out += hit[4]
        obs = np.empty(_SIZE, dtype=np.float32)
        obs[:_ROSTERS_AT] = out  # (a block of another length than the spec's fails here)
        lim = game.options.foul_limit
        pen = game.options.stamina_penalties  # on: the tired and doubled columns (ValueAddEngine.fatigue)
        pos = _ROSTERS_AT
        for s, ts in ((side, own), (other, opp)):
            team = teams[s]
            n = min(len(team.players), A.MAX_ROSTER)
            hit = memo.get(s)
            if hit is None or hit[0] is not team or hit[1] != lim or hit[2] != pen:
                # the roster block (card features, never changed) with its state columns, and what each
                # player's state columns were made of (None: not filled yet)
                hit = memo[s] = [team, lim, pen, [None] * n, [0.0] * (n * N_STATE), self._roster(team).copy(), None]
            made, state, block = hit[3], hit[4], hit[5]
            lineup, fouls, played, avoiding, stats = ts.lineup, ts.fouls, ts.played, ts.avoiding, ts.stats
            where = [-1] * n
            for k in range(5):
                where[lineup[k]] = k
            changed = hit[6] is None
            # every value a player's state columns are made of, compared (the engine changes its lists
            # in place); only a player whose values differ is written again (his minutes change every
            # possession he plays, the bench's values seldom)
            for i in range(n):
                f, p, a, pt, k = fouls[i], played[i], avoiding[i], stats[i][PTS], where[i]
                if made[i] != (f, p, a, pt, k):
                    made[i] = (f, p, a, pt, k)
                    changed = True
                    # state per player: on_court, slot/4, fouls/lim, played/44, tired, doubled, avoiding,
                    # fouled_out, points/40
                    b = i * N_STATE
                    if k < 0:
                        state[b:b + N_STATE] = [0.0, 0.0, f / lim, p / 44, 0.0, 0.0, float(a), float(f >= lim), pt / 40]
                    else:
                        tired = 0
                        if pen:  # ValueAddEngine.fatigue: 1 once tired, 2 past double the stamina
                            stamina = team.players[i].stamina
                            tired = 0 if p <= stamina else 1 if p <= 2 * stamina else 2
                        state[b:b + N_STATE] = [1.0, k / 4, f / lim, p / 44, float(tired >= 1), float(tired >= 2),
                                                float(a), float(f >= lim), pt / 40]
            if changed:
                if n:
                    block[:n, N_CARD:] = np.array(state).reshape(n, N_STATE)
                hit[6] = block.ravel()
            obs[pos:pos + ROSTER_SIZE] = hit[6]
            pos += ROSTER_SIZE
        if d is not None and d.kind.startswith("choose"):
            choice = [0.0] * 5
            for a in d.legal:
                choice[A.CHOOSE.index(a)] = 1.0
            obs[pos:] = choice
        else:
            obs[pos:] = 0.0
        return obs


class ValueAddBasketballEnv(CoachEnv):
    """Value Add Basketball (college), coached by the agent.

    ## Description
    A faithful engine of the Value Add Basketball dice game (``coachgym.rules.valueadd``): 44
    possession boxes from a 20-20 start, the four dice, steals, blocks, fouls, turnovers, dunk and
    stop ranges, the rebound chart, stamina, fast breaks, stick-backs, extra possessions in the last
    nine boxes and the end-game options. The agent coaches one team against an opponent coach.

    ## Action Space
    ``Discrete(len(RULESET.actions))`` over the fixed action table (``coachgym.rules.valueadd.actions``):
    "play", substitutions (roster player #i in at position s), position swaps, defensive switches,
    avoid-fouls calls, 3-point mode, intentional foul, 8-sided die first, shoot / keep passing, fast
    break / normal offense, stick back / normal offense, dunk / 20-sided result, choose a player.
    ``env.action_masks()`` (sb3-contrib MaskablePPO) and ``info["action_mask"]`` give the legal ones.
    Only decisions with at least two legal options reach the agent.

    ## Observation Space
    ``Box(-1, 1, (N,), float32)``; the layout is documented field by field in
    ``ValueAddEncoder().layout.describe()`` and ``docs/envs.md``.

    ## Rewards
    ``reward="win"``: +1 win, -1 loss, 0 draw at the final possession, 0 otherwise.
    ``reward="margin"``: in addition, each step's change of the score margin divided by ``margin_scale``.
    An illegal action (non-strict mode) ends the episode with -1.

    ## Episode End
    Terminated at the end of the game (after overtime if tied); truncated only with ``max_decisions``.

    ## Arguments
    ``agent_side`` ("home", "away", "random"), ``opponent`` (a coach name: "by-the-book", "random",
    "first-legal", "trained", a model path; a Coach; a list of those, one drawn per episode; or a
    factory ``f(rng) -> Coach``), ``home``/``away`` (bundled team name or path to a team file),
    ``team_pool`` (team names sampled per episode), ``rule_options`` (dict of ``ValueAddOptions``),
    ``reward``, ``margin_scale``, ``strict`` (raise ``IllegalActionError`` on an illegal action),
    ``render_mode="ansi"`` (play-by-play and scoreboard), ``max_decisions``.

    ## Version History
    * v0: first release (engine version 1, observation version 1). Before release, within v0, rotation
      options 1 and 2 gained the choice of the five before the tip (substitutions and position swaps
      in each team's first menu); the default rules (option 3), the action table and the observation
      layout are unchanged.
    """

    ruleset_name = "valueadd"
    encoder = ValueAddEncoder()


aec_env_class, env = pettingzoo_constructors(ValueAddBasketballEnv, "valueadd_basketball_v0", "coachgym.envs.valueadd")
parallel_env_class, parallel_env = parallel_constructors(aec_env_class, "valueadd_basketball_v0", "coachgym.envs.valueadd")
