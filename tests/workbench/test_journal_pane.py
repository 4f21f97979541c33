"""The journal timeline on a copy of the demo home: tracks, window reading, opening marks."""
from __future__ import annotations

import shutil
from datetime import datetime

import numpy as np
import pytest

from linghun import resources
from linghun.core.events import bus
from linghun.core.home import MemoryHome
from linghun.workbench.panes import WorkbenchContext
from linghun.workbench.panes.journal import JournalPane
from linghun.workbench.panes.journal.timeline_data import collect, iso_epoch, local_epoch
from linghun.workbench.settings import Settings


@pytest.fixture
def ctx(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    context = WorkbenchContext.open(MemoryHome.resolve(tmp_path / "dsh"), Settings(tmp_path / "settings.ini"))
    yield context
    context.close()


@pytest.fixture
def pane(ctx, qtbot):
    widget = JournalPane.create(ctx)
    qtbot.addWidget(widget)
    qtbot.waitUntil(lambda: widget.loaded)  # the marks are collected on a worker
    yield widget
    widget.shutdown()


def test_stamps():
    assert local_epoch("2026-10-07 11:28") == datetime(2026, 10, 7, 11, 28).timestamp()
    assert local_epoch("2026-10-07") == datetime(2026, 10, 7).timestamp()
    assert local_epoch("not a stamp") is None
    assert iso_epoch("2026-10-07T07:02:10.114Z") == pytest.approx(1791356530.114)


def test_every_track_is_one_scatter_item_fed_from_the_home(pane, ctx):
    counts = pane.counts()
    assert counts["journal"] == sum(len(ctx.memory.journal_turns(day=d)) for d in ctx.home.journal_days())
    assert counts["warm"] == len(ctx.memory.entries())
    assert counts["consolidation"] == 3
    for i, (track, item) in enumerate(pane._items.items()):
        x, y = item.getData()
        assert len(x) == counts[track]
        assert np.all(y == i)
        assert np.all(np.diff(x) >= 0)


def test_the_window_reads_the_journal_of_that_time(pane, ctx):
    start = datetime(2026, 10, 20, 0, 0).timestamp()
    end = datetime(2026, 10, 20, 12, 0).timestamp()
    pane.set_window(start, end)
    expected = ctx.memory.journal_turns(start="2026-10-20 00:00:00", end="2026-10-20 12:00:00")
    assert expected
    text = pane.reader.toPlainText()
    assert all(t.stamp in text for t in expected)
    assert "2026-10-19" not in text and "2026-10-20 12:" not in text
    assert f"{len(expected)}" in pane.window_label.text()


def test_region_drag_end_reads_the_window(pane, qtbot):
    start = datetime(2026, 9, 8, 9, 0).timestamp()
    with qtbot.waitSignal(pane.sig_window_changed) as blocker:
        pane.region.setRegion((start, start + 3 * 3600))
        pane.region.sigRegionChangeFinished.emit(pane.region)
    assert blocker.args[0].startswith("2026-09-08 09:00")
    assert "2026-09-08 09:" in pane.reader.toPlainText() or "2026-09-08 1" in pane.reader.toPlainText()


def test_clicking_a_warm_mark_selects_the_entry(pane, ctx, qtbot):
    entry = ctx.memory.entries()[5]
    seen = []
    unsubscribe = bus.subscribe("workbench.select_entry", lambda event: seen.append(event.payload))
    try:
        item = pane._items["warm"]
        points = [p for p in item.points() if p.data() == f"entry:{entry.id}"]
        with qtbot.waitSignal(pane.sig_open_item) as blocker:
            item.sigClicked.emit(item, points, None)
    finally:
        unsubscribe()
    assert blocker.args == [f"entry:{entry.id}"]
    assert seen[-1]["entry_id"] == entry.id
    assert entry.body.split(" | ")[0] in pane.reader.toPlainText()


def test_a_consolidation_mark_shows_its_archive(pane):
    mark = pane.data.marks["consolidation"][0]
    assert pane.open_mark(mark.key) is mark
    assert pane.reader.toPlainText().startswith("## 2026-09-")


def test_live_reload_after_an_append(pane, ctx, qtbot):
    before = pane.counts()["warm"]
    ctx.memory.append("fact", ("checkout-api", "owner", "陈雨", "team wiki#1"), when=datetime(2026, 10, 23, 18, 0))
    qtbot.waitUntil(lambda: pane.counts()["warm"] == before + 1, timeout=3000)


def test_unreadable_journal_day_is_reported_and_skipped(ctx):
    bad = ctx.home.journal_file("2026-10-24")
    bad.write_bytes(b"\n2026-10-24 10:00:00\n\xff\xfe\n")
    data = collect(ctx.home, ctx.memory.entries())
    assert any("2026-10-24.md" in e for e in data.errors)
    assert bad.read_bytes() == b"\n2026-10-24 10:00:00\n\xff\xfe\n"


def test_goal_transitions_and_rounds_are_tracks(pane, ctx):
    import json

    goals = json.loads(ctx.home.goals.read_text())["goals"]
    transitions = [h for g in goals for h in g["history"] if h["kind"] == "transition"]
    assert pane.counts()["goals"] == len(transitions)
    history = ctx.home.team_file("judge/history.jsonl").read_text().splitlines()
    assert pane.counts()["rounds"] == len(history)
    mark = pane.data.marks["goals"][0]
    pane.open_mark(mark.key)
    assert mark.ref["goal_id"] in pane.reader.toPlainText()


def test_an_empty_home_opens_and_pans_in_time_only(empty_home, tmp_path, qtbot):
    ctx = WorkbenchContext.open(MemoryHome.resolve(empty_home), Settings(tmp_path / "settings.ini"))
    try:
        widget = JournalPane.create(ctx)
        qtbot.addWidget(widget)
        qtbot.waitUntil(lambda: widget.loaded)
        assert all(n == 0 for n in widget.counts().values())
        assert widget.plot.getViewBox().state["mouseEnabled"] == [True, False]
        widget.fit_all()
        widget.shutdown()
    finally:
        ctx.close()


def test_a_round_mark_shows_its_judgment(pane):
    mark = pane.data.marks["rounds"][0]
    pane.open_mark(mark.key)
    text = pane.reader.toPlainText()
    assert text.startswith(mark.ref["query"]) and f"level: {mark.ref['level']}" in text


def test_goal_and_traced_round_marks_open_in_their_panes(ctx, qtbot):
    from linghun.core.assembler.debounce import Debouncer
    from linghun.core.assembler.round import Assembler

    opened = []

    class _Opener:
        def select(self, goal_id):
            opened.append(("goals", goal_id))
            return True

        def open_round(self, round_id):
            opened.append(("rounds", round_id))
            return True

    class _Window:  # what the pane asks of the main window
        def pane(self, name):
            return _Opener() if name in ("goals", "rounds") else None

    ctx.window = _Window()
    result = Assembler(ctx.home, debouncer=Debouncer()).run("checkout-api 现在生产上是哪个版本？")
    widget = JournalPane.create(ctx)
    qtbot.addWidget(widget)
    qtbot.waitUntil(lambda: widget.loaded)
    try:
        traced = next(m for m in widget.data.marks["rounds"] if m.key == f"round:{result.round_id}")
        widget.open_mark(traced.key)
        goal = widget.data.marks["goals"][0]
        widget.open_mark(goal.key)
        assert opened == [("rounds", result.round_id), ("goals", goal.ref["goal_id"])]
    finally:
        widget.shutdown()


def test_marks_look_as_pyqtgraph_draws_them_and_hovering_still_restyles(pane, qtbot):
    import pyqtgraph as pg

    pane.resize(900, 400)
    pane.show()
    qtbot.waitExposed(pane)
    item = pane._items["warm"]
    x, y = item.getData()
    assert len(x) > 1
    # the same marks through pyqtgraph's own spot-by-spot lookup, with the item's style
    plain_item = pg.ScatterPlotItem(size=item.opts["size"], symbol=item.opts["symbol"], pen=item.opts["pen"],
                                    brush=item.opts["brush"])
    plain_item.fragmentAtlas = item.fragmentAtlas  # one atlas: coordinates comparable
    plain_item.setData(x=x, y=y)
    assert (item.data["sourceRect"] == plain_item.data["sourceRect"]).all()
    assert (item.data["sourceRect"]["w"] > 0).all()
    # a hovered mark is drawn bigger, and back to normal after
    normal = item.data["sourceRect"][0].copy()
    item.data["hovered"][0] = True
    item.data["sourceRect"][0] = 0
    item.updateSpots()
    assert item.data["sourceRect"][0]["w"] > normal["w"]
    item.data["hovered"][0] = False
    item.data["sourceRect"][0] = 0
    item.updateSpots()
    assert item.data["sourceRect"][0] == normal


def test_a_reload_swaps_in_marks_indexed_off_the_gui_thread(pane, ctx, qtbot):
    entry = ctx.memory.entries()[3]
    data = collect(ctx.home, ctx.memory.entries())
    pane._show_data(data)
    assert pane.data is data
    assert pane.data.find(f"entry:{entry.id}").ref["entry_id"] == entry.id
    x, _ = pane._items["warm"].getData()
    assert list(x) == [m.time for m in data.marks["warm"]]
    assert list(pane._items["warm"].data["data"]) == [m.key for m in data.marks["warm"]]
    mark = data.marks["warm"][0]
    assert pane._tip(mark.time, 1, mark.key) and mark.label.split(" · ")[0] in pane._tip(mark.time, 1, mark.key)
    start, end = data.marks["warm"][0].time, data.marks["warm"][-1].time
    assert data.count_between("warm", start, end) == len(data.marks["warm"])
    assert data.count_between("warm", start + 0.5, end) == sum(1 for m in data.marks["warm"] if m.time >= start + 0.5)


def test_an_outside_write_reloads_the_timeline_with_the_watchers_parse(pane, ctx, qtbot):
    before = pane.counts()["warm"]
    text = ctx.home.warm.read_text(encoding="utf-8")
    ctx.home.warm.write_text(text + "\n## 2026-10-23 18:00 [fact] medium\n\n外部写入 | 值 | 1\n", encoding="utf-8")
    qtbot.waitUntil(lambda: pane.counts()["warm"] == before + 1, timeout=10000)
    newest = max(pane.data.marks["warm"], key=lambda m: m.ref["n"])
    assert "外部写入" in newest.label
    assert ctx.memory.entry(newest.ref["entry_id"]).n == newest.ref["n"]  # the GUI's ids: the entries pane's


def test_an_unreadable_warm_md_leaves_the_other_tracks_and_says_so(pane, ctx, qtbot):
    messages = []
    ctx.show_message = messages.append
    journal = pane.counts()["journal"]
    assert journal and pane.counts()["warm"]
    bad = b"## 2026-10-01 10:00 [fact] high\n\n\xff not utf-8\n"
    ctx.home.warm.write_bytes(bad)
    qtbot.waitUntil(lambda: pane.counts()["warm"] == 0, timeout=10000)
    assert pane.counts()["journal"] == journal
    assert any("warm.md" in m and "UTF-8" in m for m in messages)
    assert ctx.home.warm.read_bytes() == bad


def test_a_reload_redraws_only_the_tracks_whose_marks_changed(pane, ctx, qtbot):
    redrawn, added = [], []
    for track, item in pane._items.items():
        for name, calls in (("setData", redrawn), ("addPoints", added)):
            original = getattr(item, name)
            setattr(item, name, lambda *a, _track=track, _original=original, _calls=calls, **k:
                    _calls.append((_track, len(k.get("x", ())))) or _original(*a, **k))
    before = pane.counts()["warm"]
    ctx.memory.append("fact", ("checkout-api", "owner", "陈雨", "team wiki#1"), when=datetime(2026, 10, 23, 18, 0))
    qtbot.waitUntil(lambda: pane.counts()["warm"] == before + 1, timeout=5000)
    # the newest entry: one spot is added to the warm track; the journal, rounds, goals... tracks
    # kept their spots
    assert added == [("warm", 1)] and redrawn == []
    x, _ = pane._items["warm"].getData()
    assert list(x) == [m.time for m in pane.data.marks["warm"]]
    ctx.memory.append("fact", ("checkout-api", "owner", "陈雨", "wiki#0"), when=datetime(2026, 9, 1, 8, 0))
    qtbot.waitUntil(lambda: pane.counts()["warm"] == before + 2, timeout=5000)
    assert redrawn == [("warm", before + 2)]  # stamped before others: the track is set again
    x, keys = pane._items["warm"].getData()[0], pane._items["warm"].data["data"]
    assert list(x) == [m.time for m in pane.data.marks["warm"]]
    assert list(keys) == [m.key for m in pane.data.marks["warm"]]
    label = pane._tip(0, 0, pane.data.marks["journal"][0].key)
    assert label  # an untouched track's tooltips are read from the new data


def test_a_collect_keeps_the_warm_marks_of_the_entries_it_marked_before(ctx):
    """After a round (it writes the journal and its trace, not warm.md) the warm track of 10k
    entries is not marked again: the entries are the same list, the parse shared by the process."""
    entries = ctx.memory.latest().entries
    first = collect(ctx.home, entries)
    again = collect(ctx.home, ctx.memory.latest().entries, first)
    assert ctx.memory.latest().entries is entries
    assert again.marks["warm"] is first.marks["warm"] and again.times("warm") is first.times("warm")
    key = first.marks["warm"][-1].key
    assert again.find(key) is first.find(key) and again.find(first.marks["journal"][0].key) is not None
    ctx.memory.append("fact", ("checkout-api", "owner", "陈雨", "team wiki#1"), when=datetime(2026, 10, 23, 18, 0))
    changed = collect(ctx.home, ctx.memory.latest().entries, again)
    assert changed.marks["warm"] is not again.marks["warm"]
    assert len(changed.marks["warm"]) == len(again.marks["warm"]) + 1
    assert list(changed.times("warm")) == sorted(m.time for m in changed.marks["warm"])
    assert changed.find(key) is not None
    # the entries the file still begins with are the same objects: their marks are kept, the
    # last one (an append ends it with a blank line) and the new one are made
    kept = {id(m) for m in again.marks["warm"]}
    assert sum(id(m) not in kept for m in changed.marks["warm"]) == 2
