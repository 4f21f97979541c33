"""Work-arounds for PySide6 bugs that would crash the workbench, applied once at start-up.

PySide6 6.12.0 drops one reference to ``True`` or ``False`` each time a signal is emitted, and
one reference to ``None`` each time a signal emitted by Qt itself (a ``QTimer``'s ``timeout``, a
task's progress poll, a view's repaint) calls a Python slot, and each time a Python override of a
C++ virtual returns None (``QSyntaxHighlighter.highlightBlock``: every highlighted line of a
diff). On Python 3.11 the three are ordinary objects, so after enough emissions (a long task
polls ten times a second; a consolidation preview highlights tens of thousands of diff lines)
their count reaches zero and the interpreter aborts with ``bool_dealloc`` or ``none_dealloc``, at
the latest when it exits. Earlier releases (6.9 to 6.11) do not leak but destroy a pyqtgraph
``PlotWidget`` twice when the garbage collector frees it, so 6.12 is the one to use; this gives
the three objects a reserve of references no session can use up. Python 3.12 made them
immortal, and other PySide6 releases are left alone.
"""
from __future__ import annotations

import ctypes
import sys

import PySide6

LEAKING_RELEASES = frozenset({"6.12.0"})
RESERVE = 1 << 40  # at ten emissions a second, thousands of years

_applied = False


def keep_singletons_alive() -> bool:
    """Add the reserve to True, False and None once when this PySide6 and Python need it; returns
    whether it is in place."""
    global _applied
    if sys.version_info >= (3, 12) or PySide6.__version__ not in LEAKING_RELEASES:
        return False
    if not _applied:
        for obj in (True, False, None):
            # ob_refcnt is the first field of every CPython object.
            ctypes.c_ssize_t.from_address(id(obj)).value += RESERVE
        _applied = True
    return True
