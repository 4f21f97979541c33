"""Each write analysed once, when a process of ours records it, so the review queue's first build
reads the records instead of every version of warm.md.

The capture thread (``core.history.capture``) calls ``note_state`` after it commits a state,
with the bytes it just recorded. The reading is the build's own (``queue.analyse_state``), so a
record is what a build would have found, and it goes where the build keeps what it analysed
(``analysed.jsonl``, keyed by the two states' trees). The version after the write is the bytes
given, once their id is the state's (a capture overtaken by another process's commits the newer
bytes); the version before it is the one this process recorded last, kept with its id, or, the
first time, read from the history. A state of the user's (``queue.USER_WRITERS``) is never
listed, so it is not analysed; its bytes are kept for the next write, whose version before it is.

A write no process of ours analysed (a history recorded by an older version, a record refused
as torn or stale, an analysis that failed) is analysed by the build as before: a record is a
shortcut, never the only way to the queue.
"""
from __future__ import annotations

from linghun.core.history.layout import WARM
from linghun.core.history.store import HomeHistory
from linghun.core.review.queue import USER_WRITERS, _blob, _decode, _Texts, analyse_state
from linghun.core.review.state import AnalysisCache
from linghun.core.review.warm_changes import EntryCounter


class _Last:
    """What a process recorded last in one history: relative path -> (the version's blob id when
    checked, else None; its text, or its bytes not checked yet), and the entries counted in the
    version of warm.md (``EntryCounter``: the next write's version before is that one)."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[str | None, str | bytes]] = {}
        self.counter = EntryCounter()


#: per history, the few last recorded into (a workbench switching homes leaves the others' texts
#: behind); only the capture thread (one per process) reads and writes it
_last: dict[str, _Last] = {}
HOMES_KEPT = 4


def note_state(history: HomeHistory, commit_id: str, writes: dict[str, bytes | None]) -> list[dict] | None:
    """Analyse the state ``commit_id`` just recorded from ``writes`` (relative path -> the bytes
    written, None: removed; empty for a scan) and keep the analysis beside the history.
    Returns it (None: a state of the user's or the first state, not analysed)."""
    commit = history.repo[commit_id]
    last = _last.pop(str(history.path), None) or _Last()
    _last[str(history.path)] = last  # the newest last
    while len(_last) > HOMES_KEPT:
        _last.pop(next(iter(_last)))
    known = last.files
    texts = _Texts(history)
    texts.counter = last.counter
    # one write: its changed middle read as it is. ``VersionBlocks`` pays off along a walk of
    # the history; for one write it parsed the whole version (50 ms) when the middle was wide
    texts.blocks = None
    try:
        parent = commit.parents[0] if commit.parents else None
        analyse = parent is not None and commit.author.name not in USER_WRITERS
        if analyse:
            for relative, (blob, kept) in list(known.items()):
                before = _blob(parent.tree, relative)
                if before is not None and before == (blob or HomeHistory.blob_id(kept)):
                    texts.keep(before, kept if isinstance(kept, str) else _decode(kept))
        for relative, data in writes.items():
            after = _blob(commit.tree, relative)
            if data is None or after is None:
                known.pop(relative, None)
            elif analyse and after == HomeHistory.blob_id(data):
                texts.keep(after, _decode(data))
            else:
                known[relative] = (None, data)  # checked when the next write needs it
        if not analyse:
            return None
        analysed = analyse_state(history, commit, parent, texts)
        AnalysisCache(history.path).put(f"{parent.tree_id}:{commit.tree_id}", analysed)
        # the versions after this write that were read or given: the next write's versions
        # before (a scan gives no bytes: what it recorded is read once, here)
        for relative in {WARM, *writes}:
            after = _blob(commit.tree, relative)
            if after is not None and texts.has(after):
                known[relative] = (after, texts.of(commit.tree, relative))
        return analysed
    finally:
        texts.close()
        after = known.get(WARM, (None, None))[1]
        last.counter.keep_only(after if isinstance(after, str) else None)  # no version held for nothing
