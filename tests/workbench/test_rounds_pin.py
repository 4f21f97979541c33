"""Pin this round from the rounds pane, through the real main window: a round run offline becomes a
check in checks.json (its question and the entries its bundle delivered), the checks pane lists it
passing, Edit > Undo takes it out again; the home's list pins a round from its context menu; the
past (read-only) offers neither."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.checks.store import checks_path
from tests.journeys.conftest import choose_in_context_menu, click_cell, click_tab, demo_home, find_row, journey_window, show_pane, wait_for  # noqa: F401
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401

#: a shown window and its popup menu on the offscreen platform: it cannot raise them or grab the keyboard
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")

INCIDENT = "How soon must an incident get a written timeline?"
PR_496 = "Who merged PR #496?"
PR_496_BODY = "李想 | merged | PR #496 | checkout-api | Add tracing to payment callback"


def _saved(home) -> list[dict]:
    path = checks_path(home)
    return json.loads(path.read_text(encoding="utf-8"))["checks"] if path.exists() else []


def _run_typed(rounds, qtbot, question: str) -> None:
    """Type the question and click Run; wait for the round to finish and the pane to be idle."""
    rounds.question.clear()
    QTest.keyClicks(rounds.question, question)
    with qtbot.waitSignal(rounds.sig_round_finished, timeout=30000):
        QTest.mouseClick(rounds.btn_run, Qt.MouseButton.LeftButton)
    wait_for(lambda: rounds._handle is None, 20000, "the round's task ended")


def test_pin_the_round_shown_it_passes_in_checks_and_undo_takes_it_back(journey_window, demo_home, qtbot):
    window = journey_window(demo_home)
    home = window.ctx.home
    rounds = show_pane(window, "rounds")
    assert not rounds.act_pin.isEnabled() and not rounds.btn_pin.isEnabled()  # no round shown yet
    assert rounds.btn_pin.text() == "Pin this round"

    _run_typed(rounds, qtbot, PR_496)
    assert rounds.live is not None and rounds.live.bundle
    assert rounds.btn_pin.isEnabled()
    with qtbot.waitSignal(rounds.pinner.sig_pinned, timeout=30000) as pinned:
        QTest.mouseClick(rounds.btn_pin, Qt.MouseButton.LeftButton)
    check_id = pinned.args[0]
    wait_for(lambda: not rounds.pinner.busy, 10000)

    saved = _saved(home)
    assert [c["id"] for c in saved] == [check_id]
    assert saved[0]["question"] == PR_496 and saved[0]["made_from"] == f"round:{rounds.live.round_id}"
    bodies = [e["body"] for e in saved[0]["expect"]]
    assert PR_496_BODY in bodies
    # every expected entry is one the round's bundle delivered
    assert all(body.splitlines()[0][:20] in rounds.live.bundle for body in bodies), (bodies, rounds.live.bundle)
    assert window.notifications.label.text() == f"Check pinned: {PR_496}"
    assert rounds.pinned_banner.isVisible() and rounds.pinned_banner.text.text() == f"Check pinned: {PR_496}"

    # the notice brings the checks pane forward, where the new check is listed green
    QTest.mouseClick(rounds.pinned_banner.btn_show, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    checks = window.pane("checks")
    assert not window.docks["checks"].visibleRegion().isEmpty(), "the checks pane was not brought forward"
    wait_for(lambda: checks.model.result(check_id) is not None, 30000, "the pinned check's first result")
    row = checks.model.row_of(check_id)
    assert checks.model.index(row, 0).data() == "pass"
    assert checks.model.index(row, 0).data(Qt.ItemDataRole.ForegroundRole) is not None

    # one undo step: Edit > Undo removes it from checks.json
    assert window.act_undo.isEnabled()
    window.act_undo.trigger()
    QApplication.processEvents()
    assert _saved(home) == []
    wait_for(lambda: checks.model.row_of(check_id) < 0, 30000, "the check gone from the checks pane")


def test_pin_a_round_from_the_home_list_context_menu(journey_window, demo_home, qtbot):
    window = journey_window(demo_home)
    home = window.ctx.home
    Assembler(home, debouncer=Debouncer()).run(INCIDENT, session="agent-1")  # a traced round run elsewhere
    rounds = show_pane(window, "rounds")
    click_tab(rounds.views, "Every round of the home")
    panel = rounds.home_rounds
    # listed once its trace is in too: a refresh that fires between the round's ledger line and its
    # trace lists it without one first (a loaded machine sees it), and the next refresh adds it
    wait_for(lambda: any(r.query == INCIDENT and r.has_trace for r in panel.model.rounds()), 20000,
             "the round listed with its trace")
    row = find_row(panel.view, INCIDENT)
    click_cell(panel.view, row, 1)
    assert panel.current_round().has_trace and rounds.act_pin_selected.isEnabled()

    with qtbot.waitSignal(rounds.pinner.sig_pinned, timeout=30000):
        choose_in_context_menu(panel.view, row, "Pin this round", column=1)
    wait_for(lambda: not rounds.pinner.busy, 10000)
    saved = _saved(home)
    assert len(saved) == 1 and saved[0]["question"] == INCIDENT and saved[0]["expect"]
    assert saved[0]["made_from"] == f"round:{panel.current_round().trace_id}"


def test_pin_is_not_offered_in_the_read_only_past(journey_window, demo_home, qtbot):
    window = journey_window(demo_home)
    rounds = show_pane(window, "rounds")
    _run_typed(rounds, qtbot, INCIDENT)
    assert rounds.act_pin.isEnabled()
    window.ctx.set_read_only("A copy of the past: read-only")  # what opening a moment of the past does
    try:
        rounds._update_actions()
        assert not rounds.act_pin.isEnabled() and not rounds.btn_pin.isEnabled()
        assert not rounds.act_pin_selected.isEnabled()
        assert rounds.pin_shown() is None and not checks_path(window.ctx.home).exists()
    finally:
        window.ctx.set_read_only("")
