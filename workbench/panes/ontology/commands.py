"""Undoable changes of whole files (node files, cold, team files) and the node edits built on them.

``WriteFiles`` follows the operation protocol of ``workbench.undo`` (``apply(memory)`` makes the
change and returns its inverse), so it goes on the same ``QUndoStack`` as the entry edits. It puts
files into given states (a text, or ``None`` for "absent") only when every file still holds what
the edit was made against; when the agent changed one meanwhile, nothing is written and a
``ConflictError`` says so. Undo and redo therefore restore the exact bytes.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from linghun.core.errors import ConflictError, InvalidInputError
from linghun.core.formats import nodes as nodes_format
from linghun.core.fsio import read_text
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory
from linghun.core.transaction import FileChange, commit

#: what ``memory.changed`` says about each file name (the bridge and file watcher use the path)
_WHAT = {"warm.md": "warm", "cold.md": "cold", "rules.md": "rules", "ontology.md": "ontology",
         "memory_ontology.md": "memory_ontology", "knowledge_ontology.md": "knowledge",
         "knowledge.md": "knowledge", "identity.md": "identity"}


def current_text(path: Path) -> str | None:
    """The file's text, ``None`` when it does not exist (a non-UTF-8 file raises)."""
    return read_text(path) if Path(path).exists() else None


@dataclass
class WriteFiles:
    """Set files to ``after`` if they hold ``before`` now; the inverse swaps the two.

    Attributes:
        after: path -> text (``None``: the file is removed).
        before: path -> the text expected now (``None``: expected absent).
    """

    after: dict[str, str | None]
    before: dict[str, str | None]

    def apply(self, memory: Memory) -> "WriteFiles":
        with home_lock(memory.home).hold():
            for name, expect in self.before.items():
                if current_text(Path(name)) != expect:
                    raise ConflictError(f"{Path(name).name} was changed by another writer since this edit; "
                                        "it was left as it is")
            # several files: all or nothing, even across a crash (core.transaction)
            commit(memory.home.root, [FileChange.text(Path(name), self.before.get(name), text)
                                      for name, text in self.after.items()])
        for name in self.after:
            path = Path(name)
            what = "episodic" if path.parent.name == "episodic" else _WHAT.get(path.name, "team")
            memory.events.publish("memory.changed", home=str(memory.home.root), path=str(path), what=what)
        return WriteFiles(after=dict(self.before), before=dict(self.after))


def _nth(doc: nodes_format.NodeDocument, theme: str, occurrence: int) -> int:
    seen = 0
    for i, node in enumerate(doc.nodes):
        if node.theme == theme:
            seen += 1
            if seen == occurrence:
                return i
    raise InvalidInputError(f"the node {theme!r} is no longer in the file")


def edit_node(text: str, theme: str, occurrence: int, body: str, new_theme: str | None = None) -> str:
    """``text`` with the ``occurrence``-th node named ``theme`` given a new body (and theme).

    Only that node is re-rendered; every other byte stays. A body line starting with ``## `` is
    escaped so the node stays whole for the upstream reader.
    """
    doc = nodes_format.parse_nodes(text)
    i = _nth(doc, theme, occurrence)
    changes: dict = {"body": nodes_format.escape_heading_lines(body.strip("\n"))}
    if new_theme is not None and " ".join(new_theme.split()) != theme:
        clean = " ".join(new_theme.split())
        if not clean:
            raise InvalidInputError("a node needs a theme")
        changes["theme"] = clean
    doc.nodes[i] = doc.nodes[i].with_changes(**changes)
    return doc.render()


def remove_node(text: str, theme: str, occurrence: int) -> str:
    """``text`` without the ``occurrence``-th node named ``theme``."""
    doc = nodes_format.parse_nodes(text)
    i = _nth(doc, theme, occurrence)
    doc.nodes.pop(i)
    if i == len(doc.nodes) and i > 0 and doc.nodes[-1].raw.endswith("\n\n"):
        # the new last node keeps a single final newline, as NodeDocument.remove does
        doc.nodes[-1].raw = doc.nodes[-1].raw.rstrip("\n") + "\n"
    return doc.render()


def add_node(text: str, theme: str, body: str) -> str:
    """``text`` with a new node at the end (or ``body`` added to an existing node of that theme)."""
    doc = nodes_format.parse_nodes(text)
    doc.append_to(theme, body)
    return doc.render()
