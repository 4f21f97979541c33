"""The journal timeline pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.journal.pane import JournalPane

__all__ = ["JournalPane"]
