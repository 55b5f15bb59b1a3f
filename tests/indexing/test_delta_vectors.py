"""FAISS after an update (indexing/delta_vectors.py): row i holds the vector of the i-th chunk of the new order."""

from __future__ import annotations

import numpy as np

from hopgraph.indexing.delta_vectors import dense_in_order
from hopgraph.indexing.dense import build_dense_index


def test_kept_rows_move_in_runs_and_new_ones_fill_their_places() -> None:
    rng = np.random.default_rng(4)
    old = rng.random((12, 5), dtype=np.float32)
    previous = build_dense_index(old)
    # rows 3 and 4 left, a new chunk sits between 7 and 8, another at the end, 10 and 11 swapped places
    order = [(f"c{r}", r) for r in (0, 1, 2, 5, 6, 7)] + [("n1", None)] + [("c8", 8), ("c9", 9), ("c11", 11),
                                                                          ("c10", 10), ("n2", None)]
    fresh = {"n1": rng.random(5, dtype=np.float32), "n2": rng.random(5, dtype=np.float32)}
    got = dense_in_order(previous, order, fresh).reconstruct_n(0, len(order))
    want = np.stack([fresh[c] if r is None else old[r] for c, r in order])
    assert np.array_equal(got, want)


def test_an_empty_previous_index_takes_only_new_vectors() -> None:
    previous = build_dense_index(np.zeros((0, 3), dtype=np.float32))
    got = dense_in_order(previous, [("n1", None)], {"n1": np.ones(3, dtype=np.float32)})
    assert got.ntotal == 1 and np.array_equal(got.reconstruct(0), np.ones(3, dtype=np.float32))
