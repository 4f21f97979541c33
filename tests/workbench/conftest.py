"""Workbench tests: Qt objects are only ever garbage-collected on the GUI thread.

Without this, a worker thread of one test (a map rebuild, a round) can trigger Python's
collector while garbage from an earlier test holds widgets: Qt then destroys them off the GUI
thread and the run can deadlock. The application does the same (``workbench.gcguard``).
"""
import gc

import pytest

from workbench import gcguard


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread(qapp):
    gcguard.install(qapp)
    yield
    gc.collect()
