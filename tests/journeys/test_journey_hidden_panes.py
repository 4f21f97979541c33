"""A pane nobody can see does not rebuild: the agent writes while the map is a tab behind the
timeline (the Timeline workspace); the map is built when its tab is clicked, and shows what the
agent wrote.

Every worker's Python competes with the GUI thread for the GIL: the map of a 10k-entry home took
165 ms of a worker on each outside write of warm.md, with the map out of sight.
"""
from __future__ import annotations

import subprocess
import sys

from PySide6.QtTest import QTest

from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.journeys.conftest import show_pane, wait_for


def _agent_appends(dsh_home, text: str) -> None:
    """The agent's CLI, in its own process."""
    code = "import sys; from linghun.core.cli import main; sys.exit(main(sys.argv[1:]))"
    subprocess.run([sys.executable, "-c", code, "append", "--home", str(dsh_home), "fact", text],
                   check=True, capture_output=True, timeout=120)


def _entry_nodes(snapshot) -> int:
    return sum(1 for _, data in snapshot.map.graph.nodes(data=True) if data.get("type") == "entry")


def test_a_map_behind_a_tab_waits_to_be_seen_and_then_shows_what_changed(journey_window, demo_home):
    window = journey_window(demo_home)
    map_pane, journal = window.pane("map"), window.pane("journal")
    show_pane(window, "journal")  # the Timeline workspace: the timeline in front, the map a tab behind it
    assert window.docks["map"].visibleRegion().isEmpty()
    wait_for(lambda: journal.loaded, what="the timeline, which is in sight, loads")
    QTest.qWait(map_pane._first_build.interval() + 300)
    assert map_pane.snapshot is None and not map_pane.is_building()  # nothing built for nobody

    before = len(Memory(MemoryHome.resolve(demo_home)).entries())
    warm_marks = len(journal.data.times("warm"))
    _agent_appends(demo_home, "网关 | 超时 | 45s | #hidden-1")
    wait_for(lambda: len(journal.data.times("warm")) == warm_marks + 1, timeout_ms=20000,
             what="the timeline in sight shows the agent's entry")
    assert map_pane.snapshot is None and not map_pane.is_building()

    show_pane(window, "map")  # the user clicks the Map tab
    wait_for(lambda: map_pane.snapshot is not None and not map_pane.is_building(), timeout_ms=20000,
             what="the map is built once it is seen")
    assert _entry_nodes(map_pane.snapshot) == before + 1
    assert "situations" in map_pane.status.text()  # it says what it holds, no longer "building…"

    # behind a tab again: the next write waits for the map to be seen once more
    built = map_pane.snapshot
    show_pane(window, "journal")
    assert window.docks["map"].visibleRegion().isEmpty()
    _agent_appends(demo_home, "网关 | 重试 | 3 次 | #hidden-2")
    wait_for(lambda: len(journal.data.times("warm")) == warm_marks + 2, timeout_ms=20000,
             what="the timeline shows the second entry")
    QTest.qWait(400)  # past the map's rebuild delay
    assert map_pane.snapshot is built and not map_pane.is_building()
    show_pane(window, "map")
    wait_for(lambda: map_pane.snapshot is not built and not map_pane.is_building(), timeout_ms=20000,
             what="the map is rebuilt when it is seen again")
    assert _entry_nodes(map_pane.snapshot) == before + 2
