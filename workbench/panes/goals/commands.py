"""Undoable changes of goals.json.

The operations follow the protocol of ``workbench.undo`` (``apply(memory)`` makes the change and
returns its inverse), so they go on the shared ``QUndoStack``. A change runs through the core
(``core.goals.Goals``: state machine, signal merging, history) under the home lock and records the
file's exact bytes before and after; its inverse is ``WriteBytes``, which puts the old bytes back
only if the file still holds the new ones. Undo and redo therefore restore goals.json byte for
byte, and never overwrite a change the agent made meanwhile (``ConflictError``).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from linghun.core.errors import ConflictError, InvalidInputError
from linghun.core.fsio import atomic_write, read_bytes
from linghun.core.goals import Goals
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory


@dataclass
class WriteBytes:
    """Set ``path`` to ``data`` (``None``: remove it) if it holds ``expect`` now; the inverse swaps them.

    Attributes:
        what: the ``what`` of the ``memory.changed`` event published after the write.
    """

    path: str
    data: bytes | None
    expect: bytes | None
    what: str

    def apply(self, memory: Memory) -> "WriteBytes":
        path = Path(self.path)
        with home_lock(memory.home).hold():
            current = read_bytes(path)
            if current != self.expect:
                raise ConflictError(f"{path.name} was changed by another writer since this edit; "
                                    "it was left as it is")
            if self.data is None:
                path.unlink(missing_ok=True)
            else:
                atomic_write(path, self.data)
        memory.events.publish("memory.changed", home=str(memory.home.root), path=str(path), what=self.what)
        return WriteBytes(self.path, current, expect=self.data, what=self.what)


@dataclass
class GoalsChange:
    """One change made by the goal system: ``change(goals)`` runs under the lock.

    ``change`` is a call on ``core.goals.Goals`` (``set_state``, ``goal_update``); what it refuses
    (an illegal transition, an empty statement, a corrupt file) raises before anything is written.
    """

    change: Callable[[Goals], Any]

    def apply(self, memory: Memory) -> WriteBytes:
        goals = Goals(memory.home, events=memory.events)
        with home_lock(memory.home).hold():
            before = read_bytes(goals.path)
            self.change(goals)
            after = read_bytes(goals.path)
        if after == before:
            raise InvalidInputError("the goals did not change")
        return WriteBytes(str(goals.path), before, expect=after, what="goals")


def set_state(goal_id: str, state: str) -> GoalsChange:
    """An explicit state change by the user (reason ``user``, source ``{"kind": "user"}``)."""
    return GoalsChange(lambda goals: goals.set_state(goal_id, state, reason="user", source="user"))


def add_goal(statement: str, domain: str | None, priority: str | None, triggers: list[str],
             speaker: str = "user") -> GoalsChange:
    """A ``new`` signal: a new goal, or merged into the speaker's goal on the same topic (SPEC 8)."""
    return GoalsChange(lambda goals: goals.goal_update(
        "new", statement, speaker=speaker or "user", domain=domain or None, priority=priority or None,
        triggers=triggers, source="user"))


def edit_goal(goal_id: str, statement: str, domain: str | None, priority: str | None,
              triggers: list[str]) -> GoalsChange:
    """A ``change`` signal on one goal: its statement, domain, priority and triggers replaced
    (the history keeps what they were)."""
    return GoalsChange(lambda goals: goals.goal_update(
        "change", statement, goal_id=goal_id, domain=domain or None, priority=priority or None,
        triggers=triggers, source="user"))
