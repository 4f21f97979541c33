"""The map's situations from cached analysis: the same situations and map text as without the
caches, in this process and the next, and never from a cache that does not match the entries."""
import marshal

import pytest

from linghun.core import home_cache, situation_cache, situations
from linghun.core.home import MemoryHome
from linghun.core.map import build_map, render_map
from linghun.core.memory import Memory, MemoryConfig
from linghun.core.situations import group_situations
from tests.perf.synth import make_home


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("LINGHUN_CACHE_DIR", str(tmp_path / "cache"))
    situation_cache.forget()
    yield make_home(tmp_path / "dsh", 600)
    situation_cache.forget()


def _direct(entries, **kwargs):
    return [s.to_dict() for s in group_situations(entries, **kwargs)]


def _cached(home, entries, **kwargs):
    return [s.to_dict() for s in situation_cache.situations(home.root, entries, **kwargs)]


def _no_tokenising(monkeypatch):
    def refuse(entry):
        raise AssertionError(f"tokenised {entry.body!r}")

    monkeypatch.setattr(situation_cache, "topic_tokens", refuse)


def test_the_map_from_the_cache_is_the_map_without_it(home, monkeypatch):
    memory = Memory(home)
    entries = memory.entries()
    direct = _direct(entries)
    first = build_map(home, memory)  # groups and saves
    assert [s.to_dict() for s in first.situations] == direct
    situation_cache.forget()  # a new process: only the files are left
    _no_tokenising(monkeypatch)
    again = build_map(home, memory)
    assert [s.to_dict() for s in again.situations] == direct
    for budget in (0, 2000, 600):
        assert render_map(again, budget) == render_map(first, budget)
    assert again.to_dict() == first.to_dict()


def test_with_the_wrong_entries_too(home):
    entries = Memory(home).entries()
    assert any(e.is_wrong for e in entries)
    assert _cached(home, entries, include_wrong=True) == _direct(entries, include_wrong=True)
    assert _cached(home, entries) == _direct(entries)


def test_after_an_append_only_the_new_entry_is_analysed(home, monkeypatch):
    """A new process reads every other entry's topic tokens and entity names from the file."""
    memory = Memory(home, MemoryConfig(max_bytes=10**8))
    _cached(home, memory.entries())
    situation_cache.forget()
    memory.append("rule", "缓存相关操作前先检查 redis 的基准状态。", "high")  # anchored by its tokens
    seen, named = [], []
    real_tokens, real_names = situations.topic_tokens, situations.entity_names
    monkeypatch.setattr(situation_cache, "topic_tokens", lambda e: seen.append(e.body) or real_tokens(e))
    monkeypatch.setattr(situation_cache, "entity_names", lambda e: named.append(e.body) or real_names(e))
    entries = memory.entries()
    assert _cached(home, entries) == _direct(entries)
    assert seen == named == ["缓存相关操作前先检查 redis 的基准状态。"]


def test_entity_names_follow_the_kind_as_well_as_the_body(home):
    """The names are kept by the body's digest, but an event and a fact with the same body name
    different entities: a kind changed in place is named again."""
    entries = Memory(home).entries()
    _cached(home, entries)
    changed = list(entries)
    i = next(i for i, e in enumerate(changed) if not e.is_wrong and e.ontology_kind == "fact"
             and len(e.fields) >= 4)
    changed[i] = changed[i].with_changes(kind="event")
    assert changed[i].ontology_kind == "event"
    assert _cached(home, changed) == _direct(changed)


def test_a_changed_entry_is_grouped_again(home):
    memory = Memory(home)
    entries = memory.entries()
    _cached(home, entries)
    changed = list(entries)
    live = next(i for i, e in enumerate(changed) if not e.is_wrong)
    changed[live] = changed[live].with_changes(body="完全不同的内容 | kubernetes | 配置")
    assert situation_cache.grouping_key([e for e in changed if not e.is_wrong]) != \
        situation_cache.grouping_key([e for e in entries if not e.is_wrong])
    assert _cached(home, changed) == _direct(changed)


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", None])
def test_a_corrupt_or_foreign_cache_file_is_ignored_and_rewritten(home, damage):
    entries = Memory(home).entries()
    direct = _direct(entries)
    _cached(home, entries)
    situation_cache.forget()
    key = home_cache.home_key(home.root)
    for suffix in ("situations", "topics"):
        path = home_cache.cache_file(key, suffix)
        if damage is None:  # readable, but not what this version wrote
            home_cache.save(path, {"groupings": [(b"x" * 16, [("token", "a", "a", [0, 0])])], "signature": "other"})
        else:
            path.write_bytes(damage)
    assert _cached(home, entries) == direct
    assert home_cache.load(home_cache.cache_file(key, "situations"))["groupings"]


@pytest.mark.parametrize("damage", ["a-number-token", "a-list-of-tokens", "names-without-kind"])
def test_topic_tokens_of_the_wrong_shape_are_not_used(home, damage):
    entries = Memory(home).entries()
    _cached(home, entries)
    situation_cache.forget()
    path = home_cache.cache_file(home_cache.home_key(home.root), "topics")
    saved = home_cache.load(path)
    key = next(iter(saved["tokens"]))
    if damage == "a-number-token":
        saved["tokens"][key] = (*saved["tokens"][key], 7)
    elif damage == "a-list-of-tokens":
        saved["tokens"][key] = list(saved["tokens"][key])
    else:
        saved["names"][next(iter(saved["names"]))] = (("名字",),)
    home_cache.save(path, saved)
    changed = [e for e in entries if e is not next(e for e in reversed(entries) if not e.is_wrong)]
    # another grouping: it is made from the topic tokens, not read whole
    assert _cached(home, changed) == _direct(changed)
    assert situation_cache._readable(home_cache.load(path))  # tokenised again and written anew


def test_a_grouping_that_does_not_fit_the_entries_is_not_trusted(home):
    entries = Memory(home).entries()
    live = [e for e in entries if not e.is_wrong]
    key = home_cache.home_key(home.root)
    wrong = [("other", "其他", "其他", list(range(len(live) - 1)))]  # one entry missing
    home_cache.save(home_cache.cache_file(key, "situations"),
                    {"groupings": [(situation_cache.grouping_key(live), marshal.dumps(wrong))]})
    assert _cached(home, entries) == _direct(entries)


def test_the_map_text_needs_no_graph(home):
    mm = build_map(home)
    render_map(mm)
    assert "graph" not in vars(mm)  # built when first asked for
    assert mm.axis("situations") and "graph" in vars(mm)


def test_prepared_entries_are_not_analysed_again_after_an_append(home, monkeypatch):
    memory = Memory(home, MemoryConfig(max_bytes=10**8))
    situation_cache.situations(home.root, memory.entries())
    situation_cache.forget()  # a new process, whose first grouping comes from the file
    situation_cache.situations(home.root, memory.entries())
    situation_cache.prepare(home.root, memory.entries())  # what the MCP server's warm-up does
    memory.append("rule", "缓存相关操作前先检查 redis 的基准状态。", "high")
    digested = []
    real = situation_cache._digests

    def counting(bodies):
        bodies = list(bodies)
        digested.extend(bodies)
        return real(bodies)

    monkeypatch.setattr(situation_cache, "_digests", counting)
    entries = memory.entries()
    assert _cached(home, entries) == _direct(entries)
    assert digested == ["缓存相关操作前先检查 redis 的基准状态。"]


def test_the_same_entries_are_keyed_once_and_changed_ones_again(home, monkeypatch):
    """A turn groups for its round and for its map: the second asks for the same entry objects
    (in another list) and gets the same live list and key without digesting every body again."""
    entries = Memory(home).entries()
    keyed = []
    real = situation_cache.grouping_key
    monkeypatch.setattr(situation_cache, "grouping_key", lambda live, *a: keyed.append(1) or real(live, *a))
    first = situation_cache.by_anchor(home.root, entries)
    assert situation_cache.by_anchor(home.root, list(entries)) == first
    assert _cached(home, list(entries)) == _direct(entries)
    assert len(keyed) == 1
    changed = list(entries)
    live = next(i for i, e in enumerate(changed) if not e.is_wrong)
    changed[live] = changed[live].with_changes(body="完全不同的内容 | kubernetes | 配置")
    assert _cached(home, changed) == _direct(changed)
    assert len(keyed) == 2


def test_a_new_process_takes_the_grouping_key_saved_for_the_warm_md_bytes(home, monkeypatch):
    """Entries known to be the parse of warm.md's bytes get the grouping key saved for their
    digest: an unchanged warm.md is grouped without hashing every body. Other bytes are keyed."""
    doc = Memory(home).document()
    assert doc.parsed_from  # a first parse in this Memory
    keyed = []
    real = situation_cache.grouping_key
    monkeypatch.setattr(situation_cache, "grouping_key", lambda live, *a: keyed.append(1) or real(live, *a))
    entries = list(doc.entries)
    first = _cached(home, entries, source=doc.parsed_from)
    assert len(keyed) == 1 and first == _direct(entries)
    situation_cache.forget()  # a new process: only the files are left
    assert _cached(home, list(entries), source=doc.parsed_from) == first and len(keyed) == 1
    assert _cached(home, list(entries), include_wrong=True, source=doc.parsed_from) == \
        _direct(entries, include_wrong=True) and len(keyed) == 2  # a grouping of its own
    changed = entries[:-1]  # other bytes: another digest, keyed
    situation_cache.forget()
    assert _cached(home, changed, source="other bytes") == _direct(changed) and len(keyed) == 3
