"""What a ruleset package provides to the rest of coachgym (CLI, envs, match runner, training).

A ruleset package (``coachgym.rules.<name>``) exposes one :class:`Ruleset` instance named
``RULESET``: the ruleset's single registration. It holds its identity (name, title, env id, other
names), its engine class, rule options, bundled teams and coaches, and names every other part of
coachgym that knows the ruleset - its env, presenter, strategy vocabulary, carry-over, value model,
fuzz invariants, realism figures, training macros (:data:`PARTS`, ``"module:attr"`` imported when
used, so the rules layer imports nothing above it) - and its small data (box formulas, fuzz option
sets, the strategy report's time variable). Every registry of coachgym reads from here;
``tests/test_conformance.py`` names what a registered ruleset lacks (docs/architecture.md, "Adding
a ruleset").
"""

from __future__ import annotations

import importlib
import json
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from .chance import ChanceSource, SeededSource
from .coach import Coach, FirstLegalCoach, RandomCoach
from .engine import Engine
from .errors import ConfigError, TeamFileError
from .parsing import (  # noqa: F401  (the readers of options, team files and settings: importable here too)
    load_json,
    parse_coach_params,
    parse_json_text,
    parse_options,
    parse_setting,
    team_file_header,
    team_slug,
)

# Coach kinds spelled "KIND:ARGUMENT", where the argument is the kind's own (a file path may hold ':'
# and '/'): each maps to a "module:function" factory called as ``factory(ruleset, argument, seed=seed,
# **kwargs)`` and imported only when used. An area adds its kind here with one line.
COACH_KINDS: dict[str, str] = {
    "strategy": "coachgym.strategy.coach:strategy_coach",  # a situational strategy file (docs/strategy.md)
    "search": "coachgym.search.coach:search_coach",  # rollouts from resampled copies (docs/search.md); "search" alone too
}
BARE_KINDS = ("search",)  # kinds that also work without an argument
# the shipped trained coach and model files (.npz: NumPy only; .zip: stable-baselines3, the train
# extra): training's coach, imported only when used (core imports nothing above it)
TRAINED_COACH = "coachgym.training.coach:TrainedCoach"


def _import(spec: str) -> Any:
    """The object a ``"module:attr"`` spec names, imported now."""
    module, attr = spec.split(":")
    return getattr(importlib.import_module(module), attr)


# The parts of coachgym above the rules layer that a ruleset names in its registration: part ->
# (what it is, required). A part is a "module:attr" string, imported by :meth:`Ruleset.part` when used.
PARTS: dict[str, tuple[str, bool]] = {
    "env": ("the Gymnasium env class (envs/<x>.py; its ENCODER the observation encoder)", True),
    "presenter": ("what a person sees (rules/<x>/present.py PRESENTER; without it the generic presenter)", False),
    "vocabulary": ("the strategy-file vocabulary (strategy/<x>.py VOCABULARY)", True),
    "remaining": ("the value model's share of the game still to play, 1 to 0 (rules/<x>/tactics.py)", True),
    "carry_over": ("what carries from game to game in a season (series/carryover.py; without it nothing)", False),
    "invariants": ("the fuzz's invariants, checked after every event (evaluation/fuzz.py)", True),
    "realism": ("the statistics compared with real seasons (evaluation/realism.py; only with real figures)", False),
    "macros": ("training macros: name -> Macro (training/macros.py)", False),
    "league_builder": ("season statistics rows -> team files, for coachgym cards build (rules/<x>/builder.py)", False),
}


class Ruleset:
    """Description and factory of one ruleset: its single registration (see the module docstring)."""

    def __init__(self, *, name: str, title: str, env_id: str, engine_cls: type[Engine], options_cls: type,
                 package: str, parse_team: Callable[[Any, str], Any], coaches: dict[str, str],
                 default_teams: tuple[str, str], aliases: tuple[str, ...] = (), parts: dict[str, str] | None = None,
                 box_formulas: dict[str, str] | None = None, fuzz_options: tuple[dict, ...] = ({},),
                 time_variable: str = "", value_sigma: float | None = None, person_kinds: tuple[str, ...] = ()):
        self.name = name
        self.title = title
        self.env_id = env_id
        self.aliases = tuple(aliases)  # other names people may use (``coachgym simulate 4th-street``)
        unknown = sorted(set(parts or {}) - set(PARTS))
        if unknown:
            raise ValueError(f"{name}: unknown parts {unknown} in the registration; known: {', '.join(PARTS)}")
        self.parts = dict(parts or {})
        # a blank scoresheet's derived columns: column -> formula over the line's other columns
        self.box_formulas = dict(box_formulas or {})
        self.fuzz_options = tuple(fuzz_options)  # rule options the fuzz cycles through (every switch in one)
        self.time_variable = time_variable  # the vocabulary's variable that says "when" (the situation report)
        # the value model's margin spread where search/data/value.json has no fitted one
        self.value_sigma = value_sigma
        # the decision kinds a person makes by default under the generic presenter (no presenter part)
        self.person_kinds = tuple(person_kinds)
        self.engine_cls = engine_cls
        self.options_cls = options_cls
        self.package = package
        self._parse_team = parse_team
        self._coaches = coaches  # name -> "module:attr" factory taking seed=
        self.default_teams = default_teams
        self._aliases: dict[str, str] | None = None

    @property
    def version(self) -> int:
        return self.engine_cls.version

    def part(self, name: str) -> Any:
        """The object the registration names for a part of :data:`PARTS`, imported now (None where
        the ruleset has no such part)."""
        if name not in PARTS:
            raise KeyError(f"unknown part {name!r}; known: {', '.join(PARTS)}")
        spec = self.parts.get(name)
        return _import(spec) if spec else None

    @property
    def actions(self):
        return self.engine_cls.actions

    # ---------------------------------------------------------------- teams
    def _teams_dir(self):
        return resources.files(self.package).joinpath("data").joinpath("teams")

    def team_names(self) -> list[str]:
        return sorted(p.name[:-5] for p in self._teams_dir().iterdir() if p.name.endswith(".json"))

    def _bundled(self, name: str):
        """The file of a bundled team (by its name or an alias), or an error listing the names."""
        bundled = self._teams_dir().joinpath(f"{self.team_aliases().get(name, name)}.json")
        if not bundled.is_file():
            raise TeamFileError(name, "team", f"no bundled {self.title} team of that name; bundled: {', '.join(self.team_names())}")
        return bundled

    def team_file(self, name: str) -> Path:
        """Where a bundled team's file is (a name or an alias); copy it to make your own (docs/teams.md)."""
        with resources.as_file(self._bundled(name)) as path:
            return Path(path)

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
        bundled = self._bundled(team)
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
        elif isinstance(team, str):
            bundled = self._bundled(team)
            where = f"{self.name}:{team}"
            data = json.loads(bundled.read_text(encoding="utf-8"))
        else:
            raise TeamFileError(str(team), "team", "give a bundled team's name, a team file or its JSON data")
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
        return self.engine_cls(home_team, away_team, src, options=self.parse_options(options), record_events=record_events)

    # ---------------------------------------------------------------- coaches
    def coach_names(self) -> list[str]:
        return ["random", "first-legal", *self._coaches, "trained", *(f"{k}:..." for k in COACH_KINDS)]

    def coach(self, name: str, seed: int | None = None, **kwargs: Any) -> Coach:
        """A coach by name. ``"by-the-book:intentional_fouls=false,fast_break=never"`` passes
        parameters to a scripted coach (for comparing variants of a strategy); ``"KIND:ARGUMENT"``
        builds a coach of a registered kind (:data:`COACH_KINDS`, e.g. ``"strategy:press.yaml"``)."""
        kind, sep, argument = name.partition(":")
        if (sep or kind in BARE_KINDS) and kind in COACH_KINDS:
            return _import(COACH_KINDS[kind])(self, argument, seed=seed, **kwargs)
        is_model_file = name.endswith((".zip", ".npz"))
        if ":" in name and not is_model_file:
            name, _, spec = name.partition(":")
            kwargs = {**parse_coach_params(spec, name), **kwargs}
        if name == "random":
            return RandomCoach(seed)
        if name == "first-legal":
            return FirstLegalCoach()
        if name == "trained" or is_model_file:  # the one shipped for this ruleset, or a model file
            return _import(TRAINED_COACH)(None if name == "trained" else name, self.name, seed=seed)
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
        if name not in self._coaches:
            raise ConfigError(f"{self.name}: unknown coach {name!r}; known coaches: {', '.join(self.coach_names())}")
        return _import(self._coaches[name])

    def coach_kind(self, kind: str) -> Callable[..., Coach] | None:
        """The factory of a coach kind of :data:`COACH_KINDS` (``"strategy"``, ``"search"``), or None."""
        return _import(COACH_KINDS[kind]) if kind in COACH_KINDS else None

    def coach_parameters(self, name: str) -> list:
        """A scripted coach's parameters (``coachgym.core.describe.Setting``: name, default, explanation)."""
        from .describe import coach_parameters

        if name in ("random", "first-legal", "trained"):
            return []
        return coach_parameters(self.coach_factory(name))

    def rule_options(self) -> list:
        """This ruleset's rule options (``coachgym.core.describe.Setting``: name, default, explanation)."""
        from .describe import rule_options

        return rule_options(self.options_cls)
