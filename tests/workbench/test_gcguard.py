"""The collector runs on the GUI thread, never in a worker."""
import gc
import threading

from linghun.workbench import gcguard


class _Cycle:
    def __init__(self):
        self.me = self


def test_automatic_collection_is_off_and_the_timer_collects(qapp, qtbot):
    guard = gcguard.install(qapp)
    assert gcguard.install(qapp) is guard and not gc.isenabled()
    collected_in = []
    gc.callbacks.append(lambda phase, info: phase == "start" and collected_in.append(threading.current_thread().name))
    try:
        def make_garbage():
            for _ in range(guard.threshold[0] * 3):
                _Cycle()

        worker = threading.Thread(target=make_garbage, name="worker")
        worker.start()
        worker.join()
        assert "worker" not in collected_in  # a worker's allocations never start a collection
        qtbot.waitUntil(lambda: bool(collected_in), timeout=3000)
        assert set(collected_in) == {threading.main_thread().name}
    finally:
        gc.callbacks.pop()
