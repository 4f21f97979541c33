"""The main window: menus, toolbar, status bar, and one dock per registered pane.

Docks are created once, at start, for every registered pane class (so ``restoreState`` finds them
by objectName); opening a home builds a new ``WorkbenchContext`` and puts a fresh pane widget in
each dock that can be seen; the other docks get theirs when first shown (see ``workbench.panes``).
The window never names a pane: panes come from ``workbench.panes.registered_panes()``.
"""
from __future__ import annotations

import logging
from functools import partial
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget, QLabel, QMainWindow, QMenu, QMessageBox, QProxyStyle, QScrollArea, QStyle, QToolBar, QWidget,
)

from linghun.core import installed_models
from linghun.core.errors import LinghunError
from linghun.core.home import MemoryHome
from linghun.core.home_zone import MACHINE, HomeZone, home_zone
from linghun.core.ontology import IndexFreshness, index_freshness
from linghun.core.settings import home_settings
from linghun.workbench import clock, gcguard, icons, panes, tones, workspaces
from linghun.workbench.plaintext import plain, tooltip
from linghun.workbench.actions import make_action, on_group_trigger
from linghun.workbench.exchange import Exchange
from linghun.workbench.sync import Sync
from linghun.workbench.dialogs import choose_folder
from linghun.workbench.palette import CommandPalette
from linghun.workbench.notifications import ElidingLabel, MessageStatusBar, NotificationBar, PaneNotes
from linghun.workbench.panes import PastView, WorkbenchContext
from linghun.workbench.settings import Settings
from linghun.workbench.timetravel import TimeTravel

log = logging.getLogger(__name__)

#: px between two docks: Qt's 2-3 px was a target a person missed, grabbing a tab bar instead
SEPARATOR_PX = 8
#: a window shown but never painted (minimised, on a locked screen) starts the work it holds anyway
FIRST_PAINT_FALLBACK_MS = 3000


def confidence_counts(entries) -> Counter:
    """Entries per effective confidence (high, medium, low, wrong)."""
    return Counter(e.effective_confidence for e in entries)


@dataclass(frozen=True)
class StatusFacts:
    """What the status bar says of a home's entries (computed off the GUI thread after a change).

    Attributes:
        error: why warm.md cannot be read ("": it can; then nothing else is known).
        total: the number of entries; counts: per effective confidence.
        index: the topic index's freshness, or why ontology.md cannot be read (a str).
        search: why the home's rounds search by words only although it asks for meaning ("": they don't).
    """

    error: str = ""
    total: int = 0
    counts: Counter = field(default_factory=Counter)
    index: "IndexFreshness | str | None" = None
    search: str = ""


def _stat_of(path: Path) -> tuple[int, int, int] | None:
    """A file's modification time, size and inode (None when it is missing)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


def status_facts(home: MemoryHome, entries) -> StatusFacts:
    """Plain Python over ``entries`` (reads ontology.md): a worker runs it after a change."""
    try:
        index = index_freshness(home, entries)
    except LinghunError as exc:
        index = str(exc)
    return StatusFacts("", len(entries), confidence_counts(entries), index, _search_warning(home))


def _search_warning(home: MemoryHome) -> str:
    """The missing models of the channels a home asks for (never a silent fallback to words)."""

    try:
        assembler = home_settings(home).assembler
    except LinghunError:  # an unreadable workbench.json is reported where it is read
        return ""
    return installed_models.missing_for(assembler) or ""


class _WindowStyle(QProxyStyle):
    """The main window's own style (not its children's): wider dock separators."""

    def pixelMetric(self, metric, option=None, widget=None) -> int:  # noqa: N802 - Qt override
        if metric == QStyle.PixelMetric.PM_DockWidgetSeparatorExtent:
            return SEPARATOR_PX
        return super().pixelMetric(metric, option, widget)


class MainWindow(QMainWindow):
    """The workbench window.

    Attributes:
        ctx: the context of the open home (None before one is opened).
        docks: the dock of each pane, by pane NAME.
        workspace: the id of the workspace shown (``workbench.workspaces``).
        workspace_actions: the bar's action of each workspace offered, by id (Ctrl+1…).
    """

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("linghun-main-window")
        self.settings = settings
        self.ctx: WorkbenchContext | None = None
        self.docks: dict[str, QDockWidget] = {}
        self._title_notes: dict[str, str] = {}  # pane -> its note in the title (Pane.NOTE_IN_TITLE)
        self.workspace = ""
        self.workspace_actions: dict[str, QAction] = {}
        self._workspace_states: dict = {}  # each workspace's saveState() when it was left
        self._unseen_docks: set[str] = set()  # docks hidden now (closed, or a tab behind another)
        self.pane_errors: dict[str, str] = {}
        # the open home's panes not built yet, by NAME: built when first shown or asked for
        # (``pane``), those built unseen also once the home has loaded (``_build_unseen``)
        self._unbuilt: dict[str, type[panes.Pane]] = {}
        self._session_state: dict = {}  # what the panes showed when the open home was last closed
        self._laying_out = False  # docks are moved about: a dock shown meanwhile is not built yet
        self.home_note = ""
        self._status_task = None  # the TaskHandle counting after a change
        self._status_again = False  # another change came meanwhile
        self._status_inputs = None  # what the status bar's facts were computed from (_status_changed)
        self._after_paint: list = []  # work held until the window paints (see after_first_paint)
        self.setWindowIcon(icons.icon("linghun"))
        self._style = _WindowStyle("Fusion")
        self.setStyle(self._style)
        self.setDockNestingEnabled(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks
                            | QMainWindow.DockOption.AllowNestedDocks)
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self.time_travel = TimeTravel(self)
        self.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)  # a row of its own: Now and the banner always fit
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.time_travel.toolbar)
        self._build_status_bar()
        self.pane_errors.update(panes.discover())
        self._build_docks()
        self._build_workspace_bar()
        self.resize(1280, 800)
        self._restore_layout()
        self.settings.sig_recent_changed.connect(self._fill_recent_menu)
        self.retranslate_ui()

    # -- building ---------------------------------------------------------------------------
    def _action(self, icon: str, shortcut=None, slot=None) -> QAction:
        return make_action(self, slot, icon=icons.icon(icon) if icon else None, shortcut=shortcut)

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.act_open = self._action("open", K.Open, self.choose_home)
        self.act_demo = self._action("home", None, self.open_demo_home)
        self.act_reload = self._action("reload", K.Refresh, self.reload_home)
        self.exchange = Exchange(self)
        self.act_import = self._action("open", None, self.exchange.import_memories)
        self.act_export = self._action("save", None, self.exchange.export_memories)
        self.syncing = Sync(self)
        self.act_sync = self._action("reload", None, self.syncing.sync_now)
        self.act_sync_remote = self._action("", None, self.syncing.change_remote)
        self.act_quit = self._action("quit", K.Quit, self.close)
        self.act_settings = self._action("settings", K.Preferences, self.show_settings)
        if self.act_settings.shortcut().isEmpty():
            self.act_settings.setShortcut(QKeySequence("Ctrl+,"))
        self.act_about = self._action("about", None, self.show_about)
        self.act_welcome = self._action("", None, self.show_welcome)
        self.act_shortcuts = self._action("", QKeySequence.StandardKey.HelpContents, self.show_shortcuts)
        if self.act_shortcuts.shortcut().isEmpty():
            self.act_shortcuts.setShortcut(QKeySequence("F1"))
        self.act_reset_layout = self._action("", None, self.reset_layout)
        self.act_palette = self._action("", "Ctrl+Shift+P", self.show_palette)
        # Undo and redo follow the open home's QUndoStack (see _bind_undo).
        self.act_undo = self._action("undo", K.Undo, self._undo)
        self.act_redo = self._action("redo", K.Redo, self._redo)
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for theme in ("system", "light", "dark"):
            act = QAction(self, checkable=True)
            act.setData(theme)
            act.setChecked(theme == self.settings.theme)
            self.theme_group.addAction(act)
            self.theme_actions[theme] = act
        on_group_trigger(self.theme_group, self._on_theme_action)
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for language in ("system", "en", "zh_CN"):
            act = QAction(self, checkable=True)
            act.setData(language)
            act.setChecked(language == self.settings.language)
            self.language_group.addAction(act)
            self.language_actions[language] = act
        on_group_trigger(self.language_group, self._on_language_action)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.menu_file = bar.addMenu("")
        self.menu_file.addAction(self.act_open)
        self.menu_recent = self.menu_file.addMenu("")
        self.menu_file.addAction(self.act_demo)
        self.menu_file.addAction(self.act_reload)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.act_import)
        self.menu_file.addAction(self.act_export)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.act_sync)
        self.menu_file.addAction(self.act_sync_remote)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.act_quit)
        self.menu_edit = bar.addMenu("")
        self.menu_edit.addAction(self.act_undo)
        self.menu_edit.addAction(self.act_redo)
        self.menu_edit.addSeparator()
        self.menu_edit.addAction(self.act_settings)
        self.menu_view = bar.addMenu("")
        self.menu_panes_anchor = self.menu_view.addSeparator()
        self.menu_view.addAction(self.act_palette)
        self.menu_view.addAction(self.act_reset_layout)
        self.menu_theme = self.menu_view.addMenu("")
        self.menu_theme.addActions(list(self.theme_actions.values()))
        self.menu_language = self.menu_view.addMenu("")
        self.menu_language.addActions(list(self.language_actions.values()))
        self.menu_help = bar.addMenu("")
        self.menu_help.addAction(self.act_welcome)
        self.menu_help.addAction(self.act_shortcuts)
        self.menu_help.addAction(self.act_about)
        self._fill_recent_menu()

    def _build_toolbar(self) -> None:
        self.toolbar = QToolBar(self)
        self.toolbar.setObjectName("toolbar-main")
        self.toolbar.setIconSize(QSize(20, 20))
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        for act in (self.act_open, self.act_reload, self.act_undo, self.act_redo, self.act_settings):
            self.toolbar.addAction(act)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolbar)

    def _build_status_bar(self) -> None:
        bar = MessageStatusBar(self)
        self.setStatusBar(bar)
        self.status_home = ElidingLabel(self)
        # facts, each whole in its tooltip: they give way rather than widen the window past a laptop screen
        self.status_counts = ElidingLabel(self)
        self.status_index = ElidingLabel(self)
        self.status_problems = QLabel(self)
        self.status_warmup = ElidingLabel(self)
        # the one zone every time is shown in (``workbench.clock``), said here once
        self.status_zone = plain(QLabel(self))
        tones.mark(self.status_problems, "error")
        for label in (self.status_problems, self.status_home, self.status_counts, self.status_index):
            plain(label)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bar.addWidget(self.status_home, 1)
        # messages go to a bar of their own that shows them whole (the status line cut them)
        self.notifications = NotificationBar(self)
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.notifications)
        bar.notifications = self.notifications
        self.pane_notes = PaneNotes(bar)
        self.pane_notes.sig_show_pane.connect(self.show_pane)
        bar.addPermanentWidget(self.status_problems)
        bar.addPermanentWidget(self.status_warmup)
        bar.addPermanentWidget(self.status_counts)
        bar.addPermanentWidget(self.status_index)
        bar.addPermanentWidget(self.status_zone)

    def _build_docks(self) -> None:
        """One dock per registered pane; where it stands is each workspace's business."""
        for cls in panes.registered_panes():
            dock = QDockWidget(self)
            dock.setObjectName(f"dock-{cls.NAME}")
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                             | QDockWidget.DockWidgetFeature.DockWidgetClosable)
            dock.setWidget(self._placeholder())
            self.addDockWidget(cls.AREA, dock)
            dock.hide()
            dock.visibilityChanged.connect(partial(self._on_dock_visibility, cls.NAME))
            dock.toggleViewAction().setIcon(self._pane_icon(cls))
            self.menu_view.insertAction(self.menu_panes_anchor, dock.toggleViewAction())
            self.docks[cls.NAME] = dock

    def _pane_icon(self, cls) -> QIcon:
        """The pane's icon; none (and a problem said in the status bar) when its file is missing:
        a pane being written must not keep the window from opening."""
        if not cls.ICON:
            return QIcon()
        try:
            return icons.icon(cls.ICON)
        except FileNotFoundError as exc:
            self.pane_errors[cls.NAME] = str(exc)
            return QIcon()

    def _build_workspace_bar(self) -> None:
        """The bar at the left: one checkable action per workspace that has a pane, Ctrl+1… by
        the workspace's place in ``WORKSPACES`` (so a key keeps its job when a pane is missing)."""
        self.workspace_bar = QToolBar(self)
        self.workspace_bar.setObjectName("toolbar-workspaces")
        self.workspace_bar.setMovable(False)
        self.workspace_bar.setIconSize(QSize(22, 22))
        self.workspace_bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        self.workspace_group = QActionGroup(self)
        self.menu_workspaces = QMenu(self)
        self.menu_view.insertMenu(self.menu_view.actions()[0], self.menu_workspaces)
        self.menu_view.insertSeparator(self.menu_view.actions()[1])
        offered = {w.id for w in workspaces.offered(set(self.docks))}
        for n, space in enumerate(workspaces.WORKSPACES, 1):
            if space.id not in offered:
                continue
            act = make_action(self, partial(self.switch_workspace, space.id), icon=icons.icon(space.icon),
                              shortcut=f"Ctrl+{n}" if n < 10 else None)
            act.setCheckable(True)
            act.setData(space.id)
            self.workspace_group.addAction(act)
            self.workspace_bar.addAction(act)
            self.menu_workspaces.addAction(act)
            self.workspace_actions[space.id] = act
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, self.workspace_bar)

    def _on_dock_visibility(self, name: str, visible: bool) -> None:
        """A dock was shown or hidden (a tab brought to the front or put behind counts): its pane
        is built when first shown, and refreshes only while it can be seen (``Pane.when_seen``)."""
        if visible:
            self._unseen_docks.discard(name)
        else:
            self._unseen_docks.add(name)
        # while a workspace is laid out, docks are shown and hidden again on the way (those of the
        # workspace left): which ones can be seen is known once it is done (``_build_seen``)
        pane = self.pane(name) if visible and not self._laying_out else self._built_pane(name)
        if pane is not None:
            pane.set_seen(visible)

    def _build_seen(self) -> None:
        """Build the open home's panes that can be seen now (a workspace was laid out)."""
        for name in [n for n in self._unbuilt if self._dock_seen(n)]:
            pane = self.pane(name)
            if pane is not None:
                pane.set_seen(True)

    def _placeholder(self) -> QWidget:
        label = QLabel(self.tr("No memory home is open."))
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return label

    # -- layout -----------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        geometry, _state = self.settings.window_state()
        if geometry is not None:
            self.restoreGeometry(geometry)
        self._workspace_states = self.settings.workspace_states()
        start = self.settings.workspace
        if start not in self.workspace_actions:
            start = next(iter(self.workspace_actions), "")
        self.switch_workspace(start)

    def save_layout(self) -> None:
        if self.workspace:
            self._workspace_states[self.workspace] = self.saveState()
        self.settings.save_window_state(self.saveGeometry(), self.saveState())
        self.settings.workspace = self.workspace
        self.settings.save_workspace_states(self._workspace_states)
        self.settings.sync()

    @Slot()
    def switch_workspace(self, workspace_id: str) -> None:
        """Show the workspace ``workspace_id``: its docks as they were left, or its default."""
        if workspace_id not in self.workspace_actions:
            return
        self.workspace_actions[workspace_id].setChecked(True)
        if workspace_id == self.workspace:
            return
        if self.workspace:
            self._workspace_states[self.workspace] = self.saveState()
        self.workspace = workspace_id
        state = self._workspace_states.get(workspace_id)
        self._laying_out = True
        try:
            if state is None or not self.restoreState(state):
                self._apply_default_layout()
        finally:
            self._laying_out = False
        self._build_seen()
        self.notifications.setVisible(bool(self.notifications.label.text()))  # not as the state saved it

    def show_pane(self, name: str) -> None:
        """Bring the pane ``name`` in front: in the workspace shown if it has it, else in the
        first workspace that names it, else as a dock of the workspace shown."""
        dock = self.docks.get(name)
        if dock is None:
            return
        if dock.isHidden():
            home = next((w.id for w in workspaces.WORKSPACES
                         if name in w.pane_names() and w.id in self.workspace_actions), "")
            if home:
                self.switch_workspace(home)
            if dock.isHidden():
                dock.show()
        dock.raise_()

    @Slot(str, dict)
    def _on_event(self, topic: str, payload: dict) -> None:
        if (topic == workspaces.SHOW_PANE_TOPIC and self.ctx is not None
                and payload.get("home") == str(self.ctx.home.root)):
            self.show_pane(str(payload.get("pane", "")))

    def _apply_default_layout(self) -> None:
        """The current workspace's docks as ``workbench.workspaces`` lays them out, the others
        hidden; the sizes once the window is laid out at its real size."""
        space = workspaces.BY_ID[self.workspace]
        for dock in self.docks.values():
            dock.setFloating(False)
            self.removeDockWidget(dock)  # out of every tab group and split, hidden
        registered = set(self.docks)
        heads = []
        for area in space.areas:
            groups = workspaces.present_groups(area, registered)
            for names, weight in groups:
                head = self.docks[names[0]]
                self.addDockWidget(area.area, head, area.orientation)
                head.show()
                for name in names[1:]:
                    self.tabifyDockWidget(head, self.docks[name])
                    self.docks[name].show()
                head.raise_()
            if groups:
                heads.append((area, groups))
        # the others stay in the layout, hidden, so that the workspace's saved state names them
        # (restoreState shows a dock its state does not name)
        by_name = {cls.NAME: cls for cls in panes.registered_panes()}
        for name, dock in self.docks.items():
            if name not in space.pane_names():
                self.addDockWidget(by_name[name].AREA, dock)
                dock.hide()
        self._default_sizes = heads
        self._size_default_layout()
        QTimer.singleShot(0, self._size_default_layout)  # again once laid out (not yet shown)

    @Slot()
    def _size_default_layout(self) -> None:
        heads = getattr(self, "_default_sizes", None)
        if not heads:
            return
        A = Qt.DockWidgetArea
        sides = [(a, g) for a, g in heads if a.area in (A.LeftDockWidgetArea, A.RightDockWidgetArea)]
        if len(sides) > 1:
            self.resizeDocks([self.docks[g[0][0][0]] for _a, g in sides],
                             [int(self.width() * a.share) for a, _g in sides], Qt.Orientation.Horizontal)
        bottom = [(a, g) for a, g in heads if a.area == A.BottomDockWidgetArea]
        if bottom and sides:
            above, below = self.docks[sides[0][1][0][0][0]], self.docks[bottom[0][1][0][0][0]]
            height = above.height() + below.height()
            self.resizeDocks([above, below], [int(height * (1 - bottom[0][0].share)), int(height * bottom[0][0].share)],
                             Qt.Orientation.Vertical)
        for area, groups in heads:
            if len(groups) > 1:
                docks = [self.docks[names[0]] for names, _w in groups]
                length = sum(d.height() if area.orientation == Qt.Orientation.Vertical else d.width() for d in docks)
                total = sum(w for _n, w in groups)
                self.resizeDocks(docks, [int(length * w / total) for _n, w in groups], area.orientation)

    @Slot()
    def reset_layout(self) -> None:
        """The current workspace exactly as at first start (the others keep their arrangement)."""
        if not self.workspace:
            return
        self._workspace_states.pop(self.workspace, None)
        self._laying_out = True
        try:
            self._apply_default_layout()
        finally:
            self._laying_out = False
        self._build_seen()
        self.settings.save_workspace_states(self._workspace_states)

    # -- homes ------------------------------------------------------------------------------
    def open_home(self, path: str | Path, remember: bool = True, past: PastView | None = None) -> bool:
        """Open the memory home at ``path`` ($DSH_HOME or its linghun folder); False if refused.
        ``past``: ``path`` is a read-only copy of that home as it stood (time travel): every pane
        is built with its writing controls disabled, and no history is kept of it."""
        if not self._may_close_home():
            return False
        home = MemoryHome.resolve(path)
        if not home.exists():
            return self._not_a_home(Path(path), home, remember)
        self._save_session()
        self._close_context()
        self._use_zone(past.present if past is not None else home, warn=past is None)
        ctx = WorkbenchContext.open(home, self.settings, window=self, past=past)
        ctx.show_message = self.show_message
        ctx.unseen = self._unseen_docks
        self.ctx = ctx
        self.home_note = ""
        self._bind_undo(ctx)
        ctx.bridge.sig_memory_changed.connect(self._status_changed)
        ctx.watcher.sig_external_change.connect(self._status_changed)
        ctx.undo.sig_error.connect(self._show_error)
        ctx.bridge.sig_event.connect(self._on_event)
        self._session_state = self.settings.session(str(home.dsh_home)) if past is None else {}
        for cls in panes.registered_panes():
            if self._dock_seen(cls.NAME):
                self._install_pane(cls, ctx)
            else:  # built when first shown (a pane built unseen: once the home has loaded)
                self._unbuilt[cls.NAME] = cls
                self._replace_dock_widget(self.docks[cls.NAME], QWidget())
        # the entries pane is asked for whether it is seen or not: the status bar counts its rows
        # (read on a worker for a big warm.md) rather than parse warm.md here
        entries = self.pane("entries")
        if entries is not None and entries.model.loading:  # counted once a big warm.md is read
            entries.model.sig_loaded.connect(self._status_changed)
        if remember:
            self.settings.add_recent_home(str(home.dsh_home))
        self.time_travel.home_opened(ctx)  # a copy of the past: the note saying so
        self._refresh_status()
        self._update_title()
        ctx.warming = True
        self.status_warmup.setText(self.tr("Warming up: tokenizer and search index…"))
        self.after_first_paint(partial(self._start_background_work, ctx))
        return True

    def _save_session(self) -> None:
        """Keep what the panes show of the home being closed (a pane with ``session_state()``:
        the entry selected...), to show it again when the home is next opened (a pane never
        built keeps what it had)."""
        if self.ctx is None or self.ctx.past is not None:
            return
        state = {name: kept for name, kept in self._session_state.items() if name in self._unbuilt}
        for pane in self.open_panes():
            save = getattr(pane, "session_state", None)
            if save is not None:
                state[pane.NAME] = save()
        self.settings.save_session(str(self.ctx.home.dsh_home), state)

    def _dock_seen(self, name: str) -> bool:
        """The dock of ``name`` can be seen now: shown, and in front of its tab group."""
        return not self.docks[name].isHidden() and name not in self._unseen_docks

    def _install_pane(self, cls: type[panes.Pane], ctx: WorkbenchContext) -> None:
        """Build the pane ``cls`` for ``ctx`` into its dock, showing what it showed last time."""
        self._unbuilt.pop(cls.NAME, None)
        pane = self._build_pane(cls, ctx)
        self._replace_dock_widget(self.docks[cls.NAME], self._scrolling(pane))
        restore = getattr(pane, "restore_session", None)
        if restore is not None and isinstance(self._session_state.get(cls.NAME), dict):
            restore(self._session_state[cls.NAME])

    @staticmethod
    def _replace_dock_widget(dock: QDockWidget, widget: QWidget) -> None:
        old = dock.widget()
        dock.setWidget(widget)
        if old is not None:
            old.deleteLater()

    def _build_unseen(self, ctx: WorkbenchContext) -> None:
        """The home ``ctx`` has loaded: build the next pane built unseen (``Pane.built_unseen``),
        and the one after it on the next turn of the event loop (each is one short stall)."""
        if self.ctx is not ctx:
            return
        cls = next((c for c in self._unbuilt.values() if c.built_unseen()), None)
        if cls is not None:
            self._install_pane(cls, ctx)
            QTimer.singleShot(0, self, partial(self._build_unseen, ctx))

    def build_every_pane(self) -> None:
        """Build every pane of the open home not built yet: the command palette and the list of
        keys name every pane's commands (a pane's actions are made with it)."""
        for name in list(self._unbuilt):
            self.pane(name)

    @property
    def panes_pending(self) -> bool:
        """A pane built unseen is still to be built for the open home (``_build_unseen``)."""
        return any(cls.built_unseen() for cls in self._unbuilt.values())

    def after_first_paint(self, callback) -> None:
        """Call ``callback`` once the window has painted; right away when it is not shown.

        Background work started while a home opens (the index warm-up, embeddings, reading the
        home's history) runs on workers that compete with the GUI thread for the GIL and the CPU:
        started with the opening, it added most of a second of CPU before a 10k-entry home was
        painted."""
        if not self.isVisible():
            callback()
            return
        self._after_paint.append(callback)
        QTimer.singleShot(FIRST_PAINT_FALLBACK_MS, self._run_after_paint)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        # a dock hidden before the window first showed (another workspace's) had no hide event:
        # its pane would refresh for nobody
        for name, dock in self.docks.items():
            if dock.isHidden() and name not in self._unseen_docks:
                self._on_dock_visibility(name, False)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if self._after_paint:
            QTimer.singleShot(0, self._run_after_paint)  # once this paint is done, not inside it

    @Slot()
    def _run_after_paint(self) -> None:
        pending, self._after_paint = self._after_paint, []
        for callback in pending:
            callback()

    def _start_background_work(self, ctx: WorkbenchContext, big: bool = False) -> None:
        """The window has painted the home ``ctx``: start what competes with the GUI thread for
        the GIL and the CPU (the index warm-up, embeddings). ``big``: its warm.md was read on a
        worker (``EntriesModel.load``), which is over now."""
        if self.ctx is not ctx:  # another home was opened before this one painted
            return
        entries = self.pane("entries")
        if entries is not None and entries.model.loading:
            # a big warm.md is being parsed on a worker: the warm-up would parse it a second time
            # beside it (it takes the shared parse once there is one), and slow the rows down
            entries.model.sig_loaded.connect(partial(self._start_background_work, ctx, True),
                                             Qt.ConnectionType.SingleShotConnection)
            return
        self._warm_up(hold_others=big)
        self._embed_ahead()
        ctx.tasks.submit(self.tr("Looking for the system keyring"), lambda _state: self.settings.api_key.prepare())

    def _warm_up(self, hold_others: bool = False) -> None:
        """Load what the first round, map or gap re-run would wait for (the tokenizer, warm.md's
        parse and the home's shared search index) in the background now (``ctx.warming`` says
        so from the moment the home opens). ``hold_others``: the rest of the background work
        waits for it (``TaskManager.hold``): with a big home the checks built their own index
        beside this one, 45 MB more at the peak at 100k entries."""
        from linghun.core.assembler.retriever import warm_up
        from linghun.core.memory import Memory

        ctx, home = self.ctx, self.ctx.home
        handle = ctx.tasks.submit_now(self.tr("Warming up the search index"), lambda _state: warm_up(Memory(home)))
        gcguard.hold()  # the index is kept while the home is open: frozen once built, never walked
        if hold_others:
            ctx.tasks.hold()

        def done(*_args) -> None:
            ctx.warming = False
            gcguard.release()  # the home is loaded: collections skip it from now on
            if hold_others:
                ctx.tasks.release()
            if self.ctx is ctx:
                self.status_warmup.clear()
                QTimer.singleShot(0, self, partial(self._build_unseen, ctx))

        handle.sig_finished.connect(
            lambda n: self.ctx is ctx and self.notifications.show_aside(self.tr("Search index ready: {0} entries").format(n)))
        handle.sig_failed.connect(
            lambda exc: self.ctx is ctx and self.show_message(self.tr("Preparing the index failed: {0}").format(exc)))
        handle.sig_done.connect(done)

    def _not_a_home(self, path: Path, home: MemoryHome, remember: bool) -> bool:
        """``path`` holds no memory home (a typo, the home's own memory/ folder...): say so and
        offer to open the home it is inside, pick another folder, or start a new home there,
        rather than showing an empty home that looks like a memory with nothing in it."""
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Not a memory home"),
                          self.tr("{0} is not a memory home: it has no linghun/ folder.").format(path), parent=self)
        inside = home.enclosing_home()
        details = self.tr("A memory home is the $DSH_HOME folder that holds linghun/memory/.")
        if inside is not None:
            details += "\n" + self.tr("This folder is inside the home {0}.").format(inside.dsh_home)
        box.setInformativeText(details)
        open_inside = (box.addButton(self.tr("Open {0}").format(inside.dsh_home), QMessageBox.ButtonRole.AcceptRole)
                       if inside is not None else None)
        choose = box.addButton(self.tr("Choose Another Folder…"), QMessageBox.ButtonRole.ActionRole)
        create = box.addButton(self.tr("Create a Home Here"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(open_inside or choose)
        box.exec()
        clicked = box.clickedButton()
        if open_inside is not None and clicked is open_inside:
            return self.open_home(inside.dsh_home, remember)
        if clicked is choose:
            return self.choose_home()
        if clicked is create:
            home = MemoryHome.resolve(path)
            home.ensure()
            return self.open_home(home.dsh_home, remember)
        return False

    def _embed_ahead(self) -> None:
        """With a vector channel on for this home (meaning, or the optional embeddings), encode its
        entries in the background now rather than in the first assembler round (a few seconds for
        a full warm.md; cached on disk after). ``embed_ahead`` reads the home's setting on the
        worker and does nothing when it is off."""
        from linghun.core import embeddings, meaning

        if self.ctx is None or not (embeddings.available() or meaning.available()):
            return
        from linghun.core.assembler.retriever import embed_ahead
        from linghun.core.memory import Memory

        home = self.ctx.home
        handle = self.ctx.tasks.submit(self.tr("Embedding the memory entries"), lambda _state: embed_ahead(Memory(home)))
        handle.sig_finished.connect(
            lambda n: n and self.notifications.show_aside(self.tr("{0} entries embedded for retrieval").format(n)))
        handle.sig_failed.connect(
            lambda exc: self.show_message(self.tr("Embedding the entries failed: {0}").format(exc)))

    def _build_pane(self, cls, ctx: WorkbenchContext) -> QWidget:
        try:
            pane = cls.create(ctx)
        except Exception as exc:  # show the others; say which one failed
            log.exception("pane %s failed to open", cls.NAME)
            self.pane_errors[cls.NAME] = f"{type(exc).__name__}: {exc}"
            label = QLabel(self.tr("This pane could not open: {0}").format(exc))
            label.setWordWrap(True)
            return label
        self.pane_errors.pop(cls.NAME, None)
        pane.sig_status_note.connect(partial(self.pane_notes.set_note, cls.NAME))
        if cls.NOTE_IN_TITLE:
            pane.sig_status_note.connect(partial(self._set_title_note, cls.NAME))
        return pane

    def _scrolling(self, pane: QWidget) -> QScrollArea:
        """The pane inside a scroll area: a dock squeezed below the pane's minimum size (a laptop
        screen, several docks side by side) scrolls instead of pushing the window past the
        screen or drawing the pane over its neighbours."""
        area = QScrollArea(self)
        area.setObjectName(f"scroll-{pane.objectName()}")
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setWidget(pane)
        return area

    def pane(self, name: str):
        """The pane widget named ``name`` for the open home (None when absent or failed), built
        now if it was not yet (a pane is built when first shown)."""
        cls = self._unbuilt.get(name)
        if cls is not None and self.ctx is not None:
            self._install_pane(cls, self.ctx)
        return self._built_pane(name)

    def _built_pane(self, name: str):
        """``pane``, None when it is not built yet."""
        dock = self.docks.get(name)
        widget = dock.widget() if dock else None
        if isinstance(widget, QScrollArea):
            widget = widget.widget()
        return widget if isinstance(widget, panes.Pane) else None

    def open_panes(self) -> list[panes.Pane]:
        """The open home's panes built so far."""
        return [p for name in self.docks if (p := self._built_pane(name)) is not None]

    def _may_close_home(self) -> bool:
        dirty = [p for p in self.open_panes() if p.has_unsaved_changes()]
        if not dirty:
            return True
        titles = ", ".join(p.title() for p in dirty)
        B = QMessageBox.StandardButton
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"),
            self.tr("These panes have changes that are not saved: {0}. Save them?").format(titles),
            B.Save | B.Discard | B.Cancel, B.Save)
        if answer == B.Save:
            # a save that is refused (a bad stamp, an empty body) says why and keeps the window open
            return all(p.save_unsaved_changes() for p in dirty)
        return answer == B.Discard

    def _close_context(self) -> None:
        for pane in self.open_panes():
            pane.shutdown()
        self._unbuilt.clear()
        for dock in self.docks.values():
            self._replace_dock_widget(dock, self._placeholder())
        self._status_inputs = None
        self.pane_notes.clear()
        self._title_notes.clear()
        if self.ctx is not None:
            self.ctx.close()
            self.ctx = None
            gcguard.thaw()  # the closed home's objects may be collected
            clock.use(MACHINE)  # no home: no home's zone (the next one opened sets its own)
        self._bind_undo(None)

    @Slot()
    def choose_home(self) -> bool:
        start = str(self.ctx.home.dsh_home) if self.ctx else str(Path.home())
        folder = choose_folder(self, self.tr("Open a memory home ($DSH_HOME)"), start, self.settings.language)
        return bool(folder) and self.open_home(folder)

    @Slot()
    def open_demo_home(self) -> None:
        from linghun.workbench.app import demo_home  # the app module owns where the demo home lives
        path, note = demo_home()
        if self.open_home(path, remember=False) and note:
            self.show_message(note)

    @Slot()
    def reload_home(self) -> None:
        """Read every file of the home shown again (a copy of the past stays that moment's copy)."""
        if self.ctx is not None:
            self.open_home(self.ctx.home.dsh_home, remember=False, past=self.ctx.past)

    @Slot()
    def _fill_recent_menu(self) -> None:
        self.menu_recent.clear()
        homes = self.settings.recent_homes
        for home in homes:
            act = make_action(self.menu_recent, partial(self._open_recent, home), text=home)
            self.menu_recent.addAction(act)
        self.menu_recent.setEnabled(bool(homes))
        if homes:
            self.menu_recent.addSeparator()
            self.menu_recent.addAction(make_action(self.menu_recent, self.settings.clear_recent_homes,
                                                   text=self.tr("Clear Recent Homes")))

    def _open_recent(self, home: str) -> None:
        self.open_home(home)

    # -- undo -------------------------------------------------------------------------------
    def _bind_undo(self, ctx: WorkbenchContext | None) -> None:
        stack = ctx.undo_stack if ctx else None
        self._stack = stack
        if stack is not None:
            stack.canUndoChanged.connect(self.act_undo.setEnabled)
            stack.canRedoChanged.connect(self.act_redo.setEnabled)
            stack.undoTextChanged.connect(self._update_undo_texts)
            stack.redoTextChanged.connect(self._update_undo_texts)
        self.act_undo.setEnabled(bool(stack and stack.canUndo()))
        self.act_redo.setEnabled(bool(stack and stack.canRedo()))
        self._update_undo_texts()

    @Slot()
    def _undo(self) -> None:
        if self._stack is not None:
            self._stack.undo()

    @Slot()
    def _redo(self) -> None:
        if self._stack is not None:
            self._stack.redo()

    @Slot()
    def _update_undo_texts(self, *_args) -> None:
        stack = getattr(self, "_stack", None)
        undo_text = stack.undoText() if stack else ""
        redo_text = stack.redoText() if stack else ""
        self.act_undo.setText(self.tr("&Undo {0}").format(undo_text).strip())
        self.act_redo.setText(self.tr("&Redo {0}").format(redo_text).strip())

    # -- status -----------------------------------------------------------------------------
    def _use_zone(self, home: MemoryHome, warn: bool) -> None:
        """Show every time in ``home``'s zone (a copy of the past: its home's, whose warm.md
        dates its stamps); before the panes are built, as they format times when they load."""
        zone = home_zone(home)
        clock.use(zone)
        if warn and zone.warning:
            self.show_message(zone.warning, 15000)

    def _show_zone(self, zone: HomeZone) -> None:
        self.status_zone.setText(self.tr("Times in {0}").format(zone.label()))
        why = {"setting": self.tr("the home's setting timeZone (workbench.json)"),
               "inferred": self.tr("the zone the newest entry was stamped in"),
               "machine": self.tr("this computer's zone (set timeZone in the home's workbench.json to choose)")}
        self.status_zone.setToolTip(tooltip(self.tr("Every time is shown in this zone, entry stamps as written; "
                                                    "it is {0}.").format(why[zone.source])
                                            + (f"\n{zone.warning}" if zone.warning else "")))

    def set_home_note(self, note: str) -> None:
        """A lasting remark about the open home (e.g. it is an empty stand-in for the demo home)."""
        self.home_note = note
        self._refresh_status()

    def show_message(self, message: str, timeout_ms: int = 8000) -> None:
        """Say ``message`` whole, in the notification bar, for ``timeout_ms``."""
        self.notifications.show_message(message, timeout_ms)

    @Slot(str)
    def _show_error(self, message: str) -> None:
        self.show_message(message, 15000)

    @Slot()
    def _refresh_status(self, *_args) -> None:
        """The status bar as the home is now (opening it, a language change); after a change of
        its files ``_status_changed`` counts on a worker."""
        ctx = self.ctx
        if ctx is None:
            self.status_home.setText(self.tr("No memory home is open."))
            self.status_zone.clear()
            self.status_counts.clear()
            self.status_index.clear()
            self.status_problems.clear()
            return
        self.status_home.setText(self.home_note or self.tr("Home: {0}").format(ctx.home.dsh_home))
        self._show_zone(clock.zone())
        self.status_home.setToolTip(tooltip(f"{self.status_home.text()}\n{ctx.home.root}"))
        entries = self.pane("entries")
        if entries is not None and entries.model.loading:
            # a big warm.md is being read on a worker: counted once its rows are in
            # (``_status_changed``); ``latest()`` here would parse it on the GUI thread
            self.status_counts.clear()
            return
        try:
            entries = ctx.memory.latest().entries
            inputs = (entries, _stat_of(ctx.home.ontology))  # before ontology.md is read
            facts = status_facts(ctx.home, entries)
            self._status_inputs = inputs
        except LinghunError as exc:
            facts = StatusFacts(error=str(exc))
        self._show_status(facts)

    @Slot()
    def _status_changed(self, *_args) -> None:
        """A file of the home changed: count and compare the index on a worker (at 10k entries
        that and reading ontology.md were a stall after every round and every agent write)."""
        ctx = self.ctx
        if ctx is None:  # the home closed meanwhile
            return
        if self._status_task is not None:
            self._status_again = True
            return
        try:
            entries = ctx.memory.latest().entries  # parsed already: the watcher's worker or our write
        except LinghunError as exc:
            self._status_inputs = None
            self._show_status(StatusFacts(error=str(exc)))
            return
        inputs = (entries, _stat_of(ctx.home.ontology))
        if self._status_inputs is not None and self._status_inputs[0] is entries and self._status_inputs[1] == inputs[1]:
            # the same parse of warm.md and the same ontology.md (a round wrote the journal and
            # its trace): counting 10k entries again took 35 ms of a worker's Python
            return
        self._status_task = ctx.tasks.submit(self.tr("Counting the entries"),
                                             lambda _state: (ctx, inputs, status_facts(ctx.home, entries)))
        self._status_task.sig_finished.connect(self._status_counted)
        self._status_task.sig_done.connect(self._status_task_done)

    @Slot(object)
    def _status_counted(self, result) -> None:
        ctx, inputs, facts = result
        if ctx is self.ctx:
            self._status_inputs = inputs
            self._show_status(facts)

    @Slot()
    def _status_task_done(self) -> None:
        self._status_task = None
        if self._status_again and self.ctx is not None and not self.ctx.tasks.closed:
            self._status_again = False
            self._status_changed()

    def _show_status(self, facts: StatusFacts) -> None:
        problems = []
        if facts.error:
            problems.append(facts.error)
            self.status_counts.setText(self.tr("warm.md unreadable"))
        else:
            c = facts.counts
            self.status_counts.setText(
                self.tr("{0} entries: {1} high, {2} medium, {3} low, {4} wrong").format(
                    facts.total, c["high"], c["medium"], c["low"], c["wrong"]))
        problems += [f"{name}: {err}" for name, err in self.pane_errors.items()]
        said = [self.tr("{0} problem(s)").format(len(problems))] if problems else []
        if facts.search:  # said in words of its own: the rounds find less than the user expects
            said.insert(0, self.tr("Searching by words only: the meaning model is missing"))
            problems.insert(0, facts.search)
        self.status_problems.setText(" · ".join(said))
        self.status_problems.setToolTip(tooltip("\n".join(problems)))
        self.status_index.setText(self._index_status(facts))

    def _index_status(self, facts: StatusFacts) -> str:
        fresh = facts.index
        if facts.error or fresh is None:  # warm.md unreadable: nothing to compare the index with
            return ""
        if isinstance(fresh, str):
            return self.tr("Topic index: ontology.md unreadable")
        if fresh.state == "missing":
            return self.tr("Topic index: not projected yet")
        if fresh.state == "stale":
            return self.tr("Topic index: stale ({0} newer entries not in it, {1} cited entries flipped or gone)"
                           ).format(len(fresh.newer), len(fresh.invalid))
        return self.tr("Topic index: up to date ({0} entries)").format(fresh.covered)

    def _set_title_note(self, name: str, note: str) -> None:
        """A pane's note that belongs in the title (``Pane.NOTE_IN_TITLE``); "" takes it away."""
        if note:
            self._title_notes[name] = note
        else:
            self._title_notes.pop(name, None)
        self._update_title()

    def _update_title(self) -> None:
        title = self.tr("linghun workbench")
        notes = "".join(f" · {note}" for note in self._title_notes.values()) if self.ctx else ""
        self.setWindowTitle(f"{self.ctx.home.dsh_home.name}{self.time_travel.title_suffix()}{notes} — {title}"
                            if self.ctx else title)

    # -- dialogs ----------------------------------------------------------------------------
    @Slot()
    def show_settings(self) -> None:
        from linghun.workbench.dialogs.settings_dialog import SettingsDialog
        # in the past the settings are the home's own, as it is now: the copy shown is read-only
        # and goes away when the bar moves, so what is set must not be written into it
        dialog = SettingsDialog(self.settings, self.ctx.history_home if self.ctx else None, self)
        if not dialog.exec():
            return
        if dialog.chosen_home and (self.ctx is None or Path(dialog.chosen_home) != self.ctx.home.dsh_home):
            self.open_home(dialog.chosen_home)
        elif dialog.embeddings_turned_on:
            self._embed_ahead()

    @Slot()
    def show_welcome(self) -> None:
        """The welcome, window-modal but not blocking (the home keeps loading behind it)."""
        from linghun.workbench.dialogs.welcome import WelcomeDialog
        dialog = WelcomeDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(self._welcome_finished)
        dialog.open()

    @Slot()
    def _welcome_finished(self) -> None:
        self.settings.welcome_shown = True

    @Slot()
    def show_shortcuts(self) -> None:
        from linghun.workbench.dialogs.shortcuts import ShortcutsDialog
        ShortcutsDialog(self).exec()

    @Slot()
    def show_palette(self) -> None:
        """The command palette over every command of the window (``workbench.palette``)."""
        self.palette_dialog = CommandPalette(self)
        self.palette_dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.palette_dialog.open()

    @Slot()
    def show_about(self) -> None:
        from linghun.workbench.dialogs.about import AboutDialog
        AboutDialog(self, self.ctx.history_home if self.ctx is not None else None).exec()

    @Slot(QAction)
    def _on_theme_action(self, action: QAction) -> None:
        self.settings.theme = action.data()

    @Slot(QAction)
    def _on_language_action(self, action: QAction) -> None:
        self.settings.language = action.data()

    # -- language ---------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() == QEvent.Type.PaletteChange:
            self._refresh_icons()
        super().changeEvent(event)

    def _refresh_icons(self) -> None:
        for act, name in ((self.act_open, "open"), (self.act_demo, "home"), (self.act_reload, "reload"),
                          (self.act_import, "open"), (self.act_export, "save"), (self.act_sync, "reload"), (self.act_quit, "quit"), (self.act_settings, "settings"), (self.act_about, "about"),
                          (self.act_undo, "undo"), (self.act_redo, "redo")):
            act.setIcon(icons.icon(name))
        for cls in panes.registered_panes():
            self.docks[cls.NAME].toggleViewAction().setIcon(self._pane_icon(cls))
        for workspace_id, act in self.workspace_actions.items():
            act.setIcon(icons.icon(workspaces.BY_ID[workspace_id].icon))

    def retranslate_ui(self) -> None:
        self.time_travel.retranslate_ui()
        self.menu_file.setTitle(self.tr("&File"))
        self.menu_recent.setTitle(self.tr("Open &Recent"))
        self.menu_edit.setTitle(self.tr("&Edit"))
        self.menu_view.setTitle(self.tr("&View"))
        self.menu_theme.setTitle(self.tr("&Theme"))
        self.menu_language.setTitle(self.tr("&Language"))
        self.menu_help.setTitle(self.tr("&Help"))
        self.toolbar.setWindowTitle(self.tr("Main toolbar"))
        self.notifications.retranslate_ui()
        self.time_travel.calendar.setAccessibleName(self.tr("Moment shown"))
        self.act_open.setText(self.tr("&Open Home…"))
        self.act_open.setToolTip(self.tr("Open a memory home ($DSH_HOME)"))
        self.act_demo.setText(self.tr("Open &Demo Home"))
        self.act_reload.setText(self.tr("Re&load Home"))
        self.act_import.setText(self.tr("&Import Memories…"))
        self.act_import.setToolTip(self.tr("Bring in memories from mem0, Letta, Basic Memory / Obsidian notes or a "
                                           "linghun JSONL, after a preview: one undo step"))
        self.act_export.setText(self.tr("&Export Memories…"))
        self.act_export.setToolTip(self.tr("Write the warm entries as linghun JSONL, mem0 JSON or Markdown notes"))
        self.act_reload.setToolTip(self.tr("Read every file of the home again"))
        self.act_sync.setText(self.tr("S&ync"))
        self.act_sync.setToolTip(self.tr("Pull and push the home's history through its git remote, merged entry by "
                                         "entry; what cannot be merged waits in the Review pane"))
        self.act_sync_remote.setText(self.tr("Sync &Remote…"))
        self.act_sync_remote.setToolTip(self.tr("Choose the git remote this home syncs with, then sync"))
        self.act_quit.setText(self.tr("&Quit"))
        self.act_settings.setText(self.tr("&Settings…"))
        self.act_about.setText(self.tr("&About linghun workbench"))
        self.act_welcome.setText(self.tr("&Welcome…"))
        self.act_shortcuts.setText(self.tr("&Keyboard Shortcuts"))
        self.act_reset_layout.setText(self.tr("&Reset Layout"))
        self.act_reset_layout.setToolTip(self.tr("Lay the workspace shown out as it was at first start"))
        self.act_palette.setText(self.tr("Command &Palette…"))
        self.theme_actions["system"].setText(self.tr("Follow the &System"))
        self.theme_actions["light"].setText(self.tr("&Light"))
        self.theme_actions["dark"].setText(self.tr("&Dark"))
        self.language_actions["system"].setText(self.tr("Follow the &System"))
        self.language_actions["en"].setText("English")
        self.language_actions["zh_CN"].setText("简体中文")
        for cls in panes.registered_panes():
            self.docks[cls.NAME].setWindowTitle(cls.title())
        self.menu_workspaces.setTitle(self.tr("&Workspace"))
        self.workspace_bar.setWindowTitle(self.tr("Workspaces"))
        for workspace_id, act in self.workspace_actions.items():
            space = workspaces.BY_ID[workspace_id]
            act.setText(space.title())
            act.setIconText(space.short_title())
            key = act.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            act.setToolTip(f"{space.title()} ({key})" if key else space.title())
        if self.ctx is not None:
            self.ctx.undo.retranslate()  # the steps' names, as Edit > Undo shows them
        self._update_undo_texts()
        self._update_title()
        self._refresh_status()

    # -- closing ----------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        if not self._may_close_home():
            event.ignore()
            return
        self.save_layout()
        self._save_session()
        self._close_context()
        super().closeEvent(event)
