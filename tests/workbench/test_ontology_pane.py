"""The ontology pane on a copy of the demo home: tree, pointers, node edits, previews."""
from __future__ import annotations

import shutil
import threading

import pytest

from linghun import resources
from linghun.core.events import bus
from linghun.core.formats import nodes as nodes_format
from linghun.core.formats.nodes import render_nodes
from linghun.core.home import MemoryHome
from linghun.core.ontology import project_offline

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from linghun.workbench.models.ontology import OntologyModel  # noqa: E402
from linghun.workbench.panes import WorkbenchContext  # noqa: E402
from linghun.workbench.panes.ontology import OntologyPane  # noqa: E402
from linghun.workbench.settings import Settings  # noqa: E402
from linghun.workbench.plaintext import clean  # noqa: E402
from tests.reliability.hostile import seen  # noqa: E402


@pytest.fixture
def ctx(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    context = WorkbenchContext.open(MemoryHome.resolve(tmp_path / "dsh"), Settings(tmp_path / "settings.ini"))
    yield context
    context.close()


@pytest.fixture
def pane(ctx, qtbot):
    widget = OntologyPane.create(ctx)
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()


def _select(pane, key):
    index = pane._proxy_index(key)
    assert index.isValid(), key
    pane.tree.setCurrentIndex(index)
    return pane.model.item_for_key(key)


def test_model_passes_qtmodeltester(ctx, qtmodeltester):
    model = OntologyModel(ctx.home)
    model.reload()
    qtmodeltester.check(model, force_py=True)
    groups = [r.group for r in model.roots()]
    assert groups == ["events", "knowledge", "rules", "topics", "cold"]


def test_topic_lines_point_at_warm_entries_and_select_them(pane, ctx, qtbot):
    topics = next(r for r in pane.model.roots() if r.group == "topics")
    line = next(c for node in topics.children for c in node.children if c.refs)
    n = line.refs[0]
    seen = []
    unsubscribe = bus.subscribe("workbench.select_entry", lambda event: seen.append(event.payload))
    try:
        _select(pane, line.key)
        assert f"entry:{n}" in pane.refs.text()
        with qtbot.waitSignal(pane.sig_open_entry) as blocker:
            pane.refs.linkActivated.emit(f"entry:{n}")
    finally:
        unsubscribe()
    entry = ctx.memory.entries()[n - 1]
    assert blocker.args == [entry.id]
    assert seen[-1]["entry_id"] == entry.id and seen[-1]["n"] == n
    # the line's own text names the entry it came from
    assert entry.brief[:20] in line.label or entry.body.split(" | ")[0] in line.label


def test_rules_and_cold_show_dates(pane):
    rules = next(r for r in pane.model.roots() if r.group == "rules")
    assert all(line.date for node in rules.children for line in node.children)
    cold = next(r for r in pane.model.roots() if r.group == "cold")
    assert [n.date for n in cold.children] == ["2026-09-11", "2026-09-18", "2026-09-25"]
    assert not cold.children[0].editable


def test_edit_node_then_undo_and_redo_restore_the_bytes(pane, ctx):
    path = ctx.home.rules
    before = path.read_bytes()
    node = _select(pane, next(r for r in pane.model.roots() if r.group == "rules").children[0].key)
    pane.body_edit.setPlainText(node.body + "\n- 每次回滚后在 #release 频道说明原因。（2026-10-23）")
    assert pane.has_unsaved_changes()
    assert pane.save_node()
    after = path.read_bytes()
    assert after != before
    doc = nodes_format.parse_nodes(after.decode())
    assert doc.nodes[0].body.endswith("说明原因。（2026-10-23）")
    assert [n.raw for n in doc.nodes[1:]] == [n.raw for n in nodes_format.parse_nodes(before.decode()).nodes[1:]]
    ctx.undo_stack.undo()
    assert path.read_bytes() == before
    ctx.undo_stack.redo()
    assert path.read_bytes() == after
    assert not pane.has_unsaved_changes()


def test_rename_and_delete_node(pane, ctx):
    path = ctx.home.memory_ontology
    before = path.read_bytes()
    events = next(r for r in pane.model.roots() if r.group == "events")
    _select(pane, events.children[0].key)
    pane.theme_edit.setText("事件时间线 Timeline")
    pane.theme_edit.textEdited.emit("事件时间线 Timeline")
    assert pane.save_node()
    assert nodes_format.parse_nodes(path.read_text()).nodes[0].theme == "事件时间线 Timeline"
    assert pane._current.key == "events/事件时间线 Timeline#1"
    assert pane.delete_node()
    assert nodes_format.parse_nodes(path.read_text()).nodes == []
    ctx.undo_stack.undo()
    ctx.undo_stack.undo()
    assert path.read_bytes() == before


def test_an_external_change_during_an_edit_is_never_overwritten(pane, ctx, qtbot):
    path = ctx.home.ontology
    topics = next(r for r in pane.model.roots() if r.group == "topics")
    _select(pane, topics.children[0].key)
    pane.body_edit.setPlainText("my edit")
    external = path.read_text() + "\n## 外部新增\n- agent wrote this\n"
    path.write_text(external)
    pane.reload()
    assert pane.stale_banner.isVisibleTo(pane)
    assert pane.body_edit.toPlainText() == "my edit"  # the edit is kept
    assert not pane.save_node()
    assert path.read_text() == external  # and the agent's text too
    pane.revert_node()
    assert not pane.has_unsaved_changes()
    assert "外部新增" in [r.label for r in next(r for r in pane.model.roots() if r.group == "topics").children]


def test_consolidation_preview_then_apply_and_undo(pane, ctx, qtbot):
    home = ctx.home
    snapshot = {p: p.read_bytes() for p in home.memory.rglob("*") if p.is_file()}
    pane.start_consolidation()
    qtbot.waitUntil(lambda: pane._preview is not None, timeout=10000)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    preview = pane._preview
    assert {p.read_bytes() for p in snapshot} == set(snapshot.values())  # previewing wrote nothing
    names = {preview.relative(p) for p in preview.changed()}
    assert {"memory/warm.md", "memory/cold.md", "memory/memory_ontology.md"} <= names
    assert any(n.startswith("memory/episodic/") for n in names)
    assert "+## " in pane.diff_view.toPlainText()
    assert f"{preview.counts['events']} events to the timeline" in pane.preview_summary.text()
    assert pane.btn_apply.isEnabled()
    assert pane.apply_preview()
    assert ctx.memory.entries() == []
    ctx.undo_stack.undo()
    after_undo = {p: p.read_bytes() for p in home.memory.rglob("*") if p.is_file()}
    assert after_undo == snapshot
    assert len(ctx.memory.entries()) >= 150


def test_projection_preview_matches_the_offline_projection(pane, ctx, qtbot):
    pane.start_projection()
    qtbot.waitUntil(lambda: pane._handle is None, timeout=10000)
    expected = render_nodes(project_offline(ctx.memory.entries(), []))
    before = ctx.home.ontology.read_bytes()
    if pane._preview.is_empty:
        assert before.decode() == expected
        return
    assert pane.apply_preview()
    assert ctx.home.ontology.read_text() == expected
    ctx.undo_stack.undo()
    assert ctx.home.ontology.read_bytes() == before


def test_preview_can_be_cancelled(pane, ctx, qtbot):
    release = threading.Event()
    blockers = [ctx.tasks.submit("block", lambda state: release.wait(10)) for _ in range(2)]
    handle = pane.start_consolidation()
    with qtbot.waitSignal(handle.sig_cancelled, timeout=5000):
        pane.btn_cancel.click()
        release.set()
    qtbot.waitUntil(lambda: all(b.done for b in blockers), timeout=5000)
    assert pane._preview is None
    assert "Cancelled" in pane.preview_summary.text()


def test_an_unreadable_file_is_shown_and_left_untouched(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    home = MemoryHome.resolve(tmp_path / "dsh")
    bad = b"## \xff\xfe broken\n- x\n"
    home.rules.write_bytes(bad)
    ctx = WorkbenchContext.open(home, Settings(tmp_path / "settings.ini"))
    try:
        widget = OntologyPane.create(ctx)
        qtbot.addWidget(widget)
        rules = next(r for r in widget.model.roots() if r.group == "rules")
        assert rules.error and rules.children == []
        index = widget._proxy_index("rules")
        assert seen(widget.proxy.data(index, Qt.ItemDataRole.ToolTipRole)) == clean(rules.error)
        widget.tree.setCurrentIndex(index)
        assert widget.body_edit.isReadOnly()
        widget.reload()
        widget.shutdown()
    finally:
        ctx.close()
    assert home.rules.read_bytes() == bad


def test_projection_with_the_llm_of_the_settings(pane, ctx, qtbot, openai_server, monkeypatch):
    from linghun.workbench.settings import LlmSettings

    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "test-model")
    monkeypatch.setattr(ctx.settings.api_key, "get", lambda: "sk-test")
    openai_server.reply("## 发布节奏\n- 2026-10-22 checkout-api v2 发布 [1]\n\n## 其他\n- 其余条目 [2]")
    pane.use_llm.setChecked(True)
    pane.start_projection()
    qtbot.waitUntil(lambda: pane._handle is None, timeout=15000)
    assert openai_server.requests, "the projection asked the configured endpoint"
    assert pane._preview.counts["by"] == "llm" and "with the LLM" in pane.preview_summary.text()
    assert "+## 发布节奏" in pane.diff_view.toPlainText()
    before = ctx.home.ontology.read_bytes()
    assert pane.apply_preview()
    assert ctx.home.ontology.read_text().startswith("## 发布节奏\n")
    ctx.undo_stack.undo()
    assert ctx.home.ontology.read_bytes() == before


def test_an_external_change_is_reloaded(pane, ctx, qtbot):
    ctx.home.rules.write_text(ctx.home.rules.read_text() + "\n## 新主题\n- agent 写入的规则（2026-10-24）\n")
    qtbot.waitUntil(lambda: any(n.theme == "新主题" for r in pane.model.roots() if r.group == "rules"
                                for n in r.children), timeout=5000)


def test_an_empty_home_opens(empty_home, tmp_path, qtbot):
    ctx = WorkbenchContext.open(MemoryHome.resolve(empty_home), Settings(tmp_path / "settings.ini"))
    try:
        widget = OntologyPane.create(ctx)
        qtbot.addWidget(widget)
        assert widget.model.roots() == []
        widget.start_consolidation()
        qtbot.waitUntil(lambda: widget._handle is None, timeout=10000)
        assert widget._preview is not None and widget._preview.is_empty
        assert not widget.btn_apply.isEnabled()
        widget.shutdown()
    finally:
        ctx.close()
    assert not MemoryHome.resolve(empty_home).warm.exists()


def test_a_preview_is_not_applied_over_a_change_made_after_it(pane, ctx, qtbot):
    from datetime import datetime

    pane.start_consolidation()
    qtbot.waitUntil(lambda: pane._preview is not None and pane._handle is None, timeout=10000)
    ctx.memory.append("rule", "Hotfixes are tagged hotfix/<ticket>.", when=datetime(2026, 10, 23, 18, 30))
    snapshot = {p: p.read_bytes() for p in ctx.home.memory.rglob("*") if p.is_file()}
    messages = []
    ctx.show_message = messages.append
    assert not pane.apply_preview()
    assert messages and "changed on disk" in messages[-1]
    assert {p: p.read_bytes() for p in ctx.home.memory.rglob("*") if p.is_file()} == snapshot


def test_a_consolidated_line_names_the_warm_entry_it_came_from(pane, ctx):
    events = next(r for r in pane.model.roots() if r.group == "events")
    line = events.children[0].children[0]
    _select(pane, line.key)
    stamp = line.label[:16]
    assert f"## {stamp} [" in pane.refs.text()
    assert "episodic/2026-09-11.md" in pane.refs.text()
