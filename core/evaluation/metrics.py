"""Retrieval metrics: LoCoMo-style recall@k, hit@k, all@k, and latency percentiles."""
from __future__ import annotations

import math
from typing import Hashable, Iterable, Sequence



def recall_at_k(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int) -> float:
    """Fraction of the gold ids inside the top ``k`` (LoCoMo paper, Table 3). Empty gold -> nan."""
    gold = set(gold)
    if not gold:
        return math.nan
    return len(gold & set(ranked[:k])) / len(gold)


def hit_at_k(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int) -> float:
    """1.0 when at least one gold id is in the top ``k``."""
    gold = set(gold)
    if not gold:
        return math.nan
    return 1.0 if gold & set(ranked[:k]) else 0.0


def all_at_k(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int) -> float:
    """1.0 when every gold id is in the top ``k``."""
    gold = set(gold)
    if not gold:
        return math.nan
    return 1.0 if gold <= set(ranked[:k]) else 0.0


def mean(values: Iterable[float]) -> float:
    """Mean ignoring nan (unscored questions); nan when nothing is left."""
    vals = [v for v in values if not math.isnan(v)]
    return sum(vals) / len(vals) if vals else math.nan


def percentile(values: Sequence[float], p: float) -> float:
    """The ``p``-th percentile by linear interpolation between closest ranks (nan when empty)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = (len(ordered) - 1) * p / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)
