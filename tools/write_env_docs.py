"""Write docs/envs.md from the encoders and action tables of every ruleset.

    python tools/write_env_docs.py          # rewrite docs/envs.md
    python tools/write_env_docs.py --check  # exit 1 if docs/envs.md is out of date (a test runs this)
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "envs.md"

HEADER = """# Observations and actions

Generated from the encoders and action tables by `python tools/write_env_docs.py` (also printed by
`coachgym observation <ruleset>` and `coachgym actions <ruleset>`). All observations are `float32`
vectors in [-1, 1], encoded from the point of view of the side the agent coaches ("own" and "opp").
Information hidden from a coach by the rules never appears in its observation. Actions are one
`Discrete` space per ruleset over a fixed action table; the legal ones at each decision come as a mask
(`info["action_mask"]`, `env.action_masks()`), and only decisions with at least two legal options reach
the agent.

**Masks in vector envs.** Once a game is over there is no decision, and the mask marks *every* action
(until issue 23 it marked none). Under Gymnasium's vector envs
(`gym.make_vec(..., vectorization_mode="sync" | "async")`) the default autoreset mode, `NEXT_STEP`,
returns the finished game's last observation and info and resets that env on the next `step`, playing
none of the actions given for it; with an all-marked mask the README's loop
(`np.random.choice(np.flatnonzero(mask))`, or `envs.call("action_masks")`) always has an action to pick.
Under `SAME_STEP` the info already holds the new game's mask. A single env still refuses a `step`
after the end (`GameOverError`) until `reset()`. Tested by `tests/test_vector_masks.py`.

**Rendering.** `render_mode="ansi"`: the play-by-play since the last render and the scoreboard, as
text (the game records its play-by-play only in this mode). `render_mode="rgb_array"`: an RGB image
(`uint8`, 312 x 700 x 3, the same size all game long) of the scoreboard and the decision at hand,
drawn with a small bitmap font in NumPy (`envs/raster.py`, `coachgym.envs.raster`: no Pillow or matplotlib, and no
play-by-play kept, so it costs nothing while training). stable-baselines3's
`make_vec_env("coachgym/<Id>-v0")`, which asks for `rgb_array`, works unchanged for every env id, and
its `VecVideoRecorder` gets frames. Tested by `tests/test_env_conventions.py`.

**PettingZoo.** Each ruleset's module offers the AEC env (`coachgym.envs.<ruleset>.env()`, both coaches
as agents `home` and `away`) and a parallel env (`parallel_env()`, `envs/parallel.py`) that
passes `pettingzoo.test.parallel_api_test`. The games are turn-based, so in parallel form the action
space has one extra action, **wait** (index `n`, one past the action table): the agent whose decision
is pending gets an `action_mask` of its legal actions (wait masked out), the other an `action_mask` of
zeros but wait, and whatever the waiting agent sends (wait, any action, or no key at all) is ignored;
`infos[agent]["acting"]` names who decides next. An illegal action of the deciding agent (wait
included) ends the game as its loss (`strict=True`: `IllegalActionError`); `max_cycles` truncates an
episode after that many steps.
"""


def render() -> str:
    from coachgym import rulesets
    from coachgym.envs import env_class

    parts = [HEADER]
    for entry in rulesets.entries():
        rs = rulesets.get(entry.name)
        enc = env_class(rs.env_id).encoder
        kinds = Counter(a.kind for a in rs.actions)
        parts.append(f"## {rs.title} (`{rs.env_id}`, observation version {enc.version}, {enc.size} floats)\n")
        parts.append(enc.layout.describe() + "\n")
        parts.append(f"### Actions ({len(rs.actions)})\n")
        parts.append("| action kind | actions | example |")
        parts.append("| --- | --- | --- |")
        for kind, n in kinds.items():
            example = next(a.label for a in rs.actions if a.kind == kind)
            parts.append(f"| `{kind}` | {n} | {example} |")
        parts.append(f"\nFull list: `coachgym actions {rs.name}`.\n")
    return "\n".join(parts)


def main() -> None:
    text = render()
    if "--check" in sys.argv:
        if DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is out of date: run python tools/write_env_docs.py", file=sys.stderr)
            sys.exit(1)
        return
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")


if __name__ == "__main__":
    main()
