"""What a person sees of a game: the presentation layer shared by the terminal and the web app.

* :func:`presenter_for` ``(ruleset) -> Presenter``: the ruleset's own presenter
  (``coachgym.rules.<name>.present.PRESENTER``) or, until it has one, the generic presenter built
  from the engine protocol.
* :func:`glossary`, :func:`kinds` (the auto-play kinds), :func:`box_table` (a box score with its
  columns explained).
* :class:`coachgym.present.seat.Seat`: a person's seat at a game (the game flow, auto-play, hints,
  save and resume), and :mod:`coachgym.present.replay` (a game event by event).

The data model (``Situation``, ``DecisionView`` ...) is in :mod:`coachgym.present.model`; the
contract a ruleset implements in :mod:`coachgym.present.presenter`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from .. import rulesets
from ..core.boxscore import BoxScore
from ..core.errors import CoachgymError
from .generic import GenericPresenter
from .model import BoxColumn, BoxTable, BoxTeam, Glossary, KindInfo
from .presenter import BasePresenter, Presenter

__all__ = ["presenter_for", "glossary", "kinds", "box_table", "feed_lines", "Presenter", "BasePresenter",
           "GenericPresenter"]

# team-only figures of the box scores, in words
_TEAM_FIGURES = {"TEAM_REB": "team rebounds", "TEAM_TO": "team turnovers", "TO": "team turnovers",
                 "tov": "team turnovers", "POSS": "possessions"}


def _data(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def presenter_for(ruleset: str) -> Presenter:
    """The presenter of a ruleset (by name or alias): ``coachgym.rules.<name>.present.PRESENTER``,
    or the generic presenter where the ruleset has no ``present`` module yet."""
    rs = rulesets.get(ruleset)
    presenter = rs.part("presenter")
    if presenter is None:  # the person makes the registration's person_kinds, else every decision
        kinds = rs.engine_cls.decision_kinds
        return GenericPresenter(rs.name, rs.title, kinds, frozenset(rs.person_kinds or kinds))
    return presenter


def glossary(ruleset: str) -> Glossary:
    return presenter_for(ruleset).glossary()


def kinds(ruleset: str) -> list[KindInfo]:
    """The auto-play kinds of a ruleset (``matters``: made by the person under the default auto-play)."""
    return presenter_for(ruleset).kinds()


def column_meanings(ruleset: str) -> dict[str, str]:
    """What each box-score column of ``ruleset`` means, in words ("SOT": "shots on target")."""
    cols = _data("columns.json")
    return dict(cols[cols["rulesets"].get(ruleset, "basketball")])


def box_table(box: BoxScore) -> BoxTable:
    """A box score for people: every column with what it means, the players who did something, the
    totals and the team-only figures in words. Where the ruleset's presenter names a start
    (``box_start``: Value Add's 20-20 start), a player's PTS are his points of the game (2 FGM + 3PM
    + FTM) and the start's points are a row of their own, so the columns add up to the TOTAL."""
    cols = _data("columns.json")
    meaning = cols[cols["rulesets"].get(box.ruleset, "basketball")]
    columns = [BoxColumn(c, meaning.get(c, c)) for c in box.columns]
    try:
        start = getattr(presenter_for(box.ruleset), "box_start", "")
    except CoachgymError:  # a box score of a ruleset this coachgym does not have
        start = ""
    shooting = bool(start) and {"PTS", "FGM", "3PM", "FTM"} <= set(box.columns)
    teams = []
    for side, t in enumerate(box.teams):
        rows = []
        for p in t.players:
            if not any(p.stats.values()):
                continue
            stats = dict(p.stats)
            if shooting:
                stats["PTS"] = 2 * stats.get("FGM", 0) + stats.get("3PM", 0) + stats.get("FTM", 0)
            rows.append([p.name, *(stats.get(c, 0) for c in box.columns)])
        tot = t.totals(box.columns)
        if shooting:
            rest = tot.get("PTS", 0) - sum(r[1 + box.columns.index("PTS")] for r in rows)
            if rest:
                rows.append([start, *(rest if c == "PTS" else 0 for c in box.columns)])
        teams.append(BoxTeam(t.name, side, t.score, rows, ["TOTAL", *(tot.get(c, 0) for c in box.columns)],
                             [(_TEAM_FIGURES.get(k, k), v) for k, v in t.team.items()]))
    return BoxTable(box.ruleset, columns, teams)


def feed_lines(events, ruleset: str = "") -> list[str]:
    """Play-by-play lines for people, from events (``Event`` objects or their dicts): a line the engine
    wrote for a decision with a single option ("forced": "Yellow FC: the player can only go to H-F")
    is shown once per feed, and a line repeated right after itself is shown once with "(x3)". With
    ``ruleset``, each line in that ruleset's words (:func:`coachgym.present.texts.words`: Statis
    Pro's "RPG 145 ADVANCE: Kicked Ball" reads "On the advance: kicked ball")."""
    from .texts import words

    say = words(ruleset) if ruleset else str
    out: list[str] = []
    counts: list[int] = []
    forced_seen: set[str] = set()
    for e in events:
        kind, text = (e.get("kind"), e.get("text", "")) if isinstance(e, dict) else (e.kind, e.text)
        text = say(text)
        if kind == "forced":
            if text in forced_seen:
                continue
            forced_seen.add(text)
        if out and out[-1] == text:
            counts[-1] += 1
            continue
        out.append(text)
        counts.append(1)
    return [t if n == 1 else f"{t} (x{n})" for t, n in zip(out, counts)]
