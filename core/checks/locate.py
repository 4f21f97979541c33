"""Where an expected entry stands now: in warm.md (itself, flipped, touched or edited), in an
ontology file after a consolidation, or nowhere.

Found in this order, most certain first (as ``core.history.lineage`` matches versions):
1. the same stamp, kind and body (``content_id``): untouched, touched, another confidence;
2. the same body: a flip rewrites the header (``## <now> [fact] wrong``) and keeps the body;
3. the same stamp and kind with a similar body (``SIMILAR_BODY``): an edit in place.
Otherwise its text is looked for in the files consolidation writes to (the event timeline, the
knowledge ontology, rules.md, the cold summary), whose parts of the context then carry it.
"""
from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass

from linghun.core.checks.model import Expected, one_line
from linghun.core.formats.warm import WarmEntry, content_id
from linghun.core.fsio import read_text
from linghun.core.history.lineage import SIMILAR_BODY
from linghun.core.home import MemoryHome


@dataclass(frozen=True)
class Place:
    """``entry``: the warm entry it is now (None when it left warm); ``how``: same, flipped,
    touched (same body, another header), edited; ``files``: context parts whose source file holds
    its consolidated line (knowledge, rules, timeline, cold)."""

    entry: WarmEntry | None
    how: str
    files: tuple[str, ...] = ()


class Locator:
    """The warm entries and consolidated files of one state of the home, indexed once."""

    def __init__(self, home: MemoryHome, entries: list[WarmEntry]):
        self.home = home
        self.entries = entries
        self._by_id: dict[str, WarmEntry] = {}
        self._by_body: dict[str, list[WarmEntry]] = defaultdict(list)
        self._by_head: dict[tuple[str, str], list[WarmEntry]] = defaultdict(list)
        for entry in entries:
            self._by_id.setdefault(content_id(entry.stamp, entry.kind, entry.body), entry)
            self._by_body[one_line(entry.body)].append(entry)
            self._by_head[(entry.stamp, entry.kind)].append(entry)
        self._files: dict[str, str] | None = None

    def files(self) -> dict[str, str]:
        """Folded text of each file consolidation writes, by the context part that shows it."""
        if self._files is None:
            home = self.home
            knowledge = home.knowledge_ontology if home.knowledge_ontology.exists() else home.knowledge_legacy
            sources = {"knowledge": knowledge, "rules": home.rules, "timeline": home.memory_ontology, "cold": home.cold}
            self._files = {key: one_line(read_text(path) or "") for key, path in sources.items()}
        return self._files

    def place(self, expected: Expected) -> Place:
        entry = self._by_id.get(expected.id)
        if entry is not None:
            return Place(entry, "flipped" if entry.is_wrong else "same")
        same_body = self._by_body.get(expected.text)
        if same_body:
            entry = same_body[-1]
            return Place(entry, "flipped" if entry.is_wrong else "touched")
        edited = self._edited(expected)
        if edited is not None:
            return Place(edited, "edited")
        text = expected.text
        return Place(None, "gone", tuple(key for key, body in self.files().items() if text and text in body))

    def _edited(self, expected: Expected) -> WarmEntry | None:
        best, best_ratio = None, SIMILAR_BODY
        for entry in self._by_head.get((expected.stamp, expected.kind), ()):
            ratio = difflib.SequenceMatcher(None, expected.body, entry.body, autojunk=False).ratio()
            if ratio >= best_ratio:
                best, best_ratio = entry, ratio
        return best


__all__ = ["Locator", "Place"]
