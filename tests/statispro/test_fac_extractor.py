"""The FAC Extractor (2015 edition 3.1, 8.1-8.3) for people at a table: its Python API and the
``coachgym fac`` command driven through real input."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.core.chance import SeededSource
from coachgym.core.errors import ConfigError, SavedGameError
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.clock import period_deck
from coachgym.rules.statispro.extractor import FacExtractor


def test_3_1_shuffle_deals_a_quarter_of_180_fac_with_the_time_cards_and_20_dead_ball_cards():
    fx = FacExtractor(seed=1)
    assert fx.period == 1 and fx.cards_left == 180 and len(fx.dead) == 20 and fx.time_left == "12:00"
    assert sorted(c.time for c in fx.fac if c.time) == ["10:00", "11:00", "5:00", "9:00"]
    rpgs = [c.rpg for c in fx.fac if not c.time] + [c.rpg for c in fx.dead]
    assert len(set(rpgs)) == 200  # every FAC of the deck once: the pile and the Dead Ball Deck


def test_3_1_the_extractor_deals_as_the_engine_does():
    """The same shuffle gives the same pile: the extractor and the engine share period_deck."""
    fx = FacExtractor(seed=42)
    fac, dead = period_deck(SeededSource(42), K.CLOCK["nba"], 1, "nba", False)
    assert [c.key for c in fx.fac] == [c.key for c in fac] and [c.key for c in fx.dead] == [c.key for c in dead]


def test_time_runs_4_seconds_a_card_and_time_cards_mark_5_9_10_11_minutes():
    fx = FacExtractor(seed=3)
    marks = {}
    while not fx.period_over:
        d = fx.draw()
        for label in d.time_cards:
            marks[label] = fx.drawn - 1  # FACs played before the mark was reached
    assert marks == {"5:00": 75, "9:00": 135, "10:00": 150, "11:00": 165}  # 3.1: 4 s per FAC
    assert fx.time_left == "0:00" and fx.time_played == "12:00"


def test_8_1_a_quarter_ends_with_the_pile_and_the_next_shuffle_deals_the_next_quarter():
    fx = FacExtractor(seed=5)
    for _ in range(180):
        fx.draw()
    assert fx.period_over
    with pytest.raises(ConfigError, match="quarter 1 is over"):
        fx.draw()
    fx.shuffle()
    assert fx.period == 2 and fx.cards_left == 180 and fx.time_left == "12:00"


def test_4th_quarter_has_no_11_00_card():
    fx = FacExtractor(seed=5)
    fx.shuffle(4)
    assert sorted(c.time for c in fx.fac if c.time) == ["10:00", "5:00", "9:00"]


def test_8_2_overtime_is_75_fac_with_the_10_00_card_30_from_the_bottom():
    fx = FacExtractor(seed=9)
    fx.shuffle(5)
    assert fx.overtime and fx.period_name == "overtime 1" and fx.cards_left == 75 and fx.time_left == "5:00"
    assert [c.time for c in fx.fac if c.time] == ["10:00"]
    assert [c.time for c in fx.fac].index("10:00") == 30  # the pile's bottom is the list's start


@pytest.mark.parametrize("league, usual", [("nba", 20), ("ncaa", 50), ("fiba", 50)])
def test_8_2_extractor_overtime_dead_ball_deck_is_ready_as_usually(league, usual):
    """8.2 "If you use the FAC Extractor: ... Then flip FACs until the Time Left clock shows "5:00" as 75
    cards left. The "DEAD BALL" Deck is ready as usually": a quarter's Dead Ball Deck (20 cards, 50 in
    college), not the rest of the deck (125) that 8.2's card-deck procedure uses. The flipped cards lie
    on the discard pile, which 8.3 deals from when the Dead Ball Deck runs out."""
    fx = FacExtractor(league, seed=9)
    fx.shuffle(5)
    assert fx.overtime and fx.cards_left == 75 and len(fx.dead) == usual
    rpgs = [c.rpg for c in fx.fac if not c.time] + [c.rpg for c in fx.dead] + [c.rpg for c in fx.discard]
    assert len(rpgs) == len(set(rpgs)) == 200 and len(fx.discard) == 200 - 75 - usual
    for _ in range(usual):
        assert not fx.draw_dead().reshuffled
    assert fx.draw_dead().reshuffled  # then 8.3: from the discard pile
    assert FacExtractor.from_dict(json.loads(json.dumps(fx.to_dict()))).to_dict() == fx.to_dict()


@pytest.mark.parametrize("league", ["ncaa", "fiba"])
def test_19_1_and_20_1_college_decks_are_150_fac_and_50_dead_ball_cards(league):
    fx = FacExtractor(league, seed=2)
    assert fx.cards_left == 150 and len(fx.dead) == 50 and fx.time_left == "10:00"


def test_8_3_dead_ball_deck_takes_no_time_and_is_refilled_from_the_discard_pile():
    fx = FacExtractor(seed=4)
    for _ in range(30):
        fx.draw()
    left = fx.time_left
    for _ in range(20):
        d = fx.draw_dead()
        assert d.dead_ball and not d.reshuffled and fx.time_left == left
    d = fx.draw_dead()  # the 21st: the discard pile flipped, shuffled, 20 dealt
    assert d.reshuffled and len(fx.dead) == 19 and fx.time_left == left


def test_same_seed_same_cards_and_the_state_saves_and_restores():
    a, b = FacExtractor(seed=11), FacExtractor(seed=11)
    assert [a.draw().card.rpg for _ in range(10)] == [b.draw().card.rpg for _ in range(10)]
    c = FacExtractor.from_dict(json.loads(json.dumps(a.to_dict())))
    assert [a.draw().card.rpg for _ in range(5)] == [c.draw().card.rpg for _ in range(5)]
    bad = a.to_dict()
    bad["fac"][0] = "999"
    with pytest.raises(SavedGameError, match=r"field fac\[0\]"):
        FacExtractor.from_dict(bad)


def test_a_drawn_card_prints_every_section_under_the_cards_headings():
    d = FacExtractor(seed=1).draw()
    lines = d.lines()
    assert lines[0] == f"FAC {d.card.rpg}"
    for heading in ("ACTION", "ADVANCE", "PRESS", "SHOT #", "REBOUND", "FOUL #", "JUMP TO", "Z READING", "BLOCK"):
        assert any(line.strip().startswith(heading + "  ") for line in lines[1:]), heading
    assert d.card.text["shot"] in "\n".join(lines)


def test_fac_command_draw_prints_cards_and_the_clock():
    res = CliRunner().invoke(main, ["fac", "--seed", "3", "--draw", "3"])
    assert res.exit_code == 0, res.output
    assert res.output.count("FOUL #") == 3 and "[quarter 1: 11:48 left, 177 FAC in the pile" in res.output


def test_fac_command_keeps_its_deck_in_a_state_file(tmp_path):
    state = tmp_path / "deck.json"
    runner = CliRunner()
    runner.invoke(main, ["fac", "--seed", "3", "--draw", "2", "--state", str(state)])
    res = runner.invoke(main, ["fac", "--draw", "1", "--state", str(state)])
    assert "going on with the nba deck" in res.output and "11:48 left" in res.output
    state.write_text("{broken")
    res = runner.invoke(main, ["fac", "--state", str(state)])
    assert res.exit_code != 0 and "deck.json" in res.output and "Traceback" not in res.output


def test_fac_command_through_a_real_terminal():
    """Typed keys in a pseudo-terminal: Enter draws, d the Dead Ball Deck, s shuffles, q quits."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-c", "from coachgym.cli import run; run()", "fac", "--seed", "8"],
                          encoding="utf-8", timeout=60)
    child.expect(r"12:00 left, 180 FAC in the pile.*> ")
    child.sendline("")
    child.expect(r"FAC \d+")
    child.expect(r"11:56 left, 179 FAC in the pile.*> ")
    child.sendline("d")
    child.expect(r"\(Dead Ball Deck\)")
    child.expect(r"11:56 left, 179 FAC in the pile, 19 in the Dead Ball Deck\] > ")
    child.sendline("zzz")
    child.expect("Enter: next FAC")
    child.sendline("s")
    child.expect(r"quarter 2 deck is ready")
    child.expect(r"quarter 2: 12:00 left")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
