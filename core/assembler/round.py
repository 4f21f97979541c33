"""One assembler round: feedback -> debounce -> judge -> retriever -> archivist -> advocate ->
editor -> scribe (SPEC 11), each role best-effort and traced.

A round never raises for what a conversation can throw at it (empty home, empty question, huge
candidates, provider errors, timeouts, malformed LLM output): it degrades as the seed says
("LLM/检索失败默认保留上次素材包，不覆盖、不阻断对话；史官/辩手失败直接跳过"; the judge falls back to its
heuristic). Such a round ends ``degraded``, not ``failed``: it did what it promised, and its
``error`` says why and what was given up (``degradation_reason``). ``failed`` is left for what no
promise covers (a bug, an unreadable file).
"""
from __future__ import annotations

import hashlib
import threading
import time
import traceback
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from linghun.core.assembler import advocate as advocate_role
from linghun.core.assembler import archivist as archivist_role
from linghun.core.assembler import debounce as debounce_role
from linghun.core.assembler import editor as editor_role
from linghun.core.assembler import feedback as feedback_role
from linghun.core.assembler import judge as judge_role
from linghun.core.assembler import retriever as retriever_role
from linghun.core.assembler import scribe as scribe_role
from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.context import RoundCancelled, RoundContext, RoundInputs
from linghun.core.assembler.debounce import DEBOUNCER, Debouncer
from linghun.core.assembler.trace import Trace, TraceStore, new_round_id
from linghun.core.errors import LinghunError, UnreadableFileError, UnsafePathError
from linghun.core.events import EventBus
from linghun.core.formats import team
from linghun.core.fsio import read_bytes, read_text
from linghun.core.home import MemoryHome
from linghun.core.home_config import read_config
from linghun.core.llm import LLMError, LLMProvider
from linghun.core.memory import Memory
from linghun.core.settings import home_with_paths, memory_inject_path


@dataclass
class RoundResult:
    """What a round did. ``status``: ``ok`` | ``degraded`` (the LLM failed: the judge fell back,
    the archivist / advocate were skipped and, when the editor had no answer, the last bundle was
    kept; ``error`` says why) | ``failed`` (something else broke; bundle kept) | ``debounced`` |
    ``skipped`` | ``cancelled`` (stopped between two roles at the caller's request; nothing recorded)."""

    round_id: str
    status: str
    query: str
    session: str
    decision: dict[str, Any] | None = None
    bundle: str | None = None
    wrote_bundle: bool = False
    gap: bool = False
    feedback: dict[str, Any] | None = None
    error: str | None = None
    duration_ms: float = 0.0
    llm: str = "offline"
    trace_path: str | None = None
    trace: Trace | None = field(default=None, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round_id, "status": self.status, "query": self.query, "session": self.session,
                "decision": self.decision, "bundle": self.bundle, "wrote_bundle": self.wrote_bundle,
                "gap": self.gap, "feedback": self.feedback, "error": self.error,
                "duration_ms": self.duration_ms, "llm": self.llm, "trace_path": self.trace_path}


def read_inputs(home: MemoryHome, now: datetime | None = None) -> RoundInputs:
    """The previous bundle, cycle ledger and archivist cache as they are now on disk."""
    try:
        previous = read_text(home.assembled) or ""
    except UnreadableFileError:
        previous = ""
    cycle, _ = team.read_team_json(home.team_file_for_reading(team.CYCLE_FILE))
    timelines, _ = team.read_team_json(home.team_file_for_reading(team.TIMELINES_FILE))
    return RoundInputs(now=now or datetime.now().astimezone(), previous_bundle=previous.strip(),
                       cycle_before=cycle, timelines_before=timelines)


class Assembler:
    """Runs rounds on one memory home.

    Args:
        home: the memory home.
        config: assembler settings (SPEC 15 defaults when ``None``).
        provider: an LLM provider, or ``None`` for the offline roles.
        llm_label: how the trace names the LLM mode (``offline``, ``openai``, ``replay``).
        bus: the event bus for live traces (``core.events.bus`` by default).
        debouncer: per-session debounce state (the process-wide one by default).
        keep_traces: append each round's trace to ``team/traces``.
    """

    def __init__(self, home: MemoryHome, *, config: AssemblerConfig | None = None,
                 provider: LLMProvider | None = None, llm_label: str | None = None,
                 memory: Memory | None = None, bus: EventBus | None = None,
                 debouncer: Debouncer | None = None, keep_traces: bool = True):
        self.config = config or AssemblerConfig()
        self.home = _configured_home(home, self.config)
        if memory is not None and memory.home.warm != self.home.warm:
            memory = None  # warm.path moved the file: read the configured one
        self.provider = provider
        self.llm_label = llm_label or ("offline" if provider is None else getattr(provider, "name", "llm"))
        self.memory = memory or Memory(self.home)
        self.bus = bus
        self.debouncer = debouncer or DEBOUNCER
        self.store = TraceStore(self.home) if keep_traces else None

    def run(self, query: str, *, session: str = "default", inputs: RoundInputs | None = None,
            dry_run: bool = False, replay_of: str | None = None, now: datetime | None = None,
            cancel: threading.Event | None = None) -> RoundResult:
        """Run one round. ``cancel``: set it from another thread to stop before the next role
        (an LLM call under way finishes first); a cancelled round writes nothing but its trace."""
        started = time.perf_counter()
        # a one-line question is read with single spaces; a pasted multi-line one is kept as typed
        text = str(query or "")
        query = text.strip() if "\n" in text.strip() else " ".join(text.split())
        inputs = inputs or read_inputs(self.home, now)
        round_id = new_round_id()
        header = {"query": query, "session": session, "llm": self.llm_label,
                  "model": getattr(self.provider, "model", None) or "offline",
                  "endpoint": getattr(self.provider, "base_url", None),
                  "config": self.config.to_dict(), "inputs": inputs.to_dict(), "dry_run": dry_run,
                  "replay_of": replay_of, "home": str(self.home.root), **warm_digest(self.home)}
        if self.config.warnings:
            header["warnings"] = list(self.config.warnings)
        trace = Trace(round_id, header, self.bus)
        ctx = RoundContext(self.home, self.memory, self.config, self.provider, trace, query, session, inputs, dry_run)
        result = RoundResult(round_id, "ok", query, session, llm=self.llm_label, trace=trace)
        ctx.state["cancel"] = cancel
        try:
            self._steps(ctx, result)
        except RoundCancelled as stop:
            result.status = "cancelled"
            result.error = str(stop)
            result.bundle = None
        except Exception as exc:  # the conversation is never blocked by the assembler
            result.status = "failed"
            result.error = f"{type(exc).__name__}: {exc}"
            trace.header["traceback"] = traceback.format_exc(limit=8)
        result.duration_ms = round((time.perf_counter() - started) * 1000.0, 2)
        trace.finish({"status": result.status, "level": (result.decision or {}).get("level"),
                      "strategy": (result.decision or {}).get("strategy"), "by": (result.decision or {}).get("by"),
                      "bundle": result.bundle, "chars": len(result.bundle or ""), "wrote_bundle": result.wrote_bundle,
                      "gap": result.gap, "error": result.error, "duration_ms": result.duration_ms})
        if self.store is not None:
            try:
                result.trace_path = str(self.store.save(trace))
            except (OSError, UnsafePathError) as exc:  # a trace that cannot be kept must not fail the round
                result.error = (result.error + "; " if result.error else "") + f"trace not saved: {exc}"
        return result

    def _steps(self, ctx: RoundContext, result: RoundResult) -> None:
        trace = ctx.trace
        if not ctx.config.get("enabled"):
            with trace.span("judge") as span:
                span.skip("the assembler is disabled (enabled: false)")
            result.status = "skipped"
            return
        if not ctx.query:
            with trace.span("judge") as span:
                span.skip("empty question: nothing to assemble, the last bundle stays")
            result.status = "skipped"
            result.error = "empty question"
            return

        with trace.span("feedback") as span:
            fb = feedback_role.run(ctx, span)
        result.feedback = fb.to_dict() if fb else None

        with trace.span("debounce") as span:
            go_on = debounce_role.run(ctx, span, self.debouncer)
        if not go_on:
            result.status = "debounced"
            if fb is not None and fb.recorded:
                with trace.span("scribe") as span:
                    scribe_role.run(ctx, span, scribe_role.ScribeInput(None, fb, False, None, False, False))
            return

        _checkpoint(ctx, "judge")
        with trace.span("judge") as span:
            decision = judge_role.run(ctx, span)
        result.decision = decision.to_dict()

        _checkpoint(ctx, "retriever")
        with trace.span("retriever") as span:
            retrieval = retriever_role.run(ctx, span, decision)
        result.gap = retrieval.gap

        timeline = None
        _checkpoint(ctx, "archivist")
        with trace.span("archivist") as span:
            try:
                found = archivist_role.run(ctx, span, decision)
                timeline = found.finding if found else None
            except Exception as exc:  # the archivist is best-effort: skipped, never blocking
                span.fail(f"{type(exc).__name__}: {exc}", status="skipped")

        block = None
        _checkpoint(ctx, "advocate")
        with trace.span("advocate") as span:
            try:
                block = advocate_role.run(ctx, span, decision, retrieval.candidates)
            except Exception as exc:
                span.fail(f"{type(exc).__name__}: {exc}", status="skipped")

        edited = None
        failure = None
        llm_failed = False
        _checkpoint(ctx, "editor")
        with trace.span("editor") as span:
            try:
                edited = editor_role.run(ctx, span, decision, retrieval, timeline, block, fb)
            except LLMError as exc:
                failure = f"editor LLM failed: {exc}"
                llm_failed = True
                span.fail(failure)
                if not any(role == "editor" for role, _ in ctx.llm_failures):  # an unusable answer
                    ctx.llm_failures.append(("editor", str(exc)))
            except Exception as exc:
                failure = f"editor failed: {type(exc).__name__}: {exc}"
                span.fail(failure)

        _checkpoint(ctx, "scribe")
        with trace.span("scribe") as span:
            written = scribe_role.run(ctx, span, scribe_role.ScribeInput(
                decision, fb, retrieval.gap, edited, timeline is not None, block is not None, failure))
        if edited is not None:
            result.bundle = edited.text
            result.wrote_bundle = bool(written.get("assembled")) and not ctx.dry_run
        elif not llm_failed:
            result.status = "failed"
            result.error = failure
        if (llm_failed or edited is not None) and ctx.llm_failures:
            result.status = "degraded"
            result.error = degradation_reason(ctx.llm_failures, bundle_kept=edited is None,
                                              keep_last=bool(ctx.config.get("fallbackKeepLast")))


#: what each role gives up when its LLM call fails (the seed's degradation, role by role)
_GIVEN_UP = {"judge": "the judge fell back to its heuristic", "archivist": "the archivist was skipped",
             "advocate": "the advocate was skipped"}


def degradation_reason(failures: list[tuple[str, str]], *, bundle_kept: bool, keep_last: bool) -> str:
    """One line: the first LLM failure, then what the round did instead, role by role."""
    outcomes: list[str] = []
    for role, _message in failures:
        outcome = _GIVEN_UP.get(role)
        if outcome and outcome not in outcomes:
            outcomes.append(outcome)
    if bundle_kept:
        outcomes.append("the last bundle was kept (assembled.md unchanged)" if keep_last else
                        "assembled.md was emptied (fallbackKeepLast is off)")
    role, message = failures[0]
    return f"LLM failed ({role}: {message}): " + "; ".join(outcomes)



def _checkpoint(ctx: RoundContext, role: str) -> None:
    cancel = ctx.state.get("cancel")
    if cancel is not None and cancel.is_set():
        raise RoundCancelled(f"cancelled before the {role}")


def run_round(home: MemoryHome, query: str, **kwargs: Any) -> RoundResult:
    """One round with a fresh ``Assembler`` (keyword arguments go to it and to ``run``)."""
    run_keys = {"session", "inputs", "dry_run", "replay_of", "now", "cancel"}
    run_args = {k: kwargs.pop(k) for k in list(kwargs) if k in run_keys}
    return Assembler(home, **kwargs).run(query, **run_args)


def _configured_home(home: MemoryHome, config: AssemblerConfig) -> MemoryHome:
    """The home with the paths the settings move (``warm.path``, ``output.injectPath`` or linghun's
    ``memory.assembler.injectPath``, ``team.cycleDir``)."""
    try:
        memory = read_config(home).get("memory") if home.config.exists() else None
    except LinghunError:  # a broken workbench.json is reported where it is loaded
        memory = None
    return home_with_paths(home, config, memory_inject_path(memory))


def warm_digest(home: MemoryHome) -> dict[str, Any]:
    """What a trace records of warm.md, so a replay can tell that it changed since."""
    raw = read_bytes(home.warm) or b""
    return {"warm_sha256": hashlib.sha256(raw).hexdigest(), "warm_bytes": len(raw)}


__all__ = ["Assembler", "RoundResult", "degradation_reason", "run_round", "read_inputs", "warm_digest"]
