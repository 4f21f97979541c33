"""States of a home written down for its history by a one-shot command, committed later.

Committing a state loads libgit2 (``import pygit2``: about 0.1 s of CPU, a sixth of a
``linghun turn`` at 10k entries) and deflates every file written. A one-shot command (the agent's
``linghun append``, ``round``, ``turn``...) instead writes each state down, as it writes the file,
in a folder beside the history's repository (``<name>.pending``), and exits. The next reader or
writer of the history commits the states waiting, oldest first, with their writer and time,
before it reads or records anything (``core.history.capture``): the workbench's capture thread as
soon as its watcher sees the agent's change, ``linghun review`` or ``history`` before they read.
So the history holds the same states, in the same order, as when each command committed its own;
only who pays for it moves. A command that finds more than :data:`MAX_STATES` states or
:data:`MAX_BYTES` bytes waiting commits them itself before it exits, so they never pile up on a
machine with no reader.

A state file: one line of JSON (``writer``, ``when``, and each file's ``path`` and ``size``, a
size of null for a file removed), then the files' bytes one after the other. Named by the time it
was written (nanoseconds, never going back within a process), the process and a count, so sorting
the names orders the states. Written atomically; a file that does not read back as that (cut
short, edited, of another version, naming a path outside the home's layout) is set aside as
``.corrupt`` and never committed: the home itself holds the bytes, and the next scan records them.
"""
from __future__ import annotations

import itertools
import json
import os
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from linghun.core.containment import bad_name
from linghun.core.fsio import atomic_write, set_aside
from linghun.core.history.layout import history_location, is_versioned
from linghun.core.home import MemoryHome

__all__ = ["FOLDER", "MAX_STATES", "MAX_BYTES", "SpooledState", "put", "waiting", "read", "over_limit"]

FOLDER = "pending"
SUFFIX = ".state"
VERSION = 1
#: a one-shot command commits what waits itself past this many states or bytes
MAX_STATES = 64
MAX_BYTES = 16 * 1024 * 1024

_count = itertools.count()
_last_ns = 0


@dataclass(frozen=True)
class SpooledState:
    path: Path
    writer: str
    when: datetime
    writes: dict[str, bytes | None]


def folder_of(home: MemoryHome) -> Path:
    """Beside the history's repository (``<name>.git`` -> ``<name>.pending``), not in it: the
    repository is made by renaming a new folder into place, which a folder with files refuses."""
    repository = history_location(home)
    return repository.with_name(repository.stem + "." + FOLDER)


def put(home: MemoryHome, writer: str, when: datetime, writes: dict[str, bytes | None]) -> Path:
    """Write one state down (``writes``: relative path -> bytes, None for a removed file)."""
    files = [{"path": p, "size": None if data is None else len(data)} for p, data in writes.items()]
    head = json.dumps({"version": VERSION, "writer": writer, "when": when.isoformat(), "files": files},
                      ensure_ascii=False).encode("utf-8")
    body = b"".join(data for data in writes.values() if data is not None)
    global _last_ns
    _last_ns = max(time.time_ns(), _last_ns + 1)  # this process's states in order, whatever the clock does
    path = folder_of(home) / f"{_last_ns:020d}-{os.getpid()}-{next(_count):06d}{SUFFIX}"
    atomic_write(path, head + b"\n" + body)
    return path


def waiting(home: MemoryHome) -> list[Path]:
    """The states waiting, oldest first (none when the history has no ``pending`` folder)."""
    folder = folder_of(home)
    try:
        names = [e.name for e in os.scandir(folder) if e.name.endswith(SUFFIX) and e.is_file()]
    except OSError:
        return []
    return [folder / name for name in sorted(names)]


def over_limit(home: MemoryHome) -> bool:
    """Whether more waits than a one-shot command may leave behind."""
    paths = waiting(home)
    if len(paths) > MAX_STATES:
        return True
    total = 0
    for path in paths:
        try:
            total += path.stat().st_size
        except OSError:
            continue
    return total > MAX_BYTES


def read(path: Path) -> SpooledState | None:
    """The state in ``path``; None when it is gone (another process committed it) or cannot be
    trusted (then it is set aside as ``.corrupt``)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    state = _parsed(path, raw)
    if state is None:
        try:
            set_aside(path)
        except OSError:
            pass
    return state


def _parsed(path: Path, raw: bytes) -> SpooledState | None:
    line, sep, body = raw.partition(b"\n")
    try:
        head = json.loads(line)
        files = head["files"]
        writer, when = head["writer"], datetime.fromisoformat(head["when"])
        if head["version"] != VERSION or type(writer) is not str or not writer or type(files) is not list:
            return None
    except (ValueError, KeyError, TypeError):
        return None
    writes: dict[str, bytes | None] = {}
    offset = 0
    for f in files:
        path_ok = type(f) is dict and type(f.get("path")) is str and bad_name(f["path"]) is None
        if not path_ok or not is_versioned(f["path"]):
            return None
        size = f.get("size")
        if size is None:
            writes[f["path"]] = None
            continue
        if type(size) is not int or size < 0 or offset + size > len(body):
            return None
        writes[f["path"]] = body[offset:offset + size]
        offset += size
    if not sep or offset != len(body) or not writes:
        return None
    return SpooledState(path, writer, when, writes)

