"""One searcher per memory home, shared by everything in the process that searches it.

Rounds, gap re-runs, the map and the agent tools each make their own ``Memory`` and ``Assembler``;
they all search the warm entries through :func:`searching`, which keeps one
:class:`core.search.Searcher` per home (and search settings) and brings it up to date with the
units it is given: an append, an edit, a flip or a removal, by this process or by another one
writing warm.md, changes the searcher in place (``Searcher.updated``) instead of rebuilding it.

The index outlives the process. Per home and search settings, the searcher itself is saved in the
user's cache folder (``core.appdirs.cache_dir()/index``, ``.searcher``: its BM25 postings as arrays
and what it knows of its units, :meth:`core.search.Searcher.snapshot`; ``.units``: the units it
indexes, apart), so the agent's next command opens it instead of tokenising and indexing 10k
entries again: taken as it is when the caller's content key for its units (a round's: the digest
of the warm.md bytes they were made of, ``SearchPool.content_key``) is the one it was saved with,
then the saved units are not even read (at 100k entries, reading and comparing them was a tenth
of a turn); restored when the units are the same; restored and then changed in place when
warm.md changed since it was saved (an append, an edit); built anew otherwise. Engines measured
for it (open + first query / query p50, 10k and 100k entries): our postings as arrays 12 ms /
0.25 ms and 103 ms / 1.1 ms, SQLite FTS5 8 / 1.3 and 75 / 28 ms, tantivy about 2 / 0.05 and 2 /
0.28 ms; only our own postings keep the scoring identical (BM25 with our channels, tested against
a fresh build), so they are what is persisted.

The snapshot holds the sentence-meaning channel's vectors of its units too (float32, 2 KB a unit):
fetching 10k of them from the machine's vector cache by text cost 0.4 s of every agent command,
reading them back with the snapshot costs a few milliseconds. A snapshot without them, or of another
model version, has them fetched once and is saved again with them.

Tokens are cached by content too (``core.search.TokenCache``, ``.tokens``), read only when a unit
must be tokenised. These files are caches: unreadable, damaged, stale, of other settings or of
another tokenizer, they are ignored and written anew; nothing in them is trusted over warm.md (a
searcher taken by its content key still has a sample of its units compared).
"""
from __future__ import annotations

import atexit
import os
import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

from linghun.core import home_cache, situation_cache
from linghun.core.search import SearchConfig, Searcher, TokenCache, Unit
from linghun.core.text import tokenizer_name

__all__ = ["searching", "token_cache", "save_tokens", "forget"]

#: save the token cache when this many units were tokenised since the last save
SAVE_AFTER = 200

_LOCK = threading.Lock()
_HOME_LOCKS: dict[str, threading.RLock] = {}
_SEARCHERS: dict[tuple[str, SearchConfig], Searcher] = {}
_CACHES: dict[str, TokenCache] = {}
#: (home key, settings) -> whether the searcher changed in place since this process opened it
_CHANGED: dict[tuple[str, SearchConfig], bool] = {}
#: (home key, settings) -> the content key of the units the searcher holds (``searching``), or None
_CONTENT: dict[tuple[str, SearchConfig], str | None] = {}
_SAVE_AT_EXIT = None


def _key(root) -> str:
    return home_cache.home_key(root)


def _cache_file(key: str):
    return home_cache.cache_file(key, "tokens")


def _signature() -> str:
    return f"{TokenCache.VERSION}:{tokenizer_name()}"


def token_cache(root) -> TokenCache:
    """The home's token cache, loaded from the cache folder on first use."""
    key = _key(root)
    with _LOCK:
        cache = _CACHES.get(key)
        signature = _signature()
        if cache is not None and cache.signature == signature:
            return cache
        cache = TokenCache(signature, loader=lambda: _saved_tokens(key, signature))
        _CACHES[key] = cache
        return cache


def _saved_tokens(key: str, signature: str) -> dict:
    saved = home_cache.load(_cache_file(key))
    if isinstance(saved, dict) and saved.get("signature") == signature and isinstance(saved.get("tokens"), dict):
        return saved["tokens"]
    return {}


def save_tokens(root, searchers: Sequence[Searcher] = ()) -> None:
    """Write the home's token cache, keeping only what ``searchers`` (default: the home's) use."""
    key = _key(root)
    cache = _CACHES.get(key)
    if cache is None or not cache.loaded:  # nothing read, so nothing new to write
        return
    with _LOCK:
        searchers = list(searchers) or [s for (k, _c), s in _SEARCHERS.items() if k == key]
    keep = cache.tokens
    if searchers:
        used = set()
        for s in searchers:
            used.update(s.cache_keys())
        keep = {k: v for k, v in cache.tokens.items() if k in used}
    if home_cache.save(_cache_file(key), {"signature": cache.signature, "tokens": keep}):
        cache.added = 0


def _home_lock(key: str) -> threading.RLock:
    with _LOCK:
        return _HOME_LOCKS.setdefault(key, threading.RLock())


@contextmanager
def searching(root, units: Sequence[Unit], config: SearchConfig, content: str | None = None) -> Iterator[Searcher]:
    """The home's searcher brought up to date with ``units``, held for the caller's searches (no
    other thread changes it until the ``with`` block ends, so hit ids are those of ``units``).

    ``content``: a key the caller computed from what ``units`` are made of (the same key, the same
    units), or None. A saved searcher of the same key is taken without comparing the units, and
    the home's searcher, brought up to date with units of the same key already, is not compared
    with them again (a round searches its pool twice: 8 ms each at 100k entries)."""
    key = _key(root)
    with _home_lock(key):
        current = _SEARCHERS.get((key, config))
        cache = token_cache(root)
        if current is None or current.cache is not cache:
            current, changed = _opened(key, units, config, cache, content)
            _CONTENT[(key, config)] = content
            if changed:  # what a one-shot command leaves for the next one
                _save_snapshot(key, config, current)
            _CHANGED[(key, config)] = False
        elif content is None or _CONTENT.get((key, config)) != content:  # the same key: the same units
            before, version = current, current.version
            current = current.updated(units)
            if current is not before or current.version != version:
                _later(key, config)
            _CONTENT[(key, config)] = content
        with _LOCK:
            _SEARCHERS[(key, config)] = current
        if cache.added >= SAVE_AFTER:
            save_tokens(root, [current])
        yield current


def _snapshot_file(key: str):
    return home_cache.cache_file(key, "searcher")


def _units_file(key: str):
    """The units a saved searcher indexes, apart: read only when they must be compared."""
    return home_cache.cache_file(key, "units")


def _snapshot_header(config: SearchConfig) -> dict:
    return {"version": 2, "tokens": _signature(), "config": repr(config)}


def _opened(key: str, units: Sequence[Unit], config: SearchConfig, cache: TokenCache,
            content: str | None = None) -> tuple[Searcher, bool]:
    """The home's searcher in a process that has none yet: the saved one when it was saved for the
    same ``content`` key, or when it indexes exactly ``units``; the saved one changed in place when
    warm.md changed since it was saved; else one built anew. Also whether it differs from the
    saved one or was saved under another key (so it is saved)."""
    saved = home_cache.load(_snapshot_file(key))
    if isinstance(saved, dict) and saved.get("header") == _snapshot_header(config):
        snapshot = saved.get("searcher")
        if content is not None and saved.get("content") == content:
            try:
                restored = Searcher.restore_over(units, snapshot, config, cache=cache)
                return restored, restored.meaning_fetched  # saved again with its vectors
            except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                pass  # damaged: compared with its units, it is changed in place or built anew
        named = home_cache.load(_units_file(key))
        # the units of the same save (not of another process's save meanwhile)
        if isinstance(named, dict) and isinstance(snapshot, dict) and named.get("save") == saved.get("save"):
            found = _changed_in_place(units, {**snapshot, "units": named.get("units")}, config, cache)
            if found is not None:  # saved again when saved under another key: the next process takes it
                return found[0], found[1] or (content is not None and saved.get("content") != content)
    return Searcher(units, config, cache=cache), True


def _changed_in_place(units: Sequence[Unit], snapshot: dict, config: SearchConfig,
                      cache: TokenCache) -> tuple[Searcher, bool] | None:
    """The saved searcher over ``units``: as saved when they are its units, else changed in place
    from them; None when the snapshot is damaged."""
    try:
        restored = Searcher.restore(units, snapshot, config, cache=cache)
        return restored, restored.meaning_fetched
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        pass  # other units (or a damaged file): try the saved units, changed in place
    try:
        # after an append the saved units are the first of ``units``: restored over those very
        # objects, the change is found without comparing 10k units made from the file
        count = len(snapshot["units"][0])
        restored = Searcher.restore(units[:count], snapshot, config, cache=cache) if count < len(units) else None
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        restored = None  # not an append
    try:
        if restored is None:
            restored = Searcher.restore_saved(snapshot, config, cache=cache)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None
    return restored.updated(units), True


def _save_snapshot(key: str, config: SearchConfig, searcher: Searcher) -> None:
    """Save ``searcher`` in two files: its units apart, first, and the rest with the content key of
    its units (when its caller gave one). A save number ties them: a reader that finds the units
    of another save (two processes saving at once) builds anew."""
    with searcher._lock:
        snapshot = searcher.snapshot()
    save = os.urandom(8).hex()
    if home_cache.save(_units_file(key), {"save": save, "units": snapshot.pop("units")}):
        home_cache.save(_snapshot_file(key), {"header": _snapshot_header(config), "save": save,
                                              "content": _CONTENT.get((key, config)), "searcher": snapshot})
    _CHANGED[(key, config)] = False


def _later(key: str, config: SearchConfig) -> None:
    """A searcher changed in place after its process opened it (a long-lived process: the MCP
    server, the workbench) is saved when the home is forgotten or the process exits, not on the
    agent's call: at 100k entries a save costs a second. Until then the next process restores the
    older one and changes it in place, as it would after an append by another process."""
    global _SAVE_AT_EXIT
    if not _SAVE_AT_EXIT:
        _SAVE_AT_EXIT = atexit.register(_save_changed)
    _CHANGED[(key, config)] = True


def _save_changed(root=None) -> None:
    with _LOCK:
        changed = [(k, s) for k, s in _SEARCHERS.items() if (root is None or k[0] == _key(root)) and _CHANGED.get(k)]
    for (key, config), searcher in changed:
        _save_snapshot(key, config, searcher)


def forget(root=None) -> None:
    """Drop the searchers (of one home, or all): a closed home's index is not kept in memory; one
    changed since it was last saved is saved first."""
    situation_cache.forget(root)
    _save_changed(root)
    with _LOCK:
        for k in [k for k in _CHANGED if root is None or k[0] == _key(root)]:
            del _CHANGED[k]
        for k in [k for k in _CONTENT if root is None or k[0] == _key(root)]:
            del _CONTENT[k]
        for k in [k for k in _SEARCHERS if root is None or k[0] == _key(root)]:
            del _SEARCHERS[k]
        for k in [k for k in _CACHES if root is None or k == _key(root)]:
            del _CACHES[k]
