"""The by-the-book coach's rotation from a team file's ``rotation_minutes`` (a reconstruction for teams
of real players, docs/rules/statis-pro-basketball.md "Rotation minutes"; 5.4's Rest Periods and the
book's removals stay), the field's validation, and 8.1's clock read as minutes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from coachgym.agents.statispro import ByTheBookCoach, game_minutes
from coachgym.core.errors import TeamFileError
from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro.engine import PF
from coachgym.rules.statispro.teams import parse_team

LEAGUE = Path(__file__).resolve().parents[2] / "coachgym/rules/statispro/data/leagues/nba-1993"


def _team(stem: str) -> dict:
    return json.loads((LEAGUE / f"{stem}.json").read_text())


def _minutes(home: str, away: str, spec: str, seed: int):
    """Play a game and count each home man's minutes on the clock after every step."""
    g = RULESET.new_game(parse_team(_team(home), home), parse_team(_team(away), away), seed=seed,
                         record_events=False)
    mins = [0.0] * len(g.teams[0].players)
    state = {"t": 0.0, "on": list(g.team_state[0].lineup)}

    def tick(game):
        t = game_minutes(game)
        for i in state["on"]:
            mins[i] += t - state["t"]
        state["t"], state["on"] = t, list(game.team_state[0].lineup)

    play_game(g, RULESET.coach(spec, seed=1), RULESET.coach(spec, seed=2), seed=seed, on_event=tick)
    tick(g)
    return g, mins


def test_rotation_minutes_are_validated_with_the_field_named():
    data = _team("suns")
    assert parse_team(data, "suns").rotation_minutes["Dan Majerle"] == 39.0
    assert parse_team(data, "suns").to_dict()["rotation_minutes"] == data["rotation_minutes"]
    for bad in ({"Nobody": 20.0}, {"Dan Majerle": 49}, {"Dan Majerle": "39"}, ["Dan Majerle"]):
        with pytest.raises(TeamFileError, match="rotation_minutes"):
            parse_team({**data, "rotation_minutes": bad}, "suns")
    fictional = json.loads((Path(__file__).resolve().parents[2] / "coachgym/rules/statispro/data/teams"
                            / "harbor-city.json").read_text())
    assert parse_team(fictional, "harbor-city").rotation_minutes is None


def test_8_1_game_minutes_run_from_0_to_48_on_the_fac_pile():
    g = RULESET.new_game(parse_team(_team("suns"), "suns"), parse_team(_team("jazz"), "jazz"), seed=2,
                         record_events=False)
    seen = []
    play_game(g, RULESET.coach("by-the-book", seed=1), RULESET.coach("by-the-book", seed=2), seed=2,
              on_event=lambda game: seen.append(game_minutes(game)))
    assert seen == sorted(seen) and seen[-1] == pytest.approx(48 + 5 * max(0, g.period - 4))


def test_rotation_targets_give_out_240_minutes_in_roster_order():
    g = RULESET.new_game(parse_team(_team("trail-blazers"), "p"), parse_team(_team("spurs"), "s"), seed=1,
                         record_events=False)
    coach = ByTheBookCoach(1)
    coach.reset(g, 0)
    rot = g.teams[0].rotation_minutes
    assert sum(coach.target) == pytest.approx(240)
    names = [p.name for p in g.teams[0].players]
    full = [i for i, t in enumerate(coach.target) if t == rot[names[i]]]
    assert full == list(range(len(full))) and len(full) >= 7  # the first men get their real minutes
    assert all(t == 0 for t in coach.target[len(full) + 1:])  # the rest of the bench none
    book = ByTheBookCoach(1, rotation="book")
    book.reset(g, 0)
    assert book.target is None and book.name == "by-the-book:rotation=book"
    fictional = RULESET.new_game(RULESET.load_team("harbor-city"), RULESET.load_team("mesa-verde"), seed=1)
    coach.reset(fictional, 0)
    assert coach.target is None  # no rotation minutes: the book's rotation (golden play-throughs unchanged)


def test_rotation_plays_the_real_minutes_and_the_book_its_starters():
    """Portland 1992-93: Clifford Robinson (31.4 minutes a game off the bench) plays his minutes with
    the rotation; the book's rotation gives the starters nearly 40 and its one reserve a position."""
    _, rot = _minutes("trail-blazers", "spurs", "by-the-book", 3)
    _, book = _minutes("trail-blazers", "spurs", "by-the-book:rotation=book", 3)
    names = [p.name for p in parse_team(_team("trail-blazers"), "p").players]
    targets = _team("trail-blazers")["rotation_minutes"]
    assert sum(rot) == pytest.approx(sum(book))
    top = names[:8]
    assert sum(abs(rot[names.index(n)] - targets[n]) for n in top) < sum(abs(book[names.index(n)] - targets[n])
                                                                          for n in top)
    assert sum(m > 0 for m in rot) >= 9


def test_a_coach_that_starts_in_mid_game_takes_every_man_as_on_schedule():
    g = RULESET.new_game(parse_team(_team("suns"), "suns"), parse_team(_team("jazz"), "jazz"), seed=5,
                         record_events=False)
    home, away = ByTheBookCoach(1), ByTheBookCoach(2)
    home.reset(g, 0)
    away.reset(g, 1)
    while game_minutes(g) < 20:
        d = g.decision
        g.step((home, away)[d.side].choose(g, d))
    late = ByTheBookCoach(3)
    late.reset(g, 0)
    t = game_minutes(g)
    assert late.played == pytest.approx([x * t / 48 for x in late.target])


def test_14g_a_man_out_injured_gets_no_rotation_minutes_and_the_others_fill_240():
    data = {**_team("suns"), "injured": ["Dan Majerle"]}
    g = RULESET.new_game(parse_team(data, "suns"), parse_team(_team("jazz"), "jazz"), seed=1, record_events=False)
    coach = ByTheBookCoach(1)
    coach.reset(g, 0)
    names = [p.name for p in g.teams[0].players]
    assert coach.target[names.index("Dan Majerle")] == 0 and sum(coach.target) == pytest.approx(240)


class _ScanRotation(ByTheBookCoach):
    """The rotation as first written: per slot, a scan of the ready men in roster order keeping the one
    strictly further behind (the reference the sorted rotation must match choice for choice)."""

    def _rotate(self, game, side, want):
        if game.period > 4 or game.period == 4 and game.two_min:
            return want
        t = min(48.0, game_minutes(game) + 2)
        target, played = self.target, self.played
        players = game.teams[side].players
        st, tired, mrest, stats = game.team_state[side].status, game.team_state[side].tired, game.team_state[side].mandatory_rest, game.team_state[side].stats
        benched = set(self.starters) - set(want)
        fouls = game.foul_out - 1
        ready = [(j, target[j] * t / 48 - played[j], players[j].positions) for j in range(len(players))
                 if not (j in benched or st[j] != 0 or mrest[j] or tired[j] or stats[j][PF] >= fouls)]
        out = list(want)
        for slot in range(5):
            best, bv = -1, None
            for j, v, positions in ready:
                if j in out or slot not in positions:
                    continue
                if bv is None or v > bv:
                    best, bv = j, v
            i = out[slot]
            if best >= 0 and bv > target[i] * t / 48 - played[i] + self.HYSTERESIS:
                out[slot] = best
        return out


@pytest.mark.parametrize("home, away, seed", [("knicks", "bulls", 11), ("suns", "jazz", 12), ("hornets", "celtics", 13)])
def test_the_sorted_rotation_chooses_as_the_scan_in_roster_order(home, away, seed):
    """The rotation sorts its ready men once (speed); at every decision of whole league games (men with
    no rotation minutes tie at zero) it makes the choice of the scan it replaced."""
    g = RULESET.new_game(parse_team(_team(home), home), parse_team(_team(away), away), seed=seed, record_events=False)
    coaches = [ByTheBookCoach(seed=1), ByTheBookCoach(seed=2)]
    scans = [_ScanRotation(seed=1), _ScanRotation(seed=2)]
    for side in (0, 1):
        coaches[side].reset(g, side, None)
        scans[side].reset(g, side, None)
    assert coaches[0].target is not None and coaches[1].target is not None
    n = 0
    while g.decision is not None:
        d = g.decision
        a = coaches[d.side].choose(g, d)
        assert a == scans[d.side].choose(g, d), f"decision {n}"
        g.step(a)
        n += 1
    assert n > 300
