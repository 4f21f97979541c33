"""Entry point of the frozen bundle: one executable for both commands, chosen by the name it is
started under (``linghun-workbench``, or ``linghun`` through the symlink build_bundle.sh makes).
One executable instead of two keeps a single copy of the Python modules (about 20 MB)."""
import sys
from pathlib import Path

if Path(sys.argv[0]).name.startswith("linghun-workbench"):
    from linghun.workbench.app import main
else:
    from linghun.core.cli import run as main

raise SystemExit(main())
