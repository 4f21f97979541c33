"""Workbench tests run the application's start-up safeguards: Qt objects are only ever
garbage-collected on the GUI thread, and ``workbench.pyside_fixes`` is in place.

Without the first, a worker thread of one test (a map rebuild, a round) can trigger Python's
collector while garbage from an earlier test holds widgets: Qt then destroys them off the GUI
thread and the run can deadlock. The application does the same (``workbench.gcguard``).
"""
import gc

import pytest

from linghun.workbench import gcguard, pyside_fixes


def as_the_app_starts(qapp) -> None:
    """The application's start-up safeguards, for a test that drives Qt from another suite."""
    pyside_fixes.keep_singletons_alive()
    gcguard.install(qapp)


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread(qapp):
    as_the_app_starts(qapp)
    yield
    gc.collect()


@pytest.fixture
def client_threads(monkeypatch) -> list[str]:
    """The names of the threads on which an ``openai.OpenAI`` client is built, in order."""
    import threading

    import openai

    built_on: list[str] = []
    real_init = openai.OpenAI.__init__

    def recording_init(self, *args, **kwargs):
        built_on.append(threading.current_thread().name)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(openai.OpenAI, "__init__", recording_init)
    return built_on
