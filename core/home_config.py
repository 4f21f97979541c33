"""Our settings for one memory home: ``linghun/workbench.json`` (the agent ignores this file).

One JSON object with a section per feature: ``llm`` (provider settings), ``assembler`` (upstream
setting names), ``aliases`` (the three ontologies' alias tables), ``map`` (``enabled``,
``budget``). Every reader and writer of the file goes through here, so they agree on what a
missing, empty or broken file means:
- missing or empty: ``{}`` (every section falls back to its defaults);
- not JSON: ``core.fsio.read_json`` keeps a dated ``.corrupt`` copy and raises ``CorruptFileError``;
- JSON but not an object: ``CorruptFileError`` too, and the file is never written over.

Writing a section takes the home lock: ``core.home_lock.update_section``.
"""
from __future__ import annotations

from typing import Any

from linghun.core.errors import CorruptFileError
from linghun.core.fsio import read_json
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
