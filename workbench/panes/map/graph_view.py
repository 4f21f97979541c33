"""The map as a picture: four axis columns of labelled items and the typed edges between them.

The layout comes from ``workbench.models.map.graph_layout`` (deterministic); this module only
draws it in a ``QGraphicsScene``. Selecting an item brings its edges forward (the others fade);
clicking one emits ``sig_node_clicked``. Ctrl+wheel zooms; "fit" shows everything.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPalette, QPen, QWheelEvent
from PySide6.QtWidgets import (
    QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView,
    QWidget,
)

from linghun.core.map import AXES
from linghun.workbench import tones
from linghun.workbench.models.goals import STATE_COLOURS
from linghun.workbench.models.map import GraphLayout, LayoutNode, axis_title
from linghun.workbench.plaintext import tooltip

COLUMN_W = 210.0
COLUMN_GAP = 80.0
ROW_H = 26.0
NODE_H = 20.0
HEADER_H = 34.0
INDENT = 14.0

#: colour of each node type (fill) and edge type (stroke)
NODE_COLOURS = {
    "situation": tones.SERIES["blue"], "goal": tones.SERIES["teal"], "ontology_file": tones.SERIES["plum"],
    "ontology_node": tones.SERIES["purple"], "cold_section": tones.SERIES["brown"],
    "journal_day": tones.SERIES["green"], "episodic_day": tones.SERIES["brown"], "more": tones.SERIES["gray"],
}
EDGE_COLOURS = {"on_day": tones.SERIES["green"], "cites": tones.SERIES["purple"], "archived_in": tones.SERIES["brown"],
                "conflicts": tones.SERIES["red"]}


class _NodeItem(QGraphicsRectItem):
    def __init__(self, node: LayoutNode, rect: QRectF) -> None:
        super().__init__(rect)
        self.node = node
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, node.type != "more")
        self.setAcceptHoverEvents(True)
        self.setToolTip(tooltip(f"{node.label}\n{node.pointer or ''}".strip()))
        self.setCursor(Qt.CursorShape.PointingHandCursor)


class MapGraphView(QGraphicsView):
    """Draws a ``GraphLayout``.

    Signals:
        sig_node_clicked(str): the map node id of a clicked item.
    """

    sig_node_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._items: dict[str, _NodeItem] = {}
        self._edges: list[tuple[QGraphicsPathItem, str, str, str]] = []
        self._selected: str | None = None
        self.layout_data: GraphLayout | None = None

    # -- content ------------------------------------------------------------------------------
    def set_layout(self, layout: GraphLayout) -> None:
        scene = self.scene()
        scene.clear()
        self._items, self._edges = {}, []
        self.layout_data = layout
        text = self.palette().color(QPalette.ColorRole.WindowText)
        base = self.palette().color(QPalette.ColorRole.Base)
        bold = QFont(self.font())
        bold.setBold(True)
        for column, axis in enumerate(AXES):
            header = QGraphicsSimpleTextItem(axis_title(axis))
            header.setFont(bold)
            header.setBrush(text)
            header.setPos(self._x(column), 0)
            scene.addItem(header)
        metrics = QFontMetrics(self.font())
        for node in layout.nodes:
            x = self._x(node.column) + node.indent * INDENT
            rect = QRectF(x, HEADER_H + node.row * ROW_H, COLUMN_W - node.indent * INDENT, NODE_H)
            item = _NodeItem(node, rect)
            colour = QColor(self._node_colour(node))
            fill = _mix(base, colour, 0.18)  # opaque: edges pass behind the items they do not touch
            item.setBrush(QBrush(fill))
            item.setPen(QPen(colour, 1.2))
            item.setZValue(2)
            scene.addItem(item)
            label = QGraphicsSimpleTextItem(metrics.elidedText(node.label, Qt.TextElideMode.ElideRight,
                                                               int(rect.width() - 10)), item)
            label.setBrush(text)
            label.setPos(rect.left() + 5, rect.top() + (NODE_H - metrics.height()) / 2)
            self._items[node.id] = item
        for edge in layout.edges:
            a, b = self._items.get(edge.source), self._items.get(edge.target)
            if a is None or b is None:
                continue
            path_item = QGraphicsPathItem(self._edge_path(a.rect(), b.rect()))
            path_item.setZValue(1)
            path_item.setToolTip(f"{edge.type} × {edge.weight}")
            scene.addItem(path_item)
            self._edges.append((path_item, edge.source, edge.target, edge.type))
            path_item.setData(0, edge.weight)
        scene.setBackgroundBrush(base)
        self._restyle()
        scene.setSceneRect(scene.itemsBoundingRect().adjusted(-10, -10, 10, 10))
        self.fit_width()
        self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())  # the axis headers first

    @staticmethod
    def _x(column: int) -> float:
        return column * (COLUMN_W + COLUMN_GAP)

    @staticmethod
    def _node_colour(node: LayoutNode) -> str:
        if node.type == "goal":
            state = node.label.split(" · ")[1] if " · " in node.label else ""
            return STATE_COLOURS.get(state, NODE_COLOURS["goal"])
        return NODE_COLOURS.get(node.type, tones.SERIES["gray"])

    @staticmethod
    def _edge_path(a: QRectF, b: QRectF) -> QPainterPath:
        """A horizontal S-curve between two items; items of one column are joined by a loop on the right."""
        if abs(a.center().x() - b.center().x()) < 1:
            start, end = QPointF(a.right(), a.center().y()), QPointF(b.right(), b.center().y())
            bulge = 30 + min(80.0, abs(end.y() - start.y()) / 6)
            path = QPainterPath(start)
            path.cubicTo(start + QPointF(bulge, 0), end + QPointF(bulge, 0), end)
            return path
        left, right = (a, b) if a.center().x() < b.center().x() else (b, a)
        start, end = QPointF(left.right(), left.center().y()), QPointF(right.left(), right.center().y())
        dx = (end.x() - start.x()) / 2
        path = QPainterPath(start)
        path.cubicTo(start + QPointF(dx, 0), end - QPointF(dx, 0), end)
        return path

    # -- selection ----------------------------------------------------------------------------
    def select_node(self, node_id: str | None) -> bool:
        """Highlight ``node_id`` and its edges (False when it is not drawn)."""
        self._selected = node_id if node_id in self._items else None
        self._restyle()
        item = self._items.get(node_id or "")
        if item is not None and self.isVisible():  # a hidden view has no size to scroll by yet
            self.ensureVisible(item, 40, 40)
        return item is not None

    def selected(self) -> str | None:
        return self._selected

    def edges_of(self, node_id: str) -> list[tuple[str, str, str]]:
        """The drawn edges touching ``node_id`` as (source, target, type)."""
        return [(s, t, k) for _, s, t, k in self._edges if node_id in (s, t)]

    def _restyle(self) -> None:
        sel = self._selected
        for item_id, item in self._items.items():
            colour = QColor(self._node_colour(item.node))
            item.setPen(QPen(colour, 3.0 if item_id == sel else 1.2))
        for path_item, source, target, kind in self._edges:
            colour = QColor(EDGE_COLOURS.get(kind, tones.SERIES["gray"]))
            touching = sel in (source, target)
            weight = int(path_item.data(0) or 1)
            colour.setAlpha(230 if touching else (40 if sel else 110))
            width = min(4.0, 0.8 + weight ** 0.5 * 0.5) + (1.0 if touching else 0.0)
            pen = QPen(colour, width)
            if kind == "conflicts":
                pen.setStyle(Qt.PenStyle.DashLine)
            path_item.setPen(pen)
            path_item.setZValue(1.5 if touching else 1)

    def fit_width(self) -> None:
        """Scale so the four columns fill the width (not below 3/4 size: the labels stay readable,
        a narrow dock scrolls sideways); rows scroll."""
        width = self.scene().sceneRect().width()
        if width <= 0:
            return
        scale = max(0.75, min(1.0, (self.viewport().width() - 4) / width))
        at_top = self.verticalScrollBar().value() <= self.verticalScrollBar().minimum()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.resetTransform()
        self.scale(scale, scale)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        if at_top:
            self.verticalScrollBar().setValue(self.verticalScrollBar().minimum())

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.fit_width()

    def fit(self) -> None:
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    # -- events ---------------------------------------------------------------------------
    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 - Qt override
        item = self.itemAt(event.position().toPoint())
        while item is not None and not isinstance(item, _NodeItem):
            item = item.parentItem()
        if isinstance(item, _NodeItem) and item.node.type != "more":
            self.select_node(item.node.id)
            self.sig_node_clicked.emit(item.node.id)
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt override
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
            self.scale(factor, factor)
            event.accept()
            return
        super().wheelEvent(event)


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return QColor(int(a.red() + (b.red() - a.red()) * t), int(a.green() + (b.green() - a.green()) * t),
                  int(a.blue() + (b.blue() - a.blue()) * t))
