"""``coachgym academy build``: the start positions of every scenario, built deterministically.

For each scenario, games ``k = 0, 1, ...`` are played by the book on both benches between two teams
drawn for game ``k`` (``random.Random(seed * 1_000_003 + k)``) from the ruleset's real league
(Statis Pro: nba-1993, 4th Street: nba-1980) or its bundled teams (Value Add, FUBA); game ``k``
studies the home side when ``k`` is even, the away side when odd. The game is snapshotted (the
engine's own save, ``Engine.to_dict``, without its chance source: each reset resamples the future)
at the first decision of the studied side at which the scenario's start condition holds, and the
game stops there. Games are played until the pool holds ``positions_per_scenario`` positions or
``max_games`` games have been played. Same definitions -> the same file, byte for byte.
"""

from __future__ import annotations

import json
import lzma
import random
import time
from pathlib import Path
from typing import Callable

from .. import rulesets
from ..core.engine import HOME
from ..envs import academy as A
from ..strategy.conditions import ConditionError, parse
from ..strategy.file import vocabulary


def data_dir() -> Path:
    return Path(A.__file__).resolve().parent / "data"


def team_list(ruleset: str) -> list[str]:
    defs = A.definitions(ruleset)
    rs = rulesets.get(ruleset)
    league = defs.get("teams", {}).get("league")
    if league:
        lg = rs.league(league)
        return [lg.team_key(t) for t in lg.teams]
    return list(rs.team_names())


def start_condition(sc: A.Scenario):
    vocab = vocabulary(sc.ruleset)
    try:
        return parse(sc.start, vocab.types())
    except ConditionError as exc:
        raise A.ConfigError(f"envs/data/academy-{sc.ruleset}.json: scenario {sc.id}: start: {exc}") from None


def holds(vocab, cond, game, side, decision) -> bool:
    cache: dict = {}

    def env(name: str):
        if name not in cache:
            cache[name] = vocab.variables[name].get(game, side, decision)
        return cache[name]

    return bool(cond(env))


def situation_values(ruleset: str, game, side: int) -> dict:
    vocab = vocabulary(ruleset)
    out = {}
    for name in A.ACADEMIES[ruleset].values:
        v = vocab.variables[name].get(game, side, game.decision)
        out[name] = round(v, 4) if isinstance(v, float) else v
    return out


def find_positions(sc: A.Scenario, count: int, max_games: int, seed: int,
                   progress: Callable[[int, int], None] | None = None) -> tuple[list[dict], int]:
    """The scenario's positions (records as shipped) and the number of games played for them."""
    rs = rulesets.get(sc.ruleset)
    vocab = vocabulary(sc.ruleset)
    cond = start_condition(sc)
    teams = team_list(sc.ruleset)
    loaded = {t: rs.load_team(t) for t in teams}
    out: list[dict] = []
    k = 0
    while len(out) < count and k < max_games:
        r = random.Random(seed * 1_000_003 + k)
        home, away = r.sample(teams, 2)
        side = HOME if k % 2 == 0 else 1 - HOME
        game_seed = seed * 1_000_003 + k
        game = rs.new_game(loaded[home], loaded[away], seed=game_seed, record_events=False)
        coaches = (rs.coach("by-the-book", seed=game_seed), rs.coach("by-the-book", seed=game_seed + 1))
        coaches[0].reset(game, 0, game_seed * 2 + 1)
        coaches[1].reset(game, 1, game_seed * 2 + 2)
        while game.decision is not None:
            d = game.decision
            if d.side == side and holds(vocab, cond, game, side, d):
                saved = game.to_dict()
                del saved["source"]
                saved["events"] = []
                out.append({"k": k, "home": home, "away": away, "side": side,
                            "values": situation_values(sc.ruleset, game, side), "game": saved})
                break
            game.step(coaches[d.side].choose(game, d))
        k += 1
        if progress:
            progress(len(out), k)
    return out, k


def build(ruleset: str, only: list[str] | None = None, count: int | None = None, max_games: int | None = None,
          out_dir: Path | None = None, progress_factory=None) -> dict:
    """Build (or rebuild the named scenarios of) a ruleset's positions file; returns a summary."""
    defs = A.definitions(ruleset)
    count = count or int(defs.get("positions_per_scenario", 300))
    max_games = max_games or int(defs.get("max_games", 30000))
    seed = int(defs.get("seed", 0))
    out_dir = out_dir or data_dir()
    summary = {}
    for sc in A.scenarios(ruleset):
        if only and sc.id not in only:
            continue
        start = time.process_time()
        bar = progress_factory(sc.id, count) if progress_factory else None
        rows, games = find_positions(sc, count, max_games, seed,
                                     (lambda n, k, bar=bar: bar(n, k)) if bar else None)
        if not rows:
            raise A.ConfigError(f"academy build: scenario {sc.id}: its start never held in {games} games")
        data = {"format": 1, "ruleset": ruleset, "scenario": sc.id, "start": sc.start, "seed": seed,
                "games": games, "positions": rows}
        raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8")
        path = out_dir / A.positions_file(sc.id)
        path.write_bytes(lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME))
        summary[sc.id] = {"positions": len(rows), "games": games, "frequency": len(rows) / games,
                          "cpu_seconds": round(time.process_time() - start, 1), "file": path.name,
                          "bytes": path.stat().st_size}
    A.clear_cache()
    return {"scenarios": summary}
