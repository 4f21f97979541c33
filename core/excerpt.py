"""Excerpts of long units: the passage of a long entry that answers the question, and a pointer
to the whole.

A bundle has a budget (``assemble.maxTokens``, 1,200 tokens). BEAM's messages run to thousands of
tokens, so four or five whole ones filled it, and every other hit, however short, was cut away
(R@bundle 60, but 28 points of the evidence stood in the context). When the candidates do not fit
the bundle whole, each gets a share of it (:func:`level`: equal shares, what a short one leaves
going to the long ones, at least ``assemble.excerptTokens``), and a unit longer than its share (and
than :data:`LONG_FACTOR` times that least: an excerpt must save most of it) is shown as its most
relevant passage: the run of sentences around what the question matched, cut
within the share (``core.text.approx_tokens``), marked as an excerpt with the ``memory_drill``
pointer that gives the whole entry::

    …<passage>…（摘录，全文 4812 字：memory_drill pointer=[12] 读全文）

The pointer is the entry's ``[n]``, or for an entry consolidation moved into the event timeline or
the knowledge ontology, its line there (``memory@<line>``, ``knowledge@<line>``: ``core.drill``).

What matched is read two ways, both optional:

- words: the question's words as the searcher analyses them (``core.text.tokenize`` and ``stem``),
  each weighted by what it contributed to the unit's BM25 score when the retriever gives that
  (``Candidate.terms``): a rare word that made the hit counts more than a common one;
- meaning: with a sentence model on (``retrieval.meaning`` or the optional embeddings), each
  sentence's cosine with the question (``core.goals.activation.closeness``), so a passage that says
  it in other words is found too (up to :data:`MEANING_SENTENCES` sentences a round, the first
  texts' first). The two are added, each scaled to its best sentence.

A unit nothing matches is shown from its start (an opening usually says what it is about).
Sentences end at ``.!?;`` followed by a space, at ``。！？；`` and at line breaks; a sentence longer than
half the budget is split at spaces (or anywhere, for Chinese) so one long run-on sentence or a code
block cannot fill the whole excerpt.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Callable, Mapping, Sequence

from linghun.core.goals.activation import closeness
from linghun.core.text import approx_tokens, stem, tokenize

__all__ = ["Excerpt", "LONG_FACTOR", "MARK", "MEANING_WEIGHT", "choose", "excerpts", "level", "mark_tokens", "marked", "sentences"]

#: the excerpt's closing mark: how long the whole is and the pointer that gives it (as the
#: context's own cut line says how to read a part whole: ``memory_read ref=…``)
MARK = "（摘录，全文 {full} 字：memory_drill pointer={pointer} 读全文）"
ELLIPSIS = "…"
#: an entry is long, and may be cut, when it is over this many times ``assemble.excerptTokens``
LONG_FACTOR = 3
#: how much a sentence's meaning counts beside its words (both scaled to their best sentence)
MEANING_WEIGHT = 1.0
#: a cosine below this says nothing about a sentence (the meaning channel's own floor)
MEANING_FLOOR = 0.2
#: the most sentences read for meaning in one call, the first texts' first: a sentence is encoded
#: once (cached by text), but a round of twenty long BEAM messages has about a thousand, two
#: seconds of encoding the first time; past this the words alone choose
MEANING_SENTENCES = 96

# the end of a sentence: Latin punctuation before white space, CJK punctuation, a line break
_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])|\n+")


@dataclass(frozen=True)
class Excerpt:
    """A passage of a unit's text: ``text[start:end]`` of the ``full`` characters."""

    start: int
    end: int
    full: int
    passage: str

    def to_dict(self) -> dict[str, int]:
        return {"start": self.start, "end": self.end, "chars": self.end - self.start, "full_chars": self.full}


def sentences(text: str, piece_tokens: int = 0) -> list[tuple[int, int]]:
    """``(start, end)`` spans of the sentences of ``text`` (white space between them left out);
    with ``piece_tokens``, sentences over that many tokens split further (see the module doc)."""
    spans, pos = [], 0
    for m in _END.finditer(text):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = max(pos, m.end())
    if pos < len(text):
        spans.append((pos, len(text)))
    spans = [(a + len(text[a:b]) - len(text[a:b].lstrip()), b - len(text[a:b]) + len(text[a:b].rstrip()))
             for a, b in spans if text[a:b].strip()]
    if piece_tokens <= 0:
        return spans
    count = _counter(text)
    out = []
    for a, b in spans:
        out += _pieces(text, a, b, piece_tokens, count) if count(a, b) > piece_tokens else [(a, b)]
    return out


def _pieces(text: str, start: int, end: int, tokens: int, count: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """``text[start:end]`` in pieces of at most ``tokens`` tokens, cut at a space when there is one."""
    out = []
    while start < end and count(start, end) > tokens:
        lo, hi = start, end  # the longest prefix within the tokens (the count grows with it)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if count(start, mid) <= tokens else (lo, mid - 1)
        cut = lo
        space = text.rfind(" ", start + 1, cut)
        cut = space if space > start + (cut - start) // 2 else max(cut, start + 1)
        out.append((start, cut))
        start = cut
        while start < end and text[start].isspace():
            start += 1
    if start < end:
        out.append((start, end))
    return out


@lru_cache(maxsize=8192)
def _words(text: str) -> frozenset[str]:
    """The analysed words of a sentence (cached: the same long entries come back round after round)."""
    return frozenset(stem(tokenize(text)))


@lru_cache(maxsize=512)
def _counter(text: str) -> Callable[[int, int], int]:
    """``approx_tokens(text[a:b])`` in constant time, from running counts of CJK characters: the
    window search asks it for every window it tries (cached: the same long entries come back)."""
    if text.isascii():
        return lambda a, b: -(-(b - a) // 4)
    cjk = list(accumulate((1 if "\u3400" <= ch <= "\u9fff" else 0 for ch in text), initial=0))

    def tokens(a: int, b: int) -> int:
        c = cjk[b] - cjk[a]
        return c + -(-(b - a - c) // 4)

    return tokens


def lexical_scores(text: str, spans: Sequence[tuple[int, int]], query_words: Mapping[str, float]) -> list[float]:
    """Per sentence, the summed weights of the query's words it holds."""
    return [sum(query_words.get(w, 0.0) for w in _words(text[a:b])) for a, b in spans]


def query_weights(query: str, terms: Mapping[str, float] | None = None) -> dict[str, float]:
    """The question's analysed words, weighted by their BM25 contribution to this unit when
    known (``terms``; the search channels' ``@`` parts are not words), else 1 each."""
    words = _words(query)
    known = {t: float(v) for t, v in (terms or {}).items() if not t.startswith("@") and v > 0}
    if not known:
        return dict.fromkeys(words, 1.0)
    # a word of the question the unit holds but BM25 did not weigh (a stop word of the index): a little
    low = min(known.values()) / 2
    return {w: known.get(w, low) for w in words}


def choose(text: str, budget: int, scores: Sequence[float], spans: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The ``(first, last)`` sentence indexes (inclusive) of the passage: the window within
    ``budget`` tokens with the highest score, then grown around its matched sentences, one
    sentence before and one after in turn, while it fits. Nothing matched: the opening."""
    n = len(spans)
    tokens = _counter(text)

    def fits(i: int, j: int) -> bool:
        return tokens(spans[i][0], spans[j][1]) <= budget

    best, best_score, j, total = (0, 0), -1.0, -1, 0.0
    for i in range(n):
        if j < i:
            j, total = i, scores[i]
        while j + 1 < n and fits(i, j + 1):
            j += 1
            total += scores[j]
        if total > best_score + 1e-12:
            best, best_score = (i, j), total
        total -= scores[i]
    i, j = best
    if best_score <= 0:
        return _grow(0, 0, n, fits)
    # keep the matched core only, then put context around it on both sides
    while i < j and scores[i] <= 0:
        i += 1
    while j > i and scores[j] <= 0:
        j -= 1
    return _grow(i, j, n, fits)


def _grow(i: int, j: int, n: int, fits) -> tuple[int, int]:
    while True:
        grown = False
        if j + 1 < n and fits(i, j + 1):  # what follows the match first: the answer often comes after
            j, grown = j + 1, True
        if i > 0 and fits(i - 1, j):
            i, grown = i - 1, True
        if not grown:
            return i, j


def excerpt(text: str, budget: int, scores: Sequence[float], spans: Sequence[tuple[int, int]]) -> Excerpt:
    """The passage of ``text`` the ``scores`` of its ``spans`` point at (see :func:`choose`)."""
    i, j = choose(text, budget, scores, spans)
    start, end = spans[i][0], spans[j][1]
    return Excerpt(start, end, len(text), text[start:end])


def mark_tokens(full: int, pointer: str) -> int:
    """What the mark and the two ellipses cost (``approx_tokens``)."""
    return approx_tokens(ELLIPSIS * 2 + MARK.format(full=full, pointer=pointer))


def marked(x: Excerpt, pointer: str) -> str:
    """The excerpt as it stands in the bundle: ellipses where the whole goes on, then the mark
    with the ``memory_drill`` pointer to the whole (``[n]`` for a warm entry, ``memory@<line>``
    for a consolidated one)."""
    head = ELLIPSIS if x.start > 0 else ""
    tail = ELLIPSIS if x.end < x.full else ""
    return f"{head}{x.passage}{tail}{MARK.format(full=x.full, pointer=pointer)}"


def level(costs: Sequence[int], cuttable: Sequence[bool], room: int) -> int | None:
    """How many tokens each cuttable item may keep so that all of them fit ``room``, the short ones
    whole (water-filling: what a short item leaves goes to the long ones); None when all fit whole."""
    if sum(costs) <= room:
        return None
    left = room - sum(c for c, k in zip(costs, cuttable) if not k)
    cut = sorted(c for c, k in zip(costs, cuttable) if k)
    for i, cost in enumerate(cut):
        share = left // (len(cut) - i)
        if cost > share:
            return max(0, share)
        left -= cost
    return None


def excerpts(query: str, texts: Sequence[str], budget: int | Sequence[int], *,
             terms: Sequence[Mapping[str, float] | None] = (), model: str | None = None) -> list[Excerpt | None]:
    """Per text, its excerpt when it is longer than its ``budget`` in tokens (one for all, or one
    per text), else None. ``terms``: per text, the BM25 contribution of each query word
    (``Candidate.terms``); ``model``: the sentence model to read meaning with
    (``core.search.SearchConfig.sentence_model``), None for words only. The mark is not counted in
    the budget."""
    budgets = [budget] * len(texts) if isinstance(budget, int) else list(budget)
    out: list[Excerpt | None] = [None] * len(texts)
    long = [k for k, t in enumerate(texts) if budgets[k] > 0 and approx_tokens(t) > budgets[k]]
    if not long:
        return out
    split = {k: sentences(texts[k], max(1, budgets[k] // 2)) for k in long}
    scores = {k: lexical_scores(texts[k], split[k], query_weights(query, terms[k] if k < len(terms) else None))
              for k in long}
    for k, close in _meaning(query, texts, split, model).items():
        lex_best = max(scores[k], default=0.0)
        close_best = max(close, default=0.0)
        scores[k] = [_scaled(s, lex_best) + MEANING_WEIGHT * _scaled(c, close_best) for s, c in zip(scores[k], close)]
    for k in long:
        out[k] = excerpt(texts[k], budgets[k], scores[k], split[k])
    return out


def _scaled(score: float, best: float) -> float:
    return score / best if best > 0 else 0.0


def _meaning(query: str, texts: Sequence[str], split: Mapping[int, list[tuple[int, int]]],
             model: str | None) -> dict[int, list[float]]:
    """Per text, each sentence's cosine with the question above :data:`MEANING_FLOOR`; empty when
    no model reads them. One call for every sentence: the question is encoded once."""
    if not model:
        return {}
    keys, total = [], 0
    for k in split:
        total += len(split[k])
        if total > MEANING_SENTENCES:
            break
        keys.append(k)
    flat = [texts[k][a:b] for k in keys for a, b in split[k]]
    cos = closeness(query, flat, model) if flat else None
    if cos is None:
        return {}
    out, pos = {}, 0
    for k in keys:
        size = len(split[k])
        out[k] = [max(0.0, float(c) - MEANING_FLOOR) for c in cos[pos:pos + size]]
        pos += size
    return out
