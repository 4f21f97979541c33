"""Settings: stored choices, recent homes, and an API key that never reaches a file or a log."""
from __future__ import annotations

import logging

from PySide6.QtWidgets import QApplication

from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures
from linghun.workbench.settings import LlmSettings, Secret, Settings


def test_choices_survive_a_restart(settings):
    settings.theme = "dark"
    settings.language = "zh_CN"
    settings.llm = LlmSettings("openai", " https://api.example/v1 ", "deepseek-chat")
    for i in range(10):
        settings.add_recent_home(f"/homes/{i}")
    settings.add_recent_home("/homes/3")
    settings.sync()
    again = Settings(settings.path)
    assert (again.theme, again.language) == ("dark", "zh_CN")
    assert again.llm == LlmSettings("openai", "https://api.example/v1", "deepseek-chat")
    assert again.recent_homes[:2] == ["/homes/3", "/homes/9"] and len(again.recent_homes) == 8
    assert again.last_home == "/homes/3"


def test_unknown_values_fall_back(settings):
    settings._qs.setValue("ui/theme", "neon")
    assert settings.theme == "system"


def test_api_key_is_never_written_or_logged(settings, caplog):
    caplog.set_level(logging.DEBUG)
    key = "sk-test-5b1f0c9e"
    settings.api_key.set(key)
    settings.sync()
    assert settings.api_key.get() == key
    assert key not in settings.path.read_text(encoding="utf-8")
    assert key not in repr(settings.api_key.get()) and f"{settings.api_key.get()}" == "***"
    logging.getLogger("x").info("key %r", settings.api_key.get())
    assert key not in caplog.text
    assert repr(Secret("")) == "Secret('')"


def test_without_a_keyring_the_key_lives_for_the_session_only(settings):
    if settings.api_key.persistent:  # a developer machine with a real keyring
        return
    settings.api_key.set("sk-session")
    assert Settings(settings.path).api_key.get() == ""


def test_settings_dialog_saves_without_showing_the_key(qtbot, settings):
    from linghun.workbench.dialogs.settings_dialog import SettingsDialog
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.theme.setCurrentIndex(dialog.theme.findData("dark"))
    dialog.provider.setCurrentIndex(dialog.provider.findData("openai"))
    dialog.api_key.setText("sk-dialog")
    dialog.accept()
    assert settings.theme == "dark" and settings.llm.provider == "openai"
    assert settings.api_key.get() == "sk-dialog" and dialog.api_key.text() == ""
    assert "sk-dialog" not in settings.path.read_text(encoding="utf-8")


def test_context_builds_the_llm_provider_from_settings_and_keyring(settings, openai_server, upstream_home):
    from linghun.core.home import MemoryHome
    from linghun.workbench.panes import WorkbenchContext
    ctx = WorkbenchContext.__new__(WorkbenchContext)
    ctx.settings = settings
    assert ctx.llm_provider() is None  # offline by default
    settings.llm = LlmSettings("openai", openai_server.base_url, "test-model")
    settings.api_key.set("sk-ctx")
    provider = ctx.llm_provider()
    assert provider is not None
    assert provider.model == "test-model"
    openai_server.reply("好的")
    answer = provider.complete([{"role": "user", "content": "hi"}])
    assert "好的" in answer.text
    assert "sk-ctx" in str(openai_server.requests[-1])  # the key from the keyring store was sent


def test_dialog_turns_embeddings_on_for_the_open_home_only(qtbot, settings, upstream_home, monkeypatch):
    from linghun.core import embeddings
    from linghun.core.assembler.config import AssemblerConfig
    from linghun.core.home import MemoryHome
    from linghun.core.home_config import config_section
    from linghun.core.home_lock import update_section
    from linghun.workbench.dialogs.settings_dialog import SettingsDialog

    monkeypatch.setattr(embeddings, "available", lambda: True)
    home = MemoryHome.resolve(upstream_home)
    update_section(home, "assembler", lambda _: {"retrieval": {"topK": 7}})
    dialog = SettingsDialog(settings, home)
    qtbot.addWidget(dialog)
    assert dialog.embeddings.isEnabled() and dialog.embeddings.isChecked()  # on by default
    dialog.embeddings.setChecked(False)
    dialog.accept()
    section = config_section(home, "assembler")
    assert section == {"retrieval": {"topK": 7, "embeddings": False}}  # other settings kept
    assert AssemblerConfig(section).get("retrieval.embeddings") is False
    again = SettingsDialog(settings, home)
    qtbot.addWidget(again)
    assert not again.embeddings.isChecked()  # the home's choice, read back


def test_dialog_without_the_package_or_with_a_broken_file_leaves_the_home_alone(qtbot, settings, upstream_home,
                                                                               monkeypatch):
    from linghun.core import embeddings
    from linghun.core.home import MemoryHome
    from linghun.workbench.dialogs.settings_dialog import SettingsDialog

    monkeypatch.setattr(embeddings, "available", lambda: False)
    home = MemoryHome.resolve(upstream_home)
    dialog = SettingsDialog(settings, home)
    qtbot.addWidget(dialog)
    assert not dialog.embeddings.isEnabled()
    dialog.accept()
    assert not home.config.exists()
    home.config.parent.mkdir(parents=True, exist_ok=True)
    home.config.write_text("{broken", encoding="utf-8")
    monkeypatch.setattr(embeddings, "available", lambda: True)
    broken = SettingsDialog(settings, home)
    qtbot.addWidget(broken)
    assert not broken.embeddings.isEnabled()
    broken.accept()
    assert home.config.read_text(encoding="utf-8") == "{broken"


def test_the_keyring_backend_is_looked_up_on_a_worker_when_a_home_opens(qtbot, settings, upstream_home,
                                                                           no_thread_left, monkeypatch):
    """Probing the keyring's backends runs ``ldconfig`` or ``gcc``: never on the GUI thread, and
    before the first round with an LLM needs the key (``workbench/settings.py``)."""
    import threading

    from linghun.workbench import settings as settings_module
    from linghun.workbench.app import Workbench

    probed: list[str] = []
    real = settings_module._keyring_backend
    monkeypatch.setattr(settings_module, "_keyring_backend",
                        lambda: (probed.append(threading.current_thread().name), real())[1])
    wb = Workbench(QApplication.instance(), settings)
    try:
        wb.window.open_home(upstream_home)
        qtbot.waitUntil(lambda: bool(probed), timeout=20000)
        assert probed[0] != threading.main_thread().name
        qtbot.waitUntil(lambda: not wb.window.ctx.tasks.running(), timeout=20000)
        settings.llm = LlmSettings(provider="openai", base_url="http://127.0.0.1:9/v1", model="m")
        assert wb.window.ctx.llm_settings() is not None  # the first round reads the key: the backend is known
        assert len(probed) == 1
    finally:
        wb.window._may_close_home = lambda: True
        wb.window.close()
        wb.window.deleteLater()
