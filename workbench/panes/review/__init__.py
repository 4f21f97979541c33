"""The Review pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.review.pane import ReviewPane

__all__ = ["ReviewPane"]
