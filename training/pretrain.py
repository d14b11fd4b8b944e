"""Behaviour-cloning warm start: imitate a scripted coach before reinforcement learning.

Sparse ±1 rewards over a game of a hundred and more coaching decisions make PPO from a random
policy slow to find even sensible menus. Cloning the by-the-book coach first (masked cross-entropy
on its choices, from both benches) and fitting the value head to the discounted game result gives
PPO a policy that already plays like the book, which it then improves on.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import rulesets
from ..core.match import play_game


def collect(ruleset: str, coach: str, games: int, seed: int, encoder, team_pool: list[str] | None, rule_options: dict,
            gamma: float, reward: str = "win", margin_scale: float = 20.0, progress: bool = False,
            advice: str | None = None, **scope: Any) -> dict[str, np.ndarray]:
    """Record ``games`` games of ``coach`` against itself: every decision's observation, mask and
    choice, and its discounted return under the env's reward (``win``: the result at the end;
    ``margin``: the score margin's changes between the side's decisions / ``margin_scale`` plus the
    result), so the value head starts consistent with the returns PPO will see. With ``advice`` the
    observation ends with the one-hot suggestion of that scripted coach (see :mod:`.advice`); when it
    is the recorded coach, the suggestion is the recorded choice itself. ``scope`` (the keyword
    arguments of :class:`.advice.Scope`) limits what is recorded to the policy's decisions, as in the
    env (e.g. with ``decisions`` only decisions of those kinds; the others are the advisor's).

    ``undecided`` marks the decisions that offer a macro (:mod:`.macros`): the recorded coach never
    takes one, but that is not a demonstration against it, so cloning leaves them undecided."""
    from .advice import Advisor, Scope

    scope = Scope(ruleset, **scope) if advice else None
    rs = rulesets.get(ruleset)
    pool = team_pool or list(rs.default_teams)
    teams = [rs.load_team(t) for t in pool]
    rng = np.random.default_rng(seed)
    obs, masks, actions, returns, undecided = [], [], [], [], []
    n_actions = len(rs.actions)
    n_policy = scope.n_actions if scope is not None else n_actions  # the policy's outputs: the table and the macros
    margins: list[int] = []
    it = range(games)
    if progress:
        from tqdm import tqdm

        it = tqdm(it, desc=f"{ruleset}: recording {coach} games", unit="game")
    for g in it:
        home, away = teams[int(rng.integers(len(teams)))], teams[int(rng.integers(len(teams)))]
        game = rs.new_game(home, away, seed=seed * 100_003 + g, options=rule_options, record_events=False)
        coaches = (rs.coach(coach, seed=g), rs.coach(coach, seed=g + 1))
        advisors = [Advisor(ruleset, advice, seed=0), Advisor(ruleset, advice, seed=0)] if advice and advice != coach else None
        start = len(actions)
        sides: list[int] = []

        class Recorder:
            def __init__(self, inner, advisors, sides):
                self.inner = inner
                self.name = inner.name
                self.advisors, self.sides = advisors, sides  # this game's

            def reset(self, game_, side, seed=None):
                self.inner.reset(game_, side, seed)

            def choose(self, game_, decision):
                a = self.inner.choose(game_, decision)
                options = decision.legal
                if advice:
                    hint_action = a if self.advisors is None else self.advisors[decision.side].advise(game_, decision)
                    options = scope.options(decision, hint_action, game_)
                    if options is None:  # the advisor decides here, as in the env
                        return a
                    if a not in options:  # a recorded coach other than the advisor chose outside the scope
                        options = tuple(sorted({*options, a}))
                o = encoder.encode(game_, decision.side)
                np.clip(o, -1.0, 1.0, out=o)
                if advice:
                    hint = np.zeros(n_actions, dtype=np.float32)
                    hint[hint_action] = 1.0
                    o = np.concatenate([o, hint])
                m = np.zeros(n_policy, dtype=bool)
                m[list(options)] = True
                obs.append(o)
                undecided.append(bool(options) and max(options) >= n_actions)  # a macro is offered
                masks.append(m)
                actions.append(a)
                self.sides.append(decision.side)
                margins.append(game_.result().margin_for(decision.side))
                return a

        play_game(game, Recorder(coaches[0], advisors, sides), Recorder(coaches[1], advisors, sides))
        margin_home = game.result().margin_for(0)
        final = {0: margin_home, 1: -margin_home}
        result = {0: float(np.sign(margin_home)), 1: -float(np.sign(margin_home))}
        # discounted return of each decision, counted in that side's own decisions to the end
        game_returns = [0.0] * len(sides)
        for side in (0, 1):
            idx = [k for k, s_ in enumerate(sides) if s_ == side]
            g_ret = 0.0
            next_margin = final[side]
            for n_, k in enumerate(reversed(idx)):
                r = result[side] if n_ == 0 else 0.0
                if reward == "margin":
                    r += (next_margin - margins[start + k]) / margin_scale
                next_margin = margins[start + k]
                g_ret = r + gamma * g_ret
                game_returns[k] = g_ret
        returns.extend(game_returns)
        assert len(returns) == len(actions) and start <= len(actions)
    return {"obs": np.asarray(obs, dtype=np.float32), "masks": np.asarray(masks), "actions": np.asarray(actions),
            "returns": np.asarray(returns, dtype=np.float32), "undecided": np.asarray(undecided, dtype=bool)}


def behaviour_clone(model, data: dict[str, np.ndarray], epochs: int, batch_size: int = 512, lr: float = 1e-3,
                    seed: int = 0, label_smoothing: float = 0.0) -> dict[str, float]:
    """Fit the policy to the recorded choices and the value head to the returns (without ``returns``
    in ``data`` the value head is left as it is). Returns the final training accuracy (share of
    decisions where the policy's top legal action is the coach's).

    ``label_smoothing`` spreads that share of each target over the decision's legal actions, so the
    clone keeps some probability on the alternatives for reinforcement learning to explore. At the
    ``undecided`` decisions (a macro offered) the target is uniform over the options: the clone starts
    without a preference between the advice and the macro, and reinforcement learning settles it."""
    import torch

    policy = model.policy
    policy.set_training_mode(True)
    opt = torch.optim.Adam(policy.parameters(), lr=lr)
    n = len(data["actions"])
    rng = np.random.default_rng(seed)
    obs = torch.as_tensor(data["obs"])
    masks = torch.as_tensor(data["masks"])
    acts = torch.as_tensor(data["actions"], dtype=torch.long)
    rets = torch.as_tensor(data["returns"]) if data.get("returns") is not None else None  # none: the value head stays
    undecided = torch.as_tensor(data.get("undecided", np.zeros(n, dtype=bool)))
    for _ in range(epochs):
        order = rng.permutation(n)
        for i in range(0, n, batch_size):
            idx = torch.as_tensor(order[i:i + batch_size])
            features = policy.extract_features(obs[idx])
            latent_pi, latent_vf = policy.mlp_extractor(features)
            m = masks[idx]
            logits = policy.action_net(latent_pi).masked_fill(~m, -1e8)
            values = policy.value_net(latent_vf).squeeze(-1)
            und = undecided[idx]
            uniform = m.float() / m.sum(dim=1, keepdim=True)  # over the decision's options
            target = torch.nn.functional.one_hot(acts[idx], logits.shape[1]).float() * (1 - label_smoothing)
            target += label_smoothing * uniform
            target[und] = uniform[und]
            logp = torch.log_softmax(logits, dim=1)
            policy_loss = -(torch.where(m, target * logp, torch.zeros_like(logp))).sum(dim=1).mean()
            loss = policy_loss if rets is None else policy_loss + 0.5 * torch.nn.functional.mse_loss(values, rets[idx])
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            opt.step()
    policy.set_training_mode(False)
    with torch.no_grad():
        features = policy.extract_features(obs)
        latent_pi, _ = policy.mlp_extractor(features)
        logits = policy.action_net(latent_pi).masked_fill(~masks, -1e8)
        decided = ~undecided  # the accuracy of imitation, on the decisions that have a demonstration
        accuracy = float((logits.argmax(-1) == acts)[decided].float().mean()) if bool(decided.any()) else float("nan")
    return {"samples": n, "accuracy": accuracy, "undecided": int(undecided.sum())}
