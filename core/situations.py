"""Situations: warm entries grouped by a signature of topic tokens (SPEC 9 Situations axis, SPEC 10).

A *situation* is the unit the seeds organise recent memory by ("what is being talked about now").
Here it is computed, not stored: every entry gets a *signature*, the topic tokens it shares with
other entries, most widely shared first; entries whose signature starts with the same token (the
*anchor*) form one situation. The result is deterministic (ties are broken by the token text) and
stable under appends: a new entry joins the situation of its anchor without reshuffling the others
unless it changes which token is most shared.

Topic tokens are :func:`core.text.tokenize` words minus pure numbers, dates and versions (values,
not topics) and minus tokens present in more than ``max_share`` of the entries (too common to say
anything, such as 用户 in every event). A token must occur in at least two entries to be shared.
Entries with no shared token go to one catch-all situation, ``OTHER_LABEL``.
"""
from __future__ import annotations

import heapq
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import chain
from operator import attrgetter
from typing import Callable, Iterable, Sequence

from linghun.core.formats.warm import WarmEntry
from linghun.core.text import is_cjk, tokenize

__all__ = [
    "OTHER_LABEL", "Situation", "Group", "topic_tokens", "document_frequency", "assign_anchors", "signatures",
    "group_situations", "live_entries", "grouping", "arrange", "label_of",
]

#: the label of the situation collecting entries that share no topic token with any other entry
OTHER_LABEL = "其他"
#: an entry's topic tokens (``topic_tokens``, or a cache of them)
TokensOf = Callable[[WarmEntry], tuple[str, ...]]
_VALUE_TOKEN = re.compile(r"^[\d.,:/_\-']+$|^v?\d[\d.]*[a-z]{0,2}$")


@lru_cache(maxsize=65536)
def _tokens_of_text(text: str) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for tok in tokenize(text):
        if _VALUE_TOKEN.match(tok):
            continue
        if len(tok) == 1 and is_cjk(tok):
            continue
        seen.setdefault(tok, None)
    return tuple(seen)


def topic_tokens(entry: WarmEntry | str) -> tuple[str, ...]:
    """The distinct topic tokens of an entry (or a text), in text order (cached per text)."""
    return _tokens_of_text(entry if isinstance(entry, str) else entry.body)


def entity_names(entry: WarmEntry) -> list[str]:
    """The entities a structured body is about: a fact's entity (``实体 | 属性 | 值 | 来源#``); an
    event's related entities, then its object (``主语 | 动作 | 宾语 | 关联实体 | 细节``). An event's
    subject is left out: it is usually who acted (用户, a colleague), not the topic."""
    f = entry.fields
    if len(f) < 3:
        return []
    if entry.ontology_kind == "fact":
        names = [f[0]]
    elif entry.ontology_kind == "event":
        names = [x.strip() for x in re.split(r"[,，、]", f[3])] if len(f) > 3 else []
        names.append(f[2])
    else:
        return []
    return list(dict.fromkeys(n for n in names if n and len(n) <= 40))


def entity_spelling(entries: Iterable[WarmEntry], key: str) -> str:
    """The spelling of entity ``key`` (lowercased) that the entries use most."""
    return _spelling([entity_names(e) for e in entries], key)


def _spelling(name_lists: Iterable[Sequence[str]], key: str) -> str:
    # every name counted in C, then the few distinct ones compared with the key
    spellings = {n: c for n, c in Counter(chain.from_iterable(name_lists)).items() if n.lower() == key}
    return min(spellings.items(), key=lambda kv: (-kv[1], kv[0]))[0] if spellings else key


def document_frequency(token_sets: Iterable[Iterable[str]]) -> Counter:
    """In how many of the given token sets each token occurs."""
    # one Counter pass over all sets (a per-entry update costs a call each at 10k entries)
    return Counter(chain.from_iterable(set(tokens) for tokens in token_sets))


def _shared_limit(count: int, max_share: float) -> int:
    # With few entries every shared token is useful; the share cap only bites on larger sets.
    return count if count < 8 else max(2, int(count * max_share))


def assign_anchors(token_lists: Sequence[Sequence[str]], *, max_share: float = 0.3,
                   df: Counter | None = None) -> list[str | None]:
    """The anchor of each token list: a greedy cover by shared tokens.

    The token shared by the most not-yet-anchored lists becomes the anchor of all of them (ties:
    the smaller token text), then the next, until no token is shared by two unanchored lists. This
    keeps a topic together even when its entries also share other tokens with other topics.
    """
    sets = [set(tokens) for tokens in token_lists]
    df = Counter(chain.from_iterable(sets)) if df is None else df
    limit = _shared_limit(len(token_lists), max_share)
    # the shared tokens of each list found by a set intersection (in C): most tokens are in one
    # list only, and were each tested in Python
    shared = {t for t, count in df.items() if 2 <= count <= limit}
    postings: dict[str, list[int]] = {t: [] for t in shared}
    for i, tokens in enumerate(sets):
        for t in tokens & shared:
            postings[t].append(i)
    remaining = {t: len(ix) for t, ix in postings.items()}
    heap = [(-c, t) for t, c in remaining.items()]
    heapq.heapify(heap)
    anchors: list[str | None] = [None] * len(token_lists)
    while heap:
        neg, token = heapq.heappop(heap)
        current = remaining[token]
        if current != -neg:  # stale: other anchors took some of its lists since it was pushed
            if current >= 2:
                heapq.heappush(heap, (-current, token))
            continue
        if current < 2:
            break
        newly = [i for i in postings[token] if anchors[i] is None]
        for i in newly:
            anchors[i] = token
        # what the newly anchored lists no longer offer the other tokens, counted in C (one
        # decrement per list and token in Python: 166k of them, 63-78 ms, in 40k entries' cover)
        for t, count in Counter(chain.from_iterable(sets[i] & shared for i in newly)).items():
            remaining[t] -= count
    return anchors


def signatures(entries: Sequence[WarmEntry], *, size: int = 3, max_share: float = 0.3,
               tokens_of: TokensOf = topic_tokens) -> list[tuple[str, ...]]:
    """The signature of each entry: its anchor, then its other shared topic tokens, most shared
    first (up to ``size`` tokens; empty when the entry shares nothing). ``tokens_of`` gives an
    entry's topic tokens (a cache of them: ``core.situation_cache``)."""
    token_lists = [tokens_of(e) for e in entries]
    df = document_frequency(token_lists)
    anchors = assign_anchors(token_lists, max_share=max_share, df=df)
    limit = _shared_limit(len(entries), max_share)
    out = []
    for tokens, anchor in zip(token_lists, anchors):
        if anchor is None:
            out.append(())
            continue
        rest = [t for t in tokens if t != anchor and 2 <= df[t] <= limit]
        rest.sort(key=lambda t: (-df[t], t))
        out.append((anchor, *rest[: size - 1]))
    return out


_STAMP, _LAST_ACCESS = attrgetter("stamp"), attrgetter("last_access")


@dataclass
class Situation:
    """Entries that share an anchor token.

    Attributes:
        anchor: the shared token (``OTHER_LABEL`` for the catch-all group).
        label: the anchor and the token most often found beside it in the group, joined by ``·``.
        entries: the entries, in file order.
    """

    anchor: str
    label: str
    entries: list[WarmEntry] = field(default_factory=list)

    @property
    def numbers(self) -> list[int]:
        """The ``[n]`` pointers of the entries (memory_read numbering)."""
        return [e.n for e in self.entries]

    # attrgetter through map: the catch-all of a 100k-entry home holds most of it, and a generator
    # over it for each of these was a tenth of a turn's map. Each is computed once: arranging the
    # situations reads how current they are, the map's lines their span (a situation's entries
    # are not changed once it is made).
    @cached_property
    def first(self) -> str:
        return min(map(_STAMP, self.entries))

    @cached_property
    def last(self) -> str:
        return max(map(_STAMP, self.entries))

    @cached_property
    def last_active(self) -> str:
        """The newest of the entries' stamps and last_access times: how current the situation is."""
        return max(self.last, max(filter(None, map(_LAST_ACCESS, self.entries)), default=""))

    @property
    def pointer(self) -> str:
        return f"situation:{self.label}"

    def to_dict(self) -> dict:
        return {"anchor": self.anchor, "label": self.label, "numbers": self.numbers,
                "first": self.first, "last": self.last, "last_active": self.last_active}


#: one situation as plain data, before it is ordered: (how it is anchored: ``entity``, ``token``
#: or ``other``; the anchor; the label; the positions of its entries among the live ones)
Group = tuple[str, str, str, list[int]]


def group_situations(
    entries: Sequence[WarmEntry], *, include_wrong: bool = False, max_share: float = 0.3,
    tokens_of: TokensOf = topic_tokens,
) -> list[Situation]:
    """Group ``entries`` into situations, most recently active first (the catch-all last).

    Two passes: entries whose structured body names an entity shared with another entry
    (``entity_names``) are anchored by that entity first; the rest by shared topic tokens.
    Wrong (flipped) entries are left out unless ``include_wrong``: they must not be cited, and
    they would otherwise pull a situation towards a value that was corrected.
    """
    live = live_entries(entries, include_wrong)
    return arrange(live, grouping(live, max_share=max_share, tokens_of=tokens_of))


def live_entries(entries: Sequence[WarmEntry], include_wrong: bool = False) -> list[WarmEntry]:
    """The entries situations are made of (wrong ones only with ``include_wrong``)."""
    # ``is_wrong`` without a call per entry: every process that groups 100k entries lists them
    return list(entries) if include_wrong else [e for e in entries if e.confidence != "wrong"]


def grouping(live: Sequence[WarmEntry], *, max_share: float = 0.3, tokens_of: TokensOf = topic_tokens,
             names_of: Callable[[WarmEntry], Sequence[str]] = entity_names) -> list[Group]:
    """The situations of ``live`` as :data:`Group` tuples in the order first met. They depend on
    each entry's kind and body only (stamps and last_access only order them: :func:`arrange`), so
    they can be cached by that content (``core.situation_cache``, which also passes its own
    ``tokens_of`` and ``names_of``)."""
    names = [names_of(e) for e in live]
    entity_anchor = assign_anchors([list(map(str.lower, ns)) for ns in names], max_share=0.5)
    # the topic tokens of the entries no entity anchors, by position (read once: labels use them too)
    tokens = {i: tokens_of(e) for i, (e, a) in enumerate(zip(live, entity_anchor)) if a is None}
    # an entry's signature starts with its anchor, and the anchor is all a grouping takes of it
    token_anchors = iter(assign_anchors(list(tokens.values()), max_share=max_share))  # in position order
    members: dict[tuple[str, str], list[int]] = {}
    for i, anchor in enumerate(entity_anchor):
        if anchor is not None:
            key = ("entity", anchor)
        else:
            token = next(token_anchors)
            key = ("token", token) if token else ("other", OTHER_LABEL)
        group = members.get(key)
        if group is None:
            group = members[key] = []
        group.append(i)
    groups = []
    for (kind, anchor), positions in members.items():
        if kind == "entity":
            label = _spelling([names[i] for i in positions], anchor)
        elif kind == "token":
            label = _label([tokens[i] for i in positions], anchor)
        else:
            label = OTHER_LABEL
        groups.append((kind, anchor, label, positions))
    return groups


def arrange(live: Sequence[WarmEntry], groups: Sequence[Group]) -> list[Situation]:
    """The situations of :func:`grouping`'s ``groups``, most recently active first, the catch-all
    last, labels made unique."""
    # every entry's stamp and last access read once, for all the situations' spans: reading them
    # through each situation's entries, once per property, was a tenth of a 100k-entry turn
    stamps, accessed = list(map(_STAMP, live)), list(map(_LAST_ACCESS, live))
    situations = []
    for _kind, anchor, label, positions in groups:
        situation = Situation(anchor, label, [live[i] for i in positions])
        if positions:
            times = [stamps[i] for i in positions]
            first, last = min(times), max(times)
            # what the cached properties would compute, stored where they keep it
            situation.__dict__.update(first=first, last=last, last_active=max(
                last, max(filter(None, [accessed[i] for i in positions]), default="")))
        situations.append(situation)
    situations.sort(key=lambda s: s.label)
    situations.sort(key=lambda s: s.last_active, reverse=True)
    situations.sort(key=lambda s: s.anchor == OTHER_LABEL)
    _unique_labels(situations)
    return situations


def label_of(entries: Sequence[WarmEntry], anchor: str | None = None, *, tokens_of: TokensOf = topic_tokens) -> str:
    """A short name for a group of entries: its anchor (by default the topic token most of them
    share), plus the token found most often beside it when at least two and half of the entries
    have it; the two in the order they appear in the first entry holding both. Empty when the
    entries have no topic token at all."""
    return _label([tokens_of(e) for e in entries], anchor)


def _label(token_lists: Sequence[Sequence[str]], anchor: str | None) -> str:
    counts = Counter(chain.from_iterable(token_lists))
    if anchor is None:
        if not counts:
            return ""
        anchor = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    beside = {t: c for t, c in counts.items() if t != anchor}
    if not beside:
        return anchor
    second, count = min(beside.items(), key=lambda kv: (-kv[1], kv[0]))
    if count < 2 or count * 2 < len(token_lists):
        return anchor
    for tokens in token_lists:
        if second in tokens:
            first_pos = tokens.index(anchor) if anchor in tokens else 0
            return f"{anchor}·{second}" if first_pos <= tokens.index(second) else f"{second}·{anchor}"
    return f"{anchor}·{second}"


def _unique_labels(situations: list[Situation]) -> None:
    seen: Counter = Counter()
    for s in situations:
        seen[s.label] += 1
        if seen[s.label] > 1:
            s.label = f"{s.label}#{seen[s.label]}"

