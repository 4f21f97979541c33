"""``linghun tools schema``, ``linghun tool NAME --args JSON`` and ``linghun mcp``: the agent tool
surface of ``core.tools`` from the command line, and the MCP server over stdio."""
from __future__ import annotations

import argparse
import json
import sys

from linghun.core.cli import emit, home_of, read_stdin
from linghun.core.errors import InvalidInputError


def cmd_schema(args: argparse.Namespace) -> None:
    from linghun.core import tools

    schemas = tools.schemas()
    if args.name:
        schemas = [tools.get(args.name).schema()]
    # the schema is JSON whatever the flags: it is meant for a program
    print(json.dumps(schemas if not args.name else schemas[0], ensure_ascii=False, indent=2))


def cmd_list(args: argparse.Namespace) -> None:
    from linghun.core import tools

    rows = [{"name": t.name, "description": t.description} for t in tools.TOOLS.values()]
    emit(args, rows, lambda r: "\n".join(f"{x['name']:<20} {x['description'].split('. ')[0]}" for x in r))


def cmd_tool(args: argparse.Namespace) -> int:
    from linghun.core import tools

    raw = read_stdin() if args.args == "-" else args.args
    try:
        arguments = json.loads(raw) if raw and raw.strip() else {}
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"--args is not valid JSON: {exc}") from None
    provider = False if args.offline else None
    result = tools.dispatch(home_of(args), args.name, arguments, provider=provider)
    text = result.get("text") if isinstance(result.get("text"), str) and not args.json else None
    emit(args, result, text if text is not None else json.dumps(result, ensure_ascii=False, indent=2))
    return 0


def cmd_mcp(args: argparse.Namespace) -> None:
    from linghun.core.mcp_server import run  # the server and the settings load for this command only (start-up time)
    from linghun.core.settings import team_workspace

    home = home_of(args)
    # the seed's ready line, on stderr: stdout carries the protocol
    print(f"linghun mcp: memory home {home.root}; team workspace {team_workspace(home)}", file=sys.stderr, flush=True)
    run(home, provider=False if args.offline else None)


def register(subparsers, parent) -> None:
    tools_p = subparsers.add_parser("tools", help="the agent tools: list them or print their schemas")
    sub = tools_p.add_subparsers(dest="tools_command", metavar="ACTION", required=True)
    p = sub.add_parser("schema", parents=[parent], help="OpenAI function-calling schemas of every tool (JSON)")
    p.add_argument("name", nargs="?", help="only this tool")
    p.set_defaults(func=cmd_schema)
    p = sub.add_parser("list", parents=[parent], help="tool names and what they do")
    p.set_defaults(func=cmd_list)

    p = subparsers.add_parser("tool", parents=[parent], help="run one agent tool: linghun tool NAME --args JSON")
    p.add_argument("name", help="the tool name (see: linghun tools list)")
    p.add_argument("--args", default="{}", help="the arguments as a JSON object ('-' reads standard input)")
    p.add_argument("--offline", action="store_true", help="never call an LLM (memory_project)")
    p.set_defaults(func=cmd_tool)

    p = subparsers.add_parser("mcp", parents=[parent], help="serve the agent tools over MCP on stdio")
    p.add_argument("--offline", action="store_true", help="never call an LLM (memory_project)")
    p.set_defaults(func=cmd_mcp, long_lived=True)
