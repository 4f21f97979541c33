from pathlib import Path

import pytest

from linghun.core.errors import InvalidInputError
from linghun.core.formats.episodic import parse_episodic, render_append

WARM = "## 2026-10-08 09:00 [rule] high\n\n先跑迁移。\n<!-- last_access: 2026-10-08 09:00 -->\n"


def test_fixture_sections(upstream_home):
    text = (Path(upstream_home) / "linghun/memory/episodic/2026-09-26.md").read_text(encoding="utf-8")
    day = parse_episodic(text)
    assert day.preamble == ""
    (sec,) = day.sections
    assert sec.hhmm == "21:40"
    assert sec.text.startswith("## 2026-09-25 10:00 [fact] high\n")
    assert sec.text.count("## 2026-") == 3, "warm headers inside an archive are not split points"


def test_append_never_overwrites(upstream_home):
    text = (Path(upstream_home) / "linghun/memory/episodic/2026-09-26.md").read_text(encoding="utf-8")
    assert render_append("22:05", WARM) == "\n## 22:05\n\n" + WARM
    new = text + render_append("22:05", WARM)
    day = parse_episodic(new)
    assert [s.hhmm for s in day.sections] == ["21:40", "22:05"]
    assert day.sections[1].text == WARM
    assert day.render() == new
    first = parse_episodic(render_append("08:00", WARM))
    assert first.preamble == "" and first.sections[0].text == WARM


def test_unknown_text_before_sections_is_kept():
    text = "手写说明\n" + render_append("08:00", "x\n")
    day = parse_episodic(text)
    assert day.preamble == "手写说明\n"
    assert day.render() == text
    assert parse_episodic("no sections").sections == []
    with pytest.raises(InvalidInputError):
        render_append("8h", WARM)
