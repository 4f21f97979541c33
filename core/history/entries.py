"""One warm entry through the versions of warm.md: each change, when, by whom, and the diff.

Upstream entries have no ids: an entry is followed backwards from one version to the one before
it by ``lineage.match_entries`` (the same text, the same body, a similar body, the same header,
the same place), so a flip, an edit, a touch or a move keep the entry itself, and two entries
flipped in the same minute (sharing ``## <now> [fact] wrong``) stay apart. Its id is where the
history first recorded it (that state and the entry's offset in it): the same from any of its
versions. Most versions leave an entry's text as it was; where that text stands once in both
versions it is the same entry (the matcher's first rule), found by a string search, so only the
versions that changed it are parsed whole and a long history of a 10k-entry file stays quick.
"""
from __future__ import annotations

import bisect
import difflib
from dataclasses import dataclass, field
from datetime import datetime

from linghun.core.formats.warm import WarmEntry, parse_warm, starts_entry
from linghun.core.history.layout import WARM
from linghun.core.history.lineage import core_of, match_entries
from linghun.core.history.store import HomeHistory, Version

__all__ = ["WARM", "EntryRef", "EntryVersion", "EntryLineage", "key_for_number", "entry_lineage", "entry_history",
           "confidence_before_flip", "blame", "diff", "replace_entry"]


@dataclass(frozen=True)
class EntryRef:
    """Entry ``[index + 1]`` of one warm.md text: where a lineage starts."""

    text: str
    index: int

    @property
    def number(self) -> int:
        return self.index + 1


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


@dataclass(frozen=True)
class EntryLineage:
    """The versions of one entry, newest first, and its id (None: no version recorded)."""

    id: str | None
    versions: list[EntryVersion] = field(default_factory=list)


def key_for_number(text: str, n: int) -> EntryRef:
    """Entry ``[n]`` of a warm.md text (``IndexError`` when there is no such entry)."""
    if not 1 <= n <= len(parse_warm(text).entries):
        raise IndexError(n)
    return EntryRef(text, n - 1)


# -- following an entry --------------------------------------------------------------------------
@dataclass
class _Place:
    """Where the followed entry stands in one version's text."""

    text: str
    offset: int
    core: str  # its text without the blank lines after it
    _unique: bool | None = None

    def unique(self) -> bool:
        """Whether this entry's text stands only once in its version (then it can be found in
        another version by a string search)."""
        if self._unique is None:
            self._unique = len(_whole_blocks(self.text, self.core)) == 1
        return self._unique


class _Parses:
    """Parsed versions, kept while the walk needs them (two at a time)."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[list[WarmEntry], list[int]]] = {}

    def of(self, text: str) -> tuple[list[WarmEntry], list[int]]:
        if text not in self._kept:
            doc = parse_warm(text)
            offsets, pos = [], len(doc.preamble)
            for entry in doc.entries:
                offsets.append(pos)
                pos += len(entry.raw)
            if len(self._kept) >= 2:
                self._kept.pop(next(iter(self._kept)))
            self._kept[text] = (doc.entries, offsets)
        return self._kept[text]


def _whole_blocks(text: str, core: str, limit: int = 2) -> list[int]:
    """Where ``core`` stands in ``text`` as one whole entry (at a line start, followed by nothing
    but line breaks up to the next entry header or the end); at most ``limit`` places."""
    out: list[int] = []
    pos = text.find(core)
    while pos >= 0 and len(out) < limit:
        end = rest = pos + len(core)
        while rest < len(text) and text[rest] in "\r\n":
            rest += 1
        if (pos == 0 or text[pos - 1] == "\n") and (rest == len(text) or (rest > end and starts_entry(text, rest))):
            out.append(pos)
        pos = text.find(core, pos + 1)
    return out


def _start(ref: EntryRef, parses: _Parses) -> _Place:
    entries, offsets = parses.of(ref.text)
    return _Place(ref.text, offsets[ref.index], core_of(entries[ref.index].raw))


def _follow(place: _Place, older: str, parses: _Parses) -> _Place | None:
    """The followed entry in the version before (``older``), None when it did not exist there."""
    found = _whole_blocks(older, place.core)
    if len(found) == 1 and place.unique():
        return _Place(older, found[0], place.core, True)
    new_entries, new_offsets = parses.of(place.text)
    old_entries, old_offsets = parses.of(older)
    j = bisect.bisect_left(new_offsets, place.offset)
    i = match_entries(old_entries, new_entries)[j]
    return None if i is None else _Place(older, old_offsets[i], core_of(old_entries[i].raw))


def entry_lineage(history: HomeHistory, ref: EntryRef, until: datetime | None = None) -> EntryLineage:
    """The versions of entry ``ref``, newest first: one per change of its text, the oldest one
    ``created`` (or first recorded). With ``until``, only the versions at or before it."""
    parses = _Parses()
    place = _start(ref, parses)
    versions = history.versions(WARM)  # newest first
    # ``ref.text`` is usually the newest version; it may be an older one (then the walk starts
    # there), or one not recorded yet (then it is followed into the newest)
    blob = history.blob_id(ref.text.encode("utf-8"))
    start = next((i for i, v in enumerate(versions) if v.blob == blob), None)
    holder: Version | None = None  # the recorded version ``place`` is in (None: ``ref.text`` is not one)
    if start is not None:
        holder, versions = versions[start], versions[start + 1:]
    out: list[EntryVersion] = []
    for version in versions:
        text = history.blob_data(version.blob).decode("utf-8", "replace") if version.blob else ""
        older = _follow(place, text, parses)
        if older is None:
            break
        if holder is not None and older.core != place.core:
            out.append(EntryVersion(holder, place.core + "\n", _change(older.core, place.core)))
        place, holder = older, version
    if holder is None:
        return EntryLineage(None, [])
    out.append(EntryVersion(holder, place.core + "\n", "created"))
    lineage_id = f"{holder.commit[:12]}@{place.offset}"
    if until is not None:
        out = [v for v in out if v.when <= until]
    return EntryLineage(lineage_id, out)


def entry_history(history: HomeHistory, ref: EntryRef, until: datetime | None = None) -> list[EntryVersion]:
    return entry_lineage(history, ref, until).versions


def confidence_before_flip(history: HomeHistory, ref: EntryRef) -> str | None:
    """The confidence entry ``ref`` had in its newest recorded version that was not ``wrong``
    (what Revive gives back), ``None`` when no version before its flip is recorded."""
    for version in entry_history(history, ref):
        entries = parse_warm(version.raw).entries
        if entries and not entries[0].is_wrong:
            return entries[0].confidence
    return None


def _change(old: str, new: str) -> str:
    old_lines, new_lines = old.splitlines(), new.splitlines()

    def body(lines: list[str]) -> list[str]:
        return [line for line in lines[1:] if not line.startswith("<!-- last_access:")]

    if body(old_lines) != body(new_lines):
        return "edited"
    if old_lines[0] != new_lines[0]:
        return "flipped" if new_lines[0].rstrip().endswith(" wrong") else "confidence"
    return "touched"


def blame(history: HomeHistory, ref: EntryRef, until: datetime | None = None) -> dict:
    """Who created the entry and who last changed it (with when and what changed)."""
    lineage = entry_lineage(history, ref, until)
    versions = lineage.versions
    if not versions:
        return {"entry": ref.number, "id": lineage.id, "created": None, "last": None, "versions": []}
    return {"entry": ref.number, "id": lineage.id, "created": versions[-1].to_dict(), "last": versions[0].to_dict(),
            "versions": [v.to_dict() for v in versions]}


def diff(old: str | None, new: str | None, old_label: str = "before", new_label: str = "after") -> str:
    return "".join(difflib.unified_diff((old or "").splitlines(True), (new or "").splitlines(True),
                                        old_label, new_label))


def replace_entry(text: str, index: int, block: str) -> str:
    """``text`` with entry ``[index + 1]``'s block replaced by ``block`` (an older version of it);
    the blank lines after the entry and every other byte stay."""
    entries, offsets = _Parses().of(text)
    start, raw = offsets[index], entries[index].raw
    trail = raw[len(core_of(raw)):]
    return text[:start] + core_of(block) + (trail or "\n") + text[start + len(raw):]
