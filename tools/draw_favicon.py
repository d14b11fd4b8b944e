"""Draws coachgym/web/static/favicon.ico: the brand mark (a gold ring around a gold dot on the felt
green, as favicon.svg draws it) as a 32x32 PNG inside an ICO file, with the standard library only
(4x4 supersampling for smooth edges). Run it again after changing the mark:

    python tools/draw_favicon.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

SIZE, SS = 32, 4
FELT, GOLD = (0x1D, 0x3B, 0x2A), (0xE0, 0xA5, 0x26)
OUT = Path(__file__).resolve().parents[1] / "coachgym" / "web" / "static" / "favicon.ico"


def colour(x: float, y: float) -> tuple[int, int, int, int]:
    """The mark at a point of the 32x32 square (favicon.svg's shapes): transparent outside the
    rounded square, gold on the ring (radius 11, 3.5 wide) and the dot (radius 5), felt elsewhere."""
    r = 6.0
    cx, cy = min(max(x, r), SIZE - r), min(max(y, r), SIZE - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return (0, 0, 0, 0)
    d = ((x - 16) ** 2 + (y - 16) ** 2) ** 0.5
    if d <= 5 or 11 - 1.75 <= d <= 11 + 1.75:
        return (*GOLD, 255)
    return (*FELT, 255)


def pixels() -> list[bytes]:
    rows = []
    for py in range(SIZE):
        row = bytearray([0])  # PNG filter: none
        for px in range(SIZE):
            samples = [colour(px + (i + 0.5) / SS, py + (j + 0.5) / SS) for i in range(SS) for j in range(SS)]
            alpha = sum(s[3] for s in samples)
            rgb = [round(sum(s[k] * s[3] for s in samples) / alpha) if alpha else 0 for k in range(3)]
            row += bytes([*rgb, round(alpha / len(samples))])
        rows.append(bytes(row))
    return rows


def png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(b"".join(pixels()), 9))
            + chunk(b"IEND", b""))


def ico() -> bytes:
    image = png()
    header = struct.pack("<HHH", 0, 1, 1)  # an icon, one image
    entry = struct.pack("<BBBBHHII", SIZE, SIZE, 0, 0, 1, 32, len(image), 6 + 16)
    return header + entry + image


if __name__ == "__main__":
    OUT.write_bytes(ico())
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
