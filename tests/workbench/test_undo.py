"""Undo operations over Memory: each returns its inverse; bytes come back exactly."""
from __future__ import annotations

import pytest

from linghun.core.errors import ConflictError
from linghun.core.exchange import plan_import
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.workbench.undo import Batch, DeleteEntry, EditEntry, ImportEntries, InsertRaw, UndoService
from tests.conftest import REPO


@pytest.fixture
def memory(upstream_home):
    return Memory(MemoryHome.resolve(upstream_home))


def test_edit_inverse_restores_bytes(memory):
    before = memory.home.warm.read_bytes()
    e = memory.entries()[2]  # a legacy [decision] entry without confidence
    inverse = EditEntry(e.id, {"confidence": "high", "body": "新的正文"}).apply(memory)
    assert memory.entry(e.id).confidence == "high"
    redo = inverse.apply(memory)
    assert memory.home.warm.read_bytes() == before
    redo.apply(memory)
    assert memory.entry(e.id).body == "新的正文"


def test_delete_and_insert_restore_bytes_and_id(memory):
    before = memory.home.warm.read_bytes()
    ids = [e.id for e in memory.entries()]
    inverse = Batch([DeleteEntry(ids[1]), DeleteEntry(ids[-1]), DeleteEntry(ids[4])]).apply(memory)
    assert len(memory.entries()) == 7
    inverse.apply(memory)
    assert memory.home.warm.read_bytes() == before
    assert [e.id for e in memory.entries()] == ids


def test_insert_at_end_undo_removes_the_separator_too(memory):
    before = memory.home.warm.read_bytes()
    inverse = InsertRaw(99, "## 2026-10-11 10:00 [rule] high\n\n先备份。\n").apply(memory)
    assert memory.entries()[-1].body == "先备份。"
    inverse.apply(memory)
    assert memory.home.warm.read_bytes() == before


def test_undo_refuses_when_the_agent_changed_the_entry(memory):
    e = memory.entries()[0]
    inverse = EditEntry(e.id, {"confidence": "low"}).apply(memory)
    agent = Memory(memory.home)  # another writer
    agent.touch("[1]")
    changed = memory.home.warm.read_bytes()
    with pytest.raises(ConflictError):
        inverse.apply(memory)
    assert memory.home.warm.read_bytes() == changed


def test_batch_is_all_or_nothing(memory):
    before = memory.home.warm.read_bytes()
    ids = [e.id for e in memory.entries()]
    with pytest.raises(Exception):
        Batch([EditEntry(ids[0], {"confidence": "low"}), EditEntry("no-such-id", {"confidence": "low"})]).apply(memory)
    assert memory.home.warm.read_bytes() == before


def test_service_reports_failures_and_drops_the_step(qapp, memory):
    service = UndoService(memory)
    errors = []
    service.sig_error.connect(errors.append)
    assert not service.push(EditEntry("missing", {"confidence": "low"}), "edit")
    assert errors and service.stack.count() == 0
    e = memory.entries()[0]
    assert service.push(EditEntry(e.id, {"confidence": "low"}), "edit")
    Memory(memory.home).touch("[1]")  # the agent touches it meanwhile
    service.stack.undo()
    assert "changed by another writer" in errors[-1]
    assert memory.entries()[0].confidence == "low"  # the agent's version stays


def test_merge_keys_fold_typing_into_one_step(qapp, memory):
    service = UndoService(memory)
    before = memory.home.warm.read_bytes()
    e = memory.entries()[8]
    for text in ("a", "ab", "abc"):
        service.push(EditEntry(e.id, {"body": text}), "typing", merge_key="1:" + e.id)
    service.push(EditEntry(e.id, {"body": "other session"}), "typing", merge_key="2:" + e.id)
    assert service.stack.count() == 2
    service.stack.undo()
    assert memory.entry(e.id).body == "abc"
    service.stack.undo()
    assert memory.home.warm.read_bytes() == before


def test_a_new_entry_follows_the_append_rules_and_undoes_to_the_same_bytes(memory):
    from datetime import datetime

    from linghun.workbench.undo import AppendEntry

    before = memory.home.warm.read_bytes()
    op = AppendEntry("fact", "网关 | 超时 | 30s | #12", "high", datetime(2026, 10, 12, 9, 0))
    inverse = op.apply(memory)
    assert op.result.mode == "append" and memory.entries()[-1].body == "网关 | 超时 | 30s | #12"
    inverse.apply(memory)
    assert memory.home.warm.read_bytes() == before
    # a near-duplicate of [5] merges into it, as the agent's memory_append would
    dup = AppendEntry("rule", "用户偏好 pnpm 而不是 npm，版本绑定 pnpm@9。", "high", datetime(2026, 10, 12, 9, 5))
    inverse = dup.apply(memory)
    assert dup.result.mode == "dedupe" and dup.result.entry.n == 5 and len(memory.entries()) == 10
    inverse.apply(memory)
    assert memory.home.warm.read_bytes() == before


def test_an_import_is_one_undo_step(memory):
    before = memory.home.warm.read_bytes()
    op = ImportEntries("letta", REPO / "tests" / "fixtures" / "exchange" / "letta_agent.af")
    inverse = op.apply(memory)
    assert len(op.result.added) == 6 and len(memory.entries()) == 16
    after = memory.home.warm.read_bytes()
    redo = inverse.apply(memory)
    assert memory.home.warm.read_bytes() == before
    redo.apply(memory)
    assert memory.home.warm.read_bytes() == after


def test_an_import_previewed_writes_the_entries_it_showed_without_reading_the_source_again(memory, tmp_path):
    source = tmp_path / "agent.af"
    source.write_bytes((REPO / "tests" / "fixtures" / "exchange" / "letta_agent.af").read_bytes())
    plan = plan_import(memory, "letta", source)
    source.unlink()  # gone after the preview: the window writes what its diff showed
    op = ImportEntries("letta", source, plan=plan)
    op.apply(memory)
    assert len(op.result.added) == len(plan.result.added) == 6
    assert memory.home.warm.read_text(encoding="utf-8") == plan.after
