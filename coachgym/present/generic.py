"""The generic presenter: what every ruleset shows before it has its own ``present`` module.

Built only from the engine protocol (``describe_action``, ``scoreboard()``, ``box_score()``, the
decision kinds), so the seat, the terminal and the web app work for a ruleset from day one. Its
screens are plain: the engine's scoreboard text, the players of the box score, one list of options.
"""

from __future__ import annotations

import re

from ..core.engine import AWAY, HOME, Decision, Engine
from .model import Choice, DecisionView, Glossary, Group, KindInfo, PlayerCard, Situation, TeamView
from .presenter import BasePresenter

_ROSTER = re.compile(r"roster player #(\d+)")
# actions that leave things as they are: Enter takes one of them where the decision has it
DEFAULT_KINDS = ("play_on", "play", "done", "no_press", "decline_index", "play_defense", "no_freeze",
                 "shoot_free_throw", "normal_action")


class GenericPresenter(BasePresenter):
    def __init__(self, ruleset: str, title: str, kinds: tuple[str, ...], person_kinds: frozenset[str] = frozenset()):
        self.ruleset = ruleset
        self.title = title
        self._kinds = kinds
        self._person = person_kinds

    def situation(self, game: Engine, coaches: tuple[str, str] = ("", "")) -> Situation:
        box = game.box_score()
        teams = []
        for side in (HOME, AWAY):
            t = box.teams[side]
            cards = [PlayerCard(p.name, "", False, line=_line(p.stats)) for p in t.players]
            teams.append(TeamView(t.name, side, t.score, coaches[side], [], cards))
        over = game.over
        result = ""
        if over:
            h, a = game.score
            result = (f"{teams[HOME].name} win {h}-{a}" if h > a else f"{teams[AWAY].name} win {a}-{h}" if a > h
                      else f"drawn {h}-{a}")
        return Situation(self.ruleset, f"{self.title} - {teams[HOME].name} vs {teams[AWAY].name}", "", "",
                         None, "", teams, over=over, result=result, text=game.scoreboard())

    def decision(self, game: Engine, decision: Decision) -> DecisionView:
        names = [p.name for p in game.box_score().teams[decision.side].players]
        choices = []
        default = None
        for a in decision.legal:
            label = _ROSTER.sub(lambda m: _name(names, int(m.group(1))), game.describe_action(a))
            is_default = default is None and game.actions[a].kind in DEFAULT_KINDS
            if is_default:
                default = a
            choices.append(Choice(f"a{a}", label, action=a, default=is_default))
        title = decision.prompt or self.kind_info(decision.kind).title
        return DecisionView(decision.side, decision.kind, title[:1].upper() + title[1:],
                            groups=[Group("options", "Options", choices=choices)], default_action=default)

    def kinds(self) -> list[KindInfo]:
        return [KindInfo(k, k.replace("_", " "), "", k in self._person) for k in self._kinds]

    def glossary(self) -> Glossary:
        return Glossary(self.ruleset, {})


def _name(names: list[str], number: int) -> str:
    return names[number - 1] if 0 < number <= len(names) else f"player {number}"


def _line(stats: dict) -> str:
    for key in ("PTS", "pts", "G"):
        if key in stats:
            return f"{stats[key]} {'goals' if key == 'G' else 'pts'}"
    return ""
