"""Measurements of 4th Street Basketball cited in docs/rules/4th-street-basketball.md (section 17)
and docs/realism.md: the per-team box averages of by-the-book games over the four bundled teams, and
how well the cards reproduce their own players.

    python tools/fourthstreet_measure.py realism 200
    python tools/fourthstreet_measure.py players 150

(Speed: ``coachgym speed fourthstreet``.)
"""

from __future__ import annotations

import sys

from coachgym.agents.fourthstreet import ByTheBookCoach
from coachgym.core.match import play_game
from coachgym.rules.fourthstreet import RULESET
from coachgym.rules.fourthstreet.engine import COLS


def pairs(n: int):
    names = RULESET.team_names()
    for k in range(n):
        h, a = names[k % len(names)], names[(k + 1 + k // len(names)) % len(names)]
        if h == a:
            a = names[(k + 2) % len(names)]
        yield k, h, a


def realism(n: int, options=None) -> dict:
    tot: dict[str, float] = {}
    sides = 0
    for k, h, a in pairs(n):
        g = RULESET.new_game(h, a, seed=k, record_events=False, options=options)
        play_game(g, ByTheBookCoach(), ByTheBookCoach())
        box = g.box_score()
        for s in (0, 1):
            for key, v in box.totals(s).items():
                tot[key] = tot.get(key, 0) + v
            sides += 1
    avg = {k: round(v / sides, 2) for k, v in tot.items()}
    avg["fg_pct"] = round(tot["fgm"] / tot["fga"], 3)
    avg["tp_pct"] = round(tot["tpm"] / max(1, tot["tpa"]), 3)
    avg["ft_pct"] = round(tot["ftm"] / tot["fta"], 3)
    avg["orb_pct"] = round(tot["orb"] / (tot["orb"] + tot["drb"]), 3)
    return avg


def players(n: int, min_minutes: int = 600) -> dict:
    """How well the cards reproduce their players' statistics: over ``n`` by-the-book games, the
    correlation between each player's simulated and season per-36-minute rates (and FG%, FT%)."""
    import numpy as np

    acc: dict = {}
    for k, h, a in pairs(n):
        g = RULESET.new_game(h, a, seed=k, record_events=False)
        play_game(g, ByTheBookCoach(), ByTheBookCoach())
        for s in (0, 1):
            t = g.teams[s]
            for i, p in enumerate(t.players):
                v = acc.setdefault((t.name, p.name), [np.zeros(len(COLS)), p.stats])
                v[0] += np.array(g.team_state[s].stats[i])
    rows = [(sim, st) for sim, st in acc.values() if sim[0] >= min_minutes * 60]
    out = {"players": len(rows)}
    for c in ("fga", "tpa", "fta", "orb", "drb", "ast", "stl", "blk", "tov", "pf"):
        j = COLS.index(c)
        x = [st[c] / st["min"] * 36 for sim, st in rows]
        y = [sim[j] / sim[0] * 60 * 36 for sim, st in rows]
        out[c] = {"corr": round(float(np.corrcoef(x, y)[0, 1]), 2), "season_per36": round(float(np.mean(x)), 2),
                  "sim_per36": round(float(np.mean(y)), 2)}
    for name, m, a in (("fg_pct", "fgm", "fga"), ("ft_pct", "ftm", "fta")):
        x = [st[m] / st[a] for sim, st in rows]
        y = [sim[COLS.index(m)] / max(1, sim[COLS.index(a)]) for sim, st in rows]
        out[name] = {"corr": round(float(np.corrcoef(x, y)[0, 1]), 2)}
    return out


if __name__ == "__main__":
    what, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100
    print({"realism": realism, "players": players}[what](n))
