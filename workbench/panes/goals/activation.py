"""The activation demo: type a situation, see which goals it brings to mind and why (SPEC 8).

Each goal's score is drawn as one stacked bar of its parts (similarity, domain hit, bridge hit,
base), scaled to the best score shown; "By similarity" is the rank pure similarity would give, so
a goal the goal channel lifted (the college fund a family trip brings up) shows its gain.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QStyledItemDelegate,
    QVBoxLayout, QWidget,
)

from linghun.core.errors import LinghunError
from linghun.core.goals import Goals
from linghun.workbench.models.goals import PART_COLOURS, ActivationModel, ScoreParts
from linghun.workbench.plaintext import plain
from linghun.workbench.views import TableView
from linghun.workbench import tones

RANK_DELAY_MS = 200
GOAL_WIDTH = 300  # px
PARTS_WIDTH = 170
PART_NAMES = ("similarity", "domain", "bridge", "base")


class PartsBarDelegate(QStyledItemDelegate):
    """Draws a ``ScoreParts`` (``ActivationModel.PartsRole``) as a stacked horizontal bar."""

    def paint(self, painter: QPainter, option, index) -> None:
        super().paint(painter, option, index)
        parts: ScoreParts | None = index.data(ActivationModel.PartsRole)
        model = index.model()
        top = getattr(model, "top_score", 1.0) or 1.0
        if parts is None:
            return
        rect = QRectF(option.rect.adjusted(4, 5, -4, -5))
        x = rect.left()
        painter.save()
        painter.setPen(Qt.PenStyle.NoPen)
        for name, value in parts.as_dict().items():
            width = rect.width() * value / top
            if width <= 0:
                continue
            painter.setBrush(QColor(PART_COLOURS[name]))
            painter.drawRect(QRectF(x, rect.top(), width, rect.height()))
            x += width
        painter.restore()


class ActivationDemo(QWidget):
    """Situation box, legend and the ranked goals.

    Signals:
        sig_ranked(list): the ranking just shown (``GoalActivation`` objects, best first).
        sig_goal_activated(str): the id of a goal double-clicked in the ranking.
    """

    sig_ranked = Signal(list)
    sig_goal_activated = Signal(str)

    def __init__(self, goals: Goals, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.goals = goals
        self.model = ActivationModel(self)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-weight: bold")
        self.situation = QLineEdit(self)
        self.situation.setClearButtonEnabled(True)
        self.include_inactive = QCheckBox(self)
        self.legend = QLabel(self)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.formula = QLabel(self)
        self.formula.setStyleSheet("color: palette(mid); font-size: 9pt")
        self.message = plain(QLabel(self))
        tones.mark(self.message, "error")
        self.message.hide()
        self.view = TableView(self)
        self.view.setModel(self.model)
        self.view.setItemDelegateForColumn(ActivationModel.PARTS_COLUMN, PartsBarDelegate(self.view))
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.view.doubleClicked.connect(self._on_double_clicked)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RANK_DELAY_MS)
        self._timer.timeout.connect(self.rank)
        self.situation.textChanged.connect(self._timer.start)
        self.include_inactive.toggled.connect(self.rank)
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addWidget(self.situation, 1)
        top.addWidget(self.include_inactive)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        # legend and formula wrap: in a narrow dock they take lines, not width
        self.legend.setWordWrap(True)
        self.formula.setWordWrap(True)
        layout.addWidget(self.legend)
        layout.addWidget(self.formula)
        layout.addWidget(self.message)
        layout.addWidget(self.view, 1)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.title.setText(self.tr("Situation"))
        self.situation.setPlaceholderText(self.tr("Type a situation, e.g. “planning a family trip this summer”"))
        self.include_inactive.setText(self.tr("Show goals that cannot activate"))
        names = {"similarity": self.tr("similarity"), "domain": self.tr("domain hit"),
                 "bridge": self.tr("bridge hit"), "base": self.tr("state base")}
        self.legend.setText("&nbsp;&nbsp;".join(
            f'<span style="color:{PART_COLOURS[n]}">■</span> {names[n]}' for n in PART_NAMES))
        self.formula.setText(self.tr("score = 0.4·sim + 0.6·stateW·(0.25·domain + 0.35·bridge + 0.40·sim + 0.15)"))
        self.formula.setToolTip(self.tr("A goal the situation does not touch (no shared word, domain or bridge) "
                                        "scores its state base alone and is listed as “no signal”."))
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(ActivationModel.COLUMNS) - 1)
        self._size_columns()

    def set_situation(self, text: str) -> None:
        """Put ``text`` in the box and rank now (no typing delay)."""
        self.situation.setText(text)
        self.rank()

    @Slot()
    def rank(self) -> None:
        """Rank the goals by the situation in the box (an empty box shows nothing)."""
        self._timer.stop()
        text = self.situation.text().strip()
        ranking = []
        self.message.hide()
        if text:
            try:
                ranking = self.goals.goal_get(text, k=0, include_inactive=self.include_inactive.isChecked())
            except LinghunError as exc:
                self.message.setText(str(exc))
                self.message.show()
        self.model.set_ranking(ranking)
        self._size_columns()
        self.sig_ranked.emit(ranking)

    def _size_columns(self) -> None:
        """Columns sized for what they hold in the current language; the goal keeps GOAL_WIDTH
        so its statement reads in a narrow dock (the parts after it scroll)."""
        self.view.resizeColumnsToContents()
        self.view.setColumnWidth(ActivationModel.PARTS_COLUMN, PARTS_WIDTH)
        self.view.setColumnWidth(2, max(GOAL_WIDTH, min(self.view.columnWidth(2), 2 * GOAL_WIDTH)))

    @Slot()
    def _on_double_clicked(self, index) -> None:
        goal_id = index.data(ActivationModel.IdRole)
        if goal_id:
            self.sig_goal_activated.emit(goal_id)

    def shutdown(self) -> None:
        self._timer.stop()
