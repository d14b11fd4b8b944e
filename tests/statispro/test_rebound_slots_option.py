"""The season option ``rebound_slots`` (10A-10D "Defense POS" / "Offense POS" re-dealt through a table of
``data/rebound_slots.json``; docs/rules/statis-pro-basketball.md, "Season option: the REBOUND slots re-dealt")."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from coachgym.core.chance import ScriptedSource
from coachgym.core.errors import ConfigError
from coachgym.core.match import play_game
from coachgym.rules.statispro import RULESET
from coachgym.rules.statispro import cards as K
from coachgym.rules.statispro.engine import DRB, ORB

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "coachgym" / "rules" / "statispro" / "data"
TABLE = "fit-1993-1995"


def _csv_counts(rebounds: dict[int, str]) -> dict[str, dict[str, int]]:
    """Slot counts read straight from the REBOUND texts (independently of cards.py's parser)."""
    kinds = {"defense": r"^Defense (PG|SG|SF|PF|C)( FB)?$", "offense": r"^Offense (PG|SG|SF|PF|C) #",
             "highest": r"^Highest (PG|SG|SF|PF|C);"}
    out = {k: dict.fromkeys(K.POSITIONS, 0) for k in kinds}
    for text in rebounds.values():
        for kind, rx in kinds.items():
            m = re.match(rx, text)
            if m:
                out[kind][m.group(1)] += 1
    return out


def _printed() -> dict[int, str]:
    with (DATA / "fac_deck.csv").open(encoding="utf-8", newline="") as fh:
        return {int(r["rpg"]): r["rebound"] for r in csv.DictReader(fh)}


def _table() -> dict:
    return json.loads((DATA / "rebound_slots.json").read_text(encoding="utf-8"))["tables"][TABLE]


def test_10a_10d_option_off_is_the_printed_deck():
    assert RULESET.parse_options(None).rebound_slots == K.PRINTED
    assert K.rebound_slot_counts() == _csv_counts(_printed())
    # the counts docs/history.md measured the gap on ("Player lines: the rebound and assist gaps")
    assert K.rebound_slot_counts()["defense"] == {"PG": 13, "SG": 7, "SF": 22, "PF": 11, "C": 18}
    assert K.rebound_slot_counts()["offense"] == {"PG": 7, "SG": 3, "SF": 5, "PF": 4, "C": 5}


def test_10a_10d_option_off_plays_the_same_seeded_game_as_before():
    """Naming the default explicitly changes nothing: the same events, score and box score."""
    a = RULESET.new_game("knicks-1993", "bulls-1993", seed=11)
    b = RULESET.new_game("knicks-1993", "bulls-1993", seed=11, options={"rebound_slots": "printed"})
    for g in (a, b):
        play_game(g, RULESET.coach("by-the-book", seed=3), RULESET.coach("by-the-book", seed=4), seed=11)
    assert [e.text for e in a.log.events] == [e.text for e in b.log.events]
    assert a.score == b.score and a.to_dict() == b.to_dict()
    assert any("REBOUND" in e.text for e in a.log.events)


def test_10a_10d_option_on_changes_the_game_only_through_rebounds():
    """The same seed with the re-deal: every FAC REBOUND event of a re-dealt card says so, none of another."""
    g = RULESET.new_game("knicks-1993", "bulls-1993", seed=11, options={"rebound_slots": TABLE})
    play_game(g, RULESET.coach("by-the-book", seed=3), RULESET.coach("by-the-book", seed=4), seed=11)
    moved = {int(r) for r in _table()["cards"]}
    seen = 0
    for e in g.log.events:
        m = re.match(r"^RPG (\d+) REBOUND: ", e.text)
        if m:
            assert ("re-dealt" in e.text) == (int(m.group(1)) in moved)
            seen += int(m.group(1)) in moved
    assert seen > 0


def test_10a_10d_option_on_deals_the_slot_counts_of_the_data_file():
    table = _table()
    redealt = _printed() | {int(rpg): text for rpg, text in table["cards"].items()}
    counts = K.rebound_slot_counts(TABLE)
    assert counts == _csv_counts(redealt) == table["slot_counts"]
    printed = K.rebound_slot_counts()
    for kind in ("defense", "offense", "highest"):  # cards move between slots: none made or lost
        assert sum(counts[kind].values()) == sum(printed[kind].values())
    assert counts["highest"] == printed["highest"]  # the "Highest POS" cards read the ratings: untouched
    sample = {d["rpg"] for d in json.loads((DATA / "sample_game_1993.json").read_text())["printed_sections"]
              if "rebound" in d["sections"]}
    assert not sample & {int(r) for r in table["cards"]}  # the sample game's printed REBOUNDs stay


def _rebound(rpg: int, options: dict | None) -> RULESET.engine_cls:
    g = RULESET.new_game("knicks-1993", "bulls-1993", source=ScriptedSource([K.card(rpg)]), options=options)
    g.opening = 0
    g.off, g.ballhandler, g.passes, g.limit = 0, -1, 1, 3
    g.discard = list(K.DECK[:40])
    g.ctx = {"shooter": 0, "air": False, "ft": False, "fb": False}
    g._phase_rebound()
    return g


def test_10a_10b_defense_pos_rebound_goes_to_the_redealt_slot():
    rpg, text = next((int(r), t) for r, t in _table()["cards"].items() if re.match(r"^Defense \w+$", t))
    old = K.POS_INDEX[K.card(rpg).text["rebound"].split()[1]]
    new = K.POS_INDEX[text.split()[1]]
    assert old != new
    printed = _rebound(rpg, None)
    redealt = _rebound(rpg, {"rebound_slots": TABLE})
    slot_player = [ts.lineup for ts in printed.team_state][1]
    assert printed.team_state[1].stats[slot_player[old]][DRB] == 1
    assert redealt.team_state[1].stats[slot_player[new]][DRB] == 1
    assert redealt.team_state[1].stats[slot_player[old]][DRB] == 0


def test_10d_offense_pos_rebound_goes_to_the_redealt_slot():
    rpg, text = next((int(r), t) for r, t in _table()["cards"].items() if t.startswith("Offense "))
    new = K.POS_INDEX[text.split()[1]]
    g = _rebound(rpg, {"rebound_slots": TABLE})
    assert g.team_state[0].stats[g.team_state[0].lineup[new]][ORB] == 1


def test_bad_rebound_slots_value_is_one_clear_error_naming_the_option():
    with pytest.raises(ConfigError, match=r"option 'rebound_slots' must be one of printed, fit-1993-1995 .*got 'nope'"):
        RULESET.new_game("knicks-1993", "bulls-1993", seed=1, options={"rebound_slots": "nope"})
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "statispro_player_gaps.py"), "--leagues",
                          str(DATA / "leagues" / "nba-1993"), "-o", "rebound_slots=nope"],
                         capture_output=True, text=True)
    assert out.returncode != 0
    assert "option 'rebound_slots'" in out.stderr.strip().splitlines()[-1]


def test_a_table_may_only_move_a_slot(monkeypatch):
    bad = {"tables": {"x": {"cards": {"1": "D OB"}}}}
    monkeypatch.setattr(K, "_data", lambda name: _Fake(json.dumps(bad)))
    with pytest.raises(K.DeckError, match="RPG 1 REBOUND.*with another position slot"):
        K.load_rebound_slot_tables()


class _Fake:
    def __init__(self, text: str) -> None:
        self.text = text

    def read_text(self, encoding: str = "utf-8") -> str:
        return self.text


def test_season_options_are_saved_only_when_set():
    """A save of a game without the season options reads as before they existed; one with them keeps them."""
    plain = RULESET.new_game("knicks-1993", "bulls-1993", seed=2).to_dict()["state"]["options"]
    assert "rebound_slots" not in plain and "assist_numbers" not in plain
    opts = {"rebound_slots": TABLE, "assist_numbers": "from-1"}
    saved = RULESET.new_game("knicks-1993", "bulls-1993", seed=2, options=opts).to_dict()["state"]["options"]
    assert {k: saved[k] for k in opts} == opts
