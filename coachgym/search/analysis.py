""""What should I do here?": every option of the pending decision, by rollouts from resampled copies.

::

    from coachgym.search import analyze
    a = analyze(game)                       # book for both sides, up to 2,000 rollouts
    print(a.table())
    a.best, a.values()                      # the best option; each option's value estimate
    a.plot("analysis.png")

Each option gets a win probability (draws half) and an expected margin with 95% intervals, and its
difference to the best option with a 95% interval of the paired difference (common random numbers:
every option is played from the same resampled futures). Options clearly worse than the leader stop
receiving rollouts (:mod:`coachgym.search.race`). Wide menus are narrowed to the options the book
and the trained coach rank highest, plus any the caller names.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from .. import rulesets
from ..core.engine import SIDE_NAMES, Engine
from ..core.errors import ConfigError, GameOverError, SavedGameError
from .holds import hold_spec, parse_scope
from .race import paired, run_race
from .rollouts import check_policy, describe_policy, policy_spec


@dataclass
class OptionAnalysis:
    action: int
    label: str
    sources: list[str]  # why it is in the table: "book", "trained #1", "named", "legal"
    rollouts: int
    win: float
    win_ci95: tuple[float, float]
    margin: float
    margin_ci95: tuple[float, float]
    delta: float  # value minus the best option's, over the rounds both played
    delta_ci95: tuple[float, float]
    eliminated_after: int | None  # rollouts it had when it was dropped from the race
    scope: str = "decision"  # how long it was held in the rollouts (coachgym.search.holds)
    hold: str = "none"  # setting, call or none
    held: int = 0  # rollouts in which it was held beyond its decision
    undone: int = 0  # ... in which the rollout coach would have undone it (its choice replaced)
    replayed: int = 0  # ... in which it was called again
    ended: int = 0  # ... in which the rules ended its effect before its scope
    flag: str = ""  # a warning for the reader: its effect ended before its scope, or no different from another

    @property
    def held_text(self) -> str:
        """Its scope and what holding it did, for the table."""
        if self.hold == "plan":
            return self.scope if "base" in self.sources else f"{self.scope}, acted in {self.undone / max(1, self.held):.0%}"
        if "book" in self.sources:
            return "book plays on"
        if self.scope == "decision" or not self.held:
            return "decision"
        parts = [self.scope]
        if self.undone:
            parts.append(f"book undid {self.undone / self.held:.0%}")
        if self.replayed:
            parts.append(f"called again {self.replayed / self.held:.0%}")
        if self.ended:
            parts.append(f"ended {self.ended / self.held:.0%}")
        return ", ".join(parts)


@dataclass
class Analysis:
    ruleset: str
    side: int
    kind: str
    prompt: str
    situation: str
    policy: str
    options: list[OptionAnalysis]
    best: int
    separated: bool  # every other option was shown worse than the best
    stopped: str  # "separated", "budget" or "time"
    rollouts: int
    rounds: int
    seconds: float
    seed: int
    horizon: int | None
    legal: int  # options the decision has
    hidden: list[str] = field(default_factory=list)
    note: str = ""
    scope: str = "default"  # the scope asked for (default: each option's own)
    race: Any = field(default=None, repr=False, compare=False)  # the race's tallies, to go on with (``resume``)

    def values(self) -> dict[int, float]:
        """Each evaluated option's value estimate (win probability, draws half): for labelling data."""
        return {o.action: o.win for o in self.options}

    def option(self, action: int) -> OptionAnalysis:
        for o in self.options:
            if o.action == action:
                return o
        raise KeyError(action)

    def to_dict(self) -> dict:
        return {f.name: [asdict(o) for o in self.options] if f.name == "options" else getattr(self, f.name)
                for f in fields(self) if f.name != "race"}

    def table(self) -> str:
        value_name = "win prob" if self.horizon is None else "win est."
        lines = [
            f"{rulesets.get(self.ruleset).title}: {SIDE_NAMES[self.side]} to decide: {self.prompt}",
            f"  {self.situation}",
            f"  rollouts: {self.policy}, {self.rollouts} in {self.seconds:.1f} s over {self.rounds} resampled "
            f"futures shared by the options" + (f"; truncated after {self.horizon} decisions" if self.horizon else ""),
            f"  hidden and resampled: {'; '.join(self.hidden)}",
            "",
        ]
        width = min(56, max([len(o.label) for o in self.options] + [6])) + 2
        why = max([len(", ".join(o.sources)) for o in self.options] + [3]) + 2
        held = max([len(o.held_text) for o in self.options] + [5]) + 2
        lines.append(f"  {'option':<{width}}{'why':<{why}}{'held for':<{held}}{'rollouts':>8}  "
                     f"{value_name + ' (95% CI)':<22}{'vs best (95% CI)':<27}margin (95% CI)")
        for o in sorted(self.options, key=lambda o: (-o.win, -o.margin)):
            mark = "*" if o.action == self.best else " "
            vs = "best" if o.action == self.best else f"{o.delta:+.3f} ({o.delta_ci95[0]:+.3f} to {o.delta_ci95[1]:+.3f})"
            label = o.label if len(o.label) <= width - 2 else o.label[:width - 5] + "..."
            lines.append(f"{mark} {label:<{width}}{', '.join(o.sources):<{why}}{o.held_text:<{held}}{o.rollouts:>8}  "
                         f"{o.win:.3f} ({o.win_ci95[0]:.3f}-{o.win_ci95[1]:.3f})   {vs:<27}"
                         f"{o.margin:+.2f} ({o.margin_ci95[0]:+.2f} to {o.margin_ci95[1]:+.2f})"
                         + (f"  dropped after {o.eliminated_after}" if o.eliminated_after is not None else ""))
        if len(self.options) < 2:
            verdict = "the only option evaluated"
        elif self.separated:
            verdict = "clearly better than every other option evaluated"
        else:
            verdict = (f"not separated within the {'time' if self.stopped == 'time' else 'rollouts'} given: an option "
                       f"whose interval vs best includes 0 may be as good (raise --rollouts or --seconds)")
        lines += ["", f"  * best: {self.option(self.best).label} - {verdict}"]
        for o in self.options:
            if o.flag:
                lines.append(f"  ! {o.label}: {o.flag}")
        if self.kind == "plan":
            lines.append(f"  each plan's rules act over the base coach for {self.options[0].scope}; rollouts "
                         + ("end with it and are scored by the value estimate" if self.horizon == 0 else "go on to the end")
                         + " (docs/search.md, 6)")
        else:
            lines.append(f"  held for: each option is kept in force in the rollouts for its scope ({self.scope}; "
                         f"--scope) - a setting the book would undo is kept, a call is made again (docs/search.md, 5)")
        if self.note:
            lines.append(f"  {self.note} (name more with --option)")
        return "\n".join(lines)

    def plot(self, path: str | Path) -> Path:
        """Win probability of each option with its 95% interval (PNG; needs matplotlib)."""
        from ..present.plots import _pyplot

        plt = _pyplot()
        opts = sorted(self.options, key=lambda o: -o.win)
        fig, ax = plt.subplots(figsize=(8, 0.45 * len(opts) + 1.4))
        ys = list(range(len(opts)))
        err = [[o.win - o.win_ci95[0] for o in opts], [o.win_ci95[1] - o.win for o in opts]]
        ax.barh(ys, [o.win for o in opts], xerr=err, capsize=3,
                color=["tab:green" if o.action == self.best else "tab:gray" if o.eliminated_after is not None
                       else "tab:blue" for o in opts])
        ax.set_yticks(ys)
        ax.set_yticklabels([o.label[:48] for o in opts], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.axvline(self.option(self.best).win, color="black", lw=0.8, ls="--")
        ax.set_xlabel("win probability (draws half), 95% interval; grey: dropped from the race")
        import textwrap

        # over the whole figure (the option labels make the axes narrow), wrapped to its width: a long
        # prompt is not cut at the edges
        fig.suptitle(textwrap.fill(f"{rulesets.get(self.ruleset).title}: {self.prompt} ({self.rollouts} rollouts)",
                                   110), fontsize=10)
        fig.tight_layout()
        path = Path(path)
        fig.savefig(path, dpi=110)
        plt.close(fig)
        return path


# ---------------------------------------------------------------------------------- options
def resolve_option(game: Engine, legal: Sequence[int], named: str | int) -> int:
    """An option named by action index, by its label, or by a unique part of its label."""
    text = str(named).strip()
    if text.lstrip("-").isdigit():
        a = int(text)
        if a not in legal:
            raise ConfigError(f"option {a} ({game.describe_action(a) if 0 <= a < len(game.actions) else 'not in the action table'}) "
                              f"is not legal now; legal: {', '.join(map(str, legal))}")
        return a
    labels = {a: game.describe_action(a) for a in legal}
    exact = [a for a, lab in labels.items() if lab.lower() == text.lower()]
    if exact:
        return exact[0]
    part = [a for a, lab in labels.items() if text.lower() in lab.lower()]
    if len(part) == 1:
        return part[0]
    if not part:
        raise ConfigError(f"no legal option matches {text!r}; legal: " + "; ".join(f"{a} {lab}" for a, lab in labels.items()))
    raise ConfigError(f"{text!r} matches {len(part)} options ({'; '.join(f'{a} {labels[a]}' for a in part[:6])}): "
                      f"name one by its number")


def book_choice(game: Engine, side: int, coach: str = "by-the-book") -> int:
    """What the book coach chooses at the pending decision (asked on a copy: the game is not touched)."""
    rs = rulesets.get(game.ruleset)
    g = game.clone(record_events=False)
    c = rs.coach(coach, seed=0)
    c.reset(g, side, None)
    return int(c.choose(g, g.decision))


def trained_ranking(game: Engine, side: int) -> list[tuple[int, float]]:
    """The shipped trained coach's probabilities of the legal options, highest first ([] without one)."""
    rs = rulesets.get(game.ruleset)
    try:
        tc = rs.coach("trained", seed=0)
    except Exception:  # no trained model for this ruleset, or the train extra missing
        return []
    g = game.clone(record_events=False)
    d = g.decision
    tc.reset(g, side, None)
    return sorted(tc.legal_probabilities(g, d).items(), key=lambda kv: -kv[1])


def candidate_options(game: Engine, named: Iterable[str | int] = (), max_options: int = 8) -> list[tuple[int, list[str]]]:
    """The options to evaluate: every legal one when there are at most ``max_options``; otherwise
    those named, the book's choice, the trained coach's highest-ranked ones, then the first legal
    option of each kind of action not yet in (up to ``max_options`` in all, named ones aside)."""
    d = game.decision
    legal = d.legal
    sources: dict[int, list[str]] = {}
    for n in named:
        sources.setdefault(resolve_option(game, legal, n), []).append("named")
    book = book_choice(game, d.side)
    sources.setdefault(book, []).append("book")
    if len(legal) <= max_options:
        for a in legal:
            sources.setdefault(a, [])
        return sorted(sources.items())
    for i, (a, _p) in enumerate(trained_ranking(game, d.side)):
        if len(sources) >= max_options and a not in sources:
            break
        sources.setdefault(a, []).append(f"trained #{i + 1}")
    kinds = {game.actions[a].kind for a in sources}
    for a in legal:  # then one option of each kind not yet in (a substitution, a timeout, a press ...)
        if len(sources) >= max_options:
            break
        kind = game.actions[a].kind
        if kind not in kinds:
            kinds.add(kind)
            sources.setdefault(a, []).append(f"a {kind.replace('_', ' ')}")
    return sorted(sources.items())


# ---------------------------------------------------------------------------------- analysis
def analyze(game: Engine, options: Iterable[str | int] | None = None, *, policy: str = "book",
            opponent: str | None = None, rollouts: int = 2000, seconds: float | None = None, seed: int = 0,
            max_options: int = 8, horizon: int | None = None, min_rounds: int = 16, confidence: float = 0.99,
            batch: int = 4, backend=None, progress: bool = False,
            labels: Callable[[int], str] | None = None, resume: Analysis | None = None,
            scope: str = "default") -> Analysis:
    """Evaluate the options of ``game``'s pending decision (see the module docstring).

    ``options``: extra options to evaluate (action indices or labels); ``policy``/``opponent``: the
    rollout coaches (``book``, ``trained``, ``random``, any coach spec); ``rollouts`` and ``seconds``:
    the budget (all options together); ``horizon``: stop rollouts after that many decisions and
    score them with the value estimate (default: play to the end); ``backend``: a
    ``coachgym.core.runner`` backend for the rollouts (default: this process); ``resume``: an
    earlier analysis of this same decision to go on with ("keep thinking"): its options, seed and
    tallies, ``rollouts`` and ``seconds`` more.; ``scope``: how long
    each option is held in the rollouts (:mod:`coachgym.search.holds`: ``default`` is each kind's
    own; ``decision`` lets the rollout coach undo it at once)."""
    d = game.decision
    if d is None:
        raise GameOverError(f"{game.ruleset}: the game is over; there is no decision to analyze")
    if rollouts < 1:
        raise ConfigError("rollouts must be at least 1")
    check_policy(game.ruleset, policy, opponent)
    parse_scope(scope, game.ruleset, ("default", "decision", "period", "half", "game"))
    if resume is not None:
        if resume.race is None or resume.ruleset != game.ruleset or resume.kind != d.kind:
            raise ConfigError("that analysis cannot be resumed here: it is of another decision")
        seed = resume.seed
        scope = resume.scope  # the same options held the same way, only more rollouts
        cands = [(o.action, o.sources) for o in resume.options]
    else:
        cands = candidate_options(game, options or (), max_options)
    actions = [a for a, _ in cands]
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=rollouts, desc=f"analyze {rulesets.get(game.ruleset).title}: {len(actions)} options", unit="rollout")
    try:
        run = run_race(game, d.side, actions, seed=seed, policy=policy_spec(policy),
                       opponent=policy_spec(opponent) if opponent else None, horizon=horizon, rollouts=rollouts,
                       seconds=seconds, min_rounds=min_rounds, confidence=confidence, batch=batch, backend=backend,
                       prefer=next((a for a, s in cands if "book" in s), None),
                       on_batch=bar.update if bar is not None else None,
                       race=resume.race if resume is not None else None, scope=scope)
    finally:
        if bar is not None:
            bar.close()
    race = run.race
    best = race.leader(race.alive)
    label = labels or game.describe_action
    rows = []
    for a, src in cands:
        t = race.tallies[a]
        mean, lo, hi, _ = paired(t, race.tallies[best])
        spec = hold_spec(game, a, scope)
        rows.append(OptionAnalysis(a, label(a), src, t.n, t.mean, tuple(t.value_interval(horizon is None)),
                                   t.mean_margin, tuple(t.margin_interval()), 0.0 if a == best else mean,
                                   (0.0, 0.0) if a == best else (lo, hi), t.eliminated,
                                   spec.scope.describe() if t.held else "decision", spec.mode, t.held, t.undone,
                                   t.replayed, t.ended))
    _flag(rows, race, game, scope)
    note = ""
    if len(d.legal) > len(actions):
        note = (f"this decision has {len(d.legal)} options; evaluated the book's choice, the trained coach's "
                f"highest-ranked ones, one of each other kind and those named")
    before = (resume.rollouts, resume.seconds) if resume is not None else (0, 0.0)
    separated = run.stopped == "separated" or (len(race.alive) < 2 and len(actions) > 1)
    return Analysis(game.ruleset, d.side, d.kind, d.prompt, game.scoreboard().splitlines()[0],
                    describe_policy(policy, opponent), rows, best, separated, run.stopped,
                    before[0] + run.rollouts, run.rounds, before[1] + run.seconds, seed, horizon, len(d.legal),
                    list(type(game).hidden_information), note, str(scope), race)


def _flag(rows: list[OptionAnalysis], race, game: Engine, scope: str) -> None:
    """Warn where a value does not measure the option: its effect ended before its scope in most
    rollouts, it was not held (scope ``decision``) though the rollout coach may undo it, or it gave
    exactly the same result as another option in every rollout."""
    for o in rows:
        t = race.tallies[o.action]
        if o.held and o.ended * 2 > o.held:
            o.flag = (f"its effect ended before its scope ({o.scope}) in {o.ended} of {o.held} rollouts (the rules "
                      f"ended it: a foul-out, the target left ...): the value measures it only until then")
            continue
        if not o.held and "book" not in o.sources and hold_spec(game, o.action, "default").holds:
            o.flag = (f"not held (--scope {scope}): the rollout coach may undo it at its next decision, so the value "
                      f"may measure the rollout coach's choice rather than this option")
        for other in rows:
            u = race.tallies[other.action]
            common = [r for r in t.values if r in u.values]
            if other.action != o.action and len(common) >= 2 and all(
                    t.values[r] == u.values[r] and t.margins[r] == u.margins[r] for r in common):
                same = f"exactly the same result as '{other.label}' in all {len(common)} rollouts they shared"
                o.flag = f"{o.flag}; {same}" if o.flag else same
                break


# ---------------------------------------------------------------------------------- saved games
def load_game(path: str | Path) -> tuple[Engine, Callable[[int], str]]:
    """A game from a file: a seat saved by ``coachgym play`` or the web app (format
    ``coachgym.seat``), or an engine's own JSON (``engine.to_json()``). Returns the game and a
    function that labels an action as the person's screen does."""
    from ..core import jsontext

    p = Path(path)
    try:
        data = jsontext.load_file(p, "a saved game (JSON)")
    except jsontext.FileProblem as exc:
        raise SavedGameError(f"{p}: not a saved coachgym game ({exc.problem})") from None
    if isinstance(data, dict) and data.get("format") == "coachgym.seat":
        from ..present.seat import Seat

        seat = Seat.from_dict(data, str(p))
        return seat.game, seat.action_label
    if isinstance(data, dict) and "ruleset" in data and "state" in data:
        try:
            rs = rulesets.get(str(data["ruleset"]))
        except ConfigError as exc:
            raise SavedGameError(f"{p}: field 'ruleset': {exc}") from None
        game = rs.engine_cls.from_dict(data)
        return game, game.describe_action
    raise SavedGameError(f"{p}: not a saved coachgym game: expected a seat saved by 'coachgym play' or the web app "
                         f"(field 'format': 'coachgym.seat') or an engine's JSON (fields 'ruleset' and 'state')")

