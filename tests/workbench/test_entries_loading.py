"""A big home opens without holding the GUI thread: warm.md is parsed on a worker, the table fills
in slices while the window keeps handling events (a filter typed meanwhile applies), other work
waits for the parse, and the collector leaves what the load made alone (frozen once loaded)."""
from __future__ import annotations

import gc
import threading

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtTest import QTest

from linghun.core import memory as core_memory
from linghun.workbench import gcguard
from linghun.workbench.models import entries as entries_model
from linghun.workbench.tasks import TaskManager
from tests.perf.synth import make_home
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures

N = 1500


@pytest.fixture
def big_home(tmp_path, monkeypatch):
    """A home read the way a big one is (any size counts as big here), in slices of 50 rows with
    30 ms of event loop between them, so a test can act while it fills."""
    home = make_home(tmp_path / "dsh", N)
    home.config.write_text('{"memory": {"maxBytes": 10000000}}\n', encoding="utf-8")  # a write appends
    monkeypatch.setattr(entries_model, "SYNC_LOAD_BYTES", 0)
    monkeypatch.setattr(entries_model, "FIRST_SLICE_ROWS", 50)
    monkeypatch.setattr(entries_model, "MIN_SLICE_ROWS", 50)
    monkeypatch.setattr(entries_model, "SLICE_MS", 0.001)
    monkeypatch.setattr(entries_model, "SLICE_GAP_MS", 30)
    return home


@pytest.fixture
def parses(monkeypatch):
    """The thread of every parse of warm.md in this process."""
    threads: list[str] = []
    parse = core_memory.parse_warm

    def recording(text):
        threads.append(threading.current_thread().name)
        return parse(text)

    monkeypatch.setattr(core_memory, "parse_warm", recording)
    return threads


@pytest.fixture
def window(qtbot, settings, no_thread_left):  # noqa: F811 - fixtures
    from linghun.workbench.main_window import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    yield win
    win._may_close_home = lambda: True
    win.close()


def test_a_big_home_fills_in_slices_and_a_filter_typed_meanwhile_applies(window, big_home, parses, qtbot):
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(5)
    window.open_home(big_home.dsh_home, remember=False)
    pane = window.pane("entries")
    model = pane.model
    assert model.loading and model.rowCount() == 0
    assert not pane.empty_hint.isVisibleTo(window)  # loading is not an empty home
    assert window.status_counts.text() == ""  # counted once loaded, not by parsing here
    inserts = []
    model.rowsInserted.connect(lambda _parent, first, last: inserts.append((first, last, len(ticks))))

    qtbot.waitUntil(lambda: model.rowCount() > 0)
    assert model.loading and model.rowCount() < N
    QTest.keyClicks(pane.search, "redis")  # typed while the rows come in
    qtbot.waitUntil(lambda: pane.proxy.rowCount() > 0)
    assert model.loading  # the filter applied to the rows shown so far
    qtbot.waitUntil(lambda: not model.loading, timeout=20000)
    timer.stop()

    assert model.rowCount() == N
    assert parses and "MainThread" not in parses  # warm.md was never parsed on the GUI thread
    # appended in order, a slice at a time, the event loop turning between two slices
    assert len(inserts) >= 5
    assert [first for first, _last, _t in inserts] == [0] + [last + 1 for _f, last, _t in inserts[:-1]]
    assert all(b[2] > a[2] for a, b in zip(inserts, inserts[1:]))
    # the filter holds every row with the word, once all are in
    matching = [model.entry_at(r).id for r in range(N) if "redis" in model.facets(r)[2]]
    shown = [pane.proxy.entry_id(pane.proxy.index(r, 0)) for r in range(pane.proxy.rowCount())]
    assert matching and shown == matching
    qtbot.waitUntil(lambda: pane.count_label.text() == f"{len(matching)} of {N}")
    qtbot.waitUntil(lambda: window.status_counts.text().startswith(f"{N} entries"))


@pytest.mark.parametrize("checked", ["model", "proxy"])
def test_the_models_pass_the_model_tester_while_they_load(big_home, qtbot, qtmodeltester, checked):
    tasks = TaskManager()
    try:
        model = entries_model.EntriesModel(core_memory.Memory(big_home), tasks=tasks)
        proxy = entries_model.EntriesFilterProxy()
        proxy.setSourceModel(model)
        proxy.set_text("redis")
        assert model.loading
        # checked now and at every slice inserted from now on (one tester follows one model)
        qtmodeltester.check(model if checked == "model" else proxy, force_py=True)
        qtbot.waitUntil(lambda: not model.loading, timeout=20000)
        assert model.rowCount() == N and 0 < proxy.rowCount() < N
    finally:
        tasks.shutdown()


def test_sorted_before_the_rows_came_they_come_sorted(window, big_home, qtbot):
    window.open_home(big_home.dsh_home, remember=False)
    pane = window.pane("entries")
    assert pane.model.loading
    pane.view.sortByColumn(entries_model.COL_STAMP, Qt.SortOrder.DescendingOrder)  # the header clicked
    qtbot.waitUntil(lambda: not pane.model.loading, timeout=20000)
    stamps = [pane.model.entry_at(r).stamp for r in range(pane.model.rowCount())]
    assert len(stamps) == N and stamps == sorted(stamps, reverse=True)


def test_many_rows_are_sorted_on_a_worker_and_the_last_sort_asked_wins(window, big_home, qtbot, monkeypatch):
    monkeypatch.setattr(entries_model, "ASYNC_SORT_ROWS", 100)
    window.open_home(big_home.dsh_home, remember=False)
    pane = window.pane("entries")
    qtbot.waitUntil(lambda: not pane.model.loading, timeout=20000)
    first = pane.model.entry_at(0).id
    pane.select_entry(first)
    pane.view.sortByColumn(entries_model.COL_STAMP, Qt.SortOrder.AscendingOrder)
    pane.view.sortByColumn(entries_model.COL_STAMP, Qt.SortOrder.DescendingOrder)  # clicked again at once
    assert pane.model.entry_at(0).id == first  # nothing sorted on the GUI thread
    qtbot.waitUntil(lambda: pane.model.entry_at(0).id != first)
    stamps = [pane.model.entry_at(r).stamp for r in range(N)]
    assert stamps == sorted(stamps, reverse=True)
    assert pane.selected_ids() == [first]  # the selection followed its entry
    qtbot.wait(100)  # the first sort's result, come late, changes nothing
    assert [pane.model.entry_at(r).stamp for r in range(N)] == stamps


def test_an_entry_asked_for_while_loading_is_shown_at_once(window, big_home, qtbot):
    window.open_home(big_home.dsh_home, remember=False)
    pane = window.pane("entries")
    qtbot.waitUntil(lambda: 0 < pane.model.rowCount())
    last = window.ctx.memory.latest().entries[-1]  # parsed: the rows are being inserted
    assert pane.model.row_of(last.id) < 0
    assert pane.select_entry(last.id)  # another pane opened it
    assert not pane.model.loading and pane.selected_ids() == [last.id]


def test_our_own_write_while_loading_shows_the_result(window, big_home, qtbot):
    window.open_home(big_home.dsh_home, remember=False)
    pane = window.pane("entries")
    qtbot.waitUntil(lambda: 0 < pane.model.rowCount())
    window.ctx.memory.append("fact", "加载中写入 | 值 | 1", confidence="high")
    pane._reload(external=False)  # what the bridge's signal of our write does
    assert not pane.model.loading and pane.model.rowCount() == N + 1
    assert pane.model.entry_at(N).body == "加载中写入 | 值 | 1"


def test_closing_while_loading_reads_nothing_more(window, big_home, parses, qtbot):
    window.open_home(big_home.dsh_home, remember=False)
    assert window.pane("entries").model.loading
    window._may_close_home = lambda: True
    window.close()  # before the event loop turned: neither the parse nor the work it held starts
    qtbot.wait(300)
    assert parses == []


def test_work_submitted_while_held_starts_on_release_and_can_be_cancelled(qtbot):
    tasks = TaskManager()
    started = []
    try:
        tasks.hold()
        kept = tasks.submit("kept", lambda _state: started.append("kept") or "done")
        dropped = tasks.submit("dropped", lambda _state: started.append("dropped"))
        urgent = tasks.submit_now("urgent", lambda _state: started.append("urgent"))
        qtbot.waitUntil(lambda: urgent.done)
        assert started == ["urgent"] and not kept.done
        with qtbot.waitSignal(dropped.sig_cancelled):
            dropped.cancel()
        with qtbot.waitSignal(kept.sig_finished) as result:
            tasks.release()
        assert result.args == ["done"] and started == ["urgent", "kept"]
    finally:
        tasks.shutdown()


def test_the_collector_leaves_a_load_alone_and_freezes_it(qapp):
    guard = gcguard.install(QCoreApplication.instance())
    frozen = gc.get_freeze_count()
    gcguard.hold()
    try:
        made = [[i] for i in range(5000)]  # young objects, past the young threshold
        before = gc.get_count()[0]
        guard.check()
        assert gc.get_count()[0] >= before  # not collected while held
    finally:
        gcguard.release()
    assert gc.get_freeze_count() - frozen >= len(made)  # frozen on release
    assert guard.holds == 0
