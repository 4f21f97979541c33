"""The home's history under faults: damaged objects and refs, a read-only repository, the
history's disk full, writers killed mid-capture, several processes capturing while one packs
(each its own file, or all one file). Figures: tried / held / lost.

Running as root, permission bits stop no write: the repository is made read-only by a read-only
bind mount, and the full disk is a small tmpfs holding the data folder (cases that cannot be set
up here are printed as not tried).

*held*: every history command finished within ``BOUND_S`` with exit 0 or one clear line (no
traceback), and the home's own files were not touched. *lost*: a version recorded before the
fault that can no longer be read (the damaged object itself aside).
"""
from __future__ import annotations

import contextlib
import errno
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Callable, Iterator

import pytest

from linghun.core.history.layout import WARM
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from tests.reliability import racer

REPO = Path(__file__).resolve().parents[2]
BOUND_S = 20
COMMANDS = [["history", "log"], ["history", "log", WARM], ["history", "show", WARM], ["history", "blame", "[1]"]]

RECORDER = r"""
import sys
from pathlib import Path
from linghun.core.history import store
from linghun.core.home import MemoryHome
store.PACK_EVERY = int(sys.argv[4])
home = MemoryHome.resolve(sys.argv[1])
history = store.HomeHistory(home)
tag, n = sys.argv[2], int(sys.argv[3])
for i in range(n):
    data = f"{tag} version {i}\n".encode() * 200
    history.record({f"memory/journal/{tag}.md": data}, tag)
    print("ACK", i, flush=True)
"""



def _env(data: Path) -> dict:
    return {**os.environ, "LINGHUN_DATA_DIR": str(data)}


def _cli(args, home: Path, data: Path) -> tuple[subprocess.CompletedProcess | None, float]:
    started = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "linghun.core", *args, "--home", str(home)], cwd=REPO,
                              env=_env(data), capture_output=True, text=True, timeout=BOUND_S)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - started
    return done, time.monotonic() - started


def _snapshot(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


class Table:
    def __init__(self) -> None:
        self.tried = self.held = self.lost = self.hangs = 0
        self.failures: list[str] = []
        self.untried: list[str] = []

    def record(self, case: str, held: bool, lost: int = 0, hung: int = 0, why: str = "") -> None:
        self.tried += 1
        self.held += held and not lost and not hung
        self.lost += lost
        self.hangs += hung
        if not held or lost or hung:
            self.failures.append(f"{case}: held={held} lost={lost} hangs={hung} {why}".strip())


@pytest.fixture
def made(upstream_home, tmp_path):
    """A home with a few recorded states (the agent's first look, then three CLI appends)."""
    data = tmp_path / "data"
    for i, args in enumerate([["watch", "--once"], ["append", "rule", "发布前先跑回归"],
                              ["append", "fact", "订单服务 | 端口 | 9090 | #9", "-c", "high"],
                              ["append", "event", "运维 | 迁移 | 订单服务 | 网关 | 完成"]]):
        done, _ = _cli(args, upstream_home, data)
        assert done is not None and done.returncode == 0, done.stderr if done else "hung"
    history = HomeHistory(MemoryHome.resolve(upstream_home), location=_repo(data))
    versions = [(v.commit, v.blob) for v in history.versions(WARM)]
    return upstream_home, data, versions


def _repo(data: Path) -> Path:
    return next((data / "history").glob("*.git"))


def _loose(repo: Path, kind: bytes) -> Path:
    for path in sorted((repo / "objects").glob("??/*")):
        if zlib.decompressobj().decompress(path.read_bytes(), 16).startswith(kind):
            return path
    raise AssertionError(f"no loose {kind!r}")


def _truncate(path: Path) -> None:
    os.chmod(path, 0o644)
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])


def _damage(case: str, repo: Path, head: str) -> Path | None:
    """Damage the repository as ``case`` says; returns the damaged object (None: a ref)."""
    ref = repo / "refs" / "heads" / "main"
    if case == "truncated blob":
        path = repo / "objects" / head[:2] / head[2:]  # the newest warm.md version
        _truncate(path)
        return path
    if case in ("truncated commit", "truncated tree"):
        path = _loose(repo, b"commit " if case == "truncated commit" else b"tree ")
        _truncate(path)
        return path
    if case == "missing blob":
        path = repo / "objects" / head[:2] / head[2:]
        path.unlink()
        return path
    if case == "missing ref":
        ref.unlink()
    elif case == "garbled ref":
        ref.write_text("not a ref at all\n")
    elif case == "ref to a missing state":
        ref.write_text("1" * 40 + "\n")
    elif case == "stale ref lock":
        (repo / "refs" / "heads" / "main.lock").write_text("0" * 40 + "\n")
    return None


DAMAGE = ["truncated blob", "truncated commit", "truncated tree", "missing blob", "missing ref", "garbled ref",
          "ref to a missing state", "stale ref lock"]


def _readable(history: HomeHistory, versions, skip: set[str]) -> int:
    """How many of ``versions`` (commit, blob) cannot be read any more."""
    lost = 0
    for commit, blob in versions:
        if blob in skip:
            continue
        try:
            if history.read(WARM, commit=commit) is None:
                lost += 1
        except Exception:  # noqa: BLE001 - any failure to read is a lost version here
            lost += 1
    return lost


#: what is left free on the history's disk in the full-disk cases: nothing, then room for one
#: to four of the capture's files (a tmpfs gives each file at least one 4 KiB page), so the
#: capture fails writing its blob, a tree, the commit or the ref
FULL_DISK_FREE_KIB = [0, 4, 8, 12, 16]


def _mount(*args: str) -> bool:
    try:
        return subprocess.run(["mount", *args], capture_output=True, timeout=BOUND_S).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _umount(where: Path) -> None:
    if subprocess.run(["umount", str(where)], capture_output=True, timeout=BOUND_S).returncode != 0:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=BOUND_S)


@contextlib.contextmanager
def _read_only(repo: Path) -> Iterator[Callable[[], None] | None]:
    """``repo`` made read-only for every process, root's too (permission bits do not stop root:
    a read-only bind mount does); by its permission bits where no mount is allowed (not root).
    Yields what makes it writable again, None where it could not be made read-only."""
    if os.geteuid() == 0:
        if not _mount("--bind", str(repo), str(repo)):
            yield None
            return
        mounted = [True]

        def lift() -> None:
            if mounted.pop() if mounted else False:
                _umount(repo)

        try:
            yield lift if _mount("-o", "remount,bind,ro", str(repo), str(repo)) else None
        finally:
            lift()
        return
    paths = [repo, *repo.rglob("*")]

    def writable() -> None:
        for path in paths:
            os.chmod(path, 0o755 if path.is_dir() else 0o644)

    for path in paths:
        os.chmod(path, 0o555 if path.is_dir() else 0o444)
    try:
        yield writable
    finally:
        writable()


@contextlib.contextmanager
def _full_disk(where: Path, data: Path, free_kib: int) -> Iterator[tuple[Path, Callable[[], None]] | None]:
    """A copy of the data folder (the history) on a small tmpfs of its own, filled up to
    ``free_kib`` KiB, and what frees the disk again; None where a tmpfs cannot be mounted."""
    where.mkdir(parents=True, exist_ok=True)
    size = sum(p.stat().st_size + 8192 for p in data.rglob("*")) + (1 << 20)
    if not _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)):
        yield None
        return
    try:
        full = where / "data"
        shutil.copytree(data, full)
        filler = where / "filler"
        with open(filler, "wb", buffering=0) as out:
            try:
                while True:
                    out.write(b"\0" * 65536)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc
        os.truncate(filler, max(0, filler.stat().st_size - free_kib * 1024))
        yield full, lambda: filler.unlink(missing_ok=True)
    finally:
        _umount(where)


def _wait_all(procs: list[subprocess.Popen]) -> int:
    """Wait for every process (killing one still running after 120 s); returns how many hung."""
    hung = 0
    for proc in procs:
        try:
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            hung += 1
    return hung


def _one_clear_line(done: subprocess.CompletedProcess) -> bool:
    err = done.stderr.strip()
    return len(err.splitlines()) <= 1 and "Traceback" not in err


def _capture_under_fault(case: str, table: "Table", home: Path, data: Path, versions,
                         lift: Callable[[], None]) -> None:
    """An append while the history cannot be written (``data`` holds it): the home is written
    and nothing else of it changes, at most one line says why the version was not kept, the
    history still reads (every earlier version), and reading it writes nothing in the home.
    Once the fault is lifted (``lift``) the next capture records the home as it stands."""
    text = f"历史写不进 {case}"
    before = _snapshot(home)
    done, _took = _cli(["append", "rule", text], home, data)
    hung = done is None
    wrote = done is not None and done.returncode == 0 and _one_clear_line(done)
    after = _snapshot(home)
    warm = Path("linghun") / WARM
    changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
    untouched = (changed <= {warm, Path("linghun") / ".linghun.lock"} and before.keys() <= after.keys()
                 and text.encode() in after.get(warm, b""))
    reads_ok = True
    for args in COMMANDS:
        read, _took = _cli(args, home, data)
        if read is None:
            hung += 1
        elif read.returncode != 0 and not _one_clear_line(read):
            reads_ok = False
    untouched = untouched and _snapshot(home) == after
    history = HomeHistory(MemoryHome.resolve(home), location=_repo(data))
    lost = _readable(history, versions, set())
    lift()
    again, _took = _cli(["append", "rule", f"恢复之后 {case}"], home, data)
    hung += again is None
    # a one-shot command writes its state down; the next reader of the history commits it
    read, _took = _cli(["history", "log"], home, data)
    hung += read is None
    resumed = (again is not None and again.returncode == 0 and not again.stderr.strip()
               and read is not None and read.returncode == 0
               and HomeHistory(MemoryHome.resolve(home), location=_repo(data)).read(WARM) == (home / warm).read_bytes())
    table.record(case, wrote and reads_ok and untouched and resumed, lost, hung,
                 f"wrote={wrote} reads={reads_ok} resumed={resumed} home untouched={untouched} "
                 f"changed={sorted(map(str, changed))} "
                 + (done.stderr.strip()[-200:] if done is not None else "append hung"))
    print(f"   {case}: {done.stderr.strip() if done is not None else 'hung'}")


@pytest.mark.slow
def test_damaged_repositories_and_killed_writers_lose_nothing_and_never_hang(made, tmp_path):
    home, data, versions = made
    table = Table()
    pristine = tmp_path / "pristine"
    shutil.copytree(_repo(data), pristine)
    for case in DAMAGE:
        repo = _repo(data)
        shutil.rmtree(repo)
        shutil.copytree(pristine, repo)
        damaged = _damage(case, repo, versions[0][1])
        before = _snapshot(home)
        hung, one_line = 0, True
        for args in COMMANDS:
            done, _took = _cli(args, home, data)
            if done is None:
                hung += 1
                continue
            err = done.stderr.strip()
            if done.returncode != 0 and (len(err.splitlines()) != 1 or "Traceback" in err):
                one_line = False
        untouched = _snapshot(home) == before  # reading a damaged history never writes the home
        # a writer still writes the home (the history records it, or logs why)
        done, _took = _cli(["append", "rule", f"故障之后 {case}"], home, data)
        wrote = done is not None and done.returncode == 0
        history = HomeHistory(MemoryHome.resolve(home), location=repo)
        skip = {damaged.parent.name + damaged.name} if damaged is not None else set()
        lost = 0 if damaged is not None and "blob" not in case else _readable(history, versions, skip)
        table.record(case, one_line and wrote and untouched, lost, hung,
                     f"one line={one_line} home untouched={untouched} wrote={wrote} "
                     + ("" if wrote else (done.stderr[-200:] if done else "append hung")))

    # a read-only repository, then the history's disk full with 0..16 KiB left (the capture fails
    # at its blob, a tree, the commit or the ref): the home is still written, the history read
    repo = _repo(data)
    shutil.rmtree(repo)
    shutil.copytree(pristine, repo)
    with _read_only(repo) as lift:
        if lift is not None:
            _capture_under_fault("read-only repository", table, home, data, versions, lift)
        else:
            table.untried.append("read-only repository (no read-only mount here)")
    for free_kib in FULL_DISK_FREE_KIB:
        with _full_disk(tmp_path / "full", data, free_kib) as full:
            if full is None:
                table.untried.append("full disk (tmpfs cannot be mounted here)")
                break
            _capture_under_fault(f"full disk, {free_kib} KiB free", table, home, full[0], versions, full[1])

    # writers killed mid-capture (packing every 3 states): every acknowledged version stays
    repo = _repo(data)
    for round_ in range(4):
        proc = subprocess.Popen([sys.executable, "-c", RECORDER, str(home), f"kill{round_}", "400", "3"], cwd=REPO,
                                env=_env(data), stdout=subprocess.PIPE, text=True)
        acked = []
        deadline = time.monotonic() + random.uniform(0.5, 1.5)
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            acked.append(int(line.split()[1]))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=BOUND_S)
        proc.stdout.close()
        history = HomeHistory(MemoryHome.resolve(home), location=repo)
        kept = {history.blob_data(v.blob) for v in history.versions(f"memory/journal/kill{round_}.md") if v.blob}
        lost = sum(1 for i in acked if f"kill{round_} version {i}\n".encode() * 200 not in kept)
        done, _ = _cli(["append", "rule", f"杀掉之后 {round_}"], home, data)
        table.record(f"writer killed mid-capture #{round_ + 1}", done is not None and done.returncode == 0, lost)

    # three processes capturing at once, each packing every 4 states
    procs = [subprocess.Popen([sys.executable, "-c", RECORDER, str(home), f"w{k}", "40", "4"], cwd=REPO,
                              env=_env(data), stdout=subprocess.DEVNULL) for k in range(3)]
    hung = _wait_all(procs)
    history = HomeHistory(MemoryHome.resolve(home), location=repo)
    lost = 0
    for k in range(3):
        versions_k = history.versions(f"memory/journal/w{k}.md")
        kept = [history.blob_data(v.blob) for v in reversed(versions_k) if v.blob]
        wanted = [f"w{k} version {i}\n".encode() * 200 for i in range(40)]
        lost += sum(1 for w in wanted if w not in kept)
        if kept != wanted:  # in order, each once
            table.failures.append(f"w{k}: versions out of order")
    table.record("3 processes capturing while packing", all(p.returncode == 0 for p in procs), lost, hung)

    # three processes writing one file at once, each capturing a while after its write (packing
    # every 2 states): every write is a version, and the newest state is the file's final bytes
    shared = MemoryHome.resolve(home).root / racer.SHARED
    for round_ in range(3):
        start = str(time.time() + 2.0)
        procs = [subprocess.Popen([sys.executable, "-m", "tests.reliability.racer", str(home), f"s{round_}w{k}", "3",
                                   "2", start], cwd=REPO, env=_env(data), stdout=subprocess.DEVNULL) for k in range(3)]
        hung = _wait_all(procs)
        history = HomeHistory(MemoryHome.resolve(home), location=repo)
        kept = {history.blob_data(v.blob) for v in history.versions(racer.SHARED) if v.blob}
        lost = sum(1 for k in range(3) for i in range(3) if racer.version(f"s{round_}w{k}", i) not in kept)
        final = history.read(racer.SHARED) == shared.read_bytes()
        table.record(f"3 processes capturing one file at once #{round_ + 1}",
                     final and all(p.returncode == 0 for p in procs), lost, hung, f"newest state is the file={final}")

    print(f"\nhistory faults: tried {table.tried}, held {table.held}, lost {table.lost}, hangs {table.hangs}")
    for failure in table.failures:
        print("  ", failure)
    for case in table.untried:
        print("   not tried:", case)
    assert table.lost == 0 and table.hangs == 0 and not table.failures, table.failures
