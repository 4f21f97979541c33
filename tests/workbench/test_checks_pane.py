"""The checks pane through the real main window: pin a round, flip one of its entries, the check
turns red with the why-not; a consolidation preview warns of the check it would break."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.checks.store import checks_path, read_results
from linghun.workbench.panes.checks.model import ChecksModel
from tests.journeys.conftest import click_cell, demo_home, find_row, journey_window, show_pane, wait_for  # noqa: F401
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401

SLO = "checkout-api 的可用性 SLO 是多少？"
SLO_BODY = "checkout-api | 可用性 SLO | 99.95% | SLO 文档#1"


def _pin_latest(qtbot, pane):
    """Pin the latest round and wait for the run that follows the write of checks.json."""
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30000, check_params_cb=lambda p, f: p + f >= 1):
        with qtbot.waitSignal(pane.sig_pinned, timeout=30000) as pinned:
            pane.act_pin.trigger()
    return pinned.args[0]


def test_the_model_passes_qtmodeltester(qtmodeltester, tmp_path):
    import shutil

    from linghun import resources
    from linghun.core.checks.make import by_hand
    from linghun.core.checks.run import run_checks
    from linghun.core.home import MemoryHome

    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    home = MemoryHome.resolve(tmp_path / "dsh")
    checks = [by_hand(home, SLO, expect=["[6]"]), by_hand(home, SLO, forbid=["[6]"])]
    report = run_checks(home, checks, record=False)
    model = ChecksModel()
    model.set_checks(checks, {r.check.id: r for r in report.results})
    qtmodeltester.check(model, force_py=True)
    assert [model.index(r, 0).data() for r in range(2)] == ["pass", "FAIL"]


def test_pin_a_round_flip_one_of_its_entries_and_the_check_turns_red_with_the_why_not(
        journey_window, demo_home, qtbot):
    window = journey_window(demo_home)
    home = window.ctx.home
    Assembler(home, debouncer=Debouncer()).run(SLO)  # the agent's turn: a traced round
    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    check_id = _pin_latest(qtbot, pane)

    saved = json.loads(checks_path(home).read_text(encoding="utf-8"))["checks"]
    assert [c["id"] for c in saved] == [check_id] and saved[0]["question"] == SLO
    assert SLO_BODY in [e["body"] for e in saved[0]["expect"]]
    wait_for(lambda: pane.model.result(check_id) is not None, what="the pinned check's first result")
    assert pane.model.index(0, 0).data() == "pass"

    window.switch_workspace("curate")
    entries = show_pane(window, "entries")
    row = find_row(entries.view, SLO_BODY)
    assert row >= 0
    click_cell(entries.view, row, 0)
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30000, check_params_cb=lambda p, f: f == 1):
        entries.act_flip.trigger()
    assert "## " in home.warm.read_text(encoding="utf-8") and "[fact] wrong\n\ncheckout-api | 可用性 SLO | 99.95%" in \
        home.warm.read_text(encoding="utf-8")

    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    row = find_row(pane.view, SLO, column=1)
    click_cell(pane.view, row, 1)
    assert pane.model.index(row, 0).data() == "FAIL"
    detail = pane.detail.toPlainText()
    assert "Missing, and why not:" in detail and "flipped to wrong" in detail
    assert "What the round delivered instead:" in detail
    assert "1 failing" in pane.summary.text()
    assert [r["checks"][check_id] for r in read_results(home)][-2:] == [True, False]
    xs, ys = pane.curve_fail.getData()
    assert list(ys)[-1] == 1.0  # the history plot shows the failing run

    with qtbot.waitSignal(pane.sig_run_finished, timeout=30000, check_params_cb=lambda p, f: f == 0):
        window.act_undo.trigger()  # Edit > Undo takes the flip back: green again
    assert pane.model.index(row, 0).data() == "pass"


def test_a_consolidation_preview_warns_of_the_check_it_would_break(journey_window, demo_home, qtbot):
    window = journey_window(demo_home)
    home = window.ctx.home
    Assembler(home, debouncer=Debouncer()).run(SLO)
    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    _pin_latest(qtbot, pane)

    window.switch_workspace("curate")
    ontology = show_pane(window, "ontology")
    warm_before = home.warm.read_bytes()
    ontology.act_consolidate.trigger()
    wait_for(lambda: ontology._preview is not None, 60000, "the consolidation preview")
    text = ontology.preview_summary.text()
    assert "This consolidation breaks 1 memory check(s): " + SLO in text
    assert home.warm.read_bytes() == warm_before  # a preview writes nothing


def test_a_closed_gap_is_kept_closed_by_a_check(journey_window, demo_home, qtbot):
    from linghun.core.formats import team as team_format
    from tests.workbench.test_app_helpers import external_write

    window = journey_window(demo_home)
    home = window.ctx.home
    gaps = home.team_file(team_format.GAPS_FILE)
    # the gap was filled and a re-run hit (as the gaps pane writes it)
    external_write(gaps, (gaps.read_text(encoding="utf-8")
                          + team_format.gap_line("2026-10-20T02:00:00.000Z", SLO, "2026-10-21T02:00:00.000Z")).encode())
    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30000, check_params_cb=lambda p, f: p == 1):
        with qtbot.waitSignal(pane.sig_pinned, timeout=30000):
            pane.act_keep_closed.trigger()
    [saved] = json.loads(checks_path(home).read_text(encoding="utf-8"))["checks"]
    assert saved["question"] == SLO and saved["made_from"] == "gap:2026-10-20T02:00:00.000Z"
    assert SLO_BODY in [e["body"] for e in saved["expect"]]
    messages = []
    window.ctx.show_message = messages.append
    pane.act_keep_closed.trigger()  # again: the gap has its check now
    wait_for(lambda: pane._pin_handle is None and messages, 20000, "the answer")
    assert messages[-1] == "Every closed gap already has its check."


def test_the_expectation_is_edited_from_the_detail(journey_window, demo_home, qtbot):
    from PySide6.QtCore import QUrl

    window = journey_window(demo_home)
    home = window.ctx.home
    Assembler(home, debouncer=Debouncer()).run(SLO)
    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    check_id = _pin_latest(qtbot, pane)
    wait_for(lambda: pane.model.result(check_id) is not None, what="the first result")
    [saved] = json.loads(checks_path(home).read_text(encoding="utf-8"))["checks"]
    target = next(e for e in saved["expect"] if e["body"] == SLO_BODY)
    assert f'forbid:{check_id}/{target["id"]}' in pane.detail.toHtml()
    # "must not be shown" on the SLO entry: it is shown, so the check now fails
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30000, check_params_cb=lambda p, f: f == 1):
        pane.detail.anchorClicked.emit(QUrl(f'forbid:{check_id}/{target["id"]}'))
    [saved] = json.loads(checks_path(home).read_text(encoding="utf-8"))["checks"]
    assert [e["body"] for e in saved["forbid"]] == [SLO_BODY]
    assert SLO_BODY not in [e["body"] for e in saved["expect"]]
    assert "Shown though it must not be:" in pane.detail.toPlainText()
    with qtbot.waitSignal(pane.sig_run_finished, timeout=30000, check_params_cb=lambda p, f: f == 0):
        window.act_undo.trigger()


def test_the_list_beside_pin_the_latest_round_shows_the_round_it_pins(journey_window, demo_home, qtbot):
    """A round arrives after the list was read: the list moves to it (the user picked none), and
    "Pin the latest round" pins exactly the round the list shows; a round the user picked stays."""
    window = journey_window(demo_home)
    older = Assembler(window.ctx.home, debouncer=Debouncer()).run("订单服务的端口是多少？").round_id
    window.switch_workspace("evaluate")
    pane = show_pane(window, "checks")
    wait_for(lambda: pane.rounds.currentData() == older, what="the rounds listed")
    newest = Assembler(window.ctx.home, debouncer=Debouncer()).run(SLO).round_id  # the agent's turn
    pane.load_rounds()
    wait_for(lambda: pane.rounds.itemData(0) == newest, what="the new round listed")
    assert pane.rounds.currentData() == newest != older
    check_id = _pin_latest(qtbot, pane)
    saved = json.loads(checks_path(window.ctx.home).read_text(encoding="utf-8"))["checks"]
    assert [(c["id"], c["made_from"]) for c in saved] == [(check_id, f"round:{pane.rounds.currentData()}")]

    # the user picks an older round: a reload keeps it
    pane.rounds.setFocus()
    QTest.keyClick(pane.rounds, Qt.Key.Key_Down)
    picked = pane.rounds.currentData()
    assert picked != newest
    pane.load_rounds()
    qtbot.waitUntil(lambda: pane._rounds_handle is None, timeout=10000)
    assert pane.rounds.currentData() == picked
