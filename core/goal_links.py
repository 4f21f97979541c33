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
import operator
import re
import threading
from array import array
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterable, NamedTuple, Sequence

from linghun.core import home_cache, situation_cache
from linghun.core.formats.warm import WarmEntry
from linghun.core.situations import topic_tokens

__all__ = ["MIN_SHARED", "GoalLink", "goal_links"]

#: topic tokens an entry must share with a goal's statement to hang on it: one shared word is
#: chance (钢琴 in a shopping list), two are a subject
MIN_SHARED = 2
_REF = re.compile(r"^\[(\d+)\]$")
_N = operator.attrgetter("n")
#: the links by content of one goal: ``(entry number, why)`` of each entry hanging on it, in entry order
Links = tuple[tuple[int, str], ...]


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

    def content_links(self, goal) -> dict[int, str]:
        """Positions of the entries hanging on ``goal`` by what they say (rules 2 and 3), with why:
        a property of each entry's body alone, so it is kept per body (:func:`goal_links`)."""
        why: dict[int, str] = {}
        triggers = {t.casefold(): t for t in goal.triggers if t.strip()}
        if triggers:
            pattern = re.compile("|".join(re.escape(t) for t in sorted(triggers, key=len, reverse=True)))
            for i, body in enumerate(self.folded):
                if m := pattern.search(body):
                    why[i] = f"trigger 「{triggers[m.group(0)]}」"
        wanted = set(topic_tokens(goal.statement))
        shared = Counter(i for t in wanted for i in self.postings.get(t, ()))
        for i, count in shared.items():
            if count >= MIN_SHARED and i not in why:
                why[i] = "shares " + "、".join([t for t in self.live[i][1] if t in wanted][:4])
        return why


#: links kept per process, by a digest of all they depend on: a context composed every turn
#: rebuilds the map, and the entries and goals seldom change between two turns
KEEP = 8
_MEMO: OrderedDict[bytes, dict[bytes, Links]] = OrderedDict()
_LOCK = threading.Lock()
#: bump when a rule of the links changes: saved links of another version are not used
VERSION = 1
#: rewrite the saved links when this many (body, goal) pairs were checked since they were read
SAVE_AFTER = 200
#: goals the saved links keep beside those asked for (a goal removed from goals.json is forgotten
#: once this many others are newer; the goals asked for are never dropped, however many)
KEEP_GOALS = 64
#: home key -> its links by body (``_ByBody``)
_BY_BODY: dict[str, "_ByBody"] = {}
#: warm.md digests whose links by content are kept (``_BySource``): the newest, as a home changes
KEEP_SOURCES = 4
#: home key -> its links by warm.md digest (``_BySource``)
_BY_SOURCE: dict[str, "_BySource"] = {}


def _key(goals: Sequence[Any], live: Sequence[WarmEntry], digests: Sequence[bytes]) -> bytes:
    """A digest of every input of the links by content: each goal's :func:`_goal_key`, and each
    live entry's number and body (by the body's digest, which the topic cache made once per entry
    object: joining 100k bodies again cost 0.1 s a call)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(b"".join(map(_goal_key, goals)))
    digest.update(b"\x1d")
    digest.update(array("q", map(_N, live)).tobytes())
    digest.update(b"".join(digests))
    return digest.digest()


class _GoalText(NamedTuple):
    """What the links by content read of a goal (kept in the saved file, so that bodies seen
    later are checked against every goal the file knows, whichever goals the caller asked for)."""

    id: str
    statement: str
    triggers: tuple[str, ...]


def _goal_key(goal: Any) -> bytes:
    """A digest of what a goal's links by content depend on, with the rules' own version (its
    transitions change none of it)."""
    text = f"{VERSION}\x1f{MIN_SHARED}\x1f{goal.id}\x1f{goal.statement}\x1f{list(goal.triggers)}"
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class _ByBody:
    """A home's links by content, kept across processes (``<home>.goallinks``): ``goals``, each
    goal seen (by :func:`_goal_key`) with its text, and ``bodies``, per body digest the goals it
    hangs on with why, ``((goal key, why), ...)``. Every body there was checked against every goal
    there, so a body added later is checked against all of them, and a goal added later against
    all the bodies: the round asks for the goals a question names, the map for all, ``drill`` for
    one, and each finds the others' work."""

    def __init__(self, root):
        self.file = home_cache.cache_file(home_cache.home_key(root), "goallinks")
        self.signature = situation_cache.signature()
        self.goals: dict[bytes, _GoalText] = {}
        self.bodies: dict[bytes, tuple] = {}
        self.changed = 0
        saved = home_cache.load(self.file)
        if isinstance(saved, dict) and saved.get("signature") == self.signature and _readable(saved):
            self.goals = {k: _GoalText(*v) for k, v in saved["goals"].items()}
            self.bodies = saved["bodies"]

    def save(self, digests: set[bytes]) -> None:
        """Write the links of the live bodies (``digests``) when enough changed since the last read."""
        if self.changed < SAVE_AFTER:
            return
        self.bodies = {d: v for d, v in self.bodies.items() if d in digests}
        if home_cache.save(self.file, {"signature": self.signature, "goals": {k: tuple(v) for k, v in self.goals.items()},
                                       "bodies": self.bodies}):
            self.changed = 0


class _BySource:
    """A home's links by content per warm.md digest (``WarmDocument.parsed_from``), kept across
    processes (``<home>.goalsources``): ``sources``, newest last, each ``{goal key: ((n, why),
    ...)}``. Small beside ``_ByBody`` (links, not bodies), so a command reads it whole in no time."""

    def __init__(self, root):
        self.file = home_cache.cache_file(home_cache.home_key(root), "goalsources")
        self.signature = situation_cache.signature()
        self.sources: OrderedDict[str, dict[bytes, Links]] = OrderedDict()
        saved = home_cache.load(self.file)
        if isinstance(saved, dict) and saved.get("signature") == self.signature \
                and saved.get("version") == VERSION and type(saved.get("sources")) is list:
            for item in saved["sources"]:
                if type(item) is tuple and len(item) == 2 and type(item[0]) is str and _links_readable(item[1]):
                    self.sources[item[0]] = item[1]

    def links(self, source: str) -> dict[bytes, Links] | None:
        return self.sources.get(source)

    def keep(self, source: str, content: dict[bytes, Links]) -> None:
        """Add ``content`` to what is kept for ``source`` and save it for the next process."""
        self.sources[source] = {**self.sources.get(source, {}), **content}
        self.sources.move_to_end(source)
        while len(self.sources) > KEEP_SOURCES:
            self.sources.popitem(last=False)
        home_cache.save(self.file, {"signature": self.signature, "version": VERSION,
                                    "sources": list(self.sources.items())})


def _links_readable(value: Any) -> bool:
    """Whether ``value`` has the shape :meth:`_BySource.keep` saves (anything else is not used)."""
    return type(value) is dict and all(
        type(k) is bytes and type(v) is tuple
        and all(type(p) is tuple and len(p) == 2 and type(p[0]) is int and type(p[1]) is str for p in v)
        for k, v in value.items())


def _kept(kept: dict, make: Callable[[Any], Any], root) -> Any:
    """The home's ``make(root)`` from ``kept`` (``_BY_BODY`` or ``_BY_SOURCE``), read anew when the
    topic tokens it was made with changed."""
    key = home_cache.home_key(root)
    with _LOCK:
        found = kept.get(key)
        if found is None or found.signature != situation_cache.signature():
            found = kept[key] = make(root)
        return found


def _by_source(root) -> _BySource:
    return _kept(_BY_SOURCE, _BySource, root)


def _readable(saved: dict) -> bool:
    """Whether a saved file holds what :meth:`_ByBody.save` writes (anything else is not used)."""
    goals, bodies = saved.get("goals"), saved.get("bodies")
    if type(goals) is not dict or type(bodies) is not dict:
        return False
    if not all(type(k) is bytes and type(v) is tuple and len(v) == 3 and type(v[0]) is str and type(v[1]) is str
               and type(v[2]) is tuple and all(type(t) is str for t in v[2]) for k, v in goals.items()):
        return False
    if not set(map(type, bodies)) <= {bytes} or not set(map(type, bodies.values())) <= {tuple}:
        return False
    return all(type(p) is tuple and len(p) == 2 and p[0] in goals and type(p[1]) is str
               for value in bodies.values() for p in value)


def _by_body(root) -> _ByBody:
    return _kept(_BY_BODY, _ByBody, root)


def _check(root, known: _ByBody, goals: dict[bytes, Any], entries: list[WarmEntry],
           digests: list[bytes]) -> None:
    """Check ``entries`` (their bodies ``digests``) against ``goals``; add what hangs to ``known``."""
    if not goals or not entries:
        return
    index = _Entries(entries, situation_cache.topic_tokens_of(root, entries))
    found: dict[int, list[tuple[bytes, str]]] = defaultdict(list)
    for key, goal in goals.items():
        for position, why in index.content_links(goal).items():
            found[position].append((key, why))
    for position, digest in enumerate(digests):
        known.bodies[digest] = known.bodies.get(digest, ()) + tuple(found.get(position, ()))
    known.changed += len(entries) * len(goals)


def _content_links(root, goals: Sequence[Any], live: list[WarmEntry], digests: list[bytes]) -> list[tuple]:
    """Per live entry (its body's digest in ``digests``), ``((goal key, why), ...)`` of every goal
    ``known`` holds: what is not known yet (a new body, a new goal) is checked now and kept."""
    known = _by_body(root)
    with _LOCK:
        new_goals = {k: g for g in goals if (k := _goal_key(g)) not in known.goals}
        if new_goals:  # against the bodies known: each must stay checked against every goal
            seen: dict[bytes, int] = {}
            for i, d in enumerate(digests):
                if d in known.bodies:
                    seen.setdefault(d, i)
            _check(root, known, new_goals, [live[i] for i in seen.values()], list(seen))
            known.goals.update({k: _GoalText(g.id, g.statement, tuple(g.triggers)) for k, g in new_goals.items()})
        fresh: dict[bytes, int] = {}
        for i, d in enumerate(digests):
            if d not in known.bodies:
                fresh.setdefault(d, i)
        _check(root, known, known.goals, [live[i] for i in fresh.values()], list(fresh))
        asked = {_goal_key(g) for g in goals}
        others = [k for k in known.goals if k not in asked]
        if len(others) > KEEP_GOALS:  # goals not asked for now, the oldest seen first: long gone
            for key in others[:len(others) - KEEP_GOALS]:
                del known.goals[key]
            known.bodies = {d: tuple(p for p in v if p[0] in known.goals) for d, v in known.bodies.items()}
            known.changed = SAVE_AFTER
        known.save(set(digests))
        return [known.bodies.get(d, ()) for d in digests]


def goal_links(root, goals: Sequence[Any], entries: Sequence[WarmEntry],
               source: str | None = None) -> dict[str, list[GoalLink]]:
    """Per goal id, the entries of the home at ``root`` that hang on it.

    The links by content (rules 2 and 3) are kept per body and goal across processes
    (``_ByBody``): an unchanged home reads them, after an append only the new body is checked, and
    a new goal only against the bodies. A 100k-entry home with the demo's 16 goals spent 2.7 s of
    every ``linghun context`` on them.

    ``source``: the digest of the warm.md bytes ``entries`` are the parse of, numbered as parsed
    (``WarmDocument.parsed_from``), when known. Each goal's links by content are then also kept by
    it (``_BySource``), so a process whose warm.md is as the last one left it reads them without
    digesting a body: at 100k entries that digesting, the topic tokens read with it and the links
    gathered from every body were 0.45 s of each ``linghun context``."""
    if not goals:
        return {}
    content = _content_by_source(root, goals, entries, source) if source is not None \
        else _content_by_goal(root, goals, entries)
    signalled = {g.id: _signalled(g) for g in goals}
    live = _live_numbers(entries, {n for found in signalled.values() for n in found})
    links = {}
    for g in goals:  # rule 1 first: the entry moved the goal
        why = {n: f"signal {signal}" for n, signal in signalled[g.id].items() if n in live}
        for n, reason in content[_goal_key(g)]:
            why.setdefault(n, reason)
        links[g.id] = [GoalLink(g.id, n, reason) for n, reason in sorted(why.items())]
    return links


def _live_numbers(entries: Sequence[WarmEntry], wanted: set[int]) -> set[int]:
    """Which of the entry numbers ``wanted`` name a live entry of ``entries`` (looked up where a
    parse numbers them, ``entries[n - 1]``, else by a pass over them)."""
    found, missing = set(), set()
    for n in wanted:
        e = entries[n - 1] if 0 < n <= len(entries) else None
        if e is not None and e.n == n:
            if not e.is_wrong:
                found.add(n)
        else:
            missing.add(n)
    if missing:
        found |= {e.n for e in entries if e.n in missing and not e.is_wrong}
    return found


def _content_by_goal(root, goals: Sequence[Any], entries: Sequence[WarmEntry]) -> dict[bytes, Links]:
    """Per goal (by :func:`_goal_key`), ``((n, why), ...)`` of the live entries hanging on it by
    content, in entry order; kept per process by a digest of the entries' bodies and the goals."""
    live = [e for e in entries if not e.is_wrong]  # a flipped entry hangs on nothing
    digests = situation_cache.body_digests(root, live)
    key = _key(goals, live, digests)
    with _LOCK:
        found = _MEMO.get(key)
        if found is not None:
            _MEMO.move_to_end(key)
            return found
    by_entry = _content_links(root, goals, live, digests)
    asked = {_goal_key(g) for g in goals}
    gathered: dict[bytes, list[tuple[int, str]]] = {k: [] for k in asked}
    for e, pairs in zip(live, by_entry):
        for goal_key, reason in pairs:
            if goal_key in asked:
                gathered[goal_key].append((e.n, reason))
    content = {k: tuple(v) for k, v in gathered.items()}
    with _LOCK:
        _MEMO[key] = content
        while len(_MEMO) > KEEP:
            _MEMO.popitem(last=False)
    return content


def _content_by_source(root, goals: Sequence[Any], entries: Sequence[WarmEntry], source: str) -> dict[bytes, Links]:
    """:func:`_content_by_goal` for entries that are the parse of warm.md bytes of digest
    ``source``: what those bytes decide is read back by the digest, in this process or from the
    file another left (``_BySource``); what it lacks is worked out and kept there."""
    kept = _by_source(root)
    asked = [_goal_key(g) for g in goals]
    with _LOCK:
        found = kept.links(source)
        if found is not None and all(k in found for k in asked):
            return {k: found[k] for k in asked}
    content = _content_by_goal(root, goals, entries)
    with _LOCK:
        kept.keep(source, content)
    return content
