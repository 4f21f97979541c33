"""Upstream BM25 whose results explain themselves (SPEC 10).

Scoring is BM25 as upstream: ``k1`` 1.5, ``b`` 0.75 and
``idf = ln(1 + (N - df + 0.5) / (df + 0.5))`` (always positive, so no epsilon floor is needed).
rank-bm25 keeps the corpus statistics (document frequencies, lengths, idf); its ``get_scores``
walks every document for every query term in Python, which is too slow at 100k documents, so
queries are scored through an inverted index (numpy arrays per term) with the same arithmetic,
in the same order: the scores are identical to rank-bm25's ``get_scores`` (tests check it).

:meth:`BM25Index.explain` says why an entry was *not* found. The searcher every caller uses
(:mod:`core.search`) scores with :class:`core.postings.LiveBM25`, the same arithmetic in an index
that changes in place; this index serves the evaluation's plain baseline and the goal system's
cue channels.
"""
from __future__ import annotations

import math
from typing import Callable, Hashable, Sequence

import numpy as np
from rank_bm25 import BM25

from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.retrieval import Hit, Positions, top_k
from linghun.core.text import tokenize

__all__ = ["BM25Index", "SpecBM25"]


class SpecBM25(BM25):
    """rank-bm25 with the upstream idf form ``ln(1 + (N - df + 0.5)/(df + 0.5))``.

    Takes an already tokenised corpus (rank-bm25's own tokenizer path starts a process pool).
    ``get_scores`` is rank-bm25's Okapi formula; :class:`BM25Index` reproduces it faster.
    """

    def __init__(self, corpus: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75):
        self.k1 = k1
        self.b = b
        super().__init__(corpus)

    def _calc_idf(self, nd: dict[str, int]) -> None:
        n = self.corpus_size
        for word, df in nd.items():
            self.idf[word] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))

    def get_scores(self, query: Sequence[str]) -> np.ndarray:
        score = np.zeros(self.corpus_size)
        doc_len = np.array(self.doc_len)
        for q in query:
            q_freq = np.array([(doc.get(q) or 0) for doc in self.doc_freqs])
            score += (self.idf.get(q) or 0) * (
                q_freq * (self.k1 + 1) / (q_freq + self.k1 * (1 - self.b + self.b * doc_len / self.avgdl))
            )
        return score


class BM25Index(Positions):
    """A BM25 index over ``docs`` with explained results.

    Args:
        docs: the unit texts.
        ids: the caller's ids, one per doc (default: the positions).
        k1, b: BM25 parameters (upstream 1.5 / 0.75).
        tokenizer: text -> tokens (default :func:`core.text.tokenize`), used for docs and queries.
        tokens: already tokenised docs (skips ``tokenizer`` for the docs, e.g. when the caller
            indexes more text than it shows).
    """

    def __init__(
        self,
        docs: Sequence[str],
        ids: Sequence[Hashable] | None = None,
        *,
        k1: float = 1.5,
        b: float = 0.75,
        tokenizer: Callable[[str], list[str]] = tokenize,
        tokens: Sequence[Sequence[str]] | None = None,
    ):
        if ids is not None and len(ids) != len(docs):
            raise InvalidInputError(f"{len(ids)} ids for {len(docs)} documents")
        self.tokenizer = tokenizer
        self.k1 = k1
        self.b = b
        self.ids: list = list(ids) if ids is not None else list(range(len(docs)))
        self.doc_tokens: list[list[str]] = (
            [list(t) for t in tokens] if tokens is not None else [tokenizer(d or "") for d in docs]
        )
        if tokens is not None and len(self.doc_tokens) != len(self.ids):
            raise InvalidInputError(f"{len(self.doc_tokens)} token lists for {len(self.ids)} documents")
        self._position = {doc_id: i for i, doc_id in enumerate(self.ids)}
        self.model: SpecBM25 | None = None
        self._postings: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        if self.doc_tokens and any(self.doc_tokens):
            self.model = SpecBM25(self.doc_tokens, k1=k1, b=b)
            self._build_postings()

    def __len__(self) -> int:
        return len(self.ids)

    # -- building ---------------------------------------------------------------------------
    def _build_postings(self) -> None:
        model = self.model
        k1, b = self.k1, self.b
        doc_len = np.array(model.doc_len)
        # The same expression as rank-bm25, evaluated once for all docs, so scores match exactly.
        norm = k1 * (1 - b + b * doc_len / model.avgdl)
        rows: dict[str, list[int]] = {}
        freqs: dict[str, list[int]] = {}
        for i, doc in enumerate(model.doc_freqs):
            for word, tf in doc.items():
                rows.setdefault(word, []).append(i)
                freqs.setdefault(word, []).append(tf)
        for word, idx in rows.items():
            docs = np.array(idx, dtype=np.int64)
            tf = np.array(freqs[word], dtype=np.int64)
            self._postings[word] = (docs, tf * (k1 + 1) / (tf + norm[docs]))

    # -- scoring ----------------------------------------------------------------------------
    def idf(self, term: str) -> float:
        return self.model.idf.get(term, 0.0) if self.model else 0.0

    def query_tokens(self, query: str | Sequence[str]) -> list[str]:
        return list(query) if not isinstance(query, str) else self.tokenizer(query)

    def scores(self, query: str | Sequence[str]) -> np.ndarray:
        """BM25 score of every doc for ``query`` (text or tokens); equal to rank-bm25's."""
        out = np.zeros(len(self.ids))
        if self.model is None:
            return out
        for term in self.query_tokens(query):
            posting = self._postings.get(term)
            if posting is not None:
                docs, part = posting
                out[docs] += self.model.idf[term] * part
        return out

    def contributions(self, tokens: Sequence[str], index: int) -> dict[str, float]:
        """Per-term contributions of the doc at ``index`` (repeated query terms count again)."""
        if self.model is None:
            return {}
        doc = self.model.doc_freqs[index]
        norm = self.k1 * (1 - self.b + self.b * self.model.doc_len[index] / self.model.avgdl)
        terms: dict[str, float] = {}
        for term in tokens:
            tf = doc.get(term, 0)
            if tf:
                part = self.model.idf[term] * (tf * (self.k1 + 1) / (tf + norm))
                terms[term] = terms.get(term, 0.0) + float(part)
        return terms

    def search(self, query: str | Sequence[str], k: int = 12) -> list[Hit]:
        """The ``k`` best units with a positive score, best first, each explained."""
        tokens = self.query_tokens(query)
        scores = self.scores(tokens)
        return [
            Hit(rank, self.ids[i], int(i), float(scores[i]), self.contributions(tokens, int(i)))
            for rank, i in enumerate(top_k(scores, k), start=1)
        ]

    def explain(self, query: str | Sequence[str], index: int) -> Hit:
        """Why the unit at ``index`` scores what it does for ``query``, and where it ranks.

        Works for near misses too: ``rank`` is its place in the full ranking (1 + the number of
        units scoring strictly higher), ``terms`` the query terms it contains and what each adds.
        """
        if not 0 <= index < len(self.ids):
            raise NotFoundError(f"no indexed unit at position {index}")
        tokens = self.query_tokens(query)
        scores = self.scores(tokens)
        score = float(scores[index])
        rank = int(np.count_nonzero(scores > scores[index])) + 1
        return Hit(rank, self.ids[index], index, score, self.contributions(tokens, index))
