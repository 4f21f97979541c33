"""The files of a home's caches in the user's cache folder (``core.appdirs.cache_dir()/index``).

Each home has one file per kind (``.searcher`` and ``.tokens``: the search index,
``core.home_index``; ``.warm``: warm.md's parse, ``core.warm_cache``; ``.topics`` and
``.situations``: the map's analysis, ``core.situation_cache``), named by a digest of the home's
folder (or warm.md's path). They are caches: :func:`load` answers None for a file that is missing
or does not read back, and :func:`save` writes a whole file under a temporary name and renames it,
so a reader in another process never sees half of one. What a file holds is keyed by content by
its owner; nothing here trusts it.

Beside a home's files a ``.home`` file names the folder they belong to. Once per process, the
first save removes the files of folders that no longer exist (an evaluation's or a test's
temporary homes; the index of a 10k-entry home is several megabytes) and files older than
:data:`KEEP_DAYS` days that name no folder.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import threading
import time
from pathlib import Path
from typing import Any

from linghun.core.appdirs import cache_dir

__all__ = ["home_key", "cache_file", "load", "save", "prune"]

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
        return marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):  # a cache: start without it
        return None


def save(path: Path, value: Any) -> bool:
    """Write ``value`` whole at ``path``; False when the cache folder cannot be written (that only
    costs the next process the work the file would have saved)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not _PRUNED.is_set():
            _PRUNED.set()
            prune(path.parent)
        _write(path, marshal.dumps(value))
        owner = _OWNERS.get(path)
        home = path.with_suffix(".home")
        if owner is not None and not home.exists():
            _write(home, owner.encode("utf-8", "surrogatepass"))
        return True
    except (OSError, ValueError):  # ValueError: an object marshal cannot write
        return False


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_bytes(data)
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
