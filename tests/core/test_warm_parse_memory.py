"""warm.md's parse keeps what every entry repeats as one object (memory at 100k entries)."""
from __future__ import annotations

from linghun.core.formats.warm import parse_warm
from tests.perf.synth import warm_text


def test_kind_confidence_and_a_last_access_equal_to_the_stamp_are_shared():
    entries = parse_warm(warm_text(50)).entries
    facts = [e for e in entries if e.kind == "fact"]
    assert len(facts) > 2 and all(e.kind is facts[0].kind for e in facts)
    highs = [e for e in entries if e.confidence == "high"]
    assert len(highs) > 2 and all(e.confidence is highs[0].confidence for e in highs)
    assert all(e.last_access is e.stamp for e in entries)  # synth writes last_access = stamp
    # and the text is the same as ever: every byte in an entry, rendered back identically
    assert "".join(e.raw for e in entries) == warm_text(50)


def test_a_last_access_other_than_the_stamp_is_its_own():
    doc = parse_warm("## 2026-01-02 10:00 [fact] high\n\nx | y | z\n<!-- last_access: 2026-02-03 09:00 -->\n")
    (e,) = doc.entries
    assert e.stamp == "2026-01-02 10:00" and e.last_access == "2026-02-03 09:00" and e.confidence == "high"
