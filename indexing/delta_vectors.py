"""Chunk rows, FAISS and BM25 after an update, without re-encoding anything.

A store's chunk rows follow the documents' order (`documents` rowid) and each document's chunk positions,
as a fresh build numbers them; FAISS row i and BM25 row i are the chunk with row i. After an update the
kept chunks are renumbered to that order (`renumber_chunks`), the FAISS index is the previous vectors
gathered in the new order plus the new ones (`dense_in_order`: a copy of the float array, no encoding) and
BM25 is built again over the chunk texts (`LexicalIndex.build`; its statistics (document frequencies,
average length) are global, so every score changes anyway).
"""

from __future__ import annotations

import sqlite3

import faiss  # noqa: F401  (the index type)
import numpy as np

from hopgraph.indexing.dense import build_dense_index


def renumber_chunks(conn: sqlite3.Connection) -> list[tuple[str, int | None]]:
    """Give every chunk its row in the fresh-build order; returns (chunk_id, previous row or None for a new
    chunk) in the new row order. New chunks must have been inserted with a NULL row."""
    order = conn.execute("SELECT c.chunk_id, c.row FROM chunks c JOIN documents d ON d.doc_id = c.doc_id "
                         "ORDER BY d.rowid, c.position").fetchall()
    moved = [(-1 - i, chunk_id) for i, (chunk_id, row) in enumerate(order) if row != i]
    conn.executemany("UPDATE chunks SET row = ? WHERE chunk_id = ?", moved)  # negative: no clash on UNIQUE(row)
    conn.execute("UPDATE chunks SET row = -1 - row WHERE row < 0")
    return [(chunk_id, row) for chunk_id, row in order]


def dense_in_order(previous: faiss.Index, order: list[tuple[str, int | None]], fresh: dict[str, np.ndarray]) -> faiss.Index:
    """An index whose row i is the vector of `order[i]`: the previous index's row, or `fresh[chunk_id]`."""
    old = previous.reconstruct_n(0, previous.ntotal) if previous.ntotal else np.zeros((0, previous.d), np.float32)
    out = np.empty((len(order), previous.d), dtype=np.float32)
    kept = [(i, row) for i, (_c, row) in enumerate(order) if row is not None]
    if kept:
        rows_new, rows_old = map(np.asarray, zip(*kept))
        out[rows_new] = old[rows_old]
    for i, (chunk_id, row) in enumerate(order):
        if row is None:
            out[i] = fresh[chunk_id]
    return build_dense_index(out)


def retrieval_texts(conn: sqlite3.Connection) -> list[str]:
    """Every chunk's retrieval text (`Chunk.retrieval_text`) in row order."""
    return [f"{t}\n{x}" if t else x for t, x in conn.execute("SELECT title, text FROM chunks ORDER BY row")]
