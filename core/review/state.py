"""Where the review keeps what was reviewed, and its cache of analysed changes.

Both live beside the home's history (``<history>.git/review/``), not in the home: a change is
named by the history's states, which are this machine's (a home synced to another machine gets
a history of its own there), and the agent never reads them. See ``core/REVIEW.md``.

- ``state.json``: ``{"version": 1, "until": <time>|null, "marks": {<item id>: {"status":
  "accepted"|"rejected", "at": <time>}}, "dismissed": [<contradiction key>...]}``. Every change
  at or before ``until`` is reviewed; ``marks`` names the reviewed ones after it. Written
  atomically (``core.fsio.write_json``) under ``review.lock``.
- ``analysed.jsonl``: one line per analysed state pair (``<parent tree>:<tree>`` -> its items),
  appended by the build that analysed it or by the capture that recorded it
  (``core.review.recorded``). Reading 1.4 MB versions of warm.md again on every build was the
  cost of a queue; the cache makes a build a walk of the states. A line is
  ``<sha1 of the JSON> <JSON>``; one whose checksum, analysis version (``ANALYSIS_VERSION``) or
  shape does not hold is refused and that write analysed again: the file may be torn by a
  killed writer, interleaved by two processes, or left by an older version of this code.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import threading
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Iterator

from linghun.core.errors import CorruptFileError
from linghun.core.fsio import HomeLock, open_for_append, read_json, write_json
from linghun.core.history.layout import WARM
from linghun.core.review.file_changes import kind_of

STATE_FILE = "state.json"
CACHE_FILE = "analysed.jsonl"
VERSION = 1
#: the version of a write's reading (``queue.analyse_state``): bumped whenever what it says of a
#: write changes, so the records an older reading left are stale and are analysed again
ANALYSIS_VERSION = 2
#: the kinds of change (``queue.ReviewItem.kind``)
KINDS = ("append", "update", "flip", "merge", "revive", "edit", "confidence", "delete", "consolidate",
         "goal", "rule", "soul", "archive", "held")


def review_dir(history_path: Path) -> Path:
    return Path(history_path) / "review"


@dataclass
class ReviewState:
    """What was reviewed: everything up to ``until``, and the ``marks`` after it.

    ``arrived`` gives, per state a sync brought in from another machine (``core.sync``), when it
    arrived here: a state made there before this machine's last review is still a change to
    review here, so the review reads it at its arrival, not at its own time."""

    folder: Path
    until: datetime | None = None
    marks: dict[str, dict] = field(default_factory=dict)
    dismissed: set[str] = field(default_factory=set)
    arrived: dict[str, datetime] = field(default_factory=dict)

    @classmethod
    def load(cls, history_path: Path) -> "ReviewState":
        folder = review_dir(history_path)
        try:
            data = read_json(folder / STATE_FILE) or {}
        except CorruptFileError:
            data = {}  # set aside by read_json; a new state starts (the queue shows everything)
        until = data.get("until")
        try:
            moment = datetime.fromisoformat(until) if isinstance(until, str) else None
        except ValueError:
            moment = None
        marks = data.get("marks") if isinstance(data.get("marks"), dict) else {}
        dismissed = set(x for x in data.get("dismissed") or [] if isinstance(x, str))
        return cls(folder, moment, dict(marks), dismissed, _arrivals(data.get("arrived")))

    def save(self) -> None:
        write_json(self.folder / STATE_FILE, {
            "version": VERSION,
            "until": self.until.isoformat(timespec="microseconds") if self.until else None,
            "marks": self.marks, "dismissed": sorted(self.dismissed),
            "arrived": {k: v.isoformat(timespec="microseconds") for k, v in sorted(self.arrived.items())}})

    def seen_at(self, commit_id: str, when: datetime) -> datetime:
        """When a state is read by the review: its own time, or its arrival by a sync if later."""
        arrival = self.arrived.get(commit_id)
        return arrival if arrival is not None and arrival > when else when

    def status(self, item_id: str) -> str:
        mark = self.marks.get(item_id)
        return mark.get("status", "accepted") if isinstance(mark, dict) else "pending"

    def mark(self, item_id: str, status: str) -> None:
        self.marks[item_id] = {"status": status, "at": datetime.now().astimezone().isoformat(timespec="seconds")}

    def compact(self, items_newest_first: list) -> None:
        """Move ``until`` up to the newest change before which every change is reviewed, and
        drop the marks it covers (the state stays small however long the review goes on)."""
        cut = None
        for item in reversed(items_newest_first):  # oldest first
            if self.status(item.id) == "pending":
                break
            cut = item.when
        if cut is None:
            return
        self.until = cut if self.until is None or cut > self.until else self.until
        covered = {i.id for i in items_newest_first if i.when <= self.until}
        self.marks = {k: v for k, v in self.marks.items() if k not in covered}
        self.arrived = {k: v for k, v in self.arrived.items() if v > self.until}  # read by time again


def note_arrivals(history_path: Path, commit_ids: list[str], when: datetime) -> None:
    """Record that a sync brought these states in at ``when`` (see ``ReviewState.arrived``)."""
    if not commit_ids:
        return
    with locked(history_path):
        state = ReviewState.load(history_path)
        state.arrived.update({c: when for c in commit_ids})
        state.save()


def _arrivals(value) -> dict[str, datetime]:
    """``arrived`` as saved; anything else in it is left out (the file is input like any other)."""
    out: dict[str, datetime] = {}
    for key, moment in (value.items() if isinstance(value, dict) else ()):
        try:
            at = datetime.fromisoformat(moment) if isinstance(key, str) and isinstance(moment, str) else None
        except ValueError:
            at = None
        if at is not None and at.tzinfo is not None:
            out[key] = at
    return out


@contextlib.contextmanager
def locked(history_path: Path) -> Iterator[None]:
    folder = review_dir(history_path)
    folder.mkdir(parents=True, exist_ok=True)
    with HomeLock(folder / "review.lock").hold():
        yield


class AnalysisCache:
    """Analysed state pairs, read once per process and appended to as new ones are analysed."""

    def __init__(self, history_path: Path) -> None:
        self.folder = review_dir(history_path)
        self.path = self.folder / CACHE_FILE
        self._items: dict[str, list[dict]] = {}
        self._read_size = 0
        self._guard = threading.Lock()  # a build and a mark may run on two workers at once
        self._local = threading.local()  # each worker's lines not written yet
        self.refused = 0  # lines read and refused (see ``_record``)

    def _refresh(self) -> None:
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return
        if size == self._read_size:
            return
        with open(self.path, "rb") as fh:
            fh.seek(self._read_size)
            chunk = fh.read()
        end = chunk.rfind(b"\n") + 1  # a line being written by another process waits
        for line in chunk[:end].splitlines():
            record = _record(line)
            if record is None:
                self.refused += 1
            else:
                self._items[record[0]] = record[1]
        self._read_size += end

    def get(self, key: str) -> list[dict] | None:
        with self._guard:
            if key not in self._items:
                self._refresh()
            return self._items.get(key)

    def put(self, key: str, items: list[dict]) -> None:
        self.put_later(key, items)
        self.flush()

    def put_later(self, key: str, items: list[dict]) -> None:
        """``put``, the line written by this thread's next ``flush``: a first build analyses a
        thousand writes, and opening the file for each line was 8% of it."""
        line = _line(key, items)
        with self._guard:
            self._items[key] = items
        self._pending().append(line)

    def flush(self) -> None:
        lines = self._pending()
        if not lines:
            return
        with self._guard:
            self.folder.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(OSError):  # a cache never stops a review
                with open_for_append(self.path, self.folder) as fh:
                    fh.write("".join(lines))
        lines.clear()

    def _pending(self) -> list[str]:
        if not hasattr(self._local, "lines"):
            self._local.lines = []
        return self._local.lines


def _line(key: str, items: list[dict]) -> str:
    body = json.dumps({"v": ANALYSIS_VERSION, "key": key, "items": items}, ensure_ascii=False)
    return f"{hashlib.sha1(body.encode('utf-8')).hexdigest()} {body}\n"


def _record(line: bytes) -> tuple[str, list] | None:
    """``(key, items)`` of one line of ``analysed.jsonl``; None when its checksum is not its
    body's (torn, interleaved, edited), it is another analysis version's, or its items are not
    what the queue reads (``well_formed``)."""
    digest, _, body = line.partition(b" ")
    if len(digest) != 40 or hashlib.sha1(body).hexdigest().encode("ascii") != digest:
        return None
    try:
        record = json.loads(body)
    except ValueError:
        return None
    if (not isinstance(record, dict) or record.get("v") != ANALYSIS_VERSION or not isinstance(record.get("key"), str)
            or not well_formed(record.get("items"))):
        return None
    return record["key"], record["items"]


_OPS = frozenset({"add", "change", "remove"})


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(x, str) for x in value)


def _op_ok(op: object) -> bool:
    return (isinstance(op, dict) and op.get("op") in _OPS
            and all(op.get(k) is None or isinstance(op.get(k), str) for k in ("before", "after", "anchor")))


def well_formed(analysed: object) -> bool:
    """Whether the items of a record have the shape ``queue.analyse_state`` gives (a list of
    changes, each with its kind, file, consequences, diff, paths, steps and entries written):
    a record that does not is analysed again, never shown or used to reject."""
    return isinstance(analysed, list) and all(
        isinstance(a, dict) and a.get("kind") in KINDS and a["kind"] != "held" and isinstance(a.get("file"), str)
        and (a["file"] == WARM or kind_of(a["file"]) is not None) and _strings(a.get("consequences"))
        and isinstance(a.get("diff"), str) and _strings(a.get("paths")) and _strings(a.get("wrote"))
        and isinstance(a.get("ops"), list) and all(_op_ok(o) for o in a["ops"])
        for a in analysed)
