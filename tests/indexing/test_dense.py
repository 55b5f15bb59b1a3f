"""Dense index (indexing/dense.py): single-query search on one OpenMP thread, same rows as brute force."""

from __future__ import annotations

import faiss
import numpy as np

from hopgraph.indexing import dense
from hopgraph.indexing.dense import build_dense_index, dense_search, search_threads


def unit_rows(n: int, d: int, seed: int) -> np.ndarray:
    x = np.random.default_rng(seed).normal(size=(n, d)).astype(np.float32)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def test_search_threads_sets_the_count_inside_and_restores_it() -> None:
    before = faiss.omp_get_max_threads()
    other = 1 if before != 1 else 2
    with search_threads(other):
        assert faiss.omp_get_max_threads() == other
    assert faiss.omp_get_max_threads() == before
    try:
        with search_threads(other):
            raise KeyError
    except KeyError:
        pass
    assert faiss.omp_get_max_threads() == before  # restored on error too


def test_dense_search_gives_the_brute_force_order_and_searches_on_query_threads(monkeypatch) -> None:
    vectors = unit_rows(500, 16, 1)
    index = build_dense_index(vectors)
    seen = []
    search = index.search
    monkeypatch.setattr(index, "search", lambda *a, **kw: (seen.append(faiss.omp_get_max_threads()), search(*a, **kw))[1])
    for q in unit_rows(20, 16, 2):
        hits = dense_search(index, q, 10)
        scores = vectors @ q
        assert [r for r, _ in hits] == list(np.argsort(-scores, kind="stable")[:10])
        assert np.allclose([s for _, s in hits], np.sort(scores)[::-1][:10], atol=1e-5)
    assert seen and set(seen) == {dense.QUERY_THREADS}
    assert dense_search(index, vectors[0], 0) == [] and len(dense_search(index, vectors[0], 900)) == 500
