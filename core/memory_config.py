"""The memory plugin's settings (SPEC 15): ``memory`` in a home's ``workbench.json``.

Beside the memory operations (``core.memory``) and below everything that reads the home's
settings (``core.settings``), which both need them.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from linghun.core.errors import CorruptFileError, InvalidInputError
from linghun.core.home import MemoryHome
from linghun.core.home_config import config_section


@dataclass
class MemoryConfig:
    """SPEC 15 memory defaults; a home sets its own under ``memory`` in ``workbench.json``
    (:meth:`from_home`, key names of ``SETTINGS``)."""

    max_bytes: int = 65536
    auto_consolidate: bool = True
    trigger_ratio: float = 0.8
    inject_max_chars: int = 6000
    read_full_chars: int = 50000
    time_weight: bool = True

    #: ``workbench.json`` ``memory`` key -> (field, type check, what a valid value is)
    SETTINGS = {
        "maxBytes": ("max_bytes", lambda v: _is_int(v) and v > 0, "a positive whole number of bytes"),
        "autoConsolidate": ("auto_consolidate", lambda v: isinstance(v, bool), "true or false"),
        "triggerRatio": ("trigger_ratio", lambda v: _is_number(v) and 0 < v <= 1, "a number above 0, at most 1"),
        "injectMaxChars": ("inject_max_chars", lambda v: _is_int(v) and v > 0, "a positive whole number"),
        "readFullChars": ("read_full_chars", lambda v: _is_int(v) and v > 0, "a positive whole number"),
        "timeWeight": ("time_weight", lambda v: isinstance(v, bool), "true or false"),
    }

    @classmethod
    def from_home(cls, home: MemoryHome) -> "MemoryConfig":
        """The home's settings over the defaults. A value of the wrong type raises
        ``InvalidInputError`` naming the setting; a ``workbench.json`` that is not JSON at all
        leaves the defaults in force (its copy is kept aside by ``read_json``): the agent's writes
        must not stop because a settings file broke."""
        try:
            section = config_section(home, "memory")
        except CorruptFileError as exc:
            logging.getLogger(__name__).warning("%s; memory settings use their defaults", exc)
            return cls()
        if section is None:
            return cls()
        if not isinstance(section, dict):
            raise InvalidInputError(f"memory in {home.config} must be an object of settings")
        values = {}
        for key, value in section.items():
            if key not in cls.SETTINGS:
                continue  # unknown keys are kept in the file and ignored here
            name, valid, what = cls.SETTINGS[key]
            if not valid(value):
                raise InvalidInputError(f"memory.{key} in {home.config} must be {what}, not {value!r}")
            values[name] = value
        return cls(**values)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


__all__ = ["MemoryConfig"]
