"""One warm entry through the versions of warm.md: each change, when, by whom, and the diff.

Upstream entries have no ids, so an entry is followed backwards through the versions by its
header's stamp and kind (an edit, a touch or a confidence change keep them; for entries sharing
both, by its position among them) and, where that finds nothing, by its body (a flip rewrites
the header with a new stamp, ``[fact]`` and ``wrong`` but keeps the body). Usually only that
entry's block is cut out of each version (a string search, not a parse of the whole file), so a
long history of a 10k-entry file stays quick. An entry that was removed is not followed: blame
starts from an entry that exists in the version looked at.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from datetime import datetime

from linghun.core.formats.warm import WarmEntry, parse_warm
from linghun.core.history.layout import WARM
from linghun.core.history.store import HomeHistory, Version
_HEADER_LINE = re.compile(r"^## \d{4}-\d{2}-\d{2}", re.MULTILINE)
_CONF_LINE = re.compile(r"^## .*?(?:\] |\d )(?P<conf>\S+)[ \t]*$")


@dataclass(frozen=True)
class EntryKey:
    stamp: str
    kind: str
    occurrence: int  # 0 for the first entry with this stamp and kind

    @classmethod
    def of(cls, entry: WarmEntry, entries: list[WarmEntry]) -> "EntryKey":
        same = [e for e in entries if e.stamp == entry.stamp and e.kind == entry.kind]
        return cls(entry.stamp, entry.kind, next(i for i, e in enumerate(same) if e is entry))

    def header_prefix(self) -> str:
        return f"## {self.stamp} [{self.kind}]"


@dataclass(frozen=True)
class EntryVersion:
    version: Version
    raw: str  # the entry's block in that version
    change: str      # created (or first recorded), edited, flipped, confidence, touched

    @property
    def when(self) -> datetime:
        return self.version.when

    @property
    def writer(self) -> str:
        return self.version.writer

    def to_dict(self) -> dict:
        return {**self.version.to_dict(), "change": self.change, "text": self.raw}


def block_span(text: str, key: EntryKey) -> tuple[int, int] | None:
    """Where the block of entry ``key`` lies in a warm.md text (None when absent)."""
    prefix = key.header_prefix()
    pos, seen = 0, -1
    while True:
        start = text.find(prefix, pos)
        if start < 0:
            return None
        pos = start + len(prefix)
        line_end = text.find("\n", start)
        header = text[start: line_end if line_end >= 0 else len(text)]
        if (start == 0 or text[start - 1] == "\n") and _is_header_of(header, prefix):
            seen += 1
            if seen == key.occurrence:
                nxt = _HEADER_LINE.search(text, pos)
                return start, nxt.start() if nxt else len(text)


def block_of(text: str, key: EntryKey) -> str | None:
    span = block_span(text, key)
    return None if span is None else text[span[0]:span[1]]


def _is_header_of(header: str, prefix: str) -> bool:
    rest = header[len(prefix):].strip()
    return " " not in rest  # only a confidence may follow the kind


def _change(old: str, new: str) -> str:
    old_lines, new_lines = old.splitlines(), new.splitlines()

    def body(lines: list[str]) -> list[str]:
        return [line for line in lines[1:] if not line.startswith("<!-- last_access:")]

    if body(old_lines) != body(new_lines):
        return "edited"
    if old_lines[0] != new_lines[0]:
        return "flipped" if new_lines[0].rstrip().endswith(" wrong") else "confidence"
    return "touched"


def _follow(text: str, key: EntryKey, newer_block: str) -> tuple[EntryKey, str] | None:
    """The entry in an older warm.md text: the block with the same header key, else (a flip
    rewrites stamp, kind and confidence but keeps the body) the entry with the same body."""
    block = block_of(text, key)
    if block is not None:
        return key, block
    body = parse_warm(newer_block).entries[0].body if newer_block else None
    if not body:
        return None
    entries = parse_warm(text).numbered()
    for entry in entries:
        if entry.body == body:
            older = EntryKey.of(entry, entries)
            return older, block_of(text, older) or entry.raw
    return None


def entry_history(history: HomeHistory, key: EntryKey, until: datetime | None = None) -> list[EntryVersion]:
    """The versions of one entry, newest first: one per change of its block, the oldest one
    ``created`` (or the first one recorded)."""
    out: list[EntryVersion] = []
    newer: tuple[Version, str] | None = None
    for version in history.versions(WARM, until):  # newest first
        text = history.repo[version.blob].data.decode("utf-8", "replace") if version.blob else ""
        if newer is None:
            block = block_of(text, key)
            if block is not None:
                newer = (version, _norm(block))
            continue
        found = _follow(text, key, newer[1])
        if found is None:
            break
        key, block = found[0], _norm(found[1])
        if block != newer[1]:
            out.append(EntryVersion(newer[0], newer[1], _change(block, newer[1])))
        newer = (version, block)
    if newer is not None:
        out.append(EntryVersion(newer[0], newer[1], "created"))
    return out


def _norm(block: str) -> str:
    return block.rstrip("\r\n") + "\n"


def blame(history: HomeHistory, key: EntryKey, until: datetime | None = None) -> dict:
    """Who created the entry and who last changed it (with when and what changed)."""
    versions = entry_history(history, key, until)
    if not versions:
        return {"key": key.__dict__, "created": None, "last": None, "versions": []}
    created = versions[-1]
    return {"key": key.__dict__, "created": created.to_dict(), "last": versions[0].to_dict(),
            "versions": [v.to_dict() for v in versions]}


def diff(old: str | None, new: str | None, old_label: str = "before", new_label: str = "after") -> str:
    return "".join(difflib.unified_diff((old or "").splitlines(True), (new or "").splitlines(True),
                                        old_label, new_label))


def key_for_number(text: str, n: int) -> EntryKey:
    """The key of entry ``[n]`` in a warm.md text (``IndexError`` when there is no such entry)."""
    entries = parse_warm(text).numbered()
    if not 1 <= n <= len(entries):
        raise IndexError(n)
    return EntryKey.of(entries[n - 1], entries)


def restore_entry_text(current: str, key: EntryKey, block: str) -> str:
    """``current`` warm.md text with entry ``key``'s block replaced by ``block`` (an older
    version), or appended when the entry is no longer there; every other byte stays."""
    span = block_span(current, key)
    if span is None:
        sep = "" if not current or current.endswith("\n\n") else ("\n" if current.endswith("\n") else "\n\n")
        return current + sep + block
    start, end = span
    old = current[start:end]
    trail = old[len(old.rstrip("\r\n")):]
    return current[:start] + block.rstrip("\r\n") + (trail or "\n") + current[end:]
