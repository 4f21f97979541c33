"""The review queue: every change made to the home by a writer other than the user, since it was
last reviewed, read from the home's history (so a write of an agent in another process, or on
another machine synced in, is there as much as one of our tools).

One state of the history is one write; its changes are read from the state before it: warm.md
entry by entry (``warm_changes``), the other long-term files as a whole (``file_changes``). A
consolidation is one change with every file it wrote. Each change gets an id that survives the
history's pruning (its time, writer, file and place), its consequences in words and its diff.
"""
from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable, Iterable

from linghun.core.history.layout import WARM
from linghun.core.history.store import HomeHistory, when_of
from linghun.core.review.file_changes import changed_goals, consequences as file_consequences, kind_of
from linghun.core.review.packed import PackedVersions
from linghun.core.review.state import AnalysisCache, ReviewState
from linghun.core.review.warm_changes import EntryCounter, EntryOp, VersionBlocks, analyse_warm

#: writers whose changes are the user's own: the workbench, and what the review itself writes
#: (a reject, an accepted held write) from the command line, and a sync's merge (what it brought
#: is listed as the remote's own states, what it could not merge as its conflicts)
USER_WRITERS = frozenset({"workbench", "review", "sync"})
REVIEW_WRITER = "review"
#: states walked between two ``progress`` calls
PROGRESS_EVERY = 25
#: a diff longer than this is cut (a consolidation's diff is the whole of warm.md)
MAX_DIFF_LINES = 400


@dataclass
class ReviewItem:
    """One change to review.

    Attributes:
        id: stable id (12 hex digits).
        kind: one of ``KINDS``.
        writer, when: who made the change and when it was seen.
        file: the file it changed (a consolidation: warm.md; ``paths`` has every file).
        commit: the history state the change made.
        consequences: what it does, in words.
        diff: unified diff of what it changed.
        ops: warm.md steps (for reject), ``wrote``: the entries it wrote.
        status: pending, accepted or rejected.
        contradictions: what it contradicts (``core.review.contradictions``).
    """

    id: str
    kind: str
    writer: str
    when: datetime
    file: str
    commit: str
    consequences: list[str]
    diff: str
    paths: list[str] = field(default_factory=list)
    ops: list[EntryOp] = field(default_factory=list)
    wrote: list[str] = field(default_factory=list)
    status: str = "pending"
    contradictions: list = field(default_factory=list)
    held: dict | None = None  # a held write (``core.review.hold``): the tool call waiting
    conflict: dict | None = None  # what a sync could not merge (``core.sync.conflicts``)
    #: the state that wrote each of ``paths`` when not ``commit`` (a consolidation's files may be
    #: captured as several states, one per file, a moment apart)
    sources: dict[str, str] = field(default_factory=dict)

    def source(self, relative: str) -> str:
        return self.sources.get(relative, self.commit)

    @property
    def day(self) -> str:
        return self.when.strftime("%Y-%m-%d")

    @property
    def summary(self) -> str:
        return "; ".join(self.consequences)

    def to_dict(self, with_diff: bool = True) -> dict:
        out = {"id": self.id, "kind": self.kind, "writer": self.writer,
               "when": self.when.isoformat(timespec="seconds"), "file": self.file, "paths": self.paths,
               "commit": self.commit, "status": self.status, "consequences": self.consequences,
               "contradictions": [c.to_dict() for c in self.contradictions]}
        if with_diff:
            out["diff"] = self.diff
        if self.held is not None:
            out["held"] = self.held
        if self.conflict is not None:
            out["conflict"] = self.conflict
        return out


def _cap(lines: list[str]) -> str:
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"… {len(lines) - MAX_DIFF_LINES} more lines\n"]
    return "".join(lines)


def text_diff(before: str | None, after: str | None, name: str) -> list[str]:
    return list(difflib.unified_diff((before or "").splitlines(True), (after or "").splitlines(True),
                                     f"{name} (before)", f"{name} (after)"))


def _ops_diff(ops: list[EntryOp]) -> list[str]:
    before = "".join((o.before or "").rstrip("\r\n") + "\n" for o in ops if o.before)
    after = "".join((o.after or "").rstrip("\r\n") + "\n" for o in ops if o.after)
    return text_diff(before, after, WARM)


def _decode(data: bytes | None) -> str | None:
    return None if data is None else data.decode("utf-8", "replace")


def _blob(tree, relative: str) -> str | None:
    try:
        return str(tree[relative].id)
    except KeyError:
        return None


def _changed_paths(history: HomeHistory, commit, parent) -> list[str]:
    """The files the state changed, read from its message (what ``HomeHistory.record`` lists)."""
    listed = [line[2:] for line in commit.message.splitlines() if line.startswith("- ")]
    return [p for p in listed if _blob(commit.tree, p) != _blob(parent.tree, p)]


class _Texts:
    """The last few versions read, decoded: walking the states newest first, the version before
    one write is the version after the next one. In a long walk (the first build of a history)
    a packed version is read from the pack with its delta's base kept (``packed``: 0.5 ms where
    libgit2 took 6-14 ms for a 10k-entry warm.md); a loose one, or one the packs cannot vouch
    for, through the history. The few versions a build after one write reads (loose, mostly) go
    through the history: opening the packs' indexes costs about 1.3 us an object, 0.2 s for a
    year of writes."""

    KEEP = 4
    #: versions read through the history before the packs are opened
    DIRECT_READS = 8

    def __init__(self, history: HomeHistory) -> None:
        self.history = history
        self._kept: dict[str, str] = {}
        self._packed: PackedVersions | None = None
        self._reads = 0
        self.counter = EntryCounter()  # the entries' numbers, counted on from the last version's
        self.blocks: VersionBlocks | None = VersionBlocks()  # and its blocks (None: read each middle as it is)

    def of(self, tree, relative: str) -> str | None:
        blob = _blob(tree, relative)
        if blob is None:
            return None
        if blob not in self._kept:
            if len(self._kept) >= self.KEEP:
                self._kept.pop(next(iter(self._kept)))
            self._reads += 1
            if self._packed is None and self._reads > self.DIRECT_READS:
                self._packed = PackedVersions(self.history.path)
            data = self._packed.read(blob) if self._packed is not None else None
            self._kept[blob] = _decode(data if data is not None else self.history.blob_data(blob))
        return self._kept[blob]

    def keep(self, blob: str, text: str) -> None:
        """Take ``text`` as version ``blob`` without reading it (the caller vouches for the id:
        ``recorded`` hashes the bytes it was given)."""
        self._kept[blob] = text

    def has(self, blob: str) -> bool:
        return blob in self._kept

    def close(self) -> None:
        if self._packed is not None:
            self._packed.close()
            self._packed = None


def analyse_state(history: HomeHistory, commit, parent, texts: _Texts | None = None) -> list[dict]:
    """The changes one state made, as cacheable dicts (no writer, time or id)."""
    paths = [p for p in _changed_paths(history, commit, parent) if p == WARM or kind_of(p)]
    out: list[dict] = []
    texts = texts or _Texts(history)
    text = texts.of

    others = [p for p in paths if p != WARM]
    if WARM in paths:
        before, after = text(parent.tree, WARM) or "", text(commit.tree, WARM) or ""
        for change in analyse_warm(before, after, texts.counter, texts.blocks):
            item = {"kind": change.kind, "file": WARM, "paths": [WARM], "consequences": change.consequences,
                    "ops": [o.to_dict() for o in change.ops], "wrote": change.wrote}
            lines = _ops_diff(change.ops)
            if change.kind == "consolidate":
                item["paths"] = [WARM] + others  # the archives it wrote are this change
                for p in others:
                    lines += text_diff(text(parent.tree, p), text(commit.tree, p), p)
                others = []
            item["diff"] = _cap(lines)
            out.append(item)
    for p in others:
        before, after = text(parent.tree, p), text(commit.tree, p)
        kind = kind_of(p)
        out.append({"kind": kind, "file": p, "paths": [p], "consequences": file_consequences(p, before, after),
                    "diff": _cap(text_diff(before, after, p)), "ops": [],
                    "wrote": changed_goals(before, after) if kind == "goal" else []})
    return out


def item_id(when: datetime, writer: str, file: str, index: int) -> str:
    key = f"{when.isoformat(timespec='microseconds')}|{writer}|{file}|{index}"
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:12]


def _items_of(history: HomeHistory, commit, cache: AnalysisCache, texts: _Texts) -> list[ReviewItem]:
    parent = commit.parents[0]
    key = f"{parent.tree_id}:{commit.tree_id}"
    analysed = cache.get(key)
    if analysed is None:
        analysed = analyse_state(history, commit, parent, texts)
        cache.put_later(key, analysed)  # written by the walk every few states
    when, writer = when_of(commit), commit.author.name
    out = []
    for index, a in enumerate(analysed):
        out.append(ReviewItem(item_id(when, writer, a["file"], index), a["kind"], writer, when, a["file"],
                              str(commit.id), list(a["consequences"]), a.get("diff", ""), list(a.get("paths") or []),
                              [EntryOp.from_dict(o) for o in a.get("ops") or []], list(a.get("wrote") or [])))
    return out


def changes_since(history: HomeHistory, state: ReviewState, cache: AnalysisCache | None = None,
                  include_reviewed: bool = False, progress: Callable[[int], None] | None = None) -> list[ReviewItem]:
    """Every change by a writer other than the user after ``state.until``, newest first, each
    with its status (pending unless marked). ``progress(states read)`` is called as the walk goes
    (a first build of a long history reads every version once); it may raise to stop it."""
    cache = cache or AnalysisCache(history.path)
    out: list[ReviewItem] = []
    texts = _Texts(history)
    merged = False  # past a merge (a sync), the states of both sides come in turn: none ends the walk
    try:
        for walked, commit in enumerate(history.commits()):
            if walked % PROGRESS_EVERY == 0:
                cache.flush()
                if progress is not None:
                    progress(walked)
            merged = merged or len(commit.parent_ids) > 1
            if not commit.parents:
                if merged:
                    continue  # the first state of one side of a merge
                break  # the home as first recorded: where the history starts, not a change
            when = state.seen_at(str(commit.id), when_of(commit))
            if state.until is not None and when <= state.until:
                if merged:
                    continue
                break
            if commit.author.name in USER_WRITERS:
                continue
            for item in _items_of(history, commit, cache, texts):
                item.status = state.status(item.id)
                item.when = when  # a state a sync brought in: when it arrived (its id keeps its own time)
                out.append(item)
    finally:
        texts.close()
        cache.flush()  # what was analysed is kept, a walk stopped halfway too
    out = _fold_archives(out)
    return out if include_reviewed else [i for i in out if i.status == "pending"]


#: archive files written this close to a consolidation by its writer are that consolidation's
FOLD_SECONDS = 5.0


def _fold_archives(items: list[ReviewItem]) -> list[ReviewItem]:
    """Each consolidation with the archive files its write put in place as states of their own."""
    folded: set[str] = set()
    for c in items:
        if c.kind != "consolidate":
            continue
        for a in items:
            if (a.kind == "archive" and a.writer == c.writer and a.id not in folded
                    and abs((a.when - c.when).total_seconds()) <= FOLD_SECONDS and a.file not in c.paths):
                folded.add(a.id)
                c.paths.append(a.file)
                c.sources[a.file] = a.commit
                c.diff += a.diff
    return [i for i in items if i.id not in folded]


def find(items: Iterable[ReviewItem], ref: str) -> ReviewItem | None:
    """The item whose id starts with ``ref`` (at least 4 characters), None when none or several."""
    ref = ref.strip()
    hits = [i for i in items if len(ref) >= 4 and i.id.startswith(ref)]
    return hits[0] if len(hits) == 1 else None
