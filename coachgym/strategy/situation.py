"""Situations on demand: "in situation S, which choice wins more?"

1. **States.** Seeded games between two coaches are played until S (a condition of the strategy
   grammar) holds at a decision of the side we study where the choices resolve to at least two
   different legal actions; that state (an exact copy of the engine) is kept, and the game stops.
   One state per game - the first time S arises in it - so the states are a sample of *games in
   which S arises*, whose frequency is reported with the distribution of score margin and time
   among them. Game ``k`` studies the home side when ``k`` is even, the away side when odd.
2. **Rollouts.** From each state, for each of ``rollouts`` resampled futures (``Engine.resampled``:
   new dice, undrawn cards reshuffled, hidden choices redrawn), every choice is played from the
   same resampled copy - common random numbers - and the game finished by the coaches. The choice
   holds for ``scope`` (the scopes of :mod:`coachgym.search.holds`, shared with ``coachgym
   analyze``): ``decision`` (only the decision at hand), ``situation`` (whenever S holds for the
   rest of the game), ``period``, ``half``, ``minutes:N`` (``boxes:N`` in Value Add) or ``game``
   (every decision it can act at, until the scope ends).
3. **Figures.** A state is the independent unit: each choice's win rate (draws half) and margin
   are averaged over a state's rollouts, then over states, with 95% intervals across states; the
   difference of each choice from the first is paired within states. ``by`` splits the states by
   a situation variable's value (e.g. the margin) and gives the same figures per group.

Both steps run as tasks of the project's match runner (:mod:`coachgym.core.runner`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Sequence

from .. import rulesets
from ..core.engine import HOME
from ..core.errors import ConfigError
from ..core.match import play_game
from .compare import format_interval, in_order, pyplot
from .conditions import ConditionError, parse
from .file import Rule, Strategy, vocabulary
from .sprt import mean_interval
from .vocabulary import NOT_LEGAL, WAIT, Moment

# the variable that says "when" in each ruleset, for the representativeness report (its registration's)
TIME_VARIABLE: Mapping[str, str] = rulesets.by_ruleset(lambda rs: rs.time_variable)
SCOPES = ("decision", "situation", "period", "half", "game")  # and minutes:N / boxes:N (coachgym.search.holds)


@dataclass(frozen=True)
class Choice:
    """One choice to compare: an action of the vocabulary and its argument (``given``: whether the
    argument was written, rather than the action's default)."""

    action: str
    arg: str | None = None
    given: bool = False

    @property
    def label(self) -> str:
        return f"{self.action}:{self.arg}" if self.given else self.action


def parse_choices(ruleset: str, text: str | Sequence[str]) -> list[Choice]:
    """``"press,no_press"`` or ``["zone:collapsed", "man"]`` -> choices, checked against the vocabulary."""
    vocab = vocabulary(ruleset)
    items = [t.strip() for t in (text.split(",") if isinstance(text, str) else text) if t.strip()]
    if len(items) < 2:
        raise ConfigError("--choices: name at least two actions to compare, e.g. press,no_press")
    out = []
    for item in items:
        name, _, arg = item.partition(":")
        action = vocab.actions.get(name)
        if action is None:
            raise ConfigError(f"--choices: unknown {vocab.ruleset} action {name!r}; actions: {', '.join(vocab.actions)}")
        if arg:
            if action.argument is None:
                raise ConfigError(f"--choices: {name} takes no argument")
            canon = {w.lower(): w for w in action.argument.words}.get(arg.lower())
            if canon is None:
                raise ConfigError(f"--choices: {name}: {arg!r} is not one of {', '.join(action.argument.words)}")
            arg = canon
        elif action.argument is not None:
            if action.argument.default is None:
                raise ConfigError(f"--choices: {name} needs an argument, e.g. {name}:{action.argument.words[0]}")
            arg = action.argument.default
        out.append(Choice(name, arg or None, given=bool(item.partition(':')[2])))
    if len(set(out)) != len(out):
        raise ConfigError("--choices: a choice is named twice")
    return out


def _env(vocab, game, side, decision):
    cache: dict = {}

    def env(name: str):
        if name not in cache:
            cache[name] = vocab.variables[name].get(game, side, decision)
        return cache[name]

    return env


def _resolve(vocab, choices: Sequence[Choice], game, side, decision, base: int) -> list[int] | None:
    """Each choice's action at this decision (a choice with nothing to do here - it waits - leaves
    the base coach's), or None if one cannot be carried out or they do not differ."""
    out = []
    for c in choices:
        action = vocab.actions[c.action]
        if decision.kind not in action.kinds:
            return None
        res = action.resolve(Moment(game, side, decision, base, c.arg, {}, 0))
        if res == WAIT:
            res = base  # e.g. no_press where the base coach does not press
        if res == NOT_LEGAL or res not in decision.legal:
            return None
        out.append(res)
    return out if len(set(out)) >= 2 else None


# ---------------------------------------------------------------------- 1. states (a runner task)
@dataclass
class State:
    game_index: int
    side: int
    engine: Any  # the engine at the decision (an exact copy)
    actions: list[int]  # each choice's action there
    values: dict  # the situation variables reported (margin, time, the --by variable)


@dataclass(frozen=True)
class FindStates:
    """Play games ``first .. first+count-1`` and keep the first state of each where S arises."""

    ruleset: str
    when: str
    choices: tuple[Choice, ...]
    coach: str
    opponent: str
    seed: int
    first: int
    count: int
    report: tuple[str, ...]  # variables whose values are kept with each state
    options: dict | None = None
    teams: tuple[Any, Any] = (None, None)
    sides: str = "both"  # both (alternating by game), home, away

    @property
    def games(self) -> int:
        return self.count

    def run(self) -> tuple[list[State], int]:
        from .. import rulesets

        rs = rulesets.get(self.ruleset)
        vocab = vocabulary(rs.name)
        cond = parse(self.when, vocab.types())
        kinds = set.intersection(*(set(vocab.actions[c.action].kinds) for c in self.choices))
        teams = tuple(rs.load_team(t if t is not None else rs.default_teams[i]) for i, t in enumerate(self.teams))
        options = rs.parse_options(self.options or {})
        states: list[State] = []
        for k in range(self.first, self.first + self.count):
            side = {"home": 0, "away": 1}.get(self.sides, k % 2)
            game_seed = self.seed * 1_000_003 + k
            game = rs.new_game(*teams, seed=game_seed, options=options, record_events=False)
            ours, theirs = rs.coach(self.coach, seed=game_seed), rs.coach(self.opponent, seed=game_seed + 1)
            coaches = (ours, theirs) if side == HOME else (theirs, ours)
            coaches[0].reset(game, 0, game_seed * 2 + 1)
            coaches[1].reset(game, 1, game_seed * 2 + 2)
            while game.decision is not None:
                d = game.decision
                a = coaches[d.side].choose(game, d)
                if d.side == side and d.kind in kinds:
                    env = _env(vocab, game, side, d)
                    if cond(env):
                        acts = _resolve(vocab, self.choices, game, side, d, a)
                        if acts is not None:
                            states.append(State(k, side, game.clone(), acts, {n: env(n) for n in self.report}))
                            break
                game.step(a)
        return states, self.count


# ---------------------------------------------------------------------- 2. rollouts (a runner task)
@dataclass(frozen=True)
class Rollouts:
    """Every choice from one state, over ``rollouts`` resampled futures; returns, per rollout and
    choice, the studied side's score (1, 1/2, 0) and margin."""

    ruleset: str
    when: str
    choices: tuple[Choice, ...]
    coach: str
    opponent: str
    scope: str
    state: State
    seed: int
    rollouts: int

    @property
    def games(self) -> int:
        return self.rollouts * len(self.choices)

    def _coach(self, rs, choice: Choice, seed: int, game=None):
        from ..search.holds import ScopeClock, parse_scope

        base = rs.coach(self.coach, seed=seed)
        scope = parse_scope(self.scope, rs.name, SCOPES)
        if scope.kind == "decision":
            return base
        from .coach import StrategyCoach

        vocab = vocabulary(rs.name)
        cond = parse(self.when if scope.kind == "situation" else "true", vocab.types())
        rule = Rule(0, f"{choice.label} ({self.scope})", cond, vocab.actions[choice.action], choice.arg, 0)
        strategy = Strategy("<situation>", choice.label, rs.name, self.coach, (rule,))
        if scope.kind in ("situation", "game"):
            return StrategyCoach(strategy, base)
        from .plans import Plan, PlanCoach

        coach = PlanCoach(Plan(choice.label, choice.label, strategy), base)  # the rule acts until the scope ends
        coach.start(ScopeClock(scope, game))
        return coach

    def run(self) -> list[list[tuple[float, int]]]:
        from .. import rulesets

        rs = rulesets.get(self.ruleset)
        st = self.state
        out = []
        for r in range(self.rollouts):
            rseed = self.seed * 1_000_003 + st.game_index * 1009 + r
            row = []
            for choice, action in zip(self.choices, st.actions):
                g = st.engine.resampled(rseed, viewer=st.side, record_events=False)
                g.step(action)
                ours, theirs = self._coach(rs, choice, rseed, g), rs.coach(self.opponent, seed=rseed + 1)
                home, away = (ours, theirs) if st.side == HOME else (theirs, ours)
                m = play_game(g, home, away, seed=rseed).margin_for(st.side)
                row.append((1.0 if m > 0 else 0.5 if m == 0 else 0.0, m))
            out.append(row)
        return out


# ---------------------------------------------------------------------- 3. figures
@dataclass
class SituationResult:
    ruleset: str
    when: str
    choices: list[Choice]
    coach: str
    opponent: str
    scope: str
    rollouts: int
    seed: int
    by: str | None
    games_played: int = 0
    states: list[dict] = field(default_factory=list)  # values, side, per choice mean score and margin
    seconds: float = 0.0
    backend: str = ""
    command: str = ""  # the command line that produced it (for the report)

    def table(self, states: list[dict] | None = None) -> list[dict]:
        """Per choice: win rate and margin with 95% intervals across states, and the paired
        difference from the first choice."""
        states = self.states if states is None else states
        rows = []
        for j, c in enumerate(self.choices):
            sc, sci = mean_interval([s["score"][j] for s in states])
            if sci[0] == sci[0]:  # a win rate's interval stays within 0-1 (nan, with one state, stays nan)
                sci = (max(0.0, sci[0]), min(1.0, sci[1]))
            mg, mci = mean_interval([s["margin"][j] for s in states])
            row = {"choice": c.label, "win_rate": sc, "win_rate_ci": sci, "margin": mg, "margin_ci": mci}
            if j:
                d, dci = mean_interval([s["score"][j] - s["score"][0] for s in states])
                md, mdci = mean_interval([s["margin"][j] - s["margin"][0] for s in states])
                row.update(difference=d, difference_ci=dci, margin_difference=md, margin_difference_ci=mdci)
            rows.append(row)
        return rows

    def groups(self) -> list[tuple[Any, list[dict]]]:
        if not self.by:
            return []
        keys = sorted({s["values"][self.by] for s in self.states})
        return [(k, [s for s in self.states if s["values"][self.by] == k]) for k in keys]

    def distribution(self, name: str) -> dict:
        xs = [s["values"][name] for s in self.states]
        if not xs:
            return {}
        xs_sorted = sorted(xs)
        q = lambda p: xs_sorted[min(len(xs) - 1, int(p * len(xs)))]  # noqa: E731
        return {"mean": sum(xs) / len(xs), "min": xs_sorted[0], "q25": q(0.25), "median": q(0.5), "q75": q(0.75),
                "max": xs_sorted[-1]}

    def summary(self) -> str:
        n = len(self.states)
        share = n / self.games_played if self.games_played else float("nan")
        lines = [f"situation: {self.when}",
                 f"{n} states: S arose (with the choices open) in {n} of {self.games_played} games ({share:.1%}); "
                 f"{sum(s['side'] == 0 for s in self.states)} at home, {sum(s['side'] == 1 for s in self.states)} away",
                 f"coach {self.coach} against {self.opponent}; each choice held for the {self.scope}; "
                 f"{self.rollouts} resampled futures per state ({n * self.rollouts * len(self.choices)} games played out)"]
        tvar = TIME_VARIABLE[self.ruleset]
        for name in ("margin", tvar):
            d = self.distribution(name)
            if d:
                lines.append(f"  {name} among the states: mean {d['mean']:.2f}, quartiles {d['q25']:.4g} / "
                             f"{d['median']:.4g} / {d['q75']:.4g}, range {d['min']:.4g} to {d['max']:.4g}")
        lines += _table_lines(self.table())
        for key, group in self.groups():
            lines.append(f"{self.by} = {key} ({len(group)} states):")
            lines += ["  " + x for x in _table_lines(self.table(group))]
        lines.append(f"{self.seconds:.1f} s ({self.backend})")
        return "\n".join(lines)

    def markdown(self, plot_file: str | None = None) -> str:
        n = len(self.states)
        out = [f"# Situation: `{self.when}` ({self.ruleset})", "",
               f"{n} states, one per game in which the situation arose with the choices open: {n} of "
               f"{self.games_played} games ({n / max(1, self.games_played):.1%}). Coach `{self.coach}` against "
               f"`{self.opponent}`; each choice held for the {self.scope}; {self.rollouts} resampled futures per state, "
               f"the same futures for every choice.", ""]
        out += _table_markdown(self.table())
        for key, group in self.groups():
            out += ["", f"### {self.by} = {key} ({len(group)} states)", ""]
            out += _table_markdown(self.table(group))
        tvar = TIME_VARIABLE[self.ruleset]
        out += ["", "## How representative the states are", "",
                "| variable | mean | 25% | median | 75% | range |", "| --- | --- | --- | --- | --- | --- |"]
        for name in ("margin", tvar):
            d = self.distribution(name)
            if d:
                out.append(f"| {name} | {d['mean']:.2f} | {d['q25']:.4g} | {d['median']:.4g} | {d['q75']:.4g} | "
                           f"{d['min']:.4g} to {d['max']:.4g} |")
        if plot_file:
            out += ["", f"![situation]({plot_file})"]
        out += ["", f"Seed {self.seed}; {self.seconds:.1f} s on {self.backend}."
                + (f" Reproduce: `{self.command}`" if self.command else ""), ""]
        return "\n".join(out)

    def to_dict(self) -> dict:
        return {"ruleset": self.ruleset, "when": self.when, "choices": [c.label for c in self.choices],
                "coach": self.coach, "opponent": self.opponent, "scope": self.scope, "rollouts": self.rollouts,
                "seed": self.seed, "games_played": self.games_played, "states": self.states, "table": self.table(),
                "groups": [{"value": k, "states": len(g), "table": self.table(g)} for k, g in self.groups()],
                "seconds": self.seconds, "backend": self.backend}


def _table_lines(rows: list[dict]) -> list[str]:
    out = []
    for r in rows:
        line = (f"  {r['choice']:<24} win rate {r['win_rate']:.3f} ({format_interval(r['win_rate_ci'])}), margin "
                f"{r['margin']:+.2f}")
        if "difference" in r:
            line += (f"; vs {rows[0]['choice']}: {r['difference']:+.3f} ({format_interval(r['difference_ci'])}), margin "
                     f"{r['margin_difference']:+.2f} ({format_interval(r['margin_difference_ci'], 2)})")
        out.append(line)
    return out


def _table_markdown(rows: list[dict]) -> list[str]:
    first = rows[0]["choice"]
    out = [f"| choice | win rate | 95% interval | margin | difference from {first} | 95% interval | "
           "margin difference | 95% interval |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        cells = [r["choice"], f"{r['win_rate']:.3f}", format_interval(r["win_rate_ci"]), f"{r['margin']:+.2f}"]
        if "difference" in r:
            cells += [f"{r['difference']:+.3f}", format_interval(r["difference_ci"]), f"{r['margin_difference']:+.2f}",
                      format_interval(r["margin_difference_ci"], 2)]
        else:
            cells += ["", "", "", ""]
        out.append("| " + " | ".join(cells) + " |")
    return out


def run_situation(ruleset: str, when: str, choices: str | Sequence[str], *, coach: str = "by-the-book",
                  opponent: str = "by-the-book", states: int = 200, max_games: int = 5000, rollouts: int = 4,
                  scope: str = "situation", by: str | None = None, seed: int = 0, sides: str = "both",
                  options: dict | None = None, teams: tuple[Any, Any] = (None, None), backend=None,
                  progress: bool = False, batch: int = 50) -> SituationResult:
    """Find up to ``states`` states in which ``when`` holds (playing at most ``max_games`` games) and
    compare ``choices`` there by paired rollouts (see the module docstring)."""
    from .. import rulesets
    from ..core.runner import InlineBackend

    rs = rulesets.get(ruleset)
    vocab = vocabulary(rs.name)
    try:
        parse(when, vocab.types())
    except ConditionError as exc:
        raise ConfigError(f"--when: {exc.message} (column {exc.column} of {when!r})") from None
    chosen = parse_choices(rs.name, choices)
    kinds = set.intersection(*(set(vocab.actions[c.action].kinds) for c in chosen))
    if not kinds:
        raise ConfigError(f"--choices: {', '.join(c.label for c in chosen)} never act at the same decision "
                          f"(kinds: {'; '.join(', '.join(vocab.actions[c.action].kinds) for c in chosen)})")
    from ..search.holds import parse_scope

    scope = parse_scope(scope, rs.name, SCOPES).text
    if by is not None and by not in vocab.variables:
        raise ConfigError(f"--by: unknown situation variable {by!r} (coachgym strategy-help {rs.name} lists them)")
    for spec in (coach, opponent):
        rs.coach(spec)
    opts = dict(options or {})
    rs.parse_options(opts)
    report = tuple(dict.fromkeys(["margin", TIME_VARIABLE[rs.name]] + ([by] if by else [])))
    own = backend is None
    backend = backend or InlineBackend()
    result = SituationResult(rs.name, when, chosen, coach, opponent, scope, rollouts, seed, by,
                             backend=backend.describe())
    t0 = time.perf_counter()
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=states, desc=f"{rs.name} states", unit="state")
    found: list[State] = []
    try:
        # 1. states, in game order (the same states on every backend), a window of tasks at a time
        tasks = [FindStates(rs.name, when, tuple(chosen), coach, opponent, seed, k, min(batch, max_games - k), report,
                            opts or None, tuple(teams), sides) for k in range(0, max_games, batch)]
        results = in_order(backend, tasks)
        for task, (got, played) in results:
            result.games_played = task.first + played
            for st in got:
                found.append(st)
                if bar is not None:
                    bar.update(1)
                if len(found) == states:
                    result.games_played = st.game_index + 1  # the games it took to find them
                    break
            if len(found) == states:
                break
        results.close()
        if bar is not None:
            bar.close()
            bar = None
        if not found:
            result.seconds = time.perf_counter() - t0
            return result
        # 2. rollouts
        rtasks = [Rollouts(rs.name, when, tuple(chosen), coach, opponent, scope, st, seed, rollouts) for st in found]
        outs = backend.map(rtasks, progress=progress, desc=f"{rs.name} rollouts")
        for st, rows in zip(found, outs):
            k = len(chosen)
            result.states.append({"game": st.game_index, "side": st.side, "values": st.values,
                                  "score": [sum(r[j][0] for r in rows) / len(rows) for j in range(k)],
                                  "margin": [sum(r[j][1] for r in rows) / len(rows) for j in range(k)]})
    finally:
        if bar is not None:
            bar.close()
        if own:
            backend.close()
    result.seconds = time.perf_counter() - t0
    return result


def plot(result: SituationResult, path) -> None:
    """Win rate of each choice with its 95% interval (per --by group when given), and the margin and
    time among the sampled states."""
    plt = pyplot()

    fig, axes = plt.subplots(1, 3, figsize=(14, 4))
    ax = axes[0]
    groups = result.groups() or [("all", result.states)]
    width = 0.8 / len(result.choices)
    for j, c in enumerate(result.choices):
        xs, ys, lo, hi = [], [], [], []
        for gi, (_key, states) in enumerate(groups):
            row = result.table(states)[j]
            xs.append(gi + (j - (len(result.choices) - 1) / 2) * width)
            ys.append(row["win_rate"])
            ci = row["win_rate_ci"]
            lo.append(0 if math.isnan(ci[0]) else row["win_rate"] - ci[0])
            hi.append(0 if math.isnan(ci[1]) else ci[1] - row["win_rate"])
        ax.bar(xs, ys, width=width, yerr=[lo, hi], capsize=3, label=c.label)
        for x, y, h in zip(xs, ys, hi):
            ax.text(x, y + h + 0.01, f"{y:.3f}", ha="center", va="bottom", fontsize=7)
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([f"{result.by}={k}" if result.by else str(k) for k, _ in groups], rotation=45 if len(groups) > 4 else 0)
    ax.axhline(0.5, color="grey", lw=0.8)
    ax.set_ylabel("win rate (draws half)")
    ax.set_title("each choice, 95% intervals across states")
    ax.legend(fontsize=8)
    for ax, name in zip(axes[1:], ("margin", TIME_VARIABLE[result.ruleset])):
        xs = [s["values"][name] for s in result.states]
        whole = all(float(x).is_integer() for x in xs) and max(xs) - min(xs) <= 60
        bins = [v - 0.5 for v in range(int(min(xs)), int(max(xs)) + 2)] if whole else min(30, max(5, len(set(xs))))
        ax.hist(xs, bins=bins, color="tab:blue", edgecolor="white")
        ax.set_title(f"{name} among the {len(xs)} states")
        ax.set_xlabel(name)
    fig.suptitle(f"{result.ruleset}: {result.when}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
