"""The assembler team (SPEC 11): one cognitive cycle per question, offline or with an LLM.

``Assembler(home, provider=...).run(question)`` runs feedback, debounce, judge, retriever,
archivist, advocate, editor and scribe; every role leaves a span in the round's trace (live on
``core.events.bus``, kept under ``memory/team/traces``; schema in ``TRACE.md``). ``rerun`` replays
a round from its trace, with changed settings if wanted, and ``diff_rounds`` compares two rounds.
"""
from linghun.core.assembler.config import DEFAULTS, LABEL, AssemblerConfig
from linghun.core.assembler.debounce import DEBOUNCER, Debouncer
from linghun.core.assembler.round import Assembler, RoundCancelled, RoundResult, read_inputs, run_round
from linghun.core.assembler.replay import Rerun, diff_rounds, rerun
from linghun.core.assembler.trace import Span, Trace, TraceStore

__all__ = ["AssemblerConfig", "DEFAULTS", "LABEL", "Assembler", "RoundCancelled", "RoundResult", "run_round", "read_inputs",
           "Debouncer", "DEBOUNCER", "Span", "Trace", "TraceStore", "Rerun", "rerun", "diff_rounds"]
