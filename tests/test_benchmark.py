"""The coach benchmark: paired seeds, chunked series equal to one series, and its reports."""

import json

from coachgym.core.match import run_match
from coachgym.evaluation import benchmark as bm
from coachgym.rules.valueadd import RULESET


def test_chunked_series_equals_one_series():
    """A series split into chunks (as worker processes play it) is game for game the series played at once."""
    whole = bm.play_series("valueadd", "by-the-book", "random", "mirror", 12, progress=False)
    assert whole.n == 12
    pairs = [(RULESET.load_team(t), RULESET.load_team(t)) for t in RULESET.team_names()]

    def new_game(h, w, seed, record_events=False):
        return RULESET.new_game(h, w, seed=seed, record_events=record_events)

    parts = [run_match(new_game, RULESET.coach("by-the-book", seed=1), RULESET.coach("random", seed=2), games=6,
                       seed=0, teams=pairs, keep_box=False, first_game=first) for first in (0, 6)]
    chunked = [(g.seed, g.a_side, g.home_score, g.away_score) for p in parts for g in p.games]
    assert chunked == [(g.seed, g.a_side, g.home_score, g.away_score) for g in whole.games]
    # games come in pairs sharing a seed with the coaches swapping benches
    assert [g.seed for g in whole.games[:4]] == [0, 0, 1, 1] and [g.a_side for g in whole.games[:2]] == [0, 1]


def test_benchmark_reports_every_pairing_and_names_a_missing_model(tmp_path):
    rows = bm.benchmark_ruleset("valueadd", 4, progress=False,
                                pairings=(("by-the-book", "random"), ("trained", "random")))
    kinds = [(r["coach_a"], r["kind"]) for r in rows]
    assert ("by-the-book", "mirror") in kinds and ("by-the-book", "cross-team") in kinds
    played = [r for r in rows if "error" not in r]
    for r in played:
        assert r["games"] == 4 and r["a_wins"] + r["b_wins"] + r["draws"] == 4
        assert r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    md = bm.to_markdown(rows)
    assert "| valueadd | by-the-book | random | mirror | 4 |" in md
    json.dumps(rows)  # the saved report is plain JSON
    # a model file that is not there: that pairing is reported as not run, naming the file; the others run
    missing = tmp_path / "no-such-model.npz"
    rows = bm.benchmark_ruleset("valueadd", 2, progress=False, model=str(missing),
                                pairings=(("by-the-book", "random"), ("trained", "random")))
    errors = [r for r in rows if "error" in r]
    assert [(r["coach_a"], r["coach_b"]) for r in errors] == [("trained", "random")]
    assert str(missing) in errors[0]["error"] and "no such model file" in errors[0]["error"]
    assert any(r["coach_a"] == "by-the-book" and "error" not in r for r in rows)
    assert f"| valueadd | trained | random | - | - | - | not run: {missing}: no such model file | - |" in bm.to_markdown(rows)


def test_benchmark_command_writes_json_markdown_and_plot(tmp_path):
    rows = bm.run(["valueadd"], 2, tmp_path, progress=False, jobs=2)
    assert json.loads((tmp_path / "benchmark.json").read_text()) == rows
    assert (tmp_path / "benchmark.md").read_text().startswith("| ruleset |")
    assert (tmp_path / "benchmark.png").stat().st_size > 1000


def test_leverage_rows_cover_every_decision_kind_the_coach_meets():
    from coachgym.evaluation.leverage import RandomInKind, decision_counts, leverage

    counts = decision_counts("valueadd", games=2)
    assert counts["offense_menu"] > 10  # a menu before every possession
    rows = leverage("valueadd", games=4, jobs=1, progress=False)
    assert [r["kind"] for r in rows] == [k for k, _ in decision_counts("valueadd").most_common()]
    for r in rows:
        assert r["games"] == 4 and 0 <= r["win_rate"] <= 1
    # the coach of a row: random in its kind (several different legal choices), the base coach elsewhere
    coach = RandomInKind(RULESET.coach("first-legal"), "offense_menu", seed=1)
    game = RULESET.new_game(seed=1)
    coach.reset(game, 0)
    seen, elsewhere = set(), 0
    while game.decision is not None and len(seen) < 3:
        d = game.decision
        a = coach.choose(game, d)
        assert a in d.legal
        if d.kind == "offense_menu":
            seen.add(a)
        else:
            assert a == d.legal[0]  # first-legal's choice
            elsewhere += 1
        game.step(a)
    assert len(seen) == 3 and elsewhere > 0


def test_leverage_plot_is_written(tmp_path):
    from coachgym.evaluation.leverage import leverage, plot

    rows = leverage("valueadd", games=2, jobs=1, progress=False)
    plot(rows, tmp_path / "lev.png")
    assert (tmp_path / "lev.png").stat().st_size > 1000


def test_a_real_teams_row_plays_the_clubs_with_their_leagues_rule_options(monkeypatch):
    """A real FUBA league's clubs differ only by their A12 skills (docs/rules/fuba.md "Real leagues"),
    so its real-teams row plays with the leagues' A1 and A12 on; options given on top still win."""
    seen = []

    def fake_run(name, a, b, games, **kw):
        seen.append(kw["options"])
        return bm.MatchResult(a, b, [])

    monkeypatch.setattr(bm, "run_series", fake_run)
    bm.play_series("fuba", "by-the-book", "random", "real-teams", 2, progress=False)
    bm.play_series("fuba", "by-the-book", "random", "real-teams", 2, progress=False, options={"skill_limit": 4})
    bm.play_series("fuba", "by-the-book", "random", "mirror", 2, progress=False)
    assert seen == [{"condition_points": True, "skills": True, "skill_limit": 6},
                    {"condition_points": True, "skills": True, "skill_limit": 4}, None]
