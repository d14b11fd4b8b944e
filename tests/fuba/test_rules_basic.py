"""One test per basic rule (sections 1-5), each with scripted dice."""

from __future__ import annotations

from coachgym.rules.fuba import board as B

from .helpers import AWAY, HOME, A, FubaOptions, act, legal_areas, new_game, per_side, pick, scenario


# ---------------------------------------------------------------- 1 game basics, the board
def test_1_4_board_has_13_areas_4_each_side_5_in_the_middle():
    assert len(B.PLAYING) == 13
    zones = [B.ZONE[HOME][a] for a in B.PLAYING]
    assert zones.count(0) == 4 and zones.count(2) == 4 and zones.count(1) == 5
    for a in B.PLAYING:
        for b in B.ADJ[a]:
            assert a in B.ADJ[b]
    assert B.DIST[A("H-PA")][A("A-PA")] == 4
    # 5.3: one area (the corner area) between the penalty area and the corner-kick spot
    assert B.DIST[A("A-NK")][A("A-PA")] == 2 and B.ADJ[A("A-NK")] == (A("A-NC"),)


def test_1_4_1_at_most_six_players_counted_in_an_area():
    g = scenario(home=["H-PA"] + ["C"] * 8, away=["A-PA"] + ["C"] * 6, ball="C", bv=3, ct=HOME, phasing=AWAY,
                 stage="actions")
    assert g.raw_count(HOME, A("C")) == 8 and g.count(HOME, A("C")) == 6
    assert act("action", what="pressing") in g.decision.legal  # 6 v "6": at least equal


# ---------------------------------------------------------------- 2 team preparation
def test_2_1_formation_cards_are_hidden_until_both_chose():
    g = new_game([("kick-off roll home", 2), ("kick-off roll away", 1)])
    pick(g, "formation", d=3, m=5, f=2)
    assert g.decision.kind == "formation" and g.decision.side == AWAY
    assert not any("3-5-2" in line for line in g.play_by_play())
    pick(g, "formation", d=4, m=4, f=2)
    assert any("3-5-2" in line and "4-4-2" in line for line in g.play_by_play())


def test_2_2_half_time_formation_change_of_one_player():
    g = scenario([("momentum", 1), ("momentum", 1)], home=["H-PA", "C", "C"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="momentum", minute=45, stoppage=3)
    pick(g, "action", what="end")
    assert g.decision.kind == "line_change" and g.decision.side == HOME
    pick(g, "line_change", src=0, dst=2)
    assert g.team_state[HOME].formation == [3, 4, 3]
    pick(g, "line_change", src=-1, dst=-1)
    assert g.half == 2 and g.minute == 46 and g.controlling == AWAY  # the other team kicks off the second half


# ---------------------------------------------------------------- 3 match preparation
def _to_setup(first=HOME):
    g = new_game([("kick-off roll home", 6), ("kick-off roll away", 1)])
    pick(g, "formation", d=4, m=4, f=2)
    pick(g, "formation", d=4, m=4, f=2)
    pick(g, "kickoff", take=first == HOME)
    return g


def test_3_3_1_kickoff_setup_own_half_and_two_in_the_centre():
    g = _to_setup()
    assert g.ball == A("C") and g.ball_value == 2
    assert legal_areas(g, "place") == {B.IDS[a] for a in B.OWN_HALF_PARTLY[HOME]}
    for _ in range(8):
        pick(g, "place", area=A("H-F"))
    # two pieces left: both must go to the centre area; forced choices are taken automatically
    assert g.decision.side == AWAY
    assert g.raw_count(HOME, A("C")) == 2
    assert legal_areas(g, "place") == {B.IDS[a] for a in B.OWN_HALF_PARTLY[AWAY]}


def test_3_2_tied_kickoff_rolls_are_rerolled_and_weather_set_by_the_double():
    g = new_game([("kick-off roll home", 4), ("kick-off roll away", 4), ("kick-off roll home", 1),
                  ("kick-off roll away", 2)], FubaOptions(weather=True))
    pick(g, "formation", d=4, m=4, f=2)
    pick(g, "formation", d=4, m=4, f=2)
    assert g.weather == "wind" and g.decision.side == AWAY


# ---------------------------------------------------------------- 4.2 momentum
def test_4_2_1_actions_use_the_line_of_the_zone_with_the_ball():
    # ball in the attack zone: 4-4-2 has two forwards; dice 2 and 3 -> 1 + 1 = 2 actions
    g = scenario([("momentum", 2), ("momentum", 3)], home=["H-PA", "A-F", "A-F"], away=["A-PA", "A-PA", "A-NS"],
                 ball="A-F", bv=2, ct=HOME, stage="momentum")
    assert g.actions_left == 2


def test_4_2_2_2_time_marker_stops_on_first_stoppage_square():
    g = scenario([("momentum", 1), ("momentum", 2)], home=["H-PA", "C", "C"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="momentum", minute=44)
    assert g.actions_left == 3 and g.minute == 45 and g.stoppage == 1 and not g.half_ending


def test_4_2_2_1_set_pieces_add_a_minute():
    g = _goal_kick_game()
    assert g.minute == 11  # 10 + 1 at the beginning of the goal kick


# ---------------------------------------------------------------- 4.4 sprint
def test_4_4_sprint_moves_equal_lower_die_each_piece_once():
    g = scenario([("sprint", 5), ("sprint", 2)], home=["H-PA", "C", "H-F"], away=["A-PA", "C", "A-F"],
                 ball="C", bv=3, ct=AWAY, phasing=HOME, stage="actions", actions=2)
    pick(g, "action", what="sprint")
    assert g.decision.kind == "sprint"
    pick(g, "move_from", area=A("H-F"))
    pick(g, "move_to", area=A("H-NS"))
    assert "H-NS" not in legal_areas(g, "move_from")  # the moved piece cannot move again
    pick(g, "move_from", area=A("C"))
    pick(g, "move_to", area=A("A-F"))
    assert g.decision.kind == "action" and g.actions_left == 1  # two moves used


def test_4_4_2_dribbling_only_from_an_area_without_defenders():
    g = scenario([("sprint", 3), ("sprint", 3)], home=["H-PA", "C", "C"], away=["A-PA", "A-F"],
                 ball="C", bv=3, ct=HOME, stage="actions")
    pick(g, "action", what="sprint")
    pick(g, "move_from", area=A("C"))
    assert g.decision.kind == "sprint_to"
    assert any(g.actions[i].kind == "dribble_to" for i in g.decision.legal)
    pick(g, "dribble_to", area=A("A-NS"))
    assert g.ball == A("A-NS")
    pick(g, "move_from", area=A("C"))
    assert not any(g.actions[i].kind == "dribble_to" for i in g.decision.legal)  # the ball has left C
    g2 = scenario([("sprint", 3), ("sprint", 3)], home=["H-PA", "C", "C"], away=["A-PA", "C"],
                  ball="C", bv=3, ct=HOME, stage="actions")
    pick(g2, "action", what="sprint")
    pick(g2, "move_from", area=A("C"))
    assert not any(g2.actions[i].kind == "dribble_to" for i in g2.decision.legal)


def test_4_4_3_last_player_with_the_ball_cannot_leave_it():
    g = scenario([("sprint", 3), ("sprint", 3)], home=["H-PA", "C"], away=["A-PA", "C"],
                 ball="C", bv=3, ct=HOME, stage="actions")
    pick(g, "action", what="sprint")
    assert "C" not in legal_areas(g, "move_from")


# ---------------------------------------------------------------- 4.5 positioning, 4.6 pressing
def test_4_5_positioning_without_defender_in_ball_area_one_step_less():
    g = scenario([("positioning", 5), ("positioning", 6)], home=["H-PA", "C"], away=["A-PA", "A-F"],
                 ball="C", bv=2, ct=HOME, phasing=AWAY, stage="actions")
    pick(g, "action", what="positioning")
    assert g.ball_value == 3


def test_4_6_pressing_needs_at_least_equal_numbers():
    g = scenario(home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, phasing=AWAY, stage="actions")
    assert act("action", what="pressing") not in g.decision.legal


def test_4_6_pressing_with_more_players_raises_value_before_roll():
    g = scenario([("pressing", 3), ("pressing", 5)], home=["H-PA", "C"], away=["A-PA", "C", "C"],
                 ball="C", bv=3, ct=HOME, phasing=AWAY, stage="actions")
    pick(g, "action", what="pressing")
    assert g.controlling == AWAY and g.ball_value == 5  # 3 < 3+1: only one die lower -> the higher die


def test_4_6_pressing_both_lower_takes_lower_die_and_failure_lowers_value():
    g = scenario([("pressing", 1), ("pressing", 2)], home=["H-PA", "C"], away=["A-PA", "C"],
                 ball="C", bv=4, ct=HOME, phasing=AWAY, stage="actions")
    pick(g, "action", what="pressing")
    assert g.controlling == AWAY and g.ball_value == 1
    g = scenario([("pressing", 4), ("pressing", 6)], home=["H-PA", "C"], away=["A-PA", "C"],
                 ball="C", bv=4, ct=HOME, phasing=AWAY, stage="actions")
    pick(g, "action", what="pressing")
    assert g.controlling == HOME and g.ball_value == 3


def test_4_6_failed_pressing_reduces_the_raised_ball_value():
    # 4.6: with more players the ball value is increased by one before the roll (3 -> 4); the failure
    # then reduces it by one: back to 3. With equal numbers a failure leaves 3 - 1 = 2.
    g = scenario([("pressing", 4), ("pressing", 6)], home=["H-PA", "C"], away=["A-PA", "C", "C"],
                 ball="C", bv=3, ct=HOME, phasing=AWAY, stage="actions")
    pick(g, "action", what="pressing")
    assert g.controlling == HOME and g.ball_value == 3
    g = scenario([("pressing", 4), ("pressing", 6)], home=["H-PA", "C"], away=["A-PA", "C"],
                 ball="C", bv=3, ct=HOME, phasing=AWAY, stage="actions")
    pick(g, "action", what="pressing")
    assert g.controlling == HOME and g.ball_value == 2


# ---------------------------------------------------------------- 4.7 passing
def test_4_7_2_start_and_target_modifiers_and_limits():
    g = scenario(home=["H-PA", "C", "C", "A-NS", "A-NS"], away=["A-PA", "C", "A-NS", "A-F", "A-F", "A-F"],
                 ball="C", bv=2, ct=HOME, stage="actions")
    t = g.pass_targets(HOME)
    assert t[A("A-NS")] == 1  # start 2 v 1: -1; target 2 v 1: -1; never below 1
    assert t[A("A-F")] == 2  # start -1, target: opponent more (+1) -> 2
    g = scenario(home=["H-PA", "C", "A-NS"], away=["A-PA", "C", "C", "A-NS", "A-NS"], ball="C", bv=5, ct=HOME,
                 stage="actions")
    assert A("A-NS") not in g.pass_targets(HOME)  # 5 +1 +1 = 7: over 6, not a legal target


def test_4_7_1_offside_blocks_pass_targets():
    # away defends with the keeper and a defender in front of the box: a home player in A-PA is offside
    g = scenario(home=["H-PA", "C", "A-PA"], away=["A-PA", "A-F", "C"], ball="C", bv=2, ct=HOME, stage="actions")
    assert g.offside_areas(HOME)[A("A-PA")]
    assert A("A-PA") not in g.pass_targets(HOME)
    # the centre area is never offside; a backward pass is never restricted
    assert not g.offside_areas(HOME)[A("C")]


def test_4_7_3_failed_pass_defenders_take_the_ball_and_move_in():
    g = scenario([("pass", 1), ("pass", 2)], home=["H-PA", "C", "A-NS"], away=["A-PA", "A-F", "C"],
                 ball="C", bv=4, ct=HOME, stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NS"))
    # away had nobody in A-NS: a player from an adjacent area (C or A-F) must move in
    assert g.controlling == AWAY
    if g.decision.kind == "moves":
        assert "done" not in g.legal_labels()
        pick(g, "move_from", area=A("A-F"))
    assert g.raw_count(AWAY, A("A-NS")) == 1
    assert g.ball_value == 1  # adjacent, home had a player there: the lower die


def test_4_7_3_1_easy_situation_turns_failure_into_supportive_with_value_six():
    g = scenario([("pass", 1), ("pass", 1)], home=["H-PA", "C", "H-NS", "A-NS"], away=["A-PA", "A-PA", "A-NC"],
                 ball="C", bv=6, ct=HOME, stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("H-NS"))
    assert g.controlling == HOME
    pick(g, "done")  # the controlling team may move into the target area; it does not
    assert g.decision.side == AWAY  # the defending team may move one player
    pick(g, "done")
    assert g.ball_value == 6 and g.controlling == HOME


def test_4_7_3_supportive_without_support_ends_the_turn():
    g = scenario([("pass", 6), ("pass", 1)], home=["H-PA", "A-PA", "A-PA", "H-NS"], away=["A-PA", "A-PA", "A-PA", "A-F"],
                 ball="H-NS", bv=2, ct=HOME, stage="actions", actions=3)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))  # home players there, none next to it: nobody can support
    assert g.turns == 2 and g.phasing == AWAY  # no supporting player: the turn ended at once


def test_4_7_4_new_ball_value_highest_die_for_long_pass():
    g = scenario([("pass", 3), ("pass", 5)], home=["H-PA", "H-F", "A-NS", "A-NS"], away=["A-PA", "A-PA", "A-F"],
                 ball="H-F", bv=2, ct=HOME, stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-NS"))  # two steps: a long pass
    if g.decision.kind == "moves":
        pick(g, "done")
    assert g.ball_value == 5


# ---------------------------------------------------------------- 4.8 goal attempts
def test_4_8_no_goal_attempt_outside_the_opponents_half():
    g = scenario([("pass", 6), ("pass", 6)], home=["H-PA", "H-F", "C", "C"], away=["A-PA", "A-F"],
                 ball="H-F", bv=2, ct=HOME, stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("C"))
    if g.decision.kind == "moves":
        pick(g, "done")
    assert g.decision.kind == "action"


def _creative_in(area_from, area_to, home, away, bv, script, **kw):
    g = scenario([("pass", 6), ("pass", 6)] + script, home=home, away=away, ball=area_from, bv=bv, ct=HOME,
                 stage="actions", **kw)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A(area_to))
    if g.decision.kind == "moves":
        pick(g, "done")
    return g


def test_4_8_2_difficult_goal_attempt_six_then_beat_the_distance():
    # from A-NC (corner, -4), ball value 6 after the long-pass rule: needs far more than 6
    home = ["H-PA", "A-NS", "A-NC", "A-NC"]
    away = ["A-PA", "A-PA", "A-PA"]
    g = _creative_in("A-NS", "A-NC", home, away, 2, [("goal attempt", 6), ("difficult goal attempt", 5)])
    assert g.goal_need(HOME) > 6
    pick(g, "goal_attempt", shoot=True)
    assert g.score == (1, 0)
    g = _creative_in("A-NS", "A-NC", home, away, 2, [("goal attempt", 6), ("difficult goal attempt", 4)])
    pick(g, "goal_attempt", shoot=True)
    assert g.score == (0, 0) and g.team_state[HOME].stats["corners"] == 1
    g = _creative_in("A-NS", "A-NC", home, away, 2, [("goal attempt", 5)])
    pick(g, "goal_attempt", shoot=True)
    assert g.score == (0, 0) and g.controlling == AWAY  # goal kick


def test_4_8_3_keeper_out_of_his_area_allows_attempts_from_the_centre_plus_four():
    home = ["H-PA", "C", "C", "H-F"]
    away = ["A-F", "A-PA", "A-NS"]  # the away keeper stands in front of his box
    g = _creative_in("H-F", "C", home, away, 2, [("goal attempt", 1)])
    assert g.decision.kind == "goal_attempt"
    dist, mods = g.goal_modifiers(HOME)
    assert dist == -6 and mods == -6 + 1 - 1 + 4  # centre, more players in C, fewer in A-PA, keeper out


def test_4_8_1_rebound_defenders_win_and_the_new_defending_teams_die_is_the_ball_value():
    g = scenario([("pass", 2), ("pass", 2), ("goal attempt", 1), ("rebound controlling team", 1),
                  ("rebound defending team", 4)],
                 home=["H-PA", "A-PA", "A-PA", "A-PA"], away=["A-PA", "A-PA", "A-PA"], ball="A-PA", bv=1, ct=HOME,
                 stage="actions", actions=2)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-PA"))
    if g.decision.kind == "moves":
        pick(g, "done")
    # from the box: PA situation home 3 v 3: 0 -> need bv+1
    pick(g, "goal_attempt", shoot=True)
    # home 1 + 3 = 4 against away 4 + 2 (keeper not counted) = 6: away takes the ball; the new
    # defending team (home, the shooters) rolled 1, which is the new ball value
    assert g.controlling == AWAY and g.ball_value == 1 and g.score == (0, 0)


# ---------------------------------------------------------------- 5.1 offside
def test_5_1_offside_position_and_exceptions():
    g = scenario(home=["H-PA", "C", "A-NC", "A-NS"], away=["A-PA", "A-F", "A-NS"], ball="C", bv=2, ct=HOME,
                 stage="actions")
    off = g.offside_areas(HOME)
    assert off[A("A-NC")] and off[A("A-PA")]
    assert not off[A("A-NS")] and not off[A("A-F")] and not off[A("C")]
    # level with the ball: not offside
    off2 = g.offside_areas(HOME, ball=A("A-SC"))
    assert not off2[A("A-NC")]


def test_5_1_reaction_move_cannot_go_offside_but_may_go_straight_back():
    g = scenario(home=["H-PA", "C", "C", "C", "A-NS", "A-NS", "A-NC"], away=["A-PA", "A-F", "A-NS", "C"],
                 ball="C", bv=2, ct=HOME)
    pick(g, "move_from", area=A("A-NS"))  # home outnumbers there (2 v 1)
    dests = legal_areas(g, "move_to")
    assert "A-NC" not in dests and "A-F" in dests and "C" in dests


# ---------------------------------------------------------------- 5.2 free kicks, 5.5 penalty
def _foul_game(ball, home, away, extra=(), ct=HOME, fouled="defenders"):
    ev = ("special event defending team", 1) if fouled == "defenders" else ("special event defending team", 3)
    return scenario([("momentum", 3), ("momentum", 3), ("special event controlling team", 3), ev,
                     ("yellow card test", 1)] + list(extra),
                    home=home, away=away, ball=ball, bv=4, ct=ct, stage="momentum",
                    options=FubaOptions(special_events=True))


def test_5_2_free_kick_in_the_defenders_penalty_area_is_a_penalty():
    g = _foul_game("A-PA", ["H-PA", "A-PA", "A-F"], ["A-PA", "A-PA", "A-F"])
    assert g.team_state[HOME].stats["penalties"] == 1
    # 5.5.1 setup: the taker goes on the spot automatically, nobody else into the box
    assert g.decision.kind == "setup" and "A-PA" not in legal_areas(g, "place")


def test_5_2_3_quick_free_kick_defenders_move_at_most_as_many():
    g = _foul_game("C", ["H-PA", "C", "H-F", "H-F"], ["A-PA", "C", "A-F", "A-F"])
    assert g.controlling == HOME and g.ball_value == 2 and g.decision.kind == "moves" and g.decision.side == HOME
    assert g.minute == 14  # 10 + 3 actions + 1 for the free kick (4.2.2.1)
    pick(g, "move_from", area=A("H-F"))
    pick(g, "move_to", area=A("H-NS"))
    pick(g, "done")
    assert g.decision.side == AWAY
    pick(g, "move_from", area=A("A-F"))
    pick(g, "move_to", area=A("A-NS"))
    # one move made by the controlling team: the defending team is done after one
    assert g.decision.side == HOME and g.decision.kind == "reaction"
    assert g.set_piece == "free_kick"


def test_5_2_2_free_kick_one_action_pass_or_shot():
    g = _foul_game("A-F", ["H-PA", "A-F", "A-NS"], ["A-PA", "A-PA", "A-NS"])
    # not a quick free kick: setup for both, taker in the area
    while g.decision.kind == "setup":
        g.step(g.decision.legal[0])
    while g.decision.kind in ("reaction", "reaction_to"):
        pick(g, "done") if act("done") in g.decision.legal else g.step(g.decision.legal[0])
    assert g.decision.kind == "action" and g.actions_left == 1
    legal = set(g.legal_labels())
    assert "direct shot at goal (free kick)" in legal
    assert "sprint" not in legal


def test_5_5_penalty_table_keeper_guesses_right():
    g = _foul_game("A-PA", ["H-PA", "A-PA", "A-F"], ["A-PA", "A-PA", "A-F"], extra=[("penalty kick", 5)])
    while g.decision.kind == "setup":
        g.step(g.decision.legal[0])
    assert g.decision.kind == "keeper" and g.decision.side == AWAY
    pick(g, "keeper", spot=2)
    assert g.decision.kind == "kick" and g.decision.side == HOME
    pick(g, "kick", spot=2)  # kick right, keeper right: needs 2+ -> 5 scores
    assert g.score == (1, 0)


def test_5_5_penalty_saved_gives_goal_kick():
    g = _foul_game("A-PA", ["H-PA", "A-PA", "A-F"], ["A-PA", "A-PA", "A-F"], extra=[("penalty kick", 5)])
    while g.decision.kind == "setup":
        g.step(g.decision.legal[0])
    pick(g, "keeper", spot=0)
    pick(g, "kick", spot=2)  # kick right, keeper left: needs 6
    assert g.score == (0, 0) and g.controlling == AWAY and g.ball == A("A-PA") and g.ball_value == 2


# ---------------------------------------------------------------- 5.3 corner, 5.4 goal kick
def test_5_3_corner_taker_in_the_spot_one_pass_then_leaves_the_spot():
    g = scenario([("pass", 3), ("pass", 4), ("goal attempt", 4), ("pass", 6), ("pass", 6)],
                 home=["H-PA", "H-PA", "H-PA", "H-F"], away=["A-PA", "H-PA", "H-F", "H-F"], ball="H-F", bv=3, ct=AWAY,
                 stage="actions")
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("H-PA"))
    if g.decision.kind == "moves":
        pick(g, "done")
    pick(g, "goal_attempt", shoot=True)
    assert g.team_state[AWAY].stats["corners"] == 1
    assert g.decision.kind == "setup" and legal_areas(g, "place") == {"H-NK", "H-SK"}
    pick(g, "place", area=A("H-NK"))
    assert g.ball == A("H-NK") and g.ball_value == 2
    while g.decision.kind == "setup":
        g.step(g.decision.legal[0])
    while g.decision.kind in ("reaction", "reaction_to"):
        g.step(act("done") if act("done") in g.decision.legal else g.decision.legal[0])
    # one action, which must be a pass: the only legal action is taken automatically
    assert g.decision.kind == "pass_to"
    g.step(g.decision.legal[0])
    while g.decision.kind in ("moves", "moves_to", "goal_attempt"):
        g.step(act("done") if act("done") in g.decision.legal else act("goal_attempt", shoot=False)
               if g.decision.kind == "goal_attempt" else g.decision.legal[0])
    assert not any(p in B.SPOTS for p in g.team_state[AWAY].pos)  # the taker is back in the corner area
    assert g.phasing == HOME  # one action only


def _goal_kick_game():
    g = scenario([("pass", 6), ("pass", 6), ("goal attempt", 1)],
                 home=["H-PA", "A-PA", "A-F", "A-F"], away=["A-PA", "A-PA", "A-PA", "A-F"], ball="A-F", bv=2, ct=HOME,
                 stage="actions", minute=10)
    pick(g, "action", what="pass")
    pick(g, "pass_to", area=A("A-F"))
    if g.decision.kind == "moves":
        pick(g, "done")
    pick(g, "goal_attempt", shoot=True)
    return g


def test_5_4_goal_kick_clears_the_box_and_defenders_move_at_least_four():
    g = _goal_kick_game()
    assert g.controlling == AWAY and g.ball == A("A-PA") and g.ball_value == 2
    assert g.team_state[AWAY].pos[0] == A("A-PA") and g.raw_count(AWAY, A("A-PA")) == 1
    assert g.raw_count(HOME, A("A-PA")) == 0  # moved one area towards the centre circle
    pick(g, "done")  # controlling team moves nobody
    assert g.decision.side == HOME
    moved = 0
    while g.decision.side == HOME and g.decision.kind in ("moves", "moves_to"):
        if g.decision.kind == "moves":
            srcs = [i for i in g.decision.legal if g.actions[i].kind == "move_from"]
            if not srcs:
                break
            g.step(srcs[0])
            moved += 1
        else:
            g.step(g.decision.legal[0])
    assert moved <= 4


# ---------------------------------------------------------------- 5.6 cards
def test_5_6_1_yellow_test_three_only_on_own_side():
    g = _foul_game("A-F", ["H-PA", "A-F"], ["A-PA", "A-F"])  # scripted 1: no card
    assert per_side(g, "yellow") == [0, 0]
    g = scenario([("momentum", 3), ("momentum", 3), ("special event controlling team", 3),
                  ("special event defending team", 1), ("yellow card test", 3)],
                 home=["H-PA", "A-F"], away=["A-PA", "A-F"], ball="A-F", bv=4, ct=HOME, stage="momentum",
                 options=FubaOptions(special_events=True))
    assert g.team_state[AWAY].yellow == 1  # away fouls in its own half
    g = scenario([("momentum", 3), ("momentum", 3), ("special event controlling team", 3),
                  ("special event defending team", 1), ("yellow card test", 3)],
                 home=["H-PA", "H-F"], away=["A-PA", "H-F"], ball="H-F", bv=4, ct=HOME, stage="momentum",
                 options=FubaOptions(special_events=True))
    assert g.team_state[AWAY].yellow == 0  # 3 in the opponent's half: no card


def test_5_6_2_six_on_yellow_test_direct_red_on_one():
    g = scenario([("momentum", 3), ("momentum", 3), ("special event controlling team", 3),
                  ("special event defending team", 1), ("yellow card test", 6), ("red card test", 1)],
                 home=["H-PA", "A-F"], away=["A-PA", "A-F", "A-NS"], ball="A-F", bv=4, ct=HOME, stage="momentum",
                 options=FubaOptions(special_events=True))
    assert g.decision.kind == "remove"
    pick(g, "remove", area=A("A-NS"))
    assert g.team_state[AWAY].red == 1 and g.team_state[AWAY].yellow == 0  # die 1: one yellow discarded (a direct red)


# ---------------------------------------------------------------- added in the audit of issue 4
def test_1_5_zones_midfield_five_areas_defence_and_attack_four_each():
    from coachgym.rules.fuba.board import PLAYING, ZONE
    for side in (HOME, AWAY):
        zones = [ZONE[side][a] for a in PLAYING]
        assert zones.count(1) == 5 and zones.count(0) == 4 and zones.count(2) == 4
        # one team's defence zone is the other's attack zone
        assert all(ZONE[side][a] == 2 - ZONE[1 - side][a] for a in PLAYING)
    assert ZONE[HOME][A("H-PA")] == 0 and ZONE[HOME][A("C")] == 1 and ZONE[HOME][A("A-F")] == 2


def test_4_2_3_equal_momentum_dice_without_a13_have_no_special_event():
    # basic rules: a double at the momentum stage only counts for actions and time
    g = scenario([("momentum", 2), ("momentum", 2)], home=["H-PA", "C", "C"], away=["A-PA", "C"],
                 ball="C", bv=3, ct=HOME, stage="momentum")
    assert g.actions_left == 3 and g.ball_value == 3 and g.minute == 13
    assert not [e for e in g.log if e.kind == "special_event"]
    assert g.decision.kind == "action"


# ---------------------------------------------------------------- added in the second audit of issue 4
def test_3_1_time_marker_starts_on_the_first_minute_goals_on_zero():
    g = new_game([("kick-off roll home", 2), ("kick-off roll away", 6)])
    pick(g, "formation", d=4, m=4, f=2)
    pick(g, "formation", d=4, m=4, f=2)
    assert g.decision.kind == "kickoff" and g.decision.side == AWAY  # the higher roll chooses (3.2)
    pick(g, "kickoff", take=False)
    assert g.half == 1 and g.minute == 1 and g.stoppage == 0 and g.score == (0, 0)
    assert g.controlling == HOME and g.decision.kind == "setup" and g.decision.side == HOME  # 3.3: controlling team first


def test_4_2_2_3_end_of_the_half_second_half_kicked_off_by_the_other_team_from_minute_46():
    g = scenario([("momentum", 3), ("momentum", 2)], home=["H-PA", "C", "C"], away=["A-PA", "A-F", "A-F", "A-NS"],
                 ball="C", bv=2, ct=HOME, stage="momentum", minute=45, stoppage=2)
    g.first_kickoff = HOME
    pick(g, "action", what="end")
    pick(g, "line_change", src=-1, dst=-1)  # 2.2 half time, home first
    pick(g, "line_change", src=-1, dst=-1)
    assert g.half == 2 and g.minute == 46 and g.stoppage == 0
    assert g.controlling == AWAY and g.decision.kind == "setup" and g.decision.side == AWAY
    assert g.ball_value == 2 and g.ball == A("C")


def test_4_3_1_actions_of_the_controlling_and_the_defending_team():
    g = scenario(home=["H-PA", "C", "C"], away=["A-PA", "C", "C"], ball="C", bv=3, ct=HOME, stage="actions")
    labels = set(g.legal_labels())
    assert {"sprint", "passing", "end the action stage"} <= labels
    assert "positioning" not in labels and "pressing" not in labels
    g = scenario([("positioning", 1)] * 4, home=["H-PA", "C", "C"], away=["A-PA", "C", "C"], ball="C", bv=3, ct=HOME,
                 phasing=AWAY, stage="actions", actions=2)
    labels = set(g.legal_labels())
    assert {"sprint", "positioning", "pressing", "end the action stage"} <= labels and "passing" not in labels
    # the same action type may be chosen again in the same action stage
    pick(g, "action", what="positioning")
    assert g.decision.kind == "action" and g.actions_left == 1
    pick(g, "action", what="positioning")
    assert g.team_state[AWAY].stats["positionings"] == 2 and g.phasing == HOME


def test_4_turns_alternate_after_the_action_stage():
    g = scenario(home=["H-PA", "C", "C"], away=["A-PA", "C"], ball="C", bv=3, ct=HOME, stage="actions")
    turns = g.turns
    pick(g, "action", what="end")
    assert g.phasing == AWAY and g.turns == turns + 1 and g.controlling == HOME


def test_4_1_goalkeeper_next_to_his_penalty_area_may_step_back_into_it():
    # level in H-F (no majority move there): the keeper may still step into his penalty area
    g = scenario([("momentum", 6), ("momentum", 5)], home=["H-F", "C"], away=["A-PA", "C", "H-F"], ball="C", bv=3,
                 ct=AWAY, phasing=HOME)
    assert g.decision.kind == "reaction" and legal_areas(g, "move_from") == {"GK"}
    pick(g, "move_from", area=-1)
    assert g.team_state[HOME].pos[0] == A("H-PA")  # the only destination: taken automatically
    # not from an area that does not touch the penalty area
    g = scenario([("momentum", 6), ("momentum", 5)], home=["H-NS", "C"], away=["A-PA", "C", "H-NS"], ball="C", bv=3,
                 ct=AWAY, phasing=HOME)
    assert g.decision.kind == "action"  # no reaction move was possible


def test_4_4_1_sprint_cannot_move_into_an_offside_position_but_may_move_back():
    g = scenario([("sprint", 3), ("sprint", 3)], home=["H-PA", "C", "A-NC", "A-NS"], away=["A-PA", "A-F", "A-NS"],
                 ball="C", bv=2, ct=HOME, stage="actions")
    pick(g, "action", what="sprint")
    pick(g, "move_from", area=A("A-NS"))
    dests = legal_areas(g, "move_to")
    assert "A-NC" not in dests and "A-F" in dests and "H-NS" in dests
    pick(g, "move_to", area=A("A-F"))
    pick(g, "move_from", area=A("A-NC"))  # already offside: it may still move straight back
    # A-NS is its only destination (A-PA is offside, the corner-kick spot is no playing area): taken at once
    assert g.team_state[HOME].pos[2] == A("A-NS")


def test_4_7_2_start_area_situation_ignored_at_a_free_kick():
    kw = dict(home=["H-PA", "A-F", "A-NS"], away=["A-PA", "A-F", "A-F", "A-F"], ball="A-F", bv=2, ct=HOME)
    g = scenario(stage="actions", **kw)
    assert g.pass_targets(HOME)[A("A-NS")] == 2 + 1 - 1  # defenders outnumber in the start area: +1; target 1 v 0: -1
    g = scenario(set_piece="free_kick", **kw)
    while g.decision.kind in ("reaction", "reaction_to"):
        g.step(act("done") if act("done") in g.decision.legal else g.decision.legal[0])
    assert g.set_piece == "free_kick" and g.pass_targets(HOME)[A("A-NS")] == 2 - 1  # start area ignored
    # 5.2.2: not into the start area with fewer than two players there
    assert A("A-F") not in g.pass_targets(HOME)


def test_5_2_1_free_kick_setup_a_taker_must_stand_in_the_area():
    g = _foul_game("A-F", ["H-PA", "A-F", "A-NS"], ["A-PA", "A-PA", "A-NS"])
    assert g.decision.kind == "setup" and g.decision.side == HOME and g.ball == A("A-F") and g.ball_value == 2
    assert len(legal_areas(g, "place")) == 13  # "all other players can be set up without restriction"
    pick(g, "place", area=A("C"))
    # the last piece must take the kick: its only legal area, A-F, was taken automatically
    assert sorted(g.team_state[HOME].pos[1:3]) == sorted([A("C"), A("A-F")])
    assert g.decision.kind == "setup" and g.decision.side == AWAY


def test_1_3_roles_reverse_immediately_when_the_ball_is_won():
    # away (defending, phasing) wins the ball by pressing with its first action: it is the controlling
    # team at once and its second action may be a pass (4.3.1); the ball value is a die (1.3.1: 1-6)
    g = scenario([("pressing", 1), ("pressing", 2)], home=["H-PA", "C"], away=["A-PA", "C", "A-F"], ball="C",
                 bv=3, ct=HOME, phasing=AWAY, stage="actions", actions=2)
    pick(g, "action", what="pressing")
    assert g.controlling == AWAY and g.defending == HOME and g.ball_value == 1
    labels = set(g.legal_labels())
    assert "passing" in labels and "pressing" not in labels and "positioning" not in labels
