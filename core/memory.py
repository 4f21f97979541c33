"""The memory operations of SPEC 3-7 and 14, with the upstream semantics.

``Memory`` is the one object every caller (agent tools, CLI, assembler, workbench) uses to read
and change a home's warm entries, consolidation, journal, rules and soul card. Every write:
- holds the home lock around its read-modify-write (the agent writes the same files);
- re-reads the file under the lock, so a change made by another process is never lost;
- writes atomically and publishes ``memory.changed`` on the event bus.

Entry identity: upstream has only ``[n]``. Inside the process each entry gets an id that
survives reloads (``_reconcile_ids``): unchanged entries keep theirs, an entry edited in place
keeps its position's id, new entries get new ids. Nothing is written into warm.md for it.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from core.errors import CapacityError, InvalidInputError, NotFoundError
from core.events import EventBus, bus as default_bus
from core.formats import cold as cold_format
from core.formats import episodic as episodic_format
from core.formats import journal as journal_format
from core.formats import nodes as nodes_format
from core.formats.warm import (
    KINDS, LEGACY_KINDS, WRITABLE_CONFIDENCES, WarmDocument, WarmEntry, append_entry,
    injection_order, join_fields, keys_near_duplicate, new_entry, normalise_for_dedupe, parse_warm,
)
from core.fsio import FileStamp, atomic_write, decode_utf8, read_bytes, read_text
from core.home import MemoryHome

_REF_N = re.compile(r"^\s*\[?\s*(\d+)\s*\]?\s*$")
EVENT_TIMELINE_NODE = "事件时间线"
KNOWLEDGE_NODE = "精确知识"
ONTOLOGY_NAMES = {
    "cold": "cold", "memory_ontology": "memory_ontology", "memory": "memory_ontology", "events": "memory_ontology",
    "knowledge_ontology": "knowledge_ontology", "knowledge": "knowledge_ontology", "rules": "rules",
    "ontology": "ontology", "topics": "ontology", "identity": "identity", "soul": "identity",
    "assembled": "assembled",
}


@dataclass
class MemoryConfig:
    """SPEC 15 memory defaults."""

    max_bytes: int = 65536
    auto_consolidate: bool = True
    trigger_ratio: float = 0.8
    inject_max_chars: int = 6000
    read_full_chars: int = 50000


@dataclass
class AppendResult:
    mode: str  # append | update | dedupe | revive
    entry: WarmEntry
    bytes: int
    flipped: WarmEntry | None = None
    consolidated: "ConsolidateResult | None" = None

    @property
    def n(self) -> int:
        return self.entry.n

    def to_dict(self) -> dict:
        d = {"mode": self.mode, "n": self.entry.n, "id": self.entry.id, "bytes": self.bytes,
             "entry": self.entry.to_dict()}
        if self.flipped is not None:
            d["flipped"] = self.flipped.n
        if self.consolidated is not None:
            d["consolidated"] = self.consolidated.to_dict()
        return d


@dataclass
class ConsolidateResult:
    day: str
    archived_bytes: int = 0
    events: int = 0
    knowledge: int = 0
    rules: int = 0
    cold: int = 0
    wrong_dropped: int = 0
    written: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return dict(self.__dict__)


def stamp_of(when: datetime | None = None, seconds: bool = False) -> str:
    """Local time as the upstream writes it: ``YYYY-MM-DD HH:MM`` (``:SS`` for the journal)."""
    when = when or datetime.now()
    return when.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def _strip_marks(text: str) -> str:
    return text.replace("*", "").replace("`", "")


class Memory:
    """Read and change one memory home."""

    def __init__(self, home: MemoryHome, config: MemoryConfig | None = None, events: EventBus | None = None):
        self.home = home
        self.config = config or MemoryConfig()
        self.events = events or default_bus
        self._doc: WarmDocument | None = None
        self._stamp: FileStamp | None = None

    # -- warm: reading ---------------------------------------------------------------------
    def document(self) -> WarmDocument:
        """The parsed warm.md, re-read only when the file changed on disk."""
        path = self.home.warm
        if self._doc is not None and (
            (self._stamp is None and not path.exists()) or (self._stamp and self._stamp.same_content(path))
        ):
            return self._doc
        raw = read_bytes(path)
        if raw is None:
            doc, stamp = WarmDocument("", []), None
        else:
            doc, stamp = parse_warm(decode_utf8(path, raw)), FileStamp.of_bytes(path, raw)
        if self._doc is not None:
            _reconcile_ids(self._doc, doc)
        doc.entries = doc.numbered()
        self._doc, self._stamp = doc, stamp
        return doc

    def _editable(self) -> WarmDocument:
        """A copy of the current document for a writer to change: the cached one (which readers
        and caches such as the assembler's hold) changes only by being replaced after a save."""
        doc = self.document()
        return WarmDocument(doc.preamble, list(doc.entries))

    def entries(self) -> list[WarmEntry]:
        return list(self.document().entries)

    def entry(self, entry_id: str) -> WarmEntry:
        for e in self.document().entries:
            if e.id == entry_id:
                return e
        raise NotFoundError(f"no warm entry with id {entry_id} (it was removed or the file changed)")

    def resolve(self, ref: str | int) -> WarmEntry:
        """``[n]`` (or n) by number, else the first entry whose text contains the fragment."""
        found = self._find(ref)
        if found is None:
            raise NotFoundError(f"no warm entry matches {ref!r}")
        return found

    def _find(self, ref: str | int) -> WarmEntry | None:
        entries = self.document().entries
        if isinstance(ref, int) or _REF_N.match(str(ref)):
            n = ref if isinstance(ref, int) else int(_REF_N.match(str(ref)).group(1))
            return entries[n - 1] if 1 <= n <= len(entries) else None
        fragment = _strip_marks(str(ref)).strip()
        if not fragment:
            raise InvalidInputError("the reference is empty: give [n] or a fragment of the entry's text")
        for e in entries:
            if fragment in _strip_marks(e.body):
                return e
        return None

    def injection_order(self) -> list[WarmEntry]:
        return injection_order(self.entries())

    def size_bytes(self) -> int:
        return len(self.document().render().encode("utf-8"))

    # -- warm: writing ---------------------------------------------------------------------
    def _save(self, doc: WarmDocument, what: str = "warm") -> None:
        data = doc.render().encode("utf-8")
        atomic_write(self.home.warm, data)
        doc = WarmDocument(doc.preamble, doc.numbered())
        self._doc, self._stamp = doc, FileStamp.of_bytes(self.home.warm, data)
        self.events.publish("memory.changed", home=str(self.home.root), path=str(self.home.warm), what=what)

    def append(self, kind: str, content, confidence: str = "medium", update: str | int | None = None,
               when: datetime | None = None) -> AppendResult:
        """``memory_append``: append, flip-and-append (``update``), revive, or near-duplicate merge."""
        kind = (kind or "").strip().lower()
        if kind not in KINDS and kind not in LEGACY_KINDS:
            raise InvalidInputError(
                f"unknown kind {kind!r}: use event, fact or rule (legacy: {', '.join(LEGACY_KINDS)})")
        try:
            body = join_fields(kind, content)
        except ValueError as exc:
            raise InvalidInputError(str(exc)) from None
        if not body.strip():
            raise InvalidInputError("the content is empty")
        confidence = confidence if confidence in WRITABLE_CONFIDENCES else "medium"
        stamp = stamp_of(when)
        with self.home.lock().hold():
            self.home.memory.mkdir(parents=True, exist_ok=True)
            doc = self._editable()
            if update not in (None, ""):
                target = self._find(update)
                if target is not None:
                    return self._update(doc, target, kind, body, stamp)
            key = normalise_for_dedupe(body)
            for i, old in enumerate(doc.entries):
                if not old.is_wrong and keys_near_duplicate(old.dedupe_key, key):
                    merged = old.with_changes(stamp=stamp, kind=kind, confidence=confidence, body=body,
                                              last_access=stamp)
                    doc.entries[i] = merged
                    self._save(doc)
                    return AppendResult("dedupe", self._doc.entries[i], len(merged.raw.encode()))
            entry = new_entry(stamp, kind, confidence, body)
            consolidated = self._make_room(len(entry.raw.encode("utf-8")) + 2, when)
            doc = self._editable()
            append_entry(doc, entry)
            self._save(doc)
            return AppendResult("append", self._doc.entries[-1], len(entry.raw.encode()), consolidated=consolidated)

    def _update(self, doc: WarmDocument, target: WarmEntry, kind: str, body: str, stamp: str) -> AppendResult:
        i = target.n - 1
        if target.is_wrong:
            revived = target.with_changes(stamp=stamp, kind=kind, confidence="high", body=body, last_access=stamp)
            doc.entries[i] = revived
            self._save(doc)
            return AppendResult("revive", self._doc.entries[i], len(revived.raw.encode()))
        # upstream forces the flipped entry's kind to fact; its body stays for traceability
        doc.entries[i] = target.with_changes(stamp=stamp, kind="fact", confidence="wrong", last_access=stamp)
        entry = new_entry(stamp, kind, "high", body)
        append_entry(doc, entry)
        self._save(doc)
        return AppendResult("update", self._doc.entries[-1], len(entry.raw.encode()), flipped=self._doc.entries[i])

    def _make_room(self, incoming: int, when: datetime | None) -> "ConsolidateResult | None":
        cfg = self.config
        current = self.size_bytes()
        result = None
        if current + incoming > cfg.max_bytes * cfg.trigger_ratio and cfg.auto_consolidate and self.entries():
            result = self.consolidate(when)
            current = self.size_bytes()
        if current + incoming > cfg.max_bytes:
            raise CapacityError(
                f"warm.md would grow to {current + incoming} bytes, over the limit of {cfg.max_bytes} "
                f"even after consolidation; shorten the entry or raise memory.maxBytes")
        return result

    def touch(self, ref: str | int, when: datetime | None = None) -> int:
        """Refresh ``last_access`` of every entry the reference matches; returns how many changed.

        ``[n]`` touches that entry; other text is matched as a substring (``*`` and backticks
        stripped). An entry already carrying the current stamp is not rewritten.
        """
        stamp = stamp_of(when)
        with self.home.lock().hold():
            doc = self._editable()
            if isinstance(ref, int) or _REF_N.match(str(ref)):
                hit = self._find(ref)
                targets = [hit] if hit else []
            else:
                fragment = _strip_marks(str(ref)).strip()
                if not fragment:
                    raise InvalidInputError("the reference is empty: give [n] or a fragment of the entry's text")
                targets = [e for e in doc.entries if fragment in _strip_marks(e.body)]
            changed = 0
            for e in targets:
                if e.last_access != stamp:
                    doc.entries[e.n - 1] = e.with_changes(last_access=stamp)
                    changed += 1
            if changed:
                self._save(doc)
            return changed

    # -- edits by id (the workbench; each returns what undo needs) --------------------------
    def edit_entry(self, entry_id: str, **changes) -> WarmEntry:
        allowed = {"stamp", "kind", "confidence", "body", "last_access"}
        unknown = set(changes) - allowed
        if unknown:
            raise InvalidInputError(f"cannot edit {', '.join(sorted(unknown))}")
        if "kind" in changes and changes["kind"] not in KINDS and changes["kind"] not in LEGACY_KINDS:
            raise InvalidInputError(f"unknown kind {changes['kind']!r}")
        if "confidence" in changes and changes["confidence"] not in (*WRITABLE_CONFIDENCES, "wrong", None):
            raise InvalidInputError(f"unknown confidence {changes['confidence']!r}")
        with self.home.lock().hold():
            doc = self._editable()
            old = self.entry(entry_id)
            doc.entries[old.n - 1] = old.with_changes(**changes)
            self._save(doc)
            return self._doc.entries[old.n - 1]

    def replace_raw(self, entry_id: str, raw: str) -> WarmEntry:
        """Put back an entry's exact text (undo of an edit): the file bytes return as they were."""
        with self.home.lock().hold():
            doc = self._editable()
            old = self.entry(entry_id)
            parsed = parse_warm(raw).entries
            if len(parsed) != 1 or parse_warm(raw).preamble:
                raise InvalidInputError("the text is not exactly one warm entry")
            doc.entries[old.n - 1] = replace(parsed[0], id=old.id)
            self._save(doc)
            return self._doc.entries[old.n - 1]

    def delete_entry(self, entry_id: str) -> tuple[int, str]:
        """Remove an entry; returns (its index, its raw text) for undo."""
        with self.home.lock().hold():
            doc = self._editable()
            old = self.entry(entry_id)
            index = old.n - 1
            del doc.entries[index]
            self._save(doc)
            return index, old.raw

    def insert_raw(self, index: int, raw: str, entry_id: str | None = None) -> WarmEntry:
        """Insert an entry's exact text at ``index`` (undo of a delete), keeping its old id."""
        with self.home.lock().hold():
            doc = self._editable()
            parsed = parse_warm(raw)
            if len(parsed.entries) != 1 or parsed.preamble:
                raise InvalidInputError("the text is not exactly one warm entry")
            entry = parsed.entries[0]
            if entry_id:
                entry = replace(entry, id=entry_id)
            index = max(0, min(index, len(doc.entries)))
            if index == len(doc.entries):
                append_entry(doc, entry)
            else:
                doc.entries.insert(index, entry)
            self._save(doc)
            return self._doc.entries[index]

    def write_warm_text(self, text: str) -> None:
        """Replace warm.md as a whole (used to restore exact bytes, e.g. undo of a bulk change)."""
        with self.home.lock().hold():
            self.document()
            self._save(parse_warm(text))

    # -- consolidation (SPEC 4) --------------------------------------------------------------
    def consolidate(self, when: datetime | None = None) -> ConsolidateResult:
        """Move warm into long-term structure, archive it, and empty it."""
        when = when or datetime.now()
        day = when.strftime("%Y-%m-%d")
        with self.home.lock().hold():
            doc = self.document()
            result = ConsolidateResult(day=day)
            if not doc.entries:
                return result
            warm_text = doc.render()
            result.archived_bytes = len(warm_text.encode("utf-8"))
            events, knowledge, rules, cold_items = [], [], [], []
            for e in doc.entries:
                if e.is_wrong:
                    result.wrong_dropped += 1
                    continue
                kind, conf = e.ontology_kind, e.effective_confidence
                if kind == "event":
                    events.append(e)
                elif kind == "rule":
                    rules.append(e)
                elif conf == "high":
                    knowledge.append(e)
                cold_items.append((conf, e.brief))
            self.home.memory.mkdir(parents=True, exist_ok=True)
            if events:
                self._append_node_lines(self.home.memory_ontology, EVENT_TIMELINE_NODE,
                                        [f"- {e.stamp} {_one_line(e.body)}" for e in events])
                result.written.append(self.home.memory_ontology.name)
            if knowledge:
                self._append_node_lines(self.home.knowledge_ontology, KNOWLEDGE_NODE,
                                        [f"- {_one_line(e.body)}（{e.day}）" for e in knowledge])
                result.written.append(self.home.knowledge_ontology.name)
            for e in rules:
                self._rules_append(_one_line(e.body), None, e.day)
            if rules:
                result.written.append(self.home.rules.name)
            episodic = self.home.episodic_file(day)
            old = read_text(episodic) or ""
            atomic_write(episodic, old + episodic_format.render_append(when.strftime("%H:%M"), warm_text))
            old_cold = read_text(self.home.cold) or ""
            atomic_write(self.home.cold, cold_format.append_section(old_cold, cold_format.render_section(day, cold_items)))
            result.written += [f"episodic/{episodic.name}", self.home.cold.name, self.home.warm.name]
            result.events, result.knowledge, result.rules = len(events), len(knowledge), len(rules)
            result.cold = len(cold_items)
            self._save(WarmDocument(doc.preamble, []), what="consolidate")
            self.events.publish("memory.consolidated", home=str(self.home.root), result=result.to_dict())
            return result

    def _append_node_lines(self, path: Path, theme: str, lines: list[str]) -> None:
        doc = nodes_format.parse_nodes(read_text(path) or "")
        doc.append_to(theme, "\n".join(lines))
        atomic_write(path, doc.render())

    # -- rules, soul ---------------------------------------------------------------------------
    def rules_append(self, rule: str, topic: str | None = None, when: datetime | None = None) -> dict:
        rule = (rule or "").strip()
        if not rule:
            raise InvalidInputError("the rule is empty")
        day = (when or datetime.now()).strftime("%Y-%m-%d")
        with self.home.lock().hold():
            changed = self._rules_append(rule, topic, day)
        return {"ok": True, "changed": changed}

    def _rules_append(self, rule: str, topic: str | None, day: str) -> bool:
        old = read_text(self.home.rules) or ""
        new, changed = nodes_format.append_rule(old, rule, day, topic or nodes_format.DEFAULT_RULE_TOPIC)
        if changed:
            atomic_write(self.home.rules, new)
            self.events.publish("memory.changed", home=str(self.home.root), path=str(self.home.rules), what="rules")
        return changed

    def soul_read(self) -> str:
        return read_text(self.home.identity) or ""

    def soul_update(self, content: str) -> dict:
        if not (content or "").strip():
            raise InvalidInputError("the soul card is empty; nothing was written")
        text = content if content.endswith("\n") else content + "\n"
        with self.home.lock().hold():
            atomic_write(self.home.identity, text)
        self.events.publish("memory.changed", home=str(self.home.root), path=str(self.home.identity), what="identity")
        return {"ok": True, "bytes": len(text.encode("utf-8"))}

    # -- journal (SPEC 5) -------------------------------------------------------------------------
    def journal_append(self, user: str, assistant: str, when: datetime | None = None) -> dict:
        if not (user or "").strip() and not (assistant or "").strip():
            raise InvalidInputError("both the user and the assistant text are empty")
        when = when or datetime.now()
        path = self.home.journal_file(when.strftime("%Y-%m-%d"))
        with self.home.lock().hold():
            old = read_text(path) or ""
            atomic_write(path, old + journal_format.format_turn(stamp_of(when, seconds=True), user, assistant))
        self.events.publish("memory.changed", home=str(self.home.root), path=str(path), what="journal")
        return {"ok": True, "path": str(path)}

    def journal_turns(self, day: str | None = None, start: str | None = None, end: str | None = None):
        """Turns of one day, or of a window ``start``..``end`` (inclusive) across days."""
        days = self.home.journal_days()
        if day:
            wanted = [day]
        else:
            lo, hi = (start or "0000")[:10], (end or "9999")[:10]
            wanted = [d for d in days if lo <= d <= hi]
        turns = []
        for d in wanted:
            for path in days.get(d, []):
                turns += journal_format.parse_journal(read_text(path) or "").turns
        if start or end:
            turns = journal_format.filter_window(turns, start, end)
        return sorted(turns, key=lambda t: t.stamp)

    def journal_read(self, day: str | None = None, start: str | None = None, end: str | None = None) -> str:
        """``memory_journal``: the ledger of a day or window, else the index of days."""
        if not (day or start or end):
            counts = {}
            for d, paths in self.home.journal_days().items():
                counts[d] = sum(len(journal_format.parse_journal(read_text(p) or "").turns) for p in paths)
            return journal_format.format_index(counts)
        turns = self.journal_turns(day, start, end)
        if not turns and day and day not in self.home.journal_days():
            raise NotFoundError(f"no journal for {day}")
        return "".join(t.raw for t in turns)

    # -- memory_read (SPEC 14) --------------------------------------------------------------------
    def read(self, full: bool = False, ref: str | None = None) -> str:
        if ref:
            return self._read_ref(ref)
        limit = self.config.read_full_chars if full else self.config.inject_max_chars
        parts = []
        cold = (read_text(self.home.cold) or "").strip()
        if cold:
            parts.append("【冷储摘要】\n" + cold)
        entries = self.entries()
        if entries:
            lines = [f"[{e.n}] {e.stamp} [{e.kind}] {e.display_text}" for e in entries]
            parts.append("【近期条目】\n" + "\n".join(lines))
        index = self.archive_index()
        if index:
            parts.append("【档案索引】\n" + index)
        ledger = self.team_ledger()
        if ledger:
            parts.append("【团队账本】\n" + ledger)
        text = "\n\n".join(parts) if parts else "（记忆为空）"
        if len(text) > limit:
            text = text[:limit] + "\n…(截断，full=true 查看全部)…"
        return text

    def _read_ref(self, ref: str) -> str:
        name = ONTOLOGY_NAMES.get(ref.strip().lower())
        if name:
            path = getattr(self.home, name)
            if name == "knowledge_ontology" and not path.exists():
                path = self.home.knowledge_legacy
            text = read_text(path)
            if text is None:
                raise NotFoundError(f"{path.name} does not exist yet")
            return text
        e = self.resolve(ref)
        return f"[{e.n}] {e.stamp} [{e.kind}] {e.effective_confidence}\n{e.display_text}\nlast_access: {e.last_access or '—'}"

    def archive_index(self) -> str:
        """One line per ontology file: its node themes with their dates."""
        lines = []
        files = [("事件本体", self.home.memory_ontology), ("知识本体", self.home.knowledge_ontology),
                 ("知识本体(旧)", self.home.knowledge_legacy), ("规则本体", self.home.rules),
                 ("主题投影", self.home.ontology)]
        for label, path in files:
            text = read_text(path)
            if not text:
                continue
            themes = [n.theme for n in nodes_format.parse_nodes(text).nodes]
            if themes:
                lines.append(f"- {label}（{path.name}）：" + "、".join(themes))
        days = list(self.home.episodic_days())
        if days:
            lines.append(f"- 情景归档：{len(days)} 天（{days[0]} … {days[-1]}）")
        return "\n".join(lines)

    def team_ledger(self) -> str:
        """The team ledger of memory_read (SPEC 12): rounds, judge levels, feedback, gaps,
        topics the archivist organised, recent judgments and deliveries. Empty before any round."""
        from core.formats.team import load_team  # the team formats build on this module's peers

        team = load_team(self.home)
        cycle = team.cycle
        if not cycle.get("turnCount") and not team.gaps and not team.judge_history:
            return ""
        stats, fb = cycle.get("judgeStats") or {}, cycle.get("feedback") or {}
        lines = [
            f"轮次 {cycle.get('turnCount', 0)}；判官 light {stats.get('light', 0)} / medium "
            f"{stats.get('medium', 0)} / deep {stats.get('deep', 0)}；反馈 命中 {fb.get('hits', 0)} / "
            f"未中 {fb.get('misses', 0)}；缺口 {len(cycle.get('gaps') or [])}",
        ]
        topics = [t.get("topic", "") for t in team.timelines if isinstance(t, dict)]
        if topics:
            lines.append("史官梳理：" + "、".join(topics[-5:]))
        for rec in [r for r in team.judge_history if isinstance(r, dict)][-3:]:
            lines.append(f"判断：{rec.get('level')} · {rec.get('strategy')} · {rec.get('query', '')}")
        for rec in [r for r in team.bundles if isinstance(r, dict)][-3:]:
            lines.append(f"交付：{rec.get('entryCount', 0)} 条 / {rec.get('chars', 0)} 字 · {rec.get('query', '')}")
        for g in (cycle.get("gaps") or [])[-3:]:
            lines.append(f"缺口：{g.get('query', '')}")
        return "\n".join(lines)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _reconcile_ids(old: WarmDocument, new: WarmDocument) -> None:
    """Give entries of ``new`` the ids they had in ``old`` (see the module docstring)."""
    a = [e.raw for e in old.entries]
    b = [e.raw for e in new.entries]
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "delete" or tag == "insert":
            continue
        same_size = i2 - i1 == j2 - j1
        for k in range(min(i2 - i1, j2 - j1)):
            before, after = old.entries[i1 + k], new.entries[j1 + k]
            # an edited block keeps its id when the sizes line up or it is recognisably the same
            if tag == "equal" or same_size or before.header() == after.header() or before.body == after.body:
                new.entries[j1 + k] = replace(after, id=before.id)
