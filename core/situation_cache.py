"""The situations of a home's warm entries, from cached analysis (the map's situation axis).

Grouping warm entries into situations (:mod:`core.situations`) tokenises every entry and runs a
greedy cover over all of them: about 0.4 s at 10k entries, paid by every process that composed a
context or drew a map. Two caches, kept in memory and saved per home in the cache folder
(:mod:`core.home_cache`), let a process skip that work:

- the topic tokens of each entry body, by a digest of the body (``<home>.topics``): after an append,
  only the new entry is tokenised;
- the grouping itself (:func:`core.situations.grouping`, plain data), by a digest of all it depends
  on: every live entry's kind and body, the tokenizer, this module's :data:`VERSION`
  (``<home>.situations``). An unchanged warm.md gets its situations with no tokenising at all.

Both are keyed by content, never by a file's name or time, so a cache that does not belong to the
entries is simply not found. A file that does not read back as what was written (cut short, edited,
from another version) is ignored and rewritten; a grouping is also checked against the entries it
is used for (every entry in exactly one situation) before it is trusted.
"""
from __future__ import annotations

import hashlib
import sys
import threading
from collections import OrderedDict
from typing import Sequence

from linghun.core import home_cache
from linghun.core.formats.warm import WarmEntry
from linghun.core.situations import Group, Situation, arrange, grouping, live_entries, topic_tokens
from linghun.core.text import tokenizer_name

__all__ = ["VERSION", "situations", "grouping_key", "forget"]

#: bump when grouping or topic tokens change: a cache of another version is not used
VERSION = 1
#: rewrite the topic-token file when this many bodies were tokenised since it was read
SAVE_AFTER = 200
#: groupings kept per home (the entries with and without the wrong ones; a state and the next)
KEEP_GROUPINGS = 4

_LOCK = threading.Lock()
_TOPICS: dict[str, "_Topics"] = {}
_GROUPINGS: dict[str, OrderedDict[bytes, list[Group]]] = {}


def _signature() -> str:
    return f"{VERSION}:{tokenizer_name()}"


def grouping_key(live: Sequence[WarmEntry], include_wrong: bool = False) -> bytes:
    """A digest of all a grouping of ``live`` depends on (see the module docstring)."""
    text = "\x1e".join(f"{e.ontology_kind}\x1f{e.body}" for e in live)
    head = f"{_signature()}\x1d{include_wrong}\x1d{len(live)}\x1d"
    return hashlib.blake2b((head + text).encode("utf-8", "surrogatepass"), digest_size=16).digest()


class _Topics:
    """Topic tokens by a digest of the body, for one home (thread-safe: dict operations)."""

    def __init__(self, key: str, signature: str):
        self.key, self.signature = key, signature
        self.tokens: dict[bytes, tuple[str, ...]] = {}
        self.added = 0
        saved = home_cache.load(home_cache.cache_file(key, "topics"))
        if isinstance(saved, dict) and saved.get("signature") == signature and isinstance(saved.get("tokens"), dict):
            self.tokens = saved["tokens"]
        else:
            self.added = SAVE_AFTER  # nothing usable on disk: write what this process tokenises

    @staticmethod
    def digest(body: str) -> bytes:
        return hashlib.blake2b(body.encode("utf-8", "surrogatepass"), digest_size=16).digest()

    def of(self, entry: WarmEntry) -> tuple[str, ...]:
        key = self.digest(entry.body)
        found = self.tokens.get(key)
        if type(found) is tuple and all(type(t) is str for t in found):
            return found
        tokens = self.tokens[key] = tuple(sys.intern(t) for t in topic_tokens(entry))
        self.added += 1
        return tokens

    def save(self, live: Sequence[WarmEntry]) -> None:
        """Write the tokens of ``live`` when enough were added (the others are dropped)."""
        if self.added < SAVE_AFTER:
            return
        keep = {}
        for e in live:
            key = self.digest(e.body)
            if key in self.tokens:
                keep[key] = self.tokens[key]
        if home_cache.save(home_cache.cache_file(self.key, "topics"), {"signature": self.signature, "tokens": keep}):
            self.added = 0


def _topics(key: str) -> _Topics:
    signature = _signature()
    with _LOCK:
        topics = _TOPICS.get(key)
        if topics is None or topics.signature != signature:
            topics = _TOPICS[key] = _Topics(key, signature)
        return topics


def _valid(groups, count: int) -> bool:
    """Whether ``groups`` has the shape of a grouping of ``count`` entries, each in one group."""
    if not isinstance(groups, list):
        return False
    positions: set[int] = set()
    seen = 0
    for group in groups:
        if not (isinstance(group, tuple) and len(group) == 4 and all(type(x) is str for x in group[:3])
                and isinstance(group[3], list) and all(type(i) is int and 0 <= i < count for i in group[3])):
            return False
        seen += len(group[3])
        positions.update(group[3])
    return seen == count == len(positions)


def _saved_groupings(key: str) -> OrderedDict[bytes, list[Group]]:
    saved = home_cache.load(home_cache.cache_file(key, "situations"))
    out: OrderedDict[bytes, list[Group]] = OrderedDict()
    if isinstance(saved, dict) and isinstance(saved.get("groupings"), list):
        for item in saved["groupings"]:
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], bytes):
                out[item[0]] = item[1]
    return out


def _find(key: str, grouping_id: bytes, count: int) -> list[Group] | None:
    with _LOCK:
        found = _GROUPINGS.get(key, {}).get(grouping_id)
    if found is not None:
        return found
    found = _saved_groupings(key).get(grouping_id)  # another process may have grouped them
    if found is None or not _valid(found, count):
        return None
    _remember(key, grouping_id, found, save=False)
    return found


def _remember(key: str, grouping_id: bytes, groups: list[Group], save: bool = True) -> None:
    with _LOCK:
        kept = _GROUPINGS.setdefault(key, OrderedDict())
        kept[grouping_id] = groups
        kept.move_to_end(grouping_id)
        while len(kept) > KEEP_GROUPINGS:
            kept.popitem(last=False)
    if save:
        saved = _saved_groupings(key)  # what other processes keep, this one's newest last
        saved[grouping_id] = groups
        saved.move_to_end(grouping_id)
        items = list(saved.items())[-KEEP_GROUPINGS:]
        home_cache.save(home_cache.cache_file(key, "situations"), {"groupings": items})


def situations(root, entries: Sequence[WarmEntry], *, include_wrong: bool = False) -> list[Situation]:
    """``core.situations.group_situations(entries)`` for the warm entries of the home at
    ``root``, from the caches when they hold it (the same situations either way: tests check it)."""
    key = home_cache.home_key(root)
    live = live_entries(entries, include_wrong)
    grouping_id = grouping_key(live, include_wrong)
    groups = _find(key, grouping_id, len(live))
    if groups is None:
        topics = _topics(key)
        groups = grouping(live, tokens_of=topics.of)
        _remember(key, grouping_id, groups)
        topics.save(live)
    return arrange(live, groups)


def forget(root=None) -> None:
    """Drop what is kept in memory (of one home, or all); the saved files stay."""
    key = None if root is None else home_cache.home_key(root)
    with _LOCK:
        for kept in (_TOPICS, _GROUPINGS):
            for k in [k for k in kept if key is None or k == key]:
                del kept[k]
