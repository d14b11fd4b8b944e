"""A person coaching in the terminal: scoreboard, play-by-play, legal options by number."""

from __future__ import annotations

import sys
from typing import TextIO

from ..core.engine import SIDE_NAMES, Decision, Engine


class QuitGame(Exception):
    """The person asked to stop (``q``) or the input ended."""


class HumanCoach:
    name = "human"

    def __init__(self, seed: int | None = None, *, input_stream: TextIO | None = None, output: TextIO | None = None):
        self.inp = input_stream or sys.stdin
        self.out = output or sys.stdout
        self._seen = 0

    def reset(self, game: Engine, side: int, seed: int | None = None) -> None:
        self.side = side
        self._seen = 0

    def _print(self, text: str = "") -> None:
        print(text, file=self.out)

    def show(self, game: Engine) -> None:
        lines = game.play_by_play(self._seen)
        self._seen += len(lines)
        if lines:
            self._print("\n".join(lines))
        self._print("")
        self._print(game.scoreboard())

    def choose(self, game: Engine, decision: Decision) -> int:
        self.show(game)
        self._print("")
        self._print(f"You coach the {SIDE_NAMES[decision.side]} team. {decision.prompt}")
        for n, a in enumerate(decision.legal, 1):
            self._print(f"  {n:>3}. {game.describe_action(a)}")
        while True:
            self.out.write("Your choice (number, 'q' to quit): ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                raise QuitGame("input ended")
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                raise QuitGame("quit")
            if text.isdigit() and 1 <= int(text) <= len(decision.legal):
                return decision.legal[int(text) - 1]
            self._print(f"Please type a number from 1 to {len(decision.legal)}, or q.")
