"""How often a trained coach takes its macro actions (training/macros.py), and with what probability.

    python tools/macro_usage.py MODEL [--config CONFIG] [--games N]

MODEL is a saved model (``model.npz`` or ``model.zip`` with ``model.json`` beside it) or a checkpoint
(``checkpoints/model_N_steps.zip``, which needs ``--config``, the run's ``config.yaml``). Plays ``N``
mirror games (the config's team pool in turn, benches alternating) against by-the-book and prints, per
macro, the decisions that offered it, the policy's mean probability of it there and how often the
deterministic coach took it.
"""

from __future__ import annotations

import argparse

import numpy as np
import yaml

from coachgym import rulesets
from coachgym.envs import env_class
from coachgym.training.advice import scope_of
from coachgym.training.coach import PolicyCoach, TrainedCoach, load_model


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("model")
    ap.add_argument("--config", help="the run's config.yaml (for a checkpoint without metadata)")
    ap.add_argument("--games", type=int, default=12)
    args = ap.parse_args()
    if args.config:
        cfg = yaml.safe_load(open(args.config))
        rs = rulesets.get(cfg["ruleset"])
        coach = PolicyCoach(load_model(args.model, cfg.get("algo", "maskable_ppo")), env_class(rs.env_id).encoder,
                            ruleset=rs.name, advice=cfg.get("advice"), **scope_of(cfg))
        pool = cfg.get("env", {}).get("team_pool") or list(rs.default_teams)
    else:
        coach = TrainedCoach(args.model)
        rs = rulesets.get(coach.ruleset_name)
        pool = coach.meta.get("config", {}).get("env", {}).get("team_pool") or list(rs.default_teams)
    scope = coach.scope
    if scope is None or not scope.macros:
        raise SystemExit(f"{args.model}: this coach has no macro actions")
    book = rs.coach("by-the-book")
    n = scope.n_table
    probs = {j: [] for j in range(len(scope.macros))}
    taken = {j: 0 for j in range(len(scope.macros))}
    for g in range(args.games):
        team = rs.load_team(pool[g % len(pool)])
        game = rs.new_game(team, team, seed=1000 + g, record_events=False)
        side = g % 2
        coach.reset(game, side)
        book.reset(game, 1 - side)
        while game.decision is not None:
            d = game.decision
            if d.side != side:
                game.step(book.choose(game, d))
                continue
            advice = coach.advisor.advise(game, d)
            opts = scope.options(d, advice, game)
            if opts is None:
                game.step(advice)
                continue
            p = coach.option_probabilities(coach.action_scores(game, side, advice), opts)
            pick = coach.policy_choice(game, d, opts, advice)
            for j in range(len(scope.macros)):
                if n + j in opts:
                    probs[j].append(p[list(opts).index(n + j)])
                    taken[j] += pick == n + j
            game.step(scope.concrete(pick, game, side))
    for j, m in enumerate(scope.macros):
        pj = np.asarray(probs[j])
        mean = f"{pj.mean():.3f} (min {pj.min():.3f}, max {pj.max():.3f})" if len(pj) else "-"
        print(f"{m.name}: offered {len(pj)} times in {args.games} games, mean probability {mean}, taken {taken[j]}")


if __name__ == "__main__":
    main()
