"""``linghun demo --out DIR``: write the bundled demo home (see ``core.demo``)."""
from __future__ import annotations

from linghun.core.cli import emit


def cmd_demo(args) -> int:
    from linghun.core.demo import generate, regenerate

    result = (regenerate if args.replace else generate)(args.out)
    emit(args, result, lambda r: (
        f"demo home written to {r.root}: {r.journal_days} journal days ({r.journal_turns} turns), "
        f"{r.warm_entries} warm entries, {r.consolidations} consolidations, {r.goals} goals, "
        f"{r.rounds} assembler rounds, {r.gaps} gaps"))
    return 0


def register(sub, parent) -> None:
    p = sub.add_parser("demo", parents=[parent],
                       help="write the demo home (a $DSH_HOME folder with linghun/ inside)")
    p.add_argument("--out", required=True, help="the $DSH_HOME folder to create (its linghun/ must be new)")
    p.add_argument("--replace", action="store_true",
                   help="remove a previously generated linghun/ inside --out first")
    p.set_defaults(func=cmd_demo)
