"""Which LLM to use: settings, presets, keys from the environment, and offline as the fallback.

Resolution (what a user would expect):

- ``enabled=False`` -> offline (``provider_from_settings`` returns ``None``).
- The key: ``api_key`` from the settings, else ``LINGHUN_API_KEY``, else the environment variable
  of the preset in use (``DEEPSEEK_API_KEY`` / ``OPENAI_API_KEY``), else the other one.
- The endpoint: ``base_url`` / ``model`` from the settings win; otherwise the preset's. With no
  preset named, DeepSeek is the default, except when the only key around is ``OPENAI_API_KEY``
  and no ``base_url`` was given: then the OpenAI preset is used, so an OpenAI key is never sent
  to DeepSeek.
- No key at all -> ``None``: every role then runs its deterministic offline behaviour.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Any, Mapping

from linghun.core.errors import InvalidInputError
from linghun.core.llm.base import LLMProvider


@dataclass(frozen=True)
class Preset:
    base_url: str
    model: str
    key_env: str


PRESETS: dict[str, Preset] = {
    "deepseek": Preset("https://api.deepseek.com", "deepseek-chat", "DEEPSEEK_API_KEY"),
    "openai": Preset("https://api.openai.com/v1", "gpt-4o-mini", "OPENAI_API_KEY"),
}
DEFAULT_PRESET = "deepseek"
GENERIC_KEY_ENV = "LINGHUN_API_KEY"


@dataclass
class LLMSettings:
    """LLM settings as a user writes them (any field may be left out).

    Attributes:
        enabled: ``False`` forces offline.
        preset: ``deepseek`` | ``openai`` | ``None`` (choose from the keys present).
        base_url, model, api_key: override the preset.
        timeout: seconds per request; max_retries: the client's retries; stream: stream replies.
    """

    enabled: bool = True
    preset: str | None = None
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 60.0
    max_retries: int = 2
    stream: bool = False

    _ALIASES = {"baseUrl": "base_url", "apiKey": "api_key", "maxRetries": "max_retries"}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "LLMSettings":
        """Settings from a JSON object (snake_case or camelCase keys; unknown keys ignored)."""
        if not data:
            return cls()
        if not isinstance(data, Mapping):
            raise InvalidInputError("LLM settings must be a JSON object")
        names = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            name = cls._ALIASES.get(key, key)
            if name in names and value is not None:
                values[name] = value
        settings = cls(**values)
        settings.validate()
        return settings

    def to_dict(self, *, with_key: bool = False) -> dict[str, Any]:
        """JSON-able settings; the key is left out unless asked for (traces never carry it)."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if not with_key:
            out.pop("api_key")
        return out

    def validate(self) -> None:
        if self.preset is not None and self.preset not in PRESETS:
            raise InvalidInputError(f"unknown LLM preset {self.preset!r} (known: {', '.join(PRESETS)})")
        try:
            if float(self.timeout) <= 0:
                raise ValueError
            if int(self.max_retries) < 0:
                raise ValueError
        except (TypeError, ValueError):
            raise InvalidInputError("LLM timeout must be > 0 and max_retries >= 0") from None

    def resolve(self, env: Mapping[str, str] | None = None) -> "ResolvedLLM | None":
        """The endpoint, model and key to use, or ``None`` when offline (disabled or no key)."""
        env = os.environ if env is None else env
        if not self.enabled:
            return None
        preset_name = self.preset or _auto_preset(self, env)
        preset = PRESETS[preset_name]
        key, source = self._key(preset, env)
        if not key:
            return None
        return ResolvedLLM(
            base_url=self.base_url or preset.base_url,
            model=self.model or preset.model,
            api_key=key,
            key_source=source,
            preset=preset_name,
        )

    def _key(self, preset: Preset, env: Mapping[str, str]) -> tuple[str | None, str]:
        if self.api_key:
            return self.api_key, "settings"
        order = [GENERIC_KEY_ENV, preset.key_env] + [p.key_env for p in PRESETS.values() if p.key_env != preset.key_env]
        for name in order:
            if env.get(name):
                return env[name], name
        return None, ""


@dataclass(frozen=True)
class ResolvedLLM:
    base_url: str
    model: str
    api_key: str = field(repr=False)
    key_source: str
    preset: str

    def describe(self) -> str:
        return f"{self.model} @ {self.base_url} (key from {self.key_source})"


def _auto_preset(settings: LLMSettings, env: Mapping[str, str]) -> str:
    if settings.base_url or settings.api_key or env.get(GENERIC_KEY_ENV):
        return DEFAULT_PRESET
    if not env.get(PRESETS["deepseek"].key_env) and env.get(PRESETS["openai"].key_env):
        return "openai"
    return DEFAULT_PRESET


def provider_for_home(home, env: Mapping[str, str] | None = None) -> "LLMProvider | None":
    """The provider configured for ``home`` (its ``workbench.json`` ``llm`` section, then the
    environment), or ``None`` for offline."""
    from linghun.core.home_config import config_section

    return provider_from_settings(config_section(home, "llm"), env=env)


def provider_from_settings(
    settings: LLMSettings | Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None
) -> LLMProvider | None:
    """An ``OpenAIProvider`` for the settings, or ``None`` (offline) when there is no key."""
    from linghun.core.llm.openai_provider import OpenAIProvider

    if settings is None or isinstance(settings, Mapping):
        settings = LLMSettings.from_dict(settings)
    resolved = settings.resolve(env)
    if resolved is None:
        return None
    return OpenAIProvider(
        base_url=resolved.base_url,
        model=resolved.model,
        api_key=resolved.api_key,
        timeout=settings.timeout,
        max_retries=settings.max_retries,
    )
