"""The goals pane: the goal ontology of a home and its state machine (SPEC 8).

Top left, the goals of ``goals.json`` (``GoalsModel``, keyed by goal ids). Top right, the selected
goal: the four states with the allowed transitions (its state highlighted), one button per
transition it may take now (illegal ones are never offered), its history of signals and
transitions with time and source, and the warm entries hanging on it (``hanging.py``). In a second tab, the activation demo (``ActivationDemo``).

Every write goes through ``core.goals.Goals`` and is one undoable step on the shared stack; undo
puts goals.json back byte for byte. The pane follows the file: the agent's writes (the file
watcher), goal events on the bus and our own writes reload it, coalesced.
"""
from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QPoint, QSortFilterProxyModel, Qt, QT_TRANSLATE_NOOP, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMenu, QPushButton, QSplitter,
    QTabWidget, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget,
)

from linghun.core.errors import LinghunError
from linghun.core.goals import STATES, TRANSITIONS, Goal, Goals
from linghun.workbench.actions import add_tool_action, make_action, on_trigger
from linghun.workbench.icons import icon
from linghun.workbench.models.goals import GoalsModel, state_name
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.goals import commands
from linghun.workbench.panes.goals.activation import ActivationDemo
from linghun.workbench.panes.goals.dialog import AUTO, GoalDialog, GoalDraft
from linghun.workbench.panes.goals.hanging import HangingEntries
from linghun.workbench.panes.goals.state_diagram import StateDiagram
from linghun.workbench.plaintext import escape, plain
from linghun.workbench.views import TableView
from linghun.workbench import tones

RELOAD_DELAY_MS = 120

#: the verb of the button that moves a goal into each state
STATEMENT_MIN = 280  # px

STATE_VERBS = {
    "active": QT_TRANSLATE_NOOP("GoalsPane", "Activate"),
    "paused": QT_TRANSLATE_NOOP("GoalsPane", "Pause"),
    "achieved": QT_TRANSLATE_NOOP("GoalsPane", "Mark achieved"),
    "abandoned": QT_TRANSLATE_NOOP("GoalsPane", "Abandon"),
}


def legal_targets(state: str) -> list[str]:
    """The states a goal in ``state`` may move to (``core.goals.TRANSITIONS``), in ``STATES`` order."""
    allowed = TRANSITIONS.get(state, frozenset())
    return [s for s in STATES if s in allowed]


@register_pane
class GoalsPane(Pane):
    """Goals, their state machine and history, and the activation demo.

    Signals:
        sig_reloaded(): the goals were re-read from goals.json.
    """

    NAME = "goals"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Goals")
    ICON = "goal"
    AREA = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER = 50

    sig_reloaded = Signal()

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.goals = Goals(ctx.home, events=ctx.memory.events)
        self.model = GoalsModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(GoalsModel.SortRole)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.error: str = ""
        self._state_buttons: dict[str, QPushButton] = {}
        self._build()
        self._reload_timer = self.single_shot(RELOAD_DELAY_MS, self.reload)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.bridge.sig_event.connect(self._on_event)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        self.reload()

    # -- building ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_reload = add_tool_action(self.toolbar, icon("reload"), self.reload, shortcut="Ctrl+R")
        self.act_add = add_tool_action(self.toolbar, icon("new"), self.add_goal_dialog, shortcut="Ctrl+N")
        self.act_edit = add_tool_action(self.toolbar, icon("rule"), self.edit_goal_dialog, shortcut="Ctrl+E")
        self.ctx.mark_writes(self.act_add, self.act_edit)
        self.filter = QLineEdit(self)
        self.filter.setClearButtonEnabled(True)
        self.filter.setMaximumWidth(260)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.toolbar.addWidget(self.filter)

        self.view = TableView(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._context_menu)
        self.view.selectionModel().currentRowChanged.connect(self._on_current)
        on_trigger(self.view.doubleClicked, self.act_edit.trigger)  # nothing while Edit is unavailable

        self.errors = plain(QLabel(self))
        self.errors.setWordWrap(True)
        tones.mark(self.errors, "error")
        self.errors.hide()

        # the selected goal: diagram, legal transitions, history
        detail = QWidget(self)
        self.goal_title = QLabel(detail)
        self.goal_title.setWordWrap(True)
        self.goal_title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.diagram = StateDiagram(detail)
        self.ctx.enable_write(self.diagram)  # a click on a state moves the goal there
        self.diagram.sig_state_clicked.connect(self._on_diagram_clicked)
        self.diagram.sig_refused.connect(self._on_refused)
        self.refusal = QLabel(detail)
        self.refusal.setObjectName("goal-refusal")
        self.refusal.setWordWrap(True)
        tones.mark(self.refusal, "error")
        self.refusal.hide()
        self.buttons_row = QHBoxLayout()
        self.buttons_label = QLabel(detail)
        self.buttons_row.addWidget(self.buttons_label)
        for state in STATES:
            button = QPushButton(detail)
            on_trigger(button.clicked, partial(self._change_current_state, state))
            self.ctx.enable_write(button)  # shown for the legal transitions (``_show``), disabled in the past
            button.hide()
            self._state_buttons[state] = button
            self.buttons_row.addWidget(button)
        self.buttons_row.addStretch(1)
        self.history = QTreeWidget(detail)
        self.history.setRootIsDecorated(False)
        self.history.setColumnCount(4)
        self.history.setWordWrap(False)
        self.history.setUniformRowHeights(True)
        self.history.setAlternatingRowColors(True)
        self.history.header().setStretchLastSection(False)
        self.history.header().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        detail_layout = QVBoxLayout(detail)
        detail_layout.setContentsMargins(4, 0, 0, 0)
        detail_layout.addWidget(self.goal_title)
        detail_layout.addWidget(self.diagram)
        detail_layout.addWidget(self.refusal)
        detail_layout.addLayout(self.buttons_row)
        # the goal's history and the entries hanging on it (the goal as the memory's skeleton)
        self.hanging = HangingEntries(self.ctx, detail)
        self.hanging.sig_shown.connect(self._on_hanging_shown)
        self.detail_tabs = QTabWidget(detail)
        self.detail_tabs.setObjectName("goal-detail-tabs")
        self.detail_tabs.setDocumentMode(True)
        self.detail_tabs.addTab(self.history, "")
        self.detail_tabs.addTab(self.hanging, "")
        detail_layout.addWidget(self.detail_tabs, 1)

        upper = QSplitter(Qt.Orientation.Horizontal, self)
        upper.addWidget(self.view)
        upper.addWidget(detail)
        upper.setStretchFactor(0, 3)
        upper.setStretchFactor(1, 2)
        upper.setSizes([800, 480])

        self.activation = ActivationDemo(self.goals, self)
        self.activation.sig_goal_activated.connect(self._show_goal)

        # two tabs rather than one above the other: on a laptop screen each gets the pane's whole
        # height (the ranking shows its rows, the goal table its statements)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("goals-tabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(upper, "")
        self.tabs.addTab(self.activation, "")
        self.stack(self.toolbar, self.errors, self.tabs)

    def retranslate_ui(self) -> None:
        self.act_reload.setText(self.tr("Reload"))
        self.act_add.setText(self.tr("New goal…"))
        self.act_add.setToolTip(self.tr("Add a goal (a “new” signal: merged into the speaker's goal on the same topic)"))
        self.act_edit.setText(self.tr("Edit…"))
        self.act_edit.setToolTip(self.tr("Change the statement, domain, priority or triggers (a “change” signal)"))
        self.filter.setPlaceholderText(self.tr("Filter goals"))
        self.buttons_label.setText(self.tr("Move to:"))
        for state, button in self._state_buttons.items():
            button.setText(self.tr(STATE_VERBS[state]))
            button.setToolTip(self.tr("Change the state to “%1” (undoable)").replace("%1", state_name(state)))
        self.history.setHeaderLabels([self.tr("Time"), self.tr("Event"), self.tr("Detail"), self.tr("Source")])
        self.hanging.retranslate_ui()
        self.detail_tabs.setTabText(0, self.tr("History"))
        self._hanging_tab_text(None)
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(GoalsModel.COLUMNS) - 1)
        self.activation.retranslate_ui()
        self.tabs.setTabText(0, self.tr("Goals and states"))
        self.tabs.setTabText(1, self.tr("Activation demo"))
        self._show(self.current_goal())

    # -- loading ----------------------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        """Re-read goals.json; the selection and the situation's ranking follow."""
        self._reload_timer.stop()
        key = self.current_id()
        try:
            goals = self.goals.goals()
            self.error = ""
        except LinghunError as exc:  # a corrupt file is shown, kept as it is, never written
            goals, self.error = [], str(exc)
        self.model.set_goals(goals)
        self.errors.setText(self.tr("goals.json cannot be read: %1").replace("%1", self.error))
        self.errors.setVisible(bool(self.error))
        self.act_add.setEnabled(not self.error)
        for column in (0, 2, 3, 4, 6, 7):
            self.view.resizeColumnToContents(column)
        self.view.setColumnWidth(5, 140)
        # the statement stays readable in a narrow dock: the short columns after it scroll
        self.view.setColumnWidth(1, max(STATEMENT_MIN, self.view.sizeHintForColumn(1) // 2))
        if key is None or not self.select(key):
            self._show(self.current_goal())
        self.activation.rank()
        self.sig_reloaded.emit()

    def _is_goal_file(self, path: str) -> bool:
        p = Path(path)
        return p == self.ctx.home.goals or p.parent == self.ctx.home.goals_dir

    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if what == "goals" or self._is_goal_file(path):
            self.when_seen(self._reload_timer.start)

    @Slot(str, dict)
    def _on_event(self, topic: str, payload: dict) -> None:
        if topic == "goal.transition" and payload.get("home") in (None, str(self.ctx.home.root)):
            self.when_seen(self._reload_timer.start)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(self._is_goal_file(str(p)) for p in paths):
            self.when_seen(self._reload_timer.start)

    # -- selection --------------------------------------------------------------------------
    def current_id(self) -> str | None:
        index = self.view.currentIndex()
        return index.data(GoalsModel.IdRole) if index.isValid() else None

    def current_goal(self) -> Goal | None:
        return self.model.goal(self.current_id())

    @Slot(str)
    def select(self, goal_id: str) -> bool:
        row = self.model.row_of(goal_id)
        if row < 0:
            return False
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if not index.isValid():  # hidden by the filter
            self.filter.clear()
            index = self.proxy.mapFromSource(self.model.index(row, 0))
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        self._show(self.current_goal())
        return True

    @Slot()
    def _on_current(self, *_args) -> None:
        self._show(self.current_goal())

    def offered_transitions(self) -> list[str]:
        """The target states the pane offers for the selected goal (buttons shown)."""
        return [s for s, b in self._state_buttons.items() if not b.isHidden()]

    def _show(self, goal: Goal | None) -> None:
        self.refusal.hide()
        self.act_edit.setEnabled(goal is not None and not self.error)
        targets = legal_targets(goal.state) if goal is not None else []
        for state, button in self._state_buttons.items():
            button.setVisible(state in targets)
        self.buttons_label.setVisible(bool(targets))
        self.history.clear()
        self._hanging_tab_text(None)
        self.hanging.show_goal(goal)
        if goal is None:
            self.goal_title.setText(self.tr("Select a goal to see its state machine and history."))
            self.diagram.set_state(None)
            return
        triggers = "；".join(goal.triggers) or "—"
        self.goal_title.setText(self.tr("<b>%1</b> · %2 · %3 · %4<br>%5<br><i>Triggers:</i> %6")
                                .replace("%1", escape(goal.id)).replace("%2", escape(goal.speaker))
                                .replace("%3", escape(goal.domain)).replace("%4", escape(state_name(goal.state))).replace("%5", escape(goal.statement))
                                .replace("%6", escape(triggers)))
        last = next(((t.get("from"), t.get("to")) for t in reversed(goal.transitions()) if t.get("from")), None)
        self.diagram.set_state(goal.state, last)
        for item in goal.history:
            self.history.addTopLevelItem(QTreeWidgetItem([str(item.get("at", "")), *self._history_text(item)]))
        for column in (0, 1):
            self.history.resizeColumnToContents(column)
        self.history.setColumnWidth(3, 150)
        if self.history.topLevelItemCount():
            self.history.scrollToItem(self.history.topLevelItem(self.history.topLevelItemCount() - 1))

    def _hanging_tab_text(self, count: int | None) -> None:
        self.detail_tabs.setTabText(1, self.tr("Entries") if count is None
                                    else self.tr("Entries (%n)", "", count))

    def _on_hanging_shown(self, goal_id: str, count: int) -> None:
        if goal_id == self.current_id():
            self._hanging_tab_text(count)

    def _history_text(self, item: dict) -> list[str]:
        """(event, detail, source) of one history item."""
        source = item.get("source") if isinstance(item.get("source"), dict) else {}
        src = " ".join(str(source.get(k)) for k in ("kind", "ref") if source.get(k))
        if source.get("by"):
            src += f" ({source['by']})"
        if item.get("kind") == "transition":
            old = item.get("from")
            event = (f"{state_name(old)} → {state_name(item.get('to', ''))}" if old
                     else self.tr("created → %1").replace("%1", state_name(item.get("to", ""))))
            reason = str(item.get("reason", ""))
            detail = self.tr("by the user") if reason == "user" else reason
            return [event, detail, src]
        if item.get("kind") == "signal":
            return [self.tr("signal: %1").replace("%1", str(item.get("signal", ""))),
                    " ".join(str(item.get("statement", "")).split()), src]
        return [str(item.get("kind", "")), "", src]

    # -- changes ----------------------------------------------------------------------------
    def _push(self, operation, text: str) -> bool:
        ok = self.ctx.undo.push(operation, text)
        if not ok:
            self.ctx.show_message(self.tr("The goals were not changed."))
        self.reload()  # now, not after the coalescing delay: the buttons must follow at once
        return ok

    def change_state(self, goal_id: str | None, state: str) -> bool:
        """Move goal ``goal_id`` to ``state`` as one undoable step (refused when not legal)."""
        goal = self.model.goal(goal_id)
        if goal is None or state not in legal_targets(goal.state):
            return False
        text = self.tr("Goal %1: %2 → %3").replace("%1", goal.id).replace("%2", state_name(goal.state)) \
            .replace("%3", state_name(state))
        return self._push(commands.set_state(goal.id, state), text)

    def add_goal(self, draft: GoalDraft) -> bool:
        """A ``new`` signal from the dialog's draft, as one undoable step."""
        before = {g.id for g in self.model.goals()}
        ok = self._push(commands.add_goal(draft.statement, draft.domain or None, draft.priority or None,
                                          draft.triggers, draft.speaker), self.tr("New goal"))
        if ok:
            new = [g.id for g in self.model.goals() if g.id not in before]
            self.select(new[0] if new else self._merged_into(draft) or "")
        return ok

    def _merged_into(self, draft: GoalDraft) -> str | None:
        """The goal a ``new`` signal merged into: the speaker's most recently updated one."""
        mine = [g for g in self.model.goals() if g.speaker == draft.speaker]
        return max(mine, key=lambda g: g.updated).id if mine else None

    def edit_goal(self, goal_id: str, draft: GoalDraft) -> bool:
        """A ``change`` signal on ``goal_id`` from the dialog's draft, as one undoable step."""
        return self._push(commands.edit_goal(goal_id, draft.statement, draft.domain or None, draft.priority or None,
                                             draft.triggers), self.tr("Edit goal %1").replace("%1", goal_id))

    def _domains(self) -> list[str]:
        try:
            return list(self.goals.lexicon().names) + ["general"]
        except LinghunError:
            return ["general"]

    @Slot()
    def add_goal_dialog(self) -> bool:
        dialog = GoalDialog(self._domains(), None, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.add_goal(dialog.draft())

    @Slot()
    def edit_goal_dialog(self, *_args) -> bool:
        goal = self.current_goal()
        if goal is None:
            return False
        dialog = GoalDialog(self._domains(), goal, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        draft = dialog.draft()
        if draft.domain == AUTO:
            draft.domain = goal.domain
        return self.edit_goal(goal.id, draft)

    @Slot(str)
    def _show_goal(self, goal_id: str) -> None:
        """A goal double-clicked in the ranking: its state machine and history, in the first tab."""
        if self.select(goal_id):
            self.tabs.setCurrentIndex(0)

    @Slot(str)
    def _on_diagram_clicked(self, state: str) -> None:
        self._change_current_state(state)

    def _change_current_state(self, state: str) -> bool:
        return self.change_state(self.current_id(), state)

    @Slot(str)
    def _on_refused(self, state: str) -> None:
        """A state the goal may not move to was clicked: say why, change nothing."""
        goal = self.current_goal()
        if goal is None:
            return
        if state == goal.state:
            text = self.tr("%1 is already %2.").replace("%1", goal.id).replace("%2", state_name(state))
        else:
            allowed = ", ".join(state_name(s) for s in legal_targets(goal.state))
            text = (self.tr("%1 cannot go from %2 to %3; from %2 it can go to: %4.")
                    .replace("%1", goal.id).replace("%2", state_name(goal.state)).replace("%3", state_name(state))
                    .replace("%4", allowed))
        self.refusal.setText(text)
        self.refusal.show()
        self.ctx.show_message(text)

    def context_actions(self, goal: Goal) -> list[QAction]:
        """The menu of a goal: its legal transitions only, then Edit."""
        actions = []
        for state in legal_targets(goal.state):
            actions.append(make_action(self, partial(self.change_state, goal.id, state),
                                       text=self.tr(STATE_VERBS[state])))
        actions.append(make_action(self, self.edit_goal_dialog, text=self.tr("Edit…"), icon=icon("rule")))
        self.ctx.mark_writes(*actions)
        return actions

    @Slot(QPoint)
    def _context_menu(self, pos: QPoint) -> None:
        index = self.view.indexAt(pos)
        goal = self.model.goal(index.data(GoalsModel.IdRole)) if index.isValid() else None
        if goal is None:
            return
        self.view.setCurrentIndex(index)
        menu = QMenu(self)
        actions = self.context_actions(goal)
        menu.addActions(actions[:-1])
        menu.addSeparator()
        menu.addAction(actions[-1])
        menu.exec(self.view.viewport().mapToGlobal(pos))

    def shutdown(self) -> None:
        self._reload_timer.stop()
        self.activation.shutdown()
        self.hanging.cancel()
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.bridge.sig_event, self._on_event),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass

