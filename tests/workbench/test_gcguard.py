"""The collector runs on the GUI thread, never in a worker."""
import gc
import sys
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


def test_young_garbage_is_collected_and_survivors_frozen_until_the_heap_grows(qapp):
    guard = gcguard.install(qapp)
    guard._timer.stop()  # the test makes the checks
    guard.DEEP_GROWTH = 0.05  # the test process's heap is large: grow it by 5%, not double it
    collected: list[int] = []

    def on_gc(phase, info):
        if phase == "stop":
            collected.append(info["collected"])

    gc.callbacks.append(on_gc)
    try:
        guard.collect_deep()
        guard._next_growth_check = float("inf")
        kept = [[i] for i in range(guard.threshold[0] * 2)]
        for _ in range(3):
            _Cycle()  # garbage of this interval
        collected.clear()
        guard.check()
        assert sum(collected) >= 3  # collected by the young collection
        assert gc.get_objects(generation=1) == gc.get_objects(generation=2) == []  # the survivors are frozen
        collectable = {id(o) for generation in (0, 1, 2) for o in gc.get_objects(generation)}
        assert not collectable & {id(x) for x in kept}  # the survivors were frozen, not just moved
        # a cycle that became garbage after it was frozen waits for the deep collection
        late = _Cycle()
        kept += [[i] for i in range(guard.threshold[0] * 2)]
        guard.check()
        del late
        collected.clear()
        before = guard.deep_collections
        kept += [[i] for i in range(int(max(guard._base, guard.MIN_BASE_BLOCKS) * guard.DEEP_GROWTH) + 1)]
        guard.check()  # the growth is measured at most every GROWTH_CHECK_S
        assert guard.deep_collections == before
        guard._next_growth_check = 0.0
        kept += [[i] for i in range(guard.threshold[0] * 2)]
        guard.check()  # due, but the application is busy allocating: it waits
        assert guard.deep_collections == before and guard._deep_due_since is not None
        guard._last_young -= guard.QUIET_S  # then nothing was allocated for QUIET_S
        gc.collect(0)
        guard.check()
        assert guard.deep_collections == before + 1 and sum(collected) >= 1
        guard._next_growth_check = 0.0
        kept += [[i] for i in range(guard.threshold[0] * 2)]
        guard.check()  # the grown heap is the new base
        assert guard.deep_collections == before + 1
    finally:
        gc.callbacks.remove(on_gc)
        del guard.DEEP_GROWTH
        guard._timer.start()


def test_a_home_that_settles_is_the_new_base_and_cancels_a_deep_collection_found_due_while_it_loaded(qapp):
    guard = gcguard.install(qapp)
    guard._timer.stop()
    try:
        guard._deep_due_since = 0.0  # found due against the empty application while the home loaded
        gcguard.settle()
        assert guard._deep_due_since is None
        assert abs(guard._base - sys.getallocatedblocks()) < 10_000  # what the heap holds now
        before = guard.deep_collections
        guard._last_young -= guard.QUIET_S
        guard.check()  # a quiet second: nothing is due
        assert guard.deep_collections == before
    finally:
        guard._timer.start()
