"""Memory operations with the upstream semantics (SPEC 3-5, 14)."""
from datetime import datetime

import pytest

from linghun.core.cli import main
from linghun.core.errors import CapacityError, InvalidInputError, NotFoundError, NotUtf8Error
from linghun.core.events import EventBus
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory, MemoryConfig

T = datetime(2026, 10, 10, 9, 0)


@pytest.fixture
def memory(upstream_home):
    return Memory(MemoryHome.resolve(upstream_home))


@pytest.fixture
def fresh(empty_home):
    return Memory(MemoryHome.resolve(empty_home))


def test_numbering_includes_wrong_entries(memory):
    entries = memory.entries()
    assert len(entries) == 10 and entries[1].is_wrong and entries[1].n == 2
    assert memory.resolve("[8]").body.startswith("订单服务 | 端口")
    assert memory.resolve("pnpm").n == 5


def test_update_flips_and_appends_high(memory):
    result = memory.append("fact", "订单服务 | 端口 | 9090 | #9", "medium", update="[8]", when=T)
    assert result.mode == "update" and result.entry.effective_confidence == "high"
    flipped = memory.resolve("[8]")
    assert flipped.header() == "## 2026-10-10 09:00 [fact] wrong"
    assert flipped.body == "订单服务 | 端口 | 8087 | #7"  # kept for traceability
    assert result.n == 11


def test_update_of_wrong_entry_revives_in_place(memory):
    result = memory.append("fact", "sprint 1 截止 2026-04-30。", update="[2]", when=T)
    assert result.mode == "revive" and result.n == 2
    assert memory.resolve("[2]").effective_confidence == "high" and len(memory.entries()) == 10


def test_update_matching_nothing_falls_through_to_append(memory):
    result = memory.append("fact", "全新的事实", update="不存在的片段", when=T)
    assert result.mode == "append" and result.n == 11


def test_near_duplicate_replaces_in_place(memory):
    result = memory.append("rule", "用户偏好 pnpm 而不是 npm，版本绑定 pnpm@9。", "high", when=T)
    assert result.mode == "dedupe" and result.n == 5 and len(memory.entries()) == 10
    assert memory.resolve("[5]").kind == "rule"


def test_the_file_is_the_document_whatever_the_appends_and_edits_in_between(memory):
    """An append writes the saved bytes and the new entry's (no re-encoding of the whole file);
    what is written must stay exactly the document, also after an edit or a flip in between."""
    from linghun.core.formats.warm import WarmDocument, parse_warm

    def on_disk():
        raw = memory.home.warm.read_bytes()
        assert raw == memory.document().render().encode("utf-8")
        return parse_warm(raw.decode("utf-8"))

    memory.append("fact", "缓存 | TTL | 60s | #20", "high", when=T)
    rendered = []
    original = WarmDocument.render
    WarmDocument.render = lambda doc: rendered.append(1) or original(doc)
    try:
        memory.append("rule", "发布前先跑回归测试和冒烟测试。", when=T)
    finally:
        WarmDocument.render = original
    assert not rendered  # the saved bytes, then the last entry's and the new one's
    assert on_disk().entries[-1].body == "发布前先跑回归测试和冒烟测试。"
    memory.append("fact", "订单服务 | 端口 | 9090 | #9", "medium", update="[8]", when=T)  # flip and append
    assert [e.effective_confidence for e in on_disk().numbered()][7] == "wrong"
    memory.append("event", ("用户", "部署", "checkout-api", "", "第 3 次"), when=T)
    memory.append("rule", "用户偏好 pnpm 而不是 npm，版本绑定 pnpm@9。", "high", when=T)  # merged in place
    assert len(on_disk().entries) == 14


def test_restating_a_high_fact_without_a_confidence_keeps_it_high(memory, tmp_path):
    high = memory.append("fact", "支付网关 | 超时 | 30s | #12", "high", when=T)
    again = memory.append("fact", "支付网关 | 超时 | 30s | #12 已确认", when=T)
    assert again.mode == "dedupe" and again.n == high.n
    assert memory.resolve(f"[{again.n}]").confidence == "high"
    # so consolidation still files it in the knowledge ontology
    memory.consolidate(when=T)
    assert "支付网关 | 超时 | 30s | #12 已确认" in memory.home.knowledge_ontology.read_text(encoding="utf-8")
    # a confidence that is said is applied
    lowered = memory.append("fact", "订单库 | 主机 | db-3 | #1", "high", when=T)
    memory.append("fact", "订单库 | 主机 | db-3 | #1", "low", when=T)
    assert memory.resolve(f"[{lowered.n}]").confidence == "low"


def test_touch_refreshes_and_is_a_noop_when_current(memory):
    path = memory.home.warm
    assert memory.touch("`pnpm@9`", when=T) == 1
    assert memory.resolve("[5]").last_access == "2026-10-10 09:00"
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    assert memory.touch("pnpm", when=T) == 0
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime
    assert memory.touch("订单服务", when=T) == 2  # every matching entry


def test_read_shows_tags_and_ledger(memory):
    text = memory.read()
    # flipped entries are left out of the grouped view (counted), still readable by number
    assert "[2] 2026-09-28 12:00" not in text and "已翻转 1 条不列" in text
    assert memory.read(ref="[2]").startswith("[2] 2026-09-28 12:00 [fact] wrong")
    assert "【低置信·需验证】" in text and "【团队账本】" in text and "【冷储摘要】" in text
    assert memory.read(ref="[7]").startswith("[7] 2026-10-06 16:00 [event] medium")
    assert memory.read(ref="rules").startswith("## 判断纪律")
    assert len(memory.read()) <= 6000 + 40


def test_consolidate_outputs(memory):
    home = memory.home
    old_cold = home.cold.read_text()
    warm_text = home.warm.read_text()
    result = memory.consolidate(datetime(2026, 10, 11, 20, 0))
    assert (result.events, result.knowledge, result.rules, result.cold, result.wrong_dropped) == (2, 3, 3, 9, 1)
    assert home.warm.read_bytes() == b""
    cold = home.cold.read_text()
    assert cold.startswith(old_cold) and cold.count("## 2026-09-26") == 1  # appended, not re-appended
    assert "## 2026-10-11 沉淀（9 条）\n- [high] sprint 1 截止 2026-03-29。\n" in cold
    assert cold.rstrip().endswith("（全文见 episodic/2026-10-11.md）")
    assert (home.episodic_dir / "2026-10-11.md").read_text() == "\n## 20:00\n\n" + warm_text
    assert "订单服务 | 端口 | 8087 | #7" in home.knowledge_ontology.read_text()
    assert "2026-10-06 16:00 用户 | 迁移" in home.memory_ontology.read_text()
    assert "- 发布前必须跑完整回归测试。（2026-09-29）" in home.rules.read_text()


def test_auto_consolidation_at_trigger_ratio(fresh):
    fresh.config = MemoryConfig(max_bytes=2000)
    for i in range(30):
        fresh.append("fact", f"事实编号 {i} " + "内容" * 10, when=T)
    assert fresh.home.cold.exists() and fresh.size_bytes() <= 2000
    with pytest.raises(CapacityError):
        fresh.append("fact", "巨" * 2000, when=T)


def test_bad_input_is_refused_clearly(fresh):
    with pytest.raises(InvalidInputError, match="unknown kind"):
        fresh.append("opinion", "x")
    with pytest.raises(InvalidInputError, match="empty"):
        fresh.append("fact", "   ")
    with pytest.raises(InvalidInputError, match="unknown field"):
        fresh.append("fact", {"colour": "red"})
    with pytest.raises(NotFoundError):
        fresh.resolve("[3]")
    assert fresh.append("decision", "保留旧种类", "certain").entry.confidence == "medium"


def test_non_utf8_warm_is_refused_and_untouched(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    home.warm.write_bytes(b"## 2026-01-01 [fact] high\n\n\xff\xfe broken\n")
    memory = Memory(home)
    with pytest.raises(NotUtf8Error, match="left untouched"):
        memory.entries()
    with pytest.raises(NotUtf8Error):
        memory.append("fact", "x")
    assert home.warm.read_bytes() == b"## 2026-01-01 [fact] high\n\n\xff\xfe broken\n"


def test_ids_survive_external_reload(memory):
    ids = [e.id for e in memory.entries()]
    text = memory.home.warm.read_text()
    # another process prepends nothing, edits entry 3 and appends one entry
    text = text.replace("发布前必须跑完整回归测试。", "发布前必须跑完整回归测试和冒烟测试。")
    text += "\n\n## 2026-10-12 08:00 [fact] low\n\n外部追加。\n<!-- last_access: 2026-10-12 08:00 -->\n"
    memory.home.warm.write_text(text)
    after = memory.entries()
    assert [e.id for e in after[:10]] == ids and after[10].id not in ids
    assert memory.entry(ids[2]).body.endswith("冒烟测试。")


def test_edit_delete_insert_restore_bytes(memory):
    path = memory.home.warm
    original = path.read_bytes()
    target = memory.entries()[6]
    edited = memory.edit_entry(target.id, confidence="high", body="用户 | 迁移 | 订单服务数据库")
    assert edited.id == target.id and path.read_bytes() != original
    memory.replace_raw(target.id, target.raw)
    assert path.read_bytes() == original
    index, raw = memory.delete_entry(target.id)
    assert len(memory.entries()) == 9
    memory.insert_raw(index, raw, target.id)
    assert path.read_bytes() == original and memory.entry(target.id).n == 7
    last = memory.entries()[-1]
    index, raw = memory.delete_entry(last.id)
    memory.insert_raw(index, raw, last.id)
    assert path.read_bytes() == original


def test_events_published(upstream_home):
    bus = EventBus()
    seen = []
    bus.subscribe("memory.*", lambda e: seen.append(e.topic))
    Memory(MemoryHome.resolve(upstream_home), events=bus).append("fact", "新事实", when=T)
    assert seen == ["memory.changed"]


def test_journal_append_read_window_and_index(memory):
    memory.journal_append("端口是多少？", "8087。", when=datetime(2026, 10, 7, 18, 0, 5))
    day = memory.journal_read("2026-10-07")
    assert day.count("用户：") == 3 and "2026-10-07 18:00:05\n用户：端口是多少？\n助手：8087。\n" in day
    window = memory.journal_read(start="2026-10-07 15:00", end="2026-10-07 18:00:05")
    assert window.count("用户：") == 2 and "11:28:41" not in window
    assert "- 2026-10-07（3 条流水）" in memory.journal_read()
    with pytest.raises(NotFoundError):
        memory.journal_read("2020-01-01")


def test_journal_legacy_folder_is_read(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    legacy = home.legacy_journal_dir
    legacy.mkdir()
    (legacy / "2026-09-01.md").write_text("\n2026-09-01 10:00:00\n用户：旧位置\n助手：好\n")
    assert "旧位置" in Memory(home).journal_read("2026-09-01")


def test_rules_and_soul(memory):
    assert memory.rules_append("先查证再下结论", "判断纪律", when=T) == {"ok": True, "changed": True}
    assert memory.rules_append("先查证再下结论", "判断纪律", when=T)["changed"] is False
    assert "- 先查证再下结论（2026-10-10）" in memory.home.rules.read_text()
    assert memory.soul_read().startswith("名字：简")
    memory.soul_update("名字：岚\n")
    assert memory.home.identity.read_text() == "名字：岚\n"
    with pytest.raises(InvalidInputError):
        memory.soul_update("  ")


def test_a_failed_save_leaves_memory_as_the_file_is(memory, monkeypatch):
    import linghun.core.memory as memory_module
    before = [e.raw for e in memory.entries()]

    def disk_full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(memory_module, "atomic_write", disk_full)
    with pytest.raises(OSError):
        memory.append("fact", "写不进去的新事实", when=T)
    with pytest.raises(OSError):
        memory.touch("pnpm", when=T)
    assert [e.raw for e in memory.entries()] == before


def test_readers_holding_the_document_see_a_new_one_after_a_write(memory):
    from linghun.core.assembler.retriever import warm_pool

    pool = warm_pool(memory)
    first = pool.live[0]
    made = pool.candidate(first.id)  # a hit of a round before the append
    memory.append("fact", "支付网关 | 超时 | 30s | #12", "high", when=T)
    fresh = warm_pool(memory)
    assert fresh is not pool and len(fresh.entries) == len(pool.entries) + 1
    assert any("支付网关" in c.body for c in fresh.warm)
    # the entries the append left as they were (the same objects) keep their search units, and
    # the candidates made; the new entry gets its own
    before = pool.reusable()
    kept = [(e, u) for e, u in zip(fresh.live, fresh.units) if id(e) in before and before[id(e)][0] is e]
    assert len(kept) >= len(pool.live) - 1  # the last one may be rewritten by the append's separator
    assert all(before[id(e)][1] is u for e, u in kept)
    assert fresh.candidate(first.id) is made
    new = fresh.live[-1]
    assert id(new) not in before and fresh.units[-1].text == new.body.strip()


def test_the_append_dedupe_scan_agrees_with_the_near_duplicate_rule():
    from linghun.core.formats.warm import keys_near_duplicate, new_entry
    from linghun.core.memory import _near_duplicate

    bodies = ["abc", "abcdef", "abcdefghij", "xyz", "", "a", "abcd", "bcdefghijklmnop", "defg"]
    entries = [new_entry("2026-01-01 00:00", "fact", "medium", b) if b else
               new_entry("2026-01-01 00:00", "fact", "medium", "-") for b in bodies]
    entries[3] = entries[3].with_changes(confidence="wrong")
    for key in ["abc", "abcde", "xyz", "bcd", "abcdefghijklmnopq", "q", "", "defgh", "-"]:
        expected = next((i for i, e in enumerate(entries)
                         if not e.is_wrong and keys_near_duplicate(e.dedupe_key, key)), None)
        assert _near_duplicate(entries, key) == expected, key


def test_latest_takes_what_another_memory_parsed_or_wrote_without_reading_the_file(upstream_home, monkeypatch):
    """The workbench's GUI asks ``latest()`` after a worker parsed the agent's write: it gets that
    parse, entry ids kept, and never reads or hashes warm.md itself."""
    from linghun.core import fsio, memory as memory_module

    home = MemoryHome.resolve(upstream_home)
    gui = Memory(home)
    first = gui.document()
    edited = first.entries[0]
    text = home.warm.read_text(encoding="utf-8").replace(edited.body, edited.body + " (edited)")
    home.warm.write_text(text + "\n## 2027-01-01 10:00 [fact] medium\n\nagent wrote this\n", encoding="utf-8")
    Memory(home).document()  # the watcher's worker
    reads = []
    monkeypatch.setattr(memory_module, "read_bytes", lambda p: reads.append(p))
    monkeypatch.setattr(fsio, "read_bytes", lambda p: reads.append(p))
    latest = gui.latest()
    assert not reads
    assert latest.entries[-1].body == "agent wrote this" and len(latest.entries) == len(first.entries) + 1
    assert latest.entries[0].id == edited.id, "an entry edited in place keeps its id here"
    assert gui.latest() is latest
    monkeypatch.undo()
    writer = Memory(home)
    writer.append("fact", "written by a round | x | 1")
    assert gui.latest().entries[-1].body.startswith("written by a round")


def test_a_slow_parse_never_replaces_the_document_of_a_later_write(upstream_home, monkeypatch):
    from linghun.core import memory as memory_module

    home = MemoryHome.resolve(upstream_home)
    old_bytes = home.warm.read_bytes()
    slow = Memory(home)
    number = next(memory_module._SHARES)  # the slow parse read the file here...
    gui = Memory(home)
    gui.append("fact", "written meanwhile | x | 1")  # ...this write came before it finished
    slow._load(old_bytes, number)
    assert gui.latest().entries[-1].body.startswith("written meanwhile")
    assert Memory(home).latest().entries[-1].body.startswith("written meanwhile")


def test_latest_learns_that_warm_md_became_unreadable_or_was_removed(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    gui = Memory(home)
    assert gui.document().entries
    home.warm.write_bytes(b"## 2026-10-01 10:00 [fact] high\n\n\xff broken\n")
    with pytest.raises(NotUtf8Error):
        Memory(home).document()  # the watcher's worker
    with pytest.raises(NotUtf8Error):
        gui.latest()
    home.warm.unlink()
    assert Memory(home).document().entries == []
    assert gui.latest().entries == []


def test_a_worker_prepares_the_latest_document_and_the_gui_takes_it_as_it_is(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    gui = Memory(home)
    first = gui.document()
    edited = first.entries[1]
    home.warm.write_text(home.warm.read_text(encoding="utf-8").replace(edited.body, edited.body + "!"),
                         encoding="utf-8")
    Memory(home).document()
    newer = gui.prepare_latest()  # on the worker: the GUI's Memory is left alone
    assert gui._doc is first
    assert newer.doc.entries[1].id == edited.id and newer.doc.entries[1].body.endswith("!")
    gui.take_latest(newer)
    assert gui.latest() is newer.doc and gui.prepare_latest() is None
    # prepared against a document the GUI replaced meanwhile (its own write): not taken
    home.warm.write_text(home.warm.read_text(encoding="utf-8") + "\n## 2027-01-01 10:00 [fact] low\n\nx\n",
                         encoding="utf-8")
    Memory(home).document()
    stale = gui.prepare_latest()
    gui.append("fact", "ours | y | 1")
    gui.take_latest(stale)
    assert gui.latest().entries[-1].body.startswith("ours") and gui.latest().entries[-2].body == "x"


def test_entries_moved_and_edited_at_once_never_share_an_id(upstream_home):
    """The agent reorders the file and edits an entry in one write: the entry paired with a moved
    entry's old place must not take its id too (ids are what selections and edits refer to)."""
    import random

    for seed in range(20):
        home = MemoryHome.resolve(upstream_home)
        memory = Memory(home)
        rng = random.Random(seed)
        for _ in range(3):
            blocks = [e.raw if e.raw.endswith("\n\n") else e.raw + "\n" for e in memory.document().entries]
            k = rng.randrange(len(blocks))
            blocks[k] = blocks[k].replace("\n\n", "\n\n改 ", 1)
            rng.shuffle(blocks)
            home.warm.write_text("".join(blocks), encoding="utf-8")
            entries = memory.document().entries
            assert len({e.id for e in entries}) == len(entries)


def test_an_append_that_packs_several_facts_is_told_so(upstream_home, capsys):
    """One entry holds one fact (seed M10): an append of several is written, with a note saying so."""
    memory = Memory(MemoryHome.resolve(upstream_home))
    one = memory.append("fact", "订单服务 | 端口 | 8087 | #7")
    assert one.note == "" and "note" not in one.to_dict()
    several = memory.append("fact", "支付网关 | 超时 | 30s | #8\n风控服务 | 端口 | 9091 | #9")
    assert "一条目一事实" in several.to_dict()["note"] and several.mode == "append"
    story = memory.append("event", "We moved to Berlin in May. I started a new job at the bank. My sister visits next week.")
    assert story.note
    assert main(["append", "event", "Deploys now go out on Tuesdays. The freeze starts on the 20th. QA signs off first.",
                 "--home", str(upstream_home)]) == 0
    assert "note: this entry seems to hold several facts" in capsys.readouterr().out
