"""Realism: simulated box-score averages against the real season each ruleset models.

The real figures, with their sources, live in ``data/real_seasons.json`` (one entry per ruleset,
one or more comparison *sets*: which bundled teams meet, under which rule options, against which
real figures, and optionally a variant of the by-the-book coach as its ``coach``; ``"figures": "NAME"``
reuses the figures of the set NAME). :func:`measure` plays by-the-book against by-the-book (every
ordered pair of the set's teams in turn, one seed per game) and :func:`compare` puts the simulated average of every
column beside the real figure: the simulated mean with its 95% interval, the real value (or the
range of an approximate one) and the difference. ``coachgym realism <ruleset>`` prints the table;
``docs/realism.md`` holds its output.

Means are per team and game (FUBA: per match, both teams together); percentages are ratios of
sums (made / attempted over all games) with a delta-method interval.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources

from .. import rulesets
from ..core.boxstats import Stat, StatList, basketball, col  # noqa: F401  (importable here too)
from ..core.errors import ConfigError
from ..core.match import MatchResult, run_match

# ------------------------------------------------------------------ statistic definitions
# A statistic (core.boxstats.Stat) is a mean of f(totals) per team-game (or per match), or a ratio of
# two such sums (times 100); each ruleset declares its own (rules/<name>/realism.py STATS).
# ruleset -> its statistics, read from the registrations (the ``realism`` part)
STATS: Mapping[str, StatList] = rulesets.by_ruleset(lambda rs: rs.part("realism"))
CLOSE = 0.05  # "within 5%": the simulated interval meets the real figure +- 5% of it


# ------------------------------------------------------------------ the real figures
def real_seasons() -> dict:
    """``data/real_seasons.json``: the real figures, their sources and the comparison sets."""
    text = resources.files(__package__).joinpath("data").joinpath("real_seasons.json").read_text(encoding="utf-8")
    data = json.loads(text)
    _shared_figures(data)
    _check(data)
    return data


def _shared_figures(data: dict, where: str = "real_seasons.json") -> None:
    """A set's ``"figures": "NAME"`` takes the figures of the ruleset's set NAME (a set that plays a
    variant of the book against the same real season)."""
    for name, entry in data.get("rulesets", {}).items():
        named = {st["name"]: st for st in entry["sets"]}
        for st in entry["sets"]:
            ref = st.get("figures")
            if isinstance(ref, str):
                if not isinstance(named.get(ref, {}).get("figures"), dict):
                    raise ConfigError(f"{where}: {name} set {st['name']!r} takes its figures from {ref!r}, which is "
                                      f"not a set with figures of its own (sets: {', '.join(named)})")
                st["figures"] = named[ref]["figures"]


def _check(data: dict, where: str = "real_seasons.json") -> None:
    """Every set names known statistics with a value (and a range lo <= value <= hi) and a known source."""
    sources = data.get("sources", {})
    for name, entry in data.get("rulesets", {}).items():
        if name not in STATS:
            raise ConfigError(f"{where}: unknown ruleset {name!r}")
        keys = {s.key for s in STATS[name]}
        for st in entry["sets"]:
            for key, fig in st["figures"].items():
                at = f"{where}: {name} set {st['name']!r} figure {key!r}"
                if key not in keys:
                    raise ConfigError(f"{at}: no such statistic (known: {', '.join(sorted(keys))})")
                if not isinstance(fig.get("value"), (int, float)):
                    raise ConfigError(f"{at}: 'value' must be a number")
                lo, hi = fig.get("range", (fig["value"], fig["value"]))
                if not lo <= fig["value"] <= hi:
                    raise ConfigError(f"{at}: value {fig['value']} outside its range {lo}-{hi}")
                if fig.get("source", st["source"]) not in sources:
                    raise ConfigError(f"{at}: unknown source {fig.get('source', st['source'])!r}")


# ------------------------------------------------------------------ measuring
@dataclass
class Row:
    key: str
    label: str
    sim: float
    half: float  # 95% interval half-width of the simulated mean
    real: float | None = None
    lo: float | None = None
    hi: float | None = None
    basis: str = "looked up"
    source: str = ""

    @property
    def diff(self) -> float | None:
        return None if self.real is None else self.sim - self.real

    @property
    def close(self) -> bool | None:
        """Whether the simulated 95% interval meets the real value (or range) widened by
        ``CLOSE`` of the real value on each side: the table's "within 5%" mark."""
        if self.real is None:
            return None
        slack = CLOSE * abs(self.real)
        return self.sim - self.half <= self.hi + slack and self.sim + self.half >= self.lo - slack


@dataclass
class Comparison:
    ruleset: str
    season: str
    set_name: str
    describe: str
    games: int
    seed: int
    rows: list[Row] = field(default_factory=list)
    coach: str = "by-the-book"  # the coach of both teams (a set's "coach", a by-the-book variant)


def comparison_sets(ruleset: str) -> list[dict]:
    entry = real_seasons()["rulesets"].get(ruleset)
    if entry is None:
        raise ConfigError(f"no real-season figures for {ruleset!r}")
    return entry["sets"]


def measure(ruleset: str, set_name: str | None = None, games: int = 400, seed: int = 2026,
            progress: bool = False, backend=None) -> Comparison:
    """Play ``games`` games of the set's coach (by-the-book unless the set names a variant) and compare every statistic.
    ``backend``: where the games run (:mod:`coachgym.core.runner`; default: here); the same games on any."""
    from .. import rulesets

    data = real_seasons()
    entry = data["rulesets"].get(ruleset)
    if entry is None:
        raise ConfigError(f"no real-season figures for {ruleset!r} (known: {', '.join(data['rulesets'])})")
    sets = {s["name"]: s for s in entry["sets"]}
    st = sets[set_name] if set_name in sets else entry["sets"][0] if set_name is None else None
    if st is None:
        raise ConfigError(f"{ruleset}: unknown comparison set {set_name!r} (known: {', '.join(sets)})")
    rs = rulesets.get(ruleset)
    if st["teams"] == "all":
        names = rs.team_names()
        pairs = [(h, a) for h in names for a in names if h != a]
    else:
        pairs = [tuple(p) for p in st["teams"]]
    options = st.get("options") or None
    if options == "all_advanced":
        options = rs.options_cls.all_advanced()

    def new_game(home, away, seed, record_events=False):
        return rs.new_game(home, away, seed=seed, options=options, record_events=record_events)

    coach = st.get("coach", "by-the-book")  # a variant of the book for a set that isolates one of its choices
    if backend is None:
        result = run_match(new_game, rs.coach(coach), rs.coach(coach), games=games, seed=seed,
                           teams=pairs, swap_sides=False, keep_box=True, progress=progress,
                           desc=f"{ruleset} {st['name']}")
    else:
        from ..core.runner import play_series

        opts = options.to_dict() if hasattr(options, "to_dict") else options
        result = play_series(ruleset, coach, coach, games, seed=seed, teams=pairs, options=opts, swap_sides=False,
                             keep_box=True, backend=backend, progress=progress, desc=f"{ruleset} {st['name']}")
    cmp = Comparison(ruleset, entry["season"], st["name"], st["describe"], games, seed, coach=coach)
    cmp.rows = compare_rows(ruleset, result, st, data["sources"])
    return cmp


def samples(ruleset: str, result: MatchResult) -> list[dict]:
    """One totals dict per team-game (per match for FUBA: both teams' totals added)."""
    out = []
    for g in result.games:
        teams = [t["totals"] for t in g.box["teams"]]
        if STATS[ruleset].per_match:
            out.append({k: teams[0].get(k, 0) + teams[1].get(k, 0) for k in teams[0]})
        else:
            out.extend(teams)
    return out


def summarize(stat: Stat, rows: list[dict]) -> tuple[float, float]:
    """The mean (or ratio x100) and its 95% interval half-width."""
    n = len(rows)
    x = [stat.num(t) for t in rows]
    if not stat.is_ratio():
        m = sum(x) / n
        var = sum((v - m) ** 2 for v in x) / max(1, n - 1)
        return m, 1.96 * math.sqrt(var / n)
    y = [stat.den(t) for t in rows]
    sy = sum(y)
    if sy == 0:
        return 0.0, 0.0
    r = sum(x) / sy
    my = sy / n
    resid = [a - r * b for a, b in zip(x, y)]
    var = sum(e * e for e in resid) / max(1, n - 1)
    return 100 * r, 100 * 1.96 * math.sqrt(var / n) / my


def compare_rows(ruleset: str, result: MatchResult, st: dict, sources: dict) -> list[Row]:
    data = samples(ruleset, result)
    rows = []
    for stat in STATS[ruleset]:
        m, half = summarize(stat, data)
        row = Row(stat.key, stat.label, m, half)
        fig = st["figures"].get(stat.key)
        if fig is not None:
            row.real = fig["value"]
            row.lo, row.hi = fig.get("range", (fig["value"], fig["value"]))
            row.basis = fig.get("basis", "looked up")
            row.source = fig.get("source", st["source"])
        rows.append(row)
    return rows


# ------------------------------------------------------------------ rendering
def _real_text(r: Row) -> str:
    if r.real is None:
        return "-"
    text = f"{r.real:.2f}" if abs(r.real) < 10 else f"{r.real:.1f}"
    if r.lo != r.hi:
        text += f" ({r.lo:g}-{r.hi:g})"
    if r.basis != "looked up":
        text += " ~"
    return text


def _num(v: float) -> str:
    return f"{v:.2f}" if abs(v) < 10 else f"{v:.1f}"


def render(cmp: Comparison, markdown: bool = False) -> str:
    head = (f"{cmp.ruleset} - {cmp.set_name}: {cmp.describe}; {cmp.games} {cmp.coach} games (seed {cmp.seed}) "
            f"against {cmp.season}")
    cols = ("statistic", "simulated (95% CI)", "real", "sim - real", "within 5%")
    lines = []
    for r in cmp.rows:
        sim = f"{_num(r.sim)} ({_num(r.sim - r.half)}-{_num(r.sim + r.half)})"
        diff = "-" if r.diff is None else f"{r.diff:+.2f}" if abs(r.real) < 10 else f"{r.diff:+.1f}"
        mark = "" if r.close is None else "yes" if r.close else "no"
        lines.append((f"{r.key} {r.label}" if markdown else r.key, sim, _real_text(r), diff, mark))
    if markdown:
        out = [f"**{head}**", "", "| " + " | ".join(cols) + " |", "|" + " --- |" * 5]
        out += ["| " + " | ".join(row) + " |" for row in lines]
        return "\n".join(out)
    widths = [max(len(c), *(len(row[i]) for row in lines)) for i, c in enumerate(cols)]
    out = [head, "  ".join(c.ljust(w) for c, w in zip(cols, widths))]
    out += ["  ".join(v.ljust(w) for v, w in zip(row, widths)) for row in lines]
    out.append("real: looked up unless marked ~ (approximate: the range is its uncertainty); within 5%: the "
               "simulated 95% interval meets the real value (or range) +- 5% of it")
    return "\n".join(out)


def render_sources(ruleset: str, cmp_rows: list[Row] | None = None) -> str:
    """The sources a ruleset's real figures come from (every source named by its sets)."""
    data = real_seasons()
    names = []
    for st in data["rulesets"][ruleset]["sets"]:
        for key in [st["source"], *(f.get("source", st["source"]) for f in st["figures"].values())]:
            if key not in names:
                names.append(key)
    return "\n".join(f"* {k}: {data['sources'][k]}" for k in names)
