"""``python -m workbench``: start the desktop workbench."""
from workbench.app import main

raise SystemExit(main())
