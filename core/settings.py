"""Every setting of one home, read once from ``workbench.json`` (reference: SETTINGS.md).

``home_settings(home)`` returns ``HomeSettings``: the assembler settings (the assembler seed's
own block, under ``assembler``), the memory plugin's settings (``memory``), the map's (``map``),
the agent context's (``context``), the paths they move (``~`` and ``$DSH_HOME`` expanded) and
``warnings``: one line per key we do not know. An unknown key never fails anything (the seed's
block pasted as is must run a round); it is named so a typo is seen.
"""
from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from linghun.core import installed_models
from linghun.core.assembler.config import AssemblerConfig
from linghun.core.errors import CorruptFileError
from linghun.core.home import MemoryHome
from linghun.core.home_config import read_config
from linghun.core.memory_config import MemoryConfig

#: memory keys read elsewhere: ``MemoryConfig.SETTINGS`` (capacity, read budget...) and linghun's
#: ``memory.assembler.injectPath`` (where the agent reads the bundle)
MEMORY_OTHER_KEYS = {"assembler": {"injectPath": ""}}
MAP_DEFAULTS: dict[str, Any] = {"enabled": True, "budget": 2000}
#: the review of the agent's writes (core/REVIEW.md): ``hold`` off, ``risky`` (flips, merges,
#: deletions and replacements wait for the user) or ``all`` (every write of our tools waits)
REVIEW_DEFAULTS: dict[str, Any] = {"hold": "off"}
#: the agent context's settings (core/context.py, CONTEXT.md)
CONTEXT_DEFAULTS: dict[str, Any] = {
    "language": "zh",          # the language of our discipline texts and part titles
    "identity": "",            # replaces our identity card when the home has no identity.md
    "judgment": "",            # replaces our judgment discipline
    "discipline": "",          # replaces our memory discipline
    "budgets": {"identity": 2000, "judgment": 1500, "discipline": 1500, "goals": 2000},
    "maxChars": 10000,         # the whole context (0 = no limit); see core.context.YIELD_ORDER
}


@dataclass
class HomeSettings:
    home: MemoryHome
    assembler: Any
    memory: Any                 # core.memory.MemoryConfig
    memory_inject_path: str
    map: dict[str, Any]
    context: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    review: dict[str, Any] = field(default_factory=lambda: dict(REVIEW_DEFAULTS))

    @property
    def inject_path(self) -> Path:
        """Where the bundle is written and read: the assembler's ``output.injectPath``, else the
        memory plugin's ``memory.assembler.injectPath``, else ``memory/assembled.md``."""
        return self.paths_home.assembled

    @property
    def paths_home(self) -> MemoryHome:
        """The home with the files the settings move (warm, bundle, team workspace)."""
        return home_with_paths(self.home, self.assembler, self.memory_inject_path)


def expand_path(value: str, home: MemoryHome) -> Path | None:
    """A configured path: ``$DSH_HOME`` / ``${DSH_HOME}`` is the home's DSH folder (the agent's,
    whatever this process's environment says), then ``~`` and other variables; relative paths are
    relative to ``$DSH_HOME``. Empty means "the default place" (``None``)."""
    text = str(value or "").strip()
    if not text:
        return None
    text = re.sub(r"\$\{DSH_HOME\}|\$DSH_HOME(?![A-Za-z0-9_])", lambda _m: str(home.dsh_home), text)
    path = Path(os.path.expandvars(os.path.expanduser(text)))
    return path if path.is_absolute() else home.dsh_home / path


def memory_inject_path(memory_section: Any) -> str:
    """linghun's ``memory.assembler.injectPath`` from a ``memory`` section ("" when absent)."""
    theirs = memory_section.get("assembler") if isinstance(memory_section, Mapping) else None
    value = theirs.get("injectPath", "") if isinstance(theirs, Mapping) else ""
    return value if isinstance(value, str) else ""


def home_with_paths(home: MemoryHome, assembler: Any, theirs_inject: str = "") -> MemoryHome:
    """``home`` with ``warm.path``, ``output.injectPath`` (else linghun's ``memory.assembler.injectPath``,
    ``theirs_inject``) and ``team.cycleDir`` applied."""
    base = MemoryHome(home.root)
    inject = assembler.get("output.injectPath") or theirs_inject
    return base.with_paths(warm=expand_path(assembler.get("warm.path"), base),
                           assembled=expand_path(inject, base),
                           team=expand_path(assembler.get("team.cycleDir"), base))


def team_workspace(home: MemoryHome) -> Path:
    """Where the home's team workspace is (``team.cycleDir``, else ``memory/team``): what the
    assembler seed's ``ready`` prints, so an agent and its user know where rounds leave their
    ledger. An unreadable workbench.json gives the layout's place (the round says why)."""
    try:
        return home_settings(home).paths_home.team_dir
    except CorruptFileError:
        return home.team_dir


def merge_known(defaults: Mapping[str, Any], values: Any, prefix: str, warnings: list[str],
                free: tuple[str, ...] = ()) -> dict[str, Any]:
    """``defaults`` overlaid with ``values``; keys not in ``defaults`` are warned about and
    skipped, a value of the wrong type keeps the default (warned too). ``free``: dict keys whose
    content is the user's (alias tables)."""
    out = copy.deepcopy(dict(defaults))
    if values is None:
        return out
    if not isinstance(values, Mapping):
        warnings.append(f"{prefix.rstrip('.') or 'settings'} must be an object; ignored")
        return out
    for key, value in values.items():
        dotted = f"{prefix}{key}"
        if key not in defaults:
            warnings.append(f"unknown setting {dotted!r} ignored")
            continue
        default = defaults[key]
        if isinstance(default, dict) and key not in free and default:
            out[key] = merge_known(default, value, dotted + ".", warnings, free)
        elif _same_type(value, default):
            out[key] = value
        else:
            warnings.append(f"{dotted} must be {type(default).__name__}, got {value!r:.40}; default kept")
    return out


def _same_type(value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, type(default))


def home_settings(home: MemoryHome) -> HomeSettings:
    """Read every section (a corrupt workbench.json raises ``CorruptFileError`` as before)."""
    data = read_config(home)
    warnings: list[str] = []
    assembler = AssemblerConfig.lenient(data.get("assembler") or {}, warnings)
    memory_section = data.get("memory")
    if isinstance(memory_section, Mapping):
        warnings += [f"unknown setting 'memory.{k}' ignored" for k in memory_section
                     if k not in MemoryConfig.SETTINGS and k not in MEMORY_OTHER_KEYS]
    memory = MemoryConfig.from_home(home)
    theirs = memory_inject_path(memory_section)
    map_cfg = merge_known(MAP_DEFAULTS, data.get("map"), "map.", warnings)
    map_cfg["budget"] = max(0, map_cfg["budget"])
    context = merge_known(CONTEXT_DEFAULTS, data.get("context"), "context.", warnings)
    settings = HomeSettings(home, assembler, memory, theirs, map_cfg, context, warnings,
                            merge_known(REVIEW_DEFAULTS, data.get("review"), "review.", warnings))
    missing = installed_models.missing_for(assembler)
    if missing:  # never a silent fallback to words only
        warnings.append(missing)
    ours = assembler.get("output.injectPath")
    if ours and theirs and expand_path(ours, home) != expand_path(theirs, home):
        warnings.append("output.injectPath and memory.assembler.injectPath differ: the bundle is written to "
                        "the first and the agent reads the second; set both to the same path")
    return settings


__all__ = ["CONTEXT_DEFAULTS", "HomeSettings", "MAP_DEFAULTS", "REVIEW_DEFAULTS", "team_workspace", "memory_inject_path", "expand_path", "home_settings",
           "home_with_paths", "merge_known"]
