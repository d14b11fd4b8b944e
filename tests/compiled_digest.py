"""Digests of seeded play, printed as one JSON line: ``python tests/compiled_digest.py``. The compiled
engines' check (tests/test_compiled.py) runs it twice, as pure Python (``COACHGYM_PURE=1``) and
compiled, and requires the two to be identical.

Per ruleset and per set of rule options (the defaults and the options that reach the most state):
a seeded game of a random coach against the book, with a copy made every 40 decisions (``clone``,
``pickle``, JSON) that plays on to the end with the same coaches' choices; the play-by-play and box
score of the original and of every copy; and a search coach's first decisions (its rollouts are
resampled copies played by the book).
"""

from __future__ import annotations

import hashlib
import json
import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from coachgym import compiled, rulesets  # noqa: E402
from coachgym.core.coach import RandomCoach  # noqa: E402

OPTIONS = {
    "valueadd": [{}, {"rotation": 1, "home_court": True, "pre_1986_threes": True}, {"rotation": 2, "extra_numbers": 1}],
    "statispro": [{}, {"league": "ncaa"}, {"league": "fiba", "shot_clock_14": True, "assist_last_passer": True,
                                           "deliberate_fouls": True}],
    "fuba": [{}, {k: True for k in ("condition_points", "player_roles", "substitutions", "injuries",
                                     "goalkeeper_charge", "aggressive_pressing", "offside_risk", "challenge",
                                     "slowing_play", "weather", "var", "skills", "special_events")}],
    "fourthstreet": [{}, {"zone_defense": True}, {"zone_defense": True, "offensive_rebound_reset": 14,
                                                  "setup_seconds": 10}],
}
COPY_EVERY = 40


def _digest(game) -> str:
    text = "\n".join(game.play_by_play()) + json.dumps(game.box_score().to_dict(), sort_keys=True)
    return hashlib.blake2b(text.encode(), digest_size=10).hexdigest()


def _play_on(game, choices: list[int]) -> str:
    for a in choices:
        game.step(a)
    assert game.decision is None
    return _digest(game)


def game_digests(name: str, options: dict, seed: int) -> list[str]:
    rs = rulesets.get(name)
    teams = rs.team_names()
    game = rs.new_game(teams[seed % len(teams)], teams[(seed + 1) % len(teams)], seed=seed, options=options)
    coaches = [RandomCoach(seed), rs.coach("by-the-book", seed=seed)]
    coaches[0].reset(game, 0, seed)
    coaches[1].reset(game, 1, seed + 1)
    copies, choices, n = [], [], 0
    while game.decision is not None:
        if n % COPY_EVERY == COPY_EVERY // 2:
            copies.append((len(choices), game.clone()))
            copies.append((len(choices), pickle.loads(pickle.dumps(game))))
            copies.append((len(choices), type(game).from_json(game.to_json())))
        d = game.decision
        a = coaches[d.side].choose(game, d)
        choices.append(a)
        game.step(a)
        n += 1
    return [_digest(game), *(_play_on(copy, choices[at:]) for at, copy in copies)]


def search_digest(name: str, seed: int, decisions: int = 6) -> str:
    rs = rulesets.get(name)
    game = rs.new_game(seed=seed)
    coaches = [rs.coach("search:budget=8", seed=seed), rs.coach("by-the-book", seed=seed + 1)]
    coaches[0].reset(game, 0, seed)
    coaches[1].reset(game, 1, seed + 1)
    picked = []
    while game.decision is not None and len(picked) < decisions:
        d = game.decision
        a = coaches[d.side].choose(game, d)
        if d.side == 0 and len(d.legal) > 1:
            picked.append(a)
        game.step(a)
    return hashlib.blake2b(repr((picked, game.play_by_play())).encode(), digest_size=10).hexdigest()


def main() -> None:
    out = {"compiled_modules": compiled.compiled_modules_loaded(), "games": {}, "search": {}}
    for name, option_sets in OPTIONS.items():
        out["games"][name] = [game_digests(name, o, seed) for seed, o in enumerate(option_sets, start=20)]
        out["search"][name] = search_digest(name, 31)
    out["compiled_modules"] = compiled.compiled_modules_loaded()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
