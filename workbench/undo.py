"""Undoable edits of warm entries: each operation applies itself and returns its inverse.

Operations are plain Python over ``core.memory.Memory`` (no Qt): ``op.apply(memory)`` makes the
change (one atomic, locked save per entry) and returns the operation that puts it back. The
inverse of an edit is ``ReplaceRaw`` with the entry's exact former text, so undo and redo restore
the file bytes, not just the fields. An inverse remembers the text it expects to find; when the
agent changed that entry meanwhile, undo refuses (``ConflictError``) instead of overwriting it.

``MemoryCommand`` wraps an operation for ``QUndoStack``: ``redo()`` applies the current forward
operation and keeps the inverse, ``undo()`` applies the inverse and keeps *its* inverse as the new
forward. Commands made while typing in the entry editor carry a merge key, so the keystrokes of
one editing session collapse into one undo step.
"""
from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from linghun.core.errors import ConflictError, LinghunError
from linghun.core.exchange import ImportPlan, Progress, import_into, write_entries
from linghun.core.fsio import read_bytes
from linghun.core.history.layout import WARM
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory

MERGE_TYPING = 0x4C48  # QUndoCommand.id() of mergeable editor commands
MERGE_WINDOW_S = 30.0


class Operation(Protocol):
    def apply(self, memory: Memory) -> "Operation":
        """Make the change and return the operation that undoes it."""


@dataclass
class EditEntry:
    """Change some fields of one entry (stamp, kind, confidence, body, last_access)."""

    entry_id: str
    changes: dict

    def apply(self, memory: Memory) -> "ReplaceRaw":
        with home_lock(memory.home).hold():
            before = memory.entry(self.entry_id).raw
            after = memory.edit_entry(self.entry_id, **self.changes)
        return ReplaceRaw(self.entry_id, before, expect=after.raw)


@dataclass
class ReplaceRaw:
    """Put back an entry's exact text; ``expect`` is the text it must have now."""

    entry_id: str
    raw: str
    expect: str | None = None

    def apply(self, memory: Memory) -> "ReplaceRaw":
        with home_lock(memory.home).hold():
            current = memory.entry(self.entry_id)
            _check(current.raw, self.expect, current.n)
            memory.replace_raw(self.entry_id, self.raw)
        return ReplaceRaw(self.entry_id, current.raw, expect=self.raw)


@dataclass
class DeleteEntry:
    entry_id: str
    expect: str | None = None

    def apply(self, memory: Memory) -> "InsertRaw":
        with home_lock(memory.home).hold():
            current = memory.entry(self.entry_id)
            _check(current.raw, self.expect, current.n)
            index, raw = memory.delete_entry(self.entry_id)
        return InsertRaw(index, raw, self.entry_id)


@dataclass
class InsertRaw:
    """Insert an entry's exact text at a position, under a known id (undo of a delete)."""

    index: int
    raw: str
    entry_id: str | None = None

    def apply(self, memory: Memory) -> "DeleteEntry | Batch":
        with home_lock(memory.home).hold():
            entries = memory.entries()
            # Inserting at the end adds a blank separator to the entry before; undo removes it too.
            previous = entries[-1] if entries and self.index >= len(entries) else None
            entry = memory.insert_raw(self.index, self.raw, self.entry_id)
            return _undo_adding(memory, entry, previous)


@dataclass
class AppendEntry:
    """A new entry through ``Memory.append``, with the agent's rules: the near-duplicate merge,
    the size limit and automatic consolidation (which undo does not take back: its archives
    only ever grow)."""

    kind: str
    body: str
    confidence: str = "medium"
    when: datetime | None = None
    result: object = None  # the AppendResult of the last apply, for the caller

    def apply(self, memory: Memory) -> "Operation":
        with home_lock(memory.home).hold():
            entries = memory.entries()
            before = {e.id: e.raw for e in entries}
            last = entries[-1] if entries else None
            self.result = result = memory.append(self.kind, self.body, self.confidence, when=self.when)
            entry = result.entry
            if result.mode == "dedupe":
                return ReplaceRaw(entry.id, before[entry.id], expect=entry.raw)
            # after a consolidation the entry before it is archived, not changed
            return _undo_adding(memory, entry, last if not result.consolidated else None)


@dataclass
class RestoreFile:
    """Write a whole file of the home (``relative`` to its root) back to ``data`` (None: no such
    file); ``expect`` is what it must hold now, so an undo never overwrites a later writer."""

    relative: str
    data: bytes | None
    expect: bytes | None | object = field(default=None, repr=False)
    check: bool = False

    def apply(self, memory: Memory) -> "RestoreFile":
        from linghun.core.history.restore import write_back  # loads libgit2: only when a file is restored

        current = write_back(memory.home, self.relative, self.data, self.expect, self.check)
        if self.relative == WARM:
            # the panes show ``Memory.latest()``, the newest parse this process made: the bytes
            # written here are parsed now, as every write of the Memory's own is, or the panes
            # kept showing the file as it was before (an unreadable file: they say so themselves)
            with contextlib.suppress(LinghunError):
                memory.document()
        return RestoreFile(self.relative, current, expect=self.data, check=True)


@dataclass
class ImportEntries:
    """An import of another memory system's export (``core.exchange``): one save of warm.md, so
    one undo step, whose inverse writes warm.md back to the bytes it had unless another writer
    changed it since (``RestoreFile``'s check)."""

    format: str
    path: Path
    progress: Progress | None = field(default=None, repr=False)
    result: object = None  # the ImportResult of the last apply, for the caller
    #: the import as previewed (``core.exchange.plan_import``, on a worker): its entries are
    #: written as they are, the source is not read again on the GUI thread
    plan: ImportPlan | None = field(default=None, repr=False)

    def apply(self, memory: Memory) -> "RestoreFile":
        with home_lock(memory.home).hold():
            before = read_bytes(memory.home.warm)
            if self.plan is not None:
                self.result = write_entries(memory, self.plan)
            else:
                self.result = import_into(memory, self.format, self.path, progress=self.progress)
            after = read_bytes(memory.home.warm)
        return RestoreFile(WARM, before, expect=after, check=True)


def _undo_adding(memory: Memory, entry, previous) -> "DeleteEntry | Batch":
    """The inverse of adding ``entry`` at the end: delete it, and give ``previous`` (the entry that
    was last) back the text it had, since adding one puts a blank separator at its end."""
    inverse = DeleteEntry(entry.id, expect=entry.raw)
    if previous is not None:
        now = memory.entry(previous.id)
        if now.raw != previous.raw:
            return Batch([inverse, ReplaceRaw(previous.id, previous.raw, expect=now.raw)])
    return inverse


@dataclass
class Batch:
    """Several operations as one; the inverse undoes them in reverse order.

    When one fails, those already applied are put back before the error propagates, so a bulk
    change is all or nothing.
    """

    operations: list = field(default_factory=list)

    def apply(self, memory: Memory) -> "Batch":
        inverses: list = []
        with home_lock(memory.home).hold():
            try:
                for op in self.operations:
                    inverses.append(op.apply(memory))
            except Exception:
                for inverse in reversed(inverses):
                    inverse.apply(memory)
                raise
        return Batch(list(reversed(inverses)))


@dataclass
class AlreadyApplied:
    """A change another writer already made (the agent's tool call in the conversation pane):
    pushing it records an undo step without writing; ``inverse`` takes it back."""

    inverse: "Operation"

    def apply(self, memory: Memory) -> "Operation":
        return self.inverse


def _check(current_raw: str, expect: str | None, n: int) -> None:
    if expect is not None and current_raw != expect:
        raise ConflictError(f"entry [{n}] was changed by another writer since this edit; it was left as it is")


class UndoText:
    """An undo step's name that follows a language change (Edit > Undo said the step in the
    language it was made in): the source text as marked for ``tr``, translated anew each time.

    ``source`` takes ``{0}``… from ``args`` and ``%s`` from ``word``; an argument or the word
    may itself be an ``UndoText`` or anything whose ``str()`` is translated (a kind's name)."""

    def __init__(self, context: str, source: str, *args, word=None) -> None:
        self.context, self.source, self.args, self.word = context, source, args, word

    def with_args(self, *args) -> "UndoText":
        return UndoText(self.context, self.source, *args, word=self.word)

    def __str__(self) -> str:
        text = QCoreApplication.translate(self.context, self.source)
        if self.word is not None:
            text = text.replace("%s", str(self.word))
        return text.format(*(str(a) for a in self.args))


class MemoryCommand(QUndoCommand):
    """A ``QUndoCommand`` over an ``Operation``; failures go to ``UndoService.sig_error``."""

    def __init__(self, service: "UndoService", operation: Operation, text: "str | UndoText",
                 merge_key: str | None = None):
        super().__init__(str(text))
        self._text = text
        self._service = service
        self._forward: Operation | None = operation
        self._inverse: Operation | None = None
        self.merge_key = merge_key
        self._made = time.monotonic()
        self.failed: Exception | None = None

    def retranslate(self) -> None:
        if isinstance(self._text, UndoText):
            self.setText(str(self._text))

    def redo(self) -> None:
        self._run(forward=True)

    def undo(self) -> None:
        self._run(forward=False)

    def _run(self, forward: bool) -> None:
        op = self._forward if forward else self._inverse
        try:
            result = op.apply(self._service.memory)
        except LinghunError as exc:
            # Nothing was changed: drop this step (the stack deletes obsolete commands).
            self.failed = exc
            self.setObsolete(True)
            self._service.sig_error.emit(str(exc))
            return
        if forward:
            self._inverse, self._forward = result, None
        else:
            self._forward, self._inverse = result, None

    def id(self) -> int:  # noqa: A003 - Qt's name
        return MERGE_TYPING if self.merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 - Qt override
        """Fold a later typing save of the same entry and session into this step.

        Undo must return to the text before the *first* keystroke, which is this command's
        inverse; the later command's inverse (the text between keystrokes) is dropped.
        """
        if not isinstance(other, MemoryCommand) or other.merge_key != self.merge_key or other.failed:
            return False
        if other._made - self._made > MERGE_WINDOW_S or self._inverse is None:
            return False
        if not isinstance(self._inverse, ReplaceRaw) or not isinstance(other._inverse, ReplaceRaw):
            return False
        self._inverse = ReplaceRaw(self._inverse.entry_id, self._inverse.raw, expect=other._inverse.expect)
        self._made = other._made
        return True


class UndoService(QObject):
    """The undo stack of one home, and the one place edits of warm entries are made.

    Signals:
        sig_error(str): an edit, undo or redo could not be made (nothing was changed).
    """

    sig_error = Signal(str)

    def __init__(self, memory: Memory, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.memory = memory
        self.stack = QUndoStack(self)
        #: set while the home shown is a read-only view (the past): every edit is refused with it
        self.read_only_reason = ""

    def retranslate(self) -> None:
        """Name every step again in the language now in effect (those named by an ``UndoText``)."""
        for i in range(self.stack.count()):
            command = self.stack.command(i)
            if isinstance(command, MemoryCommand):
                command.retranslate()

    def push(self, operation: Operation, text: "str | UndoText", merge_key: str | None = None) -> bool:
        """Apply ``operation`` as one undo step; False when it failed (``sig_error`` told why)."""
        if self.read_only_reason:
            self.sig_error.emit(self.read_only_reason)
            return False
        command = MemoryCommand(self, operation, text, merge_key)
        failed = []
        command_error = self.sig_error.connect(lambda message: failed.append(message))
        try:
            self.stack.push(command)
        finally:
            self.sig_error.disconnect(command_error)
        return not failed
