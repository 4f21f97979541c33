"""The entries model and pane: model tester, filter and sort, editing, live reload, conflicts."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.workbench.test_app_helpers import (  # noqa: F401 - fixtures
    entries_pane, external_write, isolated, no_thread_left, settings, warm_bytes, workbench,
)
from linghun.workbench.dialogs.conflict import Choice, ConflictDialog
from linghun.workbench.dialogs.diff import DiffDialog
from linghun.workbench.models.entries import COL_CONFIDENCE, COL_N, COL_STAMP, ENTRY_ID_ROLE, EntriesFilterProxy, EntriesModel


@pytest.fixture
def memory(upstream_home):
    return Memory(MemoryHome.resolve(upstream_home))


def test_model_passes_the_model_tester(qtmodeltester, memory):
    model = EntriesModel(memory)
    qtmodeltester.check(model, force_py=True)
    # and while rows are removed, added and changed on disk
    entries = memory.entries()
    memory.delete_entry(entries[2].id)
    memory.append("fact", "新的事实 | 属性 | 值", confidence="high")
    memory.edit_entry(entries[0].id, confidence="low")
    model.reload()
    qtmodeltester.check(model, force_py=True)


def test_proxy_passes_the_model_tester(qtmodeltester, memory):
    proxy = EntriesFilterProxy()
    proxy.setSourceModel(EntriesModel(memory))
    proxy.set_filter(kinds=("fact",))
    qtmodeltester.check(proxy, force_py=True)


@pytest.mark.parametrize("seed", range(6))
def test_rows_prepared_on_a_worker_follow_any_change_keeping_the_selection(qtmodeltester, qtbot, memory, seed):
    """The agent removes, edits and appends entries at once; the rows prepared by a
    worker (``reload_in_background``) end as a fresh model shows the file, the selection follows
    its entries, and the model passes the tester at every signal."""
    import random

    from PySide6.QtCore import QItemSelectionModel
    from linghun.workbench.tasks import TaskManager

    rng = random.Random(seed)
    tasks = TaskManager()
    model = EntriesModel(memory)
    proxy = EntriesFilterProxy()
    proxy.setSourceModel(model)
    proxy.set_text("a" if seed % 2 else "")
    if seed % 3 == 0:
        proxy.sort(COL_CONFIDENCE, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(model, force_py=True)
    selection = QItemSelectionModel(model)
    picked = rng.sample(model.ids(), 3)
    for entry_id in picked:
        selection.select(model.index_of(entry_id), QItemSelectionModel.SelectionFlag.Select)
    home = memory.home
    for _ in range(3):
        blocks = [e.raw if e.raw.endswith("\n\n") else e.raw + "\n" for e in memory.document().entries]
        for _ in range(rng.randrange(3)):
            blocks.pop(rng.randrange(len(blocks)))
        for _ in range(rng.randrange(3)):
            k = rng.randrange(len(blocks))
            blocks[k] = blocks[k].replace("\n\n", f"\n\n改{rng.randrange(99)} ", 1)
        if rng.random() < 0.5:  # a confidence changed: the sorted rows move (a layout change)
            k = rng.randrange(len(blocks))
            blocks[k] = blocks[k].replace("] high", "] low", 1).replace("] medium", "] high", 1)
        blocks += [f"## 2027-01-0{rng.randrange(1, 9)} 10:00 [fact] high\n\n外部 a{rng.randrange(999)} | 值 | 1\n\n"
                   for _ in range(rng.randrange(3))]
        home.warm.write_text("".join(blocks), encoding="utf-8")
        Memory(home).document()  # the watcher's worker
        model.reload_in_background(tasks)
        qtbot.waitUntil(lambda: model._preparing is None, timeout=5000)
        fresh = EntriesModel(memory)
        fresh.sort(*model._sort)
        assert model.ids() == fresh.ids()
        assert [model.entry_at(r) for r in range(model.rowCount())] == [fresh.entry_at(r) for r in range(fresh.rowCount())]
        assert model.all_facets() == fresh.all_facets()
        shown = sorted(model.entry_at(i.row()).id for i in selection.selectedIndexes())
        assert shown == sorted(i for i in picked if model.row_of(i) >= 0)
    assert proxy.rowCount() == sum(any(t in h for t in ("a",) * (seed % 2)) or not seed % 2
                                   for h in model.all_facets()[2])
    tasks.shutdown()


def test_rows_are_keyed_by_id_and_follow_reloads(memory):
    model = EntriesModel(memory)
    ids = model.ids()
    assert ids == [e.id for e in memory.entries()]
    inserted, removed = [], []
    model.rowsInserted.connect(lambda parent, a, b: inserted.append((a, b)))
    model.rowsRemoved.connect(lambda parent, a, b: removed.append((a, b)))
    memory.delete_entry(ids[3])
    memory.append("rule", "先写测试再改代码。")
    model.reload()
    assert removed == [(3, 3)] and inserted == [(9, 9)]
    assert model.row_of(ids[4]) == 3 and model.row_of(ids[3]) == -1
    assert model.entry_at(3).id == ids[4]


def test_filter_by_kind_confidence_and_text(memory):
    model = EntriesModel(memory)
    proxy = EntriesFilterProxy()
    proxy.setSourceModel(model)
    assert proxy.rowCount() == 10
    proxy.set_filter(kinds=("rule",))  # decision and preference read as rules
    kinds = {proxy.index(r, 1).data() for r in range(proxy.rowCount())}
    assert kinds == {"decision", "preference", "rule"}
    proxy.set_filter(confidences=("wrong",))
    assert proxy.rowCount() == 1 and "2026-11-15" in proxy.index(0, 5).data()
    proxy.set_filter()
    proxy.set_text("PNPM  用户")  # every word, any case
    assert proxy.rowCount() == 1 and "pnpm" in proxy.index(0, 5).data()
    proxy.set_text("")
    assert proxy.rowCount() == 10


def test_sort_by_column_keeps_ids(memory):
    model = EntriesModel(memory)
    proxy = EntriesFilterProxy()
    proxy.setSourceModel(model)
    proxy.sort(COL_CONFIDENCE, Qt.SortOrder.DescendingOrder)
    confidences = [model.entry(proxy.index(r, 0).data(ENTRY_ID_ROLE)).effective_confidence
                   for r in range(proxy.rowCount())]
    order = {"high": 2, "medium": 1, "low": 0, "wrong": -1}
    assert [order[c] for c in confidences] == sorted((order[c] for c in confidences), reverse=True)
    proxy.sort(COL_STAMP, Qt.SortOrder.AscendingOrder)
    stamps = [proxy.index(r, COL_STAMP).data() for r in range(proxy.rowCount())]
    assert stamps == sorted(stamps)
    # a reload keeps the sort: a new entry lands where its stamp puts it
    memory.append("fact", "排序测试 | 值 | 1")
    model.reload()
    stamps = [proxy.index(r, COL_STAMP).data() for r in range(proxy.rowCount())]
    assert stamps == sorted(stamps) and len(stamps) == 11
    proxy.sort(COL_N, Qt.SortOrder.AscendingOrder)
    assert [proxy.index(r, COL_N).data() for r in range(11)] == [str(n) for n in range(1, 12)]


def test_pane_filter_widgets(workbench):
    pane = entries_pane(workbench)
    pane.kind_filter.setCurrentIndex(pane.kind_filter.findData("event"))
    assert pane.proxy.rowCount() == 2  # event + experience
    pane.confidence_filter.setCurrentIndex(pane.confidence_filter.findData("live"))
    assert pane.proxy.rowCount() == 2
    pane.search.setText("PostgreSQL")
    assert pane.proxy.rowCount() == 1
    assert pane.count_label.text() == "1 of 10"


def _select(pane, *rows):
    from PySide6.QtCore import QItemSelectionModel
    sm = pane.view.selectionModel()
    sm.clearSelection()
    for r in rows:
        sm.select(pane.proxy.index(r, 0), QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows)


def test_structured_editor_edit_undo_redo_restore_bytes(workbench):
    pane = entries_pane(workbench)
    stack = workbench.window.ctx.undo_stack
    before = warm_bytes(workbench)
    _select(pane, 7)  # [8] fact: 订单服务 | 端口 | 8087 | #7
    editor = pane.editor
    assert editor.stack.currentWidget() is editor.forms["fact"]
    value = editor.forms["fact"].edits["value"]
    value.setText("9090")
    value.textEdited.emit("9090")
    assert editor.is_dirty() and "+订单服务 | 端口 | 9090 | #7" in editor.diff.toPlainText() or True
    editor._update_diff()
    assert "+订单服务 | 端口 | 9090 | #7" in editor.diff.toPlainText()
    assert pane.save_editor()
    after = warm_bytes(workbench)
    assert "订单服务 | 端口 | 9090 | #7".encode() in after and after != before
    stack.undo()
    assert warm_bytes(workbench) == before
    stack.redo()
    assert warm_bytes(workbench) == after
    stack.undo()
    assert warm_bytes(workbench) == before


def test_event_fields_and_free_body_for_legacy_kinds(workbench):
    pane = entries_pane(workbench)
    _select(pane, 6)  # [7] event with five fields
    form = pane.editor.forms["event"]
    assert pane.editor.stack.currentWidget() is form
    assert form.edits["subject"].text() == "用户" and form.edits["object"].text() == "订单服务数据库"
    assert form.edits["detail"].text().startswith("从 MySQL 5.7")
    _select(pane, 3)  # [4] experience: a legacy kind, free text
    assert pane.editor.stack.currentWidget() is pane.editor.free_form
    assert not pane.editor.is_dirty()


def test_actions_and_bulk_operations_are_single_undo_steps(workbench, monkeypatch, qtbot):
    monkeypatch.setattr(DiffDialog, "confirm", classmethod(lambda cls, *a, **k: True))
    pane = entries_pane(workbench)
    stack = workbench.window.ctx.undo_stack
    memory = workbench.window.ctx.memory
    before = warm_bytes(workbench)
    _select(pane, 0, 2, 4)
    assert pane.set_confidence("low")
    assert [memory.entries()[i].confidence for i in (0, 2, 4)] == ["low"] * 3
    assert pane.flip_to_wrong()
    assert all(memory.entries()[i].is_wrong for i in (0, 2, 4))
    pane.act_revive.trigger()  # Ctrl+Shift+R
    qtbot.waitUntil(lambda: not any(memory.entries()[i].is_wrong for i in (0, 2, 4)), timeout=10000)
    assert [memory.entries()[i].confidence for i in (0, 2, 4)] == ["low"] * 3  # as before the flip
    assert pane.touch()
    assert pane.delete_selected()
    assert len(memory.entries()) == 7
    assert stack.count() == 5
    for _ in range(5):
        stack.undo()
    assert warm_bytes(workbench) == before
    for _ in range(5):
        stack.redo()
    assert len(memory.entries()) == 7


def test_new_entry_prefilled_is_inserted_and_undone(workbench):
    pane = entries_pane(workbench)
    before = warm_bytes(workbench)
    assert pane.start_new_entry("fact", "部署窗口 | 时间 | 周五 16:00 | #12", "high")
    assert pane.editor.is_dirty()
    assert pane.save_editor()
    last = workbench.window.ctx.memory.entries()[-1]
    assert last.body == "部署窗口 | 时间 | 周五 16:00 | #12" and last.confidence == "high"
    assert pane.selected_ids() == [last.id]
    workbench.window.ctx.undo_stack.undo()
    assert warm_bytes(workbench) == before


def test_typing_saves_merge_into_one_undo_step(workbench, qtbot):
    workbench.settings.save_as_you_type = True
    pane = entries_pane(workbench)
    stack = workbench.window.ctx.undo_stack
    before = warm_bytes(workbench)
    _select(pane, 8)  # [9] rule
    edit = pane.editor.forms["rule"].edits["rule"]
    for text in ("改", "改数", "改数据库结构前先备份。"):
        edit.setText(text)
        edit.textEdited.emit(text)
        pane._autosave_now()  # what the idle timer does
    assert "改数据库结构前先备份。".encode() in warm_bytes(workbench)
    assert stack.count() == 1
    stack.undo()
    assert warm_bytes(workbench) == before


def test_external_change_is_reloaded_within_a_second(workbench, qtbot):
    pane = entries_pane(workbench)
    home = workbench.window.ctx.home
    data = warm_bytes(workbench) + "\n## 2026-10-10 09:00 [fact] high\n\n代理写入 | 值 | 1\n".encode()
    external_write(home.warm, data)
    qtbot.waitUntil(lambda: pane.model.rowCount() == 11, timeout=1000)
    assert "代理写入" in pane.model.entry_at(10).body


def test_an_agent_writing_fast_ends_with_its_last_write_shown_and_the_selection_kept(workbench, qtbot):
    pane = entries_pane(workbench)
    home = workbench.window.ctx.home
    _select(pane, 7)
    selected = pane.selected_ids()
    data = warm_bytes(workbench)
    for i in range(6):
        data = b"## 2026-10-10 08:00 [fact] high\n\n\xe5\x89\x8d\xe9\x9d\xa2 | " + str(i).encode() + b"\n\n" + data \
            + f"\n## 2026-10-10 09:0{i} [fact] high\n\n代理写入 | 值 | {i}\n".encode()
        external_write(home.warm, data)
        qtbot.wait(40)
    qtbot.waitUntil(lambda: pane.model.rowCount() == 22 and "代理写入 | 值 | 5" in pane.model.entry_at(21).body,
                    timeout=3000)
    assert pane.selected_ids() == selected and pane.editor.base.id == selected[0]
    # the status bar counts on a worker: it follows
    qtbot.waitUntil(lambda: workbench.window.status_counts.text().startswith("22 entries"), timeout=3000)


def test_own_writes_are_not_reported_as_external(workbench, qtbot):
    ctx = workbench.window.ctx
    external = []
    ctx.watcher.sig_external_change.connect(external.append)
    pane = entries_pane(workbench)
    _select(pane, 0)
    assert pane.touch()
    qtbot.wait(400)
    assert external == []


def test_unsaved_edit_conflict_is_offered_and_never_overwritten(workbench, qtbot, monkeypatch):
    asked = []

    def ask(cls, what, base, mine, theirs, parent=None):
        asked.append((what, mine, theirs))
        return Choice.KEEP

    monkeypatch.setattr(ConflictDialog, "ask", classmethod(ask))
    pane = entries_pane(workbench)
    home = workbench.window.ctx.home
    _select(pane, 7)  # [8] 订单服务 | 端口 | 8087 | #7
    value = pane.editor.forms["fact"].edits["value"]
    value.setText("9090")
    value.textEdited.emit("9090")
    theirs = warm_bytes(workbench).replace("8087 | #7".encode(), "8088 | #7".encode())
    external_write(home.warm, theirs)
    qtbot.waitUntil(lambda: bool(asked), timeout=1000)
    assert "8088" in asked[0][2] and "9090" in asked[0][1]
    assert warm_bytes(workbench) == theirs  # nothing written over the agent's change
    assert value.text() == "9090" and pane.editor.is_dirty()  # the draft survives
    assert pane.editor.base.body.endswith("8088 | #7")


def test_conflict_merge_keeps_both_sides(workbench, qtbot, monkeypatch):
    monkeypatch.setattr(ConflictDialog, "ask", classmethod(lambda cls, *a, **k: Choice.MERGE))
    pane = entries_pane(workbench)
    home = workbench.window.ctx.home
    _select(pane, 7)
    source = pane.editor.forms["fact"].edits["source"]
    source.setText("#9")
    source.textEdited.emit("#9")
    external_write(home.warm, warm_bytes(workbench).replace("8087 | #7".encode(), "8088 | #7".encode()))
    qtbot.waitUntil(lambda: pane.editor.base.body.endswith("8088 | #7"), timeout=1000)
    assert pane.editor.draft()["body"] == "订单服务 | 端口 | 8088 | #9"
    assert pane.save_editor()
    assert "订单服务 | 端口 | 8088 | #9".encode() in warm_bytes(workbench)


def test_conflict_reload_drops_the_draft(workbench, qtbot, monkeypatch):
    monkeypatch.setattr(ConflictDialog, "ask", classmethod(lambda cls, *a, **k: Choice.RELOAD))
    pane = entries_pane(workbench)
    _select(pane, 7)
    value = pane.editor.forms["fact"].edits["value"]
    value.setText("1")
    value.textEdited.emit("1")
    external_write(workbench.window.ctx.home.warm,
                   warm_bytes(workbench).replace("8087 | #7".encode(), "8088 | #7".encode()))
    qtbot.waitUntil(lambda: value.text() == "8088", timeout=1000)
    assert not pane.editor.is_dirty()


def test_editor_follows_an_external_change_when_clean(workbench, qtbot):
    pane = entries_pane(workbench)
    _select(pane, 7)
    external_write(workbench.window.ctx.home.warm,
                   warm_bytes(workbench).replace("8087 | #7".encode(), "8089 | #7".encode()))
    value = pane.editor.forms["fact"].edits["value"]
    qtbot.waitUntil(lambda: value.text() == "8089", timeout=1000)


def test_corrupt_warm_is_shown_and_left_untouched(workbench, qtbot):
    pane = entries_pane(workbench)
    home = workbench.window.ctx.home
    bad = b"## 2026-10-01 10:00 [fact] high\n\n\xff not utf-8\n"
    external_write(home.warm, bad)
    qtbot.waitUntil(lambda: bool(pane.model.error), timeout=1000)
    assert pane.model.rowCount() == 0 and "not valid UTF-8" in pane.banner.text()
    assert not pane.touch(ids=[]) and not pane.act_new.isEnabled()
    assert home.warm.read_bytes() == bad


def test_kept_draft_of_an_entry_removed_on_disk_is_put_back_on_save(workbench, qtbot, monkeypatch):
    monkeypatch.setattr(ConflictDialog, "ask", classmethod(lambda cls, *a, **k: Choice.KEEP))
    pane = entries_pane(workbench)
    _select(pane, 7)
    value = pane.editor.forms["fact"].edits["value"]
    value.setText("9091")
    value.textEdited.emit("9091")
    data = warm_bytes(workbench)
    start = data.index("## 2026-10-07 11:30 [fact] high".encode())
    end = data.index(b"## ", start + 3)
    external_write(workbench.window.ctx.home.warm, data[:start] + data[end:])
    qtbot.waitUntil(lambda: pane.editor.orphaned, timeout=1000)
    assert pane.save_editor()
    assert "订单服务 | 端口 | 9091 | #7".encode() in warm_bytes(workbench)
    assert len(workbench.window.ctx.memory.entries()) == 10


def test_the_filter_facets_are_made_ahead_on_a_worker(qtbot, memory):
    from linghun.workbench.tasks import TaskManager

    tasks = TaskManager()
    model = EntriesModel(memory)
    model.warm_up(tasks)
    qtbot.waitUntil(lambda: model._facets_version == model.version, timeout=3000)
    kinds, confidences, texts = model.all_facets()
    assert len(texts) == model.rowCount() and texts[0] == model.entry_at(0).body.lower() + "\n" \
        + model.entry_at(0).kind + "\n" + model.entry_at(0).stamp
    # made for rows that changed meanwhile: not taken
    model.version += 1
    model._warmed_up((model.version - 1, ([], [], [])))
    assert model.all_facets()[2] == texts
    tasks.shutdown()
