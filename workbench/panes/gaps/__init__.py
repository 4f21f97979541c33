"""The gaps pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.gaps.pane import GapsPane

__all__ = ["GapsPane"]
