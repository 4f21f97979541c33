"""The versions of a file read straight from the history's packs, each delta applied to a base
kept in memory.

Why not libgit2 (``HomeHistory.blob_data``): a packed version of warm.md is a delta of about
150 bytes against another version, in a chain up to 50 deep. libgit2 keeps no resolved base over
1 MiB (its pack cache's per-object limit), so every read of a 1.4 MB version inflated the whole
base again and applied the chain: 6-14 ms a version, half the first build of a review queue that
reads 1,000 of them. Here the resolved versions stay in a small cache of our own, so reading the
next version is inflating its delta and joining a few slices of a version already read.

Only what the pack's index vouches for is returned: the index's CRC-32 of each packed entry is
checked, zlib checks each stream, and a delta's sizes must match its base and its result.
Anything else (a loose object, a pack written after the reader opened, damage, an unknown entry
type) is ``None``, and the caller reads that version through the history as before, which says
what is damaged. Format: git's ``Documentation/gitformat-pack.txt`` (index version 2, pack
version 2 or 3); libgit2's pack builder writes both delta kinds git knows.
"""
from __future__ import annotations

import contextlib
import mmap
import zlib
from collections import OrderedDict
from pathlib import Path

_IDX_MAGIC = b"\xfftOc"
_BLOB, _OFS_DELTA, _REF_DELTA = 3, 6, 7
#: resolved versions kept (bytes): a base with the versions deltified against it, walked in
#: order, is read once; 48 MiB holds about 30 versions of a 10k-entry warm.md
CACHE_BYTES = 48 << 20
#: a longer delta chain is damage (git and libgit2 write at most 50; a loop never ends), and
#: stays below Python's recursion limit
MAX_CHAIN = 500


class _Damaged(Exception):
    """Something in a pack is not as its index says: the caller reads through libgit2."""


class _Pack:
    """One ``pack-*.pack`` with its index: object id -> (offset, end, CRC-32)."""

    def __init__(self, idx: Path) -> None:
        data = idx.read_bytes()
        if data[:4] != _IDX_MAGIC or int.from_bytes(data[4:8], "big") != 2:
            raise _Damaged(f"{idx.name}: not a version 2 index")
        count = int.from_bytes(data[8 + 255 * 4:8 + 256 * 4], "big")
        names_at = 8 + 256 * 4
        crcs_at = names_at + 20 * count
        offsets_at = crcs_at + 4 * count
        large_at = offsets_at + 4 * count
        offsets = []
        for k in range(count):
            off = int.from_bytes(data[offsets_at + 4 * k:offsets_at + 4 * k + 4], "big")
            if off & 0x80000000:
                at = large_at + 8 * (off & 0x7FFFFFFF)
                off = int.from_bytes(data[at:at + 8], "big")
            offsets.append(off)
        with open(idx.with_suffix(".pack"), "rb") as fh:
            self.map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)  # stays valid if repacked away
        ends = sorted(offsets) + [len(self.map) - 20]  # the pack ends with its own checksum
        end_of = dict(zip(ends, ends[1:]))
        self.entries: dict[bytes, tuple[int, int, int]] = {}
        self.by_offset: dict[int, bytes] = {}
        for k, off in enumerate(offsets):
            oid = data[names_at + 20 * k:names_at + 20 * k + 20]
            crc = int.from_bytes(data[crcs_at + 4 * k:crcs_at + 4 * k + 4], "big")
            self.entries[oid] = (off, end_of[off], crc)
            self.by_offset[off] = oid

    def close(self) -> None:
        self.map.close()


def _varint(data, pos: int) -> tuple[int, int]:
    """A delta's size: 7 bits a byte, least significant first."""
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def apply_delta(base: bytes, delta: bytes) -> bytes:
    """``base`` turned into the version ``delta`` describes (copies of ``base`` and literal bytes)."""
    size, pos = _varint(delta, 0)
    if size != len(base):
        raise _Damaged("a delta's base is not the size it says")
    size, pos = _varint(delta, pos)
    pieces = []
    end = len(delta)
    while pos < end:
        op = delta[pos]
        pos += 1
        if op & 0x80:  # copy: which offset and size bytes follow is in the op's low 7 bits
            offset = length = 0
            for bit in range(4):
                if op & (1 << bit):
                    offset |= delta[pos] << (8 * bit)
                    pos += 1
            for bit in range(3):
                if op & (16 << bit):
                    length |= delta[pos] << (8 * bit)
                    pos += 1
            length = length or 0x10000
            if offset + length > len(base):
                raise _Damaged("a delta copies past its base")
            pieces.append(base[offset:offset + length])
        elif op:  # insert the next ``op`` bytes
            pieces.append(delta[pos:pos + op])
            pos += op
        else:
            raise _Damaged("a delta holds the reserved op 0")
    out = b"".join(pieces)
    if len(out) != size:
        raise _Damaged("a delta's result is not the size it says")
    return out


class PackedVersions:
    """Reads blobs of one history's packs; ``read(hex id)`` is the bytes or None (read it
    through the history). Open for one walk of the states: a pack written later is not seen."""

    def __init__(self, history_path: Path) -> None:
        self._packs: list[_Pack] = []
        for idx in sorted((Path(history_path) / "objects" / "pack").glob("pack-*.idx")):
            with contextlib.suppress(OSError, ValueError, _Damaged):  # one unreadable pack: libgit2 reads its objects
                self._packs.append(_Pack(idx))
        self._cache: OrderedDict[tuple[int, int], bytes] = OrderedDict()
        self._cached = 0

    def close(self) -> None:
        for pack in self._packs:
            pack.close()
        self._packs.clear()
        self._cache.clear()

    def __enter__(self) -> "PackedVersions":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def read(self, hexid: str) -> bytes | None:
        oid = bytes.fromhex(hexid)
        for k, pack in enumerate(self._packs):
            found = pack.entries.get(oid)
            if found is not None:
                try:
                    kind, data = self._object(k, found[0], 0)
                except (_Damaged, zlib.error, IndexError, KeyError, ValueError):
                    return None  # damage of any kind: libgit2 reads that version and says what it is
                return data if kind == _BLOB else None
        return None

    def _object(self, k: int, offset: int, depth: int) -> tuple[int, bytes]:
        """(type, bytes) of the entry at ``offset`` of pack ``k``, its delta chain resolved."""
        kept = self._cache.get((k, offset))
        if kept is not None:
            self._cache.move_to_end((k, offset))
            return _BLOB, kept
        if depth > MAX_CHAIN:
            raise _Damaged("a delta chain that does not end")
        pack = self._packs[k]
        oid = pack.by_offset[offset]
        start, end, crc = pack.entries[oid]
        raw = pack.map[start:end]
        if zlib.crc32(raw) != crc:
            raise _Damaged("a packed entry does not match its index")
        byte = raw[0]
        kind, pos = (byte >> 4) & 7, 1
        while byte & 0x80:  # the rest of the (inflated) size, which zlib's end tells as well
            byte = raw[pos]
            pos += 1
        if kind == _OFS_DELTA:
            byte = raw[pos]
            pos += 1
            back = byte & 0x7F
            while byte & 0x80:
                byte = raw[pos]
                pos += 1
                back = ((back + 1) << 7) | (byte & 0x7F)
            base_kind, base = self._object(k, offset - back, depth + 1)
        elif kind == _REF_DELTA:
            base_oid = raw[pos:pos + 20]
            pos += 20
            base_at = pack.entries.get(base_oid)
            if base_at is None:
                raise _Damaged("a delta's base is in another pack")  # a thin pack: not ours
            base_kind, base = self._object(k, base_at[0], depth + 1)
        elif kind == _BLOB:
            base_kind, base = _BLOB, b""
        else:
            return kind, b""  # a commit or a tree: not a version of a file
        if base_kind != _BLOB:
            return base_kind, b""  # a delta of a tree
        inflater = zlib.decompressobj()
        body = inflater.decompress(raw[pos:])
        if not inflater.eof:
            raise _Damaged("a packed entry ends before its stream")
        data = body if kind == _BLOB else apply_delta(base, body)
        self._keep((k, offset), data)
        return _BLOB, data

    def _keep(self, key: tuple[int, int], data: bytes) -> None:
        self._cache[key] = data
        self._cached += len(data)
        while self._cached > CACHE_BYTES and len(self._cache) > 1:
            _key, old = self._cache.popitem(last=False)
            self._cached -= len(old)
