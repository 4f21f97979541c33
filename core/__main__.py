"""``python -m core`` runs the ``linghun`` command line."""
from core.cli import main

raise SystemExit(main())
