"""The next process takes warm.md's parse from the cache folder instead of parsing 10k entries again,
and never anything but what parsing the file gives."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

from linghun.core import home_cache, memory as memory_module, warm_cache
from linghun.core.formats import warm as warm_format
from linghun.core.formats.warm import parse_warm
from linghun.core.memory import Memory
from tests.perf.synth import make_home


def _as_new_process(monkeypatch) -> list[str]:
    """Forget every parse this process holds, and count the entries parsed from here on."""
    monkeypatch.setattr(memory_module, "_PARSED", {})
    parsed: list[str] = []
    real = warm_format._parse_block
    monkeypatch.setattr(warm_format, "_parse_block", lambda raw, n, seen: parsed.append(raw) or real(raw, n, seen))
    return parsed


def _fields(doc) -> list[tuple]:
    return [(e.id, e.n, e.stamp, e.kind, e.confidence, e.body, e.last_access, e.raw) for e in doc.entries]


def _check(home, monkeypatch) -> list[str]:
    parsed = _as_new_process(monkeypatch)
    doc = Memory(home).document()
    parsed = list(parsed)  # what the Memory parsed, not the checks below
    text = home.warm.read_text(encoding="utf-8")
    assert doc.render() == text and doc.preamble == parse_warm(text).preamble
    assert _fields(doc) == _fields(parse_warm(text))
    return parsed


def test_the_next_process_takes_the_saved_parse_and_after_an_append_parses_only_the_new_end(tmp_path, monkeypatch):
    home = make_home(tmp_path / "dsh", 300)
    assert len(_check(home, monkeypatch)) == 300  # the first process parses, and saves
    decoded = []
    real = memory_module.decode_utf8
    monkeypatch.setattr(memory_module, "decode_utf8", lambda path, raw: decoded.append(path) or real(path, raw))
    assert _check(home, monkeypatch) == []  # the next one parses nothing
    assert decoded == []  # nor decodes warm.md: the parse saved for its bytes is taken whole
    with home.warm.open("a", encoding="utf-8") as f:  # the agent appends, in another process
        f.write("\n## 2026-11-30 10:00 [fact] high\n\n灯塔项目 | 端口 | 7421\n")
    assert len(_check(home, monkeypatch)) == 2  # the last entry (its separator changed) and the new one
    assert _check(home, monkeypatch) == []


def test_an_edit_anywhere_gives_the_parse_of_the_file(tmp_path, monkeypatch):
    home = make_home(tmp_path / "dsh", 120)
    _check(home, monkeypatch)
    rng = random.Random(7)
    for _ in range(6):
        text = home.warm.read_text(encoding="utf-8")
        blocks = text.split("\n## ")
        i = rng.randrange(1, len(blocks))
        op = rng.choice(["edit", "drop", "flip"])
        if op == "edit":
            blocks[i] = blocks[i].rstrip("\n") + " 改过\n"
        elif op == "drop":
            del blocks[i]
        else:
            blocks[i] = blocks[i].replace("] high", "] wrong", 1)
        home.warm.write_text("\n## ".join(blocks), encoding="utf-8")
        _check(home, monkeypatch)


@pytest.mark.parametrize("damage", ["garbage", "other-version", "other-parser", "wrong-types", "a-body-of-none", "a-confidence-number",
                                    "a-column-short", "other-text",
                                    "other-bytes"])
def test_a_damaged_or_foreign_saved_parse_is_not_trusted(tmp_path, monkeypatch, damage):
    home = make_home(tmp_path / "dsh", 50)
    _check(home, monkeypatch)
    saved = warm_cache._file(home.warm)
    value = home_cache.load(saved)
    if damage == "garbage":
        saved.write_bytes(b"\x01\x02 not a parse")
    else:
        columns = dict(zip(warm_cache.COLUMNS, value["columns"]))
        if damage == "other-version":
            value["version"] = warm_cache.VERSION + 1
        elif damage == "other-parser":  # saved by a parser that gave other entries for the same text
            value["parse"] = warm_format.PARSE_VERSION + 1
        elif damage == "wrong-types":
            columns["kind"][3] = 2
        elif damage == "a-body-of-none":  # None only where a field may be missing
            columns["body"][3] = None
        elif damage == "a-confidence-number":
            columns["confidence"][7] = 3
        elif damage == "a-column-short":
            del columns["raw"][9]
        elif damage == "other-bytes":  # saved for another warm.md
            value["sha256"] = "0" * 64
        else:  # an entry whose fields say something its text does not
            columns["body"][5] = "改写的内容"
            columns["raw"][5] += "x"
        home_cache.save(saved, value)
    parsed = _check(home, monkeypatch)
    assert parsed  # parsed again (whole, or from the entry that no longer fits)
    assert _check(home, monkeypatch) == []  # and saved whole again


def test_after_an_append_by_another_process_the_next_takes_the_parse_it_saved(tmp_path, monkeypatch):
    """The writer saves the parse of what it wrote when it ends: the agent's next command parses nothing."""
    home = make_home(tmp_path / "dsh", 200)
    _check(home, monkeypatch)
    subprocess.run([sys.executable, "-m", "linghun.core", "append", "fact", "灯塔项目 | 端口 | 7421",
                    "--home", str(home.dsh_home)], check=True, capture_output=True)
    assert _check(home, monkeypatch) == []
    assert Memory(home).entries()[-1].body == "灯塔项目 | 端口 | 7421"


def test_a_writer_keeps_only_the_homes_it_wrote_last_and_saves_none_that_is_gone(tmp_path, monkeypatch):
    """The parses kept for the process's end: the last few homes written (a test run writes
    thousands), and nothing is saved for a home removed meanwhile."""
    monkeypatch.setattr(warm_cache, "_WRITTEN", type(warm_cache._WRITTEN)())
    homes = [make_home(tmp_path / f"dsh{i}", 20) for i in range(warm_cache.KEEP_WRITTEN + 2)]
    for home in homes:
        Memory(home).append("fact", f"灯塔项目 | 端口 | {home.root.parent.name}")
    assert list(warm_cache._WRITTEN) == [h.warm for h in homes[-warm_cache.KEEP_WRITTEN:]]
    gone = homes[-1]
    gone.warm.unlink()
    before = warm_cache._file(gone.warm).stat().st_mtime_ns  # what its first read saved
    warm_cache.save_written()
    assert not warm_cache._WRITTEN
    assert warm_cache._file(gone.warm).stat().st_mtime_ns == before
    assert _check(homes[-2], monkeypatch) == []  # saved: the next process parses nothing
