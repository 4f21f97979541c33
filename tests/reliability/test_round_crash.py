"""An assembler round's end is all or nothing: its scribe writes cycle.json, gaps.md, the judge and
editor ledgers and assembled.md as one change (``core.transaction``). Killed at every write step of
the round, or failing with ENOSPC at every write step, the home ends (after the next opening)
with those files either all as they were before the round or all as a clean round leaves them.

Each test prints its figures: tried (fault points), passed (all or nothing after recovery, no
journal left), lost (fault points that left a mix of before and after).
"""
from __future__ import annotations

import contextlib
import errno
import shutil
from datetime import timezone
from pathlib import Path

import pytest

from linghun.core.assembler.round import Assembler
from linghun.core.errors import LinghunError
from linghun.core.formats import team
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory
from linghun.core.transaction import JOURNAL_DIR
from tests.reliability.crashkit import ROUND_QUESTION, WHEN, copy_home, failing_at, run_driver

ROUND_FILES = (team.CYCLE_FILE, team.GAPS_FILE, team.JUDGE_HISTORY_FILE, team.EDITOR_BUNDLES_FILE)


def _round_files(home: MemoryHome) -> dict[str, bytes | None]:
    paths = {name: home.team_file(name) for name in ROUND_FILES} | {"assembled.md": home.assembled}
    return {name: path.read_bytes() if path.exists() else None for name, path in paths.items()}


def _states(tmp_path: Path, upstream_home: Path):
    pristine = copy_home(upstream_home, tmp_path / "pristine")
    before = _round_files(pristine)
    clean = copy_home(pristine.dsh_home, tmp_path / "clean")
    assert run_driver(clean, "round", 0) == 0
    after = _round_files(clean)
    changed = [name for name in after if after[name] != before[name]]
    assert changed == ["cycle.json", "gaps.md", "judge/history.jsonl", "editor/bundles.jsonl", "assembled.md"]
    return pristine, before, after


def _check(home: MemoryHome, before, after) -> tuple[bool, str]:
    Memory(home)  # opening the home finishes or undoes what the fault left
    with home_lock(home).hold():  # as the next round would: taking the lock recovers too
        pass
    state = _round_files(home)
    which = "after" if state == after else "before" if state == before else "neither"
    mixed = [n for n in state if state[n] not in (before[n], after[n])]
    journal = (home.root / JOURNAL_DIR).exists()
    return which != "neither" and not journal, f"{which}, foreign bytes in {mixed}, journal left: {journal}"


def _every_step(tmp_path: Path, pristine: MemoryHome, fault, before, after) -> tuple[int, int, list[str], set]:
    tried = passed = 0
    failures = []
    outcomes = set()
    k = 1
    while True:
        home = copy_home(pristine.dsh_home, tmp_path / f"k{k}")
        if not fault(home, k):
            shutil.rmtree(home.dsh_home)
            break
        tried += 1
        ok, why = _check(home, before, after)
        outcomes.add(why.split(",")[0])
        passed += ok
        if not ok:
            failures.append(f"fault at write step {k}: {why}")
        shutil.rmtree(home.dsh_home)
        k += 1
    return tried, passed, failures, outcomes


@pytest.mark.slow
def test_kill_at_every_write_step_of_a_round_leaves_all_or_nothing(tmp_path, upstream_home):
    pristine, before, after = _states(tmp_path, upstream_home)
    tried, passed, failures, outcomes = _every_step(
        tmp_path, pristine, lambda home, k: run_driver(home, "round", k) == 70, before, after)
    print(f"\nround killed at every write step: tried {tried}, passed {passed}, lost {tried - passed}")
    assert tried >= 8
    assert outcomes == {"before", "after"}  # the kills landed on both sides of the commit point
    assert not failures, "\n".join(failures)


@pytest.mark.slow
def test_enospc_at_every_write_step_of_a_round_leaves_all_or_nothing(tmp_path, upstream_home):
    pristine, before, after = _states(tmp_path, upstream_home)

    def fail_at(home, k):
        assembler = Assembler(home)
        with failing_at(k, errno.ENOSPC) as fault:
            with contextlib.suppress(OSError, LinghunError):
                assembler.run(ROUND_QUESTION, now=WHEN.replace(tzinfo=timezone.utc))
        return fault["fired"]

    tried, passed, failures, outcomes = _every_step(tmp_path, pristine, fail_at, before, after)
    print(f"\nround with ENOSPC at every write step: tried {tried}, passed {passed}, lost {tried - passed}")
    assert tried >= 8
    assert "before" in outcomes
    assert not failures, "\n".join(failures)


def test_a_rounds_files_are_recorded_in_the_homes_history(upstream_home):
    """The files the round's commit puts in place reach the history like any atomic write."""
    from linghun.core.cli import main
    from linghun.core.history import capture

    home = MemoryHome.resolve(upstream_home)
    try:
        assert main(["round", ROUND_QUESTION, "--home", str(upstream_home)]) == 0
        capture.flush()
        history = capture.history_of(home)
        for path in [home.team_file(name) for name in ROUND_FILES] + [home.assembled]:
            relative = str(path.relative_to(home.root))
            versions = history.versions(relative)
            assert versions and versions[0].writer == "cli", relative
            assert history.read(relative, commit=versions[0].commit) == path.read_bytes()
    finally:
        capture.recorder.disable(home)
