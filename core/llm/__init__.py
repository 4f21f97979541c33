"""LLM providers: one protocol, an OpenAI-compatible client, settings and record / replay.

``provider_from_settings()`` returns ``None`` when no key is configured: callers then run their
deterministic offline behaviour. Nothing here imports Qt.
"""
from linghun.core.llm.base import LLMError, LLMProvider, LLMResponse, Message, check_messages
from linghun.core.llm.jsonout import parse_json_object
from linghun.core.llm.replay import RecordingProvider, ReplayProvider
from linghun.core.llm.settings import PRESETS, LLMSettings, ResolvedLLM, provider_for_home, provider_from_settings



def __getattr__(name: str):
    # ``openai`` takes about a second to import: only code that talks to a provider pays for it
    # (the command line's read / entries and an offline round never do).
    if name == "OpenAIProvider":
        from linghun.core.llm.openai_provider import OpenAIProvider

        return OpenAIProvider
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "LLMError", "LLMProvider", "LLMResponse", "Message", "check_messages", "parse_json_object",
    "OpenAIProvider", "RecordingProvider", "ReplayProvider", "PRESETS", "LLMSettings",
    "ResolvedLLM", "provider_for_home", "provider_from_settings",
]
