"""The entries pane: warm entries in a filterable table with a structured editor."""
from linghun.workbench.panes.entries.pane import EntriesPane

__all__ = ["EntriesPane"]
