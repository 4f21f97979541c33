"""A cache file is written in pieces (a reader holds the GIL a few ms at a time, not for the whole
file) and reads back as what was saved; an older file in one piece, or a damaged one, reads as None."""
from __future__ import annotations

import marshal

from linghun.core import home_cache


def test_big_containers_anywhere_in_the_value_read_back_equal_and_of_their_type(tmp_path):
    n = home_cache.PART_ITEMS * 2 + 7  # two whole pieces and a short one
    value = {
        "version": 3,
        "rows": [(f"2025-01-01 {i:05d}", "fact", None, f"正文 {i}", b"\x00" * (i % 3)) for i in range(n)],
        "units": [[f"w{i}" for i in range(n)], tuple(range(n)), ["small", "list"]],
        "tokens": {f"k{i}".encode(): (str(i), "词") for i in range(n)},
        "nested": {"deeper": {"tuple": tuple(f"t{i}" for i in range(n))}},
        "exactly": list(range(home_cache.PART_ITEMS)),  # not more than a piece: kept whole
        "blob": b"x" * (home_cache.PART_BYTES + 1),  # a piece of its own, read as it is
        "small blob": b"y" * 100,
    }
    path = tmp_path / "a.searcher"
    assert home_cache.save(path, value)
    back = home_cache.load(path)
    assert back == value
    assert type(back["units"][1]) is tuple and type(back["nested"]["deeper"]["tuple"]) is tuple
    assert type(back["tokens"]) is dict and list(back["tokens"]) == list(value["tokens"])  # in order
    pieces = (n + home_cache.PART_ITEMS - 1) // home_cache.PART_ITEMS
    lengths, _skeleton = marshal.loads(path.read_bytes()[home_cache._HEAD.size:])  # the head: bytes after it ignored
    assert len(lengths) == 5 * pieces + 1  # rows, units[0], units[1], tokens, the nested tuple; the blob


def test_small_values_and_none_read_back(tmp_path):
    for value in (None, 0, "文本", [], {"a": [1, 2]}, (1, ("x", [2]))):
        path = tmp_path / "v.tokens"
        assert home_cache.save(path, value)
        assert home_cache.load(path) == value


def test_an_older_file_in_one_piece_or_a_damaged_one_is_not_read(tmp_path):
    path = tmp_path / "old.warm"
    path.write_bytes(marshal.dumps({"entries": list(range(10))}))  # the format before pieces
    assert home_cache.load(path) is None
    value = {"entries": [str(i) for i in range(home_cache.PART_ITEMS * 3)]}
    assert home_cache.save(path, value)
    data = path.read_bytes()
    for damaged in (b"", data[:8], data[: len(data) // 2], data[:-1], b"LHC2" + b"\xff" * 40):
        path.write_bytes(damaged)
        assert home_cache.load(path) is None
    assert home_cache.load(tmp_path / "missing.warm") is None


def test_reading_back_walks_only_the_way_to_the_pieces(tmp_path, monkeypatch):
    """Many small containers beside a big one (a home's topic tokens, its groupings) are read by
    marshal alone: walking each of them in Python cost more than unmarshalling them."""
    value = {"tokens": {f"k{i}".encode(): (f"词{i}", "x") for i in range(home_cache.PART_ITEMS * 2)},
             "groupings": [("token", f"a{i}", f"a{i}", [i, i + 1]) for i in range(1000)],
             "few": [(1, 2), (3, 4)]}
    path = tmp_path / "t.topics"
    assert home_cache.save(path, value)
    calls = []
    walk = home_cache._joined
    monkeypatch.setattr(home_cache, "_joined", lambda v, *a: calls.append(1) or walk(v, *a))
    assert home_cache.load(path) == value
    assert len(calls) < 10


def test_a_misshapen_head_is_not_read(tmp_path):
    path = tmp_path / "m.topics"
    for skeleton in ((home_cache._HOLDS, "dict", [1, 2]), (home_cache._HOLDS, "list"),
                     (home_cache._PART, "list", 0, 5)):
        head = marshal.dumps(([], skeleton))
        path.write_bytes(home_cache._HEAD.pack(home_cache.MAGIC, len(head)) + head)
        assert home_cache.load(path) is None
