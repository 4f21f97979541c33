"""The three-way merge of two versions of a home's files, by what each file is made of.

Each function takes the version both sides started from (``base``; ``None``: absent, or no
common ancestor), this machine's (``ours``) and the remote's (``theirs``), and returns the merged
bytes (``None``: removed) with the conflicts it met. A conflict never loses a side: the file keeps
ours and the conflict carries theirs (``Conflict.other``), for the Review queue.

- ``memory/warm.md``: by entry. Entries are matched to the base by their identity
  (``core.history.lineage``: no ids upstream), then field by field (stamp, kind, confidence, body,
  last access): a flip on one side and an edit of the body on the other both survive; the same
  field changed differently on both sides is a conflict; a removal against an edit keeps the
  edited entry and is a conflict; new entries of both sides are kept (the same text once), ours in
  place, theirs appended in their order.
- journals (``memory/journal/<day>.md``, one file a day) by turn, node files (the event timeline,
  the ontologies, rules) by node, ``.jsonl`` logs and ``cold.md`` by line: the union of both
  sides' blocks, a block one side removed (and the other kept as it was) removed.
- JSON files by key (a list of objects with ids by id): a key changed differently on both sides
  is a conflict.
- any other file as a whole: changed on both sides differently is a conflict.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any, Callable

from linghun.core.errors import InvalidInputError
from linghun.core.formats.journal import parse_journal
from linghun.core.formats.warm import ENTRY_HEADER  # the parser's own entry header
from linghun.core.formats.warm import WarmDocument, WarmEntry, format_block, parse_warm
from linghun.core.history.lineage import core_of, match_entries

WARM = "memory/warm.md"
#: files of the home that keep nodes (``## theme`` blocks, SPEC 6)
NODE_FILES = ("memory/memory_ontology.md", "memory/knowledge_ontology.md", "memory/knowledge.md",
              "memory/rules.md", "memory/ontology.md")
LINE_FILES = ("memory/cold.md",)
_JOURNAL = re.compile(r"^(?:memory/)?journal/\d{4}-\d{2}-\d{2}\.md$")
_NODE_SPLIT = re.compile(r"(?:^|(?<=\n))(?=## )")
_FIELDS = ("stamp", "kind", "confidence", "body")


#: files of the home that stay on each machine (their settings are that machine's)
LOCAL_ONLY = frozenset({"workbench.json"})


class RemoteTreeError(InvalidInputError):
    """The remote's state holds something no home of ours holds: nothing was written."""


class MergeError(InvalidInputError):
    """A version that cannot be merged: it does not parse (not UTF-8, not JSON...)."""


@dataclass(frozen=True)
class Conflict:
    """Both sides changed the same thing differently: the file holds ``kept`` (this machine's, or
    the side that changed it where the other removed it), ``other`` is the version not taken
    (``None``: removed). Accepting the review item keeps ``kept``; rejecting it puts ``other``
    in its place."""

    file: str
    what: str  # "entry", "file", "key <name>"
    kept: str | None
    other: str | None
    note: str

    def to_dict(self) -> dict:
        return {"file": self.file, "what": self.what, "kept": self.kept, "other": self.other, "note": self.note}


@dataclass
class Merged:
    data: bytes | None
    conflicts: list[Conflict]
    entries_in: int = 0  # warm entries the remote brought (new or changed)


def text_of(relative: str, data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MergeError(f"{relative} is not UTF-8 text (byte {exc.start})") from None


def check_parses(relative: str, data: bytes | None) -> None:
    """Raise ``MergeError`` unless ``data`` reads as the file it is (``None``: absent, fine).
    warm.md: any UTF-8 text reads (every byte is in the preamble or an entry); a merged one is
    checked entry by entry where it is made (``merge_warm``)."""
    text = text_of(relative, data)
    if text is None:
        return
    if relative.endswith(".json"):
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise MergeError(f"{relative} is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    elif relative.endswith(".jsonl"):
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    json.loads(line)
                except json.JSONDecodeError as exc:
                    raise MergeError(f"{relative} line {n} is not valid JSON ({exc.msg})") from None
    elif _JOURNAL.match(relative):
        if parse_journal(text).render() != text:
            raise MergeError(f"{relative} does not read back as it was written")


def merge_file(relative: str, base: bytes | None, ours: bytes | None, theirs: bytes | None) -> Merged:
    """The merge of one file (see the module docstring)."""
    if ours == theirs:
        return Merged(ours, [])
    if base == theirs:
        return Merged(ours, [])
    if base == ours:
        check_parses(relative, theirs)
        return Merged(theirs, [], _count_in(relative, base, theirs))
    b, o, t = (text_of(relative, x) for x in (base, ours, theirs))
    check_parses(relative, theirs)
    if relative == WARM:
        text, conflicts, n = merge_warm(b or "", o or "", t or "", relative)
        return Merged(text.encode("utf-8"), conflicts, n)
    if o is None or t is None:  # removed on one side, changed on the other: the changed one stays
        kept = o if o is not None else t
        note = ("removed on the other machine, changed here" if t is None
                else "removed here, changed on the other machine")
        return Merged(kept.encode("utf-8"), [Conflict(relative, "file", kept, None, note)])
    if relative.endswith(".json"):
        text, conflicts = merge_json(b, o, t, relative)
        return Merged(text.encode("utf-8"), conflicts)
    splitter = _splitter(relative)
    if splitter is not None:
        return Merged(merge_blocks(b or "", o, t, splitter, sort=bool(_JOURNAL.match(relative))).encode("utf-8"), [])
    return Merged(ours, [Conflict(relative, "file", o, t, "changed on both machines")])


def _count_in(relative: str, base: bytes | None, theirs: bytes | None) -> int:
    """How many entries of ``theirs`` are not in ``base`` (new or changed), from the blocks alone."""
    if relative != WARM or theirs is None:
        return 0
    old = set(_blocks((base or b"").decode("utf-8", "replace")))
    return sum(1 for raw in _blocks(theirs.decode("utf-8")) if raw not in old)


def _blocks(text: str) -> list[str]:
    """warm.md's entries as text (blank lines after them left out), without parsing them."""
    starts = [m.start() for m in ENTRY_HEADER.finditer(text)] + [len(text)]
    return [text[a:b].rstrip("\r\n") for a, b in zip(starts, starts[1:])]


def _splitter(relative: str) -> Callable[[str], tuple[str, list[str]]] | None:
    if _JOURNAL.match(relative):
        return lambda text: (lambda day: (day.preamble, [t.raw for t in day.turns]))(parse_journal(text))
    if relative in NODE_FILES:
        return _nodes
    if relative in LINE_FILES or relative.endswith(".jsonl"):
        return lambda text: ("", text.splitlines(True))
    if relative.startswith("memory/episodic/"):
        return lambda text: (lambda doc: (doc.preamble, [e.raw for e in doc.entries]))(parse_warm(text))
    return None


def _nodes(text: str) -> tuple[str, list[str]]:
    parts = _NODE_SPLIT.split(text)
    if parts and not parts[0].startswith("## "):
        return parts[0], [p for p in parts[1:] if p]
    return "", [p for p in parts if p]


def merge_blocks(base: str, ours: str, theirs: str, split: Callable[[str], tuple[str, list[str]]],
                 sort: bool = False) -> str:
    """The union of both sides' blocks (compared without the blank lines after them): ours in
    place, theirs' new ones after; a block of the base one side removed goes. ``sort``: blocks
    in the order of their first line (journal turns by their stamp) when ours was in order."""
    bp, bb = split(base)
    op, ob = split(ours)
    tp, tb = split(theirs)
    key = (lambda raw: raw.strip("\r\n"))
    in_base = {key(x) for x in bb}
    in_theirs = {key(x) for x in tb}
    in_ours = {key(x) for x in ob}
    out = [x for x in ob if not (key(x) in in_base and key(x) not in in_theirs)]
    seen = {key(x) for x in out}
    for x in tb:
        k = key(x)
        if k in seen or (k in in_base and k not in in_ours):
            continue
        seen.add(k)
        out.append(x)
    preamble = tp if op == bp else op
    if sort:
        keys = [key(x).split("\n", 1)[0] for x in ob]
        if keys == sorted(keys):
            out.sort(key=lambda x: key(x).split("\n", 1)[0])
    out = [x if x.endswith("\n") else x + "\n" for x in out[:-1]] + out[-1:]
    return preamble + "".join(_separated(out, "\n\n" if split is _nodes else "\n"))


def _separated(blocks: list[str], gap: str) -> list[str]:
    """Blocks that end with ``gap`` before the next one (a node cut from the end of its file)."""
    out = []
    for i, raw in enumerate(blocks):
        if i < len(blocks) - 1 and not raw.endswith(gap):
            raw = raw.rstrip("\r\n") + gap
        out.append(raw)
    return out


# -- JSON by key -------------------------------------------------------------------------------
_MISSING = object()


def _loads(text: str | None) -> Any:
    try:
        return json.loads(text) if text else _MISSING
    except json.JSONDecodeError:
        return _MISSING


def merge_json(base: str | None, ours: str, theirs: str, relative: str) -> tuple[str, list[Conflict]]:
    """By key (``theirs`` parses: checked before). A base that does not parse is taken as none;
    this machine's file that does not parse (half edited) is kept, the remote's beside it."""
    b, o, t = _loads(base), _loads(ours), json.loads(theirs)
    if o is _MISSING:
        return ours, [Conflict(relative, "file", ours, theirs, "this machine's file is not valid JSON")]
    conflicts: list[Conflict] = []
    merged = _merge_value(b, o, t, relative, "", conflicts)
    if merged == o:
        return ours, conflicts
    indent = 2 if "\n" in ours else None
    return json.dumps(merged, ensure_ascii=False, indent=indent) + ("\n" if ours.endswith("\n") else ""), conflicts


def _by_id(value: Any) -> dict | None:
    if not isinstance(value, list) or not all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in value):
        return None
    ids = [x["id"] for x in value]
    return dict(zip(ids, value)) if len(set(ids)) == len(ids) else None


def _merge_value(b: Any, o: Any, t: Any, relative: str, where: str, conflicts: list[Conflict]) -> Any:
    if o == t or t == b:
        return o
    if o == b:
        return t
    if isinstance(o, dict) and isinstance(t, dict) and (isinstance(b, dict) or b is _MISSING):
        base = b if isinstance(b, dict) else {}
        out = {}
        for k in list(o) + [k for k in t if k not in o]:
            v = _merge_value(base.get(k, _MISSING), o.get(k, _MISSING), t.get(k, _MISSING), relative,
                             f"{where}.{k}" if where else k, conflicts)
            if v is not _MISSING:
                out[k] = v
        return out
    ob, tb = _by_id(o), _by_id(t)
    bb = _by_id(b) if b is not _MISSING else {}
    if ob is not None and tb is not None and bb is not None:
        merged = _merge_value(bb, ob, tb, relative, where, conflicts)
        return list(merged.values())
    show = (lambda v: None if v is _MISSING else json.dumps(v, ensure_ascii=False, indent=2))
    kept, other = (o, t) if o is not _MISSING else (t, o)  # a key removed on one side, changed on the other: the change stays
    note = "changed on both machines" if o is not _MISSING and t is not _MISSING else "removed on one machine, changed on the other"
    conflicts.append(Conflict(relative, f"key {where or '(whole file)'}", show(kept), show(other), note))
    return kept


# -- warm.md by entry --------------------------------------------------------------------------
def _changed(a: WarmEntry, b: WarmEntry) -> bool:
    return core_of(a.raw) != core_of(b.raw)


def _merge_entry(base: WarmEntry, ours: WarmEntry, theirs: WarmEntry) -> WarmEntry | None:
    """The entry with each side's changes, field by field; None when a field was changed
    differently on both sides. A stamp moved on both (a flip and an edit each set it to its
    moment) takes the later one; the last access the later one."""
    values: dict[str, Any] = {}
    for name in _FIELDS:
        b, o, t = getattr(base, name), getattr(ours, name), getattr(theirs, name)
        if o == b:
            values[name] = t
        elif t == b or o == t:
            values[name] = o
        elif name == "stamp":
            values[name] = max(o, t)
        else:
            return None
    accesses = [x for x in (ours.last_access, theirs.last_access) if x]
    values["last_access"] = max(accesses) if accesses else None
    raw = format_block(**values) + (ours.trail or "\n")
    return replace(ours, raw=raw, **values)


def merge_warm(base: str, ours: str, theirs: str, relative: str = WARM) -> tuple[str, list[Conflict], int]:
    """warm.md merged by entry; the conflicts and how many entries the remote brought."""
    bd, od, td = parse_warm(base), parse_warm(ours), parse_warm(theirs)
    B, O, T = bd.entries, od.entries, td.entries
    b_of_o = match_entries(B, O)
    b_of_t = match_entries(B, T)
    t_of_b = {i: k for k, i in enumerate(b_of_t) if i is not None}
    o_of_b = {i: j for j, i in enumerate(b_of_o) if i is not None}
    conflicts: list[Conflict] = []
    out: list[WarmEntry] = []
    brought = 0
    for j, entry in enumerate(O):
        i = b_of_o[j]
        if i is None:
            out.append(entry)
            continue
        k = t_of_b.get(i)
        ours_changed = _changed(B[i], entry)
        if k is None:  # the remote removed it
            if ours_changed:
                out.append(entry)
                conflicts.append(Conflict(relative, "entry", core_of(entry.raw), None,
                                          "removed on the other machine, changed here"))
            continue
        other = T[k]
        theirs_changed = _changed(B[i], other)
        if not theirs_changed or not _changed(entry, other):
            out.append(entry)
        elif not ours_changed:
            out.append(replace(other, raw=core_of(other.raw) + (entry.trail or "\n")))
            brought += 1
        else:
            merged = _merge_entry(B[i], entry, other)
            if merged is None:
                out.append(entry)
                conflicts.append(Conflict(relative, "entry", core_of(entry.raw), core_of(other.raw),
                                          "changed on both machines"))
            else:
                out.append(merged)
                brought += 1
    present = {core_of(e.raw) for e in out}
    bodies = {(e.kind, e.confidence, e.body) for e in out}
    for k, other in enumerate(T):
        i = b_of_t[k]
        if i is not None:
            if i in o_of_b or not _changed(B[i], other):
                continue  # matched above, or removed here and unchanged there: stays removed
            conflicts.append(Conflict(relative, "entry", core_of(other.raw), None,
                                      "removed here, changed on the other machine: the changed entry is kept"))
        core = core_of(other.raw)
        if core in present or (other.kind, other.confidence, other.body) in bodies:
            continue  # the same entry written on both sides: once
        present.add(core)
        bodies.add((other.kind, other.confidence, other.body))
        out.append(other)
        brought += 1
    preamble = td.preamble if od.preamble == bd.preamble else od.preamble
    doc = WarmDocument(preamble, [])
    for entry in out:
        if doc.entries and not doc.entries[-1].raw.endswith("\n\n"):
            last = doc.entries[-1]
            doc.entries[-1] = replace(last, raw=last.raw.rstrip("\r\n") + "\n\n")
        doc.entries.append(entry)
    if out and not doc.entries[-1].raw.endswith("\n"):
        last = doc.entries[-1]
        doc.entries[-1] = replace(last, raw=last.raw + "\n")
    text = doc.render()
    if _blocks(text) != [core_of(e.raw) for e in doc.entries]:  # each entry reads back as itself
        raise MergeError(f"the merged {relative} does not read back entry by entry")
    return text, conflicts, brought
