"""The checks pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.checks.pane import ChecksPane

__all__ = ["ChecksPane"]
