"""Two-pass exact search (indexing/dense_prefilter.py): the rows of the float32 flat search, from a float16 copy."""

from __future__ import annotations

import faiss
import numpy as np
import pytest

from hopgraph.indexing import dense_prefilter
from hopgraph.indexing.dense import build_dense_index, dense_search
from hopgraph.indexing.dense_prefilter import prefilter, two_pass


def unit_rows(n: int, d: int, seed: int) -> np.ndarray:
    x = np.random.default_rng(seed).normal(size=(n, d)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


@pytest.fixture(autouse=True)
def small_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dense_prefilter, "PREFILTER_ROWS", 1000)
    monkeypatch.setattr(dense_prefilter, "_kept", [])


@pytest.mark.parametrize("k", [1, 10, 60])
def test_two_passes_find_the_rows_of_the_flat_search(k: int) -> None:
    vectors = unit_rows(3000, 32, 1)
    index = build_dense_index(vectors)
    queries = unit_rows(40, 32, 2)
    queries[:20] = vectors[:20] + 0.05 * queries[:20]  # near stored rows, as questions about a passage are
    for q in queries:
        q = q[None] / np.linalg.norm(q)
        got = two_pass(index, q, k)
        scores, rows = index.search(q, k)
        assert got is not None and [r for r, _ in got] == list(rows[0])
        assert np.allclose([s for _, s in got], scores[0], atol=1e-6)


def test_a_small_or_other_index_has_no_copy() -> None:
    assert prefilter(build_dense_index(unit_rows(999, 8, 1))) is None
    l2 = faiss.IndexFlatL2(8)
    l2.add(unit_rows(2000, 8, 1))
    assert prefilter(l2) is None and two_pass(l2, unit_rows(1, 8, 2), 5) is None


def test_a_crowd_of_equal_scores_falls_back_to_the_full_search() -> None:
    vectors = unit_rows(2000, 16, 3)
    vectors[:500] = vectors[0]  # 500 rows tied with the best
    index = build_dense_index(vectors)
    q = vectors[:1]
    assert two_pass(index, q, 10) is None  # the first pass cannot prove which rows make the top 10
    hits = dense_search(index, q[0], 10)
    assert len(hits) == 10 and all(r < 500 for r, _ in hits)


def test_the_copy_is_kept_and_made_again_when_the_vectors_change() -> None:
    index = build_dense_index(unit_rows(2000, 16, 4))
    first = prefilter(index)
    assert prefilter(index) is first
    extra = unit_rows(10, 16, 5)
    index.add(extra)  # changed in place
    again = prefilter(index)
    assert again is not first and again.coarse.ntotal == 2010
    got = two_pass(index, extra[3:4], 1)
    assert got is not None and got[0][0] == 2003
    assert len(dense_prefilter._kept) == 1  # the stale copy is gone


def test_dense_search_on_a_large_index_uses_the_two_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    index = build_dense_index(unit_rows(2000, 16, 6))
    calls = []
    real = dense_prefilter.two_pass
    from hopgraph.indexing import dense

    monkeypatch.setattr(dense, "two_pass", lambda *a: calls.append(1) or real(*a))
    q = unit_rows(1, 16, 7)[0]
    hits = dense_search(index, q, 5)
    scores, rows = index.search(q[None], 5)
    assert calls and [r for r, _ in hits] == list(rows[0])


def test_prepare_makes_the_copy_on_a_thread_that_searches_then_use() -> None:
    index = build_dense_index(unit_rows(2000, 16, 4))
    worker = dense_prefilter.prepare(index)
    assert worker is not None and worker.daemon
    worker.join(timeout=30)
    assert len(dense_prefilter._kept) == 1 and dense_prefilter._kept[0].index is index
    assert prefilter(index) is dense_prefilter._kept[0]  # the search finds it made
    assert dense_prefilter.prepare(build_dense_index(unit_rows(999, 8, 1))) is None  # too small: no thread
