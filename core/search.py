"""The retriever every caller uses: the assembler, the workbench and the evaluation.

A :class:`Searcher` is built over :class:`Unit` objects (an id, the text, and metadata such as the
time, the speaker, the session, the entry kind and confidence) and answers ``search(query, k)``
with explained :class:`core.retrieval.Hit` objects, best first.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Sequence

from core.retrieval import BM25Index, Hit, recency_union

__all__ = ["Unit", "Searcher", "Hit"]


@dataclass(frozen=True)
class Unit:
    """One searchable piece of memory.

    Attributes:
        id: the caller's id (an entry id, a dia_id, a message id...), unique within a searcher.
        text: what the unit says.
        meta: optional facts about it: ``time`` (``YYYY-MM-DD[ HH:MM[:SS]]`` or any text the
            caller sorts by), ``speaker``, ``session``, ``kind``, ``confidence``.
    """

    id: Hashable
    text: str
    meta: dict[str, Any] = field(default_factory=dict)


class Searcher:
    """Search over units; results are explained hits (rank, id, index, score, terms)."""

    def __init__(self, units: Sequence[Unit]):
        self.units: list[Unit] = list(units)
        self._index = BM25Index([u.text for u in self.units], [u.id for u in self.units])

    def __len__(self) -> int:
        return len(self.units)

    def search(self, query: str, k: int = 12) -> list[Hit]:
        """The ``k`` best units for ``query``, best first (only units that match at all)."""
        return self._index.search(query, k)

    def explain(self, query: str, unit_id: Hashable) -> Hit:
        """Score, rank and term contributions of one unit for ``query`` (also when not found)."""
        return self._index.explain(query, self._index.position(unit_id))

    def newest_ids(self, n: int) -> list[Hashable]:
        """Ids of the ``n`` newest units, newest first: by ``meta['time']`` when every unit has
        one, else by position (later units are newer, as in warm.md)."""
        if n <= 0:
            return []
        order = list(range(len(self.units)))
        if self.units and all(u.meta.get("time") for u in self.units):
            order.sort(key=lambda i: (str(self.units[i].meta["time"]), i))
        return [self.units[i].id for i in reversed(order[-n:])]

    def search_with_recency(self, query: str, k: int, newest: int) -> list[Hit]:
        """``search`` plus the SPEC 13 recency safeguard (the ``newest`` units unioned after)."""
        return recency_union(self.search(query, k), self.newest_ids(newest), index=self._index)
