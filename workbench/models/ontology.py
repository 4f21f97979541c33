"""The long-term structure of a home as a tree: ontologies, topics, rules and cold sections.

``load_ontology_tree(home)`` reads the node files (SPEC 6) and cold.md (SPEC 4) into plain
``OntologyItem`` objects (no Qt); ``OntologyModel`` shows them in a ``QTreeView``. Every item has a
stable ``key`` built from what it is (file, theme, position among same-named siblings), so a
selection and the expanded branches survive a reload after the agent changed a file.

Levels: a group per file -> its nodes (``## theme``) -> the list lines of each node. A topic line of
``ontology.md`` carries ``[n]`` pointers to the warm entries it was projected from (``refs``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from linghun.workbench.models.columns import TranslatedColumns
from PySide6.QtCore import QAbstractItemModel, QCoreApplication, QModelIndex, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush

from linghun.core.errors import LinghunError
from linghun.core.formats import cold as cold_format
from linghun.core.formats import nodes as nodes_format
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.workbench import tones
from linghun.workbench.plaintext import tooltip

_REF = re.compile(r"\[(\d+)\]")
_DATE = re.compile(r"20\d\d-\d\d-\d\d")
_LIST_LINE = re.compile(r"^\s*[-*]\s+")

#: the files shown, in order: (group id, file attribute of MemoryHome, English label)
GROUPS = (
    ("events", "memory_ontology", QT_TRANSLATE_NOOP("OntologyModel", "Event timeline")),
    ("knowledge", "knowledge_ontology", QT_TRANSLATE_NOOP("OntologyModel", "Knowledge")),
    ("knowledge_legacy", "knowledge_legacy", QT_TRANSLATE_NOOP("OntologyModel", "Knowledge (older knowledge.md)")),
    ("rules", "rules", QT_TRANSLATE_NOOP("OntologyModel", "Rules")),
    ("topics", "ontology", QT_TRANSLATE_NOOP("OntologyModel", "Topics (projection)")),
    ("cold", "cold", QT_TRANSLATE_NOOP("OntologyModel", "Cold archive")),
)
#: groups whose nodes can be edited here (cold.md is an archive: append-only, read-only here)
EDITABLE_GROUPS = {"events", "knowledge", "knowledge_legacy", "rules", "topics"}


def tr(text: str) -> str:
    """``text`` (marked with ``QT_TRANSLATE_NOOP("OntologyModel", ...)``) in the UI language."""
    return QCoreApplication.translate("OntologyModel", text)


@dataclass(eq=False)
class OntologyItem:
    """One row of the tree.

    Attributes:
        key: stable id (``group``, ``group/theme#k``, ``group/theme#k/line#i``).
        level: "group", "node" or "line".
        group: the group id (see ``GROUPS``).
        label: what the first column shows.
        date: the first ``20YY-MM-DD`` of the item (a rule's day for rules).
        body: the full text shown in the detail view.
        path: the file the item comes from.
        theme: the node's theme (nodes and their lines).
        refs: ``[n]`` warm entry numbers the item points at.
        error: why the file could not be read (the group then has no children).
    """

    key: str
    level: str
    group: str
    label: str
    date: str = ""
    body: str = ""
    path: Path | None = None
    theme: str | None = None
    refs: list[int] = field(default_factory=list)
    error: str | None = None
    info: str = ""
    occurrence: int = 1
    parent: "OntologyItem | None" = None
    children: list["OntologyItem"] = field(default_factory=list)

    @property
    def editable(self) -> bool:
        return self.level == "node" and self.group in EDITABLE_GROUPS and self.error is None

    def add(self, child: "OntologyItem") -> "OntologyItem":
        child.parent = self
        self.children.append(child)
        return child

    def row(self) -> int:
        return self.parent.children.index(self) if self.parent else 0


def _first_date(text: str) -> str:
    m = _DATE.search(text)
    return m.group(0) if m else ""


def _lines_of(group: str, node_item: OntologyItem, node: nodes_format.Node) -> None:
    """The list lines of a node as children (a rule line's day is its ``（YYYY-MM-DD）``)."""
    if group == "rules":
        lines = [(rule, day or "") for _, rule, day in nodes_format.rules_in(nodes_format.NodeDocument(nodes=[node]))]
    else:
        lines = [(_LIST_LINE.sub("", ln, count=1).strip(), "") for ln in node.body.split("\n") if _LIST_LINE.match(ln)]
    seen: dict[str, int] = {}
    for text, day in lines:
        seen[text] = seen.get(text, 0) + 1
        key = f"{node_item.key}/{text}#{seen[text]}"
        date = day or _first_date(text)
        node_item.add(OntologyItem(key=key, level="line", group=group, label=text, date=date, body=text,
                                   path=node_item.path, theme=node_item.theme,
                                   refs=[int(n) for n in _REF.findall(text)]))


def _node_group(group: str, label: str, path: Path) -> OntologyItem:
    root = OntologyItem(key=group, level="group", group=group, label=label, path=path)
    text = read_text(path) or ""
    doc = nodes_format.parse_nodes(text)
    counts: dict[str, int] = {}
    for node in doc.nodes:
        counts[node.theme] = counts.get(node.theme, 0) + 1
        item = root.add(OntologyItem(
            key=f"{group}/{node.theme}#{counts[node.theme]}", level="node", group=group,
            label=node.theme or QCoreApplication.translate("OntologyModel", "(untitled)"), date=nodes_format.node_date(node) or "",
            body=node.body, path=path, theme=node.theme,
            refs=sorted({int(n) for n in _REF.findall(node.body)}), occurrence=counts[node.theme]))
        _lines_of(group, item, node)
        item.info = str(len(item.children)) if item.children else ""
    root.info = str(len(root.children))
    return root


def _cold_group(label: str, path: Path) -> OntologyItem:
    root = OntologyItem(key="cold", level="group", group="cold", label=label, path=path)
    doc = cold_format.parse_cold(read_text(path) or "")
    counts: dict[str, int] = {}
    for section in doc.sections:
        title = section.raw.strip().split("\n", 1)[0].lstrip("# ").strip()
        counts[title] = counts.get(title, 0) + 1
        item = root.add(OntologyItem(key=f"cold/{title}#{counts[title]}", level="node", group="cold",
                                     label=title, date=section.day or _first_date(title),
                                     body=section.raw.strip(), path=path, theme=title))
        for i, it in enumerate(section.items, 1):
            item.add(OntologyItem(key=f"{item.key}/{i}", level="line", group="cold", label=it.brief,
                                  date=item.date, body=it.brief, path=path, info=it.confidence))
        item.info = str(len(item.children))
    root.info = str(len(root.children))
    return root


def load_ontology_tree(home: MemoryHome) -> list[OntologyItem]:
    """The groups of ``home`` that exist (an unreadable file is a group carrying ``error``)."""
    groups = []
    for group, attr, label in GROUPS:
        path: Path = getattr(home, attr)
        if not path.exists():
            continue
        try:
            item = _cold_group(tr(label), path) if group == "cold" else _node_group(group, tr(label), path)
        except (LinghunError, OSError) as exc:
            item = OntologyItem(key=group, level="group", group=group, label=tr(label), path=path,
                                error=str(exc), info=QCoreApplication.translate("OntologyModel", "unreadable"))
        groups.append(item)
    return groups


@dataclass(frozen=True)
class ArchivedEntry:
    """Where a consolidated line came from: the warm entry kept in an episodic archive."""

    path: Path
    hhmm: str
    header: str
    raw: str


_STAMPED_LINE = re.compile(r"^(?P<stamp>\d{4}-\d\d-\d\d \d\d:\d\d) (?P<body>.*)$")
_DAY_SUFFIX = re.compile(r"^(?P<body>.*)（(?P<day>\d{4}-\d\d-\d\d)）$")


def find_archived_entry(home: MemoryHome, item: OntologyItem) -> ArchivedEntry | None:
    """The warm entry a line of the event timeline, the knowledge ontology or rules.md was
    consolidated from, found in the episodic archives (SPEC 4 writes ``- <stamp> <body>`` for
    events, ``- <body>（<day>）`` for knowledge and rules). None when it is not archived."""
    from linghun.core.formats import episodic as episodic_format
    from linghun.core.formats.warm import parse_warm

    if item.level != "line" or item.group not in ("events", "knowledge", "knowledge_legacy", "rules"):
        return None
    m = _STAMPED_LINE.match(item.label)
    if m:
        stamp, body = m.group("stamp"), m.group("body")
    else:
        d = _DAY_SUFFIX.match(item.label)
        stamp, body = (d.group("day"), d.group("body")) if d else (item.date, item.label)
    if not stamp:
        return None
    wanted = " ".join(body.split())
    for day, paths in home.episodic_days().items():
        if day < stamp[:10]:
            continue
        for path in paths:
            try:
                text = read_text(path) or ""
            except (LinghunError, OSError):
                continue
            for section in episodic_format.parse_episodic(text).sections:
                for e in parse_warm(section.text).entries:
                    if e.stamp.startswith(stamp) and " ".join(e.body.split()) == wanted:
                        return ArchivedEntry(path, section.hhmm, e.header(), e.raw)
    return None


class OntologyModel(TranslatedColumns, QAbstractItemModel):
    """The ontology tree: columns name, date, info. Items are ``OntologyItem``; keys are stable."""

    COLUMNS = (QT_TRANSLATE_NOOP("OntologyModel", "Name"), QT_TRANSLATE_NOOP("OntologyModel", "Date"),
               QT_TRANSLATE_NOOP("OntologyModel", "Info"))
    TR_CONTEXT = "OntologyModel"
    KeyRole = Qt.ItemDataRole.UserRole + 1
    RefsRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, home: MemoryHome, parent=None) -> None:
        super().__init__(parent)
        self.home = home
        self._roots: list[OntologyItem] = []
        self._by_key: dict[str, OntologyItem] = {}

    # -- loading ---------------------------------------------------------------------------
    def reload(self) -> None:
        """Re-read the files (the view keeps selection and expansion through ``key``)."""
        self.beginResetModel()
        self._roots = load_ontology_tree(self.home)
        self._by_key = {}
        stack = list(self._roots)
        while stack:
            item = stack.pop()
            self._by_key[item.key] = item
            stack.extend(item.children)
        self.endResetModel()

    def item(self, index: QModelIndex) -> OntologyItem | None:
        return index.internalPointer() if index.isValid() else None

    def item_for_key(self, key: str) -> OntologyItem | None:
        return self._by_key.get(key)

    def index_for_key(self, key: str) -> QModelIndex:
        item = self._by_key.get(key)
        if item is None:
            return QModelIndex()
        return self.createIndex(item.row() if item.parent else self._roots.index(item), 0, item)

    def roots(self) -> list[OntologyItem]:
        return list(self._roots)

    # -- QAbstractItemModel ------------------------------------------------------------------
    def index(self, row: int, column: int, parent=QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(self.COLUMNS) or row < 0:
            return QModelIndex()
        if parent.isValid() and parent.column() != 0:
            return QModelIndex()
        siblings = self.item(parent).children if parent.isValid() else self._roots
        if row >= len(siblings):
            return QModelIndex()
        return self.createIndex(row, column, siblings[row])

    def parent(self, index=QModelIndex()) -> QModelIndex:  # noqa: B008
        item = self.item(index)
        if item is None or item.parent is None:
            return QModelIndex()
        up = item.parent
        row = up.row() if up.parent else self._roots.index(up)
        return self.createIndex(row, 0, up)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        if parent.isValid():
            if parent.column() != 0:
                return 0
            return len(self.item(parent).children)
        return len(self._roots)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return len(self.COLUMNS)


    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        item = self.item(index)
        if item is None:
            return None
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return item.label.replace("\n", " ")[:200]
            if col == 1:
                return item.date
            return item.info
        if role == Qt.ItemDataRole.ToolTipRole:
            if item.error:
                return tooltip(item.error)
            if item.path is not None and item.level == "group":
                return tooltip(str(item.path))
            return tooltip(item.body, 1000)
        if role == self.KeyRole:
            return item.key
        if role == self.RefsRole:
            return list(item.refs)
        if role == Qt.ItemDataRole.ForegroundRole and item.error and col == 0:
            return QBrush(tones.text("error"))
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


__all__ = ["OntologyItem", "OntologyModel", "ArchivedEntry", "find_archived_entry", "load_ontology_tree", "GROUPS",
           "EDITABLE_GROUPS"]
