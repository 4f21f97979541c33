"""Nothing in the home can turn against the user: files of the home that another program wrote.

Families (each prints tried / held / written outside the home / keys leaked / hangs > 10 s):

- hostile intent records in ``linghun/.linghun-txn/``: paths out of the home (absolute, ``..``,
  through a link), removals out of it, staged copies cut short or replaced, records that break the
  schema, a folder named ``.intent``, a file named ``.linghun-txn``. Each is met by an ordinary
  write (``memory_append`` through the tools): nothing outside the home changes, the journal is
  set aside as a dated ``.corrupt`` folder with one note, and the write is made.
- symlinked ``memory/episodic/``, ``journal/``, ``goals/`` and ``team/`` folders: the writes that would land
  through them are refused with a message naming the link, nothing is written outside.
"""
from __future__ import annotations

import hashlib
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from linghun.core.errors import UnsafePathError
from linghun.core.home import MemoryHome
from linghun.core.home_lock import home_lock
from linghun.core.memory import Memory
from linghun.core.tools import call
from linghun.core import transaction
from linghun.core.assembler.round import run_round
from linghun.core.assembler.trace import TraceStore
from linghun.core.transaction import JOURNAL_DIR, FileChange, commit, journal_dir, recover
from tests.reliability.hostilekit import Family, Outside

REPO = Path(__file__).resolve().parents[2]
EVIL = b"written by a hostile intent record\n"


def _sha(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def _journal(home: MemoryHome, record, stages: dict[str, bytes] | None = None) -> Path:
    folder = home.root / JOURNAL_DIR
    folder.mkdir()
    for name, data in (stages or {}).items():
        (folder / name).write_bytes(data)
    (folder / ".intent").write_bytes(record if isinstance(record, bytes) else json.dumps(record).encode())
    return folder


def _overwrite(path: str, before: bytes | None = b"precious"):
    return {"version": 1, "files": [{"path": path, "stage": ".stage-0", "before": _sha(before), "after": _sha(EVIL)}]}


def _remove(path: str):
    return {"version": 1, "files": [{"path": path, "stage": None, "before": _sha(b"precious"), "after": None}]}


def _cases(outside: Outside) -> dict[str, Callable[[MemoryHome], None]]:
    victim = str(outside.victim)
    stage = {".stage-0": EVIL}

    def link_folder(home: MemoryHome) -> None:
        (home.memory / "elsewhere").symlink_to(outside.folder, target_is_directory=True)
        _journal(home, _overwrite("memory/elsewhere/victim.txt"), stage)

    def link_file(home: MemoryHome) -> None:
        (home.memory / "notes.md").symlink_to(outside.victim)
        _journal(home, _overwrite("memory/notes.md"), stage)

    def stage_link(home: MemoryHome) -> None:  # the staged copy is a link to a file outside
        folder = _journal(home, _overwrite("memory/rules.md", home.rules.read_bytes()))
        (folder / ".stage-0").symlink_to(outside.victim)

    def truncated(home: MemoryHome) -> None:  # the staged copy was cut short after its record
        full = home.rules.read_bytes() + "- 新规则（2026-10-01）\n".encode()
        _journal(home, {"version": 1, "files": [
            {"path": "memory/rules.md", "stage": ".stage-0", "before": _sha(home.rules.read_bytes()), "after": _sha(full)},
            {"path": "memory/cold.md", "stage": None, "before": _sha(home.cold.read_bytes()), "after": None}]},
            {".stage-0": full[: len(full) // 2]})

    def intent_folder(home: MemoryHome) -> None:
        (home.root / JOURNAL_DIR / ".intent").mkdir(parents=True)

    def journal_file(home: MemoryHome) -> None:
        (home.root / JOURNAL_DIR).write_bytes(b"not a folder")

    def journal_link(home: MemoryHome) -> None:
        (home.root / JOURNAL_DIR).symlink_to(outside.folder, target_is_directory=True)

    def dangling_journal(home: MemoryHome) -> None:
        (home.root / JOURNAL_DIR).symlink_to(outside.folder / "gone")

    def _plain(record) -> Callable[[MemoryHome], None]:
        return lambda home: _journal(home, record, stage)

    def folder_target(home: MemoryHome) -> None:
        _journal(home, _overwrite("memory", None), stage)

    return {
        "absolute path": _plain(_overwrite(victim)),
        "'..' path": _plain(_overwrite("../../outside/victim.txt")),
        "'..' inside a path": _plain(_overwrite("memory/../../outside/victim.txt")),
        "backslash '..' path": _plain(_overwrite("memory\\..\\..\\outside\\victim.txt")),
        "removal, absolute": _plain(_remove(victim)),
        "removal, '..'": _plain(_remove("../../outside/victim.txt")),
        "through a linked folder": link_folder,
        "onto a linked file": link_file,
        "stage name '..'": _plain({"version": 1, "files": [
            {"path": "memory/rules.md", "stage": "../../../outside/victim.txt", "before": None, "after": _sha(b"precious")}]}),
        "staged copy is a link out": stage_link,
        "staged copy cut short": truncated,
        "files is 5": _plain({"files": 5}),
        "no 'after'": _plain({"version": 1, "files": [{"path": "memory/rules.md", "stage": ".stage-0", "before": None}]}),
        "not JSON": _plain(b"{\"version\": 1, \"files\": ["),
        "not UTF-8": _plain(b"\xff\xfe{}"),
        "a JSON list": _plain(b"[1, 2]"),
        "NUL in the path": _plain(_overwrite("memory/rules.md\x00.txt")),
        "place the settings do not move": _plain({"version": 2, "files": [
            {"place": "team", "path": "victim.txt", "stage": ".stage-0", "before": None, "after": _sha(EVIL)}]}),
        "target is a folder": folder_target,
        ".intent is a folder": intent_folder,
        ".linghun-txn is a file": journal_file,
        ".linghun-txn links out": journal_link,
        ".linghun-txn dangles": dangling_journal,
    }


def test_hostile_intent_records_are_set_aside_and_writes_go_on(upstream_home, tmp_path, caplog):
    pristine = tmp_path / "pristine"
    shutil.copytree(upstream_home, pristine, symlinks=True)
    outside = Outside(tmp_path)
    family = Family("hostile intent records")
    for n, (case, plant) in enumerate(_cases(outside).items()):
        dsh = tmp_path / f"case{n}"
        shutil.copytree(pristine, dsh, symlinks=True)
        home = MemoryHome.resolve(dsh)
        plant(home)
        caplog.clear()
        family.start()
        with caplog.at_level(logging.WARNING, logger="linghun.core.home"):
            reply = call(home, "memory_append", {"kind": "fact", "content": f"订单服务 | 端口 | 80{n:02d} | #1"})
        journal = home.root / JOURNAL_DIR
        aside = sorted(home.root.glob(f"{JOURNAL_DIR}.*.corrupt"))
        said = [r.getMessage() for r in caplog.records if "set aside" in r.getMessage()]
        held = (reply["ok"] and not (journal.exists() or journal.is_symlink()) and len(aside) == 1
                and len(said) == 1 and aside[0].name in said[0])
        family.record(case, held=held, outside=outside.changed(),
                      why=f"reply={reply.get('error')} aside={[p.name for p in aside]} said={said}")
        outside.restore()
    family.report()


def test_a_record_written_by_commit_outside_the_home_names_its_place(upstream_home, tmp_path, monkeypatch):
    """A team workspace the settings move out of the home (``team.cycleDir``) is part of a round's
    all-or-nothing change: its record names the place, not a path with ``..``, and recovery finds
    it again from the settings."""
    home = MemoryHome.resolve(upstream_home)
    team = tmp_path / "team-elsewhere"
    home.config.write_text(json.dumps({"assembler": {"team": {"cycleDir": str(team)}}}), encoding="utf-8")
    crashed: list[dict] = []

    def crash(folder, files):  # the commit point is passed, then the process "dies"
        crashed.append(json.loads((folder / ".intent").read_text(encoding="utf-8")))
        raise KeyboardInterrupt

    monkeypatch.setattr(transaction, "_roll_forward", crash)
    with home_lock(home).hold(), pytest.raises(KeyboardInterrupt):
        commit(home.root, [FileChange(team / "cycle.json", None, b"{}\n"),
                           FileChange(home.rules, home.rules.read_bytes(), b"# rules\n")])
    monkeypatch.undo()
    assert [f["place"] for f in crashed[0]["files"]] == ["team", "home"]
    assert all(".." not in f["path"] for f in crashed[0]["files"])
    assert recover(home.root) == []
    assert (team / "cycle.json").read_bytes() == b"{}\n" and home.rules.read_bytes() == b"# rules\n"
    assert not journal_dir(home.root).exists()


def test_commit_refuses_a_file_outside_the_home_before_writing_anything(upstream_home, tmp_path):
    home = MemoryHome.resolve(upstream_home)
    stray = tmp_path / "stray.md"
    rules = home.rules.read_bytes()
    with home_lock(home).hold(), pytest.raises(UnsafePathError):
        commit(home.root, [FileChange(stray, None, b"x"), FileChange(home.rules, rules, b"# rules\n")])
    assert not stray.exists() and home.rules.read_bytes() == rules
    assert not (home.root / JOURNAL_DIR).exists()


def _refused(op: Callable[[], object]) -> tuple[bool, str]:
    """Run ``op`` (a memory operation, or a tool call returning its reply): whether it was refused
    as a write out of the home, and the message."""
    try:
        reply = op()
    except UnsafePathError as exc:
        return "outside the memory home" in str(exc), str(exc)
    if isinstance(reply, dict) and not reply.get("ok"):
        message = reply["error"]["message"]
        return "outside the memory home" in message, message
    return False, "no error"


def _as_reply(result) -> dict:
    """A round's result as a tool's reply: a failed round names its error."""
    return {"ok": result.status != "failed", "error": {"message": result.error or ""}}


@pytest.mark.parametrize("folder", ["episodic", "journal", "goals", "team"])
def test_a_linked_memory_folder_is_refused_and_nothing_lands_outside(upstream_home, tmp_path, folder):
    """``memory/episodic``, ``journal``, ``goals`` or ``team`` replaced by a link to a folder elsewhere: the write
    that would land through it is refused with a message naming the file; nothing is written
    outside, and the rest of the home is as it was (consolidation is all or nothing)."""
    home = MemoryHome.resolve(upstream_home)
    outside = Outside(tmp_path)
    family = Family(f"linked memory/{folder}/")
    link = home.memory / folder
    if link.exists():
        shutil.move(str(link), tmp_path / f"old-{folder}")
    link.symlink_to(outside.folder, target_is_directory=True)
    before = {p: p.read_bytes() for p in home.memory.glob("*.md")}
    # (operation, whether it is all or nothing: then nothing of the home may have changed either;
    # a turn's round writes its bundle before the journal refuses the exchange)
    ops = {
        "journal": {"journal turn": (lambda: Memory(home).journal_append("用户说", "助手答"), True),
                    "linghun_turn with an answer": (lambda: call(home, "linghun_turn", {
                        "message": "订单服务在哪个端口", "answer": "8087"}), False)},
        "episodic": {"consolidation": (lambda: Memory(home).consolidate(), True),
                     "memory_consolidate": (lambda: call(home, "memory_consolidate", {}), True)},
        "goals": {"linghun_goal_update": (lambda: call(home, "linghun_goal_update", {
            "signal": "new", "statement": "我想学会弹钢琴"}), True)},
        # the round's records (cycle ledger, traces, timelines) and the turn's record live in memory/team
        "team": {"a round": (lambda: _as_reply(run_round(home, "订单服务在哪个端口")), True),
                 "linghun_turn": (lambda: call(home, "linghun_turn", {"message": "订单服务在哪个端口"}), True)},
    }[folder]
    for case, (op, all_or_nothing) in ops.items():
        family.start()
        held, why = _refused(op)
        unchanged = {p: p.read_bytes() for p in before} == before or not all_or_nothing
        family.record(case, held=held and unchanged, outside=outside.changed(), why=why)
    family.report()


def test_a_trace_line_cut_short_heals_and_the_next_round_is_kept(upstream_home):
    """A trace write cut short by a crash or a full disk leaves a last line without its newline;
    the next round starts on a fresh line (before, it was appended onto the cut line and vanished
    from ``linghun rounds`` and replay), and readers skip and count the cut line."""
    home = MemoryHome.resolve(upstream_home)
    store = TraceStore(home)
    family = Family("torn trace lines")
    first = run_round(home, "订单服务现在跑在哪个端口？").trace.round_id
    path = store.files_of(first[:4] + "-" + first[4:6] + "-" + first[6:8])[-1]
    for case, cut in [("cut inside a record", b'{"type": "span", "round": "x", "role": "ju'),
                      ("cut inside a multi-byte character", '{"type": "round", "query": "订'.encode()[:-1]),
                      ("cut after a record's closing brace", b'{"type": "llm", "round": "y"}')]:
        with open(path, "ab") as fh:
            fh.write(cut)
        family.start()
        later = run_round(home, "订单服务现在跑在哪个端口？").trace.round_id
        listed = [r["round"] for r in store.rounds()]
        loaded = store.load(later)
        held = later in listed and first in listed and loaded["result"] is not None
        family.record(case, held=held, why=f"listed={listed[:3]} torn={dict(store.torn)}")
    store.load(first)
    assert store.torn[path.name] == 2, "the two lines that are not JSON are skipped and counted once each"
    family.report()


def test_text_that_is_not_utf8_is_refused_in_one_line(upstream_home):
    """A ``turn`` argument or ``chat`` standard input that is not UTF-8 reached the journal write as
    lone surrogates and ended in a UnicodeEncodeError traceback; now one line, exit 2, and the
    journal is as it was."""
    home = MemoryHome.resolve(upstream_home)
    family = Family("text that is not UTF-8")
    bad = b"\xe8\xae\xa2\xe5\x8d\x95 \xff\xfe port?"
    h = ["--home", str(upstream_home)]
    cases = [
        ("turn argument", [b"turn", bad, b"--offline", *map(str.encode, h)], None),
        ("turn --answer", [b"turn", "订单".encode(), b"--answer", bad, b"--offline", *map(str.encode, h)], None),
        ("chat standard input", [b"chat", b"--offline", *map(str.encode, h)], bad + b"\n"),
        ("chat -m", [b"chat", b"-m", bad, b"--offline", *map(str.encode, h)], None),
        ("append argument", [b"append", b"event", bad, *map(str.encode, h)], None),
        ("append from standard input", [b"append", b"event", b"-", *map(str.encode, h)], bad),
        ("soul --set -", [b"soul", b"--set", b"-", *map(str.encode, h)], bad),
        ("tool --args -", [b"tool", b"memory_rules", b"--args", b"-", *map(str.encode, h)], b'{"rule": "' + bad + b'"}'),
    ]
    journal = {p: p.read_bytes() for p in home.journal_dir.glob("*.md")}
    for case, argv, stdin in cases:
        family.start()
        out = subprocess.run([sys.executable, "-m", "linghun.core", *argv], cwd=REPO, capture_output=True,
                             input=stdin, timeout=120)
        err = out.stderr.decode("utf-8", "replace").strip()
        held = (out.returncode == 2 and "Traceback" not in err and len(err.splitlines()) == 1
                and "not valid UTF-8" in err)
        family.record(case, held=held, why=f"exit {out.returncode}: {err[-300:]}")
    assert {p: p.read_bytes() for p in home.journal_dir.glob("*.md")} == journal
    family.report()


def test_a_lone_surrogate_in_tool_arguments_is_refused(upstream_home):
    """JSON's ``"\\ud800"`` decodes to a string no UTF-8 file can hold (``linghun tool``, the chat
    agent's function calls): refused as a tool error naming the argument, nothing written."""
    home = MemoryHome.resolve(upstream_home)
    rules = home.rules.read_bytes()
    reply = call(home, "memory_rules", '{"rule": "bad \\ud800 rule"}')
    assert not reply["ok"] and "memory_rules.rule is not valid Unicode text" in reply["error"]["message"]
    assert home.rules.read_bytes() == rules
