"""Our settings for one memory home: ``linghun/workbench.json`` (the agent ignores this file).

One JSON object with a section per feature: ``llm`` (provider settings), ``assembler`` (upstream
setting names), ``aliases`` (the three ontologies' alias tables), ``map`` (``enabled``,
``budget``). Every reader and writer of the file goes through here, so they agree on what a
missing, empty or broken file means:
- missing or empty: ``{}`` (every section falls back to its defaults);
- not JSON: ``core.fsio.read_json`` keeps a dated ``.corrupt`` copy and raises ``CorruptFileError``;
- JSON but not an object: ``CorruptFileError`` too, and the file is never written over.
"""
from __future__ import annotations

from typing import Any, Callable

from linghun.core.errors import CorruptFileError
from linghun.core.events import bus
from linghun.core.fsio import read_json, write_json
from linghun.core.home import MemoryHome


def read_config(home: MemoryHome) -> dict[str, Any]:
    """The whole settings object (``{}`` when there is none)."""
    data = read_json(home.config)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise CorruptFileError(home.config, "workbench.json must hold a JSON object", None)
    return data


def config_section(home: MemoryHome, key: str) -> Any:
    """One section of the settings, ``None`` when absent."""
    return read_config(home).get(key)


def update_section(home: MemoryHome, key: str, change: Callable[[Any], Any]) -> Any:
    """Replace section ``key`` with ``change(old)`` under the home lock, keeping every other key;
    returns the new section."""
    with home.lock().hold():
        data = read_config(home)
        data[key] = change(data.get(key))
        home.root.mkdir(parents=True, exist_ok=True)
        write_json(home.config, data)
    bus.publish("memory.changed", home=str(home.root), path=str(home.config), what="config")
    return data[key]
