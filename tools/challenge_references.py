"""The trained coach's reference over every academy scenario, for the Challenges page
(``coachgym/web/challenge-references.json``; the academy's shipped references, which lack it, are
not touched).

    nice -n 10 coachgym academy evaluate trained --scenarios ID,ID,... --episodes 300 --json trained.json
    python tools/challenge_references.py trained.json

The evaluation is the academy's protocol (docs/academy.md): the evaluation seeds 1000000000 + i, the
by-the-book opponent, the score with its 95% interval. A reference the shipped file
(``envs/data/academy-references.json``) has under the same name takes precedence on the page.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "coachgym" / "web" / "challenge-references.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("evaluation", type=Path, help="the JSON of `coachgym academy evaluate trained ... --json FILE`")
    ap.add_argument("--command", default="", help="the command that made it (kept in the file)")
    args = ap.parse_args()
    data = json.loads(args.evaluation.read_text(encoding="utf-8"))
    if data.get("coach") != "trained" or data.get("opponent") != "by-the-book":
        sys.exit(f"{args.evaluation}: not an evaluation of the trained coach against by-the-book")
    scenarios = {}
    for row in data["scenarios"]:
        scenarios[row["scenario"]] = {"trained": {
            k: row[k] for k in ("mean", "low", "high", "episodes", "score", "cpu_seconds") if k in row}}
    out = {"about": "The trained coach over each academy scenario by the academy's protocol (evaluation seeds "
                    f"{data['seeds']}, against by-the-book), for the Challenges page; tools/challenge_references.py",
           "command": args.command or f"coachgym academy evaluate trained --episodes {data['episodes']}",
           "protocol": data.get("protocol"), "scenarios": scenarios}
    OUT.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print("wrote", OUT, len(scenarios), "scenarios")


if __name__ == "__main__":
    main()
