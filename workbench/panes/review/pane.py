"""The Review pane: what the agent wrote since the last review (``core.review``), each change with
its consequences and diff; accept, reject (one undo step), contradictions resolved.

Keyboard first, while the pane has the focus: j / k move down / up, a accepts the selected
changes (a selection accepts them all), r rejects the current one, d shows or hides its diff.
The queue is built on a worker (the history is read there) whenever the home changes; accept
and the marks are written there too. A reject is planned on a worker and written on the GUI
thread as one step of the undo stack (``workbench.undo``), all its files or none
(``core.transaction``, as the command line writes it): Ctrl+Z brings the change back.

Signals:
    sig_rebuilt(): a build of the queue was shown.
    sig_unreviewed(int, str): how many changes wait and how old the oldest is ("" when none),
        for the main window's title.
    sig_status_note(str): (``Pane``'s) the same as the window's status-bar note.
"""
from __future__ import annotations

import contextlib
import functools
from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, Qt, QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QSplitter, QVBoxLayout, QWidget,
)

from linghun.core.errors import LinghunError
from linghun.core.history.layout import WARM
from linghun.core.review import service
from linghun.core.review.reject import RejectPlan, apply_reject
from linghun.workbench import clock
from linghun.workbench.actions import add_tool_action, make_action
from linghun.workbench.dialogs.diff import DiffView
from linghun.workbench.icons import icon
from linghun.workbench.models.review import ReviewFilter, ReviewModel, day_of
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.plaintext import plain
from linghun.workbench.undo import EditEntry
from linghun.workbench.views import TableView

REBUILD_DELAY_MS = 300
#: when, writer, kind, file (px); the consequences take the rest
COLUMN_WIDTHS = (130, 70, 90, 150)


def build_task(state, home, check: bool, walked_text: str = "%1 writes read") -> service.Queue:
    """Task: the queue as it is now (the history and warm.md read on the worker); stops when
    cancelled (a first build of a long history reads every version once: the home may close
    meanwhile). ``check``: with the contradictions (only what is seen needs them)."""
    def walked(states: int) -> None:
        state.check_cancelled()
        state.set_message(walked_text.replace("%1", str(states)))

    return service.build_queue(home, check=check, progress=walked)


def accept_task(state, home, queue, ids: list[str]) -> int:
    items = [i for i in queue.items if i.id in ids]
    service.accept(home, queue, items)
    return len(items)


def plan_task(state, home, queue, item_id: str):
    item = next(i for i in queue.items if i.id == item_id)
    return service.plan_reject(home, queue.history, item)


def mark_task(state, queue, ids: list[str], status: str, dismiss: list[str]) -> None:
    service.mark(queue.history, [i for i in queue.items if i.id in ids], status, dismiss)


def unmark_task(state, queue, item) -> None:
    service.unmark(queue.history, item)


@dataclass
class RejectFiles:
    """The files of a reject written as the command line writes them (``reject.apply_reject``):
    all or nothing through ``core.transaction`` under the home lock, so a crash between two files
    of a consolidation's reject leaves the home as it was or wholly rejected (the next opening
    of the home finishes or rolls back the commit). The inverse writes the files back the same
    way, each expected to hold what the reject wrote, so an undo never overwrites a later writer."""

    plan: RejectPlan

    def apply(self, memory) -> "RejectFiles":
        apply_reject(memory.home, self.plan)
        if WARM in self.plan.files:
            # the panes show ``Memory.latest()``: parse the bytes written, as ``RestoreFile`` does
            with contextlib.suppress(LinghunError):
                memory.document()
        back = {rel: (new, now) for rel, (now, new) in self.plan.files.items()}
        return RejectFiles(RejectPlan(self.plan.item, back))


@dataclass
class RejectStep:
    """A reject as one undo step: ``operation`` writes the files back; ``done(True)`` is told
    when the reject is in effect (redo), ``done(False)`` when it was undone (the change is in
    the files again, and waits for review again)."""

    operation: object
    done: Callable[[bool], None]
    rejecting: bool = True

    def apply(self, memory) -> "RejectStep":
        inverse = self.operation.apply(memory)
        self.done(self.rejecting)
        return RejectStep(inverse, self.done, not self.rejecting)


def drop_held_task(state, home, queue, item_id: str) -> None:
    service.reject(home, queue, next(i for i in queue.items if i.id == item_id))


def age_text(oldest: datetime | None, now: datetime | None = None) -> str:
    """How old the oldest waiting change is, shortly: "5 min", "3 h", "2 d" ("" when none)."""
    if oldest is None:
        return ""
    seconds = max(0, int(((now or datetime.now().astimezone()) - oldest).total_seconds()))
    if seconds < 3600:
        amount, unit = max(1, seconds // 60), QCoreApplication.translate("ReviewPane", "%1 min")
    elif seconds < 86400:
        amount, unit = seconds // 3600, QCoreApplication.translate("ReviewPane", "%1 h")
    else:
        amount, unit = seconds // 86400, QCoreApplication.translate("ReviewPane", "%1 d")
    return unit.replace("%1", str(amount))


@register_pane
class ReviewPane(Pane):
    """The review queue with its consequences, diff and the keys to go through it."""

    NAME = "review"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Review")
    ICON = "diff"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 45
    NOTE_IN_TITLE = True  # unreviewed changes are never unseen: the count is in the title too

    sig_rebuilt = Signal()
    sig_unreviewed = Signal(int, str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.queue: service.Queue | None = None
        self.model = ReviewModel(self)
        self.proxy = ReviewFilter(self)
        self.proxy.setSourceModel(self.model)
        self._handle = None
        self._pending = False
        self._busy = 0  # writes of the review running on workers
        self._held_seen: set[str] = set()  # held writes already told of
        self._checked = False  # the last build checked contradictions (it was built while seen)
        self._build()
        self._rebuild_timer = self.single_shot(REBUILD_DELAY_MS, self.rebuild)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        ctx.undo.stack.indexChanged.connect(self._on_undo_index)
        self.retranslate_ui()
        self.rebuild()

    # -- building the widgets ----------------------------------------------------------------
    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_reload = add_tool_action(self.toolbar, icon("reload"), self.rebuild)
        self.act_accept = add_tool_action(self.toolbar, icon("save"), self.accept_selected, shortcut="A")
        self.act_reject = add_tool_action(self.toolbar, icon("undo"), self.reject_current, shortcut="R")
        self.act_diff = add_tool_action(self.toolbar, icon("diff"), self.toggle_diff, shortcut="D")
        self.act_flip_old = add_tool_action(self.toolbar, icon("flip"), self.flip_old)
        self.act_keep_both = add_tool_action(self.toolbar, icon("confidence"), self.keep_both)
        self.act_next = make_action(self, self.move_down, shortcut="J", context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.act_previous = make_action(self, self.move_up, shortcut="K",
                                        context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.addActions([self.act_next, self.act_previous])
        self.ctx.mark_writes(self.act_accept, self.act_reject, self.act_flip_old, self.act_keep_both)
        self.writer_box, self.kind_box, self.day_box = QComboBox(self), QComboBox(self), QComboBox(self)
        for box in (self.writer_box, self.kind_box, self.day_box):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            box.currentIndexChanged.connect(self._on_filter)
        self.writer_label, self.kind_label, self.day_label = QLabel(self), QLabel(self), QLabel(self)
        filters = QHBoxLayout()
        filters.setContentsMargins(6, 2, 6, 2)
        for label, box in ((self.writer_label, self.writer_box), (self.kind_label, self.kind_box),
                           (self.day_label, self.day_box)):
            filters.addWidget(label)
            filters.addWidget(box)
        filters.addStretch(1)
        self.status = plain(QLabel(self))
        filters.addWidget(self.status)
        filter_row = QWidget(self)
        filter_row.setLayout(filters)
        self.view = TableView(self)
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.verticalHeader().hide()
        header = self.view.horizontalHeader()
        # fixed widths, not ResizeToContents: measuring every row of a long queue is GUI-thread work
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate(COLUMN_WIDTHS):
            header.resizeSection(column, width)
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        self.detail = plain(QLabel(self))
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.detail.setContentsMargins(6, 4, 6, 4)
        self.diff = DiffView(self)
        lower = QWidget(self)
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.detail)
        lower_layout.addWidget(self.diff, 1)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.view)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.stack(self.toolbar, filter_row, splitter)
        self.setFocusProxy(self.view)

    def retranslate_ui(self) -> None:
        self.act_reload.setText(self.tr("Reload"))
        self.act_accept.setText(self.tr("Accept"))
        self.act_accept.setToolTip(self.tr("Mark the selected changes reviewed; a held write is made now (A)"))
        self.act_reject.setText(self.tr("Reject"))
        self.act_reject.setToolTip(self.tr("Undo this change alone, keeping every later one (R); Ctrl+Z brings it back"))
        self.act_diff.setText(self.tr("Diff"))
        self.act_diff.setToolTip(self.tr("Show or hide the change's diff (D)"))
        self.act_flip_old.setText(self.tr("Flip the old"))
        self.act_flip_old.setToolTip(self.tr("A contradiction: flip the old fact to wrong and accept the new one"))
        self.act_keep_both.setText(self.tr("Keep both"))
        self.act_keep_both.setToolTip(self.tr("A contradiction: both stand; it is not asked again"))
        self.act_next.setText(self.tr("Next change"))
        self.act_previous.setText(self.tr("Previous change"))
        self.writer_label.setText(self.tr("Writer:"))
        self.kind_label.setText(self.tr("Kind:"))
        self.day_label.setText(self.tr("Day:"))
        self._fill_filters()
        self._show_status()
        self._on_current()

    # -- building the queue -----------------------------------------------------------------------
    @Slot()
    def rebuild(self) -> None:
        """Build the queue again on a worker (one at a time; a request meanwhile runs after it)."""
        self._rebuild_timer.stop()
        if self._handle is not None or self.ctx.tasks.closed:
            self._pending = self._handle is not None
            return
        self._pending = False
        self._checked = self.seen
        self._handle = self.ctx.tasks.submit(self.tr("Reading the changes to review"), build_task,
                                             self.ctx.history_home, self.seen, self.tr("%1 writes read"))
        self._handle.sig_finished.connect(self._on_built)
        self._handle.sig_failed.connect(self._on_failed)
        self._handle.sig_done.connect(self._on_build_done)
        self._show_status()

    def set_seen(self, seen: bool) -> None:
        """Brought to the front: the contradictions a build behind another tab left out are read."""
        super().set_seen(seen)
        if seen and not self._checked:
            self._rebuild_timer.start()

    def is_building(self) -> bool:
        return self._handle is not None or self._busy > 0 or self._rebuild_timer.isActive()

    @Slot(object)
    def _on_built(self, queue: service.Queue) -> None:
        current = self.current_id()
        row = self.view.currentIndex().row()
        selected = set(self.selected_ids())
        self.queue = queue
        self.model.set_items(queue.items)
        self._fill_filters()
        self._reselect(current, selected, row)
        self._show_status()
        count, oldest = self.unreviewed()
        self._tell_held(queue)
        self.sig_unreviewed.emit(count, age_text(oldest))
        self.sig_status_note.emit(self.note_text(count, oldest))
        self.sig_rebuilt.emit()

    def _tell_held(self, queue: service.Queue) -> None:
        """A write held since the last build is said in the status bar: it waits for the user,
        and the agent was told so (a notification, not a dialog: the user may be elsewhere)."""
        held = {i.id for i in queue.items if i.held is not None}
        new = held - self._held_seen
        self._held_seen = held
        if new:
            self.ctx.show_message(self.tr("%1 write(s) of the agent held for review: open the Review pane to accept or "
                                          "reject").replace("%1", str(len(new))))

    @Slot(object)
    def _on_failed(self, exc: object) -> None:
        self.ctx.show_message(self.tr("The changes to review could not be read: %1").replace("%1", str(exc)))

    @Slot()
    def _on_build_done(self) -> None:
        self._handle = None
        if self._pending:
            self.rebuild()
        self._show_status()

    def unreviewed(self) -> tuple[int, datetime | None]:
        """The count and the oldest time of the changes waiting (``core.review.unreviewed_summary``
        as of the last build)."""
        pending = self.queue.pending() if self.queue is not None else []
        return len(pending), min((i.when for i in pending), default=None)

    def note_text(self, count: int, oldest: datetime | None) -> str:
        """The window's status-bar note: the count and the age of the oldest ("" when none)."""
        if not count:
            return ""
        return self.tr("%1 to review (oldest %2)").replace("%1", str(count)).replace("%2", age_text(oldest))

    def _show_status(self) -> None:
        if self.queue is None:
            self.status.setText(self.tr("reading…") if self._handle is not None else "")
            return
        count, oldest = self.unreviewed()
        if not count:
            text = self.tr("nothing to review")
        else:
            text = self.tr("%1 changes to review, the oldest %2 old").replace("%1", str(count)) \
                .replace("%2", age_text(oldest))
        if self.queue.note:
            text += " · " + self.queue.note
        self.status.setText(text)

    def _fill_filters(self) -> None:
        items = self.model.items()
        values = ([""] + sorted({i.writer for i in items}), [""] + sorted({i.kind for i in items}),
                  [""] + sorted({day_of(i) for i in items}, reverse=True))
        for box, options in zip((self.writer_box, self.kind_box, self.day_box), values):
            chosen = box.currentData() or ""
            box.blockSignals(True)
            box.clear()
            for value in options:
                box.addItem(value or self.tr("any"), value)
            box.setCurrentIndex(max(0, box.findData(chosen)))
            box.blockSignals(False)
        self._on_filter()

    @Slot()
    def _on_filter(self) -> None:
        self.proxy.set_filters(self.writer_box.currentData() or "", self.kind_box.currentData() or "",
                               self.day_box.currentData() or "")

    def set_filters(self, writer: str = "", kind: str = "", day: str = "") -> None:
        """Show one writer, kind and day ("" for any), as choosing them in the boxes does."""
        for box, value in ((self.writer_box, writer), (self.kind_box, kind), (self.day_box, day)):
            box.setCurrentIndex(max(0, box.findData(value)))

    # -- selection --------------------------------------------------------------------------------
    def current_id(self) -> str | None:
        index = self.view.currentIndex()
        return index.data(ReviewModel.IdRole) if index.isValid() else None

    def current_item(self):
        item_id = self.current_id()
        return self.model.item(item_id) if item_id else None

    def selected_ids(self) -> list[str]:
        rows = self.view.selectionModel().selectedRows()
        return [r.data(ReviewModel.IdRole) for r in sorted(rows, key=lambda r: r.row())]

    def select(self, item_id: str) -> bool:
        row = self.model.row_of(item_id)
        if row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self.view.setCurrentIndex(index)
        self.view.selectionModel().select(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                          | QItemSelectionModel.SelectionFlag.Rows)
        return True

    def _reselect(self, current: str | None, selected: set[str], row: int = -1) -> None:
        """The change that was current stays so; one accepted or rejected away (gone from the
        queue) hands over to the change that took its row, the next one, as a reviewer reads on
        down the list (the first row only when nothing was current)."""
        if current and self.select(current):
            return
        rows = self.proxy.rowCount()
        if rows and not self.view.currentIndex().isValid():
            row = min(max(row, 0), rows - 1)
            self.view.setCurrentIndex(self.proxy.index(row, 0))
            self.view.selectRow(row)
        self._on_current()

    @Slot()
    def move_down(self) -> None:
        self.move(1)

    @Slot()
    def move_up(self) -> None:
        self.move(-1)

    def move(self, step: int) -> None:
        """j / k: the next or previous change."""
        rows = self.proxy.rowCount()
        if not rows:
            return
        row = self.view.currentIndex().row()
        row = 0 if row < 0 else max(0, min(rows - 1, row + step))
        self.view.setCurrentIndex(self.proxy.index(row, 0))
        self.view.selectRow(row)

    def _on_current(self, *_args) -> None:
        item = self.current_item()
        has = item is not None
        contradicted = has and bool(item.contradictions)
        self.ctx.enable_write(self.act_accept, has)
        self.ctx.enable_write(self.act_reject, has)
        self.ctx.enable_write(self.act_flip_old, contradicted and any(c.entry for c in item.contradictions))
        self.ctx.enable_write(self.act_keep_both, contradicted)
        if not has:
            self.detail.setText("")
            self.diff.clear()
            return
        lines = [f"{item.kind} · {item.writer} · {clock.shown(item.when)} · {', '.join(item.paths or [item.file])}"]
        lines += [f"• {c}" for c in item.consequences]
        lines += [f"⚠ {c.message} " + self.tr("(Flip the old / Keep both / Reject the new)") for c in item.contradictions]
        self.detail.setText("\n".join(lines))
        self.diff.show_text(item.diff or "")

    @Slot()
    def toggle_diff(self) -> None:
        self.diff.setVisible(not self.diff.isVisible())

    # -- accept, reject -----------------------------------------------------------------------------
    def _run(self, title: str, fn, *args, done=None) -> None:
        """A write of the review on a worker; the queue is built again after it."""
        self._busy += 1
        handle = self.ctx.tasks.submit(title, fn, *args)
        handle.sig_failed.connect(self._on_write_failed)
        if done is not None:
            handle.sig_finished.connect(done)
        handle.sig_done.connect(self._on_write_done)

    @Slot(object)
    def _on_write_failed(self, exc: object) -> None:
        self.ctx.show_message(str(exc))

    @Slot()
    def _on_write_done(self) -> None:
        self._busy -= 1
        self.rebuild()

    @Slot()
    def accept_selected(self) -> None:
        """Accept every selected change (the current one when nothing is selected)."""
        if self.queue is None or self.ctx.refuse_if_read_only():
            return
        ids = self.selected_ids() or ([self.current_id()] if self.current_id() else [])
        if ids:
            self._run(self.tr("Accepting changes"), accept_task, self.ctx.home, self.queue, ids)

    @Slot()
    def reject_current(self) -> None:
        """Reject the current change: a held write is dropped, a sync conflict takes the other
        machine's version; any other is undone alone, as one undo step (planned on a worker,
        written here through the undo stack)."""
        item = self.current_item()
        if item is None or self.queue is None or self.ctx.refuse_if_read_only():
            return
        if item.held is not None:
            self._run(self.tr("Dropping the held write"), drop_held_task, self.ctx.home, self.queue, item.id)
            return
        if item.conflict is not None:  # a sync conflict: the other machine's version is taken
            self._run(self.tr("Taking the other machine's version"), drop_held_task, self.ctx.home, self.queue,
                      item.id)
            return
        self._run(self.tr("Planning the reject"), plan_task, self.ctx.home, self.queue, item.id,
                  done=self._on_planned)

    @Slot(object)
    def _on_planned(self, plan) -> None:
        text = self.tr("Reject %1: %2").replace("%1", plan.item.kind).replace("%2", plan.item.summary[:60])
        step = RejectStep(RejectFiles(plan), functools.partial(self._reject_applied, self.queue, plan.item))
        self.ctx.undo.push(step, text)

    def _reject_applied(self, queue, item, rejecting: bool) -> None:
        """The reject's files were written (``rejecting``) or put back by an undo: the change is
        marked rejected, or waits for review again."""
        if self.ctx.tasks.closed:
            return
        if rejecting:
            self._run(self.tr("Marking the change rejected"), mark_task, queue, [item.id], "rejected", [])
        else:
            self._run(self.tr("The change waits for review again"), unmark_task, queue, item)

    @Slot()
    def flip_old(self) -> None:
        """Flip the old fact the current change contradicts; the change is accepted."""
        item = self.current_item()
        hit = next((c for c in item.contradictions if c.entry), None) if item is not None else None
        if hit is None or self.queue is None or self.ctx.refuse_if_read_only():
            return
        try:
            old = self.ctx.memory.resolve(hit.entry)
        except Exception as exc:  # the entry moved on: say so, change nothing
            self.ctx.show_message(str(exc))
            return
        if self.ctx.undo.push(EditEntry(old.id, {"confidence": "wrong"}),
                              self.tr("Flip [%1]").replace("%1", str(hit.entry))):
            self._run(self.tr("Accepting the change"), mark_task, self.queue, [item.id], "accepted", [hit.key])

    @Slot()
    def keep_both(self) -> None:
        item = self.current_item()
        if item is None or not item.contradictions or self.queue is None or self.ctx.refuse_if_read_only():
            return
        self._run(self.tr("Accepting the change"), mark_task, self.queue, [item.id], "accepted",
                  [c.key for c in item.contradictions])

    # -- the home changed -----------------------------------------------------------------------
    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path.startswith(str(self.ctx.home.root)):
            self._rebuild_timer.start()

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).startswith(str(self.ctx.home.root)) for p in paths):
            self._rebuild_timer.start()

    @Slot(int)
    def _on_undo_index(self, _index: int) -> None:
        self._rebuild_timer.start()

    def shutdown(self) -> None:
        self._rebuild_timer.stop()
        if self._handle is not None:
            self._handle.cancel()
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.watcher.sig_external_change, self._on_external_change),
                             (self.ctx.undo.stack.indexChanged, self._on_undo_index)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
