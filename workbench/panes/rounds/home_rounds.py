"""The rounds pane's list of every round the home records: the agent's (from the upstream
ledgers) and ours (traces), newest first, with what each delivered and *Reproduce*.

Reading the ledgers, the bundle from the home's history and re-running a round all run on the
task pool; the GUI thread only shows results. A round with a full trace opens in the traced
view (``sig_open_trace``). *Reproduce* is offered for a round the history has the state before
(read with its delivered bundle); for another the button is disabled and says why. In a copy of
the past the history is the home's own (``WorkbenchContext.history_home``).
"""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPlainTextEdit, QPushButton,
    QSplitter, QTabWidget, QTextBrowser, QVBoxLayout, QWidget,
)

from linghun.core.history import capture
from linghun.core.history.rounds import HomeRound, PriorState, delivered_bundle, home_rounds, prior_state, reproduce
from linghun.workbench import clock, tones
from linghun.workbench.actions import on_trigger
from linghun.workbench.icons import icon
from linghun.workbench.models.home_rounds import HomeRoundsFilter, HomeRoundsModel
from linghun.workbench.panes.rounds.detail import DiffHighlighter
from linghun.workbench.views import TableView

RELOAD_DELAY_MS = 300
LEVELS = ("skip", "light", "medium", "deep")
TAB_ROUND, TAB_BUNDLE, TAB_REPRODUCE = range(3)


class HomeRoundsPanel(QWidget):
    """Signals:
        sig_open_trace(str): the person asked for the full trace of a round (its trace id).
        sig_loaded(): the list was (re)read.
        sig_detail_shown(str): a round's detail (with its delivered bundle) is shown (its key).
        sig_reproduced(str): a reproduction finished (the round's key).
    """

    sig_open_trace = Signal(str)
    sig_loaded = Signal()
    sig_detail_shown = Signal(str)
    sig_reproduced = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._detail_shown: tuple | None = None  # the round (and bundle) the detail shows
        self.ctx = ctx
        self.model = HomeRoundsModel(self)
        self.proxy = HomeRoundsFilter(self)
        self.proxy.setSourceModel(self.model)
        self._generation = 0
        self._closed = False
        self._prior: dict[str, PriorState] = {}  # by round key: the state Reproduce would run on
        self._reproducing: str | None = None  # the key of the round being reproduced
        self._build()
        self._reload_timer = self._single_shot(self.reload)
        ctx.watcher.sig_external_change.connect(self._on_files_changed)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        self.retranslate_ui()
        self.reload()

    def shutdown(self) -> None:
        """The home is closing: no more reads (the task pool is going away)."""
        self._closed = True
        self._reload_timer.stop()
        for signal, slot in ((self.ctx.watcher.sig_external_change, self._on_files_changed),
                             (self.ctx.bridge.sig_memory_changed, self._on_memory_changed)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass

    def _submit(self, title: str, fn, finished, failed):
        if self._closed:
            return None
        handle = self.ctx.tasks.submit(title, fn)
        handle.sig_finished.connect(finished)
        handle.sig_failed.connect(failed)
        return handle

    @Slot(str, str)
    def _on_memory_changed(self, *_args) -> None:
        if not self._closed:
            self._reload_timer.start()

    def _single_shot(self, slot):
        from PySide6.QtCore import QTimer

        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(RELOAD_DELAY_MS)
        timer.timeout.connect(slot)
        return timer

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.search = QLineEdit(self)
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._apply_filter)
        self.level = QComboBox(self)
        self.level.currentIndexChanged.connect(self._apply_filter)
        self.source = QComboBox(self)
        self.source.currentIndexChanged.connect(self._apply_filter)
        self.since = QLineEdit(self)
        self.since.setClearButtonEnabled(True)
        self.since.setMaximumWidth(130)
        self.since.textChanged.connect(self._apply_filter)
        self.count_label = QLabel(self)
        self.btn_reload = QPushButton(icon("reload"), "", self)
        on_trigger(self.btn_reload.clicked, self.reload)
        self.btn_compare = QPushButton(icon("diff"), "", self)
        on_trigger(self.btn_compare.clicked, self.compare_selected)
        top = QHBoxLayout()
        for w, stretch in ((self.search, 2), (self.level, 0), (self.source, 0), (self.since, 0),
                           (self.count_label, 1), (self.btn_compare, 0), (self.btn_reload, 0)):
            top.addWidget(w, stretch)

        self.view = TableView(self)
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)  # two: compare
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.selectionModel().currentRowChanged.connect(self._on_current_changed)
        self.view.selectionModel().selectionChanged.connect(self._update_actions)
        self.view.doubleClicked.connect(self.open_trace)

        self.detail = QTextBrowser(self)
        self.detail.setOpenLinks(False)
        self.bundle_view = QPlainTextEdit(self)
        self.bundle_view.setReadOnly(True)
        reproduce_page = QWidget(self)
        self.btn_reproduce = QPushButton(icon("redo"), "", reproduce_page)
        on_trigger(self.btn_reproduce.clicked, self.reproduce_selected)
        self.btn_trace = QPushButton(icon("open"), "", self)
        on_trigger(self.btn_trace.clicked, self.open_trace)
        self.reproduce_note = QLabel(reproduce_page)
        self.reproduce_note.setWordWrap(True)
        self.diff_view = QPlainTextEdit(reproduce_page)
        self.diff_view.setReadOnly(True)
        self.diff_view.setFont(mono)
        self.diff_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._highlighter = DiffHighlighter(self.diff_view.document())
        row = QHBoxLayout()
        row.addWidget(self.btn_reproduce)
        row.addWidget(self.reproduce_note, 1)
        page = QVBoxLayout(reproduce_page)
        page.setContentsMargins(4, 4, 4, 4)
        page.addLayout(row)
        page.addWidget(self.diff_view, 1)
        self.tabs = QTabWidget(self)
        for w in (self.detail, self.bundle_view, reproduce_page):
            self.tabs.addTab(w, "")
        self.tabs.setCornerWidget(self.btn_trace, Qt.Corner.TopRightCorner)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.view)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self._update_actions()

    def retranslate_ui(self) -> None:
        self.search.setPlaceholderText(self.tr("Filter by question"))
        self.since.setPlaceholderText(self.tr("since YYYY-MM-DD"))
        for combo, first, values in ((self.level, self.tr("All levels"), LEVELS),
                                     (self.source, self.tr("Anyone's"), ("agent", "trace"))):
            current = combo.currentData() or ""
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(first, "")
            for value in values:
                combo.addItem(self.tr("agent") if value == "agent" else
                              self.tr("workbench / CLI") if value == "trace" else value, value)
            combo.setCurrentIndex(max(0, combo.findData(current)))
            combo.blockSignals(False)
        self.btn_reload.setText(self.tr("Reload"))
        self.btn_compare.setText(self.tr("Compare"))
        self.btn_compare.setToolTip(self.tr("Select two rounds (Ctrl+click) to see them side by side"))
        self.btn_reproduce.setText(self.tr("Reproduce"))
        self.btn_trace.setText(self.tr("Open trace"))
        for index, title in enumerate((self.tr("Round"), self.tr("Delivered bundle"), self.tr("Reproduce"))):
            self.tabs.setTabText(index, title)
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.model.COLUMNS) - 1)
        self._update_count()
        self._update_actions()  # the Reproduce button's tooltip

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        from PySide6.QtCore import QEvent

        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        if tones.follows_palette(event) and self._detail_shown is not None:
            self.detail.setHtml(self._round_html(*self._detail_shown))
        super().changeEvent(event)

    # -- the list -------------------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        home = self.ctx.home
        self._generation += 1
        generation = self._generation
        self._submit(self.tr("Reading the home's rounds"), lambda _state: home_rounds(home),
                     lambda rounds: self._loaded(generation, rounds), lambda exc: self.ctx.show_message(str(exc)))

    def _loaded(self, generation: int, rounds: list[HomeRound]) -> None:
        if generation != self._generation:
            return
        key = self.current_key()
        self.model.set_rounds(rounds)
        for column, width in ((0, 140), (1, 240), (2, 60), (3, 110), (4, 70), (5, 44)):
            self.view.setColumnWidth(column, width)
        if key:
            self.select(key)
        self._update_count()
        self._update_actions()
        self.sig_loaded.emit()

    @Slot(list)
    def _on_files_changed(self, paths: list) -> None:
        team = str(self.ctx.home.team_dir)
        if any(str(p).startswith(team) or str(p).endswith("assembled.md") for p in paths):
            self._reload_timer.start()

    @Slot()
    def _apply_filter(self, *_args) -> None:
        self.proxy.set_filter(self.search.text(), self.level.currentData() or "", self.source.currentData() or "",
                              self.since.text())
        self._update_count()

    def _update_count(self) -> None:
        self.count_label.setText(self.tr("%1 of %2 rounds").replace("%1", str(self.proxy.rowCount()))
                                 .replace("%2", str(self.model.rowCount())))

    def current_round(self) -> HomeRound | None:
        index = self.view.currentIndex()
        return index.data(HomeRoundsModel.RoundRole) if index.isValid() else None

    def current_key(self) -> str | None:
        r = self.current_round()
        return r.key if r else None

    def select(self, key: str) -> bool:
        row = self.model.row_of(key)
        if row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():
            return False
        self.view.setCurrentIndex(index)
        return True

    def selected_rounds(self) -> list[HomeRound]:
        rows = sorted(self.view.selectionModel().selectedRows(), key=lambda i: i.row(), reverse=True)
        return [i.data(HomeRoundsModel.RoundRole) for i in rows]  # older first

    @Slot()
    def compare_selected(self) -> bool:
        """Open the two selected rounds side by side (``self.compare_dialog``)."""
        from linghun.workbench.dialogs.round_compare import RoundCompareDialog

        chosen = self.selected_rounds()
        if len(chosen) != 2 or self._closed:
            return False
        self.compare_dialog = RoundCompareDialog(self.ctx, chosen[0], chosen[1], self)
        self.compare_dialog.open()
        return True

    def _update_actions(self, *_args) -> None:
        self.btn_compare.setEnabled(len(self.view.selectionModel().selectedRows()) == 2)
        r = self.current_round()
        self.btn_trace.setEnabled(bool(r and r.has_trace))
        prior = self._prior.get(r.key) if r is not None else None
        self.btn_reproduce.setEnabled(prior is not None and prior.commit is not None and self._reproducing is None)
        self.btn_reproduce.setToolTip(
            self._why_not_reproducible(prior) if prior is not None and prior.commit is None else
            self.tr("Run this question with our engine (offline, dry run) on the home as it stood before the round, "
                    "and compare its bundle with the one delivered"))

    def _why_not_reproducible(self, prior: PriorState) -> str:
        if prior.begins is None:
            return self.tr("Nothing to reproduce this round on: the home's history has no state (history is off, "
                           "or nothing was recorded yet).")
        return self.tr("Nothing to reproduce this round on: the home's history begins at %1, after the round.") \
            .replace("%1", clock.shown(prior.begins))

    # -- one round ------------------------------------------------------------------------
    @Slot()
    def _on_current_changed(self, *_args) -> None:
        self._update_actions()
        r = self.current_round()
        self.diff_view.clear()
        self.reproduce_note.clear()
        if r is None:
            self._detail_shown = None
            self.detail.clear()
            self.bundle_view.clear()
            return
        self.detail.setHtml(self._round_html(r, None))
        home, kept_by = self.ctx.home, self.ctx.history_home

        def work(_state):
            capture.flush(3)  # what this process wrote (and the scan of a home just opened) first
            history = capture.history_of(kept_by)
            return delivered_bundle(history, home, r), prior_state(history, r)

        key = r.key
        self._submit(self.tr("Reading the delivered bundle"), work,
                     lambda found: self._show_delivered(key, r, *found), lambda exc: self.ctx.show_message(str(exc)))

    def _show_delivered(self, key: str, r: HomeRound, delivered, prior: PriorState) -> None:
        self._prior[key] = prior
        if self.current_key() != key:
            return
        self._update_actions()
        if prior.commit is None and not self.diff_view.toPlainText():
            self.reproduce_note.setText(self._why_not_reproducible(prior))
        self.detail.setHtml(self._round_html(r, delivered))
        self.bundle_view.setPlainText(delivered.text if delivered.text is not None else delivered.note)
        self.sig_detail_shown.emit(key)

    def _round_html(self, r: HomeRound, delivered) -> str:
        self._detail_shown = (r, delivered)  # built again on a theme switch (its colours are the palette's)
        muted = tones.css("muted")

        def row(label: str, value) -> str:
            return (f"<tr><td style='color:{muted}; padding-right:8px'>{html.escape(label)}</td>"
                    f"<td style='white-space:pre-wrap'>{html.escape(str(value))}</td></tr>")

        rows = [row(self.tr("Question"), r.query),
                row(self.tr("When"), clock.shown(r.at)),
                row(self.tr("By"), self.tr("agent") if r.source == "agent" else self.tr("workbench / CLI")),
                row(self.tr("Judgment"), f"{r.level or '—'} · {r.strategy or '—'}"
                    + (f" ({r.judged_by})" if r.judged_by else ""))]
        if r.reason:
            rows.append(row(self.tr("Reason"), r.reason))
        if r.bundle_record:
            b = r.bundle_record
            rows.append(row(self.tr("Bundle record"), self.tr("%1 entries, %2 characters")
                            .replace("%1", str(b.get("entryCount", "?"))).replace("%2", str(b.get("chars", "?")))))
        if r.turn is not None:  # in the ledgers: the cycle's feedback and gaps speak of it
            if r.feedback is not None:
                verdict = self.tr("hit: the next question used it") if r.feedback.get("hit") else \
                    self.tr("miss: the next question did not use it")
                rows.append(row(self.tr("Feedback"), f"{verdict} — {r.feedback.get('query', '')}"))
            elif r.next_at is None:
                rows.append(row(self.tr("Feedback"), self.tr("none yet (no later question)")))
            else:
                rows.append(row(self.tr("Feedback"), self.tr("not recorded")))
            rows.append(row(self.tr("Gap"), self.tr("yes: the memory could not answer") if r.gap else self.tr("no")))
        rows.append(row(self.tr("Trace"), self.tr("full trace kept") if r.has_trace else self.tr("ledgers only")))
        if delivered is not None:
            text = delivered.text if delivered.text is not None else delivered.note
            rows.append(row(self.tr("Delivered bundle"), text))
        return f"<table cellspacing='2'>{''.join(rows)}</table>"

    @Slot()
    def open_trace(self, *_args) -> None:
        r = self.current_round()
        if r is not None and r.trace_id:
            self.sig_open_trace.emit(r.trace_id)

    @Slot()
    def reproduce_selected(self) -> None:
        r = self.current_round()
        if r is None or self._reproducing is not None:
            return
        home, kept_by = self.ctx.home, self.ctx.history_home
        self._reproducing = r.key
        self._update_actions()
        self.reproduce_note.setText(self.tr("Reproducing on the home as it stood…"))
        self.tabs.setCurrentIndex(TAB_REPRODUCE)

        def work(_state):
            from linghun.core.assembler.config import load_home_settings

            config, _llm = load_home_settings(home)
            return reproduce(capture.history_of(kept_by), home, r, config)

        key = r.key
        self._submit(self.tr("Reproducing a round"), work, lambda result: self._reproduced(key, result),
                     lambda exc: self._reproduce_failed(key, exc))

    def _show_reproduced(self, text: str, diff: bool) -> None:
        """A diff in diff colours; a bundle shown whole plain (its bullets are not removals)."""
        self._highlighter.show_as_diff(diff)
        self.diff_view.setPlainText(text)

    def _reproduced(self, key: str, result) -> None:
        self._reproducing = None
        self._update_actions()
        if self.current_key() != key:
            return
        state = (result.state or "")[:10]
        if result.delivered.text is None:
            note = self.tr("Our bundle on the home as of state %1 (the delivered one is unknown: %2).") \
                .replace("%1", state).replace("%2", result.delivered.note)
            self._show_reproduced(result.bundle or "", diff=False)
        elif not result.diff:
            note = self.tr("Same bundle as delivered, on the home as of state %1.").replace("%1", state)
            self._show_reproduced(result.bundle or "", diff=False)
        else:
            note = self.tr("Our bundle differs from the delivered one (home as of state %1):").replace("%1", state)
            self._show_reproduced(result.diff, diff=True)
        self.reproduce_note.setText(note)
        self.sig_reproduced.emit(key)

    def _reproduce_failed(self, key: str, exc) -> None:
        self._reproducing = None
        self._update_actions()
        if self.current_key() == key:
            self.reproduce_note.setText(str(exc))
        self.sig_reproduced.emit(key)
