"""One searcher per memory home, shared by everything in the process that searches it.

Rounds, gap re-runs, the map and the agent tools each make their own ``Memory`` and ``Assembler``;
they all search the warm entries through :func:`searching`, which keeps one
:class:`core.search.Searcher` per home (and search settings) and brings it up to date with the
units it is given: an append, an edit, a flip or a removal, by this process or by another one
writing warm.md, changes the searcher in place (``Searcher.updated``) instead of rebuilding it.

Tokens are cached by content (``core.search.TokenCache``) and saved per home in the user's cache
folder (``core.appdirs.cache_dir()/index``), so reopening a home does not tokenise its entries
again. The file is a cache: unreadable, stale or from another tokenizer, it is ignored.
"""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator, Sequence

from linghun.core import home_cache, situation_cache
from linghun.core.search import SearchConfig, Searcher, TokenCache, Unit

__all__ = ["searching", "token_cache", "save_tokens", "forget"]

#: save the token cache when this many units were tokenised since the last save
SAVE_AFTER = 200

_LOCK = threading.Lock()
_HOME_LOCKS: dict[str, threading.RLock] = {}
_SEARCHERS: dict[tuple[str, SearchConfig], Searcher] = {}
_CACHES: dict[str, TokenCache] = {}


def _key(root) -> str:
    return home_cache.home_key(root)


def _cache_file(key: str):
    return home_cache.cache_file(key, "tokens")


def _signature() -> str:
    from linghun.core.text import tokenizer_name

    return f"{TokenCache.VERSION}:{tokenizer_name()}"


def token_cache(root) -> TokenCache:
    """The home's token cache, loaded from the cache folder on first use."""
    key = _key(root)
    with _LOCK:
        cache = _CACHES.get(key)
        signature = _signature()
        if cache is not None and cache.signature == signature:
            return cache
        cache = TokenCache(signature)
        saved = home_cache.load(_cache_file(key))
        if isinstance(saved, dict) and saved.get("signature") == signature and isinstance(saved.get("tokens"), dict):
            cache.tokens = saved["tokens"]
        _CACHES[key] = cache
        return cache


def save_tokens(root, searchers: Sequence[Searcher] = ()) -> None:
    """Write the home's token cache, keeping only what ``searchers`` (default: the home's) use."""
    key = _key(root)
    cache = _CACHES.get(key)
    if cache is None:
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
def searching(root, units: Sequence[Unit], config: SearchConfig) -> Iterator[Searcher]:
    """The home's searcher brought up to date with ``units``, held for the caller's searches (no
    other thread changes it until the ``with`` block ends, so hit ids are those of ``units``)."""
    key = _key(root)
    with _home_lock(key):
        current = _SEARCHERS.get((key, config))
        cache = token_cache(root)
        if current is None or current.cache is not cache:
            current = Searcher(units, config, cache=cache)
        else:
            current = current.updated(units)
        with _LOCK:
            _SEARCHERS[(key, config)] = current
        if cache.added >= SAVE_AFTER:
            save_tokens(root, [current])
        yield current


def forget(root=None) -> None:
    """Drop the searchers (of one home, or all): a closed home's index is not kept in memory."""
    situation_cache.forget(root)
    with _LOCK:
        for k in [k for k in _SEARCHERS if root is None or k[0] == _key(root)]:
            del _SEARCHERS[k]
        for k in [k for k in _CACHES if root is None or k == _key(root)]:
            del _CACHES[k]
