"""The evaluation report's charts drawn by pyqtgraph from their data (``plots/<name>.json``,
``core.evaluation.charts``): the labels are Qt text, so Chinese names are drawn in any font the
system has, and a chart is exported as PNG (pyqtgraph's image exporter) or SVG (Qt's
``QSvgGenerator``, which writes text as ``<text>``; pyqtgraph's own SVG exporter cannot read the
paths Qt 6.12 writes)."""
from __future__ import annotations

import os

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pyqtgraph as pg  # noqa: E402
import pyqtgraph.exporters  # noqa: E402,F401 - registers the exporters on pg.exporters
from PySide6.QtGui import QColor, QPainter, QPalette  # noqa: E402
from PySide6.QtSvg import QSvgGenerator  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from linghun.core.evaluation.svg import PALETTE  # noqa: E402 - the report's SVG colours
from linghun.workbench import tones  # noqa: E402

#: how much wider than high a chart is drawn (the report's charts are 900x420)
ASPECT = 2.1


class ChartView(pg.PlotWidget):
    """One grouped bar chart: a ``BarGraphItem`` per series, fed whole with numpy arrays."""

    ASPECT = ASPECT  # for the pane, which imports this module only when it draws a chart

    def __init__(self, data: dict, name: str, parent=None) -> None:
        super().__init__(parent)
        self.name = name
        self.data = data
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.showGrid(y=True, alpha=0.25)
        categories = [str(c) for c in data.get("categories") or []]
        series = data.get("series") or {}
        legend = self.addLegend(offset=(-8, 6))
        n = max(len(series), 1)
        width = 0.8 / n
        top = 0.0
        for s, (label, values) in enumerate(series.items()):
            heights = np.array([np.nan if v is None else float(v) for v in values], dtype=float)
            x = np.arange(len(heights), dtype=float) - 0.4 + width * (s + 0.5)
            shown = ~np.isnan(heights)  # a missing value leaves a gap, as in the report
            bars = pg.BarGraphItem(x=x[shown], height=heights[shown], width=width * 0.95,
                                   brush=pg.mkBrush(QColor(*PALETTE[s % len(PALETTE)])), pen=pg.mkPen(None))
            self.addItem(bars)
            legend.addItem(bars, str(label))
            if shown.any():
                top = max(top, float(np.nanmax(heights)))
        axis = self.getAxis("bottom")
        axis.setTicks([list(enumerate(categories))])
        y_max = data.get("y_max") or top or 1.0
        self.setYRange(0, float(y_max) * 1.05, padding=0)
        self.setXRange(-0.6, max(len(categories), 1) - 0.4, padding=0)
        self._follow_palette()
        self._plotted = True

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # (the graphics view sends one while it is being made, before the plot exists)
        if tones.follows_palette(event) and self.__dict__.get("_plotted"):
            self._follow_palette()
        super().changeEvent(event)

    def _follow_palette(self) -> None:
        """The plot's background, title, axes and legend in the palette's colours (the series'
        colours read on both)."""
        palette = QApplication.palette()
        ink = palette.color(QPalette.ColorRole.Text)
        css = ink.name()  # the title and the axis label are HTML: a colour name, not a QColor
        self.setBackground(palette.color(QPalette.ColorRole.Base))
        self.setTitle(str(self.data.get("title") or ""), color=css, size="11pt")
        for side in ("bottom", "left"):
            self.getAxis(side).setTextPen(ink)
            self.getAxis(side).setPen(ink)
        if self.data.get("y_label"):
            self.setLabel("left", str(self.data["y_label"]), color=css)
        legend = self.getPlotItem().legend
        if legend is not None:
            legend.setLabelTextColor(ink)
            for _sample, label in legend.items:  # a label takes its colour when its text is set
                label.setText(label.text)

    def export(self, path: str | Path) -> Path:
        """Write the chart as ``path`` (``.png`` or ``.svg``, by its suffix) through Qt."""
        path = Path(path)
        if path.suffix.lower() == ".svg":
            generator = QSvgGenerator()
            generator.setFileName(str(path))
            generator.setSize(self.size())
            generator.setViewBox(self.rect())
            generator.setTitle(str(self.data.get("title") or self.name))
            painter = QPainter(generator)
            try:
                self.render(painter)
            finally:
                painter.end()
            return path
        exporter = pg.exporters.ImageExporter(self.plotItem)
        exporter.parameters()["width"] = max(900, int(self.width()))
        exporter.export(str(path))
        return path


__all__ = ["ASPECT", "ChartView"]
