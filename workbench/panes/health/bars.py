"""A pyqtgraph bar chart whose bars can be clicked: one ``BarGraphItem`` per colour, fed whole
with numpy arrays (many small items are slow), the category names on the bottom axis."""
from __future__ import annotations

import os

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

import numpy as np  # noqa: E402
import pyqtgraph as pg  # noqa: E402
from PySide6.QtCore import QPointF, Signal  # noqa: E402
from PySide6.QtGui import QColor  # noqa: E402


class BarChart(pg.PlotWidget):
    """Bars at x = 0, 1, 2...; a left click on one emits its index.

    Signals:
        sig_bar_clicked(int): the index of the bar clicked.
    """

    sig_bar_clicked = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setBackground(None)
        self.setMouseEnabled(x=False, y=False)
        self.hideButtons()
        self.setMenuEnabled(False)
        self.showGrid(y=True, alpha=0.2)
        self._bars = pg.BarGraphItem(x=[], height=[], width=0.7)
        self.addItem(self._bars)
        self._heights = np.zeros(0)
        self.scene().sigMouseClicked.connect(self._on_click)

    def set_bars(self, labels: list[str], heights: list[float], colours: list[str], title: str = "") -> None:
        self._heights = np.asarray(heights, dtype=float)
        x = np.arange(len(heights), dtype=float)
        self._bars.setOpts(x=x, height=self._heights, width=0.7,
                           brushes=[pg.mkBrush(QColor(c)) for c in colours], pens=[pg.mkPen(None)] * len(heights))
        self.getAxis("bottom").setTicks([list(enumerate(labels))])
        self.setTitle(title)
        top = float(self._heights.max()) if len(self._heights) else 1.0
        self.setXRange(-0.6, max(len(heights) - 0.4, 0.4), padding=0)
        self.setYRange(0, max(top, 1.0) * 1.1, padding=0)

    def bar_centre(self, index: int) -> QPointF:
        """Where bar ``index`` is on this widget (the middle of its height): for a click."""
        height = float(self._heights[index]) if index < len(self._heights) else 0.0
        scene = self.plotItem.vb.mapViewToScene(QPointF(index, max(height, 0.02) / 2))
        return self.mapFromScene(scene)

    def _on_click(self, event) -> None:
        vb = self.plotItem.vb
        if not vb.sceneBoundingRect().contains(event.scenePos()):
            return
        point = vb.mapSceneToView(event.scenePos())
        index = int(round(point.x()))
        if 0 <= index < len(self._heights) and abs(point.x() - index) <= 0.35:
            self.sig_bar_clicked.emit(index)
