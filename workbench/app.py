"""Start the workbench: ``linghun-workbench [PATH]`` (or ``--home PATH``), ``python -m workbench``.

With no home given the workbench opens, in order: ``$DSH_HOME``, the home opened last time if it
still exists, the agent's ``~/.dsh`` when it exists, else the demo home: the bundled copy in
``resources/demo-home`` is copied once to ``core.appdirs.demo_home_dir()`` and that copy is used,
so the bundled files are never edited, and the history bundled beside it becomes that copy's
history (``core.demo.install_history``: every round of the demo has the state it read, so
Reproduce and time travel work on it from the first start). Apart from the remembered last home
this is the CLI's default (``core.home.default_dsh_home``). A build without the demo home opens
an empty new home there and says so in the status bar.
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import json
import os
import shutil
import sys
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QT_TRANSLATE_NOOP, Qt, QTimer
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from linghun import resources
from linghun.core import __version__, appdirs
from linghun.core.demo import HISTORY_DIR, install_history
from linghun.core.home import MemoryHome, agent_dsh_home
from linghun.workbench import desktop_entry, gcguard, icons, pyside_fixes, tones
from linghun.workbench.i18n import Translations
from linghun.workbench.quit_signals import QuitOnSignal
from linghun.workbench.settings import Settings

APP_NAME = "linghun-workbench"
LICENSE = "AGPL-3.0-or-later"


def version() -> str:
    """The project's version (``core.__version__``, which the packaging metadata also reads)."""
    return __version__

_NO_DEMO = QT_TRANSLATE_NOOP(
    "App", "The demo home is not bundled with this build: an empty new home was opened at {0}")


# -- the demo home -----------------------------------------------------------------------------
def demo_home_dir() -> Path:
    return appdirs.demo_home_dir()


def _has_files(folder: Path) -> bool:
    return folder.is_dir() and any(p.is_file() for p in folder.rglob("*"))


def demo_home() -> tuple[Path, str]:
    """The writable demo home ($DSH_HOME folder) and a note to show when it is only an empty home."""
    dest = demo_home_dir()
    if _has_files(dest):
        return dest, ""
    if _has_files(resources.DEMO_HOME_DIR):
        if dest.exists():  # an empty fallback made before the demo home was bundled
            shutil.rmtree(dest)
        shutil.copytree(resources.DEMO_HOME_DIR, dest, ignore=shutil.ignore_patterns(HISTORY_DIR))
        for p in [dest, *dest.rglob("*")]:  # installed package data may be read-only
            p.chmod(0o755 if p.is_dir() else 0o644)
        install_history(resources.DEMO_HOME_DIR, MemoryHome.resolve(dest))
        return dest, ""
    MemoryHome.resolve(dest).ensure()
    return dest, QCoreApplication.translate("App", _NO_DEMO).format(dest)


def start_home(explicit: str | None, settings: Settings) -> tuple[Path, str]:
    """Which home to open at start: ``--home``, else the last one opened if it still exists, else the demo."""
    if explicit:
        return Path(explicit).expanduser(), ""
    env = os.environ.get("DSH_HOME")
    if env:
        return Path(env).expanduser(), ""
    last = settings.last_home
    if last and Path(last).is_dir():
        return Path(last), ""
    if agent_dsh_home().is_dir():
        return agent_dsh_home(), ""
    return demo_home()


# -- theme ---------------------------------------------------------------------------------------
def _dark_palette() -> QPalette:
    p = QPalette()
    for role, colour in tones.DARK_PALETTE.items():
        p.setColor(getattr(QPalette.ColorRole, role), QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(tones.DARK_DISABLED))
    return p


def is_dark(theme: str) -> bool:
    if theme == "dark":
        return True
    if theme == "light":
        return False
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


def apply_theme(app: QApplication, theme: str) -> None:
    """Fusion with a light or dark palette; "system" follows the platform's colour scheme."""
    app.setStyle("Fusion")
    dark = is_dark(theme)
    app.setPalette(_dark_palette() if dark else app.style().standardPalette())
    icons.clear_cache()


class ThemeFollower:
    """Re-applies the theme when the setting or (for "system") the platform scheme changes."""

    def __init__(self, app: QApplication, settings: Settings) -> None:
        self.app, self.settings = app, settings
        settings.sig_theme_changed.connect(self.apply)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._scheme_changed)
        self.apply()

    def apply(self, *_args) -> None:
        apply_theme(self.app, self.settings.theme)

    def _scheme_changed(self, *_args) -> None:
        if self.settings.theme == "system":
            self.apply()


# -- start ---------------------------------------------------------------------------------------
def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=APP_NAME, description="Desktop workbench for a linghun memory home.")
    # Positional so that a file manager or the desktop entry's ``%f`` can hand over a folder.
    parser.add_argument("path", nargs="?", metavar="PATH",
                        help="the memory home to open ($DSH_HOME, its linghun folder or a file inside)")
    parser.add_argument("--home", help="the same as PATH")
    parser.add_argument("--lang", choices=("system", "en", "zh_CN"), help="user-interface language (saved)")
    parser.add_argument("--theme", choices=("system", "light", "dark"), help="colour theme (saved)")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="add the workbench to your desktop's application menu (for pip installs)")
    parser.add_argument("--uninstall-desktop-entry", action="store_true",
                        help="remove what --install-desktop-entry added")
    args = parser.parse_args(argv)
    if args.path and args.home:
        parser.error("give the home either as PATH or with --home, not both")
    args.home = home_argument(args.path or args.home)
    return args


def home_argument(given: str | None) -> str | None:
    """A home given on the command line; a file inside a home (``%f`` from a file manager) opens
    the home that holds it."""
    if not given:
        return None
    path = Path(given).expanduser()
    if path.is_file():
        for parent in path.resolve().parents:
            if parent.name == "linghun" and (parent / "memory").is_dir():
                return str(parent.parent)
        return str(path.parent)
    return str(path)


def desktop_entry_command(args: argparse.Namespace) -> int:
    if args.install_desktop_entry:
        for path in desktop_entry.install():
            print(f"installed {path}")
    else:
        removed = desktop_entry.uninstall()
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print(f"no desktop entry was installed under {desktop_entry.xdg_data_home()}")
    return 0


#: seconds; see create_application
SWITCH_INTERVAL = 0.0005


#: glibc's ``mallopt`` parameter for the number of malloc arenas
_M_ARENA_MAX = -8


def one_malloc_arena() -> None:
    """Every thread allocates from one malloc heap (glibc; elsewhere nothing happens). glibc gives
    each thread that allocates an arena of its own, and memory freed in one (warm.md's text read by
    a worker, the rows planned by another) is not reused by the others: opening a 100k-entry home
    ended with 87 MB free in the arenas, RSS 584 MB; with one arena 517 MB. The GIL serialises
    Python's allocations anyway, and small ones come from per-thread caches without a lock."""
    try:
        ctypes.CDLL(None).mallopt(_M_ARENA_MAX, 1)
    except (OSError, AttributeError):  # not glibc
        pass


def create_application(argv: list[str] | None = None) -> QApplication:
    one_malloc_arena()  # before Qt and the workers start their threads
    pyside_fixes.keep_singletons_alive()
    # The GIL's switch interval: 0.5 ms (CPython's is 5 ms). The GUI thread takes the GIL anew at
    # every call from Qt into Python (a slot, a model's data(), a paintEvent); while a worker
    # computes, each such take waits up to the interval, and one repaint of the window makes
    # dozens. Measured on a 10k-entry home in the stall benchmark (tests/perf/bench_ui_stalls.py,
    # run in the application's own event loop), 5 ms -> 1 ms: longest GUI-thread gap during 8
    # offline rounds 126 -> 29 ms, consolidation preview 210-245 -> 60-79 ms, projection preview
    # 390-551 -> 123-128 ms. 1 ms -> 0.5 ms: one repaint of the entries table (13 ms alone) took
    # 120-134 ms beside one busy worker at 1 ms and 50-65 ms at 0.2 ms; the longest stall opening a
    # 100k-entry home (tests/perf/bench_workbench.py, medians of 2-3 runs, alternated) 134-221 ms
    # at 1 ms, 97-122 at 0.5, 91-141 at 0.2; at 10k (the stall benchmark's open) 169-247 ms at
    # 1 ms, 142 at 0.5, 166-226 at 0.2. Opening to interactive and to a ready index, and the
    # process's CPU, were the same at the three. Shorter intervals switch more between workers
    # (0.2 ms once measured +30% CPU while warm.md is rewritten outside; 1.1-1.6 s here at all three).
    sys.setswitchinterval(SWITCH_INTERVAL)
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName("linghun")
    app.setApplicationVersion(version())
    # Names the window after the desktop entry (Wayland app id, taskbar icon and grouping).
    QGuiApplication.setDesktopFileName(desktop_entry.APP_ID)
    app.setWindowIcon(icons.icon("linghun"))
    gcguard.install(app)
    return app


class Workbench:
    """The running application: settings, translations, theme and the main window, wired together."""

    def __init__(self, app: QApplication, settings: Settings | None = None) -> None:
        from linghun.workbench.main_window import MainWindow

        self.app = app
        self.settings = settings or Settings()
        self.translations = Translations(app)
        self.translations.apply(self.settings.language)
        self.settings.sig_language_changed.connect(self.translations.apply)
        self.theme = ThemeFollower(app, self.settings)
        self.window = MainWindow(self.settings)

    def quit(self) -> None:
        """File > Quit: close the window (it may ask about unsaved edits), then every dialog."""
        if self.window.close():
            self.app.quit()

    def start(self, explicit: str | None = None) -> None:
        """Show the window on its start home; the welcome on the very first start."""
        self.window.show()
        self.open_start_home(explicit)
        if not self.settings.welcome_shown:
            self.window.show_welcome()

    def open_start_home(self, explicit: str | None = None) -> None:
        path, note = start_home(explicit, self.settings)
        self.window.open_home(path, remember=not note and path != demo_home_dir())
        if note:
            self.window.set_home_note(note)


#: a file path: the workbench writes there when its home became interactive and its index ready,
#: then quits (``OpenReport``; tests/perf/bench_workbench.py starts it as a child with it)
REPORT_ENV = "LINGHUN_WORKBENCH_REPORT"


class OpenReport(QObject):
    """How opening the start home went, measured inside the real process for a benchmark that
    starts it (``REPORT_ENV``): when the window became interactive (the home open, every entry
    in the table, the event loop turning), when the search index was ready, the longest gap of a
    5 ms precise timer on the GUI thread from the window's first turn of the event loop until then
    (every stall loading the home made, the garbage collector's included), the first gap (building
    the window's panes for the home and its first paint, before which nothing is on screen) and
    the collector's longest pause.
    It quits once nothing runs in the background any more (``settled``), so that the process's
    peak memory is the whole open's. Times are ``time.time()`` (the benchmark compares them with
    the moment it spawned the process) and ``time.process_time()`` (this process's CPU since it started, every thread)."""

    TICK_MS = 5

    def __init__(self, workbench: "Workbench", path: str) -> None:
        super().__init__(workbench.app)
        self.workbench, self.path = workbench, path
        self.result: dict[str, float | int] = {"longest_gap_ms": 0.0, "longest_gap_cpu_ms": 0.0, "busiest_gap_cpu_ms": 0.0,
                                              "gc_max_ms": 0.0}
        self._started = time.perf_counter()
        self._last_cpu = time.thread_time()
        self._last = time.perf_counter()
        self._gc_start = 0.0
        gc.callbacks.append(self._on_gc)
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(self.TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._timer.start()

    def _on_gc(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            pause = (time.perf_counter() - self._gc_start) * 1000
            self.result["gc_max_ms"] = max(self.result["gc_max_ms"], pause)

    def _tick(self) -> None:
        # the GUI thread's CPU in each gap beside its wall: on a loaded machine a gap is mostly
        # waiting for a core, which the CPU tells apart from work done on the GUI thread
        now, cpu = time.perf_counter(), time.thread_time()
        gap, gap_cpu = (now - self._last) * 1000, (cpu - self._last_cpu) * 1000
        if "first_gap_ms" not in self.result:
            self.result["first_gap_ms"] = (now - self._started) * 1000
            self._stamp("first_turn")
        else:
            if gap > self.result["longest_gap_ms"]:
                self.result["longest_gap_ms"], self.result["longest_gap_cpu_ms"] = gap, gap_cpu
            self.result["busiest_gap_cpu_ms"] = max(self.result["busiest_gap_cpu_ms"], gap_cpu)
        self._last, self._last_cpu = now, cpu
        window = self.workbench.window
        ctx = window.ctx
        if ctx is None:
            return
        if "interactive_at" not in self.result:
            pane = window.pane("entries")
            if pane is not None and not getattr(pane.model, "loading", False):
                self._stamp("interactive")
                self.result["rows"] = pane.model.rowCount()
        if "index_ready_at" not in self.result and not ctx.warming:
            self._stamp("index_ready")
        if "interactive_at" not in self.result or "index_ready_at" not in self.result:
            return
        if "settled_at" not in self.result and not window.panes_pending and not ctx.tasks.running():
            self._stamp("settled")  # nothing runs in the background any more (the checks...)
        if "settled_at" in self.result:
            self._timer.stop()
            gc.callbacks.remove(self._on_gc)
            Path(self.path).write_text(json.dumps(self.result), encoding="utf-8")
            self.workbench.quit()

    def _stamp(self, name: str) -> None:
        self.result[f"{name}_at"] = time.time()
        self.result[f"{name}_cpu"] = time.process_time()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.install_desktop_entry or args.uninstall_desktop_entry:
        return desktop_entry_command(args)
    app = create_application()
    settings = Settings()
    if args.lang:
        settings.language = args.lang
    if args.theme:
        settings.theme = args.theme
    workbench = Workbench(app, settings)
    quitter = QuitOnSignal(workbench.quit)
    report = os.environ.get(REPORT_ENV)
    if report:
        OpenReport(workbench, report)
    workbench.start(args.home)
    try:
        return app.exec()
    finally:
        quitter.restore()
