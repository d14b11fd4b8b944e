"""The reconstructed FAC deck (docs/rules/statis-pro-basketball.md, "The deck" and "PRESS balance"):
the PRESS section (4.2, 15) against the ACTION section (9), and the CSV against its generator."""

from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.cards import DECK

ROOT = Path(__file__).resolve().parents[2]


def kinds(section):
    """Per kind: how many of the 200 cards show it in ``section`` (a steal clause counts as "steal")."""
    out = {}
    for c in DECK:
        sec = getattr(c, section)
        k = "steal" if sec[0] == K.P_PASS and sec[4] else "trap" if sec[0] == K.P_PASS and sec[6] else sec[0]
        out[k] = out.get(k, 0) + 1
    return out


def expected_turnovers(section):
    """Turnovers per 200 cards of ``section`` against the bundled teams' starting fives: D OB
    turnovers (9B, 15G), offensive fouls (9F, 15H) and the steal clauses the named (or, without a
    name, the best) defender's STEAL rating reaches (7.1)."""
    teams = [[p.steal for p in RULESET.load_team(t).players[:5]] for t in RULESET.team_names()]
    total = 0.0
    for c in DECK:
        sec = getattr(c, section)
        if sec[0] in (K.P_DOB, K.P_OFOUL):
            total += 1
        elif sec[0] == K.P_PASS and sec[4]:
            total += sum((st[sec[5]] if sec[5] >= 0 else max(st)) >= sec[4] for st in teams) / len(teams)
    return total


def test_4_2_15_press_section_forces_several_times_the_turnovers_of_action():
    press, action = kinds("press"), kinds("action")
    press_to = press.get(K.P_DOB, 0) + press.get(K.P_OFOUL, 0) + press.get("steal", 0)
    action_to = action.get(K.P_DOB, 0) + action.get(K.P_OFOUL, 0) + action.get("steal", 0)
    assert action_to > 0 and press_to >= 4 * action_to  # 46 against 8 cards
    assert expected_turnovers("press") >= 3 * expected_turnovers("action")  # about 34 against 8


def test_15b_15e_press_gives_up_easy_baskets_and_fouls_for_its_turnovers():
    """The PRESS is a gamble (4.2): its 15E free baskets and 15B two-shots-and-the-ball fouls
    outnumber its D OB turnovers, and it draws more defensive fouls than ACTION does."""
    press, action = kinds("press"), kinds("action")
    assert press[K.P_CHOICE_SCORES] + press[K.P_INTFOUL] > press[K.P_DOB]
    assert K.P_CHOICE_SCORES not in action and K.P_INTFOUL not in action
    press_fouls = press[K.P_DFOUL] + press[K.P_INTFOUL] + press.get(K.P_DEADBALL_FOUL, 0)
    assert press_fouls > 2 * (action[K.P_DFOUL] + action.get(K.P_SHOOTFOUL, 0))
    # 15K Traps and 15F Consult Z (the fatigue of 4.2) are PRESS items
    assert press["trap"] > 0 and press[K.P_Z] > action.get(K.P_Z, 0)


def test_deck_csv_is_the_generators_output():
    """fac_deck.csv is exactly what tools/statispro_build_deck.py writes (no hand edits), the 1993
    sample's printed sections included."""
    spec = importlib.util.spec_from_file_location("statispro_build_deck", ROOT / "tools" / "statispro_build_deck.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    rows = [{k: str(v) for k, v in r.items()} for r in mod.build_rows()]
    with open(ROOT / "coachgym" / "rules" / "statispro" / "data" / "fac_deck.csv", encoding="utf-8", newline="") as fh:
        assert list(csv.DictReader(fh)) == rows
