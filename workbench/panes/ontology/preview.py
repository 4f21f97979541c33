"""Previews of consolidation and projection: what each would write, before anything is written.

Both run as background tasks (``workbench.tasks``: plain Python reporting through ``TaskState``).

- Consolidation touches many files (warm, cold, the ontologies, rules, an episodic archive):
  ``Memory.plan_consolidation`` computes every file it would write, exactly what
  ``Memory.consolidate`` then commits.
- Projection writes only ``ontology.md``: ``core.ontology`` computes the nodes without writing.

Applying a preview writes exactly the previewed texts through ``WriteFiles`` (one undo step),
and only when the files still hold what the preview was computed from.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Sequence

from linghun.core.checks.preview import checks_broken_by
from linghun.core.errors import LinghunError
from linghun.core.events import EventBus
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.workbench.dialogs.diff import diff_slices, unified_diff
from linghun.workbench.panes.ontology.commands import WriteFiles, current_text


@dataclass
class PreviewedChange:
    """The files a change would write: ``before`` (now) and ``after`` (then), by absolute path."""

    title: str
    home: MemoryHome
    before: dict[str, str | None] = field(default_factory=dict)
    after: dict[str, str | None] = field(default_factory=dict)
    #: what the change amounts to (consolidation: events, knowledge, rules, cold, wrong_dropped,
    #: bytes; projection: topics, by, and empty=True when warm had nothing to project)
    counts: dict = field(default_factory=dict)
    #: the memory checks (core/CHECKS.md) that pass now and would fail once it is applied
    broken_checks: list = field(default_factory=list)
    _diff: str | None = field(default=None, repr=False)
    _slices: list[str] | None = field(default=None, repr=False)

    @property
    def is_empty(self) -> bool:
        return all(self.before.get(p) == t for p, t in self.after.items())

    def changed(self) -> list[str]:
        return sorted(p for p, t in self.after.items() if self.before.get(p) != t)

    def relative(self, path: str) -> str:
        try:
            return str(Path(path).relative_to(self.home.root))
        except ValueError:
            return Path(path).name

    def diff(self) -> str:
        """The unified diff of every changed file. The tasks compute it on their worker
        (``with_diff``): for a 10k-entry consolidation difflib took seconds of the GUI thread."""
        if self._diff is None:
            self._diff = "".join(unified_diff(self.before.get(p) or "", self.after[p] or "", self.relative(p))
                                 for p in self.changed())
        return self._diff

    def diff_slices(self) -> list[str]:
        """The diff cut for ``DiffView.show_slices`` (computed with the diff by ``with_diff``)."""
        if self._slices is None:
            self._slices = diff_slices(self.diff())
        return self._slices

    def with_diff(self) -> "PreviewedChange":
        self.diff_slices()
        return self

    def operation(self) -> WriteFiles:
        """The undoable write of exactly the previewed texts."""
        changed = self.changed()
        return WriteFiles(after={p: self.after[p] for p in changed}, before={p: self.before.get(p) for p in changed})


def preview_consolidation(state, home: MemoryHome, when: datetime | None = None) -> PreviewedChange:
    """Task: the files a consolidation would write, computed by the consolidation itself
    (``Memory.plan_consolidation``) without writing anything."""
    when = when or datetime.now()
    state.set_progress(0.1, "read")
    plan = Memory(home, events=EventBus()).plan_consolidation(when)
    state.check_cancelled()
    state.set_progress(0.8, "compare")
    change = PreviewedChange("consolidate", home)
    for path, (before, after) in plan.texts().items():
        if before != after:
            change.before[str(path)], change.after[str(path)] = before, after
    result = plan.result
    change.counts = {"events": result.events, "knowledge": result.knowledge, "rules": result.rules,
                     "cold": result.cold, "wrong_dropped": result.wrong_dropped, "bytes": result.archived_bytes}
    state.set_progress(0.85, "checks")
    try:
        change.broken_checks = checks_broken_by(home, {p: after for p, (_b, after) in plan.texts().items()})
    except LinghunError:  # a broken checks.json is the Checks pane's to report; the preview stands
        change.broken_checks = []
    state.check_cancelled()
    state.set_progress(0.9, "diff")
    change.with_diff()
    state.set_progress(1.0, "done")
    return change


def preview_projection(state, home: MemoryHome, memory: Memory, buckets: Sequence[str] = (),
                       llm=None) -> PreviewedChange:
    """Task: the ``ontology.md`` that ``memory_project`` would write (offline, or with the LLM of
    the ``LLMSettings`` ``llm``, whose client is built here, off the GUI thread)."""
    from linghun.core.formats.nodes import render_nodes
    from linghun.core.ontology import project_offline, project_with_llm
    from linghun.workbench.llm_setup import provider_for

    state.set_progress(0.1, "read")
    entries = memory.entries()
    change = PreviewedChange("project", home)
    if not entries:
        change.counts = {"empty": True}
        return change
    state.check_cancelled()
    state.set_progress(0.3, "project")
    by = "offline"
    nodes = None
    with provider_for(llm) as provider:
        if provider is not None:
            from linghun.core.llm import LLMError

            try:
                nodes, _warnings = project_with_llm(provider, entries, list(buckets))
                by = "llm"
            except LLMError as exc:
                by = f"fallback ({exc})"
    if nodes is None:
        nodes = project_offline(entries, list(buckets))
    state.check_cancelled()
    after = render_nodes(nodes)
    before = current_text(home.ontology)
    if before != after:
        change.before[str(home.ontology)], change.after[str(home.ontology)] = before, after
    change.counts = {"topics": len([n for n in nodes if not n.is_empty]), "by": by}
    change.with_diff()
    state.set_progress(1.0, "done")
    return change
