"""The files of a home's caches in the user's cache folder (``core.appdirs.cache_dir()/index``).

Each home has one file per kind (``.tokens``: the searcher's tokens, ``core.home_index``;
``.topics`` and ``.situations``: the map's analysis, ``core.situation_cache``), named by a digest
of the home's folder. They are caches: :func:`load` answers None for a file that is missing or does
not read back, and :func:`save` writes a whole file under a temporary name and renames it, so a
reader in another process never sees half of one. What a file holds is keyed by content by its
owner; nothing here trusts it.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import threading
from pathlib import Path
from typing import Any

from linghun.core.appdirs import cache_dir

__all__ = ["home_key", "cache_file", "load", "save"]


def home_key(root) -> str:
    """One key per home folder, however it was named."""
    return str(Path(root).resolve())


def cache_file(key: str, suffix: str) -> Path:
    """The cache file of kind ``suffix`` for the home of ``key`` (:func:`home_key`)."""
    name = hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return cache_dir() / "index" / f"{name}.{suffix}"


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
        tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_bytes(marshal.dumps(value))
        os.replace(tmp, path)
        return True
    except (OSError, ValueError):  # ValueError: an object marshal cannot write
        return False
