"""Where checks live: ``checks.json`` in the home's ``linghun`` folder, and their results history.

``checks.json`` travels with the home and is versioned by its history like every other file of
it. Writes hold the home lock, read the file first and replace it atomically: a file that cannot
be parsed raises ``UnreadableFileError`` and is never written over (``read_json`` keeps a copy).

The results of each run are appended to ``.checks-results.jsonl`` beside it: a dot file, so the
history does not version every run and the workbench's watcher does not take a run for a change
of the home (which would run the checks again). Only the last ``RESULTS_KEEP`` runs are kept.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from linghun.core.checks.model import Check
from linghun.core.errors import InvalidInputError, NotFoundError, UnreadableFileError
from linghun.core.fsio import atomic_write, open_for_append, read_bytes, read_json
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock

CHECKS_FILE = "checks.json"
RESULTS_FILE = ".checks-results.jsonl"
FORMAT_VERSION = 1
RESULTS_KEEP = 500


def checks_path(home: MemoryHome) -> Path:
    return home.root / CHECKS_FILE


def results_path(home: MemoryHome) -> Path:
    return home.root / RESULTS_FILE


def load_checks(home: MemoryHome) -> list[Check]:
    """The checks of ``home`` ([] when it has none); ``UnreadableFileError`` for a broken file."""
    path = checks_path(home)
    data = read_json(path)
    if data is None:
        return []
    if not isinstance(data, dict) or not isinstance(data.get("checks"), list):
        raise UnreadableFileError(path, 'not a checks file: expected {"version": 1, "checks": [...]}')
    try:
        return [Check.from_dict(item) for item in data["checks"]]
    except InvalidInputError as exc:
        raise UnreadableFileError(path, f"a check cannot be read ({exc})") from None


def render_checks(checks: list[Check]) -> str:
    """The text of ``checks.json`` holding ``checks`` (what every writer writes)."""
    return json.dumps({"version": FORMAT_VERSION, "checks": [c.to_dict() for c in checks]},
                      ensure_ascii=False, indent=2) + "\n"


def update_checks(home: MemoryHome, change: Callable[[list[Check]], list[Check]]) -> list[Check]:
    """Read, change and write ``checks.json`` under the home lock; returns the checks written."""
    with home_lock(home).hold():
        checks = change(load_checks(home))  # raises for a file we cannot parse: it stays as it is
        atomic_write(checks_path(home), render_checks(checks))
    return checks


def add_check(home: MemoryHome, check: Check) -> Check:
    update_checks(home, lambda checks: [c for c in checks if c.id != check.id] + [check])
    return check


def remove_check(home: MemoryHome, check_id: str) -> Check:
    removed: list[Check] = []

    def drop(checks: list[Check]) -> list[Check]:
        removed.extend(c for c in checks if c.id == check_id)
        if not removed:
            raise NotFoundError(f"no check {check_id!r} in {checks_path(home)}")
        return [c for c in checks if c.id != check_id]

    update_checks(home, drop)
    return removed[0]


def append_results(home: MemoryHome, record: dict[str, Any]) -> None:
    """Append one run's record; past ``2 * RESULTS_KEEP`` lines the file is cut to the last
    ``RESULTS_KEEP`` (rewritten atomically)."""
    path = results_path(home)
    line = json.dumps(record, ensure_ascii=False) + "\n"
    with home_lock(home).hold():
        with open_for_append(path, inside=home.root) as fh:
            fh.write(line)
        raw = read_bytes(path) or b""
        if raw.count(b"\n") > 2 * RESULTS_KEEP:
            atomic_write(path, b"".join(raw.splitlines(keepends=True)[-RESULTS_KEEP:]))


def read_results(home: MemoryHome, limit: int | None = None) -> list[dict[str, Any]]:
    """Past runs, oldest first (a torn or foreign line is skipped)."""
    raw = read_bytes(results_path(home)) or b""
    out = []
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and isinstance(record.get("checks"), dict):
            out.append(record)
    return out[-limit:] if limit else out


__all__ = ["CHECKS_FILE", "RESULTS_FILE", "add_check", "append_results", "checks_path",
           "load_checks", "read_results", "remove_check", "render_checks", "results_path", "update_checks"]
