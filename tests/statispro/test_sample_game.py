"""The 1993 rules' SAMPLE GAME replayed draw for draw (every printed FAC, in order)."""

from __future__ import annotations

import pytest

from coachgym.core.chance import ScriptedSource, ScriptExhausted
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import actions as A
from coachgym.rules.statispro.cards import ICON, card
from coachgym.rules.statispro.engine import AST, BLK, DRB, FGA, FGM, FTA, FTM, ORB, PF, PTS, TOV, TPA, TPM

from .helpers import drive, sample_draws

KNICKS = {"Starks": 0, "Rivers": 1, "Smith": 2, "Oakley": 3, "Ewing": 4}
BULLS = {"Jordan": 0, "Armstrong": 1, "Pippen": 2, "Grant": 3, "Cartwright": 4}


def test_sample_game_sections_are_in_the_deck_as_printed():
    data = sample_draws()
    for d in data["draws"]:
        if d["section"] == "rpg":
            continue
        c = card(d["rpg"])
        printed = d.get("deck", d["printed"])
        assert c.text[d["section"]] == printed, (d["rpg"], d["section"])
        # the deck text is the printed text with the Assist icon restored
        assert c.text[d["section"]].replace(ICON, "").replace(" ", "").rstrip(".") in \
            d["printed"].replace("3/", "").replace(" ", "").rstrip(".") + ("" if "deck" not in d else d["deck"].replace(ICON, "").replace(" ", "").rstrip("."))


def play_sample():
    script = [card(d["rpg"]) for d in sample_draws()["draws"]]
    game = RULESET.new_game("knicks-1993", "bulls-1993", source=ScriptedSource(script))
    bench_pg = 5  # the Bulls' first reserve (the sample's John Paxson has no printed card)
    plan = [
        ("ballhandler", A.SHOOT),  # Rivers recovers the block and shoots (7.2)
        ("ballhandler", A.ADVANCE),  # Jordan declines the shot for an assist chance (9A)
        ("ballhandler", A.SHOOT),  # Cartwright "still shoots because Jordan has set him up for an Open Shot" (4.4)
        ("ballhandler", A.ADVANCE),  # Starks extends the 24-second clock on an assist chance (13A)
        # Ewing's Open Shot comes on the extension itself: no ADVANCE is left, so he takes it (4.4)
        ("ballhandler", A.SHOOT),  # Oakley shoots the tip (10C)
        ("fast_break", A.FAST_BREAK),  # Cartwright starts the Fast Break (10A)
        ("menu:live", A.TIMEOUT20),  # Chicago: 20-second timeout after Jordan's Mandatory Rest (14A)
        ("menu:timeout", A.PLAY_ON),  # New York
        ("menu:timeout", A.SUBSTITUTE[(bench_pg, 0)]),  # Chicago: the reserve PG replaces Jordan
        ("menu:timeout", A.DOUBLE_TEAM[(4, 3)]),  # Chicago will Double Team Ewing with Grant (5.5)
        ("menu:timeout", A.PLAY_ON),
        ("ballhandler", A.ADVANCE),  # Ewing passes out of the Double Team (5.5)
    ]
    with pytest.raises(ScriptExhausted):
        drive(game, plan)
    return game


def test_sample_game_1993_replays_to_13_4():
    game = play_sample()
    assert game.score == (13, 4)
    k = {n: game.team_state[0].stats[i] for n, i in KNICKS.items()}
    b = {n: game.team_state[1].stats[i] for n, i in BULLS.items()}
    # every statistic the sample names
    assert (k["Oakley"][FGM], k["Oakley"][FGA], k["Oakley"][ORB]) == (0, 2, 1)
    assert (b["Grant"][BLK], b["Grant"][TOV]) == (1, 1)
    assert (k["Rivers"][FGM], k["Rivers"][FGA], k["Rivers"][ORB], k["Rivers"][PTS]) == (1, 2, 1, 2)
    assert (b["Cartwright"][FGM], b["Cartwright"][FGA], b["Cartwright"][DRB], b["Cartwright"][AST], b["Cartwright"][PF]) == (1, 2, 1, 1, 1)
    assert b["Jordan"][AST] == 1 and b["Jordan"][PF] == 2
    assert (b["Pippen"][FGM], b["Pippen"][FGA], b["Pippen"][PTS]) == (1, 2, 2)
    assert (k["Ewing"][FGM], k["Ewing"][FGA], k["Ewing"][FTM], k["Ewing"][FTA]) == (3, 4, 2, 2)
    assert (k["Ewing"][PTS], k["Ewing"][ORB], k["Ewing"][DRB]) == (8, 1, 1)
    assert (k["Starks"][TPM], k["Starks"][TPA], k["Starks"][PTS]) == (1, 1, 3)
    assert k["Smith"][DRB] == 1
    assert [ts.team_fouls for ts in game.team_state] == [0, 3]
    assert game.team_state[1].timeouts20_used == 1
    assert game.team_state[1].mandatory_rest[0]  # Jordan in the Mandatory Rest box
    assert game.team_state[1].lineup[0] == 5
    assert game.team_state[1].double_team == [4, 3]  # Chicago double-teams Ewing (roster 4) with Grant (roster 3)
    assert [ts.pts for ts in game.team_state] == [13, 4]
