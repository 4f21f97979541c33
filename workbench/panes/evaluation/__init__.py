"""The evaluation pane (see ``pane.py``); importing the package registers it."""
from workbench.panes.evaluation.pane import EvaluationPane

__all__ = ["EvaluationPane"]
