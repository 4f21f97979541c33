"""The ontology pane (see ``pane.py``); importing the package registers it."""
from linghun.workbench.panes.ontology.pane import OntologyPane

__all__ = ["OntologyPane"]
