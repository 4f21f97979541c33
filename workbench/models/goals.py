"""Qt models of the goal ontology (SPEC 8): the goals table and the activation ranking.

``GoalsModel`` is keyed by goal ids: a reload compares the new goals with the shown ones and
inserts, removes or updates rows (``beginInsertRows`` / ``beginRemoveRows`` / ``dataChanged``), so
a view keeps its selection and scroll position when the agent changes one goal.

``ActivationModel`` shows ``Goals.goal_get(situation, k=0)``: each goal's score split into the
parts of the residual-triggering formula (``score_parts``), and the rank pure similarity would
give, so the gain of the goal channel is visible.
"""
from __future__ import annotations

from dataclasses import dataclass

from linghun.workbench import tones
from linghun.workbench.models.columns import TranslatedColumns
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush

from linghun.core.goals import ALPHA, BETA, Goal, GoalActivation
from linghun.core.goals.activation import W_BASE, W_BRIDGE, W_DOMAIN, W_SIM
from linghun.workbench.plaintext import tooltip

#: colours of the states (diagram, map) and of the score parts (bars, legend): they read on both themes;
#: the table draws a state in its tone (``tones.text``)
STATE_COLOURS = {"active": tones.SERIES["teal"], "paused": tones.SERIES["gold"], "achieved": tones.SERIES["navy"],
                 "abandoned": tones.SERIES["gray"]}
PART_COLOURS = {"similarity": tones.SERIES["blue"], "domain": tones.SERIES["orange"], "bridge": tones.SERIES["red"],
                "base": tones.SERIES["light gray"]}

STATE_NAMES = {
    "active": QT_TRANSLATE_NOOP("GoalsModel", "active"),
    "paused": QT_TRANSLATE_NOOP("GoalsModel", "paused"),
    "achieved": QT_TRANSLATE_NOOP("GoalsModel", "achieved"),
    "abandoned": QT_TRANSLATE_NOOP("GoalsModel", "abandoned"),
}
PARTS_TOOLTIP = QT_TRANSLATE_NOOP("GoalsModel", "similarity %1 + domain %2 + bridge %3 + base %4 = %5")
NO_SIGNAL = QT_TRANSLATE_NOOP("GoalsModel", "no signal")
PRIORITY_NAMES = {
    "high": QT_TRANSLATE_NOOP("GoalsModel", "high"),
    "medium": QT_TRANSLATE_NOOP("GoalsModel", "medium"),
    "low": QT_TRANSLATE_NOOP("GoalsModel", "low"),
}


def tr(text: str) -> str:
    """``text`` (marked with ``QT_TRANSLATE_NOOP("GoalsModel", ...)``) in the UI language."""
    return QCoreApplication.translate("GoalsModel", text)


def state_name(state: str) -> str:
    return tr(STATE_NAMES[state]) if state in STATE_NAMES else state


def priority_name(priority: str) -> str:
    return tr(PRIORITY_NAMES[priority]) if priority in PRIORITY_NAMES else priority


IdRole = Qt.ItemDataRole.UserRole + 1
SortRole = Qt.ItemDataRole.UserRole + 2


class GoalsModel(TranslatedColumns, QAbstractTableModel):
    """The goals of goals.json, one row per goal id, in file order."""

    COLUMNS = (QT_TRANSLATE_NOOP("GoalsModel", "Id"), QT_TRANSLATE_NOOP("GoalsModel", "Statement"),
               QT_TRANSLATE_NOOP("GoalsModel", "Domain"), QT_TRANSLATE_NOOP("GoalsModel", "State"),
               QT_TRANSLATE_NOOP("GoalsModel", "Priority"), QT_TRANSLATE_NOOP("GoalsModel", "Triggers"),
               QT_TRANSLATE_NOOP("GoalsModel", "Speaker"), QT_TRANSLATE_NOOP("GoalsModel", "Updated"))
    TR_CONTEXT = "GoalsModel"
    IdRole = IdRole
    SortRole = SortRole

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._goals: list[Goal] = []
        self._rows: dict[str, int] = {}

    # -- content ------------------------------------------------------------------------------
    def set_goals(self, goals: list[Goal]) -> None:
        """Show ``goals``: rows of vanished ids are removed, new ids appended, changed rows updated."""
        new_by_id = {g.id: g for g in goals}
        # remove vanished rows, bottom up so row numbers stay valid
        for row in range(len(self._goals) - 1, -1, -1):
            if self._goals[row].id not in new_by_id:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._goals[row]
                self.endRemoveRows()
        self._reindex()
        for row, old in enumerate(self._goals):
            new = new_by_id[old.id]
            if new.to_dict() != old.to_dict():
                self._goals[row] = new
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))
        added = [g for g in goals if g.id not in self._rows]
        if added:
            first = len(self._goals)
            self.beginInsertRows(QModelIndex(), first, first + len(added) - 1)
            self._goals.extend(added)
            self._reindex()
            self.endInsertRows()

    def _reindex(self) -> None:
        self._rows = {g.id: i for i, g in enumerate(self._goals)}

    def goals(self) -> list[Goal]:
        return list(self._goals)

    def goal(self, goal_id: str | None) -> Goal | None:
        row = self._rows.get(goal_id or "")
        return self._goals[row] if row is not None else None

    def row_of(self, goal_id: str) -> int:
        return self._rows.get(goal_id, -1)

    # -- Qt interface -------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return 0 if parent.isValid() else len(self._goals)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return 0 if parent.isValid() else len(self.COLUMNS)


    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._goals):
            return None
        g = self._goals[index.row()]
        col = index.column()
        if role == IdRole:
            return g.id
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(self._cell(g, col, role))
        if role in (Qt.ItemDataRole.DisplayRole, SortRole):
            return self._cell(g, col, role)
        if role == Qt.ItemDataRole.ForegroundRole and col == 3 and g.state in STATE_COLOURS:
            return QBrush(tones.text(g.state) if g.state in tones.TEXT else tones.muted())
        return None

    @staticmethod
    def _cell(g, col: int, role: int):
        if col == 0:
            number = g.id[1:] if g.id[:1] == "g" and g.id[1:].isdigit() else ""
            return int(number) if role == SortRole and number else g.id
        if col == 1:
            return g.statement
        if col == 2:
            return g.domain
        if col == 3:
            return state_name(g.state)
        if col == 4:
            if role == SortRole:
                return {"high": 0, "medium": 1, "low": 2}.get(g.priority, 3)
            return priority_name(g.priority)
        if col == 5:
            return "；".join(g.triggers)
        if col == 6:
            return g.speaker
        return g.updated if role != Qt.ItemDataRole.DisplayRole else g.updated[:16]  # minutes are enough to read


@dataclass(frozen=True)
class ScoreParts:
    """How much each term of ``trigger = ALPHA*sim + BETA*stateW*(...)`` adds to the score.

    ``similarity + domain + bridge + base == score`` (the goal's total), so the parts can be drawn
    as one stacked bar.
    """

    similarity: float
    domain: float
    bridge: float
    base: float

    @property
    def total(self) -> float:
        return self.similarity + self.domain + self.bridge + self.base

    def as_dict(self) -> dict[str, float]:
        return {"similarity": self.similarity, "domain": self.domain, "bridge": self.bridge, "base": self.base}


def score_parts(a: GoalActivation) -> ScoreParts:
    """The score of ``a`` split into its additive parts (zero for a goal whose state weight is 0)."""
    if a.state_weight <= 0:
        return ScoreParts(0.0, 0.0, 0.0, 0.0)
    w = BETA * a.state_weight
    return ScoreParts(similarity=ALPHA * a.similarity + w * W_SIM * a.similarity,
                      domain=w * W_DOMAIN * a.domain_hit, bridge=w * W_BRIDGE * a.bridge_hit, base=w * W_BASE)


class ActivationModel(TranslatedColumns, QAbstractTableModel):
    """Goals ranked by a situation, with every part of their score."""

    COLUMNS = (QT_TRANSLATE_NOOP("GoalsModel", "Rank"), QT_TRANSLATE_NOOP("GoalsModel", "By similarity"),
               QT_TRANSLATE_NOOP("GoalsModel", "Goal"), QT_TRANSLATE_NOOP("GoalsModel", "Score"),
               QT_TRANSLATE_NOOP("GoalsModel", "Parts"), QT_TRANSLATE_NOOP("GoalsModel", "Similarity"),
               QT_TRANSLATE_NOOP("GoalsModel", "Domain hit"), QT_TRANSLATE_NOOP("GoalsModel", "Bridge hit"),
               QT_TRANSLATE_NOOP("GoalsModel", "State weight"))
    TR_CONTEXT = "GoalsModel"
    PARTS_COLUMN = 4
    PartsRole = Qt.ItemDataRole.UserRole + 3
    IdRole = IdRole

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[GoalActivation] = []
        self._top = 1.0

    def set_ranking(self, ranking: list[GoalActivation]) -> None:
        self.beginResetModel()
        self._rows = list(ranking)
        self._top = max((a.score for a in self._rows), default=0.0) or 1.0
        self.endResetModel()

    def ranking(self) -> list[GoalActivation]:
        return list(self._rows)

    @property
    def top_score(self) -> float:
        """The largest score shown: bars are drawn relative to it."""
        return self._top

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return 0 if parent.isValid() else len(self.COLUMNS)


    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        a = self._rows[index.row()]
        col = index.column()
        if role == IdRole:
            return a.goal.id
        if role == self.PartsRole:
            return score_parts(a)
        if role == Qt.ItemDataRole.DisplayRole:
            if not a.has_signal and col in (0, 1, 3):
                # the state base alone: every such goal has the same score, their order means nothing
                return "—" if col != 3 else tr(NO_SIGNAL)
            if col == 0:
                return str(a.rank)
            if col == 1:
                gain = a.residual_gain
                return f"{a.similarity_rank}" + (f"  ↑{gain}" if gain > 0 else "")
            if col == 2:
                return f"{a.goal.id} · {' '.join(a.goal.statement.split())}"
            if col == 3:
                return f"{a.score:.3f}"
            if col == 4:
                return None  # drawn by the bar delegate
            if col == 5:
                words = ", ".join(a.similarity_tokens)
                return f"{a.similarity:.2f}" + (f"  ({words})" if words else "")
            if col == 6:
                return ", ".join(a.domain_words) if a.domain_hit else "—"
            if col == 7:
                return f"{a.bridge_trigger} ({', '.join(a.bridge_tokens)})" if a.bridge_hit else "—"
            return f"{a.state_weight:g} ({state_name(a.goal.state)})"
        if role == Qt.ItemDataRole.ToolTipRole:
            p = score_parts(a)
            return tr(PARTS_TOOLTIP) \
                .replace("%1", f"{p.similarity:.3f}").replace("%2", f"{p.domain:.3f}") \
                .replace("%3", f"{p.bridge:.3f}").replace("%4", f"{p.base:.3f}").replace("%5", f"{a.score:.3f}")
        if role == Qt.ItemDataRole.ForegroundRole and not a.has_signal:
            return QBrush(tones.muted())
        if role == Qt.ItemDataRole.ForegroundRole and col == 1 and a.residual_gain > 0:
            return QBrush(tones.text("active"))
        return None
