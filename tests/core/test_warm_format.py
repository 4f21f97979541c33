"""warm.md parsing and rendering (SPEC 3)."""
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from linghun.core.formats.warm import (
    LOW_TAG, WRONG_TAG, WarmDocument, _normalise_by_lines, append_entry, compute_dedupe_keys, content_ids,
    injection_order, is_near_duplicate, join_fields, new_entry, normalise_for_dedupe, parse_warm, parse_warm_after,
)

SPEC_EXAMPLE = "## 2026-09-27 10:00 [fact] high\n\nsprint 1 截止 2026-03-29。\n<!-- last_access: 2026-09-27 10:00 -->\n"


def test_spec_example_fields_and_round_trip():
    doc = parse_warm(SPEC_EXAMPLE)
    assert doc.render() == SPEC_EXAMPLE
    (e,) = doc.entries
    assert (e.stamp, e.kind, e.confidence, e.body, e.last_access) == (
        "2026-09-27 10:00", "fact", "high", "sprint 1 截止 2026-03-29。", "2026-09-27 10:00")


def test_fixture_round_trip_and_kinds(upstream_home):
    path = upstream_home / "linghun/memory/warm.md"
    raw = path.read_bytes()
    doc = parse_warm(raw.decode())
    assert doc.render().encode() == raw
    entries = doc.numbered()
    assert [e.n for e in entries] == list(range(1, 11))
    by_kind = {e.kind: e.ontology_kind for e in entries}
    assert by_kind["decision"] == "rule" and by_kind["preference"] == "rule"
    assert by_kind["experience"] == "event" and by_kind["identity"] == "fact"
    missing = [e for e in entries if e.confidence is None]
    assert missing and all(e.effective_confidence == "medium" for e in missing)
    bare = entries[-1]
    assert bare.stamp == "2026-10-09" and bare.last_access is None
    assert entries[1].is_wrong and entries[1].display_text.startswith(WRONG_TAG)
    assert entries[3].display_text.startswith(LOW_TAG)


def test_heading_inside_body_never_splits_or_loses_text():
    body = "step one\n## not a header, just text\nstep two"
    e = new_entry("2026-10-01 09:00", "rule", "high", body)
    assert "\n\\## not a header" in e.raw  # escaped for the upstream splitter
    doc = parse_warm(e.raw)
    assert len(doc.entries) == 1 and doc.entries[0].body == body
    # a file written by someone else with a non-header "## " line keeps it in the body
    foreign = SPEC_EXAMPLE.replace("。\n", "。\n## 小结\n")
    doc = parse_warm(foreign)
    assert len(doc.entries) == 1 and "## 小结" in doc.entries[0].body and doc.render() == foreign


def test_edit_renders_canonically_and_keeps_separator():
    text = SPEC_EXAMPLE + "\n" + SPEC_EXAMPLE.replace("high", "low")
    doc = parse_warm(text)
    doc.entries[0] = doc.entries[0].with_changes(confidence="medium")
    out = doc.render()
    assert out.startswith("## 2026-09-27 10:00 [fact] medium\n\n") and out.count("## 2026") == 2
    assert parse_warm(out).entries[1].raw == parse_warm(text).entries[1].raw


def test_append_entry_separates_blocks():
    doc = parse_warm("## 2026-10-09\n\n旧条目。")
    append_entry(doc, new_entry("2026-10-10 10:00", "fact", "high", "新条目"))
    out = doc.render()
    assert "旧条目。\n\n## 2026-10-10 10:00 [fact] high\n\n新条目\n" in out
    assert [e.body for e in parse_warm(out).entries] == ["旧条目。", "新条目"]


def test_near_duplicate_rule_boundaries():
    assert is_near_duplicate("用户偏好 **pnpm**", "用户偏好 pnpm")
    short = "abcdefghij"  # 10 characters
    assert is_near_duplicate(short, short + "x" * 8)       # 18 <= 1.8 x 10
    assert not is_near_duplicate(short, short + "x" * 9)   # 19 > 18
    assert not is_near_duplicate("abc", "xyz")


def test_join_fields_for_structured_kinds():
    assert join_fields("fact", {"entity": "订单服务", "attribute": "端口", "value": "8087", "source": "#7"}) == "订单服务 | 端口 | 8087 | #7"
    assert join_fields("event", ["用户", "迁移", "数据库"]) == "用户 | 迁移 | 数据库"


def test_injection_order():
    mk = lambda stamp, conf, la: new_entry(stamp, "fact", conf, stamp, la)  # noqa: E731
    doc = WarmDocument("", [mk("2026-01-02 00:00", "high", "2026-01-01 00:00"),
                            mk("2026-01-01 00:00", "medium", "2026-03-01 00:00"),
                            mk("2026-01-03 00:00", "wrong", "2026-05-01 00:00"),
                            mk("2026-01-04 00:00", "low", "2026-06-01 00:00"),
                            mk("2026-01-05 00:00", "high", "2025-01-01 00:00"),
                            mk("2026-01-06 00:00", "medium", "2026-04-01 00:00")])
    order = [e.stamp[:10] for e in injection_order(doc.entries)]
    assert order == ["2026-01-02", "2026-01-05", "2026-01-06", "2026-01-01", "2026-01-04"]


_lines = st.lists(st.sampled_from([
    "## 2026-09-27 10:00 [fact] high", "## 2026-10-09", "## 2026-10-09 [rule]", "## not a header",
    "<!-- last_access: 2026-09-27 10:00 -->", "", "正文 | 字段 | 值", "\\## escaped", "text\r", "  ",
]) | st.text(max_size=30), max_size=40)


@settings(max_examples=300, deadline=None)
@given(_lines, st.booleans())
def test_fuzz_parse_never_raises_and_round_trips(lines, trailing):
    text = "\n".join(lines) + ("\n" if trailing else "")
    doc = parse_warm(text)
    assert doc.render() == text
    for e in doc.entries:  # re-rendering an edited entry parses back to the same fields
        edited = e.with_changes(body=e.body + "\n补充")
        again = parse_warm(edited.raw).entries
        assert len(again) == 1 and again[0].body == (e.body + "\n补充").strip("\r\n")


@settings(max_examples=400, deadline=None)
@given(_lines, _lines, st.integers(min_value=0, max_value=40), st.booleans())
def test_a_parse_after_an_earlier_one_equals_a_parse_of_the_whole_text(before, after, keep, trailing):
    """``parse_warm_after`` reuses the entries an earlier text began with: for any change (an
    append, an edit at the end or in the middle, a repeated entry) it gives what ``parse_warm`` does."""
    old_text = "\n".join(before) + ("\n" if trailing else "")
    new_text = "\n".join(before[:keep] + after) + ("\n" if trailing else "")
    previous = parse_warm(old_text)
    assert parse_warm_after(new_text, previous) == parse_warm(new_text)
    assert parse_warm_after(old_text + "\n## 2026-09-27 10:00 [fact] high\n\n正文 | 字段 | 值\n", previous) \
        == parse_warm(old_text + "\n## 2026-09-27 10:00 [fact] high\n\n正文 | 字段 | 值\n")


def test_a_parse_after_an_append_keeps_the_earlier_entries_and_numbers_a_repeat():
    block = "## 2026-09-27 10:00 [fact] high\n\n网关 | 超时 | 30s\n"
    old = parse_warm(block + "\n" + block.replace("30s", "45s"))
    new = parse_warm_after(old.render() + "\n" + block, old)
    assert new.entries[0] is old.entries[0]  # kept as it was, not parsed again
    assert new == parse_warm(old.render() + "\n" + block)
    assert new.entries[2].id == new.entries[0].id + ".2"  # the same stamp, kind and body again


@settings(max_examples=200, deadline=None)
@given(_lines, st.integers(min_value=0, max_value=3))
def test_the_ids_of_a_writer_s_entries_are_those_parsing_gives(lines, repeats):
    """``content_ids`` (what a writer saves for the next process) gives every entry the id the
    parse gives it, repeats of one stamp, kind and body numbered too, whatever ids they had."""
    block = "## 2026-09-27 10:00 [fact] high\n\n网关 | 超时 | 30s\n"
    text = "\n".join(lines) + ("\n" + block) * repeats
    doc = parse_warm(text)
    renamed = [replace(e, id=f"e{i}") for i, e in enumerate(doc.entries)]  # ids of a process, not of content
    assert content_ids(renamed) == [e.id for e in doc.entries]


# what normalising treats apart: header and last_access lines, line breaks of every kind (splitlines'
# own), whitespace, the characters dropped, case
_BODY_PIECES = st.sampled_from([
    "## 2026-09-27 10:00 [fact] high", "## 2026-09-27", "## ", "<!-- last_access: 2026-09-27 10:00 -->",
    "<!-- last_access", "\n", "\r", "\r\n", "\x1c", "\x1e", "\x85", "\u2028", "\x0b", "\x0c", " ", "\t",
    "\u3000", "\xa0", "*", "`", "ΑΣ", "İ", "订单服务", "Port", "8080", "|",
])


@settings(max_examples=500, deadline=None)
@given(st.lists(_BODY_PIECES | st.text(max_size=4), max_size=10).map("".join))
def test_dedupe_key_without_a_line_to_drop_is_the_line_by_line_key(body):
    assert normalise_for_dedupe(body) == _normalise_by_lines(body)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_BODY_PIECES | st.text(max_size=4), max_size=8).map("".join), max_size=8))
def test_dedupe_keys_computed_together_are_each_body_s_own(bodies):
    """Normalised joined (one lowercasing for all, a final sigma at a body's end included), each
    key is what normalising the body alone gives; a key already computed is kept."""
    entries = [new_entry("2026-09-27 10:00", "fact", "high", b or "x") for b in bodies]
    if entries:
        entries[0].dedupe_key  # computed already: kept as it is
    compute_dedupe_keys(entries)
    assert [vars(e)["dedupe_key"] for e in entries] == [normalise_for_dedupe(e.body) for e in entries]
