"""Everything a person reads is in the game's words, never the code's: whole seeded games of every
ruleset, every play-by-play line, every prompt, every screen (the presenter's situation and
decision, the terminal's drawing of them), the action labels, the scoreboard, the box score's
column explanations, the glossary and the auto-play kinds are scanned for internal names - the
engines' decision kinds and action kinds, snake_case tokens, "(away: ...)" prefixes of forced
choices, FUBA's movement modes, "Home coach: dead menu" prompts, roster numbers."""

from __future__ import annotations

import io
import re

import pytest

from coachgym import rulesets
from coachgym.present import box_table, presenter_for
from coachgym.present.seat import Seat
from coachgym.present.terminal import Terminal, _Menu

from .presenter_checks import texts_of

SNAKE = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")
PAREN = re.compile(r"\((\w+)\)")
LEAKS = (re.compile(r"^\((home|away): "), re.compile(r"roster player #"), re.compile(r"\b(Home|Visitor) coach: "),
         re.compile(r"\b(dead|live|period|timeout) menu\b"))
FUBA_ADVANCED = {"condition_points": True, "player_roles": True, "substitutions": True, "injuries": True,
                 "goalkeeper_charge": True, "aggressive_pressing": True, "offside_risk": True, "challenge": True,
                 "slowing_play": True, "weather": True, "var": True, "skills": True, "special_events": True}
CASES = [("valueadd", None), ("statispro", None), ("fuba", None), ("fuba", FUBA_ADVANCED), ("fourthstreet", None)]


class Names:
    """The internal names of one ruleset and the check of a text against them."""

    def __init__(self, ruleset: str):
        rs = rulesets.get(ruleset)
        presenter = presenter_for(ruleset)
        self.kinds = set(rs.engine_cls.decision_kinds) | {a.kind for a in rs.actions}
        self.auto = {k.kind for k in presenter.kinds()}

    def leaks(self, text: str, prompt: bool = False) -> list[str]:
        """The internal names in ``text``; a prompt may not be a bare kind name either ("index",
        "choose", "pass to" were Statis Pro's prompts)."""
        if not text:
            return []
        found = SNAKE.findall(text)
        found += [f"({m})" for m in PAREN.findall(text) if m in self.kinds]
        found += [k for k in self.auto if ":" in k and k in text]  # "menu:dead"
        found += [p.pattern for p in LEAKS if p.search(text)]
        if prompt and text.strip().lower() in self.kinds | {k.replace("_", " ") for k in self.kinds}:
            found.append(f"the whole text is a kind name: {text!r}")
        return found


def situation_texts(sit) -> list[str]:
    out = [sit.title, sit.clock, sit.period, sit.ball, sit.result, sit.text]
    out += [f"{k}: {v}" for k, v in sit.facts]
    for t in sit.teams:
        out += [t.name, t.coach] + [f"{k}: {v}" for k, v in t.facts]
        for p in t.on_court + t.bench:
            out += [p.name, p.position, p.fatigue, p.status, p.guards, p.line, p.note]
            out += [f"{r.label} {r.value} {r.explain}" for r in p.ratings]
    for area in sit.board or []:
        out += [area.name] + [f"{p.get('name')} {p.get('role')} {p.get('zone', '')}" for p in area.pieces]
    return out


@pytest.mark.parametrize("ruleset, options", CASES, ids=[f"{r}{'-advanced' if o else ''}" for r, o in CASES])
def test_every_line_and_screen_of_a_seeded_game_is_in_the_games_words(ruleset, options):
    rs = rulesets.get(ruleset)
    presenter = presenter_for(ruleset)
    names = Names(ruleset)
    leaks: dict[str, str] = {}

    def scan(where: str, text: str) -> None:
        for leak in names.leaks(text, prompt=where.startswith("prompt")):
            leaks.setdefault(f"{where}: {leak}", text)

    seed = 31
    game = rs.new_game(seed=seed, options=options)
    coaches = [rs.coach("by-the-book", seed=seed), rs.coach("random", seed=seed + 1)]
    for side in (0, 1):
        coaches[side].reset(game, side, seed)
    met: dict[str, int] = {}
    step = 0
    while game.decision is not None:
        d = game.decision
        met[d.kind] = met.get(d.kind, 0) + 1
        scan(f"prompt of {d.kind}", d.prompt)
        if met[d.kind] <= 20 or step % 10 == 0:  # each kind's first screens, then every tenth (time)
            for text in texts_of(presenter.decision(game, d)):
                scan(f"screen of {d.kind}", text)
            for a in d.legal:
                scan(f"label of {d.kind}", game.describe_action(a))
        if step % 10 == 0:
            for text in situation_texts(presenter.situation(game, ("you", "by-the-book"))):
                scan("situation", text)
        game.step(coaches[d.side].choose(game, d))
        step += 1
    for e in game.log:
        scan(f"play-by-play ({e.kind})", e.text)
    scan("scoreboard", game.scoreboard())
    for text in situation_texts(presenter.situation(game)):
        scan("final situation", text)
    for column in box_table(game.box_score()).columns:
        scan("box score", column.explain)
    for term, explain in presenter.glossary().terms.items():
        scan("glossary", f"{term}: {explain}")
    for k in presenter.kinds():
        scan("auto-play kinds", f"{k.title}: {k.explain}")
    assert not leaks, "internal names reach a person:\n" + "\n".join(f"  {k}  <- {v[:120]!r}" for k, v in leaks.items())


@pytest.mark.parametrize("ruleset", ["valueadd", "statispro", "fuba", "fourthstreet"])
def test_terminal_screens_of_a_game_through_the_seat_are_in_the_games_words(ruleset):
    """The terminal's screens (situation, the feed since the last decision, the decision) for a
    person who makes every kind of decision, the routine off."""
    names = Names(ruleset)
    every = [k.kind for k in presenter_for(ruleset).kinds()]
    seat = Seat.new(ruleset, opponent="random", seed=32, autoplay=every, routine=False)
    term = Terminal(seat, io.StringIO(), io.StringIO(), width=100, height=40, clear=False)
    leaks = {}
    for _ in range(150):
        if seat.over:
            break
        for line in term.screen(_Menu(seat.pending())):
            for leak in names.leaks(re.sub(r"\x1b\[\d+m", "", line)):
                leaks.setdefault(leak, line)
        seat.choose(seat.book_choice, seat.number)
    assert not leaks, leaks
