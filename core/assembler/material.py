"""Time-ordered material for the archivist (SPEC 11.5), read from the memory home.

- the ``topRecent`` (8) warm entries with the newest ``last_access`` (missing = oldest);
- the tail (``episodicTail``, 6000 bytes of UTF-8, as the seed counts) of the newest episodic archive;
- the tails (``journalTail``, 4000 bytes) of the newest ``journalDays`` (3) journal days
  (current and legacy journal folders).

Each piece is also cut into dated items (``stamp``, ``text``, ``origin``) for the offline
archivist and the trace.
"""
from __future__ import annotations

import heapq
import re
from dataclasses import asdict, dataclass, field

from linghun.core.formats.journal import parse_journal
from linghun.core.formats.warm import WarmEntry
from linghun.core.fsio import read_text
from linghun.core.home import MemoryHome

_WARM_HEADER = re.compile(r"^## (\d{4}-\d\d-\d\d(?: \d\d:\d\d)?) \[([a-z_]+)\]\s*([a-z]*)\s*$", re.M)
_LAST_ACCESS = re.compile(r"<!--\s*last_access:.*?-->", re.S)
_STAMP_LINE = re.compile(r"(?m)^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s*$")


@dataclass
class Item:
    stamp: str
    text: str
    origin: str                 # warm:[n] | episodic:<day> | journal:<day>
    kind: str = ""
    confidence: str = ""
    fields: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class Material:
    warm: list[WarmEntry]
    episodic_day: str | None
    episodic_tail: str
    journal: list[tuple[str, str]]      # (day, tail)
    items: list[Item]

    def as_text(self) -> str:
        """The material as the LLM archivist reads it."""
        parts = ["【warm 最近访问】"]
        for e in self.warm:
            parts.append(f"[{e.n}] {e.stamp} [{e.kind}] {e.effective_confidence}：{e.body.strip()}")
        if self.episodic_tail:
            parts.append(f"【episodic {self.episodic_day} 尾部】\n{self.episodic_tail}")
        for day, tail in self.journal:
            parts.append(f"【journal {day} 尾部】\n{tail}")
        return "\n".join(parts)


def recent_by_access(entries: list[WarmEntry], n: int) -> list[WarmEntry]:
    """The ``n`` entries with the newest last_access (missing values oldest), newest first."""
    return heapq.nlargest(n, entries, key=lambda e: (e.last_access or "", e.n))


def gather(home: MemoryHome, entries: list[WarmEntry], *, top_recent: int, episodic_tail: int,
           journal_days: int, journal_tail: int) -> Material:
    warm = recent_by_access(entries, top_recent)
    items = [Item(e.stamp, e.body.strip(), f"warm:[{e.n}]", e.ontology_kind, e.effective_confidence, e.fields)
             for e in warm]
    ep_day, ep_tail = None, ""
    days = home.episodic_days()
    if days:
        ep_day = list(days)[-1]
        text = "".join(read_text(p) or "" for p in days[ep_day])
        ep_tail = tail_bytes(text, episodic_tail)
        items += _episodic_items(ep_tail, ep_day)
    journal = []
    jdays = home.journal_days()
    for day in list(jdays)[-journal_days:] if journal_days > 0 else []:
        text = "".join(read_text(p) or "" for p in jdays[day])
        tail = tail_bytes(text, journal_tail)
        journal.append((day, tail))
        items += _journal_items(tail, day)
    return Material(warm, ep_day, ep_tail, journal, items)


def tail_bytes(text: str, limit: int) -> str:
    """The end of ``text`` within ``limit`` bytes of UTF-8 (the seed's 尾部字节), never splitting a
    character: a Chinese character is 3 bytes, so 4000 bytes hold about 1333 of them."""
    if limit <= 0:
        return ""
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[-limit:].decode("utf-8", errors="ignore")


def _episodic_items(tail: str, day: str) -> list[Item]:
    out = []
    heads = list(_WARM_HEADER.finditer(tail))
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(tail)
        body = _LAST_ACCESS.sub("", tail[m.end():end])
        body = re.sub(r"(?m)^## \d\d:\d\d\s*$", "", body).strip()
        if body:
            fields = [p.strip() for p in body.split("|")] if "|" in body else [body]
            out.append(Item(m.group(1), body, f"episodic:{day}", m.group(2), m.group(3) or "medium", fields))
    return out


def _journal_items(tail: str, day: str) -> list[Item]:
    first = _STAMP_LINE.search(tail)
    if not first:
        return []
    out = []
    for turn in parse_journal(tail[first.start():]).turns:
        text = turn.user.strip()
        # a question is not part of the story; what the user said happened or decided is
        if text and not text.rstrip().endswith(("？", "?")):
            out.append(Item(turn.stamp[:16], f"用户：{text}", f"journal:{day}", "event"))
    return out
