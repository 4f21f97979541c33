"""The files of a home's caches in the user's cache folder (``core.appdirs.cache_dir()/index``).

Each home has one file per kind (``.searcher``, ``.units`` and ``.tokens``: the search index,
``core.home_index``; ``.warm``: warm.md's parse, ``core.warm_cache``; ``.topics`` and
``.situations``: the map's analysis, ``core.situation_cache``; ``.goallinks``: the entries'
links to goals, ``core.goal_links``), named by a digest of the home's
folder (or warm.md's path). They are caches: :func:`load` answers None for a file that is missing
or does not read back, and :func:`save` writes a whole file under a temporary name and renames it,
so a reader in another process never sees half of one. What a file holds is keyed by content by
its owner; nothing here trusts it.

A file is written in pieces: each list, tuple or dict of more than :data:`PART_ITEMS` items is
marshalled on its own in pieces of that many, and each bytes value over :data:`PART_BYTES` is
written as it is, after a small head that says where they are. Unmarshalling holds the GIL
throughout: a 100k-entry home's searcher read in one piece held it 125 ms (the workbench's GUI
thread, which a worker's load leaves no turn, stalled that long), and a piece holds it a few
milliseconds. Pieces are read one at a time, never the whole file at once (44 MB more at the peak
of opening that home in the workbench), and a bytes value is read straight into its object.

Beside a home's files a ``.home`` file names the folder they belong to. Once per process, the
first save removes the files of folders that no longer exist (an evaluation's or a test's
temporary homes; the index of a 10k-entry home is several megabytes) and files older than
:data:`KEEP_DAYS` days that name no folder.
"""
from __future__ import annotations

import hashlib
import itertools
import marshal
import os
import struct
import threading
import time
from pathlib import Path
from typing import Any

from linghun.core.appdirs import cache_dir

__all__ = ["home_key", "cache_file", "load", "save", "prune"]

#: a list, tuple or dict of more items than this is marshalled in pieces of this many (see above)
PART_ITEMS = 4096
#: a bytes value longer than this is a piece of its own, written as it is
PART_BYTES = 1 << 16
#: how a file in parts starts (an older file without it is not read: a cache, built again)
MAGIC = b"LHC4"
_HEAD = struct.Struct("<4sQ")  # MAGIC, then the length of the marshalled head
_PART = "\x00home_cache.part"  # (_PART, kind, first piece, pieces) stands for a container in pieces
_HOLDS = "\x00home_cache.holds"  # (_HOLDS, kind, items) stands for a container that holds one
#: a cache file that names no folder is removed after this many days unused
KEEP_DAYS = 30
#: cache file -> the folder it belongs to (what its ``.home`` file says)
_OWNERS: dict[Path, str] = {}
_PRUNED = threading.Event()


def home_key(root) -> str:
    """One key per home folder, however it was named."""
    return str(Path(root).resolve())


def cache_file(key: str, suffix: str) -> Path:
    """The cache file of kind ``suffix`` for the home of ``key`` (:func:`home_key`)."""
    name = hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    path = cache_dir() / "index" / f"{name}.{suffix}"
    _OWNERS[path] = key
    return path


def load(path: Path) -> Any | None:
    """What :func:`save` wrote at ``path``, or None when it is missing or cannot be read."""
    try:
        with open(path, "rb") as file:
            magic, size = _HEAD.unpack(file.read(_HEAD.size))
            if magic != MAGIC:
                return None
            lengths, head = marshal.loads(_read(file, _HEAD.size, size))
            offsets = list(itertools.accumulate(lengths, initial=_HEAD.size + size))
            return _joined(head, file, offsets)
    except (OSError, ValueError, EOFError, TypeError, IndexError, AttributeError, struct.error):  # a cache: start without it
        return None


def _read(file, offset: int, size: int) -> bytes:
    file.seek(offset)
    data = file.read(size)
    if len(data) != size:
        raise EOFError(f"{file.name} is cut short")
    return data


def _pieces(value: Any, out: list[bytes]) -> tuple[Any, bool]:
    """``value`` with each container of more than ``PART_ITEMS`` items (found through smaller
    containers) marshalled into ``out`` in pieces and replaced by its ``_PART`` tuple, and whether
    it held one. A smaller container that holds one is written as a ``_HOLDS`` tuple; any other
    is kept as it is, so that reading it back walks only the way to the pieces (walking every
    small tuple of a 10k home's topic tokens cost 11 ms a read, more than unmarshalling them)."""
    kind = type(value)
    if kind is bytes and len(value) > PART_BYTES:
        out.append(value)
        return (_PART, "bytes", len(out) - 1, 1), True
    if kind not in (dict, list, tuple):
        return value, False
    if len(value) > PART_ITEMS:
        items = list(value.items()) if kind is dict else value
        first = len(out)
        out.extend(marshal.dumps(items[i:i + PART_ITEMS]) for i in range(0, len(items), PART_ITEMS))
        return (_PART, kind.__name__, first, len(out) - first), True
    if kind is dict:
        children = {k: _pieces(v, out) for k, v in value.items()}
        if not any(holds for _v, holds in children.values()):
            return value, False
        return (_HOLDS, "dict", {k: v for k, (v, _holds) in children.items()}), True
    pairs = [_pieces(v, out) for v in value]
    if not any(holds for _v, holds in pairs):
        return value, False
    return (_HOLDS, kind.__name__, [v for v, _holds in pairs]), True


def _joined(value: Any, file, offsets: list[int]) -> Any:
    """``_pieces`` undone: each ``_PART`` tuple read back from its pieces in ``file``, through the
    ``_HOLDS`` tuples that lead to them; nothing else is walked."""
    if type(value) is not tuple or not value or value[0] not in (_PART, _HOLDS):
        return value
    if value[0] == _PART and len(value) == 4:
        _mark, name, first, count = value
        if name == "bytes":
            return _read(file, offsets[first], offsets[first + 1] - offsets[first])
        joined: Any = {} if name == "dict" else []
        add = joined.update if name == "dict" else joined.extend
        for i in range(first, first + count):  # the GIL can change hands between two pieces
            add(marshal.loads(_read(file, offsets[i], offsets[i + 1] - offsets[i])))
        return tuple(joined) if name == "tuple" else joined
    _mark, name, children = value
    if name == "dict":
        return {k: _joined(v, file, offsets) for k, v in children.items()}
    items = [_joined(v, file, offsets) for v in children]
    return tuple(items) if name == "tuple" else items


def save(path: Path, value: Any) -> bool:
    """Write ``value`` whole at ``path``; False when the cache folder cannot be written (that only
    costs the next process the work the file would have saved)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not _PRUNED.is_set():
            _PRUNED.set()
            prune(path.parent)
        parts: list[bytes] = []
        skeleton, _holds = _pieces(value, parts)
        head = marshal.dumps(([len(p) for p in parts], skeleton))
        _write(path, [_HEAD.pack(MAGIC, len(head)), head, *parts])
        owner = _OWNERS.get(path)
        home = path.with_suffix(".home")
        if owner is not None and not home.exists():
            _write(home, [owner.encode("utf-8", "surrogatepass")])
        return True
    except (OSError, ValueError):  # ValueError: an object marshal cannot write
        return False


def _write(path: Path, chunks: list[bytes]) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    with open(tmp, "wb") as file:
        file.writelines(chunks)
    os.replace(tmp, path)


def prune(folder: Path) -> int:
    """Remove the cache files in ``folder`` whose home folder is gone, and those older than
    :data:`KEEP_DAYS` days that name none; returns how many were removed. Never raises: a file
    another process removes or writes meanwhile is left to it."""
    removed = 0
    try:
        names = os.listdir(folder)
    except OSError:
        return 0
    owned: dict[str, bool] = {}
    for name in names:
        stem, dot, suffix = name.partition(".")
        if suffix == "home":
            try:
                owner = (folder / name).read_bytes().decode("utf-8", "surrogatepass")
                owned[stem] = bool(owner) and os.path.exists(owner)
            except (OSError, UnicodeDecodeError):
                continue
    old = time.time() - KEEP_DAYS * 86400
    for name in names:
        stem = name.partition(".")[0]
        path = folder / name
        try:
            if owned.get(stem) is False or (stem not in owned and path.stat().st_mtime < old):
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed
