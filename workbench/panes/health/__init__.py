"""The health pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.health.pane import HealthPane

__all__ = ["HealthPane"]
