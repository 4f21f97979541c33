"""The warm entries hanging on the selected goal (``core.goal_links``): the goal as the skeleton the
memory's events, states and beliefs hang on.

The links are worked out in the background (they read every warm entry's topic tokens); a row
names the entry, its kind and text and the rule that hangs it on the goal. Double-click (or Enter)
selects the entry in the entries pane.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from linghun.core.goal_links import goal_links
from linghun.workbench.panes.ontology.links import request_entry


def hanging_rows(state, home, memory, goal) -> list[tuple[int, str, str, str]]:
    """``(n, kind, text, why)`` of each warm entry hanging on ``goal`` (a task: any thread)."""
    doc = memory.document()
    entries = list(doc.entries)
    by_n = {e.n: e for e in entries}
    # by warm.md's digest, as the map and the round keep them: an unchanged home digests no body
    links = goal_links(home.root, [goal], entries, doc.parsed_from).get(goal.id, [])
    return [(link.n, by_n[link.n].kind, " ".join(by_n[link.n].display_text.split()), link.why) for link in links]


class HangingEntries(QTreeWidget):
    """The entries of one goal; ``sig_shown(goal_id, count)`` once they are listed."""

    sig_shown = Signal(str, int)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.goal_id: str | None = None
        self._handle = None
        self.setRootIsDecorated(False)
        self.setColumnCount(4)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        # the text last, taking what is left: in a narrow dock its start stays readable (the whole
        # text is the row's tooltip)
        self.header().setStretchLastSection(True)
        self.itemActivated.connect(self._on_activated)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setHeaderLabels([self.tr("Entry"), self.tr("Kind"), self.tr("Why it hangs here"), self.tr("Text")])
        self.setAccessibleName(self.tr("Entries hanging on the goal"))

    def show_goal(self, goal) -> None:
        """List the entries of ``goal`` (None: none)."""
        self.cancel()
        self.clear()
        self.goal_id = goal.id if goal is not None else None
        if goal is None or self.ctx.tasks.closed:  # the home is closing: nothing more to find
            return
        self._handle = self.ctx.tasks.submit(self.tr("Finding the entries of goal %1").replace("%1", goal.id),
                                             hanging_rows, self.ctx.home, self.ctx.memory, goal)
        self._handle.sig_finished.connect(lambda rows, gid=goal.id: self._on_rows(gid, rows))
        self._handle.sig_done.connect(self._on_done)

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _on_rows(self, goal_id: str, rows: list) -> None:
        if goal_id != self.goal_id:
            return  # an earlier selection's answer
        for n, kind, text, why in rows:
            item = QTreeWidgetItem([f"[{n}]", kind, why, text])
            item.setData(0, Qt.ItemDataRole.UserRole, n)
            item.setToolTip(3, text)
            self.addTopLevelItem(item)
        for column in (0, 1, 2):
            self.resizeColumnToContents(column)
        self.sig_shown.emit(goal_id, len(rows))

    @Slot()
    def _on_done(self) -> None:
        self._handle = None

    def _on_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        request_entry(self.ctx, n=int(item.data(0, Qt.ItemDataRole.UserRole)))
