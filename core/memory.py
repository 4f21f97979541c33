"""The memory operations of SPEC 3-7 and 14, with the upstream semantics.

``Memory`` is the one object every caller (agent tools, CLI, assembler, workbench) uses to read
and change a home's warm entries, consolidation, journal, rules and soul card. Every write:
- holds the home lock around its read-modify-write (the agent writes the same files);
- re-reads the file under the lock, so a change made by another process is never lost;
- writes atomically and publishes ``memory.changed`` on the event bus.

Entry identity: upstream has only ``[n]``. A parsed entry's id is a digest of its content
(``core.formats.warm.content_id``), so an unchanged entry has the same id in every parse; within
one ``Memory`` an entry edited in place also keeps its position's id across reloads
(``_matched_ids``). Nothing is written into warm.md for it.

Parsed warm.md documents are shared by every ``Memory`` of the process while the file is
unchanged (``_PARSED``): the workbench, each round and each tool make their own ``Memory``, and
re-parsing 10k entries for each was a large part of a round. A shared document is never changed:
writers work on a copy (``_editable``) and replace it.
"""
from __future__ import annotations

import contextlib
import difflib
import hashlib
import itertools
import re
import threading
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from linghun.core import warm_cache
from linghun.core.errors import (
    CapacityError, CorruptFileError, InvalidInputError, NotFoundError, UnreadableFileError,
)
from linghun.core.events import EventBus, bus as default_bus
from linghun.core.formats import cold as cold_format
from linghun.core.formats import episodic as episodic_format
from linghun.core.formats import journal as journal_format
from linghun.core.formats import nodes as nodes_format
from linghun.core.formats.warm import (
    KINDS, LEGACY_KINDS, PARSE_VERSION, WRITABLE_CONFIDENCES, WarmDocument, WarmEntry, append_entry,
    compute_dedupe_keys, injection_order, join_fields, new_entry, normalise_for_dedupe, parse_warm,
    parse_warm_after,
)
from linghun.core.containment import check_inside
from linghun.core.fsio import FileStamp, atomic_write, decode_utf8, read_bytes, read_text
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.memory_config import MemoryConfig
from linghun.core.read_side import render_read
from linghun.core.sequences import common_ends
from linghun.core.settings import home_settings
from linghun.core.transaction import FileChange, InputsChanged, commit, pending

_REF_N = re.compile(r"^\s*\[?\s*(\d+)\s*\]?\s*$")
EVENT_TIMELINE_NODE = "事件时间线"
KNOWLEDGE_NODE = "精确知识"
ONTOLOGY_NAMES = {
    "cold": "cold", "memory_ontology": "memory_ontology", "memory": "memory_ontology", "events": "memory_ontology",
    "knowledge_ontology": "knowledge_ontology", "knowledge": "knowledge_ontology", "rules": "rules",
    "ontology": "ontology", "topics": "ontology", "identity": "identity", "soul": "identity",
    "assembled": "assembled",
}


#: warm.md path -> (what the file looked like, its parsed document or why it cannot be read, when
#: it was shared: a number that grows with each share), shared by every ``Memory``
_PARSED: dict[Path, tuple[FileStamp, "WarmDocument | UnreadableFileError", int]] = {}
_PARSED_LOCK = threading.Lock()
_SHARES = itertools.count(1)


def _shared(path: Path) -> tuple[WarmDocument, FileStamp, int] | None:
    """The shared parse of ``path`` when the file still has exactly those bytes. Checked by hash,
    not by mtime and size: two writes within one clock tick can leave both equal, and a document
    handed to another ``Memory`` must be the file's (hashing 10k entries is about 2 ms). Raises
    the ``UnreadableFileError`` of those bytes when they could not be read."""
    with _PARSED_LOCK:
        found = _PARSED.get(path)
    if found is None:
        return None
    data = read_bytes(path)
    if data is None or hashlib.sha256(data).hexdigest() != found[0].sha256:
        return None
    if isinstance(found[1], UnreadableFileError):
        raise found[1]
    return found[1], found[0], found[2]


def parse_is_current(path: Path) -> bool:
    """Whether the shared parse of ``path`` is of the file as it is now (a reader would take it)."""
    with contextlib.suppress(UnreadableFileError):
        return _shared(Path(path)) is not None
    return True


def shared_parse_number(path: Path) -> int:
    """The share number of ``path``'s shared parse (0: none); it grows with every new share."""
    with _PARSED_LOCK:
        found = _PARSED.get(Path(path))
    return found[2] if found is not None else 0


def _share(path: Path, stamp: FileStamp | None, doc: "WarmDocument | UnreadableFileError",
           number: int | None = None) -> int:
    """Share ``doc`` (of the bytes ``stamp`` describes, or why they cannot be read) and return its
    share number (0: none).

    ``number``: the one taken before those bytes were read (``next(_SHARES)``), so that a parse
    which took longer than a later write never replaces that write's document."""
    if stamp is None:
        return 0
    with _PARSED_LOCK:
        number = number or next(_SHARES)
        found = _PARSED.get(path)
        if found is None or found[2] < number:
            _PARSED[path] = (stamp, doc, number)
    return number


#: where one statement ends and another begins in an entry's body
_STATEMENT_END = re.compile(r"(?<=[。！？；;!?])\s*|(?<=[.])\s+|\n+")


def packs_several(body: str) -> bool:
    """Whether ``body`` reads as several facts packed into one entry: two or more lines that are
    each a structured record (``a | b | c``), or three or more statements of some length. One
    sentence with a detail after it is one fact; a list of them is not."""
    lines = [line for line in body.splitlines() if line.strip()]
    if sum(1 for line in lines if line.count("|") >= 2) >= 2:
        return True
    statements = [s for s in _STATEMENT_END.split(body) if len(s.strip()) >= 8]
    return len(statements) >= 3


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

    @property
    def note(self) -> str:
        """A hint for the writer when the entry seems to hold several facts (seed: 一条目一事实)."""
        if not packs_several(self.entry.body):
            return ""
        return ("this entry seems to hold several facts: one entry holds one fact, event or rule "
                "(一条目一事实); write them as separate entries so each can be found, flipped and trusted alone")

    def to_dict(self) -> dict:
        d = {"mode": self.mode, "n": self.entry.n, "id": self.entry.id, "bytes": self.bytes,
             "entry": self.entry.to_dict()}
        if self.note:
            d["note"] = self.note
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
    #: rule lines actually added to rules.md (a rule already there is not added again)
    rules_added: int = 0

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class ConsolidationPlan:
    """A consolidation computed and not yet written: its result, every file change (warm last),
    and the warm document it leaves."""

    result: ConsolidateResult
    changes: list[FileChange]
    warm: WarmDocument

    def texts(self) -> dict[Path, tuple[str | None, str | None]]:
        """``{path: (text now, text after)}`` of every file it writes (``None``: absent)."""
        dec = (lambda b: None if b is None else b.decode("utf-8"))
        return {c.path: (dec(c.before), dec(c.after)) for c in self.changes}


def stamp_of(when: datetime | None = None, seconds: bool = False) -> str:
    """Local time as the upstream writes it: ``YYYY-MM-DD HH:MM`` (``:SS`` for the journal)."""
    when = when or datetime.now()
    return when.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")


def _strip_marks(text: str) -> str:
    return text.replace("*", "").replace("`", "")


_OPENED: set = set()


class Memory:
    """Read and change one memory home."""

    #: consolidation computes without the lock this many times before computing under it
    COMMIT_ATTEMPTS = 3

    def __init__(self, home: MemoryHome, config: MemoryConfig | None = None, events: EventBus | None = None):
        self.home = home
        self._config = config
        self.events = events or default_bus
        self._doc: WarmDocument | None = None
        self._stamp: FileStamp | None = None
        self._share_number = 0  # of the shared parse ``_doc`` is (0: none)
        self._saved: tuple[WarmDocument, bytes] | None = None  # the document last saved here, its bytes
        if home.root not in _OPENED:  # once per home and process: a scan of the home's folders
            _OPENED.add(home.root)
            home.remove_dead_temps()
        if pending(home.root):
            # opening a home finishes (or undoes) a multi-file operation a crash interrupted:
            # taking the lock does it (core.home_lock)
            with home_lock(home).hold():
                pass

    @property
    def config(self) -> MemoryConfig:
        """The settings given to the constructor, else the home's (read at each use, so a change
        in ``workbench.json`` applies to the next operation)."""
        return self._config if self._config is not None else MemoryConfig.from_home(self.home)

    @config.setter
    def config(self, value: MemoryConfig | None) -> None:
        self._config = value

    # -- warm: reading ---------------------------------------------------------------------
    def document(self) -> WarmDocument:
        """The parsed warm.md, re-read only when the file changed on disk."""
        path = self.home.warm
        if self._doc is not None:
            if self._stamp is None:
                if not path.exists():
                    return self._doc
            elif (confirmed := self._stamp.confirm(path)) is not None:
                self._stamp = confirmed
                return self._doc
        shared = _shared(path)
        if shared is not None:
            return self._take(*shared)
        number = next(_SHARES)
        return self._load(read_bytes(path), number)

    def latest(self) -> WarmDocument:
        """The newest warm.md this process has parsed or written, without looking at the file:
        this Memory's document, or a newer one another ``Memory`` of the process shared (a
        worker's parse after the agent wrote the file, a round's write). ``document()`` the first
        time, when there is nothing yet.

        For a GUI that was told warm.md changed and parsed (``workbench.filewatch``): reading and
        hashing the file again there is what it must not do; ``document()`` is the check against
        the disk."""
        with _PARSED_LOCK:
            found = _PARSED.get(self.home.warm)
        if found is not None and found[2] > self._share_number and self._doc is not None:
            stamp, doc, number = found
            if isinstance(doc, UnreadableFileError):
                raise doc
            return self._take(doc, stamp, number)
        return self._doc if self._doc is not None else self.document()

    def _load(self, raw: bytes | None, number: int | None = None) -> WarmDocument:
        """The document of warm.md's bytes ``raw`` (the cached one when they are the same)."""
        path = self.home.warm
        if raw is None:  # no warm.md (yet): an empty document, for ``latest()`` readers too
            doc = WarmDocument("", [])
            return self._take(doc, None, _share(path, FileStamp(0, 0, ""), doc, number))
        if self._doc is not None and self._stamp is not None and \
                self._stamp.sha256 == hashlib.sha256(raw).hexdigest():
            return self._doc
        stamp = FileStamp.of_bytes(path, raw)
        previous = self._previous_parse()
        try:
            doc = parse_warm_after(decode_utf8(path, raw), previous) if previous is not None \
                else self._parse_anew(raw, stamp.sha256)
        except UnreadableFileError as exc:  # every reader, a GUI's ``latest()`` too, learns it
            _share(path, stamp, exc, number)
            raise
        doc.entries = doc.numbered()
        if previous is None:  # ids as parsing gives them (an earlier parse here may have kept its own)
            doc.parsed_from = f"{PARSE_VERSION}:{stamp.sha256}"
        return self._take(doc, stamp, _share(path, stamp, doc, number))

    def _parse_anew(self, raw: bytes, sha256: str) -> WarmDocument:
        """The first parse of warm.md's bytes ``raw`` (of digest ``sha256``) in this process: the
        one the last process saved when the file is the same (the bytes decoded then), else
        parsed from where the file differs from it (``core.warm_cache``), and saved for the next
        process."""
        path = self.home.warm
        found = warm_cache.saved_parse(path, sha256)
        if found is not None and found[1]:
            return found[0]
        text = decode_utf8(path, raw)
        doc = parse_warm_after(text, found[0]) if found is not None else parse_warm(text)
        warm_cache.save_parse(path, doc, sha256)
        return doc

    def _previous_parse(self) -> WarmDocument | None:
        """The newest parse of warm.md this process has (the shared one, else this Memory's): a
        new text that begins as it did is parsed from where it differs (``parse_warm_after``)."""
        with _PARSED_LOCK:
            found = _PARSED.get(self.home.warm)
        if found is not None and isinstance(found[1], WarmDocument):
            return found[1]
        return self._doc

    def _take(self, doc: WarmDocument, stamp: FileStamp | None, share_number: int) -> WarmDocument:
        """``doc`` becomes this Memory's document, its entries keeping the ids they had here."""
        doc = _with_ids_of(self._doc, doc)
        self._doc, self._stamp, self._share_number = doc, stamp, share_number
        return doc

    def prepare_latest(self) -> "NewerDocument | None":
        """What ``latest()`` would take now, its entry ids already matched to this Memory's, and
        this Memory left as it is: a worker computes it while the GUI thread uses the Memory,
        ``take_latest`` then makes it the document in no time. None when nothing is newer (or it
        cannot be read: ``latest()`` says why)."""
        base, own = self._doc, self._share_number
        with _PARSED_LOCK:
            found = _PARSED.get(self.home.warm)
        if base is None or found is None or found[2] <= own or isinstance(found[1], UnreadableFileError):
            return None
        stamp, doc, number = found
        return NewerDocument(base, _with_ids_of(base, doc), stamp, number)

    def take_latest(self, newer: "NewerDocument | None") -> None:
        """Take what ``prepare_latest`` found, unless this Memory's document changed meanwhile
        (then ``latest()`` matches the ids itself)."""
        if newer is not None and newer.base is self._doc and newer.number > self._share_number:
            self._doc, self._stamp, self._share_number = newer.doc, newer.stamp, newer.number

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
        data = self._encoded(doc)
        atomic_write(self.home.warm, data)
        self._adopt(doc, data)
        self.events.publish("memory.changed", home=str(self.home.root), path=str(self.home.warm), what=what)

    def _rendered_size(self, doc: WarmDocument) -> int:
        """``len(doc.render().encode())``, without rendering when ``doc`` holds the entries of
        the document last saved here (an append's copy before it changes: at 10k entries the
        render and encode cost more than the rest of the check)."""
        known = self._saved
        if known is not None and known[0] is self._doc and doc.preamble == self._doc.preamble \
                and doc.entries == self._doc.entries:  # a C loop, equal by identity first
            return len(known[1])
        return len(doc.render().encode("utf-8"))

    def _encoded(self, doc: WarmDocument) -> bytes:
        """``doc.render()`` in UTF-8. When ``doc`` begins with the entries of the document last
        saved here but its last one (an append, which may end that one with a blank line), the
        saved bytes up to that entry and the rest's only: encoding a 10k-entry warm.md (1.4 MB,
        mostly CJK) was a third of an append's CPU."""
        known = self._saved
        if known is not None and known[0] is self._doc and doc.preamble == self._doc.preamble:
            saved, data = self._doc.entries, known[1]
            k = max(0, len(saved) - 1)
            if len(doc.entries) >= k and doc.entries[:k] == saved[:k]:  # equal by identity first
                cut = len(data) - len("".join(e.raw for e in saved[k:]).encode("utf-8"))
                return data[:cut] + "".join(e.raw for e in doc.entries[k:]).encode("utf-8")
        return doc.render().encode("utf-8")

    def _adopt(self, doc: WarmDocument, data: bytes) -> None:
        """``doc`` (whose bytes ``data`` are now warm.md) becomes the cached document."""
        self._doc = WarmDocument(doc.preamble, doc.numbered())
        self._saved = (self._doc, data)
        self._stamp = FileStamp.of_bytes(self.home.warm, data)
        self._share_number = _share(self.home.warm, self._stamp, self._doc)
        warm_cache.save_at_exit(self.home.warm, self._doc, self._stamp.sha256)

    def merge_preview(self, kind: str, content, confidence: str | None = None,
                      when: datetime | None = None) -> tuple[WarmEntry, WarmEntry] | None:
        """What :meth:`append` of this would do to an existing entry, without writing: ``(the
        live entry it merges into, that entry after the merge)`` when the body is a near
        duplicate of one, else None (the append adds an entry at the end). A preview that says
        "appended" while the append merges misleads the person who reads it."""
        kind = (kind or "").strip().lower()
        try:
            body = join_fields(kind, content)
        except ValueError:
            return None
        entries = self.document().entries
        given = confidence if confidence in WRITABLE_CONFIDENCES else None
        found = _merge(entries, kind, body, given, stamp_of(when))
        return (entries[found[0]], found[1]) if found else None

    def append(self, kind: str, content, confidence: str | None = None, update: str | int | None = None,
               when: datetime | None = None) -> AppendResult:
        """``memory_append``: append, flip-and-append (``update``), revive, or near-duplicate merge.

        ``confidence`` ``None`` means "not said": a new entry is medium, a near-duplicate merge keeps
        the old entry's confidence (restating a high fact must not demote it out of the knowledge
        ontology; the SPEC is silent on what a merge keeps). A confidence given is always applied."""
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
        given = confidence if confidence in WRITABLE_CONFIDENCES else None
        confidence = given or "medium"
        stamp = stamp_of(when)
        with home_lock(self.home).hold():
            self.home.memory.mkdir(parents=True, exist_ok=True)
            doc = self._editable()
            if update not in (None, ""):
                target = self._find(update)
                if target is not None:
                    return self._update(doc, target, kind, body, stamp)
            found = _merge(doc.entries, kind, body, given, stamp)
            if found is not None:
                i, merged = found
                doc.entries[i] = merged
                self._save(doc)
                return AppendResult("dedupe", self._doc.entries[i], len(merged.raw.encode()))
            entry = new_entry(stamp, kind, confidence, body)
            if self._needs_room(doc, entry):
                # consolidation and the append are one all-or-nothing change (core.transaction)
                consolidated = self._consolidate(when, then_append=entry)
            else:
                consolidated = None
                append_entry(doc, entry)
                self._save(doc)
            return AppendResult("append", self._doc.entries[-1], len(entry.raw.encode()), consolidated=consolidated)

    def add_entries(self, entries: list[WarmEntry], same=None) -> tuple[list[WarmEntry], list[WarmEntry]]:
        """Append ``entries`` (made by ``new_entry`` or ``format_block``) in one save of warm.md,
        under the lock, skipping each whose ``same(body)`` key is already in the home or earlier
        in the list: ``(added, skipped)``. One write is one step of the history and of an undo
        (``core.exchange`` imports with it). Nothing is written when nothing is added, and a
        ``CapacityError`` is raised before anything is written when they do not fit in
        ``memory.maxBytes`` (no consolidation: an import must not archive the home's entries)."""
        same = same or normalise_for_dedupe
        with home_lock(self.home).hold():
            doc = self._editable()
            seen = {same(e.body) for e in doc.entries}
            added, skipped = [], []
            for entry in entries:
                key = same(entry.body)
                (skipped if key in seen else added).append(entry)
                seen.add(key)
            if not added:
                return [], skipped
            size = self._rendered_size(doc) + sum(len(e.raw.encode("utf-8")) + 1 for e in added)
            if size > self.config.max_bytes:
                raise CapacityError(
                    f"warm.md would grow to {size} bytes, over memory.maxBytes ({self.config.max_bytes}); nothing "
                    f"was written. Consolidate first, or raise memory.maxBytes in {self.home.config}")
            self.home.memory.mkdir(parents=True, exist_ok=True)
            first = len(doc.entries)
            for entry in added:
                append_entry(doc, entry)
            self._save(doc, what="import")
            return self._doc.entries[first:], skipped

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

    def _needs_room(self, doc: WarmDocument, entry: WarmEntry) -> bool:
        """Whether appending ``entry`` consolidates warm first (SPEC 15 ``autoConsolidate`` at
        ``triggerRatio`` of ``maxBytes``). Raises ``CapacityError`` *before anything is written*
        when the entry will not fit even then: a refused append changes nothing."""
        cfg = self.config
        incoming = len(entry.raw.encode("utf-8")) + 2
        current = self._rendered_size(doc)
        consolidate = current + incoming > cfg.max_bytes * cfg.trigger_ratio and cfg.auto_consolidate and bool(doc.entries)
        # after a consolidation warm holds only its preamble (the text before the first entry)
        after = len(doc.preamble.encode("utf-8")) + incoming if consolidate else current + incoming
        if after > cfg.max_bytes:
            how = " even after consolidation" if consolidate else (
                " with memory.autoConsolidate off" if not cfg.auto_consolidate else "")
            raise CapacityError(
                f"warm.md would grow to {after} bytes, over memory.maxBytes ({cfg.max_bytes}){how}; nothing was "
                f"written. Shorten the entry, consolidate, or raise memory.maxBytes in {self.home.config}")
        return consolidate

    def touch(self, ref: str | int, when: datetime | None = None) -> int:
        """Refresh ``last_access`` of every entry the reference matches; returns how many changed.

        ``[n]`` touches that entry; other text is matched as a substring (``*`` and backticks
        stripped). An entry already carrying the current stamp is not rewritten.
        """
        stamp = stamp_of(when)
        with home_lock(self.home).hold():
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
        with home_lock(self.home).hold():
            doc = self._editable()
            old = self.entry(entry_id)
            doc.entries[old.n - 1] = old.with_changes(**changes)
            self._save(doc)
            return self._doc.entries[old.n - 1]

    def replace_raw(self, entry_id: str, raw: str) -> WarmEntry:
        """Put back an entry's exact text (undo of an edit): the file bytes return as they were."""
        with home_lock(self.home).hold():
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
        with home_lock(self.home).hold():
            doc = self._editable()
            old = self.entry(entry_id)
            index = old.n - 1
            del doc.entries[index]
            self._save(doc)
            return index, old.raw

    def insert_raw(self, index: int, raw: str, entry_id: str | None = None) -> WarmEntry:
        """Insert an entry's exact text at ``index`` (undo of a delete), keeping its old id."""
        with home_lock(self.home).hold():
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
        with home_lock(self.home).hold():
            self.document()
            self._save(parse_warm(text))

    # -- consolidation (SPEC 4) --------------------------------------------------------------
    def consolidate(self, when: datetime | None = None) -> ConsolidateResult:
        """Move warm into long-term structure, archive it, and empty it: all or nothing.

        Computed without the home lock (other writers go on meanwhile); the lock is held only to
        check that no input changed (content hashes) and to commit. When one changed, it is
        computed again; after ``COMMIT_ATTEMPTS - 1`` tries the last one is computed under the
        lock (linear in the home's size, so a busy home still gets its consolidation).
        """
        return self._consolidate(when)

    def _consolidate(self, when: datetime | None, then_append: WarmEntry | None = None) -> ConsolidateResult:
        when = when or datetime.now()
        lock = home_lock(self.home)
        for attempt in range(1, self.COMMIT_ATTEMPTS + 1):
            last = attempt == self.COMMIT_ATTEMPTS
            with lock.hold() if last else contextlib.nullcontext():
                plan = self.plan_consolidation(when, then_append)
                if not plan.changes:
                    return plan.result
                with lock.hold():
                    try:
                        commit(self.home.root, plan.changes)
                    except InputsChanged:
                        if last:
                            raise
                        continue
                    self._adopt(plan.warm, plan.changes[-1].after)
            break
        if plan.result.rules_added:
            self.events.publish("memory.changed", home=str(self.home.root), path=str(self.home.rules), what="rules")
        self.events.publish("memory.changed", home=str(self.home.root), path=str(self.home.warm), what="consolidate")
        self.events.publish("memory.consolidated", home=str(self.home.root), result=plan.result.to_dict())
        return plan.result

    def plan_consolidation(self, when: datetime | None = None,
                           then_append: WarmEntry | None = None) -> "ConsolidationPlan":
        """What a consolidation at ``when`` would write, computed without writing (the preview
        shows exactly this). Each file is read, parsed and rendered once, so the cost is linear in
        the size of the home. Every input is read and decoded before anything is computed: a file
        that is not UTF-8 raises ``NotUtf8Error`` and nothing is written."""
        when = when or datetime.now()
        day = when.strftime("%Y-%m-%d")
        home = self.home
        number = next(_SHARES)  # before the read: see ``_share``
        raw_warm = read_bytes(home.warm)
        doc = self._load(raw_warm, number)
        result = ConsolidateResult(day=day)
        if not doc.entries:
            return ConsolidationPlan(result, [], doc)
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
        episodic = home.episodic_file(day)
        targets = [p for p, wanted in ((home.memory_ontology, events), (home.knowledge_ontology, knowledge),
                                       (home.rules, rules)) if wanted] + [episodic, home.cold]
        before = {p: read_bytes(p) for p in targets}
        text = {p: decode_utf8(p, raw) if raw is not None else "" for p, raw in before.items()}

        after: dict[Path, str] = {}
        if events:
            after[home.memory_ontology] = _append_node_lines(
                text[home.memory_ontology], EVENT_TIMELINE_NODE, [f"- {e.stamp} {_one_line(e.body)}" for e in events])
            result.written.append(home.memory_ontology.name)
        if knowledge:
            after[home.knowledge_ontology] = _append_node_lines(
                text[home.knowledge_ontology], KNOWLEDGE_NODE, [f"- {_one_line(e.body)}（{e.day}）" for e in knowledge])
            result.written.append(home.knowledge_ontology.name)
        if rules:
            # a rule entry with an empty body has no line to add (upstream's rules_append refuses it)
            after[home.rules], result.rules_added = nodes_format.append_rules(
                text[home.rules], [(_one_line(e.body), e.day) for e in rules if _one_line(e.body)])
            result.written.append(home.rules.name)
        after[episodic] = text[episodic] + episodic_format.render_append(when.strftime("%H:%M"), warm_text)
        after[home.cold] = cold_format.append_section(text[home.cold], cold_format.render_section(day, cold_items))
        result.written += [f"episodic/{episodic.name}", home.cold.name, home.warm.name]
        result.events, result.knowledge, result.rules = len(events), len(knowledge), len(rules)
        result.cold = len(cold_items)

        emptied = WarmDocument(doc.preamble, [])
        if then_append is not None:
            append_entry(emptied, then_append)
        changes = [FileChange.text(p, before[p], after[p]) for p in targets]
        changes.append(FileChange(home.warm, raw_warm, emptied.render().encode("utf-8")))  # warm last
        return ConsolidationPlan(result, changes, emptied)

    # -- rules, soul ---------------------------------------------------------------------------
    def rules_append(self, rule: str, topic: str | None = None, when: datetime | None = None) -> dict:
        rule = (rule or "").strip()
        if not rule:
            raise InvalidInputError("the rule is empty")
        day = (when or datetime.now()).strftime("%Y-%m-%d")
        with home_lock(self.home).hold():
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
        with home_lock(self.home).hold():
            read_text(self.home.identity)  # a card we cannot read is refused, never written over
            atomic_write(self.home.identity, text)
        self.events.publish("memory.changed", home=str(self.home.root), path=str(self.home.identity), what="identity")
        return {"ok": True, "bytes": len(text.encode("utf-8"))}

    # -- journal (SPEC 5) -------------------------------------------------------------------------
    def journal_append(self, user: str, assistant: str, when: datetime | None = None) -> dict:
        if not (user or "").strip() and not (assistant or "").strip():
            raise InvalidInputError("both the user and the assistant text are empty")
        when = when or datetime.now()
        path = self.home.journal_file(when.strftime("%Y-%m-%d"))
        with home_lock(self.home).hold():
            check_inside(self.home.root, path)  # a journal/ folder linked elsewhere is refused
            old = read_text(path) or ""
            atomic_write(path, old + journal_format.format_turn(stamp_of(when, seconds=True), user, assistant))
        self.events.publish("memory.changed", home=str(self.home.root), path=str(path), what="journal")
        return {"ok": True, "path": str(path)}

    def journal_turns(self, day: str | None = None, start: str | None = None, end: str | None = None):
        """Turns of one day, or of a window ``start``..``end`` (inclusive) across days."""
        days = self.home.journal_days()
        if day:
            if not re.fullmatch(r"\d{4}-\d\d-\d\d", str(day)):
                raise InvalidInputError(f"a journal day is YYYY-MM-DD, got {day!r}")
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
        """``memory_read``: one entry or ontology with ``ref``, else the read side of
        ``core.read_side`` (warm grouped by kind along the forgetting gradient, the team ledger,
        the archive index, the cold summary) within the read budget."""
        if ref:
            return self._read_ref(ref)
        limit = self.config.read_full_chars if full else self.config.inject_max_chars
        return render_read(self.entries(), self.team_ledger(), self.archive_index(),
                           read_text(self.home.cold) or "", limit, self.config.time_weight)

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
        topics the archivist organised, recent judgments and deliveries, read where
        ``team.cycleDir`` puts the team workspace. Empty before any round."""
        from linghun.core.formats.team import load_team  # the team formats build on this module's peers

        try:
            where = home_settings(self.home).paths_home
        except CorruptFileError:  # an unreadable workbench.json: the layout's place (the round says why)
            where = self.home
        team = load_team(where)
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


def _merge(entries: list[WarmEntry], kind: str, body: str, given: str | None, stamp: str) -> tuple[int, WarmEntry] | None:
    """The near-duplicate merge of an append: the index of the live entry ``body`` merges into
    and that entry merged (its stamp and last access now, the new body; the confidence given,
    else the old one's), or None."""
    compute_dedupe_keys(entries)
    i = _near_duplicate(entries, normalise_for_dedupe(body))
    if i is None:
        return None
    old = entries[i]
    return i, old.with_changes(stamp=stamp, kind=kind, confidence=given or old.confidence, body=body, last_access=stamp)


def _near_duplicate(entries: list[WarmEntry], key: str) -> int | None:
    """The index of the first live entry whose dedupe key is a near duplicate of ``key``.

    ``keys_near_duplicate`` inlined: an append at 10k entries compares ``key`` with every entry,
    and the function call, ``sorted`` and ``is_wrong`` per entry were most of the append's time."""
    k = len(key)
    if not k:
        return None
    for i, e in enumerate(entries):
        other = e.dedupe_key
        n = len(other)
        if n >= k:
            hit = n <= 1.8 * k and key in other
        else:
            hit = k <= 1.8 * n and n > 0 and other in key
        if hit and not e.is_wrong:
            return i
    return None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _append_node_lines(text: str, theme: str, lines: list[str]) -> str:
    """Node file ``text`` with ``lines`` added to node ``theme`` (one parse, one render)."""
    doc = nodes_format.parse_nodes(text)
    doc.append_to(theme, "\n".join(lines))
    return doc.render()


@dataclass(frozen=True)
class NewerDocument:
    """``Memory.prepare_latest``'s answer: the shared ``doc`` with the ids of ``base``."""

    base: WarmDocument
    doc: WarmDocument
    stamp: FileStamp
    number: int


def _with_ids_of(old: WarmDocument | None, doc: WarmDocument) -> WarmDocument:
    """``doc``, or a copy whose entries keep the ids they had in ``old`` (see the module
    docstring; the shared one stays as parsed)."""
    if old is None:
        return doc
    ids = _matched_ids(old, doc)
    if ids == [e.id for e in doc.entries]:
        return doc
    return WarmDocument(doc.preamble, [e if e.id == i else replace(e, id=i) for e, i in zip(doc.entries, ids)])


def _matched_ids(old: WarmDocument, new: WarmDocument) -> list[str]:
    """The id each entry of ``new`` has: the one it had in ``old`` when it is the same block or an
    edit of it, else its own.

    The blocks both documents begin and end with are matched directly (list slices: an append to
    10k entries is matched in C); only the part between goes through difflib."""
    a = [e.raw for e in old.entries]
    b = [e.raw for e in new.entries]
    old_ids = [e.id for e in old.entries]
    own = [e.id for e in new.entries]
    ids = list(own)
    p, s = common_ends(a, b)
    ids[:p] = old_ids[:p]
    if s:
        ids[len(b) - s:] = old_ids[len(a) - s:]
    matcher = difflib.SequenceMatcher(None, a[p:len(a) - s], b[p:len(b) - s], autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "delete" or tag == "insert":
            continue
        same_size = i2 - i1 == j2 - j1
        for k in range(min(i2 - i1, j2 - j1)):
            before, after = old.entries[p + i1 + k], new.entries[p + j1 + k]
            # an edited block keeps its id when the sizes line up or it is recognisably the same
            if tag == "equal" or same_size or before.header() == after.header() or before.body == after.body:
                ids[p + j1 + k] = old_ids[p + i1 + k]
    # An entry that moved is in a difflib "replace" run beside the one paired with its old place:
    # both would carry its id. The entry whose own id it is keeps it; the other keeps its own
    # (parsed ids are unique, so this ends).
    while len(set(ids)) < len(ids):
        seen = Counter(ids)
        for j, entry_id in enumerate(ids):
            if seen[entry_id] > 1 and entry_id != own[j]:
                seen[entry_id] -= 1
                ids[j] = own[j]
    return ids
