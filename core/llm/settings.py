"""Which LLM to use: settings, the environment, presets, and offline as the fallback.

Each value is taken in the order **workbench.json (or the workbench's Settings) > environment >
preset** (what a user would expect; the README and SETTINGS.md say the same):

- ``enabled=False`` -> offline (``provider_from_settings`` returns ``None``).
- The endpoint: ``base_url`` from the settings, else ``OPENAI_BASE_URL`` (the ``openai`` client's
  own variable; ignored when the settings name a ``preset``), else the preset's URL.
- The model: ``model`` from the settings, else ``LINGHUN_LLM_MODEL``, else the preset's model.
- The key: ``api_key`` from the settings, else the first environment key meant for that endpoint:
  ``LINGHUN_API_KEY`` (linghun's own, for whatever endpoint it is configured with), then
  ``OPENAI_API_KEY`` (for api.openai.com, for ``OPENAI_BASE_URL``, and for an endpoint the settings
  name, as OpenAI-compatible servers expect), then ``DEEPSEEK_API_KEY`` (for api.deepseek.com
  only). A key is never sent to a host it was not given for: ``OPENAI_BASE_URL`` pointing at a
  local server never sends the request, and its key, to the public provider, and a DeepSeek key
  never goes to an endpoint someone wrote into the home's workbench.json.
- With no preset named, DeepSeek is the default, except when ``OPENAI_BASE_URL`` is set or the only
  key around is ``OPENAI_API_KEY``: then the OpenAI preset is used.
- No key at all -> ``None``: every role then runs its deterministic offline behaviour.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Any, Mapping
from urllib.parse import urlsplit

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
#: the endpoint from the environment (the ``openai`` client's own variable) and the model
BASE_URL_ENV = "OPENAI_BASE_URL"
MODEL_ENV = "LINGHUN_LLM_MODEL"


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
        """The endpoint, model and key to use, or ``None`` when offline (disabled or no key for
        the endpoint); each value with where it came from (module docstring)."""
        env = os.environ if env is None else env
        if not self.enabled:
            return None
        preset_name = self.preset or _auto_preset(self, env)
        preset = PRESETS[preset_name]
        if self.base_url:
            base_url, url_source = self.base_url, "settings"
        elif not self.preset and env.get(BASE_URL_ENV):
            base_url, url_source = env[BASE_URL_ENV], BASE_URL_ENV
        else:
            base_url, url_source = preset.base_url, f"preset {preset_name}"
        model, model_source = ((self.model, "settings") if self.model else
                               (env[MODEL_ENV], MODEL_ENV) if env.get(MODEL_ENV) else
                               (preset.model, f"preset {preset_name}"))
        key, source = self._key(base_url, url_source, env)
        if not key:
            return None
        return ResolvedLLM(base_url=base_url, model=model, api_key=key, key_source=source, preset=preset_name,
                           url_source=url_source, model_source=model_source)

    def _key(self, base_url: str, url_source: str, env: Mapping[str, str]) -> tuple[str | None, str]:
        if self.api_key:
            return self.api_key, "settings"
        for name in (GENERIC_KEY_ENV, PRESETS["openai"].key_env, PRESETS["deepseek"].key_env):
            if env.get(name) and key_meant_for(name, base_url, url_source):
                return env[name], name
        return None, ""


def key_meant_for(key_env: str, base_url: str, url_source: str) -> bool:
    """Whether the key in ``key_env`` may be sent to ``base_url`` (taken from ``url_source``)."""
    if key_env == GENERIC_KEY_ENV:
        return True
    if key_env == PRESETS["openai"].key_env:
        return url_source in ("settings", BASE_URL_ENV) or _host(base_url) == _host(PRESETS["openai"].base_url)
    preset = next((p for p in PRESETS.values() if p.key_env == key_env), None)
    return preset is not None and _host(base_url) == _host(preset.base_url)


def _host(url: str) -> str:
    return (urlsplit(url.strip()).hostname or "").lower()


@dataclass(frozen=True)
class ResolvedLLM:
    base_url: str
    model: str
    api_key: str = field(repr=False)
    key_source: str
    preset: str
    url_source: str = "settings"
    model_source: str = "settings"

    def describe(self) -> str:
        return (f"{self.model} @ {self.base_url} (endpoint from {self.url_source}, model from {self.model_source}, "
                f"key from {self.key_source})")


def _auto_preset(settings: LLMSettings, env: Mapping[str, str]) -> str:
    if settings.base_url or settings.api_key or env.get(GENERIC_KEY_ENV):
        return DEFAULT_PRESET if not env.get(BASE_URL_ENV) or settings.base_url else "openai"
    if env.get(BASE_URL_ENV):
        return "openai"
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
