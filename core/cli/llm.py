"""``linghun llm test``: the connection test of *Settings*, from the shell.

One request for one token with the home's LLM settings (``workbench.json`` ``llm``, then the
environment's key) and their timeout; prints which model answered and how fast, or what went wrong
with the key scrubbed. Exit 0 when it answered, 8 (LLM error) when not, 2 when no LLM is set up.
"""
from __future__ import annotations

import argparse

from linghun.core.cli import emit, home_of
from linghun.core.errors import InvalidInputError


def cmd_test(args: argparse.Namespace) -> int:
    from linghun.core.assembler.config import load_home_settings
    from linghun.core.llm.probe import probe

    _config, settings = load_home_settings(home_of(args))
    if args.timeout is not None:
        settings.timeout = args.timeout
        settings.validate()
    if settings.resolve() is None:
        raise InvalidInputError("no LLM is set up: give llm.apiKey in workbench.json, or set "
                                "DEEPSEEK_API_KEY / OPENAI_API_KEY / LINGHUN_API_KEY")
    result = probe(settings)
    emit(args, result, lambda r: (f"ok: {r.model} answered in {r.latency_ms:.0f} ms ({r.endpoint})" if r.ok
                                  else f"failed: {r.error}"))
    return 0 if result.ok else 8


def register(subparsers, parent: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser("llm", help="the configured LLM provider")
    sub = p.add_subparsers(dest="llm_command", metavar="COMMAND", required=True)
    s = sub.add_parser("test", parents=[parent], help="ask the configured model for one token")
    s.add_argument("--timeout", type=float, help="seconds to wait (default: the llm.timeout setting, 60)")
    s.set_defaults(func=cmd_test)
