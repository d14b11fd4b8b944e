"""4th Street team terms (docs/rules/4th-street-basketball.md, section 14, "Season context", team terms):
``coachgym.rules.fourthstreet.teamterms`` moves a built league's cards by an offense term (points of
field-goal percentage the made cells are solved for) and a defense term (grade points off the Defense grades'
scores) until round robins of the league give each team ``scale`` x its real points scored and allowed per
100 possessions relative to the league; it reads points and possessions, never the standings; its constants
come from the training season (1979-80)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.rules.fourthstreet.builder import calibration
from coachgym.series.teamterms import read_league
from tests.tools import load_tool, standings_swapped

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    return load_tool("fourthstreet_team_terms")


@pytest.fixture(scope="module")
def league(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fsterms") / "nba-1980"
    res = CliRunner().invoke(main, ["leagues", "build", "--season", "1980", "--ruleset", "fourthstreet", "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


def _small(league: Path, tmp_path: Path, teams: list[str]) -> Path:
    """A copy of the league with a few teams: a fit of seconds."""
    small = tmp_path / "small"
    small.mkdir()
    for f in league.iterdir():
        (small / f.name).write_bytes(f.read_bytes())
    lj = json.loads((small / "league.json").read_text(encoding="utf-8"))
    lj["teams"] = teams
    (small / "league.json").write_text(json.dumps(lj), encoding="utf-8")
    return small


def test_section_14_team_terms_constants_are_in_the_calibration_file_from_the_training_season():
    tt = calibration()["season_context"]["team_terms"]
    assert tt["training_seasons"] == ["1979-80"]
    assert tt["scale"] > 1 and tt["fg_sensitivity"] > 0 and tt["defense_sensitivity"] > 0
    assert tt["rounds"] >= 1 and tt["iterations"] >= 1
    lo, hi = tt["defense_room"]
    assert lo < 0 < hi
    for k in ("scale", "fg_sensitivity", "defense_sensitivity"):
        assert "python tools/fourthstreet_team_terms.py" in tt["fit"][k]  # the command that measured it


def test_section_14_terms_of_zero_rebuild_the_cards_as_built(league):
    from coachgym.rules.fourthstreet.teamterms import rebuilder

    lj, keys, base = read_league(league)
    zero = {k: 0.0 for k in keys}
    assert rebuilder(league, lj, keys, base)(zero, zero) == base


def test_section_14_the_offense_term_moves_the_made_cells_and_the_defense_term_the_defense_grades(league):
    """The offense term: more made cells on the shooting sections, the grades (from the player's own
    shooting and scoring) unchanged; the defense term (higher: a weaker defence) lowers the team's Defense
    grades by about the term, whole grades 0-3 still."""
    from coachgym.rules.fourthstreet.teamterms import rebuilder

    lj, keys, base = read_league(league)
    apply = rebuilder(league, lj, keys, base)
    zero = {k: 0.0 for k in keys}
    made = set("DNKP")

    def made_cells(team: dict) -> int:
        return sum(c in made for p in team["players"] for s in ("level1", "level2") for row in p[s] for c in row.split())

    up = apply({**zero, "celtics": 0.05}, zero)
    assert made_cells(up["celtics"]) > made_cells(base["celtics"])
    assert up["lakers"] == base["lakers"]  # the other teams as built
    # no grade moves with the offense term, the Level 3 grades of the three-point shooters neither
    every = apply({k: 0.08 for k in keys}, zero)
    shooters = [p for k in keys for p in base[k]["players"] if p["grades"]["l3"] > 0]
    assert len(shooters) >= 20
    for k in keys:
        assert [p["grades"] for p in every[k]["players"]] == [p["grades"] for p in base[k]["players"]]
    assert sum(c == "N" for p in every["celtics"]["players"] for row in p["level3"] for c in row.split()) > sum(
        c == "N" for p in base["celtics"]["players"] for row in p["level3"] for c in row.split())

    weaker = apply(zero, {**zero, "celtics": 0.5})["celtics"]
    before = [g for p in base["celtics"]["players"] for g in p["grades"]["def"]]
    after = [g for p in weaker["players"] for g in p["grades"]["def"]]
    assert all(g in (0, 1, 2, 3) for g in after)
    assert -0.75 < statistics.fmean(after) - statistics.fmean(before) < -0.25


def test_section_14_the_fit_reads_points_and_possessions_never_the_standings(league, tmp_path):
    from coachgym.series.teamterms import real_ratings

    lj, keys, _ = read_league(league)
    real = real_ratings(league, keys)
    # every team's W and L swapped: the same targets
    assert real_ratings(standings_swapped(league, tmp_path / "swapped"), keys) == real


def test_section_14_a_fit_plays_round_robins_and_writes_the_terms_into_the_team_files(league, tmp_path, capsys):
    """A real fit of four teams (1 round robin x 2 iterations): the first round robins play the build as it
    is, the terms move toward the real points, the team files name their two terms."""
    mod = _tool()
    small = _small(league, tmp_path, ["celtics", "jazz", "lakers", "pistons"])
    assert mod.main(["fit", str(small), "--rounds", "1", "--iterations", "2", "--write", "--no-progress",
                     "--json", str(tmp_path / "t.json")]) == 0
    out = capsys.readouterr().out
    assert "iteration 2: r(simulated, real net per 100)" in out and "players out a game on average" in out
    rec = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert rec["ruleset"] == "fourthstreet" and len(rec["steps"]) == 2
    assert set(rec["steps"][0]["fg"].values()) == {0.0}
    # the first move: each term by its error against scale x the real points per 100 relative to the four teams,
    # over its sensitivity (gain 1), the defense term within its room and the rest carried into the offense term
    from coachgym.rules.fourthstreet import teamterms as tt
    from coachgym.series.teamterms import real_ratings

    c = calibration()["season_context"]["team_terms"]
    real = real_ratings(small, list(rec["fg"]))
    mo = statistics.fmean(v["ortg"] for v in real.values())
    md = statistics.fmean(v["drtg"] for v in real.values())
    lo, hi = c["defense_room"]
    for k, (so, sd) in rec["steps"][0]["sim"].items():
        raw_d = -(sd - c["scale"] * (real[k]["drtg"] - md)) / c["defense_sensitivity"]
        d = min(hi, max(lo, raw_d))
        o = -(so - c["scale"] * (real[k]["ortg"] - mo)) / c["fg_sensitivity"] + (d - raw_d) * c["defense_sensitivity"] / c["fg_sensitivity"]
        assert rec["steps"][1]["fg"][k] == pytest.approx(o, abs=3e-4)
        assert rec["steps"][1]["defense"][k] == pytest.approx(d, abs=3e-4)
    for k in rec["fg"]:
        team = json.loads((small / f"{k}.json").read_text(encoding="utf-8"))
        assert (f"points of FG% {100 * rec['state']['fg'][k]:+.1f}, Defense grades {-rec['state']['defense'][k]:+.2f}"
                in team["built"])
    assert "team terms fitted" in json.loads((small / "league.json").read_text(encoding="utf-8"))["notes"]
    # a fitted folder is not fitted again on top of its terms: refused in one line naming a team file
    with pytest.raises(mod.TeamTermsError, match=r"\.json: its cards are not the builder's"):
        tt.fit(small, rounds=1, iterations=1, progress=False, say=lambda line: None)
    # the league still loads and plays as a league (the ruleset's own loader takes every file)
    from coachgym import rulesets

    rs = rulesets.get("fourthstreet")
    for k in rec["fg"]:
        rs.parse_team(json.loads((small / f"{k}.json").read_text(encoding="utf-8")), k)


def test_section_14_leagues_build_team_terms_runs_4th_streets_fit(tmp_path, monkeypatch):
    """``coachgym leagues build --season YYYY --ruleset fourthstreet --team-terms``: the build, then the fit
    at its documented size (the round robins replaced here by a stand-in that plays nothing)."""
    from coachgym.rules.fourthstreet import teamterms

    calls = []

    def stand_in(teams, rounds, seed, desc, availability, card_season, missed=None, progress=True, ruleset=""):
        calls.append((rounds, seed, availability, card_season, ruleset))
        return {k: {"ortg": 100.0 + i, "drtg": 100.0 - i} for i, k in enumerate(sorted(teams))}

    monkeypatch.setattr(teamterms, "play_round_robins", stand_in)
    out = tmp_path / "nba-1985"
    res = CliRunner().invoke(main, ["leagues", "build", "--season", "1985", "--ruleset", "fourthstreet", "--team-terms",
                                    "--out", str(out)])
    assert res.exit_code == 0, res.output
    tt = calibration()["season_context"]["team_terms"]
    assert len(calls) == tt["iterations"] and {c[0] for c in calls} == {tt["rounds"]}
    assert all(c[2] is True and c[3] == 82 and c[4] == "fourthstreet" for c in calls)
    assert "team terms fitted" in res.output
    for k in json.loads((out / "league.json").read_text(encoding="utf-8"))["teams"]:
        assert "Defense grades" in json.loads((out / f"{k}.json").read_text(encoding="utf-8"))["built"]


def test_section_14_the_sensitivity_tool_measures_what_the_constant_names(league, tmp_path):
    """The team with the term against itself without it, and without it against itself, on the same seeds:
    the change of its points per 100 possessions a unit of the term (6 games here: a check of the tool)."""
    mod = _tool()
    out = mod.sensitivity(league, "celtics", 6, 0.05, 0.0, 3, False)
    assert out["offense_term"] == 0.05 and len(out["before"]) == 2 and out["games"] == 6
    assert out["before"] != out["after"]
    assert out["points_per_100_a_unit"] == pytest.approx((out["after"][0] - out["before"][0]) / 0.05, abs=0.05)
    same = mod.sensitivity(league, "celtics", 6, 0.05, 0.0, 3, False)
    assert same == out  # seeded
    with pytest.raises(mod.TeamTermsError, match="--team nobody"):
        mod.sensitivity(league, "nobody", 2, 0.05, 0.0, 3, False)
