"""History and blame of one warm entry: each version (when, who, what changed) with its diff,
and *Restore this version*, an undoable edit through the normal locked write path.

The versions are read from the home's history on the task pool (``core.history.entries``). In a
copy of the past the history is the home's own (the copy keeps none): the entry is followed back
from the version shown, and nothing is restored there.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QLabel, QPushButton, QSplitter, QTableWidget, QTableWidgetItem,
    QVBoxLayout, QWidget,
)

from linghun.core.history import capture
from linghun.core.history.entries import EntryRef, EntryVersion, entry_history, key_for_number
from linghun.workbench import clock
from linghun.workbench.actions import on_trigger
from linghun.workbench.dialogs.diff import DiffDialog, DiffView, unified_diff
from linghun.workbench.undo import ReplaceRaw
from linghun.workbench.plaintext import plain

CHANGES = {"created": QT_TRANSLATE_NOOP("EntryHistoryDialog", "created"),
           "edited": QT_TRANSLATE_NOOP("EntryHistoryDialog", "edited"),
           "flipped": QT_TRANSLATE_NOOP("EntryHistoryDialog", "flipped to wrong"),
           "confidence": QT_TRANSLATE_NOOP("EntryHistoryDialog", "confidence changed"),
           "touched": QT_TRANSLATE_NOOP("EntryHistoryDialog", "touched")}
WRITERS = {"agent": QT_TRANSLATE_NOOP("EntryHistoryDialog", "agent"),
           "workbench": QT_TRANSLATE_NOOP("EntryHistoryDialog", "workbench"),
           "cli": QT_TRANSLATE_NOOP("EntryHistoryDialog", "CLI"),
           "tool": QT_TRANSLATE_NOOP("EntryHistoryDialog", "agent tool")}


def _tr(text: str) -> str:
    return QCoreApplication.translate("EntryHistoryDialog", text)


class EntryHistoryDialog(QDialog):
    """Signals:
        sig_loaded(int): the versions are shown (how many).
    """

    sig_loaded = Signal(int)

    def __init__(self, ctx, entry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.entry = entry
        # the entry as numbered in warm.md now, followed back through the versions by its lineage
        self.ref = key_for_number(ctx.memory.document().render(), entry.n)
        self.versions: list[EntryVersion] = []
        self.setWindowTitle(self.tr("History of [%1]").replace("%1", str(entry.n)))
        self.summary = plain(QLabel(self))
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, 3, self)
        self.table.setHorizontalHeaderLabels([self.tr("When"), self.tr("Who"), self.tr("Change")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.currentCellChanged.connect(self._show_version)
        self.diff = DiffView(self)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.table)
        splitter.addWidget(self.diff)
        splitter.setStretchFactor(1, 2)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.btn_restore = QPushButton(self.tr("Restore this version"), self)
        self.btn_restore.setEnabled(False)
        if not ctx.writable:
            self.btn_restore.setToolTip(ctx.read_only)
        self.buttons.addButton(self.btn_restore, QDialogButtonBox.ButtonRole.ActionRole)
        on_trigger(self.btn_restore.clicked, self.restore)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        self.resize(760, 520)
        self.summary.setText(self.tr("Reading the home's history…"))
        home, ref = ctx.history_home, self.ref
        handle = ctx.tasks.submit(self.tr("Reading an entry's history"),
                                  lambda _state: _versions(home, ref))
        handle.sig_finished.connect(self._loaded)
        handle.sig_failed.connect(lambda exc: self.summary.setText(str(exc)))

    def _loaded(self, versions: list[EntryVersion]) -> None:
        self.versions = versions
        self.table.setRowCount(len(versions))
        for row, v in enumerate(versions):
            for column, text in enumerate((clock.shown(v.when),
                                           _tr(WRITERS.get(v.writer, v.writer)), _tr(CHANGES.get(v.change, v.change)))):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        if versions:
            last, first = versions[0], versions[-1]
            self.summary.setText(self.tr("Written by %1 on %2; last changed by %3 on %4 (%5 versions).")
                                 .replace("%1", _tr(WRITERS.get(first.writer, first.writer)))
                                 .replace("%2", clock.shown(first.when, clock.MINUTES))
                                 .replace("%3", _tr(WRITERS.get(last.writer, last.writer)))
                                 .replace("%4", clock.shown(last.when, clock.MINUTES))
                                 .replace("%5", str(len(versions))))
            self.table.setCurrentCell(0, 0)
        else:
            self.summary.setText(self.tr("The home's history has no version of this entry yet."))
        self.sig_loaded.emit(len(versions))

    @Slot(int, int, int, int)
    def _show_version(self, row: int, *_args) -> None:
        if not 0 <= row < len(self.versions):
            self.btn_restore.setEnabled(False)
            return
        older = self.versions[row + 1].raw if row + 1 < len(self.versions) else ""
        self.diff.setPlainText(unified_diff(older, self.versions[row].raw, f"[{self.entry.n}]") or
                               self.versions[row].raw)
        self.btn_restore.setEnabled(row > 0 and self.ctx.writable)  # the newest version is the entry as it is

    @Slot()
    def restore(self) -> bool:
        row = self.table.currentRow()
        if not 0 < row < len(self.versions):
            return False
        current = self.ctx.memory.entry(self.entry.id)
        raw = self.versions[row].raw.rstrip("\r\n") + (current.trail or "\n")
        when = clock.shown(self.versions[row].when, clock.MINUTES)
        if not DiffDialog.confirm(self.tr("Restore [%1]").replace("%1", str(current.n)),
                                  self.tr("Entry [%1] will read as it did on %2; every other entry stays as it is. "
                                          "Edit > Undo takes it back.").replace("%1", str(current.n)).replace("%2", when),
                                  current.raw, raw, parent=self):
            return False
        done = self.ctx.undo.push(ReplaceRaw(self.entry.id, raw, expect=current.raw),
                                  self.tr("Restore [%1] as of %2").replace("%1", str(current.n)).replace("%2", when))
        if done:
            self.accept()
        return done


def _versions(home, ref: EntryRef) -> list[EntryVersion]:
    capture.flush(10)  # the newest write must be in the history before it is read
    history = capture.history_of(home)
    return [] if history is None else entry_history(history, ref)
