"""A report's charts, each written two ways into ``plots/``: ``<name>.svg`` (text labels, any
language; what ``report.md`` shows) and ``<name>.json`` (the data, from which the workbench draws
the chart itself and exports it, as PNG too)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from linghun.core.evaluation.svg import write_bar_chart_svg
from linghun.core.fsio import write_json

CHART_VERSION = 1


@dataclass(frozen=True)
class ChartFiles:
    svg: Path
    data: Path

    def markdown(self, title: str) -> str:
        """The report's line for this chart: the SVG shown."""
        return f"![{title}](plots/{self.svg.name})"


def write_chart(plots_dir: str | Path, name: str, title: str, categories: Sequence[str],
                series: dict[str, Sequence[float]], *, y_max: float | None = None, y_label: str = "",
                width: int = 900, height: int = 420) -> ChartFiles:
    folder = Path(plots_dir)
    kwargs: dict[str, Any] = {"y_max": y_max, "y_label": y_label, "width": width, "height": height}
    svg = write_bar_chart_svg(folder / f"{name}.svg", title, categories, series, **kwargs)
    data = folder / f"{name}.json"
    write_json(data, {"version": CHART_VERSION, "kind": "bars", "title": title, "categories": list(categories),
                      "series": {k: [None if v is None or math.isnan(v) else v for v in vals]
                                 for k, vals in series.items()},
                      "y_max": y_max, "y_label": y_label})
    return ChartFiles(svg, data)


__all__ = ["ChartFiles", "write_chart"]
