"""The home's index outlives the process: a searcher saved in the cache folder and restored by the
next process scores exactly as one built anew, follows what changed in warm.md since, and a
damaged or stale file is rebuilt, never trusted."""
from __future__ import annotations

import json
import marshal
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from linghun.core import home_cache, home_index, memory as memory_module
from linghun.core.assembler.retriever import ASSEMBLER_SEARCH, home_search_settings, search_pool, warm_pool
from linghun.core.memory import Memory
from linghun.core.search import SearchConfig, Searcher, TokenCache, Unit
from tests.core.test_search_updates import _scores, _unit, changed
from tests.perf.synth import make_home

ROOT = Path(__file__).resolve().parents[2]
QUERIES = ("订单服务 端口", "redis release?", "what did Maya say about 缓存", "my 预算", "april 2026")


def _same_as_fresh(restored: Searcher, units: list[Unit]) -> None:
    fresh = Searcher(units, restored.config)
    for query in QUERIES:
        assert _scores(restored, query) == _scores(fresh, query), query
        got, want = restored.search(query, 8), fresh.search(query, 8)
        assert [(h.id, h.score, h.terms) for h in got] == [(h.id, h.score, h.terms) for h in want], query
    assert restored.newest_ids(5) == fresh.newest_ids(5)


def _round_trip(snapshot: dict) -> dict:
    """As the next process reads it: through marshal, the cache folder's format."""
    return marshal.loads(marshal.dumps(snapshot))


@pytest.mark.parametrize("speakers", [False, True])
def test_a_restored_searcher_scores_as_a_fresh_build_also_after_changes_in_place(speakers):
    rng = random.Random(11)
    units = sorted((_unit(rng, i, speakers) for i in range(80)), key=lambda u: u.meta["time"])
    searcher = Searcher(units, SearchConfig(), cache=TokenCache())
    counter = 80
    for step in range(12):
        for _ in range(3):  # appends (new sessions), edits and removals: deltas and empty slots
            counter += 1
            units = changed(rng, units, rng.choice(["append", "edit", "remove"]), _unit(rng, counter, speakers),
                            f"2026-05-{1 + step:02d} 09:00", " 端口 staging")
        searcher = searcher.updated(units)
        restored = Searcher.restore(units, _round_trip(searcher.snapshot()), SearchConfig(), cache=TokenCache())
        assert restored._own == [None] * len(units)  # nothing was tokenised to restore it
        _same_as_fresh(restored, units)


def test_a_restored_searcher_follows_later_changes_as_a_fresh_build():
    rng = random.Random(4)
    units = sorted((_unit(rng, i, True) for i in range(60)), key=lambda u: u.meta["time"])
    snapshot = _round_trip(Searcher(units, SearchConfig()).snapshot())
    restored = Searcher.restore(units, snapshot, SearchConfig(), cache=TokenCache())
    extra = _unit(rng, 99, True)
    changed = units[:10] + units[11:] + [Unit(extra.id, extra.text + " 订单服务", {**extra.meta, "time": "2026-06-01 10:00",
                                                                                  "session": "2026-06-01"})]
    changed[20] = Unit(changed[20].id, "redis 端口 改成 6380", changed[20].meta)
    after = restored.updated(changed)
    assert after is restored  # changed in place: the tokens of the neighbours were read on demand
    _same_as_fresh(after, changed)


def test_a_snapshot_of_other_units_or_a_damaged_one_is_refused():
    rng = random.Random(2)
    units = [_unit(rng, i, False) for i in range(30)]
    snapshot = _round_trip(Searcher(units).snapshot())
    with pytest.raises(ValueError):
        Searcher.restore(units[:-1], snapshot)
    damaged = _round_trip(snapshot)
    damaged["indexes"]["text"]["docs"] = damaged["indexes"]["text"]["docs"][:-4]
    with pytest.raises(ValueError):
        Searcher.restore(units, damaged)
    lying = _round_trip(snapshot)
    lying["indexes"]["text"]["docs"] = (10**6).to_bytes(4, "little") + lying["indexes"]["text"]["docs"][4:]
    with pytest.raises(ValueError):
        Searcher.restore(units, lying)


# -- across processes ------------------------------------------------------------------------
_PROBE = r"""
import json, sys
from linghun.core import home_index, search
from linghun.core.assembler.retriever import ASSEMBLER_SEARCH, home_search_settings, search_pool, warm_pool
from linghun.core.memory import Memory
from linghun.core.home import MemoryHome

from linghun.core import home_cache
from linghun.core.assembler.retriever import home_search_settings, search_pool

tokenised, read = [], []
real = search.Searcher._analyse
search.Searcher._analyse = lambda self, text: tokenised.append(text) or real(self, text)
load = home_cache.load
home_cache.load = lambda path: read.append(path.suffix) or load(path)
home = MemoryHome.resolve(sys.argv[1])
memory = Memory(home)
if sys.argv[3] == "units":  # the units alone, as a caller without a content key
    searching = home_index.searching(home.root, warm_pool(memory).units, ASSEMBLER_SEARCH)
else:  # as a round searches: its pool names its units by a content key
    config, settings = home_search_settings(memory)
    assert settings == ASSEMBLER_SEARCH
    searching = search_pool(memory, config).searching(home, settings)
with searching as searcher:
    # 6 places: the meaning channel's float32 sums differ in the 8th with the batch they were encoded in
    hits = [[h.id, round(h.score, 6)] for h in searcher.search(sys.argv[2], 8)]
    restored, units = searcher._own.count(None), len(searcher.units)
cache = home_index.token_cache(home.root)
print(json.dumps({"hits": hits, "tokenised": len(tokenised), "restored": restored, "units": units,
                  "tokens_read": cache.loaded, "read": read}))
"""


def _probe(home, query: str, env: dict, how: str = "units") -> dict:
    done = subprocess.run([sys.executable, "-c", _PROBE, str(home.dsh_home), query, how], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _fresh_hits(home, query: str, how: str = "units") -> list:
    """The hits of a searcher built anew over warm.md as a new process parses it (with the
    consolidated lines before them, as a round searches, for ``how="round"``)."""
    home_index.forget()
    memory_module._PARSED.clear()  # what this process parsed or wrote: its new entries' ids are its own
    memory = Memory(home)
    units = warm_pool(memory).units if how == "units" else search_pool(memory, home_search_settings(memory)[0]).units()
    searcher = Searcher(units, ASSEMBLER_SEARCH)
    return [[h.id, round(h.score, 6)] for h in searcher.search(query, 8)]  # as the probe rounds


@pytest.fixture
def cache_env(tmp_path, monkeypatch):
    import os

    monkeypatch.setenv("LINGHUN_CACHE_DIR", str(tmp_path / "cache"))
    yield {**os.environ, "LINGHUN_CACHE_DIR": str(tmp_path / "cache")}
    home_index.forget()


def test_the_next_process_opens_the_saved_index_instead_of_building_it(tmp_path, cache_env):
    home = make_home(tmp_path / "dsh", 400)
    query = "订单服务 端口 配置"
    first = _probe(home, query, cache_env)
    assert first["tokenised"] > 200 and first["restored"] == 0  # built, then saved
    assert list((tmp_path / "cache" / "index").glob("*.searcher"))
    second = _probe(home, query, cache_env)
    # opened: no entry tokenised (only the question), the token cache never read
    assert second["restored"] == second["units"] > 300 and second["tokenised"] <= 2 and not second["tokens_read"]
    assert second["hits"] == first["hits"] == _fresh_hits(home, query)


def test_after_an_append_elsewhere_the_saved_index_is_changed_in_place_then_saved_again(tmp_path, cache_env):
    home = make_home(tmp_path / "dsh", 400)
    _probe(home, "缓存", cache_env)
    subprocess.run([sys.executable, "-m", "linghun.core", "append", "fact", "灯塔项目 | 端口 | 7421 | #cli",
                    "--home", str(home.dsh_home)], cwd=ROOT, env=cache_env, check=True, capture_output=True)
    query = "灯塔项目 端口"
    after = _probe(home, query, cache_env)
    assert after["tokenised"] <= 4  # the new entry and the question, not the home
    assert after["hits"][0][0] == _fresh_hits(home, query)[0][0] and after["hits"] == _fresh_hits(home, query)
    again = _probe(home, query, cache_env)
    assert again["tokenised"] <= 2 and again["hits"] == after["hits"]  # the changed index was saved


def test_after_an_edit_elsewhere_the_saved_index_is_changed_in_place(tmp_path, cache_env):
    """Not an append: the saved index is restored over the units it names, then changed."""
    home = make_home(tmp_path / "dsh", 400)
    _probe(home, "缓存", cache_env)
    entries = Memory(home).entries()
    middle = entries[len(entries) // 2]
    text = home.warm.read_text(encoding="utf-8")
    home.warm.write_text(text.replace(middle.raw, middle.raw.replace(middle.body, "灯塔项目 | 端口 | 7421"), 1),
                         encoding="utf-8")
    query = "灯塔项目 端口"
    after = _probe(home, query, cache_env)
    assert after["tokenised"] <= 4  # the edited entry and the question
    assert after["hits"] == _fresh_hits(home, query) and after["hits"][0][0] != middle.id


def test_a_round_takes_the_saved_index_by_its_content_key_and_reads_its_units_only_after_a_change(tmp_path, cache_env):
    """A new process whose warm.md is the one the index was saved for takes it by its content key:
    the saved units are not read, let alone compared. After an append they are, once."""
    home = make_home(tmp_path / "dsh", 400)
    query = "订单服务 端口 配置"
    first = _probe(home, query, cache_env, "round")
    assert first["restored"] == 0 and first["hits"] == _fresh_hits(home, query, "round")
    second = _probe(home, query, cache_env, "round")
    assert second["restored"] == second["units"] > 300 and second["tokenised"] <= 2
    assert ".searcher" in second["read"] and ".units" not in second["read"]
    assert second["hits"] == first["hits"]
    with home.warm.open("a", encoding="utf-8") as f:  # the agent appends, as the upstream plugin writes
        f.write("\n## 2026-11-30 10:00 [fact] high\n\n灯塔项目 | 端口 | 7421\n")
    query = "灯塔项目 端口"
    after = _probe(home, query, cache_env, "round")
    assert ".units" in after["read"] and after["tokenised"] <= 4  # compared, changed in place
    assert after["hits"] == _fresh_hits(home, query, "round")
    again = _probe(home, query, cache_env, "round")
    assert ".units" not in again["read"] and again["restored"] == again["units"] and again["hits"] == after["hits"]


def test_a_searcher_saved_without_a_key_is_saved_again_under_the_key_of_the_round_that_opens_it(tmp_path, cache_env):
    """A long-lived process that edited warm.md saves its index without a key (its entries keep
    their own ids): the next round compares the units once and saves the index under its key."""
    home = make_home(tmp_path / "dsh", 200)
    _probe(home, "缓存", cache_env, "units")  # saved without a key
    first = _probe(home, "缓存", cache_env, "round")
    assert ".units" in first["read"] and first["restored"] == first["units"]  # compared, restored
    second = _probe(home, "缓存", cache_env, "round")
    assert ".units" not in second["read"] and second["restored"] == second["units"]
    assert second["hits"] == first["hits"] == _fresh_hits(home, "缓存", "round")


def test_a_content_key_over_other_units_is_caught_by_the_sample_and_the_units_compared(tmp_path, cache_env):
    """The key is the caller's word; the saved sample of units still has to match, else the
    saved units are compared and the index changed in place to the units given."""
    home = make_home(tmp_path / "dsh", 200)
    units = warm_pool(Memory(home)).units
    with home_index.searching(home.root, units, ASSEMBLER_SEARCH, "same key"):
        pass  # built and saved under that key
    home_index.forget()
    other = units[:-1] + [Unit(units[-1].id, "灯塔项目 端口 7421", units[-1].meta)]
    with home_index.searching(home.root, other, ASSEMBLER_SEARCH, "same key") as searcher:
        got = [(h.id, h.score) for h in searcher.search("灯塔项目 端口", 5)]
        assert searcher.units == other
    fresh = Searcher(other, ASSEMBLER_SEARCH)
    assert got == [(h.id, h.score) for h in fresh.search("灯塔项目 端口", 5)] and got[0][0] == units[-1].id


def test_units_of_the_key_the_searcher_is_up_to_date_with_are_not_compared_again(tmp_path, cache_env, monkeypatch):
    home = make_home(tmp_path / "dsh", 100)
    units = warm_pool(Memory(home)).units
    compared = []
    real = Searcher.updated
    monkeypatch.setattr(Searcher, "updated", lambda self, new: compared.append(len(new)) or real(self, new))
    for content in ("key", "key", None, "key", "other"):
        with home_index.searching(home.root, units, ASSEMBLER_SEARCH, content) as searcher:
            assert searcher.units == units
    assert compared == [len(units)] * 3  # no key, then a key it was not up to date with, then another


def test_a_restored_searcher_takes_its_description_from_the_snapshot_as_describing_gives_it():
    rng = random.Random(5)
    units = sorted((_unit(rng, i, True) for i in range(70)), key=lambda u: u.meta["time"])
    units[3] = Unit(units[3].id, units[3].text, {k: v for k, v in units[3].meta.items() if k != "session"})
    searcher = Searcher(units, SearchConfig())
    members: dict = {}  # each session's units in order, the sessions in order of appearance
    for i, u in enumerate(units):
        if u.meta.get("session") is not None:
            members.setdefault(u.meta["session"], []).append(i)
    assert searcher._members == members and list(searcher._session_slot) == list(members)
    assert [list(members).index(u.meta["session"]) if "session" in u.meta else -1 for u in units] \
        == searcher._session_of.tolist()
    restored = Searcher.restore(units, _round_trip(searcher.snapshot()), SearchConfig())
    for name in ("_session_numbers", "_session_slot", "_members", "_speakers"):
        assert getattr(restored, name) == getattr(searcher, name), name
    assert restored._speaker_units.keys() == searcher._speaker_units.keys() and len(searcher._speaker_units) > 1
    assert all((restored._speaker_units[k] == mask).all() for k, mask in searcher._speaker_units.items())
    for name in ("_session_key", "_session_of", "_own_mask", "_questions"):
        assert (getattr(restored, name) == getattr(searcher, name)).all(), name
    assert restored._session_key[3] == -4 and restored._questions.any()
    bad = _round_trip(searcher.snapshot())
    bad["described"]["questions"] = b"\x02" * len(units)
    with pytest.raises(ValueError):
        Searcher.restore(units, bad)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other-settings", "wrong-arrays"])
def test_a_damaged_or_stale_saved_index_is_rebuilt_and_rewritten(tmp_path, cache_env, damage):
    home = make_home(tmp_path / "dsh", 300)
    query = "订单服务 端口"
    want = _probe(home, query, cache_env)["hits"]
    (saved,) = (tmp_path / "cache" / "index").glob("*.searcher")
    data = saved.read_bytes()
    if damage == "garbage":
        saved.write_bytes(b"\x00not marshal at all" * 50)
    elif damage == "truncated":
        saved.write_bytes(data[: len(data) // 2])
    else:
        value = home_cache.load(saved)
        if damage == "other-settings":
            value["header"]["config"] = repr(SearchConfig(k1=2.0))
        else:
            value["searcher"]["indexes"]["text"]["tf"] = value["searcher"]["indexes"]["text"]["tf"][::-1]
            value["searcher"]["indexes"]["text"]["ptr"] = b"\x01" * len(value["searcher"]["indexes"]["text"]["ptr"])
        home_cache.save(saved, value)
    got = _probe(home, query, cache_env)
    assert got["hits"] == want and got["restored"] == 0  # built anew
    assert home_cache.load(saved)["header"] == home_index._snapshot_header(ASSEMBLER_SEARCH)
    assert _probe(home, query, cache_env)["restored"] > 0  # and saved whole again


def test_a_long_lived_process_saves_what_it_changed_when_the_home_is_forgotten_not_on_the_call(tmp_path, cache_env):
    home = make_home(tmp_path / "dsh", 200)
    pool = warm_pool(Memory(home))
    with home_index.searching(home.root, pool.units, ASSEMBLER_SEARCH):
        pass  # opened (built) and saved, as by the MCP server's warm-up
    (saved,) = (tmp_path / "cache" / "index").glob("*.searcher")
    opened = saved.read_bytes()
    memory = Memory(home)
    memory.append("fact", "灯塔项目 | 端口 | 7421")  # the agent's call
    pool = warm_pool(memory)
    with home_index.searching(home.root, pool.units, ASSEMBLER_SEARCH) as searcher:
        assert searcher.version == 1  # changed in place
    assert saved.read_bytes() == opened  # the call did not pay for a save
    home_index.forget(home.root)  # the home is closed (or the process exits)
    query = "灯塔项目 端口"
    after = _probe(home, query, cache_env)
    # what was saved holds the append: the next process builds nothing (the new entry's id, made
    # in the writing process, becomes its content id: that unit is changed in place, its
    # neighbours' tokens read again, tokenised here since a home this small never saved them)
    assert after["restored"] >= after["units"] - 10 and after["tokenised"] < 20
    assert after["hits"] == _fresh_hits(home, query)


def test_the_sentence_vectors_come_back_with_the_index_not_fetched_again(tmp_path, cache_env, monkeypatch):
    """The meaning channel's vectors are saved in the snapshot: the next process (here: the home
    forgotten, its parse dropped) restores them and encodes no unit, the scores unchanged; after
    an append only the new entry is encoded."""
    from linghun.core import meaning

    home = make_home(tmp_path / "dsh", 120)
    query = "what did Maya say about 缓存"

    def opened():
        home_index.forget()
        memory_module._PARSED.clear()
        memory = Memory(home)
        config, settings = home_search_settings(memory)
        assert settings.sentence_model == meaning.MODEL_KEY  # the defaults
        with search_pool(memory, config).searching(home, settings) as searcher:
            return searcher, searcher.meaning_scores(query), len(searcher.units)

    built, built_scores, _n = opened()
    assert built.meaning_fetched
    encoded: list[int] = []
    real = meaning.MeaningEncoder.encode
    monkeypatch.setattr(meaning.MeaningEncoder, "encode", lambda self, texts: encoded.append(len(texts)) or real(self, texts))
    restored, scores, _n = opened()
    assert not restored.meaning_fetched and encoded == []
    assert np.allclose(scores, built_scores, atol=1e-6)
    Memory(home).append("fact", "缓存 | 过期时间 | 300 秒 | #999", "high")
    after, after_scores, n = opened()
    assert encoded == [1] and len(after_scores) == n  # the appended entry alone
