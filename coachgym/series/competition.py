"""Seasons and tournaments: a schedule, one coach per team, the rulesets' carry-over rules between
games, every game stored in the SQLite store (replayable), resumable at any point.

    from coachgym.store import Store
    from coachgym.series.competition import Competition

    store = Store("league.sqlite3")
    comp = Competition.create(store, name="nba93", kind="season", ruleset="statispro",
                              teams=[("knicks-1993", "by-the-book"), ("bulls-1993", "trained"), ...],
                              fmt={"type": "round-robin", "legs": 2}, seed=1)
    comp.play(backend)                 # stops at Ctrl-C or max_games; call again to go on
    comp.standings(); comp.leaders(); comp.player_stats("knicks-1993")

How a run stays exact: each game's seed is a function of the competition seed, its round and its
slot; each team's carried-over state (injuries, skills) is folded again from the stored games in
schedule order before a round is played. Games of one round are independent (a team plays once a
round), so a round goes to the backend at once; when no carry-over applies (Value Add, injuries
off), the whole remaining schedule does. A stopped run resumed later stores the same games as an
uninterrupted one (tested).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from .. import rulesets
from ..core.engine import AWAY, HOME
from ..core.errors import CoachgymError, ConfigError
from ..core.match import play_game
from ..core.ruleset import split_league_team
from ..core.runner import Backend, InlineBackend, make_coach
from ..store import Store
from . import carryover
from .schedule import FixedSchedule, Fixture, Knockout, Result, RoundRobin


class CompetitionError(CoachgymError):
    """A season or tournament cannot be created, resumed or shown as asked."""


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_seed(comp_seed: int, round_no: int, slot: int) -> int:
    """The seed of the game in ``slot`` of ``round_no``: the same whenever and wherever it is played."""
    return comp_seed * 1_000_003 + round_no * 1_009 + slot


# ------------------------------------------------------------------------------------ the task
@dataclass(frozen=True)
class ScheduledGame:
    """One scheduled game as a runner task (see ``coachgym.core.runner``): the team data as this game
    uses it (carry-over applied), the rule options, the coaches' specs and the seed."""

    ruleset: str
    options: dict
    home: dict
    away: dict
    home_coach: str
    away_coach: str
    seed: int
    record_events: bool = False
    games: int = 1

    def build(self, record_events: bool | None = None):
        rs = rulesets.get(self.ruleset)
        home = rs.parse_team(self.home, "home team")
        away = rs.parse_team(self.away, "away team")
        rec = self.record_events if record_events is None else record_events
        return rs, rs.new_game(home, away, seed=self.seed, options=self.options, record_events=rec)

    def play(self, record_events: bool | None = None, on_step: Callable[[Any], Any] | None = None):
        """Play the game here and return the finished engine. ``on_step``: called after every step
        with the engine (a browser season's process waits there while a person is answered); it
        changes nothing of the game."""
        rs, game = self.build(record_events)
        play_game(game, make_coach(rs, self.home_coach, self.seed * 2 + 1),
                  make_coach(rs, self.away_coach, self.seed * 2 + 2), seed=self.seed, on_event=on_step)
        return game

    def run(self, on_step: Callable[[Any], Any] | None = None) -> dict:
        game = self.play(on_step=on_step)
        carry = carryover.for_ruleset(self.ruleset)
        h, a = game.score
        return {"home_score": h, "away_score": a, "box": game.box_score().to_dict(),
                "carry": [carry.facts(game, HOME), carry.facts(game, AWAY)]}


# ------------------------------------------------------------------------------------ records
@dataclass
class Entry:
    key: str
    name: str
    coach: str
    data: dict
    position: int


@dataclass
class GameRow:
    id: int
    round: int
    slot: int
    label: str
    neutral: bool
    home: str
    away: str
    home_score: int
    away_score: int
    box: dict
    carry: list
    seed: int
    home_coach: str
    away_coach: str
    options: dict
    engine_version: int
    home_team: str  # sha of the team data
    away_team: str

    @property
    def result(self) -> Result:
        return Result(self.round, self.slot, self.home, self.away, self.home_score, self.away_score)

    @property
    def winner(self) -> str | None:
        return self.result.winner


FORMATS = ("round-robin", "knockout", "schedule")


@dataclass
class Competition:
    store: Store
    id: int
    name: str
    kind: str
    ruleset: str
    engine_version: int
    fmt: dict
    options: dict
    seed: int
    entries: list[Entry]
    finished: float | None = None
    games: list[GameRow] = field(default_factory=list)

    # ------------------------------------------------------------------ create / load
    @classmethod
    def create(cls, store: Store, *, name: str, kind: str, ruleset: str, teams: list[tuple[Any, str]],
               fmt: dict, options: dict | None = None, seed: int = 0) -> "Competition":
        """A new season (``kind="season"``, a round robin) or tournament (a knockout) between ``teams``:
        (team, coach spec) pairs, a team being a bundled team's name, a team file or team data."""
        if kind not in ("season", "tournament"):
            raise ConfigError(f"kind must be season or tournament, got {kind!r}")
        rs = rulesets.get(ruleset)
        if not name or not name.strip():
            raise ConfigError("a season or tournament needs a name")
        if store.query("SELECT 1 FROM competitions WHERE name = ?", (name,)):
            raise CompetitionError(f"{store.path}: there is already a season or tournament named {name!r} "
                                   f"(continue it with 'resume', or choose another --name)")
        options = dict(options or {})
        rs.parse_options(options)  # bad options fail here, naming the option
        entries = []
        for pos, (team, coach) in enumerate(teams):
            data, where = rs.team_data(team)
            league_team = split_league_team(team)
            if league_team:  # LEAGUE/TEAM: the team's name in its league
                key = league_team[1]
            else:
                key = team if isinstance(team, str) and not Path(team).suffix else Path(str(where)).stem.split(":")[-1]
            parsed = rs.parse_team(data, where)
            make_coach(rs, coach, None)  # an unknown coach fails before any game
            entries.append(Entry(key, parsed.name, coach, data, pos))
        keys = [e.key for e in entries]
        if len(set(keys)) != len(keys):
            raise ConfigError(f"a team may enter only once: {', '.join(k for k in keys if keys.count(k) > 1)}")
        fmt = cls._check_format(fmt, kind, keys, seed)
        with store.transaction() as cur:
            cur.execute("INSERT INTO competitions (name, kind, ruleset, engine_version, format, options, seed, created) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (name, kind, rs.name, rs.version, canonical(fmt), canonical(options), seed, time.time()))
            cid = cur.lastrowid
            for e in entries:
                team_sha = _put_team(cur, rs.name, e.data)
                cur.execute("INSERT INTO competition_teams (competition, key, position, name, coach, team) "
                            "VALUES (?, ?, ?, ?, ?, ?)", (cid, e.key, e.position, e.name, e.coach, team_sha))
        return cls.load(store, name)

    @staticmethod
    def _check_format(fmt: dict, kind: str, keys: list[str], seed: int) -> dict:
        fmt = dict(fmt)
        t = fmt.setdefault("type", "round-robin" if kind == "season" else "knockout")
        if t not in FORMATS:
            raise ConfigError(f"unknown schedule {t!r}; known: {', '.join(FORMATS)}")
        if t == "round-robin":
            fmt.setdefault("legs", 2)
            fmt.setdefault("games_per_team", None)
            RoundRobin(keys, fmt["legs"], fmt["games_per_team"])  # checks the numbers
        elif t == "schedule":  # a league's season, game by game (docs/league-seasons.md)
            if kind != "season":
                raise ConfigError("a schedule given game by game is a season's")
            FixedSchedule(keys, fmt.get("games") or [], fmt.get("rounds"), fmt.get("labels"))
        else:
            fmt.setdefault("court", "neutral")
            fmt.setdefault("max_replays", 3)
            Knockout(keys, fmt["court"], seed, fmt["max_replays"])
        return fmt

    @classmethod
    def load(cls, store: Store, name: str) -> "Competition":
        rows = store.query("SELECT * FROM competitions WHERE name = ?", (name,))
        if not rows:
            known = [r["name"] for r in store.query("SELECT name FROM competitions ORDER BY id")]
            raise CompetitionError(f"{store.path}: no season or tournament named {name!r}"
                                   + (f"; there are: {', '.join(known)}" if known else "; the database holds none"))
        r = rows[0]
        entries = [Entry(t["key"], t["name"], t["coach"], json.loads(t["data"]), t["position"])
                   for t in store.query("SELECT t.*, f.data FROM competition_teams t JOIN team_files f ON f.sha = t.team "
                                        "WHERE competition = ? ORDER BY position", (r["id"],))]
        comp = cls(store, r["id"], r["name"], r["kind"], r["ruleset"], r["engine_version"], json.loads(r["format"]),
                   json.loads(r["options"]), r["seed"], entries, r["finished"])
        comp.games = [_game_row(g) for g in store.query(
            "SELECT * FROM competition_games WHERE competition = ? ORDER BY round, slot", (comp.id,))]
        return comp

    @staticmethod
    def names(store: Store) -> list[dict]:
        """Every season and tournament in the store, with its progress."""
        out = []
        for r in store.query("SELECT c.*, (SELECT COUNT(*) FROM competition_games g WHERE g.competition = c.id) AS n, "
                             "(SELECT COUNT(*) FROM competition_teams t WHERE t.competition = c.id) AS teams "
                             "FROM competitions c ORDER BY c.id"):
            out.append({"name": r["name"], "kind": r["kind"], "ruleset": r["ruleset"], "teams": r["teams"],
                        "games": r["n"], "finished": r["finished"] is not None, "format": json.loads(r["format"])})
        return out

    # ------------------------------------------------------------------ schedule and state
    @property
    def keys(self) -> list[str]:
        return [e.key for e in self.entries]

    @property
    def entry(self) -> dict[str, Entry]:
        return {e.key: e for e in self.entries}

    # (a competition's format and teams never change once it is created: its schedule and context are
    # built once per loaded Competition, not on every game's task - 16 ms for an NBA season's)
    @functools.cached_property
    def schedule(self) -> RoundRobin | Knockout | FixedSchedule:
        if self.fmt["type"] == "round-robin":
            return RoundRobin(self.keys, self.fmt["legs"], self.fmt["games_per_team"])
        if self.fmt["type"] == "schedule":
            return FixedSchedule(self.keys, self.fmt["games"], self.fmt.get("rounds"), self.fmt.get("labels"))
        return Knockout(self.keys, self.fmt["court"], self.seed, self.fmt["max_replays"])

    @functools.cached_property
    def context(self) -> carryover.Context:
        """The competition's context: the most games a team plays, the players' games counted out of
        ``real_games`` (a season whose teams' lengths differ: :meth:`context_of`, each team's own)."""
        gpt = None
        if self.fmt["type"] in ("round-robin", "schedule"):
            gpt = max(self._games_of.values())
        return carryover.Context(self.kind, gpt, bool(self.fmt.get("availability")),
                                 int(self.fmt.get("real_games") or carryover.CARD_SEASON_GAMES))

    @functools.cached_property
    def _games_of(self) -> dict[str, int]:
        """Each team's games in the schedule (a round robin or a schedule given game by game)."""
        out = {k: 0 for k in self.keys}
        for f in self.schedule.fixtures():  # type: ignore[union-attr]
            out[f.home] += 1
            out[f.away] += 1
        return out

    @functools.cached_property
    def _contexts(self) -> dict[str, carryover.Context]:
        real = self.fmt.get("real_games_by_team") or {}
        if not real or self.fmt["type"] not in ("round-robin", "schedule"):
            return {}
        shared = self.context
        # each team its own length: its games in this schedule, its players' games out of its real length
        return {k: dataclasses.replace(shared, games_per_team=self._games_of[k],
                                       card_season=int(real.get(k) or shared.card_season)) for k in self.keys}

    def context_of(self, key: str) -> carryover.Context:
        """Team ``key``'s context: the competition's, but in a season whose teams' real lengths differ
        (``real_games_by_team`` in the format: 2019-20) its own games and its own real length, so that
        a player of all 64 of Minnesota's games plays all 64 of its games (real availability, the 14G
        NOTE's allowance)."""
        return self._contexts.get(key) or self.context

    def results(self) -> dict[tuple[int, int], Result]:
        return {(g.round, g.slot): g.result for g in self.games}

    def states(self) -> dict[str, dict]:
        """Each team's carried-over state after the stored games, folded in schedule order."""
        carry = carryover.for_ruleset(self.ruleset)
        ctx = self.context_of
        states = {e.key: carry.initial_state(e.data) for e in self.entries}
        for g in sorted(self.games, key=lambda g: (g.round, g.slot)):
            states[g.home] = carry.advance(states[g.home], g.carry[HOME], ctx(g.home))
            states[g.away] = carry.advance(states[g.away], g.carry[AWAY], ctx(g.away))
        return states

    def task(self, fixture: Fixture, states: dict[str, dict]) -> ScheduledGame:
        carry = carryover.for_ruleset(self.ruleset)
        ctx = self.context
        e = self.entry
        home = carry.game_team(e[fixture.home].data, states[fixture.home], self.context_of(fixture.home))
        away = carry.game_team(e[fixture.away].data, states[fixture.away], self.context_of(fixture.away))
        options = carry.game_options(self.options, fixture.neutral, ctx, [home, away])
        return ScheduledGame(self.ruleset, options, home, away, e[fixture.home].coach, e[fixture.away].coach,
                             game_seed(self.seed, fixture.round, fixture.slot), carry.record_events(options))

    @property
    def done(self) -> bool:
        return not self.schedule.next_round(self.results())

    def total_games(self) -> int | None:
        return self.schedule.total_games()

    # ------------------------------------------------------------------ playing
    def _check_engine(self) -> None:
        rs = rulesets.get(self.ruleset)
        if rs.version != self.engine_version:
            raise CompetitionError(f"{self.name!r} was started with {self.ruleset} engine version {self.engine_version}; "
                                   f"this coachgym has version {rs.version}, whose games would differ. Finish it with "
                                   f"the coachgym that started it, or start a new one.")

    def play(self, backend: Backend | None = None, *, max_games: int | None = None, progress: bool = False,
             on_game: Callable[[GameRow], None] | None = None) -> int:
        """Play the games that remain (at most ``max_games``) on ``backend``; every finished game is
        stored at once, so a run stopped at any point (Ctrl-C, ``max_games``) resumes exactly.
        Returns the number of games played by this call."""
        self._check_engine()
        backend = backend or InlineBackend()
        carry = carryover.for_ruleset(self.ruleset)
        bar = None
        if progress:
            from tqdm import tqdm

            total = self.total_games()
            bar = tqdm(total=total, initial=len(self.games), desc=f"{self.kind} {self.name}", unit="game")
        played = 0
        try:
            while max_games is None or played < max_games:
                results = self.results()
                if carry.stateless(self.options) and not self.context.availability:
                    fixtures = self.schedule.all_remaining(results)
                else:
                    fixtures = self.schedule.next_round(results)
                if not fixtures:
                    break
                if max_games is not None:
                    fixtures = fixtures[:max_games - played]
                # every stored game: a team plays once a round, so the games stored of this round
                # are other teams' (or, for a replay, the drawn game of the same tie, which counts)
                states = self.states()
                tasks = [self.task(f, states) for f in fixtures]
                jobs = [backend.submit(t) for t in tasks]
                by_job = {id(j): (f, t) for j, f, t in zip(jobs, fixtures, tasks)}
                try:
                    for job in backend.as_completed(jobs):
                        f, t = by_job[id(job)]
                        row = self._store_game(f, t, job.result())
                        played += 1
                        if bar is not None:
                            bar.update(1)
                        if on_game is not None:
                            on_game(row)
                except BaseException:
                    backend.cancel(jobs)
                    raise
            if self.done and self.finished is None:
                self.finished = time.time()
                with self.store.transaction() as cur:
                    cur.execute("UPDATE competitions SET finished = ? WHERE id = ?", (self.finished, self.id))
        finally:
            if bar is not None:
                bar.close()
        return played

    def _store_game(self, f: Fixture, t: ScheduledGame, out: dict) -> GameRow:
        rs = rulesets.get(self.ruleset)
        with self.store.transaction() as cur:
            hs, as_ = _put_team(cur, rs.name, t.home), _put_team(cur, rs.name, t.away)
            cur.execute(
                "INSERT INTO competition_games (competition, round, slot, label, neutral, ruleset, engine_version, "
                "options, home_key, away_key, home_team, away_team, home_coach, away_coach, seed, home_score, "
                "away_score, box, carry, played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (self.id, f.round, f.slot, f.label, int(f.neutral), rs.name, rs.version, canonical(t.options),
                 f.home, f.away, hs, as_, t.home_coach, t.away_coach, t.seed, out["home_score"], out["away_score"],
                 canonical(out["box"]), canonical(out["carry"]), time.time()))
            gid = cur.lastrowid
        row = GameRow(gid, f.round, f.slot, f.label, f.neutral, f.home, f.away, out["home_score"], out["away_score"],
                      out["box"], out["carry"], t.seed, t.home_coach, t.away_coach, t.options, rs.version, hs, as_)
        self.games.append(row)
        return row

    # ------------------------------------------------------------------ reading
    def game(self, game_id: int) -> GameRow:
        for g in self.games:
            if g.id == game_id:
                return g
        raise CompetitionError(f"{self.name!r} has no game {game_id}; its games are "
                               f"{self.games[0].id}-{self.games[-1].id}" if self.games else f"{self.name!r} has no games yet")

    def champion(self) -> str | None:
        if self.fmt["type"] == "knockout":
            return self.schedule.champion(self.results())
        if not self.done:
            return None
        from .tables import standings

        return standings(self)[0]["key"]


def _put_team(cur, ruleset: str, data: dict) -> str:
    text = canonical(data)
    key = sha(text)
    cur.execute("INSERT OR IGNORE INTO team_files (sha, ruleset, data) VALUES (?, ?, ?)", (key, ruleset, text))
    return key


def _game_row(g) -> GameRow:
    return GameRow(g["id"], g["round"], g["slot"], g["label"], bool(g["neutral"]), g["home_key"], g["away_key"],
                   g["home_score"], g["away_score"], json.loads(g["box"]), json.loads(g["carry"]), g["seed"],
                   g["home_coach"], g["away_coach"], json.loads(g["options"]), g["engine_version"],
                   g["home_team"], g["away_team"])


# ------------------------------------------------------------------------------------ replay
def stored_game(store: Store, game_id: int) -> ScheduledGame:
    """The task that played a stored game: play it again with ``.play(record_events=True)``."""
    rows = store.query("SELECT g.*, h.data AS hd, a.data AS ad FROM competition_games g "
                       "JOIN team_files h ON h.sha = g.home_team JOIN team_files a ON a.sha = g.away_team "
                       "WHERE g.id = ?", (game_id,))
    if not rows:
        raise CompetitionError(f"{store.path}: no stored game {game_id}")
    g = rows[0]
    rs = rulesets.get(g["ruleset"])
    if rs.version != g["engine_version"]:
        raise CompetitionError(f"game {game_id} was played with {g['ruleset']} engine version {g['engine_version']}; "
                               f"this coachgym has version {rs.version} and cannot replay it exactly")
    options = json.loads(g["options"])
    carry = carryover.for_ruleset(g["ruleset"])
    return ScheduledGame(g["ruleset"], options, json.loads(g["hd"]), json.loads(g["ad"]), g["home_coach"],
                         g["away_coach"], g["seed"], carry.record_events(options))


def replay(store: Store, game_id: int):
    """Play a stored game again, play-by-play recorded, and check that it ends as stored. Returns the
    finished engine (``play_by_play()``, ``box_score()``)."""
    task = stored_game(store, game_id)
    game = task.play(record_events=True)
    row = store.query("SELECT home_score, away_score FROM competition_games WHERE id = ?", (game_id,))[0]
    if tuple(game.score) != (row["home_score"], row["away_score"]):
        raise CompetitionError(f"game {game_id} replayed to {game.score[0]}-{game.score[1]}, stored "
                               f"{row['home_score']}-{row['away_score']}: a coach is not deterministic given its seed")
    return game


def replay_frames(store: Store, game_id: int):
    """A stored game as a :class:`coachgym.present.replay.Replay` (the frames ``coachgym replay``
    steps through): played again with a copy of the game after every decision, so each frame shows
    the situation exactly as it was."""
    from ..present.replay import Replay

    task = stored_game(store, game_id)
    rs, game = task.build(record_events=True)
    games = [game.clone()]
    step_of_event = [0] * len(game.log)

    def snapshot(g) -> None:
        before = len(step_of_event)
        games.append(g.clone())
        step_of_event.extend([len(games) - 1] * (len(g.log) - before))

    play_game(game, make_coach(rs, task.home_coach, task.seed * 2 + 1),
              make_coach(rs, task.away_coach, task.seed * 2 + 2), seed=task.seed, on_event=snapshot)
    return Replay(rs.name, list(game.log.events), step_of_event, games, (task.home_coach, task.away_coach), None,
                  task.seed, True)


def league_season_format(ruleset: str, league: str, seed: int = 0, games_per_team: int | None = None,
                         availability: bool = True) -> dict:
    """The schedule of a league's season replay: the real one where the league has it (and no other
    length is asked for), else a balanced one to the league's format (``schedule_format`` in
    league.json: games per team, meetings within a division, a conference, across conferences;
    ``coachgym.series.schedule.league_schedule``), dealt from ``seed``. Where the teams' real records
    add up to different numbers of games (2019-20: 64-75, the 8 teams left out of the restart 64-67;
    2012-13: Boston and Indiana 81) and no length is asked for, each team plays its own real number
    (``coachgym.series.schedule.real_lengths``). ``availability``: each player plays his real share of
    the team's games where the ruleset's carry-over knows how (4th Street and Statis Pro:
    ``coachgym.series.carryover.available``), counted out of his team's real length where the lengths
    differ (``real_games_by_team``; :meth:`Competition.context_of`)."""
    from .schedule import league_schedule, real_lengths

    lg = rulesets.get(ruleset).league(league)
    # the real season's games per team, that the players' real games are a share of (real availability):
    # the most games a team's real record adds up to (1998-99: 50; 2011-12: 66), else the NBA's 82
    records = [w + lost for w, lost in (lg.real_records or {}).values()]
    real_games = max(records) if records and max(records) > 0 else carryover.CARD_SEASON_GAMES
    lengths = real_lengths(list(lg.teams), lg.real_records or {}) if games_per_team is None else None
    per_team = {"real_games_by_team": lengths} if lengths else {}
    real = lg.real_schedule() if games_per_team is None else None
    if real:
        dates = sorted({d for d, _, _ in real})
        index = {d: k for k, d in enumerate(dates)}
        return {"type": "schedule", "league": lg.name, "source": "real", "availability": availability,
                "real_games": real_games, **per_team,
                "games": [[h, a] for _, h, a in real], "rounds": [index[d] for d, _, _ in real], "labels": dates}
    fmt: dict[str, Any] = dict(lg.schedule_format)
    if games_per_team is not None:
        fmt["games"] = games_per_team
    elif lengths:
        fmt["games"] = dict(lengths)  # each team its real length
    games = league_schedule(list(lg.teams), {t: lg.division_of(t) for t in lg.teams},
                            {t: lg.conference_of(t) for t in lg.teams}, fmt, seed)
    return {"type": "schedule", "league": lg.name, "source": "balanced", "format": fmt, "availability": availability,
            "real_games": real_games, **per_team, "games": [list(g) for g in games]}


def league_options(ruleset: str, league: str) -> dict:
    """The rule options a league is played with (``rule_options`` in league.json; none: ``{}``): a
    real FUBA league's clubs differ only by their A12 skills, so its seasons switch A1 and A12 on
    (docs/rules/fuba.md, "Real leagues"). Options given with the season override them."""
    from ..core.parsing import load_json

    lg = rulesets.get(ruleset).league(league)
    opts = load_json(lg.folder / "league.json").get("rule_options") or {}
    if not isinstance(opts, dict):
        raise ConfigError(f"{lg.folder / 'league.json'}: field 'rule_options' must map rule options to values")
    return dict(opts)


def entries_from(teams: Iterable[str], coaches: dict[str, str], default_coach: str) -> list[tuple[str, str]]:
    """(team, coach) pairs for ``Competition.create`` from team names and ``TEAM=COACH`` choices (a
    league's team may be named ``LEAGUE/TEAM`` or ``TEAM``)."""
    teams = list(teams)
    short = {split_league_team(t)[1]: t for t in teams if split_league_team(t)}
    coaches = {short.get(k, k): v for k, v in coaches.items()}
    unknown = [k for k in coaches if k not in teams]
    if unknown:
        raise ConfigError(f"--coach names {', '.join(unknown)}, which is not among the teams ({', '.join(teams)})")
    return [(t, coaches.get(t, default_coach)) for t in teams]
