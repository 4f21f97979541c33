"""Settings > Language model with a local server: the presets need no key, *List Models* reads the
server's /v1/models off the GUI thread, *Test connection* fills the list too, and the context
window is the home's (workbench.json ``llm.contextWindow``)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.core.home import MemoryHome
from linghun.core.home_config import config_section
from linghun.workbench.dialogs.settings_dialog import SettingsDialog
from linghun.workbench.settings import LlmSettings
from tests.workbench.test_app_helpers import isolated, settings  # noqa: F401 - fixtures


def _dialog(qtbot, settings, home=None, provider="local", url=""):
    settings.llm = LlmSettings(provider, url, "")
    dialog = SettingsDialog(settings, home)
    qtbot.addWidget(dialog)
    return dialog


def test_a_local_preset_needs_no_key_and_lists_the_servers_models(qtbot, settings, openai_server):
    dialog = _dialog(qtbot, settings, url=openai_server.base_url)
    assert dialog.api_key.placeholderText() == "not needed for a local server"
    QTest.mouseClick(dialog.btn_models, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog._models_handle is None, timeout=20000)
    assert dialog.model_list.isEnabled() and dialog.model_list.itemText(0) == "fake-model"
    assert dialog.model.text() == "fake-model"  # the first one, as the server would pick
    openai_server.reply("p")
    QTest.mouseClick(dialog.btn_test, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog._test_handle is None, timeout=20000)
    assert dialog.test_result.text().startswith("Connected: fake-model answered in ")
    request = openai_server.requests[-1]
    assert request["_headers"]["authorization"] == "Bearer no-key" and request["max_tokens"] == 1


def test_the_presets_offer_their_own_url_and_the_window_is_saved_in_the_home(qtbot, settings, upstream_home):
    home = MemoryHome.resolve(upstream_home)
    dialog = _dialog(qtbot, settings, home, provider="ollama")
    assert dialog.base_url.placeholderText() == "http://127.0.0.1:11434/v1"
    assert dialog.model.placeholderText() == "the first model the server lists"
    dialog.provider.setCurrentIndex(dialog.provider.findData("openai"))
    assert dialog.api_key.placeholderText() == "not set"
    dialog.provider.setCurrentIndex(dialog.provider.findData("llamacpp"))
    dialog.context_window.setValue(4096)
    dialog.accept()
    assert settings.llm.provider == "llamacpp"
    assert config_section(home, "llm")["contextWindow"] == 4096
