"""What the fuzz (``coachgym.evaluation.fuzz``) checks after every event, shared by the rulesets'
own invariants (``coachgym/rules/<name>/invariants.py``, each registration's ``invariants`` part):
the error an invariant raises, and the checks of a basketball box that several rulesets share."""

from __future__ import annotations

from collections.abc import Sequence


class InvariantError(AssertionError):
    """An invariant failed; the message names the ruleset, the seed, the event and the invariant."""


def stats_ok(label: str, stats: Sequence[Sequence[int]], idx: dict[str, int]) -> None:
    """Per player: no negative count, made <= attempted, threes within field goals (``idx``: the
    columns ``fgm``, ``fga``, ``tpm``, ``tpa``, ``ftm``, ``fta``)."""
    fgm, fga, tpm, tpa, ftm, fta = (idx[k] for k in ("fgm", "fga", "tpm", "tpa", "ftm", "fta"))
    for i, st in enumerate(stats):
        if min(st) < 0:
            raise InvariantError(f"{label}: player {i} has a negative count {st}")
        if not (st[fgm] <= st[fga] and st[tpm] <= st[tpa] <= st[fga] and st[tpm] <= st[fgm] and st[ftm] <= st[fta]):
            raise InvariantError(f"{label}: player {i}: made/attempted out of order {st}")


def lineup_ok(label: str, lineup: Sequence[int], roster: int) -> None:
    """Five distinct players of the roster on the court."""
    if len(lineup) != 5 or len(set(lineup)) != 5 or min(lineup) < 0 or max(lineup) >= roster:
        raise InvariantError(f"{label}: lineup {lineup} is not five distinct players of a roster of {roster}")
