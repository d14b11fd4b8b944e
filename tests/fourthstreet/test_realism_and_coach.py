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
CALIBRATED = {  # column: (mean, sd), real 1979-80; card builder calibration 2 (engine version 2)
    "pts": (105.467, 13.365),  # 109.3
    "fgm": (41.875, 5.923),  # 43.6
    "fga": (87.008, 7.448),  # 90.6
    "tpm": (0.817, 0.987),  # 0.8
    "tpa": (2.525, 1.905),  # 2.8
    "ftm": (20.900, 7.194),  # 21.3
    "fta": (27.175, 8.940),  # 27.8
    "orb": (16.900, 4.848),  # 15.1
    "drb": (31.442, 4.945),  # 29.9
    "ast": (22.508, 4.758),  # 25.8
    "stl": (8.925, 3.192),  # 9.4
    "blk": (5.467, 2.628),  # 5.3
    "tov": (18.933, 4.162),  # 18.9
    "pf": (24.467, 4.960),  # 24.4
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


def test_card_builder_bundled_teams_are_the_builders_cards_of_their_season_lines():
    """The four bundled teams (and the sample game's fixtures) are exactly what the card builder makes
    of their season lines with data/card_builder.json, and say so (provenance: their "built")."""
    import json
    from importlib import resources
    from pathlib import Path

    from coachgym.rules.fourthstreet.builder import build_team, calibration

    data = resources.files("coachgym.rules.fourthstreet").joinpath("data")
    spec = json.loads(data.joinpath("fictional_stats.json").read_text())
    assert calibration()["calibration"].startswith("2:")
    for team in spec["teams"]:
        bundled = json.loads(data.joinpath("teams", f"{team['id']}.json").read_text())
        assert bundled == build_team(team), team["id"]
        assert bundled["built"].endswith("data/card_builder.json calibration 2") and bundled["note"] == team["note"]
    here = Path(__file__).parent / "data"
    for team in json.loads((here / "sample_spec.json").read_text())["teams"]:
        fixture = json.loads((here / f"{team['id']}.json").read_text())
        assert fixture == build_team(team) and "printed cells and grades of the text applied" in fixture["built"]


def test_card_builder_constants_replaced_for_an_experiment_change_the_card_and_say_so():
    from coachgym.rules.fourthstreet.builder import build_team

    base = {"name": "Test Player", "pos": 1, "g": 82, "min": 2800, "fgm": 500, "fga": 1050, "tpm": 40, "tpa": 130,
            "ftm": 200, "fta": 250, "orb": 80, "drb": 200, "ast": 300, "stl": 100, "blk": 20, "tov": 200, "pf": 220}

    def count(c, syms):
        return sum(tok in syms for sec in ("level2", "level3") for row in c[sec] for tok in row.split())

    assert count(build_card(base), "@") > 0 and count(build_card(base, {"feed_cells_per_ast36": 0}), "@") == 0
    no_drives = build_card(base, {"level2_drive_share": [0, 0], "level3_drive_share": [0, 0]})
    assert count(build_card(base), "alr") > 0 and count(no_drives, "alr") == 0
    assert count(no_drives, "^<>") == count(build_card(base), "^<>alr")  # drives became passes
    charges = build_card(base, {"defense_charge_cells": 3})
    assert sum(row.split().count("C") for row in charges["defense"]) == 3
    players = [dict(base, name=f"P{i}", pos=i % 5 + 1) for i in range(10)]
    team = build_team({"name": "T", "fictional": True, "lineup": [f"P{i}" for i in range(5)], "players": players},
                      {"feed_cells_per_ast36": 0})
    assert team["built"].endswith('calibration 2 with {"feed_cells_per_ast36": 0}')


def test_calibration_tool_plays_rebuilt_teams_and_tells_where_the_assists_come_from():
    """tools/fourthstreet_calibration.py: the realism set on teams rebuilt with other constants."""
    import subprocess
    import sys
    from pathlib import Path

    tool = Path(__file__).resolve().parents[2] / "tools" / "fourthstreet_calibration.py"
    out = subprocess.run([sys.executable, str(tool), "--games", "4", "--set", "feed_cells_per_ast36=0"],
                         capture_output=True, text=True, check=True).stdout
    assert "constants {'feed_cells_per_ast36': 0}" in out and "beautiful feed 0.00" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:] if line[:1].isupper()}
    assert {"PTS", "FTA", "AST", "PF", "POSS"} <= set(rows) and float(rows["FTA"][3]) == 27.8
    bad = subprocess.run([sys.executable, str(tool), "--set", "nope=1"], capture_output=True, text=True)
    assert bad.returncode != 0 and "KEY one of:" in bad.stderr and "feed_cells_per_ast36" in bad.stderr


# ---------------------------------------------------------------- the by-the-book coach
def _decision(g, side, kind, legal):
    return Decision(side, kind, tuple(sorted(legal)), "")


def test_by_the_book_rests_a_fatigued_player():
    g = game_at(slot=1, zone="2B")
    side = AWAY
    i = g.team_state[side].lineup[1]
    g.stint[side][i] = g.player(side, 1).fat * 60 + 30
    legal = g._lineup_legal(side)
    a = ByTheBookCoach().choose(g, _decision(g, side, "lineup", legal))
    act = A.ACTIONS[a]
    assert act.kind == "sub" and act["slot"] == 1
    assert g.teams[side].players[act["player"]].pos in (1, 2, 3)


def test_by_the_book_doubles_a_dominant_scorer():
    g = game_at(slot=1, zone="2B")
    g.team_state[HOME].stats[g.team_state[HOME].lineup[4]][PTS] = 20
    for s in range(4):
        g.team_state[HOME].stats[g.team_state[HOME].lineup[s]][PTS] = 4
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
    g.clock, (g.team_state[0].pts, g.team_state[1].pts) = 5, [100, 98]
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
