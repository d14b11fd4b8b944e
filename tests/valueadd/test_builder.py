"""The card builder (coachgym.core.cardbuilder + coachgym.rules.valueadd.builder): season stat lines
become cards whose dice reproduce them. Derivations: docs/rules/value-add-basketball-cards.md."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from coachgym.core.cardbuilder import (
    SeasonLine,
    StatLineError,
    TeamContext,
    apportion,
    best_split,
    consecutive_ranges,
    usage_share,
)
from coachgym.core.errors import TeamFileError
from coachgym.core.ruleset import load_json
from coachgym.rules.valueadd import builder as B
from coachgym.rules.valueadd.cards import parse_team

BUNDLED = B.bundled_team_files()
LINE = dict(g=30, min=1020, fgm=150, fga=330, fg3m=60, fg3a=165, ftm=90, fta=120, oreb=20, dreb=90, ast=150,
            stl=45, blk=5, tov=80, pf=60)


def _team(slug="lakeshore"):
    p = next(p for p in BUNDLED if p.stem == slug)
    return load_json(p), parse_team(load_json(p), str(p))


# ====================================================================== core toolkit
def test_apportion_largest_remainder_keeps_the_total():
    # quotas 9.5, 5.7, 3.8: floors 9, 5, 3 and the two units left go to the remainders .8 and .7
    assert apportion([0.5, 0.3, 0.2], 19) == [9, 6, 4]
    assert sum(apportion([3.3, 1.1, 0.7, 2.6, 9.9], 19)) == 19
    assert apportion([1, 0, 1], 3) == [2, 0, 1]  # tie on remainders -> earlier item
    assert apportion([0, 0], 5) == [0, 0]
    assert apportion([-1, 2], 4) == [0, 4]


def test_apportion_respects_caps():
    assert apportion([0.9, 0.05, 0.05], 3, caps=[1, 3, 3]) == [1, 1, 1]
    with pytest.raises(ValueError):
        apportion([1, 1], 7, caps=[3, 3])


def test_best_split_searches_near_the_largest_remainder():
    w = [2.4, 4.6, 12.0]
    assert best_split(w, 19, lambda c: 0.0) == apportion(w, 19)  # ties keep largest remainder
    got = best_split(w, 19, lambda c: abs(c[0] - 3))  # a loss that wants 3 in the first slot
    assert got[0] == 3 and sum(got) == 19


def test_consecutive_ranges():
    assert consecutive_ranges([2, 0, 3], first=1) == [(1, 2), None, (3, 5)]
    assert consecutive_ranges([1, 2], first=41) == [(41, 41), (42, 43)]


def test_season_line_rates():
    line = SeasonLine(**LINE)
    assert line.fg2m == 90 and line.fg2a == 165 and line.pts == 2 * 150 + 60 + 90
    assert line.touches == pytest.approx(330 + 80 + 0.44 * 120)
    assert line.mpg == 34 and line.per_minutes("pf") == pytest.approx(60 * 40 / 1020)
    ctx = TeamContext(games=30, pace=68.0)
    assert ctx.on_court_share(line) == pytest.approx(1020 / 1200)
    assert ctx.per_possession(line, "tov") == pytest.approx(80 / (30 * 68 * 0.85))
    assert usage_share(line, team_touches=30 * 77.0, ctx=ctx) == pytest.approx(line.touches / (30 * 77 * 0.85))


@pytest.mark.parametrize("field,value,needle", [
    ("fgm", 400, "exceeds fga"),
    ("fg3m", 170, "exceeds fg3a"),
    ("fg3a", 340, "exceed field-goal attempts"),
    ("ftm", 121, "exceeds fta"),
    ("min", 1500, "more than 40 a game"),
    ("tov", -1, "non-negative"),
    ("stl", 2.5, "whole number"),
])
def test_season_line_validation_names_the_field(field, value, needle):
    with pytest.raises(StatLineError) as exc:
        SeasonLine(**{**LINE, field: value})
    assert exc.value.field == field and needle in str(exc.value)


def test_season_line_from_dict_errors_name_file_and_field():
    with pytest.raises(TeamFileError) as exc:
        SeasonLine.from_dict({k: v for k, v in LINE.items() if k != "dreb"}, "t.json", "players[2].stats")
    assert exc.value.field == "players[2].stats.dreb" and "t.json" in str(exc.value)
    with pytest.raises(TeamFileError) as exc:
        SeasonLine.from_dict({**LINE, "fgm": 999}, "t.json", "players[2].stats")
    assert exc.value.field == "players[2].stats.fgm"
    with pytest.raises(TeamFileError) as exc:
        SeasonLine.from_dict({**LINE, "dunks": 3}, "t.json", "players[2].stats")
    assert exc.value.field == "players[2].stats.dunks"


def test_team_context_validation():
    with pytest.raises(StatLineError):
        TeamContext(games=0)
    with pytest.raises(StatLineError):
        TeamContext(games=30, pace=5)


# ====================================================================== the card fields
def test_stamina_is_possessions_of_44():
    """'Stamina: 37' or 'Plays 37 of 44': minutes per game over 40, times 44."""
    assert B.stamina_for(SeasonLine(**LINE)) == 37  # 34 mpg
    assert B.stamina_for(SeasonLine(**{**LINE, "min": 1200})) == 44
    assert B.stamina_for(SeasonLine(**{**LINE, "min": 150})) == 6  # 5 mpg


def test_choose_the_point_guard_from_rebounds_per_assist():
    """'a 1 or lower is a point guard, while a 5 or higher is a center'."""
    guard = SeasonLine(**LINE)  # 90 DREB / 150 AST = 0.6
    center = SeasonLine(**{**LINE, "ast": 20, "dreb": 180})  # 9.0
    pos, pg = B.positions_for(B.position_figure(guard))
    assert pg and 1 in pos
    pos, pg = B.positions_for(B.position_figure(center))
    assert not pg and pos == (5,)


def test_free_throw_range_is_twenty_times_the_percentage():
    assert B.free_throw_top(SeasonLine(**LINE)) == 15  # 75% (shrunk a hair toward 70%)
    perfect = SeasonLine(**{**LINE, "ftm": 120})
    assert B.free_throw_top(perfect) == 19  # "a roll of 20 ... is almost always a missed ... free throw"


def test_turnover_range_is_what_the_defense_leaves():
    """41-46 on the ballhandler's card carries his turnovers beyond the defense's steals."""
    assert B.turnover_numbers(B.ENV.steal) == 0
    assert B.turnover_numbers(B.ENV.steal + 3 / 36) == 3
    assert B.turnover_numbers(0.9) == 6


def test_steal_and_block_values_follow_the_advanced_ranges():
    """'Steal 11-17 Also steals on 16 for bottom of 4 other players', '11-16 (31 all)' = 11-20."""
    assert B._range_units(13, 10) == 3 and B._range_units(16, 10) == 6
    assert B._range_units(18, 10) == 8 and B._range_units(20, 10) == 6
    assert B._range_units(22, 10) == 8 and B._range_units(27, 20) == 7
    # team defense on 6-8: 11 needs 11-13, 12 needs 11-16, 13 needs 11-19 or (31 all); 31 for all
    assert B.lineup_team_terms([12, 12, 12, 11, 11], 10, B.TEAM_STEAL_NEEDS) == 0
    assert B.lineup_team_terms([16, 12, 12, 11, 11], 10, B.TEAM_STEAL_NEEDS) == pytest.approx(3 / 8 * 2 / 36)
    assert B.lineup_team_terms([20, 12, 12, 11, 11], 10, B.TEAM_STEAL_NEEDS) == pytest.approx(3 / 8 * 3 / 36 + 1 / 36)


# ====================================================================== cards reproduce the stats
def _big_enough(card) -> bool:
    return SeasonLine(**card.stats).touches >= 120


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_card_ranges_reproduce_player_rates(path: Path):
    team = parse_team(load_json(path), str(path))
    checked = 0
    for card in team.players:
        if not _big_enough(card):
            continue
        checked += 1
        line = SeasonLine(**card.stats)
        m = B.expected_offense(card)
        who = card.name
        assert m["fg_pct"] == pytest.approx(line.pct("fgm", "fga"), abs=0.05), who
        assert m["ft_pct"] == pytest.approx(line.pct("ftm", "fta"), abs=0.04), who
        assert m["tov"] == pytest.approx(line.per_touch("tov"), abs=0.03), who
        share3 = m["fg3a"] / m["fga"]
        assert share3 == pytest.approx(line.fg3a / line.fga, abs=0.08), who
        if line.fg3a >= 60:
            assert m["fg3_pct"] == pytest.approx(line.pct("fg3m", "fg3a"), abs=0.07), who
        assert m["fta"] == pytest.approx(line.per_touch("fta"), abs=0.06), who
        assert m["pts"] == pytest.approx(line.pts / line.touches, rel=0.08), who
    assert checked >= 6


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_team_totals_reproduced_within_five_percent(path: Path):
    team = parse_team(load_json(path), str(path))
    got = dict.fromkeys(("fgm", "fga", "fg3m", "fg3a", "fta", "tov", "pts"), 0.0)
    want = dict(got)
    for card in team.players:
        line = SeasonLine(**card.stats)
        m = B.expected_offense(card)
        for k in got:
            got[k] += m[k] * line.touches
            want[k] += line.pts if k == "pts" else getattr(line, k)
    for k in got:
        assert got[k] == pytest.approx(want[k], rel=0.05), k


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_team_defense_reproduces_steals_and_blocks(path: Path):
    """Steal and block ranges are fitted so the lineups take the team's steals/blocks per opponent touch."""
    raw, team = load_json(path), parse_team(load_json(path), str(path))
    lines = [SeasonLine(**c.stats) for c in team.players]
    opp_touches = raw["build"]["games"] * raw["build"]["pace"] * B.ENV.touches_per_possession
    for attr, base, needs, stat in (("steal", 10, B.TEAM_STEAL_NEEDS, "stl"), ("block", 20, B.TEAM_BLOCK_NEEDS, "blk")):
        starters = [getattr(team.players[i], attr) for i in team.lineup]
        reserves = [getattr(team.players[i], attr) for i in team.reserves]
        model = 0.8 * B.lineup_rate(starters, base, needs) + 0.2 * B.lineup_rate(reserves, base, needs)
        real = sum(getattr(l, stat) for l in lines) / opp_touches
        assert model == pytest.approx(real, rel=0.3), attr


def test_read_the_8_sided_die_three_extra_numbers_per_unit():
    """'6 ... 7 ... 8': the starters hold three numbers, the reserves three; usage decides who."""
    for path in BUNDLED:
        team = parse_team(load_json(path), str(path))
        assert sum(len(team.players[i].extra) for i in team.lineup) == 3, path
        assert sum(len(team.players[i].extra) for i in team.reserves) == 3, path
        # the starter with the highest usage holds at least one number
        raw = load_json(path)
        lines = [SeasonLine(**p["stats"]) for p in raw["players"]]
        tt = sum(l.touches for l in lines)
        ctx = TeamContext(games=raw["build"]["games"], pace=raw["build"]["pace"])
        top = max(team.lineup, key=lambda i: usage_share(lines[i], tt, ctx))
        assert team.players[top].extra, path


def test_team_stamina_totals_about_220():
    """'occasionally a team does not have the total 220 possessions on their roster'."""
    for path in BUNDLED:
        team = parse_team(load_json(path), str(path))
        assert 212 <= sum(p.stamina for p in team.players) <= 228, path
        starters = [team.players[i].stamina for i in team.lineup]
        assert 30 <= sum(starters) / 5 <= 40 and min(starters) >= 25, path


def test_rebound_ranges_follow_rebound_rates():
    _, team = _team("cedar-valley")
    c = team.players[team.lineup[4]]
    pg = team.players[team.lineup[0]]
    assert c.off_reb > pg.off_reb and c.def_reb > pg.def_reb
    for path in BUNDLED:
        for p in parse_team(load_json(path), str(path)).players:
            assert p.off_reb < p.def_reb or p.off_reb == p.def_reb == 6, (path, p.name)


# ====================================================================== build_team and regeneration
@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_files_are_reproducible_from_their_stat_lines(path: Path):
    assert B.format_team_file(B.build_team(load_json(path), path=str(path))) == path.read_text(encoding="utf-8")


def test_regenerate_rewrites_a_changed_file(tmp_path: Path):
    src = next(p for p in BUNDLED if p.stem == "harbor-city")
    dst = tmp_path / "harbor-city.json"
    shutil.copy(src, dst)
    assert B.regenerate([dst], check=True) == []
    data = json.loads(dst.read_text())
    data["players"][0]["stats"]["tov"] += 60  # a much looser ball-handler
    dst.write_text(json.dumps(data))
    assert B.regenerate([dst], check=True) == [dst]
    assert B.regenerate([dst]) == [dst]
    card = parse_team(load_json(dst), str(dst)).players[0]
    old = parse_team(load_json(src), str(src)).players[0]
    assert card.turnover > old.turnover
    assert B.regenerate([dst], check=True) == []
    assert B.main(["--check", str(dst)]) == 0


def test_build_team_from_a_bare_spec():
    raw, team = _team("ironwood-state")
    spec = {k: raw[k] for k in ("schema", "name", "short", "fictional", "source", "dunk", "defense_adjust", "lineup", "reserves")}
    spec["players"] = [{"name": p["name"], "number": p["number"], "stats": p["stats"]} for p in raw["players"]]
    spec["build"] = {"games": raw["build"]["games"], "pace": raw["build"]["pace"]}
    built = B.build_team(spec)
    assert parse_team(built, "spec").players == team.players


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["players"][2].pop("stats"), "players[2].stats"),
    (lambda d: d["players"][2]["stats"].update(fgm=10_000), "players[2].stats.fgm"),
    (lambda d: d["players"][5]["stats"].pop("blk"), "players[5].stats.blk"),
    (lambda d: d["lineup"].__setitem__(0, "Mystery Man"), "lineup[0]"),
    (lambda d: d["players"][1].update(name=d["players"][0]["name"]), "players"),
    (lambda d: d["players"][3]["stats"].update(g=99), "players[3].stats.g"),
    (lambda d: d["build"].update(pace=2), "build.pace"),
    (lambda d: d["build"].update(pace="fast"), "build.pace"),
    (lambda d: d["build"].update(games=0), "build.games"),
])
def test_build_team_errors_name_the_field(mutate, field):
    raw, _ = _team()
    d = copy.deepcopy(raw)
    mutate(d)
    with pytest.raises(TeamFileError) as exc:
        B.build_team(d, path="spec.json")
    assert exc.value.field == field and "spec.json" in str(exc.value)


# ====================================================================== calibration against the engine
def test_calibration_by_the_book_games_look_like_ncaa_games():
    """Realism (issue 2, section 8): the cards, played by the by-the-book coach, give NCAA-like box
    scores. Full figures: ``python tools/valueadd_calibration.py --games 2000``."""
    import itertools

    from coachgym.core.match import play_game
    from coachgym.rules.valueadd import RULESET

    pairs = list(itertools.permutations(RULESET.team_names(), 2))
    tot: dict[str, float] = {}
    n = 120
    for g in range(n):
        home, away = pairs[g % len(pairs)]
        game = RULESET.new_game(home, away, seed=g, record_events=False)
        play_game(game, RULESET.coach("by-the-book", seed=g), RULESET.coach("by-the-book", seed=g + 1), seed=g)
        box = game.box_score()
        for side in (0, 1):
            for k, v in box.totals(side).items():
                tot[k] = tot.get(k, 0) + v
    games = 2 * n
    assert 60 <= tot["score"] / games <= 85
    assert 0.40 <= tot["FGM"] / tot["FGA"] <= 0.48
    assert 0.31 <= tot["3PM"] / tot["3PA"] <= 0.39
    assert 0.64 <= tot["FTM"] / tot["FTA"] <= 0.75
    per68 = 68 / (tot["POSS"] / 5 / games)
    assert 9 <= tot["TO"] / games * per68 <= 14
    assert 4.5 <= (tot["STL"] / games - 2) * per68 <= 8  # 2 steals are credited for the 22 assumed possessions
    assert 2.0 <= tot["BLK"] / games * per68 <= 5
