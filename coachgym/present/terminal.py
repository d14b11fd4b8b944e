"""The terminal coach's seat (``coachgym play``) and replay viewer (``coachgym replay``).

Everything shown comes from the presentation layer (``Situation``, ``DecisionView``, the glossary)
and every move goes through a :class:`~coachgym.present.seat.Seat`, so the terminal knows no
ruleset. Each screen is drawn whole and fits in ``height`` lines (40 by default) and ``width``
columns: the situation (score, clock, both lineups with names, fouls, fatigue, key card numbers,
matchups, timeouts), what happened since your last decision, and the decision as a short numbered
menu. A menu too long for the screen shows its groups first; a substitution is "who comes out",
then "who goes in".

Keys at a decision: a number picks, Enter takes the default, ``h`` hint, ``c`` continue to the next
dead ball (``cp`` period, ``ch`` half, ``ce`` end), ``u`` undo your last decision, ``b`` box score,
``l`` last plays, ``?`` help and glossary (``? TERM`` one term), ``a`` auto-play settings, ``s``
save, ``q`` quit (offers to save), ``0`` back out of a sub-menu. Ctrl-C saves the game and asks.

The screen fits the terminal (its height and width, read from the terminal; ``height``/``width``
override): where the whole situation does not fit, the other team is shown in one or two lines, so
the title, the score and your team never scroll away. Escape codes (bold, dim, clearing the
screen) are written only to a terminal and never with ``NO_COLOR`` set.
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
from . import box_table, feed_lines
from .model import Choice, DecisionView, Situation
from .seat import Seat
from .texts import words

CLEAR = "\x1b[2J\x1b[H"
BOLD, DIM, RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
HELP = [
    "number   pick that option (a list marked > opens its choices; in a list of players the",
    "         number is the player's roster number: it stays his whatever the order)",
    "Enter    take the default (marked *)",
    "0        back out of a list",
    "h        hint: what the book and the trained coach would choose",
    "c        continue: the book answers your decisions until the next dead ball",
    "cp ch ce continue to the next period / half / the end of the game",
    "u        undo your last decision (while no dice were rolled or cards drawn since)",
    "b        box score          l   last plays",
    "a        auto-play settings: which kinds of decisions you make",
    "s [FILE] save the game (resume it with coachgym play --resume FILE)",
    "? [TERM] this help and the glossary (or one term)",
    "q        quit (offers to save first); Ctrl-C saves the game, then asks",
]
REPLAY_KEYS = [
    "Enter or n  next event             p   previous event",
    "m / M       next / previous of your decisions",
    "g / G       next / previous score  t / T  next / previous period",
    "w / W       next / previous big swing of your chance to win",
    "j N         event N                e   the end",
    "b           box score              ?   these keys       q  quit",
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
            return self.choice.then_title or self.choice.label, [(_choice_text(c, self.view), c) for c in self.choice.then or []]
        if self.group is not None:
            g = self.view.groups[self.group]
            return g.title, [(_choice_text(c, self.view), c) for c in g.choices]
        return self.view.title, []


def _choice_text(c: Choice, view: DecisionView | None = None) -> str:
    default = c.default or (view is not None and c.action is not None and c.action == view.default_action)
    return c.label + ("  >" if c.then else "") + ("  *" if default else "")


def _keys(entries: list[tuple[str, object]]) -> list[int]:
    """The numbers of a list's entries: the players' roster numbers where every entry names a player
    (``Choice.shortcut``, unique), else 1, 2, 3 ..."""
    cuts = [getattr(t, "shortcut", "") for _, t in entries]
    if cuts and all(c.isdigit() and int(c) > 0 for c in cuts) and len(set(cuts)) == len(cuts):
        return [int(c) for c in cuts]
    return list(range(1, len(entries) + 1))


class _Screen:
    """Drawing whole screens of ``height`` lines and ``width`` columns, and reading answers."""

    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None, *, width: int | None = None,
                 height: int | None = None, clear: bool | None = None, colour: bool | None = None):
        self.inp = inp or sys.stdin
        self.out = out or sys.stdout
        tty = _isatty(self.out)
        size = _terminal_size(self.out) if tty else None
        self.width = width or (max(40, min(size.columns, 120)) if size else 100)
        # the terminal's own height (a screen never scrolls its top away); 40 lines for a pipe or a file
        self.height = height or (max(16, size.lines) if size else 40)
        no_colour = "NO_COLOR" in os.environ and os.environ["NO_COLOR"] != ""
        self.colour = (tty and not no_colour) if colour is None else colour
        self.clear = (tty and not no_colour) if clear is None else clear
        self.BOLD, self.DIM, self.RESET = (BOLD, DIM, RESET) if self.colour else ("", "", "")

    # ------------------------------------------------------------------ output
    def _emit(self, lines: list[str]) -> None:
        text = "\n".join(_cut(line, self.width) for line in lines[:max(1, self.height - 1)])
        if not self.colour:
            text = _plain(text)
        self.out.write((CLEAR if self.clear else "\n") + text + "\n")
        self.out.flush()

    def _ask(self, prompt: str) -> str:
        self.out.write(prompt if self.colour else _plain(prompt))
        self.out.flush()
        line = self.inp.readline()
        if not line:
            raise QuitTerminal("input ended")
        return line.strip()

    def situation_lines(self, sit: Situation, me: int, header: str = "", compact: bool = False) -> list[str]:
        """The situation: title, clock and score, game facts, then your team and theirs. ``compact``
        (a short terminal): the facts on one line, the bench on one, and the other team's men on the
        floor in a line or two; a board (FUBA) is drawn in text in place of the lineups."""
        B, R = self.BOLD, self.RESET
        lines = [f"{B}{sit.title}{R}" + (f"  -  {header}" if header else "")]
        home, away = sit.teams
        score = f"{home.name} {home.score} - {away.name} {away.score}"
        lines.append(f"{B}{score}{R}" + (f"  |  {sit.clock}" if sit.clock else ""))
        facts = [sit.ball] if sit.ball else []
        facts += [f"{k}: {v}" if v else k for k, v in sit.facts]
        if facts:  # on two lines at most
            lines += textwrap.wrap(" | ".join(facts), self.width, initial_indent="  ",
                                   subsequent_indent="  ")[:1 if compact else 2]
        if sit.text:  # the generic presenter: the engine's own scoreboard
            lines += sit.text.splitlines()[:6 if compact else 12]
        for n, t in enumerate((sit.teams[me], sit.teams[1 - me])):
            head = f"{B}{t.name} ({t.coach or SIDE_NAMES[t.side]}) {t.score}{R}"
            facts = [f"{k} {v}" for k, v in t.facts]
            line = head
            rows = []
            for f in facts:  # the team's facts after its name, on a second line where they do not fit
                if _visible(line) + len(f) + 3 > self.width:
                    rows.append(line)
                    line = "   "
                line += ("  " if line == head else " | " if line.strip() else "") + f
            rows.append(line)
            lines += rows[:1] if compact and n == 1 else rows[:2] if compact else rows
            if sit.board is not None:  # the board shows where everybody stands
                if t.bench and not (compact and n == 1):
                    lines += self.bench_lines(t.bench, 1)
                continue
            if compact and n == 1:
                lines += self.brief_lines(t.on_court)
                continue
            lines += self.player_lines(t.on_court)
            if t.bench:
                lines += self.bench_lines(t.bench, 1 if compact else 2 if t.on_court else 4)
        if sit.board is not None:
            lines += self.board_lines(sit, me)
        return lines

    def brief_lines(self, players) -> list[str]:
        """Men on the floor in a line or two: "PG Starks 12 pts 2 PF; SG ..." (a short terminal)."""
        items = [" ".join(x for x in (p.position, p.name.split(" ")[-1], p.line.split(",")[0],
                                      f"{p.fouls} PF" if p.fouls else "", p.fatigue if p.fatigue in ("FATIGUED",) else "")
                          if x) for p in players]
        return textwrap.wrap("; ".join(items), self.width, initial_indent="  ", subsequent_indent="  ")[:2]

    def board_lines(self, sit: Situation, me: int) -> list[str]:
        """A board in text (FUBA's 13 areas): one row per side of the pitch (north, middle, south),
        the areas from the home goal to the away goal, each with its id, the pieces of each team
        there (the keeper as "GK") and "*" where the ball is; corner-kick spots in use below."""
        areas = {a.id: a for a in sit.board}
        letters = _team_letters([t.name for t in sit.teams])
        layout = [[("H-NC", 1), ("H-NS", 2), ("A-NS", 2), ("A-NC", 1)],
                  [("H-PA", 1), ("H-F", 1), ("C", 2), ("A-F", 1), ("A-PA", 1)],
                  [("H-SC", 1), ("H-SS", 2), ("A-SS", 2), ("A-SC", 1)]]
        if any(a not in areas for row in layout for a, _ in row):
            return []
        unit = max(9, min(16, (self.width - 1) // 6))

        def cell(a) -> str:
            area = areas[a]
            bits = [a]
            for side in (0, 1):
                ps = [p for p in area.pieces if p.get("side") == side]
                if ps:
                    gk = any(p.get("number") == 1 for p in ps)
                    bits.append(f"{letters[side]}{len(ps)}" + ("g" if gk else ""))
            return " ".join(bits) + ("*" if area.ball else "")

        border = "+" + "+".join("-" * (unit * 1 - 1) for _ in range(6)) + "+"
        out = [f"  {letters[0]} {sit.teams[0].name}, {letters[1]} {sit.teams[1].name}; H the home end, A the away "
               "end; g with the keeper; * the ball", border]
        for row in layout:
            line = "|"
            for a, span in row:
                line += _cut(cell(a), unit * span - 1).ljust(unit * span - 1) + "|"
            out.append(line)
        out.append(border)
        spots = [f"{a.name}: " + " ".join(f"{letters[s]}{sum(1 for p in a.pieces if p.get('side') == s)}"
                                           for s in (0, 1) if any(p.get("side") == s for p in a.pieces))
                 + (" *" if a.ball else "") for a in sit.board if a.id.endswith("K") and (a.pieces or a.ball)]
        if spots:
            out.append("  " + "; ".join(spots))
        return out

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
            self._emit([f"{self.BOLD}{title}{self.RESET}" + (f" (page {i + 1} of {len(pages)})" if len(pages) > 1 else "")] + page)
            if self._ask("Enter for more, q back > " if more else "Enter to go back > ").lower() == "q":
                return


class Terminal(_Screen):
    """A person at a :class:`Seat`, reading ``inp`` and writing ``out``. ``save``: the file ``s``,
    Ctrl-C and quitting save to (default ``coachgym-<ruleset>-<seed>.json`` in ``save_dir``)."""

    def __init__(self, seat: Seat, inp: TextIO | None = None, out: TextIO | None = None, *, width: int | None = None,
                 height: int | None = None, clear: bool | None = None, save_dir: str | Path = ".",
                 save: str | Path | None = None, colour: bool | None = None):
        super().__init__(inp, out, width=width, height=height, clear=clear, colour=colour)
        self.seat = seat
        self.save_dir = Path(save_dir)
        self.save_path = Path(save) if save else self.save_dir / f"coachgym-{seat.rs.name}-{seat.seed}.json"
        self.hint_lines: list[str] = []
        self.saved_to: Path | None = None

    def decision_lines(self, menu: _Menu, budget: int) -> list[str]:
        """The decision: its sentence, the warnings of what Enter leads to, then the current list
        numbered, within ``budget`` lines."""
        v = menu.view
        B, R = self.BOLD, self.RESET
        lines = [f"{B}{x}{R}" for x in textwrap.wrap(f"Your decision: {v.title}", self.width, subsequent_indent="  ")[:2]]
        top = menu.choice is None and menu.group is None
        if top:
            for w in v.warnings:  # never dropped: what doing nothing costs under the rules
                lines += textwrap.wrap(f"! {w}", self.width - 2, initial_indent="  ", subsequent_indent="    ")
        if v.explain and top:
            lines += textwrap.wrap(v.explain, self.width - 2, initial_indent="  ",
                                   subsequent_indent="  ")[:2 if budget > 16 else 1]
        title, entries = menu.entries()
        tail = self.hint_lines + [f"  {m}" for m in menu.message]
        if top:
            flat = sum(1 + len(g.choices) for g in v.groups if len(g.choices) > 1) + sum(
                1 for g in v.groups if len(g.choices) == 1)
            self._numbered = []
            self._keys = []
            if flat + len(lines) + len(tail) <= budget:  # everything at once, under group titles
                items = []
                for g in v.groups:
                    if len(g.choices) > 1:
                        items.append((None, f" {g.title}:", ""))
                    for c in g.choices:
                        self._numbered.append(c)
                        self._keys.append(len(self._numbered))
                        items.append((len(self._numbered), _choice_text(c, v), c.explain))
                lines += self._entries(items, budget - len(lines) - len(tail))
            else:  # the groups first
                for gi, g in enumerate(v.groups):
                    if len(g.choices) == 1:
                        self._numbered.append(g.choices[0])
                        label = _choice_text(g.choices[0], v)
                    else:
                        self._numbered.append(gi)
                        label = f"{g.title}  > ({len(g.choices)})"
                    self._keys.append(len(self._numbered))
                    lines.append(f"  {len(self._numbered):>2}. {label}")
        else:
            lines.append(f" {title}")
            keys = _keys(entries)
            room = budget - len(lines) - len(tail) - 2
            shown = entries[:max(1, room)]
            self._numbered = [target for _, target in entries]
            self._keys = keys
            lines += self._entries([(k, label, getattr(t, "explain", "")) for k, (label, t) in zip(keys, shown)],
                                   budget - len(lines) - len(tail) - 2)
            if len(entries) > len(shown):
                lines.append(f"  ... {len(entries) - len(shown)} more: type the number")
            lines.append("   0. back")
        return lines + tail

    def _entries(self, items: list[tuple[int | None, str, str]], room: int) -> list[str]:
        """Numbered options, each with its explanation: after the label where the line has room, else
        wrapped under it (indented) where the list still fits in ``room`` lines, else left out
        (never cut with "~")."""
        D, R = self.DIM, self.RESET
        out: list[list[str]] = []
        for n, label, explain in items:
            if n is None:
                out.append([label])
                continue
            line = f"  {n:>2}. {label}"
            if explain and len(line) + len(explain) + 3 <= self.width:
                out.append([f"{line}  {D}- {explain}{R}"])
            elif explain:
                out.append([line] + [f"{D}{x}{R}" for x in textwrap.wrap(
                    f"- {explain}", self.width - 8, initial_indent="        ", subsequent_indent="          ")])
            else:
                out.append([line])
        extra = sum(len(x) - 1 for x in out)
        flat: list[str] = []
        for entry in out:
            if len(entry) > 1 and len(out) + extra > room:
                extra -= len(entry) - 1  # this explanation does not fit: the label alone
                flat.append(entry[0])
            else:
                flat += entry
        return flat

    def screen(self, menu: _Menu) -> list[str]:
        """The whole screen, within ``height`` lines less the prompt's: the situation (compact where the
        terminal is short), what happened since your last decision, the decision."""
        sit = self.seat.situation()
        header = f"seed {self.seat.seed}, decision {self.seat.number}"
        room_all = self.height - 1  # the prompt's line
        top = self.situation_lines(sit, self.seat.side, header)
        dec = self.decision_lines(menu, room_all - len(top))
        if len(top) + len(dec) > room_all or len(top) > room_all // 2 + 4:
            top = self.situation_lines(sit, self.seat.side, header, compact=True)
            dec = self.decision_lines(menu, room_all - len(top))
        if len(top) + len(dec) > room_all:  # still too long: the decision keeps its end (the list, messages)
            keep = max(3, room_all - len(top))
            dec = dec[:1] + dec[-(keep - 1):] if len(dec) > keep else dec
            top = top[:max(2, room_all - len(dec))]
        room = room_all - len(top) - len(dec)
        events = feed_lines(self.seat.new_events(), self.seat.rs.name)
        feed: list[str] = []
        if room >= 2 and events:
            shown = events[-(room - 1):]
            label = "since your last decision" + (f" (last {len(shown)} of {len(events)}; l for more)" if len(shown) < len(events) else "")
            feed = [f"{self.DIM}-- {label} --{self.RESET}"] + [f"  {x}" for x in shown]
        return top + feed + dec

    def prompt(self, menu: _Menu) -> str:
        v = menu.view
        d = next((c for c in v.choices() if c.action == v.default_action), None) or v.default_finish()
        top = menu.group is None and menu.choice is None
        keys = "h hint, c continue, u undo, b box, l plays, a auto-play, s save, ? help, q quit > "
        if menu.choice is not None:  # a second step open: Enter takes its marked default (0 goes back)
            d = next((t for t in menu.choice.then or [] if t.default), None)
            top = d is not None
        if d is None or not top:
            return keys if len(keys) < self.width else "? help, q quit > "
        what = d.label + (f" ({v.default_note})" if v.default_note and d.action == v.default_action else "")
        for keys_now in (keys, "h hint, c continue, u undo, b box, ? help, q quit > "):
            full = f"Enter = {what}; {keys_now}"
            if len(full) < self.width:
                return full
        short = "? help, q quit > "
        return f"Enter = {_cut(what, max(10, self.width - len(short) - 11))}; {short}"

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        """Play until the game ends or the person quits. Ctrl-C saves the game first, then asks."""
        who = ("a two-person game at one keyboard: both teams' decisions are asked here" if self.seat.two else
               f"you coach the {SIDE_NAMES[self.seat.side]} team against {self.seat.opponent}")
        self.out.write(f"coachgym: {self.seat.rs.title}, {who}. Seed {self.seat.seed} (the same seed and choices "
                       "replay this game).\n")
        while True:
            try:
                while not self.seat.over:
                    self.decide()
            except QuitTerminal:
                self.offer_save()
                return
            except KeyboardInterrupt:
                if self.interrupted():
                    continue
                return
            break
        self.final()

    def interrupted(self) -> bool:
        """Ctrl-C: the game is saved at once (no game lost), then the person may name another file,
        play on, or quit. True to play on."""
        saved = self.save() if not self.seat.over else ""
        self.out.write(f"\nInterrupted. {saved or 'The game is over.'}\n")
        try:
            answer = self._ask("r to play on, FILE.json to save it there too, Enter to quit > ")
        except (QuitTerminal, KeyboardInterrupt):
            self.out.write("\n")
            return False
        if answer.lower() == "r":
            return True
        if _file_name(answer):
            self.out.write(self.save(answer) + "\n")
        elif answer:
            self.out.write(f"{answer!r} is not a file name ending in .json; the game stays saved as above.\n")
        return False

    def decide(self) -> None:
        """One decision of the person, with every command on the way."""
        view = self.seat.pending()
        menu = _Menu(view)
        if self._note:
            menu.message, self._note = [self._note], ""
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
            elif cmd == "" and menu.choice is not None and any(t.default for t in menu.choice.then or []):
                # a second step open (who goes in for him): Enter takes its marked default
                self._choose(next(t for t in menu.choice.then or [] if t.default).action, number, menu)
            elif cmd in ("0", "") and (menu.group is not None or menu.choice is not None):
                self._back(menu)
            elif cmd == "h":
                self.show_hint()
            elif cmd in CONTINUE:
                self.hint_lines = []
                self.seat.continue_to(CONTINUE[cmd])
            elif cmd in ("u", "undo"):
                if self.undo(menu):
                    return
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
                menu.message = [f"{text!r}: type a number, Enter, or one of h c u b l a s ? q (? for help)."]

    def undo(self, menu: _Menu) -> bool:
        """Take back the last decision (the seat says why where it cannot); True where it was."""
        try:
            self.seat.undo(self.seat.number)
        except CoachgymError as exc:
            menu.message = [f"Cannot undo: {exc}."]
            return False
        self._note = "Your last decision was taken back: decide again."
        self.hint_lines = []
        return True

    _note = ""

    def _pick(self, n: int, menu: _Menu, number: int) -> None:
        if n == 0:
            self._back(menu)
            return
        if n not in self._keys:
            sub = menu.group is not None or menu.choice is not None
            if self._keys and self._keys != list(range(1, len(self._keys) + 1)):
                menu.message = [f"Type one of {', '.join(map(str, self._keys))}" + (", or 0 to go back." if sub else ".")]
            else:
                menu.message = [f"Type a number from 1 to {len(self._numbered)}" + (", or 0 to go back." if sub else ".")]
            return
        target = self._numbered[self._keys.index(n)]
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
            lines += textwrap.wrap(f"({h.note})", self.width - 3, initial_indent="   ", subsequent_indent="    ")[:2]
        self.hint_lines = lines

    def box(self) -> None:
        self._page("Box score", self.box_lines(self.seat.box_score()))

    def last_plays(self) -> None:
        lines = feed_lines(self.seat.view_game().log.events, self.seat.rs.name)
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

    def save(self, name: str | Path = "") -> str:
        path = Path(name) if name else self.save_path
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
            answer = self._ask(f"\nSave the game before quitting? [Y/n or FILE.json; Enter: {self.save_path}] ")
        except (QuitTerminal, KeyboardInterrupt):
            answer = "n"
        if answer.lower() in ("n", "no"):
            self.out.write(f"Game abandoned (seed {self.seat.seed}).\n")
        else:  # anything but no saves (a file name ending in .json there)
            self.out.write(self.save(answer if _file_name(answer) else "") + "\n")

    def final_path(self) -> Path:
        """Where a finished game is saved by default: beside the mid-game save, never over it
        (``coachgym-statispro-12-final.json``, then ``-final-2`` ...)."""
        base = self.save_path.with_name(self.save_path.stem + "-final")
        path, n = base.with_suffix(".json"), 1
        while path.exists():
            n += 1
            path = base.with_name(f"{base.name}-{n}").with_suffix(".json")
        return path

    def _over_words(self) -> str:
        """The last line where the situation names no result: a seat whose start defines its end (a
        challenge of the academy) ends before the game does."""
        if self.seat.start is not None and not self.seat.view_game().over:
            return "Challenge over: its end has come (coachgym serve shows it beside the book's)"
        return "Game over"

    def final(self) -> None:
        sit = self.seat.situation()
        self._emit(self.situation_lines(sit, self.seat.side, f"seed {self.seat.seed}", compact=self.height < 32)
                   + ["", f"{self.BOLD}{sit.result or self._over_words()}{self.RESET}"])
        try:
            self._ask("Enter for the box score > ")
            self.box()
            path = self.final_path()
            answer = self._ask(f"Save the finished game (coachgym replay)? [y/N or FILE.json; y: {path}] ")
        except (QuitTerminal, KeyboardInterrupt):
            return
        if answer.lower() in ("y", "yes"):
            self.out.write(self.save(path) + "\n")
        elif _file_name(answer):
            self.out.write(self.save(answer) + "\n")


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _terminal_size(stream) -> os.terminal_size | None:
    try:
        return os.get_terminal_size(stream.fileno())
    except (AttributeError, ValueError, OSError):
        return None


def _plain(text: str) -> str:
    """Text without the escape codes this module writes."""
    return text.replace(BOLD, "").replace(DIM, "").replace(RESET, "").replace(CLEAR, "")


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


def _file_name(answer: str) -> bool:
    """Whether an answer names a file to save to (it ends in .json): "1" or "ok" never does."""
    return answer.strip().lower().endswith(".json") and len(answer.strip()) > 5


def _team_letters(names: list[str]) -> tuple[str, str]:
    """One letter per team for the text board: the names' initials where they differ, else H and A."""
    a, b = (n.strip()[:1].upper() or "H" for n in names)
    return (a, b) if a != b else ("H", "A")


class ReplayTerminal(_Screen):
    """Stepping through a :class:`~coachgym.present.replay.Replay` (keys: ``REPLAY_KEYS``): Enter or n
    the next event, p the previous, m/M your decisions, g/G scores, t/T periods, w/W the big swings
    of the win chance (where the caller added them: ``Replay.add_jumps``), j N event N, e the end,
    b box score, q quit."""

    JUMPS = {"m": ("decision", 1), "M": ("decision", -1), "g": ("score", 1), "G": ("score", -1),
             "t": ("period", 1), "T": ("period", -1), "w": ("swing", 1), "W": ("swing", -1)}
    WHAT = {"decision": ("your decision", "of your decisions"), "score": ("score change", "score change"),
            "period": ("period start", "period"), "swing": ("big swing", "big swing")}

    def __init__(self, replay, inp: TextIO | None = None, out: TextIO | None = None, *, width: int | None = None,
                 height: int | None = None, clear: bool | None = None, colour: bool | None = None):
        super().__init__(inp, out, width=width, height=height, clear=clear, colour=colour)
        self.replay = replay

    def run(self, show_all: bool = False) -> None:
        rep = self.replay
        if show_all:
            self.out.write(f"{rep.title}" + (f" (seed {rep.seed})" if rep.seed is not None else "") + "\n")
            for line in feed_lines(rep.events):
                self.out.write(line + "\n")
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
                text = self._ask("Enter next, p previous, m/g/t/w next decision/score/period/swing, b box, ? keys, q quit > ")
            except (QuitTerminal, KeyboardInterrupt):
                return
            cmd = text.lower()
            if cmd in ("", "n"):
                if i + 1 >= len(rep):
                    message = "That was the last event (q to quit, b for the box score)."
                i = min(i + 1, len(rep) - 1)
            elif cmd == "p":
                i = max(0, i - 1)
            elif text in self.JUMPS:
                i, message = self.jump(i, *self.JUMPS[text])
            elif cmd == "e":
                i = len(rep) - 1
            elif cmd.startswith("j") and cmd[1:].strip().isdigit():
                i = max(0, min(len(rep) - 1, int(cmd[1:].strip()) - 1))
            elif cmd == "b":
                try:
                    self._page("Box score", self.box_lines(self._box()))
                except QuitTerminal:
                    return
            elif cmd == "?":
                message = "\n  ".join(REPLAY_KEYS)
            elif cmd in ("q", "quit"):
                return
            else:
                message = f"{text!r}: Enter, n, p, m M, g G, t T, w W, j N, e, b, ? or q."

    def jump(self, i: int, what: str, step: int) -> tuple[int, str]:
        """The next (``step`` 1) or previous (-1) frame of a kind (``Replay.jumps``), and a message
        where there is none."""
        marks = self.replay.jumps().get(what, []) if hasattr(self.replay, "jumps") else []
        hits = [k for k in marks if k > i] if step > 0 else [k for k in marks if k < i][::-1]
        if not hits:
            word = "next" if step > 0 else "previous"
            return i, f"No {word} {self.WHAT[what][1]}" + ("" if marks else " in this replay") + "."
        n = marks.index(hits[0]) + 1
        return hits[0], f"{self.WHAT[what][0].capitalize()} {n} of {len(marks)}."

    def _box(self):
        return self.replay._games[-1].clone().box_score()

    def frame_lines(self, i: int) -> list[str]:
        f = self.replay.frame(i)
        side = self.replay.side if self.replay.side is not None else 0
        header = f"replay, event {i + 1} of {f.count}" + ("" if f.exact else " (lineups as at the save)")
        top = self.situation_lines(f.situation, side, header, compact=self.height < 32)
        room = self.height - len(top) - 4
        earlier = feed_lines(self.replay.events[max(0, i - room + 1):i], self.replay.rs.name) if room > 0 else []
        note = self.replay.note(i) if hasattr(self.replay, "note") else ""  # a big swing: how the chance moved
        if note:
            earlier = earlier[1:]  # (its line instead of the oldest play's)
        return top + [f"{self.DIM}-- play-by-play --{self.RESET}"] + [f"  {x}" for x in earlier] + \
            [f"{self.BOLD}> {words(self.replay.rs.name)(f.line)}{self.RESET}"] + ([f"  {note}"] if note else [])
