"""Property tests of the card schema (hypothesis): any valid card survives write -> parse, and its
20-sided table agrees with its ranges ("Read the 20-sided die")."""

from hypothesis import given, settings
from hypothesis import strategies as st

from coachgym.rules.valueadd.cards import MADE2, MADE3, MISS20, MISSED2, PlayerCard, parse_card
from coachgym.rules.valueadd.engine import three_point_table


@st.composite
def cards(draw):
    cuts = sorted(draw(st.lists(st.integers(0, 19), min_size=4, max_size=4)))
    tops = (*cuts, 19)
    return PlayerCard(
        name="P", positions=(draw(st.integers(1, 5)),), point_guard=draw(st.booleans()),
        extra=tuple(sorted(draw(st.sets(st.sampled_from([6, 7, 8]), max_size=3)))), stamina=draw(st.integers(0, 44)),
        steal=draw(st.integers(10, 22)), block=draw(st.integers(20, 32)), foul=draw(st.integers(33, 37)),
        turnover=draw(st.integers(40, 46)), shot=tops, free_throw=draw(st.integers(0, 20)),
        off_reb=draw(st.integers(0, 6)), def_reb=draw(st.integers(0, 6)), assist20=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(cards())
def test_card_round_trips_through_its_file_form(card):
    again = parse_card(card.to_file_dict(), "<prop>", "players[0].")
    assert again.to_dict() == card.to_dict()


@settings(max_examples=300, deadline=None)
@given(cards())
def test_shot_table_matches_ranges_and_20_is_a_miss(card):
    table = card.shot_table()
    assert table[20] == MISS20
    for r in range(1, 20):
        expected = next(i for i, top in enumerate(card.shot) if r <= top)
        assert table[r] == expected


@settings(max_examples=300, deadline=None)
@given(cards())
def test_three_point_mode_at_most_doubles_and_costs_two_made_twos_each(card):
    """'a player's range can no more than double' and 'can only add a maximum of one number for every
    number they subtract from the top of their 2-point made range'."""
    base, mode = card.shot_table(), three_point_table(card)
    threes = sum(1 for r in range(1, 20) if base[r] == MADE3)
    twos = sum(1 for r in range(1, 20) if base[r] == MADE2)
    threes_m = sum(1 for r in range(1, 20) if mode[r] == MADE3)
    twos_m = sum(1 for r in range(1, 20) if mode[r] == MADE2)
    added = threes_m - threes
    assert 0 <= added <= threes
    assert twos - twos_m == 2 * added
    # the other ranges are untouched
    assert [x for x in base if x > MADE2 and x != MISSED2] == [x for x in mode if x > MADE2 and x != MISSED2]
