"""Item views whose repaint takes the GIL once.

Qt paints a table from C++ and asks the model for every role of every visible cell: a few
hundred to a few thousand calls into Python per repaint. Called from the event loop, each of
them takes the GIL anew, and while a worker computes in Python each waits for it (up to the
switch interval): the entries table at 10k entries took 100 to 300 ms to repaint while the
agent's write was parsed. A ``paintEvent`` written in Python holds the GIL across the whole
paint, so the model's calls inside it find it held.
"""
from __future__ import annotations

from PySide6.QtWidgets import QTableView


class TableView(QTableView):
    """A ``QTableView`` that paints inside one Python call (see the module docstring)."""

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
