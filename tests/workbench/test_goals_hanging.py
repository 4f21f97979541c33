"""The Goals pane's hanging entries read the goal links kept by warm.md's digest, as the map and the
round do: opening a goal on an unchanged home digests no entry's body."""
from __future__ import annotations

from linghun.core import situation_cache
from linghun.core.goal_links import goal_links
from linghun.core.goals import Goals
from linghun.core.map import build_map
from linghun.core.memory import Memory
from linghun.workbench.panes.goals.hanging import hanging_rows
from tests.core.test_goal_links import _new_process, home  # noqa: F401 - the fixture

__all__ = ["home"]


def test_the_hanging_entries_read_the_links_the_map_kept(home, monkeypatch):  # noqa: F811 - the fixture
    goal = Goals(home).goals()[0]
    memory = Memory(home)
    expected = goal_links(home.root, [goal], memory.entries())[goal.id]
    assert expected
    _new_process()  # warm.md read as written, so its parse has a digest
    assert build_map(home).goal_links  # the map keeps every goal's links by that digest
    _new_process()

    def no_digests(*args):
        raise AssertionError("a body was digested")

    monkeypatch.setattr(situation_cache, "body_digests", no_digests)
    rows = hanging_rows(None, home, Memory(home), goal)
    assert [(n, why) for n, _kind, _text, why in rows] == [(link.n, link.why) for link in expected]
