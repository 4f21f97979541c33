"""The topic index's freshness is read from content: copies and installs (new file times) do not
make a projected home stale; new entries and flipped cited entries do."""
from __future__ import annotations

import os
import shutil
from datetime import datetime

from linghun import resources
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.ontology import index_freshness, memory_project


def _demo(tmp_path) -> MemoryHome:
    dest = tmp_path / "demo"
    shutil.copytree(resources.DEMO_HOME_DIR, dest)
    return MemoryHome.resolve(dest)


def test_a_copied_home_whose_index_is_older_on_disk_is_fresh(tmp_path):
    home = _demo(tmp_path)
    old = datetime(2020, 1, 1).timestamp()
    os.utime(home.ontology, (old, old))  # what an install or a copy in another order does
    fresh = index_freshness(home, Memory(home).entries())
    live = [e for e in Memory(home).entries() if not e.is_wrong]
    assert (fresh.state, fresh.covered, fresh.newer, fresh.invalid) == ("fresh", len(live), (), ())


def test_an_entry_written_after_the_projection_makes_it_stale_until_projected_again(tmp_path):
    memory = Memory(home := _demo(tmp_path))
    result = memory.append("fact", "网关 | 超时 | 30s | #1", "high", when=datetime(2026, 12, 1, 9, 0))
    fresh = index_freshness(home, memory.entries())
    assert fresh.state == "stale" and fresh.newer == (result.n,)
    memory_project(home)
    assert index_freshness(home, memory.entries()).state == "fresh"


def test_a_cited_entry_flipped_to_wrong_makes_it_stale(tmp_path):
    memory = Memory(home := _demo(tmp_path))
    cited = next(e for e in memory.entries() if not e.is_wrong and f"[{e.n}]" in home.ontology.read_text())
    memory.edit_entry(cited.id, confidence="wrong")
    fresh = index_freshness(home, memory.entries())
    assert fresh.state == "stale" and fresh.invalid == (cited.n,) and fresh.newer == ()


def test_an_older_entry_the_projection_left_out_is_its_choice(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    entries = Memory(home).entries()
    # the fixture's index cites [3], [7], [8] (and [1], [2] in a conflict line): [4]-[6] are older
    # than [8] and were left out by its projector; [9] and [10] came later
    assert index_freshness(home, entries).newer == (9, 10)
    home.ontology.unlink()
    assert index_freshness(home, entries).state == "missing"
