"""The goals pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.goals.pane import GoalsPane

__all__ = ["GoalsPane"]
