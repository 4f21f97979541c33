"""The context pane: exactly what the agent was shown in a turn, part by part.

Turns come from ``team/agent/turns.jsonl`` (``core.turn.turns``), read on a worker thread when the
pane opens, when the conversation pane finishes a turn (``workbench.select_turn`` on the bus, which
also selects it) and when the file changes on disk (the agent's own turns). For the selected turn:
the parts in the order the agent got them, each with its size against its budget as a bar; the
selected part's text; and the difference from the previous turn of the same session
(``core.context.diff``, computed in the background).
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QRectF, Qt, Signal, Slot
from PySide6.QtGui import QFontDatabase, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QPlainTextEdit, QSplitter,
    QStyledItemDelegate, QTabWidget, QWidget,
)

from linghun.core import context as core_context
from linghun.core import turn as core_turn
from linghun.workbench import tones
from linghun.workbench.actions import add_tool_action
from linghun.workbench.icons import icon
from linghun.workbench.models.context import ContextPartsModel
from linghun.workbench.panes import Pane, register_pane
from linghun.workbench.panes.conversation.pane import SELECT_TURN_TOPIC
from linghun.workbench.panes.rounds.detail import DiffHighlighter
from linghun.workbench.plaintext import plain
from linghun.workbench.views import TableView

RELOAD_DELAY_MS = 300
TURN_LABEL_CHARS = 60
TAB_TEXT, TAB_DIFF = range(2)


class BudgetBarDelegate(QStyledItemDelegate):
    """A part's size against its budget as a bar; red when the part was cut to fit its budget."""

    def paint(self, painter: QPainter, option, index) -> None:
        fraction = index.data(ContextPartsModel.FractionRole)
        if fraction is None:
            super().paint(painter, option, index)
            return
        rect = QRectF(option.rect.adjusted(4, 5, -40, -5))
        painter.save()
        painter.setPen(option.palette.mid().color())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(tones.text("error" if index.data(ContextPartsModel.TruncatedRole) else "ok"))
        painter.drawRect(QRectF(rect.left(), rect.top(), rect.width() * min(1.0, fraction), rect.height()))
        painter.setPen(option.palette.text().color())
        painter.drawText(QRectF(rect.right() + 4, rect.top(), 36, rect.height()),
                         int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft), f"{fraction:.0%}")
        painter.restore()


@register_pane
class ContextPane(Pane):
    """Turn chooser, the parts table with budget bars, the part's text and the diff.

    Signals:
        sig_turn_shown(str): the turn whose context is shown (its id) and its diff are in place.
    """

    NAME = "context"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Context")
    ICON = "filter"
    AREA = Qt.DockWidgetArea.BottomDockWidgetArea
    ORDER = 55

    sig_turn_shown = Signal(str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.turns: list[dict] = []
        self.model = ContextPartsModel(self)
        self._want: str | None = None   # the turn to select once the turns are read
        self._load = None
        self._diff = None
        self._diff_shown: dict | None = None  # the diff on show, drawn again on a language change
        self._turn_shown: dict | None = None
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.turn_label = QLabel(self)
        self.turn_choice = QComboBox(self)
        self.turn_choice.currentIndexChanged.connect(self._show_turn)
        self.summary = plain(QLabel(self))
        self.summary.setWordWrap(True)
        self.toolbar = self.make_toolbar()
        self.act_reload = add_tool_action(self.toolbar, icon("reload"), self.reload, shortcut="Ctrl+R")
        head = QWidget(self)
        row = QHBoxLayout(head)
        row.setContentsMargins(4, 2, 4, 2)
        row.addWidget(self.turn_label)
        row.addWidget(self.turn_choice, 1)
        row.addWidget(self.toolbar)
        self.view = TableView(self)
        self.view.setModel(self.model)
        self.view.setItemDelegateForColumn(ContextPartsModel.USE_COLUMN, BudgetBarDelegate(self.view))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(ContextPartsModel.USE_COLUMN, QHeaderView.ResizeMode.Stretch)
        self.view.selectionModel().currentRowChanged.connect(self._show_part)
        self.part_text = QPlainTextEdit(self)
        self.part_text.setReadOnly(True)
        self.part_text.setFont(mono)
        self.diff_text = QPlainTextEdit(self)
        self.diff_text.setReadOnly(True)
        self.diff_text.setFont(mono)
        self._highlighter = DiffHighlighter(self.diff_text.document())
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self.part_text, "")
        self.tabs.addTab(self.diff_text, "")
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.view)
        split.addWidget(self.tabs)
        split.setSizes([420, 600])
        self.stack(head, self.summary, split)
        self._reload_timer = self.single_shot(RELOAD_DELAY_MS, self.reload)
        ctx.bridge.sig_event.connect(self._on_event)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        self.reload()

    def retranslate_ui(self) -> None:
        self.turn_choice.setAccessibleName(self.tr("Turn shown"))
        self.turn_label.setText(self.tr("Turn"))
        self.act_reload.setText(self.tr("Reload"))
        self.act_reload.setToolTip(self.tr("Read the recorded turns again"))
        self.tabs.setTabText(TAB_TEXT, self.tr("Part text"))
        self.tabs.setTabText(TAB_DIFF, self.tr("Diff against the previous turn"))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.model.COLUMNS) - 1)
        self.view.resizeColumnsToContents()  # the part titles in the new font
        self._show_summary()
        if self._diff_shown is not None:
            self._on_diff(self._diff_shown)

    # -- reading the turns --------------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        """Read the recorded turns again in the background (the selection is kept)."""
        if self._load is not None:
            self._reload_timer.start()  # one read at a time; read again once it is done
            return
        if self._want is None and self.current_turn() is not None:
            self._want = self.current_turn()["id"]
        self._load = self.ctx.tasks.submit(self.tr("Reading the turns"), _read_turns, self.ctx.home)
        self._load.sig_finished.connect(self._on_turns)
        self._load.sig_failed.connect(lambda exc: self.summary.setText(str(exc)))
        self._load.sig_done.connect(self._on_load_done)

    @Slot(object)
    def _on_turns(self, turns: list) -> None:
        self.turns = turns
        want = self._want
        if want is None or any(t["id"] == want for t in turns):
            self._want = None
        else:  # read before that turn was recorded: the next read (the file changed) selects it
            self._reload_timer.start()
        self.turn_choice.blockSignals(True)
        self.turn_choice.clear()
        for turn in turns:
            message = " ".join(str(turn.get("message") or "").split())
            if len(message) > TURN_LABEL_CHARS:
                message = message[:TURN_LABEL_CHARS] + "…"
            self.turn_choice.addItem(f"{str(turn.get('at', ''))[:19].replace('T', ' ')}  {message}", turn["id"])
        row = self.turn_choice.findData(want) if want else -1
        self.turn_choice.setCurrentIndex(row if row >= 0 else len(turns) - 1)
        self.turn_choice.blockSignals(False)
        self._show_turn()

    @Slot()
    def _on_load_done(self) -> None:
        self._load = None

    @Slot(str, dict)
    def _on_event(self, topic: str, payload: dict) -> None:
        if topic == SELECT_TURN_TOPIC and payload.get("home") == str(self.ctx.home.root):
            turn_id = str(payload.get("turn") or "")
            row = self.turn_choice.findData(turn_id)
            if row >= 0 and self._load is None:
                self.turn_choice.setCurrentIndex(row)
            else:  # a turn not read yet
                self._want = turn_id
                self.reload()

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).endswith(core_turn.TURNS_FILE.split("/")[-1]) for p in paths):
            self.when_seen(self._reload_timer.start)

    # -- showing one turn ---------------------------------------------------------------------
    def current_turn(self) -> dict | None:
        row = self.turn_choice.currentIndex()
        return self.turns[row] if 0 <= row < len(self.turns) else None

    def previous_turn(self) -> dict | None:
        """The turn before the current one in the same session."""
        row = self.turn_choice.currentIndex()
        current = self.current_turn()
        if current is None:
            return None
        return next((t for t in reversed(self.turns[:row]) if t.get("session") == current.get("session")), None)

    @Slot()
    def _show_turn(self, *_args) -> None:
        turn = self.current_turn()
        if turn is not None and turn == self._turn_shown:
            return  # read again unchanged (another turn was recorded): keep the part and the diff on show
        self._turn_shown = turn
        self.model.set_parts((turn or {}).get("context", {}).get("parts", []))
        self.view.resizeColumnsToContents()
        self.part_text.clear()
        self.diff_text.clear()
        self._diff_shown = None
        self._show_summary()
        if turn is None:
            return
        if self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 0))
        if self._diff is not None:
            self._diff.cancel()
        self._diff = self.ctx.tasks.submit(self.tr("Comparing with the previous turn"), _diff_turns,
                                           self.previous_turn(), turn)
        self._diff.sig_finished.connect(self._on_diff)

    @Slot(object)
    def _on_diff(self, outcome: dict) -> None:
        turn = self.current_turn()
        if turn is None or outcome["turn"] != turn["id"]:
            return  # an earlier selection's diff
        self._diff = None
        self._diff_shown = outcome
        titles = {p["key"]: p["title"] for p in turn["context"]["parts"]}
        if outcome["previous"] is None:
            text = self.tr("The first turn of its session: nothing to compare with.")
        else:
            lines = [self.tr("Compared with turn %1 (%2)").replace("%1", outcome["previous"]["id"]).replace(
                "%2", str(outcome["previous"].get("message") or ""))]
            for change in outcome["diff"]:
                status = {"same": self.tr("same"), "changed": self.tr("changed"), "added": self.tr("added"),
                          "removed": self.tr("removed")}[change["status"]]
                lines.append(f"== {titles.get(change['key'], change['key'])}: {status}")
                lines += change["diff"][2:]  # the two file headers say nothing here
            text = "\n".join(lines)
        self.diff_text.setPlainText(text)
        self.sig_turn_shown.emit(turn["id"])

    def _show_summary(self) -> None:
        turn = self.current_turn()
        if turn is None:
            self.summary.setText(self.tr("No turn recorded yet: send a message in the Conversation pane "
                                         "(or run linghun turn / linghun chat)."))
            return
        context = turn.get("context") or {}
        self.summary.setText(self.tr("Question: %1 — round %2 — %3 characters in %4 parts").replace(
            "%1", str(turn.get("query") or "")).replace("%2", str((turn.get("round") or {}).get("status", "?"))).replace(
            "%3", str(context.get("chars", 0))).replace("%4", str(len(context.get("parts", [])))))

    @Slot()
    def _show_part(self, *_args) -> None:
        turn = self.current_turn()
        row = self.view.currentIndex().row()
        parts = (turn or {}).get("context", {}).get("parts", [])
        self.part_text.setPlainText(parts[row]["text"] if 0 <= row < len(parts) else "")

    def shutdown(self) -> None:
        for handle in (self._load, self._diff):
            if handle is not None:
                handle.cancel()
        for signal, slot in ((self.ctx.bridge.sig_event, self._on_event),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass


def _read_turns(state, home) -> list:
    """Task: the recorded turns, oldest first."""
    return core_turn.turns(home)


def _diff_turns(state, previous: dict | None, turn: dict) -> dict:
    """Task: ``core.context.diff`` of the two turns' contexts."""
    return {"turn": turn["id"], "previous": previous,
            "diff": core_context.diff((previous or {}).get("context"), turn.get("context") or {})
            if previous is not None else []}
