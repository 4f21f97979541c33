"""The rounds and evaluation panes render on the demo home in English and Chinese.

A real round is run on a copy of the demo home (the rounds pane shows it, retriever selected);
the evaluation pane runs on the evaluation fixtures (or, when the screenshots are being published
and the shared LoCoMo development file is present, on it). Each pane is rendered offscreen to a PNG
and checked to be a real picture with its translated strings in place. With
``LINGHUN_SCREENSHOTS_DIR`` set, the PNGs are written there under their published names::

    TZ=Asia/Shanghai LINGHUN_SCREENSHOTS_DIR=resources/screenshots \\
        .venv/bin/python -m pytest tests/workbench/test_rounds_pane_screenshots.py -q
"""
from __future__ import annotations

import os
from pathlib import Path

from tests.workbench.test_ontology_pane_screenshots import SIZE, _render, ctx, language  # noqa: F401 - fixtures

FIX = Path(__file__).resolve().parent.parent / "fixtures_eval"
SHARED_LOCOMO = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "locomo" / "locomo_dev7.json"


def test_rounds_pane(ctx, qtbot, language, tmp_path):
    from linghun.workbench.panes.rounds import RoundsPane

    from linghun.core.assembler.debounce import Debouncer
    from linghun.core.assembler.round import Assembler

    # a few earlier rounds, as the agent would have asked them: a gap, an update, a summary
    for n, question in enumerate(("vault 的访问策略是谁维护的？", "checkout-api 现在的最新版本是多少？",
                                  "总结一下这几周 ledger-worker 学到了什么")):
        Assembler(ctx.home, debouncer=Debouncer()).run(question, session=f"agent-{n}")
    pane = RoundsPane.create(ctx)
    qtbot.addWidget(pane)
    pane.resize(*SIZE)
    pane.question.setText("vault 的迁移之前是怎么决定的？来龙去脉")
    with qtbot.waitSignal(pane.sig_round_finished, timeout=30000):
        pane.run()
    qtbot.waitUntil(lambda: pane._handle is None, timeout=10000)
    assert pane.strip.selected() == "retriever"
    assert pane.tabs.tabText(0) == ("角色" if language == "zh" else "Role")
    assert pane.strip.buttons["judge"].text().startswith("判官" if language == "zh" else "Judge")
    pane.tabs.setCurrentIndex(1)  # the candidates with their BM25 terms
    _render(pane, qtbot, "rounds", language, tmp_path)
    pane.shutdown()


def test_evaluation_pane(ctx, qtbot, language, tmp_path):
    from linghun.workbench.panes.evaluation import EvaluationPane

    pane = EvaluationPane.create(ctx)
    qtbot.addWidget(pane)
    pane.resize(*SIZE)
    publish = os.environ.get("LINGHUN_SCREENSHOTS_DIR") and SHARED_LOCOMO.is_file()
    pane.kind.setCurrentIndex(pane.kind.findData("locomo"))
    pane.path.setText(str(SHARED_LOCOMO if publish else FIX / "locomo_tiny.json"))
    pane.holdout.setText("6" if publish else "1")
    with qtbot.waitSignal(pane.sig_run_ended, timeout=300000) as ended:
        pane.run()
    assert ended.args == ["finished"]
    qtbot.waitUntil(lambda: pane._handle is None, timeout=10000)
    assert pane.btn_run.text() == ("运行" if language == "zh" else "Run")
    assert pane.plot_names()
    _render(pane, qtbot, "evaluation", language, tmp_path)
    pane.shutdown()
