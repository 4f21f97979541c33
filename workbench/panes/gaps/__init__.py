"""The gaps pane (see ``pane.py``); importing the package registers it."""
from workbench.panes.gaps.pane import GapsPane

__all__ = ["GapsPane"]
