"""What a person sees of a game, whatever the ruleset: the contract between the rulesets' presenters
and the two front ends (the terminal, ``coachgym play``; the browser, ``coachgym serve``).

A ruleset's presenter (``coachgym/rules/<x>/present.py``) turns its engine into these plain objects;
the front ends only lay them out. Nothing here knows a ruleset, and nothing in a front end knows one
either: "how to show a decision" is written once, here and in the presenters.

Every object is plain data (strings, numbers, lists) and has ``to_dict()`` so the web app can send
it as JSON and a test can compare it. Text is in the game's own words and names players by name;
jargon a fan may not know is listed in ``terms`` so the glossary can explain it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class Rating:
    """One number from a player's card, as the card prints it: ``Rating("FG", "52", "field goal
    range 11-52")``. ``label`` is the card's own abbreviation; ``explain`` a few words for people."""

    label: str
    value: str
    explain: str = ""


@dataclass
class PlayerCard:
    """A player as a person at the table sees his card and his line on the scoresheet."""

    name: str
    position: str  # where he plays now (PG, SF, "GK", "LW" ...), or his card's positions on the bench
    on_court: bool
    ratings: list[Rating] = field(default_factory=list)  # the key card numbers
    fouls: int | None = None  # personal fouls (None where the game has none)
    fatigue: str = ""  # "fresh", "tired (played 31 of 34)", "stamina 2 of 8" ... in the game's words
    status: str = ""  # "", "injured", "fouled out", "sent off", "resting" ...
    guards: str = ""  # the opponent he guards / marks, by name ("" where the game has no matchups)
    line: str = ""  # today's line: "14 pts, 5 reb" / "1 goal"
    note: str = ""  # anything else worth a glance ("has the ball", "gets 6/7/8", "hot hand")


@dataclass
class TeamView:
    name: str
    side: int  # 0 home, 1 away
    score: int
    coach: str  # "you", "by-the-book", "trained" ...
    on_court: list[PlayerCard]
    bench: list[PlayerCard]
    facts: list[tuple[str, str]] = field(default_factory=list)  # ("timeouts left", "3"), ("team fouls", "4, in the bonus")
    colour: str = ""  # the team's colours ("#1f5a9e") where its presenter knows them; "" = the side's (home red, away blue)


@dataclass
class Area:
    """One area of a board (FUBA's 13 areas and corner spots) with the pieces in it."""

    id: str
    name: str
    pieces: list[dict[str, Any]] = field(default_factory=list)  # {"side": 0|1, "name": str, "role": str, "number": int}
    ball: bool = False


@dataclass
class Situation:
    """Where the game stands: everything a person needs to decide, at a glance."""

    ruleset: str
    title: str  # "Statis Pro Basketball - New York Knicks vs Chicago Bulls"
    clock: str  # "Q2 7:32", "Box 14 of 40, 2nd half", "Minute 63"
    period: str  # "2nd quarter", "2nd half", "overtime 1"
    possession: int | None  # side with the ball, None at a dead moment without one
    ball: str  # "Knicks' ball, shot clock 14", "ball in the away penalty area (ball value 2)"
    teams: list[TeamView]  # [home, away]
    facts: list[tuple[str, str]] = field(default_factory=list)  # game-wide: "FAC left", "weather", "arrow"
    board: list[Area] | None = None  # FUBA only: the areas in a fixed order (the web draws them as SVG)
    over: bool = False
    result: str = ""  # "Knicks win 104-98" once over
    terms: list[str] = field(default_factory=list)  # glossary terms this screen uses
    text: str = ""  # the engine's own scoreboard text (what the generic presenter shows; "" where the lineups say it all)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Choice:
    """One thing a person can pick. A choice either resolves to an engine action (``action``), or
    opens a second short list (``then``): a substitution is "who comes out" (choices with ``then``)
    and then "who goes in" (choices with ``action``), never more than two steps; or finishes a
    multi-step decision in one go (``finish``: a FUBA setup's "place the rest as the book would"),
    which the seat plays with ``Seat.finish(choice.finish)``:

    * ``"book"``: this step and the rest of the decision as the by-the-book coach answers them;
    * ``"routine"``: as the presenter's routine answers them (the last kick-off's setup), the book
      where it has no answer."""

    key: str  # stable within the decision ("out:3", "in:7", "press"); the web posts it, the terminal numbers it
    label: str  # "Mark Jackson (PG, FG 11-46)" - names, never roster indices
    explain: str = ""  # one plain line: what it does and why a coach might
    action: int | None = None  # the engine's action index (None when ``then`` is given)
    then: list["Choice"] | None = None
    then_title: str = ""  # "Who goes in for John Starks?"
    default: bool = False
    finish: str = ""  # "book" / "routine": the rest of a multi-step decision in one go (see above)
    shortcut: str = ""  # a key that names the same player at every decision (his roster number), so
    # typing ahead never lands on another man when the bench order changes; "" = numbered by place


@dataclass
class Group:
    """Options as a person thinks of them: "Substitution", "Defense", "Double team", "Shoot or pass",
    "Foul", "Timeout" ... one short list each."""

    id: str
    title: str
    explain: str = ""
    choices: list[Choice] = field(default_factory=list)


@dataclass
class DecisionView:
    side: int
    kind: str  # the engine's decision kind (for auto-play settings; never shown as text)
    title: str  # one sentence: "Dead ball: make changes, or play on."
    explain: str = ""  # what is being decided and what the rules say, in plain words
    groups: list[Group] = field(default_factory=list)
    default_action: int | None = None  # what Enter does ("play on" where the decision has it)
    terms: list[str] = field(default_factory=list)
    # what doing nothing (Enter, "play on") leads to under the rules, said before it happens: "Enter
    # plays on: Rivers has not rested this half and is FATIGUED at the 9:00 card (5.4)"; both front
    # ends show these lines above the options
    warnings: list[str] = field(default_factory=list)
    default_note: str = ""  # where Enter's choice comes from when the presenter has no default ("the book's choice")
    omitted: list[int] = field(default_factory=list)  # legal actions not offered: they cannot change anything
    # (FUBA's positioning at ball value 6, no chance to raise it); still accepted by ``Seat.choose``

    def to_dict(self) -> dict:
        return asdict(self)

    def choices(self) -> list[Choice]:
        """Every choice that resolves to an action, second steps included."""
        out: list[Choice] = []
        for g in self.groups:
            for c in g.choices:
                out.extend(c.then if c.then else [] if c.finish else [c])
        return out

    def finishes(self) -> list[Choice]:
        """The choices that finish a multi-step decision in one go."""
        return [c for g in self.groups for c in g.choices if c.finish]

    def default_finish(self) -> Choice | None:
        """The finish Enter takes where the decision has no default action (a setup's "the rest as
        the book would")."""
        if self.default_action is not None:
            return None
        return next((c for c in self.finishes() if c.default), None)


@dataclass
class KindInfo:
    """A decision kind in people's words, for auto-play settings and help."""

    kind: str
    title: str  # "Dead-ball changes (substitutions, defense, double teams)"
    explain: str
    matters: bool  # made by the person under the default auto-play (what `coachgym leverage` shows matters)


@dataclass
class Glossary:
    ruleset: str
    terms: dict[str, str]  # term -> plain explanation, e.g. "FAC": "Fast Action Card: ..."


@dataclass
class BoxColumn:
    key: str  # the column as the engine names it ("FGM", "SOT")
    explain: str  # "field goals made"


@dataclass
class BoxTeam:
    name: str
    side: int
    score: int
    rows: list[list]  # [player name, value per column ...], players who did something
    totals: list  # ["TOTAL", value per column ...]
    team: list[tuple[str, int]] = field(default_factory=list)  # team-only figures: ("team rebounds", 3)


@dataclass
class BoxTable:
    """A box score laid out for people: the columns with what they mean, one table per team."""

    ruleset: str
    columns: list[BoxColumn]
    teams: list[BoxTeam]

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class HintOption:
    action: int
    label: str  # the choice as the decision panel shows it
    probability: float | None = None  # the trained coach's probability of it (None for the book's pick)


@dataclass
class Hint:
    """What the AI coaches would do here: the book's choice, and the trained coach's top choices with
    their probabilities (empty where no trained coach is shipped for the ruleset)."""

    book: HintOption | None
    trained: list[HintOption] = field(default_factory=list)
    note: str = ""  # e.g. "the trained coach leaves substitutions to the book"

    def to_dict(self) -> dict:
        return asdict(self)
