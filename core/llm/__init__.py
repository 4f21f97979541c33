"""LLM providers: one protocol, an OpenAI-compatible client, settings and record / replay.

``provider_from_settings()`` returns ``None`` when no key is configured: callers then run their
deterministic offline behaviour. Nothing here imports Qt.
"""
from core.llm.base import LLMError, LLMProvider, LLMResponse, Message, check_messages
from core.llm.jsonout import parse_json_object
from core.llm.openai_provider import OpenAIProvider
from core.llm.replay import RecordingProvider, ReplayProvider
from core.llm.settings import PRESETS, LLMSettings, ResolvedLLM, provider_for_home, provider_from_settings

__all__ = [
    "LLMError", "LLMProvider", "LLMResponse", "Message", "check_messages", "parse_json_object",
    "OpenAIProvider", "RecordingProvider", "ReplayProvider", "PRESETS", "LLMSettings",
    "ResolvedLLM", "provider_for_home", "provider_from_settings",
]
