"""A BM25 index that can change: documents are added, replaced and removed in place.

:class:`core.bm25_index.BM25Index` is built once; a memory home changes between two questions (an
append, an edit, a flip), and rebuilding 10k-100k documents per change was the largest cost of a
round. Here the postings live in two parts:

- a *base*, built in vectorised slices (term x document pairs counted with numpy), stored per
  term as slices of two arrays (documents, term frequencies);
- a *delta* of the documents added or replaced since, as plain dicts.

A removed or replaced document is masked out of the base (``_in_base``), so nothing is rewritten;
when the delta grows past a tenth of the index the owner rebuilds the base (``needs_compaction``).
Scores use the corpus as it is now (live documents only) with the same arithmetic, in the same
order, as rank-bm25's Okapi BM25 with the upstream idf ``ln(1 + (N - df + 0.5) / (df + 0.5))``: a
changed index scores exactly as one built from scratch on the same documents (tests check it).

Documents are addressed by *slot*: the position they were given, kept while they live. A removed
slot stays empty (score 0) so the slots of the others do not move.

:meth:`LiveBM25.state` and :meth:`LiveBM25.restore` carry the base to another process (the home's
persisted index, :mod:`core.home_index`): a restored index scores from the arrays as they were
saved and does not know its documents' tokens. Nothing needs them to score or to explain a score
(term frequencies come from the postings); changing a restored document drops the cached merged
postings wholesale instead of term by term.
"""
from __future__ import annotations

import math
from collections import Counter
from itertools import chain
from typing import Hashable, Iterator, Sequence

import numpy as np

from linghun.core.retrieval import Positions

__all__ = ["LiveBM25"]

#: tokens mapped to term ids per C call while a base is built (a few ms each; see
#: :meth:`LiveBM25._term_doc_keys`)
SLICE_TOKENS = 1 << 16


class LiveBM25(Positions):
    def __init__(self, tokens: Sequence[Sequence[str]], ids: Sequence[Hashable] | None = None, *,
                 k1: float = 1.5, b: float = 0.75):
        self.k1, self.b = k1, b
        n = len(tokens)
        self.ids: list = list(ids) if ids is not None else list(range(n))
        # the token lists are taken as given, not copied (5.7M tokens at 100k entries): callers
        # hand over fresh lists and change a document only through ``set``. None: an empty slot,
        # or (restored index, ``_alive`` set) a document whose tokens this process never saw.
        self.doc_tokens: list[list[str] | None] = [t if type(t) is list else list(t) for t in tokens]
        self._positions: dict | None = None
        self._len = np.array([len(t) for t in self.doc_tokens], dtype=np.int64)
        self._alive = np.ones(n, dtype=bool)
        self._live = n
        self._total = int(self._len.sum())
        self._build_base()

    # -- the base ---------------------------------------------------------------------------
    def _build_base(self) -> None:
        """Postings of every live document as slices of ``_docs`` / ``_tf`` per term."""
        n = max(1, len(self.doc_tokens))
        vocab, keys = self._term_doc_keys(n)
        self._vocab = vocab
        if len(keys):
            # one key per (term, document): sorted by term, then document, as rank-bm25 walks them
            keys, tf = np.unique(keys, return_counts=True)
            self._docs, self._tf = keys % n, tf.astype(np.int64)
            # where each term's keys begin (term t's are those from t * n): no division of them all
            self._ptr = np.searchsorted(keys, np.arange(len(vocab) + 1, dtype=np.int64) * n)
        else:
            self._docs = self._tf = np.zeros(0, dtype=np.int64)
            self._ptr = np.zeros(len(vocab) + 1, dtype=np.int64)
        self._in_base = self._alive.copy()
        self._delta: dict[str, dict[int, int]] = {}
        self._delta_docs = 0
        self._cache: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def _term_doc_keys(self, n: int) -> tuple[dict[str, int], np.ndarray]:
        """The vocabulary (term ids in first-seen order) and a ``term * n + document`` key per
        token, made :data:`SLICE_TOKENS` tokens at a time.

        Term ids are mapped in C (``dict.fromkeys``, ``map``): a Python loop over the 5.7M tokens
        of a 100k-entry home was the larger part of reopening it. But a C call holds the GIL for
        as long as it runs, and over all the tokens at once such calls ran for up to a second,
        while the GUI thread that wanted to paint waited; a slice's calls take a few ms each."""
        vocab: dict[str, int] = {}
        parts: list[np.ndarray] = []
        term_id = vocab.__getitem__
        for flat, owners in self._token_slices():
            fresh = [t for t in dict.fromkeys(flat) if t not in vocab]
            vocab.update(zip(fresh, range(len(vocab), len(vocab) + len(fresh))))
            parts.append(np.fromiter(map(term_id, flat), dtype=np.int64, count=len(flat)) * n + owners)
        return vocab, (np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64))

    def _token_slices(self) -> Iterator[tuple[list[str], np.ndarray]]:
        """The documents' tokens in order, in slices of at most :data:`SLICE_TOKENS`, each with the
        slot of every token's document (a session's document can be larger than a slice)."""
        docs = self.doc_tokens
        lengths = [len(toks) if toks else 0 for toks in docs]
        start = 0
        while start < len(docs):
            end, size = start + 1, lengths[start]
            while end < len(docs) and size + lengths[end] <= SLICE_TOKENS:
                size += lengths[end]
                end += 1
            flat = list(chain.from_iterable(toks for toks in docs[start:end] if toks))
            owners = np.repeat(np.arange(start, end, dtype=np.int64), lengths[start:end])
            for at in range(0, len(flat), SLICE_TOKENS):
                yield flat[at:at + SLICE_TOKENS], owners[at:at + SLICE_TOKENS]
            start = end

    @property
    def _position(self) -> dict:
        """id -> slot, made when first asked (scoring never asks: a restored 100k-entry index
        would build it for nothing, twice with the neighbours' index)."""
        if self._positions is None:
            self._positions = {doc_id: i for i, doc_id in enumerate(self.ids) if doc_id is not None}
        return self._positions

    # -- another process's index ----------------------------------------------------------
    #: bump when the arrays or the arithmetic change (a state of another version is not restored)
    STATE_VERSION = 1

    def state(self) -> dict:
        """The index as plain values (``marshal`` writes them), compacted: the base and the delta
        merged and the empty slots dropped (the live documents keep their order), so that
        :meth:`restore` over the live documents' ids scores exactly as this index does."""
        alive = self._alive
        new_slot = np.cumsum(alive) - 1
        terms = np.repeat(np.arange(len(self._ptr) - 1, dtype=np.int64), np.diff(self._ptr))
        keep = self._in_base[self._docs]
        vocab = dict(self._vocab)
        delta = [(vocab.setdefault(term, len(vocab)), slot, tf)
                 for term, posting in self._delta.items() for slot, tf in posting.items()]
        extra = np.array(sorted(delta), dtype=np.int64).reshape(-1, 3)
        # By term, then document, as _build_base has them. The base is in that order already, so
        # the few delta postings are inserted where they belong: sorting them all again was most
        # of saving the index after an append.
        n = max(1, len(alive))
        base_terms, base_docs = terms[keep], self._docs[keep].astype(np.int64)
        at = np.searchsorted(base_terms * n + base_docs, extra[:, 0] * n + extra[:, 1])
        all_terms = np.insert(base_terms, at, extra[:, 0])
        all_docs = np.insert(base_docs, at, extra[:, 1])
        all_tf = np.insert(self._tf[keep].astype(np.int64), at, extra[:, 2])
        return {"version": self.STATE_VERSION, "k1": self.k1, "b": self.b, "n": int(alive.sum()),
                "vocab": list(vocab), "len": self._len[alive].astype(np.int32).tobytes(),
                "docs": new_slot[all_docs].astype(np.int32).tobytes(),
                "tf": all_tf.astype(np.int32).tobytes(),
                "ptr": np.searchsorted(all_terms, np.arange(len(vocab) + 1)).astype(np.int64).tobytes()}

    @classmethod
    def restore(cls, state: dict, ids: Sequence[Hashable]) -> "LiveBM25":
        """The index :meth:`state` saved, over documents ``ids`` (ValueError when the state does
        not fit them or is damaged: the caller builds anew)."""
        n = len(ids)
        if state.get("version") != cls.STATE_VERSION or state.get("n") != n:
            raise ValueError("the saved index is of another version or size")
        self = cls.__new__(cls)
        self.k1, self.b = float(state["k1"]), float(state["b"])
        self.ids = list(ids)
        self.doc_tokens = [None] * n
        self._positions = None
        self._len = np.frombuffer(state["len"], dtype=np.int32).astype(np.int64)
        vocab = state["vocab"]
        self._vocab = dict(zip(vocab, range(len(vocab))))  # in C: 100k terms at a 100k-entry home
        # the base arrays are only read: views of the loaded bytes, widened where numpy needs it
        self._docs = np.frombuffer(state["docs"], dtype=np.int32)
        self._tf = np.frombuffer(state["tf"], dtype=np.int32)
        self._ptr = np.frombuffer(state["ptr"], dtype=np.int64)
        if (len(self._len) != n or len(self._vocab) != len(vocab) or len(self._ptr) != len(vocab) + 1
                or len(self._docs) != len(self._tf) or (len(self._ptr) and int(self._ptr[-1]) != len(self._docs))
                or (len(self._docs) and (int(self._docs.min()) < 0 or int(self._docs.max()) >= n
                                         or int(self._tf.min()) <= 0))
                or (n and int(self._len.min()) < 0) or bool((np.diff(self._ptr) < 0).any())):
            raise ValueError("the saved index is damaged")
        self._alive = np.ones(n, dtype=bool)
        self._live = n
        self._total = int(self._len.sum())
        self._in_base = self._alive.copy()
        self._delta = {}
        self._delta_docs = 0
        self._cache = {}
        return self

    @property
    def needs_compaction(self) -> bool:
        """Whether enough changed since the base was built that rebuilding it pays."""
        dead = len(self.doc_tokens) - self._live
        return self._delta_docs + dead > max(2000, len(self.doc_tokens) // 10)

    # -- changing ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.ids)

    @property
    def live(self) -> int:
        return self._live

    def _forget(self, slot: int) -> None:
        if not self._alive[slot]:
            return
        old = self.doc_tokens[slot]
        if self._in_base[slot]:
            self._in_base[slot] = False
        else:  # a delta document: set() stored its tokens
            for term in set(old):
                posting = self._delta.get(term)
                if posting is not None:
                    posting.pop(slot, None)
            self._delta_docs -= 1
        if old is None:  # a restored document: which merged postings held it is unknown
            self._cache.clear()
        else:
            for term in set(old):
                self._cache.pop(term, None)
        self._alive[slot] = False
        self._live -= 1
        self._total -= int(self._len[slot])
        self._len[slot] = 0
        self.doc_tokens[slot] = None

    def set(self, slot: int, doc_id: Hashable, tokens: Sequence[str]) -> None:
        """Put a document at ``slot`` (replacing what was there); ``slot == len(self)`` appends."""
        if slot == len(self.ids):
            self.ids.append(doc_id)
            self.doc_tokens.append(None)
            self._len = np.append(self._len, 0)
            self._alive = np.append(self._alive, False)
            self._in_base = np.append(self._in_base, False)
        else:
            self._forget(slot)
            old_id = self.ids[slot]
            if self._position.get(old_id) == slot:
                del self._position[old_id]
        toks = list(tokens)
        self.ids[slot] = doc_id
        self._position[doc_id] = slot
        self.doc_tokens[slot] = toks
        self._len[slot] = len(toks)
        self._alive[slot] = True
        self._live += 1
        self._total += len(toks)
        for term, tf in Counter(toks).items():
            self._delta.setdefault(term, {})[slot] = tf
            self._cache.pop(term, None)
        self._delta_docs += 1

    def remove(self, slot: int) -> None:
        """Empty ``slot``: the document no longer counts, its slot stays (score 0)."""
        self._forget(slot)
        old_id = self.ids[slot]
        if self._position.get(old_id) == slot:
            del self._position[old_id]
        self.ids[slot] = None

    def compact(self) -> None:
        """Rebuild the base from the live documents (slots do not move)."""
        if any(self._alive[i] and t is None for i, t in enumerate(self.doc_tokens)):
            raise ValueError("a restored index does not know its documents' tokens: build it anew")
        self._build_base()
        self._in_base = self._alive.copy()

    # -- scoring ----------------------------------------------------------------------------
    def _posting(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        found = self._cache.get(term)
        if found is not None:
            return found
        t = self._vocab.get(term)
        if t is not None:
            a, z = self._ptr[t], self._ptr[t + 1]
            docs, tf = self._docs[a:z], self._tf[a:z]
            keep = self._in_base[docs]
            if not keep.all():
                docs, tf = docs[keep], tf[keep]
        else:
            docs = tf = np.zeros(0, dtype=np.int64)
        extra = self._delta.get(term)
        if extra:
            docs = np.concatenate([docs, np.fromiter(extra.keys(), np.int64, len(extra))])
            tf = np.concatenate([tf, np.fromiter(extra.values(), np.int64, len(extra))])
            order = np.argsort(docs, kind="stable")
            docs, tf = docs[order], tf[order]
        self._cache[term] = (docs, tf)
        return docs, tf

    def _avgdl(self) -> float:
        return self._total / self._live if self._live else 0.0

    def idf(self, term: str) -> float:
        df = len(self._posting(term)[0])
        n = self._live
        return math.log(1.0 + (n - df + 0.5) / (df + 0.5))

    def scores(self, tokens: Sequence[str]) -> np.ndarray:
        """BM25 of every slot for the query ``tokens`` (0 for empty slots)."""
        out = np.zeros(len(self.ids))
        avgdl = self._avgdl()
        if avgdl <= 0:
            return out
        k1, b = self.k1, self.b
        for term in tokens:
            docs, tf = self._posting(term)
            if not len(docs):
                continue
            norm = k1 * (1 - b + b * self._len[docs] / avgdl)
            out[docs] += self.idf(term) * (tf * (k1 + 1) / (tf + norm))
        return out

    def _tf_at(self, term: str, slot: int) -> int:
        """How often ``term`` occurs in the document at ``slot``, read from the postings (a
        restored index has no token lists)."""
        docs, tf = self._posting(term)
        at = int(np.searchsorted(docs, slot))
        return int(tf[at]) if at < len(docs) and docs[at] == slot else 0

    def contributions(self, tokens: Sequence[str], slot: int) -> dict[str, float]:
        """Per-term contributions at ``slot`` (repeated query terms count again)."""
        avgdl = self._avgdl()
        if not self._alive[slot] or not self._len[slot] or avgdl <= 0:
            return {}
        norm = self.k1 * (1 - self.b + self.b * int(self._len[slot]) / avgdl)
        terms: dict[str, float] = {}
        for term in tokens:
            tf = self._tf_at(term, slot)
            if tf:
                part = self.idf(term) * (tf * (self.k1 + 1) / (tf + norm))
                terms[term] = terms.get(term, 0.0) + float(part)
        return terms
