"""The tables of docs/academy.md from the shipped data: the scenarios, the start-position pools and
the reference scores (``python tools/academy_tables.py scenarios|positions|references``)."""

from __future__ import annotations

import sys

from coachgym.academy import build as B
from coachgym.academy.evaluate import references
from coachgym.envs import academy as A


def scenarios_table() -> str:
    rows = ["| scenario | level | start (strategy grammar) | end | score |", "| --- | ---: | --- | --- | --- |"]
    for sc in A.scenarios():
        rows.append(f"| `{sc.id}`: {sc.title} | {sc.level} | `{sc.start}` | {sc.end} | {sc.score_name} |")
    return "\n".join(rows)


def positions_table() -> str:
    rows = ["| scenario | positions | games played to find them | share of games | file (bytes) |",
            "| --- | ---: | ---: | ---: | ---: |"]
    total = 0
    for sc in A.scenarios():
        data = A.positions_data(sc.id)
        size = B.data_dir().joinpath(A.positions_file(sc.id)).stat().st_size
        total += size
        n = len(data["positions"])
        rows.append(f"| `{sc.id}` | {n} | {data['games']} | {n / data['games']:.1%} | {size:,} |")
    rows.append(f"| all | | | | {total:,} |")
    return "\n".join(rows)


def _cell(r: dict | None, digits: int = 3) -> str:
    if not r:
        return "-"
    return f"{r['mean']:.{digits}f} ({r['low']:.{digits}f}-{r['high']:.{digits}f})"


def references_table() -> str:
    refs = references()
    rows = ["| scenario | score | random | by-the-book | best one-rule file | held search (budget 256) | CPU s (random, book) |",
            "| --- | --- | --- | --- | --- | --- | --- |"]
    for sc in A.scenarios():
        r = refs.get(sc.id, {})
        d = 3 if sc.reward == "win" else 2
        best = r.get("best-rule")
        best_txt = f"{_cell(best, d)} `{best['coach'].split(':', 1)[1]}`" if best else "-"
        s = r.get("search:budget=256")
        s_txt = f"{_cell(s, d)}, {s['episodes']} episodes" if s else "not run"
        cpu = ", ".join(str(r[k]["cpu_seconds"]) for k in ("random", "by-the-book") if k in r)
        rows.append(f"| `{sc.id}` | {sc.score_name} | {_cell(r.get('random'), d)} | {_cell(r.get('by-the-book'), d)} | "
                    f"{best_txt} | {s_txt} | {cpu} |")
    return "\n".join(rows)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "scenarios"
    print({"scenarios": scenarios_table, "positions": positions_table, "references": references_table}[what]())
