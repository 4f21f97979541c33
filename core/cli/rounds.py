"""``linghun round``, ``linghun rounds`` and ``linghun replay``: assembler rounds from the shell.

- ``linghun round "question" [--llm offline|openai|replay] [--set key=value]...`` runs one round
  and prints its trace role by role (``--json`` for the whole result).
- ``linghun rounds [--limit N] [--show ROUND_ID]`` lists past rounds, or prints one.
- ``linghun replay ROUND_ID [--set key=value]... [--llm replay|offline|openai]`` re-runs a round
  from its trace (dry run) and shows what changed.

Settings: the ``assembler`` and ``llm`` objects of the home's ``workbench.json``, then ``--set``.
"""
from __future__ import annotations

import argparse
import sys
import json
from typing import Any

from linghun.core import installed_models
from linghun.core.cli import emit, home_of, not_blank
from linghun.core.errors import InvalidInputError

# The assembler and the LLM clients are imported by the commands that run them: every other
# ``linghun`` command starts without them (they cost most of a second).

ROLE_MARKS = {"feedback": "反馈", "debounce": "防抖", "judge": "判官", "retriever": "捞手", "archivist": "史官",
              "advocate": "辩手", "editor": "编辑", "scribe": "书记"}


def _overrides(args: argparse.Namespace) -> dict[str, str]:
    from linghun.core.assembler.config import parse_assignment

    return dict(parse_assignment(item) for item in (args.set or []))


def _provider(args: argparse.Namespace, home, llm_settings, store: TraceStore, query: str | None):
    from linghun.core.llm import ReplayProvider, provider_from_settings

    mode = args.llm
    if mode == "offline":
        return None, "offline"
    if mode == "openai":
        if args.stream:
            llm_settings.stream = True
        provider = provider_from_settings(llm_settings)
        if provider is None:
            raise InvalidInputError("--llm openai needs an API key: set DEEPSEEK_API_KEY or OPENAI_API_KEY "
                                    "(or llm.apiKey in workbench.json)")
        return provider, "openai"
    if mode == "replay":
        source = args.tape or store.latest(query)
        if source is None:
            raise InvalidInputError("--llm replay needs a recorded round (--tape ROUND_ID, or an earlier round "
                                    "with the same question)")
        # a new round on a home that moved on: the recorded answers are given in order (a tape)
        exchanges = store.load(source)["exchanges"]
        return ReplayProvider(exchanges, ignore_prompts=True), "replay"
    # auto: a provider when a key is configured, else offline
    provider = provider_from_settings(llm_settings)
    return provider, "offline" if provider is None else "openai"


def cmd_round(args: argparse.Namespace) -> int:
    from linghun.core.assembler.round import Assembler
    from linghun.core.assembler.trace import TraceStore
    from linghun.core.assembler.config import load_home_settings, streaming_config

    home = home_of(args, existing=True)
    config, llm_settings = load_home_settings(home)
    overrides = _overrides(args)
    if args.stream:
        overrides["assemble.stream"] = "true"
    if overrides:
        config = config.with_overrides(overrides)
    store = TraceStore(home)
    provider, label = _provider(args, home, llm_settings, store, args.question)
    config = streaming_config(config, llm_settings, label == "openai")
    missing = installed_models.missing_for(config)
    for warning in config.warnings + ([missing] if missing else []):  # named, never fatal
        print(f"linghun: warning: {warning}", file=sys.stderr)
    assembler = Assembler(home, config=config, provider=provider, llm_label=label)
    if args.stream and not args.json:
        from linghun.core.events import bus

        unsubscribe = bus.subscribe("trace.delta", lambda e: print(e.payload["text"], end="", flush=True))
    else:
        unsubscribe = None
    try:
        result = assembler.run(args.question, session=args.session, dry_run=args.dry_run)
    finally:
        if unsubscribe:
            unsubscribe()
            print()
    loaded = {"header": result.trace.header, "spans": [s.to_dict() for s in result.trace.spans],
              "result": result.trace.result}
    notes = [f"replay tape: {m}" for m in getattr(provider, "mismatches", [])]
    emit(args, {**result.to_dict(), "notes": notes},
         lambda _r: "\n".join([render_round(loaded, verbose=args.verbose)] + notes))
    # degraded: the LLM failed and the round did what the seed promises (never block the conversation)
    return 0 if result.status in ("ok", "degraded", "debounced", "skipped") else 1


def cmd_rounds(args: argparse.Namespace) -> int:
    from linghun.core.assembler.trace import TraceStore

    store = TraceStore(home_of(args, existing=True))
    if args.show:
        loaded = store.load(args.show)
        emit(args, loaded, lambda _r: render_round(loaded, verbose=args.verbose))
        return 0
    rows = store.rounds(limit=args.limit)
    for name, count in sorted(store.torn.items()):
        print(f"linghun: {name}: {count} line(s) cut short by a crash or a full disk were skipped", file=sys.stderr)
    emit(args, rows, lambda rs: "\n".join(
        f"{r['round']}  {r['status']:<9} {str(r.get('level') or '-'):<6} {str(r.get('strategy') or '-'):<24} "
        f"{r.get('llm') or '':<8} {(r.get('query') or '')[:60]}" + (f"  (replay of {r['replay_of']})" if r.get("replay_of") else "")
        + ("  (dry run)" if r.get("dry_run") and not r.get("replay_of") else "")
        for r in rs) or "(no rounds recorded yet)")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from linghun.core.assembler.config import load_home_settings
    from linghun.core.assembler.replay import rerun
    from linghun.core.llm import provider_from_settings

    home = home_of(args, existing=True)
    provider = None
    if args.llm == "openai":
        _config, llm_settings = load_home_settings(home)
        provider = provider_from_settings(llm_settings)
        if provider is None:
            raise InvalidInputError("--llm openai needs an API key (DEEPSEEK_API_KEY or OPENAI_API_KEY)")
    outcome = rerun(home, args.round_id, _overrides(args), llm=args.llm, provider=provider)

    def text(_r: Any) -> str:
        lines = [f"re-run {outcome.result.round_id} of {args.round_id}: {outcome.result.status}"]
        lines += [f"warning: {w}" for w in outcome.warnings]
        if outcome.identical:
            lines.append("no difference from the original round")
        else:
            lines.append(f"{len(outcome.differences)} difference(s):")
            lines += [f"  {d}" for d in outcome.differences]
        if args.verbose:
            loaded = {"header": outcome.result.trace.header,
                      "spans": [s.to_dict() for s in outcome.result.trace.spans], "result": outcome.result.trace.result}
            lines += ["", render_round(loaded, verbose=True)]
        return "\n".join(lines)

    emit(args, outcome.to_dict(), text)
    return 0


# -- the readable trace ----------------------------------------------------------------------

def render_round(loaded: dict[str, Any], verbose: bool = False) -> str:
    """A round's trace as text, role by role."""
    header, result = loaded["header"], loaded.get("result") or {}
    lines = [f"round {header['round']}  「{header.get('query', '')}」  session {header.get('session')}  "
             f"llm {header.get('llm')} ({header.get('model')})"
             + (f"  replay of {header['replay_of']}" if header.get("replay_of") else "")]
    for span in loaded["spans"]:
        mark = ROLE_MARKS.get(span["role"], "")
        status = span.get("status", "ok")
        lines.append(f"\n{span['seq']}. {span['role']} {mark}  [{status}]  {span.get('duration_ms', 0):.1f} ms")
        if span.get("error"):
            lines.append(f"   ! {span['error']}")
        for d in span.get("decisions") or []:
            choice = d.get("choice")
            choice = json.dumps(choice, ensure_ascii=False) if not isinstance(choice, str) else choice
            lines.append(f"   - {d.get('what')}: {choice}  ({d.get('reason')})")
        if span["role"] == "retriever":
            for c in (span.get("candidates") or [])[: None if verbose else 8]:
                terms = ", ".join(f"{t} {v:.2f}" for t, v in sorted((c.get("terms") or {}).items(), key=lambda kv: -kv[1])[:4])
                where = f"[{c['n']}]" if c.get("n") else c.get("id")
                lines.append(f"     {c.get('via'):<8} {where} score {c.get('score', 0):.2f}"
                             + (f" rank {c['rank']}" if c.get("rank") else "") + (f"  ({terms})" if terms else ""))
            shown = len(span.get("candidates") or [])
            if not verbose and shown > 8:
                lines.append(f"     … {shown - 8} more (--verbose)")
            for c in span.get("near_misses") or []:
                lines.append(f"     near miss [{c.get('n')}] rank {c.get('rank')} score {c.get('score', 0):.2f}")
        for call in span.get("llm") or []:
            if call.get("error"):
                lines.append(f"   llm #{call['index']}: error {call['error'].get('message')}")
            else:
                source = call.get("usage_source")  # "reported" (or absent: an older trace) goes unsaid
                lines.append(f"   llm #{call['index']}: {call.get('model')} {call.get('prompt_tokens')}+"
                             f"{call.get('completion_tokens')} tokens"
                             + (f" ({source})" if source in ("counted", "estimated") else "")
                             + f", {call.get('latency_ms')} ms")
            if verbose:
                for m in call.get("prompt") or []:
                    lines.append(f"     <{m['role']}> {m['content']}")
                lines.append(f"     <reply> {call.get('response')}")
        outputs = span.get("outputs") or {}
        if span["role"] == "archivist" and outputs.get("finding"):
            lines.append(f"   {outputs['finding']}")
        if span["role"] == "advocate" and outputs.get("block"):
            lines.append("   " + outputs["block"].replace("\n", "\n   "))
        for f in span.get("files") or []:
            lines.append(f"   {f['action']} {f['path']} ({f['bytes']} bytes)")
            if verbose and f.get("diff"):
                lines.append("     " + f["diff"].rstrip("\n").replace("\n", "\n     "))
    why = "reason" if result.get("status") == "degraded" else "error"
    lines.append(f"\n=> {result.get('status')}  {result.get('duration_ms', 0):.1f} ms"
                 + (f"  {why}: {result['error']}" if result.get("error") else ""))
    if result.get("bundle"):
        lines.append(result["bundle"])
    return "\n".join(lines)


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("round", parents=[parent], help="run one assembler round and print its trace")
    p.add_argument("question", type=not_blank)
    p.add_argument("--llm", choices=["auto", "offline", "openai", "replay"], default="auto",
                   help="auto: the configured provider when a key is set, else offline")
    p.add_argument("--tape", metavar="ROUND_ID", help="with --llm replay: the round whose LLM answers to use")
    p.add_argument("--session", default="cli", help="debounce is kept per session")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="assembler setting, e.g. retrieval.mode=always")
    p.add_argument("--stream", action="store_true", help="stream the editor's reply")
    p.add_argument("--dry-run", action="store_true",
                   help="write nothing in the home (only the round's trace): see what a round would do")
    p.add_argument("-v", "--verbose", action="store_true", help="prompts, replies, all candidates, file diffs")
    p.set_defaults(func=cmd_round)

    p = subparsers.add_parser("rounds", parents=[parent], help="list past assembler rounds")
    p.add_argument("--limit", type=int, default=20)
    p.add_argument("--show", metavar="ROUND_ID", help="print one round's trace")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(func=cmd_rounds)

    p = subparsers.add_parser("replay", parents=[parent], help="re-run a round from its trace and diff it")
    p.add_argument("round_id")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", help="changed assembler setting")
    p.add_argument("--llm", choices=["replay", "offline", "openai"], default="replay")
    p.add_argument("-v", "--verbose", action="store_true")
    p.set_defaults(func=cmd_replay)
