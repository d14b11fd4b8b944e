"""``tools/academy_chance_tree.py``: the size of an exact expectimax in an academy scenario (issue 33's
reference scores, "where a scenario is small enough"): the counting chance source counts a die of n
sides and a draw from a pile of n as n outcomes and a shuffle as none of its own, plays exactly what the
wrapped source plays, and an episode's leaves are its choices times its chance outcomes."""

from __future__ import annotations

import math

import pytest

from coachgym.core.chance import ScriptedSource, SeededSource
from tests.tools import load_tool


def _tool():
    return load_tool("academy_chance_tree")


def test_the_counting_source_counts_outcomes_and_hands_back_the_inner_sources_draws():
    T = _tool()
    inner, twin = SeededSource(7), SeededSource(7)
    c = T.CountingSource(inner)
    assert c.roll(6, "shot") == twin.roll(6, "shot")
    pile, pile_twin = list(range(10)), list(range(10))
    c.shuffle(pile, "deck")
    twin.shuffle(pile_twin, "deck")
    assert pile == pile_twin  # the same order as the wrapped source's
    assert c.draw(pile, "FAC") == twin.draw(pile_twin, "FAC")
    c.roll(1, "a one-sided die has one outcome")
    assert c.events == 2 and c.shuffles == 1
    assert c.log10_outcomes == pytest.approx(math.log10(6) + math.log10(10))
    assert c.kinds == {"shot": 1, "FAC": 1}


def test_the_counting_source_passes_a_scripted_die_through():
    T = _tool()
    c = T.CountingSource(ScriptedSource([4, 2]))
    assert (c.roll(6), c.roll(6)) == (4, 2)
    assert c.log10_outcomes == pytest.approx(2 * math.log10(6))


def test_an_episode_counts_its_choices_and_chance_and_the_summary_reads_them():
    T = _tool()
    rows = [T.episode_tree("fourthstreet-up3-final2", i) for i in range(2)]
    for r in rows:
        assert r["decisions"] >= r["decisions_with_a_choice"] >= 1
        assert r["chance_events"] >= 1 and r["log10_chance_outcomes"] > 0
        assert r["log10_leaves"] == pytest.approx(r["log10_choices"] + r["log10_chance_outcomes"])
    again = T.episode_tree("fourthstreet-up3-final2", 0)
    assert again == rows[0]  # the evaluation seed fixes the episode
    s = T.summarize(rows)
    assert s["episodes"] == 2
    assert s["decisions"]["min"] == min(r["decisions"] for r in rows)
    assert s["log10_leaves"]["max"] == max(r["log10_leaves"] for r in rows)
