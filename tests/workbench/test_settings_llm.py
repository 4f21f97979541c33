"""Settings > Language model: *Test connection* (one 1-token request with the configured timeout,
off the GUI thread, a clear answer with any key scrubbed), and the home's timeout and streaming."""
from __future__ import annotations

import json
import threading

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtTest import QTest

from linghun.core.home import MemoryHome
from linghun.core.home_config import config_section
from tests.workbench.test_app_helpers import isolated, settings  # noqa: F401 - fixtures
from linghun.workbench import tones
from linghun.workbench.dialogs.settings_dialog import SettingsDialog
from linghun.workbench.settings import LlmSettings

KEY = "sk-probe-7c1d2e3f4a5b"


def _dialog(qtbot, settings, server, home=None):
    settings.llm = LlmSettings("openai", server.base_url, "fake-model")
    settings.api_key.set(KEY)
    dialog = SettingsDialog(settings, home)
    qtbot.addWidget(dialog)
    return dialog


def _test(dialog, qtbot) -> str:
    QTest.mouseClick(dialog.btn_test, Qt.MouseButton.LeftButton)
    assert not dialog.btn_test.isEnabled()  # one test at a time
    qtbot.waitUntil(lambda: dialog._test_handle is None, timeout=20000)
    assert dialog.btn_test.isEnabled()
    return dialog.test_result.text()


def test_test_connection_sends_one_token_and_names_the_model(qtbot, settings, openai_server):
    dialog = _dialog(qtbot, settings, openai_server)
    openai_server.reply("p")
    text = _test(dialog, qtbot)
    assert text.startswith("Connected: fake-model answered in ") and text.endswith(f" ms ({openai_server.base_url})")
    request = openai_server.requests[-1]
    assert request["max_tokens"] == 1 and len(request["messages"]) == 1 and not request.get("stream")
    assert request["_headers"]["authorization"] == f"Bearer {KEY}"


def test_a_slow_server_is_said_to_be_slow_while_waiting_and_after(qtbot, settings, openai_server):
    """A one-token answer takes a local server tens of milliseconds: past 2 s the line says the
    server is slow while it waits, and the answer is "Connected, but slowly", in the warning tone."""
    dialog = _dialog(qtbot, settings, openai_server)
    openai_server.reply("p", delay=3.2)
    QTest.mouseClick(dialog.btn_test, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "slow or busy" in dialog.test_result.text(), timeout=4000)
    assert dialog.test_result.text().startswith(f"Still waiting for {openai_server.base_url} after ")
    assert dialog._test_handle is not None  # said while it still waits
    qtbot.waitUntil(lambda: dialog._test_handle is None, timeout=20000)
    text = dialog.test_result.text()
    assert text.startswith("Connected, but slowly: fake-model answered in "), text
    shown = dialog.test_result.palette().color(QPalette.ColorRole.WindowText)
    assert shown == tones.text("warning") != tones.text("ok")


def test_test_connection_reports_the_error_with_the_key_scrubbed(qtbot, settings, openai_server):
    dialog = _dialog(qtbot, settings, openai_server)
    openai_server.fail(401, "Incorrect API key provided: {authorization}")
    text = _test(dialog, qtbot)
    assert text.startswith("Failed: ") and "HTTP 401" in text and "Incorrect API key provided" in text
    assert KEY not in text and KEY[:12] not in text and "***" in text


def test_test_connection_uses_the_typed_values_and_the_timeout(qtbot, settings, openai_server, upstream_home,
                                                               client_threads):
    built_on = client_threads
    home = MemoryHome.resolve(upstream_home)
    dialog = _dialog(qtbot, settings, openai_server, home)
    assert dialog.timeout.value() == 60 and not dialog.stream.isChecked()
    dialog.timeout.selectAll()
    QTest.keyClicks(dialog.timeout, "1")
    assert dialog.timeout.value() == 1
    dialog.model.selectAll()
    QTest.keyClicks(dialog.model, "typed-model")
    openai_server.reply("late", delay=3.0)
    text = _test(dialog, qtbot)
    assert text.startswith("Failed: ") and "no answer within 1 s" in text
    assert openai_server.requests[-1]["model"] == "typed-model"
    # the client (and its TLS context) was built by the task, not by the button's slot
    assert built_on and threading.main_thread().name not in built_on
    # the timeout and streaming are the home's (workbench.json "llm"), saved with OK
    QTest.mouseClick(dialog.stream, Qt.MouseButton.LeftButton)
    dialog.accept()
    assert config_section(home, "llm") == {"timeout": 1, "stream": True}
    assert settings.llm.model == "typed-model"


def test_offline_has_nothing_to_test(qtbot, settings, openai_server):
    dialog = _dialog(qtbot, settings, openai_server)
    dialog.provider.setCurrentIndex(dialog.provider.findData("offline"))
    assert not dialog.btn_test.isEnabled() and not dialog.timeout.isEnabled()


def test_the_home_settings_keep_their_other_keys(qtbot, settings, openai_server, upstream_home):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"llm": {"maxRetries": 0, "timeout": 12.5}, "map": {"budget": 900}}),
                           encoding="utf-8")
    dialog = _dialog(qtbot, settings, openai_server, home)
    assert dialog.timeout.value() == 12.5
    dialog.accept()  # nothing changed: the file is not rewritten
    assert json.loads(home.config.read_text(encoding="utf-8"))["llm"] == {"maxRetries": 0, "timeout": 12.5}
    again = _dialog(qtbot, settings, openai_server, home)
    QTest.mouseClick(again.stream, Qt.MouseButton.LeftButton)
    again.accept()
    data = json.loads(home.config.read_text(encoding="utf-8"))
    assert data == {"llm": {"maxRetries": 0, "timeout": 12.5, "stream": True}, "map": {"budget": 900}}
