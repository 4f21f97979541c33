"""``linghun export`` and ``linghun import``: warm entries to and from other memory systems
(JSONL of our own, mem0, Letta, Basic Memory / Obsidian notes; ``core.exchange``)."""
from __future__ import annotations

import argparse
from pathlib import Path

from linghun.core.cli import emit, home_of

# the formats are repeated here, not imported: the parser of every command is built without the
# memory modules (start-up time); tests/core/test_exchange.py checks they are core.exchange's
EXPORT_FORMATS = ("jsonl", "markdown", "mem0")
IMPORT_FORMATS = ("jsonl", "mem0", "letta", "markdown")


def cmd_export(args: argparse.Namespace) -> None:
    # imported here for start-up time, as core/cli/memory.py does
    from linghun.core.exchange import export_home
    from linghun.core.memory import Memory

    n = export_home(Memory(home_of(args, existing=True)), args.format, Path(args.out))
    emit(args, {"format": args.format, "out": args.out, "entries": n},
         f"exported {n} entr{'y' if n == 1 else 'ies'} to {args.out} ({args.format})")


def cmd_import(args: argparse.Namespace) -> None:
    # imported here for start-up time, as in cmd_export
    from linghun.core.exchange import import_into
    from linghun.core.memory import Memory

    memory = Memory(home_of(args))  # a dry run into a new home previews it all
    result = import_into(memory, args.format, Path(args.source), dry_run=args.dry_run)
    emit(args, result, _text)


def _text(result) -> str:
    verb = "would add" if result.dry_run else "added"
    lines = [f"{verb}: [{r.kind}] {r.confidence or '-'} {r.stamp}: {' '.join(r.body.split())[:80]}"
             for r in result.added] if result.dry_run else []
    lines += [f"skipped (already in the home): {' '.join(r.body.split())[:80]}" for r in result.skipped]
    lines.append(f"{verb} {len(result.added)} entr{'y' if len(result.added) == 1 else 'ies'}, skipped "
                 f"{len(result.skipped)} duplicate(s) from {result.source} ({result.format})"
                 + ("; nothing was written" if result.dry_run else ""))
    return "\n".join(lines)


def register(sub, parent) -> None:
    p = sub.add_parser("export", parents=[parent], help="write the warm entries as JSONL, Markdown notes or mem0 JSON")
    # no argparse choices: a format it does not know is refused by core.exchange in one line
    # (argparse adds its usage), as bad input is everywhere else
    p.add_argument("--format", required=True, help=" | ".join(EXPORT_FORMATS))
    p.add_argument("out", help="the file to write (a new or empty folder for markdown)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("import", parents=[parent], help="add warm entries from JSONL, mem0, Letta or Markdown notes")
    p.add_argument("--format", required=True, help=" | ".join(IMPORT_FORMATS))
    p.add_argument("source", help="the file (or folder, for markdown and Letta Code memory) to read")
    p.add_argument("--dry-run", action="store_true", help="show what would be written, write nothing")
    p.set_defaults(func=cmd_import)

