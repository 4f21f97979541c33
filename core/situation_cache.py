"""The situations of a home's warm entries, from cached analysis (the map's situation axis).

Grouping warm entries into situations (:mod:`core.situations`) tokenises every entry and runs a
greedy cover over all of them: about 0.4 s at 10k entries, paid by every process that composed a
context or drew a map. Two caches, kept in memory and saved per home in the cache folder
(:mod:`core.home_cache`), let a process skip that work:

- the topic tokens and entity names of each entry body, by a digest of the body (``<home>.topics``;
  the names with the entry's kind, which they also depend on): after an append, only the new entry
  is analysed;
- the grouping itself (:func:`core.situations.grouping`, plain data), by a digest of all it depends
  on: every live entry's kind and body, the tokenizer, this module's :data:`VERSION`
  (``<home>.situations``). An unchanged warm.md gets its situations with no tokenising at all;
  when the entries are known to be the parse of warm.md's bytes (``WarmDocument.parsed_from``),
  the grouping key is kept by their digest too, and is not even computed again.

Both are keyed by content, never by a file's name or time, so a cache that does not belong to the
entries is simply not found. A file that does not read back as what was written (cut short, edited,
from another version) is ignored and rewritten; a grouping is also checked against the entries it
is used for (every entry in exactly one situation) before it is trusted.
"""
from __future__ import annotations

import hashlib
import marshal
import operator
import sys
import threading
from collections import OrderedDict
from functools import partial
from itertools import chain
from typing import Iterable, Sequence

from linghun.core import home_cache
from linghun.core.formats.warm import WarmEntry
from linghun.core.situations import Group, Situation, arrange, entity_names, grouping, live_entries, topic_tokens
from linghun.core.text import tokenizer_name

__all__ = ["VERSION", "situations", "by_anchor", "prepare", "topic_tokens_of", "body_digests", "grouping_key",
           "forget"]

#: bump when grouping or topic tokens change: a cache of another version is not used
VERSION = 2
#: rewrite the topic-token file when this many bodies were tokenised since it was read
SAVE_AFTER = 200
#: groupings kept per home (the entries with and without the wrong ones; a state and the next)
KEEP_GROUPINGS = 4
#: grouping keys saved by source per home (a warm.md and the few before it)
KEEP_SOURCES = 8

_LOCK = threading.Lock()
_ANALYSIS: dict[str, "_Analysis"] = {}
_GROUPINGS: dict[str, OrderedDict[bytes, list[Group]]] = {}
#: home key -> (the entries last grouped, include_wrong, their live entries, the grouping key)
_LIVE: dict[str, tuple[list[WarmEntry], bool, list[WarmEntry], bytes]] = {}
#: home key -> the grouping keys known by source (:func:`_source_key`)
_SOURCES: dict[str, dict[bytes, bytes]] = {}


def signature() -> str:
    """What the topic tokens depend on beside the bodies: this module's version and the tokenizer."""
    return f"{VERSION}:{tokenizer_name()}"


_WRITTEN_KIND, _BODY = operator.attrgetter("kind"), operator.attrgetter("body")


def grouping_key(live: Sequence[WarmEntry], include_wrong: bool = False) -> bytes:
    """A digest of all a grouping of ``live`` depends on (see the module docstring): the kinds as
    written (they decide the ontology kinds) and the bodies, each sequence joined whole in C (a
    string per entry, and the ontology kind's property, were most of keying 100k entries: 44 ms)."""
    key = hashlib.blake2b(f"{signature()}\x1d{include_wrong}\x1d{len(live)}\x1d".encode(), digest_size=16)
    key.update("\x1f".join(map(_WRITTEN_KIND, live)).encode("utf-8", "surrogatepass"))
    key.update(b"\x1d")
    key.update("\x1e".join(map(_BODY, live)).encode("utf-8", "surrogatepass"))
    return key.digest()


def _digests(bodies: Iterable[str]) -> list[bytes]:
    """A digest of each body, mapped in C (a Python call per body was a third of keying 10k)."""
    encoded = map(operator.methodcaller("encode", "utf-8", "surrogatepass"), bodies)
    return list(map(operator.methodcaller("digest"), map(partial(hashlib.blake2b, digest_size=16), encoded)))


def _strings(values: Iterable) -> bool:
    """Whether every one of ``values`` is a string, checked in C: ``str.join`` takes strings only."""
    try:
        "".join(values)
    except TypeError:
        return False
    return True


def _tuples_of_strings(values: Iterable) -> bool:
    """Whether each of ``values`` is a tuple of strings (a check per token in Python was ~15 ms of
    reading a 10k-entry home's topic tokens)."""
    values = list(values)
    return set(map(type, values)) <= {tuple} and _strings(chain.from_iterable(values))


class _Analysis:
    """What grouping reads of each entry, for one home: topic tokens and entity names by a digest
    of the body (saved), and per entry object, the digest (in memory: after an append the other
    entries are the same objects, and no digest is computed again)."""

    def __init__(self, key: str, signature: str):
        self.key, self.signature = key, signature
        self.lock = threading.Lock()
        self.tokens: dict[bytes, tuple[str, ...]] = {}
        #: digest of the body -> (the entry's kind, its entity names)
        self.names: dict[bytes, tuple[str, tuple[str, ...]]] = {}
        self.added = 0
        #: id(entry) -> (entry, the digest of its body)
        self._seen: dict[int, tuple[WarmEntry, bytes]] = {}
        saved = home_cache.load(home_cache.cache_file(key, "topics"))
        if isinstance(saved, dict) and saved.get("signature") == signature and _readable(saved):
            self.tokens, self.names = saved["tokens"], saved["names"]
        else:
            self.added = SAVE_AFTER  # nothing usable on disk: write what this process tokenises

    def _key(self, entry: WarmEntry) -> bytes:
        seen = self._seen.get(id(entry))
        if seen is None or seen[0] is not entry:
            self.know([entry])
            seen = self._seen[id(entry)]
        return seen[1]

    def know(self, entries: Sequence[WarmEntry]) -> None:
        """Key the entries not keyed yet, in one pass (a new process keys every one)."""
        seen = self._seen
        fresh = [e for e in entries if (s := seen.get(id(e))) is None or s[0] is not e] if seen else list(entries)
        if fresh:
            seen.update(zip(map(id, fresh), zip(fresh, _digests(map(_BODY, fresh)))))

    def tokens_of(self, entry: WarmEntry) -> tuple[str, ...]:
        key = self._key(entry)
        found = self.tokens.get(key)
        if found is None:
            found = self.tokens[key] = tuple(sys.intern(t) for t in topic_tokens(entry))
            self.added += 1
        return found

    def names_of(self, entry: WarmEntry) -> tuple[str, ...]:
        key = self._key(entry)
        found = self.names.get(key)
        if found is None or found[0] != entry.ontology_kind:
            found = self.names[key] = (entry.ontology_kind, tuple(entity_names(entry)))
            self.added += 1
        return found[1]

    def keep_only(self, live: Sequence[WarmEntry]) -> None:
        """Forget the entry objects not in ``live`` (a closed document's are not kept alive), and
        save the tokens of ``live`` when enough were added (the others are dropped)."""
        ids = set(map(id, live))
        if not self._seen.keys() <= ids:  # compared in C: a new process has seen only these
            self._seen = {k: v for k, v in self._seen.items() if k in ids}
        if self.added < SAVE_AFTER:
            return
        keep, names = {}, {}
        for e in live:
            key = self._key(e)
            if key in self.tokens:
                keep[key] = self.tokens[key]
            if key in self.names:
                names[key] = self.names[key]
        if home_cache.save(home_cache.cache_file(self.key, "topics"),
                           {"signature": self.signature, "tokens": keep, "names": names}):
            self.added = 0


def _readable(saved: dict) -> bool:
    """Whether a topics file holds what :meth:`_Analysis.keep_only` writes: digests to token
    tuples, and digests to (kind, names) pairs. Anything else and the file is not used at all."""
    tokens, names = saved.get("tokens"), saved.get("names")
    if not (type(tokens) is dict and type(names) is dict
            and set(map(type, tokens)) <= {bytes} and set(map(type, names)) <= {bytes}):
        return False
    pairs = list(names.values())
    if not (set(map(type, pairs)) <= {tuple} and set(map(len, pairs)) <= {2}):
        return False
    return (_strings(map(operator.itemgetter(0), pairs)) and _tuples_of_strings(map(operator.itemgetter(1), pairs))
            and _tuples_of_strings(tokens.values()))


def _analysis(key: str) -> _Analysis:
    wanted = signature()
    with _LOCK:
        analysis = _ANALYSIS.get(key)
        if analysis is None or analysis.signature != wanted:
            analysis = _ANALYSIS[key] = _Analysis(key, wanted)
        return analysis


def _valid(groups, count: int) -> bool:
    """Whether ``groups`` has the shape of a grouping of ``count`` entries, each in one group (the
    positions checked in C: a 10k-entry home's, one by one, cost every process a few ms)."""
    if type(groups) is not list or not all(
            type(g) is tuple and len(g) == 4 and type(g[0]) is type(g[1]) is type(g[2]) is str and type(g[3]) is list
            for g in groups):
        return False
    positions = list(chain.from_iterable(g[3] for g in groups))
    return (len(positions) == count and set(map(type, positions)) <= {int}
            and (not positions or (min(positions) >= 0 and max(positions) < count)) and len(set(positions)) == count)


def _saved(key: str) -> tuple[OrderedDict[bytes, bytes], OrderedDict[bytes, bytes]]:
    """The groupings saved for the home, by key, each still marshalled (only the one a process
    asks for is read, and saving does not walk the others: their positions were most of a save),
    and the grouping keys saved by source (:func:`_source_key`)."""
    saved = home_cache.load(home_cache.cache_file(key, "situations"))
    groupings: OrderedDict[bytes, bytes] = OrderedDict()
    sources: OrderedDict[bytes, bytes] = OrderedDict()
    for name, out in (("groupings", groupings), ("sources", sources)):
        items = saved.get(name) if isinstance(saved, dict) else None
        for item in items if isinstance(items, list) else ():
            if type(item) is tuple and len(item) == 2 and type(item[0]) is bytes and type(item[1]) is bytes:
                out[item[0]] = item[1]
    return groupings, sources


def _save(key: str, groupings: OrderedDict[bytes, bytes], sources: OrderedDict[bytes, bytes]) -> None:
    home_cache.save(home_cache.cache_file(key, "situations"), {
        "groupings": list(groupings.items())[-KEEP_GROUPINGS:], "sources": list(sources.items())[-KEEP_SOURCES:]})


def _source_key(source: str, include_wrong: bool) -> bytes:
    """What a grouping key is saved by when the entries are the parse of warm.md bytes of digest
    ``source`` (``WarmDocument.parsed_from``): those bytes decide every kind and body."""
    return hashlib.blake2b(f"{signature()}\x1d{include_wrong}\x1d{source}".encode(), digest_size=16).digest()


def _grouping_key_of(key: str, live: Sequence[WarmEntry], include_wrong: bool, source: str | None) -> bytes:
    """:func:`grouping_key` of ``live``, or the one saved for their ``source``: hashing every kind
    and body was ~26 ms of each command at 100k entries, whose warm.md had not changed since the
    last one. A key computed for a source is saved for the next process."""
    if source is None:
        return grouping_key(live, include_wrong)
    by = _source_key(source, include_wrong)
    with _LOCK:
        found = _SOURCES.get(key, {}).get(by)
    if found is not None:
        return found
    groupings, sources = _saved(key)
    found = sources.get(by)
    if found is None:
        found = sources[by] = grouping_key(live, include_wrong)
        _save(key, groupings, sources)
    with _LOCK:
        _SOURCES.setdefault(key, {})[by] = found
    return found


def _find(key: str, grouping_id: bytes, count: int) -> list[Group] | None:
    with _LOCK:
        found = _GROUPINGS.get(key, {}).get(grouping_id)
    if found is not None:
        return found
    data = _saved(key)[0].get(grouping_id)  # another process may have grouped them
    try:
        found = marshal.loads(data) if data is not None else None
    except (ValueError, EOFError, TypeError):
        return None
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
        groupings, sources = _saved(key)  # what other processes keep, this one's newest last
        groupings[grouping_id] = marshal.dumps(groups)
        groupings.move_to_end(grouping_id)
        _save(key, groupings, sources)


def _live_and_key(key: str, entries: Sequence[WarmEntry], include_wrong: bool,
                  source: str | None = None) -> tuple[list[WarmEntry], bytes]:
    """The live entries and their grouping key, kept for the same entry objects: a turn groups
    for its round and again for its map, and at 100k entries the key (a digest of every body) and
    the live list cost ~70 ms each time. Entries are frozen, so the same objects in the same order
    have the same live list and key."""
    with _LOCK:
        seen = _LIVE.get(key)
    if (seen is not None and seen[1] == include_wrong and len(seen[0]) == len(entries)
            and all(map(operator.is_, seen[0], entries))):
        return seen[2], seen[3]
    live = live_entries(entries, include_wrong)
    found = (list(entries), include_wrong, live, _grouping_key_of(key, live, include_wrong, source))
    with _LOCK:
        _LIVE[key] = found
    return found[2], found[3]


def _grouped(root, entries: Sequence[WarmEntry], include_wrong: bool,
             source: str | None) -> tuple[list[WarmEntry], list[Group]]:
    """The live entries and their grouping, from the caches when they hold it."""
    key = home_cache.home_key(root)
    live, grouping_id = _live_and_key(key, entries, include_wrong, source)
    groups = _find(key, grouping_id, len(live))
    if groups is None:
        analysis = _analysis(key)
        with analysis.lock:  # one grouping at a time per home: the memo is not shared mid-way
            analysis.know(live)
            groups = grouping(live, tokens_of=analysis.tokens_of, names_of=analysis.names_of)
            analysis.keep_only(live)
        _remember(key, grouping_id, groups)
    return live, groups


def situations(root, entries: Sequence[WarmEntry], *, include_wrong: bool = False,
               source: str | None = None) -> list[Situation]:
    """``core.situations.group_situations(entries)`` for the warm entries of the home at
    ``root``, from the caches when they hold it (the same situations either way: tests check it).
    ``source``: the digest of the warm.md bytes ``entries`` are the parse of, when known
    (``WarmDocument.parsed_from``), which the grouping key is saved by."""
    return arrange(*_grouped(root, entries, include_wrong, source))


def by_anchor(root, entries: Sequence[WarmEntry], source: str | None = None) -> dict[str, tuple[str, list[WarmEntry]]]:
    """``anchor -> (label, live entries)`` of each situation, unordered: what a round that restores
    the situation a question names needs, without arranging them (half of a map's situation cost).
    ``source``: as for :func:`situations`."""
    live, groups = _grouped(root, entries, False, source)
    return {anchor: (label, [live[i] for i in positions]) for _kind, anchor, label, positions in groups}


def prepare(root, entries: Sequence[WarmEntry]) -> None:
    """Analyse every live entry now (tokens, entity names), so that the first grouping after a
    change (an append) reads them from memory: what a long-lived process does while it waits."""
    live = live_entries(entries)
    analysis = _analysis(home_cache.home_key(root))
    with analysis.lock:
        analysis.know(live)
        for e in live:
            analysis.tokens_of(e)
            analysis.names_of(e)
        analysis.keep_only(live)


def topic_tokens_of(root, entries: Sequence[WarmEntry]) -> list[tuple[str, ...]]:
    """The topic tokens of each of ``entries`` (the live ones: the cache keeps only those, see
    :meth:`_Analysis.keep_only`), from the same cache the grouping reads, and saved there for the
    next process: what links entries to goals (``core.goal_links``) costs no tokenising."""
    analysis = _analysis(home_cache.home_key(root))
    with analysis.lock:
        analysis.know(entries)  # every entry digested in one pass, not one call each
        tokens = [analysis.tokens_of(e) for e in entries]
        # saved for the next process: a grouping read from its own cache tokenises nothing, so
        # what was tokenised here was never written, and 48k live bodies of a 100k home were
        # tokenised again by every `linghun context` (1.7 s). Kept with every entry this process
        # knows: ``entries`` may be a few (the bodies new since the goal links were saved), and
        # keeping only those would forget the others' digests and drop their tokens from the file
        analysis.keep_only([e for e, _digest in analysis._seen.values()])
        return tokens


def body_digests(root, entries: Sequence[WarmEntry]) -> list[bytes]:
    """A digest of each entry's body, as the topic cache keys it (each entry object is digested
    once per process): what per-entry caches of other modules key by (``core.goal_links``)."""
    analysis = _analysis(home_cache.home_key(root))
    with analysis.lock:
        analysis.know(entries)
        seen = analysis._seen  # know() keyed each one: read in one pass, not a method call each
        return [seen[id(e)][1] for e in entries]


def forget(root=None) -> None:
    """Drop what is kept in memory (of one home, or all); the saved files stay."""
    key = None if root is None else home_cache.home_key(root)
    with _LOCK:
        for kept in (_ANALYSIS, _GROUPINGS, _LIVE, _SOURCES):
            for k in [k for k in kept if key is None or k == key]:
                del kept[k]
