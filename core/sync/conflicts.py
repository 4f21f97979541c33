"""What a sync could not merge, waiting in the Review queue: ``linghun/.sync-conflicts.json``.

Kept in the home (a dot name: the history, the agent and the watcher skip it) so that it is
written in the same all-or-nothing commit as the merged files (``core.transaction``): a merge is
never on disk without its conflicts, nor the other way round. Each conflict holds both versions
(``kept``: what the file holds, ``other``: the version not taken, ``null`` for removed):

    {"version": 1, "conflicts": [{"id": "s1a2b3c4d5e6", "file": "memory/warm.md", "what": "entry",
     "kept": "...", "other": "...", "note": "changed on both machines", "when": "<ISO>",
     "remote": "<commit>"}]}

In the Review queue a conflict is an item of kind ``sync``: **Accept** keeps this machine's
version (the conflict is dropped), **Reject** puts the other version in its place (the entry, the
file or the JSON key), refused when the file no longer holds the kept version (edit it by hand).
"""
from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Any

from linghun.core.containment import bad_name
from linghun.core.errors import ConflictError, CorruptFileError, NotFoundError
from linghun.core.formats.warm import parse_warm
from linghun.core.fsio import read_bytes
from linghun.core.history import capture
from linghun.core.history.layout import is_versioned
from linghun.core.history.lineage import core_of
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.review.hold import REVIEW_WRITER
from linghun.core.sync.merge import LOCAL_ONLY, Conflict, RemoteTreeError, check_parses
from linghun.core.transaction import FileChange, commit as commit_files

FILE = ".sync-conflicts.json"
VERSION = 1


def path_of(home: MemoryHome):
    return home.root / FILE


def conflict_id(c: Conflict) -> str:
    key = json.dumps([c.file, c.what, c.kept, c.other], ensure_ascii=False)
    return "s" + hashlib.sha1(key.encode("utf-8")).hexdigest()[:11]


def parse(data: bytes | None) -> list[dict]:
    if not data:
        return []
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return []
    items = value.get("conflicts") if isinstance(value, dict) else None
    return [c for c in items or [] if isinstance(c, dict) and isinstance(c.get("id"), str)
            and isinstance(c.get("file"), str)]


def read(home: MemoryHome) -> list[dict]:
    """The conflicts waiting, oldest first (a damaged file reads as none: its bytes stay)."""
    return parse(read_bytes(path_of(home)))


def render(items: list[dict]) -> bytes | None:
    if not items:
        return None
    return (json.dumps({"version": VERSION, "conflicts": items}, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def added(existing: list[dict], new: list[Conflict], remote: str, when: datetime) -> list[dict]:
    """``existing`` with ``new`` after it (a conflict met again, by a sync repeated after a crash,
    once)."""
    out = list(existing)
    ids = {c["id"] for c in out}
    for c in new:
        cid = conflict_id(c)
        if cid in ids:
            continue
        ids.add(cid)
        out.append({"id": cid, **c.to_dict(), "when": when.isoformat(timespec="seconds"), "remote": remote})
    return out


# -- resolving ---------------------------------------------------------------------------------
def resolved_bytes(home: MemoryHome, item: dict) -> tuple[str, bytes | None, bytes | None]:
    """``(file, bytes now, bytes with the other version put in)`` for a reject of ``item``."""
    relative = item["file"]
    path = home.root / relative
    now = read_bytes(path)
    kept, other = item.get("kept"), item.get("other")
    text = None if now is None else now.decode("utf-8", "replace")
    what = str(item.get("what", ""))
    if what == "entry":
        doc = parse_warm(text or "")
        for i, entry in enumerate(doc.entries):
            if core_of(entry.raw) == kept:
                trail = entry.trail or "\n"
                if other is None:
                    del doc.entries[i]
                else:
                    doc.entries[i] = parse_warm(other + trail).entries[0]
                return relative, now, doc.render().encode("utf-8")
        raise ConflictError(f"the entry of this conflict changed in {relative} since; edit it by hand")
    if what == "file":
        if text != kept:
            raise ConflictError(f"{relative} changed since the sync; edit it by hand")
        return relative, now, None if other is None else other.encode("utf-8")
    if what.startswith("key "):
        try:
            value = json.loads(text or "")
        except json.JSONDecodeError:
            raise CorruptFileError(path, "it is not valid JSON") from None
        where = what[4:]
        new = _put(value, [] if where == "(whole file)" else where.split("."), kept, other, relative)
        indent = 2 if text and "\n" in text.strip() else None
        return relative, now, (json.dumps(new, ensure_ascii=False, indent=indent) + "\n").encode("utf-8")
    raise NotFoundError(f"a sync conflict of an unknown kind {what!r}")


def _put(value: Any, keys: list[str], kept: str | None, other: str | None, relative: str) -> Any:
    if not keys:
        current = json.dumps(value, ensure_ascii=False, indent=2)
        if kept is not None and current != kept:
            raise ConflictError(f"the value in {relative} changed since the sync; edit it by hand")
        return json.loads(other) if other is not None else None
    head, rest = keys[0], keys[1:]
    if isinstance(value, dict):
        if not rest:
            current = json.dumps(value.get(head), ensure_ascii=False, indent=2) if head in value else None
            if current != kept:
                raise ConflictError(f"the value of {head} in {relative} changed since the sync; edit it by hand")
            out = dict(value)
            if other is None:
                out.pop(head, None)
            else:
                out[head] = json.loads(other)
            return out
        return {**value, head: _put(value.get(head), rest, kept, other, relative)}
    if isinstance(value, list):
        for i, x in enumerate(value):
            if isinstance(x, dict) and x.get("id") == head:
                if not rest:
                    if json.dumps(x, ensure_ascii=False, indent=2) != kept:
                        raise ConflictError(f"{head} in {relative} changed since the sync; edit it by hand")
                    return value[:i] + ([json.loads(other)] if other is not None else []) + value[i + 1:]
                return value[:i] + [_put(x, rest, kept, other, relative)] + value[i + 1:]
        if not rest and kept is None and other is not None:
            return value + [json.loads(other)]
    raise ConflictError(f"{'.'.join(keys)} is no longer in {relative}; edit it by hand")


# -- the Review queue's gestures on a conflict -------------------------------------------------
def drop_conflict(home: MemoryHome, conflict_id: str) -> None:
    """Keep this machine's version: the conflict leaves the queue."""
    with home_lock(home).hold():
        stored = path_of(home)
        before = read_bytes(stored)
        items = parse(before)
        if not any(c["id"] == conflict_id for c in items):
            return
        commit_files(home.root, [FileChange(stored, before,
                                            render([c for c in items if c["id"] != conflict_id]))])


def resolve_conflict(home: MemoryHome, conflict_id: str) -> str:
    """Take the other machine's version in place of this one's, in one commit with the conflict
    dropped; returns the file written. ``ConflictError`` when the file changed since."""
    with capture.writing_as(REVIEW_WRITER), home_lock(home).hold():
        stored = path_of(home)
        before = read_bytes(stored)
        items = parse(before)
        item = next((c for c in items if c["id"] == conflict_id), None)
        if item is None:
            raise ConflictError(f"no sync conflict {conflict_id} waits any more")
        relative, now, after = resolved_bytes(home, item)
        if relative in LOCAL_ONLY or bad_name(relative) or not is_versioned(relative):
            raise RemoteTreeError(f"{relative!r} is not a file sync writes")
        check_parses(relative, after)
        commit_files(home.root, [FileChange(home.root / relative, now, after),
                                 FileChange(stored, before,
                                            render([c for c in items if c["id"] != conflict_id]))])
    return relative  # the window's watcher reads it as a sync's write (no bus event: see _merge_once)
