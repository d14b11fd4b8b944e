"""Reading a game never changes it, in every ruleset: its saved state (``to_json``) is the same
before and after ``to_json()``, ``box_score()``, ``scoreboard()``, the play-by-play, the action
labels and every presenter call, and a game read at every decision plays on exactly as its twin
that nobody read (4th Street once folded playing time into the box score when it was read, so a
save depended on when the game had last been looked at)."""

from __future__ import annotations

import pytest

from coachgym import rulesets
from coachgym.present import presenter_for
from coachgym.present.presenter import auto_kind, marks, routine

RULESETS = ["valueadd", "statispro", "fuba", "fourthstreet"]


def read_everything(game, presenter) -> None:
    game.to_json()
    game.box_score()
    game.scoreboard()
    game.play_by_play()
    presenter.situation(game, ("you", "them"))
    presenter.kinds()
    presenter.glossary()
    marks(presenter, game)
    d = game.decision
    if d is not None:
        presenter.decision(game, d)
        auto_kind(presenter, game, d)
        routine(presenter, game, d)
        for a in d.legal:
            game.describe_action(a)


def coaches(rs, seed):
    cs = [rs.coach("by-the-book", seed=seed), rs.coach("random", seed=seed + 1)]
    return cs


@pytest.mark.parametrize("ruleset", RULESETS)
def test_reading_a_game_changes_nothing_and_it_plays_on_as_its_unread_twin(ruleset):
    rs = rulesets.get(ruleset)
    presenter = presenter_for(ruleset)
    seed = 21
    read, twin = rs.new_game(seed=seed), rs.new_game(seed=seed)
    cr, ct = coaches(rs, seed), coaches(rs, seed)
    for side in (0, 1):
        cr[side].reset(read, side, seed)
        ct[side].reset(twin, side, seed)
    step = 0
    every = 3 if ruleset in ("valueadd", "fuba") else 5
    while read.decision is not None:
        if step % every == 0:
            before = read.to_json()
            read_everything(read, presenter)
            assert read.to_json() == before, f"{ruleset}: reading the game at decision {step} changed its saved state"
        d = read.decision
        a = cr[d.side].choose(read, d)
        assert twin.decision == d
        assert ct[d.side].choose(twin, twin.decision) == a
        read.step(a)
        twin.step(a)
        step += 1
    before = read.to_json()
    read_everything(read, presenter)
    assert read.to_json() == before == twin.to_json()
    assert read.play_by_play() == twin.play_by_play()
    assert read.box_score().to_dict() == twin.box_score().to_dict()
