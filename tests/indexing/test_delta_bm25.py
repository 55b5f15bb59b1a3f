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


def every_score(index: bm25s.BM25, tokens: set[str]) -> dict[str, np.ndarray]:
    return {t: index.get_scores([t]) for t in sorted(tokens)}


def test_an_update_scores_as_a_fresh_build_of_the_new_corpus(tmp_path) -> None:
    from hopgraph.indexing.delta_bm25 import bm25_update, save_counts, saved_counts

    gone = range(5, 20)  # these rows leave; "tarrow" and "w1" are only in them, so they leave the vocabulary
    docs = [[t for t in d if t not in ("tarrow", "w1")] or ["w2"] for d in corpus(120, seed=11)]
    docs = [d + ["tarrow", "w1"] if i in gone else d for i, d in enumerate(docs)]
    first = bm25_index(docs)
    first.save(str(tmp_path / "first"))
    save_counts(first, tmp_path / "first")
    kept = [d for i, d in enumerate(docs) if i not in gone]
    after = kept[:40] + [["nevrin", "w3", "nevrin"]] + kept[40:] + [["w4"]]
    new_row = np.full(len(docs), -1, dtype=np.int64)
    new_row[[i for i in range(len(docs)) if i not in gone]] = [i for i in range(len(after)) if i not in (40, len(after) - 1)]
    updated = bm25_update(saved_counts(tmp_path / "first"), new_row, {40: after[40], len(after) - 1: after[-1]},
                          len(after))
    fresh = bm25_index(after)
    assert set(updated.vocab_dict) == set(fresh.vocab_dict)
    assert "tarrow" not in updated.vocab_dict and "nevrin" in updated.vocab_dict
    assert updated.scores["num_docs"] == len(after)
    tokens = {t for d in after for t in d}
    got, want = every_score(updated, tokens), every_score(fresh, tokens)
    assert all(np.array_equal(got[t], want[t]) for t in tokens)  # bit for bit
    query = ["nevrin", "w3", "w0", "w3"]
    assert np.array_equal(updated.get_scores(query), fresh.get_scores(query))


def test_an_index_without_term_counts_is_not_updated(tmp_path) -> None:
    from hopgraph.indexing.delta_bm25 import saved_counts

    ref = bm25s.BM25(k1=1.2, b=0.75, method="lucene")
    ref.index(corpus(30), show_progress=False)
    ref.save(str(tmp_path / "bm25"))
    assert saved_counts(tmp_path / "bm25") is None
