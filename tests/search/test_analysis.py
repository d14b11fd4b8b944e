"""coachgym analyze: options of a decision by rollouts from resampled futures."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from coachgym import rulesets
from coachgym.cli import main
from coachgym.core.errors import ConfigError, GameOverError, SavedGameError
from coachgym.core.runner import InlineBackend, LocalBackend
from coachgym.search import analyze, load_game
from coachgym.search.race import Race, Tally, paired


def _game(name: str, steps: int, seed: int = 3):
    rs = rulesets.get(name)
    g = rs.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        g.step(rng.choice(g.decision.legal))
    return g


def test_race_drops_an_option_clearly_worse_on_common_rounds():
    race = Race([1, 2, 3], min_rounds=10, confidence=0.95)
    rng = random.Random(0)
    rounds = list(range(40))
    results = []
    for _ in rounds:
        base = rng.random()
        results.append([(base, 0), (base - 0.2, 0), (base + rng.gauss(0, 0.01), 0)])  # 2 always 0.2 worse
    race.add(rounds, [1, 2, 3], results)
    assert race.eliminate() == [2]
    assert sorted(race.alive) == [1, 3]
    mean, lo, hi, n = paired(race.tallies[1], race.tallies[2])
    assert n == 40 and mean == pytest.approx(0.2) and lo > 0.19


def test_race_keeps_options_it_cannot_tell_apart_and_waits_for_min_rounds():
    race = Race([1, 2], min_rounds=30)
    race.add(range(20), [1, 2], [[(1.0, 5), (0.0, -5)]] * 20)
    assert race.eliminate() == []  # not before min_rounds
    t = Tally(1, {0: 1.0, 1: 0.0}, {0: 3, 1: -1})
    assert t.mean == 0.5 and t.mean_margin == 1.0


def test_analysis_covers_every_option_of_a_small_decision_with_common_futures():
    g = _game("fuba", 200)
    a = analyze(g, rollouts=120, seed=4, min_rounds=8)
    assert {o.action for o in a.options} == set(g.decision.legal)
    assert a.rollouts == sum(o.rollouts for o in a.options) <= 120
    book = [o for o in a.options if "book" in o.sources]
    assert len(book) == 1
    for o in a.options:
        assert 0 <= o.win_ci95[0] <= o.win <= o.win_ci95[1] <= 1
        assert o.margin_ci95[0] <= o.margin <= o.margin_ci95[1]
    best = a.option(a.best)
    assert all(o.win <= best.win + 1e-9 for o in a.options if o.eliminated_after is None)
    assert "win prob" in a.table() and "future dice" in a.table()
    assert a.values() == {o.action: o.win for o in a.options}
    assert g.decision is not None and g.log.count == _game("fuba", 200).log.count  # the game is untouched


def test_analysis_is_reproducible_and_the_same_on_every_backend():
    g = _game("valueadd", 120)
    kwargs = dict(rollouts=48, seed=7, min_rounds=4, max_options=3)
    a = analyze(g, **kwargs)
    b = analyze(g, backend=InlineBackend(), **kwargs)
    assert [(o.action, o.rollouts, o.win, o.margin) for o in a.options] == [(o.action, o.rollouts, o.win, o.margin) for o in b.options]


@pytest.mark.slow
def test_analysis_on_worker_processes_gives_the_same_numbers():
    g = _game("valueadd", 120)
    kwargs = dict(rollouts=48, seed=7, min_rounds=4, max_options=3)
    a = analyze(g, **kwargs)
    with LocalBackend(2) as be:
        b = analyze(g, backend=be, **kwargs)
    assert [(o.action, o.rollouts, o.win, o.margin) for o in a.options] == [(o.action, o.rollouts, o.win, o.margin) for o in b.options]


def test_wide_menu_is_narrowed_to_ranked_options_plus_named_ones():
    g = _game("statispro", 250)
    d = g.decision
    assert len(d.legal) > 8
    extra = d.legal[-1]
    a = analyze(g, [str(extra)], rollouts=40, seed=1, min_rounds=2, max_options=4)
    actions = [o.action for o in a.options]
    assert extra in actions and len(actions) <= 5
    assert "named" in a.option(extra).sources
    assert "this decision has" in a.note


def test_named_options_are_checked():
    g = _game("fourthstreet", 50)
    illegal = next(i for i in range(len(g.actions)) if i not in g.decision.legal)
    with pytest.raises(ConfigError, match="not legal"):
        analyze(g, [str(illegal)], rollouts=10)
    with pytest.raises(ConfigError, match="no legal option matches"):
        analyze(g, ["no such option anywhere"], rollouts=10)


def test_a_finished_game_has_nothing_to_analyze():
    g = _game("valueadd", 0)
    while g.decision is not None:
        g.step(g.decision.legal[0])
    with pytest.raises(GameOverError):
        analyze(g)


def test_truncated_rollouts_score_with_the_value_estimate():
    g = _game("fourthstreet", 100)
    a = analyze(g, rollouts=40, seed=2, horizon=10, min_rounds=4, max_options=2)
    assert a.horizon == 10 and all(0 <= o.win <= 1 for o in a.options)
    assert "truncated after 10 decisions" in a.table()


def test_saved_seat_and_engine_json_load_for_analysis(tmp_path):
    from coachgym.present.seat import Seat

    seat = Seat.new("valueadd", side="home", opponent="by-the-book", seed=5)
    p = tmp_path / "seat.json"
    p.write_text(seat.to_json())
    game, label = load_game(p)
    assert game.to_json() == seat.game.to_json()
    assert label(game.decision.legal[0])
    q = tmp_path / "engine.json"
    q.write_text(seat.game.to_json())
    game2, _ = load_game(q)
    assert game2.to_json() == seat.game.to_json()
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    with pytest.raises(SavedGameError, match="not a saved coachgym game"):
        load_game(bad)
    bad.write_text("{not json")
    with pytest.raises(SavedGameError, match="not valid JSON"):
        load_game(bad)


def test_cli_analyze_prints_the_table_and_writes_json_and_plot(tmp_path):
    g = _game("fuba", 150)
    saved = tmp_path / "game.json"
    saved.write_text(g.to_json())
    out, png = tmp_path / "a.json", tmp_path / "a.png"
    r = CliRunner().invoke(main, ["analyze", str(saved), "--rollouts", "60", "--backend", "inline", "--no-progress",
                                  "--json", str(out), "--plot", str(png)])
    assert r.exit_code == 0, r.output
    assert "win prob (95% CI)" in r.output and "best:" in r.output
    data = json.loads(out.read_text())
    assert data["ruleset"] == "fuba" and data["rollouts"] <= 60
    assert png.stat().st_size > 1000


def test_cli_analyze_errors_are_clear(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("[]")
    r = CliRunner().invoke(main, ["analyze", str(bad), "--backend", "inline"])
    assert r.exit_code != 0 and "not a saved coachgym game" in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["analyze", "--backend", "inline"])
    assert r.exit_code != 0 and "SAVED" in r.output
    r = CliRunner().invoke(main, ["analyze", "--ruleset", "valueadd", "--after", "5", "--policy", "search",
                                  "--backend", "inline", "--no-progress"])
    assert r.exit_code != 0 and "rollout policy cannot be a search coach" in r.output


def test_the_plot_title_fits_the_figure(tmp_path, monkeypatch):
    """Issue 23: a long prompt's title ran past the figure's edges; it is wrapped to fit."""
    pytest.importorskip("matplotlib")
    import matplotlib.figure

    a = analyze(_game("valueadd", 20), rollouts=8, seed=4, min_rounds=2)
    a.prompt = "away team on offense: changes before the possession, " * 3  # a long one
    seen = {}
    real = matplotlib.figure.Figure.savefig

    def savefig(fig, *args, **kwargs):
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        seen["title"] = fig._suptitle.get_window_extent(r)
        seen["figure"] = fig.bbox
        return real(fig, *args, **kwargs)

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", savefig)
    a.plot(tmp_path / "a.png")
    t, f = seen["title"], seen["figure"]
    assert f.x0 <= t.x0 and t.x1 <= f.x1 and t.y1 <= f.y1
