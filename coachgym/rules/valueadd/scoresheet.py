"""The scoresheet: possession boxes 44..1, shading, columns, the rebound chart (reconstructed data).

"Tracking the running score starting at 20-20": the game is played over 44 possession boxes, each
holding one possession per team (away first). Boxes 9..1 have a bottom half for an extra
possession ("Recording the last 9 possessions above the diagonal line"). Shaded boxes (44, 42 ... 10
and 9, 7, 5, 3, 1) send a miss to the Rebound Chart; non-shaded boxes (43, 41 ... 11 and 8, 6, 4,
2) give the rebound to the defender the sheet names. The first two columns ("44 to 22 possession", the
text's own numbers: boxes 44-22) shoot one-and-one on a 33-36 foul with a "fouled" 20-sided result.
"""

from __future__ import annotations

import json
from importlib import resources

_DATA = json.loads(resources.files(__package__).joinpath("data").joinpath("scoresheet.json").read_text(encoding="utf-8"))

BOXES: int = _DATA["boxes"]
ONE_AND_ONE_FROM: int = _DATA["one_and_one_from_box"]
LAST_NINE_FROM: int = _DATA["last_nine_from_box"]
D8_FIRST_FROM: int = _DATA["d8_first_from_box"]
# box number -> offensive position (1-5) whose defender takes the rebound on a non-shaded box
NONSHADED_REBOUNDER: dict[int, int] = {int(k): v for k, v in _DATA["nonshaded_rebounder_position"].items()}
# d20 -> ("offense" | "defense" | "highest", position 1-5)
REBOUND_CHART: list[tuple[str, int]] = [("", 0)] + [tuple(_DATA["rebound_chart_d20"][str(i)]) for i in range(1, 21)]


def is_shaded(box: int) -> bool:
    """Shaded: even boxes 44..10 and odd boxes 9..1 (overtime boxes follow the 8..1 pattern)."""
    return box % 2 == 0 if box >= 10 else box % 2 == 1


def nonshaded_rebounder(box: int) -> int:
    """Offensive position (1-5) whose defender rebounds a miss on non-shaded box ``box``."""
    return NONSHADED_REBOUNDER[box]
