"""Making checks: pin a round (its delivered entries become the expectation), keep a closed gap
closed (its question's delivered entries now), or name the entries by hand."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Iterable

from linghun.core.assembler.debounce import Debouncer
from linghun.core.assembler.round import Assembler
from linghun.core.assembler.trace import TraceStore
from linghun.core.checks.locate import Locator
from linghun.core.checks.model import Check, Expected, one_line
from linghun.core.errors import InvalidInputError, NotFoundError
from linghun.core.events import EventBus
from linghun.core.formats.warm import WarmEntry
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.settings import home_settings

#: a bundle line citing a warm entry: ``- [n] <stamp> <body>``
_CITED_LINE = re.compile(r"^\s*-\s*\[(\d+)\]\s*(.*)$")
#: a bundle line quoting a consolidated line: ``- 【知识本体】<day> <text>``
_QUOTED_LINE = re.compile(r"^\s*-\s*【[^】]+】\s*(?:\d{4}-\d\d-\d\d(?: \d{1,2}:\d\d)?\s+)?(.*)$")


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def delivered(home: MemoryHome, bundle: str, entries: list[WarmEntry] | None = None) -> list[Expected]:
    """The entries a bundle delivers, found in the home as it is now: each ``[n]`` line's warm
    entry (the one numbered n when its stamp and text match the line, else the entry they match),
    and each quoted consolidated line that stands in its ontology file."""
    entries = Memory(home).entries() if entries is None else entries
    locator = Locator(home, entries)
    out: dict[str, Expected] = {}
    for line in (bundle or "").splitlines():
        cited = _CITED_LINE.match(line)
        if cited:
            entry = _cited_entry(entries, int(cited.group(1)), one_line(cited.group(2)))
            if entry is not None:
                expected = Expected.of(entry)
                out.setdefault(expected.id, expected)
            continue
        quoted = _QUOTED_LINE.match(line)
        if quoted:
            text = one_line(quoted.group(1))
            if len(text) >= 8 and any(text in body for body in locator.files().values()):
                expected = Expected(f"text:{text}", "", "", text)
                out.setdefault(expected.id, expected)
    return list(out.values())


def _cited_entry(entries: list[WarmEntry], n: int, line: str) -> WarmEntry | None:
    def fits(entry: WarmEntry) -> bool:
        head = one_line(entry.body)[:24]
        return line.startswith(entry.stamp) and head in line

    if 1 <= n <= len(entries) and fits(entries[n - 1]):
        return entries[n - 1]
    return next((e for e in reversed(entries) if fits(e)), None)


def from_round(home: MemoryHome, round_id: str) -> Check:
    """"Pin this round": its question, and the entries its bundle delivered as the expectation."""
    record = TraceStore(home_settings(home).paths_home).load(round_id)
    question = (record["header"] or {}).get("query") or ""
    bundle = (record["result"] or {}).get("bundle") or ""
    expect = delivered(home, bundle)
    if not expect:
        raise InvalidInputError(f"round {round_id} delivered no entry that is still in the memory: nothing to pin")
    return Check(question, expect, made_from=f"round:{round_id}", created_at=_now())


def latest_round(home: MemoryHome) -> str:
    """The newest round of the home that delivered a bundle (``NotFoundError`` when none)."""
    store = TraceStore(home_settings(home).paths_home)
    for summary in store.rounds():
        if summary.get("status") in ("ok", "degraded") and summary.get("chars") and not summary.get("replay_of"):
            return summary["round"]
    raise NotFoundError("no round of this home delivered a bundle yet")


def from_question(home: MemoryHome, question: str, made_from: str = "hand", provider=None) -> Check:
    """The entries a dry round for ``question`` delivers now: "keep this gap closed" once it was
    filled (``made_from`` ``gap:<at>``)."""
    settings = home_settings(home)
    result = Assembler(home, config=settings.assembler, provider=provider, keep_traces=False, bus=EventBus(),
                       debouncer=Debouncer()).run(question, session="checks", dry_run=True)
    expect = delivered(home, result.bundle or "")
    if not expect:
        raise InvalidInputError(f"a round for {question!r} delivers no entry now: nothing to keep")
    return Check(question, expect, made_from=made_from, created_at=_now())


def by_hand(home: MemoryHome, question: str, expect: Iterable[str | int] = (),
            forbid: Iterable[str | int] = ()) -> Check:
    """A check naming its entries by ``[n]`` (or a fragment of their text, as ``memory_touch``)."""
    memory = Memory(home)

    def entry(ref: str | int) -> Expected:
        found = memory.resolve(str(ref).strip() if not isinstance(ref, int) else ref)
        return Expected.of(found)

    return Check(question, [entry(r) for r in expect], [entry(r) for r in forbid], made_from="hand",
                 created_at=_now())


__all__ = ["by_hand", "delivered", "from_question", "from_round", "latest_round"]
