"""The ontology pane: the long-term structure of a home, its nodes edited, consolidation and
projection previewed before they are written.

Left, a tree (``OntologyModel``) of the event timeline, the knowledge ontology, rules, the topic
projection and the cold archive. Right, two tabs: the selected node (theme, body, date, and the
``[n]`` pointers to the warm entries it came from, which select the entry in the entries pane),
and the preview of a consolidation or projection (a diff of every file it would write, progress
and cancel while it is computed, Apply to write exactly that).

Every write is one undoable step on the shared stack (``WriteFiles``), made only when the files
still hold what the edit or preview was based on: the agent's writes are never overwritten.
"""
from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt, QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox, QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPlainTextEdit, QProgressBar, QPushButton,
    QSplitter, QTabWidget, QVBoxLayout, QWidget,
)

from linghun.core.errors import LinghunError
from linghun.workbench.dialogs.diff import DiffView
from linghun.workbench.icons import icon
from linghun.workbench.llm_setup import resolves
from linghun.workbench.models.ontology import OntologyItem, OntologyModel, find_archived_entry
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.ontology.commands import WriteFiles, add_node, current_text, edit_node, remove_node
from linghun.workbench.panes.ontology.links import request_entry
from linghun.workbench.panes.ontology.preview import PreviewedChange, preview_consolidation, preview_projection
from linghun.workbench.plaintext import escape, plain
from linghun.workbench.actions import add_tool_action, on_trigger
from linghun.workbench.views import TreeView
from linghun.workbench import tones

RELOAD_DELAY_MS = 120


@register_pane
class OntologyPane(Pane):
    """Ontologies, topics, rules and cold sections.

    Signals:
        sig_open_entry(str): the id of a warm entry a pointer asked to show.
    """

    NAME = "ontology"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Ontology")
    ICON = "rule"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 20
    STRETCH = 2  # the right area beside the entries (3): 60 / 40 of the width at first start

    sig_open_entry = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = OntologyModel(ctx.home, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(0)
        self._current: OntologyItem | None = None
        self._base_text: str | None = None  # the node file's text the open edit is based on
        self._stale = False  # the file changed on disk while an edit was open
        self._handle = None
        self._preview: PreviewedChange | None = None
        self._build()
        self._reload_timer = self.single_shot(RELOAD_DELAY_MS, self.reload)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        self.reload()

    # -- building ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_reload = add_tool_action(self.toolbar, icon("reload"), self.reload, shortcut="Ctrl+R")
        self.act_consolidate = add_tool_action(self.toolbar, icon("save"), self.start_consolidation)
        self.act_project = add_tool_action(self.toolbar, icon("rule"), self.start_projection)
        self.use_llm = QCheckBox(self)
        self.toolbar.addWidget(self.use_llm)
        self.act_new = add_tool_action(self.toolbar, icon("new"), self.new_node, shortcut="Ctrl+N")
        self.ctx.mark_writes(self.act_consolidate, self.act_project, self.act_new)
        self.filter = QLineEdit(self)
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._on_filter)
        self.toolbar.addWidget(self.filter)

        self.tree = TreeView(self)
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.tree.setMinimumWidth(280)
        self.tree.selectionModel().currentChanged.connect(self._on_current_changed)
        self.tree.doubleClicked.connect(self._on_double_clicked)

        # node tab
        self.node_tab = QWidget(self)
        self.location = plain(QLabel(self.node_tab))
        self.location.setWordWrap(True)
        self.refs = QLabel(self.node_tab)
        self.refs.setWordWrap(True)
        self.refs.setTextFormat(Qt.TextFormat.RichText)
        self.refs.linkActivated.connect(self._on_link)
        self.stale_banner = QLabel(self.node_tab)
        self.stale_banner.setWordWrap(True)
        self.stale_banner.setContentsMargins(4, 4, 4, 4)
        tones.banner(self.stale_banner, "warning")
        self.stale_banner.hide()
        self.theme_edit = QLineEdit(self.node_tab)
        self.body_edit = QPlainTextEdit(self.node_tab)
        self.theme_edit.textEdited.connect(self._update_buttons)
        self.body_edit.textChanged.connect(self._update_buttons)
        self.btn_save = QPushButton(icon("save"), "", self.node_tab)
        self.btn_revert = QPushButton(icon("undo"), "", self.node_tab)
        self.btn_delete = QPushButton(icon("delete"), "", self.node_tab)
        on_trigger(self.btn_save.clicked, self.save_node)
        on_trigger(self.btn_revert.clicked, self.revert_node)
        on_trigger(self.btn_delete.clicked, self.delete_node)
        form = QFormLayout()
        self.theme_label = QLabel(self.node_tab)
        form.addRow(self.theme_label, self.theme_edit)
        buttons = QHBoxLayout()
        for b in (self.btn_save, self.btn_revert, self.btn_delete):
            buttons.addWidget(b)
        buttons.addStretch(1)
        node_layout = QVBoxLayout(self.node_tab)
        node_layout.addWidget(self.location)
        node_layout.addWidget(self.refs)
        node_layout.addWidget(self.stale_banner)
        node_layout.addLayout(form)
        node_layout.addWidget(self.body_edit, 1)
        node_layout.addLayout(buttons)

        # preview tab
        self.preview_tab = QWidget(self)
        self.preview_summary = plain(QLabel(self.preview_tab))
        self.preview_summary.setWordWrap(True)
        self.progress = QProgressBar(self.preview_tab)
        self.progress.setRange(0, 100)
        self.progress.hide()
        self.diff_view = DiffView(self.preview_tab)
        self.btn_cancel = QPushButton(self.preview_tab)
        self.btn_apply = QPushButton(icon("save"), "", self.preview_tab)
        self.btn_discard = QPushButton(self.preview_tab)
        on_trigger(self.btn_cancel.clicked, self.cancel_task)
        on_trigger(self.btn_apply.clicked, self.apply_preview)
        on_trigger(self.btn_discard.clicked, self.discard_preview)
        row = QHBoxLayout()
        for b in (self.btn_apply, self.btn_discard, self.btn_cancel):
            row.addWidget(b)
        row.addStretch(1)
        preview_layout = QVBoxLayout(self.preview_tab)
        preview_layout.addWidget(self.preview_summary)
        preview_layout.addWidget(self.progress)
        preview_layout.addWidget(self.diff_view, 1)
        preview_layout.addLayout(row)

        self.tabs = QTabWidget(self)
        self.tabs.addTab(self.node_tab, "")
        self.tabs.addTab(self.preview_tab, "")
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        self.stack(self.toolbar, splitter)
        self._show_item(None)
        self._set_task_running(False)

    def retranslate_ui(self) -> None:
        self.theme_edit.setAccessibleName(self.tr("Theme of the node"))
        self.act_reload.setText(self.tr("Reload"))
        self.act_consolidate.setText(self.tr("Consolidate…"))
        self.act_consolidate.setToolTip(self.tr("Preview what consolidation would archive, then apply it"))
        self.act_project.setText(self.tr("Project topics…"))
        self.act_project.setToolTip(self.tr("Preview the topic projection of warm (ontology.md), then apply it"))
        self.use_llm.setText(self.tr("with the LLM"))
        self.use_llm.setToolTip(self.tr("Project with the LLM of the settings (offline when none is set up)"))
        self.act_new.setText(self.tr("New node"))
        self.filter.setPlaceholderText(self.tr("Filter nodes"))
        self.theme_label.setText(self.tr("Theme"))
        self.btn_save.setText(self.tr("Save"))
        self.btn_revert.setText(self.tr("Revert"))
        self.btn_delete.setText(self.tr("Delete node"))
        self.btn_cancel.setText(self.tr("Cancel"))
        self.btn_apply.setText(self.tr("Apply"))
        self.btn_discard.setText(self.tr("Discard"))
        self.stale_banner.setText(self.tr("The file changed on disk while you were editing. Your edit is kept; "
                                          "Save will refuse to overwrite the new text. Revert loads it."))
        self.tabs.setTabText(0, self.tr("Node"))
        self.tabs.setTabText(1, self.tr("Preview"))
        if self._preview is None and self._handle is None:
            self.preview_summary.setText(self.tr("Consolidate or project topics to see the changes here first."))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.model.COLUMNS) - 1)
        self._show_item(self._current, keep_edit=True)

    # -- loading ----------------------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        """Re-read the files; keep the selection, the expanded branches and an unsaved edit."""
        expanded = self._expanded_keys()
        current_key = self._current.key if self._current else None
        first = not self.model.roots()
        self.model.reload()
        if first:
            for row in range(self.proxy.rowCount()):
                self.tree.expand(self.proxy.index(row, 0))
        else:
            for key in expanded:
                self.tree.expand(self._proxy_index(key))
        item = self.model.item_for_key(current_key) if current_key else None
        if item is not None:
            self.tree.selectionModel().blockSignals(True)
            self.tree.setCurrentIndex(self._proxy_index(item.key))
            self.tree.selectionModel().blockSignals(False)
        if self.is_dirty():
            self._stale = current_text(self._current.path) != self._base_text
            self.stale_banner.setVisible(self._stale)
            self._current = item or self._current
        else:
            self._show_item(item)

    def _proxy_index(self, key: str):
        return self.proxy.mapFromSource(self.model.index_for_key(key))

    def _expanded_keys(self) -> list[str]:
        keys, stack = [], [self.proxy.index(r, 0) for r in range(self.proxy.rowCount())]
        while stack:
            index = stack.pop()
            if self.tree.isExpanded(index):
                keys.append(index.data(OntologyModel.KeyRole))
                stack.extend(self.proxy.index(r, 0, index) for r in range(self.proxy.rowCount(index)))
        return keys

    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path.startswith(str(self.ctx.home.root)):
            self.when_seen(self._reload_timer.start)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).startswith(str(self.ctx.home.memory)) for p in paths):
            self.when_seen(self._reload_timer.start)

    @Slot(str)
    def _on_filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        if text:
            self.tree.expandAll()

    # -- the node editor -------------------------------------------------------------------
    def _item_at(self, proxy_index) -> OntologyItem | None:
        return self.model.item(self.proxy.mapToSource(proxy_index))

    @Slot()
    def _on_current_changed(self, current, previous) -> None:
        if self.is_dirty():
            # an unsaved edit is never dropped by a click: it stays until saved or reverted
            self.ctx.show_message(self.tr("Save or revert the node being edited first."))
            self.tree.selectionModel().blockSignals(True)
            self.tree.setCurrentIndex(self._proxy_index(self._current.key))
            self.tree.selectionModel().blockSignals(False)
            return
        self._show_item(self._item_at(current))

    def _on_double_clicked(self, proxy_index) -> None:
        item = self._item_at(proxy_index)
        if item is not None and len(item.refs) == 1:
            self._open_ref(item.refs[0])

    def _show_item(self, item: OntologyItem | None, keep_edit: bool = False) -> None:
        if keep_edit and self.is_dirty():
            return
        self._current = item
        self._stale = False
        self.stale_banner.hide()
        node = item if item is None or item.level != "line" else item.parent
        self._base_text = current_text(node.path) if node is not None and node.editable else None
        self.theme_edit.blockSignals(True)
        self.body_edit.blockSignals(True)
        if item is None:
            self.location.setText(self.tr("Select a node to read or edit it."))
            self.refs.clear()
            self.theme_edit.clear()
            self.body_edit.clear()
        else:
            where = item.path.name if item.path else ""
            parts = [where] + ([item.date] if item.date else [])
            if item.error:
                parts.append(self.tr("cannot be read: %1").replace("%1", item.error))
            self.location.setText(" · ".join(parts))
            self.refs.setText(self._refs_html(item) or self._archive_html(item))
            self.theme_edit.setText(node.theme or "" if node is not None and node.level == "node" else item.label)
            self.body_edit.setPlainText(node.body if node is not None and node.level == "node" else item.body)
        editable = node is not None and node.editable and self._base_text is not None and self.ctx.writable
        self.theme_edit.setReadOnly(not editable)
        self.body_edit.setReadOnly(not editable)
        self.theme_edit.blockSignals(False)
        self.body_edit.blockSignals(False)
        self._update_buttons()

    def _refs_html(self, item: OntologyItem) -> str:
        if not item.refs:
            return ""
        links = " ".join(f'<a href="entry:{n}">[{n}]</a>' for n in item.refs[:60])
        more = " …" if len(item.refs) > 60 else ""
        return self.tr("From warm entries: %1").replace("%1", links + more)

    def _archive_html(self, item: OntologyItem) -> str:
        """For a consolidated line: the warm entry it came from, kept in an episodic archive."""
        found = find_archived_entry(self.ctx.home, item)
        if found is None:
            return ""
        where = f"{found.path.parent.name}/{found.path.name} · {found.hhmm}"
        return (self.tr("Consolidated from the warm entry %1 (archived in %2)")
                .replace("%1", f"<code>{escape(found.header)}</code>").replace("%2", escape(where)))

    @Slot(str)
    def _on_link(self, link: str) -> None:
        if link.startswith("entry:"):
            self._open_ref(int(link.split(":", 1)[1]))

    def _open_ref(self, n: int) -> None:
        entry_id = request_entry(self.ctx, n=n)
        if entry_id:
            self.sig_open_entry.emit(entry_id)

    def _editing_node(self) -> OntologyItem | None:
        item = self._current
        node = item.parent if item is not None and item.level == "line" else item
        return node if node is not None and node.editable else None

    def is_dirty(self) -> bool:
        node = self._editing_node()
        if node is None or self._base_text is None:
            return False
        return self.theme_edit.text() != node.theme or self.body_edit.toPlainText() != node.body

    def has_unsaved_changes(self) -> bool:
        return self.is_dirty()

    def save_unsaved_changes(self) -> bool:
        return not self.is_dirty() or self.save_node()

    def _update_buttons(self) -> None:
        dirty = self.is_dirty()
        self.ctx.enable_write(self.btn_save, dirty)
        self.ctx.enable_write(self.btn_revert, dirty or self._stale)
        self.ctx.enable_write(self.btn_delete, self._editing_node() is not None and not dirty)

    def _push(self, op: WriteFiles, text: str) -> bool:
        ok = self.ctx.undo.push(op, text)
        if not ok:
            self.ctx.show_message(self.tr("Nothing was written: the file changed on disk. Revert to load it."))
        return ok

    @Slot()
    def save_node(self) -> bool:
        """Write the edited node (one undo step); refused when the file changed meanwhile."""
        node = self._editing_node()
        if node is None or not self.is_dirty():
            return False
        try:
            new_text = edit_node(self._base_text, node.theme, node.occurrence, self.body_edit.toPlainText(),
                                 self.theme_edit.text())
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        path = str(node.path)
        new_theme = " ".join(self.theme_edit.text().split())
        if not self._push(WriteFiles({path: new_text}, {path: self._base_text}),
                          self.tr("Edit node %1").replace("%1", new_theme)):
            return False
        key = node.key.rsplit("/", 1)[0] + f"/{new_theme}#{node.occurrence}"
        self._base_text = None
        self._current = None
        self.model.reload()
        self._select_key(key)
        return True

    def _select_key(self, key: str) -> None:
        index = self._proxy_index(key)
        if index.isValid():
            self.tree.setCurrentIndex(index)
        else:
            self._show_item(None)

    @Slot()
    def revert_node(self) -> None:
        current = self._current
        self._base_text = None  # drop the edit, then show what is on disk now
        self._current = None
        self.model.reload()
        self._select_key(current.key if current else "")

    @Slot()
    def delete_node(self) -> bool:
        node = self._editing_node()
        if node is None or self.is_dirty():
            return False
        new_text = remove_node(self._base_text, node.theme, node.occurrence)
        path = str(node.path)
        if not self._push(WriteFiles({path: new_text}, {path: self._base_text}),
                          self.tr("Delete node %1").replace("%1", node.theme)):
            return False
        self._base_text = None
        self._current = None
        self.reload()
        return True

    @Slot()
    def new_node(self) -> bool:
        """Add a node to the file of the selected group (topics when nothing is selected)."""
        item = self._current
        while item is not None and item.parent is not None:
            item = item.parent
        group = item if item is not None and item.group != "cold" and item.error is None else None
        path = group.path if group is not None else self.ctx.home.ontology
        theme = self.tr("New node")
        base = current_text(path) or ""
        try:
            new_text = add_node(base, theme, self.tr("(write the node here)"))
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        if not self._push(WriteFiles({str(path): new_text}, {str(path): current_text(path)}),
                          self.tr("Add node %1").replace("%1", theme)):
            return False
        self.model.reload()
        for root in self.model.roots():
            if root.path == path:
                matching = [c for c in root.children if c.theme == theme]
                if matching:
                    self._select_key(matching[-1].key)
        return True

    # -- consolidation and projection --------------------------------------------------------
    def _set_task_running(self, running: bool) -> None:
        self.progress.setVisible(running)
        self.btn_cancel.setEnabled(running)
        self.act_consolidate.setEnabled(not running)
        self.act_project.setEnabled(not running)
        self.ctx.enable_write(self.btn_apply, not running and self._preview is not None and not self._preview.is_empty)
        self.ctx.enable_write(self.btn_discard, not running and self._preview is not None)

    def _start(self, title: str, fn, *args):
        self._preview = None
        self.diff_view.clear()
        self.tabs.setCurrentWidget(self.preview_tab)
        self.preview_summary.setText(title)
        self.progress.setValue(0)
        self._handle = self.ctx.tasks.submit(title, fn, *args)
        self._handle.sig_progress.connect(self._on_progress)
        self._handle.sig_finished.connect(self._on_preview_ready)
        self._handle.sig_failed.connect(self._on_task_failed)
        self._handle.sig_cancelled.connect(self._on_task_cancelled)
        self._handle.sig_done.connect(self._on_task_done)
        self._set_task_running(True)
        return self._handle

    @Slot()
    def start_consolidation(self):
        """Compute (in the background) what consolidation would write."""
        return self._start(self.tr("Computing the consolidation…"), preview_consolidation, self.ctx.home)

    @Slot()
    def start_projection(self):
        """Compute (in the background) the topic projection ``ontology.md`` would get."""
        llm = None
        if self.use_llm.isChecked():
            try:
                llm = self.ctx.llm_settings()
            except LinghunError as exc:
                self.ctx.show_message(str(exc))
            if not resolves(llm):
                llm = None
                self.ctx.show_message(self.tr("No LLM is set up: projecting offline."))
        return self._start(self.tr("Computing the topic projection…"), preview_projection, self.ctx.home,
                           _EntriesSnapshot(self.ctx.memory.entries()), (), llm)

    @Slot()
    def cancel_task(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    @Slot(float, str)
    def _on_progress(self, fraction: float, message: str) -> None:
        self.progress.setValue(int(fraction * 100))

    @Slot(object)
    def _on_preview_ready(self, change: PreviewedChange) -> None:
        self._preview = change
        if change.is_empty:
            self.preview_summary.setText(self.tr("Nothing would change.") + " " + self._summary(change))
        else:
            files = ", ".join(change.relative(p) for p in change.changed())
            self.preview_summary.setText(self.tr("Would write %1 file(s): %2").replace("%1", str(len(change.changed())))
                                         .replace("%2", files) + "\n" + self._summary(change))
        if change.broken_checks:
            self.preview_summary.setText(self.preview_summary.text() + "\n" + self.tr(
                "This consolidation breaks %1 memory check(s): %2").replace("%1", str(len(change.broken_checks)))
                .replace("%2", "; ".join(b.check.question for b in change.broken_checks)))
        self.diff_view.show_slices(change.diff_slices())

    def _summary(self, change: PreviewedChange) -> str:
        c = change.counts
        if c.get("empty"):
            return self.tr("Warm is empty: nothing to project.")
        if change.title == "project":
            return self.tr("%1 topics, projected %2").replace("%1", str(c.get("topics", 0))).replace(
                "%2", self.tr("with the LLM") if c.get("by") == "llm" else
                self.tr("offline") if c.get("by") == "offline" else str(c.get("by")))
        return (self.tr("%1 events to the timeline, %2 facts to knowledge, %3 rules, %4 cold lines, "
                        "%5 flipped entries dropped, %6 bytes archived")
                .replace("%1", str(c.get("events", 0))).replace("%2", str(c.get("knowledge", 0)))
                .replace("%3", str(c.get("rules", 0))).replace("%4", str(c.get("cold", 0)))
                .replace("%5", str(c.get("wrong_dropped", 0))).replace("%6", str(c.get("bytes", 0))))

    @Slot(object)
    def _on_task_failed(self, exc: object) -> None:
        self.preview_summary.setText(self.tr("Failed: %1").replace("%1", str(exc)))

    @Slot()
    def _on_task_cancelled(self) -> None:
        self.preview_summary.setText(self.tr("Cancelled; nothing was written."))

    @Slot()
    def _on_task_done(self) -> None:
        self._handle = None
        self._set_task_running(False)

    @Slot()
    def apply_preview(self) -> bool:
        """Write exactly the previewed files (one undo step), if they did not change meanwhile."""
        change = self._preview
        if change is None or change.is_empty:
            return False
        label = self.tr("Consolidate") if change.title == "consolidate" else self.tr("Project topics")
        if not self._push(change.operation(), label):
            return False
        self._preview = None
        self.preview_summary.setText(self.tr("Applied: %1").replace("%1", label))
        self.diff_view.clear()
        self._set_task_running(False)
        self.reload()
        return True

    @Slot()
    def discard_preview(self) -> None:
        self._preview = None
        self.diff_view.clear()
        self.preview_summary.setText(self.tr("Discarded; nothing was written."))
        self._set_task_running(False)

    def shutdown(self) -> None:
        self.cancel_task()
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass



class _EntriesSnapshot:
    """The warm entries read on the GUI thread, handed to the projection task as its ``memory``."""

    def __init__(self, entries) -> None:
        self._entries = list(entries)

    def entries(self):
        return list(self._entries)
