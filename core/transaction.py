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
import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from linghun.core.errors import ConflictError, LinghunError
from linghun.core.fsio import _fsync_dir, announce_written, atomic_write, read_bytes, writes_observed

__all__ = ["FileChange", "InputsChanged", "IncompleteCommit", "commit", "recover", "pending", "JOURNAL_DIR"]

JOURNAL_DIR = ".linghun-txn"
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


def _digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def _write_durably(path: Path, data: bytes) -> None:
    with open(path, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())


def journal_dir(root: Path) -> Path:
    return Path(root) / JOURNAL_DIR


def pending(root: Path) -> bool:
    """Whether an operation left its journal behind (cheap: one ``stat``)."""
    return journal_dir(root).exists()


def commit(root: Path, changes: list[FileChange]) -> None:
    """Apply ``changes`` all or nothing (the caller holds the home lock; see the module docstring)."""
    changes = [c for c in changes if c.before != c.after]
    for c in changes:
        if _digest(read_bytes(c.path)) != _digest(c.before):
            raise InputsChanged(f"{c.path.name} was changed by another writer meanwhile; nothing was written")
    if not changes:
        return
    if len(changes) == 1 and changes[0].after is not None:
        # one file: the atomic write of fsio is all or nothing already
        atomic_write(changes[0].path, changes[0].after)
        return
    folder = journal_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    try:
        records = []
        for i, c in enumerate(changes):
            stage = None
            if c.after is not None:
                stage = f"{_STAGE}{i}"
                _write_durably(folder / stage, c.after)
            records.append({"path": os.path.relpath(c.path, root), "stage": stage,
                            "before": _digest(c.before), "after": _digest(c.after)})
        _fsync_dir(folder)
        intent = json.dumps({"version": 1, "files": records}, ensure_ascii=False, indent=1).encode("utf-8")
        _write_durably(folder / f"{INTENT}.tmp", intent)
        os.replace(folder / f"{INTENT}.tmp", folder / INTENT)
        _fsync_dir(folder)
    except BaseException:
        # before the commit point: nothing of the home was touched; drop what was staged
        with contextlib.suppress(OSError):
            shutil.rmtree(folder)
        raise
    try:
        _roll_forward(Path(root), folder, records)
    except OSError as exc:
        raise IncompleteCommit(
            f"the change is recorded but {exc.filename or 'a file'} could not be written yet ({exc.strerror or exc}); "
            "it will be completed the next time the home is opened") from None


def _roll_forward(root: Path, folder: Path, records: list[dict]) -> list[str]:
    """Bring every file of an intent record to its new bytes, then clear the journal."""
    notes = []
    applied: list[Path] = []
    touched_dirs: set[Path] = set()
    for rec in records:
        path = root / rec["path"]
        current = _digest(read_bytes(path))
        if current == rec["after"]:
            continue
        stage = folder / rec["stage"] if rec["stage"] else None
        if stage is not None and not stage.exists():
            notes.append(f"{rec['path']}: its new copy is gone and the file holds other bytes; left as it is")
            continue
        if current not in (rec["before"], rec["after"]) and current is not None:
            aside = path.with_name(f"{path.name}.{time.strftime('%Y%m%d-%H%M%S')}.conflict")
            shutil.copy2(path, aside)
            notes.append(f"{rec['path']}: changed by another writer meanwhile; its bytes were kept in {aside.name}")
        if stage is None:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                with contextlib.suppress(OSError):
                    shutil.copymode(path, stage)
            _move_into_place(stage, path)
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
    """
    root = Path(root)
    folder = journal_dir(root)
    if not folder.exists():
        return []
    intent = folder / INTENT
    records = None
    raw = read_bytes(intent)
    if raw is not None:
        try:
            records = json.loads(raw.decode("utf-8"))["files"]
        except (UnicodeDecodeError, ValueError, KeyError, TypeError):
            records = None  # cannot be: the record is written atomically; treat as never committed
    if records is None:
        shutil.rmtree(folder, ignore_errors=True)
        return []
    return _roll_forward(root, folder, records)
