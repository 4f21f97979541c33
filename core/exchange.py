"""Export a home's warm entries to other memory systems' formats, and import theirs.

Formats (each described, with the peer's version and documentation, in its module):

=========  ======================================  ======  ======
format     module                                  export  import
=========  ======================================  ======  ======
jsonl      ``core.formats.exchange_jsonl`` (ours)  yes     yes
mem0       ``core.formats.mem0``                   yes     yes
markdown   ``core.formats.notes_md`` (Basic Memory yes     yes (a folder of ``.md`` notes)
           / Obsidian notes)
letta      ``core.formats.letta``                  no      yes (an agent file or API JSON, or
                                                           a Letta Code folder of ``.md`` blocks)
=========  ======================================  ======  ======

An import reads and checks everything before it writes: bad input (not JSON, not the format, a
link leading out of the folder) raises ``InvalidInputError`` and the home is untouched. Entries
whose body is already in the home (or earlier in the same input), compared as the near-duplicate
rule normalises them (SPEC 3) without their source line, are skipped and reported; an import only
adds, it never merges into or rewrites an entry of the home. The rest is appended in **one** save of warm.md through ``Memory.add_entries``: the lock, the atomic
write and the history's capture are the memory's, and the import is one undo step. An import
that would take warm.md over ``memory.maxBytes`` is refused (``CapacityError``) rather than
consolidating the home's entries away to make room. A folder is walked without following links;
a link that leads out of it refuses the whole import.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Callable

from linghun.core.errors import InvalidInputError, UnreadableFileError
from linghun.core.formats import exchange_jsonl, letta, mem0, notes_md
from linghun.core.formats.exchange_record import Record, records_of, split_source
from linghun.core.formats.warm import WarmEntry, append_entry, format_block, normalise_for_dedupe, parse_warm
from linghun.core.fsio import atomic_write, decode_utf8
from linghun.core.memory import Memory, stamp_of

EXPORT_FORMATS = ("jsonl", "markdown", "mem0")
IMPORT_FORMATS = ("jsonl", "mem0", "letta", "markdown")

#: ``progress(done, total)``: told as the records of an import are made into entries
Progress = Callable[[int, int], None]


@dataclass
class ImportResult:
    format: str
    source: str
    dry_run: bool
    added: list[Record] = field(default_factory=list)
    skipped: list[Record] = field(default_factory=list)

    def to_dict(self) -> dict:
        rows = (lambda records: [r.__dict__ for r in records])
        return {"format": self.format, "source": self.source, "dry_run": self.dry_run,
                "added": len(self.added), "skipped_duplicates": len(self.skipped),
                "entries": rows(self.added), "duplicates": rows(self.skipped)}


# -- export ------------------------------------------------------------------------------------
def export_home(memory: Memory, fmt: str, out: Path, user_id: str = "linghun") -> int:
    """Write the home's warm entries to ``out`` (a file; a new or empty folder for markdown);
    returns how many."""
    entries = memory.entries()
    records = records_of(entries)
    out = Path(out)
    if fmt == "jsonl":
        atomic_write(out, exchange_jsonl.render(records))
    elif fmt == "mem0":
        atomic_write(out, mem0.render(records, user_id))
    elif fmt == "markdown":
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            raise InvalidInputError(f"{out} is not an empty folder: markdown export writes one note per entry "
                                    "into a new or empty folder")
        out.mkdir(parents=True, exist_ok=True)
        for n, (record, entry) in enumerate(zip(records, entries), 1):
            permalink = f"linghun-{n:04d}-{entry.id.lstrip('w')[:8]}"
            atomic_write(out / f"{permalink}.md", notes_md.render_note(record, permalink))
    else:
        raise InvalidInputError(f"unknown export format {fmt!r}: use {', '.join(EXPORT_FORMATS)}")
    return len(records)


# -- import ------------------------------------------------------------------------------------
def import_into(memory: Memory, fmt: str, path: Path, dry_run: bool = False,
                progress: Progress | None = None, when: datetime | None = None) -> ImportResult:
    """Import ``path`` in format ``fmt`` into ``memory``'s warm entries (nothing with ``dry_run``:
    the result is the preview)."""
    records, entries = _read(fmt, path, progress, when)
    if dry_run:
        result = ImportResult(fmt, str(path), True)
        _sort(memory, records, entries, result)
        return result
    return write_entries(memory, ImportPlan(ImportResult(fmt, str(path), False), records, entries))


@dataclass
class ImportPlan:
    """An import read and checked, not written: the dry run's ``result``, every record read with
    the entry it becomes, and warm.md's text ``before`` and ``after`` (the workbench's preview)."""

    result: ImportResult
    records: list[Record]
    entries: list[WarmEntry]
    before: str = ""
    after: str = ""


def plan_import(memory: Memory, fmt: str, path: Path, progress: Progress | None = None,
                when: datetime | None = None) -> ImportPlan:
    """What an import would do, written nowhere (the workbench shows its diff, then writes the
    same entries with :func:`write_entries`: the source is read once)."""
    records, entries = _read(fmt, path, progress, when)
    result = ImportResult(fmt, str(path), True)
    added = _sort(memory, records, entries, result)
    before = memory.document().render()
    doc = parse_warm(before)
    for entry in added:
        append_entry(doc, entry)
    return ImportPlan(result, records, entries, before, doc.render())


def write_entries(memory: Memory, plan: ImportPlan) -> ImportResult:
    """Append the plan's entries in one save of warm.md, those already in the home (now: another
    writer may have added some since the plan) skipped; what was added and skipped."""
    result = ImportResult(plan.result.format, plan.result.source, False)
    by_entry = {id(e): r for e, r in zip(plan.entries, plan.records)}
    _added, skipped = memory.add_entries(plan.entries, same=_same)
    result.skipped = [by_entry[id(e)] for e in skipped]
    skipped_ids = {id(e) for e in skipped}
    result.added = [r for e, r in zip(plan.entries, plan.records) if id(e) not in skipped_ids]
    return result


def _read(fmt: str, path: Path, progress: Progress | None, when: datetime | None) -> tuple[list[Record], list[WarmEntry]]:
    records = read_records(fmt, Path(path), stamp_of(when))
    return records, _entries(records, progress)


def _sort(memory: Memory, records: list[Record], entries: list[WarmEntry], result: ImportResult) -> list[WarmEntry]:
    """Put each record in ``result.added`` or ``result.skipped`` as an import would; the entries added."""
    existing = {_same(e.body) for e in memory.entries()}
    added = []
    for record, entry in zip(records, entries):
        key = _same(entry.body)
        if key in existing:
            result.skipped.append(record)
        else:
            result.added.append(record)
            added.append(entry)
        existing.add(key)
    return added


def _same(body: str) -> str:
    """What makes two bodies the same memory: the text, normalised as the near-duplicate rule
    does (SPEC 3), without where it came from."""
    return normalise_for_dedupe(split_source(body)[0])


def _entries(records: list[Record], progress: Progress | None) -> list[WarmEntry]:
    total = len(records)
    step = max(1, total // 100)
    entries = []
    for done, r in enumerate(records, 1):
        body = r.warm_body()
        raw = format_block(r.stamp, r.kind, r.confidence, body, r.last_access) + "\n"
        entries.append(WarmEntry(r.stamp, r.kind, r.confidence, body.strip("\n"), r.last_access, raw))
        if progress is not None and (done % step == 0 or done == total):
            progress(done, total)
    if progress is not None and not total:
        progress(0, 0)
    return entries


def read_records(fmt: str, path: Path, fallback_stamp: str) -> list[Record]:
    """Every record of ``path`` in format ``fmt``, checked; ``InvalidInputError`` on bad input."""
    if fmt not in IMPORT_FORMATS:
        raise InvalidInputError(f"unknown import format {fmt!r}: use {', '.join(IMPORT_FORMATS)}")
    if not path.exists():
        raise InvalidInputError(f"{path} does not exist")
    if fmt in ("markdown", "letta") and path.is_dir():
        return _folder_records(fmt, path)
    if path.is_dir():
        raise InvalidInputError(f"{path} is a folder: the {fmt} format is one file")
    text = _text(path)
    if fmt == "jsonl":
        return exchange_jsonl.parse(text, str(path))
    if fmt == "markdown":
        return [r for r in [_note(path, text)] if r is not None]
    value = _json(text, path)
    return mem0.parse(value, fallback_stamp) if fmt == "mem0" else letta.parse(value, fallback_stamp)


def _text(path: Path, follow: bool = True) -> str:
    """The UTF-8 text of ``path``; ``follow`` False: refused when it is a link by the time it is
    opened (a file of a folder, checked by ``markdown_files``, and swapped for a link since)."""
    try:
        fd = os.open(path, os.O_RDONLY | (0 if follow else getattr(os, "O_NOFOLLOW", 0)))
        with open(fd, "rb") as fh:
            return decode_utf8(path, fh.read())
    except (UnreadableFileError, OSError) as exc:  # not UTF-8, no permission: one line, nothing imported
        raise InvalidInputError(f"{path} cannot be read ({exc}); nothing was imported") from None


def _json(text: str, path: Path):
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{path} is not valid JSON ({exc.msg} at line {exc.lineno}, column "
                                f"{exc.colno}); nothing was imported") from None


def _note(path: Path, text: str) -> Record | None:
    return notes_md.parse_note(text, str(path), _modified(path))[1]


def _modified(path: Path) -> str:
    """The stamp of a file's last change: the time of a note that says none."""
    return stamp_of(datetime.fromtimestamp(path.stat().st_mtime))


def _folder_records(fmt: str, folder: Path) -> list[Record]:
    records = []
    for path in markdown_files(folder):
        text = _text(path, follow=False)
        if fmt == "markdown":
            record = _note(path, text)
            records += [record] if record is not None else []
            continue
        fields, body = notes_md.split_front_matter(text, str(path))
        label = fields.get("label") if isinstance(fields.get("label"), str) else _label(folder, path)
        records += letta.block_records(label, body, _modified(path))
    return records


def _label(folder: Path, path: Path) -> str:
    """A Letta Code memory file's block label: its path in the folder, without ``.md`` (a file
    reached through a link inside the folder is where the link leads, below the resolved folder)."""
    for base in (folder, folder.resolve()):
        if path.is_relative_to(base):
            return path.relative_to(base).with_suffix("").as_posix()
    return path.stem


def markdown_files(folder: Path) -> list[Path]:

    """The ``.md`` files under ``folder``, in name order, links not followed. A link (to a file
    or a folder) that leads out of ``folder`` raises ``InvalidInputError``: an import never reads
    outside the folder it was given. A link to a file inside it is given as the file it leads to;
    a link to a folder inside it is left out (that folder is walked anyway)."""
    root = folder.resolve()
    found = []
    for top, dirs, files in os.walk(folder, followlinks=False):
        for name in sorted(dirs + files):
            path = Path(top) / name
            if path.is_symlink():
                target = path.resolve()
                if not target.is_relative_to(root):
                    raise InvalidInputError(f"{path} is a link leading out of {folder} (to {target}): an import "
                                            "never follows links out of its folder; nothing was imported")
                if name in dirs:
                    continue
                path = target
            if name in files and name.lower().endswith(".md") and not name.startswith("."):
                found.append(path)
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    return found
