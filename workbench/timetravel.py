"""Time travel: a slider (and a calendar) over the states of the home's history; picking a moment
opens the home as it stood then, in every pane, read-only.

The past home is written from the history (``HomeHistory.materialize``, on the task pool) into a
new folder of the cache (under ``<cache>/past/<hash of the home>``) whose files and folders are
made read-only, and opened like any home as a ``PastView``: no history is kept of it, and every
pane is built with its writing controls disabled. A banner in the time bar and the window title
say which moment is shown; *Now* goes back to the home itself. Nothing of the real home is touched.

One state machine, whose state is what the window shows (the home itself, or one moment's copy):

- a move (the slider, *Go*, *Now*) starts only towards another state than the one shown; one
  asked for while a copy is being written waits for it and then goes to the newest choice;
- the bar (slider, time, *Now*, *Restore file…*, banner) changes only once the window shows the
  new state: a move that is refused (the unsaved-changes prompt cancelled) or fails puts the
  slider back on the state shown;
- the states are read again when the home changes; when they are the same nothing on the bar
  moves, and a slide under way or a date typed into the calendar is kept.
"""
from __future__ import annotations

import bisect
import hashlib
import os
import shutil
import stat
import tempfile
import time
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QDateTime, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QDateTimeEdit, QInputDialog, QLabel, QPushButton, QSlider, QToolBar

from linghun.core.appdirs import cache_dir
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.workbench import clock, tones
from linghun.workbench.actions import on_trigger
from linghun.workbench.dialogs.diff import DiffDialog
from linghun.workbench.panes import PastView
from linghun.workbench.undo import RestoreFile

SLIDE_DELAY_MS = 250
#: no further move is asked for (``TimeTravel._wanted``); None there means "now"
_NOTHING = object()


def past_folder(present: Path) -> Path:
    """Where the copies of the past of the home ``present`` are written (one folder each)."""
    digest = hashlib.sha1(str(present.resolve()).encode("utf-8")).hexdigest()[:12]
    return cache_dir() / "past" / digest


def _clear(folder: Path) -> None:
    if not folder.exists():
        return
    for root, dirs, files in os.walk(folder):
        os.chmod(root, stat.S_IRWXU)
        for name in files:
            os.chmod(os.path.join(root, name), stat.S_IRUSR | stat.S_IWUSR)
    shutil.rmtree(folder)


def _clear_all(folders: list[Path]) -> None:
    for folder in folders:
        _clear(folder)


#: a copy of the past left by an earlier run is removed once it is this old (a copy younger than
#: that may be on another window's screen)
STALE_COPY_SECONDS = 3600


def _stale(folder: Path) -> bool:
    try:
        return time.time() - folder.stat().st_mtime > STALE_COPY_SECONDS
    except OSError:
        return False


def _write_protect(folder: Path) -> None:
    for root, dirs, files in os.walk(folder, topdown=False):
        for name in files:
            os.chmod(os.path.join(root, name), stat.S_IRUSR | stat.S_IRGRP)
        os.chmod(root, stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP)


def _states(home) -> list[datetime]:
    from linghun.core.history.store import when_of  # loads libgit2: on the worker, not at start-up

    capture.flush(10)
    history = capture.history_of(home)
    return [] if history is None else sorted(when_of(c) for c in history.commits())


def _materialize(home, moment: datetime, root: Path) -> Path:
    """A new folder under ``root`` holding the home as it stood at ``moment``, write-protected."""
    history = capture.history_of(home)
    if history is None:
        raise RuntimeError("history is turned off for this home")
    root.mkdir(parents=True, exist_ok=True)
    dest = Path(tempfile.mkdtemp(prefix="at-", dir=root))
    try:
        if history.materialize(moment, dest) is None:
            raise RuntimeError("nothing was recorded by then")
    except BaseException:
        _clear(dest)
        raise
    _write_protect(dest)
    return dest


class TimeTravel(QObject):
    """The time bar of the main window.

    Attributes:
        present: the ``$DSH_HOME`` of the home itself (None before one is opened).
        moment: the moment the window shows, None for now.
        states: the capture times of the history, oldest first.

    Signals:
        sig_states_loaded(int): the slider covers this many states (+ now).
        sig_shown(str): ``past`` or ``now`` is on screen.
    """

    sig_states_loaded = Signal(int)
    sig_shown = Signal(str)

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.present: Path | None = None
        self.moment: datetime | None = None
        self.states: list[datetime] = []
        self._loaded = False  # the states were read once for this home
        self._opening = 0  # the generation of the copy being written (0: none)
        self._generation = 0
        self._wanted: object = _NOTHING  # the move asked for while a copy was being written
        self._made: list[Path] = []  # the copies written (removed once another state is shown)
        self._calendar_set: QDateTime | None = None  # what the bar last put in the calendar
        self.toolbar = QToolBar(window)
        self.toolbar.setObjectName("toolbar-time")
        self.title = QLabel(self.toolbar)
        self.slider = QSlider(Qt.Orientation.Horizontal, self.toolbar)
        self.slider.setMinimumWidth(260)
        self.slider.setRange(0, 0)
        self.slider.setPageStep(1)
        self.slider.valueChanged.connect(self._on_slide)
        self.when = QLabel(self.toolbar)
        self.when.setMinimumWidth(150)
        self.calendar = QDateTimeEdit(self.toolbar)
        self.calendar.setCalendarPopup(True)
        self.calendar.setDisplayFormat("yyyy-MM-dd HH:mm")
        # now, until the history is read (Qt's default, 2000-01-01 00:00, showed meanwhile)
        self.calendar.setDateTime(_wall(clock.now()))
        self._calendar_set = self.calendar.dateTime()
        self.btn_go = QPushButton(self.toolbar)
        on_trigger(self.btn_go.clicked, self.go_to_calendar)
        self.btn_now = QPushButton(self.toolbar)
        on_trigger(self.btn_now.clicked, self.back_to_now)
        self.btn_restore = QPushButton(self.toolbar)
        on_trigger(self.btn_restore.clicked, self.choose_file_to_restore)
        self.banner = QLabel(self.toolbar)
        # the error tone's fill and text, which follow a theme switch (a style sheet would keep the
        # banner from being sent the palette's change)
        tones.banner(self.banner, "error")
        self.banner.setContentsMargins(6, 2, 6, 2)
        bold = self.banner.font()
        bold.setBold(True)
        self.banner.setFont(bold)
        self.banner.hide()
        # the banner first: a narrow window moves the last widgets into the toolbar's overflow menu
        self.toolbar.addWidget(self.title)
        self._banner_action = self.toolbar.addWidget(self.banner)
        for w in (self.slider, self.when, self.calendar, self.btn_go, self.btn_now, self.btn_restore):
            self.toolbar.addWidget(w)
        self._banner_action.setVisible(False)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SLIDE_DELAY_MS)
        self._timer.timeout.connect(self._go_to_slider)
        self._reload = QTimer(self)
        self._reload.setSingleShot(True)
        self._reload.setInterval(600)
        self._reload.timeout.connect(self.load_states)
        self.retranslate_ui()
        self._update()

    def retranslate_ui(self) -> None:
        self.title.setText(self.tr("Time:"))
        self.slider.setToolTip(self.tr("Slide to see the home as it stood at a captured moment (right end: now)"))
        self.btn_go.setText(self.tr("Go"))
        self.btn_go.setToolTip(self.tr("Show the home as it stood at the date and time chosen"))
        self.btn_now.setText(self.tr("Now"))
        self.btn_now.setToolTip(self.tr("Back to the home as it is"))
        self.btn_restore.setText(self.tr("Restore file…"))
        self.btn_restore.setToolTip(self.tr("Write a file of the home back as it stood at this moment (Edit > Undo takes it back)"))
        self._update()

    # -- homes ----------------------------------------------------------------------------
    def home_opened(self, ctx) -> None:
        """The window opened a home: the home itself, or a copy of its past (``ctx.past``)."""
        if self._opening:  # another home opened while a copy was being written: that move is over
            self._opening, self._wanted = 0, _NOTHING
        past = ctx.past
        if past is None:
            if self.present != ctx.home.dsh_home:  # another home: its own states
                self.states, self._loaded = [], False
                self.slider.blockSignals(True)
                self.slider.setRange(0, 0)
                self.slider.blockSignals(False)
            self.present = ctx.home.dsh_home
            self.moment = None
            ctx.watcher.sig_external_change.connect(self._home_changed)
            ctx.bridge.sig_memory_changed.connect(self._home_changed)
            # a worker loading libgit2 and reading every state: not before the window has painted
            self.window.after_first_paint(self.load_states)
        else:
            self.moment = past.moment
            self.window.set_home_note(self.tr("Read-only: {0} as it stood at {1}").format(
                past.present.dsh_home, _label(past.moment)))
        self._discard_copies(ctx, keep=ctx.home.dsh_home)
        self._show_slider_at(self.moment)
        self.sig_shown.emit("past" if past is not None else "now")

    @Slot()
    def _home_changed(self, *_args) -> None:
        self._reload.start()

    @Slot()
    def load_states(self) -> None:
        ctx = self.window.ctx
        if ctx is None or self.present is None or ctx.past is not None:
            return
        home = ctx.home
        handle = ctx.tasks.submit(self.tr("Reading the home's history"), lambda _state: _states(home))
        handle.sig_finished.connect(lambda states: self._states_loaded(home.dsh_home, states))

    def _states_loaded(self, present: Path, states: list[datetime]) -> None:
        if present != self.present:  # read for a home that is no longer open
            return
        if not self._loaded or states != self.states:
            # a slide under way stays on the state it was moved to (states are only ever added
            # at the end, except by ``history prune``); the bar otherwise shows what is shown
            sliding = self._timer.isActive() or bool(self._opening)
            target = self._slider_moment() if sliding else self.moment
            self.states = states
            self.slider.blockSignals(True)
            self.slider.setRange(0, len(states))  # the last position is now
            self.slider.blockSignals(False)
            self._place_slider(target)
            if states:
                self.calendar.setMinimumDateTime(_wall(states[0]))
            # the calendar follows the clock until the person types a date of their own
            if self._calendar_set is None or self.calendar.dateTime() == self._calendar_set:
                self.calendar.setDateTime(_wall(clock.now()))
                self._calendar_set = self.calendar.dateTime()
            self._loaded = True
        self._update()
        self.sig_states_loaded.emit(len(states))

    # -- moving -----------------------------------------------------------------------------
    def _index(self, moment: datetime | None) -> int:
        """The slider position of the state standing at ``moment`` (the right end for now; -1:
        before the first state)."""
        if moment is None:
            return len(self.states)
        return bisect.bisect_right(self.states, moment) - 1

    def _slider_moment(self) -> datetime | None:
        value = self.slider.value()
        return self.states[value] if 0 <= value < len(self.states) else None

    @Slot(int)
    def _on_slide(self, value: int) -> None:
        self._update(value)
        self._timer.start()

    @Slot()
    def _go_to_slider(self) -> None:
        value = self.slider.value()
        if value >= len(self.states):
            self.back_to_now()
        else:
            self.go_to(self.states[value])

    @Slot()
    def go_to_calendar(self) -> None:
        self.go_to(clock.home_wall(self.calendar.dateTime().toPython()))

    def go_to(self, moment: datetime) -> None:
        """Show the home as it stood at ``moment``: only when that is another state than the one
        shown; a moment after the newest state is the home as it is now."""
        ctx = self.window.ctx
        if ctx is None or self.present is None:
            return
        if self.states and moment > self.states[-1]:  # the newest state is the home as it is
            self.back_to_now()
            return
        index = self._index(moment)
        if self.states and index < 0:
            self.window.show_message(self.tr("Nothing was recorded by {0}: the history begins at {1}.")
                                     .format(_label(moment), _label(self.states[0])))
            self._show_slider_at(self.moment)
            return
        if self.states:
            # the state standing then: a date typed between two captures opens the earlier one, and
            # the slider's time, the banner and the title all name that capture (not the date typed)
            moment = self.states[index]
        if self.moment is not None and self.states and index == self._index(self.moment):
            self._show_slider_at(self.moment)  # that state is the one shown: nothing moves
            return
        if self._opening:
            self._wanted = moment
            return
        home = MemoryHome.resolve(self.present)
        root = past_folder(self.present)
        self._generation += 1
        generation = self._opening = self._generation
        self._wanted = _NOTHING
        self.window.show_message(self.tr("Opening the home as it stood at {0}…").format(_label(moment)))
        handle = ctx.tasks.submit(self.tr("Opening the home of the past"),
                                  lambda _state: _materialize(home, moment, root))
        handle.sig_finished.connect(lambda path: self._materialized(generation, path, moment))
        handle.sig_failed.connect(lambda exc: self._failed(generation, exc))

    def _failed(self, generation: int, exc: object) -> None:
        if generation != self._opening:
            return
        self._opening = 0
        self.window.show_message(str(exc))
        if not self._next_move():
            self._show_slider_at(self.moment)

    def _materialized(self, generation: int, path: Path, moment: datetime) -> None:
        if generation != self._opening or (self._wanted is not _NOTHING and self._wanted != moment):
            # another home was opened meanwhile, or the person moved on while this copy was written
            self._discard(path)
            if generation == self._opening:
                self._opening = 0
                self._next_move()
            return
        self._opening = 0
        self._wanted = _NOTHING
        self._made.append(path)
        view = PastView(MemoryHome.resolve(self.present), moment, self.tr(
            "This is the home as it stood at {0}: read-only. Press Now to edit the home.").format(_label(moment)))
        if not self.window.open_home(path, remember=False, past=view):
            # the unsaved-changes prompt was cancelled: the window still shows what it showed
            self._made.remove(path)
            self._discard(path)
            self._show_slider_at(self.moment)

    def _next_move(self) -> bool:
        """Make the move asked for while a copy was being written; False when there is none."""
        wanted, self._wanted = self._wanted, _NOTHING
        if wanted is _NOTHING:
            return False
        if wanted is None:
            self.back_to_now()
        else:
            self.go_to(wanted)
        return True

    @Slot()
    def back_to_now(self) -> bool:
        """Open the home itself again; False (still in the past, and the bar says so) when the
        unsaved-changes prompt is cancelled."""
        if self._opening:
            self._wanted = None  # the copy being written is not shown when it is done
            return False
        self._wanted = _NOTHING
        if self.moment is None or self.present is None:
            self._show_slider_at(None)
            return True
        if not self.window.open_home(self.present, remember=False):  # ``home_opened`` clears the moment
            self._show_slider_at(self.moment)
            return False
        return True

    def _show_slider_at(self, moment: datetime | None) -> None:
        """Put the slider (without moving the home) on ``moment``'s state, the right end for now;
        a slide waiting to be made is dropped."""
        self._timer.stop()
        self._place_slider(moment)

    def _place_slider(self, moment: datetime | None) -> None:
        value = self.slider.maximum() if moment is None else max(0, self._index(moment))
        self.slider.blockSignals(True)
        self.slider.setValue(value)
        self.slider.blockSignals(False)
        self._update()

    def _discard(self, path: Path) -> None:
        """Remove a copy of the past nobody is shown (on the task pool)."""
        ctx = self.window.ctx
        if ctx is not None and not ctx.tasks.closed:
            ctx.tasks.submit(self.tr("Removing a copy of the past"), lambda _state: _clear_all([path]))

    def _discard_copies(self, ctx, keep: Path) -> None:
        """Remove (on the task pool) the copies of the past written before, but the one shown;
        the first time a home opens, also those an earlier run of the workbench left behind."""
        keep = keep.resolve()
        old = [p for p in self._made if p.resolve() != keep]
        self._made = [p for p in self._made if p.resolve() == keep]
        if ctx.past is None and self.present is not None and not self._loaded:
            root = past_folder(self.present)
            left = [p for p in root.iterdir() if p.is_dir()] if root.is_dir() else []
            old += [p for p in left if p not in old and _stale(p)]
        if old:
            ctx.tasks.submit(self.tr("Removing a copy of the past"), lambda _state: _clear_all(old))

    # -- restoring a whole file ----------------------------------------------------------
    @Slot()
    def choose_file_to_restore(self) -> None:
        """List the files that read differently now (on the task pool), ask which to restore."""
        ctx = self.window.ctx
        if ctx is None or ctx.past is None:
            return
        past_root, present_root = ctx.home.root, ctx.past.present.root
        handle = ctx.tasks.submit(self.tr("Comparing with the home as it is"),
                                  lambda _state: changed_files(past_root, present_root))
        handle.sig_finished.connect(lambda files: self._ask_file(files, past_root))
        handle.sig_failed.connect(lambda exc: self.window.show_message(str(exc)))

    def _ask_file(self, files: list[str], past_root: Path) -> None:
        if not files:
            self.window.show_message(self.tr("Every file of the home reads now as it did then."))
            return
        moment = self.moment
        relative, ok = QInputDialog.getItem(
            self.window, self.tr("Restore a file"),
            self.tr("Write back as it stood at {0} (files that differ now):").format(_label(moment)), files, 0, False)
        if not ok or self.moment != moment:
            return
        data = (past_root / relative).read_bytes()
        now = MemoryHome.resolve(self.present).root / relative
        if not DiffDialog.confirm(self.tr("Restore a file"),
                                  self.tr("{0} will read as it stood at {1}. Edit > Undo takes it back.").format(
                                      relative, _label(moment)),
                                  _shown(now.read_bytes() if now.is_file() else b""), _shown(data), parent=self.window):
            return
        if not self.back_to_now():
            return
        ctx = self.window.ctx
        if ctx is not None and ctx.undo.push(
                RestoreFile(relative, data), self.tr("Restore {0} as at {1}").format(relative, _label(moment))):
            self.window.show_message(self.tr("{0} restored as it stood at {1}").format(relative, _label(moment)))

    def title_suffix(self) -> str:
        """What the window title adds while the past is shown."""
        if self.moment is None:
            return ""
        return " — " + self.tr("as it stood at {0} (read-only)").format(_label(self.moment))

    def _update(self, value: int | None = None) -> None:
        value = self.slider.value() if value is None else value
        if 0 <= value < len(self.states):
            self.when.setText(_label(self.states[value]))
        else:
            self.when.setText(self.tr("now"))
        past = self.moment is not None
        self.banner.setText(self.tr("READ-ONLY · as it stood at {0}").format(_label(self.moment)) if past else "")
        self._banner_action.setVisible(past)
        self.banner.setVisible(past)
        self.btn_now.setEnabled(past)
        self.btn_restore.setEnabled(past)
        enabled = self.present is not None
        for w in (self.slider, self.calendar, self.btn_go):
            w.setEnabled(enabled)


def changed_files(past_root: Path, present_root: Path) -> list[str]:
    """The files of the past copy (relative, sorted) whose bytes differ from the home's now."""
    changed = []
    for path in sorted(p for p in past_root.rglob("*") if p.is_file()):
        relative = path.relative_to(past_root)
        now = present_root / relative
        if not now.is_file() or now.read_bytes() != path.read_bytes():
            changed.append(relative.as_posix())
    return changed


def _shown(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def _label(moment: datetime | None) -> str:
    return clock.shown(moment) if moment else ""


def _wall(moment: datetime) -> QDateTime:
    """``moment`` on the home's wall clock, for the calendar (which knows no zone: a date typed
    there is the home's, as the entry stamps are)."""
    return QDateTime(clock.in_home(moment).replace(tzinfo=None))
