"""Which files of a home the history keeps, and where the history lives (no pygit2 here: the
capture hook is installed by every command, and importing libgit2 costs a few hundred ms)."""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from linghun.core.appdirs import data_dir
from linghun.core.home import MemoryHome

#: warm.md, relative to the home's ``linghun`` folder (the file whose entries have versions)
WARM = "memory/warm.md"
HISTORY_SUFFIXES = (".md", ".json", ".jsonl")
#: folders (relative to the home's ``linghun`` folder) whose files are not versioned
EXCLUDED_DIRS = ("memory/team/traces",)
_SAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def is_versioned(relative: str) -> bool:
    """A file of the home the history keeps: the layout's text files, not temp or lock files,
    not quarantined ``.corrupt`` copies, not our round traces."""
    name = relative.rsplit("/", 1)[-1]
    if name.startswith(".") or not name.endswith(HISTORY_SUFFIXES):
        return False
    return not any(relative == d or relative.startswith(d + "/") for d in EXCLUDED_DIRS)


def history_location(home: MemoryHome) -> Path:
    root = str(home.root.resolve())
    digest = hashlib.sha1(root.encode("utf-8")).hexdigest()[:12]
    label = _SAFE.sub("_", home.dsh_home.name or "home")[:40]
    return data_dir() / "history" / f"{label}-{digest}.git"
