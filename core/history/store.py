"""Every version of every file of a memory home, kept as git objects (libgit2 through pygit2).

Where: one bare repository per home under the user's data folder
(``<data_dir>/history/<home folder name>-<hash of its path>.git``), never inside the home. The
home is the agent's: its plugins list and read the folders of the layout, sync tools copy it,
and a ``.git`` there would be read, copied and backed up with the memory (and could be taken
for the agent's own workspace repository). The data folder is ours, per user, redirected by
``LINGHUN_DATA_DIR``; the repository's ``linghun-home`` file names the home it records.

Why pygit2 (measured on this machine, a 600-entry and a 10k-entry warm.md, one change each):
pygit2 1.7 ms / 24 ms per captured change against dulwich's 2.5 ms / 39 ms (dulwich compresses
in Python-called zlib and hashes in Python), and libgit2's pack builder stores deltas: 1,000
versions of the 600-entry file pack into 574 KiB, where dulwich's ``gc`` kept 11.9 MiB (its pack
writer did not delta-compress them). Loose objects are written at zlib level 1 (cheap capture);
``pack()`` turns them into deltas later.

One commit is one captured state of the home. Its author name is the writer (``agent``,
``workbench``, ``cli``, ``tool``...), its author time the moment the change was seen. The tree
mirrors the home's ``linghun`` folder; round traces (``memory/team/traces``) are left out: they
are append-only logs of ours that already keep every round. Commits go to ``refs/heads/main``
under a lock file in the repository, so the workbench, ``linghun watch`` and every CLI process
can record into one history at once.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator

import pygit2

from linghun.core.errors import InvalidInputError
from linghun.core.fsio import HomeLock
from linghun.core.history import spool
from linghun.core.history.layout import history_location, is_versioned
from linghun.core.history.objects import HistoryDamagedError, LooseObjects
from linghun.core.home import MemoryHome
from linghun.core.secret_fields import is_secret_file, keep_out

REF = "refs/heads/main"
#: what libgit2 writes here (trees, commits, the ref) is fsynced too, as our blobs are: a state
#: recorded before a crash is still whole after it
pygit2.option(pygit2.enums.Option.ENABLE_FSYNC_GITDIR, True)
AT_PREFIX = "at: "
#: loose objects are packed (with deltas) once there are this many commits since the last pack...
PACK_EVERY = 200
#: ...or about this many loose objects (``LooseObjects.estimate``), whoever wrote them: the agent's
#: one-shot commands each commit a few states and end, so no count of a process reached a pack,
#: and every state recorded checked every loose object (6,500 after a few hundred turns: 0.8 s)
PACK_LOOSE = 1200
#: those packs only add the loose objects; with this many packs, all are packed into one again
#: (git's auto gc does the same): packing all (with deltas) cost a 100k-entry home's turn 11 s
PACK_LIMIT = 8


@dataclass(frozen=True)
class Version:
    """One captured state: of the whole home (``commit``) or of one file in it."""

    commit: str
    when: datetime
    writer: str
    paths: tuple[str, ...]
    blob: str | None = None  # the file's blob id when listed for one file; None: file absent

    def to_dict(self) -> dict:
        return {"commit": self.commit, "when": self.when.isoformat(timespec="seconds"), "writer": self.writer,
                "paths": list(self.paths), "blob": self.blob}


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.astimezone()


def _stamp(moment: datetime) -> tuple[int, int]:
    moment = _aware(moment)
    offset = moment.utcoffset()
    return int(moment.timestamp()), int(offset.total_seconds() // 60) if offset else 0


def when_of(commit: pygit2.Commit) -> datetime:
    """When the state was captured: the message's ``at:`` line (git times are whole seconds, and
    an agent's round and its bundle often fall in the same second), else the author time."""
    for line in commit.message.splitlines():
        if line.startswith(AT_PREFIX):
            try:
                return datetime.fromisoformat(line[len(AT_PREFIX):].strip())
            except ValueError:
                break
    author = commit.author
    tz = timezone.utc if author.offset == 0 else timezone(timedelta(minutes=author.offset))
    return datetime.fromtimestamp(author.time, tz)


class HomeHistory:
    """The version store of one memory home."""

    def __init__(self, home: MemoryHome, location: Path | None = None):
        self.home = home
        self.path = Path(location) if location else history_location(home)
        if not (self.path / "HEAD").exists():
            self._create()
        self.loose = LooseObjects(self.path / "objects")
        self.repo = self._open_repo()
        self._lock = HomeLock(self.path / "capture.lock")
        # (mtime_ns, size) -> blob id per path, so a scan hashes only files that were touched
        self._seen: dict[str, tuple[int, int, str]] = {}
        self._since_pack = 0

    def _create(self) -> None:
        """Make the repository: in a folder of its own, renamed into place, so processes opening
        a home's history for the first time at once (libgit2 refuses a second ``config.lock``)
        all end with the one repository the first rename put there."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=self.path.name + ".new-", dir=self.path.parent))
        try:
            self._init_in(staging)
            try:
                os.rename(staging, self.path)  # replaces an empty folder, never a repository
            except OSError:
                if not (self.path / "HEAD").exists():  # a folder left half made: fill it in
                    self._init_in(self.path)
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    def _init_in(self, folder: Path) -> None:
        pygit2.init_repository(str(folder), bare=True, initial_head=REF.rsplit("/", 1)[-1])
        (folder / "linghun-home").write_text(str(self.home.root) + "\n", encoding="utf-8")

    def _open_repo(self) -> pygit2.Repository:
        repo = pygit2.Repository(str(self.path))
        odb = pygit2.Odb()
        objects = str(self.path / "objects")
        odb.add_backend(pygit2.OdbBackendLoose(objects, 1, False), 1)  # zlib level 1: cheap capture
        odb.add_backend(pygit2.OdbBackendPack(objects), 2)
        repo.set_odb(odb)
        return repo

    def _write_blob(self, data: bytes) -> pygit2.Oid:
        """Store ``data`` as a loose blob, as ``repo.create_blob`` would (same id, same file).

        Written here rather than by libgit2 because libgit2 hashes and deflates holding the GIL:
        for a 2 MB warm.md that is ~50 ms during which the thread that wrote the file (the GUI,
        an agent's append) cannot run. ``hashlib`` and ``zlib`` release the GIL on large buffers,
        so the capture thread costs the writer next to nothing."""
        hexid = self.blob_id(data)
        oid = pygit2.Oid(hex=hexid)
        if self.loose.present_and_whole(hexid):
            return oid
        if not self.loose.path(hexid).exists() and self.repo.odb.exists(oid):
            return oid  # packed
        compressor = zlib.compressobj(1)  # the loose backend's level: cheap capture
        packed = compressor.compress(b"blob %d\0" % len(data)) + compressor.compress(data) + compressor.flush()
        self.loose.write(hexid, packed)  # a damaged copy is replaced by this whole one
        return oid

    @contextlib.contextmanager
    def _reading(self) -> Iterator[None]:
        """libgit2's errors on a damaged repository (an object missing, a ref unreadable) as one
        ``HistoryDamagedError`` line instead of a traceback."""
        try:
            yield
        except HistoryDamagedError:
            raise
        except (pygit2.GitError, KeyError, ValueError) as exc:
            reason = str(exc).strip("'\"") or type(exc).__name__
            raise HistoryDamagedError(self.path, reason) from None

    # -- reading ---------------------------------------------------------------------------
    def head(self) -> pygit2.Commit | None:
        """The newest state (None: nothing recorded yet). A ref that is missing or names no
        commit while states exist (a crash, a hand edit) is set back to the newest state."""
        self.loose.check_new()  # before libgit2 reads any loose commit or tree
        with self._reading():
            try:
                ref = self.repo.references.get(REF)
                commit = None if ref is None else self.repo[ref.target]
            except (pygit2.GitError, KeyError, ValueError):
                commit = None
            if isinstance(commit, pygit2.Commit):
                return commit
            return self._recover_head()

    def _recover_head(self) -> pygit2.Commit | None:
        """Point the ref at the newest state no other state follows (the tip of the longest
        chain on a tie), None when there is no state at all."""
        commits = []
        for oid in self.repo.odb:
            kind, _size = self.repo.odb.read_header(oid)
            if kind == pygit2.enums.ObjectType.COMMIT:
                commits.append(self.repo[oid])
        if not commits:
            return None
        parents = {p for c in commits for p in c.parent_ids}
        tips = [c for c in commits if c.id not in parents]

        def depth(c: pygit2.Commit) -> int:
            return sum(1 for _ in self.repo.walk(c.id))

        best = max(tips, key=lambda c: (when_of(c), depth(c)))
        with self._lock.hold():
            self.repo.references.create(REF, best.id, force=True)
        return best

    def commits(self, until: datetime | None = None, first_parent: bool = False) -> Iterator[pygit2.Commit]:
        """Captured states, newest first (only those at or before ``until`` when given).
        ``first_parent``: this home's own line of states, the other machine's states a sync merged
        in (``core.sync``) left out: the merge states hold what they brought."""
        head = self.head()
        if head is None:
            return
        limit = _aware(until) if until else None
        with self._reading():
            walker = self.repo.walk(head.id, pygit2.enums.SortMode.TOPOLOGICAL)
            if first_parent:
                walker.simplify_first_parent()
            for commit in walker:
                if limit is not None and (commit.author.time > limit.timestamp() or when_of(commit) > limit):
                    continue
                yield commit

    def at(self, moment: datetime | None) -> pygit2.Commit | None:
        """The state of the home at ``moment`` (the newest one when ``None``)."""
        return next(self.commits(moment), None)

    @staticmethod
    def blob_id(data: bytes) -> str:
        """The id ``data`` has (or would have) as a version of a file: git's blob id, hashed by
        ``hashlib``, which releases the GIL over a big buffer where ``pygit2.hash`` holds it (the
        scan when a 100k-entry home opens held it 40 ms, the window's first paint waiting)."""
        digest = hashlib.sha1(b"blob %d\0" % len(data))
        digest.update(data)
        return digest.hexdigest()

    def resolve(self, commit: str) -> str | None:
        """The full id of state ``commit`` (a prefix will do), None when there is no such state."""
        try:
            obj = self.repo.revparse_single(commit)
        except (KeyError, ValueError, pygit2.GitError):
            return None
        return str(obj.id) if isinstance(obj, pygit2.Commit) else None

    def read(self, relative: str, moment: datetime | None = None, commit: str | None = None) -> bytes | None:
        """The bytes of one file as they stood at ``moment`` (or in ``commit``)."""
        with self._reading():
            c = self.repo[commit] if commit else self.at(moment)
            if c is None:
                return None
            try:
                blob = c.tree[relative].id
            except KeyError:
                return None
        # a state captured before keys were kept out shows none either (until history scrub)
        return keep_out(relative, self.blob_data(str(blob)))

    def blob_data(self, blob: str) -> bytes:
        """The bytes of one version: a loose blob read (and checked) here, a packed one by
        libgit2 (a pack carries checksums libgit2 verifies)."""
        loose = self.loose.read(blob)
        if loose is not None:
            return loose[1]
        with self._reading():
            return self.repo[blob].data

    def files(self, commit: pygit2.Commit) -> dict[str, str]:
        """Every file of a state: relative path -> blob id."""
        out: dict[str, str] = {}

        def walk(tree: pygit2.Tree, prefix: str) -> None:
            for entry in tree:
                name = prefix + entry.name
                if entry.type_str == "tree":
                    walk(self.repo[entry.id], name + "/")
                else:
                    out[name] = str(entry.id)

        with self._reading():
            walk(commit.tree, "")
        return out

    def versions(self, relative: str, until: datetime | None = None) -> list[Version]:
        """The versions of one file, newest first: each state in which its bytes changed."""
        out: list[Version] = []
        newer: pygit2.Commit | None = None
        newer_blob: str | None = None
        for commit in self.commits(until):
            blob = _blob_of(commit, relative)
            if newer is not None and blob != newer_blob:
                out.append(self._version(newer, newer_blob))
            newer, newer_blob = commit, blob
        if newer is not None and newer_blob is not None:
            out.append(self._version(newer, newer_blob))
        return out

    def _version(self, commit: pygit2.Commit, blob: str | None) -> Version:
        paths = tuple(line[2:] for line in commit.message.splitlines() if line.startswith("- "))
        return Version(str(commit.id), when_of(commit), commit.author.name, paths, blob)

    def version_of(self, commit: pygit2.Commit) -> Version:
        return self._version(commit, None)

    def materialize(self, moment: datetime | None, dest: Path, commit: str | None = None) -> MemoryHome | None:
        """Write the home as it stood at ``moment`` into ``dest`` (a new or empty folder, made a
        ``$DSH_HOME``) and return it; ``None`` when nothing had been captured by then."""
        self.refuse_unsafe_destination(Path(dest))
        with self._reading():
            c = self.repo[commit] if commit else self.at(moment)
        if c is None:
            return None
        root = Path(dest) / "linghun"
        for relative, blob in self.files(c).items():
            target = root / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(keep_out(relative, self.blob_data(blob)))
        home = MemoryHome(root)
        home.ensure()
        return home

    def refuse_unsafe_destination(self, dest: Path) -> None:
        """Refuse (``InvalidInputError``) a folder a checkout could destroy or mix into: the home
        itself, a folder inside it or holding it, the history, or any folder that holds files. A
        checkout writes only into a new or empty folder, so it never replaces anything."""
        target = dest.resolve()
        home = self.home.dsh_home.resolve()
        if target == home or target.is_relative_to(home) or home.is_relative_to(target):
            raise InvalidInputError(f"{dest} is the memory home or holds it; check out into a new or empty folder "
                                    "(nothing was changed)")
        if target.is_relative_to(self.path.resolve()):
            raise InvalidInputError(f"{dest} is inside the home's history; check out into a new or empty folder")
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise InvalidInputError(f"{dest} is not an empty folder; check out into a new or empty folder "
                                    "(nothing was changed)")

    # -- writing ---------------------------------------------------------------------------
    def commit_waiting(self) -> list[tuple[str, dict[str, bytes | None]]]:
        """Commit the states one-shot commands wrote down (``core.history.spool``), oldest
        first, each with its writer and time; returns each new commit with the files it set.
        A state is removed once committed; one that cannot be trusted is set aside."""
        if not spool.waiting(self.home):
            return []
        out = []
        with self._lock.hold():
            for path in spool.waiting(self.home):  # again, under the lock: another process may have taken some
                state = spool.read(path)
                if state is None:
                    continue
                commit = self.record(state.writes, state.writer, state.when)
                path.unlink(missing_ok=True)
                if commit is not None:
                    out.append((commit, state.writes))
        return out

    def record(self, changes: dict[str, bytes | None], writer: str, when: datetime | None = None) -> str | None:
        """Commit ``changes`` (relative path -> bytes, ``None`` for a removed file) on top of the
        newest state; returns the new commit id, ``None`` when nothing differs.

        Several processes capture at once, each in the order of its own writes: when another
        process's capture of a later write got in first, this (older) version is still kept, and
        the file's newer bytes, as on disk, are committed again after it, so the newest state is
        never older than the home."""
        # every state enters here: a settings file's keys are kept out (core/secret_fields.py)
        changes = {k: keep_out(k, v) for k, v in changes.items() if is_versioned(k)}
        if not changes:
            return None
        blobs = {k: (None if v is None else self._write_blob(v)) for k, v in changes.items()}
        with self._lock.hold():
            # every writer of the ref holds our lock first: a ref lock file left now is a killed
            # writer's, and would refuse every later state
            (self.path / (REF + ".lock")).unlink(missing_ok=True)
            head = self.head()
            overtaken = self._overtaken(head, changes, blobs)
            oid = self._commit_on(head, blobs, writer, _aware(when or datetime.now()))
            if oid is not None and overtaken and head is not None:
                # another process captured a newer version of these files first: ours is kept as
                # a version, and the newest state is again the files as they are on disk
                newest = self.repo[oid]
                later = max(_aware(datetime.now()), when_of(newest))
                oid = self._commit_on(newest, overtaken, head.author.name, later) or oid
            if oid is None:
                return None
            self._maybe_pack()
        return str(oid)

    def _overtaken(self, head: pygit2.Commit | None, changes: dict[str, bytes | None],
                   blobs: dict[str, pygit2.Oid | None]) -> dict[str, pygit2.Oid]:
        """The files ``changes`` would set back: each holds on disk other bytes than the ones
        recorded here, and those are the newest state's (the capture of a later write, by
        another process, committed before this one) -> that newer blob. Called under the lock;
        a file on disk that no state holds yet is left to the capture of whoever wrote it."""
        out: dict[str, pygit2.Oid] = {}
        if head is None:
            return out
        for relative, data in changes.items():
            newest = _blob_of_tree(head.tree, relative)
            if data is None or newest is None or newest == str(blobs[relative]):
                continue
            try:
                on_disk = keep_out(relative, (self.home.root / relative).read_bytes())
            except OSError:
                continue
            if on_disk != data and self.blob_id(on_disk) == newest:
                out[relative] = pygit2.Oid(hex=newest)
        return out

    def _commit_on(self, head: pygit2.Commit | None, blobs: dict[str, pygit2.Oid | None], writer: str,
                   when: datetime) -> pygit2.Oid | None:
        """A state after ``head`` with ``blobs`` put in, made the newest; None when nothing differs."""
        base = head.tree if head is not None else None
        tree = self._apply(base, blobs)
        if base is not None and tree == base.id:
            return None
        changed = sorted(k for k, b in blobs.items() if _blob_of_tree(base, k) != (str(b) if b else None))
        seconds, offset = _stamp(when)
        sig = pygit2.Signature(writer, f"{writer}@linghun", seconds, offset)
        message = (f"{writer}: {len(changed)} file(s)\n\n" + "".join(f"- {p}\n" for p in changed)
                   + f"\n{AT_PREFIX}{when.isoformat(timespec='microseconds')}\n")
        parents = [head.id] if head is not None else []
        return self.repo.create_commit(REF, sig, sig, message, tree, parents)

    def reload(self) -> None:
        """See objects another program added (``git fetch`` writes packs libgit2 has not listed)."""
        self.repo = self._open_repo()

    def write_blob(self, data: bytes) -> pygit2.Oid:
        """Store one file version (a merged file, ``core.sync``); its id."""
        return self._write_blob(data)

    def commit_merge(self, tree_of: pygit2.Commit, blobs: dict[str, pygit2.Oid | None], parents: list[pygit2.Oid],
                     writer: str, message: str, when: datetime | None = None) -> str:
        """A state with ``tree_of``'s files and ``blobs`` put in, after every one of ``parents``
        (a merge: this machine's newest state and the remote's), made the newest. Made even when
        its files are those of a parent: the remote's states are then part of this history.
        The caller holds ``lock``."""
        when = _aware(when or datetime.now())
        tree = self._apply(tree_of.tree, blobs) if blobs else tree_of.tree_id
        seconds, offset = _stamp(when)
        sig = pygit2.Signature(writer, f"{writer}@linghun", seconds, offset)
        text = f"{writer}: {message}\n\n{AT_PREFIX}{when.isoformat(timespec='microseconds')}\n"
        (self.path / (REF + ".lock")).unlink(missing_ok=True)
        oid = self.repo.create_commit(REF, sig, sig, text, tree, parents)
        return str(oid)

    def set_head(self, commit: pygit2.Oid) -> None:
        """Make ``commit`` the newest state (a fast-forward to the remote's; under ``lock``)."""
        (self.path / (REF + ".lock")).unlink(missing_ok=True)
        self.repo.references.create(REF, commit, force=True)

    @property
    def lock(self) -> HomeLock:
        """The lock every writer of the history's ref holds."""
        return self._lock

    def _apply(self, base: pygit2.Tree | None, blobs: dict[str, pygit2.Oid | None]) -> pygit2.Oid:
        """The tree ``base`` with ``blobs`` put in (or removed), rebuilt only along changed paths."""
        here: dict[str, pygit2.Oid | None] = {}
        below: dict[str, dict[str, pygit2.Oid | None]] = {}
        for path, blob in blobs.items():
            head, _, rest = path.partition("/")
            if rest:
                below.setdefault(head, {})[rest] = blob
            else:
                here[head] = blob
        builder = self.repo.TreeBuilder(base) if base is not None else self.repo.TreeBuilder()
        for name, blob in here.items():
            if blob is None:
                if builder.get(name) is not None:
                    builder.remove(name)
            else:
                builder.insert(name, blob, pygit2.enums.FileMode.BLOB)
        for name, sub in below.items():
            old = builder.get(name)
            sub_base = self.repo[old.id] if old is not None and old.type_str == "tree" else None
            new = self._apply(sub_base, sub)
            if len(self.repo[new]) == 0:
                if old is not None:
                    builder.remove(name)
            else:
                builder.insert(name, new, pygit2.enums.FileMode.TREE)
        return builder.write()

    def scan(self, writer: str, when: datetime | None = None) -> str | None:
        """Record every file of the home that differs from the newest state (added, changed or
        removed); what the watchers call. Hashes only files whose size or mtime moved."""
        head = self.head()
        known = self.files(head) if head is not None else {}
        changes: dict[str, bytes | None] = {}
        present: set[str] = set()
        root = self.home.root
        for path in _home_files(root):
            relative = path.relative_to(root).as_posix()
            if not is_versioned(relative):
                continue
            present.add(relative)
            try:
                st = path.stat()
            except FileNotFoundError:
                continue
            seen = self._seen.get(relative)
            if seen is not None and seen[:2] == (st.st_mtime_ns, st.st_size) and known.get(relative) == seen[2]:
                continue
            try:
                data = keep_out(relative, path.read_bytes())  # compared as the history keeps it
            except FileNotFoundError:
                continue
            blob = self.blob_id(data)
            self._seen[relative] = (st.st_mtime_ns, st.st_size, blob)
            if known.get(relative) != blob:
                changes[relative] = data
        for relative in known:
            if relative not in present:
                changes[relative] = None
        return self.record(changes, writer, when) if changes else None

    # -- upkeep ----------------------------------------------------------------------------
    def _maybe_pack(self) -> None:
        # commits counted per process (no file to write per commit), loose objects estimated from
        # a few folders; several processes each pack in turn
        self._since_pack += 1
        if self._since_pack >= PACK_EVERY or self.loose.estimate() >= PACK_LOOSE:
            pack_dir = self.path / "objects" / "pack"
            self.pack(whole=len(list(pack_dir.glob("pack-*.pack"))) >= PACK_LIMIT)

    def pack(self, whole: bool = True) -> None:
        """Pack every reachable object with deltas (``whole``), or only the reachable ones that
        are loose, into a pack beside the others; then drop what the pack makes redundant.

        Every reachable object is in a pack afterwards either way: a pack holds each object its
        commits and trees reach, but those of an older pack. Nothing another process may still
        need is dropped: a loose object the new pack does not hold goes only once older than
        ``PRUNE_GRACE_SECONDS`` (it may be another writer's, not committed yet), and objects of an
        old pack that a whole one leaves out (after a prune) are first written back loose, so they
        get the same grace, as git's ``repack -A`` does."""
        with self._lock.hold():
            self.loose.check_new(blobs_too=True)  # the pack builder reads every loose object
            head = self.head()
            if head is None:
                return
            objects = self.path / "objects"
            staging = objects / "pack-staging"
            shutil.rmtree(staging, ignore_errors=True)  # a killed pack's leftovers
            loose = None if whole else {hexid for hexid, _entry in self.loose.names()}
            if loose is not None and str(head.id) not in loose:  # every state is packed already
                self.loose.drop(lambda _hexid: False)  # the unreachable ones, once old enough
                return

            def delegate(builder: pygit2.PackBuilder) -> None:
                for commit in self.repo.walk(head.id, pygit2.enums.SortMode.TOPOLOGICAL):
                    if loose is None:
                        builder.add(commit.id)
                        builder.add_recur(commit.tree_id)
                    elif str(commit.id) in loose:
                        builder.add(commit.id)
                        self._add_loose(builder, commit.tree, loose)
                    else:
                        break  # packed, with all it reaches (and so are the states before it)

            (staging / "pack").mkdir(parents=True)
            self.repo.pack(str(staging / "pack"), delegate)
            new = pygit2.Odb()
            new.add_backend(pygit2.OdbBackendPack(str(staging)), 1)
            in_new = {str(oid) for oid in new}  # read before its files move into place
            pack_dir = objects / "pack"
            old_packs = sorted(pack_dir.glob("pack-*")) if pack_dir.is_dir() and whole else []
            if whole:
                self._unpack_left_out(in_new)
            made = sorted(staging.glob("pack/pack-*"), key=lambda p: p.suffix == ".idx")  # the index last
            pack_dir.mkdir(exist_ok=True)
            for path in made:
                os.replace(path, pack_dir / path.name)
            shutil.rmtree(staging, ignore_errors=True)
            self.loose.drop(in_new.__contains__)
            for old in old_packs:
                if old.name not in {p.name for p in made}:
                    old.unlink(missing_ok=True)
            self.repo = self._open_repo()  # libgit2 caches pack lists: later reads see the new pack
            self._since_pack = 0

    def _add_loose(self, builder: pygit2.PackBuilder, tree: pygit2.Tree, loose: set[str]) -> None:
        """Add the loose objects ``tree`` reaches (itself included): a packed tree's are packed."""
        if str(tree.id) not in loose:
            return
        builder.add(tree.id)
        for item in tree:
            if item.type == pygit2.enums.ObjectType.TREE:
                self._add_loose(builder, self.repo[item.id], loose)
            elif str(item.id) in loose:
                builder.add(item.id)

    def _unpack_left_out(self, new: set[str]) -> None:
        """Write back loose (with a fresh time) every packed object the new pack leaves out."""
        packs = self.path / "objects" / "pack"
        if not any(packs.glob("*.pack")):
            return
        old = pygit2.Odb()
        old.add_backend(pygit2.OdbBackendPack(str(self.path / "objects")), 1)
        for oid in old:
            if str(oid) in new or self.loose.path(str(oid)).exists():
                continue
            kind, data = old.read(oid)
            name = {pygit2.enums.ObjectType.COMMIT: b"commit", pygit2.enums.ObjectType.TREE: b"tree",
                    pygit2.enums.ObjectType.BLOB: b"blob", pygit2.enums.ObjectType.TAG: b"tag"}[kind]
            self.loose.write(str(oid), zlib.compress(b"%s %d\0" % (name, len(data)) + data, 1))

    def prune(self, keep_days: int, now: datetime | None = None) -> int:
        """Fold every state older than ``keep_days`` into one base state (the home as it stood
        at the cut) and keep the newer ones; returns how many states were dropped."""
        now = now or datetime.now().astimezone()
        cut = int(now.timestamp()) - keep_days * 86400
        with self._lock.hold():
            chain = list(self.commits(first_parent=True))  # a line: each state is rewritten on the one before
            chain.reverse()  # oldest first
            old = [c for c in chain if c.author.time < cut]
            if len(old) <= 1:
                return 0
            base = old[-1]
            sig = base.author
            parent = self.repo.create_commit(None, sig, sig, f"{sig.name}: states before this one folded\n",
                                             base.tree_id, [])
            for commit in chain[len(old):]:
                parent = self.repo.create_commit(None, commit.author, commit.committer, commit.message,
                                                 commit.tree_id, [parent])
            self.repo.references.create(REF, parent, force=True)
        self.pack()
        return len(old) - 1

    def scrub(self, dry_run: bool = False) -> dict[str, int]:
        """Rewrite every state so that no settings file in it holds a secret (``keep_out``), for a
        history captured before keys were kept out; returns ``{"states": n, "files": m}``, the
        states and the file versions that held one (with ``dry_run`` only counted).

        Each state is made again with the same writer, time and message on its rewritten parent,
        as ``prune`` does; then everything is packed and the versions that held a key are deleted
        at once (not after ``PRUNE_GRACE_SECONDS``: no capture in flight can need a blob we are
        removing because of what it holds). Another copy of the history (a backup, a sync)
        still holds them: the key should be changed at the provider too."""
        with self._lock.hold():
            self.commit_waiting()  # pending states enter through record, which keeps keys out
            chain = list(self.commits(first_parent=True))  # a line: each state is rewritten on the one before
            chain.reverse()  # oldest first
            rewritten: dict[str, str] = {}  # old blob id -> the id of its kept-out version
            states = 0
            parent: pygit2.Oid | None = None
            changed_any = False
            for commit in chain:
                blobs = {}
                for relative, blob in self.files(commit).items():
                    if not is_secret_file(relative):
                        continue
                    if blob not in rewritten:
                        rewritten[blob] = self._kept_out(relative, blob, write=not dry_run)
                    if rewritten[blob] != blob:
                        blobs[relative] = pygit2.Oid(hex=rewritten[blob])
                states += bool(blobs)
                changed_any = changed_any or bool(blobs)
                if dry_run or not changed_any:
                    parent = commit.id
                    continue
                tree = self._apply(commit.tree, blobs) if blobs else commit.tree_id
                parent = self.repo.create_commit(None, commit.author, commit.committer, commit.message, tree,
                                                 [parent] if parent is not None else [])
            leaked = {old for old, new in rewritten.items() if new != old}
            if dry_run or not leaked:
                return {"states": states, "files": len(leaked)}
            self.repo.references.create(REF, parent, force=True)
        self.pack()
        for old in leaked:  # unreachable now; the whole pack left them out, and _unpack_left_out wrote them loose
            self.loose.path(old).unlink(missing_ok=True)
        return {"states": states, "files": len(leaked)}

    def _kept_out(self, relative: str, blob: str, write: bool) -> str:
        """The id of ``blob`` (a version of ``relative``) with its secrets kept out, written to
        the object store when ``write`` and it differs."""
        kept = keep_out(relative, self.blob_data(blob))
        kept_id = self.blob_id(kept)
        if write and kept_id != blob:
            self._write_blob(kept)
        return kept_id

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in self.path.rglob("*") if p.is_file())


def _blob_of_tree(tree: pygit2.Tree | None, relative: str) -> str | None:
    if tree is None:
        return None
    try:
        return str(tree[relative].id)
    except KeyError:
        return None


def _blob_of(commit: pygit2.Commit, relative: str) -> str | None:
    return _blob_of_tree(commit.tree, relative)


def _home_files(root: Path) -> Iterator[Path]:
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            yield Path(folder) / name
