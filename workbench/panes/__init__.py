"""The pane framework: every dockable pane is a registered ``Pane`` subclass.

To add a pane, create a package ``workbench/panes/<name>/`` whose ``__init__.py`` imports the
module defining the class, and decorate the class with ``@register_pane``::

    from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
    from linghun.workbench.panes import Pane, register_pane

    @register_pane
    class JournalPane(Pane):
        NAME = "journal"                                   # dock objectName: layout is saved by it
        TITLE = QT_TRANSLATE_NOOP("Pane", "Journal")       # translated through context "Pane"
        ICON = "event"                                     # resources/icons/<ICON>.svg
        AREA = Qt.DockWidgetArea.BottomDockWidgetArea
        ORDER = 30                                         # position in the View menu

        def __init__(self, ctx, parent=None):
            super().__init__(ctx, parent)
            ...build widgets; connect ctx.bridge / ctx.watcher signals to bound methods...

        def retranslate_ui(self): ...re-read every tr() string...
        def shutdown(self): ...undo what __init__ connected to long-lived objects...

A pane that has something lasting to say in the window's status bar (how many of the agent's
changes are unreviewed, say) emits ``sig_status_note(text)``; the main window shows the text as a
button that brings the pane to the front, and an empty text takes the note away. A pane whose note
must never go unseen sets ``NOTE_IN_TITLE = True``: the note is in the window's title too.

The main window calls ``discover()`` (imports every sub-module of this package), then creates one
dock per registered class; each time a home is opened it builds, with ``Pane.create(ctx)``, the
panes that can be seen, and each other pane when it is first shown (or asked for by
``MainWindow.pane``): building all thirteen was one stall of 250 ms of the GUI thread at 100k
entries, and the panes nobody looked at ran their first work (the checks, the health's history)
beside the home's load. A pane whose status note must be heard while nobody sees it
(``BUILD_UNSEEN``, or ``NOTE_IN_TITLE``) is built once the home has loaded, one per turn of the
event loop. The window never needs editing for a new pane. A pane that fails to import or build
is reported in the status bar and the others still open.
"""
from __future__ import annotations

import importlib
import logging
import pkgutil
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Callable, ClassVar

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QToolBar, QVBoxLayout, QWidget

from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from linghun.workbench.bridge import EventBridge
    from linghun.workbench.filewatch import HomeWatcher
    from linghun.workbench.settings import Settings
    from linghun.workbench.tasks import TaskManager
    from linghun.workbench.undo import UndoService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PastView:
    """The home shown is a read-only copy of another home as it stood at a moment (time travel).

    Attributes:
        present: the home itself, whose history the copy was written from.
        moment: the moment shown.
        reason: what the panes say of the writes they do not offer (a disabled button's tooltip).
    """

    present: MemoryHome
    moment: datetime
    reason: str


@dataclass
class WorkbenchContext:
    """One open memory home and the services around it.

    Attributes:
        home: the home's paths.
        memory: the memory operations on it (the one writer of warm entries).
        bridge: core events as Qt signals (GUI thread).
        undo: the undo service; ``undo.stack`` is the ``QUndoStack`` the Edit menu shows.
        tasks: background work with progress and cancel.
        settings: the user's settings.
        watcher: external changes of the home's files.
        window: the main window (parent for dialogs), None in headless tests.
        show_message: put a transient message in the status bar.
        past: set when the home shown is a copy of the past (read-only from opening to closing).
    """

    home: MemoryHome
    memory: Memory
    bridge: "EventBridge"
    undo: "UndoService"
    tasks: "TaskManager"
    settings: "Settings"
    watcher: "HomeWatcher"
    window: "QWidget | None" = None
    show_message: Callable[..., None] = field(default=lambda message, timeout_ms=8000: None)  # (message, timeout_ms)
    #: the tokenizer and the home's search index are still loading (``MainWindow`` warms them up
    #: when the home opens): a round, map or gap re-run started now says "preparing the index…"
    warming: bool = False
    #: every action that writes to the home: disabled as one while the home shown is read-only
    #: (the past); see ``mark_writes`` and ``set_read_only``
    writes: "QActionGroup | None" = None
    #: the names of the panes nobody can see now (their dock closed, or a tab behind another):
    #: kept by the main window; a pane starts with it (``Pane.seen``)
    unseen: set[str] = field(default_factory=set)
    past: PastView | None = None

    @property
    def read_only(self) -> str:
        """Why the home shown cannot be edited ("" when it can)."""
        return self.undo.read_only_reason

    @property
    def writable(self) -> bool:
        """The home shown may be written: a pane enables its writing buttons and fields only then
        (the past is read-only for the whole life of its context, so a pane asks when it builds
        and whenever it enables them)."""
        return not self.undo.read_only_reason

    @property
    def history_home(self) -> MemoryHome:
        """The home whose history the files shown come from: the home itself, or for a copy of
        the past the home it was made from (the copy keeps no history of its own)."""
        return self.past.present if self.past is not None else self.home

    def set_read_only(self, reason: str) -> None:
        """Make the home shown read-only (``reason`` is what a refused edit says) or editable ("").
        Edits through the undo service are refused, every action of ``writes`` is disabled."""
        self.undo.read_only_reason = reason
        self.writes.setEnabled(not reason)

    def mark_writes(self, *actions) -> None:
        """``actions`` write to the home: they are unavailable while it is read-only (an action of a
        disabled ``QActionGroup`` stays disabled whatever its pane's own enabling says)."""
        for action in actions:
            self.writes.addAction(action)

    def enable_write(self, widget, enabled: bool = True) -> None:
        """Enable a button or field that writes to the home when ``enabled`` and the home may be
        written; in the past it stays disabled and its tooltip says why."""
        widget.setEnabled(enabled and self.writable)
        if not self.writable:
            widget.setToolTip(self.read_only)

    def refuse_if_read_only(self) -> bool:
        """For writes started by a button rather than an action: True (and say why) when refused."""
        if self.read_only:
            self.show_message(self.read_only)
        return bool(self.read_only)

    @property
    def undo_stack(self) -> "QUndoStack":
        return self.undo.stack

    def llm_settings(self):
        """The LLM settings the user set up (None: offline), read now on the GUI thread: the
        settings dialog's endpoint, model and keyring key over the home's ``workbench.json``
        ``llm`` section; see ``workbench.llm_setup``. Hand them to a task and build the client
        there (``workbench.llm_setup.build_provider``)."""
        from linghun.workbench.llm_setup import llm_settings

        return llm_settings(self.settings, getattr(self, "home", None))

    def llm_provider(self):
        """The provider for ``llm_settings()`` (None: offline). It builds the HTTP client: call it
        from a worker thread, never from a slot."""
        from linghun.workbench.llm_setup import build_provider

        return build_provider(self.llm_settings())

    @classmethod
    def open(cls, home: MemoryHome, settings: "Settings", window: "QWidget | None" = None,
             past: PastView | None = None) -> WorkbenchContext:
        """Create the services for ``home`` (on the GUI thread: the bridge and watcher live there).
        ``past``: ``home`` is a copy of the past: read-only from the start (the panes are built
        with their writing controls disabled), and no history is kept of it."""
        from linghun.workbench.bridge import EventBridge
        from linghun.workbench.filewatch import HomeWatcher
        from linghun.workbench.tasks import TaskManager
        from linghun.workbench.undo import UndoService

        memory = Memory(home)
        watcher = HomeWatcher(home, memory=memory)
        if past is None:
            _record_history(home, watcher)
        undo = UndoService(memory)
        writes = QActionGroup(undo)
        writes.setExclusionPolicy(QActionGroup.ExclusionPolicy.None_)
        ctx = cls(home=home, memory=memory, bridge=EventBridge(), undo=undo, tasks=TaskManager(),
                  settings=settings, watcher=watcher, window=window, writes=writes, past=past)
        if past is not None:
            ctx.set_read_only(past.reason)
        return ctx

    def close(self) -> None:
        """Stop watching and listening, cancel and join background work (no thread left running)."""
        self.watcher.close()
        from linghun.core.history import capture

        capture.recorder.disable(self.home)  # a no-op for a home that was not recorded
        self.bridge.close()
        self.tasks.shutdown(wait=True)
        self.undo.stack.clear()
        for obj in (self.watcher, self.bridge, self.tasks, self.undo):
            obj.deleteLater()


def _record_history(home: MemoryHome, watcher: "HomeWatcher") -> None:
    """Keep the home's history while it is open: our writes as the workbench's, what the watcher
    sees (the agent's writes) by a scan; both run on the capture thread, never here."""
    from linghun.core.history import capture

    capture.enable(home, "workbench")
    watcher.sig_external_change.connect(lambda _paths: capture.recorder.request_scan(home))
    capture.recorder.request_scan(home)  # the home as found when opened


_REGISTRY: dict[str, type["Pane"]] = {}
_DISCOVERY_ERRORS: dict[str, str] = {}


class Pane(QWidget):
    """Base class of a dockable pane; the class itself is the widget factory.

    Attributes:
        NAME: stable identifier, used as the dock's objectName (saved layouts refer to it).
        TITLE: English title marked with ``QT_TRANSLATE_NOOP("Pane", ...)``.
        ICON: icon name in resources/icons (without .svg), or "".
        AREA: the dock area it starts in.
        ORDER: position in the View menu and among tabified docks.
        STRETCH: relative size of its dock beside the other areas' docks at first start.
        ctx: the shared ``WorkbenchContext``.

    Signals:
        sig_status_note(str): a lasting note for the window's status bar ("" removes it).
    """

    sig_status_note = Signal(str)

    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    #: its ``sig_status_note`` is in the window's title as well as the status bar
    NOTE_IN_TITLE: ClassVar[bool] = False
    #: built with every home even while nobody can see it (once the home has loaded), for its
    #: ``sig_status_note``; other panes are built when first shown (a ``NOTE_IN_TITLE`` pane is
    #: built unseen too)
    BUILD_UNSEEN: ClassVar[bool] = False
    ICON: ClassVar[str] = ""
    AREA: ClassVar[Qt.DockWidgetArea] = Qt.DockWidgetArea.RightDockWidgetArea
    ORDER: ClassVar[int] = 100
    STRETCH: ClassVar[int] = 1  # share of its dock area's width or height at first start

    def single_shot(self, interval_ms: int, slot) -> QTimer:
        """A single-shot timer owned by the pane that calls ``slot``; restarting it while it runs
        folds a burst of changes (the agent's writes, our own) into one call."""
        timer = QTimer(self)
        timer.setSingleShot(True)
        timer.setInterval(interval_ms)
        timer.timeout.connect(slot)
        return timer

    def make_toolbar(self) -> QToolBar:
        """The pane's toolbar, icons with their text beside them."""
        toolbar = QToolBar(self)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        return toolbar

    def stack(self, *widgets: QWidget) -> QVBoxLayout:
        """Lay ``widgets`` out top to bottom edge to edge; the last one takes the spare height."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in widgets[:-1]:
            layout.addWidget(widget)
        layout.addWidget(widgets[-1], 1)
        return layout

    def __init__(self, ctx: WorkbenchContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName(f"pane-{self.NAME}")
        self.seen = self.NAME not in ctx.unseen
        self._when_seen: dict[Callable[[], None], None] = {}  # an ordered set

    # -- work for what is seen ------------------------------------------------------------
    def when_seen(self, refresh: Callable[[], None]) -> None:
        """Call ``refresh`` now if the pane can be seen, else once when it next can (the same
        refresh asked for twice meanwhile runs once). For work done only to show something: the
        map of a 10k-entry home took 165 ms of a worker on every outside write of warm.md, with the
        map behind another tab, and every worker's Python competes with the GUI thread for the GIL."""
        if self.seen:
            refresh()
        else:
            self._when_seen[refresh] = None

    def set_seen(self, seen: bool) -> None:
        """The main window's word that the pane can (not) be seen: its dock shown and, among
        tabs, the current one. Refreshes asked for while it could not run now."""
        self.seen = seen
        while seen and self._when_seen:
            refresh = next(iter(self._when_seen))
            del self._when_seen[refresh]
            refresh()

    @classmethod
    def built_unseen(cls) -> bool:
        """The window builds this pane with the home even when nobody can see it (``BUILD_UNSEEN``)."""
        return cls.BUILD_UNSEEN or cls.NOTE_IN_TITLE

    @classmethod
    def create(cls, ctx: WorkbenchContext) -> "Pane":
        """The widget factory the main window calls for each opened home."""
        return cls(ctx)

    @classmethod
    def title(cls) -> str:
        return QCoreApplication.translate("Pane", cls.TITLE)

    # -- hooks ----------------------------------------------------------------------------
    def retranslate_ui(self) -> None:
        """Re-read every user-visible string (called on each language change)."""

    def has_unsaved_changes(self) -> bool:
        """True when closing the home now would lose an edit the user has not saved."""
        return False

    def save_unsaved_changes(self) -> bool:
        """Save what ``has_unsaved_changes`` reports (the window is closing); False if it could not."""
        return not self.has_unsaved_changes()

    def shutdown(self) -> None:
        """Undo the connections made to long-lived objects; called before the home closes."""

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


def register_pane(cls: type[Pane]) -> type[Pane]:
    """Class decorator: make ``cls`` a pane of the main window."""
    if not cls.NAME or not cls.TITLE:
        raise ValueError(f"{cls.__name__} needs NAME and TITLE")
    other = _REGISTRY.get(cls.NAME)
    if other is not None and other is not cls and other.__qualname__ != cls.__qualname__:
        raise ValueError(f"two panes are named {cls.NAME!r}: {other.__qualname__} and {cls.__qualname__}")
    _REGISTRY[cls.NAME] = cls
    return cls


def registered_panes() -> list[type[Pane]]:
    """The registered pane classes in menu order."""
    return sorted(_REGISTRY.values(), key=lambda c: (c.ORDER, c.NAME))


def discover() -> dict[str, str]:
    """Import every sub-module of this package so their panes register; returns import errors."""
    for info in pkgutil.iter_modules(__path__, __name__ + "."):
        if info.name in _DISCOVERY_ERRORS:
            continue
        try:
            importlib.import_module(info.name)
        except Exception as exc:  # one broken pane must not keep the others from opening
            log.exception("pane module %s failed to import", info.name)
            _DISCOVERY_ERRORS[info.name] = f"{type(exc).__name__}: {exc}"
    return dict(_DISCOVERY_ERRORS)
