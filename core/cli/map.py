"""``linghun map``, ``linghun project``, ``linghun drill``, ``linghun situations`` and
``linghun aliases``: the memory map, the ontology projection and topic-first retrieval."""
from __future__ import annotations

import argparse
import json

from linghun.core.cli import emit, home_of, non_negative, not_blank, positive
from linghun.core.errors import InvalidInputError


def cmd_map(args: argparse.Namespace) -> None:
    from linghun.core.map import MAP_OFF_NOTE, build_map, map_settings, render_map

    home = home_of(args, existing=True)
    settings = map_settings(home)
    if not settings["enabled"] and not args.anyway:
        emit(args, {"text": "", "chars": 0, "enabled": False, "note": MAP_OFF_NOTE},
             MAP_OFF_NOTE + "\n(--anyway shows what it would be)")
        return
    mm = build_map(home)
    if args.graph:
        print(json.dumps(mm.to_dict(), ensure_ascii=False, indent=2))
        return
    budget = args.budget if args.budget is not None else settings["budget"]
    text = render_map(mm, 0 if args.full else budget)
    emit(args, {"text": text, "chars": len(text)}, text)


def cmd_project(args: argparse.Namespace) -> None:
    from linghun.core.llm import provider_for_home
    from linghun.core.ontology import memory_project

    provider = None if args.offline else provider_for_home(home_of(args, existing=True))
    result = memory_project(home_of(args, existing=True), args.bucket or None, provider=provider)
    emit(args, result, lambda r: (
        f"{'wrote' if r.changed else 'unchanged'} {r.path} ({r.by}): {len(r.nodes)} nodes: "
        f"{'、'.join(r.nodes)}" + (f"; {r.conflicts} conflicts marked" if r.conflicts else "")
        + (f"\n{r.reason}" if r.reason else "")))


def cmd_drill(args: argparse.Namespace) -> None:
    from linghun.core.drill import drill

    result = drill(home_of(args, existing=True), args.pointer)
    emit(args, result, result["text"])


def cmd_situations(args: argparse.Namespace) -> None:
    from linghun.core.memory import Memory
    from linghun.core.situation_cache import situations as cached_situations

    home = home_of(args, existing=True)
    situations = cached_situations(home.root, Memory(home).entries(), include_wrong=args.wrong)
    emit(args, [s.to_dict() for s in situations], lambda rows: "\n".join(
        f"{r['label']}: {' '.join(f'[{n}]' for n in r['numbers'])} ({r['first']} .. {r['last']})" for r in rows)
        or "(no entries)")


def cmd_retrieve(args: argparse.Namespace) -> None:
    from linghun.core.ontology import topic_first

    result = topic_first(home_of(args, existing=True), args.query, args.k)
    emit(args, result, result.text or "(no hit)")


def cmd_aliases(args: argparse.Namespace) -> None:
    from linghun.core.ontology import ALIAS_TABLES, load_aliases, save_aliases

    home = home_of(args, existing=True)
    if args.set:
        if args.table not in ALIAS_TABLES:
            raise InvalidInputError(f"--set needs a table: {', '.join(ALIAS_TABLES)}")
        table = dict(load_aliases(home)[args.table])
        for item in args.set:
            alias, sep, theme = item.partition("=")
            if not sep:
                raise InvalidInputError(f"--set takes alias=theme, got {item!r}")
            if theme.strip():
                table[alias.strip().lower()] = theme.strip()
            else:
                table.pop(alias.strip().lower(), None)
        save_aliases(home, args.table, table)
    tables = load_aliases(home)
    if args.table:
        tables = {args.table: tables.get(args.table, {})}
    emit(args, tables, lambda t: "\n".join(f"{name}: " + (", ".join(f"{a} -> {th}" for a, th in m.items()) or "(none)")
                                            for name, m in t.items()))


def register(subparsers, parent) -> None:
    p = subparsers.add_parser("map", parents=[parent], help="the memory map: four axes of pointers")
    p.add_argument("--budget", type=non_negative, help="characters (default: the home's map.budget, 2000; 0 = no limit)")
    p.add_argument("--full", action="store_true", help="no budget")
    p.add_argument("--graph", action="store_true", help="print the map graph (nodes and typed edges) as JSON")
    p.add_argument("--anyway", action="store_true", help="show the map even when map.enabled is false")
    p.set_defaults(func=cmd_map)

    p = subparsers.add_parser("project", parents=[parent], help="memory_project: warm -> ontology.md topic nodes")
    p.add_argument("--bucket", action="append", help="a topic bucket (repeat for more)")
    p.add_argument("--offline", action="store_true", help="the deterministic projection, even with an LLM set")
    p.set_defaults(func=cmd_project)

    p = subparsers.add_parser("drill", parents=[parent], help="a map pointer's evidence: [n], rules:<theme>, journal:<day>...")
    p.add_argument("pointer", type=not_blank)
    p.set_defaults(func=cmd_drill)

    p = subparsers.add_parser("situations", parents=[parent], help="warm entries grouped into situations")
    p.add_argument("--wrong", action="store_true", help="include flipped entries")
    p.set_defaults(func=cmd_situations)

    p = subparsers.add_parser("retrieve", parents=[parent], help="topic-first retrieval: alias hits, then BM25 (MMR)")
    p.add_argument("query", type=not_blank)
    p.add_argument("-k", type=positive, default=12)
    p.set_defaults(func=cmd_retrieve)

    p = subparsers.add_parser("aliases", parents=[parent], help="the alias tables of the three ontologies")
    p.add_argument("table", nargs="?", choices=["memory", "knowledge", "rules"])
    p.add_argument("--set", action="append", metavar="ALIAS=THEME", help="add (or with an empty theme remove) an alias")
    p.set_defaults(func=cmd_aliases)
