"""The map and goals panes render on the demo home in English and Chinese.

Rendered offscreen to PNGs with the helpers of ``test_ontology_pane_screenshots`` (same size, same
fonts, same checks); the Chinese run installs ``linghun_zh_CN.qm``. The README's pictures::

    TZ=Asia/Shanghai LINGHUN_SCREENSHOTS_DIR=resources/screenshots \\
        .venv/bin/python -m pytest tests/workbench/test_map_pane_screenshots.py -q
"""
from __future__ import annotations

import pytest

from linghun import resources
from tests.workbench.test_ontology_pane_screenshots import SIZE, _render, ctx, language  # noqa: F401 - fixtures

from PySide6.QtCore import QCoreApplication, QTranslator


@pytest.fixture
def translated(language):  # noqa: F811 - the imported fixture
    translator = None
    if language == "zh":
        translator = QTranslator()
        assert translator.load(str(resources.I18N_DIR / "linghun_zh_CN.qm"))
        QCoreApplication.installTranslator(translator)
    yield language
    if translator is not None:
        QCoreApplication.removeTranslator(translator)


def test_map_pane(ctx, qtbot, translated, tmp_path):  # noqa: F811
    from linghun.workbench.panes.map import MapPane

    pane = MapPane.create(ctx)
    qtbot.addWidget(pane)
    qtbot.waitUntil(lambda: pane.snapshot is not None and not pane.is_building(), timeout=20000)
    pane.resize(*SIZE)
    pane.show()
    qtbot.waitExposed(pane)
    pane.drill("situation:checkout-api")
    assert pane.tabs.tabText(1) == ("注入文本" if translated == "zh" else "Injected text")
    _render(pane, qtbot, "map", translated, tmp_path)
    pane.tabs.setCurrentIndex(1)  # the injected text renders with its count against the budget
    assert pane.text_view.toPlainText() == pane.text and str(len(pane.text)) in pane.count_label.text()
    pane.shutdown()


def test_goals_pane(ctx, qtbot, translated, tmp_path):  # noqa: F811
    from linghun.workbench.panes.goals import GoalsPane

    pane = GoalsPane.create(ctx)
    qtbot.addWidget(pane)
    pane.select("g1")
    pane.activation.set_situation("明天发布前评审，要看事故复盘" if translated == "zh"
                                  else "Planning the Kubernetes upgrade for the backend cluster, I need study time")
    assert pane.act_add.text() == ("新目标…" if translated == "zh" else "New goal…")
    _render(pane, qtbot, "goals", translated, tmp_path)
    pane.shutdown()
