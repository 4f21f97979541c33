"""Languages: shipped translations are complete and load; switching shows Chinese at once."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from linghun import resources
from tests.workbench.test_app_helpers import (  # noqa: F401 - fixtures
    entries_pane, isolated, no_thread_left, settings, workbench,
)
from linghun.workbench.i18n import effective_language, qm_path


def test_translation_files_are_shipped_and_finished():
    for language in ("en", "zh_CN"):
        assert qm_path(language).is_file() and qm_path(language).stat().st_size > 1000
    tree = ET.parse(resources.I18N_DIR / "linghun_zh_CN.ts")
    unfinished = [m.find("source").text for m in tree.iter("message")
                  if m.find("translation").get("type") == "unfinished"]
    ours = [s for s in unfinished if s]
    assert len(ours) < 0.2 * len(list(tree.iter("message"))), ours


def test_effective_language():
    assert effective_language("zh_CN") == "zh_CN"
    assert effective_language("klingon") == "en"
    assert effective_language("system") in ("en", "zh_CN")


def test_language_switch_shows_chinese_strings(workbench):
    window = workbench.window
    pane = entries_pane(workbench)
    assert window.menu_file.title() == "&File"
    workbench.settings.language = "zh_CN"
    from PySide6.QtWidgets import QApplication
    QApplication.processEvents()
    assert window.menu_file.title() == "文件(&F)"
    assert window.docks["entries"].windowTitle() == "条目"
    assert pane.model.headerData(2, __import__("PySide6.QtCore").QtCore.Qt.Orientation.Horizontal) == "置信度"
    assert pane.kind_filter.itemText(0) == "全部类型"
    assert window.status_counts.text().startswith("10 条：")
    workbench.settings.language = "en"
    QApplication.processEvents()
    assert window.menu_file.title() == "&File"


def test_no_translated_string_hides_inside_an_f_string():
    """lupdate does not read inside f-strings: a ``self.tr("…")`` there never reaches the .ts
    files and stays English in every language (the checks and health cards did)."""
    import ast
    from pathlib import Path

    hidden = []
    for path in sorted(Path(resources.__file__).resolve().parents[1].joinpath("workbench").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for call in ast.walk(node):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                        and call.func.attr in ("tr", "translate")):
                    hidden.append(f"{path.name}:{call.lineno}")
    assert hidden == []
