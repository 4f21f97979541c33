"""The rounds pane lists the agent's own rounds (a separate process writing the upstream ledgers)
with the bundle each delivered, from the home's history, and *Reproduce* re-runs a round on the
home as it stood then."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.core.history.rounds import HomeRound
from tests.journeys.conftest import find_row
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401
from tests.workbench.test_history_capture import Agent, newest_bytes, screenshot, shown_and_recorded
from linghun.workbench import tones
from linghun.workbench.models.home_rounds import HomeRoundsFilter, HomeRoundsModel

PORT_Q = "订单服务现在跑在哪个端口？"
MIGRATE_Q = "迁移之后还有什么要注意的？"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _click(view, row: int, column: int = 1) -> None:
    index = view.model().index(row, column)
    view.scrollTo(index)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())


def _type_chinese(widget, text: str) -> None:
    """Chinese arrives from an input method as a committed string (QTest.keyClicks only knows keys)."""
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtWidgets import QApplication

    widget.setFocus()
    event = QInputMethodEvent("", [])
    event.setCommitString(text)
    QApplication.sendEvent(widget, event)


def _show_rounds(window, tab: int | None = None):
    """Bring the Rounds dock up and, if ``tab`` is given, click that tab of its views."""
    pane = window.pane("rounds")
    window.docks["rounds"].show()
    window.docks["rounds"].raise_()
    if tab is not None:
        bar = pane.views.tabBar()
        QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(tab).center())
    return pane


def _rows(panel) -> list[tuple[str, str, str]]:
    m = panel.proxy
    return [(m.index(r, 1).data(), m.index(r, 4).data(), m.index(r, 5).data()) for r in range(m.rowCount())]


@pytest.mark.slow
def test_agent_rounds_with_their_bundles_and_reproduce_on_the_home_of_that_time(workbench, qtbot, upstream_home,
                                                                              tmp_path):
    window = workbench.window
    home = shown_and_recorded(qtbot, window)

    agent = Agent(upstream_home)
    bundle_a = "素材：订单服务 | 端口 | 8087 | #7\n"
    bundle_b = "素材：订单服务 | 端口 | 9090 | #12（新）\n"
    try:
        agent.step(op="round", at=_now(), query=PORT_Q, level="medium", strategy="knowledge_update", bundle=bundle_a)
        qtbot.waitUntil(lambda: newest_bytes(home, "memory/assembled.md") == bundle_a.encode(), timeout=10000)
        # later the agent learns the port moved: warm.md is rewritten, then another round
        moved = home.warm.read_text(encoding="utf-8").replace("订单服务 | 端口 | 8087 | #7", "订单服务 | 端口 | 9090 | #12")
        agent.step(op="warm", text=moved)
        qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == moved.encode(), timeout=10000)
        agent.step(op="round", at=_now(), query=MIGRATE_Q, level="light", strategy="general", bundle=bundle_b, hit=True)
        qtbot.waitUntil(lambda: newest_bytes(home, "memory/assembled.md") == bundle_b.encode(), timeout=10000)
    finally:
        agent.close()

    pane = _show_rounds(window, tab=1)
    panel = pane.home_rounds
    assert pane.views.currentWidget() is panel
    qtbot.waitUntil(lambda: panel.proxy.rowCount() == 5, timeout=10000)  # 3 in the fixture + 2 now
    rows = _rows(panel)
    assert rows[0] == (MIGRATE_Q, "agent", "—") and rows[1] == (PORT_Q, "agent", "—")

    # the first of today's rounds: its delivered bundle and the feedback the next question gave
    with qtbot.waitSignal(panel.sig_detail_shown, timeout=10000):
        _click(panel.view, 1)
    assert panel.bundle_view.toPlainText() == bundle_a
    assert "hit: the next question used it" in panel.detail.toPlainText()
    assert "medium · knowledge_update" in panel.detail.toPlainText()

    # Reproduce: our engine on warm.md as it stood before that round (port 8087, not 9090)
    with qtbot.waitSignal(panel.sig_reproduced, timeout=30000):
        QTest.mouseClick(panel.btn_reproduce, Qt.MouseButton.LeftButton)
    diff = panel.diff_view.toPlainText()
    assert "differs from the delivered one" in panel.reproduce_note.text()
    assert "+- [8]" in diff and "订单服务 | 端口 | 8087 | #7" in diff and "9090" not in diff
    assert "-素材：订单服务 | 端口 | 8087 | #7" in diff
    screenshot(window, "agent-rounds-en", tmp_path)

    # filter by question text and by source
    _type_chinese(panel.search, "迁移之后")
    assert _rows(panel) == [(MIGRATE_Q, "agent", "—")]
    panel.search.clear()
    panel.source.setCurrentIndex(panel.source.findData("trace"))
    assert panel.proxy.rowCount() == 0


def test_reproduce_is_disabled_with_the_reason_for_a_round_the_history_has_no_state_before(workbench, qtbot):
    window = workbench.window
    shown_and_recorded(qtbot, window)
    # the fixture home's agent rounds came before its history began (when it was first opened)
    panel = _show_rounds(window, tab=1).home_rounds
    qtbot.waitUntil(lambda: panel.proxy.rowCount() == 3, timeout=10000)
    with qtbot.waitSignal(panel.sig_detail_shown, timeout=10000):
        _click(panel.view, 0)
    assert not panel.btn_reproduce.isEnabled()
    reason = panel.btn_reproduce.toolTip()
    assert reason.startswith("Nothing to reproduce this round on: the home's history begins at ")
    assert reason.endswith(", after the round.") and panel.reproduce_note.text() == reason


@pytest.mark.slow
def _painted_lines(view) -> dict[str, str]:
    """The lines of ``view`` that carry a colour of the diff highlighter, with that colour."""
    painted, block = {}, view.document().firstBlock()
    while block.isValid():
        ranges = block.layout().formats()
        if ranges:
            painted[block.text()] = ranges[0].format.foreground().color().name()
        block = block.next()
    return painted


def test_reproduce_works_on_the_bundled_demo_home(workbench, qtbot):
    from linghun.core.home_lock import update_section
    from linghun.workbench import app

    window = workbench.window
    window.resize(1280, 800)
    window.show()
    # File > Open Demo Home: the bundled home, and the history it ships
    window.act_demo.trigger()
    assert window.ctx.home.dsh_home == app.demo_home_dir()
    panel = _show_rounds(window, tab=1).home_rounds
    qtbot.waitUntil(lambda: panel.proxy.rowCount() == 36, timeout=10000)
    row = find_row(panel.view, "退款接口的限流是多少？", 1)
    with qtbot.waitSignal(panel.sig_detail_shown, timeout=10000):
        _click(panel.view, row)
    delivered = panel.bundle_view.toPlainText()
    assert delivered.startswith("素材：") and panel.btn_reproduce.isEnabled()
    with qtbot.waitSignal(panel.sig_reproduced, timeout=30000):
        QTest.mouseClick(panel.btn_reproduce, Qt.MouseButton.LeftButton)
    # the demo's rounds are our engine's own: on the home as it stood, the same bundle
    assert panel.reproduce_note.text().startswith("Same bundle as delivered, on the home as of state ")
    assert panel.diff_view.toPlainText().strip() == delivered.strip()
    # a bundle shown whole is Markdown: its "- [n]" bullets are not painted as removed lines
    assert any(line.startswith("- ") for line in delivered.splitlines())
    assert _painted_lines(panel.diff_view) == {}

    # with the home's retrieval set to one entry since, the bundles differ, line by line
    update_section(window.ctx.home, "assembler", lambda _old: {"retrieval": {"mode": "always", "topK": 1}})
    with qtbot.waitSignal(panel.sig_reproduced, timeout=30000):
        QTest.mouseClick(panel.btn_reproduce, Qt.MouseButton.LeftButton)
    assert panel.reproduce_note.text().startswith("Our bundle differs from the delivered one")
    diff = panel.diff_view.toPlainText()
    assert diff.startswith("--- delivered (agent)\n+++ reproduced (ours)") and "\n-- [" in diff
    # removals red, additions green, a context line holding a bullet (" - [") plain
    painted = _painted_lines(panel.diff_view)
    assert {tones.text("removed").name()} == {painted[line] for line in painted if line.startswith("-- [")}
    assert all(line[:1] in "+-@" for line in painted)
    assert not [line for line in diff.splitlines() if line.startswith(" ") and line in painted]


def test_home_rounds_models_pass_the_model_tester(qtmodeltester):
    model = HomeRoundsModel()
    model.set_rounds([HomeRound(datetime(2026, 10, 7, 7, 2, tzinfo=timezone.utc), PORT_Q, "agent", 3, "medium",
                                "knowledge_update", "code"),
                      HomeRound(datetime(2026, 10, 8, 9, 0, tzinfo=timezone.utc), MIGRATE_Q, "trace",
                                trace_id="20261008-090000-abcd", status="ok")])
    qtmodeltester.check(model)
    proxy = HomeRoundsFilter()
    proxy.setSourceModel(model)
    proxy.set_filter(level="medium")
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 1


def test_why_not_n_explains_the_cut_and_the_single_change_that_would_deliver_it(workbench, qtbot):
    from linghun.core.home_lock import update_section

    window = workbench.window
    # the words' cut (meaning, on by default, would bring [7] in by its sense)
    update_section(window.ctx.home, "assembler", lambda _old: {"retrieval": {"mode": "always", "topK": 1,
                                                                             "meaning": False}})
    window.resize(1280, 800)
    window.show()
    pane = _show_rounds(window, tab=2)
    panel = pane.why_not
    assert pane.views.currentWidget() is panel
    _type_chinese(panel.question, "改数据库结构之前要做什么？")
    QTest.mouseClick(panel.entry, Qt.MouseButton.LeftButton)
    QTest.keyClicks(panel.entry, "[7]")
    with qtbot.waitSignal(panel.sig_explained, timeout=30000):
        QTest.keyClick(panel.entry, Qt.Key.Key_Return)
    report = panel.report.toPlainText()
    assert panel.note.text() == "[7] was not delivered"
    assert "rank 2 is below the cut" in report and "数据库 +" in report
    assert "retrieval.topK = 2: delivered" in report
    assert "touch [7]: still not delivered" in report


def test_two_rounds_side_by_side_one_agent_one_traced(workbench, qtbot, tmp_path):
    window = workbench.window
    window.resize(1280, 800)
    window.show()
    pane = _show_rounds(window)
    # a round of ours, with its full trace, on the question the agent asked last in the fixture
    _type_chinese(pane.question, PORT_Q)
    with qtbot.waitSignal(pane.sig_round_finished, timeout=30000):
        QTest.mouseClick(pane.btn_run, Qt.MouseButton.LeftButton)
    bar = pane.views.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    panel = pane.home_rounds
    qtbot.waitUntil(lambda: panel.proxy.rowCount() == 4 and _rows(panel)[0][2] == "✓", timeout=10000)
    # ours wrote the ledgers too: one round, known as ours, with its trace
    assert _rows(panel)[0] == (PORT_Q, "workbench / CLI", "✓")
    _click(panel.view, 0)
    assert not panel.btn_compare.isEnabled()
    index = panel.proxy.index(1, 1)
    QTest.mouseClick(panel.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     panel.view.visualRect(index).center())
    assert panel.btn_compare.isEnabled()
    QTest.mouseClick(panel.btn_compare, Qt.MouseButton.LeftButton)
    dialog = panel.compare_dialog
    with qtbot.waitSignal(dialog.sig_loaded, timeout=10000):
        pass
    left, right = dialog.left.toPlainText(), dialog.right.toPlainText()
    assert PORT_Q in left and "medium · knowledge_update" in left and "LLM calls" in left
    assert PORT_Q in right and "Candidates" in right and "ms" in right  # ours: trace with timings
    assert dialog.diff.toPlainText().startswith("--- a")
    # only the diff's own marks are coloured: a context line (" - bullet") stays plain
    painted = _painted_lines(dialog.diff)
    context = [line for line in dialog.diff.toPlainText().splitlines() if line.startswith(" ")]
    assert painted and all(line[:1] in "+-@" for line in painted) and not set(context) & set(painted)
    screenshot(dialog, "round-compare-en", tmp_path)
    dialog.reject()
