"""The one chance source per game: seeded, scripted, serializable."""

import json
import random

import pytest

from coachgym.core.chance import ChanceError, ChanceSource, ScriptedSource, ScriptExhausted, SeededSource


def test_seeded_source_is_reproducible_and_ignores_global_generators():
    a, b = SeededSource(42), SeededSource(42)
    seq_a = [a.roll(20) for _ in range(50)]
    random.seed(1)
    random.random()
    seq_b = [b.roll(20) for _ in range(50)]
    assert seq_a == seq_b
    assert all(1 <= v <= 20 for v in seq_a)
    assert len(set(seq_a)) > 5


def test_seeded_source_covers_every_face_uniformly():
    src = SeededSource(7)
    counts = [0] * 6
    for _ in range(60000):
        counts[src.roll(6) - 1] += 1
    assert all(9500 < c < 10500 for c in counts)


def test_seeded_state_round_trips_through_json_mid_stream():
    src = SeededSource(3)
    for _ in range(17):
        src.roll(8)
    saved = json.loads(json.dumps(src.to_dict()))
    restored = ChanceSource.from_dict(saved)
    assert [src.roll(6) for _ in range(30)] == [restored.roll(6) for _ in range(30)]


def test_shuffle_and_draw_are_seeded():
    deck_a, deck_b = list(range(200)), list(range(200))
    SeededSource(5).shuffle(deck_a)
    SeededSource(5).shuffle(deck_b)
    assert deck_a == deck_b != list(range(200))
    src = SeededSource(1)
    assert src.draw(deck_a) == deck_b[-1] and len(deck_a) == 199
    with pytest.raises(ChanceError, match="empty"):
        src.draw([])


def test_scripted_source_hands_out_exactly_the_script():
    src = ScriptedSource([3, ("d6 tens", 4), ("ones", 1)])
    assert src.roll(8, "d8 ballhandler") == 3
    assert src.roll(6, "d6 tens") == 4
    assert src.roll(6, "d6 ones") == 1
    assert src.remaining == 0
    src.assert_used_up()
    with pytest.raises(ScriptExhausted, match="d20"):
        src.roll(20, "d20 offensive card")


def test_scripted_source_checks_die_names_and_faces():
    with pytest.raises(ChanceError, match="is for 'd20'"):
        ScriptedSource([("d20", 5)]).roll(8, "d8 ballhandler")
    with pytest.raises(ChanceError, match="not a face of a d6"):
        ScriptedSource([7]).roll(6, "d6 tens")
    with pytest.raises(ChanceError, match="never used"):
        ScriptedSource([1, 2]).assert_used_up()


def test_scripted_source_draws_cards_and_falls_back():
    card = {"RPG": 5, "JUMP TO": "+3 SF"}
    pile = [{"RPG": 1}, card]
    src = ScriptedSource([card], fallback=SeededSource(9))
    assert src.draw(pile, "FAC") is card and card not in pile
    # script used up: the fallback takes over
    assert 1 <= src.roll(6) <= 6
    with pytest.raises(ChanceError, match="drew a card"):
        ScriptedSource([4]).draw(pile)


def test_scripted_state_round_trips():
    src = ScriptedSource([1, ("d6", 2), 3])
    src.roll(8)
    restored = ChanceSource.from_dict(json.loads(json.dumps(src.to_dict())))
    assert restored.roll(6, "d6 ones") == 2 and restored.roll(20) == 3


def test_the_written_out_shuffle_is_random_shuffle_swap_for_swap():
    """SeededSource.shuffle spells out random.Random.shuffle (for speed): same order, same generator
    state after, for every deck size the rules use and the edge cases."""
    import random

    for seed in range(50):
        ours, std = SeededSource(seed), random.Random(seed)
        for n in (0, 1, 2, 3, 10, 64, 197, 200, 1000):
            a, b = list(range(n)), list(range(n))
            ours.shuffle(a)
            std.shuffle(b)
            assert a == b, (seed, n)
        assert ours._rng.getstate() == std.getstate()
