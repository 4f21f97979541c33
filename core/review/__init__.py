"""The review of what the agent wrote (core/REVIEW.md): a queue of the changes made by writers
other than the user, read from the home's history, each with its consequences and diff;
accept, reject (undo that change alone), contradictions caught, and writes held for review.

``queue``: the changes since the last review; ``warm_changes`` / ``file_changes``: one write
in words; ``reject``: the three-way undo; ``contradictions``; ``hold``; ``service``: what the
CLI and the workbench call (build, accept, reject). This package imports none of its modules:
the agent tools import ``hold`` alone, without the history's libgit2.
"""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from linghun.core.home import MemoryHome


def review_figures(home: "MemoryHome") -> dict:
    """What the health dashboard says of the queue: ``unreviewed`` (changes waiting), ``oldest``
    (when the oldest of them was made, ISO, or None) and ``contradictions`` (waiting changes
    that contradict what stands, their contradictions counted)."""
    # imported on call, for start-up time, as in unreviewed_summary
    from linghun.core.review.service import build_queue

    pending = [i for i in build_queue(home, check=True).items if i.status == "pending"]
    oldest = min((i.when for i in pending), default=None)
    return {"unreviewed": len(pending), "oldest": oldest.isoformat(timespec="seconds") if oldest else None,
            "contradictions": sum(len(i.contradictions) for i in pending)}


def unreviewed_summary(home: "MemoryHome") -> tuple[int, datetime | None]:
    """How many changes wait for review and when the oldest of them was made (None: none)."""
    # imported on call, for start-up time: the service loads the history (libgit2)
    from linghun.core.review.service import build_queue

    queue = build_queue(home, check=False)
    pending = [i for i in queue.items if i.status == "pending"]
    return len(pending), min((i.when for i in pending), default=None)
