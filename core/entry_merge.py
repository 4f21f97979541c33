"""Two warm entries a person chose, merged into one (the workbench's Merge).

The seeds merge only on append (a near duplicate of a live entry takes its place, ``Memory.append``);
they say nothing of merging two entries already in warm.md. What a person merging two entries
means is "these say one thing", so:

- the entry **earlier in the file is kept** (its place, its id, its stamp: when the thing was first
  said) and the later one is removed;
- the **body** is the two bodies, the kept one first, a blank line between; when one body holds
  the other (white space aside) the longer alone, so merging a duplicate does not repeat it;
- the **confidence** is the lower of the two (a merged claim is as sure as its less sure part);
- the **last access** is the later of the two (the merged entry was used when either was);
- both must be **of one kind** (an event's or a rule's body has fields of its own: SPEC 3) and
  **live** (a wrong entry is kept for traceability and never injected; Revive it first).
"""
from __future__ import annotations

from linghun.core.errors import InvalidInputError
from linghun.core.formats.warm import WarmEntry

#: surest first (``wrong`` never merges)
_SURENESS = ("high", "medium", "low")


def _folded(text: str) -> str:
    return " ".join(text.split())


def merged_body(first: str, second: str) -> str:
    a, b = first.strip("\n"), second.strip("\n")
    if _folded(b) in _folded(a):
        return a
    if _folded(a) in _folded(b):
        return b
    return f"{a}\n\n{b}"


def merge_changes(kept: WarmEntry, removed: WarmEntry) -> dict:
    """The field changes that make ``kept`` the merge of both (module docstring);
    ``InvalidInputError`` when the two cannot be merged."""
    if kept.id == removed.id:
        raise InvalidInputError("choose two different entries to merge")
    wrong = [e.n for e in (kept, removed) if e.is_wrong]
    if wrong:
        raise InvalidInputError(f"entry [{wrong[0]}] is wrong: Revive it first (a wrong entry is kept as it is)")
    if kept.ontology_kind != removed.ontology_kind:
        raise InvalidInputError(f"[{kept.n}] is {kept.ontology_kind} and [{removed.n}] {removed.ontology_kind}: "
                                "only entries of one kind merge")
    confidence = max(kept.effective_confidence, removed.effective_confidence, key=_SURENESS.index)
    changes = {"body": merged_body(kept.body, removed.body), "confidence": confidence}
    accesses = [a for a in (kept.last_access, removed.last_access) if a]
    if accesses and max(accesses) != kept.last_access:
        changes["last_access"] = max(accesses)
    return {k: v for k, v in changes.items() if getattr(kept, k) != v or k == "body"}


def merge_order(first: WarmEntry, second: WarmEntry) -> tuple[WarmEntry, WarmEntry]:
    """``(kept, removed)``: the earlier entry in the file is kept."""
    return (first, second) if first.n <= second.n else (second, first)


__all__ = ["merge_changes", "merge_order", "merged_body"]
