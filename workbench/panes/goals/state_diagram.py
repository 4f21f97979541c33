"""The goal state machine drawn as four states and their allowed transitions (``core.goals.TRANSITIONS``).

The selected goal's state is filled with its colour, the transitions it may take now are drawn
bold in the colour of their target, the others grey. Clicking a state the goal may move to emits
``sig_state_clicked``; a state it may not move to emits ``sig_refused`` instead, so the pane can
say why nothing happened (the diagram, like the buttons beside it, changes nothing illegal).
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPainterPath, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from linghun.core.goals import STATES, TRANSITIONS
from linghun.workbench.models.goals import STATE_COLOURS, state_name

#: where each state sits, as fractions of the widget (a square: the lifecycle reads left to right)
POSITIONS = {"active": (0.2, 0.25), "paused": (0.8, 0.25), "abandoned": (0.2, 0.8), "achieved": (0.8, 0.8)}
NODE_W, NODE_H = 92.0, 30.0
PAIR_OFFSET = 6.0  # the two directions of a pair are drawn side by side


class StateDiagram(QWidget):
    """Four states and the allowed transitions; ``set_state`` highlights a goal's state.

    Signals:
        sig_state_clicked(str): a state the current goal may legally move to was clicked.
        sig_refused(str): a state it may not move to (or is already in) was clicked.
    """

    sig_state_clicked = Signal(str)
    sig_refused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state: str | None = None
        self._last: tuple[str, str] | None = None
        self.setMinimumSize(260, 170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMouseTracking(True)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(320, 190)

    def set_state(self, state: str | None, last: tuple[str, str] | None = None) -> None:
        """Highlight ``state`` (None: no goal selected) and the last transition ``(from, to)``."""
        self._state = state
        self._last = last
        self.update()

    def state(self) -> str | None:
        return self._state

    def legal_targets(self) -> list[str]:
        """The states the highlighted goal may move to, in the order of ``STATES``."""
        allowed = TRANSITIONS.get(self._state or "", frozenset())
        return [s for s in STATES if s in allowed]

    # -- geometry -------------------------------------------------------------------------
    def node_rect(self, state: str) -> QRectF:
        fx, fy = POSITIONS[state]
        w, h = self.width(), self.height()
        return QRectF(fx * w - NODE_W / 2, fy * h - NODE_H / 2, NODE_W, NODE_H)

    def state_at(self, point: QPointF) -> str | None:
        return next((s for s in STATES if self.node_rect(s).contains(point)), None)

    # -- events ---------------------------------------------------------------------------
    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        state = self.state_at(event.position())
        if state is not None and state in self.legal_targets():
            self.sig_state_clicked.emit(state)
        elif state is not None and self._state is not None:
            self.sig_refused.emit(state)
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        state = self.state_at(event.position())
        legal = state is not None and state in self.legal_targets()
        self.setCursor(Qt.CursorShape.PointingHandCursor if legal else Qt.CursorShape.ArrowCursor)
        super().mouseMoveEvent(event)

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().color(QPalette.ColorRole.WindowText)
        faint = QColor(text)
        faint.setAlpha(70)
        legal = set(self.legal_targets())
        for old, targets in TRANSITIONS.items():
            for new in targets:
                live = old == self._state and new in legal
                colour = QColor(STATE_COLOURS[new]) if live else faint
                width = 2.6 if live else 1.2
                if self._last == (old, new):
                    colour, width = QColor(text), 2.0
                self._arrow(p, old, new, colour, width)
        font = QFont(self.font())
        for state in STATES:
            rect = self.node_rect(state)
            colour = QColor(STATE_COLOURS[state])
            current = state == self._state
            pen = QPen(colour, 3.0 if current or state in legal else 1.4)
            if state in legal:
                pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            fill = QColor(colour) if current else self.palette().color(QPalette.ColorRole.Base)
            p.setBrush(fill)
            p.drawRoundedRect(rect, 8, 8)
            font.setBold(current)
            p.setFont(font)
            p.setPen(QColor("white") if current else text)
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, state_name(state))
        p.end()

    def _arrow(self, p: QPainter, old: str, new: str, colour: QColor, width: float) -> None:
        a, b = self.node_rect(old).center(), self.node_rect(new).center()
        dx, dy = b.x() - a.x(), b.y() - a.y()
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        # both directions of a pair exist: shift each to its own right-hand side
        nx, ny = -uy * PAIR_OFFSET, ux * PAIR_OFFSET
        start = QPointF(a.x() + nx, a.y() + ny) + QPointF(ux, uy) * self._edge_distance(ux, uy)
        end = QPointF(b.x() + nx, b.y() + ny) - QPointF(ux, uy) * self._edge_distance(ux, uy)
        pen = QPen(colour, width)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        path = QPainterPath(start)
        path.lineTo(end)
        p.drawPath(path)
        head = 9.0
        left = QPointF(end.x() - ux * head - uy * head * 0.5, end.y() - uy * head + ux * head * 0.5)
        right = QPointF(end.x() - ux * head + uy * head * 0.5, end.y() - uy * head - ux * head * 0.5)
        p.setBrush(colour)
        p.drawPolygon(QPolygonF([end, left, right]))

    @staticmethod
    def _edge_distance(ux: float, uy: float) -> float:
        """Distance from a node's centre to its border along the direction (ux, uy)."""
        tx = (NODE_W / 2 + 4) / abs(ux) if ux else math.inf
        ty = (NODE_H / 2 + 4) / abs(uy) if uy else math.inf
        return min(tx, ty)
