"""Every format parses any text without raising and renders it back byte for byte.

The texts are built from the pieces that matter to the parsers (headers, stamps, speaker labels,
comments, CR/LF, CJK) so that hypothesis reaches the edge cases quickly.
"""
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.formats.cold import parse_cold
from linghun.core.formats.episodic import parse_episodic
from linghun.core.formats.identity import parse_identity
from linghun.core.formats.journal import parse_journal
from linghun.core.formats.nodes import parse_nodes

PIECES = [
    "## ", "##", "\n", "\r\n", "\n\n", " ", "\t", "x", "中文", "（", "）", "[high] ", "- ",
    "2026-10-07 11:28:41", "2026-10-07", "21:40", "## 21:40", "用户：", "助手：", "用户:", "名字：",
    "名字:", "性格：", "其他：", "（你的名字或称呼）", "<!-- theme: t -->", "<!-- kind: topic -->",
    "沉淀（3 条）", "（全文见 episodic/2026-10-07.md）", "\\## ", "\x00", "🙂",
]
markdownish = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=5)), max_size=40).map("".join)

PARSERS = {
    "nodes": parse_nodes,
    "journal": parse_journal,
    "cold": parse_cold,
    "episodic": parse_episodic,
    "identity": parse_identity,
}


@pytest.mark.parametrize("kind", sorted(PARSERS))
@settings(max_examples=300, deadline=None)
@given(text=markdownish)
def test_any_text_round_trips(kind, text):
    assert PARSERS[kind](text).render() == text


FIXTURE_FILES = {
    "nodes": ["memory/ontology.md", "memory/knowledge.md", "memory/rules.md", "memory/warm.md",
              "memory/cold.md", "memory/episodic/2026-09-26.md"],
    "journal": ["memory/journal/2026-10-07.md", "memory/warm.md"],
    "cold": ["memory/cold.md", "memory/ontology.md"],
    "episodic": ["memory/episodic/2026-09-26.md", "memory/warm.md"],
    "identity": ["identity.md", "memory/rules.md"],
}


@pytest.mark.parametrize("kind,rel", [(k, r) for k, rels in FIXTURE_FILES.items() for r in rels])
def test_fixture_files_round_trip(upstream_home, kind, rel):
    path = Path(upstream_home) / "linghun" / rel
    text = path.read_bytes().decode("utf-8")
    assert PARSERS[kind](text).render() == text
