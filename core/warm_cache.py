"""The parse of a home's warm.md, kept for the next process (``core.appdirs.cache_dir()/index``,
``<home>.warm``).

Every command the agent runs parsed warm.md from scratch: 10,000 entries cost a new process about
a fifth of a ``linghun turn``. The parse is saved with the digest of the bytes it came from; the
next process takes it when warm.md holds the same bytes (a digest it computes anyway), and when it
does not (the agent appended or edited since), hands it to
:func:`core.formats.warm.parse_warm_after` as the earlier parse, which keeps the entries whose text
is still there, compared in place, and parses the rest. A process that writes warm.md saves the
parse of what it wrote when it ends (:func:`save_at_exit`), so the agent's command after
``linghun append`` takes it whole.

A cache, never trusted over warm.md: the file holds each entry's fields and text, and is taken
whole only when it was saved for warm.md's bytes (their SHA-256) and its texts are as long as
they were when saved (then warm.md is not even decoded); otherwise only its entries whose text
still stands in warm.md, at their place, are kept. Anything else (missing, damaged, of another
version or shape) is ignored and written anew. The fields are taken as this program wrote them:
the cache folder is the user's own, not the home other programs write.
"""
from __future__ import annotations

import atexit
import threading
from collections import OrderedDict
from dataclasses import replace
from operator import attrgetter
from pathlib import Path

from linghun.core import home_cache
from linghun.core.formats.warm import PARSE_VERSION, WarmDocument, WarmEntry, content_ids

__all__ = ["saved_parse", "save_parse", "save_at_exit", "save_written"]

#: bump when WarmEntry's fields or this file's layout change: a file of another version (or of
#: another ``PARSE_VERSION``) is not used
VERSION = 4

#: the parses of writes kept for the end of the process: those of the homes last written
KEEP_WRITTEN = 4

_LOCK = threading.Lock()
#: warm.md -> the parse of what this process last wrote there, not saved yet (:func:`save_at_exit`)
_WRITTEN: OrderedDict[Path, tuple[WarmDocument, str]] = OrderedDict()
_AT_EXIT = threading.Event()


def _file(warm: Path) -> Path:
    return home_cache.cache_file(home_cache.home_key(warm), "warm")


#: the saved columns, in order: each entry's field by position in every column
COLUMNS = ("stamp", "kind", "confidence", "body", "last_access", "id", "raw")
#: the columns that may hold None (a field the entry's header does not have)
OPTIONAL = {"confidence", "last_access"}
_STR, _MAYBE = {str}, {str, type(None)}


def _fits(columns, count: int) -> bool:
    """Saved columns: one list per field of :data:`COLUMNS`, ``count`` items each, strings but for
    the confidence and last access (or None). Checked in C: a test per field in Python was a
    third of taking a 10k-entry parse."""
    return (type(columns) is tuple and len(columns) == len(COLUMNS)
            and all(type(c) is list and len(c) == count and set(map(type, c)) <= (_MAYBE if name in OPTIONAL else _STR)
                    for name, c in zip(COLUMNS, columns)))


def saved_parse(warm: Path, sha256: str) -> tuple[WarmDocument, bool] | None:
    """The parse saved for the warm.md at ``warm`` and whether it is the parse of the bytes of
    digest ``sha256`` (saved with that digest, and its entries' texts as long as they were when
    saved) or of an earlier warm.md (then only good as the earlier parse for ``parse_warm_after``,
    which compares each entry's text with warm.md's). None when there is none.

    The digest replaces comparing the rendered parse with warm.md's text: the reader has it
    already (``FileStamp``), and rendering 100k entries to compare them was 40 ms of every
    command; a parse taken whole does not need the text decoded either (another 20 ms)."""
    saved = home_cache.load(_file(warm))
    try:
        columns, preamble, count, chars = saved["columns"], saved["preamble"], saved["count"], saved["chars"]
        if (saved["version"], saved["parse"]) != (VERSION, PARSE_VERSION) or type(preamble) is not str \
                or type(count) is not int or not _fits(columns, count):
            return None
        stamps, kinds, confidences, bodies, accessed, ids, raws = columns
        doc = WarmDocument(preamble, list(map(WarmEntry, stamps, kinds, confidences, bodies, accessed, raws, ids,
                                              range(1, count + 1))))
        return doc, saved["sha256"] == sha256 and len(preamble) + sum(map(len, raws)) == chars
    except (KeyError, TypeError, ValueError):  # missing, damaged or of another shape: parse anew
        return None


def save_parse(warm: Path, doc: WarmDocument, sha256: str) -> None:
    """Keep ``doc``, the parse of the warm.md at ``warm`` whose bytes have the digest ``sha256``,
    for the next process."""
    entries = doc.entries
    home_cache.save(_file(warm), {
        "version": VERSION, "parse": PARSE_VERSION, "preamble": doc.preamble, "count": len(entries),
        "sha256": sha256,
        "chars": len(doc.preamble) + sum(map(len, map(attrgetter("raw"), entries))),
        "columns": tuple(list(map(attrgetter(name), entries)) for name in COLUMNS)})


def save_at_exit(warm: Path, doc: WarmDocument, sha256: str) -> None:
    """``doc`` is what this process just wrote at ``warm`` (bytes of digest ``sha256``): save its
    parse when the process ends (or at :func:`save_written`), so that the next process takes it
    whole instead of parsing the end of warm.md again and saving that itself. After ``linghun
    append`` that was ~25 ms of the agent's next command; saving at each write instead would cost
    a long-lived process (the workbench, the MCP server) a save per edit, ~0.15 s at 100k entries.
    Only the homes last written are kept (a test run writes thousands); another's parse is left to
    its next reader."""
    with _LOCK:
        _WRITTEN[warm] = (doc, sha256)
        _WRITTEN.move_to_end(warm)
        while len(_WRITTEN) > KEEP_WRITTEN:
            _WRITTEN.popitem(last=False)
    if not _AT_EXIT.is_set():
        _AT_EXIT.set()
        atexit.register(save_written)


def save_written() -> None:
    """Save the parses :func:`save_at_exit` holds, of homes that are still there."""
    with _LOCK:
        written = list(_WRITTEN.items())
        _WRITTEN.clear()
    for warm, (doc, sha256) in written:
        if warm.is_file():
            save_parse(warm, _as_parsed(doc), sha256)


def _as_parsed(doc: WarmDocument) -> WarmDocument:
    """``doc`` with the ids parsing gives its entries: a writer's entries keep the ids they had in
    its process (a new one's is its own, an edited one's its old), the next process's are content ids."""
    ids = content_ids(doc.entries)
    if ids == [e.id for e in doc.entries]:
        return doc
    return WarmDocument(doc.preamble, [e if e.id == i else replace(e, id=i) for e, i in zip(doc.entries, ids)])
