"""The gaps pane: questions the memory could not answer, and the loop that closes them.

The table lists the gaps of ``team/gaps.md`` and ``cycle.json`` with the rounds that asked them.
Fill opens the entries pane's editor on a new entry pre-filled from the question; after it is
saved, Re-run runs the round again (``core.assembler``, offline, as a dry run: the agent's bundle
and ledger are not touched) and shows whether retrieval now hits. A note is written back into
``cycle.json``; Dismiss removes the gap from both files. Both are undoable, and refused when the
assembler wrote the files meanwhile.
"""
from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt, QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QSplitter,
    QVBoxLayout, QWidget,
)

from linghun.core.errors import LinghunError
from linghun.core.formats import team as team_format
from linghun.workbench.icons import icon
from linghun.workbench.models.gaps import Gap, GapsModel, annotate, dismiss, fill_draft
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.ontology.commands import WriteFiles, current_text
from linghun.workbench.panes.ontology.links import entries_pane_of, raise_pane
from linghun.workbench.tasks import TaskCancelled
from linghun.workbench.plaintext import escape, plain
from linghun.workbench.actions import add_tool_action, on_trigger
from linghun.workbench.views import TableView
from linghun.workbench import tones

RELOAD_DELAY_MS = 150
QUESTION_MIN = 260  # px
RERUN_SESSION = "workbench-gap-rerun"


def rerun_round(state, home, query: str) -> dict:
    """Task: the round again on ``query``, offline and dry (nothing of the agent's is written;
    the round's trace is kept in ``team/traces`` like any round's). It reads the home through its
    own ``Memory``: the GUI thread's one is never used from a worker."""
    from linghun.core.assembler.debounce import Debouncer
    from linghun.core.assembler.round import Assembler

    state.set_progress(0.2, "round")
    result = Assembler(home, debouncer=Debouncer()).run(query, session=RERUN_SESSION, dry_run=True,
                                                        cancel=_CancelFlag(state))
    if result.status == "cancelled":
        raise TaskCancelled()
    state.set_progress(1.0, "done")
    return {"status": result.status, "gap": result.gap, "bundle": result.bundle or "",
            "decision": result.decision or {}, "round": result.round_id, "error": result.error}


class _CancelFlag:
    """The task's cancel request, read by the round between two roles (``cancel.is_set()``)."""

    def __init__(self, state) -> None:
        self._state = state

    def is_set(self) -> bool:
        return self._state.is_cancelled()


@register_pane
class GapsPane(Pane):
    """Gaps with their rounds; fill, re-run, annotate, dismiss.

    Signals:
        sig_rerun_finished(str, bool): a gap's key and whether the re-run closed it.
    """

    NAME = "gaps"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Gaps")
    ICON = "warning"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 40

    sig_rerun_finished = Signal(str, bool)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = GapsModel(ctx.home, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self._handle = None
        self._running_key: str | None = None
        self._build()
        self._reload_timer = self.single_shot(RELOAD_DELAY_MS, self.reload)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        self.reload()

    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_reload = add_tool_action(self.toolbar, icon("reload"), self.reload, shortcut="Ctrl+R")
        self.act_fill = add_tool_action(self.toolbar, icon("new"), self.fill, shortcut="Ctrl+N")
        self.act_rerun = add_tool_action(self.toolbar, icon("redo"), self.rerun, shortcut="Ctrl+Return")
        self.act_cancel = add_tool_action(self.toolbar, icon("quit"), self.cancel_rerun)
        self.act_dismiss = add_tool_action(self.toolbar, icon("delete"), self.dismiss_current, shortcut="Ctrl+D")
        self.ctx.mark_writes(self.act_fill, self.act_rerun, self.act_dismiss)  # a re-run keeps its trace in the home
        self.view = TableView(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        self.errors = plain(QLabel(self))
        self.errors.setWordWrap(True)
        tones.mark(self.errors, "error")
        self.errors.hide()
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note_label = QLabel(self)
        self.note_edit = QLineEdit(self)
        self.note_edit.returnPressed.connect(self.save_note)
        self.btn_note = QPushButton(icon("save"), "", self)
        on_trigger(self.btn_note.clicked, self.save_note)
        self.result = QPlainTextEdit(self)
        self.result.setReadOnly(True)
        note_row = QHBoxLayout()
        note_row.addWidget(self.note_label)
        note_row.addWidget(self.note_edit, 1)
        note_row.addWidget(self.btn_note)
        lower = QWidget(self)
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(4, 4, 4, 4)
        lower_layout.addWidget(self.detail)
        lower_layout.addLayout(note_row)
        lower_layout.addWidget(self.result, 1)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.view)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.stack(self.toolbar, self.errors, splitter)

    def retranslate_ui(self) -> None:
        self.act_reload.setText(self.tr("Reload"))
        self.act_fill.setText(self.tr("Fill…"))
        self.act_fill.setToolTip(self.tr("Write the missing memory: opens the entry editor pre-filled from the question"))
        self.act_rerun.setText(self.tr("Re-run"))
        self.act_rerun.setToolTip(self.tr("Run the round again on this question (a dry run) to see whether it hits now"))
        self.act_cancel.setText(self.tr("Cancel"))
        self.act_cancel.setToolTip(self.tr("Stop the round being re-run"))
        self.act_dismiss.setText(self.tr("Dismiss"))
        self.act_dismiss.setToolTip(self.tr("Remove the gap from gaps.md and cycle.json"))
        self.note_label.setText(self.tr("Note"))
        self.note_edit.setPlaceholderText(self.tr("Why the memory had no answer, what was done about it"))
        self.btn_note.setText(self.tr("Save note"))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.model.COLUMNS) - 1)
        self._show(self.current_gap())

    # -- loading ----------------------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        key = self.current_key()
        note_dirty = self._note_dirty()
        note_text = self.note_edit.text()
        self.model.reload()
        for column in (0, 2, 4):
            self.view.resizeColumnToContents(column)
        # the question stays readable in a narrow dock (the round and status columns then scroll)
        self.view.setColumnWidth(1, max(QUESTION_MIN, min(self.view.sizeHintForColumn(1), 2 * QUESTION_MIN)))
        if self.model.files.errors:
            self.errors.setText(self.tr("Could not read: %1").replace("%1", "; ".join(self.model.files.errors)))
        self.errors.setVisible(bool(self.model.files.errors))
        if key is not None and self.select(key):
            if note_dirty:  # an unsaved note survives a reload
                self.note_edit.setText(note_text)
        else:  # the summary counts what was just read
            self._show(self.current_gap())
        self._update_actions()

    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path.startswith(str(self.ctx.home.root)):
            self.when_seen(self._reload_timer.start)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).startswith(str(self.ctx.home.root)) for p in paths):
            self.when_seen(self._reload_timer.start)

    # -- selection --------------------------------------------------------------------------
    def current_key(self) -> str | None:
        index = self.view.currentIndex()
        return index.data(GapsModel.KeyRole) if index.isValid() else None

    def current_gap(self) -> Gap | None:
        key = self.current_key()
        return self.model.gap(key) if key else None

    def select(self, key: str) -> bool:
        row = self.model.row_of(key)
        if row < 0:
            return False
        self.view.setCurrentIndex(self.proxy.mapFromSource(self.model.index(row, 0)))
        return True

    @Slot()
    def _on_current(self, *_args) -> None:
        self._show(self.current_gap())
        self._update_actions()

    def _show(self, gap: Gap | None) -> None:
        if gap is None:
            self.detail.setText(self.tr("%1 gaps, %2 open. A gap is a round whose retrieval found nothing although "
                                        "the memory had candidates: fill it, then re-run the round.")
                                .replace("%1", str(len(self.model.gaps()))).replace("%2", str(self.model.open_count())))
            self.note_edit.clear()
            self.result.clear()
            return
        where = " + ".join(n for n, on in (("gaps.md", gap.in_md), ("cycle.json", gap.in_cycle)) if on)
        lines = [f"<b>{escape(gap.query)}</b>", escape(f"{gap.local_time} · {where}")]
        if gap.closed_at:
            lines.append(self.tr("Closed: a re-run hit at %1.").replace("%1", escape(gap.closed_at)))
        if gap.rounds:
            asked = ", ".join(f"#{r.get('turn')} {r.get('level')}·{r.get('strategy')}" for r in gap.rounds[-6:])
            lines.append(self.tr("Asked in %1 round(s): %2").replace("%1", str(len(gap.rounds))).replace("%2", escape(asked)))
        self.detail.setText("<br>".join(lines))
        self.note_edit.setText(gap.note)

    def _note_dirty(self) -> bool:
        gap = self.current_gap()
        return gap is not None and self.note_edit.text() != gap.note

    def _update_actions(self) -> None:
        has = self.current_gap() is not None
        for act in (self.act_fill, self.act_dismiss):
            act.setEnabled(has)
        self.act_rerun.setEnabled(has and self._handle is None)
        self.act_cancel.setEnabled(self._handle is not None)
        self.ctx.enable_write(self.btn_note, has)
        self.ctx.enable_write(self.note_edit)

    # -- fill and re-run --------------------------------------------------------------------------
    @Slot()
    def fill(self) -> bool:
        """Open the entry editor on a new entry pre-filled from the gap's question."""
        gap = self.current_gap()
        if gap is None:
            return False
        pane = entries_pane_of(self.ctx)
        if pane is None or not hasattr(pane, "start_new_entry"):
            self.ctx.show_message(self.tr("The entries pane is not open: open it to fill the gap."))
            return False
        try:
            entries = self.ctx.memory.latest().entries
        except LinghunError:
            entries = []
        kind, body = fill_draft(gap, entries)
        if not pane.start_new_entry(kind, body, "medium"):
            return False
        raise_pane(self.ctx, "entries")
        # said until dismissed or replaced (by what Save says): typing the answer takes longer than
        # a message's 8 s, and the bar going away mid-edit moved the editor's buttons 14 px
        self.ctx.show_message(self.tr("Write what answers \u201c%1\u201d and save it, then re-run the round in Gaps.")
                              .replace("%1", gap.query), 0)
        return True

    @Slot()
    def rerun(self):
        """Run the gap's round again in the background (dry run)."""
        gap = self.current_gap()
        if gap is None or self._handle is not None:
            return None
        self._running_key = gap.key
        self.result.setPlainText(self.tr("Preparing the index…, then running the round") if self.ctx.warming
                                 else self.tr("Running the round…"))
        self._handle = self.ctx.tasks.submit(self.tr("Re-running a round"), rerun_round, self.ctx.home, gap.query)
        self._handle.sig_finished.connect(self._on_rerun_finished)
        self._handle.sig_failed.connect(self._on_rerun_failed)
        self._handle.sig_cancelled.connect(self._on_rerun_cancelled)
        self._handle.sig_done.connect(self._on_rerun_done)
        self._update_actions()
        return self._handle

    @Slot(object)
    def _on_rerun_finished(self, outcome: dict) -> None:
        key = self._running_key
        closed = outcome["status"] == "ok" and not outcome["gap"]
        gap = self.model.gap(key)
        # the round answers the question, so every gap that asked the same question shares the outcome
        same = [g for g in self.model.gaps() if gap is not None and g.query == gap.query]
        for g in same:
            if not closed:
                self.model.set_status(g.key, "still open")
        self._store_closed(same, team_format.iso_now() if closed else "")
        decision = outcome.get("decision") or {}
        head = (self.tr("Closed: retrieval hits now.") if closed else self.tr("Still a gap: retrieval found nothing."))
        self.result.setPlainText(f"{head}\n{decision.get('level')} · {decision.get('strategy')} · "
                                 f"{outcome['status']}\n\n{outcome['bundle'] or outcome.get('error') or ''}")
        self.sig_rerun_finished.emit(key, closed)

    @Slot(object)
    def _on_rerun_failed(self, exc: object) -> None:
        self.result.setPlainText(self.tr("The round failed: %1").replace("%1", str(exc)))

    @Slot()
    def cancel_rerun(self) -> None:
        if self._handle is not None:
            self._handle.cancel()

    @Slot()
    def _on_rerun_cancelled(self) -> None:
        self.result.setPlainText(self.tr("Cancelled."))

    @Slot()
    def _on_rerun_done(self) -> None:
        self._handle = None
        self._running_key = None
        self._update_actions()

    def _store_closed(self, gaps: list[Gap], closed_at: str) -> bool:
        """Write into gaps.md that ``gaps`` are closed (``closed_at``) or open again ("") so a
        restart shows them as they are (one undo step); nothing is written when nothing changes."""
        changing = [g for g in gaps if bool(g.closed_at) != bool(closed_at)]
        if not changing:
            return False
        try:
            path, base, now = self._team_file(team_format.GAPS_FILE)
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        after = base
        for g in changing:
            after = team_format.set_gap_closed(after, g.at, g.query, closed_at)
        key = self.current_key()
        text = self.tr("Close a gap") if closed_at else self.tr("Reopen a gap")
        return self._push(WriteFiles({path: after}, {path: now}), text, key)

    # -- annotate and dismiss -------------------------------------------------------------------
    def _team_file(self, name: str) -> tuple[str, str | None, str | None]:
        """(where to write, the text to change, what the written file holds now).

        The text comes from where the gaps were read (the legacy ``linghun/team`` folder when the
        current one has no such file); the change is always written to the current location.
        """
        target = self.ctx.home.team_file(name)
        source = self.ctx.home.team_file_for_reading(name)
        return str(target), current_text(source), current_text(target)

    @Slot()
    def save_note(self) -> bool:
        """Write the note into cycle.json (one undo step)."""
        gap = self.current_gap()
        if gap is None or not self._note_dirty():
            return False
        try:
            path, base, now = self._team_file(team_format.CYCLE_FILE)
            after = annotate(base, gap, self.note_edit.text(), team_format.iso_now())
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        return self._push(WriteFiles({path: after}, {path: now}), self.tr("Note on a gap"), gap.key)

    @Slot()
    def dismiss_current(self) -> bool:
        """Remove the gap from gaps.md and cycle.json (one undo step)."""
        gap = self.current_gap()
        if gap is None:
            return False
        try:
            cycle_path, cycle_base, cycle_now = self._team_file(team_format.CYCLE_FILE)
            md_path, md_base, md_now = self._team_file(team_format.GAPS_FILE)
            cycle_after, md_after = dismiss(cycle_base, md_base, gap, team_format.iso_now())
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        after, before = {}, {}
        if cycle_after != cycle_base:
            after[cycle_path], before[cycle_path] = cycle_after, cycle_now
        if md_after != md_base:
            after[md_path], before[md_path] = md_after, md_now
        return self._push(WriteFiles(after, before), self.tr("Dismiss a gap"), None)

    def _push(self, op: WriteFiles, text: str, select_key: str | None) -> bool:
        if not self.ctx.undo.push(op, text):
            self.ctx.show_message(self.tr("Nothing was written: the team files changed meanwhile. Reload and retry."))
            return False
        self.model.reload()
        if select_key:
            self.select(select_key)
        self._update_actions()
        return True

    def has_unsaved_changes(self) -> bool:
        return self._note_dirty()

    def save_unsaved_changes(self) -> bool:
        return not self._note_dirty() or self.save_note()

    def shutdown(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass

