"""The rounds pane on a copy of the demo home: a live round role by role, cancel, past rounds,
re-run with a changed setting, the gap link, and the models."""
from __future__ import annotations

import json
import shutil
import threading

import pytest

from linghun import resources
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.events import bus
from linghun.core.formats import team as team_format
from linghun.core.home import MemoryHome
from linghun.workbench.models.rounds import ROLES, CandidatesModel, LiveRound, RoundsModel, term_text
from linghun.workbench.panes import WorkbenchContext
from linghun.workbench.panes.rounds import RoundsPane
from linghun.workbench.panes.rounds.background import parse_overrides
from linghun.workbench.settings import LlmSettings, Settings

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

DEEP = "vault 的迁移之前是怎么决定的？来龙去脉"
GAP = "量子计算机的冷却液是什么牌子？"  # nothing in the demo home speaks of it


class _Window(QWidget):
    """What a pane asks of the main window: its panes by name, and their docks."""

    def __init__(self) -> None:
        super().__init__()
        self.panes = {}
        self.docks = {}

    def pane(self, name):
        return self.panes.get(name)


@pytest.fixture
def ctx(tmp_path, qtbot):
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    window = _Window()
    qtbot.addWidget(window)
    context = WorkbenchContext.open(MemoryHome.resolve(tmp_path / "dsh"), Settings(tmp_path / "settings.ini"), window)
    yield context
    context.close()
    assert not [t for t in threading.enumerate() if t.name.startswith("linghun-task")]


@pytest.fixture
def pane(ctx, qtbot):
    widget = RoundsPane.create(ctx)
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()
    qtbot.waitUntil(lambda: widget._handle is None and widget._rerun_handle is None, timeout=10000)


def _run(pane, qtbot, question: str, timeout: int = 30000):
    pane.question.setText(question)
    with qtbot.waitSignal(pane.sig_round_finished, timeout=timeout):
        assert pane.run() is not None
    qtbot.waitUntil(lambda: pane._handle is None, timeout=timeout)
    return pane.live


def test_live_round_lights_every_role_in_order_and_shows_the_bundle(pane, ctx, qtbot):
    assert pane.model.rowCount() == 0  # the demo home has no trace yet
    live = _run(pane, qtbot, DEEP)
    # every role started then ended, in the TRACE.md order, as the events arrived
    assert live.span_events() == [(r, p) for r in ROLES for p in ("start", "end")]
    assert all(pane.strip.status(r) in ("ok", "skipped") for r in ROLES)
    assert pane.strip.status("advocate") == "skipped"  # off by default
    assert live.result["status"] == "ok"
    assert pane.bundle_view.toPlainText().startswith("素材：")
    assert pane.bundle_view.toPlainText() == ctx.home.assembled.read_text(encoding="utf-8").strip() or \
        pane.bundle_view.toPlainText() in ctx.home.assembled.read_text(encoding="utf-8")
    # the retriever is shown (laid out in the next turns): decisions with reasons, candidates
    # with BM25 terms and near misses
    assert pane.strip.selected() == "retriever"
    qtbot.waitUntil(lambda: "deep" in pane.role_view.toPlainText(), timeout=3000)
    assert "18" in pane.role_view.toPlainText()
    rows = pane.candidates.rowCount()
    near = [r for r in range(rows) if pane.candidates.index(r, 0).data(CandidatesModel.NearMissRole)]
    span = live.roles["retriever"].span
    assert rows - len(near) == len(span["candidates"])
    # the 18 hits of a deep question, then what meaning and the goals admitted after them
    assert [c["via"] for c in span["candidates"][:18]] == ["bm25"] * 18
    assert all(c["via"] in ("meaning", "goal", "situation") for c in span["candidates"][18:])
    assert len(near) == len(span["near_misses"]) > 0
    top = span["candidates"][0]["terms"]
    best_term = max((t for t, v in top.items() if isinstance(v, (int, float))), key=lambda t: top[t])
    assert pane.candidates.index(0, 4).data().startswith(f"{best_term} ")  # strongest contribution first
    # a consolidated line is named by its file and line, not by a folder of this machine
    lines = [c for c in span["candidates"] + span["near_misses"] if c.get("source") == "timeline"]
    assert lines and str(ctx.home.root) in lines[0]["path"]
    labels = [pane.candidates.index(r, 2).data() for r in range(rows)]
    assert f"memory_ontology.md:{lines[0]['line']}" in labels
    assert not [label for label in labels if "/" in label or str(ctx.home.root) in label]
    # the scribe's files as diffs
    pane.strip.buttons["scribe"].click()
    assert "cycle.json" in pane.files_view.toPlainText() and "+++ b/" in pane.files_view.toPlainText()
    # the round is listed among past rounds, selected
    assert pane.model.rowCount() == 1 and pane.current_round_id() == live.round_id
    assert not pane.gap_banner.isVisibleTo(pane)


def test_cancel_stops_the_round_between_two_roles(pane, ctx, qtbot, openai_server):
    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "fake-model")
    ctx.settings.api_key.set("sk-test")
    pane.retranslate_ui()
    pane.llm_choice.setCurrentIndex(pane.llm_choice.findData("llm"))
    openai_server.reply("素材：慢慢来的回答", delay=1.5)
    bundle_before = ctx.home.assembled.read_bytes()
    pane.question.setText("vault 的迁移怎么样了")
    handle = pane.run()
    # wait until the editor is asking the (slow) LLM, then cancel: the scribe never runs
    qtbot.waitUntil(lambda: pane.live is not None and pane.live.roles["editor"].status == "running", timeout=20000)
    with qtbot.waitSignal(handle.sig_cancelled, timeout=10000):
        pane.cancel()
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    assert pane.live.roles["scribe"].status == "not run"
    assert pane.strip.status("scribe") == "not run"
    assert ctx.home.assembled.read_bytes() == bundle_before
    assert "Cancelled" in pane.summary.text()
    assert pane.model.rounds()[0]["status"] == "cancelled"


def test_streamed_text_is_coalesced(pane, ctx, qtbot, openai_server):
    ctx.settings.llm = LlmSettings("openai", openai_server.base_url, "fake-model")
    ctx.settings.api_key.set("sk-test")
    pane.retranslate_ui()
    pane.llm_choice.setCurrentIndex(pane.llm_choice.findData("llm"))
    (ctx.home.config).write_text(json.dumps({"assembler": {"assemble": {"stream": True}}}), encoding="utf-8")
    openai_server.reply("素材：" + "流式文本。" * 80)
    deltas = []
    unsubscribe = bus.subscribe("trace.delta", lambda e: deltas.append(e.payload["text"]))
    painted = []
    paint = pane.strip.set_state
    pane.strip.set_state = lambda state: (painted.append(state.role), paint(state))
    try:
        live = _run(pane, qtbot, "vault 迁移的最新进展")
    finally:
        unsubscribe()
    editor = live.roles["editor"]
    assert editor.span["llm"] and editor.span["llm"][0]["response"].startswith("素材：")
    assert live.bundle.startswith("素材：流式文本")
    assert "".join(deltas) == editor.span["llm"][0]["response"] and len(deltas) > 50
    assert painted.count("editor") < 10  # the strip is not repainted per streamed chunk
    pane.strip.buttons["editor"].click()
    assert "fake-model" in pane.llm_view.toPlainText() and "流式文本" in pane.llm_view.toPlainText()


def test_past_round_opens_and_reruns_with_a_changed_setting(pane, ctx, qtbot):
    first = Assembler(ctx.home, debouncer=Debouncer()).run(DEEP, session="agent")
    pane.reload()
    assert pane.model.rowCount() == 1
    assert pane.select_round(first.round_id)
    assert pane.open_round(first.round_id)
    assert pane.live.round_id == first.round_id and pane.live.finished
    assert pane.live.span_events() == [(r, p) for r in ROLES for p in ("start", "end")]
    assert pane.bundle_view.toPlainText() == first.bundle

    pane.overrides.setText("retrieval.topK=5; retrieval.deepMinK=5")
    with qtbot.waitSignal(pane.sig_rerun_finished, timeout=30000) as done:
        assert pane.rerun() is not None
    qtbot.waitUntil(lambda: pane._rerun_handle is None, timeout=5000)
    diff = pane.diff_view.toPlainText()
    assert "settings: retrieval.topK: 12 -> 5" in diff
    assert "retriever.k: 18 -> 5" in diff
    assert pane.live.header["replay_of"] == first.round_id and pane.live.round_id == done.args[0]
    # the list of rounds follows the new trace when its notice arrives, which may come after the
    # finished signal on a busy machine
    qtbot.waitUntil(lambda: pane.model.rowCount() == 2 and pane.current_round_id() == done.args[0], timeout=10000)


def test_rerun_refuses_an_unknown_setting(pane, ctx, qtbot):
    first = Assembler(ctx.home, debouncer=Debouncer()).run(DEEP, session="agent")
    pane.reload()
    pane.open_round(first.round_id)
    pane.overrides.setText("retrieval.nope=1")
    assert pane.rerun() is None
    assert "unknown assembler setting" in pane.diff_view.toPlainText()


def test_a_gap_is_announced_and_opens_the_gaps_pane(pane, ctx, qtbot):
    from linghun.workbench.models.gaps import gap_key
    from linghun.workbench.panes.gaps import GapsPane

    gaps = GapsPane.create(ctx)
    qtbot.addWidget(gaps)
    ctx.window.panes["gaps"] = gaps
    live = _run(pane, qtbot, GAP)
    assert live.gap
    assert pane.gap_banner.isVisibleTo(pane) and "gaps.md" in pane.gap_text.text()
    assert pane.open_gaps_pane()
    at = live.roles["scribe"].span["inputs"]["at"]
    assert gaps.current_key() == gap_key(at, GAP)
    assert GAP in (ctx.home.team_file(team_format.GAPS_FILE)).read_text(encoding="utf-8")
    gaps.shutdown()


def test_a_round_run_elsewhere_is_followed_live(pane, ctx, qtbot):
    with qtbot.waitSignal(pane.sig_round_finished, timeout=30000):
        result = Assembler(ctx.home, debouncer=Debouncer()).run(DEEP, session="agent")
    assert pane.live.round_id == result.round_id
    assert [r for r, p in pane.live.span_events() if p == "end"] == list(ROLES)
    qtbot.waitUntil(lambda: pane.model.rowCount() == 1, timeout=5000)


def test_rounds_model_passes_qtmodeltester(ctx, qtmodeltester):
    Assembler(ctx.home, debouncer=Debouncer()).run(DEEP, session="a")
    Assembler(ctx.home, debouncer=Debouncer()).run(GAP, session="b")
    model = RoundsModel(ctx.home)
    model.reload()
    assert model.rowCount() == 2
    qtmodeltester.check(model, force_py=True)
    first = model.rounds()[0]["round"]
    assert model.index(model.row_of(first), 0).data(RoundsModel.KeyRole) == first


def test_candidates_model_passes_qtmodeltester(ctx, qtmodeltester):
    result = Assembler(ctx.home, debouncer=Debouncer()).run(DEEP, session="a")
    live = LiveRound.from_trace({"header": result.trace.header, "spans": [s.to_dict() for s in result.trace.spans],
                                 "result": result.trace.result})
    model = CandidatesModel()
    model.set_span(live.roles["retriever"].span)
    span = live.roles["retriever"].span
    assert model.rowCount() == len(span["candidates"]) + len(span["near_misses"]) > 18
    qtmodeltester.check(model, force_py=True)


def test_overrides_and_terms_are_read_as_written():
    assert parse_overrides("retrieval.mode=always; retrieval.topK=5") == {"retrieval.mode": "always", "retrieval.topK": "5"}
    assert parse_overrides('retrieval.topK=5 retrieval.workspaceDirs=["a b", "c"]') == {
        "retrieval.topK": "5", "retrieval.workspaceDirs": '["a b", "c"]'}
    assert parse_overrides("  ") == {}
    assert term_text({"a": 0.1, "b": 2.0, "c": "x"}) == "b 2.00, a 0.10"
    # a discount is shown even past the limit: it is why a unit with strong channels ranks low
    assert term_text({"a": 0.1, "b": 2.0, "@borrowed": -1.5}, limit=1) == "b 2.00, @borrowed -1.50"


def test_a_torn_trace_line_leaves_the_other_rounds_listed(pane, ctx):
    result = Assembler(ctx.home, debouncer=Debouncer()).run(DEEP, session="a")
    with open(result.trace_path, "a", encoding="utf-8") as fh:
        fh.write('{"type": "round", "round": "2026')
    pane.reload()
    assert [r["round"] for r in pane.model.rounds()] == [result.round_id]


def test_rerun_without_changes_is_an_exact_replay(pane, ctx, qtbot):
    first = Assembler(ctx.home, debouncer=Debouncer()).run(DEEP, session="agent")
    pane.reload()
    pane.open_round(first.round_id)
    with qtbot.waitSignal(pane.sig_rerun_finished, timeout=30000):
        pane.rerun()
    qtbot.waitUntil(lambda: pane._rerun_handle is None, timeout=5000)
    assert "No difference from the original round." in pane.diff_view.toPlainText()
    # re-running the re-run compares with the original round, not with the re-run
    pane.overrides.setText("retrieval.mode=never")
    with qtbot.waitSignal(pane.sig_rerun_finished, timeout=30000):
        pane.rerun()
    qtbot.waitUntil(lambda: pane._rerun_handle is None, timeout=5000)
    assert f"of {first.round_id}" in pane.diff_view.toPlainText()
    assert "retrieval.mode" in pane.diff_view.toPlainText()


def test_language_change_retranslates_the_strip_and_the_role(pane, ctx, qtbot):
    from PySide6.QtCore import QCoreApplication, QTranslator

    _run(pane, qtbot, DEEP)
    assert pane.strip.buttons["retriever"].text().startswith("Retriever")
    translator = QTranslator()
    assert translator.load(str(resources.I18N_DIR / "linghun_zh_CN.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        qtbot.waitUntil(lambda: pane.strip.buttons["retriever"].text().startswith("捞手"), timeout=3000)
        assert "决策" in pane.role_view.toPlainText() and pane.tabs.tabText(0) == "角色"
    finally:
        QCoreApplication.removeTranslator(translator)
    qtbot.waitUntil(lambda: pane.strip.buttons["retriever"].text().startswith("Retriever"), timeout=3000)


def test_a_second_run_within_the_debounce_window_is_shown_debounced(pane, qtbot):
    _run(pane, qtbot, DEEP)
    live = _run(pane, qtbot, "checkout-api 现在的最新版本是多少？")
    assert live.result["status"] == "debounced"
    assert pane.strip.status("debounce") == "skipped" and pane.strip.status("judge") == "not run"
    assert pane.strip.selected() in ("debounce", "scribe")


def test_the_pane_opens_and_runs_on_an_empty_home(tmp_path, empty_home, qtbot):
    context = WorkbenchContext.open(MemoryHome.resolve(empty_home), Settings(tmp_path / "settings.ini"))
    widget = RoundsPane.create(context)
    qtbot.addWidget(widget)
    try:
        assert widget.model.rowCount() == 0 and not widget.btn_run.isEnabled()
        live = _run(widget, qtbot, "what did we decide?")
        assert live.result["status"] in ("ok", "failed")
        assert [r for r, p in live.span_events() if p == "end"] == list(ROLES)
    finally:
        widget.shutdown()
        context.close()


def test_rounds_model_keeps_the_newest_rounds_up_to_its_limit(ctx):
    ids = [Assembler(ctx.home, debouncer=Debouncer()).run(q, session=f"s{i}").round_id
           for i, q in enumerate((DEEP, GAP, "checkout-api 的最新版本"))]
    model = RoundsModel(ctx.home, limit=2)
    model.reload()
    assert model.rowCount() == 2 and set(r["round"] for r in model.rounds()) <= set(ids)


def test_a_late_start_notice_of_a_round_already_shown_does_not_start_it_over(pane, ctx, qtbot):
    from linghun.core.events import bus

    live = _run(pane, qtbot, DEEP)
    pane.reload()
    header = dict(live.header)
    # the same notice again, as a busy machine can deliver it after the round is listed
    bus.publish("round.started", round=live.round_id, header=header)
    qtbot.wait(50)
    assert pane.live is live and pane.live.finished and pane.live.result["status"] == "ok"


def test_replay_lights_the_finished_rounds_roles_again_step_by_step_and_stop_restores_it(pane, ctx, qtbot):
    live = _run(pane, qtbot, DEEP)
    finished = {r: pane.strip.status(r) for r in ROLES}
    ran = sorted((s for s in live.roles.values() if s.span is not None), key=lambda s: s.seq)
    assert pane.btn_replay.isEnabled() and pane.btn_replay.text() == "Replay steps"
    QTest.mouseClick(pane.btn_replay, Qt.MouseButton.LeftButton)
    assert pane.replaying() and pane.btn_replay.text() == "Stop"
    assert all(pane.strip.status(r) == "waiting" for r in ROLES)  # nothing lit before the first step
    qtbot.waitUntil(lambda: pane.strip.status(ran[0].role) == "running", timeout=3000)
    assert all(pane.strip.status(s.role) == "waiting" for s in ran[1:])
    assert pane.strip.selected() == ran[0].role
    qtbot.waitUntil(lambda: pane.strip.status(ran[0].role) == finished[ran[0].role], timeout=3000)
    assert pane.strip.status(ran[1].role) == "waiting"  # one step at a time, at a readable pace
    QTest.mouseClick(pane.btn_replay, Qt.MouseButton.LeftButton)  # Stop: the round as it finished
    assert not pane.replaying() and pane.btn_replay.text() == "Replay steps"
    assert {r: pane.strip.status(r) for r in ROLES} == finished

    pane._replay_timer.setInterval(10)  # the whole replay, quickly: it ends on the round as it was
    QTest.mouseClick(pane.btn_replay, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.replaying(), timeout=5000)
    assert {r: pane.strip.status(r) for r in ROLES} == finished and pane.strip.selected() == ran[-1].role
