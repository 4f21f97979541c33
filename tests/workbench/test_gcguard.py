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


def test_a_full_collection_waits_for_growth_then_freezes_what_survived(qapp):
    guard = gcguard.install(qapp)
    gc.collect()
    guard.collect_full()
    frozen = gc.get_freeze_count()
    assert frozen > 0 and len(gc.get_objects(generation=2)) == 0
    kept = [[i] for i in range(frozen // 10)]  # long-lived, but fewer than a quarter of the frozen
    gc.collect(1)
    gc.collect(1)  # promoted to generation 2
    assert not guard._full_is_due()
    kept += [[i] for i in range(frozen // 2)]
    gc.collect(1)
    gc.collect(1)
    assert guard._full_is_due()
    garbage = _Cycle()
    del garbage
    before = guard.full_collections
    guard.collect_full()
    assert guard.full_collections == before + 1 and len(gc.get_objects(generation=2)) == 0
    assert gc.get_freeze_count() >= frozen + len(kept)
    gc.unfreeze()
