"""``linghun context``, ``linghun turn`` and ``linghun chat``: the agent's side of the memory.

- ``linghun context [QUESTION] [--json]`` prints what the agent is shown (CONTEXT.md), part by
  part; with a question the bundle is the one a dry-run round assembles for it (nothing written).
- ``linghun turn MESSAGE [--answer TEXT] [--session S]`` runs the per-message cycle (round,
  bundle to the inject path, context) and journals the turn; ``--answer`` records the reply.
- ``linghun chat`` is a minimal agent on the ``openai`` client (core.chat).
"""
from __future__ import annotations

import argparse
import sys

from linghun.core import limits
from linghun.core.cli import check_length, emit, home_of, stdin_lines, within
from linghun.core.errors import NotFoundError


def _existing_home(args: argparse.Namespace):
    home = home_of(args)
    if not home.exists():
        raise NotFoundError(f"no memory home at {home.root} (give --home or set DSH_HOME)")
    return home


def format_context(ctx) -> str:
    """The context text, then one line per part: its size against its budget."""
    lines = [ctx.text(), "", "—" * 40]
    for p in ctx.parts:
        budget = f"/ {p.budget}" if p.budget else "(no budget)"
        cut = f"  cut from {p.full_chars}" if p.truncated else ""
        lines.append(f"{p.key:<11} {p.chars:>6} {budget}{cut}")
    lines.append(f"{'total':<11} {len(ctx.text()):>6}")
    lines += [f"note: {n}" for n in ctx.notes]
    return "\n".join(lines)


def _provider(home):
    from linghun.core.llm import provider_for_home

    return provider_for_home(home)


def _warn(ctx) -> None:
    """The settings' warnings (unknown keys, a missing meaning model) on stderr, whatever the format."""
    for warning in ctx.warnings:
        print(f"linghun: warning: {warning}", file=sys.stderr)


def cmd_context(args: argparse.Namespace) -> int:
    from linghun.core.context import compose

    home = _existing_home(args)
    provider = None if args.offline else _provider(home)
    ctx = compose(home, args.question or "", run_round=bool(args.question), provider=provider)
    _warn(ctx)
    emit(args, ctx, format_context)
    return 0


def cmd_turn(args: argparse.Namespace) -> int:
    from linghun.core.turn import run_turn

    home = _existing_home(args)
    provider = None if args.offline else _provider(home)
    turn = run_turn(home, args.message, answer=args.answer, session=args.session, provider=provider,
                    llm_label=None if provider else "offline")
    _warn(turn.context)

    def text(t) -> str:
        r = t.round
        decision = r.get("decision") or {}
        head = (f"turn {t.id} · round {r['id']} {r['status']}"
                + (f" · {decision.get('level')}/{decision.get('strategy')}" if decision else "")
                + (f" · gap" if r.get("gap") else "") + (f" · {r['error']}" if r.get("error") else ""))
        journal = "journaled" if t.journaled else "not journaled"
        return f"{head}\n{journal}: {t.message[:60]}\n\n{format_context(t.context)}"

    emit(args, turn, text)
    return 0


NO_LLM = ("No LLM is configured (set DEEPSEEK_API_KEY or OPENAI_API_KEY, or llm in workbench.json); "
          "this is the context the model would get:")


def cmd_chat(args: argparse.Namespace) -> int:
    """Each line of standard input (or each --message) is one user message."""
    import json

    from linghun.core.chat import ChatAgent

    home = _existing_home(args)
    provider = None if args.offline else _provider(home)
    agent = ChatAgent(home, provider, session=args.session, on_tool=lambda c: print(
        f"  ⚙ {c['name']} {json.dumps(c['arguments'], ensure_ascii=False)} -> "
        f"{'ok' if c['result'].get('ok') else 'error'}", flush=True))
    messages = args.message or (check_length(line.strip(), limits.MAX_MESSAGE_CHARS, "the message")
                                for line in stdin_lines())
    try:
        for message in messages:
            if not message:
                continue
            print(f"you> {message}", flush=True)
            reply = agent.send(message)
            if reply.offline:
                print(NO_LLM)
                print(reply.turn.context.text())
            elif reply.error:
                print(f"linghun: the LLM failed: {reply.error}", file=sys.stderr)
            else:
                print(f"agent> {reply.answer}", flush=True)
            for note in reply.notes:  # what a local model's reply gave up (core.chat)
                print(f"  · {note}", flush=True)
    finally:
        close = getattr(provider, "close", None)
        if callable(close):
            close()
    return 0


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("context", parents=[parent],
                              help="what the agent is shown: every part in order, sizes against budgets")
    p.add_argument("question", nargs="?", type=within(limits.MAX_MESSAGE_CHARS, "the question"),
                   help="the user's question (runs a dry-run round for its bundle)")
    p.add_argument("--offline", action="store_true", help="never call an LLM")
    p.set_defaults(func=cmd_context)

    p = subparsers.add_parser("turn", parents=[parent],
                              help="one turn for a user message: round, bundle, context, journal")
    p.add_argument("message", type=within(limits.MAX_MESSAGE_CHARS, "the message"), help="the user's message")
    p.add_argument("--answer", type=within(limits.MAX_ANSWER_CHARS, "the answer"),
                   help="the agent's reply, journaled with the message")
    p.add_argument("--session", default="default", help="conversation id (debounce is per session)")
    p.add_argument("--offline", action="store_true", help="never call an LLM")
    p.set_defaults(func=cmd_turn)

    p = subparsers.add_parser("chat", parents=[parent],
                              help="a minimal agent: each message runs a turn, the model may call the memory tools")
    p.add_argument("--message", "-m", action="append", type=within(limits.MAX_MESSAGE_CHARS, "the message"),
                   help="a user message (repeat; default: read lines from stdin)")
    p.add_argument("--session", default="chat", help="conversation id")
    p.add_argument("--offline", action="store_true", help="no LLM: show the context the model would get")
    p.set_defaults(func=cmd_chat, long_lived=True)
