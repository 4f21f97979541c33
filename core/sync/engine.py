"""Sync: keep one memory in step between machines through a git remote (``linghun sync``,
*File > Sync*).

The home's history (``core.history.store``: a bare repository per home in the user's data
folder) is what travels: pushed to and fetched from any git remote (a bare folder, ssh, https),
through the user's own ``git`` (``core.sync.remote``: their ssh and credential setup, nothing
stored by us). The remote's URL is kept in the history repository's config.

A **pull**:

1. records the home as it is now (a state of the history), then fetches the remote's ``main``;
2. when this machine has nothing the remote lacks, takes the remote's files (a fast-forward);
   else merges each file three-way from the two sides' last common state (none, for two
   histories started apart: every entry is then new on both sides, the same text kept once),
   by what the file is made of (``core.sync.merge``: warm.md by entry, journals by turn, node
   files by node, JSON by key); a conflict keeps this machine's version in the file and both
   in a review item (``core.sync.conflicts``);
3. checks that every file it would write parses (and every path the remote names is a file of
   the home's layout: the remote is untrusted input), else writes nothing and says why;
4. writes the changed files and the conflicts in one all-or-nothing commit
   (``core.transaction``) under the home lock, then records the merge (two parents) in the
   history, holding the history's lock from before the write to after the record so that no
   watcher takes the merged files for another writer's change. A sync killed at any moment
   leaves the home as it was or as merged: before the transaction's commit point nothing of the
   home was touched; after it, the next opener of the home rolls it forward. A merge written but
   not recorded (killed in between) is merged again at the next sync, and finds nothing new.

A **push** sends ``main`` to the remote, never forced: when the remote moved meanwhile it is
pulled again first (a few times at most).

``workbench.json`` stays on each machine (its settings are that machine's: paths, models; the
history keeps no keys anyway), and so do files of the home the history does not version.
"""
from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

import pygit2

from linghun.core.containment import bad_name
from linghun.core.errors import InvalidInputError
from linghun.core.fsio import read_bytes
from linghun.core.history import capture
from linghun.core.history.layout import is_versioned
from linghun.core.history.store import REF, HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.review.state import note_arrivals
from linghun.core.secret_fields import keep_out
from linghun.core.sync import conflicts as conflict_store
from linghun.core.sync.merge import LOCAL_ONLY, Conflict, MergeError, RemoteTreeError, check_parses, merge_file
from linghun.core.sync.remote import (TRACKING, Git, NoRemoteError, PushRejected, RemoteError, SyncCancelled,
                                      check_url)
from linghun.core.transaction import FileChange, InputsChanged, commit as commit_files

__all__ = ["sync", "SyncResult", "SyncCancelled", "RemoteError", "PushRejected", "NoRemoteError", "RemoteTreeError",
           "remote_url", "set_remote", "WRITER"]

#: the history's name for what a sync writes (a user's writer: the review lists the remote's own
#: states, and the conflicts, not the merge)
WRITER = "sync"
#: the largest file a remote may send, and the most files
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_FILES = 200_000
MAX_DEPTH = 8
#: times a sync pulls again when the remote, or the home, moved while it merged
ATTEMPTS = 3

Progress = Callable[[str], None]


@dataclass
class SyncResult:
    remote: str
    dry_run: bool = False
    pulled: str = "skipped"  # up to date | fast-forward | merged | remote empty | skipped
    files_in: list[str] = field(default_factory=list)
    entries_in: int = 0
    conflicts: list[dict] = field(default_factory=list)
    pushed: str = "skipped"  # pushed | up to date | skipped
    commits_out: int = 0

    def to_dict(self) -> dict:
        return {"remote": self.remote, "dry_run": self.dry_run, "pulled": self.pulled, "files_in": self.files_in,
                "entries_in": self.entries_in, "conflicts": self.conflicts, "pushed": self.pushed,
                "commits_out": self.commits_out}

    def summary(self) -> str:
        """One line: what came in, what went out, what waits for review."""
        parts = []
        if self.pulled in ("fast-forward", "merged") and not self.files_in:
            parts.append("merged the remote's states (no file of this home changed)")
        elif self.pulled in ("fast-forward", "merged"):
            verb = "would take" if self.dry_run else "took"
            parts.append(f"{verb} {len(self.files_in)} file(s) from the remote ({self.entries_in} warm "
                         f"entr{'y' if self.entries_in == 1 else 'ies'} new or changed)")
        elif self.pulled != "skipped":
            parts.append(f"pull: {self.pulled}")
        if self.pushed == "pushed":
            parts.append(f"sent {self.commits_out} state(s)")
        elif self.pushed != "skipped":
            parts.append(f"push: {self.pushed}")
        if self.conflicts:
            parts.append(f"{len(self.conflicts)} conflict(s) {'would go' if self.dry_run else 'sent'} to the Review queue")
        return f"sync with {self.remote}: " + ("; ".join(parts) or "nothing to do")


def _history(home: MemoryHome) -> HomeHistory:
    capture.enable(home)
    capture.flush()  # this process's own writes are recorded first
    history = capture.history_of(home)
    if history is None:
        raise InvalidInputError(f"history is turned off for {home.root} (history.enabled in workbench.json): "
                                "sync sends the history, so it needs it on")
    return history


def remote_url(home: MemoryHome) -> str | None:
    """The remote set for ``home`` (None: none yet)."""
    return Git(_history(home).path).url()


def set_remote(home: MemoryHome, url: str) -> None:
    Git(_history(home).path).set_url(check_url(url))


def sync(home: MemoryHome, remote: str | None = None, pull: bool = True, push: bool = True, dry_run: bool = False,
         interactive: bool = False, cancel: threading.Event | None = None,
         progress: Progress | None = None) -> SyncResult:
    """Pull and/or push ``home``'s history (see the module docstring). ``remote``: a URL to use
    (kept for next time once the sync worked, but with ``dry_run``); ``cancel``: once set, the
    sync stops (a git running is stopped) with ``SyncCancelled``, unless it reached the write's
    commit point: the merge is then written whole. ``progress(step)``: told as it goes."""
    step = progress or (lambda _text: None)
    history = _history(home)
    git = Git(history.path, interactive=interactive, cancel=cancel)
    if remote:
        url = check_url(remote)
    else:
        url = git.url()
        if url is None:
            raise NoRemoteError(f"no remote is set for {home.root}: give one once with linghun sync --remote URL "
                                "(the path of a bare repository, an ssh or an https URL)")
    result = SyncResult(url, dry_run)
    for attempt in range(ATTEMPTS):
        if pull:
            _pull(home, history, git, url, result, dry_run, cancel, step)
        if not push or dry_run:
            break
        _check(cancel, "sync cancelled before sending this machine's states"
                       + ("; what came in is written" if result.files_in else ""))
        step("pushing")
        ahead = _ahead(history)
        if ahead == 0:
            result.pushed = "up to date"
            break
        try:
            git.push(url)
        except PushRejected:
            if not pull or attempt == ATTEMPTS - 1:
                raise
            continue
        result.pushed, result.commits_out = "pushed", result.commits_out + ahead
        break
    if remote and not dry_run and url != git.url():
        git.set_url(url)  # kept once it worked: a mistyped remote does not replace the one that did
    return result


def _check(cancel: threading.Event | None, why: str = "sync cancelled; the home was not changed") -> None:
    if cancel is not None and cancel.is_set():
        raise SyncCancelled(why)


def _ahead(history: HomeHistory) -> int:
    """States of ours the remote (as last fetched) lacks."""
    head = _local(history)
    if head is None:
        return 0
    ref = history.repo.references.get(TRACKING)
    if ref is None:
        return sum(1 for _ in history.repo.walk(head.id))
    if ref.target == head.id:
        return 0
    ahead, _behind = history.repo.ahead_behind(head.id, ref.target)
    return ahead


def _pull(home: MemoryHome, history: HomeHistory, git: Git, url: str, result: SyncResult, dry_run: bool,
          cancel: threading.Event | None, step: Progress) -> None:
    step("recording the home")
    history.head()  # a ref a crash lost is set back from our own states, before the remote's arrive
    history.scan(capture.AGENT)  # changes not recorded yet are another writer's (an agent's)
    step("fetching")
    git.fetch(url)
    history.reload()
    for attempt in range(ATTEMPTS):
        _check(cancel)
        last = attempt == ATTEMPTS - 1
        # the home's lock is taken only to write, so the agent writes on while we merge; when it
        # wrote meanwhile twice over, the last attempt holds the lock from the scan to the write
        with home_lock(home).hold() if last else contextlib.nullcontext():
            if attempt:
                history.scan(capture.AGENT)
            try:
                _merge_once(home, history, result, dry_run, cancel, step)
                return
            except InputsChanged:
                if last:
                    raise
                continue  # a writer changed the home while we merged: merge again from its new state


def _merge_once(home: MemoryHome, history: HomeHistory, result: SyncResult, dry_run: bool,
                cancel: threading.Event | None, step: Progress) -> None:
    repo = history.repo
    ref = repo.references.get(TRACKING)
    if ref is None:
        result.pulled = "remote empty"
        return
    theirs = repo.get(ref.target)
    if not isinstance(theirs, pygit2.Commit):
        raise RemoteTreeError("the remote's main is not a commit; nothing was written")
    local = _local(history)
    if local is not None and (theirs.id == local.id or repo.descendant_of(local.id, theirs.id)):
        result.pulled = "up to date"
        return
    step("merging")
    their_files = check_tree(history, theirs)
    our_files = history.files(local) if local is not None else {}
    base_id = repo.merge_base(local.id, theirs.id) if local is not None else None
    fast_forward = local is None or base_id == local.id
    base_files = history.files(repo[base_id]) if base_id is not None else {}
    read = (lambda files, rel: history.blob_data(files[rel]) if rel in files else None)
    merged: dict[str, bytes | None] = {}
    found: list[Conflict] = []
    entries_in = 0
    for rel in sorted(set(our_files) | set(their_files)):
        if rel in LOCAL_ONLY or not is_versioned(rel):
            continue
        ours = read(our_files, rel)
        try:
            if fast_forward:
                data = read(their_files, rel)
                if data != ours:
                    out = merge_file(rel, ours, ours, data)  # the remote's version, checked and counted
                    merged[rel] = data
                    entries_in += out.entries_in
                continue
            out = merge_file(rel, read(base_files, rel), ours, read(their_files, rel))
        except MergeError as exc:
            raise MergeError(f"the remote's {exc}; nothing was written") from None
        check_parses(rel, out.data)
        found += out.conflicts
        entries_in += out.entries_in
        if out.data != ours:
            merged[rel] = out.data
    result.pulled = "fast-forward" if fast_forward else "merged"
    result.files_in = sorted(merged)
    result.entries_in = entries_in
    when = datetime.now().astimezone()
    if dry_run:
        result.conflicts = [{"id": conflict_store.conflict_id(c), **c.to_dict()} for c in found]
        return
    _check(cancel)
    step("writing")
    blobs = {rel: (None if data is None else history.write_blob(data)) for rel, data in merged.items()}
    with capture.writing_as(WRITER), home_lock(home).hold(), history.lock.hold():
        head = _local(history)
        if (head.id if head is not None else None) != (local.id if local is not None else None):
            raise InputsChanged("the history moved on while sync merged")
        changes = []
        for rel, data in merged.items():
            path = home.root / rel
            now = read_bytes(path)
            if keep_out(rel, now) != read(our_files, rel):
                raise InputsChanged(f"{rel} changed while sync merged")
            changes.append(FileChange(path, now, data))
        stored = conflict_store.path_of(home)
        before = read_bytes(stored)
        waiting = conflict_store.added(conflict_store.parse(before), found, str(theirs.id), when)
        after = conflict_store.render(waiting)
        if after != before:
            changes.append(FileChange(stored, before, after))
        commit_files(home.root, changes)  # the commit point
        if local is None:
            history.set_head(theirs.id)
        elif fast_forward and not any(_blob(theirs, rel) != _blob(local, rel) for rel in LOCAL_ONLY):
            history.set_head(theirs.id)
        else:
            # the merged state: this machine's files (its own settings among them) with the merge put in
            history.commit_merge(local, blobs, [local.id, theirs.id], WRITER,
                                 f"merged {str(theirs.id)[:10]} from the remote, {len(merged)} file(s)", when)
    if local is not None:  # what came in is reviewed here from now, however old it is there
        walker = repo.walk(theirs.id, pygit2.enums.SortMode.TOPOLOGICAL)
        walker.hide(local.id)
        note_arrivals(history.path, [str(c.id) for c in walker], when)
    known = {c["id"] for c in conflict_store.parse(before)}
    result.conflicts = [c for c in waiting if c["id"] not in known]
    # no "memory.changed" on the bus: it tells the window's watcher that the bytes are its own
    # process's (its panes then show what they hold); the files written are read as an agent's
    # change is, the window reloading them from the disk


def _local(history: HomeHistory) -> pygit2.Commit | None:
    """This machine's newest state, read from the ref alone: ``head()`` would take a missing ref
    (a home recorded for the first time by this sync) for a lost one and set it to the newest
    commit it finds, which may be the remote's just fetched."""
    ref = history.repo.references.get(REF)
    commit = history.repo.get(ref.target) if ref is not None else None
    return commit if isinstance(commit, pygit2.Commit) else None


def _blob(commit: pygit2.Commit, rel: str) -> str | None:
    try:
        return str(commit.tree[rel].id)
    except KeyError:
        return None


def check_tree(history: HomeHistory, commit: pygit2.Commit) -> dict[str, str]:
    """Every file of the remote's state (path -> blob id), each checked: a plain file (no link,
    no submodule), a name of the home's layout (no ``..``, no dot folder, versioned), not too big.
    ``RemoteTreeError`` names the first that is not, and nothing is written."""
    repo = history.repo
    out: dict[str, str] = {}

    def refuse(path: str, why: str) -> None:
        raise RemoteTreeError(f"the remote's state holds {path!r}, {why}: sync writes only the files of a memory "
                              "home; nothing was written")

    def walk(tree: pygit2.Tree, prefix: str, depth: int) -> None:
        if depth > MAX_DEPTH:
            refuse(prefix, "too deep a folder")
        for entry in tree:
            name = entry.name
            path = prefix + name
            if name.startswith(".") or "\\" in name or bad_name(path) is not None:
                refuse(path, "a name outside the home")
            if entry.filemode == pygit2.enums.FileMode.TREE:
                walk(repo[entry.id], path + "/", depth + 1)
                continue
            if entry.filemode not in (pygit2.enums.FileMode.BLOB, pygit2.enums.FileMode.BLOB_EXECUTABLE):
                refuse(path, "a link or a submodule, not a file")
            if not is_versioned(path):
                refuse(path, "not a file of the home's layout")
            kind, size = repo.odb.read_header(entry.id)
            if kind != pygit2.enums.ObjectType.BLOB or size > MAX_FILE_BYTES:
                refuse(path, f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB" if size > MAX_FILE_BYTES else "not a file")
            out[path] = str(entry.id)
            if len(out) > MAX_FILES:
                refuse(path, f"more than {MAX_FILES} files")

    walk(commit.tree, "", 0)
    return out
