"""Gaps of the assembler (SPEC 12): rounds whose retrieval found no hit although candidates existed.

A gap is written twice by the scribe: a line of ``team/gaps.md`` and an item of ``cycle.json``'s
``gaps`` (with a ``note``). ``load_gaps`` merges both into ``Gap`` objects keyed by time and query,
with the rounds that asked the same question (``judge/history.jsonl``). ``annotate`` and
``dismiss`` return the new file texts in the SPEC 12 format; every other byte of ``gaps.md`` and
every unknown key of ``cycle.json`` is kept. ``GapsModel`` shows the gaps in a table.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from linghun.workbench.models.columns import TranslatedColumns
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush

from linghun.core.errors import InvalidInputError, LinghunError
from linghun.core.formats import team as team_format
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome
from linghun.workbench import clock, tones
from linghun.workbench.plaintext import tooltip


def tr(text: str) -> str:
    """``text`` (marked with ``QT_TRANSLATE_NOOP("GapsModel", ...)``) in the UI language."""
    return QCoreApplication.translate("GapsModel", text)


def gap_key(at: str, query: str) -> str:
    return f"{at}|{' '.join(query.split())[:team_format.GAP_QUERY_CHARS]}"


@dataclass
class Gap:
    """One gap.

    Attributes:
        key: ``<at>|<query>``, stable across reloads.
        at: the ISO time of the round. query: the question (at most 120 characters).
        note: the annotation kept in cycle.json ("" when none).
        in_md, in_cycle: where the gap is written.
        rounds: judge records of the rounds that asked this question, oldest first.
        closed_at: when a re-run hit after the gap was filled (kept in gaps.md), "" while open.
        status: "closed" (stored), else "open" or what this session's last re-run found ("still open").
    """

    key: str
    at: str
    query: str
    note: str = ""
    in_md: bool = False
    in_cycle: bool = False
    rounds: list[dict] = field(default_factory=list)
    status: str = "open"
    closed_at: str = ""

    @property
    def local_time(self) -> str:
        return clock.shown_iso(self.at, clock.MINUTES)

    @property
    def round(self) -> dict | None:
        """The round that recorded this gap (same time), else the last one that asked it."""
        same = [r for r in self.rounds if r.get("at") == self.at]
        return same[-1] if same else (self.rounds[-1] if self.rounds else None)


@dataclass
class GapFiles:
    """The texts the gaps came from (``None``: the file does not exist), and what was unreadable."""

    gaps_md: str | None = None
    cycle: str | None = None
    errors: list[str] = field(default_factory=list)


def read_gap_files(home: MemoryHome) -> GapFiles:
    files = GapFiles()
    for attr, name in (("gaps_md", team_format.GAPS_FILE), ("cycle", team_format.CYCLE_FILE)):
        path = home.team_file_for_reading(name)
        try:
            setattr(files, attr, read_text(path) if path.exists() else None)
        except (LinghunError, OSError) as exc:
            files.errors.append(f"{name}: {exc}")
    return files


def _cycle_value(text: str | None) -> dict | None:
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def load_gaps(home: MemoryHome) -> tuple[list[Gap], GapFiles]:
    """Every gap of ``home``, oldest first, and the file texts they were read from."""
    files = read_gap_files(home)
    gaps: dict[str, Gap] = {}
    for line in team_format.parse_gaps(files.gaps_md or ""):
        key = gap_key(line.at, line.query)
        gap = gaps.setdefault(key, Gap(key, line.at, line.query))
        gap.in_md = True
        gap.closed_at = line.closed_at or gap.closed_at
    cycle = _cycle_value(files.cycle)
    if files.cycle and cycle is None:
        files.errors.append(f"{team_format.CYCLE_FILE}: not a JSON object (read as the empty state)")
    for item in (cycle or {}).get("gaps") or []:
        if not isinstance(item, dict) or not isinstance(item.get("query"), str):
            continue
        at = str(item.get("at") or "")
        key = gap_key(at, item["query"])
        gap = gaps.setdefault(key, Gap(key, at, item["query"]))
        gap.in_cycle = True
        gap.note = str(item.get("note") or "")
    history_path = home.team_file_for_reading(team_format.JUDGE_HISTORY_FILE)
    try:
        history = team_format.parse_jsonl(read_text(history_path) if history_path.exists() else "")
    except (LinghunError, OSError) as exc:
        files.errors.append(f"{team_format.JUDGE_HISTORY_FILE}: {exc}")
        history = []
    by_query: dict[str, list[dict]] = {}
    for record in history:
        if isinstance(record, dict) and isinstance(record.get("query"), str):
            by_query.setdefault(" ".join(record["query"].split())[:team_format.GAP_QUERY_CHARS], []).append(record)
    for gap in gaps.values():
        gap.rounds = by_query.get(" ".join(gap.query.split()), [])
    return sorted(gaps.values(), key=lambda g: (g.at, g.query)), files


# -- writing back (SPEC 12 format) ---------------------------------------------------------------

def _matches(item, gap: Gap) -> bool:
    return isinstance(item, dict) and gap_key(str(item.get("at") or ""), str(item.get("query") or "")) == gap.key


def annotate(cycle_text: str | None, gap: Gap, note: str, at: str) -> str:
    """cycle.json with ``note`` on ``gap`` (added to the ledger when only gaps.md had it)."""
    cycle = team_format.normalise_cycle(_cycle_value(cycle_text), at)
    note = " ".join(str(note).split())
    for item in cycle["gaps"]:
        if _matches(item, gap):
            item["note"] = note
            break
    else:
        cycle["gaps"].append({"query": gap.query[:team_format.GAP_QUERY_CHARS], "note": note, "at": gap.at})
        cycle["gaps"] = cycle["gaps"][-team_format.GAPS_KEEP:]
    cycle["updatedAt"] = at
    return team_format.render_json(cycle)


def dismiss(cycle_text: str | None, gaps_md: str | None, gap: Gap, at: str) -> tuple[str | None, str | None]:
    """(cycle.json, gaps.md) without ``gap``; a file that did not hold it comes back unchanged."""
    new_cycle = cycle_text
    cycle = _cycle_value(cycle_text)
    if cycle is not None and any(_matches(item, gap) for item in cycle.get("gaps") or []):
        cycle = team_format.normalise_cycle(cycle, at)
        cycle["gaps"] = [item for item in cycle["gaps"] if not _matches(item, gap)]
        cycle["updatedAt"] = at
        new_cycle = team_format.render_json(cycle)
    new_md = gaps_md
    if gaps_md:
        kept = [line for line in gaps_md.splitlines(keepends=True)
                if not any(gap_key(g.at, g.query) == gap.key for g in team_format.parse_gaps(line))]
        new_md = "".join(kept)
    if new_cycle == cycle_text and new_md == gaps_md:
        raise InvalidInputError(f"the gap {gap.query!r} is no longer in the files")
    return new_cycle, new_md


def fill_draft(gap: Gap, entries=()) -> tuple[str, str]:
    """(kind, body) to start the entry editor with: a fact whose source names the gap.

    The question is not an entity: the entity (and attribute) are pre-filled only when the
    question names one the memory already has facts about (the longest such name, then the
    longest of its attributes), e.g. "checkout-api 的生产版本是多少？" gives checkout-api and
    生产版本; otherwise they are left for the person to type."""
    question = gap.query.casefold()
    facts = [e.fields for e in entries if e.ontology_kind == "fact" and not e.is_wrong and len(e.fields) >= 2]
    entities = sorted({f[0] for f in facts if f[0] and f[0].casefold() in question}, key=len, reverse=True)
    entity = entities[0] if entities else ""
    attributes = sorted({f[1] for f in facts if f[0] == entity and f[1] and f[1].casefold() in question},
                        key=len, reverse=True) if entity else []
    attribute = attributes[0] if attributes else ""
    if not entity:
        entity, attribute = _named_in(gap.query)
    source = f"缺口 {gap.local_time[:10]}"
    return "fact", f"{entity} | {attribute} |  | {source}"


#: "vault 的访问策略是谁维护的？", "Grafana dashboard 的告警阈值是多少？": what 的 joins
_OF_ZH = re.compile(r"^\s*([^的？?，,。]{1,40}?)\s*的\s*([^的？?，,。\s]{1,20}?)\s*"
                    r"(?:是|有|在|由|为|该|要|怎么|多少|什么|哪|谁|吗|呢|[？?]|$)")
#: "What is the timeout of the payment gateway?", "What is checkout-api's latest version?"
_OF_EN = re.compile(r"\bthe\s+([\w\- ]{1,30}?)\s+of\s+(?:the\s+)?([\w\-. ]{1,40}?)\s*\??$", re.IGNORECASE)
_POSSESSIVE_EN = re.compile(r"\b([\w\-.]{1,40})'s\s+([\w\- ]{1,30}?)\s*\??$", re.IGNORECASE)


def _named_in(question: str) -> tuple[str, str]:
    """The entity and attribute a question names by its grammar ("A 的 B", "the B of A", "A's B"),
    or ("", "") when it names none (a question like "Who is on call?" is not an entity)."""
    zh = _OF_ZH.search(question)
    if zh:
        return zh.group(1).strip(), zh.group(2).strip()
    en = _OF_EN.search(question)
    if en:
        return en.group(2).strip(), en.group(1).strip()
    owned = _POSSESSIVE_EN.search(question)
    if owned:
        return owned.group(1).strip(), owned.group(2).strip()
    return "", ""


class GapsModel(TranslatedColumns, QAbstractTableModel):
    """The gaps as a table: time, question, round, note, status."""

    COLUMNS = (QT_TRANSLATE_NOOP("GapsModel", "When"), QT_TRANSLATE_NOOP("GapsModel", "Question"),
               QT_TRANSLATE_NOOP("GapsModel", "Round"), QT_TRANSLATE_NOOP("GapsModel", "Note"),
               QT_TRANSLATE_NOOP("GapsModel", "Status"))
    TR_CONTEXT = "GapsModel"
    STATUS = {"open": QT_TRANSLATE_NOOP("GapsModel", "open"), "closed": QT_TRANSLATE_NOOP("GapsModel", "closed"),
              "still open": QT_TRANSLATE_NOOP("GapsModel", "still open")}
    KeyRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, home: MemoryHome, parent=None) -> None:
        super().__init__(parent)
        self.home = home
        self._gaps: list[Gap] = []
        self.files = GapFiles()
        self._status: dict[str, str] = {}

    def reload(self) -> None:
        self.beginResetModel()
        self._gaps, self.files = load_gaps(self.home)
        for gap in self._gaps:
            gap.status = "closed" if gap.closed_at else self._status.get(gap.key, "open")
        self.endResetModel()

    def gaps(self) -> list[Gap]:
        return list(self._gaps)

    def gap(self, key: str) -> Gap | None:
        return next((g for g in self._gaps if g.key == key), None)

    def row_of(self, key: str) -> int:
        return next((i for i, g in enumerate(self._gaps) if g.key == key), -1)

    def open_count(self) -> int:
        return sum(1 for g in self._gaps if g.status != "closed")

    def set_status(self, key: str, status: str) -> None:
        """Remember what a re-run found that is not stored ("still open": kept across reloads
        for this session; "closed" is written into gaps.md by the pane)."""
        self._status[key] = status
        row = self.row_of(key)
        if row >= 0:
            self._gaps[row].status = status
            index = self.index(row, 4)
            self.dataChanged.emit(index, index)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return 0 if parent.isValid() else len(self._gaps)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008
        return 0 if parent.isValid() else len(self.COLUMNS)


    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._gaps):
            return None
        gap = self._gaps[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(self.data(index, Qt.ItemDataRole.DisplayRole))
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return gap.local_time
            if col == 1:
                return gap.query
            if col == 2:
                r = gap.round
                return f"#{r.get('turn')} {r.get('level')} · {r.get('strategy')}" if r else ""
            if col == 3:
                return gap.note
            return tr(self.STATUS[gap.status]) if gap.status in self.STATUS else gap.status
        if role == self.KeyRole:
            return gap.key
        if role == Qt.ItemDataRole.ForegroundRole and col == 4 and gap.status == "closed":
            return QBrush(tones.text("ok"))
        return None
