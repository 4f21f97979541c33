"""``linghun`` subcommands for the memory operations (SPEC 14): append, read, touch, consolidate,
journal, rules, soul, and ``entries`` to list warm entries."""
from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from linghun.core import limits
from linghun.core.cli import check_length, emit, home_of, read_stdin, within
from linghun.core.errors import InvalidInputError

if TYPE_CHECKING:
    from linghun.core.memory import Memory


def _memory(args: argparse.Namespace, existing: bool = True) -> Memory:
    """The memory of ``--home``; only writes (append, rules, a journal turn, a soul card) may
    start a new home, as the agent's first write does."""
    # imported here for start-up time: the parser of every command (and ``--help``) is built
    # without the memory modules
    from linghun.core.memory import Memory

    return Memory(home_of(args, existing=existing))


def _content(args: argparse.Namespace):
    """Plain text, ``-`` for standard input, or a JSON object of structured fields."""
    text = check_length(read_stdin(), limits.MAX_CONTENT_CHARS, "the content") if args.content == "-" else args.content
    if text.lstrip().startswith("{"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidInputError(f"content looks like JSON but does not parse: {exc}") from None
    return text


def cmd_append(args):
    result = _memory(args, existing=False).append(args.kind, _content(args), args.confidence, update=args.update)
    emit(args, result, lambda r: f"{r.mode}: [{r.n}] {r.entry.header()} ({r.bytes} bytes)"
         + (f"; [{r.flipped.n}] flipped to wrong" if r.flipped else "") + (f"\nnote: {r.note}" if r.note else ""))


def cmd_read(args):
    emit(args, {"text": _memory(args).read(full=args.full, ref=args.ref)}, lambda r: r["text"])


def cmd_entries(args):
    entries = _memory(args).entries()
    if args.kind:
        entries = [e for e in entries if e.ontology_kind == args.kind or e.kind == args.kind]
    emit(args, [e.to_dict() for e in entries],
         lambda rows: "\n".join(f"[{e['n']}] {e['stamp']} [{e['kind']}] {e['confidence']}: "
                                f"{' '.join(e['body'].split())[:100]}" for e in rows) or "(no entries)")


def cmd_touch(args):
    n = _memory(args).touch(args.ref)
    emit(args, {"touched": n}, f"{n} entr{'y' if n == 1 else 'ies'} touched")


def cmd_consolidate(args):
    result = _memory(args).consolidate()
    emit(args, result, lambda r: (
        f"consolidated {r.archived_bytes} bytes into episodic/{r.day}.md: {r.events} events, "
        f"{r.knowledge} knowledge, {r.rules} rules, {r.cold} cold lines" if r.archived_bytes
        else "warm is empty: nothing to consolidate"))


def cmd_journal(args):
    writing = args.user is not None or args.assistant is not None
    memory = _memory(args, existing=not writing)
    if writing:
        emit(args, memory.journal_append(args.user or "", args.assistant or ""), "turn appended")
        return
    emit(args, {"text": memory.journal_read(args.date, args.start, args.end)}, lambda r: r["text"] or "(no turns)")


def cmd_rules(args):
    result = _memory(args, existing=False).rules_append(args.rule, args.topic)
    emit(args, result, "rule added" if result["changed"] else "the rule was already there")


def cmd_soul(args):
    memory = _memory(args, existing=args.set is None)
    if args.set is not None:
        text = check_length(read_stdin(), limits.MAX_SOUL_CHARS, "the soul card") if args.set == "-" else args.set
        emit(args, memory.soul_update(text), "soul card updated")
    else:
        emit(args, {"text": memory.soul_read()}, lambda r: r["text"] or "(no soul card yet)")


def cmd_home(args):
    from linghun.core.settings import team_workspace  # loaded by the command, not by the parser (start-up time)

    home = home_of(args, existing=True)
    memory = _memory(args)
    info = {"root": str(home.root), "exists": home.exists(), "team_workspace": str(team_workspace(home)),
            "warm_entries": len(memory.entries()), "warm_bytes": memory.size_bytes(),
            "journal_days": len(home.journal_days()), "episodic_days": len(home.episodic_days())}
    emit(args, info, lambda i: "\n".join(f"{k}: {v}" for k, v in i.items()))


def register(sub, parent) -> None:
    p = sub.add_parser("append", parents=[parent], help="memory_append: add a warm entry")
    p.add_argument("kind", help="event, fact or rule (legacy kinds accepted)")
    p.add_argument("content", type=within(limits.MAX_CONTENT_CHARS, "the content"),
                   help="the entry text, '-' for stdin, or a JSON object of the kind's fields")
    p.add_argument("-c", "--confidence", choices=["high", "medium", "low"],
                   help="default medium; restating an entry keeps its confidence unless given")
    p.add_argument("-u", "--update", help="flip this entry ([n] or a fragment) and append the new content")
    p.set_defaults(func=cmd_append)

    p = sub.add_parser("read", parents=[parent], help="memory_read: warm entries by kind, team ledger, archive, cold")
    p.add_argument("ref", nargs="?", help="[n], or an ontology name (cold, knowledge, rules, memory_ontology, ontology)")
    p.add_argument("--full", action="store_true", help="up to 50000 characters instead of 6000")
    p.set_defaults(func=cmd_read)

    p = sub.add_parser("entries", parents=[parent], help="list warm entries with their numbers")
    p.add_argument("--kind", help="only this kind (event, fact, rule or a legacy kind)")
    p.set_defaults(func=cmd_entries)

    p = sub.add_parser("touch", parents=[parent], help="memory_touch: refresh last_access of used entries")
    p.add_argument("ref", help="[n] or a text fragment")
    p.set_defaults(func=cmd_touch)

    p = sub.add_parser("consolidate", parents=[parent], help="memory_consolidate: move warm into long-term memory")
    p.set_defaults(func=cmd_consolidate)

    p = sub.add_parser("journal", parents=[parent], help="memory_journal: read a day or window, or append a turn")
    p.add_argument("--date", help="YYYY-MM-DD")
    p.add_argument("--start", help="window start (YYYY-MM-DD[ HH:MM[:SS]])")
    p.add_argument("--end", help="window end (inclusive)")
    p.add_argument("--user", help="append a turn: the user's text")
    p.add_argument("--assistant", help="append a turn: the assistant's text")
    p.set_defaults(func=cmd_journal)

    p = sub.add_parser("rules", parents=[parent], help="memory_rules: add a long-term rule")
    p.add_argument("rule", type=within(limits.MAX_RULE_CHARS, "the rule"))
    p.add_argument("--topic", type=within(limits.MAX_NAME_CHARS, "the topic"), help="topic node (default 经验规则)")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("soul", parents=[parent], help="soul_read / soul_update: the identity card")
    p.add_argument("--set", type=within(limits.MAX_SOUL_CHARS, "the soul card"),
                   help="replace the card with this text ('-' for stdin)")
    p.set_defaults(func=cmd_soul)

    p = sub.add_parser("home", parents=[parent], help="where the memory home is and what it holds")
    p.set_defaults(func=cmd_home)
