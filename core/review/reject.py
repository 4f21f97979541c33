"""Reject one change: undo it alone, keeping every later change (a three-way merge).

The change turned ``before`` into ``after``; the file now holds ``now`` (``after`` plus whatever
was written since). Rejecting writes ``now`` with the change taken back and nothing else:

- warm.md, entry by entry: an entry the change added is removed, an entry it changed gets its
  text before the change back, an entry it removed is put back after the entry that preceded
  it. Each entry is found in ``now`` by its exact text; when a later write changed it again (the
  agent flipped the entry it had appended), the reject cannot tell what to keep: it says which
  entry and changes nothing.
- any other file, line by line: each hunk of ``after -> before`` is applied to ``now`` where the
  lines it replaces still stand unchanged; a hunk whose lines were changed since is a conflict.

The plan is made against bytes read under the home lock and written through
``core.transaction.commit`` (all files or none; refused if a file changed meanwhile).
"""
from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, replace

from linghun.core.errors import ConflictError, InvalidInputError
from linghun.core.events import bus
from linghun.core.formats.warm import WarmEntry, parse_warm
from linghun.core.fsio import read_bytes
from linghun.core.history.layout import WARM
from linghun.core.home_lock import home_lock
from linghun.core.review.file_changes import GOALS
from linghun.core.history.lineage import core_of
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.review.queue import ReviewItem
from linghun.core.review.warm_changes import EntryOp
from linghun.core.transaction import FileChange, commit


class RejectConflict(ConflictError):
    """The change cannot be taken back alone: a later write changed what it wrote."""


@dataclass
class RejectPlan:
    """The files a reject writes: ``relative -> (bytes now, bytes after the reject)``."""

    item: ReviewItem
    files: dict[str, tuple[bytes | None, bytes | None]]

    def diff(self) -> str:
        out = []
        for relative, (now, new) in self.files.items():
            out += difflib.unified_diff(_text(now).splitlines(True), _text(new).splitlines(True),
                                        f"{relative} (now)", f"{relative} (rejected)")
        return "".join(out)


def _text(data: bytes | None) -> str:
    return "" if data is None else data.decode("utf-8", "replace")


def plan_reject(home: MemoryHome, history: HomeHistory, item: ReviewItem) -> RejectPlan:
    """What rejecting ``item`` writes, computed against the files as they are now."""
    if item.held is not None:
        raise InvalidInputError("a held write is rejected by dropping it (core.review.hold)")
    files: dict[str, tuple[bytes | None, bytes | None]] = {}
    for relative in item.paths:
        now = read_bytes(home.root / relative)
        if relative == WARM:
            new = reverse_warm(_text(now), item.ops).encode("utf-8")
        else:
            source = history.repo[item.source(relative)]
            before = history.read(relative, commit=str(source.parents[0].id))
            after = history.read(relative, commit=str(source.id))
            new = reverse_file(relative, before, after, now)
        if new != now:
            files[relative] = (now, new)
    if not files:
        raise RejectConflict(f"the change {item.id} is no longer in the files (a later write took it back); "
                             "nothing was changed")
    return RejectPlan(item, files)


def apply_reject(home: MemoryHome, plan: RejectPlan) -> None:
    """Write ``plan`` all or nothing under the home lock (``InputsChanged``: a file moved on)."""
    with home_lock(home).hold():
        commit(home.root, [FileChange(home.root / rel, now, new) for rel, (now, new) in plan.files.items()])
    for relative in plan.files:
        bus.publish("memory.changed", home=str(home.root), path=str(home.root / relative), what="review")


# -- warm.md ---------------------------------------------------------------------------------------
def _index_of(entries: list[WarmEntry], core: str, used: set[int]) -> int | None:
    for i, e in enumerate(entries):
        if i not in used and core_of(e.raw) == core:
            return i
    return None


def _conflict(what: str) -> RejectConflict:
    return RejectConflict(f"{what} was changed by a later write; rejecting would lose that change, so nothing "
                          "was changed (edit the entry by hand instead)")


def _short(raw: str) -> str:
    body = core_of(raw).split("\n", 1)[-1]
    text = " ".join(body.replace("<!--", " ").split())
    return text[:50] + ("…" if len(text) > 50 else "")


def reverse_warm(now: str, ops: list[EntryOp]) -> str:
    """``now`` with ``ops`` taken back (see the module docstring)."""
    doc = parse_warm(now)
    entries = list(doc.entries)
    removed: set[int] = set()
    replaced: dict[int, str] = {}
    for op in ops:
        if op.op in ("add", "change"):
            i = _index_of(entries, core_of(op.after or ""), removed | set(replaced))
            if i is None:
                raise _conflict(f"the entry “{_short(op.after or '')}”")
            if op.op == "add":
                removed.add(i)
            else:
                replaced[i] = op.before or ""
    out: list[WarmEntry] = []
    for i, e in enumerate(entries):
        if i in removed:
            continue
        if i in replaced:
            e = replace(e, raw=core_of(replaced[i]) + (e.trail or "\n"))
        out.append(e)
    out = _put_back(out, [op for op in ops if op.op == "remove"])
    if out and entries and out[-1] is not entries[-1] and out[-1].raw.endswith("\n\n"):
        # the entries after it are gone: it ends the file again, as it did before they came
        out[-1] = replace(out[-1], raw=core_of(out[-1].raw) + "\n")
    return _render(doc.preamble, out)


_END = object()  # an anchor no longer in the file: put back at the end


def _put_back(entries: list[WarmEntry], removes: list[EntryOp]) -> list[WarmEntry]:
    """``entries`` with the entries ``removes`` took out put back, each after the entry that
    preceded it (itself put back first when it was taken out too: a consolidation's thousands of
    entries come back in their order in one pass, not one search of the file each)."""
    present = {core_of(e.raw) for e in entries}
    after: dict[object, list[WarmEntry]] = {}
    for op in removes:
        raw = core_of(op.before or "")
        if raw in present:
            continue  # already back (written again since)
        anchor = op.anchor if op.anchor is None or op.anchor in present else _END
        after.setdefault(anchor, []).append(parse_warm(raw + "\n").entries[0])
        present.add(raw)
    if not after:
        return entries

    def following(key: object) -> list[WarmEntry]:
        out, stack = [], list(reversed(after.get(key, [])))
        while stack:
            entry = stack.pop()
            out.append(entry)
            stack.extend(reversed(after.get(core_of(entry.raw), [])))
        return out

    result = following(None)
    for e in entries:
        result.append(e)
        result += following(core_of(e.raw))
    return result + following(_END)


def _render(preamble: str, entries: list[WarmEntry]) -> str:
    """The entries with a blank line between each two (as ``append_entry`` keeps them) and the
    last one's own ending; untouched entries keep their bytes."""
    parts = [preamble if not entries or not preamble or preamble.endswith("\n\n") else preamble.rstrip("\n") + "\n\n"]
    for k, e in enumerate(entries):
        raw = e.raw
        if k < len(entries) - 1 and not raw.endswith("\n\n"):
            raw = raw.rstrip("\r\n") + "\n\n"
        parts.append(raw)
    return "".join(parts)


# -- other files -------------------------------------------------------------------------------------
def reverse_file(relative: str, before: bytes | None, after: bytes | None, now: bytes | None) -> bytes | None:
    """``now`` with the change ``before -> after`` of ``relative`` taken back."""
    if now == after:
        return before
    if after is None:  # the change removed the file, and someone wrote it again since
        raise _file_conflict(relative)
    if now is None:
        raise _file_conflict(relative)
    if relative == GOALS:
        return reverse_goals(before, after, now)
    merged = reverse_lines(_text(after).splitlines(True), _text(before).splitlines(True),
                           _text(now).splitlines(True))
    if merged is None:
        raise _file_conflict(relative)
    text = "".join(merged)
    if relative.endswith(".json"):
        try:
            json.loads(text or "{}")
        except json.JSONDecodeError:
            raise RejectConflict(f"{relative}: taking the change back alone would not leave valid JSON; "
                                 "nothing was changed") from None
    return text.encode("utf-8") if text or before is not None else None


def reverse_goals(before: bytes | None, after: bytes, now: bytes) -> bytes:
    """goals.json goal by goal (a line merge trips over the commas of a JSON list): each goal the
    change added, changed or removed is put back as it was, when it still stands as the change
    left it; every other goal, and the order, stay as they are now."""
    def load(data: bytes | None) -> dict:
        try:
            value = json.loads(_text(data) or "{}")
        except json.JSONDecodeError:
            raise RejectConflict(f"{GOALS} is not valid JSON; nothing was changed") from None
        return value if isinstance(value, dict) else {"goals": value}

    old, new, current = load(before), load(after), load(now)

    def by_id(doc: dict) -> dict[str, dict]:
        return {str(g.get("id")): g for g in doc.get("goals") or [] if isinstance(g, dict)}

    was, made, stands = by_id(old), by_id(new), by_id(current)
    out = []
    for g in current.get("goals") or []:
        gid = str(g.get("id")) if isinstance(g, dict) else None
        if gid is None or was.get(gid) == made.get(gid):
            out.append(g)  # not this change's
        elif stands.get(gid) != made.get(gid):
            raise RejectConflict(f"{GOALS}: goal {gid} was changed by a later write; rejecting this change alone "
                                 "would lose that change, so nothing was changed")
        elif gid in was:
            out.append(was[gid])
    for gid, g in was.items():
        if gid not in made and gid not in stands:
            out.append(g)  # the change removed it: it comes back
    current["goals"] = out
    return (json.dumps(current, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def _file_conflict(relative: str) -> RejectConflict:
    return RejectConflict(f"{relative}: the lines this change wrote were changed by a later write; rejecting it "
                          "alone would lose that change, so nothing was changed")


def reverse_lines(after: list[str], before: list[str], now: list[str]) -> list[str] | None:
    """``now`` with each hunk ``after -> before`` applied where ``now`` still holds those lines of
    ``after``; None when one hunk's lines were changed since."""
    where: dict[int, int] = {}
    for block in difflib.SequenceMatcher(None, after, now, autojunk=False).get_matching_blocks():
        for k in range(block.size):
            where[block.a + k] = block.b + k
    edits: list[tuple[int, int, list[str]]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, after, before, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if i1 < i2:  # lines of ``after`` replaced or removed: they must stand together in ``now``
            spots = [where.get(i) for i in range(i1, i2)]
            if None in spots or spots != list(range(spots[0], spots[0] + len(spots))):
                return None
            edits.append((spots[0], spots[-1] + 1, before[j1:j2]))
        elif i1 > 0 and (i1 - 1) in where:  # an insertion, after the line that preceded it
            edits.append((where[i1 - 1] + 1, where[i1 - 1] + 1, before[j1:j2]))
        elif i1 < len(after) and i1 in where:
            edits.append((where[i1], where[i1], before[j1:j2]))
        elif not after:
            edits.append((0, 0, before[j1:j2]))
        else:
            return None
    out = list(now)
    for start, end, lines in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        out[start:end] = lines
    return out
