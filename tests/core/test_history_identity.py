"""An entry keeps its identity through the versions of warm.md: flips, edits, touches, moves,
revives, consolidations and agent rewrites, many of them in the same minute (so sharing headers).
History, blame and restore follow that entry, never another one with the same header."""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from linghun.core.cli import main
from linghun.core.formats.warm import format_block, parse_warm
from linghun.core.history import capture
from linghun.core.history.entries import EntryRef, blame, confidence_before_flip, entry_lineage, key_for_number
from linghun.core.history.layout import WARM
from linghun.core.history.lineage import match_entries
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.conftest import REPO

DEMO_HOME = REPO / "resources" / "demo-home"


# -- the repro: two entries flipped in the same minute --------------------------------------
@pytest.fixture
def demo(tmp_path):
    dest = tmp_path / "demo-dsh"
    shutil.copytree(DEMO_HOME, dest)
    home = MemoryHome.resolve(dest)
    yield dest, home
    capture.recorder.disable(home)


def test_history_of_an_entry_flipped_in_the_same_minute_as_another_is_its_own(demo, capsys):
    dest, home = demo
    args = ["--home", str(dest)]
    assert main(["watch", "--once", *args]) == 0
    memory = Memory(home)
    entries = memory.entries()
    fifth, sixth = entries[4], entries[5]
    capture.enable(home, "cli")
    memory.edit_entry(sixth.id, body=sixth.body + "（已核对）")
    minute = datetime(2026, 10, 9, 15, 30)
    memory.append("fact", "订单服务 | 端口 | 9191 | #6", "high", update="[6]", when=minute)
    memory.append("event", "运维 | 迁移 | 订单服务 | 网关 | 改期", "high", update="[5]", when=minute.replace(second=20))
    capture.flush()
    now = home.warm.read_text(encoding="utf-8")
    now_entries = parse_warm(now).entries
    assert now_entries[4].stamp == now_entries[5].stamp and now_entries[4].kind == now_entries[5].kind == "fact"

    history = capture.history_of(home)
    versions = blame(history, key_for_number(now, 5))["versions"]
    assert [v["change"] for v in versions] == ["flipped", "created"]
    assert all(parse_warm(v["text"]).entries[0].body == fifth.body for v in versions)

    # Restore [5] as it stood first: [5]'s own body comes back (after the diff is shown and --yes given)
    first = versions[-1]["commit"]
    capsys.readouterr()
    assert main(["history", "restore", "--entry", "[5]", "--commit", first, *args]) == 2
    shown = capsys.readouterr()
    assert "--yes" in shown.err and "+" + fifth.raw.splitlines()[0] in shown.out
    assert home.warm.read_text(encoding="utf-8") == now  # nothing written without --yes
    assert main(["history", "restore", "--entry", "[5]", "--commit", first, "--yes", *args]) == 0
    restored = parse_warm(home.warm.read_text(encoding="utf-8")).entries
    assert restored[4].raw.rstrip("\n") == fifth.raw.rstrip("\n")
    assert [e.raw for i, e in enumerate(restored) if i != 4] == [e.raw for i, e in enumerate(now_entries) if i != 4]


def test_the_confidence_before_a_flip_is_read_from_the_history(demo):
    """Revive gives back what the entry was before it was flipped, not a fixed "medium"."""
    dest, home = demo
    assert main(["watch", "--once", "--home", str(dest)]) == 0
    memory = Memory(home)
    capture.enable(home, "cli")
    first = memory.entries()[0]
    memory.edit_entry(first.id, confidence="low")
    capture.flush()
    memory.edit_entry(first.id, confidence="wrong")
    capture.flush()
    now = home.warm.read_text(encoding="utf-8")
    assert parse_warm(now).entries[0].is_wrong
    assert confidence_before_flip(capture.history_of(home), key_for_number(now, 1)) == "low"
    elsewhere = HomeHistory(home, dest.parent / "no-history-yet")  # no version before the flip
    assert confidence_before_flip(elsewhere, key_for_number(now, 1)) is None


def test_a_restore_planned_before_the_agent_wrote_is_refused(demo):
    dest, home = demo
    assert main(["watch", "--once", "--home", str(dest)]) == 0
    history = capture.history_of(home)
    first = str(history.head().id)
    memory = Memory(home)
    memory.edit_entry(memory.entries()[2].id, body="改过了")
    assert main(["watch", "--once", "--home", str(dest)]) == 0
    from linghun.core.errors import ConflictError
    from linghun.core.history.restore import apply_plan, plan_entry_restore

    plan = plan_entry_restore(home, history, 3, first)
    home.warm.write_text(home.warm.read_text(encoding="utf-8") + "\n## 2026-10-09 [rule] high\n\n代理刚写的\n",
                         encoding="utf-8")
    agents = home.warm.read_bytes()
    with pytest.raises(ConflictError):
        apply_plan(home, plan)
    assert home.warm.read_bytes() == agents


# -- the matcher on its own ------------------------------------------------------------------------
def _entries(*blocks: str):
    return parse_warm("\n".join(blocks)).entries


def test_two_flips_in_one_minute_are_matched_by_body_not_header():
    old = _entries("## 2026-10-01 09:00 [event] high\n\n甲\n", "## 2026-10-01 09:05 [fact] high\n\n乙\n")
    new = _entries("## 2026-10-09 10:00 [fact] wrong\n\n甲\n", "## 2026-10-09 10:00 [fact] wrong\n\n乙\n",
                   "## 2026-10-09 10:00 [fact] high\n\n丙\n")
    assert match_entries(old, new) == [0, 1, None]


def test_a_revive_in_place_is_the_same_entry():
    old = _entries("## 2026-10-01 09:00 [fact] high\n\n甲\n", "## 2026-10-01 09:05 [fact] wrong\n\n乙\n",
                   "## 2026-10-01 09:06 [rule] high\n\n丁\n")
    new = _entries("## 2026-10-01 09:00 [fact] high\n\n甲\n", "## 2026-10-09 10:00 [event] high\n\n全新的内容\n",
                   "## 2026-10-01 09:06 [rule] high\n\n丁\n")
    assert match_entries(old, new) == [0, 1, 2]


# -- the property: random sequences of what writers do, in the same minute ------------------------
MINUTES = ("2026-10-09 10:00", "2026-10-09 10:01")
WORDS = "订单服务端口迁移网关超时规则事实记忆回归发布备份"


@dataclass(frozen=True)
class Entry:
    uid: int
    stamp: str
    kind: str
    confidence: str
    body: str
    last_access: str

    def block(self) -> str:
        return format_block(self.stamp, self.kind, self.confidence, self.body, self.last_access)


def _text(entries: list[Entry]) -> str:
    return "\n\n".join(e.block() for e in entries) + ("\n" if entries else "")


def _body(draw, uid: int) -> str:
    # every entry says something else (two identical entries are one to anyone reading the file)
    return draw(st.text(alphabet=WORDS, min_size=4, max_size=10)) + f" #{uid}"


@st.composite
def histories(draw):
    """A sequence of warm.md texts, each written by one operation (or one agent rewrite), with
    which entry (``uid``) each block is."""
    entries: list[Entry] = []
    uid = 0
    states: list[list[Entry]] = [entries]
    for _ in range(draw(st.integers(3, 14))):
        op = draw(st.sampled_from(["append", "append", "edit", "replace", "flip", "touch", "confidence", "revive",
                                   "delete", "consolidate", "rewrite"]))
        minute = draw(st.sampled_from(MINUTES))
        entries = list(entries)
        live = [i for i, e in enumerate(entries) if e.confidence != "wrong"]
        wrong = [i for i, e in enumerate(entries) if e.confidence == "wrong"]
        if op == "append" or (not entries and op != "consolidate"):
            uid += 1
            kind = draw(st.sampled_from(["fact", "event", "rule"]))
            entries.append(Entry(uid, minute, kind, "high", _body(draw, uid), minute))
        elif op == "edit":
            i = draw(st.integers(0, len(entries) - 1))
            entries[i] = replace(entries[i], body=entries[i].body + draw(st.sampled_from(["（改）", "，已核对", "!"])))
        elif op == "replace":
            i = draw(st.integers(0, len(entries) - 1))
            entries[i] = replace(entries[i], body=_body(draw, entries[i].uid + 1000))
        elif op == "flip" and live:
            i = draw(st.sampled_from(live))
            entries[i] = replace(entries[i], stamp=minute, kind="fact", confidence="wrong", last_access=minute)
            uid += 1
            entries.append(Entry(uid, minute, draw(st.sampled_from(["fact", "event", "rule"])), "high", _body(draw, uid), minute))
        elif op == "touch":
            i = draw(st.integers(0, len(entries) - 1))
            entries[i] = replace(entries[i], last_access=minute)
        elif op == "confidence" and live:
            i = draw(st.sampled_from(live))
            entries[i] = replace(entries[i], confidence=draw(st.sampled_from(["high", "medium", "low"])))
        elif op == "revive" and wrong:
            i = draw(st.sampled_from(wrong))
            entries[i] = replace(entries[i], stamp=minute, kind=draw(st.sampled_from(["fact", "event", "rule"])),
                                 confidence="high", body=_body(draw, entries[i].uid + 2000), last_access=minute)
        elif op == "delete":
            del entries[draw(st.integers(0, len(entries) - 1))]
        elif op == "consolidate":
            entries = []
        elif op == "rewrite":  # the agent rewrites the file: touches all, edits one, moves one to the end
            entries = [replace(e, last_access=minute) for e in entries]
            i = draw(st.integers(0, len(entries) - 1))
            entries[i] = replace(entries[i], body=entries[i].body + "（代理改写）")
            moved = entries.pop(draw(st.integers(0, len(entries) - 1)))
            entries.append(moved)
        if _text(entries) != _text(states[-1]):
            states.append(entries)
    return states


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(histories())
def test_every_entry_is_followed_through_every_kind_of_change(states):
    with tempfile.TemporaryDirectory() as tmp:
        history = HomeHistory(MemoryHome(Path(tmp) / "home" / "linghun"), location=Path(tmp) / "h.git")
        commits = []
        for entries in states[1:]:
            commits.append(history.record({WARM: _text(entries).encode("utf-8")}, "agent"))
        # the truth: for each entry, the states in which its text changed (newest first)
        changed: dict[int, list[tuple[str, str]]] = {}
        seen: dict[int, str] = {}
        for commit, entries in zip(commits, states[1:]):
            present = {e.uid for e in entries}
            for uid in list(seen):
                if uid not in present:  # removed (a consolidation, a delete): a later entry is another one
                    del seen[uid]
                    changed.pop(uid, None)
            for e in entries:
                if seen.get(e.uid) != e.block():
                    changed.setdefault(e.uid, []).insert(0, (commit, e.block()))
                    seen[e.uid] = e.block()
        final = states[-1]
        text = _text(final)
        ids = {}
        for index, e in enumerate(final):
            lineage = entry_lineage(history, EntryRef(text, index))
            got = [(v.version.commit, v.raw.rstrip("\n")) for v in lineage.versions]
            assert got == changed[e.uid], f"entry [{index + 1}] (uid {e.uid})"
            assert lineage.versions[-1].change == "created"
            ids[e.uid] = lineage.id
        assert len(set(ids.values())) == len(ids)  # one id per entry
        # the id is the same from any version of the entry (here: the one that created it)
        for e in final:
            created_commit = changed[e.uid][-1][0]
            then = history.read(WARM, commit=created_commit).decode("utf-8")
            index = next(i for i, b in enumerate(parse_warm(then).entries) if b.raw.rstrip("\n") == changed[e.uid][-1][1])
            assert entry_lineage(history, EntryRef(then, index)).id == ids[e.uid]
