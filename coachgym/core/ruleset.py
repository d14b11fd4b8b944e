"""What a ruleset package provides to the rest of coachgym (CLI, envs, match runner, training).

A ruleset package (``coachgym.rules.<name>``) exposes one :class:`Ruleset` instance named
``RULESET``: the ruleset's single registration. It holds its identity (name, title, env id, other
names), its engine class, rule options, bundled teams, holds, sport and small data (box formulas,
fuzz option sets, the strategy report's time variable). Its other parts (env, coaches, presenter,
strategy vocabulary, carry-over, value model, fuzz invariants, realism figures, training macros,
league builder: :data:`PARTS`) are one typed :class:`Parts` object, ``PARTS`` in the package's
``parts.py``, imported when a part is first asked for: the rules layer imports nothing above it,
and every part is reached by a plain ``import`` that a reader and the layer test follow. Every
registry of coachgym reads from here;
``tests/test_conformance.py`` names what a registered ruleset lacks (docs/architecture.md, "Adding
a ruleset").
"""

from __future__ import annotations

import csv
import dataclasses
import importlib
import json
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from .actions import ActionTable
    from .describe import Setting
    from .holds import HoldRules

from .chance import ChanceSource, SeededSource
from .coach import Coach, FirstLegalCoach, RandomCoach
from .engine import Engine
from .errors import ConfigError, TeamFileError
from .parsing import (  # noqa: F401  (the readers of options, team files and settings: importable here too)
    load_json,
    parse_json_text,
    parse_options,
    parse_setting,
    team_file_header,
    team_slug,
)

# ------------------------------------------------------------------------------------ leagues
LEAGUE_SCHEMA = "coachgym.league/1"


@dataclasses.dataclass(frozen=True)
class League:
    """A real league (docs/league-seasons.md): a folder holding ``league.json`` and one team file per team
    (an ordinary team of the ruleset, named ``LEAGUE/TEAM`` on the command line), the statistics it
    was built from (``stats.csv``) and, where it could be reached, the real schedule."""

    name: str
    title: str
    season: str
    ruleset: str
    source: str
    built_by: str
    notes: str
    teams: tuple[str, ...]
    divisions: dict[str, tuple[str, ...]]
    conferences: dict[str, tuple[str, ...]]  # conference -> its divisions (optional in league.json)
    real_records: dict[str, tuple[int, int]]
    schedule: str | None
    folder: Path
    schedule_format: dict[str, int] = dataclasses.field(default_factory=dict)  # optional: games, division, ...
    ref: str = ""  # how the league was named when loaded: its name, or its folder's path

    def __post_init__(self) -> None:
        if not self.ref:
            object.__setattr__(self, "ref", self.name)

    def team_file(self, team: str) -> Path:
        return self.folder / f"{team}.json"

    def team_key(self, team: str) -> str:
        """``LEAGUE/TEAM`` (LEAGUE as the league was named: a bundled name or a folder path)."""
        return f"{self.ref}/{team}"

    def division_of(self, team: str) -> str | None:
        return next((d for d, members in self.divisions.items() if team in members), None)

    def conference_of(self, team: str) -> str | None:
        div = self.division_of(team)
        return next((c for c, divs in self.conferences.items() if div in divs), None)

    def real_schedule(self) -> list[tuple[str, str, str]] | None:
        """The real schedule as (date, home, away) rows, or None where it could not be reached."""
        if not self.schedule:
            return None
        path = self.folder / self.schedule
        from . import jsontext

        rows = []
        try:
            text = jsontext.read_text(path, "a schedule (CSV: date,home,away)")
        except jsontext.FileProblem as exc:
            raise TeamFileError(path, "<file>", exc.problem) from None
        for k, row in enumerate(csv.DictReader(text.splitlines()), start=2):
            for col in ("date", "home", "away"):
                if not row.get(col):
                    raise TeamFileError(path, f"line {k}", f"column {col!r} is empty (columns: date,home,away)")
            for col in ("home", "away"):
                if row[col] not in self.teams:
                    raise TeamFileError(path, f"line {k}", f"{col} team {row[col]!r} is not a team of {self.name}")
            rows.append((row["date"], row["home"], row["away"]))
        return rows


def parse_league(data: Any, path: Path, ruleset: str, name: str | None = None) -> League:
    """A league from ``league.json``'s data; every error names the file and the field."""
    folder = path.parent
    _check_league_header(data, path, ruleset, name)
    teams = _league_teams(data, path)
    divisions, conferences = _league_groups(data, path, teams)
    real = _league_records(data, path, teams)
    sfmt = data.get("schedule_format") or {}
    if not isinstance(sfmt, dict) or any(k not in ("games", "division", "conference", "other") or not isinstance(v, int)
                                         or isinstance(v, bool) or v < 0 for k, v in sfmt.items()):
        raise TeamFileError(path, "schedule_format", "must map games, division, conference and other to whole numbers "
                                                     "(games per team; meetings with a team of the same division, of "
                                                     "the conference, of the other conference)")
    schedule = data.get("schedule")
    if schedule is not None and (not isinstance(schedule, str) or not (folder / schedule).is_file()):
        raise TeamFileError(path, "schedule", f"must be null or the name of a CSV file beside league.json, got {schedule!r}")
    return League(data["name"], data["title"], data["season"], data["ruleset"], data.get("source", ""),
                  data.get("built_by", ""), data.get("notes", ""), tuple(teams),
                  {d: tuple(m) for d, m in divisions.items()}, {c: tuple(d) for c, d in conferences.items()},
                  real, schedule, folder, dict(sfmt))


def _check_league_header(data: Any, path: Path, ruleset: str, name: str | None) -> None:
    """``league.json``'s schema, names, ruleset and source fields."""
    if not isinstance(data, dict):
        raise TeamFileError(path, "<file>", "must hold a JSON object")
    if data.get("schema") != LEAGUE_SCHEMA:
        raise TeamFileError(path, "schema", f"must be {LEAGUE_SCHEMA!r}, got {data.get('schema')!r}")
    for key in ("name", "title", "season", "ruleset"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise TeamFileError(path, key, "must be a non-empty string")
    if name is not None and data["name"] != name:
        raise TeamFileError(path, "name", f"must be the folder's name {name!r}, got {data['name']!r}")
    if "/" in data["name"]:
        raise TeamFileError(path, "name", "must not contain '/' (teams are named LEAGUE/TEAM)")
    if data["ruleset"] != ruleset:
        raise TeamFileError(path, "ruleset", f"this league is for {data['ruleset']!r}, not {ruleset!r}")
    for key in ("source", "built_by", "notes"):
        if not isinstance(data.get(key, ""), str):
            raise TeamFileError(path, key, "must be a string")
    if not data.get("source"):
        raise TeamFileError(path, "source", "a league of real players must name the source of its statistics")


def _league_teams(data: dict[str, Any], path: Path) -> list[str]:
    teams = data.get("teams")
    if not isinstance(teams, list) or len(teams) < 2 or not all(isinstance(t, str) and t for t in teams):
        raise TeamFileError(path, "teams", "must list at least two team names (the stems of the team files beside it)")
    if len(set(teams)) != len(teams):
        raise TeamFileError(path, "teams", f"a team is listed twice: {', '.join(sorted({t for t in teams if teams.count(t) > 1}))}")
    for k, t in enumerate(teams):
        if not (path.parent / f"{t}.json").is_file():
            raise TeamFileError(path, f"teams[{k}]", f"no team file {t}.json beside league.json")
    return teams


def _league_groups(data: dict[str, Any], path: Path,
                   teams: list[str]) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """``(divisions, conferences)``: every team in one division where there are divisions."""
    divisions = data.get("divisions") or {}
    if not isinstance(divisions, dict) or not all(isinstance(v, list) for v in divisions.values()):
        raise TeamFileError(path, "divisions", "must map each division's name to a list of its teams")
    seen: dict[str, str] = {}
    for div, members in divisions.items():
        for t in members:
            if t not in teams:
                raise TeamFileError(path, f"divisions.{div}", f"{t!r} is not one of the league's teams")
            if t in seen:
                raise TeamFileError(path, f"divisions.{div}", f"{t!r} is already in division {seen[t]!r}")
            seen[t] = div
    if divisions and len(seen) != len(teams):
        missing = [t for t in teams if t not in seen]
        raise TeamFileError(path, "divisions", f"every team must be in a division; missing: {', '.join(missing)}")
    conferences = data.get("conferences") or {}
    if not isinstance(conferences, dict) or not all(isinstance(v, list) for v in conferences.values()):
        raise TeamFileError(path, "conferences", "must map each conference's name to a list of its divisions")
    for conf, divs in conferences.items():
        for d in divs:
            if d not in divisions:
                raise TeamFileError(path, f"conferences.{conf}", f"{d!r} is not one of the league's divisions")
    return divisions, conferences


def _league_records(data: dict[str, Any], path: Path, teams: list[str]) -> dict[str, tuple[int, int]]:
    records = data.get("real_records") or {}
    if not isinstance(records, dict):
        raise TeamFileError(path, "real_records", "must map teams to [wins, losses]")
    real: dict[str, tuple[int, int]] = {}
    for t, wl in records.items():
        if t not in teams:
            raise TeamFileError(path, f"real_records.{t}", "is not one of the league's teams")
        if (not isinstance(wl, list) or len(wl) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in wl)):
            raise TeamFileError(path, f"real_records.{t}", f"must be [wins, losses] (two whole numbers >= 0), got {wl!r}")
        real[t] = (wl[0], wl[1])
    return real


def split_league_team(team: Any) -> tuple[str, str] | None:
    """``"nba-1980/lakers"`` -> ``("nba-1980", "lakers")``; ``None`` for a bundled name, a team file
    or team data. A league given as a folder path splits at its last '/' (``my/league/knicks``)."""
    if not isinstance(team, str) or "/" not in team or team.endswith(".json") or Path(team).exists():
        return None
    league, _, name = team.rpartition("/")
    return (league, name) if league and name else None


@dataclasses.dataclass(frozen=True)
class CoachKinds:
    """The coach kinds a ruleset offers beyond its own coaches (``Parts(coach_kinds=...)``; every bundled
    ruleset registers ``coachgym.coachkinds.COACH_KINDS``, the objects themselves):

    * ``kinds``: a kind spelled ``"KIND:ARGUMENT"`` (the argument is the kind's own: a file path may
      hold ':' and '/') -> its factory, called as ``factory(ruleset, argument, seed=seed, **kwargs)``;
    * ``bare``: the kinds that also work without an argument (``"search"``);
    * ``trained``: the trained coach (the shipped one, ``"trained"``, or a model file ``.npz``/``.zip``),
      called as ``trained(model_or_None, ruleset_name, seed=seed)``.
    """

    kinds: dict[str, Callable[..., Coach]] = dataclasses.field(default_factory=dict)
    bare: tuple[str, ...] = ()
    trained: Callable[..., Coach] | None = None

    def __post_init__(self) -> None:
        for kind in self.bare:
            if kind not in self.kinds:
                raise ValueError(f"CoachKinds.bare: {kind!r} is not one of the kinds ({', '.join(self.kinds)})")


# The parts of a ruleset beyond its engine: part -> (what it is, required). Each ruleset's folder
# declares them in its ``parts.py`` as one :class:`Parts` object named ``PARTS`` (its imports plain
# ``import`` statements that the layer test and any import-graph tool follow); :meth:`Ruleset.part`
# imports that module when a part is first asked for, so the rules layer imports nothing above it.
PARTS: dict[str, tuple[str, bool]] = {
    "env": ("the Gymnasium env class (envs/<x>.py; its ENCODER the observation encoder), "
            "given by a function that imports it (gymnasium and NumPy load with it)", True),
    "presenter": ("what a person sees (rules/<x>/present.py PRESENTER; without it the generic presenter)", False),
    "vocabulary": ("the strategy-file vocabulary (rules/<x>/vocabulary.py VOCABULARY)", True),
    "remaining": ("the value model's share of the game still to play, 1 to 0 (rules/<x>/tactics.py)", True),
    "carry_over": ("what carries from game to game in a season (rules/<x>/carryover.py, a series.carryover.CarryOver; "
                   "without it nothing)", False),
    "invariants": ("the fuzz's invariants, checked after every event (rules/<x>/invariants.py; core.invariants)", True),
    "realism": ("the statistics compared with real seasons (rules/<x>/realism.py, core.boxstats; only with real figures)",
                False),
    "macros": ("training macros: name -> Macro (training/macros.py)", False),
    "league_builder": ("season statistics rows -> team files, for coachgym cards build (rules/<x>/builder.py)", False),
    "coach_kinds": ("the coach kinds beyond the ruleset's own: strategy files, the search, trained models "
                    "(a CoachKinds: coachgym.coachkinds.COACH_KINDS)", True),
    "tabletop": ("a companion for a game played on the table (a Tabletop: Statis Pro's FAC Extractor for "
                 "coachgym fac and the web's FAC page)", False),
    "academy": ("the academy's env and words (an Academy; its scenarios in envs/data/academy-<x>.json, "
                "docs/academy.md; without it no scenarios)", False),
    "team_terms": ("the fit of a built league's team terms to its season's points (rules/<x>/teamterms.py; "
                   "coachgym leagues build --team-terms, docs/history.md; without it the option is refused)", False),
}


@dataclasses.dataclass(frozen=True)
class Tabletop:
    """A companion for people playing the ruleset's board game at a table (``Parts(tabletop=...)``;
    ``coachgym fac``, the web app's FAC page): its deck of action cards drawn, reshuffled and timed.

    * ``deck``: the deck's class (``FacExtractor``): ``deck(league, seed=)``, ``draw()``,
      ``draw_dead()``, ``shuffle()``, ``to_dict()`` / ``from_dict()``, ``SECONDS_PER_CARD``;
    * ``leagues``: the deck's league settings (how a period's cards are timed);
    * ``time_card_note``: ``(label, league) -> the TIME card's rule in words``;
    * ``cards``: the module of the deck's cards (``DECK``, ``TIME_CARDS``, ``POSITIONS``, ``card(rpg)``,
      ``rpg_slot``, ``rpg_side``).
    """

    deck: type
    leagues: tuple[str, ...]
    time_card_note: Callable[[str, str], str]
    cards: ModuleType


@dataclasses.dataclass(frozen=True)
class Academy:
    """What the academy (``coachgym.envs.academy``, docs/academy.md) needs of a ruleset beyond its
    registration (``Parts(academy=...)``); its scenarios are the rows of ``envs/data/academy-<name>.json``.
    The scenario's ``period`` and ``half`` ends are the marks of the ruleset's holds (``core.holds``).

    * ``env_id``, ``env_class``: the academy env's id (one per ruleset, the scenario an argument) and
      its class's name in ``coachgym.envs.academy`` (what pickles and ``gymnasium.make`` refer to);
    * ``listed``: its place among the academies (the order scenarios are listed in);
    * ``margin_scale``: a ``margin`` scenario's default reward scale (points or goals per 1.0 reward);
    * ``units``: the score's unit, one and many (``("point", "points")``); ``score_name``: what a
      ``margin`` scenario's score is called;
    * ``values``: the situation variables (of the strategy vocabulary) recorded with each start position;
    * ``period_end``, ``final``: a ``period`` end and a ``game`` end in words ("the end of the quarter",
      "to the final buzzer"); ``draws``: whether a game can end drawn (a draw counts half).
    """

    env_id: str
    env_class: str
    listed: int
    margin_scale: float = 10.0
    units: tuple[str, str] = ("point", "points")
    score_name: str = "margin change"
    values: tuple[str, ...] = ()
    period_end: str = "the end of the quarter"
    final: str = "to the final buzzer"
    draws: bool = False

    def __post_init__(self) -> None:
        if not self.env_class.isidentifier():
            raise ValueError(f"Academy.env_class must be a class name, got {self.env_class!r}")
        if not self.margin_scale > 0:
            raise ValueError(f"Academy.margin_scale must be above 0, got {self.margin_scale!r}")


@dataclasses.dataclass(frozen=True)
class Parts:
    """A ruleset's parts beyond its engine (:data:`PARTS` says what each is), as the objects themselves:
    ``PARTS = Parts(...)`` in ``rules/<x>/parts.py``, a module of the layer above every other but the
    app (it imports the env, the coaches, the presenter, the vocabulary, the carry-over, the macros).
    The env alone is a function returning its class, so that asking for any other part does not load
    gymnasium and NumPy. ``coaches``: name -> a scripted coach's class or factory taking ``seed=``."""

    env: Callable[[], type] | None = None
    coaches: dict[str, Callable[..., Coach]] = dataclasses.field(default_factory=dict)
    presenter: Any = None
    vocabulary: Any = None
    remaining: Callable[[Any], float] | None = None
    carry_over: type | None = None
    invariants: Callable[[Any, dict[str, Any]], None] | None = None
    realism: Any = None
    macros: dict[str, Any] | None = None
    league_builder: Callable[..., Any] | None = None
    coach_kinds: CoachKinds | None = None
    tabletop: Tabletop | None = None
    academy: Academy | None = None
    team_terms: Callable[..., Any] | None = None

    def __post_init__(self) -> None:
        if self.env is not None and (isinstance(self.env, type) or not callable(self.env)):
            raise ValueError("Parts.env must be a function returning the env class (imported when called), "
                             f"got {self.env!r}")
        for name, coach in self.coaches.items():
            if not callable(coach):
                raise ValueError(f"Parts.coaches[{name!r}] must be a coach class or factory, got {coach!r}")
        if self.coach_kinds is not None and not isinstance(self.coach_kinds, CoachKinds):
            raise ValueError(f"Parts.coach_kinds must be a CoachKinds, got {type(self.coach_kinds).__name__}")
        if self.tabletop is not None and not isinstance(self.tabletop, Tabletop):
            raise ValueError(f"Parts.tabletop must be a Tabletop, got {type(self.tabletop).__name__}")
        if self.academy is not None and not isinstance(self.academy, Academy):
            raise ValueError(f"Parts.academy must be an Academy, got {type(self.academy).__name__}")


@dataclasses.dataclass(frozen=True)
class Sport:
    """What a ruleset's sport does alike in every game, for the parts of coachgym that show or run
    series of games (its registration's ``sport``), so that they name no ruleset:

    * ``standings``: ``"percentage"`` (winning percentage; then head-to-head, point differential,
      points; games behind shown: basketball) or ``"points"`` (3 for a win, 1 for a draw; then goal
      difference, goals, head-to-head points: a football league), docs/series.md;
    * ``cup_court``: a tournament's courts unless ``--court`` says: ``"neutral"`` (March Madness) or
      ``"draw"`` (a cup: the bracket drawn by lot, the first drawn at home);
    * ``periods``: how many equal parts regulation is shown in (4 quarters, 2 halves; 1: none), the
      after-game review's chart grid.
    """

    standings: str = "percentage"
    cup_court: str = "neutral"
    periods: int = 4

    def __post_init__(self) -> None:
        if self.standings not in ("percentage", "points"):
            raise ValueError(f"Sport.standings must be 'percentage' or 'points', got {self.standings!r}")
        if self.cup_court not in ("neutral", "draw", "home"):
            raise ValueError(f"Sport.cup_court must be 'neutral', 'draw' or 'home', got {self.cup_court!r}")
        if not isinstance(self.periods, int) or self.periods < 1:
            raise ValueError(f"Sport.periods must be a whole number of at least 1, got {self.periods!r}")

    @property
    def period_marks(self) -> tuple[float, ...]:
        """Where regulation's parts meet, as shares of it (4 periods: 0.25, 0.5, 0.75)."""
        return tuple(k / self.periods for k in range(1, self.periods))


class Ruleset:
    """Description and factory of one ruleset: its single registration (see the module docstring)."""

    def __init__(self, *, name: str, title: str, env_id: str, engine_cls: type[Engine], options_cls: type,
                 package: str, parse_team: Callable[[Any, str], Any], default_teams: tuple[str, str],
                 aliases: tuple[str, ...] = (), parts: Parts | None = None,
                 box_formulas: dict[str, str] | None = None, fuzz_options: tuple[dict[str, Any], ...] = ({},),
                 time_variable: str = "", value_sigma: float | None = None, person_kinds: tuple[str, ...] = (),
                 holds: HoldRules | None = None, sport: Sport | None = None):
        self.name = name
        self.title = title
        self.env_id = env_id
        self.aliases = tuple(aliases)  # other names people may use (``coachgym simulate 4th-street``)
        if parts is not None and not isinstance(parts, Parts):
            raise ValueError(f"{name}: parts must be a coachgym.core.ruleset.Parts, got {type(parts).__name__}")
        # the parts beyond the engine: given here, or PARTS in the package's parts.py, imported when first asked
        self._parts = parts
        # a blank scoresheet's derived columns: column -> formula over the line's other columns
        self.box_formulas = dict(box_formulas or {})
        self.fuzz_options = tuple(fuzz_options)  # rule options the fuzz cycles through (every switch in one)
        self.time_variable = time_variable  # the vocabulary's variable that says "when" (the situation report)
        # the value model's margin spread where search/data/value.json has no fitted one
        self.value_sigma = value_sigma
        # the decision kinds a person makes by default under the generic presenter (no presenter part)
        self.person_kinds = tuple(person_kinds)
        # how the search holds an option in its rollouts (core.holds; rules/<x>/holds.py): required of a
        # ruleset the search plays (the conformance test names a registration without it)
        self.holds = holds
        # standings, a cup's courts, the parts of regulation (Sport's defaults: basketball's four quarters)
        self.sport = sport if sport is not None else Sport()
        self.engine_cls = engine_cls
        self.options_cls = options_cls
        self.package = package
        self._parse_team = parse_team
        self.default_teams = default_teams
        self._aliases: dict[str, str] | None = None
        self._leagues: dict[str, League] = {}

    @property
    def version(self) -> int:
        return self.engine_cls.version

    @property
    def parts(self) -> Parts:
        """The ruleset's :class:`Parts`: those given to the registration, else ``PARTS`` of the package's
        ``parts.py``, imported the first time (a package without one has none)."""
        if self._parts is None:
            where = f"{self.package}.parts"
            try:
                module = importlib.import_module(where)
            except ModuleNotFoundError as exc:
                if exc.name != where:
                    raise
                self._parts = Parts()
            else:
                found = getattr(module, "PARTS", None)
                if not isinstance(found, Parts):
                    raise ValueError(f"{where}: PARTS must be a coachgym.core.ruleset.Parts, got {type(found).__name__}")
                self._parts = found
        return self._parts

    def part(self, name: str) -> Any:
        """A part of :data:`PARTS` (the env's class: its module imported now), or None where the
        ruleset has no such part."""
        if name not in PARTS:
            raise KeyError(f"unknown part {name!r}; known: {', '.join(PARTS)}")
        value = getattr(self.parts, name)
        if name == "env" and value is not None:
            return value()
        return value

    @property
    def actions(self) -> ActionTable:
        return self.engine_cls.actions

    # ---------------------------------------------------------------- teams
    def _teams_dir(self) -> Traversable:
        return resources.files(self.package).joinpath("data").joinpath("teams")

    def team_names(self) -> list[str]:
        return sorted(p.name[:-5] for p in self._teams_dir().iterdir() if p.name.endswith(".json"))

    def _bundled(self, name: str) -> Traversable:
        """The file of a bundled team (by its name or an alias), or an error listing the names."""
        bundled = self._teams_dir().joinpath(f"{self.team_aliases().get(name, name)}.json")
        if not bundled.is_file():
            raise TeamFileError(name, "team", f"no bundled {self.title} team of that name; bundled: {', '.join(self.team_names())}")
        return bundled

    def team_file(self, name: str) -> Path:
        """Where a bundled team's file is (a name, an alias or ``LEAGUE/TEAM``); copy it to make your
        own (docs/teams.md)."""
        if split_league_team(name):
            return self._league_team(name)[1]
        with resources.as_file(self._bundled(name)) as path:
            return Path(path)

    # ---------------------------------------------------------------- leagues
    def _leagues_dir(self) -> Traversable:
        return resources.files(self.package).joinpath("data").joinpath("leagues")

    def league_names(self) -> list[str]:
        """The bundled real leagues of this ruleset (docs/league-seasons.md)."""
        root = self._leagues_dir()
        if not root.is_dir():
            return []
        return sorted(p.name for p in root.iterdir() if p.joinpath("league.json").is_file())

    def league(self, name: str) -> League:
        """A bundled league by name, or a league folder (one that ``coachgym cards build`` wrote)."""
        if name in self._leagues:
            return self._leagues[name]
        folder = Path(name)
        if (folder / "league.json").is_file():
            league = parse_league(load_json(folder / "league.json"), folder / "league.json", self.name)
        else:
            if name not in self.league_names():
                known = self.league_names()
                raise TeamFileError(name, "league", f"no {self.title} league of that name (nor a folder holding "
                                                    f"league.json); bundled leagues: {', '.join(known) or 'none'}")
            with resources.as_file(self._leagues_dir().joinpath(name)) as path:
                folder = Path(path)
            league = parse_league(load_json(folder / "league.json"), folder / "league.json", self.name, name)
        league = dataclasses.replace(league, ref=name)
        self._leagues[name] = league
        return league

    def league_team_names(self, name: str) -> list[str]:
        """A league's teams as ``LEAGUE/TEAM`` names, in the league's order."""
        league = self.league(name)
        return [league.team_key(t) for t in league.teams]

    def _league_team(self, team: str) -> tuple[League, Path]:
        league_name, name = split_league_team(team)  # type: ignore[misc]
        league = self.league(league_name)
        if name not in league.teams:
            raise TeamFileError(team, "team", f"no team {name!r} in the league {league.name} ({league.title}); "
                                              f"its teams: {', '.join(league.teams)}")
        return league, league.team_file(name)

    def team_aliases(self) -> dict[str, str]:
        """Other names of bundled teams -> their name. A team's name is its place (``harbor-city``; a
        real team: nickname and season, ``knicks-1993``), the same in every ruleset; the slug of its
        full name (``harbor-city-gulls``: Statis Pro's names before they were made consistent)
        names it too."""
        if self._aliases is None:
            aliases: dict[str, str] = {}
            for name in self.team_names():
                try:
                    data = json.loads(self._teams_dir().joinpath(f"{name}.json").read_text(encoding="utf-8"))
                except (OSError, ValueError):
                    continue
                full = team_slug(str(data.get("name", "")) if isinstance(data, dict) else "")
                if full and full != name:
                    aliases[full] = name
            self._aliases = aliases
        return self._aliases

    def load_team(self, team: Any) -> Any:
        """A bundled team by name, a path to a team file, or an already loaded team."""
        if team is None:
            raise TeamFileError("<none>", "team", "no team given")
        if not isinstance(team, (str, Path)):
            return team
        candidate = Path(team)
        if candidate.suffix == ".json" or candidate.exists():
            return self._parse_team(load_json(candidate), str(candidate))
        if split_league_team(team):
            _, path = self._league_team(str(team))
            return self._parse_team(load_json(path), f"{self.name}:{team}")
        bundled = self._bundled(str(team))
        with resources.as_file(bundled) as path:
            return self._parse_team(load_json(path), f"{self.name}:{team}")

    def parse_team(self, data: Any, where: str) -> Any:
        """A team from a team file's JSON data (an upload, a saved game); errors name ``where``."""
        return self._parse_team(data, where)

    def team_data(self, team: Any) -> tuple[Any, str]:
        """The JSON data of a team file and where it came from: a bundled team by name, a path to a
        team file, or the data itself (a dict). Checked by parsing it, so bad data fails here."""
        if isinstance(team, dict):
            where = "team data"
            data = team
        elif isinstance(team, (str, Path)) and (Path(team).suffix == ".json" or Path(team).exists()):
            where = str(team)
            data = load_json(team)
        elif isinstance(team, str) and split_league_team(team):
            _, path = self._league_team(team)
            where = f"{self.name}:{team}"
            data = load_json(path)
        elif isinstance(team, str):
            bundled = self._bundled(team)
            where = f"{self.name}:{team}"
            data = json.loads(bundled.read_text(encoding="utf-8"))
        else:
            raise TeamFileError(str(team), "team", "give a bundled team's name, LEAGUE/TEAM, a team file or its JSON data")
        self._parse_team(data, where)
        return data, where

    # ---------------------------------------------------------------- games
    def parse_options(self, options: Any) -> Any:
        return parse_options(self.options_cls, options, f"{self.name} rule options")

    def new_game(self, home: Any = None, away: Any = None, *, seed: int | None = None,
                 source: ChanceSource | None = None, options: Any = None, record_events: bool = True) -> Engine:
        home_team = self.load_team(home if home is not None else self.default_teams[0])
        away_team = self.load_team(away if away is not None else self.default_teams[1])
        src = source if source is not None else SeededSource(seed)
        make: Callable[..., Engine] = self.engine_cls  # (each ruleset's engine takes teams, source and options)
        return make(home_team, away_team, src, options=self.parse_options(options), record_events=record_events)

    # ---------------------------------------------------------------- coaches
    @property
    def coach_kinds(self) -> CoachKinds:
        """The coach kinds the registration offers (none where its parts name none)."""
        return self.parts.coach_kinds or CoachKinds()

    def coach_names(self) -> list[str]:
        kinds = self.coach_kinds
        return ["random", "first-legal", *self.parts.coaches, *(["trained"] if kinds.trained else []),
                *(f"{k}:..." for k in kinds.kinds)]

    def coach(self, name: str, seed: int | None = None, **kwargs: Any) -> Coach:
        """A coach by name. ``"by-the-book:intentional_fouls=false,fast_break=never"`` passes
        parameters to a scripted coach (for comparing variants of a strategy); ``"KIND:ARGUMENT"``
        builds a coach of a registered kind (:attr:`coach_kinds`, e.g. ``"strategy:press.yaml"``)."""
        kinds = self.coach_kinds
        kind, sep, argument = name.partition(":")
        if (sep or kind in kinds.bare) and kind in kinds.kinds:
            made: Coach = kinds.kinds[kind](self, argument, seed=seed, **kwargs)
            return made
        is_model_file = name.endswith((".zip", ".npz"))
        if ":" in name and not is_model_file:
            # the one coach grammar (coachgym.core.coachspec): every parameter named, typed and bounded
            # by the kind's table, a one-line error otherwise
            from .coachspec import read

            checked = read(self, name, field=self.name)
            name = checked.kind.name
            kwargs = {**checked.params, **kwargs}
        if name == "random":
            return RandomCoach(seed)
        if name == "first-legal":
            return FirstLegalCoach()
        if (name == "trained" or is_model_file) and kinds.trained is not None:  # the shipped one, or a model file
            trained: Coach = kinds.trained(None if name == "trained" else name, self.name, seed=seed)
            return trained
        factory = self.coach_factory(name)
        params = {p.name: p for p in self.coach_parameters(name)}
        unknown = sorted(set(kwargs) - set(params))
        if unknown:
            listed = "".join(f"\n  {p.name} (default {p.default_text()}): {p.help}" for p in params.values())
            raise ConfigError(f"{self.name}: coach {name!r} does not take the parameter {unknown[0]!r}; "
                              + (f"its parameters (coachgym coaches {self.name}):{listed}" if params
                                 else "it takes no parameters"))
        try:
            return factory(seed=seed, **kwargs)
        except TypeError as exc:
            raise ConfigError(f"{self.name}: coach {name!r} does not take {sorted(kwargs)}: {exc}") from None

    def coach_factory(self, name: str) -> Callable[..., Coach]:
        """The class (or factory) of a scripted coach named in this ruleset."""
        coaches = self.parts.coaches
        if name not in coaches:
            raise ConfigError(f"{self.name}: unknown coach {name!r}; known coaches: {', '.join(self.coach_names())}")
        return coaches[name]

    def coach_kind(self, kind: str) -> Callable[..., Coach] | None:
        """The factory of a coach kind the registration offers (``"strategy"``, ``"search"``), or None."""
        return self.coach_kinds.kinds.get(kind)

    def coach_parameters(self, name: str) -> list[Setting]:
        """A scripted coach's parameters (``coachgym.core.describe.Setting``: name, default, explanation)."""
        from .describe import coach_parameters

        if name in ("random", "first-legal", "trained"):
            return []
        return coach_parameters(self.coach_factory(name))

    def rule_options(self) -> list[Setting]:
        """This ruleset's rule options (``coachgym.core.describe.Setting``: name, default, explanation)."""
        from .describe import rule_options

        return rule_options(self.options_cls)
