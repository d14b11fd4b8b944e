"""Schedules: round robins (single, double, or N games per team), knockout brackets (NIT / March
Madness style, FUBA cup) and the fixtures they produce round by round.

A :class:`Fixture` is one game to play: its round and slot (which fix its seed), the home and away
team keys, a label ("Round 3", "Semi-finals", "Final (replay)") and whether the court is neutral.
Round-robin schedules are known in advance; a knockout's next round depends on the results so far,
so every format answers ``next_round(results)`` with the fixtures still to play in the earliest
round that is not complete, or ``[]`` when the competition is over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.errors import ConfigError


@dataclass(frozen=True)
class Fixture:
    round: int  # 1-based
    slot: int  # 0-based within the round
    home: str
    away: str
    label: str
    neutral: bool = False
    tie: int = -1  # knockout: the tie (bracket position) this game decides; -1 in a round robin

    @property
    def key(self) -> tuple[int, int]:
        return (self.round, self.slot)


@dataclass(frozen=True)
class Result:
    """What a schedule needs to know about a played game."""

    round: int
    slot: int
    home: str
    away: str
    home_score: int
    away_score: int

    @property
    def winner(self) -> str | None:
        if self.home_score == self.away_score:
            return None
        return self.home if self.home_score > self.away_score else self.away


def _home_first(i: int, j: int, n: int) -> bool:
    """Does team ``i`` host team ``j`` (indices in entry order) in a single round robin of ``n``
    teams? For odd ``m`` teams, ``i`` hosts when ``(j - i) mod m`` is in 1..(m-1)/2: everyone hosts
    exactly (m-1)/2 games. With an even ``n`` the last team is added to the odd table and hosts the
    first half of the others: home games then differ by at most one."""
    m = n if n % 2 else n - 1
    if n % 2 == 0 and (i == n - 1 or j == n - 1):
        other = j if i == n - 1 else i
        last_hosts = other < m // 2 + (1 if m % 2 else 0)
        return last_hosts if i == n - 1 else not last_hosts
    return 1 <= (j - i) % m <= (m - 1) // 2


def circle_rounds(keys: Sequence[str]) -> list[list[tuple[str, str]]]:
    """One round robin by the circle (Berger) method: n-1 rounds for n teams (n rounds with a bye
    when n is odd), each team once per round; who hosts whom by :func:`_home_first`, so home games
    differ by at most one. Pairs are (home, away)."""
    teams: list[str | None] = list(keys)
    index = {k: i for i, k in enumerate(keys)}
    if len(teams) % 2:
        teams.append(None)  # the bye
    n = len(teams)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = teams[i], teams[n - 1 - i]
            if a is None or b is None:
                continue
            pairs.append((a, b) if _home_first(index[a], index[b], len(keys)) else (b, a))
        rounds.append(pairs)
        teams = [teams[0], teams[-1], *teams[1:-1]]  # rotate every team but the first
    return rounds


class RoundRobin:
    """Every team meets every other: ``legs`` times (1 single, 2 double: home and away), or cycles of
    double round robins cut after ``games_per_team`` games each (a full 82-game NBA season replay,
    Statis Pro 2015's "replay a full NBA season")."""

    kind = "round-robin"

    def __init__(self, keys: Sequence[str], legs: int = 2, games_per_team: int | None = None):
        if len(keys) < 2:
            raise ConfigError("a round robin needs at least two teams")
        if legs not in (1, 2) and games_per_team is None:
            raise ConfigError("legs must be 1 (single round robin) or 2 (double: home and away)")
        self.keys = list(keys)
        self.legs = legs
        self.games_per_team = games_per_team
        base = circle_rounds(self.keys)
        mirrored = [[(b, a) for a, b in rnd] for rnd in base]
        n = len(self.keys)
        if games_per_team is None:
            rounds = base if legs == 1 else base + mirrored
        else:
            if games_per_team < 1:
                raise ConfigError("games per team must be at least 1")
            if n % 2 == 0:  # every team plays once a round: whole double round robins, then the rest
                full, rest = divmod(games_per_team, 2 * (n - 1))
                rounds = (base + mirrored) * full
                for i in range(rest // 2):  # each rest round with its mirror: home and away stay even
                    rounds += [base[i], mirrored[i]]
                if rest % 2:
                    rounds.append(base[rest // 2])
            elif games_per_team % (n - 1):
                raise ConfigError(f"with an odd number of teams ({n}) each round robin gives every team n-1 = "
                                  f"{n - 1} games: games per team must be a multiple of {n - 1}")
            else:
                rounds = [rnd for k in range(games_per_team // (n - 1)) for rnd in (base if k % 2 == 0 else mirrored)]
        self.rounds = [[Fixture(r + 1, s, h, a, f"Round {r + 1}") for s, (h, a) in enumerate(rnd)]
                       for r, rnd in enumerate(rounds)]

    def fixtures(self) -> list[Fixture]:
        return [f for rnd in self.rounds for f in rnd]

    def total_games(self) -> int | None:
        return sum(len(r) for r in self.rounds)

    def next_round(self, results: Mapping[tuple[int, int], Result]) -> list[Fixture]:
        for rnd in self.rounds:
            todo = [f for f in rnd if f.key not in results]
            if todo:
                return todo
        return []

    def all_remaining(self, results: Mapping[tuple[int, int], Result]) -> list[Fixture]:
        return [f for f in self.fixtures() if f.key not in results]


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two draw: 1 v 16, 8 v 9, 5 v 12 ...
    so that the top seeds can meet only in the last rounds."""
    order = [1]
    while len(order) < size:
        m = len(order) * 2 + 1
        order = [x for s in order for x in (s, m - s)]
    return order


def round_label(teams_left: int) -> str:
    return {2: "Final", 4: "Semi-finals", 8: "Quarter-finals"}.get(teams_left, f"Round of {teams_left}")


class Knockout:
    """Single elimination. ``court``: ``"home"`` (NIT style: the better seed is at home), ``"neutral"``
    (March Madness style) or ``"draw"`` (a cup: the bracket is drawn by lot from the competition seed
    and the first team drawn in each tie is at home). Seeds are the order of ``keys``; when the number
    of teams is not a power of two the top seeds get byes. A drawn game is replayed (ends swapped,
    up to ``max_replays`` times); a tie still level after that is decided by lot."""

    kind = "knockout"

    def __init__(self, keys: Sequence[str], court: str = "neutral", seed: int = 0, max_replays: int = 3):
        if len(keys) < 2:
            raise ConfigError("a knockout needs at least two teams")
        if court not in ("home", "neutral", "draw"):
            raise ConfigError(f"court must be home, neutral or draw, got {court!r}")
        self.keys = list(keys)
        self.court = court
        self.seed = seed
        self.max_replays = max_replays
        entrants = list(self.keys)
        if court == "draw":
            random.Random(seed * 7919 + 17).shuffle(entrants)
        size = 1
        while size < len(entrants):
            size *= 2
        self.size = size
        # slot i of the first round's bracket holds the team seeded bracket_order[i] (or a bye)
        self.first = [entrants[s - 1] if s <= len(entrants) else None for s in bracket_order(size)]
        self.rank = {k: i for i, k in enumerate(entrants)}

    def total_games(self) -> int | None:
        return None  # replays are not known in advance

    def _ties(self, round_no: int, alive: list[str | None]) -> list[tuple[str | None, str | None]]:
        return [(alive[2 * i], alive[2 * i + 1]) for i in range(len(alive) // 2)]

    def _home_away(self, a: str, b: str, replay: int) -> tuple[str, str]:
        if self.court == "home":  # the better seed hosts; a replay too (NIT)
            h, w = (a, b) if self.rank[a] < self.rank[b] else (b, a)
        else:  # neutral: the upper line of the bracket is "home" on the scoresheet; cup: first drawn
            h, w = a, b
        return (w, h) if (replay % 2 and self.court == "draw") else (h, w)

    def walk(self, results: Mapping[tuple[int, int], Result]):
        """Follow the bracket through the results: yields (round, tie index, a, b, games of the tie,
        winner or None) for every tie that can be known, round by round."""
        alive: list[str | None] = list(self.first)
        round_no = 1
        while len(alive) > 1:
            winners: list[str | None] = []
            ties = self._ties(round_no, alive)
            for t, (a, b) in enumerate(ties):
                if a is None or b is None:  # a bye
                    winners.append(a if b is None else b)
                    yield (round_no, t, a, b, [], a if b is None else b)
                    continue
                games, winner = [], None
                for replay in range(self.max_replays + 1):
                    r = results.get((round_no, t * (self.max_replays + 1) + replay))
                    if r is None:
                        break
                    games.append(r)
                    if r.winner is not None:
                        winner = r.winner
                        break
                else:
                    # still level after every replay: decided by lot (a die from the competition seed)
                    rng = random.Random(self.seed * 1_000_003 + round_no * 101 + t)
                    winner = (a, b)[rng.randrange(2)]
                winners.append(winner)
                yield (round_no, t, a, b, games, winner)
            if any(w is None for w in winners):
                return
            alive = winners
            round_no += 1

    def next_round(self, results: Mapping[tuple[int, int], Result]) -> list[Fixture]:
        pending: list[Fixture] = []
        current = None
        for round_no, t, a, b, games, winner in self.walk(results):
            if current is not None and round_no != current:
                break
            if winner is None:
                current = round_no
                replay = len(games)
                h, w = self._home_away(a, b, replay)
                teams_left = self.size >> (round_no - 1)
                label = round_label(teams_left) + (f" (replay {replay})" if replay > 1 else " (replay)" if replay else "")
                pending.append(Fixture(round_no, t * (self.max_replays + 1) + replay, h, w, label,
                                       neutral=self.court == "neutral", tie=t))
        return pending

    def all_remaining(self, results: Mapping[tuple[int, int], Result]) -> list[Fixture]:
        return self.next_round(results)

    def champion(self, results: Mapping[tuple[int, int], Result]) -> str | None:
        last = None
        for round_no, _t, _a, _b, _games, winner in self.walk(results):
            last = (round_no, winner)
        if last is None:
            return None
        rounds = self.size.bit_length() - 1
        return last[1] if last[0] == rounds else None


class FixedSchedule:
    """A schedule given game by game (a league's real schedule, or a balanced one built to the
    league's format by :func:`league_schedule`): ``games`` are (home, away) pairs in order, packed
    into rounds in which a team plays at most once (a round's games are independent, as in a
    round robin); ``rounds`` (optional) gives each game's round, e.g. the real schedule's dates."""

    kind = "schedule"

    def __init__(self, keys: Sequence[str], games: Sequence[Sequence[str]], rounds: Sequence[int] | None = None,
                 labels: Sequence[str] | None = None):
        known = set(keys)
        if len(keys) < 2:
            raise ConfigError("a schedule needs at least two teams")
        for k, g in enumerate(games):
            if len(g) != 2 or g[0] == g[1] or g[0] not in known or g[1] not in known:
                raise ConfigError(f"schedule game {k + 1}: {list(g)!r} is not two different teams of the competition")
        self.keys = list(keys)
        if rounds is None:
            rounds = pack_rounds(games)
        per_round: dict[int, list[tuple[str, str]]] = {}
        for (h, a), r in zip(games, rounds):
            per_round.setdefault(int(r), []).append((h, a))
        self.rounds = []
        for n, r in enumerate(sorted(per_round), start=1):
            label = labels[n - 1] if labels and n - 1 < len(labels) else f"Round {n}"
            self.rounds.append([Fixture(n, s, h, a, label) for s, (h, a) in enumerate(per_round[r])])

    fixtures = RoundRobin.fixtures
    total_games = RoundRobin.total_games
    next_round = RoundRobin.next_round
    all_remaining = RoundRobin.all_remaining

    def games_per_team(self) -> dict[str, int]:
        out = {k: 0 for k in self.keys}
        for f in self.fixtures():
            out[f.home] += 1
            out[f.away] += 1
        return out


def pack_rounds(games: Sequence[Sequence[str]]) -> list[int]:
    """Each game's round (0-based): the games in order, each in the earliest round after its teams'
    last games in which neither team plays yet (a team plays at most once a round)."""
    last: dict[str, int] = {}
    busy: dict[int, set[str]] = {}
    out = []
    for h, a in games:
        r = max(last.get(h, -1), last.get(a, -1)) + 1
        while h in busy.get(r, ()) or a in busy.get(r, ()):
            r += 1
        busy.setdefault(r, set()).update((h, a))
        last[h] = last[a] = r
        out.append(r)
    return out


#: A league's schedule format when league.json gives none: games per team, and how many times a team
#: meets each team of its division, of its conference's other divisions, and of the other conference
#: (the 1979-80 NBA's: 6, 6 and 2 make 82 for 22 teams in divisions of 5 and 6; docs/league-seasons.md).
DEFAULT_LEAGUE_FORMAT = {"games": 82, "division": 6, "conference": 6, "other": 2}


def _targets(teams: Sequence[str], games: int | Mapping[str, int]) -> dict[str, int]:
    """Each team's games: one number for every team, or each team's own (a season whose teams played
    different numbers of games, 2019-20: :func:`real_lengths`)."""
    if isinstance(games, Mapping):
        missing = [t for t in teams if t not in games]
        if missing:
            raise ConfigError(f"the schedule format's games per team name no games for {', '.join(missing)}")
        out = {t: int(games[t]) for t in teams}
    else:
        out = {t: int(games) for t in teams}
    bad = [t for t, g in out.items() if g < 1]
    if bad:
        raise ConfigError(f"games per team must be at least 1 ({', '.join(bad)})")
    return out


def real_lengths(teams: Sequence[str], records: Mapping[str, Sequence[int]]) -> dict[str, int] | None:
    """Each team's real season length, its real record's wins + losses, where the records differ by team
    (2019-20: 64-75 games, the 8 teams left out of the restart 64-67; 2012-13: Boston and Indiana 81, their
    game never played); ``None`` where every team's record adds up to one length, or a team has none."""
    if not teams or any(t not in records for t in teams):
        return None
    lengths = {t: int(sum(records[t])) for t in teams}
    if min(lengths.values()) < 1 or len(set(lengths.values())) == 1:
        return None
    return lengths


def league_pair_counts(teams: Sequence[str], division: Mapping[str, str | None], conference: Mapping[str, str | None],
                       fmt: Mapping[str, Any]) -> dict[tuple[str, str], int]:
    """How many times each pair of teams meets: the format's number for the pair (same division, same
    conference, other), then adjusted one game at a time until every team plays ``fmt["games"]``
    games: games are added to (or taken from) the pairs of teams that both need them, those furthest
    below (above) the format's number first, the closest pairs first among equals (division, then
    conference). ``fmt["games"]`` is one number for every team or each team's own (a mapping: a season
    whose teams played different numbers of games; the format's numbers are then scaled to the mean).
    Deterministic."""
    games = fmt["games"]
    target = _targets(teams, games)
    n = len(teams)
    if sum(target.values()) % 2:
        what = f"each play {games}" if not isinstance(games, Mapping) else "play the games given"
        raise ConfigError(f"{n} teams cannot {what} games (the total would be odd)")
    def relation(a: str, b: str) -> int:  # 0 division, 1 conference, 2 other
        if division.get(a) is not None and division.get(a) == division.get(b):
            return 0
        if conference.get(a) is not None and conference.get(a) == conference.get(b):
            return 1
        return 2

    names = ("division", "conference", "other")
    pairs = [(teams[i], teams[j]) for i in range(n) for j in range(i + 1, n)]
    weight = {p: max(0, int(fmt.get(names[relation(*p)], fmt.get("other", 2)))) for p in pairs}
    natural = sum(weight.values()) * 2 / n  # games per team the format's numbers give, on average
    mean = int(games) if not isinstance(games, Mapping) else sum(target.values()) / n
    scale = mean / natural if natural else 0.0
    # a season shorter (or longer) than the format's: its numbers scaled down (up), then completed below
    count = {p: int(w * scale) if scale < 1 else w for p, w in weight.items()}

    def need() -> dict[str, int]:
        tot = {t: 0 for t in teams}
        for (a, b), c in count.items():
            tot[a] += c
            tot[b] += c
        return {t: target[t] - tot[t] for t in teams}

    for _ in range(20 * n * max(target.values())):
        d = need()
        if all(v == 0 for v in d.values()):
            return count
        short = [t for t in teams if d[t] > 0]
        over = [t for t in teams if d[t] < 0]
        cand = [p for p in pairs if p[0] in short and p[1] in short]
        if cand:
            p = min(cand, key=lambda p: (count[p] - weight[p] * min(1.0, scale), relation(*p), pairs.index(p)))
            count[p] += 1
            continue
        cand = [p for p in pairs if p[0] in over and p[1] in over and count[p] > 0]
        if cand:
            p = max(cand, key=lambda p: (count[p] - weight[p] * min(1.0, scale), relation(*p), -pairs.index(p)))
            count[p] -= 1
            continue
        if short and over and isinstance(games, Mapping):  # (own lengths) one short, the others over:
            moved = _transfer(teams, short[0], over, count, weight, min(1.0, scale))  # a game of theirs to it
            if moved:
                continue
        # one team short (or over) alone: move a game of two others to it (or from it)
        t = (short or over)[0]
        sign = 1 if short else -1
        best = None
        for a, b in pairs:
            if t in (a, b):
                continue
            ta, tb = tuple(sorted((t, a), key=teams.index)), tuple(sorted((t, b), key=teams.index))
            if sign > 0 and count[(a, b)] > 0:
                key = (relation(t, a) + relation(t, b), -relation(a, b), count[ta] + count[tb])
            elif sign < 0 and count[ta] > 0 and count[tb] > 0:
                key = (-(relation(t, a) + relation(t, b)), relation(a, b), -(count[ta] + count[tb]))
            else:
                continue
            if best is None or key < best[0]:
                best = (key, (a, b), ta, tb)
        if best is None:
            break
        _, ab, ta, tb = best
        count[ab] -= sign
        count[ta] += sign
        count[tb] += sign
    what = games if not isinstance(games, Mapping) else f"{min(target.values())}-{max(target.values())}"
    raise ConfigError(f"no schedule of {what} games per team could be built for these {n} teams")


def _transfer(teams: Sequence[str], t: str, over: Sequence[str], count: dict[tuple[str, str], int],
              weight: Mapping[tuple[str, str], int], scale: float) -> bool:
    """Move one game from a team ``u`` of ``over`` to team ``t`` (short of games): a game of ``u`` and a
    third team ``x`` becomes a game of ``t`` and ``x`` (``u`` one game fewer, ``t`` one more, ``x`` as
    many), the pair furthest above the format's number giving it to the pair furthest below. False where
    no such game exists."""
    index = {k: i for i, k in enumerate(teams)}

    def pair(a: str, b: str) -> tuple[str, str]:
        return (a, b) if index[a] < index[b] else (b, a)

    best = None
    for u in over:
        for x in teams:
            if x in (t, u) or count[pair(u, x)] <= 0:
                continue
            ux, tx = pair(u, x), pair(t, x)
            key = ((count[tx] - weight[tx] * scale) - (count[ux] - weight[ux] * scale), index[u], index[x])
            if best is None or key < best[0]:
                best = (key, ux, tx)
    if best is None:
        return False
    count[best[1]] -= 1
    count[best[2]] += 1
    return True


def league_schedule(teams: Sequence[str], division: Mapping[str, str | None], conference: Mapping[str, str | None],
                    fmt: Mapping[str, Any] | None = None, seed: int = 0) -> list[tuple[str, str]]:
    """A balanced season schedule to a league's format (:func:`league_pair_counts`): each pair's games
    split home and away (an odd game hosted by the team with fewer home games so far; where the teams play
    different numbers of games, ``fmt["games"]`` a mapping, the odd games are oriented so that every team's
    home and away games differ by at most one: :func:`balanced_hosts`), then dealt into an order that spreads
    each pair's meetings over the season (a shuffle from ``seed``, then rounds in which every team plays
    once where it can)."""
    fmt = {**DEFAULT_LEAGUE_FORMAT, **(fmt or {})}
    count = league_pair_counts(teams, division, conference, fmt)
    home_games = {t: 0 for t in teams}
    games: list[tuple[str, str]] = []
    odd = []
    for (a, b), c in count.items():
        games += [(a, b), (b, a)] * (c // 2)
        home_games[a] += c // 2
        home_games[b] += c // 2
        if c % 2:
            odd.append((a, b))
    if isinstance(fmt["games"], Mapping):
        games += balanced_hosts(teams, odd)
    else:  # (one length for all: the order every replay so far was dealt in, kept game for game)
        for a, b in odd:
            h, w = (a, b) if home_games[a] <= home_games[b] else (b, a)
            home_games[h] += 1
            games.append((h, w))
    rng = random.Random(seed * 7919 + 80)
    rng.shuffle(games)
    # deal the shuffled games into rounds: a round takes, in order, each game whose teams are both free
    remaining = games
    ordered: list[tuple[str, str]] = []
    while remaining:
        busy: set[str] = set()
        rest = []
        for h, a in remaining:
            if h in busy or a in busy:
                rest.append((h, a))
            else:
                busy.update((h, a))
                ordered.append((h, a))
        remaining = rest
    return ordered


def balanced_hosts(teams: Sequence[str], pairs: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """The games ``pairs`` (each pair meeting once) as (home, away), every team hosting half of its games
    here, rounded either way: walks along unused games, each walk begun at a team with an odd number of
    games left (else at any team with games left) and ended where it sticks, every game hosted by the
    team the walk leaves: a team inside a walk hosts one game and visits one, so only a walk's two ends,
    each a team at most once, are one game off (an Euler orientation). Deterministic: teams in order."""
    order = {t: i for i, t in enumerate(teams)}
    left: dict[str, list[str]] = {t: [] for t in teams}
    for a, b in pairs:
        left[a].append(b)
        left[b].append(a)
    for t in teams:
        left[t].sort(key=order.__getitem__)
    out: list[tuple[str, str]] = []
    while True:
        start = next((t for t in teams if len(left[t]) % 2), None) or next((t for t in teams if left[t]), None)
        if start is None:
            return out
        here = start
        while left[here]:
            there = left[here].pop(0)
            left[there].remove(here)
            out.append((here, there))
            here = there
