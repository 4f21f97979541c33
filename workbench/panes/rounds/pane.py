"""The rounds pane: debug assembler rounds live, open past ones, re-run them with changed settings.

Run puts the question through a whole round (``core.assembler.Assembler``) on a worker thread,
offline or with the LLM of the settings. The round's events come back through the bridge
(``round.started``, ``trace.span``, ``trace.delta``, ``round.finished``): each role's button in the
strip lights up as it starts and ends; streamed LLM text is buffered and painted at most ten times
a second. Choosing a role shows its span: decisions with reasons, inputs and outputs, the
retriever's candidates with BM25 term contributions and near misses, the LLM calls, the files
written as diffs. Past rounds come from the trace files; a re-run (``core.assembler.rerun``, a dry
run) with ``key=value`` settings shows its differences from the original (``diff_rounds``).
A round that recorded a gap says so and offers the gaps pane.
Pin this round (beside Run, and in the home list's context menu) makes a memory check of the
round shown or selected: its question and delivered entries (``pin``).
"""
from __future__ import annotations

import threading

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPoint, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QFrame, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QMenu, QPlainTextEdit, QPushButton, QSplitter, QTabWidget, QTextBrowser, QToolButton, QVBoxLayout, QWidget,
)

from linghun.core.assembler.config import AssemblerConfig, load_home_settings
from linghun.core.assembler.debounce import Debouncer
from linghun.core.errors import LinghunError
from linghun.workbench import llm_choice, tones
from linghun.workbench.icons import icon
from linghun.workbench.models.rounds import ROLES, CandidatesModel, LiveRound, RoleState, RoundsModel, status_title
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.ontology.links import raise_pane
from linghun.workbench.panes.rounds import background
from linghun.workbench.panes.rounds.detail import DiffHighlighter, files_text, llm_text, span_html
from linghun.workbench.panes.rounds.home_rounds import HomeRoundsPanel
from linghun.workbench.panes.rounds.pin import PinnedBanner, RoundPinner
from linghun.workbench.panes.rounds.why_not import WhyNotPanel
from linghun.workbench.panes.rounds.strip import RoleStrip
from linghun.workbench.plaintext import escape
from linghun.workbench.actions import button_shortcut, make_action, name_button_shortcut, on_trigger
from linghun.workbench.views import TableView

DELTA_FLUSH_MS = 100  # streamed LLM text is painted at most this often
# A role's details (an HTML table, the candidates, the LLM and files text) are laid out again at
# most this often while a round runs: an offline round sends its twelve start/end events within
# about 50 ms, and laying them all out took the GUI thread 30-90 ms per round at 10k entries.
ROLE_REFRESH_MS = 80
#: a replayed round's pace: each role's start and end are this far apart (read, not raced)
REPLAY_STEP_MS = 600
RELOAD_DELAY_MS = 300
TAB_ROLE, TAB_CANDIDATES, TAB_LLM, TAB_FILES, TAB_BUNDLE, TAB_RERUN = range(6)


@register_pane
class RoundsPane(Pane):
    """Live assembler traces, past rounds, re-runs with diffs.

    Attributes:
        live: the round shown (running or loaded), or None.
        model: past rounds (``RoundsModel``).

    Signals:
        sig_round_shown(str): a round's trace is shown (its id), live or loaded.
        sig_round_finished(str): the round shown finished (its id).
        sig_rerun_finished(str): a re-run finished (the re-run's id).
    """

    NAME = "rounds"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Rounds")
    ICON = "rounds"
    AREA = Qt.DockWidgetArea.BottomDockWidgetArea
    ORDER = 50
    STRETCH = 2

    sig_round_shown = Signal(str)
    sig_round_finished = Signal(str)
    sig_rerun_finished = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.live: LiveRound | None = None
        self.model = RoundsModel(ctx.home, self)
        self.candidates = CandidatesModel(self)
        self._handle = None
        self._rerun_handle = None
        self._cancel = threading.Event()
        self._debouncer = Debouncer()  # the pane's rounds debounce among themselves, not with the agent's
        self._user_chose_role = False
        self._expecting = False  # a round this pane submitted has not announced itself yet
        self._pending_delta: dict[str, str] = {}
        self._build()
        self._delta_timer = self.single_shot(DELTA_FLUSH_MS, self._flush_deltas)
        self._role_to_show: str | None = None
        self._role_timer = self.single_shot(ROLE_REFRESH_MS, self._show_pending_role)
        self._reload_timer = self.single_shot(RELOAD_DELAY_MS, self.reload)
        ctx.bridge.sig_event.connect(self._on_event)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        ctx.settings.sig_llm_changed.connect(self._fill_llm_choices)  # set up in Settings: offer it now
        self.retranslate_ui()
        self.reload()
        self._update_actions()

    # -- building -----------------------------------------------------------------------------
    def _build(self) -> None:
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.question = QLineEdit(self)
        self.question.setClearButtonEnabled(True)
        self.question.returnPressed.connect(self.run)
        self.question.textChanged.connect(self._update_actions)
        self.llm_choice = QComboBox(self)
        self.dry_run = QCheckBox(self)
        self.btn_run = QPushButton(icon("rounds"), "", self)
        on_trigger(self.btn_run.clicked, self.run)
        self.act_run = button_shortcut(self, self.btn_run, "Ctrl+Return")
        self.btn_cancel = QPushButton(icon("cancel"), "", self)
        on_trigger(self.btn_cancel.clicked, self.cancel)
        ask = QHBoxLayout()
        ask.addWidget(self.question, 1)
        ask.addWidget(self.llm_choice)
        ask.addWidget(self.dry_run)
        ask.addWidget(self.btn_run)
        ask.addWidget(self.btn_cancel)

        self.strip = RoleStrip(self)
        self.strip.sig_role_clicked.connect(self._on_role_clicked)
        # an offline round is over in tens of milliseconds: Replay lights its roles again, one
        # step every REPLAY_STEP_MS, so a person sees the order they fired in and each one's result
        self.btn_replay = QPushButton(icon("reload"), "", self)
        on_trigger(self.btn_replay.clicked, self.toggle_replay)
        self._replay_steps: list[RoleState] = []
        self._replay_timer = QTimer(self)
        self._replay_timer.setInterval(REPLAY_STEP_MS)
        self._replay_timer.timeout.connect(self._replay_step)
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.gap_banner = QFrame(self)
        self.gap_banner.setFrameShape(QFrame.Shape.StyledPanel)
        tones.banner(self.gap_banner, "warning")
        self.gap_text = QLabel(self.gap_banner)
        self.gap_text.setWordWrap(True)
        self.btn_gaps = QPushButton(icon("warning"), "", self.gap_banner)
        on_trigger(self.btn_gaps.clicked, self.open_gaps_pane)
        banner = QHBoxLayout(self.gap_banner)
        banner.setContentsMargins(6, 3, 6, 3)
        banner.addWidget(self.gap_text, 1)
        banner.addWidget(self.btn_gaps)
        self.gap_banner.hide()

        # past rounds
        self.rounds_view = TableView(self)
        self.rounds_view.setModel(self.model)
        self.rounds_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.rounds_view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.rounds_view.verticalHeader().hide()
        self.rounds_view.setWordWrap(False)
        _compact_rows(self.rounds_view)
        header = self.rounds_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        self.rounds_view.doubleClicked.connect(self._on_round_activated)
        self.rounds_view.selectionModel().currentRowChanged.connect(self._update_actions)
        self.rounds_label = QLabel(self)
        self.btn_open = QPushButton(icon("open"), "", self)
        on_trigger(self.btn_open.clicked, self.open_selected)
        self.btn_reload = QPushButton(icon("reload"), "", self)
        on_trigger(self.btn_reload.clicked, self.reload)
        row = QHBoxLayout()
        row.addWidget(self.rounds_label, 1)
        row.addWidget(self.btn_reload)
        row.addWidget(self.btn_open)
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(row)
        left_layout.addWidget(self.rounds_view, 1)

        # one role, the bundle, the re-run
        self.tabs = QTabWidget(self)
        self.role_view = QTextBrowser(self)
        self.role_view.setOpenLinks(False)
        self.candidates_view = TableView(self)
        self.candidates_view.setModel(self.candidates)
        self.candidates_view.verticalHeader().hide()
        self.candidates_view.setWordWrap(False)
        _compact_rows(self.candidates_view)
        self.candidates_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.candidates_view.horizontalHeader().setStretchLastSection(True)
        self.llm_view = QPlainTextEdit(self)
        self.llm_view.setReadOnly(True)
        self.llm_view.setFont(mono)
        self.files_view = QPlainTextEdit(self)
        self.files_view.setReadOnly(True)
        self.files_view.setFont(mono)
        self.files_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._files_highlighter = DiffHighlighter(self.files_view.document())
        self.bundle_view = QPlainTextEdit(self)
        self.bundle_view.setReadOnly(True)
        rerun_page = QWidget(self)
        self.overrides = QLineEdit(rerun_page)
        self.overrides.setClearButtonEnabled(True)
        self.overrides.returnPressed.connect(self.rerun)
        self.rerun_llm = QComboBox(rerun_page)
        self.btn_rerun = QPushButton(icon("redo"), "", rerun_page)
        on_trigger(self.btn_rerun.clicked, self.rerun)
        self.rerun_help = QLabel(rerun_page)
        self.rerun_help.setWordWrap(True)
        self.diff_view = QPlainTextEdit(rerun_page)
        self.diff_view.setReadOnly(True)
        self.diff_view.setFont(mono)
        self.diff_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._diff_highlighter = DiffHighlighter(self.diff_view.document())
        rerun_row = QHBoxLayout()
        rerun_row.addWidget(self.overrides, 1)
        rerun_row.addWidget(self.rerun_llm)
        rerun_row.addWidget(self.btn_rerun)
        rerun_layout = QVBoxLayout(rerun_page)
        rerun_layout.setContentsMargins(4, 4, 4, 4)
        rerun_layout.addWidget(self.rerun_help)
        rerun_layout.addLayout(rerun_row)
        rerun_layout.addWidget(self.diff_view, 1)
        for page in (self.role_view, self.candidates_view, self.llm_view, self.files_view, self.bundle_view, rerun_page):
            self.tabs.addTab(page, "")

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(ask)
        layout.addWidget(self.strip)
        # beside the round's summary line (which wraps), not the strip: the eight roles' buttons
        # already take the pane's width at 1280 px
        summary_row = QHBoxLayout()
        summary_row.addWidget(self.summary, 1)
        summary_row.addWidget(self.btn_replay, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(summary_row)
        layout.addWidget(self.gap_banner)
        # the traced rounds (ours, in full) and every round the home records (the agent's too)
        self.views = QTabWidget(self)
        self.views.addTab(splitter, "")
        self.home_rounds = HomeRoundsPanel(self.ctx, self)
        self.home_rounds.sig_open_trace.connect(self._open_home_round_trace)
        self.views.addTab(self.home_rounds, "")
        self.why_not = WhyNotPanel(self.ctx, self)
        self.views.addTab(self.why_not, "")
        self.sig_round_shown.connect(lambda _rid: self.why_not.set_question(
            (self.live.header or {}).get("query", "") if self.live is not None else ""))
        self.home_rounds.view.selectionModel().currentRowChanged.connect(
            lambda *_: self.why_not.set_question(getattr(self.home_rounds.current_round(), "query", "")))
        layout.addWidget(self.views, 1)
        self._build_pin(ask, layout)

    def retranslate_ui(self) -> None:
        self.question.setPlaceholderText(self.tr("Ask the memory a question, e.g. 之前怎么决定的？来龙去脉"))
        self._fill_llm_choices()
        self.llm_choice.setToolTip(self.tr("Offline: every role runs its deterministic behaviour. "
                                           "Configured LLM: the provider of the settings."))
        self.dry_run.setText(self.tr("Dry run"))
        self._name_replay()
        self.dry_run.setToolTip(self.tr("Write nothing in the home but the round's trace "
                                        "(the agent's bundle and ledger are left alone)"))
        self.btn_run.setText(self.tr("Run"))
        self.btn_run.setToolTip(self.tr("Run one assembler round on the question"))
        name_button_shortcut(self.act_run, self.btn_run)
        self.btn_cancel.setText(self.tr("Cancel"))
        self.btn_cancel.setToolTip(self.tr("Stop the round: a streamed reply stops at once (its request is "
                                           "closed), a reply not streamed is waited for"))
        self.btn_gaps.setText(self.tr("Open the gaps pane"))
        self.act_pin.setText(self.tr("Pin this round"))
        self.act_pin.setToolTip(self.tr("A memory check of the round shown: its question, and the entries its "
                                        "bundle delivered as what the agent must be shown (editable in Checks)"))
        self.act_pin_selected.setText(self.tr("Pin this round"))
        self.act_pin_selected.setToolTip(self.tr("A memory check of the selected round (one with a trace)"))
        self.pinned_banner.retranslate_ui()
        self.views.setTabText(0, self.tr("Traced rounds"))
        self.views.setTabText(1, self.tr("Every round of the home"))
        self.views.setTabText(2, self.tr("Why not [n]?"))
        self.rounds_label.setText(self.tr("Past rounds (%1)").replace("%1", str(self.model.rowCount())))
        self.btn_open.setText(self.tr("Open"))
        self.btn_reload.setText(self.tr("Reload"))
        self.btn_reload.setToolTip(self.tr("Read the trace files again"))
        for index, title in enumerate((self.tr("Role"), self.tr("Candidates"), self.tr("LLM"), self.tr("Files"),
                                       self.tr("Bundle"), self.tr("Re-run"))):
            self.tabs.setTabText(index, title)
        self.overrides.setPlaceholderText(self.tr("changed settings: retrieval.mode=always; retrieval.topK=5"))
        self.btn_rerun.setText(self.tr("Re-run"))
        self.rerun_help.setText(self.tr("Run the shown round again from its trace, as a dry run, with the settings "
                                        "changed below, and list what differs from the original, role by role."))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.model.COLUMNS) - 1)
        self.candidates.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.candidates.COLUMNS) - 1)
        self._refresh_strip()  # role and status names
        self._show_role(self.strip.selected() if self.live is not None else None)
        self._show_round()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        # the strip's sheet, the role's overview and the summary take the palette's colours: again on a theme switch
        if tones.follows_palette(event):
            self.strip.follow_palette()
            self._show_role(self.strip.selected() if self.live is not None else None)
            self._show_round()
        super().changeEvent(event)

    @Slot()
    def _fill_llm_choices(self) -> None:
        """The LLM choices, from the settings as they are now (the settings dialog may have changed them)."""
        llm_choice.fill(self.llm_choice, self.ctx.settings)
        configured = self.ctx.settings.llm.provider != "offline"
        rerun_current = self.rerun_llm.currentData() or "replay"
        self.rerun_llm.clear()
        self.rerun_llm.addItem(self.tr("Recorded LLM answers"), "replay")
        self.rerun_llm.addItem(self.tr("Offline"), "offline")
        self.rerun_llm.addItem(self.tr("Configured LLM"), "openai")
        self.rerun_llm.model().item(2).setEnabled(configured)
        self.rerun_llm.setCurrentIndex(max(0, self.rerun_llm.findData(rerun_current)) if configured or rerun_current != "openai" else 0)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        self._fill_llm_choices()
        super().showEvent(event)

    # -- past rounds ------------------------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        """Read the trace files again, keeping the selected round."""
        current = self.current_round_id()
        self.model.reload()
        self.rounds_label.setText(self.tr("Past rounds (%1)").replace("%1", str(self.model.rowCount())))
        for column, width in ((0, 150), (1, 200), (2, 120), (3, 64), (4, 56), (5, 48)):
            self.rounds_view.setColumnWidth(column, width)
        if current:
            self.select_round(current)
        self._update_actions()

    def current_round_id(self) -> str | None:
        index = self.rounds_view.currentIndex()
        return index.data(RoundsModel.KeyRole) if index.isValid() else None

    def select_round(self, round_id: str) -> bool:
        row = self.model.row_of(round_id)
        if row < 0:
            return False
        self.rounds_view.setCurrentIndex(self.model.index(row, 0))
        return True

    @Slot()
    def open_selected(self) -> bool:
        round_id = self.current_round_id()
        return self.open_round(round_id) if round_id else False

    @Slot()
    def _on_round_activated(self, *_args) -> None:
        self.open_selected()

    def open_round(self, round_id: str) -> bool:
        """Show a past round from its trace file."""
        if self._handle is not None:
            self.ctx.show_message(self.tr("A round is running: wait for it or cancel it first."))
            return False
        try:
            loaded = self.model.store.load(round_id)
        except LinghunError as exc:
            self.ctx.show_message(str(exc))
            return False
        self._set_live(LiveRound.from_trace(loaded))
        self.select_round(round_id)
        self.sig_round_finished.emit(round_id)
        return True

    @Slot(str)
    def _open_home_round_trace(self, round_id: str) -> None:
        if self.open_round(round_id):
            self.views.setCurrentIndex(0)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        folder = str(self.model.store.folder)
        if any(str(p).startswith(folder) for p in paths):
            self.when_seen(self._reload_timer.start)

    # -- running ----------------------------------------------------------------------------------
    def _config(self) -> AssemblerConfig:
        try:
            config, _llm = load_home_settings(self.ctx.home)
        except LinghunError as exc:  # a broken workbench.json: the SPEC defaults, and say so
            self.ctx.show_message(self.tr("workbench.json unreadable, default settings used: %1").replace("%1", str(exc)))
            return AssemblerConfig()
        return config

    @Slot()
    def run(self):
        """Run one round on the question in the background; its trace is drawn as it arrives."""
        question = self.question.text().strip()
        if not question or self._handle is not None or self.ctx.refuse_if_read_only():  # a round keeps its trace
            return None
        go, llm = llm_choice.chosen(self.ctx, self.llm_choice)  # a snapshot: the client is built by the task
        if not go:
            return None
        self._cancel = threading.Event()
        self._expecting = True
        self._user_chose_role = False
        self._handle = self.ctx.tasks.submit(
            self.tr("Assembler round"), background.run_round, self.ctx.home, question, config=self._config(),
            llm=llm, debouncer=self._debouncer, dry_run=self.dry_run.isChecked(),
            cancel=self._cancel)
        self._handle.sig_finished.connect(self._on_run_finished)
        self._handle.sig_failed.connect(self._on_task_failed)
        self._handle.sig_cancelled.connect(self._on_run_cancelled)
        self._handle.sig_done.connect(self._on_run_done)
        # the first round after opening a home waits for the warm-up (workbench.main_window)
        self.summary.setText(self.tr("Preparing the index…, then running the round") if self.ctx.warming
                             else self.tr("Running…"))
        self._update_actions()
        return self._handle

    @Slot()
    def cancel(self) -> None:
        """Stop the running round: before its next role, or at once when an LLM reply is streaming
        (the stream is closed, so the server stops writing); a reply not streamed ends first."""
        self._cancel.set()
        for handle in (self._handle, self._rerun_handle):
            if handle is not None:
                handle.cancel()

    @Slot(object)
    def _on_run_finished(self, loaded: dict) -> None:
        # the bridge may still hold queued span events: the stored trace is the full picture
        round_id = loaded["header"]["round"]
        if self.live is None or self.live.round_id != round_id or not self.live.finished:
            self._set_live(LiveRound.from_trace(loaded), keep_role=True)
            self.sig_round_finished.emit(round_id)
        self.reload()
        self.select_round(round_id)

    @Slot(object)
    def _on_task_failed(self, exc: object) -> None:
        self.summary.setText(self.tr("The round failed: %1").replace("%1", str(exc)))

    @Slot()
    def _on_run_cancelled(self) -> None:
        self.summary.setText(self.tr("Cancelled: the round stopped; nothing was written but its trace."))
        if self.live is not None and not self.live.finished:
            self.live.finish({"status": "cancelled"})
            self._refresh_strip()
        self.reload()

    @Slot()
    def _on_run_done(self) -> None:
        self._handle = None
        self._expecting = False
        self._update_actions()

    # -- live events ------------------------------------------------------------------------------
    @Slot(str, dict)
    def _on_event(self, topic: str, payload: dict) -> None:
        if topic == "round.started":
            header = payload.get("header") or {}
            if header.get("home") != str(self.ctx.home.root) or header.get("replay_of"):
                return
            round_id = str(payload.get("round"))
            if (self.live is not None and self.live.round_id == round_id) or self.model.row_of(round_id) >= 0:
                # a notice that arrives after its round is already shown (followed live, or listed
                # from its trace) must not start it over as an unfinished round
                return
            # follow a round this pane started, or any round of this home when none is being followed
            ours = self._expecting and header.get("session") == background.SESSION
            if ours or self._handle is None and (self.live is None or self.live.finished):
                self._expecting = False
                self._set_live(LiveRound(round_id, header))
            return
        live = self.live
        if live is None or payload.get("round") != live.round_id or live.finished:
            return  # another round's, or late events of a round already shown from its trace
        if topic == "trace.span":
            role = str(payload.get("role"))
            self._flush_deltas()
            state = live.on_span(str(payload.get("phase")), role, payload.get("seq", 0), payload.get("span"))
            if state is not None:
                self.strip.set_state(state)
                if not self._user_chose_role:
                    self.strip.select(role)
                    self._show_role_soon(role)
                elif self.strip.selected() == role:
                    self._show_role_soon(role)
        elif topic == "trace.delta":
            self._pending_delta[str(payload.get("role"))] = self._pending_delta.get(str(payload.get("role")), "") + str(payload.get("text") or "")
            if not self._delta_timer.isActive():
                self._delta_timer.start()
        elif topic == "round.finished":
            self._flush_deltas()
            live.finish(payload.get("result") or {})
            self._refresh_strip()
            if not self._user_chose_role:
                # laid out in a turn of its own: the retriever's details with the strip and the
                # bundle took 11-15 ms of the GUI thread in one event at 10k entries
                self._select_default_role(soon=True)
            self._show_round()
            self.sig_round_finished.emit(live.round_id)
            if not self._expecting and self._handle is None:
                self._reload_timer.start()  # a round run elsewhere: its trace file changed

    @Slot()
    def _flush_deltas(self) -> None:
        """Paint the streamed text that arrived since the last flush (one repaint per role)."""
        self._delta_timer.stop()
        pending, self._pending_delta = self._pending_delta, {}
        if self.live is None:
            return
        for role, text in pending.items():
            self.live.on_delta(role, text)
            state = self.live.roles.get(role)
            if state is None:
                continue
            self.strip.set_state(state)
            if self.strip.selected() == role and state.span is None:
                self.llm_view.setPlainText(llm_text(state))
                self.llm_view.verticalScrollBar().setValue(self.llm_view.verticalScrollBar().maximum())

    # -- showing a round -------------------------------------------------------------------------
    # -- replaying a round's steps -----------------------------------------------------------------
    @Slot()
    def toggle_replay(self) -> None:
        """Replay the shown round's steps at a readable pace, or stop the replay under way."""
        if self._replay_timer.isActive():
            self.stop_replay()
            return
        live = self.live
        if live is None or not live.finished:
            return
        ran = sorted((state for state in live.roles.values() if state.span is not None), key=lambda st: st.seq)
        self._replay_steps = [step for state in ran for step in (RoleState(state.role, "running", state.seq), state)]
        for role in ROLES:
            self.strip.set_state(RoleState(role))
        self._replay_timer.start()
        self._name_replay()
        self._update_actions()

    def stop_replay(self) -> None:
        """End a replay: the strip shows the round as it finished."""
        if not self._replay_timer.isActive() and not self._replay_steps:
            return
        self._replay_timer.stop()
        self._replay_steps = []
        self._refresh_strip()
        self._name_replay()
        self._update_actions()

    @Slot()
    def _replay_step(self) -> None:
        if not self._replay_steps or self.live is None:
            self.stop_replay()
            return
        state = self._replay_steps.pop(0)
        self.strip.set_state(state)
        self.strip.select(state.role)
        if state.span is not None:  # the role's end: what it did, as when it ran
            self._show_role(state.role)
        if not self._replay_steps:
            self.stop_replay()

    def replaying(self) -> bool:
        return self._replay_timer.isActive()

    def _name_replay(self) -> None:
        self.btn_replay.setText(self.tr("Stop") if self.replaying() else self.tr("Replay steps"))
        self.btn_replay.setIcon(icon("cancel" if self.replaying() else "reload"))
        self.btn_replay.setToolTip(self.tr("Light the round's roles again in the order they fired, one step every "
                                           "%1 s").replace("%1", f"{REPLAY_STEP_MS / 1000:g}"))

    def _set_live(self, live: LiveRound, keep_role: bool = False) -> None:
        self.stop_replay()  # another round is shown: its own strip, not the replay's
        role = self.strip.selected() if keep_role else None
        self.live = live
        self._pending_delta = {}
        self._refresh_strip()
        if role and self._user_chose_role:
            self.strip.select(role)
            self._show_role(role)
        elif live.finished:
            self._select_default_role()
        else:
            self._show_role(None)
        self._show_round()
        self.sig_round_shown.emit(live.round_id)

    def _refresh_strip(self) -> None:
        if self.live is None:
            self.strip.clear()
            return
        for role in ROLES:
            self.strip.set_state(self.live.roles[role])

    def _select_default_role(self, soon: bool = False) -> None:
        """After a round: the retriever when it ran (its candidates tell most), else the last role
        that did; ``soon``: shown within ``ROLE_REFRESH_MS`` rather than now."""
        live = self.live
        ran = [r for r in ROLES if live.roles[r].span is not None]
        role = "retriever" if "retriever" in ran else (ran[-1] if ran else None)
        if role:
            self.strip.select(role)
        if soon and role:
            self._show_role_soon(role)
        else:
            self._show_role(role)

    @Slot(str)
    def _on_role_clicked(self, role: str) -> None:
        self._user_chose_role = True
        self._show_role(role)

    def _show_role_soon(self, role: str) -> None:
        """``_show_role`` within ``ROLE_REFRESH_MS``: the events of a round come faster than a
        person reads, so only the latest role is laid out."""
        self._role_to_show = role
        if not self._role_timer.isActive():
            self._role_timer.start()

    @Slot()
    def _show_pending_role(self) -> None:
        role, self._role_to_show = self._role_to_show, None
        if role is not None:
            self._show_role(role)

    def _show_role(self, role: str | None) -> None:
        self._role_timer.stop()  # shown now: a pending refresh would only repeat it
        self._role_to_show = None
        state = self.live.roles.get(role) if (self.live is not None and role) else None
        if state is None:
            self.role_view.setHtml("<p>" + self.tr("Run a round, or open a past one, then choose a role.") + "</p>")
            self.candidates.set_span(None)
            self.llm_view.clear()
            self.files_view.clear()
            return
        self.role_view.setHtml(span_html(state))
        self.candidates.set_span(state.span)
        if self.candidates.rowCount():
            # the entry column as wide as its labels up to a limit: an excerpt's "[35] · excerpt
            # 812-1407 of 4812" was cut to "[35] · …" at a fixed 60 px
            entry = min(max(60, self.candidates_view.sizeHintForColumn(2)), 260)
            for column, width in ((0, 44), (1, 80), (2, entry), (3, 56), (4, 130), (5, 120)):
                self.candidates_view.setColumnWidth(column, width)
        self.llm_view.setPlainText(llm_text(state))
        self.files_view.setPlainText(files_text(state))
        span = state.span or {}
        self.tabs.setTabText(TAB_CANDIDATES, self.tr("Candidates (%1)").replace("%1", str(self.candidates.rowCount()))
                             if self.candidates.rowCount() else self.tr("Candidates"))
        self.tabs.setTabText(TAB_LLM, self.tr("LLM (%1)").replace("%1", str(len(span.get("llm") or [])))
                             if span.get("llm") else self.tr("LLM"))
        self.tabs.setTabText(TAB_FILES, self.tr("Files (%1)").replace("%1", str(len(span.get("files") or [])))
                             if span.get("files") else self.tr("Files"))

    def _show_round(self) -> None:
        """The round's summary line, its gap banner and its bundle."""
        live = self.live
        if live is None:
            self.summary.setText(self.tr("Run a round to watch each role fire, or open a past round."))
            self.bundle_view.setPlainText(self.tr("No round shown yet."))
            self.gap_banner.hide()
            return
        header = live.header
        parts = [f"<b>{escape(live.query)}</b>", escape(live.round_id),
                 escape(f"{header.get('llm') or ''} ({header.get('model') or ''})")]
        if header.get("dry_run"):
            parts.append(self.tr("dry run"))
        if header.get("replay_of"):
            parts.append(escape(self.tr("re-run of %1").replace("%1", str(header["replay_of"]))))
        if live.finished:
            r = live.result or {}
            judged = " · ".join(str(v) for v in (r.get("level"), r.get("strategy")) if v)
            parts.append(f"<b>{escape(status_title(str(r.get('status'))))}</b>" + (f" · {escape(judged)}" if judged else "")
                         + (f" · {r['duration_ms']:.0f} ms" if isinstance(r.get("duration_ms"), (int, float)) else ""))
            if r.get("error"):
                # degraded: the LLM failed and the round fell back as promised (amber, not red)
                color = tones.css("warning" if r.get("status") == "degraded" else "error")
                parts.append(f"<span style='color:{color}'>{escape(str(r['error']))}</span>")
        else:
            parts.append(self.tr("running…"))
        self.summary.setText(" · ".join(parts))
        if not live.finished:
            self.bundle_view.setPlainText(self.tr("The round is running…"))
        else:
            r = live.result or {}
            if live.bundle:
                self.bundle_view.setPlainText(live.bundle)
            elif r.get("status") == "degraded":
                self.bundle_view.setPlainText(self.tr("No new bundle: the LLM failed, so the agent keeps the last "
                                                      "one.\n\n%1").replace("%1", str(r.get("error") or "")))
            else:
                self.bundle_view.setPlainText(self.tr("No bundle: %1").replace(
                    "%1", str(r.get("error") or r.get("status") or "")))
        if live.finished and live.gap:
            note = (self.tr("This round found nothing in memory for the question: a gap. It was not written "
                            "(dry run).") if header.get("dry_run") else
                    self.tr("This round found nothing in memory for the question: a gap was recorded in gaps.md. "
                            "Fill it in the gaps pane, then re-run."))
            self.gap_text.setText(note)
            self.gap_banner.show()
        else:
            self.gap_banner.hide()

    # -- gaps -------------------------------------------------------------------------------------
    @Slot()
    def open_gaps_pane(self) -> bool:
        """Raise the gaps pane and select the gap this round recorded (when it is listed there)."""
        window = getattr(self.ctx, "window", None)
        finder = getattr(window, "pane", None)
        gaps = finder("gaps") if callable(finder) else None
        if gaps is None:
            self.ctx.show_message(self.tr("The gaps pane is not open."))
            return False
        raise_pane(self.ctx, "gaps")
        live = self.live
        if live is not None and hasattr(gaps, "reload") and hasattr(gaps, "select"):
            from linghun.workbench.models.gaps import gap_key

            gaps.reload()
            scribe = live.roles["scribe"].span or {}
            at = (scribe.get("inputs") or {}).get("at")
            if at:
                gaps.select(gap_key(str(at), live.query))
        return True

    # -- pinning a round as a check ---------------------------------------------------------------
    def _build_pin(self, ask: QHBoxLayout, layout: QVBoxLayout) -> None:
        """Pin this round: a button beside Run for the round shown, the home list's context menu for
        the round selected there, and the notice that offers the checks pane."""
        self.pinner = RoundPinner(self.ctx, self)
        self.pinner.sig_busy_changed.connect(self._update_actions)
        self.sig_round_shown.connect(self._update_actions)  # a round shown, or finished: pinnable
        self.sig_round_finished.connect(self._update_actions)
        self.act_pin = make_action(self, self.pin_shown, icon=icon("new"))
        self.act_pin_selected = make_action(self, self.pin_selected, icon=icon("new"))
        self.ctx.mark_writes(self.act_pin, self.act_pin_selected)  # the past is read-only
        self.btn_pin = QToolButton(self)
        self.btn_pin.setDefaultAction(self.act_pin)
        self.btn_pin.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        ask.addWidget(self.btn_pin)
        self.pinned_banner = PinnedBanner(self.ctx, self)
        self.pinner.sig_pinned.connect(lambda _id, question: self.pinned_banner.say(question))
        layout.insertWidget(layout.indexOf(self.gap_banner) + 1, self.pinned_banner)
        view = self.home_rounds.view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._home_round_menu)
        view.selectionModel().currentRowChanged.connect(self._update_actions)

    @Slot()
    def pin_shown(self):
        """Pin the round shown (running rounds cannot: their bundle is not delivered yet)."""
        live = self.live
        return self.pinner.pin(live.round_id) if live is not None and live.finished else None

    @Slot()
    def pin_selected(self):
        """Pin the round selected in the home's list (the agent's own rounds keep no trace to pin)."""
        r = self.home_rounds.current_round()
        return self.pinner.pin(r.trace_id) if r is not None else None

    @Slot(QPoint)
    def _home_round_menu(self, pos: QPoint) -> None:
        view = self.home_rounds.view
        index = view.indexAt(pos)
        if not index.isValid():
            return
        view.setCurrentIndex(index)
        menu = QMenu(self)
        menu.addAction(self.act_pin_selected)
        menu.exec(view.viewport().mapToGlobal(pos))

    # -- re-running -------------------------------------------------------------------------------
    @Slot()
    def rerun(self):
        """Re-run the shown round (a dry run) with the settings typed, and show the differences."""
        live = self.live
        if live is None or not live.finished or self._rerun_handle is not None or self._handle is not None:
            return None
        if live.header.get("replay_of"):
            original = str(live.header["replay_of"])
        else:
            original = live.round_id
        try:
            overrides = background.parse_overrides(self.overrides.text())
            background.check_overrides(live.header.get("config") or {}, overrides)
        except LinghunError as exc:
            self.diff_view.setPlainText(str(exc))
            self.tabs.setCurrentIndex(TAB_RERUN)
            return None
        mode = self.rerun_llm.currentData() or "replay"
        try:
            settings = self.ctx.llm_settings() if mode == "openai" else None
        except LinghunError as exc:
            self.diff_view.setPlainText(str(exc))
            return None
        self.diff_view.setPlainText(self.tr("Re-running %1…").replace("%1", original))
        self.tabs.setCurrentIndex(TAB_RERUN)
        self._rerun_handle = self.ctx.tasks.submit(self.tr("Re-running a round"), background.rerun_round,
                                                   self.ctx.home, original, overrides, llm=mode, settings=settings)
        self._rerun_handle.sig_finished.connect(self._on_rerun_finished)
        self._rerun_handle.sig_failed.connect(self._on_rerun_failed)
        self._rerun_handle.sig_cancelled.connect(self._on_rerun_cancelled)
        self._rerun_handle.sig_done.connect(self._on_rerun_done)
        self._update_actions()
        return self._rerun_handle

    @Slot(object)
    def _on_rerun_finished(self, outcome: dict) -> None:
        loaded = outcome["loaded"]
        header = loaded["header"]
        lines = [self.tr("Re-run %1 of %2: %3").replace("%1", header["round"]).replace("%2", str(header.get("replay_of")))
                 .replace("%3", str((loaded.get("result") or {}).get("status")))]
        lines += [self.tr("warning: %1").replace("%1", w) for w in outcome["warnings"]]
        if outcome["identical"]:
            lines.append(self.tr("No difference from the original round."))
        else:
            lines.append(self.tr("%1 difference(s):").replace("%1", str(len(outcome["differences"]))))
            lines += [f"  {d}" for d in outcome["differences"]]
        text = "\n".join(lines)
        self._set_live(LiveRound.from_trace(loaded), keep_role=True)
        self.reload()
        self.select_round(header["round"])
        self.diff_view.setPlainText(text)
        self.tabs.setCurrentIndex(TAB_RERUN)
        self.sig_rerun_finished.emit(header["round"])

    @Slot(object)
    def _on_rerun_failed(self, exc: object) -> None:
        self.diff_view.setPlainText(self.tr("The re-run failed: %1").replace("%1", str(exc)))

    @Slot()
    def _on_rerun_cancelled(self) -> None:
        self.diff_view.setPlainText(self.tr("Cancelled."))

    @Slot()
    def _on_rerun_done(self) -> None:
        self._rerun_handle = None
        self._update_actions()

    # -- state ------------------------------------------------------------------------------------
    @Slot()
    def _update_actions(self, *_args) -> None:
        busy = self._handle is not None
        self.ctx.enable_write(self.btn_run, not busy and bool(self.question.text().strip()))  # a round keeps its trace
        self.btn_cancel.setEnabled(busy or self._rerun_handle is not None)
        self.btn_open.setEnabled(not busy and self.current_round_id() is not None)
        can_rerun = self.live is not None and self.live.finished and not busy and self._rerun_handle is None
        self.ctx.enable_write(self.btn_rerun, can_rerun)  # a re-run keeps its trace too
        shown = self.live is not None and self.live.finished and bool(self.live.bundle)
        self.act_pin.setEnabled(shown and not self.pinner.busy)  # a write: the past's group keeps it off
        chosen = self.home_rounds.current_round()
        self.act_pin_selected.setEnabled(chosen is not None and chosen.has_trace and not self.pinner.busy)
        self.btn_replay.setEnabled(self.replaying() or (self.live is not None and self.live.finished and not busy))

    def shutdown(self) -> None:
        self.cancel()
        self.pinner.cancel()
        self.home_rounds.shutdown()
        self.why_not.shutdown()
        self._delta_timer.stop()
        self._role_timer.stop()
        self._reload_timer.stop()
        for signal, slot in ((self.ctx.bridge.sig_event, self._on_event),
                             (self.ctx.watcher.sig_external_change, self._on_external_change),
                             (self.ctx.settings.sig_llm_changed, self._fill_llm_choices)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass


def _compact_rows(view: TableView) -> None:
    """One line of text per row: long lists (18 candidates, many rounds) fit without scrolling."""
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)

