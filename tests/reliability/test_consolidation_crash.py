"""Consolidation is all or nothing: killed at every write step, failing with ENOSPC / EIO / EACCES at
every write step, or meeting a file that is not UTF-8, the home ends (after the next opening) either
exactly as it was or exactly as a clean consolidation leaves it, and consolidating again never
archives an entry twice.

Each test prints its figures: tried (fault points), passed (all or nothing after recovery and no
entry lost or doubled after a re-run), lost (entries lost or present twice, summed over the tries).
"""
from __future__ import annotations

import contextlib
import errno
import shutil
import tempfile
from pathlib import Path

import pytest

from linghun.core.errors import LinghunError, NotUtf8Error
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.transaction import JOURNAL_DIR
from tests.reliability.crashkit import (
    WHEN, audit, build_home, copy_home, entry_keys, failing_at, run_driver, snapshot,
)


def _states(tmp_path: Path, op: str, max_bytes: int | None = None):
    """The pristine home, its snapshot, the snapshot a clean run leaves, and the original entries."""
    pristine = build_home(tmp_path / "pristine")
    if op == "append":
        size = len(pristine.warm.read_bytes())
        pristine.config.write_text('{"memory": {"maxBytes": %d}}\n' % (size + 200), encoding="utf-8")
    before = snapshot(pristine)
    clean = copy_home(pristine.dsh_home, tmp_path / "clean")
    assert run_driver(clean, op, 0) == 0
    after = snapshot(clean)
    assert after != before
    originals = entry_keys(pristine.warm.read_text(encoding="utf-8"))
    return pristine, before, after, originals


def _check(home: MemoryHome, before, after, originals, op: str) -> tuple[bool, int, str]:
    """Open the home (recovery), check all-or-nothing, re-run the operation, audit."""
    Memory(home)  # opening the home finishes or undoes what the crash left
    state = snapshot(home)
    which = "after" if state == after else "before" if state == before else "neither"
    if op == "consolidate":
        Memory(home).consolidate(WHEN)
        rerun_ok = snapshot(home) == after
    else:
        rerun_ok = True
    counts = audit(home, originals)
    bad = counts["lost"] + counts["twice"]
    ok = which != "neither" and rerun_ok and not any(counts.values()) and not (home.root / JOURNAL_DIR).exists()
    return ok, bad, f"{which}, rerun {'ok' if rerun_ok else 'differs'}, {counts}"


def _every_step(tmp_path: Path, pristine: MemoryHome, fault, check) -> tuple[int, int, int, list[str]]:
    """``fault(home, k)`` on a fresh copy for k = 1, 2, ... until it no longer fires (every step
    was tried), then ``check`` the home; returns tried, passed, entries lost or doubled, failures."""
    tried = passed = lost = 0
    failures = []
    k = 1
    while True:
        home = copy_home(pristine.dsh_home, tmp_path / f"k{k}")
        if not fault(home, k):
            break
        tried += 1
        ok, bad, why = check(home)
        passed += ok
        lost += bad
        if not ok:
            failures.append(f"fault at write step {k}: {why}")
        shutil.rmtree(home.dsh_home)
        k += 1
    shutil.rmtree(home.dsh_home)
    return tried, passed, lost, failures


@pytest.mark.slow
@pytest.mark.parametrize("op", ["consolidate", "append"])
def test_kill_at_every_write_step_leaves_all_or_nothing(tmp_path, op):
    """``append`` here is an over-threshold append: consolidation and the append are one change."""
    pristine, before, after, originals = _states(tmp_path, op)
    tried, passed, lost, failures = _every_step(
        tmp_path, pristine, lambda home, k: run_driver(home, op, k) == 70,
        lambda home: _check(home, before, after, originals, op))
    print(f"\n{op}: killed at every write step: tried {tried}, passed {passed}, entries lost or doubled {lost}")
    assert tried >= 5
    assert not failures, "\n".join(failures)


@pytest.mark.slow
def test_a_crash_during_recovery_is_recovered_too(tmp_path):
    """Killed after its commit point, then killed again at every step of the recovery."""
    pristine, before, after, originals = _states(tmp_path, "consolidate")
    # the first kill point that leaves a committed journal (an intent record) behind
    k = 1
    while True:
        home = copy_home(pristine.dsh_home, tmp_path / f"find{k}")
        assert run_driver(home, "consolidate", k) == 70, "no step left a committed journal behind"
        if (home.root / JOURNAL_DIR / ".intent").exists():
            break
        shutil.rmtree(home.dsh_home)
        k += 1
    crashed = home.dsh_home
    tried = passed = 0
    j = 1
    while True:
        again = copy_home(crashed, tmp_path / f"recover{j}")
        if run_driver(again, "open", j) == 0:
            break
        tried += 1
        ok, _bad, why = _check(again, before, after, originals, "consolidate")
        assert ok, f"killed at recovery step {j}: {why}"
        assert snapshot(again) == after  # committed: only forward
        passed += 1
        j += 1
    print(f"\nkilled at every step of a recovery: tried {tried}, passed {passed}, lost 0")
    assert tried >= 2


@pytest.mark.slow
@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EIO, errno.EACCES], ids=errno.errorcode.get)
def test_io_error_at_every_write_step_leaves_all_or_nothing(tmp_path, error):
    pristine, before, after, originals = _states(tmp_path, "consolidate")

    def fail_at(home, k):
        memory = Memory(home)
        with failing_at(k, error) as fault:
            with contextlib.suppress(OSError, LinghunError):
                memory.consolidate(WHEN)
        return fault["fired"]

    tried, passed, lost, failures = _every_step(
        tmp_path, pristine, fail_at, lambda home: _check(home, before, after, originals, "consolidate"))
    print(f"\n{errno.errorcode[error]} at every write step: tried {tried}, passed {passed}, "
          f"entries lost or doubled {lost}")
    assert tried >= 5
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("target", ["cold", "episodic", "memory_ontology", "rules"])
def test_a_file_that_is_not_utf8_stops_consolidation_before_anything_is_written(tmp_path, target):
    home = build_home(tmp_path / "dsh")
    path = home.episodic_file(WHEN.date()) if target == "episodic" else getattr(home, target)
    path.write_bytes(path.read_bytes() + b"\n- \xff\xfe broken\n")
    before = snapshot(home)
    with pytest.raises(NotUtf8Error) as info:
        Memory(home).consolidate(WHEN)
    assert path.name in str(info.value)
    assert snapshot(home) == before


def test_consolidating_twice_archives_each_entry_once(tmp_path):
    home = build_home(tmp_path / "dsh")
    originals = entry_keys(home.warm.read_text(encoding="utf-8"))
    first = Memory(home).consolidate(WHEN)
    once = snapshot(home)
    second = Memory(home).consolidate(WHEN)
    assert first.archived_bytes > 0 and second.archived_bytes == 0
    assert snapshot(home) == once
    assert audit(home, originals) == {"lost": 0, "twice": 0, "duplicate_lines": 0, "extra_cold_sections": 0}


def test_a_consolidation_is_recorded_in_the_homes_history(upstream_home):
    """Files put in place by the commit's renames reach the history like any atomic write."""
    from linghun.core.cli import main
    from linghun.core.history import capture

    home = MemoryHome.resolve(upstream_home)
    try:
        assert main(["consolidate", "--home", str(upstream_home)]) == 0
        capture.flush()
        history = capture.history_of(home)
        for relative in ("memory/warm.md", "memory/cold.md", "memory/rules.md"):
            versions = history.versions(relative)
            assert versions and versions[0].writer == "cli", relative
            assert history.read(relative, commit=versions[0].commit) == (home.root / relative).read_bytes()
    finally:
        capture.recorder.disable(home)


def test_a_memory_folder_on_another_file_system_is_consolidated(tmp_path):
    """The journal lives in linghun/; memory/ may be a link to another disk, where a rename from
    the journal cannot go: the commit copies instead, with the same result."""
    other = Path("/dev/shm")
    if not other.is_dir() or other.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("no second file system to put memory/ on")
    reference = build_home(tmp_path / "reference")
    Memory(reference).consolidate(WHEN)
    home = build_home(tmp_path / "dsh")
    outside = Path(tempfile.mkdtemp(dir=other, prefix="linghun-memory-"))
    try:
        shutil.move(str(home.memory), outside / "memory")
        home.memory.symlink_to(outside / "memory")
        Memory(home).consolidate(WHEN)
        def files(folder):
            return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

        assert files(outside / "memory") == files(reference.memory)
        assert not (home.root / JOURNAL_DIR).exists()
    finally:
        shutil.rmtree(outside)
