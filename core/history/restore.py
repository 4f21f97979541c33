"""Bring back a version of a file or of one warm entry: first a plan (what would change, as a
diff, to show and ask), then the write, through the normal write path.

A restore is a write like any other: under the home lock, atomic, announced on the event bus
(so the workbench reloads and its watcher knows the bytes are ours), and itself captured as a
new version, so a restore can be undone by restoring the version before it. A plan remembers the
bytes it was made against; if the file changed since (the agent wrote), applying it is refused
(``ConflictError``) instead of overwriting that change. The replaced bytes are returned for an
in-process undo.
"""
from __future__ import annotations

from dataclasses import dataclass

from linghun.core.containment import check_home_write
from linghun.core.errors import ConflictError, InvalidInputError, NotFoundError
from linghun.core.events import bus
from linghun.core.fsio import atomic_write, read_bytes, read_text
from linghun.core.history.entries import WARM, EntryVersion, diff, entry_lineage, key_for_number, replace_entry
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.secret_fields import keep_out, put_back


@dataclass(frozen=True)
class RestorePlan:
    """What a restore would write: ``relative`` goes from ``before`` to ``after`` (None: absent)."""

    relative: str
    before: bytes | None
    after: bytes | None
    what: str  # e.g. "memory/warm.md" or "entry [5]"

    def diff(self) -> str:
        """The change, as printed and shown: a key of the live settings is shown as the history
        keeps it (the same marker on both sides), never in clear."""
        def text(data: bytes | None) -> str:
            data = keep_out(self.relative, data)
            return "" if data is None else data.decode("utf-8", "replace")

        return diff(text(self.before), text(self.after), f"{self.relative} (now)", f"{self.relative} (restored)")

    @property
    def changes(self) -> bool:
        return self.before != self.after


def _version_bytes(history: HomeHistory, relative: str, commit: str) -> bytes:
    try:
        data = history.read(relative, commit=commit)
    except (KeyError, ValueError):
        raise NotFoundError(f"no state {commit} in the history of {history.home.root}") from None
    if data is None:
        raise NotFoundError(f"{relative} did not exist in state {commit[:10]}")
    return data


def plan_file_restore(home: MemoryHome, history: HomeHistory, relative: str, commit: str) -> RestorePlan:
    """``relative`` written back as it was in ``commit``; where the version holds the marker of a
    key kept out of the history, the key the file holds now is written (core/secret_fields.py):
    a restore never wipes the user's live key."""
    before = read_bytes(home.root / relative)
    return RestorePlan(relative, before, put_back(relative, _version_bytes(history, relative, commit), before),
                       relative)


def plan_entry_restore(home: MemoryHome, history: HomeHistory, number: int, commit: str) -> RestorePlan:
    """Entry ``[number]`` of warm.md as it is now put back as it stood in state ``commit`` (that
    entry followed through the versions, not whatever entry had its header then); every other
    entry stays as it is now."""
    before = read_bytes(home.warm) or b""
    current = read_text(home.warm) or ""  # NotUtf8Error: an unreadable file is never written
    try:
        ref = key_for_number(current, number)
    except IndexError:
        raise NotFoundError(f"no entry [{number}] in warm.md") from None
    version = _entry_as_of(history, entry_lineage(history, ref).versions, commit)
    new = replace_entry(current, ref.index, version.raw)
    if new == current:
        raise InvalidInputError(f"entry [{number}] already reads as it did in state {commit[:10]}")
    return RestorePlan(WARM, before, new.encode("utf-8"), f"entry [{number}]")


def _entry_as_of(history: HomeHistory, versions: list[EntryVersion], commit: str) -> EntryVersion:
    """The entry's version that stood in state ``commit``: the newest one at or before it."""
    wanted = history.resolve(commit)
    listed = {v.version.commit: v for v in versions}
    standing: EntryVersion | None = None
    for state in reversed(list(history.commits())):  # oldest first
        standing = listed.get(str(state.id), standing)
        if str(state.id) == wanted:
            if standing is None:
                raise NotFoundError(f"the entry did not exist yet in state {commit[:10]}")
            return standing
    raise NotFoundError(f"no state {commit} in the history of {history.home.root}")


def apply_plan(home: MemoryHome, plan: RestorePlan) -> bytes | None:
    """Write ``plan`` under the home lock, atomically, if the file still holds what the plan was
    made against; returns the replaced bytes."""
    return write_back(home, plan.relative, plan.after, expect=plan.before, check=True)


def write_back(home: MemoryHome, relative: str, data: bytes | None, expect: object = None,
               check: bool = False) -> bytes | None:
    """Write ``relative`` as ``data`` (None: remove it) under the home lock, atomically; with
    ``check``, refuse (``ConflictError``) unless it holds ``expect`` now (None: absent), so an undo
    never overwrites a later writer. Returns the replaced bytes.

    Bytes from the history hold a marker where the settings hold a key: the key the file holds now
    is written there (``put_back``), whoever restores (the CLI, the workbench's time bar, an undo).
    So the check compares the settings as the history keeps them: an undo expects the marked
    bytes it was given, the file holds the key put back."""
    path = home.root / relative
    with home_lock(home).hold():
        check_home_write(home, path)  # a name from the history store is input too
        old = read_bytes(path)
        data = put_back(relative, data, old)
        same_as_kept = isinstance(expect, bytes) and keep_out(relative, old) == keep_out(relative, expect)
        if check and old != expect and not same_as_kept:
            raise ConflictError(f"{relative} was changed by another writer since; it was left as it is")
        if data is None:
            path.unlink(missing_ok=True)
        else:
            atomic_write(path, data)
    bus.publish("memory.changed", home=str(home.root), path=str(path), what="restore")
    return old
