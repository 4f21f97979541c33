"""Bring back a version of a file or of one warm entry, through the normal write path.

A restore is a write like any other: under the home lock, atomic, announced on the event bus
(so the workbench reloads and its watcher knows the bytes are ours), and itself captured as a
new version, so a restore can be undone by restoring the version before it. The bytes that
were replaced are returned for an in-process undo.
"""
from __future__ import annotations

from linghun.core.errors import ConflictError, InvalidInputError, NotFoundError
from linghun.core.events import bus
from linghun.core.fsio import atomic_write, read_bytes, read_text
from linghun.core.history.entries import WARM, EntryKey, block_of, restore_entry_text
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome


def _version_bytes(history: HomeHistory, relative: str, commit: str) -> bytes:
    try:
        data = history.read(relative, commit=commit)
    except (KeyError, ValueError):
        raise NotFoundError(f"no state {commit} in the history of {history.home.root}") from None
    if data is None:
        raise NotFoundError(f"{relative} did not exist in state {commit[:10]}")
    return data


def restore_file(home: MemoryHome, history: HomeHistory, relative: str, commit: str) -> bytes | None:
    """Write ``relative`` back as it was in ``commit``; returns the replaced bytes (None: the
    file did not exist)."""
    return write_back(home, relative, _version_bytes(history, relative, commit))


def write_back(home: MemoryHome, relative: str, data: bytes | None, expect: object = None,
               check: bool = False) -> bytes | None:
    """Write ``relative`` as ``data`` (None: remove it) under the home lock, atomically; with
    ``check``, refuse (``ConflictError``) unless it holds ``expect`` now (None: absent), so an undo
    never overwrites a later writer. Returns the replaced bytes."""
    path = home.root / relative
    with home.lock().hold():
        old = read_bytes(path)
        if check and old != expect:
            raise ConflictError(f"{relative} was changed by another writer since; it was left as it is")
        if data is None:
            path.unlink(missing_ok=True)
        else:
            atomic_write(path, data)
    bus.publish("memory.changed", home=str(home.root), path=str(path), what="restore")
    return old


def restore_entry(home: MemoryHome, history: HomeHistory, key: EntryKey, commit: str) -> bytes | None:
    """Put entry ``key`` back as it was in ``commit`` (every other entry stays as it is now);
    returns warm.md's replaced bytes."""
    block = block_of(_version_bytes(history, WARM, commit).decode("utf-8"), key)
    if block is None:
        raise NotFoundError(f"the entry {key.stamp} [{key.kind}] is not in state {commit[:10]}")
    with home.lock().hold():
        old = read_bytes(home.warm)
        current = read_text(home.warm) or ""  # NotUtf8Error: an unreadable file is never written
        new = restore_entry_text(current, key, block)
        if new == current:
            raise InvalidInputError("the entry already reads like that version")
        atomic_write(home.warm, new)
    bus.publish("memory.changed", home=str(home.root), path=str(home.warm), what="restore")
    return old
