"""Small helpers over sequences."""
from __future__ import annotations

from typing import Sequence


def common_ends(a: Sequence, b: Sequence) -> tuple[int, int]:
    """``(p, s)``: ``a`` and ``b`` begin with the same ``p`` items and end with the same ``s``
    items (not overlapping the first ``p``). What an append or an edit of a long list leaves equal."""
    n = min(len(a), len(b))
    p = 0
    if list(a[:n]) == list(b[:n]):  # an append: one comparison in C (identity first, too)
        p = n
    # identity first: the items an append leaves are the same objects, and comparing 100k
    # dataclasses field by field was most of the work
    while p < n and (a[p] is b[p] or a[p] == b[p]):
        p += 1
    s = 0
    while s < n - p and (a[-1 - s] is b[-1 - s] or a[-1 - s] == b[-1 - s]):
        s += 1
    return p, s
