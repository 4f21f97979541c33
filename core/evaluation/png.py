"""Grouped bar charts as PNG files, drawn with numpy and written with zlib (no plotting library).

Core never imports Qt, and matplotlib is not a dependency, so the report's plots are drawn here:
an RGB canvas, filled rectangles and a 5x7 bitmap font (ASCII; lowercase is drawn as uppercase,
other characters as a box), encoded as a standard 8-bit RGB PNG.
"""
from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path
from typing import Sequence

import numpy as np

from linghun.core.fsio import atomic_write

# 5x7 glyphs, one string of 7 rows of 5 bits per character.
_FONT = {
    "0": "01110 10001 10011 10101 11001 10001 01110", "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111", "3": "11110 00001 00001 01110 00001 00001 11110",
    "4": "00010 00110 01010 10010 11111 00010 00010", "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110", "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110", "9": "01110 10001 10001 01111 00001 00010 01100",
    "A": "01110 10001 10001 11111 10001 10001 10001", "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110", "D": "11100 10010 10001 10001 10001 10010 11100",
    "E": "11111 10000 10000 11110 10000 10000 11111", "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111", "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "01110 00100 00100 00100 00100 00100 01110", "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001", "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "10001 11011 10101 10101 10001 10001 10001", "N": "10001 10001 11001 10101 10011 10001 10001",
    "O": "01110 10001 10001 10001 10001 10001 01110", "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101", "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110", "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110", "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010", "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 10001 01010 00100 00100 00100", "Z": "11111 00001 00010 00100 01000 10000 11111",
    " ": "00000 00000 00000 00000 00000 00000 00000", ".": "00000 00000 00000 00000 00000 01100 01100",
    "-": "00000 00000 00000 11111 00000 00000 00000", "_": "00000 00000 00000 00000 00000 00000 11111",
    "@": "01110 10001 10111 10101 10111 10000 01110", "/": "00001 00010 00010 00100 01000 01000 10000",
    "(": "00010 00100 01000 01000 01000 00100 00010", ")": "01000 00100 00010 00010 00010 00100 01000",
    ":": "00000 01100 01100 00000 01100 01100 00000", "%": "11001 11010 00010 00100 01000 01011 10011",
    "#": "01010 11111 01010 01010 11111 01010 00000", "+": "00000 00100 00100 11111 00100 00100 00000",
    ",": "00000 00000 00000 00000 01100 00100 01000", "=": "00000 00000 11111 00000 11111 00000 00000",
    "?": "01110 10001 00001 00010 00100 00000 00100", "<": "00010 00100 01000 10000 01000 00100 00010",
    ">": "01000 00100 00010 00001 00010 00100 01000",
}
_BOX = "11111 10001 10001 10001 10001 10001 11111"
PALETTE = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188), (0, 172, 193)]


class Canvas:
    """An RGB image with the few drawing operations a bar chart needs."""

    def __init__(self, width: int, height: int, background=(255, 255, 255)):
        self.pixels = np.empty((height, width, 3), dtype=np.uint8)
        self.pixels[:] = background

    @property
    def width(self) -> int:
        return self.pixels.shape[1]

    @property
    def height(self) -> int:
        return self.pixels.shape[0]

    def rect(self, x0: float, y0: float, x1: float, y1: float, color) -> None:
        xa, xb = sorted((int(round(x0)), int(round(x1))))
        ya, yb = sorted((int(round(y0)), int(round(y1))))
        xa, ya = max(xa, 0), max(ya, 0)
        xb, yb = min(xb, self.width), min(yb, self.height)
        if xa < xb and ya < yb:
            self.pixels[ya:yb, xa:xb] = color

    def text(self, x: float, y: float, s: str, color=(40, 40, 40), scale: int = 2) -> None:
        """Draw ``s`` with its top-left corner at (x, y)."""
        for n, ch in enumerate(s.upper()):
            rows = _FONT.get(ch, _BOX).split()
            ox = int(x) + n * 6 * scale
            for r, bits in enumerate(rows):
                for c, bit in enumerate(bits):
                    if bit == "1":
                        self.rect(ox + c * scale, int(y) + r * scale, ox + (c + 1) * scale, int(y) + (r + 1) * scale, color)

    @staticmethod
    def text_width(s: str, scale: int = 2) -> int:
        return len(s) * 6 * scale

    def png(self) -> bytes:
        """The image as PNG bytes (8-bit RGB, no interlace)."""
        h, w, _ = self.pixels.shape
        raw = b"".join(b"\x00" + self.pixels[y].tobytes() for y in range(h))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def bar_chart(
    title: str,
    categories: Sequence[str],
    series: dict[str, Sequence[float]],
    *,
    y_max: float | None = None,
    y_label: str = "",
    width: int = 900,
    height: int = 420,
) -> bytes:
    """A grouped bar chart (one group per category, one bar per series) as PNG bytes.

    Missing values (nan) leave a gap. Values are printed above the bars when there is room.
    """
    canvas = Canvas(width, height)
    left, right, top, bottom = 60, 20, 50, 70
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for vals in series.values() for v in vals if v is not None and not math.isnan(v)]
    top_value = y_max if y_max is not None else (max(values) if values else 1.0) or 1.0
    canvas.text(left, 14, title[: (width - left) // 12], scale=2)
    # Axes and horizontal grid lines at 5 steps.
    for step in range(6):
        y = top + plot_h - plot_h * step / 5
        canvas.rect(left, y, left + plot_w, y + 1, (225, 225, 225))
        label = f"{top_value * step / 5:.0f}"
        canvas.text(left - 8 - canvas.text_width(label, 1), y - 3, label, scale=1)
    canvas.rect(left, top, left + 1, top + plot_h, (90, 90, 90))
    canvas.rect(left, top + plot_h, left + plot_w, top + plot_h + 1, (90, 90, 90))
    if y_label:
        canvas.text(4, top - 14, y_label, scale=1)
    n_groups, n_series = max(len(categories), 1), max(len(series), 1)
    group_w = plot_w / n_groups
    bar_w = group_w * 0.8 / n_series
    for s, (name, vals) in enumerate(series.items()):
        color = PALETTE[s % len(PALETTE)]
        for g, v in enumerate(vals):
            if v is None or math.isnan(v):
                continue
            x0 = left + g * group_w + group_w * 0.1 + s * bar_w
            h = plot_h * min(max(v, 0.0), top_value) / top_value
            canvas.rect(x0, top + plot_h - h, x0 + bar_w - 1, top + plot_h, color)
            label = f"{v:.0f}"
            if canvas.text_width(label, 1) <= bar_w:
                canvas.text(x0 + (bar_w - canvas.text_width(label, 1)) / 2, top + plot_h - h - 9, label, scale=1)
    for g, cat in enumerate(categories):
        label = cat[: max(1, int(group_w // 6) - 1)]
        cx = left + g * group_w + (group_w - canvas.text_width(label, 1)) / 2
        canvas.text(cx, top + plot_h + 6, label, scale=1)
    # Legend under the axis labels.
    x = left
    for s, name in enumerate(series):
        canvas.rect(x, height - 22, x + 12, height - 10, PALETTE[s % len(PALETTE)])
        canvas.text(x + 16, height - 21, name, scale=1)
        x += 16 + canvas.text_width(name, 1) + 20
    return canvas.png()


def write_bar_chart(path: str | Path, *args, **kwargs) -> Path:
    """:func:`bar_chart` written atomically to ``path``."""
    path = Path(path)
    atomic_write(path, bar_chart(*args, **kwargs))
    return path
