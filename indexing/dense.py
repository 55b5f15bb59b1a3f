"""Dense index: FAISS inner product over normalised vectors (= cosine similarity)."""

from __future__ import annotations

from pathlib import Path

import faiss
import numpy as np


def build_dense_index(vectors: np.ndarray) -> faiss.Index:
    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    return index


def save_dense_index(index: faiss.Index, path: Path) -> None:
    faiss.write_index(index, str(path))


def load_dense_index(path: Path) -> faiss.Index:
    return faiss.read_index(str(path))


def dense_search(index: faiss.Index, query: np.ndarray, k: int) -> list[tuple[int, float]]:
    """(row, cosine) pairs, best first."""
    k = min(k, index.ntotal)
    if k <= 0:
        return []
    scores, rows = index.search(np.ascontiguousarray(query.reshape(1, -1), dtype=np.float32), k)
    return [(int(r), float(s)) for r, s in zip(rows[0], scores[0]) if r >= 0]


def reconstruct(index: faiss.Index, rows: list[int]) -> np.ndarray:
    """The stored vectors of `rows` (used to re-score graph candidates against the question)."""
    return np.vstack([index.reconstruct(int(r)) for r in rows]) if rows else np.zeros((0, index.d), dtype=np.float32)
