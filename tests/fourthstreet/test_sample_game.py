"""The rulebook's narrated sample game ("Playing the Game"), play by play, with scripted dice.

Boston is the visitor (Team Red), Los Angeles the home team (Team Blue). Cards carry the grades,
ratings and result cells printed in the text (tests/fourthstreet/data/sample_spec.json)."""

from __future__ import annotations

from coachgym.core.engine import AWAY, HOME
from coachgym.rules.fourthstreet import actions as A
from coachgym.rules.fourthstreet.engine import FourthStreetEngine

from .conftest import play_default, sample_teams, scripted

SCRIPT = [
    # jump ball at centre court: Cowens 6+2=8, Abdul-Jabbar 5+2=7, white 1 -> Boston's player 1
    ("red", 6), ("blue", 5), ("white", 1),
    # Boston setup: orange 3, black 2 on grid 2, white 2 -> Ford in 2B
    ("orange", 3), ("black", 2), ("white", 2),
    # Ford (L2 grade 2) 3+2=5 beats Johnson (Def L2 2) 1+2=3; Ford's Level 2 orange 2 black 5: nothing but net
    ("red", 3), ("blue", 1), ("orange", 2), ("black", 5), ("white", 3),
    # Los Angeles setup: orange 6, black 1, white 5 -> Abdul-Jabbar in 2D
    ("orange", 6), ("black", 1), ("white", 5),
    # Cowens 3+1=4, Abdul-Jabbar 1+3=4: tie -> offense; Level 2 orange 3 black 4 is blank: miss
    ("red", 3), ("blue", 1), ("orange", 3), ("black", 4), ("white", 3),
    # rebound: white 2 -> Ford dRb 0: 3, Johnson oRb 2: 5; grid 2 orange 5 black 4 -> 3B
    ("red", 3), ("blue", 3), ("orange", 5), ("black", 4), ("white", 2),
    # Ford Def L3 2: 1+2=3; Johnson L3 2: 2+2=4; Level 3 orange 6 black 5: pass forward to player 5 -> 2B
    ("red", 1), ("blue", 2), ("orange", 6), ("black", 5), ("white", 5),
    # Cowens 6+1=7 beats Abdul-Jabbar 1+3=4; Cowens' Defense orange 2 black 3: foul; white 3: act of shooting
    ("red", 6), ("blue", 1), ("orange", 2), ("black", 3), ("white", 3),
    # free throws: 2+1=3 '50/50', white 2 good; 5+5=10 blank, missed
    ("orange", 2), ("black", 1), ("white", 2),
    ("orange", 5), ("black", 5), ("white", 6),
    # rebound: white 6 -> defense, highest tRb: Bird (38)
    ("red", 3), ("blue", 3), ("orange", 6), ("black", 1), ("white", 6),
    # Boston setup: orange 1, black 2, white 6 -> highest rec (Bird 80), grid 4 -> 1A
    ("orange", 1), ("black", 2), ("white", 6),
    # Bird L1 2: 2+2=4, Haywood Def L1 1: 3+1=4, tie -> offense; Level 1 orange 3 black 2: dunk
    ("red", 2), ("blue", 3), ("orange", 3), ("black", 2), ("white", 5),
]


def _new():
    la, bos = sample_teams()
    src = scripted(SCRIPT)
    return FourthStreetEngine(la, bos, src), src


def test_sample_game_play_by_play():
    g, src = _new()
    texts = []
    play_default(g, picks={"jumper": lambda d: A.JUMPER[4]}, stop=lambda g: src.remaining == 0)
    texts = [e.text for e in g.log if e.kind not in ("forced",)]
    joined = "\n".join(texts)
    # the tip
    assert "Dave Cowens 8 - Kareem Abdul-Jabbar 7; BOS wins the tip" in joined
    # Ford's shot from 2B
    assert "setup: Chris Ford has the ball in 2B" in joined
    assert "Chris Ford (2B) 5 vs Magic Johnson 3: Chris Ford scores 2" in joined
    # Abdul-Jabbar's miss from 2D and Johnson's offensive rebound in 3B
    assert "setup: Kareem Abdul-Jabbar has the ball in 2D" in joined
    assert "Kareem Abdul-Jabbar (2D) 4 vs Dave Cowens 4: Kareem Abdul-Jabbar misses" in joined
    assert "offensive rebound Magic Johnson 5 - Chris Ford 3, ball in 3B" in joined
    # the pass forward to player 5 in 2B, then Cowens' foul and the free throws
    assert "Magic Johnson passes to Kareem Abdul-Jabbar in 2B" in joined
    assert "Dave Cowens fouls Kareem Abdul-Jabbar in the act of shooting (2 shots)" in joined
    assert "Kareem Abdul-Jabbar makes the free throw" in joined
    assert "Kareem Abdul-Jabbar misses the free throw" in joined
    # Bird's rebound (white 6: highest tRb) and his dunk from 1A
    assert "defensive rebound Larry Bird (highest tRb)" in joined
    assert "setup: Larry Bird has the ball in 1A" in joined
    assert "Larry Bird (1A) 4 vs Spencer Haywood 4: Larry Bird scores 2 (D)" in joined
    assert g.score == (1, 4)  # Los Angeles 1, Boston 4
    assert src.remaining == 0
    # clock: setup 5, shot 5, setup 5, shot 5, rebound 5, pass 5, foul 5, rebound 5, setup 5, dunk 5
    assert g.clock == 720 - 50
    box = g.box_score()
    bos = {p.name: p.stats for p in box.teams[AWAY].players}
    la = {p.name: p.stats for p in box.teams[HOME].players}
    assert bos["Chris Ford"]["fgm"] == 1 and bos["Larry Bird"]["pts"] == 2 and bos["Larry Bird"]["drb"] == 1
    assert la["Kareem Abdul-Jabbar"]["fga"] == 1 and la["Kareem Abdul-Jabbar"]["ftm"] == 1 and la["Kareem Abdul-Jabbar"]["fta"] == 2
    assert la["Magic Johnson"]["orb"] == 1 and bos["Dave Cowens"]["pf"] == 1
    # the pass preceded no basket, so Johnson has no assist; the dunk came off a setup play
    assert la["Magic Johnson"]["ast"] == 0


def test_sample_game_order_of_dice_requests():
    g, src = _new()
    play_default(g, stop=lambda g: src.remaining == 0)
    assert src.requests[:3] == ["red jump ball", "blue jump ball", "white jump ball possession"]
    assert src.requests[3:6] == ["orange setup location", "black setup location", "white setup recipient"]
