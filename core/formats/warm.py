"""warm.md: the warm workbench of recent entries (SPEC 3).

An entry is one Markdown block::

    ## 2026-09-27 10:00 [fact] high

    sprint 1 截止 2026-03-29。
    <!-- last_access: 2026-09-27 10:00 -->

How text is kept:
- The file is cut into a *preamble* (anything before the first entry header) and entries. An
  entry's ``raw`` is its exact text up to the next entry header, trailing blank lines included,
  so ``render()`` of an unchanged document is byte-identical to the input.
- Only a line that is a whole entry header (``## <date>[ <time>][ [kind]][ confidence]``) starts an
  entry. Upstream splits at *every* ``\\n## ``; we do not, so a ``## `` line inside a body that is not
  a header stays in the body instead of becoming a bogus entry (and nothing is lost either way).
- When we write a body, a line starting with ``## `` is escaped as ``\\## `` (Markdown shows the
  same text) so that the upstream splitter cannot cut the entry in two; reading unescapes it.
- An edited entry is rendered in the canonical form above; its trailing separator is kept.
"""
from __future__ import annotations

import hashlib
import itertools
import re
import sys
from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from operator import attrgetter, methodcaller
from typing import Iterable, Sequence

from linghun.core.formats.cold import brief
from linghun.core.formats.nodes import escape_heading_lines, unescape_heading_lines

CONFIDENCES = ("high", "medium", "low", "wrong")
WRITABLE_CONFIDENCES = ("high", "medium", "low")
KINDS = ("event", "fact", "rule")
#: older kinds and the ontology they are read as (the file keeps the original word)
LEGACY_KINDS = {"decision": "rule", "preference": "rule", "experience": "event", "identity": "fact"}
#: the structured fields of each kind's body, joined by " | " (SPEC 3)
KIND_FIELDS = {
    "event": ("subject", "action", "object", "related", "detail"),
    "fact": ("entity", "attribute", "value", "source"),
    "rule": ("rule",),
}
CONFIDENCE_WEIGHT = {"high": 2, "medium": 1, "low": 0, "wrong": -1}
LOW_TAG = "【低置信·需验证】"
WRONG_TAG = "【已翻转·勿引用】"

ENTRY_HEADER = re.compile(
    r"^## (?P<stamp>\d{4}-\d{2}-\d{2}(?: \d{1,2}:\d{2})?)"
    r"(?:[ \t]+\[(?P<kind>[^\]\s]+)\])?"
    r"(?:[ \t]+(?P<conf>[^\s\[\]]+))?[ \t]*\r?$",
    re.MULTILINE,
)
_LAST_ACCESS = re.compile(r"^<!-- last_access: (?P<la>.*?) -->[ \t]*$")
_SPACE = re.compile(r"\s+")

_ids = itertools.count(1)


def new_entry_id() -> str:
    """A process-unique id for an entry made here; never written to disk (upstream has no entry ids)."""
    return f"e{next(_ids)}"


def content_id(stamp: str, kind: str, body: str, occurrence: int = 1) -> str:
    """The id of a parsed entry: a digest of its stamp, kind and body (and which occurrence of the
    same three it is), so parsing the file again, in any process, gives an unchanged entry the
    same id and every index keyed by ids stays valid. Confidence and last_access are left out:
    touching or flipping an entry does not make it another entry."""
    digest = _id_digest("\x1f".join((stamp, kind, body)).encode("utf-8", "surrogatepass")).hexdigest()
    return _numbered(digest, occurrence)


def content_ids(entries: Sequence["WarmEntry"]) -> list[str]:
    """The id parsing gives each of ``entries`` in this order (:func:`content_id`, repeats
    numbered), digested in C: what a writer saves for the next process, whose entries it made or
    changed under ids of its own, costs ~5 ms at 10k entries instead of ~15."""
    digests = _content_digests(zip(map(_STAMP, entries), map(_KIND, entries), map(_BODY, entries)))
    if len(set(digests)) == len(digests):
        return list(map("w".__add__, digests))
    seen: dict[str, int] = {}
    out = []
    for digest in digests:
        seen[digest] = occurrence = seen.get(digest, 0) + 1
        out.append(_numbered(digest, occurrence))
    return out


def _content_digests(triples: Iterable[tuple[str, str, str]]) -> list[str]:
    """:func:`content_id`'s digest of each (stamp, kind, body), one Python call for them all."""
    encoded = map(methodcaller("encode", "utf-8", "surrogatepass"), map("\x1f".join, triples))
    return list(map(methodcaller("hexdigest"), map(_id_digest, encoded)))


_id_digest = partial(hashlib.blake2b, digest_size=8)


def _numbered(digest: str, occurrence: int) -> str:
    return f"w{digest}" if occurrence == 1 else f"w{digest}.{occurrence}"


_STAMP, _KIND, _BODY = attrgetter("stamp"), attrgetter("kind"), attrgetter("body")


@dataclass(frozen=True)
class WarmEntry:
    stamp: str
    kind: str
    confidence: str | None
    body: str
    last_access: str | None
    raw: str
    id: str = field(default_factory=new_entry_id)
    n: int = 0

    # -- derived views ---------------------------------------------------------------------
    @property
    def effective_confidence(self) -> str:
        """Missing or unknown confidence reads as medium (SPEC 3)."""
        return self.confidence if self.confidence in CONFIDENCES else "medium"

    @property
    def ontology_kind(self) -> str:
        if self.kind in KINDS:
            return self.kind
        return LEGACY_KINDS.get(self.kind, "fact")

    @property
    def is_wrong(self) -> bool:
        # what effective_confidence == "wrong" says, without its call: asked of every entry
        return self.confidence == "wrong"

    @property
    def fields(self) -> list[str]:
        return [part.strip() for part in self.body.strip().split("|")] if "|" in self.body else [self.body.strip()]

    @property
    def brief(self) -> str:
        return brief(self.body)

    @property
    def display_text(self) -> str:
        tag = {"low": LOW_TAG, "wrong": WRONG_TAG}.get(self.effective_confidence, "")
        return f"{tag} {self.body.strip()}" if tag else self.body.strip()

    @property
    def day(self) -> str:
        return self.stamp[:10]

    @property
    def trail(self) -> str:
        """The blank lines after the block (the separator to the next entry)."""
        stripped = self.raw.rstrip("\r\n")
        return self.raw[len(stripped):]

    def header(self) -> str:
        return format_header(self.stamp, self.kind, self.confidence)

    @cached_property
    def dedupe_key(self) -> str:
        """The body normalised for the near-duplicate rule (computed once per entry)."""
        return normalise_for_dedupe(self.body)

    def with_changes(self, **changes) -> "WarmEntry":
        """A copy with new stamp / kind / confidence / body / last_access, rendered canonically."""
        values = {k: changes.get(k, getattr(self, k)) for k in ("stamp", "kind", "confidence", "body", "last_access")}
        trail = changes.pop("trail", None) or self.trail or "\n"
        raw = format_block(**values) + trail
        return replace(self, raw=raw, **values)

    def to_dict(self) -> dict:
        return {
            "id": self.id, "n": self.n, "stamp": self.stamp, "kind": self.kind,
            "confidence": self.effective_confidence, "body": self.body, "last_access": self.last_access,
        }


#: bump when parsing gives other entries for the same text: what is kept by a key of warm.md's
#: bytes (a saved parse, ``WarmDocument.parsed_from``) is then not taken for this parser's entries
PARSE_VERSION = 1


@dataclass
class WarmDocument:
    preamble: str
    entries: list[WarmEntry]
    #: a key of the bytes whose ``parse_warm`` this document is, ids included (:data:`PARSE_VERSION`
    #: and their SHA-256), when the reader knows it (``Memory``'s first parse in a process): a
    #: content key for what is made of the entries (the saved index and the situations' grouping
    #: are taken by it). None for a document made or changed in a process, whose entries may keep
    #: ids of their own.
    parsed_from: str | None = field(default=None, compare=False, repr=False)

    def render(self) -> str:
        return self.preamble + "".join(e.raw for e in self.entries)

    def numbered(self) -> list[WarmEntry]:
        """The entries with ``n`` set to their 1-based position (wrong entries included)."""
        return [e if e.n == i else replace(e, n=i) for i, e in enumerate(self.entries, 1)]


# -- parsing -----------------------------------------------------------------------------------
def parse_warm(text: str) -> WarmDocument:
    """Never raises; every character of ``text`` ends up in the preamble or in one entry's raw."""
    starts = [m.start() for m in ENTRY_HEADER.finditer(text)]
    if not starts:
        return WarmDocument(text, [])
    return WarmDocument(text[: starts[0]], _parse_blocks(text, starts, 1, {}))


def starts_entry(text: str, pos: int) -> bool:
    """Whether an entry header line (the start of an entry for ``parse_warm``) begins at ``pos``."""
    return ENTRY_HEADER.match(text, pos) is not None


def _parse_blocks(text: str, starts: list[int], first_n: int, seen: dict[str, int]) -> list[WarmEntry]:
    bounds = starts + [len(text)]
    return [_parse_block(text[a:b], n, seen) for n, (a, b) in enumerate(zip(bounds, bounds[1:]), first_n)]


def parse_warm_after(text: str, previous: WarmDocument) -> WarmDocument:
    """``parse_warm(text)`` when ``text`` may begin as the text of ``previous`` (a parse of it)
    did: the agent appended, or changed an entry near the end. The entries before the first one
    that can differ are ``previous``'s own objects (their ids too, as ``Memory`` keeps them for
    unchanged blocks); only the rest is parsed. A 10k-entry warm.md grown by one entry took a
    worker 108 ms to parse whole, competing with the GUI thread for the GIL."""
    old = previous.entries
    if not old or not text.startswith(previous.preamble):
        return parse_warm(text)
    pos, kept = len(previous.preamble), 0
    # the last entry is parsed again: an append adds a blank line to it
    while kept < len(old) - 1 and text.startswith(old[kept].raw, pos):  # compares in place
        pos += len(old[kept].raw)
        kept += 1
    if not ENTRY_HEADER.match(text, pos):  # the text after the kept entries no longer opens an entry
        if not kept:
            return parse_warm(text)
        kept -= 1  # the last kept one runs on: it ends where the next header now is
        pos -= len(old[kept].raw)
    starts = [m.start() for m in ENTRY_HEADER.finditer(text, pos)]
    prefix = old[:kept]
    return WarmDocument(previous.preamble, prefix + _parse_blocks(text, starts, kept + 1, _occurrences(prefix, text, starts)))


def _occurrences(entries: list[WarmEntry], text: str, starts: list[int]) -> dict[str, int]:
    """How often ``entries`` hold each content id the blocks at ``starts`` will have (``seen`` for
    ``_parse_block``): a repeated stamp, kind and body is numbered after the earlier ones."""
    heads = {m.group("stamp") for a in starts if (m := ENTRY_HEADER.match(text, a))}
    seen: dict[str, int] = {}
    for e in entries:
        if e.stamp in heads:  # a cheap filter: most entries differ by their stamp
            first = content_id(e.stamp, e.kind, e.body)
            seen[first] = seen.get(first, 0) + 1
    return seen


def _parse_block(raw: str, n: int, seen: dict[str, int]) -> WarmEntry:
    """One entry; ``seen`` counts the content ids given so far (a repeated entry gets ``.2``...)."""
    head, _, rest = raw.partition("\n")
    m = ENTRY_HEADER.match(head)
    assert m is not None  # blocks start at header matches
    content = rest.rstrip("\r\n")
    stamp = m.group("stamp")
    last_access = None
    lines = content.split("\n")
    if lines and (la := _LAST_ACCESS.match(lines[-1].rstrip("\r"))):
        last_access = la.group("la").strip()
        if last_access == stamp:  # mostly: one string kept for both (66 bytes an entry)
            last_access = stamp
        lines = lines[:-1]
    body = "\n".join(lines).strip("\r\n")
    body = unescape_heading_lines(body)
    # a handful of words in every entry: one object each (100 bytes an entry; the parse kept in
    # the cache folder, marshalled, keeps them one object too)
    kind = sys.intern(m.group("kind") or "fact")
    confidence = m.group("conf") and sys.intern(m.group("conf"))
    first = content_id(stamp, kind, body)
    seen[first] = occurrence = seen.get(first, 0) + 1
    return WarmEntry(
        stamp=stamp,
        kind=kind,
        confidence=confidence,
        body=body,
        last_access=last_access,
        raw=raw,
        n=n,
        id=first if occurrence == 1 else content_id(stamp, kind, body, occurrence),
    )


# -- writing -----------------------------------------------------------------------------------
def format_header(stamp: str, kind: str, confidence: str | None) -> str:
    header = f"## {stamp} [{kind}]"
    return f"{header} {confidence}" if confidence else header


def format_block(stamp: str, kind: str, confidence: str | None, body: str, last_access: str | None) -> str:
    """Canonical text of one entry, without its trailing separator."""
    safe_body = escape_heading_lines(body.strip("\n"))
    text = f"{format_header(stamp, kind, confidence)}\n\n{safe_body}\n"
    if last_access:
        text += f"<!-- last_access: {last_access} -->"
    return text.rstrip("\n")


def new_entry(stamp: str, kind: str, confidence: str, body: str, last_access: str | None = None) -> WarmEntry:
    la = last_access or stamp
    raw = format_block(stamp, kind, confidence, body, la) + "\n"
    return WarmEntry(stamp=stamp, kind=kind, confidence=confidence, body=body.strip("\n"), last_access=la, raw=raw)


def append_entry(doc: WarmDocument, entry: WarmEntry) -> None:
    """Add ``entry`` at the end, making sure a blank line separates it from the previous one."""
    if doc.entries:
        last = doc.entries[-1]
        if not last.raw.endswith("\n\n"):
            doc.entries[-1] = replace(last, raw=last.raw.rstrip("\r\n") + "\n\n")
    elif doc.preamble and not doc.preamble.endswith("\n\n"):
        doc.preamble = doc.preamble.rstrip("\n") + "\n\n"
    doc.entries.append(entry)


def join_fields(kind: str, content: str | dict | list | tuple) -> str:
    """Body text from structured content: a dict of named fields, a list, or plain text."""
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, dict):
        names = KIND_FIELDS.get(LEGACY_KINDS.get(kind, kind), ())
        unknown = set(content) - set(names)
        if unknown:
            raise ValueError(f"unknown field(s) for {kind}: {', '.join(sorted(unknown))}")
        parts = [str(content.get(name, "") or "").strip() for name in names]
    else:
        parts = [str(p).strip() for p in content]
    while parts and not parts[-1]:
        parts.pop()
    return " | ".join(parts)


def normalise_for_dedupe(text: str) -> str:
    """SPEC 3 near-duplicate key: drop header and last_access lines, ``*`` and backticks, whitespace."""
    if "## " not in text and "<!-- last_access" not in text:
        # No line to drop (nearly every body), and the line breaks are whitespace too: str.split
        # drops what ``\s`` matches. An append at 10k entries normalises every body: 44 ms the
        # line by line way, 11 ms this way.
        return "".join(text.replace("*", "").replace("`", "").split()).lower()
    return _normalise_by_lines(text)


def compute_dedupe_keys(entries: Sequence[WarmEntry]) -> None:
    """Compute the ``dedupe_key`` of each entry that has none yet, the bodies with no line to drop
    normalised together: an append compares the new body with every entry, and at 10k entries a
    call per body was most of its time (~20 ms; ~2 ms joined). Lowercasing the joined text is
    lowercasing each body: the separator is neither cased nor case-ignorable (a final sigma stays
    final)."""
    missing = [e for e in entries if "dedupe_key" not in e.__dict__]
    bodies = [e.body for e in missing]
    joined = _KEY_SEPARATOR.join(bodies)
    if joined.count(_KEY_SEPARATOR) != max(0, len(bodies) - 1):  # a body holds the separator itself
        keys = list(map(normalise_for_dedupe, bodies))
    else:
        keys = "".join(joined.replace("*", "").replace("`", "").split()).lower().split(_KEY_SEPARATOR)
        if "## " in joined or "<!-- last_access" in joined:  # the few with a line to drop
            keys = [normalise_for_dedupe(b) if "## " in b or "<!-- last_access" in b else k
                    for b, k in zip(bodies, keys)]
    for e, key in zip(missing, keys):
        e.__dict__["dedupe_key"] = key  # where cached_property keeps it


#: what separates the bodies normalised together: not whitespace, not cased, not case-ignorable
_KEY_SEPARATOR = "\x00"


def _normalise_by_lines(text: str) -> str:
    kept = [
        line for line in text.splitlines()
        if not ENTRY_HEADER.match(line) and not _LAST_ACCESS.match(line.strip())
    ]
    joined = "".join(kept).replace("*", "").replace("`", "")
    return _SPACE.sub("", joined).lower()


def is_near_duplicate(a: str, b: str) -> bool:
    """Equal after normalising, or the shorter inside the longer with longer <= 1.8 x shorter."""
    return keys_near_duplicate(normalise_for_dedupe(a), normalise_for_dedupe(b))


def keys_near_duplicate(na: str, nb: str) -> bool:
    """``is_near_duplicate`` on keys already normalised with ``normalise_for_dedupe``."""
    if not na or not nb:
        return False
    if na == nb:
        return True
    short, long_ = sorted((na, nb), key=len)
    return short in long_ and len(long_) <= 1.8 * len(short)


def injection_order(entries: list[WarmEntry]) -> list[WarmEntry]:
    """SPEC 3: by confidence weight; high keeps write order; the rest by last_access, newest first.

    Wrong entries are never injected.
    """
    live = [e for e in entries if not e.is_wrong]
    high = [e for e in live if e.effective_confidence == "high"]
    rest = [e for e in live if e.effective_confidence != "high"]
    rest.sort(key=lambda e: e.last_access or "", reverse=True)  # missing values oldest
    rest.sort(key=lambda e: CONFIDENCE_WEIGHT[e.effective_confidence], reverse=True)
    return high + rest
