"""The intent record of ``core.transaction``, read as untrusted input.

The record lives in the home (``linghun/.linghun-txn/.intent``), where the agent, a sync tool or
a skill can write too, and the next process taking the home lock acts on it: renames files over
the files it names, or removes them. So a record is acted on only when all of it holds:

- it conforms to ``INTENT_SCHEMA`` (version, a list of files; each a name, its place, the staged
  copy's name ``.stage-<n>`` or ``null`` for a removal, the SHA-256 of the bytes before and after);
- every file it names is inside the home or inside a folder the home's settings name
  (``core.containment``): relative, no ``..``, no link out, not a folder;
- every staged copy still to be installed is a plain file holding exactly the bytes whose digest
  the record gives (a truncated or swapped copy is never installed).

A record that fails raises ``BadIntent``; recovery then sets the journal aside (a dated
``.corrupt`` copy, like a corrupt JSON file) and writes go on.
"""
from __future__ import annotations

import hashlib
import json
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from linghun.core.containment import HOME, bad_name, check_inside, moved_places
from linghun.core.errors import LinghunError, UnsafePathError
from linghun.core.schema_check import Schema

__all__ = ["BadIntent", "IntentFile", "INTENT_VERSION", "INTENT_SCHEMA", "encode", "decode", "digest"]

INTENT_VERSION = 2
_DIGEST = {"oneOf": [{"type": "null"}, {"type": "string", "pattern": "^[0-9a-f]{64}$"}]}
#: version 1 named every file relative to ``linghun/``; version 2 adds ``place`` for the folders
#: the settings move files to
INTENT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["version", "files"],
    "additionalProperties": False,
    "properties": {
        "version": {"enum": [1, INTENT_VERSION]},
        "files": {
            "type": "array", "minItems": 1, "maxItems": 10_000,
            "items": {
                "type": "object",
                "required": ["path", "stage", "before", "after"],
                "additionalProperties": False,
                "properties": {
                    "place": {"enum": [HOME, "warm", "assembled", "team"]},
                    "path": {"type": "string", "minLength": 1, "maxLength": 4096},
                    "stage": {"oneOf": [{"type": "null"}, {"type": "string", "pattern": "^\\.stage-[0-9]{1,6}$"}]},
                    "before": _DIGEST,
                    "after": _DIGEST,
                },
                # a removal has no staged copy; a new content always has one
                "if": {"properties": {"after": {"type": "null"}}},
                "then": {"properties": {"stage": {"type": "null"}}},
                "else": {"properties": {"stage": {"type": "string"}}},
            },
        },
    },
}
_CHECK = Schema(INTENT_SCHEMA)


class BadIntent(LinghunError):
    """An intent record that cannot be acted on safely (its reason is the message)."""


def digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class IntentFile:
    """One file of a record: put ``path`` into the state ``after`` (a digest; ``None``: absent)
    from the staged copy ``stage`` (``None`` for a removal)."""

    place: str
    name: str
    path: Path
    stage: Path | None
    before: str | None
    after: str | None

    def to_json(self) -> dict[str, Any]:
        return {"place": self.place, "path": self.name, "stage": self.stage.name if self.stage else None,
                "before": self.before, "after": self.after}


def encode(files: list[IntentFile]) -> bytes:
    return json.dumps({"version": INTENT_VERSION, "files": [f.to_json() for f in files]},
                      ensure_ascii=False, indent=1).encode("utf-8")


def decode(root: Path, folder: Path, raw: bytes) -> list[IntentFile]:
    """The files of a record read from disk, every check of the module docstring done first
    (``BadIntent`` naming the first that failed)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadIntent(f"the intent record is not JSON ({exc})") from None
    problem = _CHECK.problem(data)
    if problem:
        raise BadIntent(f"the intent record does not follow its schema ({problem})")
    places: dict[str, Path] | None = None
    files = []
    for i, rec in enumerate(data["files"]):
        place = rec.get("place", HOME)
        why = bad_name(rec["path"])
        if why:
            raise BadIntent(f"files[{i}].path {rec['path'][:80]!r} is {why}")
        if place == HOME:
            base = Path(root)
        else:
            if places is None:
                places = moved_places(root)
            if place not in places:
                raise BadIntent(f"files[{i}] is in the {place} folder, which the settings do not move")
            base = places[place]
        path = base / rec["path"]
        try:
            check_inside(root, path, None if place == HOME else base)
        except UnsafePathError as exc:
            raise BadIntent(f"files[{i}]: {exc.reason}") from None
        if path.is_dir():
            raise BadIntent(f"files[{i}].path {rec['path'][:80]!r} is a folder")
        stage = folder / rec["stage"] if rec["stage"] else None
        files.append(IntentFile(place, rec["path"], path, stage, rec["before"], rec["after"]))
    return files


def check_stage(f: IntentFile) -> bool:
    """Whether the staged copy of ``f`` is there; ``BadIntent`` when it is there but is not a plain
    file holding the bytes the record names."""
    try:
        st = f.stage.lstat()
    except FileNotFoundError:
        return False
    if not stat.S_ISREG(st.st_mode):
        raise BadIntent(f"the staged copy {f.stage.name} of {f.name} is not a plain file")
    if digest(f.stage.read_bytes()) != f.after:
        raise BadIntent(f"the staged copy {f.stage.name} of {f.name} does not hold the bytes the record names "
                        "(cut short or replaced)")
    return True
