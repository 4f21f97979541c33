"""Re-running a round from its trace, and comparing two rounds role by role.

``rerun`` takes the recorded question, session, settings and inputs (clock, previous bundle,
cycle ledger, archivist cache), applies overrides (``{"retrieval.mode": "always"}``), and runs
again as a *dry run*: nothing in the home is written except the new trace (marked
``replay_of``). LLM answers come from the recording (``llm="replay"``, no network), from no LLM
(``"offline"``) or from a live provider. With unchanged settings and a recording, the replay is
exact; with changed settings a prompt that was never recorded is an error shown in the trace.
"""
from __future__ import annotations

import threading

import difflib
import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from linghun.core.assembler.config import AssemblerConfig
from linghun.core.assembler.context import RoundInputs
from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler, RoundResult, warm_digest
from linghun.core.assembler.trace import TraceStore
from linghun.core.errors import InvalidInputError
from linghun.core.events import EventBus
from linghun.core.home import MemoryHome
from linghun.core.llm import LLMProvider, ReplayProvider

#: what each role's comparison looks at (besides its decisions and status)
COMPARED_OUTPUTS = {
    "feedback": ("overlap", "hit", "recorded"),
    "debounce": (),
    "judge": ("level", "strategy", "query", "by"),
    "retriever": ("mode", "k", "hits", "candidates", "gap", "truncated"),
    "archivist": ("finding", "cached"),
    "advocate": ("block",),
    "editor": ("bundle", "chars", "by"),
    "scribe": ("turn", "assembled"),
}


@dataclass
class Rerun:
    original: dict[str, Any]
    result: RoundResult
    differences: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        return not self.differences

    def to_dict(self) -> dict[str, Any]:
        return {"original": self.original["header"]["round"], "replay": self.result.round_id,
                "status": self.result.status, "identical": self.identical,
                "differences": self.differences, "warnings": self.warnings, "bundle": self.result.bundle}


def rerun(home: MemoryHome, round_id: str, overrides: Mapping[str, Any] | list[str] | None = None, *,
          llm: str = "replay", provider: LLMProvider | None = None, bus: EventBus | None = None,
          keep_trace: bool = True, cancel: "threading.Event | None" = None) -> Rerun:
    """Run ``round_id`` again (dry run) with ``overrides`` and compare it with the original.

    ``cancel`` is passed to the round, which stops before its next role once it is set.
    """
    store = TraceStore(home)
    original = store.load(round_id)
    header = original["header"]
    config = AssemblerConfig(header.get("config") or {})
    if overrides:
        config = config.with_overrides(overrides)
    warnings = []
    if llm == "replay":
        recorded = [e for e in original["exchanges"]]
        if header.get("llm") == "offline" or not recorded:
            provider, label = None, "offline"
            if header.get("llm") != "offline":
                warnings.append("the original round made no LLM call: replaying offline")
        else:
            provider, label = ReplayProvider(recorded, strict=not overrides, model=header.get("model")), "replay"
    elif llm == "offline":
        provider, label = None, "offline"
    elif llm in ("openai", "live"):
        if provider is None:
            raise InvalidInputError("a live re-run needs a configured LLM provider")
        label = "openai"
    else:
        raise InvalidInputError(f"unknown LLM mode {llm!r} (replay, offline, openai)")
    assembler = Assembler(home, config=config, provider=provider, llm_label=label, bus=bus,
                          debouncer=Debouncer(), keep_traces=keep_trace)
    inputs = RoundInputs.from_dict(header["inputs"])
    if warm_digest(home)["warm_sha256"] != header.get("warm_sha256"):
        warnings.append("warm.md changed since the original round: retrieval may differ for that reason")
    result = assembler.run(header.get("query", ""), session=header.get("session", "default"), inputs=inputs,
                           dry_run=True, replay_of=round_id, cancel=cancel)
    new = {"header": result.trace.header, "spans": [s.to_dict() for s in result.trace.spans],
           "result": result.trace.result}
    return Rerun(original, result, diff_rounds(original, new), warnings)


def diff_rounds(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """Readable differences between two loaded rounds (``TraceStore.load`` shape); [] when equal."""
    out: list[str] = []
    ca, cb = (a["header"].get("config") or {}), (b["header"].get("config") or {})
    for key in sorted(_flatten(ca).keys() | _flatten(cb).keys()):
        va, vb = _flatten(ca).get(key), _flatten(cb).get(key)
        if va != vb:
            out.append(f"settings: {key}: {json.dumps(va, ensure_ascii=False)} -> {json.dumps(vb, ensure_ascii=False)}")
    spans_a = {s["role"]: s for s in a["spans"]}
    spans_b = {s["role"]: s for s in b["spans"]}
    for role in _ordered(spans_a, spans_b):
        sa, sb = spans_a.get(role), spans_b.get(role)
        if sa is None or sb is None:
            out.append(f"{role}: {'missing in the original' if sa is None else 'missing in the re-run'}")
            continue
        if sa.get("status") != sb.get("status"):
            out.append(f"{role}: status {sa.get('status')} -> {sb.get('status')}")
        for key in COMPARED_OUTPUTS.get(role, ()):
            va, vb = (sa.get("outputs") or {}).get(key), (sb.get("outputs") or {}).get(key)
            if va == vb:
                continue
            if isinstance(va, str) and isinstance(vb, str) and ("\n" in va or "\n" in vb or len(va) > 60):
                diff = difflib.unified_diff(va.splitlines(), vb.splitlines(), "original", "re-run", lineterm="", n=1)
                out.append(f"{role}.{key}:\n" + "\n".join("    " + line for line in diff))
            else:
                out.append(f"{role}.{key}: {_short(va)} -> {_short(vb)}")
        ids_a = [_candidate_key(c) for c in sa.get("candidates") or []]
        ids_b = [_candidate_key(c) for c in sb.get("candidates") or []]
        if ids_a != ids_b:
            gone = [i for i in ids_a if i not in ids_b]
            new = [i for i in ids_b if i not in ids_a]
            out.append(f"{role}.candidates: {len(ids_a)} -> {len(ids_b)}"
                       + (f", dropped {gone}" if gone else "") + (f", added {new}" if new else "")
                       + ("" if gone or new else ", order changed"))
        da = [(d.get("what"), d.get("choice")) for d in sa.get("decisions") or []]
        db = [(d.get("what"), d.get("choice")) for d in sb.get("decisions") or []]
        if da != db:
            out.append(f"{role}.decisions: {_short(da)} -> {_short(db)}")
    return out


def _candidate_key(c: dict[str, Any]) -> str:
    """Warm entry ids live only inside one process; ``[n]`` names an entry across processes."""
    return f"[{c['n']}]" if c.get("n") else str(c.get("id"))


def _ordered(a: dict, b: dict) -> list[str]:
    roles = list(a) + [r for r in b if r not in a]
    return roles


def _flatten(d: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(d, dict) or not d:
        return {prefix.rstrip("."): d} if prefix else {}
    out: dict[str, Any] = {}
    for k, v in d.items():
        if isinstance(v, dict) and v:
            out.update(_flatten(v, f"{prefix}{k}."))
        else:
            out[f"{prefix}{k}"] = v
    return out


def _short(value: Any, n: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= n else text[: n - 1] + "…"
