"""Which checks a change of the home would break, before it is made.

The change (a consolidation's plan: every file it would write, ``Memory.plan_consolidation``) is
applied to a throwaway copy of the home and the checks run there; a check that passes now and
fails on the copy is broken by it. Nothing of the home is written.
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from linghun.core.checks.model import Check
from linghun.core.checks.run import CheckResult, run_checks
from linghun.core.checks.store import load_checks
from linghun.core.fsio import atomic_write
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory


@dataclass
class Broken:
    """A check that passes now and would fail after the change, with what it would get then."""

    check: Check
    after: CheckResult

    def to_dict(self) -> dict:
        return {"id": self.check.id, "question": self.check.question, "after": self.after.to_dict()}


def checks_broken_by(home: MemoryHome, after: Mapping[str | Path, str | None],
                     checks: list[Check] | None = None) -> list[Broken]:
    """The checks that pass now and fail once every file of ``after`` (absolute path: its text
    then, None: removed) is written."""
    checks = load_checks(home) if checks is None else checks
    if not checks:
        return []
    now = run_checks(home, checks, record=False, explain=False)
    passing = [r.check for r in now.results if r.passed]
    if not passing:
        return []
    with tempfile.TemporaryDirectory(prefix="linghun-checks-preview-") as tmp:
        copy = MemoryHome(Path(tmp) / "dsh" / "linghun")
        # the copy needs what a round reads; the traces and our dot files are not among it
        shutil.copytree(home.root, copy.root, ignore=shutil.ignore_patterns("traces", ".*"))
        for path, text in after.items():
            relative = Path(path).resolve().relative_to(home.root.resolve())
            target = copy.root / relative
            if text is None:
                target.unlink(missing_ok=True)
            else:
                atomic_write(target, text)
        then = run_checks(copy, passing, record=False)
    return [Broken(r.check, r) for r in then.results if not r.passed]


def checks_broken_by_consolidation(home: MemoryHome, checks: list[Check] | None = None) -> list[Broken]:
    """``checks_broken_by`` the consolidation ``Memory.consolidate`` would do now."""
    plan = Memory(home).plan_consolidation()
    return checks_broken_by(home, {path: after for path, (_before, after) in plan.texts().items()}, checks)


__all__ = ["Broken", "checks_broken_by", "checks_broken_by_consolidation"]
