"""Team terms from the season's points (docs/rules/statis-pro-basketball.md, "Season context", team terms
from the season's points): ``tools/statispro_team_terms.py`` moves a built league's cards by an offense
term (FIELD GOAL) and a defense term (DEFENSE) toward the season's own points scored and allowed per 100
possessions; it reads points and possessions, never the standings; its constants come from the training
seasons; printed cards are never changed."""

from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coachgym.cli import main
from coachgym.rules.statispro.builder import calibration
from tests.tools import standings_swapped

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def league(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("terms") / "nba-1993-blind"
    res = CliRunner().invoke(main, ["leagues", "build", "--season", "1993", "--blind", "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


def test_team_terms_constants_are_in_the_calibration_file_and_come_from_training_seasons():
    sc = calibration()["season_context"]
    tt = sc["team_terms"]
    assert tt["training_seasons"] == sc["training_seasons"] == ["1992-93", "1994-95"]
    assert not set(tt["training_seasons"]) & set(sc["held_out_seasons"])
    # scale: the real wins per net point over the engine's simulated wins per simulated net point
    assert tt["scale"] == pytest.approx(sc["wins_per_net_rating"] / 1.440, abs=0.001)
    assert 0.5 < tt["fg_sensitivity"] < 3 and 0.2 < tt["defense_sensitivity"] < 2
    # the fit's size, chosen on the training seasons (docs/history.md, "The fit's size chosen on the
    # training seasons"): 4 round robins x 4 iterations, what the tool and leagues build --team-terms play
    assert (tt["rounds"], tt["iterations"]) == (4, 4) and "training seasons" in tt["size_note"]


def test_dithered_terms_move_the_teams_mean_by_the_term_in_whole_points():
    mod = _tool("statispro_team_terms")
    for term in (-4.37, -0.5, 0.0, 0.26, 2.9):
        for n in (8, 13, 15):
            pts = mod.dithered(term, n)
            assert all(isinstance(p, int) for p in pts)
            assert abs(sum(pts) / n - term) <= 1 / n + 1e-9
            assert max(pts) - min(pts) <= 1


def test_terms_move_built_cards_only_within_their_ranges():
    mod = _tool("statispro_team_terms")
    team = {"players": [{"name": "A", "field_goal": 98, "defense": -14},
                        {"name": "B", "field_goal": 50, "defense": 4},
                        {"name": "P", "field_goal": 47, "defense": -9, "printed": True}]}
    up = mod.apply_terms(team, 3.0, 3.0, (-15, 5))
    assert [p["field_goal"] for p in up["players"]] == [99, 53, 47]  # FIELD GOAL within 1..99, printed kept
    # DEFENSE: the built cards' mean -5 moves to -2; B would pass +5, so both men's differences from the
    # mean (9) are compressed to 7 instead of clamping B (the mean kept); the printed card is kept
    assert [p["defense"] for p in up["players"]] == [-9, 5, -9]
    down = mod.apply_terms(team, -3.0, -3.0, (-15, 5))
    assert [p["defense"] for p in down["players"]] == [-15, -1, -9]
    assert team["players"][0]["field_goal"] == 98  # the input is not changed


def test_the_tool_reads_points_and_possessions_never_the_standings(league, tmp_path):
    mod = _tool("statispro_team_terms")
    keys = json.loads((league / "league.json").read_text(encoding="utf-8"))["teams"]
    real = mod.real_ratings(league, keys)
    # the same folder with every team's W and L swapped gives the same targets
    assert mod.real_ratings(standings_swapped(league, tmp_path / "swapped"), keys) == real
    knicks = real["knicks"]  # 1992-93 Knicks: the league's best defence per possession
    assert knicks["drtg"] == min(v["drtg"] for v in real.values())


def test_a_fit_writes_the_terms_into_the_built_cards_and_names_them(league, tmp_path, capsys):
    mod = _tool("statispro_team_terms")
    small = _small(league, tmp_path, "small")
    lj = json.loads((small / "league.json").read_text(encoding="utf-8"))
    before = {k: json.loads((small / f"{k}.json").read_text(encoding="utf-8")) for k in lj["teams"]}
    assert mod.main([str(small), "--rounds", "1", "--iterations", "1", "--write", "--json", str(tmp_path / "t.json")]) == 0
    out = capsys.readouterr().out
    assert "iteration 1: r(simulated, real net per 100)" in out
    rec = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    assert set(rec["fg"]) == set(lj["teams"]) and rec["steps"][0]["iteration"] == 1
    assert rec["availability"] is True and rec["season_games"] == 82 and set(rec["absent_a_game"]) == set(lj["teams"])
    assert "players out a game on average" in out
    for k in lj["teams"]:
        after = json.loads((small / f"{k}.json").read_text(encoding="utf-8"))
        assert f"real availability): FIELD GOAL {rec['fg'][k]:+.2f}, DEFENSE {rec['defense'][k]:+.2f}" in after["built"]
        for a, b in zip(before[k]["players"], after["players"]):
            if a.get("printed"):
                assert a == b
        moved = [b["field_goal"] - a["field_goal"] for a, b in zip(before[k]["players"], after["players"])
                 if not a.get("printed") and 1 < a["field_goal"] < 99]
        assert abs(sum(moved) / len(moved) - rec["fg"][k]) <= 1
    assert set(rec["steps"][0]["fg"].values()) == {0.0}  # the first round robins play the build as it is
    assert rec["cards_clamped"] == 0 and rec["min_spread"] == calibration()["season_context"]["team_terms"]["min_spread"]
    assert "clamped: 0" in out
    assert any(rec["fg"].values()) and any(rec["defense"].values())


def test_the_tool_refuses_a_league_without_possession_columns_in_one_line(league, tmp_path, capsys):
    mod = _tool("statispro_team_terms")
    bad = tmp_path / "bad"
    bad.mkdir()
    for f in league.iterdir():
        (bad / f.name).write_bytes(f.read_bytes())
    rows = list(csv.DictReader((league / "team_stats.csv").open(encoding="utf-8")))
    keep = ["Team", "Division", "W", "L", "G", "PTS", "OPP_PTS"]
    with (bad / "team_stats.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=keep, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    assert mod.main([str(bad), "--rounds", "1", "--iterations", "1"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "possession columns" in err[0]


def test_team_points_tool_sets_a_replays_points_per_100_possessions_beside_the_real_seasons(league, tmp_path, capsys):
    import sqlite3

    mod = _tool("statispro_team_points")
    db = tmp_path / "r.sqlite3"
    keys = ["knicks", "mavericks", "bulls", "hawks"]
    con = sqlite3.connect(db)
    con.execute("create table competition_games (home_key text, away_key text, home_score int, away_score int, box text)")

    def side(score: int, fga: int, tov: int) -> dict:
        return {"score": score, "team": {}, "totals": {"FGA": fga, "FGM": fga // 2, "3PA": 10, "3PM": 3, "FTA": 20,
                                                      "TO": tov, "OREB": 10, "AST": 20}}

    for i, (h, a) in enumerate((h, a) for h in keys for a in keys if h != a):
        hs, vs = 100 + i, 90
        box = {"teams": [side(hs, 80, 12), side(vs, 80, 14)]}
        con.execute("insert into competition_games values (?, ?, ?, ?, ?)", (h, a, hs, vs, json.dumps(box)))
    con.commit()
    con.close()
    assert mod.main([str(league), str(db), "--json", str(tmp_path / "p.json")]) == 0
    out = json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))
    rows = {t["team"]: t for t in out["teams"]}
    assert set(rows) == set(keys)
    # every team's games: 3 at home (won), 3 away (lost); possessions 80 - 10 + 12 + 8.8 and 80 - 10 + 14 + 8.8
    k = rows["knicks"]
    assert k["sim_wins"] == pytest.approx(41.0)
    assert k["sim_pace"] == pytest.approx((90.8 + 92.8) / 2, abs=1e-3)
    assert k["sim_tov100"] == pytest.approx(100 * 13 / k["sim_pace"], abs=1e-3)  # 13 turnovers a game (JSON: 3 decimals)
    real = _tool("statispro_team_terms").real_ratings(league, keys)
    assert k["real_ortg"] == pytest.approx(real["knicks"]["ortg"], abs=1e-3)  # the builder's season context
    assert k["real_drtg"] == pytest.approx(real["knicks"]["drtg"], abs=1e-3)
    assert set(out["summary"]) >= {"ortg", "drtg", "net", "tov100", "orb100", "pace"}
    assert "tov100" in capsys.readouterr().out


def test_the_fits_round_robins_field_each_player_for_his_real_share_of_games(league):
    """docs/rules/statis-pro-basketball.md, "Season context", team terms from the season's points: the
    round robins field every team as a season replay does (real availability, docs/league-seasons.md:
    each player for his real share of his team's games, spread evenly; 14G's injuries carried), through
    the ruleset's own carry-over, so the terms calibrate the team that actually plays."""
    from coachgym.series.carryover import available

    mod = _tool("statispro_team_terms")
    keys = ["knicks", "mavericks", "bulls"]
    teams = {k: json.loads((league / f"{k}.json").read_text(encoding="utf-8")) for k in keys}
    for t in teams.values():
        for p in t["players"]:
            p["injury_rate"] = 0  # no injury lasts past its game: every game missed is availability's
    teams["knicks"]["players"][0]["games"] = 41   # half the season: 4 of the 8 round-robin games
    teams["knicks"]["players"][1]["games"] = 20   # 2 of 8
    teams["knicks"]["players"][2]["games"] = 82   # every game
    missed: dict = {}
    sim = mod.play_round_robins(teams, 2, 0, "test", True, 82, missed)
    assert set(sim) == set(keys)
    for k in keys:
        assert missed[k][""] == 8  # 2 round robins of 3 teams: 8 games a team
        for p in teams[k]["players"]:
            away = sum(not available(int(p.get("games") or 0), j, 82) for j in range(8))
            assert missed[k].get(p["name"], 0) == away, (k, p["name"], p.get("games"))
    names = [p["name"] for p in teams["knicks"]["players"]]
    assert missed["knicks"].get(names[0], 0) == 4 and missed["knicks"].get(names[1], 0) == 6
    assert names[2] not in missed["knicks"]
    # the lockout season's share is counted out of its own length (1998-99: 50 games)
    short: dict = {}
    mod.play_round_robins({k: teams[k] for k in keys}, 1, 0, "test", True, 50, short)
    assert short["knicks"].get(names[1], 0) == sum(not available(20, j, 50) for j in range(4))
    # --no-availability: every game from the team files as they are
    none: dict = {}
    mod.play_round_robins(teams, 1, 0, "test", False, 82, none)
    assert none == {}


def test_the_season_length_is_read_from_the_games_played_not_the_standings(league, tmp_path):
    mod = _tool("statispro_team_terms")
    assert mod.season_games(league) == 82
    rows = list(csv.DictReader((league / "team_stats.csv").open(encoding="utf-8")))
    for r in rows:
        r["G"] = "50"
        r.pop("W", None), r.pop("L", None)
    other = tmp_path / "lockout"
    other.mkdir()
    with (other / "team_stats.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    assert mod.season_games(other) == 50


def test_leagues_build_team_terms_runs_the_fit_on_the_built_league(tmp_path, monkeypatch):
    """``coachgym leagues build --season YYYY --blind --team-terms``: the build, then the fit of
    ``coachgym.rules.statispro.teamterms`` with its documented settings (4 round robins x 4 iterations, seed 0,
    the season's real availability), written into the team files. The round robins are replaced here
    by a stand-in that plays nothing (the real ones: the tests above), so the wiring runs in seconds."""
    from coachgym.rules.statispro import teamterms

    calls = []

    def stand_in(teams, rounds, seed, desc, availability, card_season, missed=None, progress=True, ruleset="statispro"):
        calls.append((rounds, seed, availability, card_season))
        return {k: {"ortg": 100.0 + i, "drtg": 100.0 - i} for i, k in enumerate(sorted(teams))}

    monkeypatch.setattr(teamterms, "play_round_robins", stand_in)
    out = tmp_path / "nba-1985-blind"
    res = CliRunner().invoke(main, ["leagues", "build", "--season", "1985", "--blind", "--team-terms", "--out", str(out)])
    assert res.exit_code == 0, res.output
    # the size chosen on the training seasons (docs/history.md, "The fit's size chosen on the training seasons")
    assert [c[0] for c in calls] == [4, 4, 4, 4] and [c[1] for c in calls] == [100_000, 200_000, 300_000, 400_000]
    assert all(c[2] is True and c[3] == 82 for c in calls)
    assert "team terms: iteration 3: r(simulated, real net per 100)" in res.output and "team terms fitted" in res.output
    lj = json.loads((out / "league.json").read_text(encoding="utf-8"))
    assert "with the season's real availability" in lj["notes"]
    for k in lj["teams"]:
        built = json.loads((out / f"{k}.json").read_text(encoding="utf-8"))["built"]
        assert "team terms fitted to the season's points per 100 possessions" in built and "real availability" in built


def test_leagues_build_team_terms_is_refused_for_a_builder_without_them(tmp_path):
    res = CliRunner().invoke(main, ["leagues", "build", "--season", "1985", "--ruleset", "valueadd", "--team-terms",
                                    "--out", str(tmp_path / "x")])
    assert res.exit_code != 0
    assert res.output.strip().splitlines()[-1] == ("Error: --team-terms: only Statis Pro Basketball and 4th Street "
                                                   "Basketball's builders have team terms, not Value Add Basketball's")
    assert not (tmp_path / "x").exists()


# docs/rules/statis-pro-basketball.md, "Season context", team terms: the defense term within the card's range


def test_defense_term_within_the_cards_range_compresses_the_mens_differences_instead_of_clamping():
    from coachgym.rules.statispro.teamterms import _unclamped, apply_terms, defense_room, defense_spread

    base = [-14, -12, -10, -9, -7, -6, -5, -4, -3, -1, 0, 2]
    team = {"players": [{"name": f"p{i}", "field_goal": 45, "defense": d} for i, d in enumerate(base)]}
    mean = sum(base) / len(base)
    for term in (-9.0, -6.4, -3.0, -0.7, 0.0, 1.3, 4.0, 6.6):
        out = [p["defense"] for p in apply_terms(team, 0.0, term, (-15, 5))["players"]]
        assert _unclamped(team, term, (-15, 5)) == out  # nothing lost to the clamp
        assert all(-15 <= d <= 5 for d in out)
        assert abs(sum(out) / len(out) - (mean + term)) <= 1.0  # the team's mean moves by the term
        f = defense_spread(base, term, (-15, 5))
        if f < 1:  # compressed: the best and worst men at most at the range's ends, their order kept
            assert out[0] <= out[-1] and (min(out) == -15 or max(out) == 5 or f == 0)
    assert defense_spread(base, 0.0, (-15, 5)) == 1.0
    assert defense_spread(base, -3.0, (-15, 5)) == pytest.approx((mean - 3 + 15) / (mean + 14))
    lo, hi = defense_room(base, (-15, 5), 0.5)
    # at the room's ends the men keep half their differences from the team's mean, no further
    assert defense_spread(base, lo, (-15, 5)) == pytest.approx(0.5)
    assert defense_spread(base, hi, (-15, 5)) == pytest.approx(0.5)
    assert lo < 0 < hi


def test_defense_the_cards_cannot_hold_goes_into_the_offense_term_so_the_net_rating_moves_whole():
    from coachgym.rules.statispro.teamterms import step

    tt = calibration()["season_context"]["team_terms"]
    assert 0 < tt["min_spread"] < 1
    s_fg, s_def = tt["fg_sensitivity"], tt["defense_sensitivity"]
    # within the room: the two terms move as before
    assert step(0.5, -2.0, 1.0, 2.0, 0.5, s_fg, s_def, (-6.0, 6.0)) == pytest.approx(
        (0.5 - 0.5 / s_fg, -2.0 - 1.0 / s_def))
    # a defence better than the cards hold (DRtg 4 points per 100 too high at the room's end): DEFENSE stays
    # at the end, and FIELD GOAL rises by the same points per 100 possessions, s_def / s_fg a point of DEFENSE
    fg, de = step(0.0, -6.0, 0.0, 4.0, 1.0, s_fg, s_def, (-6.0, 6.0))
    assert de == -6.0 and fg == pytest.approx(4.0 / s_fg)
    # part of the way: DEFENSE to the end, the rest in FIELD GOAL; the net change in points per 100
    # possessions (s_fg x d fg - s_def x d de) is what the unconstrained move gives
    fg, de = step(1.0, -5.0, -1.0, 2.0, 1.0, s_fg, s_def, (-6.0, 6.0))
    assert de == -6.0
    free_fg, free_de = 1.0 + 1.0 / s_fg, -5.0 - 2.0 / s_def
    assert s_fg * (fg - 1.0) - s_def * (de + 5.0) == pytest.approx(s_fg * (free_fg - 1.0) - s_def * (free_de + 5.0))
    # a defence worse than the cards hold: the team's offense comes down instead
    fg, de = step(0.0, 6.0, 0.0, -3.0, 1.0, s_fg, s_def, (-6.0, 6.0))
    assert de == 6.0 and fg == pytest.approx(-3.0 / s_fg)


def _small(league: Path, tmp_path: Path, name: str) -> Path:
    """A copy of the league with three teams (knicks, mavericks, bulls): a fit of a few seconds."""
    small = tmp_path / name
    small.mkdir()
    for f in league.iterdir():
        (small / f.name).write_bytes(f.read_bytes())
    lj = json.loads((small / "league.json").read_text(encoding="utf-8"))
    lj["teams"] = ["knicks", "mavericks", "bulls"]
    (small / "league.json").write_text(json.dumps(lj), encoding="utf-8")
    return small


def test_the_convergence_rule_plays_more_iterations_only_while_the_fits_r_is_below_its_mark(league, tmp_path):
    """docs/history.md, "The fit's convergence rule" (card_builder.json team_terms.converge): after the
    fit's size, one more iteration while its last r is below the rule's r, at most ``extra`` more, each
    the iteration a longer fit would play (its seed, its gain); a fit that reaches the mark plays no more."""
    from coachgym.rules.statispro.teamterms import fit

    small = _small(league, tmp_path, "small")
    quiet = {"progress": False, "say": lambda line: None}
    straight = fit(small, 1, 3, 0, **quiet)
    never = fit(small, 1, 1, 0, converge=(1.01, 2), **quiet)  # r cannot reach 1.01: both extra iterations
    assert never["iterations"] == 3 and never["steps"] == straight["steps"]
    assert never["fg"] == straight["fg"] and never["defense"] == straight["defense"]
    assert never["converge"] == {"r": 1.01, "extra_most": 2, "size": 1}
    reached = fit(small, 1, 1, 0, converge=(-1.0, 2), **quiet)  # any r reaches -1: none
    assert reached["iterations"] == 1 and reached["steps"] == straight["steps"][:1]
    rule = calibration()["season_context"]["team_terms"]["converge"]
    assert rule == {"r": 0.9847, "extra_iterations": 4}  # the lower training fit's last r (1992-93's 4 x 4)
    training = json.loads((ROOT / "docs/history/fit-size/terms-1993-4x4.json").read_text(encoding="utf-8"))
    other = json.loads((ROOT / "docs/history/defense-range/diagnosis-terms-1995-rounds4x4.json").read_text(encoding="utf-8"))
    assert min(training["steps"][-1]["r_net"], other["steps"][-1]["r_net"]) == rule["r"]


def test_a_resumed_fit_ends_exactly_where_one_uninterrupted_fit_ends(league, tmp_path):
    """A fit resumed from an earlier fit's record of the same build (its full-precision state) plays only
    the iterations after it and ends with the same steps and terms as one fit of the whole length; a
    record of another size or seed is refused in one line."""
    from coachgym.rules.statispro.teamterms import TeamTermsError, fit

    small = _small(league, tmp_path, "small")
    quiet = {"progress": False, "say": lambda line: None}
    straight = fit(small, 1, 3, 0, **quiet)
    first = fit(small, 1, 2, 0, **quiet)
    said: list[str] = []
    resumed = fit(small, 1, 2, 0, converge=(1.01, 1), resume=json.loads(json.dumps(first)), progress=False,
                  say=said.append)
    assert resumed["steps"] == straight["steps"] and resumed["state"] == straight["state"]
    assert resumed["fg"] == straight["fg"] and resumed["iterations"] == 3
    assert [line.split(":")[0] for line in said if "r(simulated" in line] == ["iteration 3"]  # only the third played
    with pytest.raises(TeamTermsError, match="another size, seed or availability"):
        fit(small, 2, 2, 0, resume=first, **quiet)


def test_the_fit_fields_each_team_out_of_its_own_games_where_the_lengths_differ(tmp_path):
    """Team terms (docs/rules/statis-pro-basketball.md, "Season context", team terms with the season's real
    availability): where the team totals' games played differ by team (2019-20: 64-75), the fit's round
    robins count each team's players out of its own games, as the season replay does
    (``coachgym.series.schedule.real_lengths``); read from G, never W or L. One length: the league's."""
    from coachgym.core.nbaseasons import build_season
    from coachgym.rules.statispro.teamterms import season_games_of
    from coachgym.series.schedule import real_lengths

    folder = tmp_path / "nba-2020"
    build_season("statispro", 2020, folder, blind=True, say=lambda line: None)
    lj = json.loads((folder / "league.json").read_text(encoding="utf-8"))
    keys = list(lj["teams"])
    games = season_games_of(folder, keys)
    assert isinstance(games, dict) and min(games.values()) == 64 and max(games.values()) == 75
    records = {t: tuple(wl) for t, wl in (lj.get("real_records") or {}).items()}
    if records:  # the replay's lengths (from the records where the league keeps them) are the fit's
        assert real_lengths(keys, records) in (None, games)
    with (folder / "team_stats.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:  # the standings blanked: the lengths are read from G alone
        row.update({c: "0" for c in ("W", "L") if c in row})
    with (folder / "team_stats.csv").open("w", encoding="utf-8", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    assert season_games_of(folder, keys) == games
    one = tmp_path / "nba-1993"
    build_season("statispro", 1993, one, blind=True, say=lambda line: None)
    assert season_games_of(one, list(json.loads((one / "league.json").read_text(encoding="utf-8"))["teams"])) == 82
