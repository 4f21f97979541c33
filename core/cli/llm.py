"""``linghun llm show`` and ``linghun llm test``: the provider in use, and the connection test of
*Settings*, from the shell.

``show`` prints the endpoint, model and key source the home's settings and the environment
resolve to (workbench.json > environment > preset; ``core.llm.settings``), each with where it
came from; the key itself is never printed.

One request for one token with the home's LLM settings (``workbench.json`` ``llm``, then the
environment's key) and their timeout; prints which model answered and how fast, or what went wrong
with the key scrubbed. Exit 0 when it answered, 8 (LLM error) when not, 2 when no LLM is set up.
"""
from __future__ import annotations

import argparse

from linghun.core import installed_models
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
    emit(args, result, lambda r: r.describe())
    return 0 if result.ok else 8


def cmd_show(args: argparse.Namespace) -> int:
    from linghun.core.assembler.config import load_home_settings

    config, settings = load_home_settings(home_of(args))
    resolved = settings.resolve()
    # the search by meaning is a local model, not the provider, but it is the other model a round uses
    result = {"offline": resolved is None, "meaning": installed_models.describe(bool(config.get("retrieval.meaning"))),
              "embeddings": installed_models.describe_embeddings(bool(config.get("retrieval.embeddings")))}
    if resolved is not None:
        result.update(endpoint=resolved.base_url, endpoint_from=resolved.url_source, model=resolved.model,
                      model_from=resolved.model_source, key_from=resolved.key_source, preset=resolved.preset)
    provider = (resolved.describe() if resolved is not None else
                "offline: no key for the endpoint (give llm.apiKey in workbench.json, or set LINGHUN_API_KEY, "
                "OPENAI_API_KEY with OPENAI_BASE_URL, or DEEPSEEK_API_KEY)")
    emit(args, result, lambda r: f"{provider}\nsearch by meaning: {r['meaning']}\nembeddings: {r['embeddings']}")
    return 0


def register(subparsers, parent: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser("llm", help="the configured LLM provider")
    sub = p.add_subparsers(dest="llm_command", metavar="COMMAND", required=True)
    s = sub.add_parser("test", parents=[parent], help="ask the configured model for one token")
    s.add_argument("--timeout", type=float, help="seconds to wait (default: the llm.timeout setting, 60)")
    s.set_defaults(func=cmd_test)
    s = sub.add_parser("show", parents=[parent], help="the endpoint, model and key source in use, and where each came from")
    s.set_defaults(func=cmd_show)
