from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.errors import InvalidInputError
from linghun.core.formats.nodes import (Node, append_rule, node_date, parse_nodes, render_nodes,
                                rules_in)

ONTOLOGY = """## 订单服务
- 2026-10-06 从 MySQL 5.7 迁到 PostgreSQL 15，停机 40 分钟 [7]
- 端口 8087 [8]
<!-- theme: 订单服务 -->

## 发布流程
- 发布前必须跑完整回归测试 [3]
"""


def test_nodes_theme_body_comments_and_date():
    doc = parse_nodes(ONTOLOGY)
    assert [n.theme for n in doc.nodes] == ["订单服务", "发布流程"]
    first = doc.find("订单服务")
    assert first.comments == ["<!-- theme: 订单服务 -->"]
    assert first.body.endswith("端口 8087 [8]")
    assert node_date(first) == "2026-10-06"
    assert node_date(doc.find("发布流程")) is None
    assert doc.find("nope") is None


def test_preamble_survives_and_edits_touch_only_their_node():
    text = "# 标题\n前言\n\n" + ONTOLOGY
    doc = parse_nodes(text)
    assert doc.preamble == "# 标题\n前言\n\n"
    doc.append_to("发布流程", "- 发布后观察 30 分钟")
    out = doc.render()
    assert out.startswith("# 标题\n前言\n\n## 订单服务\n- 2026-10-06")
    assert out.endswith("- 发布前必须跑完整回归测试 [3]\n- 发布后观察 30 分钟\n")
    # the untouched node is byte-identical
    assert parse_nodes(out).nodes[0].raw == parse_nodes(text).nodes[0].raw


def test_append_to_keeps_comments_last_and_creates_missing_node():
    doc = parse_nodes(ONTOLOGY)
    doc.append_to("订单服务", "- 连接池 50")
    doc.append_to("新主题", "- 第一行")
    out = doc.render()
    assert "- 端口 8087 [8]\n- 连接池 50\n<!-- theme: 订单服务 -->\n\n## 发布流程" in out
    assert out.endswith("- 发布前必须跑完整回归测试 [3]\n\n## 新主题\n- 第一行\n")
    assert [n.theme for n in parse_nodes(out).nodes] == ["订单服务", "发布流程", "新主题"]


def test_heading_line_inside_added_text_is_escaped_so_the_node_stays_whole():
    doc = parse_nodes(ONTOLOGY)
    doc.append_to("发布流程", "## 不是新节点")
    again = parse_nodes(doc.render())
    assert [n.theme for n in again.nodes] == ["订单服务", "发布流程"]
    assert again.find("发布流程").body.endswith("\n## 不是新节点"), "the body reads unescaped"
    assert "\n\\## 不是新节点" in doc.render()


def test_replace_and_remove():
    doc = parse_nodes(ONTOLOGY)
    doc.replace_node("订单服务", "- 端口 9090")
    assert parse_nodes(doc.render()).find("订单服务").body == "- 端口 9090"
    assert parse_nodes(doc.render()).find("订单服务").comments == ["<!-- theme: 订单服务 -->"]
    doc.replace_node("订单服务", new_theme="订单")
    assert doc.find("订单") is not None and doc.find("订单服务") is None
    removed = doc.remove("发布流程")
    assert removed.theme == "发布流程"
    assert doc.remove("发布流程") is None
    assert doc.render().endswith("<!-- theme: 订单服务 -->\n")
    with pytest.raises(InvalidInputError):
        doc.append_to("  ", "x")
    with pytest.raises(InvalidInputError):
        doc.append_to("订单", "\n\n")


def test_render_nodes_canonical_drops_empty_nodes():
    nodes = [Node("a", "line 1\nline 2"), Node("empty", "  \n"), Node("b", "x", ["<!-- kind: topic -->"])]
    assert render_nodes(nodes) == "## a\nline 1\nline 2\n\n## b\nx\n<!-- kind: topic -->\n"
    assert render_nodes([]) == ""
    assert render_nodes(parse_nodes(ONTOLOGY).nodes) == ONTOLOGY


def test_append_rule_spec_format(upstream_home):
    text = (Path(upstream_home) / "linghun/memory/rules.md").read_text(encoding="utf-8")
    new, changed = append_rule(text, "上线前  检查监控", "2026-11-01")
    assert changed
    assert new.startswith(text.rstrip("\n"))
    assert new.endswith("- 改数据库结构前先在 staging 跑迁移脚本（2026-10-08）\n- 上线前 检查监控（2026-11-01）\n")
    new2, changed2 = append_rule(new, "上线前检查监控", "2026-11-02")
    assert (new2, changed2) == (new, False)
    # an existing rule under another topic is the same rule
    assert append_rule(text, "查证纪律：具体数值/事实先查证冷储", "2026-11-01") == (text, False)
    topic, _ = append_rule(text, "每周复盘", "2026-11-01", topic="复盘")
    assert topic.endswith("\n\n## 复盘\n- 每周复盘（2026-11-01）\n")
    assert ("复盘", "每周复盘", "2026-11-01") in rules_in(parse_nodes(topic))


def test_append_rule_to_empty_file_and_bad_input():
    assert append_rule("", "先查证", "2026-11-01") == ("## 经验规则\n- 先查证（2026-11-01）\n", True)
    with pytest.raises(InvalidInputError):
        append_rule("", "  ", "2026-11-01")
    with pytest.raises(InvalidInputError):
        append_rule("", "x", "11/01")


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet="## \n中ab-<!>:", max_size=60), line=st.text(alphabet="# \nab中", max_size=15))
def test_append_to_never_loses_other_nodes(text, line):
    doc = parse_nodes(text)
    before = [(n.theme, n.body) for n in doc.nodes]
    if not line.strip():
        return
    doc.append_to("目标", line)
    after = parse_nodes(doc.render())
    themes = [n.theme for n in after.nodes]
    assert "目标" in themes
    for theme, body in before:
        if theme != "目标":
            assert any(n.theme == theme for n in after.nodes)
