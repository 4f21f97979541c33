"""The workbench's per-user settings (QSettings in an INI file under ``core.appdirs.config_dir()``).

Theme, language, recent homes, window layout, editor behaviour and the LLM provider. The API key
is never stored here: it goes to the system keyring (``keyring``) when a real backend exists; when
none does, it is kept in memory for this session only. The key never appears in ``repr``, logs or
the INI file.
"""
from __future__ import annotations

import functools
import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QSettings, Signal

from linghun.core import appdirs
from linghun.core.llm.settings import LOCAL_PRESETS

log = logging.getLogger(__name__)

THEMES = ("system", "light", "dark")
LANGUAGES = ("system", "en", "zh_CN")
#: offline, an OpenAI-compatible API (DeepSeek by default), or a local server's preset (no key)
PROVIDERS = ("offline", "openai") + LOCAL_PRESETS
MAX_RECENT = 8
KEYRING_SERVICE = "linghun-workbench"
KEYRING_USER = "llm-api-key"


def settings_file() -> Path:
    return appdirs.config_dir() / "workbench.ini"


class Secret(str):
    """A string that hides itself in ``repr`` and formatting, so a key cannot leak into a log."""

    def __repr__(self) -> str:  # noqa: D401
        return "Secret('***')" if self else "Secret('')"

    def __format__(self, spec: str) -> str:
        return "***" if self else ""


class ApiKeyStore:
    """The LLM API key in the system keyring, or in memory when there is no keyring backend."""

    def __init__(self) -> None:
        self._session: Secret = Secret("")

    @functools.cached_property
    def _backend(self):
        # looked up at the first use, or by ``prepare`` on a worker: importing keyring and probing
        # its backends takes a tenth of a second (it runs ``ldconfig`` or ``gcc`` to find
        # libraries) that the window's start, or the first round with an LLM, would wait for
        return _keyring_backend()

    def prepare(self) -> None:
        """Find the keyring backend now (call it on a worker); no key is read, so a locked
        keyring does not ask to be unlocked before the key is needed."""
        self._backend  # noqa: B018 - fills the cached property

    @property
    def persistent(self) -> bool:
        """True when the key survives a restart (a real keyring backend exists)."""
        return self._backend is not None

    def get(self) -> Secret:
        if self._backend is None:
            return self._session
        try:
            return Secret(self._backend.get_password(KEYRING_SERVICE, KEYRING_USER) or "")
        except Exception as exc:  # a locked or broken keyring must not break the workbench
            log.warning("keyring read failed: %s", type(exc).__name__)
            return self._session

    def set(self, key: str) -> None:
        self._session = Secret(key)
        if self._backend is None:
            return
        try:
            if key:
                self._backend.set_password(KEYRING_SERVICE, KEYRING_USER, key)
            else:
                try:
                    self._backend.delete_password(KEYRING_SERVICE, KEYRING_USER)
                except Exception:  # nothing stored: nothing to delete
                    pass
        except Exception as exc:
            log.warning("keyring write failed (%s); the key is kept for this session only", type(exc).__name__)


def _keyring_backend():
    """The keyring backend, or None when only the 'fail' or 'null' backend is available."""
    try:
        import keyring
        from keyring.backends import fail
    except Exception:
        return None
    backend = keyring.get_keyring()
    if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 1) <= 0:
        return None
    return backend


@dataclass
class LlmSettings:
    provider: str = "offline"
    base_url: str = ""
    model: str = ""


class Settings(QObject):
    """Typed access to the workbench settings.

    Signals:
        sig_theme_changed(str): the theme setting changed.
        sig_language_changed(str): the language setting changed.
        sig_recent_changed(): the recent-homes list changed.
        sig_llm_changed(): the LLM provider, endpoint or model changed (views offering "the
            configured LLM" refresh).
    """

    sig_theme_changed = Signal(str)
    sig_language_changed = Signal(str)
    sig_recent_changed = Signal()
    sig_llm_changed = Signal()

    def __init__(self, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path) if path else settings_file()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._qs = QSettings(str(self.path), QSettings.Format.IniFormat)
        self.api_key = ApiKeyStore()

    def sync(self) -> None:
        self._qs.sync()

    # -- generic --------------------------------------------------------------------------
    def _str(self, key: str, default: str = "") -> str:
        value = self._qs.value(key, default)
        return default if value is None else str(value)

    def _choice(self, key: str, choices: tuple[str, ...]) -> str:
        value = self._str(key, choices[0])
        return value if value in choices else choices[0]

    # -- appearance -----------------------------------------------------------------------
    @property
    def theme(self) -> str:
        return self._choice("ui/theme", THEMES)

    @theme.setter
    def theme(self, value: str) -> None:
        if value not in THEMES:
            raise ValueError(f"theme must be one of {THEMES}")
        if value != self.theme:
            self._qs.setValue("ui/theme", value)
            self.sig_theme_changed.emit(value)

    @property
    def language(self) -> str:
        return self._choice("ui/language", LANGUAGES)

    @language.setter
    def language(self, value: str) -> None:
        if value not in LANGUAGES:
            raise ValueError(f"language must be one of {LANGUAGES}")
        if value != self.language:
            self._qs.setValue("ui/language", value)
            self.sig_language_changed.emit(value)

    # -- homes ----------------------------------------------------------------------------
    @property
    def recent_homes(self) -> list[str]:
        raw = self._str("homes/recent", "[]")
        try:
            homes = json.loads(raw)
        except json.JSONDecodeError:
            return []
        return [h for h in homes if isinstance(h, str)][:MAX_RECENT]

    def add_recent_home(self, home: str | Path) -> None:
        home = str(home)
        homes = [home] + [h for h in self.recent_homes if h != home]
        self._qs.setValue("homes/recent", json.dumps(homes[:MAX_RECENT], ensure_ascii=False))
        self._qs.setValue("homes/last", home)
        self.sig_recent_changed.emit()

    def clear_recent_homes(self) -> None:
        self._qs.setValue("homes/recent", "[]")
        self.sig_recent_changed.emit()

    @property
    def last_home(self) -> str:
        return self._str("homes/last", "")

    @property
    def welcome_shown(self) -> bool:
        """The welcome was shown once (it is not shown at start again)."""
        return self._str("ui/welcome_shown", "false") == "true"

    @welcome_shown.setter
    def welcome_shown(self, value: bool) -> None:
        self._qs.setValue("ui/welcome_shown", "true" if value else "false")

    # -- window ---------------------------------------------------------------------------
    def window_state(self) -> tuple[QByteArray | None, QByteArray | None]:
        geometry = self._qs.value("window/geometry")
        state = self._qs.value("window/state")
        return (geometry if isinstance(geometry, QByteArray) else None,
                state if isinstance(state, QByteArray) else None)

    def save_window_state(self, geometry: QByteArray, state: QByteArray) -> None:
        self._qs.setValue("window/geometry", geometry)
        self._qs.setValue("window/state", state)

    def clear_window_state(self) -> None:
        self._qs.remove("window")
        self._qs.remove("workspaces")

    # -- session --------------------------------------------------------------------------
    def _session_key(self, home: str) -> str:
        return "session/" + hashlib.sha1(home.encode("utf-8")).hexdigest()[:16]

    def session(self, home: str) -> dict:
        """What the panes showed of ``home`` when it was last closed (by pane NAME)."""
        try:
            state = json.loads(self._str(self._session_key(home), "{}"))
        except ValueError:
            return {}
        return state if isinstance(state, dict) else {}

    def save_session(self, home: str, state: dict) -> None:
        self._qs.setValue(self._session_key(home), json.dumps(state, ensure_ascii=False))

    # -- evaluation -----------------------------------------------------------------------
    def eval_paths(self) -> dict[str, str]:
        """The data the Evaluate pane was last given, by kind (``locomo``, ``beam``, ``cues``,
        ``conversations``): a user comes back to the file they measure with."""
        try:
            paths = json.loads(self._str("evaluation/paths", "{}"))
        except ValueError:
            return {}
        if not isinstance(paths, dict):
            return {}
        return {str(k): v for k, v in paths.items() if isinstance(v, str) and v}

    def save_eval_path(self, kind: str, path: str) -> None:
        paths = self.eval_paths()
        if path:
            paths[kind] = path
        else:
            paths.pop(kind, None)
        self._qs.setValue("evaluation/paths", json.dumps(paths, ensure_ascii=False))

    # -- workspaces -----------------------------------------------------------------------
    @property
    def workspace(self) -> str:
        """The workspace shown when the window closed ("" before the first close)."""
        return self._str("workspaces/current")

    @workspace.setter
    def workspace(self, value: str) -> None:
        self._qs.setValue("workspaces/current", value)

    def workspace_states(self) -> dict[str, QByteArray]:
        """Each workspace's saved dock arrangement (``QMainWindow.saveState``), by workspace id."""
        self._qs.beginGroup("workspaces/state")
        try:
            states = {key: self._qs.value(key) for key in self._qs.childKeys()}
        finally:
            self._qs.endGroup()
        return {key: value for key, value in states.items() if isinstance(value, QByteArray)}

    def save_workspace_states(self, states: dict[str, QByteArray]) -> None:
        self._qs.remove("workspaces/state")  # a workspace reset since is not restored
        for key, state in states.items():
            self._qs.setValue(f"workspaces/state/{key}", state)

    # -- editor ---------------------------------------------------------------------------
    @property
    def save_as_you_type(self) -> bool:
        """Save an entry shortly after the last keystroke (the keystrokes merge into one undo step)."""
        return self._str("editor/save_as_you_type", "false") == "true"

    @save_as_you_type.setter
    def save_as_you_type(self, value: bool) -> None:
        self._qs.setValue("editor/save_as_you_type", "true" if value else "false")

    # -- LLM ------------------------------------------------------------------------------
    @property
    def llm(self) -> LlmSettings:
        return LlmSettings(
            provider=self._choice("llm/provider", PROVIDERS),
            base_url=self._str("llm/base_url"),
            model=self._str("llm/model"),
        )

    @llm.setter
    def llm(self, value: LlmSettings) -> None:
        if value.provider not in PROVIDERS:
            raise ValueError(f"provider must be one of {PROVIDERS}")
        before = self.llm
        self._qs.setValue("llm/provider", value.provider)
        self._qs.setValue("llm/base_url", value.base_url.strip())
        self._qs.setValue("llm/model", value.model.strip())
        if self.llm != before:
            self.sig_llm_changed.emit()
