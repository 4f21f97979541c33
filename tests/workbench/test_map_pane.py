"""The map pane on a copy of the demo home: axes tree, graph layout, injected text, drill-down."""
from __future__ import annotations

import json
import shutil
import threading

import pytest

from linghun import resources
from linghun.core.events import bus
from linghun.core.fsio import read_bytes
from linghun.core.home import MemoryHome
from linghun.core.map import build_map, render_map

pytest.importorskip("PySide6")

from linghun.workbench.models.map import MapModel, graph_layout  # noqa: E402
from linghun.workbench.panes import WorkbenchContext  # noqa: E402
from linghun.workbench.panes.map import MapPane  # noqa: E402
from linghun.workbench.panes.map.pane import map_html  # noqa: E402
from linghun.workbench.settings import Settings  # noqa: E402


@pytest.fixture
def ctx(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    context = WorkbenchContext.open(MemoryHome.resolve(tmp_path / "dsh"), Settings(tmp_path / "settings.ini"))
    yield context
    context.close()
    assert not [t for t in threading.enumerate() if t.name.startswith("linghun-task")]


@pytest.fixture
def pane(ctx, qtbot):
    widget = MapPane.create(ctx)
    qtbot.addWidget(widget)
    qtbot.waitUntil(lambda: widget.snapshot is not None and not widget.is_building(), timeout=20000)
    yield widget
    widget.shutdown()


def test_map_model_passes_qtmodeltester(ctx, qtmodeltester):
    mm = build_map(ctx.home)
    model = MapModel()
    model.set_outline(mm.outline())
    qtmodeltester.check(model, force_py=True)
    assert [model.index(r, 0).data(MapModel.IdRole) for r in range(4)] == [
        "axis:situations", "axis:goals", "axis:archive", "axis:evidence"]
    assert model.axis_count("goals") == len(mm.goals)
    entry = next(e for e in mm.entries if not e.is_wrong)
    index = model.index_for_pointer(f"[{entry.n}]")
    assert index.data(MapModel.IdRole) == f"entry:{entry.id}"
    assert index.parent().parent().data(MapModel.IdRole) == "axis:situations"


def test_a_tree_built_off_the_gui_thread_swaps_in_as_a_reset(ctx, qtmodeltester):
    from linghun.workbench.models.map import build_tree

    mm = build_map(ctx.home)
    model = MapModel()
    model.set_tree(build_tree(mm.outline()))
    qtmodeltester.check(model, force_py=True)  # stays connected: the swaps below are checked too
    resets = []
    model.modelReset.connect(lambda: resets.append(1))
    ctx.memory.append("fact", "swap | value | 1 | test", "medium")
    bigger = build_map(ctx.home)
    tree = build_tree(bigger.outline())
    model.set_tree(tree)
    assert resets == [1]
    entry = bigger.entries[-1]
    index = model.index_for_pointer(f"[{entry.n}]")
    assert index.data(MapModel.IdRole) == f"entry:{entry.id}"
    assert index.parent().parent().data(MapModel.IdRole) == "axis:situations"
    model.set_tree(build_tree([]))
    assert model.rowCount() == 0 and not model.index_for_pointer(f"[{entry.n}]").isValid()


def test_a_rebuild_keeps_the_selected_pointer_and_the_text_scroll(pane, ctx, qtbot):
    pane.resize(700, 500)
    pane.show()
    qtbot.waitExposed(pane)
    pane.tabs.setCurrentIndex(1)
    pane.budget.setValue(0)  # the whole map: long enough to scroll
    qtbot.waitUntil(lambda: pane.map_text is not None and pane.map_text.budget == 0)
    bar = pane.text_view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum() // 2)
    scroll = bar.value()
    mm = pane.snapshot.map
    node = next(n for n in mm.children("file:ontology", "contains") if mm.graph.nodes[n]["cites"])
    pointer = pane.select_node(node)["pointer"]
    before = pane.snapshot
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=20000):
        pane.act_rebuild.trigger()
    assert pane.snapshot is not before
    assert pane.tree.currentIndex().data(MapModel.PointerRole) == pointer
    assert pane.graph.selected() == pane.snapshot.map.node_for_pointer(pointer)
    assert pane.map_text is pane.snapshot.text and pane.text == render_map(pane.snapshot.map, 0)
    assert bar.value() == scroll


def test_graph_layout_columns_and_typed_edges(ctx):
    mm = build_map(ctx.home)
    layout = graph_layout(mm)
    assert layout == graph_layout(mm)  # deterministic
    columns = {n.id: n.column for n in layout.nodes}
    assert {columns[s] for s in mm.axis("situations")} == {0}
    assert {columns[g] for g in mm.axis("goals")} == {1}
    kinds = {e.type for e in layout.edges}
    assert {"on_day", "cites", "archived_in"} <= kinds
    for e in layout.edges:
        if e.type == "on_day":
            assert columns[e.source] == 0 and columns[e.target] == 3
        if e.type == "cites":
            assert columns[e.source] == 2 and columns[e.target] == 0
    # weights count the entries: a situation's day edges add up to its entries with a journal day
    situation = mm.axis("situations")[0]
    days = sum(e.weight for e in layout.edges if e.source == situation and e.type == "on_day")
    entries = mm.children(situation, "groups")
    assert days == sum(1 for e in entries if any(mm.graph.edges[a, b]["type"] == "on_day"
                                                 for a, b in mm.graph.out_edges(e)))
    small = graph_layout(mm, max_per_column=5)
    assert small.hidden["evidence"] == len(mm.axis("evidence")) - 5
    assert any(n.id == "more:evidence" for n in small.nodes)


def test_map_text_is_the_injected_text_within_the_budget(pane, ctx, qtbot):
    assert pane.budget.value() == 2000
    mm = build_map(ctx.home)
    assert pane.text == render_map(mm, 2000)
    assert len(pane.text) <= 2000
    assert f"{len(pane.text)} / 2000" in pane.count_label.text()
    pane.budget.setValue(700)  # rendered on a worker, shown when ready
    qtbot.waitUntil(lambda: pane.text == render_map(mm, 700))
    assert len(pane.text) <= 700
    assert "超出地图预算" in pane.text  # the overflow hint says what was left out
    assert f"{len(pane.text)} / 700" in pane.count_label.text()
    assert f"(the full map: {len(render_map(mm, 0))})" in pane.count_label.text()
    for budget in (900, 1100, 0):  # typed in a burst: the last one is shown
        pane.budget.setValue(budget)
    qtbot.waitUntil(lambda: pane.text == render_map(mm, 0) and not pane._rendering)
    assert len(pane.text) > 2000 and pane.map_text.budget == 0


def test_saving_the_budget_is_undoable(pane, ctx):
    before = read_bytes(ctx.home.config)
    pane.budget.setValue(1500)
    assert pane.save_budget()
    assert json.loads(ctx.home.config.read_text("utf-8"))["map"]["budget"] == 1500
    ctx.undo.stack.undo()
    assert read_bytes(ctx.home.config) == before


def test_drilling_an_entry_pointer_shows_its_evidence_and_selects_the_entry(pane, ctx, qtbot):
    entry = next(e for e in ctx.memory.entries() if not e.is_wrong)
    seen = []
    unsubscribe = bus.subscribe("workbench.select_entry", lambda event: seen.append(event.payload))
    try:
        with qtbot.waitSignal(pane.sig_drilled) as drilled:
            assert pane.drill(f"[{entry.n}]") is not None
    finally:
        unsubscribe()
    result = drilled.args[0]
    assert result["type"] == "entry" and result["pointer"] == f"[{entry.n}]"
    assert entry.display_text.splitlines()[0] in pane.evidence_view.toPlainText()
    assert seen and seen[-1]["entry_id"] == entry.id and seen[-1]["n"] == entry.n
    assert pane.tree.currentIndex().data(MapModel.PointerRole) == f"[{entry.n}]"
    assert pane.graph.selected() is None  # entries are not drawn; their situation is
    # a pointer in the injected text drills the same way
    assert f'href="drill:%5B{entry.n}%5D"' in map_html(f"see [{entry.n}]")


def test_drilling_a_projection_node_lists_the_entries_it_cites(pane, ctx):
    mm = pane.snapshot.map
    node = next(n for n in mm.children("file:ontology", "contains") if mm.graph.nodes[n]["cites"])
    result = pane.select_node(node)
    assert result["type"] == "node" and result["cites"]
    first = result["cites"][0]["n"]
    assert f"[{first}]" in pane.evidence_title.text()
    assert pane.graph.selected() == node and pane.graph.edges_of(node)
    # following a cited entry from the evidence drills it
    pane._on_link(__import__("PySide6.QtCore", fromlist=["QUrl"]).QUrl(f"drill:[{first}]"))
    assert pane.evidence["type"] == "entry" and pane.evidence["n"] == first


def test_a_journal_day_and_an_unknown_pointer(pane):
    mm = pane.snapshot.map
    day = next(n for n in mm.axis("evidence") if n.startswith("journal:"))
    result = pane.select_node(day)
    assert result["type"] == "journal" and result["text"].strip()
    assert pane.drill("nothing:here") is None
    assert "nothing:here" in pane.evidence_title.text()


def test_the_map_is_rebuilt_when_memory_changes(pane, ctx, qtbot):
    goals_before = pane.model.axis_count("goals")
    from linghun.core.goals import Goals

    with qtbot.waitSignal(pane.sig_rebuilt, timeout=20000):
        Goals(ctx.home, events=ctx.memory.events).goal_update("new", "Write the quarterly report for the board",
                                                              speaker="王珂", domain="career", priority="low")
    assert pane.model.axis_count("goals") == goals_before + 1
    assert "Write the quarterly report for the board" in render_map(pane.snapshot.map, 0)
    # a burst of changes is one rebuild, not one per write
    rebuilt = []
    pane.sig_rebuilt.connect(lambda: rebuilt.append(1))
    for i in range(5):
        ctx.memory.append("fact", f"burst {i} | value | {i} | test", "medium")
    qtbot.waitUntil(lambda: bool(rebuilt) and not pane.is_building() and not pane._rebuild_timer.isActive(), timeout=20000)
    assert len(rebuilt) <= 2
    assert len(pane.snapshot.map.entries) == len(ctx.memory.entries())


def test_in_the_window_an_entry_pointer_selects_the_entry_in_the_entries_pane(tmp_path, qtbot):
    from linghun.workbench.main_window import MainWindow

    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    window = MainWindow(Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(window)
    try:
        assert window.open_home(tmp_path / "dsh", remember=False)
        map_pane, entries_pane = window.pane("map"), window.pane("entries")
        assert map_pane is not None and entries_pane is not None
        qtbot.waitUntil(lambda: map_pane.snapshot is not None and not map_pane.is_building(), timeout=20000)
        entry = [e for e in window.ctx.memory.entries() if not e.is_wrong][5]
        map_pane.drill(f"[{entry.n}]")
        assert entries_pane.selected_ids() == [entry.id]
    finally:
        window.close()  # closes the home: tasks joined, watcher and bridge stopped
