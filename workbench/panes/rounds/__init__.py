"""The rounds pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.rounds.pane import RoundsPane

__all__ = ["RoundsPane"]
