"""The ``rgb_array`` render of the coaching envs: the scoreboard as an RGB image, drawn with a small
bitmap font in NumPy (no Pillow, no matplotlib: nothing beyond what the envs already import).

The frame is a fixed grid of :data:`ROWS` lines of :data:`COLS` characters (a video recorder gets
frames of one shape all game long): the game's scoreboard, wrapped, then the decision at hand.
The glyphs (printable ASCII; anything else is drawn as ``?``) were rasterized once from DejaVu Sans
Mono at 11 px (Bitstream Vera license; DejaVu's changes public domain), 7 by 13 pixels each, one byte
a row, high bit on the left.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

GLYPH_W, GLYPH_H = 7, 13
ROWS, COLS = 24, 100
BACKGROUND = (24, 28, 34)
INK = (226, 230, 236)
HEADLINE = (250, 200, 90)  # the scoreboard's first line
PROMPT = (130, 200, 255)  # the decision at hand
_HEX = (
    "00000000000000000000000000000008080808080800080000000000141414000000000000000000001a167f14147e2828000000"
    "0000081e28381c0e0a3c08080000007058720c102e0b0e00000000001c3030306b4e663e00000000000808080000000000000000"
    "000c08081818181808080c0000001018080808080808181000000000082a1c1c2a0800000000000000000008087e080800000000"
    "000000000000000008181000000000000000001c00000000000000000000000000001818000000000006040c0818101020200000"
    "00001c3626222a26361c0000000000380808080808083e00000000003c2606040c18303e00000000003c26061c0606263c000000"
    "00000c0c1434247e040400000000003c20203c0606063c00000000001e30203c3622361c00000000003e06040c08081810000000"
    "00003c26261c2622263c00000000003c2626263e06063c0000000000000018180000181800000000000000181800000818100000"
    "00000000061c701c060000000000000000007e007e000000000000000000601c061c600000000000003c06040c08180018000000"
    "00001c32624f53534f60301e000000181c1434263e626200000000003c26263c2622263c00000000001c3220202020321c000000"
    "00003c2626222226263c00000000003e20203e2020203e00000000003e30303e3030303000000000001c3220606622321e000000"
    "00002222223e2222222200000000003e0808080808083e00000000001c04040404046c3c000000000022242838282c2622000000"
    "0000202020202020203e00000000006676767a6a62626200000000003232323a2a2e262600000000001c3622626222361c000000"
    "00003c2622263c20202000000000001c3622626222361c04000000003c2626263c24262300000000003c2620380e02263c000000"
    "00007f080808080808080000000000222222222222263c00000000006222263434141c18000000000043437a7a7e363636000000"
    "000022361c181c34266200000000006226341c0808080800000000003e06040c1810203e000000001c18181818181818181c0000"
    "00002020101018080c0406000000180808080808080808180000000018342200000000000000000000000000000000000000007f"
    "00100800000000000000000000000000003c063e26263e000000002020203c362222363c000000000000001e302020301e000000"
    "000606063e262626263e000000000000001c223e20301e000000000e08183e1818181818000000000000003e262626263e063c00"
    "002020203c36262626260000000008000038080808083e0000000008000038080808080808380000202020262c383c2622000000"
    "0038181818181818180e000000000000007e6a6a6a6a6a000000000000003c3626262626000000000000001c262222261c000000"
    "000000003c362222363c202000000000001e262626261e060600000000001e1810101010000000000000001c30380e063c000000"
    "000010103e101010180e0000000000000026262626363e00000000000000222634141c180000000000000043426a3a3636000000"
    "000000002614181c342200000000000000222634141c08183000000000003e040818303e000000000e08081830180808080e0000"
    "0008080808080808080808080000381808080e080808183000000000000000003a4e0000000000"
)
_glyphs: np.ndarray | None = None


def glyphs() -> np.ndarray:
    """The font: a (95, GLYPH_H, GLYPH_W) boolean array, characters 32 to 126."""
    global _glyphs
    if _glyphs is None:
        rows = np.frombuffer(bytes.fromhex(_HEX), dtype=np.uint8).reshape(95, GLYPH_H)
        bits = (rows[:, :, None] >> np.arange(GLYPH_W - 1, -1, -1, dtype=np.uint8)) & 1
        _glyphs = bits.astype(bool)
    return _glyphs


def wrap(lines: Iterable[str], cols: int = COLS) -> list[str]:
    """Lines cut into pieces of at most ``cols`` characters (a continuation indented by two)."""
    out: list[str] = []
    for line in lines:
        line = line.expandtabs(4).rstrip()
        first = True
        while True:
            width = cols if first else cols - 2
            piece, line = line[:width], line[width:]
            out.append(piece if first else "  " + piece)
            first = False
            if not line:
                break
    return out


def draw(lines: list[tuple[str, tuple[int, int, int]]], rows: int = ROWS, cols: int = COLS) -> np.ndarray:
    """Text lines (each with its colour) as an RGB image of shape (rows * GLYPH_H, cols * GLYPH_W, 3),
    uint8; lines beyond ``rows`` and characters beyond ``cols`` are left out."""
    codes = np.zeros((rows, cols), dtype=np.int64)  # space
    colours = np.zeros((rows, 3), dtype=np.uint8)
    for r, (text, colour) in enumerate(lines[:rows]):
        raw = np.frombuffer(text[:cols].encode("ascii", "replace"), dtype=np.uint8).astype(np.int64)
        raw = np.where((raw < 32) | (raw > 126), ord("?"), raw)
        codes[r, :len(raw)] = raw - 32
        colours[r] = colour
    ink = glyphs()[codes]  # (rows, cols, H, W)
    mask = ink.transpose(0, 2, 1, 3).reshape(rows * GLYPH_H, cols * GLYPH_W)
    image = np.empty((rows * GLYPH_H, cols * GLYPH_W, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    line_colour = np.repeat(colours, GLYPH_H, axis=0)[:, None, :]  # (rows * H, 1, 3)
    image[:] = np.where(mask[:, :, None], line_colour, image)
    return image


def frame(game) -> np.ndarray:
    """The RGB frame of a game (or of no game yet: ``None``): its scoreboard, then the decision at hand."""
    if game is None:
        return draw([("no game yet: call reset()", INK)])
    board = wrap(game.scoreboard().splitlines())
    lines = [(text, HEADLINE if i == 0 else INK) for i, text in enumerate(board)]
    d = game.decision
    if d is None:
        h, a = game.score
        lines += [("", INK), (f"final: {h} - {a}", PROMPT)]
    else:
        side = ("home", "away")[d.side]
        lines += [("", INK)] + [(t, PROMPT) for t in wrap([f"{side} to choose: {d.prompt or d.kind}"])]
    if len(lines) > ROWS:  # the decision stays in view: the scoreboard's last lines give way
        lines = lines[:ROWS - 2] + lines[-2:]
    return draw(lines)
