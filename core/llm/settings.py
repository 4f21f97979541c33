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
- A *local* preset (``llamacpp``, ``ollama``, ``lmstudio``, or ``local`` for any OpenAI-compatible
  URL given as ``base_url``) needs no key, and its model may be left empty: the first one the
  server lists at ``/v1/models`` is used. Its requests wait longer for longer prompts (a laptop
  CPU reads a few dozen tokens a second): ``timeout`` plus the prompt at ``prompt_tokens_per_second``
  and the answer at ``tokens_per_second``, the slowest speeds still taken for a working server.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Any, Mapping
from urllib.parse import urlsplit

from linghun.core.errors import InvalidInputError
from linghun.core.secret_fields import MARKER as SECRET_MARKER
from linghun.core.llm.base import LLMProvider


@dataclass(frozen=True)
class Preset:
    """An endpoint a user can pick by name.

    Attributes:
        base_url: the endpoint (``""``: the user gives it, ``local``).
        model: the default model (``""``: the first one the server lists).
        key_env: the environment variable holding its key (``""``: none needed).
        server: what kind of server it is, as Test connection says it.
        local: a server on the user's machine: no key, slow prompts waited for.
    """

    base_url: str
    model: str
    key_env: str
    server: str = ""
    local: bool = False


PRESETS: dict[str, Preset] = {
    "deepseek": Preset("https://api.deepseek.com", "deepseek-chat", "DEEPSEEK_API_KEY", "DeepSeek"),
    "openai": Preset("https://api.openai.com/v1", "gpt-4o-mini", "OPENAI_API_KEY", "OpenAI"),
    "llamacpp": Preset("http://127.0.0.1:8080/v1", "", "", "llama.cpp", local=True),
    "ollama": Preset("http://127.0.0.1:11434/v1", "", "", "Ollama", local=True),
    "lmstudio": Preset("http://127.0.0.1:1234/v1", "", "", "LM Studio", local=True),
    "local": Preset("", "", "", "OpenAI-compatible server", local=True),
}
#: the presets of servers on the user's machine, as Settings offers them
LOCAL_PRESETS = tuple(name for name, preset in PRESETS.items() if preset.local)
#: the slowest speeds (tokens a second) a local server is waited for: reading the prompt, writing
#: the answer. 5,119 prompt tokens took 100 s on a busy 2-core machine (about 50 a second).
LOCAL_PROMPT_TOKENS_PER_SECOND = 25.0
LOCAL_TOKENS_PER_SECOND = 2.5
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
        preset: a name in ``PRESETS`` | ``None`` (choose from the keys present).
        base_url, model, api_key: override the preset.
        timeout: seconds per request (local presets: plus the time the prompt's size needs);
            max_retries: the client's retries; stream: stream replies.
        context_window: the model's context window in tokens, when the server does not say it.
        max_answer_tokens: the longest answer ``linghun chat`` asks for (``None``: its own limit;
            a base model writes until it is stopped, slowly on a CPU).
        prompt_tokens_per_second, tokens_per_second: the slowest speeds waited for (``None``:
            the local presets' ``LOCAL_*`` figures; 0, or a remote preset: the timeout alone).
    """

    enabled: bool = True
    preset: str | None = None
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 60.0
    max_retries: int = 2
    stream: bool = False
    context_window: int | None = None
    prompt_tokens_per_second: float | None = None
    tokens_per_second: float | None = None
    max_answer_tokens: int | None = None

    _ALIASES = {"baseUrl": "base_url", "apiKey": "api_key", "maxRetries": "max_retries",
                "contextWindow": "context_window", "promptTokensPerSecond": "prompt_tokens_per_second",
                "tokensPerSecond": "tokens_per_second", "maxAnswerTokens": "max_answer_tokens"}

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
        if values.get("api_key") == SECRET_MARKER:  # a version restored with no key to put back
            values.pop("api_key")
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
        try:
            for tokens in (self.context_window, self.max_answer_tokens):
                if tokens is not None and int(tokens) < 1:
                    raise ValueError
            for rate in (self.prompt_tokens_per_second, self.tokens_per_second):
                if rate is not None and float(rate) < 0:
                    raise ValueError
        except (TypeError, ValueError):
            raise InvalidInputError("llm.contextWindow and llm.maxAnswerTokens must be positive numbers of tokens and the "
                                    "tokens-per-second speeds must not be negative") from None
        if self.preset == "local" and not self.base_url:
            raise InvalidInputError("the local preset needs llm.baseUrl (the server's OpenAI-compatible URL, "
                                    "e.g. http://127.0.0.1:8000/v1)")

    def speeds(self, preset: str) -> tuple[float, float]:
        """``(prompt, answer)`` tokens a second waited for with ``preset`` (0: no scaling)."""
        local = PRESETS[preset].local
        prompt = self.prompt_tokens_per_second
        answer = self.tokens_per_second
        return (float(prompt) if prompt is not None else LOCAL_PROMPT_TOKENS_PER_SECOND if local else 0.0,
                float(answer) if answer is not None else LOCAL_TOKENS_PER_SECOND if local else 0.0)

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
        if not base_url:
            raise InvalidInputError(f"the {preset_name} preset needs llm.baseUrl (the server's OpenAI-compatible URL)")
        model, model_source = ((self.model, "settings") if self.model else
                               (env[MODEL_ENV], MODEL_ENV) if env.get(MODEL_ENV) else
                               (preset.model, f"preset {preset_name}"))
        if not model:
            model_source = "the server (/v1/models)"
        key, source = self._key(base_url, url_source, env)
        if not key:
            if not preset.local:
                return None
            key, source = "", "none needed (a local server)"
        return ResolvedLLM(base_url=base_url, model=model, api_key=key, key_source=source, preset=preset_name,
                           url_source=url_source, model_source=model_source, local=preset.local,
                           # another URL under a public preset's name is some other server
                           server=preset.server if preset.local or url_source.startswith("preset") else "")

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
    local: bool = False
    server: str = ""

    def describe(self) -> str:
        return (f"{self.model or '(first listed)'} @ {self.base_url} (endpoint from {self.url_source}, "
                f"model from {self.model_source}, key from {self.key_source})")


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
    prompt_speed, answer_speed = settings.speeds(resolved.preset)
    return OpenAIProvider(
        base_url=resolved.base_url,
        model=resolved.model,
        api_key=resolved.api_key,
        timeout=settings.timeout,
        max_retries=settings.max_retries,
        local=resolved.local,
        server=resolved.server,
        context_window=settings.context_window,
        prompt_tokens_per_second=prompt_speed,
        tokens_per_second=answer_speed,
        max_answer_tokens=settings.max_answer_tokens,
    )
