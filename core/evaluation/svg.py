"""Grouped bar charts as SVG text: labels are ``<text>`` elements, so any reader's fonts draw them
(Chinese category names included).

No plotting library (core never imports Qt, and matplotlib is not a dependency): the SVG is
written by hand, a few dozen elements per chart. A PNG of a chart comes from the workbench, which
draws it from its data with Qt (``workbench.panes.evaluation.charts``).
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Sequence
from xml.sax.saxutils import escape

from linghun.core.fsio import atomic_write

#: the series' colours, in order; the workbench draws its charts in the same ones
PALETTE = [(66, 133, 244), (219, 68, 55), (244, 180, 0), (15, 157, 88), (171, 71, 188), (0, 172, 193)]
FONT = "Noto Sans CJK SC, WenQuanYi Micro Hei, Microsoft YaHei, PingFang SC, sans-serif"


def _colour(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def _text(x: float, y: float, text: str, size: int = 12, anchor: str = "start", weight: str = "normal",
          extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}"'
            f'{extra}>{escape(str(text))}</text>')


def bar_chart_svg(
    title: str,
    categories: Sequence[str],
    series: dict[str, Sequence[float]],
    *,
    y_max: float | None = None,
    y_label: str = "",
    width: int = 900,
    height: int = 420,
) -> str:
    """A grouped bar chart (one group per category, one bar per series) as SVG text. Missing
    values (nan, None) leave a gap; values are written above the bars."""
    left, right, top, bottom = 60, 20, 50, 90
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for vals in series.values() for v in vals if v is not None and not math.isnan(v)]
    top_value = y_max if y_max is not None else (max(values) if values else 1.0) or 1.0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="{FONT}">',
           f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
           _text(left, 28, title, 18, weight="bold")]
    for step in range(6):
        y = top + plot_h - plot_h * step / 5
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#e1e1e1"/>')
        out.append(_text(left - 8, y + 4, f"{top_value * step / 5:.0f}", 11, "end"))
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#5a5a5a"/>')
    out.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#5a5a5a"/>')
    if y_label:
        out.append(_text(8, top - 10, y_label, 11))
    n_groups, n_series = max(len(categories), 1), max(len(series), 1)
    group_w = plot_w / n_groups
    bar_w = group_w * 0.8 / n_series
    for s, (name, vals) in enumerate(series.items()):
        colour = _colour(PALETTE[s % len(PALETTE)])
        for g, v in enumerate(vals):
            if v is None or math.isnan(v):
                continue
            x0 = left + g * group_w + group_w * 0.1 + s * bar_w
            h = plot_h * min(max(v, 0.0), top_value) / top_value
            out.append(f'<rect x="{x0:.1f}" y="{top + plot_h - h:.1f}" width="{max(bar_w - 1, 1):.1f}" '
                       f'height="{h:.1f}" fill="{colour}"><title>{escape(f"{name} {categories[g]}: {v:g}")}</title></rect>')
            out.append(_text(x0 + bar_w / 2, top + plot_h - h - 4, f"{v:.0f}", 10, "middle"))
    slanted = group_w < 70  # long names of many groups are turned so they do not overlap
    for g, category in enumerate(categories):
        cx = left + g * group_w + group_w / 2
        y = top + plot_h + 16
        extra = f' transform="rotate(-30 {cx:.1f} {y:.1f})"' if slanted else ""
        out.append(_text(cx, y, category, 11, "end" if slanted else "middle", extra=extra))
    x = left
    for s, name in enumerate(series):
        out.append(f'<rect x="{x}" y="{height - 22}" width="12" height="12" fill="{_colour(PALETTE[s % len(PALETTE)])}"/>')
        out.append(_text(x + 16, height - 12, name, 12))
        x += 16 + 8 * len(str(name)) + 24
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_bar_chart_svg(path: str | Path, *args, **kwargs) -> Path:
    """:func:`bar_chart_svg` written atomically to ``path``."""
    path = Path(path)
    atomic_write(path, bar_chart_svg(*args, **kwargs))
    return path


__all__ = ["PALETTE", "bar_chart_svg", "write_bar_chart_svg"]
