"""The application: start-up, homes, docks and layout, status bar, About box, bad input."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget

from linghun import resources
from linghun.core.home import MemoryHome
from tests.workbench.test_app_helpers import (  # noqa: F401 - fixtures
    entries_pane, isolated, no_thread_left, settings, warm_bytes, workbench,
)


def test_every_pane_is_a_named_dock(workbench):
    from linghun.workbench import panes
    window = workbench.window
    names = [c.NAME for c in panes.registered_panes()]
    assert "entries" in names
    for name in names:
        dock = window.findChild(QDockWidget, f"dock-{name}")
        assert dock is not None and dock.widget() is window.docks[name].widget()
    assert entries_pane(workbench).model.rowCount() == 10


def test_layout_is_restored_from_settings(qtbot, settings, upstream_home, no_thread_left):
    from linghun.workbench.main_window import MainWindow
    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.docks["entries"].setFloating(True)
    first.close()  # saves the state
    second = MainWindow(settings)
    qtbot.addWidget(second)
    assert second.docks["entries"].isFloating()
    second.reset_layout()
    assert not second.docks["entries"].isFloating()
    second.close()


def test_the_status_bar_counts_again_only_when_warm_md_or_the_index_changed(workbench, qtbot):
    """A round writes the journal and its trace, not warm.md: the entries are not counted again
    (35 ms of a worker's Python at 10k entries, after every round); a flip in the entries pane is."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.workbench.test_home_rounds import _show_rounds, _type_chinese

    window = workbench.window
    window.resize(1280, 800)
    window.show()
    qtbot.waitUntil(lambda: window.status_counts.text().startswith("10 entries"), timeout=10000)
    qtbot.waitUntil(lambda: not window.ctx.tasks.running(), timeout=20000)
    started: list[str] = []
    window.ctx.tasks.sig_started.connect(lambda handle: started.append(handle.title))
    pane = _show_rounds(window)
    warm = window.ctx.home.warm.read_bytes()
    _type_chinese(pane.question, "端口是多少")
    with qtbot.waitSignal(pane.sig_round_finished, timeout=30000):
        QTest.mouseClick(pane.btn_run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.ctx.tasks.running(), timeout=20000)
    qtbot.wait(300)  # the changes a round reports are all in
    assert window.ctx.home.warm.read_bytes() == warm, "the round wrote warm.md"
    assert "Assembler round" in started and "Counting the entries" not in started
    entries = window.pane("entries")
    entries.view.selectRow(0)
    entries.act_flip.trigger()  # the user flips [1] to wrong
    qtbot.waitUntil(lambda: window.status_counts.text().endswith("2 wrong"), timeout=10000)
    assert "Counting the entries" in started


def test_status_bar_shows_home_counts_and_index(workbench):
    window = workbench.window
    assert str(window.ctx.home.dsh_home) in window.status_home.text()
    assert window.status_counts.text() == "10 entries: 4 high, 4 medium, 1 low, 1 wrong"
    # the fixture's index cites entries up to [8]; [9] and [10] were written after it
    assert window.status_index.text() == "Topic index: stale (2 newer entries not in it, 0 cited entries flipped or gone)"


def test_recent_homes_and_reopen(workbench, tmp_path):
    other = tmp_path / "other-dsh"
    MemoryHome.resolve(other).ensure()
    window = workbench.window
    assert window.open_home(other)
    assert workbench.settings.recent_homes[0] == str(MemoryHome.resolve(other).dsh_home)
    assert window.menu_recent.actions()[0].text() == workbench.settings.recent_homes[0]
    assert entries_pane(workbench).model.rowCount() == 0


def test_about_box_names_the_true_version_and_license(qtbot, isolated):
    from importlib.metadata import version as dist_version
    from linghun.workbench.dialogs.about import AboutDialog
    box = AboutDialog()
    qtbot.addWidget(box)
    true_version = dist_version("linghun-workbench")  # what the installed metadata says
    assert true_version != "0+unknown"
    assert f"linghun workbench {true_version}</h3>" in box.text.text()
    assert "AGPL-3.0-or-later" in box.text.text()


def test_help_about_names_the_home_and_its_team_workspace(workbench, qtbot):
    """Help > About says where the open home and its team workspace (team.cycleDir) are, as the
    assembler seed's ready line does; read off the box a person opens, then closed by its button."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QDialogButtonBox
    from linghun.workbench.dialogs.about import AboutDialog

    home = workbench.window.ctx.home
    seen = []

    def read_and_close():
        box = QApplication.activeModalWidget()
        if not isinstance(box, AboutDialog):
            QTimer.singleShot(20, read_and_close)
            return
        seen.append(box.text.text())
        QTest.mouseClick(box.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close),
                         Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, read_and_close)
    workbench.window.act_about.trigger()
    assert seen and f"Memory home: {home.root}<br>Team workspace: {home.team_dir}" in seen[0]


def test_demo_home_is_copied_once_and_the_bundle_never_edited(isolated, qapp, tmp_path, monkeypatch):
    from linghun.workbench import app
    bundle = tmp_path / "bundle"
    (bundle / "linghun" / "memory").mkdir(parents=True)
    (bundle / "linghun" / "memory" / "warm.md").write_text("## 2026-10-01 10:00 [fact] high\n\nx\n")
    monkeypatch.setattr(resources, "DEMO_HOME_DIR", bundle)
    path, note = app.demo_home()
    assert note == "" and path == app.demo_home_dir() and path != bundle
    (path / "linghun" / "memory" / "warm.md").write_text("edited")
    again, _ = app.demo_home()
    assert (again / "linghun" / "memory" / "warm.md").read_text() == "edited"  # not copied over
    assert (bundle / "linghun" / "memory" / "warm.md").read_text().endswith("x\n")


def test_without_a_bundled_demo_an_empty_home_opens_and_says_so(qtbot, settings, tmp_path, monkeypatch,
                                                                 no_thread_left):
    from linghun.workbench import app
    monkeypatch.setattr(resources, "DEMO_HOME_DIR", tmp_path / "absent")
    wb = app.Workbench(qtbot_app(), settings)
    qtbot.addWidget(wb.window)
    wb.open_start_home(None)
    assert wb.window.ctx.home.dsh_home == app.demo_home_dir()
    assert "not bundled" in wb.window.status_home.text()
    wb.window.close()


def qtbot_app():
    from PySide6.QtWidgets import QApplication
    return QApplication.instance()


@pytest.mark.parametrize("damage", ["not-utf8", "huge-and-missing"])
def test_bad_files_open_and_are_left_untouched(qtbot, settings, upstream_home, damage, no_thread_left):
    from linghun.workbench.main_window import MainWindow
    home = MemoryHome.resolve(upstream_home)
    if damage == "not-utf8":
        bad = b"## 2026-10-01 10:00 [fact] high\n\n\xff\xfe broken \x80\n"
        home.warm.write_bytes(bad)
    else:
        bad = "".join(f"## 2026-10-01 10:00 [fact] high\n\nentry {i} " + "x" * 200 + "\n\n" for i in range(3000))
        bad = bad.encode()
        home.warm.write_bytes(bad)
        home.cold.unlink()
        (home.memory / "team" / "cycle.json").write_text("{not json")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.open_home(upstream_home)
    pane = window.pane("entries")
    if damage == "not-utf8":
        assert pane.banner.isVisibleTo(window) and "not valid UTF-8" in pane.banner.text()
        assert window.status_counts.text() == "warm.md unreadable"
        assert not pane.act_new.isEnabled()
    else:
        qtbot.waitUntil(lambda: not pane.model.loading)  # a big warm.md is read on a worker
        assert pane.model.rowCount() == 3000 and not pane.model.error
    window.close()
    assert home.warm.read_bytes() == bad


def test_closing_with_an_unsaved_edit_asks_first(workbench, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    from linghun.workbench.main_window import MainWindow
    pane = entries_pane(workbench)
    pane.start_new_entry("fact", "草稿 | 值 | 1")
    answers = [QMessageBox.StandardButton.Cancel]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: answers.pop(0))
    window = workbench.window
    assert not MainWindow._may_close_home(window)  # cancelled: the draft stays
    assert pane.editor.is_dirty()


def test_dark_theme_palette(qapp, settings):
    from PySide6.QtGui import QPalette
    from linghun.workbench.app import apply_theme
    apply_theme(qapp, "dark")
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 80
    apply_theme(qapp, "light")
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 180


def test_a_home_with_meaning_on_is_encoded_in_the_background_when_it_opens(qtbot, settings, upstream_home, no_thread_left):
    """Meaning is on by default: opening a home encodes its entries on a worker and says so."""
    from linghun.workbench.app import Workbench

    wb = Workbench(QApplication.instance(), settings)
    wb.window.open_home(upstream_home)
    qtbot.waitUntil(lambda: "embedded for retrieval" in wb.window.statusBar().currentMessage(), timeout=60000)
    wb.window._may_close_home = lambda: True
    wb.window.close()
    wb.window.deleteLater()


def test_with_no_home_chosen_the_workbench_opens_the_agents_dsh_like_the_cli(isolated, settings, monkeypatch):
    from linghun.core.home import default_dsh_home
    from linghun.workbench.app import start_home
    monkeypatch.setenv("HOME", str(isolated / "user"))
    MemoryHome.resolve(isolated / "user" / ".dsh").ensure()
    assert start_home(None, settings) == (isolated / "user" / ".dsh", "")
    assert default_dsh_home() == (isolated / "user" / ".dsh", "agent")


def test_sigterm_closes_the_workbench_like_quit(tmp_path):
    """Session logout and Ctrl+C: the running workbench quits through File > Quit, status 0."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from tests.conftest import REPO
    env = {**os.environ, "LINGHUN_CONFIG_DIR": str(tmp_path / "config"), "LINGHUN_DATA_DIR": str(tmp_path / "data"),
           "HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("DSH_HOME", None)
    proc = subprocess.Popen([sys.executable, "-m", "linghun.workbench"], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    warm = tmp_path / "data" / "demo-home" / "linghun" / "memory" / "warm.md"
    deadline = time.monotonic() + 120
    while not warm.is_file() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert warm.is_file(), proc.communicate(timeout=30)[0] if proc.poll() is not None else "no demo home"
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, out
    assert (tmp_path / "config").is_dir()  # the layout was saved on the way out


def test_the_gil_is_handed_to_the_gui_thread_within_half_a_millisecond(qapp):
    """While a worker computes, each call from Qt into Python waits up to the switch interval for
    the GIL (``workbench/app.py``): the application shortens CPython's 5 ms to 0.5 ms."""
    import sys

    from linghun.workbench.app import create_application

    create_application()
    assert sys.getswitchinterval() == pytest.approx(0.0005)
