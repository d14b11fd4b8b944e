"""tools/history_misses.py (docs/history.md, "The two misses, measured"): its figures on tiny synthetic seasons
whose answers are known by construction. The teams and games here are FABRICATED inputs, not results."""

from __future__ import annotations

import math
import sqlite3

import pytest

from tests.tools import load_tool


def _tool():
    return load_tool("history_misses")


def _teams(real_per_net: float, sim_per_net: float, net_scale: float, luck: list[float] | None = None) -> list[dict]:
    """FABRICATED: real wins = 41 + real_per_net x net (+ luck), simulated net = net_scale x real net, simulated wins
    = 41 + sim_per_net x simulated net; pace 100 real, 90 simulated, a game = net per 100 x pace / 100."""
    nets = [-6.0, -3.0, -1.0, 0.0, 2.0, 3.0, 5.0]
    luck = luck or [0.0] * len(nets)
    out = []
    for n, lk in zip(nets, luck):
        sn = net_scale * n
        out.append({"real_wins": 41 + real_per_net * n + lk, "sim_wins": 41 + sim_per_net * sn, "real_net": n, "sim_net": sn,
                    "real_pf": 100 + n / 2, "real_pa": 100 - n / 2, "sim_pf": 90 + 0.45 * sn, "sim_pa": 90 - 0.45 * sn,
                    "real_pace": 100.0, "sim_pace": 90.0})
    return out


def test_a_compressed_mapping_is_read_as_the_mapping_and_the_decomposition_is_exact():
    tool = _tool()
    # the fit hits its target (sim net = 1.694 x real) but the simulated wins per net point are 1.3, not 2.5 / 1.694
    f = tool.season_figures(_teams(2.5, 1.3, 1.694))
    assert f["net_sd_ratio"] == pytest.approx(1.694)
    assert f["factors"]["net_spread"] == pytest.approx(1.0)
    assert f["factors"]["mapping"] == pytest.approx(1.694 * 1.3 / 2.5)
    assert f["factors"]["fit"] == pytest.approx(1.0)
    assert f["wins_sd"]["ratio"] == pytest.approx(1.694 * 1.3 / 2.5)
    assert f["factors"]["product"] == pytest.approx(f["wins_sd"]["ratio"])
    # a game's margin = net x pace / 100: real 1 point a game per net point, simulated 0.9
    assert f["wins_per_ppg"]["real"] == pytest.approx(2.5)
    assert f["wins_per_ppg"]["sim"] == pytest.approx(1.3 / 0.9)
    assert f["implied_margin_sd"]["real"] == pytest.approx(82 / math.sqrt(2 * math.pi) / 2.5)
    ep = f["error_parts"]
    assert ep["luck"]["rms"] == pytest.approx(0.0, abs=1e-9) and ep["fit_miss"]["rms"] == pytest.approx(0.0, abs=1e-9)
    assert ep["mapping"]["mae_without"] == pytest.approx(0.0, abs=1e-9)  # the whole error is the mapping
    assert ep["mae"] == pytest.approx(f["mae"])


def test_luck_in_the_real_wins_is_read_as_luck_and_caps_the_order():
    tool = _tool()
    nets = [-6.0, -3.0, -1.0, 0.0, 2.0, 3.0, 5.0]
    raw = [3.0, -4.0, 2.0, 0.0, -2.0, 4.0, -3.0]
    # made orthogonal to the net ratings and of mean 0, so the real least-squares line is 41 + 2.5 x net exactly
    b = sum(x * n for x, n in zip(raw, nets)) / sum(n * n for n in nets)
    luck = [x - b * n for x, n in zip(raw, nets)]
    luck = [x - sum(luck) / len(luck) for x in luck]
    f = tool.season_figures(_teams(2.5, 2.5 / 1.694, 1.694, luck))
    assert f["r"]["sim_wins_sim_net"] == pytest.approx(1.0)
    assert f["r"]["sim_net_real_net"] == pytest.approx(1.0)
    assert f["r"]["real_wins_real_net"] < 0.99
    assert f["r"]["sim_wins_real_wins"] == pytest.approx(f["r"]["chain"])
    ep = f["error_parts"]
    assert ep["luck"]["mae_without"] == pytest.approx(0.0, abs=1e-9)  # without the real season's luck no error is left
    assert ep["luck"]["rms"] > 2.0


def test_scaled_mae_and_the_margin_sd_from_a_replay_database(tmp_path):
    tool = _tool()
    teams = [{"real_wins": 51.0, "sim_wins": 46.0}, {"real_wins": 31.0, "sim_wins": 36.0}]
    assert tool.scaled_mae(teams, 1.0) == pytest.approx(5.0)
    assert tool.scaled_mae(teams, 2.0) == pytest.approx(0.0)
    db = tmp_path / "h.sqlite3"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE competition_games (competition INTEGER, home_key TEXT, away_key TEXT, home_score INTEGER, "
                    "away_score INTEGER)")
        # FABRICATED games: a's margins +10, -10 (mean 0, sd about its mean 10 x sqrt(2)) in replay 1
        con.executemany("INSERT INTO competition_games VALUES (?, ?, ?, ?, ?)",
                        [(1, "a", "b", 100, 90), (1, "b", "a", 100, 90)])
    m = tool.margin_sd(db)
    assert m["games"] == 2
    assert m["within_team"] == pytest.approx(math.sqrt(2 * 200 / 2))
    assert m["home_margin_mean"] == pytest.approx(10.0)
