"""What the CLI and the workbench do with the review queue: build it, accept, reject, resolve a
contradiction, accept or drop a held write. Plain Python; the workbench runs ``build_queue`` on
a worker and makes its writes through its undo stack (``plan_reject``), the CLI through
``reject`` (one all-or-nothing commit, recorded as the review's own write)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable, Iterable

from linghun.core import tools
from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.formats.warm import WarmDocument
from linghun.core.fsio import read_text, write_json
from linghun.core.history import capture
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory
from linghun.core.review import hold
from linghun.core.review.contradictions import checker_for
from linghun.core.review.queue import ReviewItem, _cap, changes_since, text_diff
from linghun.core.review.reject import RejectPlan, apply_reject, plan_reject
from linghun.core.review.state import AnalysisCache, ReviewState, locked
from linghun.core.sync import conflicts as sync_conflicts


@dataclass
class Queue:
    """The changes waiting (``items``, newest first; held writes first of all) and the state."""

    items: list[ReviewItem]
    state: ReviewState
    history: HomeHistory | None = None
    note: str = ""
    took_ms: float = 0.0
    writers: list[str] = field(default_factory=list)

    def find(self, ref: str) -> ReviewItem:
        ref = (ref or "").strip()
        hits = [i for i in self.items if len(ref) >= 4 and i.id.startswith(ref)] if ref else []
        if len(hits) != 1:
            why = "several changes start with" if hits else "no change waiting for review has the id"
            raise NotFoundError(f"{why} {ref!r} (linghun review list shows the ids)")
        return hits[0]

    def pending(self) -> list[ReviewItem]:
        return [i for i in self.items if i.status == "pending"]

    def to_dict(self) -> dict:
        pending = self.pending()
        oldest = min((i.when for i in pending), default=None)
        return {"count": len(pending), "oldest": oldest.isoformat(timespec="seconds") if oldest else None,
                "note": self.note, "items": [i.to_dict(with_diff=False) for i in self.items]}


_caches: dict[str, AnalysisCache] = {}


def history_for(home: MemoryHome) -> HomeHistory | None:
    capture.flush()  # this process's own writes first
    return capture.history_of(home)


def _held_items(home: MemoryHome) -> list[ReviewItem]:
    out = []
    for entry in reversed(hold.held_writes(home)):
        try:
            when = datetime.fromisoformat(entry.get("when", ""))
        except ValueError:
            when = datetime.now().astimezone()
        out.append(ReviewItem(entry["id"], "held", "tool", when, hold.held_path(home).name, "",
                              [f"held for review ({entry.get('reason', 'write')}): {hold.describe(entry)}"], "",
                              held=entry))
    return out


def _sync_items(home: MemoryHome) -> list[ReviewItem]:
    """What a sync could not merge (``core.sync.conflicts``): both versions, in words and a diff;
    Accept keeps this machine's, Reject takes the other machine's."""
    out = []
    for c in reversed(sync_conflicts.read(home)):
        try:
            when = datetime.fromisoformat(c.get("when", ""))
        except (TypeError, ValueError):
            when = datetime.now().astimezone()
        kept, other = c.get("kept"), c.get("other")
        brief = (lambda t: "(removed)" if t is None else " ".join(str(t).split())[:100])
        words = [f"sync conflict in {c['file']} ({c.get('what', '')}): {c.get('note', '')}",
                 f"kept (this machine): {brief(kept)}", f"other (the remote): {brief(other)}",
                 "accept keeps the kept version; reject takes the other one"]
        diff = _cap(text_diff(None if kept is None else kept + "\n", None if other is None else other + "\n",
                              c["file"]))
        out.append(ReviewItem(c["id"], "sync", "sync", when, c["file"], str(c.get("remote", "")), words, diff,
                              [c["file"]], conflict=c))
    return out


def build_queue(home: MemoryHome, history: HomeHistory | None = None, doc: WarmDocument | None = None,
                check: bool = True, include_reviewed: bool = False,
                progress: Callable[[int], None] | None = None) -> Queue:
    """The queue of ``home`` now. ``doc``: warm.md already parsed (the contradiction check reads
    the home as it is now); ``check`` False leaves contradictions out (a count needs none);
    ``progress``: see ``queue.changes_since``."""
    started = time.perf_counter()
    history = history or history_for(home)
    state = ReviewState.load(history.path) if history is not None else None
    held = _held_items(home) + _sync_items(home)
    if history is None:
        return Queue(held, ReviewState(home.root), None, "history is turned off for this home (history.enabled): "
                     "only held writes can be reviewed")
    cache = _caches.setdefault(str(history.path), AnalysisCache(history.path))
    items = changes_since(history, state, cache, include_reviewed, progress)
    if check and items:
        checker = checker_for(home, doc)
        for item in items:
            found = [c for raw in item.wrote if item.kind != "goal" for c in checker.check_entry(raw)]
            if item.kind == "goal":
                found = checker.check_goals(read_text(home.goals), item.wrote)
            item.contradictions = [c for c in found if c.key not in state.dismissed]
    everything = held + items
    return Queue(everything, state, history, "", (time.perf_counter() - started) * 1000,
                 sorted({i.writer for i in everything}))


def mark(history: HomeHistory, items: Iterable[ReviewItem], status: str, dismiss: Iterable[str] = ()) -> None:
    """Mark ``items`` reviewed (``accepted`` / ``rejected``), atomically, then move the state's
    watermark up as far as the whole queue allows."""
    with locked(history.path):
        state = ReviewState.load(history.path)
        for item in items:
            state.mark(item.id, status)
        state.dismissed.update(dismiss)
        state.compact(changes_since(history, state, _caches.setdefault(str(history.path),
                                                                        AnalysisCache(history.path)), True))
        state.save()


def unmark(history: HomeHistory, item: ReviewItem) -> None:
    """``item`` waits for review again (its reject was undone): its mark goes, and when the
    state's watermark covers it, the watermark goes back to just before it, the changes it
    covered after the item being marked one by one instead."""
    cache = _caches.setdefault(str(history.path), AnalysisCache(history.path))
    with locked(history.path):
        state = ReviewState.load(history.path)
        state.marks.pop(item.id, None)
        if state.until is not None and item.when <= state.until:
            floor = item.when - timedelta(microseconds=1)
            for other in changes_since(history, ReviewState(state.folder, floor, arrived=state.arrived), cache,
                                       include_reviewed=True):
                if other.id != item.id and other.when <= state.until:
                    state.mark(other.id, "accepted")
            state.until = floor
        state.save()


def accept(home: MemoryHome, queue: Queue, items: list[ReviewItem]) -> list[dict]:
    """Accept ``items``: a change is marked reviewed; a held write is made now (as the review's)."""
    results = []
    changes = [i for i in items if i.held is None and i.conflict is None]
    for item in items:
        if item.held is not None:
            results.append(accept_held(home, item.held["id"]))
        elif item.conflict is not None:
            sync_conflicts.drop_conflict(home, item.id)
            results.append({"kept": item.file, "conflict": item.id})
    if changes:
        mark(queue.history, changes, "accepted")
    return results


def accept_held(home: MemoryHome, held_id: str) -> dict:
    entry = hold.take(home, held_id)
    try:
        return tools.dispatch(home, entry["tool"], entry.get("args") or {}, hold=False)
    except Exception:
        hold_back(home, entry)  # refused (e.g. capacity): it stays held, the error is told
        raise


def hold_back(home: MemoryHome, entry: dict) -> None:
    with home_lock(home).hold():
        held = hold.held_writes(home)
        write_json(hold.held_path(home), {"version": 1, "held": [entry] + held})


def reject(home: MemoryHome, queue: Queue, item: ReviewItem) -> RejectPlan | dict:
    """Reject ``item``: a held write is dropped; a change is undone alone (``RejectConflict``
    says why when it cannot be, and nothing is changed), recorded as the review's write."""
    if item.held is not None:
        return hold.take(home, item.held["id"])
    if item.conflict is not None:
        return {"took_other": sync_conflicts.resolve_conflict(home, item.id), "conflict": item.id}
    plan = plan_reject(home, queue.history, item)
    with capture.writing_as(hold.REVIEW_WRITER):
        apply_reject(home, plan)
    mark(queue.history, [item], "rejected")
    return plan


def flip_old(home: MemoryHome, queue: Queue, item: ReviewItem, key: str) -> int:
    """The contradiction ``key`` of ``item`` resolved by flipping the old fact; the change is accepted."""
    hit = next((c for c in item.contradictions if c.key == key and c.entry), None)
    if hit is None:
        raise InvalidInputError(f"change {item.id} has no contradiction {key} with an entry to flip")
    memory = Memory(home)
    with capture.writing_as(hold.REVIEW_WRITER):
        old = memory.resolve(hit.entry)
        memory.edit_entry(old.id, confidence="wrong")
    mark(queue.history, [item], "accepted", [key])
    return hit.entry


def keep_both(queue: Queue, item: ReviewItem) -> None:
    """Both facts stand: the change is accepted and its contradictions are not asked again."""
    mark(queue.history, [item], "accepted", [c.key for c in item.contradictions])


__all__ = ["Queue", "build_queue", "accept", "reject", "plan_reject", "flip_old", "keep_both", "mark", "unmark",
           "history_for", "RejectPlan"]
