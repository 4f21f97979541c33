from pathlib import Path

import pytest

from linghun.core.errors import InvalidInputError
from linghun.core.formats.identity import identity_name, parse_identity

TEMPLATE = "名字：（你的名字或称呼）\n性格：\n沟通风格：\n其他：\n"


def test_fixture_fields(upstream_home):
    text = (Path(upstream_home) / "linghun/identity.md").read_text(encoding="utf-8")
    card = parse_identity(text)
    assert card.name == "简"
    assert card.as_dict() == {"名字": "简", "性格": "冷静、务实，先查证再下结论",
                              "沟通风格": "简短，先给结论再给依据", "其他": "- 方法论种子：实践→认识→再实践"}


def test_name_rule():
    assert identity_name(TEMPLATE) is None
    assert identity_name("# 卡片\n- 名字: Ada \n名字：Bob\n") == "Ada"
    assert identity_name("名字：（你的名字或称呼）\n名字：林\n") == "林"
    assert identity_name("") is None


def test_update_field_keeps_every_other_byte(upstream_home):
    text = (Path(upstream_home) / "linghun/identity.md").read_text(encoding="utf-8")
    card = parse_identity(text)
    out = card.with_field("性格", "热情").render()
    assert out == text.replace("冷静、务实，先查证再下结论", "热情")
    out = card.with_field("其他", "- 一\n- 二").render()
    assert out.endswith("其他：- 一\n- 二\n")
    assert out.startswith("名字：简\n性格：冷静")


def test_ascii_colon_kept_and_missing_field_added():
    text = "名字: A\n\n性格: calm\n"
    card = parse_identity(text)
    assert card.get("名字") == "A"
    assert card.with_field("名字", "B").render() == "名字: B\n\n性格: calm\n"
    assert card.with_field("沟通风格", "短").render() == "名字: A\n\n性格: calm\n沟通风格：短\n"
    assert parse_identity("no newline").with_field("名字", "X").render() == "no newline\n名字：X\n"
    with pytest.raises(InvalidInputError):
        card.with_field("年龄", "3")


def test_update_field_function_and_template():
    from linghun.core.formats.identity import update_field

    out = update_field(TEMPLATE, "名字", "简")
    assert out == "名字：简\n性格：\n沟通风格：\n其他：\n"
    assert identity_name(out) == "简"
    assert update_field(out, "性格", "冷静") == "名字：简\n性格：冷静\n沟通风格：\n其他：\n"
