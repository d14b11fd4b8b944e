"""The terminal coach's seat (``coachgym play``) and replay viewer (``coachgym replay``).

Everything shown comes from the presentation layer (``Situation``, ``DecisionView``, the glossary)
and every move goes through a :class:`~coachgym.present.seat.Seat`, so the terminal knows no
ruleset. Each screen is drawn whole and fits in ``height`` lines (40 by default) and ``width``
columns: the situation (score, clock, both lineups with names, fouls, fatigue, key card numbers,
matchups, timeouts), what happened since your last decision, and the decision as a short numbered
menu. A menu too long for the screen shows its groups first; a substitution is "who comes out",
then "who goes in".

Keys at a decision: a number picks, Enter takes the default, ``h`` hint, ``c`` continue to the next
dead ball (``cp`` period, ``ch`` half, ``ce`` end), ``b`` box score, ``l`` last plays, ``?`` help
and glossary (``? TERM`` one term), ``a`` auto-play settings, ``s`` save, ``q`` quit (offers to
save), ``0`` back out of a sub-menu.
"""

from __future__ import annotations

import os
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ..core.engine import SIDE_NAMES
from ..core.errors import CoachgymError
from . import box_table
from .model import Choice, DecisionView, Situation
from .seat import Seat

CLEAR = "\x1b[2J\x1b[H"
BOLD, DIM, RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
HELP = [
    "number   pick that option (a list marked > opens its choices)",
    "Enter    take the default (marked *)",
    "0        back out of a list",
    "h        hint: what the book and the trained coach would choose",
    "c        continue: the book answers your decisions until the next dead ball",
    "cp ch ce continue to the next period / half / the end of the game",
    "b        box score          l   last plays",
    "a        auto-play settings: which kinds of decisions you make",
    "s [FILE] save the game (resume it with coachgym play --resume FILE)",
    "? [TERM] this help and the glossary (or one term)",
    "q        quit (offers to save first)",
]
CONTINUE = {"c": "dead_ball", "cd": "dead_ball", "cp": "period", "ch": "half", "ce": "end"}


class QuitTerminal(Exception):
    """The person quit, or the input ended."""


@dataclass
class _Menu:
    """Where the person is in the current decision's menu: the top, a group, or a two-step choice."""

    view: DecisionView
    group: int | None = None
    choice: Choice | None = None
    message: list[str] = field(default_factory=list)

    def entries(self) -> tuple[str, list[tuple[str, object]]]:
        """The title of the current list and its entries (label, target) where the target is a
        Choice (an action or a second step) or a group index."""
        if self.choice is not None:
            return self.choice.then_title or self.choice.label, [(c.label, c) for c in self.choice.then or []]
        if self.group is not None:
            g = self.view.groups[self.group]
            return g.title, [(_choice_text(c), c) for c in g.choices]
        return self.view.title, []


def _choice_text(c: Choice) -> str:
    return c.label + ("  >" if c.then else "") + ("  *" if c.default else "")


class _Screen:
    """Drawing whole screens of ``height`` lines and ``width`` columns, and reading answers."""

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None, *, width: int | None = None,
                 height: int = 40, clear: bool | None = None):
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        size = os.get_terminal_size(self.out.fileno()) if _isatty(self.out) else None
        self.width = width or (max(60, min(size.columns, 120)) if size else 100)
        self.height = height
        self.clear = _isatty(self.out) if clear is None else clear

    # ------------------------------------------------------------------ output
    def _emit(self, lines: list[str]) -> None:
        text = "\n".join(_cut(line, self.width) for line in lines)
        self.out.write((CLEAR if self.clear else "\n") + text + "\n")
        self.out.flush()

    def _ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise QuitTerminal("input ended")
        return line.strip()

    def situation_lines(self, sit: Situation, me: int, header: str = "") -> list[str]:
        """The situation: title, clock and score, game facts, then your team and theirs."""
        lines = [f"{BOLD}{sit.title}{RESET}" + (f"  -  {header}" if header else "")]
        home, away = sit.teams
        score = f"{home.name} {home.score} - {away.name} {away.score}"
        lines.append(f"{BOLD}{score}{RESET}" + (f"  |  {sit.clock}" if sit.clock else ""))
        facts = [sit.ball] if sit.ball else []
        facts += [f"{k}: {v}" if v else k for k, v in sit.facts]
        if facts:  # on two lines at most
            lines += textwrap.wrap(" | ".join(facts), self.width, initial_indent="  ", subsequent_indent="  ")[:2]
        if sit.text:  # the generic presenter: the engine's own scoreboard
            lines += sit.text.splitlines()[:12]
        for t in (sit.teams[me], sit.teams[1 - me]):
            head = f"{BOLD}{t.name} ({t.coach or SIDE_NAMES[t.side]}) {t.score}{RESET}"
            facts = [f"{k} {v}" for k, v in t.facts]
            line = head
            for f in facts:  # the team's facts after its name, on a second line where they do not fit
                if _visible(line) + len(f) + 3 > self.width:
                    lines.append(line)
                    line = "   "
                line += ("  " if line == head else " | " if line.strip() else "") + f
            lines.append(line)
            lines += self.player_lines(t.on_court)
            if t.bench:
                lines += self.bench_lines(t.bench, 2 if t.on_court else 4)
        return lines

    def player_lines(self, players) -> list[str]:
        """The men on the court, one line each, as a table: position, name, the card numbers that
        fit (the same columns for all five), fouls, fatigue, notes ("has the ball"), whom he guards,
        his line today (shortened to its first figure where the line is full)."""
        def tail(p, short=False):
            line = p.line.split(",")[0] if short else p.line
            return "  ".join(x for x in (f"{p.fouls} PF" if p.fouls is not None else "", p.status, p.fatigue, p.note,
                                         f"on {p.guards}" if p.guards else "", line) if x)

        def widths(k):
            return [max(len(f"{p.ratings[c].label} {p.ratings[c].value}") if c < len(p.ratings) else 0 for p in players)
                    for c in range(k)]

        most = max((len(p.ratings) for p in players), default=0)

        def fit(tails):
            # the columns that fit beside all but the longest tail (that one line may be cut)
            lengths = sorted(len(t) for t in tails)[:-1] or [0]
            for k in range(most, 0, -1):
                if 28 + sum(widths(k)) + k + 1 + max(lengths) <= self.width:
                    return k
            return min(most, 2)

        full, short = [tail(p) for p in players], [tail(p, True) for p in players]
        k_full, k_short = fit(full), fit(short)
        tails, k = (full, k_full) if k_full >= min(k_short, 6) else (short, k_short)
        w = widths(k) if most else []
        pos = min(6, max((len(p.position) for p in players), default=2)) + 1
        out = []
        for p, t in zip(players, tails):
            cells = [f"{p.ratings[c].label} {p.ratings[c].value}".ljust(w[c]) if c < len(p.ratings) else " " * w[c]
                     for c in range(len(w))]
            out.append("  " + f"{p.position:<{pos}.{pos - 1}}{p.name:<{25 - pos}.{24 - pos}} " + " ".join(cells) + "  " + t)
        return out

    def bench_lines(self, bench, max_lines: int) -> list[str]:
        items = []
        for p in bench:
            if p.status in ("fouled out", "ejected", "sent off"):
                items.append(f"{p.name} ({p.status})")
                continue
            extra = ", ".join(x for x in (p.position, f"{p.fouls} PF" if p.fouls else "", p.status,
                                          p.fatigue if p.fatigue not in ("", "fresh") else "") if x)
            items.append(f"{p.name} ({extra})" if extra else p.name)
        out, line = [], "  bench: "
        for it in items:
            if len(line) + len(it) + 2 > self.width and line.strip() != "bench:":
                out.append(line.rstrip("; "))
                line = "         "
            line += it + "; "
        out.append(line.rstrip("; "))
        if len(out) > max_lines:
            out = out[:max_lines]
            out[-1] = _cut(out[-1], self.width - 4) + " ..."
        return out

    def box_lines(self, box) -> list[str]:
        """A box score as a table per team, then what the columns mean."""
        t = box_table(box)
        cols = [c.key for c in t.columns]
        width = max([len(r[0]) for team in t.teams for r in team.rows] + [10]) + 1
        lines = []
        for team in t.teams:
            lines.append(f"{team.name} {team.score}")
            lines.append(" " * width + "".join(f"{c:>5}" for c in cols))
            for r in team.rows:
                lines.append(f"{r[0]:<{width}.{width - 1}}" + "".join(f"{v:>5}" for v in r[1:]))
            lines.append(f"{'TOTAL':<{width}}" + "".join(f"{v:>5}" for v in team.totals[1:]))
            if any(v for _, v in team.team):
                lines.append(" " * width + "team: " + ", ".join(f"{k} {v}" for k, v in team.team if v))
        lines.append("")
        return lines + textwrap.wrap("; ".join(f"{c.key} {c.explain}" for c in t.columns), self.width)

    def _page(self, title: str, lines: list[str]) -> None:
        """Show ``lines`` a screen at a time; Enter for more, q back."""
        per = self.height - 3
        pages = [lines[i:i + per] for i in range(0, len(lines), per)] or [[]]
        for i, page in enumerate(pages):
            more = i + 1 < len(pages)
            self._emit([f"{BOLD}{title}{RESET}" + (f" (page {i + 1} of {len(pages)})" if len(pages) > 1 else "")] + page)
            if self._ask("Enter for more, q back > " if more else "Enter to go back > ").lower() == "q":
                return


class Terminal(_Screen):
    """A person at a :class:`Seat`, reading ``inp`` and writing ``out``."""

    def __init__(self, seat: Seat, inp: TextIO | None = None, out: TextIO | None = None, *, width: int | None = None,
                 height: int = 40, clear: bool | None = None, save_dir: str | Path = "."):
        super().__init__(inp, out, width=width, height=height, clear=clear)
        self.seat = seat
        self.save_dir = Path(save_dir)
        self.hint_lines: list[str] = []
        self.saved_to: Path | None = None

    def decision_lines(self, menu: _Menu, budget: int) -> list[str]:
        """The decision: its sentence, then the current list numbered, within ``budget`` lines."""
        v = menu.view
        lines = [f"{BOLD}Your decision: {v.title}{RESET}"]
        if v.explain and menu.choice is None and menu.group is None:
            lines += textwrap.wrap(v.explain, self.width - 2, initial_indent="  ", subsequent_indent="  ")[:2]
        title, entries = menu.entries()
        if menu.choice is None and menu.group is None:
            flat = sum(1 + len(g.choices) for g in v.groups if len(g.choices) > 1) + sum(
                1 for g in v.groups if len(g.choices) == 1)
            self._numbered = []
            if flat + len(lines) + len(self.hint_lines) + 1 <= budget:  # everything at once, under group titles
                for g in v.groups:
                    if len(g.choices) > 1:
                        lines.append(f" {g.title}:")
                    for c in g.choices:
                        self._numbered.append(c)
                        lines.append(self._entry(len(self._numbered), _choice_text(c), c.explain))
            else:  # the groups first
                for gi, g in enumerate(v.groups):
                    if len(g.choices) == 1:
                        self._numbered.append(g.choices[0])
                        lines.append(f"  {len(self._numbered):>2}. {_choice_text(g.choices[0])}")
                    else:
                        self._numbered.append(gi)
                        lines.append(f"  {len(self._numbered):>2}. {g.title}  > ({len(g.choices)})")
        else:
            lines.append(f" {title}")
            self._numbered = [target for _, target in entries]
            room = budget - len(lines) - len(self.hint_lines) - 2
            for n, (label, target) in enumerate(entries[:max(1, room)], 1):
                lines.append(self._entry(n, label, getattr(target, "explain", "")))
            if len(entries) > room:
                lines.append(f"  ... {len(entries) - room} more: type the number")
            lines.append("   0. back")
        return lines + self.hint_lines + [f"  {m}" for m in menu.message]

    def _entry(self, n: int, label: str, explain: str) -> str:
        """A numbered option, with its explanation after it where the line has room."""
        line = f"  {n:>2}. {label}"
        if explain and len(line) + 6 < self.width:
            line += f"  {DIM}- {_cut(explain, self.width - len(line) - 4)}{RESET}"
        return line

    def screen(self, menu: _Menu) -> list[str]:
        sit = self.seat.situation()
        top = self.situation_lines(sit, self.seat.side, f"seed {self.seat.seed}, decision {self.seat.number}")
        prompt_lines = 1
        dec = self.decision_lines(menu, self.height - len(top) - prompt_lines - 2)
        room = self.height - len(top) - len(dec) - prompt_lines - 1
        events = [e.text for e in self.seat.new_events()]
        feed: list[str] = []
        if room >= 2 and events:
            shown = events[-(room - 1):]
            label = "since your last decision" + (f" (last {len(shown)} of {len(events)}; l for more)" if len(shown) < len(events) else "")
            feed = [f"{DIM}-- {label} --{RESET}"] + [f"  {x}" for x in shown]
        return top + feed + dec

    def prompt(self, menu: _Menu) -> str:
        d = next((c for c in menu.view.choices() if c.action == menu.view.default_action), None) or menu.view.default_finish()
        enter = f"Enter = {d.label}; " if d is not None and menu.group is None and menu.choice is None else ""
        return f"{enter}h hint, c continue, b box, l plays, a auto-play, s save, ? help, q quit > "

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        """Play until the game ends or the person quits."""
        self.out.write(f"coachgym: {self.seat.rs.title}, you coach the {SIDE_NAMES[self.seat.side]} team against "
                       f"{self.seat.opponent}. Seed {self.seat.seed} (the same seed and choices replay this game).\n")
        try:
            while not self.seat.over:
                self.decide()
        except QuitTerminal:
            self.offer_save()
            return
        self.final()

    def decide(self) -> None:
        """One decision of the person, with every command on the way."""
        view = self.seat.pending()
        menu = _Menu(view)
        number = self.seat.number
        while self.seat.number == number and not self.seat.over:
            self._emit(self.screen(menu))
            menu.message = []
            text = self._ask(self.prompt(menu))
            cmd = text.lower()
            if cmd == "" and menu.group is None and menu.choice is None:
                finish = view.default_finish()
                if finish is not None:
                    self._choose(None, number, menu, finish.finish)
                elif view.default_action is None:
                    menu.message = ["No default here: type a number (h for a hint)."]
                    continue
                else:
                    self._choose(view.default_action, number, menu)
            elif cmd.isdigit():
                self._pick(int(cmd), menu, number)
            elif cmd in ("0", "") and (menu.group is not None or menu.choice is not None):
                self._back(menu)
            elif cmd == "h":
                self.show_hint()
            elif cmd in CONTINUE:
                self.hint_lines = []
                self.seat.continue_to(CONTINUE[cmd])
            elif cmd == "b":
                self.box()
            elif cmd == "l":
                self.last_plays()
            elif cmd.startswith("?"):
                self.help(text[1:].strip(), view)
            elif cmd == "a":
                self.autoplay()
            elif cmd.startswith("s") and (cmd == "s" or cmd.startswith("s ") or cmd == "save"):
                menu.message = [self.save(text[1:].strip() if cmd.startswith("s ") else "")]
            elif cmd in ("q", "quit", "exit"):
                raise QuitTerminal("quit")
            else:
                menu.message = [f"{text!r}: type a number, Enter, or one of h c b l a s ? q (? for help)."]

    def _pick(self, n: int, menu: _Menu, number: int) -> None:
        if n == 0:
            self._back(menu)
            return
        if not 1 <= n <= len(self._numbered):
            menu.message = [f"Type a number from 1 to {len(self._numbered)}" + (", or 0 to go back." if menu.group is not None or menu.choice is not None else ".")]
            return
        target = self._numbered[n - 1]
        if isinstance(target, int):
            menu.group = target
        elif target.then:
            menu.choice = target
        else:
            self._choose(target.action, number, menu, target.finish)

    def _back(self, menu: _Menu) -> None:
        if menu.choice is not None:
            menu.choice = None
        else:
            menu.group = None

    def _choose(self, action: int | None, number: int, menu: _Menu, finish: str = "") -> None:
        try:
            if finish:
                self.seat.finish(finish, number)
            else:
                self.seat.choose(action, number)
        except CoachgymError as exc:
            menu.message = [str(exc)]
            return
        self.hint_lines = []

    # ------------------------------------------------------------------ commands
    def show_hint(self) -> None:
        h = self.seat.hint()
        lines = [" Hint:"]
        if h.book is not None:
            lines += textwrap.wrap(f"the book: {h.book.label}", self.width - 3, initial_indent="   ",
                                   subsequent_indent="     ")[:2]
        for n, o in enumerate(h.trained):
            head = "the trained coach: " if n == 0 else "                   "
            lines += textwrap.wrap(f"{head}{o.probability:>4.0%} {o.label}", self.width - 3, initial_indent="   ",
                                   subsequent_indent=" " * 27)[:2]
        if h.note:
            lines.append(f"   ({h.note})")
        self.hint_lines = lines

    def box(self) -> None:
        self._page("Box score", self.box_lines(self.seat.box_score()))

    def last_plays(self) -> None:
        lines = self.seat.view_game().play_by_play()
        self._page(f"Last plays ({min(len(lines), self.height - 3)} of {len(lines)})", lines[-(self.height - 3):])

    def help(self, term: str, view: DecisionView) -> None:
        glossary = self.seat.presenter.glossary().terms
        if term:
            hits = [(k, v) for k, v in glossary.items() if k.lower() == term.lower()] or \
                   [(k, v) for k, v in glossary.items() if term.lower() in k.lower()]
            lines = [f"{k}: {v}" for k, v in hits] or [f"{term!r} is not in the {self.seat.rs.title} glossary."]
            self._page(f"Glossary: {term}", _wrap(lines, self.width))
            return
        used = list(dict.fromkeys([*self.seat.situation().terms, *view.terms]))
        first = [f"{k}: {glossary[k]}" for k in used if k in glossary]
        rest = [f"{k}: {v}" for k, v in glossary.items() if k not in used]
        kinds = [f"{k.title}{' (you)' if k.kind in self.seat.autoplay else ''}" for k in self.seat.presenter.kinds()]
        lines = HELP + ["", "Terms on this screen:"] + _wrap(first, self.width) + ["", "Other terms:"] + \
            _wrap(rest, self.width) + ["", "Kinds of decision (a to choose which you make): " + "; ".join(kinds)]
        self._page(f"Help - {self.seat.rs.title}", lines)

    def autoplay(self) -> None:
        kinds = self.seat.presenter.kinds()
        chosen = set(self.seat.autoplay)
        routine = self.seat.routine
        about: list[str] = []
        while True:
            lines = ["Which decisions do you make? The book answers the others for your team.", ""]
            for n, k in enumerate(kinds, 1):
                lines.append(f"  {n:>2}. [{'x' if k.kind in chosen else ' '}] {k.title}{'  (default)' if k.matters else ''}")
            lines.append(f"   r. [{'x' if routine else ' '}] let routine moments pass (where the game defines them)")
            lines += [""] + about + ["Type numbers to switch them (e.g. 1 3), ? N to read about one, d the defaults, "
                                      "Enter when done."]
            self._emit(lines)
            about = []
            text = self._ask("> ").lower()
            if not text:
                break
            if text == "d":
                chosen = {k.kind for k in kinds if k.matters}
                continue
            if text.startswith("?") and text[1:].strip().isdigit() and 1 <= int(text[1:]) <= len(kinds):
                k = kinds[int(text[1:]) - 1]
                about = textwrap.wrap(f"{k.title}: {k.explain}", self.width - 2, initial_indent="  ",
                                      subsequent_indent="  ")[:self.height - len(kinds) - 8]
                continue
            for tok in text.replace(",", " ").split():
                if tok == "r":
                    routine = not routine
                elif tok.isdigit() and 1 <= int(tok) <= len(kinds):
                    chosen ^= {kinds[int(tok) - 1].kind}
        self.seat.set_autoplay(chosen, routine=routine)

    def save(self, name: str = "") -> str:
        path = Path(name) if name else self.save_dir / f"coachgym-{self.seat.rs.name}-{self.seat.seed}.json"
        try:
            path.write_text(self.seat.to_json(), encoding="utf-8")
        except OSError as exc:
            return f"could not save to {path}: {exc.strerror or exc}"
        self.saved_to = path
        return f"saved to {path} (coachgym play --resume {path})"

    def offer_save(self) -> None:
        if self.seat.over:
            return
        try:
            answer = self._ask("\nSave the game before quitting? [Y/n] ").lower()
        except QuitTerminal:
            answer = "n"
        if answer in ("", "y", "yes"):
            self.out.write(self.save() + "\n")
        else:
            self.out.write(f"Game abandoned (seed {self.seat.seed}).\n")

    def final(self) -> None:
        sit = self.seat.situation()
        self._emit(self.situation_lines(sit, self.seat.side, f"seed {self.seat.seed}") + ["", f"{BOLD}{sit.result or 'Game over'}{RESET}"])
        try:
            self._ask("Enter for the box score > ")
            self.box()
            answer = self._ask("Save the finished game (to replay it with coachgym replay)? [y/N] ").lower()
        except QuitTerminal:
            return
        if answer in ("y", "yes"):
            self.out.write(self.save() + "\n")


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _visible(line: str) -> int:
    return len(line) - sum(len(code) * line.count(code) for code in (BOLD, DIM, RESET))


def _cut(line: str, width: int) -> str:
    """A line cut to ``width`` visible characters (escape sequences do not count)."""
    if _visible(line) <= width:
        return line
    plain = line.replace(BOLD, "").replace(DIM, "").replace(RESET, "")
    return plain[:width - 1] + "~"


def _wrap(items: list[str], width: int) -> list[str]:
    out = []
    for it in items:
        out += textwrap.wrap(it, width, subsequent_indent="    ") or [""]
    return out


class ReplayTerminal(_Screen):
    """Stepping through a :class:`~coachgym.present.replay.Replay`: Enter next event, b back,
    j N jump to event N, e the end, q quit."""

    def __init__(self, replay, inp: TextIO | None = None, out: TextIO | None = None, *, width: int | None = None,
                 height: int = 40, clear: bool | None = None):
        super().__init__(inp, out, width=width, height=height, clear=clear)
        self.replay = replay

    def run(self, show_all: bool = False) -> None:
        rep = self.replay
        if show_all:
            self.out.write(f"{rep.title}" + (f" (seed {rep.seed})" if rep.seed is not None else "") + "\n")
            for e in rep.events:
                self.out.write(e.text + "\n")
            self.out.write((rep.final().result or "") + "\n\n" + "\n".join(self.box_lines(self._box())) + "\n")
            return
        if not len(rep):
            self.out.write("This game has no events.\n")
            return
        i = 0
        message = ""
        while True:
            self._emit(self.frame_lines(i) + ([f"  {message}"] if message else []))
            message = ""
            try:
                cmd = self._ask("Enter next, b back, j N jump to event N, e end, x box score, q quit > ").lower()
            except QuitTerminal:
                return
            if cmd == "":
                if i + 1 >= len(rep):
                    message = "That was the last event (q to quit, x for the box score)."
                i = min(i + 1, len(rep) - 1)
            elif cmd == "b":
                i = max(0, i - 1)
            elif cmd == "e":
                i = len(rep) - 1
            elif cmd.startswith("j") and cmd[1:].strip().isdigit():
                i = max(0, min(len(rep) - 1, int(cmd[1:].strip()) - 1))
            elif cmd == "x":
                try:
                    self._page("Box score", self.box_lines(self._box()))
                except QuitTerminal:
                    return
            elif cmd in ("q", "quit"):
                return
            else:
                message = f"{cmd!r}: Enter, b, j N, e, x or q."

    def _box(self):
        return self.replay._games[-1].clone().box_score()

    def frame_lines(self, i: int) -> list[str]:
        f = self.replay.frame(i)
        side = self.replay.side if self.replay.side is not None else 0
        header = f"replay, event {i + 1} of {f.count}" + ("" if f.exact else " (lineups as at the save)")
        top = self.situation_lines(f.situation, side, header)
        room = self.height - len(top) - 3
        earlier = [e.text for e in self.replay.events[max(0, i - room + 1):i]]
        return top + [f"{DIM}-- play-by-play --{RESET}"] + [f"  {x}" for x in earlier] + [f"{BOLD}> {f.line}{RESET}"]
