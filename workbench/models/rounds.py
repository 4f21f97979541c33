"""Qt models over assembler rounds: past rounds (from the trace files), one round's roles, and the
retriever's candidates.

- ``RoundsModel``: a table of the rounds kept under ``memory/team/traces`` (``TraceStore.rounds``),
  newest first, keyed by round id (``KeyRole``), so a selection survives a reload.
- ``LiveRound``: the state of one round as its events arrive (``round.started``, ``trace.span``
  start / end, ``trace.delta``, ``round.finished``) or as loaded from its trace: a plain object the
  rounds pane draws.
- ``CandidatesModel``: the retriever span's candidates and near misses with their BM25 term
  contributions, keyed by candidate id; a long entry the round showed as an excerpt says which
  passage of how many characters (``core/excerpt.py``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from linghun.workbench.models.columns import TranslatedColumns
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, QObject, Qt, QT_TRANSLATE_NOOP

from linghun.core.assembler.trace import TraceStore
from linghun.core.home import MemoryHome
from linghun.workbench import clock, tones
from linghun.workbench.plaintext import tooltip

#: the roles of a round, in the order they fire (core/assembler/TRACE.md)
ROLES = ("feedback", "debounce", "judge", "retriever", "archivist", "advocate", "editor", "scribe")
ROLE_TITLES = {
    "feedback": QT_TRANSLATE_NOOP("Roles", "Feedback"),
    "debounce": QT_TRANSLATE_NOOP("Roles", "Debounce"),
    "judge": QT_TRANSLATE_NOOP("Roles", "Judge"),
    "retriever": QT_TRANSLATE_NOOP("Roles", "Retriever"),
    "archivist": QT_TRANSLATE_NOOP("Roles", "Archivist"),
    "advocate": QT_TRANSLATE_NOOP("Roles", "Advocate"),
    "editor": QT_TRANSLATE_NOOP("Roles", "Editor"),
    "scribe": QT_TRANSLATE_NOOP("Roles", "Scribe"),
}
STATUS_TITLES = {
    "waiting": QT_TRANSLATE_NOOP("Roles", "waiting"),
    "running": QT_TRANSLATE_NOOP("Roles", "running"),
    "ok": QT_TRANSLATE_NOOP("Roles", "ok"),
    "skipped": QT_TRANSLATE_NOOP("Roles", "skipped"),
    "failed": QT_TRANSLATE_NOOP("Roles", "failed"),
    "fallback": QT_TRANSLATE_NOOP("Roles", "fallback"),
    "not run": QT_TRANSLATE_NOOP("Roles", "not run"),
    # a round's own outcome (TRACE.md, result records)
    "degraded": QT_TRANSLATE_NOOP("Roles", "degraded"),
    "debounced": QT_TRANSLATE_NOOP("Roles", "debounced"),
    "cancelled": QT_TRANSLATE_NOOP("Roles", "cancelled"),
    "unfinished": QT_TRANSLATE_NOOP("Roles", "unfinished"),
}


def role_title(role: str) -> str:
    return QCoreApplication.translate("Roles", ROLE_TITLES.get(role, role))


def status_title(status: str) -> str:
    return QCoreApplication.translate("Roles", STATUS_TITLES.get(status, status))


@dataclass
class RoleState:
    """One role of a round: ``status`` is ``waiting``/``running`` while live, then the span's own
    (``ok``, ``skipped``, ``failed``, ``fallback``), or ``not run`` when the round ended without it."""

    role: str
    status: str = "waiting"
    seq: int = 0
    duration_ms: float | None = None
    span: dict[str, Any] | None = None
    streamed: str = ""


@dataclass
class LiveRound:
    """A round as the rounds pane shows it.

    Attributes:
        round_id: the id (``YYYYMMDD-HHMMSS-xxxx``).
        header: the ``round`` record (question, settings, inputs...).
        roles: the state of each role, by name, in ``ROLES`` order.
        order: ``(role, phase)`` in the order the span events arrived (for the live strip).
        result: the ``result`` record once finished, else None.
    """

    round_id: str
    header: dict[str, Any] = field(default_factory=dict)
    roles: dict[str, RoleState] = field(default_factory=lambda: {r: RoleState(r) for r in ROLES})
    order: list[tuple[str, str]] = field(default_factory=list)
    result: dict[str, Any] | None = None

    @classmethod
    def from_trace(cls, loaded: dict[str, Any]) -> "LiveRound":
        """A finished round from ``TraceStore.load`` (or the same shape built from a ``Trace``)."""
        header = loaded.get("header") or {}
        live = cls(str(header.get("round", "")), header)
        for span in loaded.get("spans") or []:
            live.on_span("start", span.get("role", ""), span.get("seq", 0))
            live.on_span("end", span.get("role", ""), span.get("seq", 0), span)
        live.finish(loaded.get("result") or {"status": "unfinished"})
        return live

    # -- live events ----------------------------------------------------------------------
    def on_span(self, phase: str, role: str, seq: int, span: dict[str, Any] | None = None) -> RoleState | None:
        state = self.roles.get(role)
        if state is None:  # a role this workbench does not know: kept out of the strip
            return None
        self.order.append((role, phase))
        state.seq = int(seq or 0)
        if phase == "start":
            state.status = "running"
        else:
            state.span = span or {}
            state.status = str(state.span.get("status") or "ok")
            state.duration_ms = state.span.get("duration_ms")
        return state

    def on_delta(self, role: str, text: str) -> None:
        state = self.roles.get(role)
        if state is not None:
            state.streamed += text

    def finish(self, result: dict[str, Any]) -> None:
        self.result = result
        for state in self.roles.values():
            if state.status in ("waiting", "running"):
                state.status = "not run"

    # -- what the pane asks -------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def query(self) -> str:
        return str(self.header.get("query") or "")

    @property
    def bundle(self) -> str:
        return str((self.result or {}).get("bundle") or "")

    @property
    def gap(self) -> bool:
        """The round recorded a gap: its retrieval found no hit although candidates existed."""
        if (self.result or {}).get("gap"):
            return True
        span = self.roles["retriever"].span or {}
        return bool((span.get("outputs") or {}).get("gap"))

    def span_events(self) -> list[tuple[str, str]]:
        return list(self.order)


class RoundsModel(TranslatedColumns, QAbstractTableModel):
    """Past rounds of a home, newest first, keyed by round id (at most ``limit``: reading stops at
    the day files holding the newest ``limit`` rounds, so months of traces open quickly)."""

    KeyRole = Qt.ItemDataRole.UserRole + 1
    COLUMNS = (
        QT_TRANSLATE_NOOP("RoundsModel", "Time"),
        QT_TRANSLATE_NOOP("RoundsModel", "Question"),
        QT_TRANSLATE_NOOP("RoundsModel", "Judgment"),
        QT_TRANSLATE_NOOP("RoundsModel", "Status"),
        QT_TRANSLATE_NOOP("RoundsModel", "LLM"),
        QT_TRANSLATE_NOOP("RoundsModel", "ms"),
    )
    TR_CONTEXT = "RoundsModel"

    def __init__(self, home: MemoryHome, parent: QObject | None = None, limit: int = 500) -> None:
        super().__init__(parent)
        self.store = TraceStore(home)
        self.limit = limit
        self._rows: list[dict[str, Any]] = []
        self._row_of: dict[str, int] = {}

    def reload(self) -> None:
        """Read the trace files again (a torn last line is skipped by the store)."""
        rows = self.store.rounds(limit=self.limit)
        self.beginResetModel()
        self._rows = rows
        self._row_of = {r["round"]: i for i, r in enumerate(rows)}
        self.endResetModel()

    def rounds(self) -> list[dict[str, Any]]:
        return list(self._rows)

    def summary(self, round_id: str) -> dict[str, Any] | None:
        row = self._row_of.get(round_id)
        return self._rows[row] if row is not None else None

    def row_of(self, round_id: str) -> int:
        return self._row_of.get(round_id, -1)

    # -- Qt model -----------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self.COLUMNS)


    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        r = self._rows[index.row()]
        column = index.column()
        if role == self.KeyRole:
            return r["round"]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return clock.shown_iso(r.get("started_at"))
            if column == 1:
                text = " ".join(str(r.get("query") or "").split())
                return ("↻ " if r.get("replay_of") else "") + text
            if column == 2:
                return " · ".join(str(v) for v in (r.get("level"), r.get("strategy")) if v) or "–"
            if column == 3:
                return status_title(str(r.get("status") or ""))
            if column == 4:
                return str(r.get("llm") or "")
            if column == 5:
                ms = r.get("duration_ms")
                return f"{ms:.0f}" if isinstance(ms, (int, float)) else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [r["round"], str(r.get("query") or "")]
            if r.get("replay_of"):
                lines.append(QCoreApplication.translate("RoundsModel", "re-run of %1").replace("%1", str(r["replay_of"])))
            return tooltip("\n".join(lines))
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 5:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _by_rank(candidate: dict[str, Any]) -> tuple:
    """Rank first (an unranked candidate after the ranked ones), then the higher score."""
    rank, score = candidate.get("rank"), candidate.get("score")
    return (rank if isinstance(rank, int) else float("inf"), -score if isinstance(score, (int, float)) else 0.0)


class CandidatesModel(TranslatedColumns, QAbstractTableModel):
    """The retriever's candidates, then its near misses, with BM25 term contributions."""

    KeyRole = Qt.ItemDataRole.UserRole + 1
    NearMissRole = Qt.ItemDataRole.UserRole + 2
    COLUMNS = (
        QT_TRANSLATE_NOOP("CandidatesModel", "Rank"),
        QT_TRANSLATE_NOOP("CandidatesModel", "Via"),
        QT_TRANSLATE_NOOP("CandidatesModel", "Entry"),
        QT_TRANSLATE_NOOP("CandidatesModel", "Score"),
        QT_TRANSLATE_NOOP("CandidatesModel", "Terms"),
        QT_TRANSLATE_NOOP("CandidatesModel", "Kind"),
        QT_TRANSLATE_NOOP("CandidatesModel", "Text"),
    )
    TR_CONTEXT = "CandidatesModel"

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[dict[str, Any], bool]] = []

    def set_span(self, span: dict[str, Any] | None) -> None:
        span = span or {}
        self.beginResetModel()
        # by rank, as the retriever chose them (the trace lists them by entry number)
        self._rows = ([(c, False) for c in sorted(span.get("candidates") or [], key=_by_rank)]
                      + [(c, True) for c in sorted(span.get("near_misses") or [], key=_by_rank)])
        self.endResetModel()

    def candidate(self, row: int) -> dict[str, Any]:
        return self._rows[row][0]

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self.COLUMNS)


    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        c, near = self._rows[index.row()]
        column = index.column()
        if role == self.KeyRole:
            return str(c.get("id") or c.get("n") or index.row())
        if role == self.NearMissRole:
            return near
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return str(c.get("rank") or "")
            if column == 1:
                return QCoreApplication.translate("CandidatesModel", "near miss") if near else str(c.get("via") or "")
            if column == 2:
                cut = excerpt_text(c)
                return f"{candidate_label(c)} · {cut}" if cut else candidate_label(c)
            if column == 3:
                score = c.get("score")
                return f"{score:.3f}" if isinstance(score, (int, float)) else ""
            if column == 4:
                return term_text(c.get("terms"))
            if column == 5:
                return " · ".join(str(v) for v in (c.get("kind") or c.get("source"), c.get("confidence")) if v)
            if column == 6:
                return " ".join(str(c.get("text") or "").split())[:300]
        if role == Qt.ItemDataRole.ToolTipRole and column == 2 and excerpt_text(c):
            return QCoreApplication.translate(
                "CandidatesModel", "Longer than assemble.excerptTokens: the editor read this passage of it; "
                "memory_drill %1 gives the whole").replace("%1", str(c["excerpt"].get("pointer") or candidate_label(c)))
        if role == Qt.ItemDataRole.ToolTipRole and column in (4, 6):
            return tooltip(str(c.get("text") or "") if column == 6 else json.dumps(c.get("terms") or {}, ensure_ascii=False))
        if role == Qt.ItemDataRole.ForegroundRole and near:
            return tones.muted()
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (0, 3):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def candidate_label(c: dict[str, Any]) -> str:
    """What the Entry column names a candidate by: ``[n]`` for a warm entry; for a line of a
    file of the home (a consolidated line, a topic node, a workspace file) the file's name, its
    line and theme: the trace keeps the whole path, a machine's folder that says nothing here."""
    if c.get("n"):
        return f"[{c['n']}]"
    path = str(c.get("path") or "")
    if not path:
        return str(c.get("id") or "")
    label = path.replace("\\", "/").rsplit("/", 1)[-1]
    if c.get("line"):
        label += f":{c['line']}"
    if c.get("theme"):
        label += f" · {c['theme']}"
    return label


def excerpt_text(c: dict[str, Any]) -> str:
    """Which passage of a long entry the round showed (the trace's ``excerpt``), e.g.
    ``excerpt 812-1407 of 4812``; empty for an entry shown whole."""
    x = c.get("excerpt")
    if not isinstance(x, dict) or not all(isinstance(x.get(k), int) for k in ("start", "end", "full_chars")):
        return ""
    return (QCoreApplication.translate("CandidatesModel", "excerpt %1-%2 of %3")
            .replace("%1", str(x["start"])).replace("%2", str(x["end"])).replace("%3", str(x["full_chars"])))


def term_text(terms: Any, limit: int = 6) -> str:
    """BM25 term contributions, largest first: ``决定 1.00, 迁移 0.58``; the ``limit`` largest,
    then every discount (a question's penalty, a score borrowed from neighbours), which says why a
    unit with strong channels still ranks low."""
    if not isinstance(terms, dict):
        return ""
    items = sorted(((str(t), v) for t, v in terms.items() if isinstance(v, (int, float))), key=lambda kv: -kv[1])
    shown = [kv for kv in items if kv[1] >= 0][:limit] + [kv for kv in items if kv[1] < 0]
    return ", ".join(f"{t} {v:.2f}" for t, v in shown)
