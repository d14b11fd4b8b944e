"""tools/statispro_deck_experiment.py: a deck lever tried in memory against both realism sets."""

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "statispro_deck_experiment.py"


def test_deck_experiment_rebuilds_the_shipped_deck_and_a_variant_in_memory():
    sys.path.insert(0, str(TOOL.parent))
    try:
        import statispro_deck_experiment as X
    finally:
        sys.path.remove(str(TOOL.parent))
    import csv

    from coachgym.rules.statispro import cards as K

    bd = X.deck_builder()
    with (Path(K.__file__).parent / "data" / "fac_deck.csv").open(encoding="utf-8", newline="") as fh:
        assert bd.build_rows() == [{k: (int(v) if k == "rpg" else v) for k, v in row.items()} for row in csv.DictReader(fh)]
    steals = sum("steals" in r["advance"] for r in bd.build_rows())
    bd.CALIBRATION.update(advance_thrown_away=0, advance_steals=29)  # (the sample game's printed cards stay)
    advance = [r["advance"] for r in bd.build_rows()]
    assert not any("Thrown Away" in a for a in advance) and sum("steals" in a for a in advance) > steals


def test_deck_experiment_prints_each_deal_against_both_sets():
    out = subprocess.run([sys.executable, str(TOOL), "--games", "2", "--set", "advance_steals=28", "--deals", "23,1"],
                         capture_output=True, text=True, check=True).stdout
    assert "{'advance_steals': 28}" in out and "deal 23: " in out and "deal 1: " in out
    assert out.count("  league: PTS") == 2 and out.count("  knicks-bulls: PTS") == 2
    bad = subprocess.run([sys.executable, str(TOOL), "--set", "steals=3"], capture_output=True, text=True)
    assert bad.returncode != 0 and "advance_steals" in bad.stderr
