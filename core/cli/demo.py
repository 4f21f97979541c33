"""``linghun demo --out DIR``: write the bundled demo home (see ``core.demo``) and make the history
written beside it that home's history, where every command looks for it."""
from __future__ import annotations

import sys
from pathlib import Path

from linghun.core.cli import emit


def cmd_demo(args) -> int:
    # imported on call, for start-up time: the parser of every command loads no home modules
    from linghun.core.demo import HISTORY_DIR, generate, install_history, regenerate
    from linghun.core.history import capture
    from linghun.core.home import MemoryHome

    home = MemoryHome(Path(args.out).resolve() / "linghun")  # where the generator writes it
    # the generator writes the demo's history itself, at the scenario's times: its writes are not
    # this command's to record (DSH_HOME naming --out had them spooled on top of that history)
    capture.recorder.disable(home)
    # a demo written again replaces its own installed history; a first demo in a folder never
    # replaces the history of a home once removed from it (install_history)
    again = args.replace and home.root.exists()
    result = (regenerate if args.replace else generate)(args.out)
    if not install_history(args.out, home, replace=again):
        print(f"linghun: a home once in {args.out} left a history, which was kept: the demo's own is "
              f"{Path(args.out) / HISTORY_DIR}", file=sys.stderr)
    emit(args, result, lambda r: (
        f"demo home written to {r.root}: {r.journal_days} journal days ({r.journal_turns} turns), "
        f"{r.warm_entries} warm entries, {r.consolidations} consolidations, {r.goals} goals, "
        f"{r.rounds} assembler rounds, {r.gaps} gaps, {r.states} states of history"))
    return 0


def register(sub, parent) -> None:
    p = sub.add_parser("demo", parents=[parent],
                       help="write the demo home (a $DSH_HOME folder with linghun/ inside) and its history")
    p.add_argument("--out", required=True, help="the $DSH_HOME folder to create (its linghun/ must be new)")
    p.add_argument("--replace", action="store_true",
                   help="remove a previously generated linghun/ inside --out first")
    p.set_defaults(func=cmd_demo)
