"""``python -m workbench``: start the desktop workbench."""
from linghun.workbench.app import main

raise SystemExit(main())
