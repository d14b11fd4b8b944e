"""The new-game form: what a person can set up, read from the rulesets themselves (rule options and
coach parameters as ``coachgym options`` / ``coachgym coaches`` list them, teams, coaches) and
checked with the same functions, and so the same error messages, as the command line
(``Ruleset.parse_options``, ``Ruleset.parse_team``, ``Ruleset.coach``)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import types
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Union, get_args, get_origin, get_type_hints

from .. import rulesets
from ..core.errors import CoachgymError, ConfigError, TeamFileError
from ..core.ruleset import Ruleset, parse_json_text
from ..present.seat import FRIEND_COACH

# Coaches offered in the opponent list, in this order; any other spec goes in the free-text field.
OPPONENTS = (
    ("trained", "Trained coach (the shipped AI)"),
    ("by-the-book", "By the book (plays as the rulebook advises)"),
    ("random", "Random (any legal choice)"),
)
MAX_SEED = 2**63 - 1
NO_DESCRIPTION = "(no description)"  # what coachgym.core.describe says where the code documents nothing


@dataclass
class OptionField:
    """One rule option as a form field."""

    name: str
    kind: str  # "bool", "int", "optional_int", "choice", "text"
    default: Any
    help: str = ""
    choices: tuple = ()

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")


@dataclass
class Setup:
    """A checked new-game request: everything ``Seat.new`` needs."""

    ruleset: str
    side: int
    opponent: str
    home: Any  # a bundled team's name or an uploaded team file's JSON data
    away: Any
    seed: int | None
    options: dict
    autoplay: list[str] | None = None
    routine: bool = True  # routine decisions of the person's kinds answered "as before" (Seat.routine)
    uploads: dict[str, str] = field(default_factory=dict)  # side -> uploaded file name


# ---------------------------------------------------------------------------------------- options
def option_fields(rs: Ruleset) -> list[OptionField]:
    """A form field per rule option: its type, its default and its explanation
    (``Ruleset.rule_options``: the comment the options module writes beside it)."""
    hints = get_type_hints(rs.options_cls)
    module = inspect.getmodule(rs.options_cls)
    out = []
    for setting in rs.rule_options():
        kind, choices = _kind(hints.get(setting.name), setting.default, module, setting.name)
        help_text = "" if setting.help == NO_DESCRIPTION else setting.help
        out.append(OptionField(setting.name, kind, setting.default, help_text, choices))
    return out


def _kind(hint: Any, default: Any, module: Any, name: str) -> tuple[str, tuple]:
    if isinstance(default, bool):
        return "bool", ()
    if isinstance(default, int):
        return "int", ()
    if get_origin(hint) in (Union, types.UnionType) and int in get_args(hint) and type(None) in get_args(hint):
        return "optional_int", ()
    if isinstance(default, str):
        # a module constant listing the allowed values: LEAGUES for "league"
        choices = getattr(module, name.upper() + "S", None)
        if isinstance(choices, tuple) and default in choices:
            return "choice", choices
    return "text", ()


def parse_options_form(rs: Ruleset, form: dict[str, str]) -> dict:
    """The rule options a submitted form sets (``opt_<name>`` fields), checked by the ruleset.
    Unchecked checkboxes are absent from a form, so every bool is read (absent = false)."""
    given: dict[str, Any] = {}
    for f in option_fields(rs):
        raw = form.get(f"opt_{f.name}")
        if f.kind == "bool":
            given[f.name] = raw in ("on", "true", "1", "yes")
        elif f.kind in ("int", "optional_int"):
            text = (raw or "").strip()
            if not text:
                if f.kind == "optional_int":
                    given[f.name] = None
                continue
            try:
                given[f.name] = int(text)
            except ValueError:
                raise ConfigError(f"{rs.name} rule options: option {f.name!r} must be a whole number, got {text!r}") from None
        elif raw is not None and raw.strip():
            given[f.name] = raw.strip()
    opts = rs.parse_options(given)  # the CLI's checks and messages
    return dataclasses.asdict(opts)


# ---------------------------------------------------------------------------------------- coaches
@dataclass
class Opponent:
    spec: str
    label: str
    unavailable: str = ""  # why it cannot play now (a shipped model out of date), "" if it can
    default: bool = False  # chosen when the form opens
    name: str = ""  # the label without its rating


@lru_cache(maxsize=1)
def ladder() -> dict:
    """The opponent ladder with each level's measured rating (``ladder.json``)."""
    return json.loads(resources.files(__package__).joinpath("ladder.json").read_text(encoding="utf-8"))["rulesets"]


def _rated(label: str, level: dict) -> str:
    if level.get("elo") is None:
        return f"{label} · rating not measured"
    if level["spec"] == "by-the-book":
        return f"{label} · Elo 0 (the yardstick)"
    lo, hi = level["ci95"]
    return f"{label} · Elo {level['elo']:+d} ({lo:+d} to {hi:+d})"


def opponents(rs: Ruleset) -> list[Opponent]:
    """The opponent list of the new-game form: the ruleset's ladder (random, the book, the trained
    coach, search), each with its measured rating (``ladder.json``; else the plain list); a coach
    that cannot be built says why."""
    levels = ladder().get(rs.name, {}).get("levels")
    items = [(lv["spec"], lv["label"], _rated(lv["label"], lv)) for lv in levels] if levels else \
        [(spec, label, label) for spec, label in OPPONENTS]
    out = []
    for spec, name, label in items:
        try:
            _built(rs.name, rs.version, spec)
            out.append(Opponent(spec, label, default=spec == "trained", name=name))
        except CoachgymError as exc:
            out.append(Opponent(spec, label, str(exc), default=spec == "trained", name=name))
    if not any(o.default and not o.unavailable for o in out):  # the trained coach cannot play: the book
        for o in out:
            o.default = o.spec == "by-the-book"
    return out


@lru_cache(maxsize=64)
def _built(ruleset: str, version: int, spec: str) -> None:
    """Build a coach once per ruleset and engine version (the trained coach loads its model file)."""
    rulesets.get(ruleset).coach(spec, seed=0)


def check_opponent(rs: Ruleset, spec: str, coaches: Any = None) -> str:
    """A coach spec as ``Ruleset.coach`` reads it, built once here so a bad one is reported on the
    form. A ``.zip`` model (stable-baselines3) can run code when loaded: refused from the browser.
    ``coaches``: the web app's ``security.WebCoaches``, which allows only what the server offers."""
    if coaches is not None:
        return coaches.check(rs, spec)
    spec = (spec or "").strip()
    if not spec:
        raise ConfigError("opponent: choose a coach or write a coach spec")
    if spec.endswith(".zip"):
        raise ConfigError(f"opponent {spec!r}: .zip models can execute code when loaded and are not "
                          "accepted from the browser; export the coach as .npz or play it from the command line")
    rs.coach(spec, seed=0)  # raises ConfigError / ModelMismatchError naming the problem
    return spec


# ---------------------------------------------------------------------------------------- the form
def parse_setup(rs: Ruleset, form: dict[str, str], uploads: dict[str, tuple[str, bytes]], kinds: list[str],
                coaches: Any = None) -> Setup:
    """Read and check a submitted new-game form. ``uploads``: side ("home"/"away") -> (file name,
    bytes) for team files. Raises a ``CoachgymError`` naming the field at fault."""
    side_text = form.get("side", "home")
    if side_text not in ("home", "away"):
        raise ConfigError(f"side: must be home or away, got {side_text!r}")
    teams, names = parse_teams(rs, form, uploads)
    opponent = form.get("opponent", "trained")
    if opponent == "other":
        opponent = form.get("opponent_spec", "")
    seed = check_seed(form.get("seed"))
    if opponent == FRIEND_COACH:  # two people, one game (docs/coach-seat.md): no coach to check
        if seed is not None:
            raise ConfigError("seed: a game against a friend draws its seed on the server and keeps it secret from "
                              "both of you until the end (a known seed tells the dice to come); leave it empty")
    else:
        opponent = check_opponent(rs, opponent, coaches)
    autoplay = [k for k in kinds if form.get(f"kind_{k}") in ("on", "true", "1")] if form.get("autoplay_set") else None
    routine = form.get("routine") in ("on", "true", "1") if form.get("autoplay_set") else True
    options = parse_options_form(rs, form)
    if autoplay is not None:
        require_some_kinds(autoplay)
    return Setup(rs.name, 0 if side_text == "home" else 1, opponent, teams["home"], teams["away"], seed,
                 options, autoplay, routine, names)


def check_seed(value: Any) -> int | None:
    """A seed as the new-game form and the JSON API take it (one rule for both): a whole number
    from 0 to :data:`MAX_SEED` (or its digits as text); empty or None draws one."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None  # the seat draws one and shows it
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ConfigError(f"seed: must be a whole number (or empty for a random one), got {value!r}")
    try:
        seed = int(value.strip()) if isinstance(value, str) else value
    except ValueError:
        raise ConfigError(f"seed: must be a whole number (or empty for a random one), got {value!r}") from None
    if not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"seed: must be between 0 and {MAX_SEED}, got {seed}")
    return seed


def require_some_kinds(kinds: list[str]) -> None:
    """The pages' auto-play settings (new game, the game's Auto-play tab) tick at least one kind of
    decision: with none, the book would play the whole game out at once, which nobody means by
    saving a form. Where that is wanted, "Play on to the end" says so."""
    if not kinds:
        raise ConfigError("auto-play: no kind of decision is ticked, so the book would play the whole game out at "
                          "once. Tick at least one kind of decision you want to make; to let the book finish the "
                          "game, use \"Let the book decide for you until the end of the game\" instead.")


def parse_teams(rs: Ruleset, form: dict[str, str], uploads: dict[str, tuple[str, bytes]]) -> tuple[dict[str, Any], dict[str, str]]:
    """The home and away teams a form names (``home``, ``away``: bundled team names; default the
    ruleset's pair) or uploads (side -> (file name, bytes), checked by the ruleset's team-file
    parser, errors naming the file): (side -> team name or the file's JSON data, side -> file name)."""
    teams: dict[str, Any] = {}
    names: dict[str, str] = {}
    for which in ("home", "away"):
        if which in uploads:
            filename, data = uploads[which]
            team = parse_json_text(_decode(data, filename), filename)
            rs.parse_team(team, filename)  # the team file's checks, errors naming the uploaded file
            teams[which] = team  # the data: a saved game keeps it
            names[which] = filename
        else:
            name = (form.get(which) or rs.default_teams[0 if which == "home" else 1]).strip()
            check_team_name(rs, name, which)
            teams[which] = name
    return teams, names


def league_teams(rs: Ruleset) -> list[str]:
    """Every team of the ruleset's bundled real leagues, as ``LEAGUE/TEAM``."""
    return [t for lg in rs.league_names() for t in rs.league_team_names(lg)]


def check_team_name(rs: Ruleset, name: str, which: str) -> None:
    """A team a request names must be a bundled team or a team of a bundled league (never a path)."""
    if name not in rs.team_names() and name not in league_teams(rs):
        leagues = ", ".join(rs.league_names())
        raise ConfigError(f"{which} team: no bundled {rs.title} team {name!r}; bundled: {', '.join(rs.team_names())}"
                          + (f"; or LEAGUE/TEAM of the leagues {leagues}" if leagues else ""))


def _decode(data: bytes, filename: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise TeamFileError(filename, "<file>", "is not a UTF-8 text file (a team file is JSON)") from None


def ruleset_or_default(name: str | None) -> Ruleset:
    return rulesets.get(name) if name else rulesets.default()
