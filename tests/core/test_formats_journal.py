from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.errors import InvalidInputError
from linghun.core.formats.journal import (filter_window, format_index, format_turn, normalise_bound,
                                  parse_journal)


def test_fixture_turns(upstream_home):
    text = (Path(upstream_home) / "linghun/memory/journal/2026-10-07.md").read_text(encoding="utf-8")
    day = parse_journal(text)
    assert day.preamble == ""
    assert [t.stamp for t in day.turns] == ["2026-10-07 11:28:41", "2026-10-07 15:02:10"]
    assert day.turns[0].user == "订单服务现在跑在哪个端口？"
    assert day.turns[0].assistant.startswith("订单服务的端口是 8087")
    assert day.turns[1].raw.startswith("\n2026-10-07 15:02:10\n")


def test_format_turn_appends_and_reads_back():
    text = "前言\n" + format_turn("2026-10-07 09:00:00", "你好\n第二行", "在")
    assert format_turn("2026-10-07 09:00:00", "u", "a") == "\n2026-10-07 09:00:00\n用户：u\n助手：a\n"
    text += format_turn("2026-10-07 10:00:00", "2026-10-07 11:00:00", "ok")
    day = parse_journal(text)
    assert day.preamble == "前言\n"
    assert len(day.turns) == 2, "a stamp-like line inside a turn must not split it"
    assert day.turns[0].user == "你好\n第二行"
    assert day.turns[1].user.strip() == "2026-10-07 11:00:00"
    with pytest.raises(InvalidInputError):
        format_turn("2026-10-07 09:00", "u", "a")


def test_stamp_must_be_alone_on_its_line():
    text = "\n2026-10-07 11:28:41 trailing\n用户：x\n"
    assert parse_journal(text).turns == []
    text = "2026-10-07 11:28:41\n用户：x\n\n2026-10-07 11:29:41\r\n用户：y\n"
    day = parse_journal(text)
    assert [t.user for t in day.turns] == ["x", "y"]
    assert day.render() == text


def test_window_inclusive_with_short_bounds():
    text = "".join(format_turn(s, "u", "a") for s in (
        "2026-10-06 23:59:59", "2026-10-07 00:00:00", "2026-10-07 11:28:41", "2026-10-07 11:29:00",
        "2026-10-08 00:00:00"))
    turns = parse_journal(text).turns
    stamps = lambda ts: [t.stamp for t in ts]  # noqa: E731
    assert stamps(filter_window(turns, "2026-10-07", "2026-10-07")) == [
        "2026-10-07 00:00:00", "2026-10-07 11:28:41", "2026-10-07 11:29:00"]
    assert stamps(filter_window(turns, "2026-10-07 11:28", "2026-10-07 11:28")) == ["2026-10-07 11:28:41"]
    assert stamps(filter_window(turns, "2026-10-07 11:28:41", None)) == [
        "2026-10-07 11:28:41", "2026-10-07 11:29:00", "2026-10-08 00:00:00"]
    assert len(filter_window(turns)) == 5
    assert normalise_bound("2026-10-07T08:00", end=True) == "2026-10-07 08:00:59"
    with pytest.raises(InvalidInputError):
        filter_window(turns, "yesterday")
    with pytest.raises(InvalidInputError):
        filter_window(turns, "2026-10-08", "2026-10-07")


def test_index_lines():
    assert format_index({"2026-10-06": 3, "2026-10-07": 2}) == "- 2026-10-06（3 条流水）\n- 2026-10-07（2 条流水）"
    assert format_index([]) == ""


said = st.lists(st.sampled_from(["x", "中文", "\n", "\r\n", " ", "2026-10-07 11:28:41", "用户：", "## "]),
                max_size=12).map("".join)


@settings(max_examples=200, deadline=None)
@given(user=said, assistant=said)
def test_a_formatted_turn_always_reads_back_as_one_turn(user, assistant):
    text = "\n2026-10-07 09:00:00\n用户：a\n助手：b\n" + format_turn("2026-10-07 10:00:00", user, assistant)
    day = parse_journal(text)
    assert [t.stamp for t in day.turns] == ["2026-10-07 09:00:00", "2026-10-07 10:00:00"]
    assert day.render() == text
