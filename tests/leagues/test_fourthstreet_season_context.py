"""4th Street's card builder in a real season's context (docs/rules/4th-street-basketball.md, section 14
"Season context"; docs/history.md, "4th Street: the season context"): the grades centred on the
season's own league averages, whole-number grades 0-3 rounded stochastically (their expectation is
the score), and the team's defence from its defensive rating; the bundled fictional teams and the
shipped nba-1980 keep their cards (built without the context)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from click.testing import CliRunner

from coachgym.cli import main
from coachgym.core.statscsv import TeamRow
from coachgym.rules.fourthstreet import builder

ROOT = Path(__file__).resolve().parents[2]
HEADER = "Rk,Player,Pos,Age,Tm,G,GS,MP,FG,FGA,FG%,3P,3PA,3P%,2P,2PA,2P%,eFG%,FT,FTA,FT%,ORB,DRB,TRB,AST,STL,BLK,TOV,PF,PTS"


def test_section_14_stochastic_grades_are_whole_numbers_0_to_3_whose_mean_is_the_score():
    for x in (-0.7, 0.0, 0.35, 1.3, 2.5, 2.9, 3.8):
        grades = [builder._stochastic_grade(x, f"player {k}", "l2") for k in range(4000)]
        assert set(grades) <= {0, 1, 2, 3}
        assert abs(statistics.fmean(grades) - min(3.0, max(0.0, x))) < 0.03, x
        # the draw is a hash of the name and the field: the same player gets the same grade
        assert grades == [builder._stochastic_grade(x, f"player {k}", "l2") for k in range(4000)]
    # nearest rounding would give every player of score 1.3 the same grade 1
    assert {builder._stochastic_grade(1.3, f"p{k}", "d1") for k in range(50)} == {1, 2}


def _row(team: str, opp_pts: int) -> TeamRow:
    extra = {"FGA": 7000, "ORB": 1000, "TOV": 1300, "FTA": 2000, "OPP_FGA": 7000, "OPP_ORB": 1000, "OPP_TOV": 1300,
             "OPP_FTA": 2000}
    return TeamRow(row=2, team=team, pts=8500, opp_pts=opp_pts, extra=extra)


def test_section_14_season_context_takes_the_seasons_league_averages_and_each_teams_defence():
    lines = [{"min": 1000, "fgm": 200, "fga": 440, "tpm": 30, "tpa": 90, "ftm": 80, "stl": 40, "blk": 20}] * 10
    consts, team_def = builder.season_context(lines, {"AAA": _row("AAA", 8000), "BBB": _row("BBB", 9000)})
    assert consts["league_fg_pct"] == round(200 / 440, 4)
    assert consts["league_pts36"] == round((400 + 30 + 80) / 1000 * 36, 3)
    assert consts["league_fga36"] == round(440 / 1000 * 36, 3)
    assert consts["grade_rounding"] == "stochastic"
    ref = builder.calibration()["season_context"]["reference_1980"]
    assert consts["league_stl36"] == round(1.2 * 40 / 1000 * 36 / ref["stl36"], 3)
    # 900 league three-point attempts: fewer than the minimum, so the 1979-80 centre (.280) stays
    assert "league_tp_pct" not in consts
    # the better defence (8,000 points allowed) is above the league, the worse one below, by the same
    assert team_def["AAA"] > 0 > team_def["BBB"] and abs(team_def["AAA"] + team_def["BBB"]) < 0.002
    notes: list[str] = []
    assert builder.season_context(lines, {"AAA": TeamRow(row=2, team="AAA")}, notes)[1] == {}
    assert "no opponents' points" in notes[0]


def test_section_14_cards_without_the_context_are_the_builders_of_before():
    """No season constants: nearest rounding, 1979-80's averages, no defence; the shipped nba-1980
    rebuild (tests/leagues/test_leagues.py) and the bundled teams rest on it."""
    st = {"name": "Some Guard", "pos": 2, "g": 80, "min": 2400, "fgm": 420, "fga": 900, "tpm": 20, "tpa": 70, "ftm": 200,
          "fta": 250, "orb": 60, "drb": 160, "ast": 300, "stl": 100, "blk": 20, "tov": 180, "pf": 200, "team_defense": 5.0}
    card = builder.build_card(st)
    score = (420 / 900 - 0.48) / 0.05 + ((2 * 420 + 20 + 200) / 2400 * 36 - 16.5) / 7
    assert card["grades"]["l2"] == builder._grade(1.3 + score + 0.1)
    d3 = builder._grade(1.2 + (100 / 2400 * 36 - 1.2) / 0.5 + 0.2)
    assert card["grades"]["def"][2] == d3  # team_defense is ignored without defense_grade_per_drtg


def _season(tmp_path: Path, opp_pts: dict[str, int]) -> dict:
    """Two teams with the same players' lines; only the points they allowed differ."""
    lines = [HEADER]
    k = 0
    for tm in ("NYK", "CHI"):
        for i in range(12):
            k += 1
            pos = ("PG", "SG", "SF", "PF", "C")[i % 5]
            mp = 2600 - 180 * i
            lines.append(f"{k},P{i} {tm},{pos},25,{tm},80,{80 if i < 5 else 0},{mp},{mp // 6},{mp // 3},.5,10,40,.25,"
                         f"0,0,0,0,{mp // 15},{mp // 12},.8,{mp // 30},{mp // 10},{mp // 30 + mp // 10},{mp // 14},"
                         f"{mp // 40},{mp // 70},{mp // 16},{mp // 12},0")
    (tmp_path / "stats.csv").write_text("\n".join(lines) + "\n")
    team = ["Team,Division,W,L,G,PTS,OPP_PTS,FGA,ORB,TOV,FTA,OPP_FGA,OPP_ORB,OPP_TOV,OPP_FTA"]
    for tm in ("NYK", "CHI"):
        team.append(f"{tm},Atlantic,,,82,8600,{opp_pts[tm]},7000,1000,1300,2000,7000,1000,1300,2000")
    (tmp_path / "team_stats.csv").write_text("\n".join(team) + "\n")
    res = CliRunner().invoke(main, ["cards", "build", "fourthstreet", str(tmp_path / "stats.csv"), "--team-stats",
                                    str(tmp_path / "team_stats.csv"), "--season", "1996-97", "--out", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    return {tm: json.loads((tmp_path / "out" / f"{stem}.json").read_text()) for tm, stem in (("NYK", "knicks"), ("CHI", "bulls"))}


def _mean_defense(team: dict) -> float:
    return statistics.fmean(sum(p["grades"]["def"]) / 3 for p in team["players"])


def test_section_14_a_real_league_carries_its_teams_defence_into_the_defense_grades(tmp_path):
    teams = _season(tmp_path, {"NYK": 7800, "CHI": 9200})  # New York allowed 1,400 points fewer
    k = builder.calibration()["season_context"]["defense_grade_per_drtg"]
    assert k > 0
    assert _mean_defense(teams["NYK"]) > _mean_defense(teams["CHI"]) + 0.3
    assert "team defence: defensive rating +" in teams["NYK"]["note"] and "-" in teams["CHI"]["note"].split("rating ")[1][:2]
    assert "league_fg_pct" in teams["NYK"]["built"] and "stochastic" in teams["NYK"]["built"]
    # the same players' offence: same lines, same centres, so the same Level grades (the draws hash the
    # names, which differ, so compare the means)
    l2 = [statistics.fmean(p["grades"]["l2"] for p in teams[t]["players"]) for t in ("NYK", "CHI")]
    assert abs(l2[0] - l2[1]) < 0.5
    # every file the build wrote is one the loader takes (grades 0..3)
    for team in teams.values():
        assert all(0 <= g <= 3 for p in team["players"] for g in (p["grades"]["l1"], p["grades"]["l2"], *p["grades"]["def"]))


def test_section_14_a_season_of_the_shipped_data_builds_in_its_context(tmp_path):
    res = CliRunner().invoke(main, ["leagues", "build", "--season", "1997", "--ruleset", "fourthstreet", "--out",
                                    str(tmp_path / "lg")])
    assert res.exit_code == 0, res.output
    bulls = json.loads((tmp_path / "lg" / "bulls.json").read_text())
    celtics = json.loads((tmp_path / "lg" / "celtics.json").read_text())
    assert '"league_fg_pct": 0.4548' in bulls["built"]  # 1996-97's, not 1979-80's .480
    assert _mean_defense(bulls) > _mean_defense(celtics)  # 1996-97: Chicago allowed 92.3 a game, Boston 107.9
