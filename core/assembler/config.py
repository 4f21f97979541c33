"""Assembler settings with the SPEC 15 defaults, under the upstream plugin's key names.

A config is a nested dict (``retrieval.topK``, ``team.judge.llm``...). ``AssemblerConfig.get`` reads
a dotted key; ``with_overrides({"retrieval.mode": "always"})`` returns a copy whose values are
coerced to the type of the default (``"true"`` -> ``True``, ``"18"`` -> ``18``), which is how the CLI's
``--set key=value`` and a replay with changed settings work. An unknown key given on the command
line is an error (a typo must not silently do nothing); in ``workbench.json`` it is a warning
naming it (``AssemblerConfig.lenient``): the seed's own block, pasted as is, must run a round.
"""
from __future__ import annotations

import copy
import json
from typing import Any, Iterable, Mapping

from linghun.core.errors import InvalidInputError

LABEL = "以下记忆素材由认知循环团队按当前问题从记忆库组装（仅保留相关条目，细节原样）"

DEFAULTS: dict[str, Any] = {
    "enabled": True,
    "warm": {"path": ""},          # "" = $DSH_HOME/linghun/memory/warm.md
    # injectPath "" = $DSH_HOME/linghun/memory/assembled.md (linghun's memory.assembler.injectPath)
    "output": {"injectPath": "", "label": LABEL},
    "retrieval": {
        "mode": "auto",            # auto | always | never
        "autoThreshold": 24,       # auto: BM25 only when warm has more entries than this
        "maxDirectChars": 8000,
        "topK": 12,
        "strategy": True,          # per-strategy k and the recency safeguard
        "recentN": 6,              # knowledge_update: newest entries forced in
        "summarizationK": 24,
        "deepMinK": 18,
        "multiHopK": 30,           # ours: a question whose answer is spread (judge: multi_hop)
        "nearMisses": 5,           # ours: ranks after k shown in the trace
        "mmr": True,               # MMR de-duplication of BM25 hits (seed v0.1.1): near copies dropped
        "situationRestore": 6,     # entries a situation the question names gives back after the
                                   # hits (seed §3.4: a match restores the tree); 0 = off (SETTINGS.md)
        "embeddings": True,        # ours: MiniLM's late interaction and sentence similarity
                                   # rerank the best 50 of the other channels when its weights are
                                   # installed (LoCoMo R@10 81.3 -> 85.7, BEAM 61.3 -> 65.1;
                                   # core/evaluation/README.md)
        "meaning": True,           # ours: the sentence-meaning channel in both languages
                                   # (core/meaning.py; each entry encoded once, cached by text;
                                   # on by default: LoCoMo R@context 80.9 -> 83.3, cue hit@10
                                   # 13 -> 65, core/evaluation/README.md)
        "workspaceDirs": [],
        "consolidated": True,      # ours: lines of the event timeline and knowledge ontology are
                                   # candidates too (what consolidation moved out of warm.md)
        "ontologyAliases": {},
        "knowledgeAliases": {},
        "rulesAliases": {},
    },
    # maxTokens: the bundle's budget (the seed's 1200; core.text.approx_tokens counts them) and the
    # LLM editor's completion limit. maxChars (ours): a character cap on top, 0 = none (an 800 cap
    # cut ~18 points of the evidence the retriever found). maxPromptChars (ours): candidates beyond
    # it are cut from LLM prompts (huge workspace files). excerptTokens (ours): when the candidates
    # do not fit maxTokens whole, a long entry is shown as its passage that matches the question,
    # of its share of the bundle and at least this many tokens (core/excerpt.py), 0 = never cut
    "assemble": {"temperature": 0.2, "maxTokens": 1200, "maxChars": 0, "stream": False,
                 "maxPromptChars": 32000, "excerptTokens": 60},
    "debounceMs": 5000,
    "fallbackKeepLast": True,
    "team": {
        "cycleDir": "",            # "" = $DSH_HOME/linghun/memory/team
        "judge": {"llm": False},
        "archivist": {"enabled": True, "topRecent": 8, "episodicTail": 6000, "journalDays": 3,
                      "journalTail": 4000, "cacheDays": 7, "maxChars": 600},
        "advocate": {"enabled": False},
        "feedback": {"enabled": True},
        "goals": {"enabled": True, "k": 3},   # ours: goal evidence (SPEC 8)
    },
}

MODES = ("auto", "always", "never")
_NON_NEGATIVE = ("retrieval.autoThreshold", "retrieval.maxDirectChars", "retrieval.topK",
                 "retrieval.situationRestore", "assemble.maxTokens", "assemble.maxChars", "assemble.excerptTokens",
                 "debounceMs")


class AssemblerConfig:
    """Read-only view of the assembler settings (defaults merged with a user's values)."""

    def __init__(self, values: Mapping[str, Any] | None = None):
        self.warnings: list[str] = []  # what ``lenient`` skipped, shown in the round's trace
        self._data = copy.deepcopy(DEFAULTS)
        if values:
            _merge(self._data, values, DEFAULTS, "")
        self._validate()

    @classmethod
    def from_dict(cls, values: Mapping[str, Any] | None) -> "AssemblerConfig":
        return cls(values)

    @classmethod
    def lenient(cls, values: Mapping[str, Any] | None, warnings: list[str]) -> "AssemblerConfig":
        """Settings from a file: unknown keys and unreadable values are skipped with a warning
        appended to ``warnings`` (the defaults stay), never an error."""
        data = copy.deepcopy(DEFAULTS)
        if values and not isinstance(values, Mapping):
            warnings.append("assembler settings must be an object; ignored")
        elif values:
            _merge(data, values, DEFAULTS, "", warnings)
        if data["retrieval"]["mode"] not in MODES:
            warnings.append(f"retrieval.mode must be one of {', '.join(MODES)}; auto kept")
            data["retrieval"]["mode"] = "auto"
        for key in _NON_NEGATIVE:
            section, name = key.rsplit(".", 1) if "." in key else ("", key)
            node = data[section] if section else data
            if node[name] < 0:
                warnings.append(f"{key} must not be negative; default kept")
                node[name] = _lookup(DEFAULTS, key)
        config = cls(data)
        config.warnings = list(warnings)
        return config

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self._data)

    def get(self, dotted: str) -> Any:
        node: Any = self._data
        for part in dotted.split("."):
            if not isinstance(node, dict) or part not in node:
                raise InvalidInputError(f"unknown assembler setting {dotted!r}")
            node = node[part]
        return node

    def with_overrides(self, overrides: Mapping[str, Any] | Iterable[str]) -> "AssemblerConfig":
        """A copy with dotted-key overrides (a mapping, or ``key=value`` strings)."""
        if not isinstance(overrides, Mapping):
            overrides = dict(parse_assignment(item) for item in overrides)
        data = self.to_dict()
        warnings = list(self.warnings)
        for dotted, value in overrides.items():
            default = self._default_of(dotted)
            parts = dotted.split(".")
            node = data
            for part in parts[:-1]:
                node = node[part]
            node[parts[-1]] = coerce(value, default, dotted)
        config = AssemblerConfig(data)
        config.warnings = warnings
        return config

    def _default_of(self, dotted: str) -> Any:
        node: Any = DEFAULTS
        for part in dotted.split("."):
            if not isinstance(node, dict) or part not in node:
                raise InvalidInputError(f"unknown assembler setting {dotted!r}")
            node = node[part]
        return node

    def _validate(self) -> None:
        if self.get("retrieval.mode") not in MODES:
            raise InvalidInputError(f"retrieval.mode must be one of {', '.join(MODES)}")
        for key in _NON_NEGATIVE:
            if self.get(key) < 0:
                raise InvalidInputError(f"{key} must not be negative")

    # -- the settings the roles read most ---------------------------------------------------
    @property
    def mode(self) -> str:
        return self.get("retrieval.mode")

    @property
    def top_k(self) -> int:
        return self.get("retrieval.topK")

    def __repr__(self) -> str:
        return f"AssemblerConfig({json.dumps(self._data, ensure_ascii=False)})"


def parse_assignment(text: str) -> tuple[str, str]:
    """``key=value`` -> ``(key, value)``."""
    key, sep, value = str(text).partition("=")
    if not sep or not key.strip():
        raise InvalidInputError(f"expected key=value, got {text!r}")
    return key.strip(), value.strip()


def coerce(value: Any, default: Any, name: str) -> Any:
    """``value`` converted to the type of ``default`` (strings from the command line)."""
    if not isinstance(value, str) or isinstance(default, str):
        if isinstance(default, bool) and not isinstance(value, bool):
            raise InvalidInputError(f"{name} must be true or false")
        return value
    text = value.strip()
    try:
        if isinstance(default, bool):
            low = text.lower()
            if low in ("true", "1", "yes", "on"):
                return True
            if low in ("false", "0", "no", "off"):
                return False
            raise ValueError
        if isinstance(default, int):
            return int(text)
        if isinstance(default, float):
            return float(text)
        if isinstance(default, (list, dict)):
            parsed = json.loads(text) if text[:1] in "[{" else [p for p in text.split(",") if p]
            if not isinstance(parsed, type(default)):
                raise ValueError
            return parsed
    except (ValueError, json.JSONDecodeError):
        raise InvalidInputError(f"{name}: cannot read {value!r} as {type(default).__name__}") from None
    return value


def _lookup(tree: Mapping[str, Any], dotted: str) -> Any:
    node: Any = tree
    for part in dotted.split("."):
        node = node[part]
    return node


def _merge(target: dict[str, Any], values: Mapping[str, Any], defaults: Mapping[str, Any], prefix: str,
           warnings: list[str] | None = None) -> None:
    """Overlay ``values``; with ``warnings`` a bad key or value is reported there and skipped."""
    for key, value in values.items():
        dotted = f"{prefix}{key}"
        if key not in defaults:
            if warnings is None:
                raise InvalidInputError(f"unknown assembler setting {dotted!r}")
            warnings.append(f"unknown assembler setting {dotted!r} ignored")
            continue
        default = defaults[key]
        if isinstance(default, dict) and default and isinstance(value, Mapping) and not key.endswith("Aliases"):
            _merge(target[key], value, default, dotted + ".", warnings)
            continue
        try:
            target[key] = coerce(value, default, dotted)
        except InvalidInputError as exc:
            if warnings is None:
                raise
            warnings.append(f"{exc}; default kept")


def streaming_config(config: AssemblerConfig, llm_settings: Any, online: bool) -> AssemblerConfig:
    """``config`` with ``assemble.stream`` on when an LLM is used and its settings ask to stream
    (``"llm": {"stream": true}`` in workbench.json): the one place the CLI and the workbench
    turn the provider setting into the roles' call parameter."""
    if online and getattr(llm_settings, "stream", False) and not config.get("assemble.stream"):
        return config.with_overrides({"assemble.stream": True})
    return config


def load_home_settings(home) -> tuple[AssemblerConfig, Any]:
    """The ``assembler`` and ``llm`` objects of the home's ``workbench.json`` (both optional).

    Returns ``(AssemblerConfig, LLMSettings)``. A corrupt ``workbench.json`` is reported (its copy
    is kept by ``read_json``); keys are never required, so a missing file means the defaults.
    """
    from linghun.core.home_config import read_config
    from linghun.core.llm import LLMSettings

    data = read_config(home)
    warnings: list[str] = []
    return AssemblerConfig.lenient(data.get("assembler") or {}, warnings), LLMSettings.from_dict(data.get("llm") or {})
