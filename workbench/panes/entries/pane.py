"""The entries pane: the warm entries of the home, filtered and sorted, with an editor.

Every change goes through the context's undo service (one undo step per action; keystrokes saved
as you type merge into one). The pane reloads on our own writes (``bridge.sig_memory_changed``)
at once, and on the agent's (``watcher.sig_external_change``) with the rows prepared on a worker;
an unsaved draft is never replaced: a change on disk to the entry being edited offers reload /
keep / merge once the new rows are shown.
"""
from __future__ import annotations

import re
from functools import partial
from datetime import datetime

from PySide6.QtCore import QEvent, QItemSelectionModel, QT_TRANSLATE_NOOP, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMenu, QSplitter,
    QToolBar, QVBoxLayout, QWidget,
)

from linghun.core.entry_merge import merge_changes, merge_order
from linghun.core.errors import LinghunError, NotFoundError
from linghun.core.formats.warm import CONFIDENCES, KINDS, LEGACY_KINDS, WarmDocument
from linghun.core.history import capture
from linghun.core.history.entries import confidence_before_flip, key_for_number
from linghun.core.memory import stamp_of
from linghun.workbench import icons, tones
from linghun.workbench.actions import make_action
from linghun.workbench.dialogs.conflict import Choice, ConflictDialog
from linghun.workbench.dialogs.diff import DiffDialog
from linghun.workbench.models.entries import (
    COL_CONFIDENCE, COL_KIND, COL_LAST_ACCESS, COL_N, COL_STAMP, COL_TEXT, ENTRY_ID_ROLE,
    EntriesFilterProxy, EntriesModel, word,
)
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.entries.editor import EntryEditor, merge_drafts
from linghun.workbench.undo import AppendEntry, Batch, DeleteEntry, EditEntry, InsertRaw, UndoText
from linghun.workbench.plaintext import plain
from linghun.workbench.views import SourceDataDelegate, TableView

_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}( \d{1,2}:\d{2})?$")
AUTOSAVE_MS = 700
WARM_UP_MS = 300
REVIVE_CONFIDENCE = "medium"  # revived with no recorded version before its flip: unverified, not high
TEXT_MIN = 240  # px: the text column never narrower, even when the stamps then scroll


class _Word:
    """A kind or confidence word, translated when it is shown (``word``)."""

    def __init__(self, value: str) -> None:
        self.value = value

    def __str__(self) -> str:
        return word(self.value)


def _undo_text(source: str) -> UndoText:
    """An undo step's name of this pane (``source`` is marked where it is written)."""
    return UndoText("EntriesPane", source)


@register_pane
class EntriesPane(Pane):
    """Warm entries: table, filter bar, actions and the entry editor.

    Attributes:
        model: the ``EntriesModel`` (rows keyed by entry id).
        proxy: the filter.
        view: the table.
        editor: the ``EntryEditor``.
    """

    NAME = "entries"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Entries")
    ICON = "entries"
    AREA = Qt.DockWidgetArea.LeftDockWidgetArea
    ORDER = 10
    STRETCH = 3

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self._session = 0
        self._resolving = False
        self._recheck = False
        self._external_pending = False  # the agent's change is being read: check the editor after
        self.model = EntriesModel(ctx.memory, self, tasks=ctx.tasks)  # a big warm.md loads on a worker
        self.proxy = EntriesFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self._build_filter_bar()
        self._build_view()
        self._build_actions()
        self.editor = EntryEditor(self)
        self.editor.warm_text = self._warm_text
        self.editor.merge_preview = self._merge_preview
        if not ctx.writable:  # the past: entries are read, never edited
            self.editor.set_read_only(ctx.read_only)
        self.banner = plain(QLabel(self))
        self.banner.setWordWrap(True)
        self.banner.setObjectName("banner-unreadable")
        self.banner.setContentsMargins(6, 6, 6, 6)
        tones.banner(self.banner, "error")
        self.banner.hide()
        # an empty home looked like a broken one: say what to do first
        self.empty_hint = plain(QLabel(self))
        self.empty_hint.setObjectName("empty-hint")
        self.empty_hint.setWordWrap(True)
        self.empty_hint.setContentsMargins(6, 6, 6, 6)
        self.empty_hint.hide()

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        left = QWidget(splitter)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(self.filter_bar)
        left_layout.addWidget(self.toolbar)
        left_layout.addWidget(self.view, 1)
        splitter.addWidget(left)
        splitter.addWidget(self.editor)
        splitter.setStretchFactor(0, 5)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([500, 200])
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.banner)
        layout.addWidget(self.empty_hint)
        layout.addWidget(splitter, 1)

        self._autosave = QTimer(self)
        self._autosave.setSingleShot(True)
        self._autosave.setInterval(AUTOSAVE_MS)
        self._autosave.timeout.connect(self._autosave_now)

        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.editor.sig_save_requested.connect(self.save_editor)
        self.editor.sig_revert_requested.connect(self.revert_editor)
        self.editor.sig_draft_changed.connect(self._draft_changed)
        self._counts_timer = QTimer(self)  # row signals come in bursts: count once after them
        self._counts_timer.setSingleShot(True)
        self._counts_timer.setInterval(0)
        self._counts_timer.timeout.connect(self._update_counts)
        for signal in (self.model.sig_reloaded, self.proxy.rowsInserted, self.proxy.rowsRemoved,
                       self.proxy.modelReset, self.proxy.layoutChanged):
            signal.connect(self._counts_timer.start)
        self.model.sig_reloaded.connect(self._on_reloaded)
        self.model.sig_loaded.connect(self._loaded)
        self._restore_after_load: str | None = None  # the entry to select once the rows are in
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        self._show_model_state()
        # Prepare the filter's lower-case texts once the window is up, not on the first keystroke.
        QTimer.singleShot(WARM_UP_MS, self._warm_up_filter)

    @Slot()
    def _loaded(self) -> None:
        """A big warm.md's rows are all in (``EntriesModel.load``)."""
        self._show_model_state()
        if self._restore_after_load is not None:
            self.select_entry(self._restore_after_load)
            self._restore_after_load = None

    @Slot()
    def _warm_up_filter(self) -> None:
        if self.proxy.sourceModel() is not None and not self.ctx.tasks.closed:  # the home is still open
            self.model.warm_up(self.ctx.tasks)

    # -- building -------------------------------------------------------------------------------
    def _build_filter_bar(self) -> None:
        self.search = QLineEdit(self)
        self.search.setObjectName("filter-text")
        self.search.setClearButtonEnabled(True)
        self.search.addAction(icons.icon("filter"), QLineEdit.ActionPosition.LeadingPosition)
        self.search.textChanged.connect(self._filter_text_changed)
        self.kind_filter = QComboBox(self)
        self.kind_filter.setObjectName("filter-kind")
        self.confidence_filter = QComboBox(self)
        self.confidence_filter.setObjectName("filter-confidence")
        self.kind_filter.currentIndexChanged.connect(self._filters_changed)
        self.confidence_filter.currentIndexChanged.connect(self._filters_changed)
        self.count_label = QLabel(self)
        bar = QHBoxLayout()
        bar.addWidget(self.search, 3)
        bar.addWidget(self.kind_filter, 1)
        bar.addWidget(self.confidence_filter, 1)
        bar.addWidget(self.count_label)
        self.filter_bar = bar

    def _build_view(self) -> None:
        view = TableView(self)
        view.setObjectName("entries-table")
        view.setModel(self.proxy)
        view.setItemDelegate(SourceDataDelegate(view))  # a repaint beside a busy worker: workbench.views
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        view.setSortingEnabled(True)
        view.sortByColumn(COL_N, Qt.SortOrder.AscendingOrder)
        view.setAlternatingRowColors(True)
        view.setWordWrap(False)
        view.setShowGrid(False)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._context_menu)
        vh = view.verticalHeader()
        vh.hide()
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no per-row measuring at 10k rows
        vh.setDefaultSectionSize(view.fontMetrics().height() + 8)
        hh = view.horizontalHeader()
        hh.setStretchLastSection(False)
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # the text right after the short columns, the stamps after it: in a narrow dock the text
        # is what shows, and it takes the width the others leave (``_fit_text_column``)
        hh.moveSection(hh.visualIndex(COL_TEXT), hh.visualIndex(COL_STAMP))
        hh.sectionResized.connect(self._fit_text_column)
        view.viewport().installEventFilter(self)
        self.view = view

    def _size_columns(self) -> None:
        """Widths for what the columns hold in the current language (words, stamps, headers)."""
        view, fm = self.view, self.view.fontMetrics()
        header = view.horizontalHeader()
        title = header.fontMetrics()
        stamp = fm.horizontalAdvance("2026-10-07 11:30")
        samples = {COL_N: ["00000"], COL_KIND: [word(k) for k in (*KINDS, *LEGACY_KINDS)],
                   COL_CONFIDENCE: [f"({word('medium')})", *(word(c) for c in CONFIDENCES)],
                   COL_STAMP: [stamp], COL_LAST_ACCESS: [stamp]}
        icon = view.iconSize().width() if view.iconSize().width() > 0 else 16
        for column, texts in samples.items():
            content = max(t if isinstance(t, int) else fm.horizontalAdvance(t) for t in texts)
            content += icon + 12 if column == COL_KIND else 16
            heading = title.horizontalAdvance(str(self.proxy.headerData(column, Qt.Orientation.Horizontal))) + 28
            view.setColumnWidth(column, max(content, heading))
        self._fit_text_column()

    def _fit_text_column(self, *_args) -> None:
        """The text column takes the width the other columns leave, and never less than TEXT_MIN."""
        header = self.view.horizontalHeader()
        others = sum(header.sectionSize(c) for c in range(header.count())
                     if c != COL_TEXT and not header.isSectionHidden(c))
        width = max(TEXT_MIN, self.view.viewport().width() - others)
        if header.sectionSize(COL_TEXT) != width:
            header.blockSignals(True)
            header.resizeSection(COL_TEXT, width)
            header.blockSignals(False)
            self.view.viewport().update()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt override
        if watched is self.view.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_text_column()
        return super().eventFilter(watched, event)

    def _act(self, icon: str, shortcut=None, slot=None) -> QAction:
        action = make_action(self, slot, icon=icons.icon(icon or "entries"), shortcut=shortcut,
                             context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.act_new = self._act("new", "Ctrl+N", self.new_entry)
        self.act_save = self._act("save", QKeySequence.StandardKey.Save, self.save_editor)
        self.act_find = self._act("filter", QKeySequence.StandardKey.Find, self._focus_search)
        self.act_high = self._act("confidence", "Alt+1", lambda: self.set_confidence("high"))
        self.act_medium = self._act("confidence", "Alt+2", lambda: self.set_confidence("medium"))
        self.act_low = self._act("confidence", "Alt+3", lambda: self.set_confidence("low"))
        self.act_flip = self._act("flip", "Ctrl+Shift+W", self.flip_to_wrong)
        self.act_revive = self._act("revive", "Ctrl+Shift+R", self.revive)
        self.act_touch = self._act("touch", "Ctrl+T", self.touch)
        self.act_delete = self._act("delete", QKeySequence.StandardKey.Delete, self.delete_selected)
        self.act_merge = self._act("merge", "Ctrl+Shift+M", self.merge_selected)
        self.act_history = self._act("diff", "Ctrl+Shift+H", self.show_history)
        self.confidence_menu = QMenu(self)
        self.confidence_menu.setIcon(icons.icon("confidence"))
        self.confidence_menu.addActions([self.act_high, self.act_medium, self.act_low])
        self.ctx.mark_writes(self.act_new, self.act_save, self.act_high, self.act_medium, self.act_low,
                             self.confidence_menu.menuAction(), self.act_flip, self.act_revive, self.act_touch,
                             self.act_merge, self.act_delete)
        toolbar = QToolBar(self)
        toolbar.setIconSize(toolbar.iconSize() * 0.8)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addAction(self.act_new)
        toolbar.addSeparator()
        toolbar.addAction(self.confidence_menu.menuAction())
        for act in (self.act_flip, self.act_revive, self.act_touch, self.act_merge, self.act_delete, self.act_history):
            toolbar.addAction(act)
        self.toolbar = toolbar
        self._selection_actions = [self.act_high, self.act_medium, self.act_low, self.act_flip, self.act_revive,
                                   self.act_touch, self.act_delete, self.act_history,
                                   self.confidence_menu.menuAction()]

    def retranslate_ui(self) -> None:
        self.kind_filter.setAccessibleName(self.tr("Show entries of kind"))
        self.confidence_filter.setAccessibleName(self.tr("Show entries of confidence"))
        self._show_empty_hint()
        self.search.setPlaceholderText(self.tr("Filter by text (Ctrl+F)…"))
        self._fill_combo(self.kind_filter, [(None, self.tr("All kinds")), ("event", word("event")),
                                            ("fact", word("fact")), ("rule", word("rule"))])
        self._fill_combo(self.confidence_filter, [
            (None, self.tr("All confidences")), ("live", self.tr("Not wrong")), ("high", word("high")),
            ("medium", word("medium")), ("low", word("low")), ("wrong", word("wrong"))])
        self.act_new.setText(self.tr("New"))
        self.act_new.setToolTip(self.tr("New entry (Ctrl+N)"))
        self.act_save.setText(self.tr("Save"))
        self.act_find.setText(self.tr("Find"))
        self.confidence_menu.setTitle(self.tr("Confidence"))
        self.act_high.setText(self.tr("High"))
        self.act_medium.setText(self.tr("Medium"))
        self.act_low.setText(self.tr("Low"))
        self.act_flip.setText(self.tr("Flip to Wrong"))
        self.act_flip.setToolTip(self.tr("Mark as wrong: kept for traceability, never injected or cited"))
        self.act_revive.setText(self.tr("Revive"))
        self.act_revive.setToolTip(self.tr("Bring a wrong entry back, with the confidence it had before its flip"))
        self.act_touch.setText(self.tr("Touch"))
        self.act_history.setText(self.tr("History"))
        self.act_history.setToolTip(self.tr("Every version of the entry: when, who, what changed; restore one (Ctrl+Shift+H)"))
        self.act_touch.setToolTip(self.tr("Refresh last access to now (the entry was used)"))
        self.act_delete.setText(self.tr("Delete"))
        self.act_merge.setText(self.tr("Merge"))
        self.act_merge.setToolTip(self.tr("Merge the two chosen entries into the earlier one (Ctrl+Shift+M): both "
                                          "bodies, the lower confidence; the later entry is removed"))
        self.model.retranslate()
        self.editor.retranslate_ui()
        self._size_columns()
        self._update_counts()

    @staticmethod
    def _fill_combo(combo: QComboBox, items) -> None:
        current = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        for data, text in items:
            combo.addItem(text, data)
        index = combo.findData(current)
        combo.setCurrentIndex(index if index >= 0 else 0)
        combo.blockSignals(False)

    # -- filtering ---------------------------------------------------------------------------------
    @Slot(str)
    def _filter_text_changed(self, text: str) -> None:
        self.proxy.set_text(text)
        self._update_counts()

    @Slot()
    def _filters_changed(self, *_args) -> None:
        kind = self.kind_filter.currentData()
        confidence = self.confidence_filter.currentData()
        confidences = None if confidence is None else (
            ("high", "medium", "low") if confidence == "live" else (confidence,))
        self.proxy.set_filter(kinds=None if kind is None else (kind,), confidences=confidences)
        self._update_counts()

    def _focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    @Slot()
    def _update_counts(self, *_args) -> None:
        self.count_label.setText(self.tr("{0} of {1}").format(self.proxy.rowCount(), self.model.rowCount()))
        self._show_empty_hint()

    def _show_empty_hint(self) -> None:
        empty = self.model.rowCount() == 0 and not self.model.error and not self.model.loading
        if empty:
            key = self.act_new.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            self.empty_hint.setText(self.tr(
                "This memory home has no entries yet. Write the first one with New ({0}), or let the agent "
                "write them: they appear here as it appends.").format(key))
        self.empty_hint.setVisible(empty)

    # -- selection --------------------------------------------------------------------------------
    def show_history(self) -> bool:
        """The history and blame of the selected entry, in a dialog (``self.history_dialog``)."""
        from linghun.workbench.dialogs.entry_history import EntryHistoryDialog

        ids = self.selected_ids()
        if len(ids) != 1:
            return False
        self.history_dialog = EntryHistoryDialog(self.ctx, self.ctx.memory.entry(ids[0]), self)
        self.history_dialog.open()
        return True

    def selected_ids(self) -> list[str]:
        """Ids of the selected entries, in table order."""
        rows = self.view.selectionModel().selectedRows()
        return [i.data(ENTRY_ID_ROLE) for i in sorted(rows, key=lambda i: i.row())]

    def session_state(self) -> dict:
        """What the window keeps of this pane between two openings of the home."""
        return {"selected": self.selected_ids()[:1]}

    def restore_session(self, state: dict) -> None:
        """The entry selected when the home was last closed, selected again (if it still exists)."""
        selected = state.get("selected")
        if isinstance(selected, list) and selected and isinstance(selected[0], str):
            if self.model.loading:
                self._restore_after_load = selected[0]
            else:
                self.select_entry(selected[0])

    def select_entry(self, entry_id: str) -> bool:
        """Select and show one entry (other panes call this to open an entry); False if not shown."""
        if self.model.is_pending(entry_id):  # a big home still loading: its row now, not in a while
            self.model.finish_loading()
        source = self.model.index_of(entry_id)
        index = self.proxy.mapFromSource(source)
        if not index.isValid():
            if not source.isValid():
                return False
            self.search.clear()
            self.kind_filter.setCurrentIndex(0)
            self.confidence_filter.setCurrentIndex(0)
            index = self.proxy.mapFromSource(source)
        self.view.selectionModel().select(
            index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        return True

    def _update_actions(self) -> None:
        rows = len(self.view.selectionModel().selectedRows()) if not self.model.error else 0
        for act in self._selection_actions:
            act.setEnabled(bool(rows))
        self.act_merge.setEnabled(rows == 2)  # (the time bar's read-only view disables it as every write)

    @Slot()
    def _selection_changed(self, *_args) -> None:
        self._update_actions()
        ids = self.selected_ids()
        target = ids[-1] if ids else None
        current = self.editor.base.id if self.editor.base is not None else None
        if self.editor.is_dirty():
            if target is not None and target != current:
                self.ctx.show_message(self.tr("Save or revert the edit in the editor first; it stays open."))
            return
        if target == current and not self.editor.is_new:
            return
        self._session += 1
        self.editor.load(self._fresh(target))

    def _fresh(self, entry_id: str | None):
        """The entry as the file has it now, None when it is gone (or warm.md is unreadable)."""
        if entry_id is None:
            return None
        try:
            return self.ctx.memory.entry(entry_id)
        except LinghunError:
            return None

    def _context_menu(self, pos) -> None:
        menu = QMenu(self)
        menu.addAction(self.act_new)
        menu.addSeparator()
        menu.addMenu(self.confidence_menu)
        for act in (self.act_flip, self.act_revive, self.act_touch, self.act_merge):
            menu.addAction(act)
        menu.addAction(self.act_history)
        menu.addSeparator()
        menu.addAction(self.act_delete)
        menu.exec(self.view.viewport().mapToGlobal(pos))

    # -- actions on the selection ---------------------------------------------------------------
    def _edit_selected(self, changes_of, text_one: UndoText, text_many: UndoText, ids: list[str] | None = None) -> bool:
        ids = self.selected_ids() if ids is None else ids
        edits = {}
        for entry_id in ids:
            # the file is the truth: the model may not have caught up with the last write yet
            changes = changes_of(self.ctx.memory.entry(entry_id))
            if changes:
                edits[entry_id] = changes
        if not edits:
            return False
        if len(edits) > 1 and not self._confirm(str(text_many.with_args(len(edits))), edits):
            return False
        ops = [EditEntry(entry_id, changes) for entry_id, changes in edits.items()]
        if len(ops) == 1:
            n = self.ctx.memory.entry(next(iter(edits))).n
            return self._push(ops[0], text_one.with_args(n))
        return self._push(Batch(ops), text_many.with_args(len(ops)))

    def set_confidence(self, confidence: str, ids: list[str] | None = None) -> bool:
        """Only the confidence word changes. A wrong entry stays wrong: it was flipped on purpose
        and only Revive brings it back (a bulk change must not un-flip it silently)."""
        ids = self.selected_ids() if ids is None else ids
        wrong = [i for i in ids if self.ctx.memory.entry(i).is_wrong]
        if wrong:
            self.ctx.show_message(self.tr("{0} wrong entries keep their flag; use Revive to bring them back.")
                                  .format(len(wrong)))
        return self._edit_selected(
            lambda e: {"confidence": confidence} if e.confidence != confidence and not e.is_wrong else None,
            UndoText("EntriesPane", QT_TRANSLATE_NOOP("EntriesPane", "Set [{0}] to %s"), word=_Word(confidence)),
            UndoText("EntriesPane", QT_TRANSLATE_NOOP("EntriesPane", "Set {0} entries to %s"), word=_Word(confidence)),
            [i for i in ids if i not in wrong])

    def flip_to_wrong(self, ids: list[str] | None = None) -> bool:
        return self._edit_selected(lambda e: None if e.is_wrong else {"confidence": "wrong"},
                                   _undo_text(QT_TRANSLATE_NOOP("EntriesPane", "Flip [{0}] to wrong")),
                                   _undo_text(QT_TRANSLATE_NOOP("EntriesPane", "Flip {0} entries to wrong")), ids)

    def revive(self, ids: list[str] | None = None):
        """Bring the chosen wrong entries back with the confidence each had before its flip, read
        from the home's history on a worker (``REVIVE_CONFIDENCE`` where no such version is
        recorded): a fixed "medium" lost a fact's "high" to a flip taken back. Returns the
        task's handle (``None``: nothing chosen is wrong); the undo step is pushed when it ends."""
        ids = self.selected_ids() if ids is None else ids
        text = self.ctx.memory.document().render()
        wrong = {i: self.ctx.memory.entry(i).n for i in ids if self.ctx.memory.entry(i).is_wrong}
        if not wrong:
            return None
        home = self.ctx.history_home
        handle = self.ctx.tasks.submit(self.tr("Reading the confidences before the flips"),
                                       lambda _state: _confidences_before_flips(home, text, wrong))
        handle.sig_finished.connect(partial(self._revive_with, list(wrong)))
        handle.sig_failed.connect(lambda exc: self.ctx.show_message(str(exc)))
        return handle

    def _revive_with(self, ids: list[str], before: dict[str, str]) -> bool:
        return self._edit_selected(
            lambda e: {"confidence": before.get(e.id) or REVIVE_CONFIDENCE} if e.is_wrong else None,
            _undo_text(QT_TRANSLATE_NOOP("EntriesPane", "Revive [{0}]")),
            _undo_text(QT_TRANSLATE_NOOP("EntriesPane", "Revive {0} entries")), ids)

    def touch(self, ids: list[str] | None = None) -> bool:
        now = stamp_of()
        return self._edit_selected(lambda e: {"last_access": now} if e.last_access != now else None,
                                   _undo_text(QT_TRANSLATE_NOOP("EntriesPane", "Touch [{0}]")),
                                   _undo_text(QT_TRANSLATE_NOOP("EntriesPane", "Touch {0} entries")), ids)

    def delete_selected(self, ids: list[str] | None = None) -> bool:
        ids = self.selected_ids() if ids is None else ids
        if not ids:
            return False
        # one entry is named by its number ("Delete 1 entries" read wrong); several are counted
        # with tr's plural form
        if len(ids) == 1:
            title = UndoText("EntriesPane", QT_TRANSLATE_NOOP("EntriesPane", "Delete [{0}]"),
                             self.ctx.memory.entry(ids[0]).n)
        else:
            title = self.tr("Delete %n entries", "", len(ids))
        if not self._confirm(str(title), {i: None for i in ids}):
            return False
        if len(ids) == 1:
            return self._push(DeleteEntry(ids[0]), title)
        return self._push(Batch([DeleteEntry(i) for i in ids]), title)

    def merge_selected(self, ids: list[str] | None = None) -> bool:
        """Merge the two chosen entries into the earlier one (``core.entry_merge``), after its diff
        is shown: one undo step."""
        ids = self.selected_ids() if ids is None else ids
        if len(ids) != 2:
            self.ctx.show_message(self.tr("Choose two entries to merge (Ctrl+click the second)."))
            return False
        try:
            kept, removed = merge_order(*(self.ctx.memory.entry(i) for i in ids))
            changes = merge_changes(kept, removed)
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        title = UndoText("EntriesPane", QT_TRANSLATE_NOOP("EntriesPane", "Merge [{1}] into [{0}]"), kept.n, removed.n)
        if not self._confirm(str(title), {kept.id: changes, removed.id: None}):
            return False
        if not self._push(Batch([EditEntry(kept.id, changes), DeleteEntry(removed.id, expect=removed.raw)]), title):
            return False
        self.select_entry(kept.id)
        self.ctx.show_message(self.tr("[{0}] merged into [{1}]; Undo takes it back.").format(removed.n, kept.n))
        return True

    def _push(self, operation, text: "str | UndoText", merge_key: str | None = None) -> bool:
        """One undo step; the table shows the result at once (the bridge's later reload is a no-op)."""
        ok = self.ctx.undo.push(operation, text, merge_key=merge_key)
        self._reload(external=False)
        return ok

    def _merge_preview(self, draft: dict):
        """The entry a new draft would merge into and that entry merged (``Memory.merge_preview``),
        or None; None too when warm.md cannot be read (the save then says why)."""
        try:
            return self.ctx.memory.merge_preview(draft["kind"], draft["body"], draft["confidence"], _when(draft["stamp"]))
        except (LinghunError, ValueError):
            return None

    def _warm_text(self) -> str:
        """warm.md as it is now ("" when it cannot be read: the editor then diffs the entry alone)."""
        try:
            return self.ctx.memory.document().render()
        except LinghunError:
            return ""

    def _confirm(self, title: str, edits: dict) -> bool:
        """Show the warm.md diff of a bulk change or a delete; True to go ahead."""
        try:
            doc = self.ctx.memory.document()
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        after = simulate(doc, edits)
        return DiffDialog.confirm(title, self.tr("This is what will change in warm.md. Every change can be undone."),
                                  doc.render(), after, self)

    # -- the editor -------------------------------------------------------------------------------
    def new_entry(self) -> None:
        self.start_new_entry()

    def start_new_entry(self, kind: str = "fact", body: str = "", confidence: str = "medium") -> bool:
        """Open the editor on a new entry (e.g. pre-filled from a gap); False if a draft is open."""
        if self.editor.is_dirty():
            self.ctx.show_message(self.tr("Save or revert the edit in the editor first; it stays open."))
            return False
        self._session += 1
        self.view.clearSelection()
        self.editor.start_new(kind, body, confidence)
        self.editor.stack.currentWidget().setFocus()
        return True

    @Slot()
    def _draft_changed(self) -> None:
        if self.ctx.settings.save_as_you_type and self.editor.is_dirty() and not self.editor.is_new \
                and not self._resolving:
            self._autosave.start()

    @Slot()
    def _autosave_now(self) -> None:
        if self.editor.is_dirty() and not self._resolving:
            self.save_editor(merge=True)

    @Slot()
    def save_editor(self, merge: bool = False) -> bool:
        """Save the draft as one undo step (typing saves of one session merge into one)."""
        self._autosave.stop()
        editor = self.editor
        if not editor.is_dirty():
            return False
        draft = editor.draft()
        if not _STAMP.match(draft["stamp"]):
            self.ctx.show_message(self.tr("The stamp must look like 2026-10-07 11:30 or 2026-10-07."))
            return False
        if not draft["body"].strip():
            self.ctx.show_message(self.tr("The body is empty; use Delete to remove an entry."))
            return False
        if editor.is_new or editor.orphaned:
            # a new entry obeys the agent's append rules (merge, size); an orphaned draft (its
            # entry was removed on disk) is put back where it was
            if editor.is_new:
                op = AppendEntry(draft["kind"], draft["body"], draft["confidence"], _when(draft["stamp"]))
            else:
                op = InsertRaw(editor.base_index, editor.draft_raw())
            ok = self.ctx.undo.push(op, self.tr("New entry"))
            if ok:
                saved = (self.ctx.memory.entry(op.result.entry.id) if editor.is_new
                         else self._entry_at_index(editor.base_index))
                editor.load(saved)
                self._reload(external=False)
                if saved is not None:
                    self.select_entry(saved.id)
                if isinstance(op, AppendEntry) and op.result.mode == "dedupe":
                    self.ctx.show_message(self.tr("Merged into [%1]: the new entry nearly repeated it (the agent's "
                                                  "append rule). Edit > Undo takes the merge back.")
                                          .replace("%1", str(saved.n if saved is not None else "?")))
            return ok
        entry_id = editor.base.id
        key = f"{self._session}:{entry_id}" if merge else None
        ok = self.ctx.undo.push(EditEntry(entry_id, editor.changes()),
                                UndoText("EntriesPane", QT_TRANSLATE_NOOP("EntriesPane", "Edit [{0}]"), editor.base.n),
                                merge_key=key)
        if ok:
            editor.mark_saved(self.ctx.memory.entry(entry_id))
            self._reload(external=False)
        return ok

    def _entry_at_index(self, index: int):
        entries = self.ctx.memory.entries()
        return entries[min(index, len(entries) - 1)] if entries else None

    @Slot()
    def revert_editor(self) -> None:
        self._autosave.stop()
        base = self.editor.base
        try:
            current = self.ctx.memory.entry(base.id) if base is not None else None
        except (NotFoundError, LinghunError):
            current = None
        self.editor.load(current)
        self._selection_changed()

    def has_unsaved_changes(self) -> bool:
        return self.editor.is_dirty()

    def save_unsaved_changes(self) -> bool:
        return not self.editor.is_dirty() or self.save_editor()

    # -- changes on disk ------------------------------------------------------------------------
    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path == str(self.ctx.home.warm) or what in ("warm", "consolidate"):
            self._reload(external=False)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if str(self.ctx.home.warm) in paths:
            self._external_pending = True
            self.model.reload_in_background(self.ctx.tasks)

    @Slot()
    def _on_reloaded(self) -> None:
        if self._external_pending:  # the agent's change is shown now
            self._external_pending = False
            self._show_model_state()
            self._check_editor(external=True)

    def _reload(self, external: bool) -> None:
        # an agent's change still being read is in what is read now: check the editor as for it
        external = external or self._external_pending
        self._external_pending = False
        self.model.reload()
        self._show_model_state()
        self._check_editor(external)

    def _show_model_state(self) -> None:
        if self.model.error:
            self.banner.setText(self.tr("warm.md cannot be read and is left untouched: {0}").format(self.model.error))
            self.banner.show()
        else:
            self.banner.hide()
        readable = not self.model.error
        self._show_empty_hint()
        self.act_new.setEnabled(readable)
        self.editor.setEnabled(readable and (self.editor.base is not None or self.editor.is_new))
        self._update_actions()

    def _check_editor(self, external: bool) -> None:
        """After a reload: follow the entry being edited, or resolve a conflict with its draft."""
        editor = self.editor
        base = editor.base
        if base is None or editor.orphaned:
            return
        current = self.model.find(base.id)  # as the rows just shown have it
        if current is not None and current.raw == base.raw:
            if current.n != base.n:
                editor.mark_saved(current) if not editor.is_dirty() else editor.rebase(current)
            return
        if not editor.is_dirty():
            editor.load(current)
            return
        if not external:  # our own action (bulk change, undo) on the entry being edited: merge quietly
            self._merge_into_editor(current)
            return
        if self._resolving:  # a dialog is open; look again when it closes
            self._recheck = True
            return
        self._resolving = True
        self._autosave.stop()
        try:
            what = self.tr("Entry [{0}]").format(base.n)
            choice = ConflictDialog.ask(what, base.raw, editor.draft_raw(), current.raw if current else "", self)
            if choice == Choice.RELOAD:
                editor.load(current)
            elif choice == Choice.MERGE and current is not None:
                self._merge_into_editor(current)
            else:
                editor.base_index = base.n - 1
                editor.rebase(current)
        finally:
            self._resolving = False
        if self._recheck:
            self._recheck = False
            self._check_editor(external=True)

    def _merge_into_editor(self, current) -> None:
        editor = self.editor
        if current is None:
            editor.base_index = editor.base.n - 1
            editor.rebase(None)
            return
        base_values = dict(editor.loaded_values())
        mine = editor.draft()
        theirs = editor.normalised(editor.values_of(current))
        merged, clashes = merge_drafts(base_values, mine, theirs)
        editor.load(current)
        editor.apply_values(merged)
        if clashes:
            self.ctx.show_message(self.tr("Merged; both sides changed {0}: your version was kept.").format(
                ", ".join(clashes)))

    def shutdown(self) -> None:
        self._autosave.stop()
        self.model.cancel_loading()
        # Break the view -> proxy -> model chain now: destroying them later in arbitrary order
        # (interpreter exit) would call into half-destroyed Python models.
        self.view.setModel(None)
        self.proxy.setSourceModel(None)
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass


def _when(stamp: str) -> datetime:
    """The time a draft's stamp names (``YYYY-MM-DD`` alone means midnight)."""
    return datetime.strptime(stamp, "%Y-%m-%d %H:%M" if " " in stamp else "%Y-%m-%d")


def simulate(doc: WarmDocument, edits: dict) -> str:
    """warm.md's text after ``edits`` (entry id -> field changes, or None to delete)."""
    parts = [doc.preamble]
    for e in doc.entries:
        if e.id not in edits:
            parts.append(e.raw)
        elif edits[e.id] is not None:
            parts.append(e.with_changes(**edits[e.id]).raw)
    return "".join(parts)


def _confidences_before_flips(home, text: str, numbers: dict[str, int]) -> dict[str, str]:
    """Task: ``{id: confidence}`` each wrong entry had before its flip, where the history says it."""
    capture.flush(10)  # the flip itself must be in the history before it is read
    history = capture.history_of(home)
    if history is None:
        return {}
    found = {i: confidence_before_flip(history, key_for_number(text, n)) for i, n in numbers.items()}
    return {i: c for i, c in found.items() if c}
