"""What one write did to warm.md, entry by entry: the review queue's reading of two versions.

Two versions of a 10k-entry warm.md are 1.4 MB each and differ in a few entries, so they are
not parsed whole: the common head and tail of the two texts are found by comparing slices (C
memcmp), the changed middle is widened to whole entries, and only the entries that differ in it
are parsed and matched (``history.lineage.match_entries``: the same identity rules the entry
history uses). A flip in the middle and an append at the end make one middle of thousands of
equal entries: the run between them is set aside unmatched (``_dominant_run``) and, in a walk of
the history, unscanned (``VersionBlocks``: each version's blocks are taken on from the newer
one's); the entries' numbers are counted on from the previous version's (``EntryCounter``).

A change is said in the words of the memory's own operations (``core.memory.Memory.append``):
an ``update`` flips the old entry to ``wrong`` and appends the new one in one write, a near
duplicate ``merge`` rewrites an entry in place with a new stamp, a ``revive`` brings a flipped
entry back, a ``consolidate`` empties warm into the long-term files.
"""
from __future__ import annotations

import bisect
import difflib
import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from linghun.core.formats.warm import WarmEntry, is_near_duplicate, parse_warm, starts_entry
from linghun.core.history.lineage import core_of, match_entries

_CHUNK = 1 << 16
_HEADER_AT_LINE = re.compile(r"^## \d{4}-\d{2}-\d{2}", re.MULTILINE)
#: an entry header line exactly as ``formats.warm`` reads one (there: ``starts_entry``), to find
#: every entry start of a long text in one C-level scan
_HEADER_LINE = re.compile(
    r"^## \d{4}-\d{2}-\d{2}(?: \d{1,2}:\d{2})?(?:[ \t]+\[[^\]\s]+\])?(?:[ \t]+[^\s\[\]]+)?[ \t]*\r?$", re.MULTILINE)
#: the widest excerpt of an entry a consequence quotes
QUOTE_CHARS = 60


@dataclass
class EntryOp:
    """One entry-level step of a change, enough to undo it later against any newer text.

    ``op``: ``add`` (``after`` is new), ``change`` (``before`` became ``after``) or ``remove``
    (``before`` is gone; ``anchor`` is the text of the entry before it, None: the first)."""

    op: str
    before: str | None = None
    after: str | None = None
    anchor: str | None = None

    def to_dict(self) -> dict:
        return {"op": self.op, "before": self.before, "after": self.after, "anchor": self.anchor}

    @classmethod
    def from_dict(cls, d: dict) -> "EntryOp":
        return cls(d["op"], d.get("before"), d.get("after"), d.get("anchor"))


@dataclass
class WarmChange:
    """One reviewable change of warm.md: its kind, consequences in words, and its steps."""

    kind: str
    consequences: list[str]
    ops: list[EntryOp] = field(default_factory=list)
    #: the entries it wrote that may contradict others (their text), for the contradiction check
    wrote: list[str] = field(default_factory=list)


def quote(entry: WarmEntry) -> str:
    text = " ".join(entry.body.split())
    return text if len(text) <= QUOTE_CHARS else text[: QUOTE_CHARS - 1] + "…"


def _common_prefix(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` begin with alike (slices compared a chunk at a time,
    then the differing chunk halved: a character loop over it cost 1-2 ms a write)."""
    limit = min(len(a), len(b))
    i = 0
    while i < limit and a[i:i + _CHUNK] == b[i:i + _CHUNK]:
        i += _CHUNK
    i = min(i, limit)
    hi = min(i + _CHUNK, limit)
    while i < hi:  # a[:i] == b[:i], and they differ at or before hi
        mid = (i + hi + 1) // 2
        if a[i:mid] == b[i:mid]:
            i = mid
        else:
            hi = mid - 1
    return i


def _common_suffix(a: str, b: str, limit: int) -> int:
    """How many characters ``a`` and ``b`` end with alike, at most ``limit``."""
    n = 0
    la, lb = len(a), len(b)
    while n + _CHUNK <= limit and a[la - n - _CHUNK:la - n] == b[lb - n - _CHUNK:lb - n]:
        n += _CHUNK
    hi = min(n + _CHUNK, limit)
    while n < hi:  # the last n alike, and they differ within the last hi (or hi is the limit)
        mid = (n + hi + 1) // 2
        if a[la - mid:la - n] == b[lb - mid:lb - n]:
            n = mid
        else:
            hi = mid - 1
    return n


def _entry_start_before(a: str, b: str, pos: int) -> int:
    """The nearest place at or before ``pos`` where an entry starts in both texts (0: the start);
    ``a`` and ``b`` are the same text up to ``pos``."""
    while pos > 0:
        line = a.rfind("\n", 0, pos) + 1  # the start of the line holding ``pos``
        if starts_entry(a, line) and starts_entry(b, line):
            return line
        pos = line - 1
    return 0


def changed_region(a: str, b: str) -> tuple[int, int, int]:
    """``(start, end_a, end_b)``: ``a[start:end_a]`` became ``b[start:end_b]``; both bounds are
    entry starts (or the ends), everything outside is the same text in both."""
    head = _common_prefix(a, b)
    start = _entry_start_before(a, b, head)
    tail = _common_suffix(a, b, min(len(a), len(b)) - start)
    end_a, end_b = len(a) - tail, len(b) - tail
    # widen the end to the next entry start of both (the same offset from the end in each,
    # since what follows is the same text)
    for m in _HEADER_AT_LINE.finditer(a, end_a):
        at_b = end_b + m.start() - end_a
        if starts_entry(a, m.start()) and starts_entry(b, at_b):
            return start, m.start(), at_b
    return start, len(a), len(b)


_YEAR_LEADS = ("\n## 1", "\n## 2")


def _head(text: str, end: int) -> int:
    return 1 if end > 0 and text.startswith("## ") else 0


def count_entries(text: str, end: int) -> int:
    """How many entries start in ``text[:end]``: the lines opening with ``## `` and a year (a
    body line like that is written escaped, ``\\## ``). ``str.count`` scans 1.4 MB in about
    0.3 ms where the header pattern took 10 ms."""
    return _head(text, end) + sum(text.count(lead, 0, end) for lead in _YEAR_LEADS)


class EntryCounter:
    """``count_entries`` of the versions a walk of the history reads, each counted from the last
    place counted in it: the version before one write is the version after the next, and two
    writes' places are often near (appends at the end), so most of 1.4 MB is not counted again."""

    KEEP = 4

    def __init__(self) -> None:
        self._known: list[tuple[str, int, int]] = []  # (text, end, count), the newest last

    def count(self, text: str, end: int, same: str | None = None) -> int:
        """``count_entries(text, end)``; ``same``: a text equal to ``text`` up to ``end``, a line
        start (the other side of a write, up to its region), counted in instead when it is the
        one counted before (a capture reads the versions oldest first: the version before a
        write is the one after the last). At a line start the count depends on ``text[:end]``
        alone: a header at 0 is a whole line before it."""
        for candidate in (text, same):
            known = next(((e, n) for t, e, n in self._known if t is candidate), None)
            if known is not None:
                text = candidate
                break
        else:
            return count_entries(text, end)
        at, n = known
        lo, hi = min(at, end), max(at, end)
        # a lead starting at p is in text[:x] when p + 5 <= x: those between the two places
        # start at lo - 4 or later (leads cannot overlap: only their first character is a newline)
        between = sum(text.count(lead, max(lo - 4, 0), hi) for lead in _YEAR_LEADS)
        return n - _head(text, at) + _head(text, end) + (between if end >= at else -between)

    def note(self, text: str, end: int, count: int) -> None:
        self._known = [k for k in self._known if k[0] is not text][-(self.KEEP - 1):] + [(text, end, count)]

    def keep_only(self, text: str | None) -> None:
        """Forget every text but ``text`` (a capture keeps one version between two writes)."""
        self._known = [k for k in self._known if k[0] is text]


#: the header pattern led by its newline: ``re`` finds a literal lead with a fast scan, where
#: ``^`` in multi-line mode is tried at every character (a third of the time of a 1.1 MB scan)
_HEADER_AFTER_NEWLINE = re.compile("\n" + _HEADER_LINE.pattern.lstrip("^"), re.MULTILINE)


def _block_starts(text: str, lo: int, hi: int) -> list[int]:
    """Where the entry blocks of ``text[lo:hi]`` start (``lo``: a line start); what stands before
    the first header is no block."""
    starts = [lo] if lo < hi and _HEADER_LINE.match(text, lo, hi) else []
    starts += [m.start() + 1 for m in _HEADER_AFTER_NEWLINE.finditer(text, lo, hi)]
    return starts


def _next_start(text: str, pos: int, hi: int) -> int:
    """The start of the block after the one starting at ``pos`` (``hi``: none before it)."""
    found = _HEADER_AFTER_NEWLINE.search(text, pos, hi)
    return found.start() + 1 if found else hi


class _Blocks(Sequence[str]):
    """The entry blocks of ``text`` starting at ``starts`` (the last one ends at ``end``), sliced
    when one is asked for."""

    def __init__(self, text: str, starts: list[int], end: int) -> None:
        self.text, self.starts, self.end = text, starts, end

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, k):  # noqa: ANN001 - an index (no slices are asked for)
        if not 0 <= k < len(self.starts):
            raise IndexError(k)
        return self.text[self.starts[k]:self.starts[k + 1] if k + 1 < len(self.starts) else self.end]


def _blocks(text: str) -> list[str]:
    """The entry blocks of ``text`` (what stands before the first header is left out)."""
    return list(_Blocks(text, _block_starts(text, 0, len(text)), len(text)))


@dataclass
class _Version:
    """One version's blocks: where each starts, and how many blocks hold each text (entries
    repeated whole are what makes a run of equal entries ambiguous)."""

    text: str
    starts: list[int]
    counts: dict[str, int]
    repeated: int  # texts held by two blocks or more

    @classmethod
    def of(cls, text: str) -> "_Version":
        starts = _block_starts(text, 0, len(text))
        version = cls(text, starts, {}, 0)
        version.change(_Blocks(text, starts, len(text)), ())
        return version

    def change(self, added: Iterable[str], removed: Iterable[str]) -> None:
        """Count the blocks ``added`` (texts) in and the blocks ``removed`` out."""
        counts = self.counts
        for raw in removed:
            core = core_of(raw)
            n = counts[core] = counts[core] - 1
            self.repeated -= n == 1
        for raw in added:
            core = core_of(raw)
            n = counts[core] = counts.get(core, 0) + 1
            self.repeated += n == 2


class VersionBlocks:
    """The blocks of the versions a walk of the history reads, each version's taken from the
    newer one's and the write between them, so the run of equal entries between two changes (a
    flip in the middle, an append at the end) is neither scanned for headers nor matched: half
    the first build of a review went there.

    Each ``region`` call answers for one write (``before`` -> ``after``) and keeps ``before``'s
    blocks for the next write of the walk (the one that made ``before``). The first version
    with a wide changed middle is scanned whole once."""

    #: a middle narrower than this share of the text is scanned as it is (cheaper than a whole scan)
    WIDE = 8
    #: a middle of fewer blocks is matched whole (``_unmatched``)
    FEW = 64
    #: blocks equal but for their blank lines looked at past the run, before giving up
    EXTEND = 3

    def __init__(self) -> None:
        self._last: _Version | None = None

    def region(self, before: str, after: str, start: int, end_a: int, end_b: int
               ) -> tuple[_Blocks, _Blocks, tuple[list[int], list[int]] | None]:
        """The blocks of ``before[start:end_a]`` and ``after[start:end_b]``, and which of them
        ``_changed_blocks`` would say differ (None: not known, ask it)."""
        version, self._last = (self._last if self._last is not None and self._last.text is after else None), None
        if version is None:
            if (end_b - start) * self.WIDE < len(after):
                return (_Blocks(before, _block_starts(before, start, end_a), end_a),
                        _Blocks(after, _block_starts(after, start, end_b), end_b), None)
            version = _Version.of(after)
        k0, k1 = bisect.bisect_left(version.starts, start), bisect.bisect_left(version.starts, end_b)
        new = _Blocks(after, version.starts[k0:k1], end_b)
        found = self._around_run(before, start, end_a, new, version) if len(new) >= self.FEW else None
        if found is None:
            old = _Blocks(before, _block_starts(before, start, end_a), end_a)
            changed, old_out, new_out = None, range(len(old)), range(len(new))
        else:
            old, changed, old_out, new_out = found
        shift = end_a - end_b
        version.change((old[k] for k in old_out), (new[k] for k in new_out))
        version.text = before
        version.starts = version.starts[:k0] + old.starts + [s + shift for s in version.starts[k1:]]
        self._last = version
        return old, new, changed

    def _around_run(self, before: str, start: int, end_a: int, new: _Blocks, version: _Version):
        """The old blocks and the changed ones when the two sides differ on either side of one
        run of equal blocks that ``_dominant_run`` would accept (its conditions checked here on
        the blocks' texts, the run's length counted from the newer version's blocks), else None.
        Returns (old blocks, (changed old, changed new), old blocks outside the run, new ones)."""
        lb = len(new)
        olds: list[int] = []  # the old side's first block starts, found one by one
        at = start if _HEADER_LINE.match(before, start, end_a) else _next_start(before, start, end_a)
        while at < end_a and len(olds) < 4:
            olds.append(at)
            at = _next_start(before, at, end_a)
        ends = olds[1:] + [at]
        head = 0  # blocks alike at the start (a blank line added after the last entry, by an append)
        while head < min(len(olds) - 1, lb, 2) and core_of(before[olds[head]:ends[head]]) == core_of(new[head]):
            head += 1
        for i0, j0 in ((head + 1, head + 1), (head, head + 1), (head + 1, head)):
            if i0 >= len(olds) or j0 >= lb:
                continue
            run = self._run(before, olds[i0], end_a, new, j0)
            if run is None:
                continue
            run_starts, after_run = run
            m = len(run_starts)
            if not (i0 == 0 or j0 == 0 or core_of(before[olds[i0 - 1]:ends[i0 - 1]]) != core_of(new[j0 - 1])):
                continue
            right = _block_starts(before, after_run, end_a)
            la = i0 + m + len(right)
            if 3 * m <= la + lb:
                continue
            if version.repeated and len({core_of(new[j]) for j in range(j0, j0 + m)}) < m:
                continue
            old = _Blocks(before, olds[:i0] + run_starts + right, end_a)
            left_a, left_b = _unmatched([core_of(old[i]) for i in range(i0)], [core_of(new[j]) for j in range(j0)])
            right_a, right_b = _unmatched([core_of(old[i]) for i in range(i0 + m, la)],
                                          [core_of(new[j]) for j in range(j0 + m, lb)])
            changed = (left_a + [i0 + m + k for k in right_a], left_b + [j0 + m + k for k in right_b])
            outside_a = [*range(i0), *range(i0 + m, la)]
            outside_b = [*range(j0), *range(j0 + m, lb)]
            return old, changed, outside_a, outside_b
        return None

    def _run(self, before: str, pa: int, end_a: int, new: _Blocks, j0: int) -> tuple[list[int], int] | None:
        """The old starts of the blocks equal from old offset ``pa`` and new block ``j0`` on, as
        a run that cannot be extended, and where the old block after it starts; None: unsure."""
        ns, lb, end_b = new.starts, len(new), new.end
        pb = ns[j0]
        same = _common_prefix(before[pa:end_a], new.text[pb:end_b])
        q = bisect.bisect_right(ns, pb + same)
        m = max(0, min(q - 1, lb - 1) - j0)  # blocks whose next block starts within the same text
        if q == lb and end_b <= pb + same:
            m = lb - j0
        starts = [pa + s - pb for s in ns[j0:j0 + m]]
        # the old text holds a block boundary where the run's last equal block ends (inside the
        # same text every header line is the same; the next one may reach past it)
        at = pa + (ns[j0 + m] if j0 + m < lb else end_b) - pb
        if at != end_a and not _HEADER_LINE.match(before, at, end_a):
            return None
        for _ in range(self.EXTEND + 1):  # blocks equal but for their blank lines continue the run
            if j0 + len(starts) >= lb or at >= end_a:
                return starts, at
            nxt = _next_start(before, at, end_a)
            if core_of(before[at:nxt]) != core_of(new[j0 + len(starts)]):
                return starts, at
            starts.append(at)
            at = nxt
        return None


def _changed_blocks(old: Sequence[str], new: Sequence[str]) -> tuple[list[int], list[int]]:
    """The indices of the blocks that differ (blank lines after an entry aside): a flip in the
    middle and an append at the end leave thousands of equal entries between them."""
    return _unmatched([core_of(x) for x in old], [core_of(x) for x in new])


def _unmatched(a: list[str], b: list[str]) -> tuple[list[int], list[int]]:
    """The indices of ``a`` and ``b`` that ``difflib.SequenceMatcher(None, a, b, autojunk=False)``
    leaves out of its matching blocks, ascending.

    The matcher takes the longest matching block first, then matches what lies on each side of
    it apart. When that block is known (``_dominant_run``), only the two sides are given to the
    matcher: a flip in the middle of a 10k-entry file and an append at its end made it index
    and scan the 5,000 equal entries between them, 3 ms a write."""
    run = _dominant_run(a, b)
    if run is None:
        out_a: list[int] = []
        out_b: list[int] = []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if tag != "equal":
                out_a += range(i1, i2)
                out_b += range(j1, j2)
        return out_a, out_b
    i, j, m = run
    left_a, left_b = _unmatched(a[:i], b[:j])
    right_a, right_b = _unmatched(a[i + m:], b[j + m:])
    return left_a + [i + m + k for k in right_a], left_b + [j + m + k for k in right_b]


def _run_length(a: list[str], i: int, b: list[str], j: int) -> int:
    n = 0
    for x, y in zip(itertools.islice(a, i, None), itertools.islice(b, j, None)):
        if x != y:
            break
        n += 1
    return n


def _dominant_run(a: list[str], b: list[str]) -> tuple[int, int, int] | None:
    """``(i, j, m)``: ``a[i:i + m] == b[j:j + m]`` is the one longest matching block of ``a`` and
    ``b`` (what ``find_longest_match`` returns for the whole of both), or None when that is not
    certain. Tried: the common head, the common tail, and the run after the first difference
    with one entry changed, added or removed there.

    Certain when the run cannot be extended either way, its elements are all different, and
    ``3m > len(a) + len(b)``. Then a matching block of ``k >= m`` elements shares a position of
    the run in ``a`` and one in ``b`` at the same offset (fewer than ``k`` of its places lie
    outside the run on either side together); off the run's diagonal that would make two of the
    run's elements equal. On the diagonal, a block apart from the run is shorter than
    ``len(a) - m < m``."""
    la, lb = len(a), len(b)
    if 3 * min(la, lb) <= la + lb:
        return None
    head = _run_length(a, 0, b, 0)
    if head == min(la, lb):
        candidates = [(0, 0, head)]
    else:
        tail = _run_length(a[::-1], 0, b[::-1], 0)
        candidates = [(0, 0, head), (la - tail, lb - tail, tail)]
        for di, dj in ((1, 1), (0, 1), (1, 0)):
            i, j = head + di, head + dj
            candidates.append((i, j, _run_length(a, i, b, j)))
    for i, j, m in candidates:
        if (3 * m > la + lb
                and (i == 0 or j == 0 or a[i - 1] != b[j - 1])
                and (i + m == la or j + m == lb or a[i + m] != b[j + m])
                and len(set(a[i:i + m])) == m):
            return i, j, m
    return None


def analyse_warm(before: str, after: str, counter: EntryCounter | None = None,
                 blocks: VersionBlocks | None = None) -> list[WarmChange]:
    """The changes that turned warm.md ``before`` into ``after`` (touches alone are left out).
    ``counter``, ``blocks``: the entries' numbers and blocks taken on from the versions read
    before (a walk of the history, newest first)."""
    start, end_a, end_b = changed_region(before, after)
    if blocks is not None:
        old_blocks, new_blocks, changed = blocks.region(before, after, start, end_a, end_b)
    else:
        old_blocks = _Blocks(before, _block_starts(before, start, end_a), end_a)
        new_blocks, changed = _Blocks(after, _block_starts(after, start, end_b), end_b), None
    if start == 0 and not new_blocks and old_blocks and not _HEADER_LINE.search(after):
        return [_consolidation(parse_warm(before).entries)]
    old_idx, new_idx = changed if changed is not None else _changed_blocks(old_blocks, new_blocks)
    old = [parse_warm(old_blocks[i]).entries[0] for i in old_idx]
    new = [parse_warm(new_blocks[j]).entries[0] for j in new_idx]
    # the [n] of the region's first entry, after the write and before it: the texts are the same
    # up to ``start``, so one count is both (1.4 MB counted once a write, not twice)
    counted = counter.count(after, start, before) if counter is not None else count_entries(after, start)
    if counter is not None:
        counter.note(after, start, counted)  # for the next write a capture reads (oldest first)
        counter.note(before, start, counted)  # and the next one a walk of the history reads
    first_n = first_old_n = counted + 1
    matched = match_entries(old, new)
    taken = {i for i in matched if i is not None}
    added = [j for j, i in enumerate(matched) if i is None]
    flips, out = [], []
    for j, i in enumerate(matched):
        if i is None:
            continue
        o, e = old[i], new[j]
        if core_of(o.raw) == core_of(e.raw):
            continue
        n = first_n + new_idx[j]
        op = EntryOp("change", o.raw, e.raw)
        if not o.is_wrong and e.is_wrong:
            flips.append((n, o, op))
        elif o.is_wrong and not e.is_wrong:
            out.append(WarmChange("revive", [f"revives [{n}] {e.kind} {quote(e)} (was flipped), confidence "
                                             f"{e.effective_confidence}"], [op], [e.raw]))
        elif o.body != e.body and e.last_access == e.stamp and is_near_duplicate(o.body, e.body):
            out.append(WarmChange("merge", [f"merges into [{n}], confidence {o.effective_confidence} → "
                                            f"{e.effective_confidence}", f"{quote(o)} → {quote(e)}"], [op], [e.raw]))
        elif o.body != e.body or o.kind != e.kind:
            out.append(WarmChange("edit", [f"edits [{n}] {quote(o)} → {quote(e)}"], [op], [e.raw]))
        elif o.effective_confidence != e.effective_confidence:
            out.append(WarmChange("confidence", [f"changes the confidence of [{n}] {quote(e)}: "
                                                 f"{o.effective_confidence} → {e.effective_confidence}"], [op]))
        # a change of last_access alone (a touch) is not for review
    appends = [(first_n + new_idx[j], new[j], EntryOp("add", after=new[j].raw)) for j in added]
    # an update is one write that flips an entry and appends its successor: pair them in order
    while flips and appends:
        (fn, fo, fop), (an, ae, aop) = flips.pop(0), appends.pop(0)
        out.append(WarmChange("update", [f"retires {fo.kind} [{fn}] {quote(fo)}",
                                         f"adds {ae.kind} [{an}] {quote(ae)}, confidence {ae.effective_confidence}"],
                              [fop, aop], [ae.raw]))
    for fn, fo, fop in flips:
        out.append(WarmChange("flip", [f"retires {fo.kind} [{fn}] {quote(fo)}"], [fop]))
    for an, ae, aop in appends:
        out.append(WarmChange("append", [f"adds {ae.kind} [{an}] {quote(ae)}, confidence {ae.effective_confidence}"],
                              [aop], [ae.raw]))
    for i, o in enumerate(old):
        if i in taken:
            continue
        k = old_idx[i]
        anchor = core_of(old_blocks[k - 1]) if k > 0 else _anchor_before(before, start)
        out.append(WarmChange("delete", [f"deletes {o.kind} [{first_old_n + k}] {quote(o)}"],
                              [EntryOp("remove", before=o.raw, anchor=anchor)]))
    return out


def _anchor_before(text: str, start: int) -> str | None:
    """The text of the entry just before offset ``start`` (None: none)."""
    if start == 0:
        return None
    prev = _entry_start_before(text, text, start - 1)
    entries = parse_warm(text[prev:start]).entries
    return core_of(entries[-1].raw) if entries else None


def _consolidation(entries: list[WarmEntry]) -> WarmChange:
    """warm emptied: what each entry became (the rules of ``Memory.plan_consolidation``)."""
    events = sum(1 for e in entries if not e.is_wrong and e.ontology_kind == "event")
    rules = sum(1 for e in entries if not e.is_wrong and e.ontology_kind == "rule")
    knowledge = sum(1 for e in entries if not e.is_wrong and e.ontology_kind == "fact"
                    and e.effective_confidence == "high")
    wrong = sum(1 for e in entries if e.is_wrong)
    live = len(entries) - wrong
    said = [f"empties warm.md ({len(entries)} entries)"]
    if knowledge:
        said.append(f"moves {knowledge} entries to the knowledge ontology")
    if events:
        said.append(f"moves {events} event{'s' * (events != 1)} to the event timeline")
    if rules:
        said.append(f"moves {rules} rule{'s' * (rules != 1)} to rules.md")
    if live - knowledge - events - rules:
        said.append(f"keeps {live - knowledge - events - rules} other entries only in the cold summary")
    if wrong:
        said.append(f"drops {wrong} flipped entr{'ies' if wrong != 1 else 'y'}")
    said.append(f"archives all {len(entries)} in the episodic archive and cold.md")
    ops, anchor = [], None
    for e in entries:
        ops.append(EntryOp("remove", before=e.raw, anchor=anchor))
        anchor = core_of(e.raw)
    return WarmChange("consolidate", said, ops)
