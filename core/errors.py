"""Typed errors of the memory system.

Every error a user can cause carries a message that says what was wrong and what was kept, so the
CLI, the agent tools and the workbench can show it as it is.
"""
from __future__ import annotations

from pathlib import Path


class LinghunError(Exception):
    """Base of every error the memory system raises on purpose."""

    #: process exit code used by the CLI for this kind of error
    exit_code = 1


class InvalidInputError(LinghunError, ValueError):
    """An argument is missing, empty, of the wrong kind or out of range."""

    exit_code = 2


class NotFoundError(LinghunError, LookupError):
    """A reference (``[n]``, a fragment, an id, a day) matches nothing."""

    exit_code = 3


class CapacityError(LinghunError):
    """A write would exceed a configured size even after consolidation."""

    exit_code = 4


class UnreadableFileError(LinghunError):
    """A file exists but cannot be understood; it is left exactly as it is."""

    exit_code = 5

    def __init__(self, path: Path | str, reason: str):
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}; the file was left untouched")


class NotUtf8Error(UnreadableFileError):
    """A text file of the home is not valid UTF-8."""

    def __init__(self, path: Path | str, error: UnicodeDecodeError):
        super().__init__(path, f"not valid UTF-8 text (byte {error.start}: {error.reason})")


class CorruptFileError(UnreadableFileError):
    """A JSON file of the home cannot be parsed; a dated copy was kept beside it."""

    def __init__(self, path: Path | str, reason: str, quarantine: Path | None):
        self.quarantine = quarantine
        where = f", a copy was kept at {quarantine.name}" if quarantine else ""
        super().__init__(path, f"{reason}{where}")


class UnsafePathError(UnreadableFileError):
    """A write would follow a symbolic link, or a folder, out of the memory home; refused."""

    def __init__(self, path: Path | str, reason: str):
        super().__init__(path, f"{reason}; writes never follow a link out of the memory home")


class ConflictError(LinghunError):
    """The file changed on disk since it was read; the write was not made."""

    exit_code = 6


class HomeBusyError(LinghunError, TimeoutError):
    """Another writer held the home lock longer than we wait; nothing was written."""

    exit_code = 9


class IllegalTransitionError(LinghunError):
    """A goal state change that the state machine does not allow."""

    exit_code = 7
