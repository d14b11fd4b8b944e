"""The clock and the FAC deck: 3.1 (deck, Time cards, Dead Ball Deck), 5.4 / 14A (Rest Periods at
the Time cards), 8.1 (quarters, the last shot), 8.2 (overtime), 8.3 (final two minutes), 14O
(Desperation Heave), 19.1-19.2 / 20.1-20.2 (150-card periods).

A mixin of :class:`~coachgym.rules.statispro.engine.StatisProEngine`; rule numbers as in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.chance import ChanceSource
from ...core.engine import AWAY, HOME, Decision
from ...core.phases import phase
from . import cards as K
from .cards import Card, rpg_side, rpg_slot
from .constants import INJURED_OUT, OK, PH_BALL, PH_JUMP, PH_OVER, PH_PERIOD, PH_SHOT, PH_UPCOURT, R_ATT

if TYPE_CHECKING:  # the engine as the type checker sees it from a mixin (_types.py)
    from ._types import EngineBase as _Engine
else:
    _Engine = object


def period_deck(source: ChanceSource, clock: dict[str, Any], period: int, league: str, overtime: bool) -> tuple[list[Card], list[Card]]:
    """A period's FAC pile (the top card last) and its Dead Ball Deck, shuffled by ``source``: 3.1's
    exact procedure (the Time cards inserted at their marks; no 11:00 card in the NBA's 4th quarter),
    8.2's overtime (the 10:00 card 30 cards from the bottom, the rest of the deck the Dead Ball Deck).
    ``clock``: the league's layout (``cards.CLOCK["nba"]`` or ``["college"]``). The engine and the FAC
    Extractor (:mod:`.extractor`) deal their decks here."""
    deck = list(K.DECK)
    source.shuffle(deck, "shuffle the FAC deck")
    tc = K.TIME_CARDS
    if overtime:  # 8.2
        ot = K.CLOCK["overtime"]
        n = ot["fac"]
        order = deck[:n - 30] + [tc["10:00"]] + deck[n - 30:n]
        dead = deck[n:]
    else:  # 3.1 exact procedure
        n = clock["fac"]
        marks = sorted(clock["time_cards"].items(), key=lambda kv: kv[1])
        order = []
        prev = 0
        for label, at in marks:
            order.extend(deck[prev:at])
            if not (label == "11:00" and period == 4 and league == "nba"):
                order.append(tc[label])
            prev = at
        order.extend(deck[prev:n])
        dead = deck[n:n + clock["dead_ball"]]
    order.reverse()  # the top of the pile is the end of the list
    return order, dead


class ClockMixin(_Engine):
    @property
    def overtime(self) -> bool:
        return self.period > 4

    @property
    def final_two(self) -> bool:
        """The final 2:00 of the game (4th quarter or overtime)."""
        return self.two_min and self.period >= 4

    @property
    def last_minute(self) -> bool:
        """The final minute of the period: the 11:00 card, or 15 cards or fewer after the 10:00 card."""
        return self.eleven or (self.two_min and len(self.fac) <= 15)

    def _build_period_deck(self) -> None:
        self.fac, self.dead = period_deck(self.source, self.clock, self.period, self.options.league, self.overtime)
        self.discard: list[Card] = []
        self.dead_from_discard = False

    def _draw(self, what: str, dead: bool = False) -> K.Card | None:
        """Draw the next FAC: from the FAC pile (time passes) or the Dead Ball Deck (it does not). With
        the FAC pile empty the period ends (8.1, :meth:`_end_period`) and the draw returns None: the
        caller returns at once (a draw from the Dead Ball Deck never returns None)."""
        if dead or (self.two_min and self.period >= 4 and what.startswith(("RPG", "Z READING"))):
            if not self.dead:  # 8.3: flip the discard pile, shuffle it, deal 20
                self.source.shuffle(self.discard, "reshuffle the discard pile")
                self.dead = self.discard[-20:]
                del self.discard[-20:]
                self.dead_from_discard = True  # seen cards, in an unknown order (docs/search.md)
                if not self.dead:
                    self.dead = list(K.DECK)
            card: Card = self.source.draw(self.dead, what + " (Dead Ball Deck)")
            self.discard.append(card)
            return card
        while True:
            if not self.fac:
                self._end_period()
                return None
            c: Card = self.source.draw(self.fac, what)
            if c.time:
                self._time_card(c.time)
                continue
            self.discard.append(c)
            if not self.fac and c.z[0] == K.Z_HEAVE and what in ("PRESS", "JUMP TO"):
                # 14O: a heave only "if the opposing team lost possession of the ball on the last FAC to
                # either a Jump To or PRESS result": remember the card and who had the ball when it was
                # drawn (RPG 1-200 with the home team on offense, 201-400 with the visitors)
                self.last_fac_heave = c.rpg + (200 if self.off == AWAY else 0)
            return c

    def _time_card(self, label: str) -> None:
        if self.log.record:
            self.event("time", None, f"-- {label} Time card (quarter {self.period}) --")
        if label in ("5:00", "9:00") and not self.overtime:
            self._rest_boundary()
            self.rest_period = 1 if label == "5:00" else 2
            # 5.4: by the 9:00 mark of the second and fourth quarters every player must have rested
            if label == "9:00" and self.period in (2, 4):
                half = 0 if self.period == 2 else 1
                for side in (HOME, AWAY):
                    for i, p in enumerate(self.teams[side].players):
                        if p.rest == 2 or (p.rest == 1 and half == 1):
                            continue
                        if not self.team_state[side].rested[i][half] and not self.team_state[side].tired[i]:
                            self.team_state[side].tired[i] = True
                            if i in self.team_state[side].lineup and self.log.record:
                                self.event("fatigue", side, f"{p.name} has not rested this half: Fatigued (5.4)")
                self._dirty()
            # 8.4: a team that has not called as many timeouts as quarters is charged one
            side = HOME if label == "5:00" else AWAY
            if self.team_state[side].timeouts_used < self.period and self.options.league == "nba":
                self.team_state[side].owed_timeout = True
        elif label == "10:00":
            self.two_min = True
            for ts in self.team_state:
                ts.team_fouls_last2 = 0
        elif label == "11:00":
            self.eleven = True

    def _rest_boundary(self) -> None:
        """End of a Rest Period (14A, 5.4): players who sat it out are rested."""
        half = 0 if self.period <= 2 else 1
        for side in (HOME, AWAY):
            ts = self.team_state[side]
            on = ts.lineup
            for i in range(len(self.teams[side].players)):
                if not ts.played_rp[i] and i not in on:
                    ts.rested[i][half] = True
                    if ts.tired[i] or ts.mandatory_rest[i]:
                        ts.tired[i] = False
                        ts.mandatory_rest[i] = False
                ts.played_rp[i] = i in on
        self.rp_grace = True
        self._dirty()

    @phase("period")
    def _phase_period(self) -> Decision | None:
        self.period += 1
        n_reg = 4
        self.two_min = self.eleven = False
        self._build_period_deck()
        lg = self.options.league
        # 6.3 per quarter; 19.5 per half; 20.9 FIBA overtimes continue the 4th quarter
        fouls_reset = lg == "nba" or (lg == "fiba" and not self.overtime) or (lg == "ncaa" and (self.period in (1, 3) or self.overtime))
        for ts in self.team_state:
            if fouls_reset:
                ts.team_fouls = 0
            ts.team_fouls_last2 = 0
            ts.index_spent = 0
            if self.period in (1, 3):
                ts.timeouts20_used = 0
        if self.inj_wait:  # 14G: the break between periods stops play for an injured defender
            self._injury_takes_effect()
        for side in (HOME, AWAY):
            ts = self.team_state[side]
            for i in range(len(self.teams[side].players)):
                if ts.status[i] == INJURED_OUT and ts.inj_until[i] < self.period:
                    ts.status[i] = OK
                if self.period == 3:
                    ts.tired[i] = False  # 5.4: penalties last for the rest of that half
                ts.played_rp[i] = i in ts.lineup
            ts.three_point_offense = ts.three_point_defense = False
        self.rp_grace = True
        self.rest_period = 0
        self.last_shot_used = False
        self._dirty()
        if self.log.record:
            self.event("period", None, f"== {'Overtime ' + str(self.period - n_reg) if self.overtime else 'Quarter ' + str(self.period)} ==")
        # who starts with the ball (3.4, 19.3, 20.3)
        college = self.options.league in ("ncaa", "fiba")
        if self.period == 1 or (self.overtime and not (self.options.league == "fiba")):
            self.ctx = {"jump": "tip"}
            after = PH_JUMP
        else:
            if college:
                if self.options.league == "ncaa" and self.period in (2, 4) and not self.overtime:
                    starter = self.off
                else:
                    starter = self.arrow
                    self.arrow = 1 - self.arrow
            else:
                starter = self.opening if self.period == 4 else 1 - self.opening
            self._new_possession(starter, dead=True, count=True)
            after = PH_UPCOURT
        self._open_menu([AWAY, HOME], after, "period")
        return None

    def _end_period(self) -> None:
        """8.1: the FAC pile has run out in the middle of a play: the play stops where it is (``_draw``
        returns None and each caller on the way back returns at once, a function that can stop a play
        returning ``STOP``: constants.Stop) and the period ends."""
        self._period_over()

    def _period_over(self) -> None:
        # 8.1 last shot: an ACTION/PRESS pass with a Pass # or an offensive rebound
        if (self.phase == PH_BALL and self.via in ("action", "press", "orb") and not self.last_shot_used
                and self.ballhandler >= 0):
            self.last_shot_used = True
            e = self.eff(self.off)[self.ballhandler]
            pen = max(0, self.pass_no - e[R_ATT])
            if self.log.record:
                self.event("last_shot", self.off, f"The period ends: {self.pname(self.off, self.ballhandler)} takes a last Forced Shot from the Dead Ball Deck (8.1)")
            self._setup_shot(self.ballhandler, three=False, forced=pen, dead=True, last=True)
            self.phase = PH_SHOT
            return
        # 14O desperation heave: the last FAC of the pile
        if self.last_fac_heave:
            rpg, had_ball = self.last_fac_heave % 200 or 200, AWAY if self.last_fac_heave > 200 else HOME
            side, slot = rpg_side(rpg), self._present(rpg_side(rpg), rpg_slot(rpg))
            if side == self.off and self.off != had_ball:  # the ball changed hands on that JUMP TO / PRESS
                self._made_three(side, slot)
                if self.log.record:
                    self.event("heave", side, f"{self.pname(side, slot)} hits a desperation heave at the buzzer! (14O)")
            self.last_fac_heave = 0
        self._rest_boundary()
        home, away = self.team_state[HOME].pts, self.team_state[AWAY].pts
        if self.log.record:
            self.event("period_end", None,
                       f"End of period {self.period}: {self.teams[HOME].name} {home}, {self.teams[AWAY].name} {away}")
        n_reg = 4
        if self.period >= n_reg and home != away:
            self.phase = PH_OVER
            self.event("final", None, f"Final: {self.teams[HOME].name} {home}, {self.teams[AWAY].name} {away}")
            return
        self.phase = PH_PERIOD
