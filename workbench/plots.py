"""pyqtgraph, imported when a pane first draws a plot.

The timeline, the health, the checks' history and the evaluation's charts plot with pyqtgraph;
importing it when the window started took 0.2 s and 36 MB of RSS (numpy aside), before any of
these panes was shown, and a home opens on the Curate workspace, which shows none of them.
A pane calls ``pyqtgraph()`` where it builds its plots, and imports its own pyqtgraph classes
(subclasses of pyqtgraph's) there.
"""
from __future__ import annotations

import os


def pyqtgraph():
    """The ``pyqtgraph`` module, on Qt for Python 6."""
    os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")
    import pyqtgraph as pg  # imported here, for start-up time and memory (see the module docstring)

    return pg
