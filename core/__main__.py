"""``python -m linghun.core`` runs the ``linghun`` command line."""
from linghun.core.cli import run

raise SystemExit(run())
