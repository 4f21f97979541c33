"""The reliability tests that drive the workbench's window get the application's start-up
safeguards (``tests/workbench/conftest.py``): without PySide6 6.12's reserve of references, the
many ``None`` a window's models return (every cell of every view read, as the hostile-text test
does) ran ``None``'s count down to zero and the interpreter aborted. The others run without Qt.
"""
import gc

import pytest

from tests.workbench.conftest import as_the_app_starts


@pytest.fixture(autouse=True)
def _qt_as_the_app_runs_it(request):
    if "qtbot" not in request.fixturenames:
        yield
        return
    as_the_app_starts(request.getfixturevalue("qapp"))
    yield
    gc.collect()
