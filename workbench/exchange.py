"""File > Import memories… and File > Export memories…: the home's warm entries to and from other
memory systems (``core.exchange``).

Import: the person chooses what they have (a mem0 export, a Letta agent file or Letta Code folder,
a folder of Basic Memory / Obsidian notes, our JSONL), the file or folder; it is read and checked
on a worker (``core.exchange.plan_import``: nothing written), then warm.md's diff is shown
with how many entries come in and how many are already there. Apply writes them in one save
(``workbench.undo.ImportEntries``): one step of Edit > Undo. Bad input says why and writes nothing.

Export: the format, then the file (or, for notes, a new or empty folder); written on a worker.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QFileDialog, QInputDialog

from linghun.core.memory import Memory
from linghun.workbench.dialogs.diff import DiffDialog
from linghun.workbench.undo import ImportEntries, UndoText

#: what a person has, in the order offered: (label, format, a folder rather than a file, file filter)
IMPORT_SOURCES = (
    (QT_TRANSLATE_NOOP("Exchange", "mem0 export (JSON)"), "mem0", False, "JSON (*.json)"),
    (QT_TRANSLATE_NOOP("Exchange", "Letta agent file (.af or JSON)"), "letta", False, "Letta (*.af *.json)"),
    (QT_TRANSLATE_NOOP("Exchange", "Letta Code memory folder"), "letta", True, ""),
    (QT_TRANSLATE_NOOP("Exchange", "Basic Memory / Obsidian notes folder"), "markdown", True, ""),
    (QT_TRANSLATE_NOOP("Exchange", "linghun JSONL"), "jsonl", False, "JSONL (*.jsonl)"),
)
EXPORT_TARGETS = (
    (QT_TRANSLATE_NOOP("Exchange", "linghun JSONL (lossless)"), "jsonl", False, "JSONL (*.jsonl)"),
    (QT_TRANSLATE_NOOP("Exchange", "mem0 JSON"), "mem0", False, "JSON (*.json)"),
    (QT_TRANSLATE_NOOP("Exchange", "Markdown notes (a new or empty folder)"), "markdown", True, ""),
)


def _preview(_state, home, fmt: str, path: str):
    from linghun.core.exchange import plan_import  # start-up time: the formats load on first use

    return plan_import(Memory(home), fmt, Path(path))


def _export(_state, home, fmt: str, out: str) -> int:
    from linghun.core.exchange import export_home  # start-up time, as above

    return export_home(Memory(home), fmt, Path(out))


class Exchange(QObject):
    """The two File menu actions, for the window's open home."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window

    def _ask(self, title: str, choices, folder_title: str, ask_file) -> tuple[str, str]:
        """``(format, path)`` the person chose: what it is (``choices``), then its folder or, through
        ``ask_file(filter)``, its file; the path is "" when they cancelled."""
        labels = [self.tr(c[0]) for c in choices]
        label, ok = QInputDialog.getItem(self.window, title, self.tr("What is it?"), labels, 0, False)
        if not ok or label not in labels:
            return "", ""
        _label, fmt, folder, pattern = choices[labels.index(label)]
        path = QFileDialog.getExistingDirectory(self.window, folder_title) if folder else ask_file(pattern)
        return fmt, path or ""

    # -- import ---------------------------------------------------------------------------------
    def import_memories(self) -> None:
        ctx = self.window.ctx
        if ctx is None or ctx.refuse_if_read_only():
            return
        fmt, path = self._ask(self.tr("Import memories"), IMPORT_SOURCES, self.tr("Choose the folder to import"),
                              lambda pattern: QFileDialog.getOpenFileName(
                                  self.window, self.tr("Choose the file to import"), "", pattern)[0])
        if not path:
            return
        self.window.show_message(self.tr("Reading {0}…").format(path))
        handle = ctx.tasks.submit(self.tr("Reading the memories to import"), _preview, ctx.home, fmt, path)
        handle.sig_finished.connect(lambda plan, c=ctx: self._confirm_import(c, fmt, path, plan))
        handle.sig_failed.connect(lambda exc: self.window.show_message(str(exc), 0))

    def _confirm_import(self, ctx, fmt: str, path: str, plan) -> None:
        if ctx is not self.window.ctx:  # another home was opened meanwhile
            return
        added, skipped = len(plan.result.added), len(plan.result.skipped)
        if not added:
            self.window.show_message(self.tr("Nothing to import from {0}: its {1} entries are all in the home "
                                             "already.").format(Path(path).name, skipped), 0)
            return
        message = self.tr("{0} new entries go to the end of warm.md; {1} already in the home are left out. "
                          "Edit > Undo takes the import back.").format(added, skipped)
        if not DiffDialog.confirm(self.tr("Import {0} entries from {1}").format(added, Path(path).name), message,
                                  plan.before, plan.after, self.window):
            return
        text = UndoText("Exchange", QT_TRANSLATE_NOOP("Exchange", "Import {0} entries"), added)
        if ctx.undo.push(ImportEntries(fmt, Path(path), plan=plan), text):
            self.window.show_message(self.tr("Imported {0} entries ({1} already there); Undo takes them back.")
                                     .format(added, skipped))

    # -- export ---------------------------------------------------------------------------------
    def export_memories(self) -> None:
        ctx = self.window.ctx
        if ctx is None:
            return
        fmt, out = self._ask(self.tr("Export memories"), EXPORT_TARGETS,
                             self.tr("Choose a new or empty folder for the notes"),
                             lambda pattern: QFileDialog.getSaveFileName(self.window, self.tr("Export to"), "",
                                                                         pattern)[0])
        if not out:
            return
        handle = ctx.tasks.submit(self.tr("Exporting the memories"), _export, ctx.home, fmt, out)
        handle.sig_finished.connect(lambda n: self.window.show_message(
            self.tr("Exported {0} entries to {1}").format(n, out)))
        handle.sig_failed.connect(lambda exc: self.window.show_message(str(exc), 0))
