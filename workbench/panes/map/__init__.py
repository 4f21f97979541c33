"""The map pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.map.pane import MapPane

__all__ = ["MapPane"]
