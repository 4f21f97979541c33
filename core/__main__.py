"""``python -m linghun.core`` runs the ``linghun`` command line."""
from linghun.core.cli import main

raise SystemExit(main())
