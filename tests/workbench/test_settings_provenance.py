"""Settings says which provider the agent's commands would use and where each value came from, in
the order workbench.json (and the dialog) > the environment > the preset, as `linghun llm show`."""
from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtTest import QTest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from linghun.workbench.dialogs.settings_dialog import SettingsDialog
from linghun.workbench.settings import LlmSettings
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures


def _open_settings_and_read(window, qtbot, typed: str | None = None) -> str:
    """File > Settings… triggered as a person does; the In use line read (after typing ``typed``
    as the endpoint), then the dialog closed with Cancel."""
    seen: list[str] = []

    def inspect() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, SettingsDialog) and w.isVisible())
        if typed is not None:
            dialog.base_url.clear()
            QTest.keyClicks(dialog.base_url, typed)
        seen.append(dialog.in_use.text())
        box = dialog.findChild(QDialogButtonBox)
        QTest.mouseClick(box.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)

    QTimer.singleShot(200, inspect)
    window.act_settings.trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    return seen[0]


def test_the_values_in_use_are_shown_with_where_each_came_from(workbench, qtbot, monkeypatch):
    window = workbench.window
    for name in ("LINGHUN_API_KEY", "DEEPSEEK_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-the-environment")
    monkeypatch.setenv("LINGHUN_LLM_MODEL", "model-from-env")
    window.settings.llm = LlmSettings("openai", "", "")
    window.settings.api_key.set("")
    text = _open_settings_and_read(window, qtbot)
    assert text == ("model-from-env at http://127.0.0.1:9/v1 (the endpoint from OPENAI_BASE_URL, the model "
                    "from LINGHUN_LLM_MODEL, the key from OPENAI_API_KEY)"), text
    assert "sk-from-the-environment" not in text
    # an endpoint typed in the dialog wins over the environment's; typing reads the keyring once,
    # when the dialog opens, not on every keystroke (each read is a trip to the secret service)
    reads = []
    real_get = window.settings.api_key.get
    monkeypatch.setattr(window.settings.api_key, "get", lambda: reads.append(1) or real_get())
    text = _open_settings_and_read(window, qtbot, typed="http://127.0.0.1:8/v1")
    assert len(reads) == 1, len(reads)
    assert text.startswith("model-from-env at http://127.0.0.1:8/v1 (the endpoint from settings,"), text
    # with a public preset's endpoint, the model is the preset's unless named, and no key: offline
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.delenv("OPENAI_API_KEY")
    monkeypatch.delenv("LINGHUN_LLM_MODEL")
    text = _open_settings_and_read(window, qtbot)
    assert text.startswith("offline: no key for this endpoint"), text
