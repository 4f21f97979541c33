"""The memory map (SPEC 9) for the map pane: a snapshot built off the GUI thread, the axis tree
model, and the deterministic layout of its graph view.

``build_snapshot`` reads the home with its own ``Memory`` (the worker never shares the GUI
thread's) and returns everything the pane shows, ready to swap in: the ``MemoryMap``, its tree
(``MapTree``: the items with their id and pointer lookups), the graph layout and the map text
within a budget (``MapText``). ``MapModel`` shows a ``MapTree`` keyed by the map's node ids (axes
-> items -> their entries or nodes); swapping one in is a model reset and nothing else.
``graph_layout`` puts the four axes in columns, one labelled item per axis item, and folds the
entry-level edges of ``core.map`` into typed edges between the shown items (a situation
-> the journal days of its entries, a projection node -> the situations whose entries it cites,
a cold section -> its episodic archive), weighted by how many entries each one stands for.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from linghun.workbench.models.columns import TranslatedColumns
from PySide6.QtCore import QAbstractItemModel, QCoreApplication, QModelIndex, Qt, QT_TRANSLATE_NOOP, QUrl

from linghun.core.home import MemoryHome
from linghun.core.map import AXES, AXIS_TITLES, DEFAULT_BUDGET, MemoryMap, build_map, map_settings, render_map
from linghun.workbench.plaintext import escape, tooltip

AXIS_NAMES = {
    "situations": QT_TRANSLATE_NOOP("MapModel", "Situations"),
    "goals": QT_TRANSLATE_NOOP("MapModel", "Goals"),
    "archive": QT_TRANSLATE_NOOP("MapModel", "Archive"),
    "evidence": QT_TRANSLATE_NOOP("MapModel", "Evidence"),
}
#: at most this many items per column of the graph (the tree lists them all)
MAX_PER_COLUMN = 60


def tr(text: str) -> str:
    return QCoreApplication.translate("MapModel", text)


def axis_title(axis: str) -> str:
    """"Situations · 情境轴" in English, "情境轴" where the translation is the Chinese name itself."""
    name = tr(AXIS_NAMES[axis])
    return name if name == AXIS_TITLES[axis] else f"{name} · {AXIS_TITLES[axis]}"


# -- graph layout ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LayoutNode:
    """One drawn item: a map node id (or ``more:<axis>`` for the "+N more" item) in a column."""

    id: str
    type: str
    label: str
    pointer: str | None
    column: int
    row: int
    indent: int = 0


@dataclass(frozen=True)
class LayoutEdge:
    """A typed edge between two drawn items; ``weight`` = how many map edges it stands for."""

    source: str
    target: str
    type: str
    weight: int = 1


@dataclass
class GraphLayout:
    nodes: list[LayoutNode] = field(default_factory=list)
    edges: list[LayoutEdge] = field(default_factory=list)
    hidden: dict[str, int] = field(default_factory=dict)  # axis -> items not drawn

    def node(self, node_id: str) -> LayoutNode | None:
        return next((n for n in self.nodes if n.id == node_id), None)


def _column_items(mm: MemoryMap, axis: str) -> list[tuple[str, int]]:
    """(node id, indent) of the items drawn for ``axis``: the archive's files with their nodes."""
    out: list[tuple[str, int]] = []
    for child in mm.axis(axis):
        out.append((child, 0))
        if mm.graph.nodes[child]["type"] == "ontology_file":
            out.extend((c, 1) for c in mm.children(child, "contains"))
    if axis == "evidence":  # newest days first, like the map text
        out.reverse()
    return out


def graph_layout(mm: MemoryMap, max_per_column: int = MAX_PER_COLUMN) -> GraphLayout:
    """Columns per axis and typed edges between the drawn items (deterministic: same map, same picture)."""
    g = mm.graph
    layout = GraphLayout()
    shown: set[str] = set()
    for column, axis in enumerate(AXES):
        items = _column_items(mm, axis)
        kept = items[:max_per_column]
        for row, (node, indent) in enumerate(kept):
            d = g.nodes[node]
            layout.nodes.append(LayoutNode(node, d["type"], _short_label(mm, node), d.get("pointer"), column, row, indent))
            shown.add(node)
        if len(items) > len(kept):
            layout.hidden[axis] = len(items) - len(kept)
            layout.nodes.append(LayoutNode(f"more:{axis}", "more", f"+{len(items) - len(kept)}", None, column, len(kept)))
    # the situation each entry belongs to, to fold entry-level edges onto situations
    situation_of = {e: s for s in mm.axis("situations") for e in mm.children(s, "groups")}
    counts: Counter[tuple[str, str, str]] = Counter()
    for a, b, d in g.edges(data=True):
        kind = d.get("type")
        if kind == "on_day":
            key = (situation_of.get(a), b, kind)
        elif kind == "cites":
            key = (a, situation_of.get(b), kind)
        elif kind == "archived_in":
            key = (a, b, kind)
        elif kind == "conflicts":
            key = (situation_of.get(a), situation_of.get(b), kind)
        else:
            continue
        if key[0] in shown and key[1] in shown and key[0] != key[1]:
            counts[key] += 1
    layout.edges = [LayoutEdge(s, t, k, w) for (s, t, k), w in sorted(counts.items())]
    return layout


def _short_label(mm: MemoryMap, node: str) -> str:
    d = mm.graph.nodes[node]
    if d["type"] == "situation":
        return f"{d['label']} ({d['count']})"
    if d["type"] == "goal":
        return f"{node.split(':', 1)[1]} · {d['state']} · {' '.join(d['statement'].split())}"
    if d["type"] == "ontology_file":
        return f"{d['label']} {d['file']}"
    if d["type"] == "ontology_node":
        return d["theme"]
    if d["type"] == "cold_section":
        return f"cold {d['day']}"
    if d["type"] == "episodic_day":
        return f"episodic {d['day']}"
    if d["type"] == "journal_day":
        return f"{d['day']} ({d['count']})"
    return mm.label(node)


# -- the tree of the axes ------------------------------------------------------------------------------
class _Item:
    """One row of the tree. ``parent`` is the parent's position in ``MapTree.items`` (-1 for an
    axis), not the parent itself: a tree without reference cycles is freed as soon as the next
    one replaces it, instead of waiting for a full garbage collection on the GUI thread."""

    __slots__ = ("id", "type", "label", "pointer", "parent", "row", "children")

    def __init__(self, node_id: str, kind: str, label: str, pointer: str | None, parent: int, row: int):
        self.id, self.type, self.label, self.pointer = node_id, kind, label, pointer
        self.parent, self.row = parent, row
        self.children: list[_Item] = []


@dataclass
class MapTree:
    """The axes as ``_Item`` rows with their lookups, built off the GUI thread (``build_tree``)."""

    roots: list[_Item] = field(default_factory=list)
    items: list[_Item] = field(default_factory=list)  # every item; ``_Item.parent`` indexes it
    by_id: dict[str, _Item] = field(default_factory=dict)
    by_pointer: dict[str, _Item] = field(default_factory=dict)


def build_tree(outline: list[dict]) -> MapTree:
    """The rows of ``MemoryMap.outline()``: each axis, its items and their children."""
    tree = MapTree()

    def add(data: dict, parent: int, row: int) -> None:
        item = _Item(data["id"], data["type"], data["label"], data.get("pointer"), parent, row)
        tree.items[parent].children.append(item)
        here = len(tree.items)
        tree.items.append(item)
        tree.by_id.setdefault(item.id, item)
        if item.pointer:
            tree.by_pointer.setdefault(item.pointer, item)
        for i, child in enumerate(data.get("children") or []):
            add(child, here, i)

    for row, axis in enumerate(outline):
        root = _Item(f"axis:{axis['axis']}", "axis", axis["axis"], f"axis:{axis['axis']}", -1, row)
        here = len(tree.items)
        tree.roots.append(root)
        tree.items.append(root)
        tree.by_id[root.id] = root
        tree.by_pointer[root.pointer] = root
        for i, data in enumerate(axis["items"]):
            add(data, here, i)
    return tree


# -- the map text ------------------------------------------------------------------------------------
_POINTER = re.compile(r"\[(\d+)\]\??|«([^»]+)»")


def map_html(text: str) -> str:
    """The map text as HTML with every ``[n]`` and ``«pointer»`` a link (``drill:<pointer>``)."""
    out, last = [], 0
    for m in _POINTER.finditer(text):
        out.append(escape(text[last:m.start()], None))
        pointer = f"[{m.group(1)}]" if m.group(1) else m.group(2)
        out.append(f'<a href="drill:{QUrl.toPercentEncoding(pointer).data().decode()}">{escape(m.group(0))}</a>')
        last = m.end()
    out.append(escape(text[last:], None))
    return "<pre style='white-space: pre-wrap'>" + "".join(out) + "</pre>"


@dataclass(frozen=True)
class MapText:
    """The map text within ``budget`` (what ``core.map.injection_text`` gives the agent when the
    budget is the home's), its HTML, the full map's length and the home's ``map`` settings."""

    budget: int
    text: str
    html: str
    full_length: int
    settings: dict


def render_text(state, mm: MemoryMap, budget: int) -> MapText:
    """Task (``workbench.tasks``): the map text of ``mm`` within ``budget``."""
    text = render_map(mm, budget)
    full = len(text) if budget <= 0 else len(render_map(mm, 0))
    return MapText(budget, text, map_html(text), full, map_settings(mm.home))


# -- the snapshot built off the GUI thread -----------------------------------------------------------
@dataclass
class MapSnapshot:
    """What the map pane shows of one home at one moment, ready to swap in."""

    map: MemoryMap
    tree: MapTree
    layout: GraphLayout
    text: MapText


def build_snapshot(state, home: MemoryHome, budget: int = DEFAULT_BUDGET) -> MapSnapshot:
    """Task (``workbench.tasks``): build the map of ``home`` with a fresh ``Memory``; its text is
    rendered within ``budget``."""
    from linghun.core.memory import Memory

    state.set_progress(0.1, "map")
    mm = build_map(home, Memory(home))
    state.check_cancelled()
    state.set_progress(0.7, "layout")
    tree, layout = build_tree(mm.outline()), graph_layout(mm)
    state.check_cancelled()
    state.set_progress(0.85, "text")
    snapshot = MapSnapshot(mm, tree, layout, render_text(state, mm, budget))
    mm.node_for_pointer("")  # fill the pointer index here, not on the GUI thread
    state.set_progress(1.0, "done")
    return snapshot


# -- the tree model -----------------------------------------------------------------------------------
class MapModel(TranslatedColumns, QAbstractItemModel):
    """The four axes as a tree: axis -> items -> their entries / nodes; keyed by map node ids.

    Columns: the label, the pointer ``core.drill`` resolves. A reload resets the tree (the map is
    rebuilt as a whole); the view re-selects by pointer.
    """

    COLUMNS = (QT_TRANSLATE_NOOP("MapModel", "Item"), QT_TRANSLATE_NOOP("MapModel", "Pointer"))
    TR_CONTEXT = "MapModel"
    IdRole = Qt.ItemDataRole.UserRole + 1
    PointerRole = Qt.ItemDataRole.UserRole + 2
    TypeRole = Qt.ItemDataRole.UserRole + 3

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._tree = MapTree()

    def set_tree(self, tree: MapTree) -> None:
        """Show ``tree`` (built off the GUI thread by ``build_tree``): a reset and nothing else."""
        self.beginResetModel()
        self._tree = tree
        self.endResetModel()

    def set_outline(self, outline: list[dict]) -> None:
        self.set_tree(build_tree(outline))

    def index_for_id(self, node_id: str) -> QModelIndex:
        item = self._tree.by_id.get(node_id)
        return self.createIndex(item.row, 0, item) if item is not None else QModelIndex()

    def index_for_pointer(self, pointer: str) -> QModelIndex:
        """The item of a pointer (``[n]``, ``goal:g1``...): stable across rebuilds, unlike the ids
        of entries, which each ``Memory`` numbers afresh."""
        item = self._tree.by_pointer.get(pointer)
        return self.createIndex(item.row, 0, item) if item is not None else QModelIndex()

    def axis_count(self, axis: str) -> int:
        item = self._tree.by_id.get(f"axis:{axis}")
        return len(item.children) if item else 0

    # -- Qt interface -------------------------------------------------------------------------
    def _item(self, index: QModelIndex) -> _Item | None:
        return index.internalPointer() if index.isValid() else None

    def index(self, row, column, parent=QModelIndex()):  # noqa: B008
        if column < 0 or column >= len(self.COLUMNS) or row < 0:
            return QModelIndex()
        siblings = self._item(parent).children if parent.isValid() else self._tree.roots
        if row >= len(siblings):
            return QModelIndex()
        return self.createIndex(row, column, siblings[row])

    def parent(self, index=QModelIndex()):  # noqa: B008 - Qt's overloaded name
        item = self._item(index)
        if item is None or item.parent < 0:
            return QModelIndex()
        parent = self._tree.items[item.parent]
        return self.createIndex(parent.row, 0, parent)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        if parent.isValid():
            return len(self._item(parent).children) if parent.column() == 0 else 0
        return len(self._tree.roots)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return len(self.COLUMNS)


    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        item = self._item(index)
        if item is None:
            return None
        if role == self.IdRole:
            return item.id
        if role == self.PointerRole:
            return item.pointer
        if role == self.TypeRole:
            return item.type
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(self.data(index, Qt.ItemDataRole.DisplayRole))
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 1:
                return item.pointer or ""
            if item.type == "axis":
                return f"{axis_title(item.label)} ({len(item.children)})"
            return item.label
        if role == Qt.ItemDataRole.FontRole and item.type == "axis" and index.column() == 0:
            from PySide6.QtGui import QFont

            font = QFont()
            font.setBold(True)
            return font
        return None
