"""The changeable BM25 index (``core.postings``): built in slices, it is the index built at once."""
from __future__ import annotations

import random

import numpy as np
import pytest

from linghun.core import postings
from linghun.core.bm25_index import SpecBM25
from linghun.core.postings import LiveBM25


def _corpus(seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(120)] + ["北京", "旅游", "订单"]
    docs = [[rng.choice(vocab) for _ in range(rng.randint(0, 30))] for _ in range(200)]
    docs[37] = [rng.choice(vocab) for _ in range(500)]  # a session's document: larger than a slice
    return docs


@pytest.mark.parametrize("slice_tokens", [1, 7, 64, 499])
def test_a_base_built_in_slices_is_the_base_built_at_once(monkeypatch, slice_tokens):
    docs = _corpus(slice_tokens)
    whole = LiveBM25([list(d) for d in docs])
    monkeypatch.setattr(postings, "SLICE_TOKENS", slice_tokens)
    sliced = LiveBM25([list(d) for d in docs])
    assert sliced.state() == whole.state()  # the same vocabulary order and arrays, byte for byte
    reference = SpecBM25(docs)
    rng = random.Random(slice_tokens)
    for _ in range(10):
        query = rng.sample(sorted({t for d in docs for t in d}), 4)
        assert np.array_equal(sliced.scores(query), reference.get_scores(query))


def test_a_rebuilt_base_in_slices_keeps_the_slots(monkeypatch):
    monkeypatch.setattr(postings, "SLICE_TOKENS", 5)
    docs = _corpus(3)
    index = LiveBM25([list(d) for d in docs])
    index.remove(4)
    index.set(9, "nine", ["北京", "北京", "旅游"])
    index.compact()
    expected = [list(d) for d in docs]
    expected[4] = []
    expected[9] = ["北京", "北京", "旅游"]
    reference = SpecBM25([d for i, d in enumerate(expected) if i != 4])
    got = np.delete(index.scores(["北京", "旅游", "w3"]), 4)
    assert np.array_equal(got, reference.get_scores(["北京", "旅游", "w3"]))
    assert index.scores(["北京"])[4] == 0
