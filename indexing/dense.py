"""Dense index: FAISS inner product over normalised vectors (= cosine similarity)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import faiss
import numpy as np

from hopgraph.indexing.dense_prefilter import two_pass

#: OpenMP threads of a single-query search. A flat search of one query is bound by memory speed: on the 100k
#: store (100k x 384) one thread took 19 CPU ms (19 ms wall) where two took 53-58 CPU ms (36-58 ms wall, the
#: threads splitting one scan); the top k are the same rows in the same order but for near-ties (199 of 200
#: searches), the scores differ in the last bits (<= 4e-7). Batches keep FAISS's own thread count.
QUERY_THREADS = 1


@contextmanager
def search_threads(n: int) -> Iterator[None]:
    """FAISS's OpenMP thread count `n` for this thread's searches inside the block, restored after. OpenMP keeps
    the count per calling thread, so other threads' searches are not affected."""
    before = faiss.omp_get_max_threads()
    if n == before:
        yield
        return
    faiss.omp_set_num_threads(n)
    try:
        yield
    finally:
        faiss.omp_set_num_threads(before)


def build_dense_index(vectors: np.ndarray) -> faiss.Index:
    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    return index


def save_dense_index(index: faiss.Index, path: Path) -> None:
    faiss.write_index(index, str(path))


def load_dense_index(path: Path) -> faiss.Index:
    return faiss.read_index(str(path))


def dense_search(index: faiss.Index, query: np.ndarray, k: int) -> list[tuple[int, float]]:
    """(row, cosine) pairs, best first (one query, searched on `QUERY_THREADS` threads). A flat index of at least
    `PREFILTER_ROWS` rows is searched in two passes (`dense_prefilter.two_pass`): the same rows."""
    k = min(k, index.ntotal)
    if k <= 0:
        return []
    q = np.ascontiguousarray(query.reshape(1, -1), dtype=np.float32)
    with search_threads(QUERY_THREADS):
        found = two_pass(index, q, k)
        if found is not None:
            return found
        scores, rows = index.search(q, k)
    return [(int(r), float(s)) for r, s in zip(rows[0], scores[0]) if r >= 0]


def reconstruct(index: faiss.Index, rows: list[int]) -> np.ndarray:
    """The stored vectors of `rows` (used to re-score graph candidates against the question)."""
    return np.vstack([index.reconstruct(int(r)) for r in rows]) if rows else np.zeros((0, index.d), dtype=np.float32)
