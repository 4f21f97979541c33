"""One time zone everywhere: a home the agent wrote at UTC+7, opened on a machine whose clock is
UTC. The entry stamps (the agent's local time), an entry's history and the time bar all read in
the home's zone, and the status bar names it once."""
from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import pytest
from PySide6.QtCore import QDateTime, Qt
from PySide6.QtTest import QTest

from linghun.core.history import capture
from linghun.workbench import clock
from linghun.workbench.models.entries import COL_TEXT
from tests.journeys.conftest import click, click_cell, find_row, press, wait_for
from tests.workbench.test_app_helpers import external_write

HOME_OFFSET = timedelta(hours=7)
STAMP = "%Y-%m-%d %H:%M"


@pytest.fixture
def machine_in_utc(monkeypatch):
    """This process's clock in UTC, as on the audit's server (then back to the zone it had)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _home_now() -> datetime:
    """Now on the home's wall clock (the agent's, UTC+7), without a zone as a stamp has none."""
    return (datetime.now(timezone.utc) + HOME_OFFSET).replace(tzinfo=None)


def _agent_appends(warm, body: str) -> str:
    """The agent adds an entry stamped with its local time; returns the stamp."""
    stamp = _home_now().strftime(STAMP)
    text = warm.read_text(encoding="utf-8").rstrip("\n") + f"\n\n## {stamp} [event] high\n\n{body}\n"
    external_write(warm, text.encode("utf-8"))
    return stamp


def _close_to(shown: str, stamp: str, fmt: str = "%Y-%m-%d %H:%M:%S") -> bool:
    """``shown`` (a time on screen) is the moment of ``stamp`` (an entry's), to two minutes."""
    return abs(datetime.strptime(shown, fmt) - datetime.strptime(stamp, STAMP)) <= timedelta(minutes=2)


def test_every_time_is_shown_in_the_homes_zone(machine_in_utc, journey_window, demo_home, shots):
    warm = demo_home / "linghun" / "memory" / "warm.md"
    stamp = _agent_appends(warm, "灰度发布 checkout-api 2.4 到 10%。")
    window = journey_window(demo_home)
    assert datetime.now().astimezone().utcoffset() == timedelta(0)  # the machine says UTC
    # the status bar says the zone once, inferred from when the newest entry was stamped and saved
    assert window.status_zone.text() == "Times in UTC+07:00"
    assert window.status_zone.isVisible()
    assert "newest entry" in window.status_zone.toolTip()

    # the entry's history: written at the hour its stamp says, not seven hours earlier
    pane = window.pane("entries")
    view = pane.view
    row = find_row(view, "灰度发布 checkout-api 2.4", COL_TEXT)
    assert row >= 0
    click_cell(view, row, COL_TEXT)
    press(view, "Ctrl+Shift+H")
    dialog = pane.history_dialog
    wait_for(lambda: dialog.table.rowCount() > 0, 15000, "the entry's versions")
    written = dialog.table.item(0, 0).text()
    assert _close_to(written, stamp), (written, stamp)
    assert stamp[:13] in dialog.summary.text()  # "Written by agent on <day> <hour>:…"
    dialog.resize(1280, 800)
    shots(dialog, "entry-history")
    dialog.reject()

    # the time bar: the slider's time, the banner and the title name one moment, on the home's clock
    travel = window.time_travel
    wait_for(lambda: len(travel.states) >= 1, 15000, "the home's history")
    assert _close_to(travel.calendar.dateTime().toString("yyyy-MM-dd HH:mm"), _home_now().strftime(STAMP), STAMP)
    capture.flush(10)
    _agent_appends(warm, "回滚 checkout-api 到 2.3。")
    wait_for(lambda: len(travel.states) >= 2, 15000, "the agent's second write in the history")
    travel.slider.setFocus()
    QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    wait_for(lambda: travel.banner.isVisible(), 15000, "the past to be shown")
    slider_time = travel.when.text()
    assert _close_to(slider_time, stamp), (slider_time, stamp)
    assert travel.banner.text() == f"READ-ONLY · as it stood at {slider_time}"
    assert f"as it stood at {slider_time} (read-only)" in window.windowTitle()
    assert window.status_zone.text() == "Times in UTC+07:00"  # the past copy is the home's zone too
    shots(window, "time-travel-status-bar")
    click(travel.btn_now)
    wait_for(lambda: not travel.banner.isVisible(), 15000, "the home itself again")
    window.language_actions["zh_CN"].trigger()  # View > Language > 中文: the zone in Chinese
    wait_for(lambda: window.status_zone.text().startswith("时间"), 5000, "the status bar in Chinese")
    assert window.status_zone.text() == "时间：UTC+07:00" and "最新条目" in window.status_zone.toolTip()
    shots(window, "status-bar-zh")
    window.language_actions["en"].trigger()
    wait_for(lambda: window.status_zone.text().startswith("Times in"), 5000, "the status bar in English")

    # a date typed between two captures (on the home's clock) opens the earlier one, and the banner
    # names that capture as the slider does, not the date typed
    first, second = travel.states[-2:]
    between = first + (second - first) / 2
    travel.calendar.setDateTime(QDateTime(clock.in_home(between).replace(tzinfo=None)))
    click(travel.btn_go)
    wait_for(lambda: travel.banner.isVisible(), 15000, "the past to be shown")
    assert travel.when.text() == clock.shown(first)
    assert travel.banner.text() == f"READ-ONLY · as it stood at {travel.when.text()}"
    click(travel.btn_now)
    wait_for(lambda: not travel.banner.isVisible(), 15000, "the home itself again")
