"""The search coach: rollouts from resampled copies at the decisions where its base policy is in doubt.

``--coach search`` or ``--coach search:budget=64,policy=book,horizon=40,when=doubt,width=4,ms=0`` (a coach
spec everywhere coach specs are taken). At each of its decisions the coach

1. asks its base policy (``policy``: the book by default, or ``trained``) what it would do - the base
   coach sees every decision, so its bookkeeping stays current;
2. decides whether to search (``when``): ``doubt`` (default) - where the shipped trained coach gives
   the base choice less than ``doubt`` probability or prefers another option, ``all`` - every
   decision with two options or more, or a list of decision kinds (``when=fast_break+press``);
3. races the base choice and up to ``width - 1`` alternatives (the trained coach's favourites; every
   option of a small decision) on ``budget`` rollouts (or ``ms`` milliseconds) from resampled
   futures shared by the options, each rollout stopped after ``horizon`` decisions and scored by the
   value estimate (``horizon=0``: played to the end);
4. plays the leader when its paired advantage over the base choice is more than ``switch`` standard
   errors (default 1), else the base choice.

Each raced option is held in the rollouts for its scope (``scope``: ``default``, each kind's own
from :mod:`coachgym.search.holds`; ``scope=decision`` lets the rollout coach undo it at once, as
before issue 21), the base choice playing on unheld; and an option it switches to is kept in force in
its own play for as long as its rollouts held it (``commit=horizon``, the default: the scope, cut at
the rollouts' ``horizon``, about half of whose decisions are its own; ``commit=scope``: the whole
scope; ``commit=0``: not at all). Its base policy may not undo a committed option; a call is made again. With ``plans=NAME+NAME`` (or ``plans=all``:
:mod:`coachgym.strategy.plans`) the coach also races those plans and the base coach alone at the start
of each ``plan_scope`` (default: period) on ``plan_budget`` rollouts, and plays the winner's rules
over its base policy for the scope (switching from the base coach by the same ``switch`` rule).

Searching only where the base is in doubt, truncated rollouts and dropping options that are clearly
worse keep a game to seconds; :meth:`SearchCoach.stats` counts what was searched and what it cost.
:func:`option_values` gives each option's value estimate at a decision (labels for training).
"""

from __future__ import annotations

import importlib
import math
import random
import time
from typing import Any

from ..core.coachspec import Param, check_value, split_params
from ..core.engine import Decision, Engine
from ..core.errors import ConfigError
from .holds import Hold, Scope, ScopeClock, hold_spec, parse_scope
from .race import paired, run_race
from .rollouts import Policies, policy_spec

# the plans of ``plans=...``: strategy rules over the base coach (coachgym/strategy/plans.py, the
# strategy layer above search), imported by name when a plan search is asked for
PLANS = "coachgym.strategy.plans"
DEFAULTS = {"budget": 64, "ms": 0, "policy": "book", "opponent": "", "horizon": 40, "when": "doubt", "doubt": 0.9,
            "width": 4, "switch": 1.0, "min_rounds": 4, "scope": "default", "commit": "horizon", "plans": "", "plan_scope": "period",
            "plan_budget": 64}


class SearchCoach:
    """See the module docstring. ``ruleset``: a :class:`~coachgym.core.ruleset.Ruleset`."""

    def __init__(self, ruleset: Any, seed: int | None = None, **params: Any):
        unknown = set(params) - set(DEFAULTS)
        if unknown:
            raise ConfigError(f"search coach: unknown parameter(s) {', '.join(sorted(unknown))}; "
                              f"known: {', '.join(DEFAULTS)}")
        p = {**DEFAULTS, **params}
        self.rs = ruleset
        self.budget = _int(p, "budget", 2)
        self.ms = float(p["ms"])
        self.horizon = _int(p, "horizon", 0) or None
        self.width = _int(p, "width", 2)
        self.min_rounds = _int(p, "min_rounds", 1)
        self.doubt = float(p["doubt"])
        self.switch = float(p["switch"])
        self.policy = policy_spec(str(p["policy"]))
        self.opponent = policy_spec(str(p["opponent"])) if p["opponent"] else None
        self.scope = parse_scope(str(p["scope"]), ruleset.name, ("default", "decision", "period", "half", "game")).text
        commit = {"0": "", "false": "", "1": "horizon", "true": "horizon"}.get(str(p["commit"]).lower(), str(p["commit"]))
        if commit not in ("", "horizon", "scope"):
            raise ConfigError(f"search coach: commit must be horizon, scope or 0, got {p['commit']!r}")
        self.commit = commit
        self._holds: list[Hold] = []  # options it switched to, kept in force in its own play for their scope
        when = str(p["when"])
        self.kinds: frozenset[str] | None = None
        if when not in ("doubt", "all"):
            self.kinds = frozenset(k for k in when.split("+") if k)
            bad = self.kinds - set(ruleset.engine_cls.decision_kinds)
            if bad:
                raise ConfigError(f"search coach: {ruleset.name} has no decision kind {', '.join(sorted(bad))}; "
                                  f"kinds: {', '.join(ruleset.engine_cls.decision_kinds)}")
        self.when = when
        shown = {k: v for k, v in p.items() if v != DEFAULTS[k]}
        self.name = "search" + (":" + ",".join(f"{k}={v}" for k, v in shown.items()) if shown else "")
        self.base = ruleset.coach(self.policy, seed=seed)
        self._plan_setup(p)
        self.advisor = None
        if when == "doubt":
            try:
                self.advisor = ruleset.coach("trained", seed=0)
            except Exception as exc:  # no trained coach for this ruleset: nobody to be in doubt
                raise ConfigError(f"search coach: when=doubt needs the trained {ruleset.name} coach ({exc}); "
                                  f"use when=all or when=KIND+KIND") from None
        self._rng = random.Random(seed)
        self._policies: dict[int, Policies] = {}
        self.side = 0
        self.counts = {"decisions": 0, "searched": 0, "switched": 0, "rollouts": 0, "search_seconds": 0.0,
                       "seconds": 0.0}
        self.switches: dict[str, int] = {}  # "decision kind: base action -> chosen action" -> times

    # ------------------------------------------------------------------ plans
    def _plan_setup(self, p: dict) -> None:
        """``plans=NAME+NAME`` (or ``all``): at the start of each ``plan_scope`` the coach races these plans
        and the base coach alone on ``plan_budget`` rollouts and plays the winner's rules for the scope."""
        # plans are strategy rules (coachgym.strategy.plans, a layer above search): reached by name
        plans = importlib.import_module(PLANS)
        PlanCoach, library, parse_plan = plans.PlanCoach, plans.library, plans.parse_plan

        names = [n for n in str(p["plans"] or "").split("+") if n]
        if names == ["all"]:
            names = list(library(self.rs.name))
        # the scope is checked against the ruleset only where plans are raced (a ruleset without periods,
        # the tests' toy, has no default plan scope); a word that is no scope at all is refused either way
        plan_words = ("period", "half", "game")
        if names or str(p["plan_scope"]).strip().lower() not in plan_words:
            self.plan_scope = parse_scope(str(p["plan_scope"]), self.rs.name, plan_words)
        else:
            self.plan_scope = Scope(str(p["plan_scope"]).strip().lower())
        self.plan_budget = _int(p, "plan_budget", 2)
        self.plans = [parse_plan(self.rs.name, n, self.policy) for n in names]
        self.plan_coaches = [PlanCoach(pl, self.base) for pl in self.plans]
        self._plan: Any = None  # the plan coach in force, or None: the base coach
        self._plan_clock: ScopeClock | None = None
        self.plan_choices: dict[str, int] = {}

    def _choose_plan(self, game: Engine, d: Decision) -> None:
        race_plans = importlib.import_module(PLANS).race_plans

        t0 = time.process_time()
        a = race_plans(game, self.plans, scope=self.plan_scope, policy=self.policy, opponent=self.opponent,
                       rollouts=self.plan_budget, seed=self._rng.getrandbits(62), min_rounds=self.min_rounds, batch=2)
        self.counts["plan_searches"] = self.counts.get("plan_searches", 0) + 1
        self.counts["rollouts"] += a.rollouts
        self.counts["search_seconds"] += time.process_time() - t0
        best = a.best
        chosen = 0
        if best != 0:
            b = a.option(0)
            # the same rule as for single decisions: ahead of the base coach by ``switch`` standard errors
            se = (b.delta_ci95[1] - b.delta_ci95[0]) / (2 * 1.959963984540054) if b.rollouts > 1 else float("nan")
            lead = -b.delta
            if lead > 0 and (math.isnan(se) or lead > self.switch * se):
                chosen = best
        self._plan_clock = ScopeClock(self.plan_scope, game)
        self._plan = self.plan_coaches[chosen - 1] if chosen else None
        name = self.plans[chosen - 1].name if chosen else "book"
        self.plan_choices[name] = self.plan_choices.get(name, 0) + 1
        if self._plan is not None:
            self._plan.start(self._plan_clock)
            self._plan.inner.memory = {}

    # ------------------------------------------------------------------ protocol
    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        self.side = side
        if seed is not None:
            self._rng.seed(seed)
        self._plan, self._plan_clock = None, None
        self._holds = []
        for pc in self.plan_coaches:
            if pc.inner is not None:
                pc.inner.side = side
                pc.inner.memory = {}
        self.base.reset(game, side, seed)
        if self.advisor is not None:
            self.advisor.reset(game, side, None)

    def choose(self, game: Engine, decision: Decision) -> int:
        t0 = time.process_time()
        self.counts["decisions"] += 1
        if self.plans and (self._plan_clock is None or self._plan_clock.over(game)):
            self._choose_plan(game, decision)
        chooser = self._plan if self._plan is not None and not self._plan_clock.over(game) else self.base
        base = self._held(game, decision, int(chooser.choose(game, decision)))
        cands = self._candidates(game, decision, base)
        choice = base
        if len(cands) > 1:
            choice = self._search(game, decision, cands, base)
        self.counts["seconds"] += time.process_time() - t0
        return choice

    def replay_choice(self, game: Engine, decision: Decision, action: int) -> None:
        """Leave the coach as :meth:`choose` would have left it, had it chosen ``action`` here, without
        searching: the base coach's bookkeeping and the one random draw a search takes. For restoring a
        history this coach played itself (a server's own saved game): the searches are not run again."""
        if self.plans:  # which plan won a race is not in the history: play the decision again
            self.choose(game, decision)
            return
        self.counts["decisions"] += 1
        base = self._held(game, decision, int(self.base.choose(game, decision)))
        if len(self._candidates(game, decision, base)) > 1:
            self._rng.getrandbits(62)  # the race's seed (_search)
            if action != base:
                self._commit(game, decision, action)

    def _held(self, game: Engine, decision: Decision, base: int) -> int:
        """The base choice with what this coach switched to kept in force for its scope, as its
        rollouts assumed."""
        if self._holds:
            for h in self._holds:
                base = h.filter(game, decision, base)
            self._holds = [h for h in self._holds if not h.done]
        return base

    def _commit(self, game: Engine, d: Decision, best: int) -> None:
        """Hold ``best`` in this coach's own play for as long as its rollouts held it: the scope, cut
        at the rollouts' horizon (counted in decisions of both sides: about half of them are this
        coach's)."""
        if self.commit and self.scope != "decision":
            cut = self.commit == "horizon" and self.horizon is not None
            h = Hold.commit(game, d.side, best, hold_spec(game, best, self.scope),
                            max(1, self.horizon // 2) if cut else None)
            if h is not None:
                self._holds.append(h)

    # ------------------------------------------------------------------ search
    def _candidates(self, game: Engine, d: Decision, base: int) -> list[int]:
        """The options to race (the base choice first), or just the base choice: no search here."""
        if self.kinds is not None and d.kind not in self.kinds:
            return [base]
        if self.advisor is not None:
            probs = self.advisor.legal_probabilities(game, d)
            ranked = sorted(probs, key=lambda a: -probs[a])
            if probs.get(base, 0.0) >= self.doubt and ranked[0] == base:
                return [base]
        else:
            ranked = list(d.legal)
        if len(d.legal) <= self.width:
            return [base, *(a for a in d.legal if a != base)]
        return [base, *[a for a in ranked if a != base][:self.width - 1]]

    def _policies_for(self, side: int) -> Policies:
        p = self._policies.get(side)
        if p is None:
            p = self._policies[side] = Policies(self.rs.name, self.policy, self.opponent, side=side)
        return p

    def _search(self, game: Engine, d: Decision, cands: list[int], base: int) -> int:
        t0 = time.process_time()
        run = run_race(game, d.side, cands, seed=self._rng.getrandbits(62), policies=self._policies_for(d.side),
                       horizon=self.horizon, rollouts=self.budget, seconds=self.ms / 1000 if self.ms else None,
                       min_rounds=self.min_rounds, batch=2, lookahead=1, prefer=base, scope=self.scope)
        race = run.race
        self.counts["searched"] += 1
        self.counts["rollouts"] += run.rollouts
        self.counts["search_seconds"] += time.process_time() - t0
        best = race.leader(race.alive)
        if best == base:
            return base
        mean, lo, _, n = paired(race.tallies[best], race.tallies[base], z=self.switch)
        if n >= 2 and mean > 0 and (lo > 0 or math.isnan(lo)):
            self.counts["switched"] += 1
            key = f"{d.kind}: {game.actions[base].label} -> {game.actions[best].label}"
            self.switches[key] = self.switches.get(key, 0) + 1
            self._commit(game, d, best)
            return best
        return base

    def stats(self) -> dict:
        """What the search did so far: decisions, searched, switched from the base, rollouts, and CPU
        seconds (of this process: the figure that does not depend on what else the machine runs)."""
        c = dict(self.counts)
        c["ms_per_decision"] = 1000 * c["seconds"] / c["decisions"] if c["decisions"] else float("nan")
        c["ms_per_search"] = 1000 * c["search_seconds"] / c["searched"] if c["searched"] else float("nan")
        c["switches"] = dict(sorted(self.switches.items(), key=lambda kv: -kv[1]))
        if self.plans:
            c["plans"] = dict(sorted(self.plan_choices.items(), key=lambda kv: -kv[1]))
        return c


def _int(p: dict, key: str, least: int) -> int:
    v = p[key]
    if isinstance(v, bool) or not isinstance(v, int) or v < least and not (key == "horizon" and v == 0):
        raise ConfigError(f"search coach: {key} must be an integer of at least {least}, got {v!r}")
    return v


# The search coach's parameter table (coachgym.core.coachspec): the one grammar of ``search:...``
# from the command line and the web (``web_hi``: the bound on a request from the web; the web's
# budget bound is the server's --max-search-budget). ``coachgym coaches RULESET`` lists it.
_POLICIES = ("book", "by-the-book", "trained", "random", "first-legal")
PARAMS = (
    Param("budget", "int", 64, "rollouts a searched decision", lo=2, hi=10**7, web_hi=256),
    Param("ms", "float", 0, "milliseconds a searched decision instead of a budget (0: the budget); not on the web: "
          "a search stopped by the clock is not reproducible, so the game could not be restored", lo=0, hi=10**7,
          web_fixed=0),
    Param("policy", "word", "book", "the rollouts' coach for this side (a coach spec; from the web: "
          + "/".join(_POLICIES) + ")", file=True),
    Param("opponent", "word", "", "the rollouts' coach for the other side (default: policy)", file=True),
    Param("horizon", "int", 40, "decisions a rollout plays before the value estimate scores it (0: to the end)",
          lo=1, hi=10**4, web_hi=60, zero_ok=True),
    Param("when", "word", "doubt", "doubt | all | KIND+KIND: the decisions searched"),
    Param("doubt", "float", 0.9, "searched where the trained coach gives the base choice less than this", lo=0, hi=1),
    Param("width", "int", 4, "options raced at a decision", lo=2, hi=64, web_hi=8),
    Param("switch", "float", 1.0, "standard errors ahead of the base choice to switch", lo=0, hi=10**6, web_hi=10),
    Param("min_rounds", "int", 4, "rounds before an option is dropped", lo=1, hi=10**6, web_hi=16),
    Param("scope", "word", "default", "how long a raced option is held (default, decision, period, half, game, UNIT:N)"),
    Param("commit", "choice", "horizon", "how long a chosen option is kept in force", choices=("horizon", "scope", "0")),
    Param("plans", "names", "", "plans raced at each plan scope: names of the ruleset's plans, all, or (command "
          "line) strategy files", hi=16, file=True),
    Param("plan_scope", "choice", "period", "how often plans are raced", choices=("period", "half", "game")),
    Param("plan_budget", "int", 64, "rollouts a plan race", lo=2, hi=10**7, web_hi=32),
)
BARE = True  # ``search`` alone: the defaults


def offered_plans(ruleset: str) -> list[str]:
    """The plan names the web offers for ``plans=`` (the ruleset's library, ``all``, the base)."""
    plans = importlib.import_module(PLANS)
    return ["all", "book", *plans.library(ruleset)]


def search_coach(ruleset: Any, argument: str, seed: int | None = None, **kwargs: Any) -> SearchCoach:
    """``Ruleset.coach("search:budget=64,policy=trained")`` (registered in coachgym.coachkinds.COACH_KINDS);
    the parameters are held to :data:`PARAMS` first."""
    given = split_params(argument, "search")
    table = {p.name: p for p in PARAMS}
    for key, value in given.items():
        if key in table and table[key].type in ("int", "float"):
            check_value(table[key], value, field="search coach", kind="", web=False)
    params = {**given, **kwargs}
    return SearchCoach(ruleset, seed=seed, **params)


search_coach.PARAMS = PARAMS  # type: ignore[attr-defined]
search_coach.BARE = BARE  # type: ignore[attr-defined]


def option_values(game: Engine, *, budget: int = 256, policy: str = "book", opponent: str | None = None,
                  horizon: int | None = 40, seed: int = 0, options: list[int] | None = None,
                  scope: str = "default") -> dict[int, tuple[float, float, int]]:
    """Each option's value estimate at the pending decision, for labelling training data:
    ``{action: (value, standard error, rollouts)}``, every option on the same resampled futures
    (no option is dropped). Values are win chances (draws half) from rollouts of ``horizon``
    decisions scored by the value estimate (``horizon=None``: played to the end)."""
    d = game.decision
    if d is None:
        raise ConfigError("the game is over: no decision to evaluate")
    actions = list(options or d.legal)
    rounds = max(1, budget // len(actions))
    run = run_race(game, d.side, actions, seed=seed, policy=policy_spec(policy),
                   opponent=policy_spec(opponent) if opponent else None, horizon=horizon, rollouts=rounds * len(actions),
                   min_rounds=rounds + 1, lookahead=1, scope=scope)
    out = {}
    for a, t in run.race.tallies.items():
        lo, hi = t.value_interval(exact_wins=False)
        se = (hi - lo) / (2 * 1.959963984540054) if t.n > 1 else float("nan")
        out[a] = (t.mean, se, t.n)
    return out
