"""The lock every writer of a memory home takes, and the one write of workbench.json made under it.

The lock is the home's ``.linghun.lock`` (``core.fsio.HomeLock``: other processes, the agent among
them, take it too). Whoever takes it first finishes (or undoes) a multi-file operation that a
crash interrupted (``core.transaction``), so every writer starts from an all-or-nothing home. That
is why the lock lives here, above the transaction, and not with the home's paths
(``core.home``): recovery checks the journal against the home's settings (``core.containment``),
which read the paths.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from linghun.core.events import bus
from linghun.core.fsio import HomeLock, write_json
from linghun.core.home import MemoryHome
from linghun.core.home_config import read_config
from linghun.core.transaction import pending, recover

__all__ = ["home_lock", "update_section"]


class _RecoveringLock(HomeLock):
    """The home lock; taking it first recovers what a crash left half done."""

    def _acquire(self) -> None:
        super()._acquire()
        root = self.path.parent
        if not pending(root):
            return
        try:
            for note in recover(root):
                logging.getLogger(__name__).warning("%s: %s", root, note)
        except BaseException:
            self._release()
            raise


_LOCKS: dict[Path, HomeLock] = {}


def home_lock(home: MemoryHome) -> HomeLock:
    """The lock of ``home``: one object per home per process, so re-entrancy works across
    ``MemoryHome`` copies."""
    lock = _LOCKS.get(home.lock_path)
    if lock is None:
        lock = _LOCKS[home.lock_path] = _RecoveringLock(home.lock_path)
    return lock


def update_section(home: MemoryHome, key: str, change: Callable[[Any], Any]) -> Any:
    """Replace section ``key`` of workbench.json with ``change(old)`` under the home lock, keeping
    every other key; returns the new section."""
    with home_lock(home).hold():
        data = read_config(home)
        data[key] = change(data.get(key))
        home.root.mkdir(parents=True, exist_ok=True)
        write_json(home.config, data)
    bus.publish("memory.changed", home=str(home.root), path=str(home.config), what="config")
    return data[key]
