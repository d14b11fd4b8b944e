"""The card builder's season context (docs/rules/statis-pro-basketball.md, "Season context"): a team's
share of DEFENSE from its points allowed per 100 possessions and its pace, each relative to its own
season's league; the blind build's win share from net points per 100 possessions; the constants read
from data/card_builder.json, fitted on named training seasons and never on the held-out ones."""

from __future__ import annotations

import copy
import csv
import importlib.util
import json
from pathlib import Path

import pytest

from coachgym.core.statscsv import TeamRow, read_player_totals, read_team_stats
from coachgym.rules.statispro import builder
from coachgym.rules.statispro.builder import build_league, calibration, season_context, team_defense_term

ROOT = Path(__file__).resolve().parents[2]
LEAGUE = ROOT / "coachgym/rules/statispro/data/leagues/nba-1993"
POSS = ("FGA", "ORB", "TOV", "FTA", "OPP_FGA", "OPP_ORB", "OPP_TOV", "OPP_FTA")


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _team(tm: str, g: int, pts: int, opp: int, fga: int, orb: int, tov: int, fta: int) -> TeamRow:
    extra = {"FGA": fga, "ORB": orb, "TOV": tov, "FTA": fta, "OPP_FGA": fga, "OPP_ORB": orb, "OPP_TOV": tov,
             "OPP_FTA": fta}
    return TeamRow(0, tm, None, None, g, pts, opp, None, None, extra)


def test_possessions_are_the_standard_estimate_from_team_and_opponent_totals():
    t = TeamRow(0, "NYK", 60, 22, 82, 8328, 7823, None, None,
                dict(zip(POSS, (6898, 1150, 1296, 2316, 6621, 1031, 1360, 2582))))
    team = 6898 - 1150 + 1296 + 0.44 * 2316
    opp = 6621 - 1031 + 1360 + 0.44 * 2582
    assert t.possessions() == pytest.approx((team + opp) / 2)
    assert TeamRow(0, "NYK", extra={"FGA": 1}).possessions() is None  # a column missing: no context


def test_season_context_is_per_100_possessions_relative_to_the_seasons_own_league():
    # two teams allow the same points a game; the slow one (fewer possessions) allows more per possession
    ts = {"AAA": _team("AAA", 82, 8200, 8200, 7000, 1000, 1200, 2000),
          "BBB": _team("BBB", 82, 8200, 8200, 7800, 1000, 1200, 2000)}
    ctx = season_context(ts, ["AAA", "BBB"])
    assert ctx["AAA"]["pace"] < ctx["BBB"]["pace"] and ctx["AAA"]["drtg"] > ctx["BBB"]["drtg"]
    assert ctx["league"]["drtg"] == pytest.approx((ctx["AAA"]["drtg"] + ctx["BBB"]["drtg"]) / 2)
    cal = copy.deepcopy(calibration())
    cal["season_context"].update(per_drtg=0.5, per_pace=0.0)
    # same points allowed a game, but per possession AAA's defence is the worse: a higher (worse) DEFENSE share
    assert team_defense_term("AAA", ctx, cal) > 0 > team_defense_term("BBB", ctx, cal)
    cal["season_context"].update(per_drtg=0.0, per_pace=1.0)
    assert team_defense_term("AAA", ctx, cal) < 0 < team_defense_term("BBB", ctx, cal)
    assert season_context({"AAA": ts["AAA"], "BBB": TeamRow(0, "BBB", games=82, pts=1, opp_pts=1)}, ["AAA", "BBB"]) is None


def _nba_1993(cal=None, blind=True):
    rows = read_player_totals(LEAGUE / "stats.csv")
    teams = read_team_stats(LEAGUE / "team_totals.csv")
    return build_league(rows, teams, "1992-93", blind=blind, cal=cal)


def _built_defense(team: dict) -> float:
    cards = [p for p in team["players"] if not p.get("printed")]
    return sum(p["defense"] for p in cards) / len(cards)


def test_the_defense_term_moves_the_built_cards_the_way_the_teams_defence_and_pace_say():
    cal = copy.deepcopy(calibration())
    cal["season_context"].update(per_drtg=0.0, per_pace=0.0)
    flat = _nba_1993(cal)
    cal["season_context"].update(per_drtg=1.0, per_pace=0.0)
    by_drtg = _nba_1993(cal)
    teams = read_team_stats(LEAGUE / "team_totals.csv")
    ctx = season_context(teams, list(flat))
    best, worst = min(flat, key=lambda t: ctx[t]["drtg"]), max(flat, key=lambda t: ctx[t]["drtg"])
    assert best == "NYK" and worst == "DAL"  # 1992-93: the Knicks allowed the fewest points per possession
    assert _built_defense(by_drtg[best]) < _built_defense(flat[best]) - 2  # a better team defence: lower DEFENSE
    assert _built_defense(by_drtg[worst]) > _built_defense(flat[worst]) + 2
    cal["season_context"].update(per_drtg=0.0, per_pace=1.0)
    by_pace = _nba_1993(cal)
    fast, slow = max(flat, key=lambda t: ctx[t]["pace"]), min(flat, key=lambda t: ctx[t]["pace"])
    assert _built_defense(by_pace[fast]) > _built_defense(flat[fast]) and _built_defense(by_pace[slow]) < _built_defense(flat[slow])
    assert "season context: pace" in by_pace[fast]["built"]


def test_the_blind_win_share_comes_from_net_rating_not_the_per_game_margin():
    # AAA outscores its opponents by 5 a game, BBB is outscored by 5 (the rows: the 1992-93 Knicks and Bulls)
    ts = {"AAA": _team("AAA", 82, 8200, 8200 - 5 * 82, 7000, 1000, 1200, 2000),
          "BBB": _team("BBB", 82, 8200, 8200 + 5 * 82, 7000, 1000, 1200, 2000)}
    ctx = season_context(ts, ["AAA", "BBB"])
    rows = [r for r in read_player_totals(LEAGUE / "stats.csv") if r.team in ("NYK", "CHI")]
    for r in rows:
        r.team = {"NYK": "AAA", "CHI": "BBB"}[r.team]
    cal = copy.deepcopy(calibration())
    tc = cal["team"]
    got = {}
    for k in (1.0, 4.0):
        cal["season_context"]["wins_per_net_rating"] = k
        share = 0.5 + k * (ctx["AAA"]["ortg"] - ctx["AAA"]["drtg"]) / 82
        built = build_league(rows, ts, "1996-97", blind=True, cal=cal)
        assert built["AAA"]["home"]["index"] == builder._index(min(1.0, share + tc["home_edge"]), tc["home_index"])
        assert built["AAA"]["road"]["index"] == builder._index(max(0.0, share - tc["home_edge"]), tc["road_index"])
        got[k] = built["AAA"]["road"]["index"]
    assert got[4.0] > got[1.0]  # the fitted constant, not the old 2.7 per point of margin a game, sets them


def test_the_calibration_file_is_read_and_its_constants_come_from_training_seasons_only():
    sc = json.loads((ROOT / "coachgym/rules/statispro/data/card_builder.json").read_text())["season_context"]
    assert sc is calibration()["season_context"] or sc == calibration()["season_context"]
    assert set(sc["training_seasons"]).isdisjoint(sc["held_out_seasons"]) and "1996-97" in sc["held_out_seasons"]
    assert "1992-93" in sc["training_seasons"] and len(sc["training_seasons"]) >= 2
    assert sc["fit"]["seasons"] == sc["training_seasons"]  # what the fit used, recorded by the tool
    assert not set(sc["fit"]["seasons"]) & set(sc["held_out_seasons"])
    # the builder reads the file: change a constant there and the built cards change with it
    saved = builder._CAL
    try:
        builder._CAL = copy.deepcopy(calibration())
        builder._CAL["season_context"]["per_drtg"] = sc["per_drtg"] + 2.0
        moved = _nba_1993()
    finally:
        builder._CAL = saved
    assert _built_defense(moved["DAL"]) > _built_defense(_nba_1993()["DAL"])


def test_the_calibration_tool_refuses_a_held_out_season_in_one_line(tmp_path, capsys):
    tool = _tool("statispro_season_calibration")
    held = calibration()["season_context"]["held_out_seasons"][0]
    with pytest.raises(tool.CalibrationError, match="held out"):
        tool.load_season(held, LEAGUE / "stats.csv", LEAGUE / "team_totals.csv", [held])
    assert tool.main(["--season", held, str(LEAGUE / "stats.csv"), str(LEAGUE / "team_totals.csv"),
                      "--sensitivity", "3", "--iterations", "0", "--rounds", "1"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"--season {held}: held out" in err


def test_the_calibration_tool_fits_wins_per_net_rating_on_the_training_records():
    tool = _tool("statispro_season_calibration")
    s = tool.load_season("1992-93", LEAGUE / "stats.csv", LEAGUE / "team_totals.csv", [])
    k = tool.fit_wins_per_net_rating([s])
    assert 2.0 < k < 3.0  # about 2.5 wins per 82 games per point of net rating in 1992-93


def test_team_totals_from_bref_writes_the_possession_columns(tmp_path, capsys):
    tool = _tool("team_totals_from_bref")
    (tmp_path / "Team Totals.csv").write_text(
        "season,lg,team,abbreviation,g,pts,fga,orb,tov,fta\n1993,NBA,New York Knicks,NYK,82,8328,6898,1150,1296,2316\n")
    (tmp_path / "Opponent Totals.csv").write_text(
        "season,lg,team,abbreviation,opp_pts,opp_fga,opp_orb,opp_tov,opp_fta\n"
        "1993,NBA,New York Knicks,NYK,7823,6621,1031,1360,2582\n")
    (tmp_path / "Team Summaries.csv").write_text("season,lg,team,abbreviation,w,l\n1993,NBA,New York Knicks,NYK,60,22\n")
    assert tool.main([str(tmp_path), "--season", "1993"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["Team,Division,W,L,G,PTS,OPP_PTS," + ",".join(POSS),
                   "NYK,,60,22,82,8328,7823,6898,1150,1296,2316,6621,1031,1360,2582"]
    (tmp_path / "tt.csv").write_text("\n".join(out) + "\n")
    assert read_team_stats(tmp_path / "tt.csv")["NYK"].extra["OPP_FTA"] == 2582


def test_the_shipped_1993_team_totals_carry_the_possession_columns():
    with (LEAGUE / "team_totals.csv").open() as fh:
        header = next(csv.reader(fh))
    assert header[7:] == list(POSS)


def test_replay_errors_tool_correlates_a_replays_team_errors_with_the_season_context(tmp_path, capsys):
    tool = _tool("statispro_replay_errors")
    league = tmp_path / "league"
    league.mkdir()
    teams = {"knicks": ("New York Knicks", "NYK"), "bulls": ("Chicago Bulls", "CHI"), "suns": ("Phoenix Suns", "PHO")}
    for stem, (name, _) in teams.items():
        (league / f"{stem}.json").write_text(json.dumps({"name": name}))
    # the fast team (PHO) is simulated too strong, the slow one (NYK) too weak
    report = {"team_r": 0.5, "team_mae_wins": 5.0, "teams": [
        {"team": "knicks", "real_wins": 60.0, "sim_wins": 52.0}, {"team": "bulls", "real_wins": 57.0, "sim_wins": 57.0},
        {"team": "suns", "real_wins": 62.0, "sim_wins": 68.0}]}
    (tmp_path / "r.json").write_text(json.dumps(report))
    rows = {"NYK": (60, 22, 8328, 7823, 6600), "CHI": (57, 25, 8625, 8109, 7000), "PHO": (62, 20, 9298, 8736, 7600)}
    (tmp_path / "tt.csv").write_text("Team,W,L,G,PTS,OPP_PTS," + ",".join(POSS) + "\n" + "".join(
        f"{tm},{w},{lo},82,{p},{o},{fga},1100,1300,2300,{fga},1100,1300,2300\n" for tm, (w, lo, p, o, fga) in rows.items()))
    assert tool.main([str(tmp_path / "r.json"), str(tmp_path / "tt.csv"), "--league", str(league)]) == 0
    out = capsys.readouterr().out
    assert "3 teams" in out and "pace       +0.9" in out and "Pythagorean, exponent 14" in out
    assert tool.main([str(tmp_path / "r.json"), str(tmp_path / "tt.csv"), "--league", str(tmp_path)]) == 1
    assert "fewer than 3" in capsys.readouterr().err


def test_per_minute_ratings_are_read_at_the_leagues_pace_where_the_season_context_is_given():
    # "Season context": a fast team's per-minute counts carry its extra possessions; the builder reads them
    # at the league's pace (x league pace / team pace). The same player on a slow and a fast team of one league.
    rows = [r for r in read_player_totals(LEAGUE / "stats.csv") if r.team in ("NYK", "CHI")]
    ts = {"NYK": _team("NYK", 82, 8200, 8200, 6400, 1000, 1200, 2000),   # slow
          "CHI": _team("CHI", 82, 8200, 8200, 7600, 1000, 1200, 2000)}   # fast
    ctx = season_context(ts, ["NYK", "CHI"])
    cal = copy.deepcopy(calibration())
    cal["season_context"].update(per_drtg=0.0, per_pace=0.0)
    assert builder.pace_scale("NYK", ctx, cal) > 1 > builder.pace_scale("CHI", ctx, cal)
    assert builder.pace_scale("NYK", ctx, cal) == pytest.approx(ctx["league"]["pace"] / ctx["NYK"]["pace"])
    assert builder.pace_scale("NYK", None, cal) == 1.0
    r = next(r for r in rows if r.player == "Scottie Pippen")
    plain = builder.card_from_row(r, None, cal)
    slow = builder.card_from_row(r, None, cal, pace=builder.pace_scale("NYK", ctx, cal))
    fast = builder.card_from_row(r, None, cal, pace=builder.pace_scale("CHI", ctx, cal))
    for field in ("rebound", "assist", "steal", "foul_drawing"):
        assert slow[field] >= plain[field] >= fast[field], field
    assert slow["rebound"] > fast["rebound"] and slow["assist"] > fast["assist"]
    # what is not a count per minute stays: percentages and attempts a game
    for field in ("field_goal", "three_point", "free_throw", "attempts", "games"):
        assert slow[field] == plain[field] == fast[field], field
    assert builder.foul_width(r, cal, 1.2) > builder.foul_width(r, cal, 0.8)
    # the switch in the calibration file: off, the counts are read as they are
    cal["season_context"]["per_minute_at_league_pace"] = False
    assert builder.pace_scale("NYK", ctx, cal) == 1.0


def test_the_season_contexts_defense_range_is_the_loaders_and_records_what_it_clamps():
    # "Season context", DEFENSE range: a built card of a season with context may take any DEFENSE the
    # team-file loader accepts (-15..+5), not the printed cards' -12..0; beyond it, clamped with a note.
    sc = calibration()["season_context"]
    assert sc["defense_range"] == [-15, 5] and sc["per_minute_at_league_pace"] is True
    cal = copy.deepcopy(calibration())
    cal["season_context"].update(per_drtg=3.0, per_pace=0.0)  # a term far too strong: the range shows
    notes: list[str] = []
    rows = read_player_totals(LEAGUE / "stats.csv")
    teams = read_team_stats(LEAGUE / "team_totals.csv")
    built = build_league(rows, teams, "1992-93", blind=True, cal=cal, notes=notes)
    ds = [p["defense"] for t in built.values() for p in t["players"] if not p.get("printed")]
    assert min(ds) == -15 and max(ds) == 5
    assert any("defense" in n and "outside -15..5" in n for n in notes)
    # without the possession columns (the shipped nba-1993's team_stats.csv): the printed range -12..0
    old = read_team_stats(LEAGUE / "team_stats.csv")
    built = build_league(rows, old, "1992-93", cal=cal)
    ds = [p["defense"] for t in built.values() for p in t["players"]]
    assert min(ds) >= -12 and max(ds) <= 0


def test_the_calibration_tool_keeps_the_last_iterations_constants_with_keep_last(monkeypatch, capsys):
    # "Season context", the refit: the round robins' MAEs differ by less than their dice, so --keep last
    # keeps the last iteration's least-squares constants instead of the smallest MAE; --from sets the start
    tool = _tool("statispro_season_calibration")
    calls = []

    def fake_round_robin(season, cal, rounds, seed, bar):
        calls.append((cal["season_context"]["per_drtg"], cal["season_context"]["per_pace"]))
        # the start plays best (smallest MAE, its errors follow DRtg: the fit moves), the fitted step
        # worse: "best" keeps the start, "last" the step
        ctx = season["ctx"]
        teams = sorted(t for t in ctx if t != "league")
        if len(calls) == 1:
            return {tm: tool.real_wins(season, tm) + 0.5 * (ctx[tm]["drtg"] - ctx["league"]["drtg"]) for tm in teams}
        return {tm: tool.real_wins(season, tm) + (6.0 if i % 2 else -6.0) for i, tm in enumerate(teams)}

    monkeypatch.setattr(tool, "round_robin", fake_round_robin)
    args = ["--season", "1992-93", str(LEAGUE / "stats.csv"), str(LEAGUE / "team_totals.csv"), "--sensitivity", "1.0",
            "--rounds", "1", "--iterations", "1", "--from", "0.5", "0.25"]
    assert tool.main(args + ["--keep", "last"]) == 0
    kept = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert calls[0] == (0.5, 0.25) and (kept["per_drtg"], kept["per_pace"]) == calls[1] != calls[0]
    calls.clear()
    assert tool.main(args) == 0  # the default: the smallest mean MAE, here the start
    kept = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (kept["per_drtg"], kept["per_pace"]) == (0.5, 0.25)


def test_replay_errors_star_shots_weighs_high_volume_shooters_by_their_true_shooting_over_the_teams(tmp_path):
    # docs/history.md, "Pace-free cards": what the errors follow beyond pace, the high-volume men's shots
    tool = _tool("statispro_replay_errors")
    (tmp_path / "aaa.json").write_text(json.dumps({"players": [{"name": "Star"}, {"name": "Mate"}]}))
    (tmp_path / "stats.csv").write_text(
        "Player,Tm,G,FGA,FTA,PTS\nStar,AAA,82,1804,0,2165\nMate,AAA,82,820,0,820\nOther,BBB,82,2000,0,1000\n")
    # Star: 22 a game, 5 above 17; true shooting .600 against the team's 2985 / (2 x 2624) = .5688
    team_ts = 2985 / (2 * 2624)
    assert tool.star_shots(tmp_path, "aaa") == pytest.approx(5 * (2165 / 3608 - team_ts))
    assert tool.star_shots(tmp_path, "none") is None


def test_usage_attempts_spread_attempts_by_shots_a_minute_around_the_printed_rules_level():
    # "Season context", usage ATTEMPTS: with the season context a built card's ATTEMPTS = round(level +
    # spread x 36 x (his shots a minute, shrunk toward the league's, - the league's)); the level is the
    # league's minutes-weighted FGA / G (the printed rule's), printed cards and builds without context unchanged
    ua = calibration()["season_context"]["usage_attempts"]
    assert ua["spread"] > 1 and ua["prior_minutes"] >= 0 and ua["training_seasons"] == ["1992-93", "1994-95"]
    rows = read_player_totals(LEAGUE / "stats.csv")
    u = builder.usage_context(rows)
    team_rows = [r for r in rows if r.team != "TOT" and r.get("G") and r.get("MP") > 0]
    assert u["rate"] == pytest.approx(sum(r.get("FGA") for r in team_rows) / sum(r.get("MP") for r in team_rows))
    assert u["level"] == pytest.approx(sum(r.get("MP") * r.get("FGA") / r.get("G") for r in team_rows)
                                       / sum(r.get("MP") for r in team_rows))
    built = _nba_1993()
    plain = build_league(rows, read_team_stats(LEAGUE / "team_stats.csv"), "1992-93")  # no context: FGA / G
    by_team = {(r.team, r.player): r for r in team_rows}
    by_name = {r.player: r for r in team_rows}
    cards = [(p, by_team[(tm, p["name"])]) for tm, t in built.items() for p in t["players"]
             if not p.get("printed") and (tm, p["name"]) in by_team]
    assert len(cards) > 300
    for p, r in cards:
        rate = (r.get("FGA") + u["rate"] * u["prior_minutes"]) / (r.get("MP") + u["prior_minutes"])
        want = max(0, min(40, builder._round(u["level"] + u["spread"] * 36 * (rate - u["rate"]))))
        assert p["attempts"] == want, p["name"]
    # a high-volume scorer gets more than his FGA a game, a low-volume man less; the level is kept
    wilkins = next(p for p, r in cards if p["name"] == "Dominique Wilkins")
    assert wilkins["attempts"] > round(by_name["Dominique Wilkins"].get("FGA") / by_name["Dominique Wilkins"].get("G"))
    koncak = next(p for p, r in cards if p["name"] == "Jon Koncak")
    assert koncak["attempts"] < round(by_name["Jon Koncak"].get("FGA") / by_name["Jon Koncak"].get("G"))
    # the level is the printed rule's: before the clamp, the minutes-weighted mean ATTEMPTS is the league's FGA / G
    mp = sum(r.get("MP") for r in team_rows)
    unclamped = sum(r.get("MP") * (u["level"] + u["spread"] * 36 * ((r.get("FGA") + u["rate"] * u["prior_minutes"])
                                   / (r.get("MP") + u["prior_minutes"]) - u["rate"])) for r in team_rows) / mp
    assert unclamped == pytest.approx(u["level"], abs=0.5)
    # the printed cards (Knicks, Bulls) are copied as printed; without the possession columns: FGA / G
    for tm in ("NYK", "CHI"):
        printed = [p for p in built[tm]["players"] if p.get("printed")]
        assert len(printed) == 5 and printed == [p for p in plain[tm]["players"] if p.get("printed")]
    for tm, t in plain.items():
        for p in t["players"]:
            r = by_team.get((tm, p["name"]))
            if r is not None and not p.get("printed"):
                assert p["attempts"] == min(40, builder._round(r.get("FGA") / r.get("G"))), p["name"]
    assert "usage ATTEMPTS" in built["ATL"]["built"] and "usage ATTEMPTS" not in plain["ATL"]["built"]
    # off in the calibration file: ATTEMPTS = FGA / G again
    cal = copy.deepcopy(calibration())
    del cal["season_context"]["usage_attempts"]
    assert builder.usage_context(rows, cal) is None


def test_usage_tool_bins_simulated_over_real_attempts_and_the_log_log_slope():
    # docs/history.md, "Usage ATTEMPTS": the measure the spread was chosen by (tools/statispro_usage.py ratios)
    tool = _tool("statispro_usage")
    rows = [{"real_fga_g": f, "sim_fga_g": f, "real_mpg": 30.0, "gp": 80} for f in (4.0, 8.0, 12.0, 18.0, 24.0)]
    s = tool.summary(rows + [{"real_fga_g": 30.0, "sim_fga_g": 1.0, "real_mpg": 5.0, "gp": 80},   # under 10 minutes: out
                             {"real_fga_g": 30.0, "sim_fga_g": 1.0, "real_mpg": 30.0, "gp": 10}])  # few games: out
    assert s["players"] == 5 and s["slope_log_sim_on_log_real"] == pytest.approx(1.0)
    assert all(b["fga_ratio"] == 1.0 for b in s["bins"].values()) and s["bins"]["17-20"]["players"] == 1
    compressed = [dict(r, sim_fga_g=10.0 * (r["real_fga_g"] / 10.0) ** 0.5) for r in rows]
    s = tool.summary(compressed)
    assert s["slope_log_sim_on_log_real"] == pytest.approx(0.5) and s["corr_ratio_real_fga"] < 0
    assert s["bins"]["0-6"]["fga_ratio"] > 1 > s["bins"]["20-99"]["fga_ratio"]


def test_the_builders_own_defense_clamp_prints_a_note_a_card_and_a_count_naming_the_players():
    # "Season context", The DEFENSE range: a built card whose DEFENSE (steals, defensive rebounds and the
    # team term per possession, before any fitted team term) falls outside -15..+5 is clamped to the range,
    # with a note naming the player and his value, and the build prints one line a field: how many cards and
    # whose (coachgym.core.statscsv.clamp_summary; `cards build` / `leagues build` print it after the notes).
    from coachgym.core.statscsv import clamp_summary

    notes: list[str] = []
    rows = read_player_totals(LEAGUE / "stats.csv")
    teams = read_team_stats(LEAGUE / "team_totals.csv")
    built = build_league(rows, teams, "1992-93", blind=True, notes=notes)
    clamped = [n for n in notes if ": defense " in n and "is outside -15..5" in n]
    assert clamped, "the shipped 1992-93 totals put the Knicks' best defenders past -15 (docs/history.md)"
    cards = {(tm, p["name"]): p for tm, t in built.items() for p in t["players"] if not p.get("printed")}
    kept = 0  # a clamped card may be replaced by its printed one (Ewing, Oakley) or left off the roster
    for n in clamped:
        who, rest = n.split(": defense ")
        value = int(rest.split()[0])
        assert value < -15 or value > 5
        tm, name = who.split(" ", 1)
        if (tm, name) in cards:
            assert cards[(tm, name)]["defense"] == (-15 if value < -15 else 5)
            kept += 1
    assert kept
    summary = [s for s in clamp_summary(notes) if s.startswith("defense ")]
    assert len(summary) == 1 and summary[0].startswith(f"defense clamped on {len(clamped)} card")
    assert "to -15..5: " in summary[0]
    for n in clamped:
        who, rest = n.split(": defense ")
        assert f"{who} {rest.split()[0]}" in summary[0]
    # no line for a build that clamped nothing, one a field otherwise, the most clamped first
    assert clamp_summary(["NYK A: defense -16 is outside -15..5, clamped to -15 (the DEFENSE fit)",
                          "NYK B: steal 10 is outside 0..9, clamped to 9", "NYK C: steal 11 is outside 0..9, "
                          "clamped to 9", "a line that is not a clamp"]) == [
        "steal clamped on 2 cards to 0..9: NYK B 10, NYK C 11", "defense clamped on 1 card to -15..5: NYK A -16"]
    assert clamp_summary([]) == []
