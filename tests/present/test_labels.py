"""The seat's labels and defaults (issue 35, item 3): the shot clock never "-1 seconds", Value Add's
box countdown in words, Statis Pro's play-by-play in words instead of card codes, a marked default in
every second step (Enter with "Take John Starks out" open), FUBA's first step folded, and
``coachgym play --friend``."""

from __future__ import annotations

from click.testing import CliRunner

from coachgym.cli import main
from coachgym.present import feed_lines
from coachgym.present.seat import Seat, then_default
from coachgym.present.texts import words
from coachgym.rules.fourthstreet import RULESET as FOURTH
from coachgym.rules.fourthstreet.present import PRESENTER as FOURTH_P
from coachgym.rules.valueadd import RULESET as VALUEADD
from coachgym.rules.valueadd.present import PRESENTER as VALUEADD_P


def test_4th_street_shot_clock_run_out_is_said_in_words():
    g = FOURTH.new_game(seed=3)
    for _ in range(40):  # a few plays in, at a call before a setup play
        g.step(g.decision.legal[0])
    while "shot clock" not in (FOURTH_P.situation(g).ball or ""):
        g.step(g.decision.legal[0])
    g.shot_clock = -1  # the engine counts on below 0 before the violation is called
    sit = FOURTH_P.situation(g)
    facts = dict(sit.facts)
    assert facts["shot clock"] == "run out: the next play is a shot-clock violation"
    assert "-1" not in (sit.ball or "") and "run out" in (sit.ball or "")
    g.shot_clock = 14
    assert dict(FOURTH_P.situation(g).facts)["shot clock"] == "14 seconds"


def test_value_add_clock_counts_the_boxes_left():
    g = VALUEADD.new_game(seed=3)
    assert VALUEADD_P.situation(g).clock == "44 boxes left"
    g.box = 1
    assert VALUEADD_P.situation(g).clock.startswith("1 box left")
    g.half = 1
    assert VALUEADD_P.situation(g).clock == "1 box left, bottom half"


def test_statis_pro_play_by_play_in_words():
    say = words("statispro")
    assert say("RPG 145 ADVANCE: Kicked Ball") == "On the advance: kicked ball"
    assert say("RPG 50 ADVANCE: Pass to PF #23 \U0001F3C05") == "On the advance: a pass to the PF"
    assert say("Horace Grant has the ball (Pass #23 assist 5)") == "Horace Grant has the ball"
    assert say("RPG 31 SHOT # 31 (needs 60): Patrick Ewing scores 2 (2-0)") == \
        "Patrick Ewing scores 2 (2-0) (shot number 31, good on 60 or less)"
    assert say("RPG 182 REBOUND: Highest PG; Add +5 to Defense. #3 \U0001F3C017") == \
        "Rebound: the better rebounder of the two PGs (the defense +5)"
    assert say("RPG 197 ADVANCE: Pass to C #3; S7 or higher at Defense SF steals") == \
        "On the advance: a pass to the C (the defense's SF steals it with S 7 or more)"
    assert words("fuba")("Blue FC: pass to A-F") == "Blue FC: pass to A-F"  # a ruleset without the list keeps its lines
    # a whole game's feed: no card code left
    seat = Seat.new("statispro", side="home", opponent="by-the-book", seed=5)
    seat.continue_to("end")
    lines = feed_lines(seat.view_game().log.events, "statispro")
    assert len(lines) > 300
    assert not [x for x in lines if "RPG " in x or "SHOT #" in x or "FOUL #" in x][:3]
    raw = feed_lines(seat.view_game().log.events)
    assert any(x.startswith("RPG ") for x in raw)  # (the engine's own lines, in the save, unchanged)


def test_every_second_step_has_a_marked_default():
    """Enter with a second step open ("Take John Starks out") takes a marked default: the book's
    choice where it is there, else the first man listed who plays the position."""
    for ruleset in ("statispro", "valueadd", "fourthstreet"):
        seat = Seat.new(ruleset, side="home", opponent="by-the-book", seed=3)
        found = 0
        for _ in range(80):
            dv = seat.pending()
            if dv is None:
                break
            for g in dv.groups:
                for c in g.choices:
                    if c.then:
                        assert sum(t.default for t in c.then) == 1, (ruleset, c.label)
                        found += c.key.startswith("out")
            seat.choose(dv.default_action if dv.default_action is not None else dv.choices()[0].action,
                        number=seat.number)
        assert found, ruleset
    # the position the step names comes first, before a man who would play out of position
    from coachgym.present.model import Choice
    out = Choice("out:0", "PG John Starks", then_title="Who goes in for John Starks at PG?", then=[
        Choice("in:6", "Orrin Ashford (SF/PF, FG 43)", action=6), Choice("in:5", "Pierce Thornbury (PG/SG, FG 44)", action=5)])
    assert then_default(out, None).action == 5
    assert then_default(out, 6).action == 6  # the book's choice first


def test_play_friend_starts_a_two_person_game_at_one_terminal(tmp_path):
    res = CliRunner().invoke(main, ["play", "statispro", "--friend", "--seed", "4", "--no-clear", "--height", "40",
                                    "--save", str(tmp_path / "g.json")], input="q\nn\n", catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "Two people, one terminal" in res.output and "a two-person game at one keyboard" in res.output
    assert "Play against a friend" in res.output  # how to play it from two browsers
    bad = CliRunner().invoke(main, ["play", "statispro", "--friend", "--opponent", "random"])
    assert bad.exit_code != 0 and "--friend plays against a person" in bad.output
