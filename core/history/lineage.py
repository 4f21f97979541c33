"""Which entry of one warm.md version is which entry of the next: the identity of an entry.

Upstream entries carry no ids, and their header is no identity: a flip rewrites it to
``## <now> [fact] wrong`` (two entries flipped in the same minute then share it), a revive rewrites
header and body, an agent may rewrite or reorder the whole file. So the entries of two consecutive
versions are matched by what each change keeps, most certain first:

1. the same text (blank lines after it aside): an untouched entry, or one moved;
2. the same body: a flip, a touch, a confidence change (``[fact] wrong`` of an event included);
3. a similar body (difflib's ratio): an edit, in place or moved;
4. the same header, when only one unmatched entry on each side has it: a body rewritten whole;
5. the same place (after the same matched entry) with one unmatched entry on each side, when
   the old one was wrong or kept its stamp or kind: a revive, an edit of everything.

Ties are broken by place: an entry is matched with the nearest candidate, in order, so two
identical entries stay themselves. What is left is a removed entry (old) or a new one (new).
"""
from __future__ import annotations

import difflib
from collections import defaultdict
from typing import Sequence

from linghun.core.formats.warm import WarmEntry

#: below this ratio two bodies are two entries (an edit of one field keeps far more)
SIMILAR_BODY = 0.6
#: a similarity pass over more pairs than this compares only entries in the same place (an agent
#: rewriting a 10k-entry file must not cost 10^8 comparisons)
MAX_SIMILARITY_PAIRS = 40_000


def core_of(raw: str) -> str:
    """An entry's text without the blank lines after it (which change when one is appended)."""
    return raw.rstrip("\r\n")


def match_entries(old: Sequence[WarmEntry], new: Sequence[WarmEntry]) -> list[int | None]:
    """For each entry of ``new``, the index in ``old`` of the entry it continues (None: added)."""
    matcher = _Matcher(old, new)
    matcher.pair_equal([core_of(e.raw) for e in old], [core_of(e.raw) for e in new])
    matcher.pair_equal([e.body for e in old], [e.body for e in new])
    matcher.pair_similar()
    matcher.pair_by(lambda e: (e.stamp, e.kind), unique=True)
    matcher.pair_in_place()
    return matcher.result


class _Matcher:
    """The pairs found so far between ``old`` and ``new`` (indices), pass by pass."""

    def __init__(self, old: Sequence[WarmEntry], new: Sequence[WarmEntry]) -> None:
        self.old, self.new = old, new
        self.result: list[int | None] = [None] * len(new)
        self.taken = [False] * len(old)

    def _pair(self, i: int, j: int) -> None:
        self.result[j] = i
        self.taken[i] = True

    def _free(self) -> tuple[list[int], list[int]]:
        return [i for i, t in enumerate(self.taken) if not t], [j for j, m in enumerate(self.result) if m is None]

    def pair_equal(self, old_keys: list[str], new_keys: list[str]) -> None:
        """Pair entries with equal keys: in order first (difflib's longest matching blocks keep
        duplicates apart), then the rest (moved entries) each with the nearest equal one."""
        free_old, free_new = self._free()
        if not free_old or not free_new:
            return
        a, b = [old_keys[i] for i in free_old], [new_keys[j] for j in free_new]
        for block in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks():
            for k in range(block.size):
                self._pair(free_old[block.a + k], free_new[block.b + k])
        self.pair_by_key(old_keys, new_keys)

    def pair_by_key(self, old_keys: Sequence[object], new_keys: Sequence[object], unique: bool = False) -> None:
        free_old, free_new = self._free()
        _anchors_old, anchors_new = self._anchors()
        waiting: dict[object, list[int]] = defaultdict(list)
        for i in free_old:
            waiting[old_keys[i]].append(i)
        wanted: dict[object, list[int]] = defaultdict(list)
        for j in free_new:
            wanted[new_keys[j]].append(j)
        for key, js in wanted.items():
            candidates = waiting.get(key)
            if not candidates or (unique and (len(candidates) > 1 or len(js) > 1)):
                continue
            for j in js:
                if not candidates:
                    break
                i = min(candidates, key=lambda c: abs(c - self._place_of(j, anchors_new)))
                candidates.remove(i)
                self._pair(i, j)

    def pair_by(self, key, unique: bool = False) -> None:
        self.pair_by_key([key(e) for e in self.old], [key(e) for e in self.new], unique)

    def _place_of(self, j: int, anchors_new: list[int]) -> float:
        """Where new entry ``j`` would stand among the old ones: just after the old entry that
        the nearest matched entry before it continues."""
        return anchors_new[j] + 0.5

    def _anchors(self) -> tuple[list[int], list[int]]:
        """For each old entry, the nearest matched old entry before it; for each new entry, the
        old entry that the nearest matched new entry before it continues (-1: none)."""
        anchors_old, last = [], -1
        for i, taken in enumerate(self.taken):
            anchors_old.append(last)
            if taken:
                last = i
        anchors_new, last = [], -1
        for matched in self.result:
            anchors_new.append(last)
            if matched is not None:
                last = matched
        return anchors_old, anchors_new

    def pair_similar(self) -> None:
        """Pair edited entries: the most similar bodies first, an entry in the same place
        preferred on a tie; only above ``SIMILAR_BODY``."""
        free_old, free_new = self._free()
        if not free_old or not free_new:
            return
        same_place_only = len(free_old) * len(free_new) > MAX_SIMILARITY_PAIRS
        anchors_old, anchors_new = self._anchors()
        scored = []
        for j in free_new:
            anchor = anchors_new[j]
            body = self.new[j].body
            matcher = difflib.SequenceMatcher(None, autojunk=False)
            matcher.set_seq2(body)
            for i in free_old:
                in_place = anchors_old[i] == anchor
                if same_place_only and not in_place:
                    continue
                matcher.set_seq1(self.old[i].body)
                if matcher.real_quick_ratio() < SIMILAR_BODY or matcher.quick_ratio() < SIMILAR_BODY:
                    continue
                ratio = matcher.ratio()
                if ratio >= SIMILAR_BODY:
                    scored.append((ratio, in_place, -abs(i - j), i, j))
        for _ratio, _in_place, _distance, i, j in sorted(scored, reverse=True):
            if not self.taken[i] and self.result[j] is None:
                self._pair(i, j)

    def pair_in_place(self) -> None:
        """Pair the one unmatched old and new entry between the same two matched ones."""
        free_old, free_new = self._free()
        anchors_old, anchors_new = self._anchors()
        by_anchor_old: dict[int, list[int]] = defaultdict(list)
        for i in free_old:
            by_anchor_old[anchors_old[i]].append(i)
        by_anchor_new: dict[int, list[int]] = defaultdict(list)
        for j in free_new:
            by_anchor_new[anchors_new[j]].append(j)
        for anchor, js in by_anchor_new.items():
            olds = by_anchor_old.get(anchor, [])
            if len(js) != 1 or len(olds) != 1:
                continue
            before, after = self.old[olds[0]], self.new[js[0]]
            if before.is_wrong or before.stamp == after.stamp or before.kind == after.kind:
                self._pair(olds[0], js[0])
