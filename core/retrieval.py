"""What every retriever shares: explained hits, the top k, ids by position, the recency
safeguard and MMR (SPEC 10, 13).

Every :class:`Hit` carries the per-term contributions that sum to its score, so a user can see why
an entry was found. The indexes are :class:`core.postings.LiveBM25` (the searcher's, changing in
place) and :class:`core.bm25_index.BM25Index` (upstream BM25 built once, checked against
rank-bm25); this module imports neither, so the searcher's process does not load rank-bm25.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Hashable, Iterable, Sequence

import numpy as np

from linghun.core.errors import NotFoundError

__all__ = ["Hit", "Positions", "recency_union", "mmr", "top_k"]


@dataclass(frozen=True)
class Hit:
    """One retrieved unit.

    Attributes:
        rank: 1-based position in the result list (for :meth:`BM25Index.explain`, the position the
            unit has in the full ranking; ties share the better rank).
        id: the caller's id of the unit (its index when no ids were given).
        index: position of the unit in the indexed sequence (-1 when unknown).
        score: the retrieval score (BM25 for plain indexes; the fused score for the searcher).
        terms: contribution of each query term (summing to the BM25 part of ``score``).
        source: how the unit got into the list: ``bm25``, ``recency`` or a searcher channel.
    """

    rank: int
    id: Any
    index: int
    score: float
    terms: dict[str, float] = field(default_factory=dict)
    source: str = "bm25"

    def to_dict(self) -> dict:
        return {
            "rank": self.rank,
            "id": self.id,
            "index": self.index,
            "score": self.score,
            "terms": dict(self.terms),
            "source": self.source,
        }


def top_k(scores: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` best positive scores, best first; ties by lower index (stable)."""
    positive = np.flatnonzero(scores > 0)
    if positive.size == 0 or k <= 0:
        return positive[:0]
    if positive.size > k:
        part = np.argpartition(-scores[positive], k - 1)[:k]
        positive = positive[part]
        # Keep every unit tied with the k-th score so the tie-break below is by index, not luck.
        kth = scores[positive].min()
        positive = np.flatnonzero(scores >= kth)
    order = np.lexsort((positive, -scores[positive]))
    return positive[order][:k]


class Positions:
    """Where each id is in an index (``_position``: id -> position)."""

    _position: dict

    def position(self, doc_id: Hashable) -> int:
        """Index of the unit with ``doc_id`` (``core.errors.NotFoundError`` when absent)."""
        try:
            return self._position[doc_id]
        except KeyError:
            raise NotFoundError(f"no indexed unit with id {doc_id!r}") from None

    def position_of(self, doc_id: Hashable, default: int = -1) -> int:
        """Index of the unit with ``doc_id``, or ``default`` when absent."""
        return self._position.get(doc_id, default)


def recency_union(
    hits: Sequence[Hit], newest_ids: Iterable[Hashable], *, index: Positions | None = None
) -> list[Hit]:
    """SPEC 13 recency safeguard: the newest units are added after the hits, unless already there.

    ``newest_ids`` are given newest first. Added units get ``source="recency"`` and score 0 (they
    were not matched, only kept); with ``index`` their position in it is filled in.
    """
    out = list(hits)
    present = {h.id for h in hits}
    for doc_id in newest_ids:
        if doc_id in present:
            continue
        present.add(doc_id)
        position = index.position_of(doc_id) if index is not None else -1
        out.append(Hit(len(out) + 1, doc_id, position, 0.0, {}, "recency"))
    return out


def _jaccard(a: frozenset, b: frozenset) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def mmr(
    hits: Sequence[Hit],
    tokens_of: Callable[[Hit], Iterable[str]],
    *,
    k: int | None = None,
    lambda_: float = 0.7,
    duplicate: float = 0.9,
) -> list[Hit]:
    """Maximal marginal relevance: reorder ``hits`` to trade relevance against redundancy.

    Relevance is the score scaled to [0, 1]; similarity is the Jaccard overlap of the units'
    token sets (``tokens_of(hit)``). A hit at least ``duplicate`` similar to one already chosen is
    dropped as a near copy. Ranks are renumbered.
    """
    if not hits:
        return []
    k = len(hits) if k is None else k
    top = max(h.score for h in hits) or 1.0
    sets = [frozenset(tokens_of(h)) for h in hits]
    remaining = list(range(len(hits)))
    chosen: list[int] = []
    while remaining and len(chosen) < k:
        best, best_value = None, -math.inf
        for i in remaining:
            redundancy = max((_jaccard(sets[i], sets[j]) for j in chosen), default=0.0)
            if redundancy >= duplicate:
                continue
            value = lambda_ * hits[i].score / top - (1 - lambda_) * redundancy
            if value > best_value:
                best, best_value = i, value
        if best is None:
            break
        chosen.append(best)
        remaining.remove(best)
    return [replace(hits[i], rank=r) for r, i in enumerate(chosen, start=1)]
