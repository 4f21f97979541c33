"""Services of the application: the event bridge and background tasks."""
from __future__ import annotations

import threading
import time

from linghun.core.events import EventBus
from tests.workbench.test_app_helpers import no_thread_left  # noqa: F401 - fixture
from linghun.workbench.bridge import EventBridge
from linghun.workbench.tasks import TaskManager


def test_bridge_delivers_worker_events_on_the_gui_thread(qtbot):
    bus = EventBus()
    bridge = EventBridge(bus)
    seen = []
    bridge.sig_memory_changed.connect(lambda path, what: seen.append((path, what, threading.current_thread())))
    worker = threading.Thread(target=bus.publish, args=("memory.changed",), kwargs={"path": "/x", "what": "warm"})
    with qtbot.waitSignal(bridge.sig_memory_changed, timeout=1000):
        worker.start()
    worker.join()
    assert seen == [("/x", "warm", threading.main_thread())]
    bridge.close()
    bus.publish("memory.changed", path="/y", what="warm")
    qtbot.wait(50)
    assert len(seen) == 1


def test_task_reports_progress_and_result(qtbot, no_thread_left):
    tasks = TaskManager()
    progress = []

    def work(state, n):
        for i in range(n):
            state.set_progress((i + 1) / n, f"step {i + 1}")
            time.sleep(0.03)
        return n * 2

    handle = tasks.submit("work", work, 5)
    handle.sig_progress.connect(lambda f, m: progress.append(f))
    with qtbot.waitSignal(handle.sig_finished, timeout=3000) as blocker:
        pass
    assert blocker.args == [10] and progress and progress[-1] == 1.0
    tasks.shutdown()


def test_task_cancel_and_failure(qtbot, no_thread_left):
    tasks = TaskManager()

    def slow(state):
        while True:
            state.check_cancelled()
            time.sleep(0.01)

    handle = tasks.submit("slow", slow)
    qtbot.wait(50)
    with qtbot.waitSignal(handle.sig_cancelled, timeout=2000):
        handle.cancel()
    failing = tasks.submit("fail", lambda state: 1 / 0)
    with qtbot.waitSignal(failing.sig_failed, timeout=2000) as blocker:
        pass
    assert isinstance(blocker.args[0], ZeroDivisionError)
    tasks.shutdown()
    assert tasks.running() == []


def test_a_result_cancelled_before_it_was_reported_is_never_delivered(qtbot, no_thread_left):
    """A pane that shut down (or a newer request) cancels a task whose work has just ended: its
    result must not reach a slot of a pane that is gone."""
    tasks = TaskManager()
    handle = tasks.submit("quick", lambda state: 1)
    handle.future.result(timeout=3)  # the work ended; the GUI thread has not polled it yet
    finished = []
    handle.sig_finished.connect(finished.append)
    with qtbot.waitSignal(handle.sig_cancelled, timeout=3000):
        handle.cancel()
    qtbot.wait(50)
    assert finished == []
    tasks.shutdown()


def test_a_listener_may_shut_the_tasks_down_when_a_task_ends(qtbot, no_thread_left):
    tasks = TaskManager()
    handle = tasks.submit("quick", lambda state: 1)
    handle.sig_finished.connect(lambda _result: tasks.shutdown())  # polls again from inside _poll
    with qtbot.waitSignal(tasks.sig_done, timeout=3000) as blocker:
        pass
    assert blocker.args == [handle] and tasks.running() == []


def test_emitting_signals_cannot_free_the_bool_singletons():
    """PySide6 6.12.0 drops a reference to True or False on every emit; on Python 3.11 the
    workbench aborted once a few thousand progress signals had been sent. With the start-up
    reserve (``workbench.pyside_fixes``) the counts stay far from zero; releases without the leak
    must keep them where they were."""
    import sys

    from PySide6.QtCore import QObject, Signal

    from linghun.workbench.pyside_fixes import RESERVE, keep_singletons_alive

    class Emitter(QObject):
        sig_plain = Signal()
        sig_progress = Signal(float, str)

    reserved = keep_singletons_alive()
    emitter = Emitter()
    emitter.sig_progress.connect(lambda fraction, message: None)
    before = sys.getrefcount(True), sys.getrefcount(False)
    for _ in range(200):
        emitter.sig_plain.emit()
        emitter.sig_progress.emit(0.5, "half")
    after = sys.getrefcount(True), sys.getrefcount(False)
    if reserved:
        assert min(after) > RESERVE // 2
    elif sys.version_info < (3, 12):
        assert after[0] >= before[0] - 5 and after[1] >= before[1] - 5, (before, after)
