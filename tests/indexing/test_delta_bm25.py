"""The numpy-built BM25 index (indexing/delta_bm25.py) scores every document as bm25s's own index does."""

from __future__ import annotations

import random

import bm25s
import numpy as np

from hopgraph.indexing.delta_bm25 import bm25_index


def corpus(n: int, seed: int = 3) -> list[list[str]]:
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(60)] + ["velloria", "ostmark", "tarrow"]
    return [[rng.choice(words) for _ in range(rng.randint(1, 40))] for _ in range(n)]


def test_every_token_scores_every_document_as_bm25s_does() -> None:
    docs = corpus(300)
    ref = bm25s.BM25(k1=1.2, b=0.75, method="lucene")
    ref.index(docs, show_progress=False)
    fast = bm25_index(docs, k1=1.2, b=0.75)
    assert set(fast.vocab_dict) == set(ref.vocab_dict)
    assert fast.scores["num_docs"] == ref.scores["num_docs"] == 300
    for token in (t for t in ref.vocab_dict if t):
        assert np.array_equal(fast.get_scores([token]), ref.get_scores([token])), token  # bit for bit
    query = ["velloria", "w3", "w3", "tarrow"]
    assert np.array_equal(fast.get_scores(query), ref.get_scores(query))
    ref_top = ref.get_scores(query).argsort()[::-1][:5]
    assert list(fast.get_scores(query).argsort()[::-1][:5]) == list(ref_top)


def test_a_saved_index_loads_and_scores_the_same(tmp_path) -> None:
    docs = corpus(50, seed=5)
    fast = bm25_index(docs)
    fast.save(str(tmp_path / "bm25"))
    loaded = bm25s.BM25.load(str(tmp_path / "bm25"))
    assert np.array_equal(loaded.get_scores(["w1", "ostmark"]), fast.get_scores(["w1", "ostmark"]))
