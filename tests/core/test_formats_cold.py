from pathlib import Path

import pytest

from linghun.core.errors import InvalidInputError
from linghun.core.formats.cold import append_section, brief, parse_cold, render_section


def test_fixture_section(upstream_home):
    text = (Path(upstream_home) / "linghun/memory/cold.md").read_text(encoding="utf-8")
    doc = parse_cold(text)
    (sec,) = doc.sections
    assert (sec.day, sec.count, sec.archive) == ("2026-09-26", 3, "episodic/2026-09-26.md")
    assert [(i.confidence, i.brief) for i in sec.items] == [
        ("high", "项目代号 Alpha，仓库 monorepo，主分支 main。"),
        ("medium", "用户每周一上午开站会。"),
        ("low", "可能要在十月底前切换到新的 CI 平台。"),
    ]


def test_unknown_text_is_kept_and_surfaced():
    text = "手写前言\n## 随便\n内容\n## 2026-10-01 沉淀（1 条）\n- x\n杂项\n（全文见 episodic/2026-10-01.md）\n"
    doc = parse_cold(text)
    assert doc.preamble == "手写前言\n"
    assert not doc.sections[0].known and doc.sections[0].other_lines == ["## 随便", "内容"]
    assert doc.sections[1].other_lines == ["杂项"]
    assert doc.days() == ["2026-10-01"]
    assert doc.render() == text


def test_brief_rule():
    assert brief("\n\n  第一行   有  空白 \n第二行") == "第一行 有 空白"
    assert brief("x" * 80) == "x" * 60
    assert brief("") == ""


def test_render_section_spec_form_and_append_only(upstream_home):
    sec = render_section("2026-10-09", [("high", "订单服务 | 端口 | 8087"), ("wrong", "旧"),
                                        (None, "默认中等"), ("medium", "中等"), ("low", "可能"),
                                        ("weird", "未知置信度")])
    assert sec == ("## 2026-10-09 沉淀（5 条）\n- [high] 订单服务 | 端口 | 8087\n- 默认中等\n- 中等\n"
                   "- [low] 可能\n- 未知置信度\n（全文见 episodic/2026-10-09.md）\n")
    old = (Path(upstream_home) / "linghun/memory/cold.md").read_text(encoding="utf-8")
    new = append_section(old, sec)
    assert new == old + "\n" + sec
    assert new.count("## 2026-09-26 沉淀") == 1, "old text is never re-appended"
    assert parse_cold(new).days() == ["2026-09-26", "2026-10-09"]
    assert append_section("", sec) == sec
    assert append_section("x", sec) == "x\n\n" + sec
    with pytest.raises(InvalidInputError):
        render_section("today", [])
