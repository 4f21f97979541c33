"""``linghun watch`` and ``linghun history``: the home's versions from the shell.

- ``linghun watch [--interval S] [--once]`` records every change made to the home (by the agent or
  anyone) into its history, with no GUI: what an agent's machine runs beside the agent.
- ``linghun history [log] [PATH] [--until T]`` lists the captured states, or the versions of one
  file; ``history show PATH --at T | --commit C`` prints a file as it stood;
  ``history blame "[n]"`` the versions of one warm entry with their writers;
  ``history restore PATH --commit C`` (or ``--entry "[n]"``) shows the diff of bringing a version
  back, and writes it with ``--yes``;
  ``history prune [--keep-days N]`` applies the retention setting; ``history checkout --at T DIR``
  writes the whole home as it stood; ``history scrub [--dry-run]`` takes the keys out of states
  captured before the history kept them out (``core/secret_fields.py``).
"""
from __future__ import annotations

import argparse
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from linghun.core.cli import emit, home_of
from linghun.core.errors import InvalidInputError, NotFoundError

if TYPE_CHECKING:  # the store imports libgit2: only the history commands load it, not every command
    from linghun.core.history.store import HomeHistory

#: the writer ``linghun watch`` records by default (``core.history.capture.AGENT``, which the
#: parser does not import: ``linghun --help`` starts without the history modules)
DEFAULT_WRITER = "agent"


def parse_moment(text: str | None) -> datetime | None:
    """``2026-10-07``, ``2026-10-07 11:00`` or any ISO 8601 time; no zone means local time."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInputError(f"not a time: {text!r} (use e.g. 2026-10-07 or '2026-10-07 11:00')") from None
    if len(text.strip()) == 10:  # a day: its end
        moment = moment.replace(hour=23, minute=59, second=59)
    return moment if moment.tzinfo else moment.astimezone()


def _history(args: argparse.Namespace) -> HomeHistory:
    # imported when a history command runs, for start-up time (see DEFAULT_WRITER)
    from linghun.core.history import capture

    home = home_of(args)
    if not home.exists():
        raise NotFoundError(f"no memory home at {home.root} (give --home or set DSH_HOME)")
    history = capture.history_of(home)
    if history is None:
        raise InvalidInputError("history is turned off for this home (history.enabled in workbench.json)")
    return history


def _entry_number(text: str) -> int:
    try:
        return int(text.strip().strip("[]"))
    except ValueError:
        raise InvalidInputError(f"not an entry number: {text!r} (use e.g. \"[7]\")") from None


def cmd_watch(args: argparse.Namespace) -> int:
    from linghun.core.history import capture  # start-up time, as in _history

    history = _history(args)
    keep = capture.history_settings(history.home)["keepDays"]
    if keep:
        history.prune(int(keep))
    first = history.scan(args.writer)
    if args.once:
        emit(args, {"commit": first, "history": str(history.path)},
             lambda r: f"recorded {r['commit'][:10]}" if r["commit"] else "no change")
        return 0
    print(f"watching {history.home.root} -> {history.path} (every {args.interval:g} s; Ctrl-C stops)",
          file=sys.stderr, flush=True)
    while True:
        time.sleep(args.interval)
        commit = history.scan(args.writer)
        if commit:
            print(f"{datetime.now():%H:%M:%S} recorded {commit[:10]}", flush=True)


def cmd_log(args: argparse.Namespace) -> int:
    history = _history(args)
    until = parse_moment(args.until)
    if args.path:
        rows = [v.to_dict() for v in history.versions(args.path, until)[: args.limit]]
    else:
        rows = []
        for commit in history.commits(until):
            rows.append(history.version_of(commit).to_dict())
            if len(rows) >= args.limit:
                break
    emit(args, rows, lambda rs: "\n".join(
        f"{r['commit'][:10]}  {r['when']}  {r['writer']:<10} {', '.join(r['paths'])}" for r in rs) or "no history yet")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    history = _history(args)
    data = history.read(args.path, parse_moment(args.at), args.commit)
    if data is None:
        raise NotFoundError(f"{args.path} has no version at that time")
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
    return 0


def cmd_blame(args: argparse.Namespace) -> int:
    # imported here, not at the top: the store loads libgit2, which only history commands pay for
    from linghun.core.fsio import read_text
    from linghun.core.history.entries import blame, diff, key_for_number

    history = _history(args)
    text = read_text(history.home.warm) or ""
    try:
        ref = key_for_number(text, _entry_number(args.entry))
    except IndexError:
        raise NotFoundError(f"no entry {args.entry} in warm.md") from None
    result = blame(history, ref, parse_moment(args.until))

    def render(r: dict) -> str:
        lines = []
        versions = r["versions"]
        for i, v in enumerate(versions):
            lines.append(f"{v['commit'][:10]}  {v['when']}  {v['writer']:<10} {v['change']}")
            if args.verbose and i + 1 < len(versions):
                lines.append(diff(versions[i + 1]["text"], v["text"]))
        return "\n".join(lines) or "no version of this entry in the history"

    emit(args, result, render)
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Show what the restore would change; write it only with ``--yes``."""
    # imported here, not at the top: the store loads libgit2, which only history commands pay for
    from linghun.core.history.layout import WARM
    from linghun.core.history.restore import apply_plan, plan_entry_restore, plan_file_restore

    history = _history(args)
    if args.path is None:  # the parser's default, left unnamed there (start-up time)
        args.path = WARM
    if args.entry:
        plan = plan_entry_restore(history.home, history, _entry_number(args.entry), args.commit)
    else:
        if not args.path:
            raise InvalidInputError("give PATH (e.g. memory/warm.md) or --entry \"[n]\"")
        plan = plan_file_restore(history.home, history, args.path, args.commit)
    if not plan.changes:
        raise InvalidInputError(f"{plan.what} already reads as it did in state {args.commit[:10]}; nothing to restore")
    if not args.yes:
        emit(args, {"restored": None, "what": plan.what, "commit": args.commit, "diff": plan.diff()}, plan.diff())
        raise InvalidInputError(f"nothing was written: to restore {plan.what} as shown, run again with --yes")
    apply_plan(history.home, plan)
    emit(args, {"restored": plan.what, "commit": args.commit, "diff": plan.diff()},
         f"restored {plan.what} as of {args.commit[:10]} (history restore of the state before undoes it)")
    return 0


def cmd_prune(args: argparse.Namespace) -> int:
    from linghun.core.history import capture  # start-up time, as in _history

    history = _history(args)
    keep = args.keep_days if args.keep_days is not None else capture.history_settings(history.home)["keepDays"]
    dropped = history.prune(int(keep)) if keep else 0
    if not keep:
        history.pack()
    emit(args, {"dropped": dropped, "bytes": history.size_bytes()},
         lambda r: f"folded {r['dropped']} old state(s); history is {r['bytes'] / 1024:.0f} KiB")
    return 0


def cmd_scrub(args: argparse.Namespace) -> int:
    history = _history(args)
    found = history.scrub(dry_run=args.dry_run)

    def text(r: dict) -> str:
        if not r["states"]:
            return "no state of the history holds a key; nothing to do"
        if args.dry_run:
            return (f"{r['states']} state(s) hold a key ({r['files']} version(s) of the settings); "
                    "run again without --dry-run to take it out")
        return (f"took the key out of {r['states']} state(s) ({r['files']} version(s) of the settings); "
                "a copy of the history made before still holds it: change the key at the provider")

    emit(args, {**found, "dryRun": args.dry_run}, text)
    return 0


def cmd_checkout(args: argparse.Namespace) -> int:
    history = _history(args)
    home = history.materialize(parse_moment(args.at), Path(args.dest))
    if home is None:
        raise NotFoundError("nothing was recorded by then")
    emit(args, {"home": str(home.dsh_home)}, f"the home as it stood is in {home.dsh_home}")
    return 0


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("watch", parents=[parent], help="record every change of the home into its history")
    p.add_argument("--interval", type=float, default=1.0, help="seconds between looks (default 1)")
    p.add_argument("--once", action="store_true", help="record what changed since the last look and stop")
    p.add_argument("--writer", default=DEFAULT_WRITER, help=f"name recorded as the writer (default: {DEFAULT_WRITER})")
    p.set_defaults(func=cmd_watch, long_lived=True)

    p = subparsers.add_parser("history", parents=[parent], help="the home's versions: log, show, blame, restore")
    p.set_defaults(func=cmd_log, path=None, until=None, limit=50)
    sub = p.add_subparsers(dest="history_command", metavar="ACTION")
    q = sub.add_parser("log", parents=[parent], help="captured states, or the versions of one file")
    q.add_argument("path", nargs="?", help="a file relative to the linghun folder, e.g. memory/warm.md")
    q.add_argument("--until", help="only states at or before this time")
    q.add_argument("--limit", type=int, default=50)
    q.set_defaults(func=cmd_log)
    q = sub.add_parser("show", parents=[parent], help="print a file as it stood")
    q.add_argument("path")
    q.add_argument("--at", help="a time, e.g. '2026-10-07 11:00'")
    q.add_argument("--commit")
    q.set_defaults(func=cmd_show)
    q = sub.add_parser("blame", parents=[parent], help="the versions of one warm entry and who wrote each")
    q.add_argument("entry", help='"[n]" as numbered now')
    q.add_argument("--until")
    q.add_argument("-v", "--verbose", action="store_true", help="with the diff of each change")
    q.set_defaults(func=cmd_blame)
    q = sub.add_parser("restore", parents=[parent], help="bring back a file or an entry as it was in a state")
    q.add_argument("path", nargs="?", help="a file relative to the linghun folder (default memory/warm.md)")
    q.add_argument("--commit", required=True, help="the state (see history log)")
    q.add_argument("--entry", help='only this warm entry, "[n]" as numbered now')
    q.add_argument("--yes", action="store_true", help="write it (without: only show what would change)")
    q.set_defaults(func=cmd_restore)
    q = sub.add_parser("prune", parents=[parent], help="fold states older than the retention into one")
    q.add_argument("--keep-days", type=int, help="default: history.keepDays of workbench.json (365)")
    q.set_defaults(func=cmd_prune)
    q = sub.add_parser("scrub", parents=[parent], help="take keys out of states captured with them")
    q.add_argument("--dry-run", action="store_true", help="only count the states that hold one")
    q.set_defaults(func=cmd_scrub)
    q = sub.add_parser("checkout", parents=[parent], help="write the whole home as it stood into a folder")
    q.add_argument("dest")
    q.add_argument("--at", help="a time (default: the newest state)")
    q.set_defaults(func=cmd_checkout)
