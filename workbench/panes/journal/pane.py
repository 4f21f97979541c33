"""The journal timeline: what happened when, across the journal, warm, consolidations, goals and
assembler rounds, on one zoomable time axis.

One ``ScatterPlotItem`` per track, fed with numpy arrays prepared off the GUI thread
(``timeline_data``), all marks of a track in one style; the bottom axis is a
``DateAxisItem``. Drag a window (``LinearRegionItem``) to read the journal turns of that window
(``Memory.journal_turns``); click a mark to open it: a warm entry is selected in the entries pane,
the others are shown in the reader. Mouse wheel zooms and dragging pans, in time only.
"""
from __future__ import annotations


import numpy as np  # noqa: E402
from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP, Signal, Slot  # noqa: E402
from PySide6.QtGui import QColor, QFontMetrics  # noqa: E402
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSplitter, QVBoxLayout, QWidget  # noqa: E402

from linghun.core.errors import LinghunError  # noqa: E402
from linghun.workbench import clock, tones  # noqa: E402
from linghun.workbench.actions import add_tool_action  # noqa: E402
from linghun.workbench.icons import icon  # noqa: E402
from linghun.workbench.panes import Pane, register_pane  # noqa: E402
from linghun.workbench.panes.journal.timeline_data import TRACKS, Mark, TimelineData, collect  # noqa: E402
from linghun.workbench.panes.ontology.links import pane_of, raise_pane, request_entry  # noqa: E402
from linghun.workbench.plots import pyqtgraph  # noqa: E402
from linghun.workbench.plaintext import plain, tooltip

RELOAD_DELAY_MS = 200
DAY = 86400.0

TRACK_TITLES = {
    "journal": QT_TRANSLATE_NOOP("JournalPane", "Journal turns"),
    "warm": QT_TRANSLATE_NOOP("JournalPane", "Warm entries"),
    "consolidation": QT_TRANSLATE_NOOP("JournalPane", "Consolidations"),
    "goals": QT_TRANSLATE_NOOP("JournalPane", "Goal changes"),
    "rounds": QT_TRANSLATE_NOOP("JournalPane", "Assembler rounds"),
}
TRACK_STYLE = {  # symbol, colour
    "journal": ("o", tones.SERIES["blue"]),
    "warm": ("s", tones.SERIES["green"]),
    "consolidation": ("d", tones.SERIES["red"]),
    "goals": ("t", tones.SERIES["purple"]),
    "rounds": ("star", tones.SERIES["orange"]),
}


def _stamp(epoch: float) -> str:
    return clock.epoch_shown(epoch)


def _collect(_state, home, entries, errors: list[str], previous: TimelineData) -> TimelineData:
    """Task (``workbench.tasks``): the marks of ``home`` with these warm entries; ``errors`` say
    what could not be read before (warm.md); ``previous`` is what the pane shows (its warm marks
    are kept when the entries are the same)."""
    data = collect(home, entries, previous)
    data.errors[:0] = errors
    return data


@register_pane
class JournalPane(Pane):
    """The timeline of a home.

    Signals:
        sig_open_item(str): a mark was opened; its key (``entry:<id>``, ``turn:...``,
            ``episodic:<day>#i``, ``goal:<id>#i``, ``round:<id>``).
        sig_window_changed(str, str): the reading window, as local stamps (start, end).
    """

    NAME = "journal"
    TITLE = QT_TRANSLATE_NOOP("Pane", "Timeline")
    ICON = "event"
    AREA = Qt.DockWidgetArea.BottomDockWidgetArea
    ORDER = 30

    sig_open_item = Signal(str)
    sig_window_changed = Signal(str, str)

    def __init__(self, ctx, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.data = TimelineData()
        self._items: dict = {}  # track -> its marks (``scatter.TrackScatter``)
        self._window: tuple[float, float] | None = None
        self._build()
        self._collecting = None  # the TaskHandle collecting the marks
        self._collect_next = None  # the warm entries of a change reported while it runs
        self.loaded = False  # the marks of the home were shown once
        self._reload_timer = self.single_shot(RELOAD_DELAY_MS, self.reload_in_background)
        ctx.bridge.sig_memory_changed.connect(self._on_memory_changed)
        ctx.watcher.sig_external_change.connect(self._on_external_change)
        self.retranslate_ui()
        # the window opens without waiting for the marks: collecting a 10k-entry home's took a
        # quarter of a second of the GUI thread (``_show_data`` fits the view when they arrive)
        self.when_seen(self.reload_in_background)

    def _build(self) -> None:
        self.toolbar = self.make_toolbar()
        self.act_reload = add_tool_action(self.toolbar, icon("reload"), self.reload_in_background, shortcut="Ctrl+R")
        self.act_fit = add_tool_action(self.toolbar, icon("filter"), self.fit_all, shortcut="Ctrl+0")
        self.toolbar.addSeparator()
        self.track_actions = {}
        for track in TRACKS:
            act = self.toolbar.addAction("")
            act.setCheckable(True)
            act.setChecked(True)
            act.toggled.connect(self._apply_visibility)
            self.track_actions[track] = act

        # imported here, for start-up time and memory (``workbench.plots``)
        from linghun.workbench.panes.journal.scatter import TrackScatter

        pg = pyqtgraph()
        self.axis_left = pg.AxisItem("left")
        self.plot = pg.PlotWidget(axisItems={"bottom": pg.DateAxisItem(orientation="bottom"), "left": self.axis_left})
        # five tracks need their height: a short dock scrolls rather than drawing labels over each other
        self.plot.setMinimumHeight(150)
        self.plot.setBackground(None)
        self.plot.showGrid(x=True, y=False, alpha=0.25)
        self.plot.setMouseEnabled(x=True, y=False)
        self.plot.setYRange(-0.6, len(TRACKS) - 0.4, padding=0)
        self.plot.getPlotItem().hideButtons()
        self.plot.getViewBox().setLimits(yMin=-1, yMax=len(TRACKS))
        for i, track in enumerate(TRACKS):
            symbol, colour = TRACK_STYLE[track]
            item = TrackScatter(size=9 if track != "journal" else 6, symbol=symbol, pen=pg.mkPen(None),
                                brush=pg.mkBrush(QColor(colour)), hoverable=True, hoverSize=13, tip=self._tip)
            item.sigClicked.connect(self._on_points_clicked)
            self.plot.addItem(item)
            self._items[track] = item
        self.region = pg.LinearRegionItem(orientation="vertical", brush=pg.mkBrush(120, 160, 220, 50))
        self.region.setZValue(-10)
        self.region.sigRegionChangeFinished.connect(self._on_region_finished)
        self.plot.addItem(self.region)

        self.window_label = plain(QLabel(self))
        self.window_label.setWordWrap(True)
        self.reader = QPlainTextEdit(self)
        self.reader.setReadOnly(True)
        reader_box = QWidget(self)
        box = QVBoxLayout(reader_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.window_label)
        box.addWidget(self.reader, 1)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.plot)
        splitter.addWidget(reader_box)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.stack(self.toolbar, splitter)

    def retranslate_ui(self) -> None:
        self.act_reload.setText(self.tr("Reload"))
        self.act_fit.setText(self.tr("Show all"))
        for track, act in self.track_actions.items():
            act.setText(QCoreApplication.translate("JournalPane", TRACK_TITLES[track]))
            act.setToolTip(self.tr("Show or hide this track"))
        titles = [QCoreApplication.translate("JournalPane", TRACK_TITLES[t]) for t in TRACKS]
        self.axis_left.setTicks([list(enumerate(titles)), []])
        # the track names must fit: the axis does not widen itself for fixed ticks
        metrics = QFontMetrics(self.axis_left.style.get("tickFont") or self.font())
        self.axis_left.setWidth(max(metrics.horizontalAdvance(t) for t in titles) + 18)
        if self._window:
            self.show_window(*self._window)
        else:
            self.window_label.setText(self.tr("Drag the shaded window to read the journal of that time."))

    # -- data --------------------------------------------------------------------------------
    def _warm_entries(self) -> tuple[list, list[str]]:
        """The warm entries and, when warm.md cannot be read, why (the other tracks still show)."""
        try:
            return self.ctx.memory.latest().entries, []  # as parsed: warm.md is not read here
        except LinghunError as exc:
            return [], [str(exc)]

    @Slot()
    def reload_in_background(self) -> None:
        """Re-read the home, the marks collected on a worker (collecting a 10k-entry home's took
        0.6 s of the GUI thread): when the pane opens, after a change (each round writes files),
        on Reload. The view range and the window stay where they are.

        The warm entries are taken now, when a change has just been reported and the process's
        parse of warm.md is ready (``core.memory`` shares it; the watcher parses an outside write
        before reporting it): taken later, after another outside write, the Memory would parse
        warm.md here on the GUI thread. A request while a collect runs is collected after it."""
        self._reload_timer.stop()
        self._collect_next = self._warm_entries()
        if self._collecting is None:
            self._collect_pending()

    def _collect_pending(self) -> None:
        (entries, errors), self._collect_next = self._collect_next, None
        self._collecting = self.ctx.tasks.submit(self.tr("Collecting the timeline"), _collect, self.ctx.home, entries,
                                                 errors, self.data)
        self._collecting.sig_finished.connect(self._show_data)
        self._collecting.sig_done.connect(self._on_collected)

    @Slot()
    def _on_collected(self) -> None:
        self._collecting = None
        if self._collect_next is not None:
            self._collect_pending()

    @Slot(object)
    def _show_data(self, data: TimelineData) -> None:
        """Swap in marks collected (and indexed) off the GUI thread."""
        previous, self.data = self.data, data
        for i, track in enumerate(TRACKS):
            x, keys = data.times(track), data.keys(track)
            old_x, old_keys = previous.times(track), previous.keys(track)
            n = len(old_x)
            kept = self.loaded and len(x) >= n and (x is old_x or (np.array_equal(x[:n], old_x)
                                                                     and np.array_equal(keys[:n], old_keys)))
            if kept and len(x) == n:
                # the same marks (a round changes the journal, not the 10k warm entries): pyqtgraph
                # would rebuild and repaint every spot of the track (the stall benchmark's largest
                # remaining GUI-thread cost); their labels are read from ``self.data``
                continue
            if kept:
                # marks added after the others (the agent appended): only they become spots
                # (setting 10k spots again took 8 ms of the GUI thread at each append)
                self._items[track].addPoints(x=x[n:], y=np.full(len(x) - n, float(i)), data=keys[n:])
                continue
            self._items[track].setData(x=x, y=np.full(len(x), float(i)), data=keys)
        if self.data.errors:
            self.ctx.show_message(self.tr("Some files could not be read: %1").replace("%1", "; ".join(self.data.errors)))
        if not self.loaded:
            self.loaded = True
            self.fit_all()
            span = self.data.span()
            if span and not self._window:  # start by reading the last day of the home
                self.set_window(max(span[0], span[1] - DAY), span[1] + 1)
                return
        if self._window:
            start, end = self._window
            before, now = previous.span(), self.data.span()
            if before and now and end >= before[1] and now[1] >= end:
                # the window read up to the newest mark: it follows the new ones (a conversation
                # turn, the agent's append), or its summary would stop short of them
                self.set_window(now[1] + 1 - (end - start), now[1] + 1)
                return
            self.show_window(start, end)

    def counts(self) -> dict[str, int]:
        return {t: len(m) for t, m in self.data.marks.items()}

    @Slot(str, str)
    def _on_memory_changed(self, path: str, what: str) -> None:
        if path.startswith(str(self.ctx.home.root)):
            self.when_seen(self._reload_timer.start)

    @Slot(list)
    def _on_external_change(self, paths: list) -> None:
        if any(str(p).startswith(str(self.ctx.home.root)) for p in paths):
            # now: the watcher has coalesced the writes and parsed warm.md
            self.when_seen(self.reload_in_background)

    @Slot()
    def _apply_visibility(self) -> None:
        for track, act in self.track_actions.items():
            self._items[track].setVisible(act.isChecked())

    @Slot()
    def fit_all(self) -> None:
        span = self.data.span()
        if span:
            pad = max((span[1] - span[0]) * 0.02, 3600.0)
            self.plot.setXRange(span[0] - pad, span[1] + pad, padding=0)

    def _tip(self, x, y, data) -> str:
        mark = self.data.find(data)
        return tooltip(mark.label if mark is not None else "")

    # -- the reading window -------------------------------------------------------------------
    def set_window(self, start: float, end: float) -> None:
        """Move the window to ``start``..``end`` (epoch seconds) and read it."""
        self.region.blockSignals(True)
        self.region.setRegion((start, end))
        self.region.blockSignals(False)
        self.show_window(start, end)

    @Slot()
    def _on_region_finished(self) -> None:
        start, end = self.region.getRegion()
        self.show_window(start, end)

    def show_window(self, start: float, end: float) -> None:
        """The journal turns of ``start``..``end`` in the reader (``Memory.journal_turns``)."""
        self._window = (start, end)
        lo, hi = _stamp(start), _stamp(end)
        try:
            turns = self.ctx.memory.journal_turns(start=lo, end=hi)
        except LinghunError as exc:
            self.window_label.setText(str(exc))
            return
        in_window = {t: self.data.count_between(t, start, end) for t in TRACKS}
        self.window_label.setText(
            self.tr("%1 – %2: %3 journal turns, %4 warm entries, %5 consolidations, %6 goal changes, %7 rounds")
            .replace("%1", lo[:16]).replace("%2", hi[:16]).replace("%3", str(len(turns)))
            .replace("%4", str(in_window["warm"])).replace("%5", str(in_window["consolidation"]))
            .replace("%6", str(in_window["goals"])).replace("%7", str(in_window["rounds"])))
        self.reader.setPlainText("\n\n".join(t.raw.strip("\n") for t in turns))
        self.sig_window_changed.emit(lo, hi)

    # -- opening marks ------------------------------------------------------------------------
    def _on_points_clicked(self, item, points, ev=None) -> None:
        if len(points):
            self.open_mark(points[0].data())

    def open_mark(self, key: str) -> Mark | None:
        """Open the item behind a mark: select a warm entry, else show it in the reader."""
        mark = self.data.find(key)
        if mark is None:
            return None
        if mark.track == "warm":
            request_entry(self.ctx, entry_id=mark.ref.get("entry_id"))
        elif mark.track == "goals":
            self._show_in("goals", "select", mark.ref.get("goal_id"))
        elif mark.track == "rounds" and mark.ref.get("round"):  # a round with a trace
            self._show_in("rounds", "open_round", mark.ref["round"])
        track = QCoreApplication.translate("JournalPane", TRACK_TITLES[mark.track])
        header = f"{_stamp(mark.time)[:16]} · {track}"
        self.window_label.setText(header)
        self.reader.setPlainText(mark.detail or mark.label)
        self.sig_open_item.emit(key)
        return mark

    def _show_in(self, name: str, method: str, arg) -> bool:
        """Open an item in the pane that owns it (goals, rounds), when that pane is there."""
        pane = pane_of(self.ctx, name)
        opener = getattr(pane, method, None)
        if not callable(opener) or not opener(arg):
            return False
        raise_pane(self.ctx, name)
        return True

    def shutdown(self) -> None:
        self._reload_timer.stop()  # the home is closing: no new collection is started
        self._collect_next = None
        for signal, slot in ((self.ctx.bridge.sig_memory_changed, self._on_memory_changed),
                             (self.ctx.watcher.sig_external_change, self._on_external_change)):
            try:
                signal.disconnect(slot)
            except (RuntimeError, TypeError):
                pass
