"""The goal system (SPEC 8): goals.json, the state machine, signal merging, the domain lexicon,
activation by situation, and goal extraction. The file schema is documented in ``SCHEMA.md``.

Entry points:

- ``Goals(home)``: ``goal_update`` (``linghun_goal_update``), ``goal_get`` (``linghun_goal_get``),
  ``goal_state`` (``linghun_goal_state``), ``set_state``, ``extract`` / ``extract_journal`` /
  ``extract_entries``.
- ``GoalSet`` and ``GoalIndex``: the same rules in memory (evaluation, the workbench).
"""
import importlib

# Names are loaded from their modules on first use (PEP 562): ``linghun goal ...`` and ``read`` do
# not pay for the activation index and its numpy / tokenizer imports they never use.
_EXPORTS = {
    **dict.fromkeys(["ALPHA", "BETA", "GoalActivation", "GoalIndex", "similarity"], "activation"),
    **dict.fromkeys(["Extraction", "ExtractedSignal", "LLMExtractor", "extract", "extract_offline"], "extract"),
    **dict.fromkeys(["Lexicon", "builtin_lexicon"], "lexicon"),
    **dict.fromkeys(["GoalSet", "Signal", "UpdateResult"], "merge"),
    **dict.fromkeys(["PRIORITIES", "SCHEMA_VERSION", "SIGNALS", "Goal", "GoalFile"], "model"),
    **dict.fromkeys(["STATE_WEIGHT", "STATES", "TRANSITIONS"], "states"),
    "Goals": "store",
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


__all__ = [
    "ALPHA", "BETA", "GoalActivation", "GoalIndex", "similarity", "Extraction", "ExtractedSignal",
    "LLMExtractor", "extract", "extract_offline", "Lexicon", "builtin_lexicon", "GoalSet", "Signal",
    "UpdateResult", "PRIORITIES", "SCHEMA_VERSION", "SIGNALS", "Goal", "GoalFile", "STATE_WEIGHT",
    "STATES", "TRANSITIONS", "Goals",
]
