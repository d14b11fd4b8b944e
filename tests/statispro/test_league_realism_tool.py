"""tools/statispro_league_realism.py (the 1992-93 NBA round robin against history) and
tools/statispro_rebound_positions.py (an experiment deck): the parts that measure, on a few games."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import cards as K

TOOLS = Path(__file__).resolve().parents[2] / "tools"
DATA = Path(K.__file__).parent / "data"


@pytest.fixture(scope="module")
def tool():
    sys.path.insert(0, str(TOOLS))
    try:
        import statispro_league_realism as T
    finally:
        sys.path.remove(str(TOOLS))
    return T


def _play(T, home: str, away: str, coach: str, seed: int):
    g = RULESET.new_game(RULESET.load_team(str(T.LEAGUE / f"{home}.json")),
                         RULESET.load_team(str(T.LEAGUE / f"{away}.json")), seed=seed, record_events=False)
    clock = T.MinuteClock(g)
    play_game(g, T.make_coach(coach, seed), T.make_coach(coach, seed + 1), seed=seed, on_event=clock)
    clock(g)
    return g, clock


def test_8_1_minutes_read_off_the_fac_pile_add_up_to_five_men_a_game(tool):
    for seed in (3, 4):
        g, clock = _play(tool, "knicks", "bulls", "by-the-book", seed)
        length = 48 + 5 * max(0, g.period - 4)  # 8.1 quarters of 12 minutes, 8.2 overtimes of 5
        for side in (0, 1):
            assert clock.minutes[side].sum() == pytest.approx(5 * length, abs=1e-6)
            assert clock.minutes[side].max() <= length + 1e-6
            on_court = clock.minutes[side] > 0
            played = [sum(line.stats.values()) > 0 for line in g.box_score().teams[side].players]
            assert all(o for o, p in zip(on_court, played) if p)  # nobody with a statistic has no minutes


def test_rotation_experiments_target_scaled_real_minutes(tool):
    """The tool's RotationCoach experiments: MP / 82 (``season``) or MP / G (``game``) scaled to 240."""
    g = RULESET.new_game(RULESET.load_team(str(tool.LEAGUE / "trail-blazers.json")),
                         RULESET.load_team(str(tool.LEAGUE / "spurs.json")), seed=1, record_events=False)
    coach = tool.RotationCoach(1, basis="season")
    coach.reset(g, 0)
    team = g.teams[0]
    assert sum(coach.target) == pytest.approx(240) and all(t > 0 for t in coach.target)
    real = tool._real_minutes("season")
    robinson = [p.name for p in team.players].index("Clifford Robinson")
    assert coach.target[robinson] == pytest.approx(240 * (2575 / 82) / sum(real[(team.name, p.name)]
                                                                             for p in team.players))
    g2, clock = _play(tool, "trail-blazers", "spurs", "rotation:game", 11)
    assert clock.minutes[0].sum() == pytest.approx(5 * (48 + 5 * max(0, g2.period - 4)))


def test_shot_kinds_are_counted_with_the_12b_fouled_misses(tool):
    from coachgym.rules.statispro.shooting import ShootingMixin

    tool.SHOTS.clear()
    original = tool.count_shots()
    try:
        g, _ = _play(tool, "suns", "jazz", "by-the-book", 5)
    finally:
        ShootingMixin._shot_result = original
    n = sum(tool.SHOTS[k, "n"] for k in ("contested", "open", "three"))
    fouled = sum(tool.SHOTS[k, "fouled_miss"] for k in ("contested", "open", "three"))
    box = g.box_score()
    fga = sum(box.totals(side)["FGA"] for side in (0, 1))
    tpa = sum(box.totals(side)["3PA"] for side in (0, 1))
    assert tool.SHOTS["three", "n"] - tool.SHOTS["three", "fouled_miss"] <= tpa
    assert 0 < n - fouled <= fga  # blocked shots are attempts that never reach 12A; fouled misses are not attempts


def test_rebound_positions_experiment_changes_only_rebound_positions(tmp_path):
    out = tmp_path / "deck.csv"
    subprocess.run([sys.executable, str(TOOLS / "statispro_rebound_positions.py"), str(out)], check=True,
                   capture_output=True)
    with (DATA / "fac_deck.csv").open(encoding="utf-8", newline="") as fh:
        shipped = list(csv.DictReader(fh))
    with out.open(encoding="utf-8", newline="") as fh:
        new = list(csv.DictReader(fh))
    printed = {d["rpg"] for d in json.loads((DATA / "sample_game_1993.json").read_text())["printed_sections"]
               if "rebound" in d["sections"]}
    changed = 0
    for a, b in zip(shipped, new):
        assert {k: v for k, v in a.items() if k != "rebound"} == {k: v for k, v in b.items() if k != "rebound"}
        if a["rebound"] != b["rebound"]:
            changed += 1
            assert int(a["rpg"]) not in printed
            strip = [x.replace("PG", "P").replace("SG", "P").replace("SF", "P").replace("PF", "P").replace("C", "P")
                     for x in (a["rebound"], b["rebound"])]
            assert strip[0] == strip[1]  # the same REBOUND item, another position
        K.Card(int(b["rpg"]), {s: b[s] for s in K.SECTIONS})  # every section still parses
    assert changed > 50
