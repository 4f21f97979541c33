"""One searcher per home, following warm.md as it changes, with tokens cached per home."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from linghun.core import home_index
from linghun.core.assembler.retriever import ASSEMBLER_SEARCH, warm_pool, warm_up
from linghun.core.formats.warm import parse_warm
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.perf.synth import make_home

ROOT = Path(__file__).resolve().parents[2]


def test_an_unchanged_entry_keeps_its_id_when_parsed_again():
    text = "## 2026-01-01 10:00 [fact] high\n\na | b | c\n\n## 2026-01-02 [rule]\n\n先备份。\n\n## 2026-01-02 [rule]\n\n先备份。\n"
    first, again = parse_warm(text), parse_warm(text.replace("[fact] high", "[fact] low"))
    assert [e.id for e in first.entries] == [e.id for e in again.entries]
    assert len({e.id for e in first.entries}) == 3  # a repeated entry gets an id of its own
    edited = parse_warm(text.replace("a | b | c", "a | b | d"))
    assert edited.entries[0].id != first.entries[0].id and edited.entries[1:] == first.entries[1:]


def _search(home, query):
    pool = warm_pool(Memory(home))
    with home_index.searching(home.root, pool.units, ASSEMBLER_SEARCH) as searcher:
        return searcher, [pool.by_id[h.id].body for h in searcher.search(query, 5)]


def test_every_reader_shares_one_searcher_that_follows_appends_from_another_process(tmp_path):
    home = make_home(tmp_path / "dsh", 300)
    first, _ = _search(home, "订单服务")
    second, _ = _search(home, "缓存")  # another Memory, as each round makes
    assert second is first
    subprocess.run([sys.executable, "-m", "linghun.core", "append", "fact", "灯塔项目 | 端口 | 7421 | #cli",
                    "--home", str(home.dsh_home)], cwd=ROOT, check=True, capture_output=True)
    after, bodies = _search(home, "灯塔项目 端口")
    assert after is first  # changed in place, not rebuilt
    assert bodies[0] == "灯塔项目 | 端口 | 7421 | #cli"
    memory = Memory(home)
    memory.edit_entry(memory.resolve("灯塔项目").id, confidence="wrong")  # flipped, as the workbench does
    _, bodies = _search(home, "灯塔项目 端口")
    assert "灯塔项目 | 端口 | 7421 | #cli" not in bodies  # a flipped entry is no candidate


def test_reopening_a_home_reads_its_tokens_from_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGHUN_CACHE_DIR", str(tmp_path / "cache"))
    home = make_home(tmp_path / "dsh", 400)
    home_index.forget()
    warm_up(Memory(home))
    home_index.save_tokens(home.root)
    assert list((tmp_path / "cache" / "index").glob("*.tokens"))
    home_index.forget()  # as a new process: nothing in memory
    cache = home_index.token_cache(home.root)
    assert len(cache.tokens) >= 300
    warm_up(Memory(home))
    assert cache.added == 0  # nothing was tokenised again
    home_index.forget()
