"""All-or-nothing changes of several files of a memory home (a small redo journal).

An operation that writes more than one file (consolidation, an append that consolidates first, a
workbench change applied to several files) computes every new file first, then calls
:func:`commit` holding the home lock. ``commit``:

1. checks that every file still holds the bytes the change was computed from (content hash);
   if one changed, ``InputsChanged`` is raised and nothing is written (the caller recomputes);
2. writes each new file in full into the journal folder ``linghun/.linghun-txn/`` (fsync);
3. writes the intent record ``.intent`` there (atomically): which file gets which staged copy,
   with the hashes before and after. **This is the commit point**;
4. renames each staged copy over its file (a rename needs no space and is atomic), or removes it;
5. removes the intent record, then the folder.

:func:`recover` runs whenever a process takes the home lock (``core.home``) and when a ``Memory``
is opened: with no intent record the operation never reached its commit point, so the staged
copies are deleted and the files are as they were (rolled back); with an intent record every file
not yet holding its new bytes gets them (rolled forward). Either way the result is all or
nothing, and running recovery twice changes nothing more.

The journal is in the home, where other programs write too: recovery acts on it only when it is
safe (``core.intent_record``: a record that follows its schema, names files inside the home, and
whose staged copies hold the bytes it names); otherwise it is set aside as a dated ``.corrupt``
folder, one note says why, and writes go on (a malformed record blocked every later write, a
hand-written one could overwrite any file the user can reach).

A file that holds neither its old nor its new bytes at recovery was changed by a writer that does
not take our lock (the design says nothing can, so this is a choice): its bytes are copied aside to
``<name>.<stamp>.conflict`` before the new bytes replace them, so nothing is lost.

The folder starts with a dot and lives in ``linghun/`` beside ``workbench.json`` and the lock
file: the agent reads only the files of the layout (SPEC 2), and the workbench's watcher and
preview skip dot names.

The crash and I/O-error tests (``tests/reliability/test_consolidation_crash.py``) stop the process
or fail the call at every ``fsync``, rename and removal these steps make, and check the home after
recovery.
"""
from __future__ import annotations

import contextlib
import errno
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from linghun.core.containment import HOME, check_inside, moved_places, relative_name
from linghun.core.errors import ConflictError, LinghunError
from linghun.core.home import JOURNAL_DIR
from linghun.core.fsio import _fsync_dir, announce_written, atomic_write, read_bytes, set_aside, writes_observed
from linghun.core.intent_record import BadIntent, IntentFile, check_stage, decode, digest as _digest, encode

__all__ = ["FileChange", "InputsChanged", "IncompleteCommit", "commit", "recover", "pending", "JOURNAL_DIR"]

INTENT = ".intent"
_STAGE = ".stage-"


class InputsChanged(ConflictError):
    """A file changed since the change was computed from it: nothing was written."""


class IncompleteCommit(LinghunError):
    """The change is committed (its intent record is on disk) but some files could not be written
    yet; the next process opening the home finishes it."""


@dataclass(frozen=True)
class FileChange:
    """Put ``path`` into state ``after`` provided it holds ``before`` now.

    ``before``/``after``: the whole file's bytes, ``None`` for "absent".
    """

    path: Path
    before: bytes | None
    after: bytes | None

    @classmethod
    def text(cls, path: Path, before: str | bytes | None, after: str | None) -> "FileChange":
        enc = (lambda t: t.encode("utf-8") if isinstance(t, str) else t)
        return cls(Path(path), enc(before), enc(after))


def _write_durably(path: Path, data: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def journal_dir(root: Path) -> Path:
    return Path(root) / JOURNAL_DIR


def pending(root: Path) -> bool:
    """Whether an operation left its journal behind (cheap: one ``stat``)."""
    return os.path.lexists(journal_dir(root))  # a dangling link too: recovery sets it aside


def commit(root: Path, changes: list[FileChange]) -> None:
    """Apply ``changes`` all or nothing (the caller holds the home lock; see the module docstring).

    Every file must be inside the home or in a folder its settings name, reached without a link
    out of them (``core.containment``): otherwise ``UnsafePathError`` and nothing is written."""
    root = Path(root)
    changes = [c for c in changes if c.before != c.after]
    for c in changes:
        if _digest(read_bytes(c.path)) != _digest(c.before):
            raise InputsChanged(f"{c.path.name} was changed by another writer meanwhile; nothing was written")
    if not changes:
        return
    named = _names(root, changes)
    if len(changes) == 1 and changes[0].after is not None:
        # one file: the atomic write of fsio is all or nothing already
        atomic_write(changes[0].path, changes[0].after)
        return
    folder = journal_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        files = []
        for i, (c, (place, name)) in enumerate(zip(changes, named)):
            stage = None
            if c.after is not None:
                stage = folder / f"{_STAGE}{i}"
                _write_durably(stage, c.after)
            files.append(IntentFile(place, name, c.path, stage, _digest(c.before), _digest(c.after)))
        _fsync_dir(folder)
        _write_durably(folder / f"{INTENT}.tmp", encode(files))
        os.replace(folder / f"{INTENT}.tmp", folder / INTENT)
        _fsync_dir(folder)
    except BaseException:
        # before the commit point: nothing of the home was touched; drop what was staged
        with contextlib.suppress(OSError):
            shutil.rmtree(folder)
        raise
    try:
        _roll_forward(folder, files)
    except OSError as exc:
        raise IncompleteCommit(
            f"the change is recorded but {exc.filename or 'a file'} could not be written yet ({exc.strerror or exc}); "
            "it will be completed the next time the home is opened") from None


def _names(root: Path, changes: list[FileChange]) -> list[tuple[str, str]]:
    """``(place, name)`` of each changed file for the intent record, each checked to be inside the
    home (or a folder its settings name) the way recovery will check it."""
    places: dict[str, Path] = {}
    if any(not Path(c.path).is_relative_to(root) for c in changes):
        places = moved_places(root)  # read only when a file lies outside linghun/
    named = []
    for c in changes:
        place, name = relative_name(root, c.path, places)
        check_inside(root, c.path, None if place == HOME else places[place])
        named.append((place, name))
    return named


def _roll_forward(folder: Path, files: list[IntentFile]) -> list[str]:
    """Bring every file of an intent record to its new bytes, then clear the journal (the record
    was checked: ``commit`` made it, or ``recover`` checked it and its staged copies)."""
    notes = []
    todo = []
    for f in files:
        current = _digest(read_bytes(f.path))
        if current == f.after:
            continue
        if f.stage is not None and not f.stage.exists():
            notes.append(f"{f.name}: its new copy is gone and the file holds other bytes; left as it is")
            continue
        todo.append((f, current))
    applied: list[Path] = []
    touched_dirs: set[Path] = set()
    for f, current in todo:
        path = f.path
        if current not in (f.before, f.after) and current is not None:
            aside = path.with_name(f"{path.name}.{time.strftime('%Y%m%d-%H%M%S')}.conflict")
            shutil.copy2(path, aside)
            notes.append(f"{f.name}: changed by another writer meanwhile; its bytes were kept in {aside.name}")
        if f.stage is None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                with contextlib.suppress(OSError):
                    shutil.copymode(path, f.stage)
            _move_into_place(f.stage, path)
            applied.append(path)
        touched_dirs.add(path.parent)
    for d in touched_dirs:
        _fsync_dir(d)
    if writes_observed():  # the home's history records each file like any atomic write
        for path in applied:
            data = read_bytes(path)
            if data is not None:
                announce_written(path, data)
    os.unlink(folder / INTENT)
    _fsync_dir(folder)
    shutil.rmtree(folder, ignore_errors=True)
    return notes


def _move_into_place(stage: Path, path: Path) -> None:
    """Rename the staged copy over ``path``; across file systems (a ``memory/`` folder that is a
    link to another disk) a rename cannot work, so the copy is written beside ``path`` first."""
    try:
        os.replace(stage, path)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        tmp = path.with_name(f".{path.name}.{os.getpid()}.txn.tmp")
        _write_durably(tmp, stage.read_bytes())
        os.replace(tmp, path)
        os.unlink(stage)


def recover(root: Path) -> list[str]:
    """Finish or undo an operation a crash interrupted (the caller holds the home lock).

    Returns notes on anything unusual (empty when there was nothing to do or all went normally).
    A journal that cannot be acted on safely (``core.intent_record``: not a folder, a record that
    is not JSON or breaks its schema, a file outside the home, a staged copy cut short) is set
    aside as ``.linghun-txn.<stamp>.corrupt`` with one note saying why, and nothing is installed:
    writes go on from the files as they are.
    """
    root = Path(root)
    folder = journal_dir(root)
    if not folder.is_dir() or folder.is_symlink():
        if not (folder.exists() or folder.is_symlink()):
            return []
        return [_set_aside(folder, "it is not a folder")]
    intent = folder / INTENT
    if not (intent.exists() or intent.is_symlink()):
        # the operation never reached its commit point: drop what it staged
        shutil.rmtree(folder, ignore_errors=True)
        return []
    try:
        if intent.is_symlink() or not intent.is_file():
            raise BadIntent("the intent record is not a plain file")
        files = decode(root, folder, intent.read_bytes())
        for f in files:  # every staged copy is checked before the first is installed
            if f.stage is not None and _digest(read_bytes(f.path)) != f.after:
                check_stage(f)
    except BadIntent as exc:
        return [_set_aside(folder, str(exc))]
    return _roll_forward(folder, files)


def _set_aside(folder: Path, why: str) -> str:
    aside = set_aside(folder)
    return (f"an interrupted change was not finished: {why}; the journal was set aside as {aside.name} "
            "and no file was changed")
