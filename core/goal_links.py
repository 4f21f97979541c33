"""Which warm entries hang on which goal: goals as the skeleton of the memory (seed: events, states
and beliefs hang on goals).

Nothing is written for it: a link is read from what the home already holds, so the upstream files
stay as they are and a link follows every edit. An entry hangs on a goal when

1. the goal's history names it as the source of a signal (``{"kind": "entry", "ref": "[3]"}``:
   the entry moved the goal), or
2. its body holds one of the goal's bridge triggers (SPEC 8: the phrases that bring the goal back
   in other situations), or
3. it shares at least :data:`MIN_SHARED` topic tokens with the goal's statement (the tokens the
   map's situation axis groups by, read from the same cache: nothing is tokenised twice).

A flipped (wrong) entry hangs on nothing. The map shows each goal's entries as pointers on its goal
axis line, ``drill goal:<id>`` lists them with their text, and the workbench's Goals pane with them.
"""
from __future__ import annotations

import hashlib
import re
import threading
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from linghun.core import situation_cache
from linghun.core.formats.warm import WarmEntry
from linghun.core.situations import topic_tokens

__all__ = ["MIN_SHARED", "GoalLink", "goal_links"]

#: topic tokens an entry must share with a goal's statement to hang on it: one shared word is
#: chance (钢琴 in a shopping list), two are a subject
MIN_SHARED = 2
_REF = re.compile(r"^\[(\d+)\]$")


@dataclass(frozen=True)
class GoalLink:
    """Entry ``n`` hangs on goal ``goal``; ``why`` says by which rule (see the module docstring)."""

    goal: str
    n: int
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"goal": self.goal, "n": self.n, "why": self.why}


def _signalled(goal) -> dict[int, str]:
    """Entry numbers the goal's history names as a signal's source, with the signal."""
    out: dict[int, str] = {}
    for item in goal.history:
        source = item.get("source") if isinstance(item, dict) else None
        if not isinstance(source, dict) or source.get("kind") != "entry":
            continue
        match = _REF.match(str(source.get("ref") or "").strip())
        if match:
            out.setdefault(int(match.group(1)), str(item.get("signal") or item.get("reason") or "signal"))
    return out


class _Entries:
    """The live entries with an index of their topic tokens, built once for all the goals: a goal
    then costs the postings of its statement's words and one trigger search per entry."""

    def __init__(self, entries: Sequence[WarmEntry], tokens: Sequence[Iterable[str]]):
        self.live = [(e, own) for e, own in zip(entries, tokens) if not e.is_wrong]
        self.position = {e.n: i for i, (e, _own) in enumerate(self.live)}
        self.postings: dict[str, list[int]] = defaultdict(list)
        for i, (_e, own) in enumerate(self.live):
            for t in own:
                self.postings[t].append(i)
        self._folded: list[str] | None = None

    @property
    def folded(self) -> list[str]:
        """The bodies casefolded (only made once a goal has triggers)."""
        if self._folded is None:
            self._folded = [e.body.casefold() for e, _own in self.live]
        return self._folded

    def links(self, goal) -> list[GoalLink]:
        """The entries hanging on ``goal``, in warm order."""
        why: dict[int, str] = {}
        for n, signal in _signalled(goal).items():
            if n in self.position:
                why[self.position[n]] = f"signal {signal}"
        triggers = {t.casefold(): t for t in goal.triggers if t.strip()}
        if triggers:
            pattern = re.compile("|".join(re.escape(t) for t in sorted(triggers, key=len, reverse=True)))
            for i, body in enumerate(self.folded):
                if i not in why and (m := pattern.search(body)):
                    why[i] = f"trigger 「{triggers[m.group(0)]}」"
        wanted = set(topic_tokens(goal.statement))
        shared = Counter(i for t in wanted for i in self.postings.get(t, ()))
        for i, count in shared.items():
            if count >= MIN_SHARED and i not in why:
                why[i] = "shares " + "、".join([t for t in self.live[i][1] if t in wanted][:4])
        return [GoalLink(goal.id, self.live[i][0].n, why[i]) for i in sorted(why)]


#: links kept per process, by a digest of all they depend on: a context composed every turn
#: rebuilds the map, and the entries and goals seldom change between two turns
KEEP = 8
_MEMO: OrderedDict[bytes, dict[str, list[GoalLink]]] = OrderedDict()
_LOCK = threading.Lock()


def _key(goals: Sequence[Any], entries: Sequence[WarmEntry]) -> bytes:
    """A digest of every input of the links: each entry's number, confidence and body, and each
    goal's id, statement, triggers and the entries its history names."""
    digest = hashlib.blake2b(digest_size=16)
    for g in goals:
        digest.update(f"{g.id}\x1f{g.statement}\x1f{g.triggers}\x1f{sorted(_signalled(g).items())}\x1e"
                      .encode("utf-8", "surrogatepass"))
    digest.update(b"\x1d")
    digest.update("\x1e".join(f"{e.n}\x1f{e.effective_confidence}\x1f{e.body}" for e in entries)
                  .encode("utf-8", "surrogatepass"))
    return digest.digest()


def goal_links(root, goals: Sequence[Any], entries: Sequence[WarmEntry]) -> dict[str, list[GoalLink]]:
    """Per goal id, the entries of the home at ``root`` that hang on it."""
    if not goals:
        return {}
    key = _key(goals, entries)
    with _LOCK:
        found = _MEMO.get(key)
        if found is not None:
            _MEMO.move_to_end(key)
            return found
    index = _Entries(entries, situation_cache.topic_tokens_of(root, entries))
    links = {g.id: index.links(g) for g in goals}
    with _LOCK:
        _MEMO[key] = links
        while len(_MEMO) > KEEP:
            _MEMO.popitem(last=False)
    return links
