"""The goal system (SPEC 8): goals.json, the state machine, signal merging, the domain lexicon,
activation by situation, and goal extraction. The file schema is documented in ``SCHEMA.md``.

Entry points:

- ``Goals(home)``: ``goal_update`` (``linghun_goal_update``), ``goal_get`` (``linghun_goal_get``),
  ``goal_state`` (``linghun_goal_state``), ``set_state``, ``extract`` / ``extract_journal`` /
  ``extract_entries``.
- ``GoalSet`` and ``GoalIndex``: the same rules in memory (evaluation, the workbench).
"""
from core.goals.activation import ALPHA, BETA, GoalActivation, GoalIndex, similarity
from core.goals.extract import Extraction, ExtractedSignal, LLMExtractor, extract, extract_offline
from core.goals.lexicon import Lexicon, builtin_lexicon
from core.goals.merge import GoalSet, Signal, UpdateResult
from core.goals.model import PRIORITIES, SCHEMA_VERSION, SIGNALS, Goal, GoalFile
from core.goals.states import STATE_WEIGHT, STATES, TRANSITIONS
from core.goals.store import Goals

__all__ = [
    "ALPHA", "BETA", "GoalActivation", "GoalIndex", "similarity", "Extraction", "ExtractedSignal",
    "LLMExtractor", "extract", "extract_offline", "Lexicon", "builtin_lexicon", "GoalSet", "Signal",
    "UpdateResult", "PRIORITIES", "SCHEMA_VERSION", "SIGNALS", "Goal", "GoalFile", "STATE_WEIGHT",
    "STATES", "TRANSITIONS", "Goals",
]
