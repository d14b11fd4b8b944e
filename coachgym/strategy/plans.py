"""Plan-level search: coaching plans over a stretch of the game, raced by paired rollouts.

A *plan* is a set of strategy rules (the strategy files' vocabulary: ``coachgym strategy-help
RULESET``) applied over the base coach for a *scope* (:mod:`coachgym.search.holds`: ``period``,
``half``, ``game``, ``minutes:N``): "Double Team their best scorer until the period ends", "zone while
leading by 8+", "rest the starters early". A plan is written

* as a name from ``data/plans.json`` (``coachgym plans --list``), e.g. ``double_team_star``;
* inline, rules separated by ``;``, each ``ACTION[:ARGUMENT] [when CONDITION]``, e.g.
  ``"zone:collapsed when margin >= 8"`` or ``"rest:pg when minutes_left <= 4; rest:c when minutes_left <= 4"``;
* as a strategy file (a path, or a shipped example's name, ``fourthstreet_press.yaml``).

:func:`race_plans` plays every plan, and the base coach alone, from the same resampled futures
(common random numbers, successive elimination: :mod:`coachgym.search.race`), each rollout until
the scope ends (then scored by the value estimate; ``horizon=None``: to the end of the game), and
returns an :class:`~coachgym.search.analysis.Analysis` whose options are the plans. The search
coach races plans at the start of each scope (``search:plans=NAME+NAME``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Sequence

import yaml

from .. import rulesets
from ..core.engine import HOME, Engine
from ..core.errors import ConfigError, GameOverError
from ..search.holds import Scope, ScopeClock, parse_scope
from ..search.race import paired, run_race
from ..search.rollouts import describe_policy, outcome, policy_spec, round_seed
from .coach import StrategyCoach
from .file import Strategy, StrategyFileError, loads

BASE = "book"  # the plan with no rules: the base coach alone


def library(ruleset: str) -> dict[str, dict]:
    """The named plans of a ruleset (``data/plans.json``)."""
    text = resources.files("coachgym.search").joinpath("data").joinpath("plans.json").read_text(encoding="utf-8")
    return json.loads(text)["rulesets"].get(rulesets.get(ruleset).name, {})


@dataclass(frozen=True)
class Plan:
    """A plan: ``strategy`` (None: the base coach alone) and how it was written."""

    name: str
    description: str
    strategy: Strategy | None

    @property
    def rules(self) -> str:
        if self.strategy is None:
            return "the base coach alone"
        return "; ".join(r.describe().split(": ", 1)[1] for r in self.strategy.rules)


def _inline_rules(text: str) -> list[dict]:
    rules = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        do, _, when = part.partition(" when ")
        word, _, arg = do.strip().partition(":")
        rules.append({"when": when.strip() or "true", "do": {word.strip(): arg.strip()} if arg else word.strip()})
    if not rules:
        raise ConfigError(f"plan {text!r}: no rules (write ACTION[:ARGUMENT] [when CONDITION]; ...)")
    return rules


def parse_plan(ruleset: str, text: str, base: str = "by-the-book") -> Plan:
    """A plan from its name, inline rules or a strategy file (see the module docstring); a clear
    error names the plan and what is wrong with it."""
    rs = rulesets.get(ruleset)
    t = text.strip()
    if t in (BASE, "base", "by-the-book"):
        return Plan(BASE, "the base coach alone", None)
    lib = library(rs.name)
    if t in lib:
        entry = lib[t]
        rules, name, description = entry["rules"], t, entry["description"]
    elif t.endswith((".yaml", ".yml")) or Path(t).is_file():
        from .file import load

        st = load(t, rs.name)
        return Plan(st.name, st.description or st.name, st)
    else:
        rules, name, description = _inline_rules(t), t, t
    doc = yaml.safe_dump({"ruleset": rs.name, "base": base, "name": name, "rules": rules}, sort_keys=False)
    try:
        st = loads(doc, f"plan {t!r}", rs.name)
    except StrategyFileError as exc:
        known = ", ".join(lib) or "none"
        raise ConfigError(f"plan {t!r}: {exc.field}: {exc.problem} (a plan is a name - {rs.name}: {known} - or rules ACTION[:ARGUMENT] "
                          f"[when CONDITION]; ...; coachgym strategy-help {rs.name} lists the words)") from None
    return Plan(name, description, st)


class PlanCoach:
    """The base coach with a plan's rules while the plan's scope lasts, the base coach alone after."""

    def __init__(self, plan: Plan, base: Any):
        self.plan = plan
        self.base = base
        self.inner = StrategyCoach(plan.strategy, base) if plan.strategy is not None else None
        self.clock: ScopeClock | None = None
        self.changed = 0

    def start(self, clock: ScopeClock) -> None:
        self.clock = clock

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        (self.inner or self.base).reset(game, side, seed)

    def choose(self, game: Engine, decision: Any) -> int:
        if self.inner is None or self.clock is None or self.clock.over(game):
            return self.base.choose(game, decision)
        return self.inner.choose(game, decision)

    @property
    def acted(self) -> int:
        """Choices the plan's rules changed in the current game."""
        return sum(self.inner.log.changed) + self.inner.log.guarded if self.inner is not None else 0


class _PlanRounds:
    """Plays rounds of plans from resampled futures (the ``play`` of :func:`run_race`)."""

    def __init__(self, game: Engine, side: int, plans: Sequence[Plan], scope: Scope, seed: int, policy: str,
                 opponent: str | None, horizon: int | str | None):
        rs = rulesets.get(game.ruleset)
        self.game, self.side, self.scope, self.seed, self.horizon = game, side, scope, seed, horizon
        self.ours = [PlanCoach(p, rs.coach(policy_spec(policy), seed=0)) for p in plans]
        self.theirs = rs.coach(policy_spec(opponent or policy), seed=0)
        self.acted = [0] * len(plans)  # rollouts in which the plan changed a choice of the base coach

    def __call__(self, rounds: Sequence[int], alive: Sequence[int]) -> list[list[tuple[float, float]]]:
        from ..search.value import leaf_value

        out = []
        for r in rounds:
            rs_ = round_seed(self.seed, r)
            row = []
            for i in alive:
                g = self.game.resampled(rs_, viewer=self.side, record_events=False)
                ours = self.ours[i]
                clock = ScopeClock(self.scope, g)
                ours.start(clock)
                coaches = (ours, self.theirs) if self.side == HOME else (self.theirs, ours)
                coaches[0].reset(g, 0, rs_ * 2 + 1)
                coaches[1].reset(g, 1, rs_ * 2 + 2)
                n = 0
                while g.decision is not None:
                    if self.horizon == "scope" and clock.over(g):
                        break
                    if isinstance(self.horizon, int) and n >= self.horizon:
                        break
                    d = g.decision
                    g.step(coaches[d.side].choose(g, d))
                    n += 1
                self.acted[i] += ours.acted > 0
                if g.over:
                    row.append(outcome(g, self.side))
                else:
                    h, a = g.score
                    row.append((leaf_value(g, self.side), h - a if self.side == HOME else a - h))
            out.append(row)
        return out


def race_plans(game: Engine, plans: Sequence[str | Plan], *, scope: str | Scope = "period", policy: str = "book",
               opponent: str | None = None, rollouts: int = 400, seconds: float | None = None, seed: int = 0,
               horizon: int | str | None = "scope", min_rounds: int = 16, confidence: float = 0.99, batch: int = 4,
               progress: bool = False):
    """Race ``plans`` (and the base coach alone) for ``game``'s side to decide over ``scope``, by paired
    rollouts from resampled futures; each rollout ends with the scope (``horizon="scope"``; an integer:
    after that many decisions; None: at the end of the game). Returns an
    :class:`~coachgym.search.analysis.Analysis` whose options are the plans (0: the base coach)."""
    from ..search.analysis import Analysis, OptionAnalysis

    d = game.decision
    if d is None:
        raise GameOverError(f"{game.ruleset}: the game is over; there is no plan to race")
    sc = parse_scope(scope, game.ruleset, ("period", "half", "game"))
    base_policy = policy_spec(policy)
    parsed = [p if isinstance(p, Plan) else parse_plan(game.ruleset, p, base_policy) for p in plans]
    parsed = [Plan(BASE, "the base coach alone", None)] + [p for p in parsed if p.strategy is not None]
    names = [p.name for p in parsed]
    if len(set(names)) != len(names):
        raise ConfigError(f"a plan is named twice: {', '.join(names[1:])}")
    if len(parsed) < 2:
        raise ConfigError("name at least one plan to race against the base coach (coachgym plans --list)")
    player = _PlanRounds(game, d.side, parsed, sc, seed, policy, opponent, horizon)
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=rollouts, desc=f"plans {rulesets.get(game.ruleset).title}: {len(parsed)}", unit="rollout")
    try:
        run = run_race(game, d.side, list(range(len(parsed))), seed=seed, rollouts=rollouts, seconds=seconds,
                       min_rounds=min_rounds, confidence=confidence, batch=batch, lookahead=1, prefer=0, play=player,
                       on_batch=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    race = run.race
    best = race.leader(race.alive)
    rows = []
    for i, p in enumerate(parsed):
        t = race.tallies[i]
        mean, lo, hi, _ = paired(t, race.tallies[best])
        label = p.name if p.description == p.name else f"{p.name}: {p.description}"
        row = OptionAnalysis(i, label if p.strategy is not None else "book: the base coach alone",
                             ["base"] if i == 0 else ["plan"], t.n, t.mean, tuple(t.value_interval(horizon is None)),
                             t.mean_margin, tuple(t.margin_interval()), 0.0 if i == best else mean,
                             (0.0, 0.0) if i == best else (lo, hi), t.eliminated, sc.describe(), "plan", t.n,
                             player.acted[i])
        if i and t.n and not player.acted[i]:
            row.flag = f"its rules never changed a choice of the base coach in {t.n} rollouts: it is the base coach here"
        rows.append(row)
    h = None if horizon is None else horizon if isinstance(horizon, int) else 0
    return Analysis(game.ruleset, d.side, "plan", f"plans for {sc.describe()}", game.scoreboard().splitlines()[0],
                    describe_policy(policy, opponent), rows, best, run.stopped == "separated", run.stopped,
                    run.rollouts, run.rounds, run.seconds, seed, h, len(parsed), list(type(game).hidden_information),
                    "plans: " + "; ".join(f"{p.name} = {p.rules}" for p in parsed[1:]), sc.text)
