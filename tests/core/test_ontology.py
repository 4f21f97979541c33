"""Ontology projection (offline and LLM), fact conflicts, alias tables and topic-first retrieval."""
import json

import pytest

from linghun.core.errors import InvalidInputError, NotUtf8Error
from linghun.core.formats.nodes import parse_nodes
from linghun.core.formats.warm import parse_warm
from linghun.core.home import MemoryHome
from linghun.core.llm import OpenAIProvider
from linghun.core.memory import Memory
from linghun.core.ontology import (
    CONFLICT_MARK, HEADERS, alias_hits, find_conflicts, load_aliases, memory_project, project_offline,
    save_aliases, topic_first,
)


def _entries(*blocks: str):
    return parse_warm("\n".join(blocks)).numbered()


def _block(stamp: str, kind: str, conf: str, body: str) -> str:
    return f"## {stamp} [{kind}] {conf}\n\n{body}\n<!-- last_access: {stamp} -->\n"


TOPICS = [
    ("订单服务", "端口", "PostgreSQL"), ("支付网关", "超时", "重试"), ("家庭旅行", "预算", "酒店"),
    ("回归测试", "发布", "流水线"),
]


def _topic_home(dsh, per_topic: int = 6) -> MemoryHome:
    home = MemoryHome.resolve(dsh)
    home.ensure()
    blocks = []
    i = 0
    for t in range(per_topic):
        for name, a, b in TOPICS:
            i += 1
            blocks.append(_block(f"2026-10-{(i % 28) + 1:02d} 10:{i % 60:02d}", "event", "medium",
                                 f"用户 | 讨论 | {name} | {a}, {b} | 第 {i} 次讨论 {name} 的{a}和{b}"))
    home.warm.write_text("\n".join(blocks), encoding="utf-8")
    return home


# -- offline projection ----------------------------------------------------------------------------
def test_offline_projection_is_deterministic_and_idempotent(tmp_path):
    home = _topic_home(tmp_path / "a")
    first = memory_project(home)
    assert first.changed and first.by == "offline"
    text = home.ontology.read_text(encoding="utf-8")
    stat = home.ontology.stat()
    again = memory_project(home)
    assert again.changed is False and again.nodes == first.nodes
    assert home.ontology.stat().st_mtime_ns == stat.st_mtime_ns  # nothing written the second time
    # a second home with the same warm text projects to the same bytes
    other = _topic_home(tmp_path / "b")
    memory_project(other)
    assert other.ontology.read_text(encoding="utf-8") == text


def test_offline_projection_groups_topics_and_keeps_pointers_and_dates(tmp_path):
    home = _topic_home(tmp_path / "a")
    memory_project(home)
    doc = parse_nodes(home.ontology.read_text(encoding="utf-8"))
    assert 1 < len(doc.nodes) <= 12
    entries = Memory(home).entries()
    seen = {}
    for node in doc.nodes:
        for line in node.body.splitlines():
            n = int(line.rsplit("[", 1)[1].rstrip("]"))
            seen[n] = node.theme
            e = entries[n - 1]
            assert line.startswith(f"- {e.day} ") and " ".join(e.body.split()) in line  # verbatim
    assert sorted(seen) == list(range(1, len(entries) + 1))  # every entry once
    # entries naming the same service end up in the same node
    by_topic = {}
    for e in entries:
        by_topic.setdefault(e.fields[2], set()).add(seen[e.n])
    assert sum(len(v) for v in by_topic.values()) <= len(by_topic) + 1


def test_buckets_become_the_node_themes(tmp_path):
    home = _topic_home(tmp_path / "a")
    result = memory_project(home, ["支付网关", "家庭旅行"])
    assert result.nodes[:2] == ["支付网关", "家庭旅行"]
    doc = parse_nodes(home.ontology.read_text(encoding="utf-8"))
    assert all("支付网关" in line for line in doc.find("支付网关").body.splitlines())
    assert len(doc.find("家庭旅行").body.splitlines()) == 6


def test_at_most_max_nodes(tmp_path):
    blocks = [_block(f"2026-10-01 10:{i:02d}", "fact", "high", f"服务{chr(0x4e00 + i * 7)}{chr(0x4e00 + i * 13)} | 端口 | {8000 + i} | #{i}")
              for i in range(40)]
    nodes = project_offline(_entries(*blocks), max_nodes=5)
    assert len(nodes) <= 5
    assert sum(len(n.body.splitlines()) for n in nodes) == 40


def test_empty_warm_writes_nothing(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    before = home.ontology.read_bytes()
    home.warm.write_text("", encoding="utf-8")
    result = memory_project(home)
    assert result.changed is False and home.ontology.read_bytes() == before


def test_non_utf8_projection_is_never_overwritten(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    home.ontology.write_bytes(b"## \xff\xfe broken\n")
    with pytest.raises(NotUtf8Error):
        memory_project(home)
    assert home.ontology.read_bytes() == b"## \xff\xfe broken\n"


def test_bad_buckets_are_rejected(upstream_home):
    with pytest.raises(InvalidInputError):
        memory_project(MemoryHome.resolve(upstream_home), [1, 2])


# -- conflicts ------------------------------------------------------------------------------------------
def test_structured_fact_conflict_is_marked_without_choosing():
    entries = _entries(
        _block("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7"),
        _block("2026-10-08 09:00", "fact", "high", "订单服务 | 版本 | v2.3.1 | #8"),
        _block("2026-10-09 09:00", "fact", "medium", "订单服务 | 端口 | 8088 | #9"),
        _block("2026-10-09 10:00", "fact", "high", "支付网关 | 端口 | 8087 | #1"),
    )
    conflicts = find_conflicts(entries)
    assert len(conflicts) == 1
    line = conflicts[0].line()
    assert line == f"- {CONFLICT_MARK}订单服务 端口：8087 [1]（2026-10-07） 与 8088 [3]（2026-10-09）"
    nodes = project_offline(entries)
    body = "\n".join(n.body for n in nodes)
    assert body.count(CONFLICT_MARK) == 1
    assert "- 2026-10-07 订单服务 | 端口 | 8087 | #7 [1]" in body and "8088 | #9 [3]" in body  # both kept


def test_plain_sentence_conflict_and_flipped_side(upstream_home):
    entries = Memory(MemoryHome.resolve(upstream_home)).entries()
    conflicts = find_conflicts(entries)
    assert [c.numbers for c in conflicts] == [[1, 2]]
    line = conflicts[0].line()
    assert line.startswith(f"- {CONFLICT_MARK}sprint 1 截止：2026-03-29 [1]") and "2026-11-15 [2]" in line
    assert line.endswith("（[2] 已翻转）")


def test_same_value_is_not_a_conflict():
    entries = _entries(
        _block("2026-10-07 11:30", "fact", "high", "订单服务 | 端口 | 8087 | #7"),
        _block("2026-10-08 11:30", "fact", "high", "订单服务 | 端口 |  8087 | #9"),
    )
    assert find_conflicts(entries) == []


# -- LLM projection -----------------------------------------------------------------------------------
LLM_REPLY = """```markdown
## 订单服务
- 2026-10-06 从 MySQL 5.7 迁到 PostgreSQL 15，停机 40 分钟 [7]
- 端口 8087 [8]

## 发布流程
- 发布前必须跑完整回归测试 [3]
- ⚠️ 冲突：sprint 1 截止 2026-03-29 [1] 与 2026-11-15 [2]
- 不存在的条目 [99]
```"""


def _provider(server):
    return OpenAIProvider(base_url=server.base_url, api_key="test-key", model="fake-model", max_retries=0)


def test_llm_projection_through_an_openai_compatible_server(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)
    openai_server.reply(LLM_REPLY)
    result = memory_project(home, ["订单服务", "发布流程"], provider=_provider(openai_server))
    assert result.by == "llm" and result.nodes == ["订单服务", "发布流程"] and result.conflicts == 1
    assert result.warnings == ["[99] is not an entry"]
    text = home.ontology.read_text(encoding="utf-8")
    assert text.startswith("## 订单服务\n- 2026-10-06 从 MySQL 5.7") and "```" not in text
    prompt = openai_server.requests[-1]["messages"]
    assert "主题桶：订单服务、发布流程" in prompt[1]["content"]
    assert "[2] 2026-09-28 12:00 [fact] 【已翻转·勿引用】sprint 1 截止 2026-11-15。" in prompt[1]["content"]
    assert "最多 12 个节点" in prompt[0]["content"] and "⚠️ 冲突" in prompt[0]["content"]
    # the same reply again: unchanged, not written
    openai_server.reply(LLM_REPLY)
    assert memory_project(home, ["订单服务", "发布流程"], provider=_provider(openai_server)).changed is False


def test_llm_reply_without_nodes_falls_back_to_offline(upstream_home, openai_server):
    home = MemoryHome.resolve(upstream_home)
    openai_server.reply("抱歉，我无法完成。")
    result = memory_project(home, provider=_provider(openai_server))
    assert result.by == "fallback" and "no '## topic' node" in result.reason
    offline = project_offline(Memory(home).entries())
    assert result.nodes == [n.theme for n in offline]


def test_llm_http_error_falls_back_to_offline(upstream_home, openai_server):
    openai_server.fail(500)
    result = memory_project(MemoryHome.resolve(upstream_home), provider=_provider(openai_server))
    assert result.by == "fallback" and result.changed


def test_llm_more_than_max_nodes_keeps_every_line(upstream_home, openai_server):
    reply = "\n\n".join(f"## 主题{i}\n- 行 {i} [1]" for i in range(15))
    openai_server.reply(reply)
    home = MemoryHome.resolve(upstream_home)
    result = memory_project(home, provider=_provider(openai_server))
    assert len(result.nodes) == 12
    text = home.ontology.read_text(encoding="utf-8")
    assert all(f"- 行 {i} [1]" in text for i in range(15))


# -- aliases and topic-first retrieval ----------------------------------------------------------------
def test_alias_tables_come_from_workbench_json_and_overrides(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    home.config.write_text(json.dumps({"other": 1, "aliases": {"knowledge": {"Redis": "Redis"}}}), encoding="utf-8")
    assert load_aliases(home)["knowledge"] == {"redis": "Redis"}
    merged = load_aliases(home, {"rulesAliases": {"纪律": "判断纪律"}})
    assert merged["rules"] == {"纪律": "判断纪律"} and merged["memory"] == {}
    save_aliases(home, "memory", {"订单": "订单服务"})
    data = json.loads(home.config.read_text(encoding="utf-8"))
    assert data["other"] == 1 and data["aliases"]["memory"] == {"订单": "订单服务"}
    assert data["aliases"]["knowledge"] == {"Redis": "Redis"}
    with pytest.raises(InvalidInputError):
        save_aliases(home, "memory", {"订单": 3})


def test_alias_hits_come_first_under_the_spec_headers(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    save_aliases(home, "memory", {"订单": "订单服务"})
    save_aliases(home, "knowledge", {"redis": "Redis"})
    save_aliases(home, "rules", {"纪律": "判断纪律", "nothing": "没有这个主题"})
    result = topic_first(home, "订单服务 Redis 的纪律和端口")
    assert [(h.table, h.theme) for h in result.alias_hits] == [
        ("memory", "订单服务"), ("knowledge", "Redis"), ("rules", "判断纪律")]
    text = result.text
    order = [text.index(HEADERS["memory"]), text.index(HEADERS["knowledge"]), text.index(HEADERS["rules"]),
             text.index("订单服务 | 端口 | 8087 | #7")]
    assert order == sorted(order)
    assert result.entries and result.entries[0].body == "订单服务 | 端口 | 8087 | #7"
    assert text.split("\n\n---\n\n")[3] == "订单服务 | 端口 | 8087 | #7"


def test_no_alias_hit_is_pure_bm25(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    result = topic_first(home, "pnpm 版本")
    assert result.alias_hits == [] and result.text.startswith("用户偏好 **pnpm**")
    assert all(not e.is_wrong for e in topic_first(home, "sprint 截止").entries)


def test_knowledge_directory_fallback(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    folder = home.memory / "knowledge"
    folder.mkdir()
    (folder / "Kafka.md").write_text("分区数 12，保留 7 天。\n", encoding="utf-8")
    hits = alias_hits(home, "kafka 分区", {"knowledge": {"kafka": "Kafka"}})
    assert [(h.theme, h.body) for h in hits] == [("Kafka", "分区数 12，保留 7 天。")]
    # the current file wins over the older knowledge.md for the same theme
    home.knowledge_ontology.write_text("## Redis\n- 新的说法\n", encoding="utf-8")
    hits = alias_hits(home, "redis", {"knowledge": {"redis": "Redis"}})
    assert [h.body for h in hits] == ["- 新的说法"]


def test_mmr_removes_near_duplicate_hits(tmp_path):
    home = MemoryHome.resolve(tmp_path)
    home.ensure()
    home.warm.write_text("\n".join([
        _block("2026-10-01 10:00", "fact", "high", "支付网关 超时 设置 为 30 秒 重试 三次"),
        _block("2026-10-01 10:05", "fact", "high", "支付网关 超时 设置 为 30 秒 重试 三次 ！"),
        _block("2026-10-01 10:10", "fact", "high", "支付网关 回调 地址 在 配置 中心"),
    ]), encoding="utf-8")
    result = topic_first(home, "支付网关 超时")
    bodies = [e.body for e in result.entries]
    assert len(result.dropped) == 1 and len(bodies) == 2
    assert sum("超时" in b for b in bodies) == 1 and "支付网关 回调 地址 在 配置 中心" in bodies


def test_structured_entities_anchor_their_topic():
    entries = _entries(
        _block("2026-10-01 10:00", "event", "medium", "李想 | merged | PR #496 | checkout-api | Add tracing"),
        _block("2026-10-01 11:00", "fact", "high", "checkout-api | Go version | 1.23.9 | go.mod#1"),
        _block("2026-10-02 10:00", "event", "medium", "李想 | merged | PR #508 | ledger-worker | Add tracing"),
        _block("2026-10-02 11:00", "fact", "high", "ledger-worker | consumer concurrency | 4 | helm#2"),
        _block("2026-10-03 10:00", "event", "medium", "Tom | merged | PR #511 | checkout-api | Retry budget"),
    )
    nodes = {n.theme: n.body for n in project_offline(entries)}
    assert set(nodes) == {"checkout-api", "ledger-worker"}
    assert [line[-3:] for line in nodes["checkout-api"].splitlines()] == ["[1]", "[2]", "[5]"]
    assert [line[-3:] for line in nodes["ledger-worker"].splitlines()] == ["[3]", "[4]"]


def test_project_computes_what_memory_project_writes(upstream_home):
    from linghun.core.ontology import project

    home = MemoryHome.resolve(upstream_home)
    before = home.ontology.read_bytes()
    preview = project(Memory(home).entries(), ["订单服务"])
    assert home.ontology.read_bytes() == before and preview.by == "offline"
    memory_project(home, ["订单服务"])
    assert home.ontology.read_text(encoding="utf-8") == preview.text
