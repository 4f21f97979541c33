"""The map budget as an undoable change of the home's ``workbench.json`` (``map.budget``, SPEC 15)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from linghun.core.errors import ConflictError, InvalidInputError
from linghun.core.fsio import read_bytes, read_json, write_json
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory
from linghun.workbench.panes.goals.commands import WriteBytes


def set_map_budget(memory: Memory, budget: int) -> "_ConfigWrite":
    """The operation that makes ``budget`` the home's ``map.budget`` (workbench.json, SPEC 15);
    every other key of the file is kept."""
    path = memory.home.config
    with home_lock(memory.home).hold():
        before = read_bytes(path)
        data = read_json(path) if before is not None else {}
        if not isinstance(data, dict):
            raise InvalidInputError("workbench.json does not hold a JSON object; it was left as it is")
        section = data.get("map") if isinstance(data.get("map"), dict) else {}
        data["map"] = {**section, "budget": int(budget)}
    return _ConfigWrite(str(path), data, before)


@dataclass
class _ConfigWrite:
    """Write ``data`` as workbench.json if it still holds ``expect``; the inverse restores the bytes."""

    path: str
    data: dict
    expect: bytes | None

    def apply(self, memory: Memory) -> WriteBytes:
        path = Path(self.path)
        with home_lock(memory.home).hold():
            if read_bytes(path) != self.expect:
                raise ConflictError("workbench.json was changed by another writer since this edit; "
                                    "it was left as it is")
            write_json(path, self.data)
            after = read_bytes(path)
        memory.events.publish("memory.changed", home=str(memory.home.root), path=str(path), what="config")
        return WriteBytes(self.path, self.expect, expect=after, what="config")
