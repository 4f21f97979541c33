"""The ontology, timeline and gaps panes render on the demo home in English and Chinese.

Each pane is rendered offscreen to a PNG and checked to be a real picture (not blank, the
translated title strings in place). With ``LINGHUN_SCREENSHOTS_DIR`` set, the PNGs are written
there under their published names. The demo team works in Beijing time (its journal stamps are
local times there), so the README's screenshots are made in that zone::

    TZ=Asia/Shanghai LINGHUN_SCREENSHOTS_DIR=resources/screenshots \\
        .venv/bin/python -m pytest tests/workbench/test_ontology_pane_screenshots.py -q
"""
from __future__ import annotations

import os
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from linghun import resources
from linghun.core.home import MemoryHome
from linghun.workbench.panes import WorkbenchContext
from linghun.workbench.settings import Settings

from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtGui import QFont, QFontDatabase, QImage

SIZE = (1280, 760)
CJK_FONT = "WenQuanYi Micro Hei"


@pytest.fixture(params=["en", "zh"])
def language(request, qapp):
    translators = []
    old_font = qapp.font()
    if request.param == "zh":
        for name in ("linghun_zh_CN.qm",):
            translator = QTranslator()
            if translator.load(str(resources.I18N_DIR / name)):
                QCoreApplication.installTranslator(translator)
                translators.append(translator)
        QLocale.setDefault(QLocale(QLocale.Language.Chinese, QLocale.Country.China))
        if CJK_FONT in QFontDatabase.families():
            qapp.setFont(QFont(CJK_FONT, 10))
    yield request.param
    for translator in translators:
        QCoreApplication.removeTranslator(translator)
    QLocale.setDefault(QLocale(QLocale.Language.English))
    qapp.setFont(old_font)


@pytest.fixture
def ctx(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGHUN_DATA_DIR", str(tmp_path / "data"))  # panes that keep reports write there
    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    context = WorkbenchContext.open(MemoryHome.resolve(tmp_path / "dsh"), Settings(tmp_path / "settings.ini"))
    yield context
    context.close()


def _render(widget, qtbot, name: str, language: str, tmp_path: Path) -> QImage:
    widget.resize(*SIZE)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.wait(150)
    image = widget.grab().toImage()
    out_dir = Path(os.environ.get("LINGHUN_SCREENSHOTS_DIR") or tmp_path)
    out_dir.mkdir(parents=True, exist_ok=True)
    assert image.save(str(out_dir / f"{name}-{language}.png"))
    # a real picture: many distinct colours, not one flat fill
    colours = {image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 17)}
    assert len(colours) > 8
    return image


def test_ontology_pane(ctx, qtbot, language, tmp_path):
    from linghun.workbench.panes.ontology import OntologyPane

    pane = OntologyPane.create(ctx)
    qtbot.addWidget(pane)
    topics = next(r for r in pane.model.roots() if r.group == "topics")
    pane.tree.setCurrentIndex(pane._proxy_index(topics.children[0].key))
    pane.tree.setColumnWidth(0, 420)
    assert (pane.tabs.tabText(0) == "Node") == (language == "en")  # translated in Chinese
    _render(pane, qtbot, "ontology", language, tmp_path)
    pane.shutdown()


def test_journal_pane(ctx, qtbot, language, tmp_path):
    from linghun.workbench.panes.journal import JournalPane

    pane = JournalPane.create(ctx)
    qtbot.addWidget(pane)
    qtbot.waitUntil(lambda: pane.loaded)
    pane.plot.setXRange(datetime(2026, 10, 5).timestamp(), datetime(2026, 10, 24).timestamp(), padding=0)
    pane.set_window(datetime(2026, 10, 20, 9, 0).timestamp(), datetime(2026, 10, 20, 13, 0).timestamp())
    assert (pane.act_fit.text() == "Show all") == (language == "en")
    _render(pane, qtbot, "journal", language, tmp_path)
    pane.shutdown()


def test_gaps_pane(ctx, qtbot, language, tmp_path):
    from linghun.workbench.panes.gaps import GapsPane

    pane = GapsPane.create(ctx)
    qtbot.addWidget(pane)
    gaps = pane.model.gaps()
    pane.model.set_status(gaps[-2].key, "closed")
    pane.select(gaps[-1].key)
    with qtbot.waitSignal(pane.sig_rerun_finished, timeout=20000):
        pane.rerun()
    qtbot.waitUntil(lambda: pane._handle is None, timeout=5000)
    assert (pane.act_rerun.text() == "Re-run") == (language == "en")
    _render(pane, qtbot, "gaps", language, tmp_path)
    pane.shutdown()
