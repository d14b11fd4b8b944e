"""Realism of by-the-book games (1979-80 NBA anchors) and the by-the-book coach's rules."""

from __future__ import annotations


from coachgym.agents.fourthstreet import ByTheBookCoach
from coachgym.core.engine import AWAY, HOME, Decision
from coachgym.core.match import play_game
from coachgym.rules.fourthstreet import RULESET
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.builder import build_card, free_throw_cells
from coachgym.rules.fourthstreet.engine import PTS

from tests import bands

from .conftest import game_at


def by_the_book_totals(n: int, options=None):
    names = RULESET.team_names()
    tot, sides = {}, 0
    for k in range(n):
        h, a = names[k % 4], names[(k + 1 + k // 4) % 4]
        if h == a:
            a = names[(k + 2) % 4]
        g = RULESET.new_game(h, a, seed=k, record_events=False, options=options)
        play_game(g, ByTheBookCoach(), ByTheBookCoach())
        box = g.box_score()
        for s in (HOME, AWAY):
            for key, v in box.totals(s).items():
                tot[key] = tot.get(key, 0) + v
            sides += 1
    return {k: v / sides for k, v in tot.items()}


# The current calibration of by-the-book games per team (mean, spread over these same 60 games),
# checked within 4 standard errors of 120 team-games (tests/bands.py); the real 1979-80 NBA league
# average beside each (evaluation/data/real_seasons.json; `coachgym realism fourthstreet`).
CALIBRATED = {  # column: (mean, sd), real 1979-80
    "pts": (102.5, 12.011),  # 109.3
    "fgm": (39.425, 5.572),  # 43.6
    "fga": (83.958, 6.332),  # 90.6
    "tpm": (0.575, 0.771),  # 0.8
    "tpa": (2.308, 1.764),  # 2.8
    "ftm": (23.075, 7.009),  # 21.3
    "fta": (30.275, 8.37),  # 27.8
    "orb": (16.917, 4.362),  # 15.1
    "drb": (31.308, 5.69),  # 29.9
    "ast": (19.675, 4.134),  # 25.8
    "stl": (8.983, 3.22),  # 9.4
    "blk": (6.392, 2.488),  # 5.3
    "tov": (18.708, 4.386),  # 18.9
    "pf": (24.133, 4.515),  # 24.4
}


def test_realism_by_the_book_vs_by_the_book_looks_like_a_1979_80_nba_box_score():
    t = by_the_book_totals(60)
    for column, (mean, sd) in CALIBRATED.items():
        bands.check(column, t[column], mean, sd, 120)
    assert t["reb"] == t["orb"] + t["drb"]
    # within sight of the real season (wide: the calibration's own gaps, e.g. assists, are documented)
    assert 95 <= t["pts"] <= 120 and 0.44 <= t["fgm"] / t["fga"] <= 0.52 and 0.70 <= t["ftm"] / t["fta"] <= 0.82


# ---------------------------------------------------------------- the card builder
def test_card_builder_free_throw_cells_reproduce_ft_percentage():
    for pct in (0.55, 0.7, 0.765, 0.85, 0.9):
        cells = free_throw_cells(pct).split()
        made = sum((6 - abs(k - 7)) * (1 if c == "N" else 0.5 if c == "U" else 0) for k, c in zip(range(2, 13), cells)) / 36
        assert abs(made - pct) <= 1 / 72 + 1e-9


def test_card_builder_symbol_frequencies_follow_the_statistics():
    base = {"name": "Test Player", "pos": 2, "g": 82, "min": 2800, "fgm": 500, "fga": 1050, "tpm": 40, "tpa": 130,
            "ftm": 200, "fta": 250, "orb": 80, "drb": 200, "ast": 300, "stl": 100, "blk": 20, "tov": 200, "pf": 220}
    card = build_card(base)
    thief = build_card({**base, "name": "Thief", "stl": 220})
    shooter = build_card({**base, "name": "Shooter", "tpa": 300, "tpm": 110})
    hacker = build_card({**base, "name": "Hacker", "pf": 330})

    def count(c, section, syms):
        return sum(tok in syms for row in c[section] for tok in row.split())

    assert count(thief, "defense", "S") > count(card, "defense", "S")
    assert count(shooter, "level3", "NUPO.") > count(card, "level3", "NUPO.")
    assert count(hacker, "defense", "F") > count(card, "defense", "F")
    assert count(card, "level1", "^<>alr") == 0


# ---------------------------------------------------------------- the by-the-book coach
def _decision(g, side, kind, legal):
    return Decision(side, kind, tuple(sorted(legal)), "")


def test_by_the_book_rests_a_fatigued_player():
    g = game_at(slot=1, zone="2B")
    side = AWAY
    i = g.lineup[side][1]
    g.stint[side][i] = g.player(side, 1).fat * 60 + 30
    legal = g._lineup_legal(side)
    a = ByTheBookCoach().choose(g, _decision(g, side, "lineup", legal))
    act = A.ACTIONS[a]
    assert act.kind == "sub" and act["slot"] == 1
    assert g.teams[side].players[act["player"]].pos in (1, 2, 3)


def test_by_the_book_doubles_a_dominant_scorer():
    g = game_at(slot=1, zone="2B")
    g.stats[HOME][g.lineup[HOME][4]][PTS] = 20
    for s in range(4):
        g.stats[HOME][g.lineup[HOME][s]][PTS] = 4
    a = ByTheBookCoach().choose(g, _decision(g, AWAY, "defense", A.DEF_MAN + A.DEF_PRESS))
    assert a == A.DEF_MAN[5]
    helper = ByTheBookCoach().choose(g, _decision(g, AWAY, "helper", [A.HELPER[s] for s in range(4)]))
    assert A.ACTIONS[helper]["slot"] != 4


def test_by_the_book_zones_against_a_strong_inside_team():
    g = game_at(slot=1, zone="2B", options={"zone_defense": True})
    for s in range(5):
        p = g.player(HOME, s)
        p.off = (None, 3, p.off[2], p.off[3])
    legal = list(A.DEF_MAN) + list(A.DEF_ZONE.values())
    assert ByTheBookCoach().choose(g, _decision(g, AWAY, "defense", legal)) == A.DEF_ZONE["collapsed"]


def test_by_the_book_end_game_strategies():
    g = game_at(slot=1, zone="2B", period=4, clock=40, pts=[100, 95])
    coach = ByTheBookCoach()
    # the trailing offense goes to the 3-point offense, the trailing defense fouls
    assert coach.choose(g, _decision(g, AWAY, "offense", [A.SETUP, A.THREE_PT])) == A.THREE_PT
    assert coach.choose(g, _decision(g, AWAY, "defense", list(A.DEF_MAN) + [A.INTENTIONAL])) == A.INTENTIONAL
    # the leading offense milks the clock
    assert coach.choose(g, _decision(g, HOME, "offense", [A.SETUP] + list(A.MILK.values()))) in A.MILK.values()
    g.clock, g.pts = 5, [100, 98]
    assert coach.choose(g, _decision(g, AWAY, "free_throw", [A.FT_NORMAL, A.FT_MISS])) == A.FT_MISS


def test_by_the_book_milks_the_full_clock_protecting_a_lead_and_holds_for_the_last_shot():
    coach = ByTheBookCoach()
    g = game_at(slot=1, zone="3B", period=4, clock=40, pts=[100, 95])
    holds = [A.HOLD[5], A.HOLD[10], A.HOLD[15]]
    assert coach.choose(g, _decision(g, HOME, "hold", holds)) == A.HOLD[15]  # protecting the lead: all of it
    assert coach.choose(g, _decision(g, HOME, "hold", [A.HOLD[0], A.HOLD[5]])) == A.HOLD[5]  # after the press
    g = game_at(slot=1, zone="3B", period=4, clock=18, pts=[90, 90])
    legal = [A.SETUP] + list(A.MILK.values())
    assert coach.choose(g, _decision(g, AWAY, "offense", legal)) in A.MILK.values()  # a tie: the last shot
    assert coach.choose(g, _decision(g, AWAY, "hold", holds)) == A.HOLD[10]  # leaves 8 seconds for the shot
    g.clock = 40
    assert coach.choose(g, _decision(g, AWAY, "offense", legal)) == A.SETUP
    g.period, g.clock = 1, 18
    assert coach.choose(g, _decision(g, AWAY, "offense", legal)) == A.SETUP
    g = game_at(slot=1, zone="3B", period=4, clock=200, pts=[90, 100])
    assert coach.choose(g, _decision(g, AWAY, "offense", [A.SETUP, A.KICK_STOP])) == A.KICK_STOP  # leading: stop
