"""Time travel: a slider (and a calendar) over the states of the home's history; picking a moment
opens the home as it stood then, in every pane, read-only.

The past home is written from the history (``HomeHistory.materialize``, on the task pool) into a
folder of the cache (``<cache>/past/<hash of the home>``) whose files and folders are made
read-only, and opened like any home, with history capture off (it is a copy, not the home).
A banner in the time bar and the window title say which moment is shown; *Now* goes back to
the home itself. Nothing of the real home is touched.
"""
from __future__ import annotations

import bisect
import hashlib
import os
import shutil
import stat
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QDateTime, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QDateTimeEdit, QInputDialog, QLabel, QPushButton, QSlider, QToolBar

from linghun.core.appdirs import cache_dir
from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.workbench.actions import on_trigger
from linghun.workbench.dialogs.diff import DiffDialog
from linghun.workbench.panes import PastView
from linghun.workbench.undo import RestoreFile

SLIDE_DELAY_MS = 250


def past_folder(present: Path) -> Path:
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


def _write_protect(folder: Path) -> None:
    for root, dirs, files in os.walk(folder, topdown=False):
        for name in files:
            os.chmod(os.path.join(root, name), stat.S_IRUSR | stat.S_IRGRP)
        os.chmod(root, stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP)


def _states(home) -> list[datetime]:
    from linghun.core.history.store import when_of

    capture.flush(10)
    history = capture.history_of(home)
    return [] if history is None else sorted(when_of(c) for c in history.commits())


def _materialize(home, moment: datetime, dest: Path) -> Path:
    history = capture.history_of(home)
    if history is None:
        raise RuntimeError("history is turned off for this home")
    _clear(dest)
    past = history.materialize(moment, dest)
    if past is None:
        raise RuntimeError("nothing was recorded by then")
    _write_protect(dest)
    return dest


class TimeTravel(QObject):
    """The time bar of the main window.

    Attributes:
        present: the ``$DSH_HOME`` of the home itself (None before one is opened).
        moment: the moment shown, None for now.
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
        self._opening_past = False
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
        self.btn_go = QPushButton(self.toolbar)
        on_trigger(self.btn_go.clicked, self.go_to_calendar)
        self.btn_now = QPushButton(self.toolbar)
        on_trigger(self.btn_now.clicked, self.back_to_now)
        self.btn_restore = QPushButton(self.toolbar)
        on_trigger(self.btn_restore.clicked, self.choose_file_to_restore)
        self.banner = QLabel(self.toolbar)
        self.banner.setStyleSheet("QLabel { background: #fde2e1; color: #8a1c15; border: 1px solid #e0a09b;"
                                  " border-radius: 3px; padding: 2px 6px; font-weight: bold; }")
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
        past = ctx.past is not None
        if past:
            self.window.set_home_note(self.tr("Read-only: {0} as it stood at {1}").format(
                ctx.past.present.dsh_home, _label(ctx.past.moment)))
        else:
            self.present = ctx.home.dsh_home
            self.moment = None
            ctx.watcher.sig_external_change.connect(lambda _paths: self._reload.start())
            ctx.bridge.sig_memory_changed.connect(lambda *_args: self._reload.start())
            # a worker loading libgit2 and reading every state: not before the window has painted
            self.window.after_first_paint(self.load_states)
        self._update()
        self.sig_shown.emit("past" if past else "now")

    @Slot()
    def load_states(self) -> None:
        ctx = self.window.ctx
        if ctx is None or self.present is None or self.moment is not None:
            return
        home = ctx.home
        handle = ctx.tasks.submit(self.tr("Reading the home's history"), lambda _state: _states(home))
        handle.sig_finished.connect(self._states_loaded)

    def _states_loaded(self, states: list[datetime]) -> None:
        self.states = states
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(states))  # the last position is now
        self.slider.setValue(len(states))
        self.slider.blockSignals(False)
        if states:
            self.calendar.setMinimumDateTime(QDateTime(states[0].astimezone().replace(tzinfo=None)))
        self.calendar.setDateTime(QDateTime.currentDateTime())
        self._update()
        self.sig_states_loaded.emit(len(states))

    # -- moving -----------------------------------------------------------------------------
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
        self.go_to(self.calendar.dateTime().toPython().astimezone())

    def go_to(self, moment: datetime) -> None:
        ctx = self.window.ctx
        if ctx is None or self.present is None:
            return
        home = MemoryHome.resolve(self.present)
        dest = past_folder(self.present)
        self.window.show_message(self.tr("Opening the home as it stood at {0}…").format(_label(moment)))
        handle = ctx.tasks.submit(self.tr("Opening the home of the past"), lambda _state: _materialize(home, moment, dest))
        handle.sig_finished.connect(lambda path: self._open_past(path, moment))
        handle.sig_failed.connect(lambda exc: self.window.show_message(str(exc)))

    def _open_past(self, path: Path, moment: datetime) -> None:
        shown = self.moment
        self.moment = moment
        # every pane is built with its writing controls disabled and edits refused: the copy's
        # write protection alone does not stop a process running as root
        view = PastView(MemoryHome.resolve(self.present), moment, self.tr(
            "This is the home as it stood at {0}: read-only. Press Now to edit the home.").format(_label(moment)))
        if not self.window.open_home(path, remember=False, past=view):
            # the unsaved-changes prompt was cancelled: the window still shows what it showed
            self.moment = shown
            self._show_slider_at(shown)

    @Slot()
    def back_to_now(self) -> bool:
        """Open the home itself again; False (still in the past, and the bar says so) when the
        unsaved-changes prompt is cancelled."""
        if self.moment is None or self.present is None:
            self._update()
            return True
        if not self.window.open_home(self.present, remember=False):  # ``home_opened`` clears the moment
            self._show_slider_at(self.moment)
            return False
        self._show_slider_at(None)  # the right end is now (not the moment left, until states reload)
        return True

    def _show_slider_at(self, moment: datetime | None) -> None:
        """Put the slider (without moving the home) on ``moment``'s state, the right end for now."""
        value = self.slider.maximum() if moment is None else max(0, bisect.bisect_right(self.states, moment) - 1)
        self.slider.blockSignals(True)
        self.slider.setValue(value)
        self.slider.blockSignals(False)
        self._update()

    # -- restoring a whole file ----------------------------------------------------------
    @Slot()
    def choose_file_to_restore(self) -> None:
        """List the files that read differently now (on the task pool), ask which to restore."""
        ctx = self.window.ctx
        if ctx is None or self.moment is None or self.present is None:
            return
        past_root, present_root = ctx.home.root, MemoryHome.resolve(self.present).root
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
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S") if moment else ""
