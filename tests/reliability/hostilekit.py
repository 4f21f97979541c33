"""Shared pieces of the hostile-home suite: a tally per family of cases, and a folder outside the
home whose every byte is known, to tell whether anything was written there.

Each family prints one line, like the other reliability probes::

    hostile intent records: tried 18, held 18, written outside the home 0, keys leaked 0, hangs > 10 s 0

*held*: the case was refused or set aside with a clear message and the home's writes went on.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

HANG_SECONDS = 10.0


def tree(folder: Path) -> dict[str, bytes]:
    """Every file (and link) under ``folder`` with its bytes (a link: its target)."""
    out = {}
    for p in sorted(Path(folder).rglob("*")):
        rel = str(p.relative_to(folder))
        if p.is_symlink():
            out[rel] = b"-> " + str(p.readlink()).encode()
        elif p.is_file():
            out[rel] = p.read_bytes()
    return out


class Outside:
    """A folder beside the home holding a file the hostile cases aim at."""

    def __init__(self, tmp_path: Path):
        self.folder = tmp_path / "outside"
        self.folder.mkdir(exist_ok=True)
        self.victim = self.folder / "victim.txt"
        self.victim.write_bytes(b"precious")
        self.before = tree(self.folder)

    def changed(self) -> bool:
        return tree(self.folder) != self.before

    def restore(self) -> None:
        for p in sorted(self.folder.rglob("*"), reverse=True):
            if p.is_symlink() or p.is_file():
                p.unlink()
            elif p.is_dir():
                p.rmdir()
        self.victim.write_bytes(b"precious")


@dataclass
class Family:
    """The figures of one family of hostile cases."""

    name: str
    tried: int = 0
    held: int = 0
    outside: int = 0
    keys: int = 0
    hangs: int = 0
    failures: list[str] = field(default_factory=list)
    _started: float = 0.0

    def start(self) -> None:
        self._started = time.monotonic()

    def record(self, case: str, *, held: bool, outside: bool = False, keys: int = 0, why: str = "") -> None:
        took = time.monotonic() - self._started if self._started else 0.0
        self._started = 0.0
        self.tried += 1
        hung = took > HANG_SECONDS
        self.held += held and not outside and not keys and not hung
        self.outside += outside
        self.keys += keys
        self.hangs += hung
        if not held or outside or keys or hung:
            self.failures.append(f"{case}: held={held} outside={outside} keys={keys} {took:.1f}s {why}".strip())

    def report(self) -> None:
        print(f"\n{self.name}: tried {self.tried}, held {self.held}, written outside the home {self.outside}, "
              f"keys leaked {self.keys}, hangs > {HANG_SECONDS:g} s {self.hangs}")
        for line in self.failures:
            print(f"  {line}")
        assert not self.failures, self.failures
