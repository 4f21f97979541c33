"""The work the rounds pane runs off the GUI thread (plain Python: no Qt here).

Both tasks take the ``TaskState`` first (``workbench.tasks``) and return plain data. The round's
live trace reaches the pane through ``core.events.bus`` and the bridge, not through the task.
"""
from __future__ import annotations

import re
import threading
from typing import Any

from linghun.core.assembler.config import AssemblerConfig, parse_assignment, streaming_config
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.home import MemoryHome
from linghun.workbench.llm_setup import provider_for
from linghun.workbench.tasks import TaskCancelled

#: debounce is per session (SPEC 11.2): the workbench's rounds are their own conversation
SESSION = "workbench"


def loaded_of(result) -> dict[str, Any]:
    """A ``RoundResult``'s trace in the ``TraceStore.load`` shape."""
    trace = result.trace
    return {"header": trace.header, "spans": [s.to_dict() for s in trace.spans],
            "exchanges": list(trace.exchanges), "result": trace.result}


def run_round(state, home: MemoryHome, question: str, *, config: AssemblerConfig, llm, debouncer: Debouncer,
              dry_run: bool, cancel: threading.Event) -> dict[str, Any]:
    """Task: one assembler round, offline (``llm`` None) or with the LLM of the ``LLMSettings``
    ``llm``, whose client is built here (never on the GUI thread) and which streams the editor's
    reply when they say ``stream``. Cancel stops it between two roles (``cancel`` is set by the pane)."""
    state.set_progress(0.05, "round")
    with provider_for(llm) as provider:
        label = "offline" if provider is None else "openai"
        config = streaming_config(config, llm, provider is not None)
        result = Assembler(home, config=config, provider=provider, llm_label=label, debouncer=debouncer).run(
            question, session=SESSION, dry_run=dry_run, cancel=cancel)
    if result.status == "cancelled":
        raise TaskCancelled()
    state.set_progress(1.0, "done")
    return loaded_of(result)


def rerun_round(state, home: MemoryHome, round_id: str, overrides: dict[str, str], *, llm: str,
                settings=None) -> dict[str, Any]:
    """Task: ``core.assembler.rerun`` (a dry run) and its differences from the original; with
    ``llm="openai"`` the client for the ``LLMSettings`` ``settings`` is built here."""
    from linghun.core.assembler.replay import rerun

    state.check_cancelled()
    state.set_progress(0.1, "re-run")
    with provider_for(settings if llm == "openai" else None) as provider:
        outcome = rerun(home, round_id, overrides, llm=llm, provider=provider)
    state.set_progress(1.0, "done")
    return {"loaded": loaded_of(outcome.result), "differences": list(outcome.differences),
            "warnings": list(outcome.warnings), "identical": outcome.identical}


_SPLIT = re.compile(r"\s*[;\n]\s*|\s+(?=[A-Za-z_][\w.]*\s*=)")


def parse_overrides(text: str) -> dict[str, str]:
    """``retrieval.mode=always; retrieval.topK=5`` (or one per line, or space-separated) as a dict.

    A value may contain spaces or commas (``retrieval.workspaceDirs=["a", "b"]``): items are split
    only before the next ``key=``.
    """
    out: dict[str, str] = {}
    for item in _SPLIT.split(text.strip()):
        if item.strip():
            key, value = parse_assignment(item)
            out[key] = value
    return out


def check_overrides(config: dict[str, Any], overrides: dict[str, str]) -> None:
    """Raise ``InvalidInputError`` for an unknown key or a value of the wrong type, before running."""
    if overrides:
        AssemblerConfig(config).with_overrides(overrides)
