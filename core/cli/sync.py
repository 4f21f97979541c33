"""``linghun sync``: push and pull the home's history through a git remote (``core.sync``)."""
from __future__ import annotations

import argparse
import sys

from linghun.core.cli import emit, home_of


def cmd_sync(args: argparse.Namespace) -> int:
    # imported here for start-up time: the parser of every command is built without libgit2
    from linghun.core.sync.engine import sync

    home = home_of(args)
    result = sync(home, remote=args.remote, pull=not args.push_only, push=not args.pull_only, dry_run=args.dry_run,
                  interactive=sys.stdin.isatty())
    emit(args, result, _text)
    return 0


def _text(result) -> str:
    lines = []
    if result.files_in:
        verb = "would change" if result.dry_run else "changed"
        lines += [f"{verb}: {rel}" for rel in result.files_in]
    for c in result.conflicts:
        lines.append(f"conflict {c['id']} in {c['file']} ({c['what']}): {c['note']}"
                     + ("" if result.dry_run else " -> linghun review show " + c["id"]))
    lines.append(result.summary() + ("; nothing was written (dry run)" if result.dry_run else ""))
    return "\n".join(lines)


def register(sub, parent) -> None:
    p = sub.add_parser("sync", parents=[parent],
                       help="pull and push the home's history through a git remote (merged by entry)")
    p.add_argument("--remote", help="the git remote: a bare repository's path, an ssh or https URL "
                                    "(kept for next time; your own git credentials are used)")
    only = p.add_mutually_exclusive_group()
    only.add_argument("--pull", dest="pull_only", action="store_true", help="only take the remote's changes")
    only.add_argument("--push", dest="push_only", action="store_true",
                      help="only send this home's changes (refused when the remote has changes not merged yet)")
    p.add_argument("--dry-run", action="store_true",
                   help="fetch and show what would be merged and sent; write nothing to the home or the remote")
    p.set_defaults(func=cmd_sync)
