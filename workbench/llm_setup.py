"""The LLM the workbench uses: its settings gathered on the GUI thread, its client built off it.

The settings are cheap to read (the INI file, the keyring, the home's ``workbench.json``); the
client is not (``openai`` builds an HTTP client and loads the TLS context). So the panes take a
``LLMSettings`` snapshot where the user clicks and hand it to their task, and ``build_provider``
runs on the worker thread.

What wins (documented in the README): *Settings* decides whether a model is used at all
(provider "offline" means offline); its base URL, model and key win over the open home's
``workbench.json`` ``llm`` section, which supplies the rest (``timeout``, ``maxRetries``,
``stream``, and the endpoint when *Settings* leaves it empty). The key falls back to the
environment (``LINGHUN_API_KEY``, ``DEEPSEEK_API_KEY``, ``OPENAI_API_KEY``).
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Iterator

from linghun.core.errors import LinghunError
from linghun.core.llm.settings import LOCAL_PRESETS, LLMSettings


def home_llm_section(home) -> dict[str, Any]:
    """The home's ``workbench.json`` ``llm`` object (``{}`` when absent or unreadable)."""
    if home is None:
        return {}
    from linghun.core.home_config import config_section

    try:
        section = config_section(home, "llm")
    except LinghunError:  # a broken workbench.json: the settings alone (the file is left as it is)
        return {}
    return dict(section) if isinstance(section, dict) else {}


def llm_settings(settings, home=None, *, base_url: str | None = None, model: str | None = None,
                 api_key: str | None = None, provider: str | None = None,
                 stored_key=None) -> LLMSettings | None:
    """The effective settings, or ``None`` when *Settings* says offline. Keyword arguments stand
    for values typed in the dialog but not saved yet; ``stored_key``: the keyring's key as the
    caller already read it (else it is read now)."""
    llm = settings.llm
    chosen = provider or llm.provider
    if chosen == "offline":
        return None
    merged = LLMSettings.from_dict(home_llm_section(home))
    key = api_key if api_key else (str(stored_key if stored_key is not None else settings.api_key.get()) or None)
    url = (base_url if base_url is not None else llm.base_url).strip()
    name = (model if model is not None else llm.model).strip()
    # a local server's preset (llama.cpp, Ollama, LM Studio, any URL) needs no key
    preset = chosen if chosen in LOCAL_PRESETS else merged.preset
    return replace(merged, enabled=True, preset=preset, base_url=url or merged.base_url,
                   model=name or merged.model, api_key=key or merged.api_key)


def resolves(settings: LLMSettings | None) -> bool:
    """True when ``settings`` lead to a provider (a key is there); no client is built."""
    return settings is not None and settings.resolve(dict(os.environ)) is not None


def build_provider(settings: LLMSettings | None):
    """The provider for ``settings`` (``None``: offline). Call it on a worker thread."""
    if settings is None:
        return None
    from linghun.core.llm.settings import provider_from_settings

    return provider_from_settings(settings, env=dict(os.environ))


@contextmanager
def provider_for(settings: LLMSettings | None) -> Iterator[Any]:
    """``build_provider(settings)`` for one task, its connections closed when the task is done."""
    provider = build_provider(settings)
    try:
        yield provider
    finally:
        close = getattr(provider, "close", None)
        if callable(close):
            close()


__all__ = ["build_provider", "home_llm_section", "llm_settings", "provider_for", "resolves"]
