"""The academy's macro actions (``--macros book_substitution``) and the report's performance profiles:
the macro resolves to exactly the substitution the book plays (and to nothing where the book would not
substitute); the wrapper offers it only where it applies and plays its concrete action; a run trained
with it is scored the same by the sweep and by ``coachgym academy evaluate``; a performance profile and
its stratified bootstrap band agree with a hand-checked example."""

from __future__ import annotations

import numpy as np
import pytest

from coachgym import rulesets
from coachgym.core.errors import ConfigError, IllegalActionError
from coachgym.envs import academy as A
from coachgym.training.macros import macros_of

pytest.importorskip("sb3_contrib")

from coachgym.training import academy_report as R  # noqa: E402
from coachgym.training import academy_sweep as S  # noqa: E402

SUB_KINDS = {"valueadd": "substitute", "fourthstreet": "sub"}


@pytest.mark.parametrize("sid", ["valueadd-foul-trouble", "fourthstreet-foul-trouble-half"])
def test_book_substitution_is_the_books_substitution_and_nothing_else(sid):
    ruleset = A.scenario(sid).ruleset
    macro = macros_of(ruleset)["book_substitution"]
    book = rulesets.get(ruleset).coach("by-the-book", seed=0)
    env = A.make(sid)
    resolved = 0
    for ep in range(3):
        env.reset(seed=ep)
        book.reset(env.game, env.side)
        done = False
        while not done:
            g, d = env.game, env.game.decision
            a = macro.resolve(g, env.side)
            b = int(book.choose(g, d))
            if g.actions[b].kind == SUB_KINDS[ruleset]:
                assert a == b  # the book substitutes: the macro is that substitution
                resolved += 1
            else:
                assert a is None  # the book would not substitute: the macro does not apply
            _, _, term, trunc, _ = env.step(b)  # the book plays on (so its substitutions happen)
            done = term or trunc
    assert resolved > 0


def test_the_macro_wrapper_offers_the_macro_where_it_applies_and_plays_its_action():
    sid = "valueadd-foul-trouble"
    n_table = len(rulesets.get("valueadd").actions)
    wrapped = S.macro_wrapper(A.make(sid), sid, ["book_substitution"])
    plain = A.make(sid)
    macro = macros_of("valueadd")["book_substitution"]
    assert wrapped.action_space.n == n_table + 1
    offered = 0
    for seed in range(4):
        wrapped.reset(seed=seed)
        plain.reset(seed=seed)
        done = False
        while not done:
            g = wrapped.unwrapped.game
            mask = wrapped.action_masks()
            a = macro.resolve(g, g.decision.side)
            assert mask[:n_table].tolist() == plain.action_masks().tolist()
            assert bool(mask[n_table]) == (a is not None)
            if a is None:
                with pytest.raises(IllegalActionError):
                    wrapped.step(n_table)  # not offered here: refused, nothing played
                action = concrete = g.decision.legal[0]
            else:
                offered += 1
                action, concrete = n_table, a
            _, r1, t1, u1, _ = wrapped.step(action)
            _, r2, t2, u2, _ = plain.step(concrete)  # the same game, the concrete action
            assert (r1, t1, u1) == (r2, t2, u2) and plain.game.score == wrapped.unwrapped.game.score
            done = t1 or u1
    assert offered > 0


def test_macro_options_are_checked():
    assert S.parse_macros("book_substitution", "valueadd-foul-trouble") == ["book_substitution"]
    assert S.parse_macros(None) == []
    with pytest.raises(ConfigError, match="--macros.*not a macro"):
        S.parse_macros("book_substitution", "fuba-first-half")  # FUBA has no such macro
    with pytest.raises(ConfigError, match="--macros.*not a macro"):
        S.parse_macros("double_team_best_scorer", "valueadd-foul-trouble")  # Statis Pro's
    with pytest.raises(ConfigError, match="--init"):  # (cloning the book with macros: tests/test_academy_algos.py)
        S.run("valueadd-last9-down6", 0, 100, 1, 2, None, macros=["book_substitution"], init="bc:10", algo="ppo")


def test_a_macro_run_is_scored_alike_by_the_sweep_and_the_cli(tmp_path):
    from coachgym.academy import evaluate as E

    sid = "valueadd-last9-down6"
    state = S.run(sid, 0, 128, 1, 4, tmp_path, log=lambda s: None, hp={"n_steps": 64, "batch_size": 64},
                  macros=["book_substitution"])
    assert state["config"]["macros"] == ["book_substitution"] and "macros" in state["config"]["decision_scope"]
    model = tmp_path / sid / "seed0" / "model.zip"
    out = E.evaluate(str(model), [sid], episodes=4)
    row = out["scenarios"][0]
    assert row["mean"] == pytest.approx(state["curve"][-1]["mean"])


def test_performance_profile_against_a_hand_checked_example():
    samples = [[0.2, 0.6, 1.1, 1.4], [0.5, 0.9]]
    # task 1: above 0: 4/4, above 0.55: 3/4, above 1.0: 2/4, above 1.5: 0; task 2: 2/2, 1/2, 0, 0
    prof = R.performance_profile(samples, [0.0, 0.55, 1.0, 1.5], resamples=4000)
    assert prof["fraction"] == pytest.approx([1.0, (3 / 4 + 1 / 2) / 2, (2 / 4 + 0) / 2, 0.0])
    assert prof["low"][0] == prof["high"][0] == 1.0 and prof["low"][3] == prof["high"][3] == 0.0  # no spread
    assert prof["low"][1] < prof["fraction"][1] < prof["high"][1]
    assert prof["tasks"] == 2 and prof["runs"] == 6
    # one task of two runs: a resample's fraction above 0.55 is 0, 1/2 or 1 (chances 1/4, 1/2, 1/4)
    one = R.performance_profile([[0.5, 0.9]], [0.55], resamples=4000)
    assert (one["fraction"][0], one["low"][0], one["high"][0]) == (0.5, 0.0, 1.0)
    # stratified: a task's runs are never drawn into another task
    two = R.performance_profile([[0.0, 0.0], [1.0, 1.0]], [0.5], resamples=500)
    assert (two["low"][0], two["high"][0]) == (0.5, 0.5)


def test_final_scores_take_the_last_point_within_the_steps():
    rep = {"scenarios": {"x": {"points": [
        {"env_steps": 0, "normalized": [0.1, 0.2]}, {"env_steps": 50, "normalized": [0.5, 0.6]},
        {"env_steps": 100, "normalized": [0.9, 1.0]}]}}}
    assert R.final_scores(rep)["x"] == {"normalized": [0.9, 1.0], "env_steps": 100}
    assert R.final_scores(rep, at_steps=99)["x"]["normalized"] == [0.5, 0.6]
    assert R.merged([rep, {"scenarios": {"x": {}, "y": {"points": []}}}])["scenarios"].keys() == {"x", "y"}
    assert np.isclose(R.profile_fraction([[0.9, 1.0]], 0.95), 0.5)


def test_the_stall_cost_can_exempt_the_macros_changes():
    sid = "valueadd-foul-trouble"
    n_table = len(rulesets.get("valueadd").actions)
    macro = macros_of("valueadd")["book_substitution"]
    for exempt in (False, True):
        env = S.macro_wrapper(S.stall_cost_wrapper(A.make(sid), 1.0), sid, ["book_substitution"], exempt)
        charged = {"macro": [], "other": []}
        for seed in range(4):
            env.reset(seed=seed)
            done = False
            while not done:
                g = env.unwrapped.game
                use = macro.resolve(g, g.decision.side) is not None
                _, reward, term, trunc, _ = env.step(n_table if use else g.decision.legal[0])
                charged["macro" if use else "other"].append(env.env.stalled and reward < -0.5)
                done = term or trunc
        if exempt:  # the macro's substitutions are not charged
            assert charged["macro"] and not any(charged["macro"])
        else:  # a substitution is a change in an open menu: charged
            assert any(charged["macro"])
    with pytest.raises(ConfigError, match="--stall-exempt-macros"):
        S.run(sid, 0, 100, 1, 2, None, stall_exempt_macros=True, macros=["book_substitution"])


def test_drop_kinds_leaves_the_substitutions_to_the_macro(tmp_path):
    from coachgym.academy import evaluate as E

    sid = "valueadd-last9-down6"
    table = rulesets.get("valueadd").actions
    kinds = S.kinds_without(sid, ["substitute"])
    assert "substitute" not in kinds and "play" in kinds and len(kinds) == len({a.kind for a in table}) - 1
    with pytest.raises(ConfigError, match="--drop-kinds: 'subs' is not an action kind"):
        S.kinds_without(sid, ["subs"])
    with pytest.raises(ConfigError, match="--drop-kinds needs --macros"):
        S.run(sid, 0, 100, 1, 2, None, drop_kinds=["substitute"])
    env = S.macro_wrapper(A.make(sid), sid, ["book_substitution"], action_kinds=kinds)
    seen_forced = seen_menu = 0
    for seed in range(3):
        env.reset(seed=seed)
        done = False
        while not done:
            d = env.unwrapped.game.decision
            offered = np.flatnonzero(env.action_masks()[:len(table)])
            subs = [a for a in offered if table[a].kind == "substitute"]
            if all(table[a].kind == "substitute" for a in d.legal):
                assert list(offered) == list(d.legal)  # nothing else legal: every substitution stays offered
                seen_forced += 1
            else:
                assert not subs  # otherwise the substitutions are the macro's
                seen_menu += d.kind.endswith("menu")
            _, _, term, trunc, _ = env.step(int(offered[0]))
            done = term or trunc
    assert seen_menu > 0
    state = S.run(sid, 0, 128, 1, 4, tmp_path, log=lambda s: None, hp={"n_steps": 64, "batch_size": 64},
                  macros=["book_substitution"], drop_kinds=["substitute"])
    assert state["config"]["action_kinds"] == kinds and "but substitute" in state["config"]["decision_scope"]
    out = E.evaluate(str(tmp_path / sid / "seed0" / "model.zip"), [sid], episodes=4)
    assert out["scenarios"][0]["mean"] == pytest.approx(state["curve"][-1]["mean"])


def test_macro_then_first_legal_takes_the_macro_wherever_it_applies():
    from coachgym.training import academy_diagnose as D

    sid = "valueadd-last9-down6"
    macro = macros_of("valueadd")["book_substitution"]
    env = A.make(sid)
    env.reset(seed=A.EVAL_SEED_BASE)
    choose = D.chooser(sid, "macro-then-first-legal:book_substitution")(env, 0)
    steps = 0
    while True:
        g = env.game
        want = macro.resolve(g, env.side)
        a = choose()
        assert a == (want if want is not None else g.decision.legal[0])
        _, _, term, trunc, _ = env.step(a)
        steps += 1
        if term or trunc:
            break
    assert steps > 0
    with pytest.raises(ConfigError, match="not a macro"):
        D.chooser(sid, "macro-then-first-legal:double_team_best_scorer")


# the book macros of Statis Pro and FUBA (training/macros.py BookChoice): the book's choice where it is an
# action of the kinds the macro stands for, nothing elsewhere
BOOK_MACROS = {"statispro-foul-trouble-half": ("book_shot", {"advance", "shoot", "shoot_two", "shoot_three"}),
               "fuba-protect-1-0-last15": ("book_positioning", {"move_from", "move_to", "place", "done"}),
               "statispro-q4": ("book_substitution", {"substitute"})}


@pytest.mark.parametrize("sid", sorted(BOOK_MACROS))
def test_a_book_macro_is_the_books_choice_of_its_kinds_and_nothing_else(sid):
    ruleset = A.scenario(sid).ruleset
    name, kinds = BOOK_MACROS[sid]
    macro = macros_of(ruleset)[name]
    book = rulesets.get(ruleset).coach("by-the-book", seed=0)
    env = A.make(sid)
    resolved = not_resolved = 0
    for ep in range(2):
        env.reset(seed=ep)
        done = False
        while not done:
            g, d = env.game, env.game.decision
            a = macro.resolve(g, env.side)
            book.reset(g, env.side)  # (the macro asks a book reset at every call: the same here)
            b = int(book.choose(g, d))
            if g.actions[b].kind in kinds:
                assert a == b
                resolved += 1
            else:
                assert a is None
                not_resolved += 1
            _, _, term, trunc, _ = env.step(b)
            done = term or trunc
    assert resolved > 0 and not_resolved > 0


def test_book_then_first_legal_plays_the_books_kinds_and_first_legal_elsewhere():
    from coachgym.training import academy_diagnose as D
    from coachgym.training.macros import BookChoice

    sid = "statispro-down3-ball-last-minute"
    kinds = frozenset({"advance", "shoot", "shoot_two", "shoot_three"})
    env = A.make(sid)
    env.reset(seed=A.EVAL_SEED_BASE)
    choose = D.chooser(sid, "book-then-first-legal:" + "+".join(sorted(kinds)))(env, 0)
    ref = BookChoice(kinds)
    took = 0
    while True:
        g = env.game
        want = ref(g, env.side)
        a = choose()
        assert a == (want if want is not None else g.decision.legal[0])
        took += want is not None
        _, _, term, trunc, _ = env.step(a)
        if term or trunc:
            break
    assert took > 0
    # every kind of the table: the book itself, on the same episodes
    every = "+".join(sorted({a.kind for a in rulesets.get("statispro").actions}))
    assert D.paired_scores(sid, f"book-then-first-legal:{every}", 6) == D.paired_scores(sid, "by-the-book", 6)
    with pytest.raises(ConfigError, match="not an action kind"):
        D.chooser(sid, "book-then-first-legal:shoot+dribble")
