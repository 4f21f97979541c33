"""Where a write of the memory home may land: inside the home, never through a link out of it.

The home's files are written by other programs too (the agent, a sync tool, a skill), so a path
that comes from the home (an intent record of ``core.transaction``) or a folder of it that was
replaced by a symbolic link must not turn a write of ours into a write elsewhere. A file may be
written when:

- its name, relative to the folder it belongs to, is relative, has no ``..`` and no empty part;
- the folder it is in, links followed, lies inside one of the home's *places*.

The places are the ``linghun/`` folder and its ``memory/`` folder, each where it resolves to (the
whole home, or its ``memory/`` folder, may be kept on another disk through a link: that is the
user's choice, made once, at the top), and the folders the home's settings move files to
(``warm.path``, ``output.injectPath``, ``team.cycleDir``: the user's choice too, written in
``workbench.json``). A folder *below* a place that is a link leading out of every place
(``memory/episodic`` -> ``/elsewhere``) is refused with ``UnsafePathError``.
"""
from __future__ import annotations

import os
from pathlib import Path, PurePath

from linghun.core.errors import UnsafePathError
from linghun.core.home import MemoryHome
from linghun.core.settings import home_settings

__all__ = ["HOME", "relative_name", "moved_places", "check_inside", "check_home_write", "bad_name"]

#: the place of a file given relative to ``linghun/`` itself
HOME = "home"


def bad_name(name: str) -> str | None:
    """Why ``name`` cannot name a file inside a folder (absolute, ``..``, empty part), or ``None``."""
    if not name or "\x00" in name:
        return "an empty name or a NUL byte"
    pure = PurePath(name)
    if pure.is_absolute() or pure.anchor or name.startswith(("/", "\\")):
        return "an absolute path"
    parts = name.replace("\\", "/").split("/")
    if any(p in ("", ".", "..") for p in parts):
        return "a '..', '.' or empty part"
    return None


def moved_places(root: Path) -> dict[str, Path]:
    """The folders the home's settings move files to (only those set): ``warm``, ``assembled``
    (the folder of the file) and ``team``. A corrupt ``workbench.json`` raises ``CorruptFileError``."""
    paths = home_settings(MemoryHome(Path(root))).paths_home
    places = {}
    if paths.warm_path is not None:
        places["warm"] = paths.warm_path.parent
    if paths.assembled_path is not None:
        places["assembled"] = paths.assembled_path.parent
    if paths.team_path is not None:
        places["team"] = paths.team_path
    return places


def _resolved_places(root: Path, extra: Path | None) -> list[Path]:
    root = Path(root)
    found = [root.resolve(), (root / "memory").resolve()]
    if extra is not None:
        found.append(Path(extra).resolve())
    return found


def check_inside(root: Path, path: Path, place: Path | None = None) -> None:
    """Raise ``UnsafePathError`` unless writing ``path`` lands inside the home rooted at ``root``
    (its ``linghun/`` folder) or inside ``place`` (a folder the settings named).

    ``path`` itself must not be a symbolic link, and the folder holding it, links followed, must
    be inside a place (folders not made yet are judged where they will be made)."""
    path = Path(path)
    if path.is_symlink():
        raise UnsafePathError(path, "it is a symbolic link")
    real = path.parent.resolve()
    if not any(real == p or real.is_relative_to(p) for p in _resolved_places(root, place)):
        raise UnsafePathError(path, f"its folder leads to {real}, outside the memory home")


def check_home_write(home: MemoryHome, path: Path) -> None:
    """:func:`check_inside` for a file that ``home`` writes without an intent record (the goals,
    the team's records and traces, a restored file): inside ``linghun/`` or its ``memory/``
    folder, or in a folder the home's settings moved its files to (``home``'s moved paths, as
    ``home_settings(...).paths_home`` gives them)."""
    moved = [p for p in (home.team_path, home.warm_path and home.warm_path.parent,
                         home.assembled_path and home.assembled_path.parent) if p is not None]
    path = Path(path)
    refusal = None
    for place in moved or [None]:
        try:
            check_inside(home.root, path, place)
            return
        except UnsafePathError as exc:
            refusal = exc
    raise refusal


def relative_name(root: Path, path: Path, places: dict[str, Path]) -> tuple[str, str]:
    """``(place, name)`` naming ``path`` for an intent record: relative to ``linghun/`` when it is
    in there, else to the moved place holding it. ``UnsafePathError`` when it is in neither."""
    root, path = Path(root), Path(path)
    candidates = [(HOME, root)] + sorted(places.items(), key=lambda kv: -len(str(kv[1])))
    for place, base in candidates:
        rel = os.path.relpath(path, base)
        if bad_name(rel) is None:
            return place, Path(rel).as_posix()
    raise UnsafePathError(path, "it is neither inside the memory home nor in a folder its settings name")
