"""The FUBA board as an SVG drawing: geometry from ``coachgym/rules/fuba/data/board.json`` (the
ruleset's own reconstruction, read through ``coachgym.rules.fuba.board``), pieces and ball from the
presenter's ``Situation.board``.

The board data places each area in a row (N, M, S: north touchline, middle, south touchline) and an
x interval from the home goal line (0) to the away goal line (6); the 13 playing areas tile that
6 x 3 grid exactly, and the four corner-kick spots sit at the corners of the pitch. This module only
turns those numbers into pixel rectangles and places the pieces inside them; the template draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

UNIT = 150  # pixels per board unit along the pitch
ROW_H = 112  # pixels per row (N, M, S)
MARGIN = 26  # room around the pitch for the goals and the corner-kick spots
ROWS = {"N": 0, "M": 1, "S": 2}
PIECE_R = 13
PIECE_STEP = 31


@dataclass
class Piece:
    cx: float
    cy: float
    r: float
    side: int
    number: str
    name: str
    role: str
    title: str  # tooltip: everything the presenter said about the piece
    keeper: bool = False


@dataclass
class AreaDrawing:
    id: str
    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    ball: bool
    pieces: list[Piece] = field(default_factory=list)
    counts: tuple[int, int] = (0, 0)  # pieces of home, away

    @property
    def label_x(self) -> float:
        return self.x + 5

    @property
    def label_y(self) -> float:
        return self.y + 13


@dataclass
class BoardDrawing:
    width: float
    height: float
    pitch: tuple[float, float, float, float]  # x, y, w, h
    areas: list[AreaDrawing]
    spots: list[AreaDrawing]
    halfway_x: float
    centre: tuple[float, float]
    goals: list[tuple[float, float, float, float]]
    ball: tuple[float, float] | None


def _geometry() -> dict[str, dict[str, Any]]:
    """The board's areas by id ({"id", "x": [x0, x1], "row", "kind"}): the ``board_areas`` of the
    registered presenters that show a board."""
    from .. import rulesets

    return {a["id"]: a for rs in rulesets.all_rulesets() for a in getattr(rs.part("presenter"), "board_areas", ())}


def draw(areas: list[Any]) -> BoardDrawing:
    """Lay out the presenter's areas (``model.Area``: id, name, pieces, ball) on the pitch."""
    geo = _geometry()
    width = MARGIN * 2 + 6 * UNIT
    height = MARGIN * 2 + 3 * ROW_H
    playing: list[AreaDrawing] = []
    spots: list[AreaDrawing] = []
    ball_at: tuple[float, float] | None = None
    for area in areas:
        g = geo.get(area.id)
        if g is None:
            continue
        x0, x1 = g["x"]
        row = ROWS[g["row"]]
        pieces = list(area.pieces or [])
        counts = (sum(1 for p in pieces if p.get("side") == 0), sum(1 for p in pieces if p.get("side") == 1))
        if g["kind"] == "corner_spot":
            # a small circle at the pitch corner (home spots at x=0, away at x=6; north at the top)
            cx = MARGIN + (0 if x0 == 0 else 6 * UNIT)
            cy = MARGIN + (0 if row == 0 else 3 * ROW_H)
            d = AreaDrawing(area.id, area.name, g["kind"], cx - 11, cy - 11, 22, 22, bool(area.ball), counts=counts)
            d.pieces = _place(pieces, cx - 20, cy + (4 if row == 0 else -32), 40, 28)
            spots.append(d)
            if area.ball:
                ball_at = (cx, cy)
            continue
        d = AreaDrawing(area.id, area.name, g["kind"], MARGIN + x0 * UNIT, MARGIN + row * ROW_H,
                        (x1 - x0) * UNIT, ROW_H, bool(area.ball), counts=counts)
        d.pieces = _place(pieces, d.x + 6, d.y + 18, d.w - 12, d.h - 22)  # below the area's label
        if area.ball:
            ball_at = (d.x + d.w - 16, d.y + 16)
        playing.append(d)
    goal_w, goal_h = 10, ROW_H * 0.45
    goals = [(MARGIN - goal_w, MARGIN + 1.5 * ROW_H - goal_h / 2, goal_w, goal_h),
             (MARGIN + 6 * UNIT, MARGIN + 1.5 * ROW_H - goal_h / 2, goal_w, goal_h)]
    return BoardDrawing(width, height, (MARGIN, MARGIN, 6 * UNIT, 3 * ROW_H), playing, spots,
                        MARGIN + 3 * UNIT, (MARGIN + 3 * UNIT, MARGIN + 1.5 * ROW_H), goals, ball_at)


def _place(pieces: list[dict], x: float, y: float, w: float, h: float) -> list[Piece]:
    """Pieces in rows inside the box (x, y, w, h), home pieces first, then away; smaller when
    crowded so that they stay inside their area."""
    if not pieces:
        return []
    ordered = sorted(pieces, key=lambda p: (p.get("side", 0), not is_keeper(p), p.get("number", 0)))
    n = len(ordered)
    best = None
    for per_row in range(1, n + 1):  # the layout with the largest pieces that fits
        rows = -(-n // per_row)
        step = min(PIECE_STEP, w / per_row, h / rows)
        if best is None or step >= best[0]:
            best = (step, per_row, rows)
    step, per_row, rows = best
    r = min(PIECE_R, step * 0.44)
    cx, cy = x + w / 2, y + h / 2
    out = []
    for i, p in enumerate(ordered):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        extra = ", ".join(f"{k}: {v}" for k, v in p.items() if k not in ("side", "name", "role", "number") and v not in ("", None))
        title = f"{p.get('name', '')} ({p.get('role', '')})" + (f" - {extra}" if extra else "")
        out.append(Piece(cx + (col - (in_row - 1) / 2) * step, cy + (row - (rows - 1) / 2) * step, r,
                         int(p.get("side", 0)), str(p.get("number", "")), str(p.get("name", "")),
                         str(p.get("role", "")), title, is_keeper(p)))
    return out


def is_keeper(piece: dict) -> bool:
    return str(piece.get("role", "")).lower() in ("gk", "goalkeeper", "keeper")
