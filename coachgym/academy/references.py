"""``coachgym academy references``: the reference scores of every scenario, computed on the
evaluation seeds and shipped in ``envs/data/academy-references.json`` (resumable: a reference
already in the file is kept unless ``--redo``).

References: ``random``, ``by-the-book``, every shipped one-rule strategy file of the ruleset
(``strategy:FILE``; the best of them is also named ``best-rule``) and the held search coach at
budget 256 (``search:budget=256``; costly, so on fewer episodes and only where asked)."""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Callable, Sequence

from ..envs import academy as A
from . import evaluate as E

SEARCH = "search:budget=256"


def strategy_files(ruleset: str) -> list[str]:
    root = resources.files("coachgym.strategy").joinpath("examples")
    return sorted(f"strategy:{p.name}" for p in root.iterdir() if p.name.startswith(ruleset + "_")
                  and p.name.endswith(".yaml"))


def load() -> dict:
    p = E.references_path()
    if p.is_file():
        return json.loads(p.read_text(encoding="utf-8"))
    return {"protocol": "coachgym-academy-v0", "seeds": "", "scenarios": {}}


def save(data: dict) -> None:
    p = E.references_path()
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(p)


def compute(scenario_ids: Sequence[str] | None, *, episodes: int, search_episodes: int,
            search_scenarios: Sequence[str] = (), redo: bool = False, command: str = "",
            progress_factory: Callable[[str, int], Callable[[], None]] | None = None,
            log: Callable[[str], None] = print) -> dict:
    data = load()
    data["seeds"] = f"evaluation seeds {A.EVAL_SEED_BASE} + i"
    for sc in E.select(scenario_ids):
        row = data["scenarios"].setdefault(sc.id, {})
        coaches = ["random", "by-the-book", *strategy_files(sc.ruleset)]
        if sc.id in search_scenarios:
            coaches.append(SEARCH)
        for coach in coaches:
            if coach in row and not redo:
                continue
            n = search_episodes if coach == SEARCH else episodes
            bar = progress_factory(f"{sc.id} {coach}", n) if progress_factory else None
            t0 = time.process_time()
            scores = E.run_episodes(sc.id, E.coach_chooser(sc.ruleset, coach), n, progress=bar)
            row[coach] = {**E.summarize(scores, sc), "cpu_seconds": round(time.process_time() - t0, 1),
                          "command": command}
            rules = [c for c in row if c.startswith("strategy:")]
            if rules:
                best = max(rules, key=lambda c: row[c]["mean"])
                row["best-rule"] = {**row[best], "coach": best}
            save(data)
            log(f"{sc.id:<36} {coach:<40} {row[coach]['mean']:.3f} ({row[coach]['low']:.3f}-{row[coach]['high']:.3f}) "
                f"{n} episodes, {row[coach]['cpu_seconds']} CPU s")
    return data
