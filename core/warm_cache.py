"""The parse of a home's warm.md, kept for the next process (``core.appdirs.cache_dir()/index``,
``<home>.warm``).

Every command the agent runs parsed warm.md from scratch: 10,000 entries cost a new process about
a fifth of a ``linghun turn``. The parse is saved with the digest of the bytes it came from; the
next process takes it when warm.md holds the same bytes, and when it does not (the agent appended
or edited since), hands it to :func:`core.formats.warm.parse_warm_after` as the earlier parse, which
keeps the entries whose text is still there, compared in place, and parses the rest.

A cache, never trusted over warm.md: the file holds each entry's fields and text, and is taken
whole only when its texts joined are warm.md's text, to the byte; otherwise only its entries whose
text still stands in warm.md, at their place, are kept. Anything else (missing, damaged, of another
version or shape) is ignored and written anew. The fields are taken as this program wrote them:
the cache folder is the user's own, not the home other programs write.
"""
from __future__ import annotations

from pathlib import Path

from linghun.core import home_cache
from linghun.core.formats.warm import WarmDocument, WarmEntry

__all__ = ["saved_parse", "save_parse"]

#: bump when WarmEntry's fields or the parse change: a file of another version is not used
VERSION = 1


def _file(warm: Path) -> Path:
    return home_cache.cache_file(home_cache.home_key(warm), "warm")


def _fits(row) -> bool:
    """A saved entry: seven fields, strings but for the confidence and last access (or None)."""
    return (type(row) is tuple and len(row) == 7
            and type(row[0]) is type(row[1]) is type(row[3]) is type(row[5]) is type(row[6]) is str
            and (row[2] is None or type(row[2]) is str) and (row[4] is None or type(row[4]) is str))


def saved_parse(warm: Path, text: str) -> tuple[WarmDocument, bool] | None:
    """The parse saved for the warm.md at ``warm`` and whether it is the parse of ``text`` itself
    (its entries' text, joined, is ``text``) or of an earlier warm.md (then only good as the
    earlier parse for ``parse_warm_after``, which compares each entry's text with ``text``).
    None when there is none."""
    saved = home_cache.load(_file(warm))
    try:
        rows, preamble = saved["entries"], saved["preamble"]
        if saved["version"] != VERSION or type(preamble) is not str or not all(map(_fits, rows)):
            return None
        doc = WarmDocument(preamble, [WarmEntry(stamp, kind, confidence, body, last_access, raw, entry_id, n)
                                      for n, (stamp, kind, confidence, body, last_access, entry_id, raw)
                                      in enumerate(rows, 1)])
        return doc, doc.render() == text
    except (KeyError, TypeError, ValueError):  # missing, damaged or of another shape: parse anew
        return None


def save_parse(warm: Path, doc: WarmDocument) -> None:
    """Keep ``doc``, the parse of the warm.md at ``warm``, for the next process."""
    home_cache.save(_file(warm), {
        "version": VERSION, "preamble": doc.preamble,
        "entries": [(e.stamp, e.kind, e.confidence, e.body, e.last_access, e.id, e.raw) for e in doc.entries]})
