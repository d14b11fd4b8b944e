"""Why learning on an academy scenario levels off (docs/academy.md "What limits learning"): cheap
diagnostics that need no reinforcement learning run.

* ``paired``: per-episode scores of reference coaches (random, by-the-book, first-legal, a strategy
  file ...) on the *same* evaluation seeds an agent is scored on, so that an agent's normalized score
  can be computed against references measured on its own episodes (the shipped references are over
  the first 300 evaluation seeds; an agent evaluated on the first 100 meets other episodes).
* ``bc``: behaviour cloning of the book on the scenario itself (its demonstrations recorded on
  training seeds, below the evaluation seeds), the same network as the sweep's MaskablePPO: if the
  clone reaches the book on the evaluation seeds, the observation and the action encoding carry what
  the book decides on, and a plateau below the book is the optimisation's; its held-out accuracy per
  decision kind says where it is not.

    nice -n 10 python -m coachgym.training.academy_diagnose paired --scenarios valueadd-foul-trouble \\
        --coaches random,by-the-book,first-legal --episodes 300
    nice -n 10 python -m coachgym.training.academy_diagnose bc --scenarios valueadd-foul-trouble \\
        --demos 1000 --epochs 30 --episodes 300 --seeds 0,1,2
    python -m coachgym.training.academy_diagnose kinds --scenarios valueadd-foul-trouble \\
        --coaches by-the-book,runs/academy/valueadd-foul-trouble/seed0/model.zip --episodes 100

* ``kinds``: what a coach or a trained model does, per episode, by kind of action, and how many of
  its decisions are changes in an open menu rather than play going on.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

from .. import rulesets
from ..core.errors import ConfigError
from ..envs import academy as A

DEMO_SEED_BASE = 500_000_000  # demonstration episodes reset from DEMO_SEED_BASE + 100_000 * seed + i (< eval seeds)


TRAINED_WITHOUT = "trained-without:"
MACRO_THEN_FIRST = "macro-then-first-legal:"
BOOK_THEN_FIRST = "book-then-first-legal:"


def macro_then_first_legal(ruleset: str, name: str):
    """A factory for the fixed policy "the macro ``name`` wherever it applies, else the first legal
    action" (``macro-then-first-legal:book_substitution``): what a policy of two outputs, "play" and
    the macro, is worth at most by always taking the macro (the first legal action is "play" at a
    menu)."""
    from .macros import resolve_names

    macro = resolve_names(ruleset, [name], MACRO_THEN_FIRST.rstrip(":"))[0]

    def factory(env, seed: int):
        def choose():
            game = env.game
            a = macro.resolve(game, env.side)
            return a if a is not None else game.decision.legal[0]
        return choose

    return factory


def book_then_first_legal(ruleset: str, kinds: str):
    """A factory for the fixed policy "the book's choice wherever it is an action of one of ``kinds``
    (``+``-separated action kinds of the table), else the first legal action"
    (``book-then-first-legal:shoot+pass_to``): what a macro standing for the book at those kinds
    (:class:`~.macros.BookChoice`) is worth to a play-or-macro policy, so where a book's worth lies
    is found before a macro is made of it."""
    from .. import rulesets
    from .macros import BookChoice

    wanted = frozenset(k for k in kinds.split("+") if k)
    known = {a.kind for a in rulesets.get(ruleset).actions}
    unknown = sorted(wanted - known)
    if not wanted or unknown:
        raise ConfigError(f"{BOOK_THEN_FIRST}{kinds}: {unknown[0] if unknown else kinds!r} is not an action kind "
                          f"of {ruleset} (kinds: {', '.join(sorted(known))})")
    macro = BookChoice(wanted)

    def factory(env, seed: int):
        def choose():
            game = env.game
            a = macro(game, env.side)
            return a if a is not None else game.decision.legal[0]
        return choose

    return factory


def trained_without(ruleset: str, kinds: str):
    """A factory for the shipped trained coach of ``ruleset`` with the action kinds ``kinds``
    (``+``-separated) taken out of what its policy may choose (its advisor's suggestion stays an option):
    ``trained-without:switch_defenders`` asks whether the coach's switches are what it loses by."""
    from .coach import PolicyCoach, TrainedCoach

    shipped = TrainedCoach(None, ruleset)
    conf = shipped.meta["config"]
    if not conf.get("advice") or not conf.get("action_kinds"):
        raise ConfigError(f"{TRAINED_WITHOUT}: the shipped {ruleset} coach has no advisor and action-kind scope")
    drop = set(kinds.split("+"))
    unknown = drop - set(conf["action_kinds"])
    if unknown:
        raise ConfigError(f"{TRAINED_WITHOUT}{kinds}: {sorted(unknown)[0]!r} is not one of its action kinds "
                          f"({', '.join(conf['action_kinds'])})")
    keep = [k for k in conf["action_kinds"] if k not in drop]

    def factory(env, seed: int):
        c = PolicyCoach(shipped.model, shipped.encoder, ruleset=ruleset, advice=conf["advice"], decisions=conf.get("decisions"),
                        action_kinds=keep, advisor_keeps=conf.get("advisor_keeps"), macros=conf.get("macros"))
        c.reset(env.game, env.side, seed)
        return lambda: c.choose(env.game, env.game.decision)

    return factory


def paired_scores(scenario_id: str, coach: str, episodes: int, seed_base: int = A.EVAL_SEED_BASE) -> list[float]:
    """Per-episode scores of ``coach`` on episodes ``seed_base + i`` (the protocol's play). Besides the
    coach specs of the ruleset, ``trained-without:KIND+KIND`` (:func:`trained_without`)."""
    from ..academy import evaluate as E

    return E.run_episodes(scenario_id, chooser(scenario_id, coach), episodes, seed_base=seed_base)


def chooser(scenario_id: str, coach: str):
    """The protocol's ``(env, seed) -> choose()`` factory of a coach spec, model file, ``trained-without:``
    ``macro-then-first-legal:`` or ``book-then-first-legal:``."""
    from ..academy import evaluate as E

    sc = A.scenario(scenario_id)
    if coach.startswith(TRAINED_WITHOUT):
        return trained_without(sc.ruleset, coach[len(TRAINED_WITHOUT):])
    if coach.startswith(MACRO_THEN_FIRST):
        return macro_then_first_legal(sc.ruleset, coach[len(MACRO_THEN_FIRST):])
    if coach.startswith(BOOK_THEN_FIRST):
        return book_then_first_legal(sc.ruleset, coach[len(BOOK_THEN_FIRST):])
    return E.coach_chooser(sc.ruleset, coach)


def record(scenario_id: str, coach: str, episodes: int, seed_base: int, until: int | None = None) -> dict[str, np.ndarray]:
    """The coach's decisions on the scenario as the agent sees them: observation, legal mask, the action
    taken, the decision kind, and the return to the episode's end (the scenario's reward, undiscounted),
    for episodes ``seed_base + i``; plus each episode's score. ``until``: stop after the first whole
    episode that brings the count of decisions to at least that."""
    sc = A.scenario(scenario_id)
    rs = rulesets.get(sc.ruleset)
    env = A.make(scenario_id)
    obs, masks, acts, kinds, rets, scores = [], [], [], [], [], []
    for i in range(episodes):
        if until is not None and len(acts) >= until:
            break
        o, info = env.reset(seed=seed_base + i)
        c = rs.coach(coach, seed=seed_base + i)
        c.reset(env.game, env.side, seed_base + i)
        rewards = []
        done = env.clock.over(env.game)
        while not done:
            d = env.game.decision
            a = int(c.choose(env.game, d))
            obs.append(o)
            masks.append(env.action_masks())
            acts.append(a)
            kinds.append(d.kind)
            o, r, term, trunc, info = env.step(a)
            rewards.append(r)
            done = term or trunc
        rets.extend(np.cumsum(rewards[::-1])[::-1].tolist())
        scores.append(env.score())
    return {"obs": np.asarray(obs, dtype=np.float32), "masks": np.asarray(masks, dtype=bool),
            "actions": np.asarray(acts, dtype=np.int64), "kinds": np.asarray(kinds),
            "returns": np.asarray(rets, dtype=np.float32), "scores": np.asarray(scores, dtype=float)}


def demonstrations(scenario_id: str, episodes: int, seed: int, coach: str = "by-the-book") -> dict[str, np.ndarray]:
    """The book's demonstrations for training run ``seed`` (training seeds only)."""
    base = DEMO_SEED_BASE + 100_000 * seed
    if base + episodes >= A.TRAIN_SEED_LIMIT:
        raise ConfigError("demonstration seeds would reach the evaluation seeds")
    return record(scenario_id, coach, episodes, base)


def demonstrations_until(scenario_id: str, decisions: int, seed: int, coach: str = "by-the-book") -> dict[str, np.ndarray]:
    """Whole demonstration episodes of training run ``seed`` until at least ``decisions`` decisions
    are recorded (the BC budget, counted in env steps)."""
    return record(scenario_id, coach, 50_000, DEMO_SEED_BASE + 100_000 * seed, until=decisions)


def clone(model, data: dict[str, np.ndarray], epochs: int, seed: int, lr: float = 1e-3, batch_size: int = 256) -> dict:
    """Fit the model's policy to the demonstrations (masked cross-entropy) and its value head to the
    returns (``pretrain.behaviour_clone``)."""
    from .pretrain import behaviour_clone

    return behaviour_clone(model, {k: data[k] for k in ("obs", "masks", "actions", "returns")}, epochs,
                           batch_size=batch_size, lr=lr, seed=seed)


def accuracy_by_kind(model, data: dict[str, np.ndarray]) -> dict[str, dict]:
    """Share of decisions where the model's best legal action is the demonstrated one, per decision kind."""
    from .policy_file import from_sb3

    pol = from_sb3(model)
    logits = pol.scores(data["obs"])
    logits = np.where(data["masks"], logits, -np.inf)
    hit = logits.argmax(1) == data["actions"]
    out = {}
    for k, n in Counter(data["kinds"].tolist()).most_common():
        sel = data["kinds"] == k
        out[k] = {"decisions": int(n), "accuracy": float(hit[sel].mean())}
    out["all"] = {"decisions": int(len(hit)), "accuracy": float(hit.mean())}
    return out


def bc_run(scenario_id: str, demos: int, epochs: int, seed: int, episodes: int, held_out: int = 100) -> dict:
    import torch
    from sb3_contrib import MaskablePPO

    from .academy_sweep import HYPERPARAMETERS, _make_vec, evaluate_model

    torch.set_num_threads(1)
    torch.manual_seed(seed)
    t0 = time.process_time()
    data = demonstrations(scenario_id, demos, seed)
    t_demo = time.process_time() - t0
    test = record(scenario_id, "by-the-book", held_out, DEMO_SEED_BASE + 100_000 * seed + 50_000)
    model = MaskablePPO("MlpPolicy", _make_vec(scenario_id, seed), seed=seed, device="cpu", verbose=0,
                        **HYPERPARAMETERS)
    t0 = time.process_time()
    fit = clone(model, data, epochs, seed)
    t_fit = time.process_time() - t0
    t0 = time.process_time()
    m, lo, hi = evaluate_model(model, scenario_id, episodes)
    t_eval = time.process_time() - t0
    return {"scenario": scenario_id, "seed": seed, "demo_episodes": demos, "demo_decisions": int(len(data["actions"])),
            "epochs": epochs, "train_accuracy": fit["accuracy"], "held_out": accuracy_by_kind(model, test),
            "score": m, "low": lo, "high": hi, "episodes": episodes,
            "cpu_seconds": {"demonstrations": round(t_demo, 1), "fit": round(t_fit, 1), "evaluation": round(t_eval, 1)}}


def action_kinds(scenario_id: str, coach: str, episodes: int, seed_base: int = A.EVAL_SEED_BASE) -> dict:
    """What a coach or a model file does on the evaluation episodes: its decisions per episode by the
    kind of the action taken (``substitute``, ``play`` ...), its mean score, and the share of its
    decisions that change an open menu (the same kind of decision comes back with the clock unmoved:
    the detector of ``academy_sweep.stall_cost_wrapper``)."""
    from ..academy import evaluate as E

    sc = A.scenario(scenario_id)
    rs = rulesets.get(sc.ruleset)
    inner = chooser(scenario_id, coach)
    kinds: Counter = Counter()
    stalls = 0

    def factory(env, seed: int):
        choose = inner(env, seed)
        last: list = [None]  # the previous decision of this episode: (kind, side, time left)

        def watched() -> int:
            nonlocal stalls
            d = env.game.decision
            now = (d.kind, d.side, A.time_left(env.game))
            stalls += now == last[0]  # it came back with the clock unmoved: a change in an open menu
            last[0] = now
            a = choose()
            kinds[rs.actions[a].kind] += 1
            return a

        return watched

    scores = E.run_episodes(scenario_id, factory, episodes, seed_base=seed_base)
    n = sum(kinds.values())
    return {"scenario": scenario_id, "coach": coach, "episodes": episodes, "score": float(np.mean(scores)),
            "decisions_per_episode": n / episodes, "menu_changes_per_episode": stalls / episodes,
            "per_episode": {k: round(v / episodes, 2) for k, v in kinds.most_common()}}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=("paired", "bc", "kinds"))
    p.add_argument("--scenarios", required=True)
    p.add_argument("--coaches", default="random,by-the-book,first-legal",
                   help="paired, kinds: comma-separated coach specs or model files")
    p.add_argument("--episodes", type=int, default=300, help="evaluation episodes (first N evaluation seeds)")
    p.add_argument("--demos", type=int, default=300, help="bc: demonstration episodes")
    p.add_argument("--epochs", type=int, default=30)
    p.add_argument("--seeds", default="0")
    p.add_argument("--json", type=Path, default=None)
    a = p.parse_args(argv)
    out = []
    try:
        ids = [s for s in a.scenarios.split(",") if s]
        for sid in ids:
            A.scenario(sid)
        if a.what == "paired":
            from ..academy.evaluate import normalized, references, summarize

            for sid in ids:
                sc = A.scenario(sid)
                per = {}
                for c in a.coaches.split(","):
                    t0 = time.process_time()
                    per[c] = paired_scores(sid, c, a.episodes)
                    s = summarize(per[c], sc)
                    print(f"{sid} {c:<40} {s['mean']:.3f} ({s['low']:.3f}-{s['high']:.3f}) {a.episodes} episodes "
                          f"{time.process_time() - t0:.1f} CPU s  shipped-normalized {normalized(s['mean'], references().get(sid, {}))}",
                          flush=True)
                out.append({"scenario": sid, "episodes": a.episodes, "scores": per})
        elif a.what == "kinds":
            for sid in ids:
                for c in a.coaches.split(","):
                    r = action_kinds(sid, c, a.episodes)
                    print(json.dumps(r), flush=True)
                    out.append(r)
        else:
            for sid in ids:
                for seed in [int(s) for s in a.seeds.split(",")]:
                    r = bc_run(sid, a.demos, a.epochs, seed, a.episodes)
                    print(json.dumps(r), flush=True)
                    out.append(r)
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if a.json:
        a.json.parent.mkdir(parents=True, exist_ok=True)
        a.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
