"""The timeline's marks of one track (pyqtgraph's, imported with this module when the timeline is
first built: ``workbench.plots``)."""
from __future__ import annotations

import numpy as np

from linghun.workbench.plots import pyqtgraph

pg = pyqtgraph()


class TrackScatter(pg.ScatterPlotItem):
    """The marks of one track: every mark has the item's style (none is given per mark).

    pyqtgraph looks each new spot's picture up in its symbol atlas one spot at a time, in Python:
    about 20 ms of the GUI thread for 10k marks on every reload. The marks of a track all look the
    same, so one lookup serves them all. A hovered mark is drawn bigger: while one is, pyqtgraph's
    own lookup runs (for the few spots whose look changed)."""

    def updateSpots(self, dataSet=None):  # noqa: N802,N803 - pyqtgraph's names
        data = self.data if dataSet is None else dataSet
        if self.opts["pxMode"] and self.opts["useCache"] and len(data) > 1 and not data["hovered"].any():
            todo = np.flatnonzero(data["sourceRect"]["w"] == 0)
            if len(todo) > 1:
                super().updateSpots(data[todo[0]:todo[0] + 1])  # a view: the lookup writes into data
                data["sourceRect"][todo] = data["sourceRect"][todo[0]]
                return
        super().updateSpots(dataSet)
