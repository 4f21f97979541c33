"""The evaluation pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.evaluation.pane import EvaluationPane

__all__ = ["EvaluationPane"]
