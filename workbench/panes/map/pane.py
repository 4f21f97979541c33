"""The map pane: the four-axis memory map (SPEC 9) as the agent is shown it, and as a navigable view.

Left, the axes as a tree (``MapModel``: 情境轴 situations with their ``[n]`` entries, 目标轴 goals,
档案轴 node files and cold sections, 证据层 journal and episodic days). Right, three tabs: the graph
(axes as columns, typed edges), the map text exactly as injected (``core.map.render_map`` within
the budget, its character count against the budget; the budget can be tried here and saved as
the home's ``map.budget``), and below them the evidence of the selected pointer (``core.drill``).
Selecting an ``[n]`` entry also selects it in the entries pane (``ontology.links.request_entry``,
the one mechanism every pane uses).

The map is rebuilt off the GUI thread (``ctx.tasks``) when memory or goals change, coalesced: a
burst of writes is one rebuild, and a change during a rebuild queues exactly one more. The worker
prepares everything shown (the tree's rows, the graph layout, the text and its HTML for the budget
in the box), so the GUI thread only swaps it in; a new budget is rendered on a worker too.
"""
from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt, QT_TRANSLATE_NOOP, QUrl, Signal, Slot
from PySide6.QtWidgets import (
    QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QSpinBox, QSplitter, QTabWidget, QTextBrowser,
    QVBoxLayout, QWidget,
)

from linghun.core.errors import LinghunError
from linghun.core.map import map_settings
from linghun.workbench.icons import icon
from linghun.workbench.models.map import MapModel, MapSnapshot, MapText, build_snapshot, map_html, render_text
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.map.commands import set_map_budget
from linghun.workbench.panes.map.graph_view import EDGE_COLOURS, MapGraphView
from linghun.workbench.panes.ontology.links import request_entry
from linghun.workbench.plaintext import escape, plain
from linghun.workbench.actions import add_tool_action, on_trigger
from linghun.workbench.views import TreeView

REBUILD_DELAY_MS = 300
#: the first build waits for the window to be up: it loads jieba and reads every file of the home
#: in a worker, which holds the GIL long enough to stall the window's first paint (measured: the
#: paint of a 10k-entry home went from 0.05 s to 1 s when the build started with it)
FIRST_BUILD_DELAY_MS = 1500


@register_pane
class MapPane(Pane):
    """The memory map: axes, graph, injected text and drill-down.

    Signals:
        sig_rebuilt(): a new map is shown.
        sig_drilled(dict): the evidence of a pointer was shown (``core.drill``'s result).
    """

    NAME = "map"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Map")
    ICON = "map"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 45

    sig_rebuilt = Signal()
    sig_drilled = Signal(dict)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = MapModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.snapshot: MapSnapshot | None = None
        self.map_text: MapText | None = None  # what the text tab shows
        self.text = ""
        self.evidence: dict | None = None
        self._handle = None
        self._pending = False
        self._rendering = None  # the TaskHandle rendering the text for a new budget
        self._rendered_map = None  # the map it renders
        self._render_again = False
        self._selected_pointer: str | None = None
        self._build()
        self._rebuild_timer = self.single_shot(REBUILD_DELAY_MS, self.rebuild)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.bridge.sig_event.connect(self._on_event)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        ctx.enable_write(self.btn_save_budget)  # the budget can be tried in the past, not saved
        self._first_build = self.single_shot(FIRST_BUILD_DELAY_MS, self._build_first)
        self._first_build.start()

    def _build_first(self) -> None:
        if not self.seen:  # built when the pane is first looked at (with any change meanwhile)
            self.when_seen(self._rebuild_timer.start)
        elif self.snapshot is None and not self.is_building():
            self.rebuild()

    # -- building ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_rebuild = add_tool_action(self.toolbar, icon("reload"), self.rebuild, shortcut="Ctrl+R")
        self.act_fit = add_tool_action(self.toolbar, icon("filter"), self._fit, shortcut="Ctrl+0")
        self.filter = QLineEdit(self)
        self.filter.setClearButtonEnabled(True)
        self.filter.setMaximumWidth(240)
        self.filter.textChanged.connect(self._on_filter)
        self.toolbar.addWidget(self.filter)
        self.status = plain(QLabel(self))
        self.toolbar.addWidget(self.status)

        self.tree = TreeView(self)
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.tree.setColumnWidth(1, 110)
        self.tree.setMinimumWidth(260)
        self.tree.selectionModel().currentChanged.connect(self._on_current)

        self.graph = MapGraphView(self)
        self.graph.sig_node_clicked.connect(self.select_node)
        self.legend = QLabel(self)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)  # wraps in a narrow dock instead of widening it
        graph_tab = QWidget(self)
        graph_layout = QVBoxLayout(graph_tab)
        graph_layout.setContentsMargins(0, 0, 0, 0)
        graph_layout.addWidget(self.legend)
        graph_layout.addWidget(self.graph, 1)

        # the injected text, its size against the budget
        text_tab = QWidget(self)
        self.text_view = QTextBrowser(text_tab)
        self.text_view.setOpenLinks(False)
        self.text_view.anchorClicked.connect(self._on_link)
        self.budget_label = QLabel(text_tab)
        self.budget = QSpinBox(text_tab)
        self.budget.setRange(0, 100_000)
        self.budget.setSingleStep(100)
        self.budget.setValue(map_settings(self.ctx.home)["budget"])
        self.budget.valueChanged.connect(self.render_text)
        self.btn_save_budget = QPushButton(icon("save"), "", text_tab)
        on_trigger(self.btn_save_budget.clicked, self.save_budget)
        self.count_label = QLabel(text_tab)
        budget_row = QHBoxLayout()
        budget_row.addWidget(self.budget_label)
        budget_row.addWidget(self.budget)
        budget_row.addWidget(self.btn_save_budget)
        budget_row.addStretch(1)
        budget_row.addWidget(self.count_label)
        text_layout = QVBoxLayout(text_tab)
        text_layout.setContentsMargins(4, 4, 4, 4)
        text_layout.addLayout(budget_row)
        text_layout.addWidget(self.text_view, 1)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(graph_tab, icon("map"), "")
        self.tabs.addTab(text_tab, icon("diff"), "")

        self.evidence_title = QLabel(self)
        self.evidence_title.setWordWrap(True)
        self.evidence_title.setTextFormat(Qt.TextFormat.RichText)
        self.evidence_title.linkActivated.connect(lambda link: self._on_link(QUrl(link)))
        self.evidence_view = QTextBrowser(self)
        self.evidence_view.setOpenLinks(False)
        self.evidence_view.anchorClicked.connect(self._on_link)
        evidence = QWidget(self)
        evidence_layout = QVBoxLayout(evidence)
        evidence_layout.setContentsMargins(4, 0, 4, 0)
        evidence_layout.addWidget(self.evidence_title)
        evidence_layout.addWidget(self.evidence_view, 1)

        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.tabs)
        right.addWidget(evidence)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 2)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.tree)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 5)
        splitter.setSizes([340, 940])
        self.stack(self.toolbar, splitter)

    def retranslate_ui(self) -> None:
        self.act_rebuild.setText(self.tr("Rebuild"))
        self.act_fit.setText(self.tr("Fit graph"))
        self.filter.setPlaceholderText(self.tr("Filter the axes"))
        self.tabs.setTabText(0, self.tr("Graph"))
        self.tabs.setTabText(1, self.tr("Injected text"))
        self.budget_label.setText(self.tr("Budget (characters, 0 = no limit)"))
        self.btn_save_budget.setText(self.tr("Save as the home's budget"))
        self.btn_save_budget.setToolTip(self.tr("Write map.budget into workbench.json (undoable)"))
        names = {"on_day": self.tr("entries on a journal day"), "cites": self.tr("projection node cites entries"),
                 "archived_in": self.tr("cold section archived in"), "conflicts": self.tr("conflicting facts")}
        self.legend.setText("&nbsp;&nbsp;".join(
            f'<span style="color:{EDGE_COLOURS[k]}">━</span> {v}' for k, v in names.items()))
        self.evidence_view.setPlaceholderText(self.tr("Select an item, or click a pointer of the map text, "
                                                      "to see its evidence."))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(MapModel.COLUMNS) - 1)
        if self.snapshot is not None:
            self.graph.set_layout(self.snapshot.layout)
            self.graph.select_node(self.snapshot.map.node_for_pointer(self._selected_pointer or ""))
        self._update_status()
        self._show_count()
        if self.evidence is not None:
            self._show_evidence(self.evidence)

    # -- rebuilding -------------------------------------------------------------------------
    @Slot()
    def rebuild(self) -> None:
        """Build the map again on a worker thread (one at a time; a request meanwhile runs after it)."""
        self._rebuild_timer.stop()
        if self._handle is not None:
            self._pending = True
            return
        self._pending = False
        self._handle = self.ctx.tasks.submit(self.tr("Building the memory map"), build_snapshot, self.ctx.home,
                                             self.budget.value())
        self._handle.sig_finished.connect(self._on_built)
        self._handle.sig_failed.connect(self._on_failed)
        self._handle.sig_done.connect(self._on_task_done)
        self._update_status()

    def is_building(self) -> bool:
        return self._handle is not None

    @Slot(object)
    def _on_built(self, snapshot: MapSnapshot) -> None:
        self.snapshot = snapshot
        self.model.set_tree(snapshot.tree)
        self.tree.expandToDepth(0)
        self.graph.set_layout(snapshot.layout)
        if snapshot.text.budget == self.budget.value():
            self._show_text(snapshot.text)
        else:  # the box changed during the build
            self.render_text()
        if self._selected_pointer is not None:  # the same pointer in the new map
            self._select_in_tree(self._selected_pointer)
            self.graph.select_node(snapshot.map.node_for_pointer(self._selected_pointer))
        self.sig_rebuilt.emit()

    @Slot(object)
    def _on_failed(self, exc: object) -> None:
        self.ctx.show_message(self.tr("The map could not be built: %1").replace("%1", str(exc)))

    @Slot()
    def _on_task_done(self) -> None:
        self._handle = None
        self._update_status()
        if self._pending:
            self.rebuild()

    def _update_status(self) -> None:
        if self._handle is not None:
            self.status.setText(self.tr("preparing the index…, then building") if self.ctx.warming
                                else self.tr("building…"))
            return
        if self.snapshot is None:
            self.status.setText("")
            return
        mm = self.snapshot.map
        counts = {a: self.model.axis_count(a) for a in ("situations", "goals", "archive", "evidence")}
        text = self.tr("%1 situations · %2 goals · %3 archive items · %4 evidence days") \
            .replace("%1", str(counts["situations"])).replace("%2", str(counts["goals"])) \
            .replace("%3", str(counts["archive"])).replace("%4", str(counts["evidence"]))
        if mm.notes:
            text += " · " + self.tr("problems: %1").replace("%1", "; ".join(mm.notes))
        self.status.setText(text)

    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path.startswith(str(self.ctx.home.root)) or what == "goals":
            self.when_seen(self._rebuild_timer.start)

    @Slot(str, dict)
    def _on_event(self, topic: str, payload: dict) -> None:
        if topic == "goal.transition" and payload.get("home") in (None, str(self.ctx.home.root)):
            self.when_seen(self._rebuild_timer.start)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).startswith(str(self.ctx.home.root)) for p in paths):
            if any(str(p) == str(self.ctx.home.config) for p in paths):
                self.budget.setValue(map_settings(self.ctx.home)["budget"])
            self.when_seen(self._rebuild_timer.start)

    # -- the injected text ------------------------------------------------------------------
    @Slot()
    def render_text(self) -> None:
        """Render the map within the budget in the box on a worker (what ``core.map.injection_text``
        gives the agent when the box holds the home's budget); shown when it is ready. One render
        at a time: a budget typed meanwhile is rendered after it."""
        if self.snapshot is None:
            self.map_text, self.text = None, ""
            self.text_view.clear()
            self.count_label.setText("")
            return
        if self._rendering is not None:
            self._render_again = True
            return
        self._rendered_map = self.snapshot.map
        self._rendering = self.ctx.tasks.submit(self.tr("Rendering the map text"), render_text,
                                                self._rendered_map, self.budget.value())
        self._rendering.sig_finished.connect(self._on_rendered)
        self._rendering.sig_failed.connect(self._on_failed)
        self._rendering.sig_done.connect(self._on_rendering_done)

    @Slot(object)
    def _on_rendered(self, text: MapText) -> None:
        # a rebuild that finished meanwhile brought its own text; a budget typed meanwhile renders again
        if self.snapshot is not None and self._rendered_map is self.snapshot.map \
                and text.budget == self.budget.value():
            self._show_text(text)

    @Slot()
    def _on_rendering_done(self) -> None:
        self._rendering = None
        if self._render_again:
            self._render_again = False
            self.render_text()

    def _show_text(self, text: MapText) -> None:
        self.map_text, self.text = text, text.text
        scroll = self.text_view.verticalScrollBar().value()
        self.text_view.setHtml(text.html)
        self.text_view.verticalScrollBar().setValue(scroll)
        self._show_count()

    def _show_count(self) -> None:
        """The text's size against its budget and the home's settings, in the current language."""
        text = self.map_text
        if text is None:
            self.count_label.setText("")
            return
        if text.budget > 0:
            count = self.tr("%1 / %2 characters (the full map: %3)").replace("%1", str(len(text.text))) \
                .replace("%2", str(text.budget)).replace("%3", str(text.full_length))
        else:
            count = self.tr("%1 characters (no limit)").replace("%1", str(len(text.text)))
        if not text.settings["enabled"]:
            count += " · " + self.tr("map.enabled is false: nothing is injected")
        elif text.budget != text.settings["budget"]:
            count += " · " + self.tr("the home injects %1").replace("%1", str(text.settings["budget"]))
        self.count_label.setText(count)

    @Slot()
    def save_budget(self) -> bool:
        """Make the box's budget the home's ``map.budget`` (one undoable step)."""
        try:
            operation = set_map_budget(self.ctx.memory, self.budget.value())
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        ok = self.ctx.undo.push(operation, self.tr("Map budget %1").replace("%1", str(self.budget.value())))
        self.render_text()
        return ok

    # -- selection and drill-down -----------------------------------------------------------
    def _on_filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        if text:
            self.tree.expandAll()

    @Slot()
    def _fit(self) -> None:
        self.tabs.setCurrentIndex(0)
        self.graph.fit()

    def _select_in_tree(self, pointer: str) -> bool:
        source = self.model.index_for_pointer(pointer)
        if not source.isValid():
            return False
        index = self.proxy.mapFromSource(source)
        if not index.isValid():
            self.filter.clear()
            index = self.proxy.mapFromSource(source)
        self.tree.blockSignals(True)
        self.tree.selectionModel().blockSignals(True)
        self.tree.setCurrentIndex(index)
        self.tree.selectionModel().blockSignals(False)
        self.tree.blockSignals(False)
        self.tree.scrollTo(index)
        self.tree.viewport().update()
        return True

    @Slot(str)
    def select_node(self, node_id: str) -> dict | None:
        """Select a node of the current map (by its graph id) and show its evidence."""
        if self.snapshot is None or node_id not in self.snapshot.map.graph:
            return None
        pointer = self.snapshot.map.graph.nodes[node_id].get("pointer")
        return self.drill(pointer) if pointer else None

    def _on_current(self, current, _previous) -> None:
        pointer = current.data(MapModel.PointerRole) if current.isValid() else None
        if pointer:
            self.drill(pointer)

    def drill(self, pointer: str) -> dict | None:
        """Select ``pointer`` in the tree and the graph and show its evidence (``core.drill``); an
        ``[n]`` also selects the entry in the entries pane. Returns the drill result (None when the
        pointer resolves to nothing)."""
        from linghun.core.drill import drill

        if pointer.startswith("axis:"):
            result = {"type": "axis", "pointer": pointer, "text": self._axis_text(pointer.split(":", 1)[1])}
        else:
            try:
                result = drill(self.ctx.home, pointer, self.ctx.memory)
            except LinghunError as exc:
                self.evidence = None
                self.evidence_title.setText(escape(pointer))
                self.evidence_view.setPlainText(str(exc))
                return None
        self._selected_pointer = result.get("pointer", pointer)
        self._select_in_tree(self._selected_pointer)
        if self.snapshot is not None:
            self.graph.select_node(self.snapshot.map.node_for_pointer(self._selected_pointer))
        self._show_evidence(result)
        if result.get("type") == "entry":  # the GUI's Memory resolved it: its id is the entries pane's
            request_entry(self.ctx, entry_id=result.get("id"))
        self.sig_drilled.emit(result)
        return result

    def _axis_text(self, axis: str) -> str:
        """An axis' own lines of the full map text."""
        if self.snapshot is None:
            return ""
        from linghun.core.map import _AXIS_LINES  # one renderer of an axis' lines: the map's own

        head, lines = _AXIS_LINES[axis](self.snapshot.map)
        return "\n".join([head, *lines])

    def _show_evidence(self, result: dict) -> None:
        self.evidence = result
        kind = result.get("type", "")
        pointer = result.get("pointer", "")
        links = []
        show_entry = self.tr("Show in the entries pane")
        journal = self.tr("Journal of that day")
        episodic = self.tr("Episodic archive")
        if kind == "entry":
            links.append(f'<a href="entry:{result.get("id")}">{show_entry}</a>')
        if result.get("journal"):
            links.append(f'<a href="drill:{result["journal"]}">{journal}</a>')
        if result.get("episodic"):
            links.append(f'<a href="drill:{result["episodic"]}">{episodic}</a>')
        cited = result.get("cites") or result.get("entries") or []
        if cited:
            shown = " ".join(f'<a href="drill:[{c["n"]}]">[{c["n"]}]</a>' for c in cited[:80])
            links.append(self.tr("Entries: %1").replace("%1", shown + (" …" if len(cited) > 80 else "")))
        title = self.tr("Evidence of %1 (%2)").replace("%1", f"<b>{escape(str(pointer))}</b>") \
            .replace("%2", escape(str(kind)))
        self.evidence_title.setText(title + ("<br>" + " · ".join(links) if links else ""))
        self.evidence_view.setHtml(map_html(str(result.get("text", ""))))

    @Slot(QUrl)
    def _on_link(self, url: QUrl) -> None:
        # toString(FullyDecoded) is refused by QUrl for a whole URL (it warns); decode the
        # encoded form instead.
        link = QUrl.fromPercentEncoding(url.toEncoded())
        scheme, _, rest = link.partition(":")
        if scheme == "drill":
            self.drill(rest)
        elif scheme == "entry":
            request_entry(self.ctx, entry_id=rest)

    def shutdown(self) -> None:
        self._rebuild_timer.stop()
        self._first_build.stop()
        self._pending = self._render_again = False
        for handle in (self._handle, self._rendering):
            if handle is not None:
                handle.cancel()
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.bridge.sig_event, self._on_event),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
